// Measures how long the GUI event loop stalls while a server floods notifications:
// the main window is connected to the demo server, whose notification_flood tool sends
// `count` notifications/message as fast as it can; a 1 ms timer on the GUI thread records
// the gaps between its ticks. Prints the longest gap, the 99th percentile, and throughput.
//
//   bench_guistall [count [tab]]  (default 500000 and the Traffic tab; QT_QPA_PLATFORM=offscreen works)
#include "config/secretstore.h"
#include "config/servercatalog.h"
#include "connection/connection.h"
#include "mainwindow.h"
#include "pages/logspage.h"
#include "pages/serverpage.h"
#include "traffic/trafficlog.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace Mcp;
using namespace Mcp::Ui;

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    const int count = argc > 1 ? QString::fromLocal8Bit(argv[1]).toInt() : 500000;
    QTemporaryDir dir;
    MainWindow window(dir.filePath(QStringLiteral("servers.json")));
    window.setApprovalAnswerForTesting(1);
    window.resize(1280, 800);
    window.show();
    ServerConfig config = ServerConfig::create(QStringLiteral("flood"));
    config.command = QStringLiteral(MCPSCOPE_DEMO_SERVER);
    config.timeouts.requestMs = 600000;
    const QUuid id = window.catalog()->add(config);
    window.selectServer(id);
    window.connectServer(id);
    Connection *connection = window.existingConnection(id);

    std::vector<qint64> gaps;
    gaps.reserve(200000);
    QElapsedTimer clock;
    qint64 last = -1;
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(1);
    QObject::connect(&ticker, &QTimer::timeout, &app, [&] {
        const qint64 now = clock.nsecsElapsed();
        if (last >= 0)
            gaps.push_back(now - last);
        last = now;
    });

    QElapsedTimer total;
    QObject::connect(connection, &Connection::stateChanged, &app, [&](Connection::State state) {
        if (state != Connection::State::Connected)
            return;
        // Traffic tab (live table) unless the second argument names another tab index.
        const int tab = argc > 2 ? QString::fromLocal8Bit(argv[2]).toInt() : window.pageFor(id)->tabs()->count() - 1;
        window.pageFor(id)->tabs()->setCurrentIndex(tab);
        clock.start();
        ticker.start();
        total.start();
        PendingCall *call = connection->call(QStringLiteral("tools/call"),
                                             QJsonObject{{QStringLiteral("name"), QStringLiteral("notification_flood")},
                                                         {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("count"), count}}}});
        QObject::connect(call, &PendingCall::finished, &app, [&, call] {
            const qint64 elapsedMs = total.elapsed();
            const bool failed = call->isError();
            const QString error = call->error().message;
            // Let the last batches land, then report (the call object is gone by then).
            QTimer::singleShot(500, &app, [&, failed, error, elapsedMs] {
                ticker.stop();
                std::vector<qint64> sorted = gaps;
                std::sort(sorted.begin(), sorted.end());
                const double maxMs = sorted.empty() ? 0 : sorted.back() / 1e6;
                const double p99Ms = sorted.empty() ? 0 : sorted[sorted.size() * 99 / 100] / 1e6;
                const double p50Ms = sorted.empty() ? 0 : sorted[sorted.size() / 2] / 1e6;
                if (failed)
                    std::printf("call error: %s\n", qPrintable(error));
                std::printf("notifications: %d (call %s in %lld ms, %.0f/s)\n", count, failed ? "failed" : "ok",
                            elapsedMs, count * 1000.0 / qMax<qint64>(1, elapsedMs));
                std::printf("traffic rows: %d in the connection log, %d in the all-traffic log; log messages: %d\n",
                            connection->trafficLog()->rowCount(), window.allTraffic()->rowCount(),
                            window.pageFor(id)->logsPage()->model()->rowCount());
                std::printf("GUI event-loop gaps: max %.1f ms, p99 %.2f ms, median %.2f ms over %zu ticks\n",
                            maxMs, p99Ms, p50Ms, sorted.size());
                std::printf("verdict: %s (target: no stall over 50 ms)\n", maxMs <= 50 ? "PASS" : "FAIL");
                app.exit(maxMs <= 50 ? 0 : 1);
            });
        });
    });
    QTimer::singleShot(600000, &app, [&] {
        std::printf("timed out\n");
        app.exit(2);
    });
    return app.exec();
}
