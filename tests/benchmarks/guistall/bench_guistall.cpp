// Measures how long the GUI event loop stalls while a server floods notifications (issue 4:
// 50,000 notifications/message per second for 10 seconds, no stall over 50 ms).
//
// For each tab, a fresh main window is connected to the demo server and its notification_flood
// tool sends at the paced rate; a 5 ms timer on the GUI thread records the gaps between its
// ticks, from the call until every notification is in the traffic log. Prints per tab the
// longest gap, the 99th percentile, the number of gaps over 50 ms, and what was recorded.
//
// Then (issue 13) the arrival of a big tools/call result: a fresh window connected to the
// zero-cost peer (tests/benchmarks/zeropeer) over stdio runs its blob tool from the Tools tab,
// a 1 ms timer on the GUI thread records the gaps from Run until the result is shown and the
// traffic logs hold the answer (plus half a second for what is deferred); target: no gap of
// 16 ms or more for 64 MiB.
//
// Then (issue 32) the arrival of big lists: a fresh window connected to the zero peer started
// with --tools N (or --resources, --templates, --prompts) shows that tab while the list of N
// items arrives; a 1 ms timer records the gaps from the connect until every item is listed
// (plus half a second). Then, on the same list, a refresh with the last item selected and a
// search typed into the filter and cleared. Target: no gap of 100 ms or more for 200,000.
//
//   bench_guistall [perSecond [seconds [tabs]]]
//     defaults: 50000 10 traffic,logs,console,tools
//     perSecond 0 floods as fast as possible (then `seconds` is ignored and 500000 are sent).
//   bench_guistall arrival [MiB,...]   only the arrival of big results (default 16,64)
//   bench_guistall lists [count [kinds]]  only big lists (default 200000 tools,resources,templates,prompts)
//   bench_guistall window-call BYTES   one blob call from the demo server, for bench_bigmemory
//   QT_QPA_PLATFORM=offscreen works; the load average is printed because shared machines are noisy.
#include "config/secretstore.h"
#include "jsonrpc/json.h"
#include "config/servercatalog.h"
#include "connection/connection.h"
#include "mainwindow.h"
#include "prompts/promptsview.h"
#include "resources/resourcesview.h"
#include "logs/consolepage.h"
#include "logs/logspage.h"
#include "prompts/promptspage.h"
#include "resources/resourcespage.h"
#include "servers/serverpage.h"
#include "results/bigtextview.h"
#include "results/resultview.h"
#include "tools/toolspage.h"
#include "traffic/trafficpage.h"
#include "traffic/trafficlog.h"
#include "widgets/itemlist.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonObject>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QLoggingCategory>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <vector>

using namespace Mcp;
using namespace Mcp::Ui;

namespace {

// A fresh window (its catalog in a folder of its own, nothing asking for approval) with one server
// added and selected; its requests may take ten minutes.
struct BenchWindow
{
    BenchWindow(const QString &name, const QString &command, const QStringList &args = {})
        : window(dir.filePath(QStringLiteral("servers.json")))
    {
        window.setApprovalAnswerForTesting(1);
        window.resize(1280, 800);
        window.show();
        ServerConfig config = ServerConfig::create(name);
        config.command = command;
        config.args = args;
        config.timeouts.requestMs = 600000;
        id = window.catalog()->add(config);
        window.selectServer(id);
    }

    // Connects the entry: the window's connection for it, which starts connecting now.
    Connection *connect()
    {
        window.connectServer(id);
        return window.existingConnection(id);
    }

    QTemporaryDir dir; // before the window, which keeps its catalog there
    MainWindow window;
    QUuid id;
};

// A timer on the GUI thread: the gaps between its ticks (ns) are how long the thread stalled.
struct StallRecorder
{
    explicit StallRecorder(int intervalMs)
    {
        ticker.setTimerType(Qt::PreciseTimer);
        ticker.setInterval(intervalMs);
        QObject::connect(&ticker, &QTimer::timeout, &ticker, [this] {
            const qint64 now = clock.nsecsElapsed();
            if (last >= 0)
                gaps.push_back(now - last);
            last = now;
        });
    }

    std::vector<qint64> gaps;
    QElapsedTimer clock;
    qint64 last = -1;
    QTimer ticker;
};


constexpr int TickMs = 5;
constexpr double StallMs = 50;
constexpr double ArrivalStallMs = 16; // one frame at 60 Hz
constexpr double ListStallMs = 100;   // issue 32: a list of 200,000 items

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

// Runs loop until the measurement quits it: start (once) when the connection is up and the initial
// list calls have landed, or an error in *error when the connection fails or ends first, or after timeoutMs.
void runOnceConnected(QApplication &app, QEventLoop &loop, Connection *connection, const std::function<void()> &start,
                      int timeoutMs, QString *error)
{
    auto started = std::make_shared<bool>(false);
    const auto startOnce = [start, started] {
        if (*started)
            return;
        *started = true;
        start();
    };
    QObject::connect(connection, &Connection::stateChanged, &app, [&app, &loop, connection, startOnce, error](Connection::State state) {
        if (state == Connection::State::Connected)
            QTimer::singleShot(300, &app, startOnce); // let the initial list calls land first
        else if (state == Connection::State::Failed || state == Connection::State::Exited) {
            *error = connection->stateText();
            loop.quit();
        }
    });
    QTimer::singleShot(timeoutMs, &app, [&loop, error] {
        *error = QStringLiteral("timed out");
        loop.quit();
    });
    loop.exec();
}

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
    BenchWindow bench(QStringLiteral("flood"), QStringLiteral(MCPSCOPE_DEMO_SERVER));
    MainWindow &window = bench.window;
    Connection *connection = bench.connect();
    ServerPage *page = window.pageFor(bench.id);

    result.expected = perSecond > 0 ? qint64(perSecond * seconds) : 500000;
    StallRecorder stalls(TickMs);
    stalls.gaps.reserve(size_t(seconds * 1000 / TickMs * 2 + 10000));

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
            stalls.ticker.stop();
            loop.quit();
        }
    });
    auto start = [&] {
        QWidget *widget = pageForTab(page, tab);
        const int index = widget ? page->tabs()->indexOf(widget) : -1;
        if (index < 0) {
            result.error = QStringLiteral("no tab named %1").arg(tab);
            loop.quit();
            return;
        }
        page->tabs()->setCurrentIndex(index);
        stalls.clock.start();
        stalls.ticker.start();
        total.start();
        QJsonObject arguments{{QStringLiteral("count"), 500000}};
        if (perSecond > 0) {
            arguments.insert(QStringLiteral("perSecond"), perSecond);
            arguments.insert(QStringLiteral("seconds"), seconds);
        }
        OutgoingRequest *call = connection->sendRequest(QStringLiteral("tools/call"),
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
    runOnceConnected(app, loop, connection, start, 600000, &result.error);

    std::vector<qint64> sorted = stalls.gaps;
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

struct Arrival
{
    QString error;
    double maxMs = 0, p99Ms = 0;
    qint64 callMs = 0;   // Run until the Tools tab shows the result
    qint64 rowsMs = 0;   // Run until both traffic logs hold the answer
    qint64 allMs = 0;    // Run until Show all has the whole text on screen (0: not a big text)
    size_t ticks = 0;
    QString loadBefore, loadAfter;
    // Issue 38: the process's peak resident size while the result arrives and shows, above its
    // size just before the call (the window connected), and the answer's frame size.
    qint64 idleKiB = 0, peakKiB = 0, frameBytes = 0;
};

// VmRSS or VmHWM of this process in KiB (-1 when /proc does not say).
qint64 statusKiB(const char *field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(qstrlen(field)).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

// Starts a new peak: VmHWM from now on (Linux: "5" to clear_refs resets it to the current size).
void resetPeakResident()
{
    QFile clear(QStringLiteral("/proc/self/clear_refs"));
    if (clear.open(QIODevice::WriteOnly))
        clear.write("5");
}

// One blob result of `size` bytes from `server` (the zero peer or the demo server), run from the
// Tools tab of a fresh window; a big text is then shown whole (Show all), as a person reading it would.
Arrival runArrival(QApplication &app, qint64 size, const QString &server = QStringLiteral(MCPSCOPE_ZERO_PEER))
{
    Arrival result;
    result.loadBefore = loadAverage();
    BenchWindow bench(QStringLiteral("zero"), server);
    MainWindow &window = bench.window;
    Connection *connection = bench.connect();
    ServerPage *page = window.pageFor(bench.id);

    StallRecorder stalls(1);
    QEventLoop loop; // the benchmark's own loop, not library code
    qint64 rowsBefore = 0, allRowsBefore = 0;
    bool finished = false;
    QTimer settle;
    settle.setInterval(1);
    QObject::connect(&settle, &QTimer::timeout, &app, [&] {
        // The answer is a row in this connection's log and in all traffic.
        if (!result.rowsMs && connection->trafficLog()->rowCount() > rowsBefore + 1
            && window.allTraffic()->rowCount() > allRowsBefore + 1)
            result.rowsMs = stalls.clock.elapsed();
        auto *bigView = page->toolsPage()->findChild<BigTextView *>(QStringLiteral("bigTextView"));
        if (finished && bigView && !result.allMs && !bigView->isPreparing() && bigView->textSize() > ResultView::EagerTextLimit)
            result.allMs = stalls.clock.elapsed();
        const bool allShown = !bigView || result.allMs;
        if (finished && allShown && result.rowsMs && stalls.clock.elapsed() > std::max({result.callMs, result.rowsMs, result.allMs}) + 500) {
            settle.stop();
            stalls.ticker.stop();
            loop.quit();
        }
    });
    auto start = [&] {
        ToolsPage *tools = page->toolsPage();
        page->tabs()->setCurrentIndex(page->tabs()->indexOf(tools));
        if (!tools->list()->selectByName(QStringLiteral("blob"))) {
            result.error = QStringLiteral("the zero peer lists no blob tool");
            loop.quit();
            return;
        }
        tools->setArgumentsText(QStringLiteral("{\"size\": %1}").arg(size));
        QObject::connect(tools, &ToolsPage::callFinished, &app, [&, tools](bool isError) {
            if (finished)
                return;
            finished = true;
            result.callMs = stalls.clock.elapsed();
            if (isError)
                result.error = QStringLiteral("the call failed: ") + tools->resultText().left(200);
            if (auto *showAll = tools->findChild<QPushButton *>(QStringLiteral("showAll")))
                showAll->click();
        });
        // Let the tab switch and the form settle first: only the arrival is measured.
        QTimer::singleShot(200, &app, [&, tools] {
            rowsBefore = connection->trafficLog()->rowCount();
            allRowsBefore = window.allTraffic()->rowCount();
            stalls.clock.start();
            stalls.last = -1;
            stalls.ticker.start();
            settle.start();
            resetPeakResident();
            result.idleKiB = statusKiB("VmRSS:");
            tools->run();
        });
    };
    runOnceConnected(app, loop, connection, start, 120000, &result.error);
    result.peakKiB = statusKiB("VmHWM:");
    for (int row = int(rowsBefore); row < connection->trafficLog()->rowCount(); ++row)
        result.frameBytes = qMax<qint64>(result.frameBytes, // its size, not the event: that would unpack a copy
                                         connection->trafficLog()->index(row, 0).data(TrafficLog::SizeRole).toLongLong());

    std::sort(stalls.gaps.begin(), stalls.gaps.end());
    result.ticks = stalls.gaps.size();
    if (!stalls.gaps.empty()) {
        result.maxMs = stalls.gaps.back() / 1e6;
        result.p99Ms = stalls.gaps[stalls.gaps.size() * 99 / 100] / 1e6;
    }
    result.loadAfter = loadAverage();
    return result;
}

// Where a benchmark finds one kind of list in a server page.
struct ListProbe
{
    QWidget *tab = nullptr;      // the server page's tab to show
    QWidget *innerTab = nullptr; // the list's own tab inside it (resources or templates)
    QLineEdit *filter = nullptr;
    std::function<int()> count;  // items listed, filtered or not
    std::function<int()> shown;  // items the filter lets through
    QAbstractItemView *view = nullptr; // its model is reset when the list is replaced
    std::function<void()> selectLast;
    std::function<QString()> current;
    std::function<bool()> busy; // still preparing items or a filter
    std::function<void()> forceRefresh;
};

ListProbe probeFor(ServerPage *page, const QString &kind)
{
    ListProbe probe;
    const auto fill = [&probe](ItemList *list) {
        probe.view = list;
        probe.count = [list] { return list->count(); };
        probe.shown = [list] { return list->itemModel()->rowCount(); };
        probe.selectLast = [list] {
            const QModelIndex last = list->itemModel()->index(list->itemModel()->rowCount() - 1);
            list->selectionModel()->setCurrentIndex(last, QItemSelectionModel::ClearAndSelect);
        };
        probe.current = [list] { return list->currentKey(); };
        probe.busy = [list] { return list->itemModel()->isBusy(); };
    };
    if (kind == QLatin1String("tools")) {
        ToolsPage *tools = page->toolsPage();
        probe.tab = tools;
        probe.filter = tools->list()->findChild<QLineEdit *>(QStringLiteral("toolFilter"));
        fill(tools->list()->view());
        probe.forceRefresh = [tools] { tools->forceRefresh(); };
    } else if (kind == QLatin1String("resources") || kind == QLatin1String("templates")) {
        ResourcesView *view = page->resourcesPage()->view();
        ItemList *list = kind == QLatin1String("resources") ? view->resourceList() : view->templateList();
        probe.tab = page->resourcesPage();
        probe.innerTab = list;
        probe.filter = view->findChild<QLineEdit *>(QStringLiteral("resourceFilter"));
        fill(list);
        probe.forceRefresh = [view] { view->refresh(true); };
    } else if (kind == QLatin1String("prompts")) {
        PromptsView *view = page->promptsPage()->view();
        probe.tab = page->promptsPage();
        probe.filter = view->findChild<QLineEdit *>(QStringLiteral("promptFilter"));
        fill(view->list());
        probe.forceRefresh = [view] { view->refresh(true); };
    }
    return probe;
}

struct BigList
{
    QString error;
    double listedMs = 0, refreshedMs = 0, filteredMs = 0; // the longest gap of each phase
    qint64 listedAfterMs = 0;
    int filteredShown = -1;
    bool selectionKept = false;
    QString loadBefore, loadAfter;
};

// A list of `count` items of one kind (tools, resources, templates, prompts) from the zero peer.
BigList runBigList(QApplication &app, const QString &kind, int count)
{
    BigList result;
    result.loadBefore = loadAverage();
    BenchWindow bench(QStringLiteral("zero"), QStringLiteral(MCPSCOPE_ZERO_PEER),
                      {QStringLiteral("--") + kind, QString::number(count)});
    MainWindow &window = bench.window;
    const QUuid id = bench.id;
    ServerPage *page = window.pageFor(id);
    const ListProbe probe = probeFor(page, kind);
    if (!probe.tab || !probe.filter) {
        result.error = QStringLiteral("no list or filter for %1").arg(kind);
        return result;
    }
    page->tabs()->setCurrentIndex(page->tabs()->indexOf(probe.tab));
    if (probe.innerTab)
        if (auto *tabs = qobject_cast<QTabWidget *>(probe.innerTab->parentWidget()->parentWidget()))
            tabs->setCurrentWidget(probe.innerTab);
    const int expected = count + (kind == QLatin1String("tools") ? 2 : 0); // the peer's echo and blob

    StallRecorder stalls(1);
    const auto longest = [&] {
        const double ms = stalls.gaps.empty() ? 0 : *std::max_element(stalls.gaps.begin(), stalls.gaps.end()) / 1e6;
        stalls.gaps.clear();
        stalls.last = -1;
        return ms;
    };
    QEventLoop loop; // the benchmark's own loop, not library code
    // Runs until done() holds, then half a second more; false on timeout.
    const auto measure = [&](const std::function<bool()> &done) {
        QElapsedTimer phase;
        phase.start();
        qint64 doneAt = -1;
        QTimer poll;
        poll.setInterval(1);
        QObject::connect(&poll, &QTimer::timeout, &app, [&] {
            if (doneAt < 0 && done())
                doneAt = phase.elapsed();
            if ((doneAt >= 0 && phase.elapsed() > doneAt + 500) || phase.elapsed() > 180000)
                loop.quit();
        });
        poll.start();
        loop.exec();
        return doneAt;
    };
    stalls.clock.start();
    stalls.ticker.start();
    window.connectServer(id);
    Connection *connection = window.existingConnection(id);
    QObject::connect(connection, &Connection::stateChanged, &app, [&](Connection::State state) {
        if (state == Connection::State::Failed || state == Connection::State::Exited)
            result.error = connection->stateText();
    });
    result.listedAfterMs = measure([&] { return !result.error.isEmpty() || (probe.count() == expected && !probe.busy()); });
    result.listedMs = longest();
    if (result.listedAfterMs < 0 || !result.error.isEmpty()) {
        if (result.error.isEmpty())
            result.error = QStringLiteral("listed %1 of %2").arg(probe.count()).arg(expected);
        return result;
    }

    // A refresh keeps the selection (tools and prompts do, by name).
    probe.selectLast();
    const QString selected = probe.current();
    int resets = 0;
    const QMetaObject::Connection reset
        = QObject::connect(probe.view->model(), &QAbstractItemModel::modelReset, &app, [&] { ++resets; });
    probe.forceRefresh();
    measure([&] { return resets > 0 && probe.count() == expected && !probe.busy(); });
    QObject::disconnect(reset);
    result.refreshedMs = longest();
    result.selectionKept = !selected.isEmpty() && probe.current() == selected;

    // A search typed one key at a time, then cleared: each keystroke filters every item.
    QTimer typist;
    const QString search = QStringLiteral("9999");
    int typed = 0;
    typist.setInterval(150);
    QObject::connect(&typist, &QTimer::timeout, &app, [&] {
        if (typed < search.size())
            probe.filter->setText(search.left(++typed));
        else
            typist.stop();
    });
    typist.start();
    measure([&] { return !typist.isActive() && !probe.busy(); });
    const double typingMs = longest();
    stalls.ticker.stop();
    result.filteredShown = probe.shown();
    stalls.ticker.start();
    probe.filter->clear();
    measure([&] { return !probe.busy(); });
    result.filteredMs = std::max(typingMs, longest());
    stalls.ticker.stop();
    result.loadAfter = loadAverage();
    return result;
}

// `target NAME: MEASURED vs GOAL: met` (or NOT met), as every benchmark of issue 13 ends.
void target(const QString &name, double measuredMs, double goalMs, const QString &why = {})
{
    const bool met = why.isEmpty() && measuredMs < goalMs;
    std::printf("target %s: %.1f ms%s vs < %.0f ms: %s\n", qPrintable(name), measuredMs,
                why.isEmpty() ? "" : qPrintable(QStringLiteral(" (") + why + u')'), goalMs, met ? "met" : "NOT met");
}

} // namespace

int main(int argc, char **argv)
{
    Mcp::Json::keepBigBuffers(); // as the application does
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    // Debug output of connects and disconnects would land between the rows.
    QLoggingCategory::setFilterRules(QStringLiteral("mcp.*.debug=false"));
    const bool arrivalOnly = argc > 1 && QString::fromLocal8Bit(argv[1]) == QLatin1String("arrival");
    QList<qint64> arrivalMiB{16, 64};
    if (arrivalOnly && argc > 2) {
        arrivalMiB.clear();
        for (const QString &part : QString::fromLocal8Bit(argv[2]).split(u',', Qt::SkipEmptyParts))
            arrivalMiB.append(part.toLongLong());
    }
    auto runArrivals = [&] {
        bool ok = true;
        for (const qint64 mib : std::as_const(arrivalMiB)) {
            const Arrival r = runArrival(app, mib << 20);
            if (!r.error.isEmpty())
                std::printf("[arrival %lld MiB] error: %s\n", mib, qPrintable(r.error));
            std::printf("[arrival %lld MiB] max %6.1f ms  p99 %5.1f ms  ticks %zu | shown after %lld ms, in the logs after "
                        "%lld ms, all of it shown after %lld ms | load %s -> %s\n",
                        mib, r.maxMs, r.p99Ms, r.ticks, r.callMs, r.rowsMs, r.allMs, qPrintable(r.loadBefore),
                        qPrintable(r.loadAfter));
            std::fflush(stdout);
            const double aboveMB = (r.peakKiB - r.idleKiB) * 1024.0 / 1e6;
            const double ratio = r.frameBytes > 0 ? aboveMB * 1e6 / r.frameBytes : qInf();
            std::printf("[arrival %lld MiB] memory: peak %.1f MB above the connected window (%.2fx the %.1f MB of JSON)\n", mib,
                        aboveMB, ratio, r.frameBytes / 1e6);
            std::printf("target window %lld MiB memory above idle: %.2fx the JSON vs <= 4x: %s\n", mib, ratio,
                        ratio <= 4 ? "met" : "NOT met");
            if (mib == 64)
                target(QStringLiteral("GUI-thread stall while a 64 MiB result arrives (zero peer, stdio)"), r.maxMs,
                       ArrivalStallMs, r.error);
            ok = ok && r.error.isEmpty() && (mib != 64 || r.maxMs < ArrivalStallMs);
        }
        return ok;
    };
    if (arrivalOnly)
        return runArrivals() ? 0 : 1;
    // bench_guistall window-call BYTES: one blob call from the demo server through a fresh window,
    // its text shown whole; for bench_bigmemory, which reads this process's peak from outside.
    if (argc > 2 && QString::fromLocal8Bit(argv[1]) == QLatin1String("window-call")) {
        const Arrival r = runArrival(app, QString::fromLocal8Bit(argv[2]).toLongLong(), QStringLiteral(MCPSCOPE_DEMO_SERVER));
        std::printf("%s\n", r.error.isEmpty() ? "shown" : qPrintable(r.error));
        return r.error.isEmpty() ? 0 : 1;
    }
    const bool listsOnly = argc > 1 && QString::fromLocal8Bit(argv[1]) == QLatin1String("lists");
    const int listCount = listsOnly && argc > 2 ? QString::fromLocal8Bit(argv[2]).toInt() : 200000;
    const QStringList listKinds = (listsOnly && argc > 3 ? QString::fromLocal8Bit(argv[3])
                                                         : QStringLiteral("tools,resources,templates,prompts"))
                                      .split(u',', Qt::SkipEmptyParts);
    auto runLists = [&] {
        const QString many = QLocale(QLocale::English).toString(listCount);
        bool ok = true;
        for (const QString &kind : listKinds) {
            const BigList r = runBigList(app, kind, listCount);
            if (!r.error.isEmpty())
                std::printf("[%s] error: %s\n", qPrintable(kind), qPrintable(r.error));
            std::printf("[%s] listed after %lld ms, longest gap %.1f ms; refreshed %.1f ms (selection %s); filtered %.1f ms "
                        "(%d shown for 9999) | load %s -> %s\n",
                        qPrintable(kind), r.listedAfterMs, r.listedMs, r.refreshedMs, r.selectionKept ? "kept" : "not kept",
                        r.filteredMs, r.filteredShown, qPrintable(r.loadBefore), qPrintable(r.loadAfter));
            const auto line = [&](const QString &what, double ms) {
                const bool met = r.error.isEmpty() && ms < ListStallMs;
                std::printf("target %s %s %s: longest GUI-thread stall %.1f ms vs < %.0f ms: %s\n", qPrintable(many),
                            qPrintable(kind), qPrintable(what), ms, ListStallMs, met ? "met" : "NOT met");
            };
            line(QStringLiteral("listed"), r.listedMs);
            line(QStringLiteral("refreshed"), r.refreshedMs);
            line(QStringLiteral("filtered"), r.filteredMs);
            std::fflush(stdout);
            ok = ok && r.error.isEmpty() && std::max({r.listedMs, r.refreshedMs, r.filteredMs}) < ListStallMs;
        }
        return ok;
    };
    if (listsOnly)
        return runLists() ? 0 : 1;
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
    double worstMs = 0;
    for (const QString &tab : tabs) {
        const Result r = runOnce(app, tab.trimmed().toLower(), perSecond, seconds);
        if (!r.error.isEmpty())
            std::printf("[%s] error: %s\n", qPrintable(r.tab), qPrintable(r.error));
        std::printf("[%-7s] max %6.1f ms  p99 %5.1f ms  p50 %4.1f ms  stalls>50ms %3d  ticks %zu | call %lld ms, "
                    "rows in +%lld ms: %lld (+%lld dropped) conn, %lld all, %lld log msgs | load %s -> %s\n",
                    qPrintable(r.tab), r.maxMs, r.p99Ms, r.p50Ms, r.stalls, r.ticks, r.callMs, r.settleMs, r.logRows,
                    r.dropped, r.allRows, r.logMessages, qPrintable(r.loadBefore), qPrintable(r.loadAfter));
        std::fflush(stdout);
        worstMs = std::max(worstMs, r.maxMs);
        pass = pass && r.error.isEmpty() && r.maxMs <= StallMs && r.logRows + r.dropped >= r.expected
            && r.allRows >= r.logRows;
    }
    std::printf("verdict: %s (target: no stall over %.0f ms on any tab)\n", pass ? "PASS" : "FAIL", StallMs);
    std::printf("target GUI stall during the notification flood (worst tab): %.1f ms vs <= %.0f ms: %s\n", worstMs, StallMs,
                pass ? "met" : "NOT met");
    const bool arrivals = runArrivals();
    const bool lists = runLists();
    return pass && arrivals && lists ? 0 : 1;
}
