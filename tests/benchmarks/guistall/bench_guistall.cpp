// Measures how long the GUI event loop stalls while a server floods notifications (issue 4:
// 50,000 notifications/message per second for 10 seconds, no stall over 50 ms).
//
// For each tab, a fresh main window is connected to the demo server and its notification_flood
// tool sends at the paced rate; a 5 ms timer on the GUI thread records the gaps between its
// ticks, from the call until every notification is in the traffic log. Prints per tab the
// longest gap, the 99th percentile, the number of gaps over 50 ms, and what was recorded.
//
//   bench_guistall [perSecond [seconds [tabs]]]
//     defaults: 50000 10 traffic,logs,console,tools
//     perSecond 0 floods as fast as possible (then `seconds` is ignored and 500000 are sent).
//   QT_QPA_PLATFORM=offscreen works; the load average is printed because shared machines are noisy.
#include "config/secretstore.h"
#include "config/servercatalog.h"
#include "connection/connection.h"
#include "mainwindow.h"
#include "pages/consolepage.h"
#include "pages/logspage.h"
#include "pages/serverpage.h"
#include "pages/toolspage.h"
#include "pages/trafficpage.h"
#include "traffic/trafficlog.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

using namespace Mcp;
using namespace Mcp::Ui;

namespace {

constexpr int TickMs = 5;
constexpr double StallMs = 50;

QString loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("?");
    return QString::fromLatin1(file.readAll()).section(QLatin1Char(' '), 0, 2);
}

struct Result
{
    QString tab;
    bool ok = false;
    QString error;
    qint64 expected = 0;
    qint64 callMs = 0;
    qint64 settleMs = 0;
    qint64 logRows = 0;
    qint64 allRows = 0;
    qint64 logMessages = 0;
    qint64 dropped = 0;
    double maxMs = 0, p99Ms = 0, p50Ms = 0;
    int stalls = 0;
    size_t ticks = 0;
    QString loadBefore, loadAfter;
};

QWidget *pageForTab(ServerPage *page, const QString &tab)
{
    if (tab == QLatin1String("traffic"))
        return page->trafficPage();
    if (tab == QLatin1String("logs"))
        return page->logsPage();
    if (tab == QLatin1String("console"))
        return page->consolePage();
    if (tab == QLatin1String("tools"))
        return page->toolsPage();
    return nullptr;
}

// One flood with one tab in front, in a fresh window; returns when it is measured.
Result runOnce(QApplication &app, const QString &tab, int perSecond, double seconds)
{
    Result result;
    result.tab = tab;
    result.loadBefore = loadAverage();
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
    ServerPage *page = window.pageFor(id);

    result.expected = perSecond > 0 ? qint64(perSecond * seconds) : 500000;
    std::vector<qint64> gaps;
    gaps.reserve(size_t(seconds * 1000 / TickMs * 2 + 10000));
    QElapsedTimer clock;
    qint64 last = -1;
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(TickMs);
    QObject::connect(&ticker, &QTimer::timeout, &app, [&] {
        const qint64 now = clock.nsecsElapsed();
        if (last >= 0)
            gaps.push_back(now - last);
        last = now;
    });

    QEventLoop loop; // the benchmark's own loop, not library code
    QElapsedTimer total;
    QTimer settle; // after the answer: wait until every notification is a row
    settle.setInterval(20);
    QObject::connect(&settle, &QTimer::timeout, &app, [&] {
        // Both logs (this connection's and all traffic) must show every event: nothing may be lost.
        const qint64 rows = connection->trafficLog()->rowCount() + connection->trafficLog()->droppedCount();
        const qint64 allRows = window.allTraffic()->rowCount() + window.allTraffic()->droppedCount();
        if ((rows >= result.expected && allRows >= rows) || total.elapsed() - result.callMs > 10000) {
            result.settleMs = total.elapsed() - result.callMs;
            settle.stop();
            ticker.stop();
            loop.quit();
        }
    });
    bool started = false;
    auto start = [&] {
        if (started)
            return;
        started = true;
        QWidget *widget = pageForTab(page, tab);
        const int index = widget ? page->tabs()->indexOf(widget) : -1;
        if (index < 0) {
            result.error = QStringLiteral("no tab named %1").arg(tab);
            loop.quit();
            return;
        }
        page->tabs()->setCurrentIndex(index);
        clock.start();
        ticker.start();
        total.start();
        QJsonObject arguments{{QStringLiteral("count"), 500000}};
        if (perSecond > 0) {
            arguments.insert(QStringLiteral("perSecond"), perSecond);
            arguments.insert(QStringLiteral("seconds"), seconds);
        }
        OutgoingRequest *call = connection->call(QStringLiteral("tools/call"),
                                             QJsonObject{{QStringLiteral("name"), QStringLiteral("notification_flood")},
                                                         {QStringLiteral("arguments"), arguments}});
        QObject::connect(call, &OutgoingRequest::finished, &app, [&, call] {
            result.callMs = total.elapsed();
            result.ok = !call->isError();
            if (call->isError())
                result.error = call->error().message;
            settle.start();
        });
    };
    QObject::connect(connection, &Connection::stateChanged, &app, [&](Connection::State state) {
        if (state == Connection::State::Connected)
            QTimer::singleShot(300, &app, start); // let the initial list calls land first
        else if (state == Connection::State::Failed || state == Connection::State::Exited) {
            result.error = connection->stateText();
            loop.quit();
        }
    });
    QTimer::singleShot(600000, &app, [&] {
        result.error = QStringLiteral("timed out");
        loop.quit();
    });
    loop.exec();

    std::vector<qint64> sorted = gaps;
    std::sort(sorted.begin(), sorted.end());
    result.ticks = sorted.size();
    if (!sorted.empty()) {
        result.maxMs = sorted.back() / 1e6;
        result.p99Ms = sorted[sorted.size() * 99 / 100] / 1e6;
        result.p50Ms = sorted[sorted.size() / 2] / 1e6;
    }
    result.stalls = int(std::count_if(sorted.begin(), sorted.end(), [](qint64 gap) { return gap / 1e6 > StallMs; }));
    result.logRows = connection->trafficLog()->rowCount();
    result.dropped = connection->trafficLog()->droppedCount();
    result.allRows = window.allTraffic()->rowCount();
    page->logsPage()->appendPending();
    result.logMessages = page->logsPage()->model()->rowCount();
    result.loadAfter = loadAverage();
    return result;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    const int perSecond = argc > 1 ? QString::fromLocal8Bit(argv[1]).toInt() : 50000;
    const double seconds = argc > 2 ? QString::fromLocal8Bit(argv[2]).toDouble() : 10.0;
    const QStringList tabs = (argc > 3 ? QString::fromLocal8Bit(argv[3]) : QStringLiteral("traffic,logs,console,tools"))
                                 .split(QLatin1Char(','), Qt::SkipEmptyParts);

    if (perSecond > 0)
        std::printf("flood: %d notifications/s for %.1f s (%lld), GUI timer every %d ms, stall = gap over %.0f ms\n",
                    perSecond, seconds, qint64(perSecond * seconds), TickMs, StallMs);
    else
        std::printf("flood: 500000 notifications as fast as possible, GUI timer every %d ms\n", TickMs);
    bool pass = true;
    for (const QString &tab : tabs) {
        const Result r = runOnce(app, tab.trimmed().toLower(), perSecond, seconds);
        if (!r.error.isEmpty())
            std::printf("[%s] error: %s\n", qPrintable(r.tab), qPrintable(r.error));
        std::printf("[%-7s] max %6.1f ms  p99 %5.1f ms  p50 %4.1f ms  stalls>50ms %3d  ticks %zu | call %lld ms, "
                    "rows in +%lld ms: %lld (+%lld dropped) conn, %lld all, %lld log msgs | load %s -> %s\n",
                    qPrintable(r.tab), r.maxMs, r.p99Ms, r.p50Ms, r.stalls, r.ticks, r.callMs, r.settleMs, r.logRows,
                    r.dropped, r.allRows, r.logMessages, qPrintable(r.loadBefore), qPrintable(r.loadAfter));
        std::fflush(stdout);
        pass = pass && r.error.isEmpty() && r.maxMs <= StallMs && r.logRows + r.dropped >= r.expected
            && r.allRows >= r.logRows;
    }
    std::printf("verdict: %s (target: no stall over %.0f ms on any tab)\n", pass ? "PASS" : "FAIL", StallMs);
    return pass ? 0 : 1;
}
