// Prints figures: sequential and 64-in-flight tools/call "echo", and 16 MiB "blob" results,
// over Streamable HTTP with Mcp::Client, against the zero-cost peer (tests/benchmarks/zeropeer),
// the demo server and a minimal TypeScript SDK server, each answering with JSON and with SSE;
// then the SDK clients v2 (@modelcontextprotocol/client 2.4.0) and v1 on the same servers, and
// the bare C client (zerofloor) and QNetworkAccessManager alone (no MCP) against the zero peer,
// whose ratios to ours are taken round by round (every round printed) and the best round kept.
// Ends with one `target NAME: ...` line each.
// Usage: http_benchmark [sequential=3000] [pipelined=4000] [bigCount=5] [rounds=3]

#include "jsonrpc/json.h"
#include "jsonrpc/jsontext.h"
#include "session/client.h"
#include "transport/streamablehttptransport.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QHash>
#include <QLoggingCategory>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTimer>

#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>

using namespace Mcp;

namespace {

const QString peers = QStringLiteral(MCPSCOPE_PEERS_DIR);
const QString node = peers + QStringLiteral("/.bin/node");
constexpr qint64 BigSize = 16 * 1024 * 1024;

struct Figures
{
    double sequentialUs = 0;
    double pipelinedPerSecond = 0;
    double megabytesPerSecond = 0;
    QString error;
    double convertedMegabytesPerSecond = qQNaN(); // ours: the 16 MiB results converted to Qt JSON (result())
};

// The best of several interleaved runs of one client: the machine is noisy, and each figure's
// best is the one least disturbed.
Figures best(const QList<Figures> &runs)
{
    Figures b;
    bool first = true;
    for (const Figures &f : runs) {
        if (!f.error.isEmpty()) {
            if (first)
                b.error = f.error;
            continue;
        }
        if (first || !b.error.isEmpty()) {
            b = f;
            first = false;
            continue;
        }
        b.sequentialUs = qMin(b.sequentialUs, f.sequentialUs);
        b.pipelinedPerSecond = std::isnan(f.pipelinedPerSecond) ? b.pipelinedPerSecond : qMax(b.pipelinedPerSecond, f.pipelinedPerSecond);
        b.megabytesPerSecond = qMax(b.megabytesPerSecond, f.megabytesPerSecond);
        if (!std::isnan(f.convertedMegabytesPerSecond))
            b.convertedMegabytesPerSecond = std::isnan(b.convertedMegabytesPerSecond)
                ? f.convertedMegabytesPerSecond : qMax(b.convertedMegabytesPerSecond, f.convertedMegabytesPerSecond);
    }
    return b;
}

// A server process that prints "listening on http://...".
class ServerProcess
{
public:
    ServerProcess(const QString &program, const QStringList &arguments)
    {
        m_process.start(program, arguments);
        QByteArray err;
        QElapsedTimer timer;
        timer.start();
        const QRegularExpression pattern(QStringLiteral("listening on (http://127\\.0\\.0\\.1:\\d+/mcp)"));
        while (timer.elapsed() < 20000 && m_process.state() != QProcess::NotRunning) {
            m_process.waitForReadyRead(100);
            err += m_process.readAllStandardError();
            const auto match = pattern.match(QString::fromUtf8(err));
            if (match.hasMatch()) {
                m_url = QUrl(match.captured(1));
                break;
            }
        }
    }
    ~ServerProcess()
    {
        m_process.terminate();
        if (!m_process.waitForFinished(3000))
            m_process.kill();
    }
    QUrl url() const { return m_url; }

private:
    QProcess m_process;
    QUrl m_url;
};

bool waitFor(OutgoingRequest *handle)
{
    if (handle->isFinished())
        return !handle->isError();
    QEventLoop loop; // a benchmark program, not library code: waiting here is fine
    QObject::connect(handle, &OutgoingRequest::finished, &loop, &QEventLoop::quit);
    loop.exec();
    return !handle->isError();
}

// `count` calls with 64 in flight, in calls per second: start(done) begins one call, which
// calls done() when it has ended.
double inFlightRate(int count, const std::function<void(const std::function<void()> &done)> &start)
{
    QEventLoop loop;
    int started = 0;
    int finished = 0;
    std::function<void()> startOne = [&] {
        ++started;
        start([&] {
            if (++finished == count)
                loop.quit();
            else if (started < count)
                startOne();
        });
    };
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < 64 && i < count; ++i)
        startOne();
    if (count > 0)
        loop.exec();
    return count / (double(timer.nsecsElapsed()) / 1e9);
}

Figures measure(const QUrl &url, int sequential, int pipelined, int bigCount)
{
    Figures figures;
    HttpTransportOptions options;
    options.openGetStream = false; // not needed here, and keeps one connection free
    Client client(new StreamableHttpTransport(url, options));
    ClientOptions clientOptions;
    clientOptions.clientInfo = {QStringLiteral("http_benchmark"), QStringLiteral("1"), {}, {}};
    client.setOptions(clientOptions);
    {
        QEventLoop loop;
        QObject::connect(&client, &Client::ready, &loop, &QEventLoop::quit);
        QObject::connect(&client, &Client::stateChanged, &loop, [&loop](Client::State s) {
            if (s == Client::State::Failed)
                loop.quit();
        });
        QTimer::singleShot(20000, &loop, &QEventLoop::quit);
        client.connectToServer();
        loop.exec();
    }
    if (!client.isReady()) {
        figures.error = QStringLiteral("could not connect: ") + client.errorString();
        return figures;
    }
    RequestOptions noProgress;
    noProgress.attachProgressToken = false;
    const QJsonObject echoArguments{{QStringLiteral("message"), QStringLiteral("ping")}};
    for (int i = 0; i < 50; ++i) // untimed, as QNAM alone's first 50
        waitFor(client.callTool(QStringLiteral("echo"), echoArguments, noProgress));

    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < sequential; ++i) {
        OutgoingRequest *handle = client.callTool(QStringLiteral("echo"), echoArguments, noProgress);
        if (!waitFor(handle)) {
            figures.error = QStringLiteral("echo failed: ") + handle->error().message;
            return figures;
        }
    }
    figures.sequentialUs = double(timer.nsecsElapsed()) / 1000.0 / sequential;

    figures.pipelinedPerSecond = inFlightRate(pipelined, [&](const std::function<void()> &done) {
        OutgoingRequest *handle = client.callTool(QStringLiteral("echo"), echoArguments, noProgress);
        QObject::connect(handle, &OutgoingRequest::finished, handle, [&figures, handle, done] {
            if (handle->isError() && figures.error.isEmpty())
                figures.error = QStringLiteral("pipelined echo failed: ") + handle->error().message;
            done();
        });
    });

    // 16 MiB results, the text in hand as the CLI and the window take it: left in the frame
    // (resultWithTexts()) and unescaped, every byte of it, as writing it out does. The same
    // converted to Qt JSON (result(), what other callers get) is information.
    RequestOptions big = noProgress;
    big.timeoutMs = 120000;
    for (const bool converted : {false, true}) {
        QElapsedTimer bigTimer;
        bigTimer.start();
        qint64 bytes = 0;
        for (int i = 0; i < bigCount; ++i) {
            OutgoingRequest *handle = client.callTool(QStringLiteral("blob"), {{QStringLiteral("size"), double(BigSize)}}, big);
            if (!waitFor(handle)) {
                figures.error = QStringLiteral("blob failed: ") + handle->error().message;
                return figures;
            }
            if (converted) {
                bytes += handle->result().toObject().value(QLatin1String("content")).toArray().first().toObject()
                             .value(QLatin1String("text")).toString().size(); // ASCII: characters are bytes
                continue;
            }
            const ResultTexts result = handle->resultWithTexts();
            for (const JsonText &text : result.texts) {
                (void)text.writeUtf8([&bytes](QByteArrayView piece) { // a counting sink never refuses
                    bytes += piece.size();
                    return true;
                });
            }
        }
        const double rate = bytes / 1e6 / (double(bigTimer.nsecsElapsed()) / 1e9);
        (converted ? figures.convertedMegabytesPerSecond : figures.megabytesPerSecond) = bigCount > 0 ? rate : 0;
    }
    client.disconnectFromServer();
    return figures;
}

Figures measureSdkClient(const QUrl &url, int sequential, int pipelined, int bigCount, const QString &sdk)
{
    Figures figures;
    QProcess process;
    process.start(node, {QStringLiteral(MCPSCOPE_BENCH_DIR "/sdkclient.mjs"), peers, url.toString(), QString::number(sequential),
                         QString::number(pipelined), QString::number(bigCount), QString::number(BigSize), sdk});
    if (!process.waitForFinished(600000)) {
        figures.error = QStringLiteral("the SDK client did not finish");
        return figures;
    }
    const QJsonObject result = QJsonDocument::fromJson(process.readAllStandardOutput().trimmed()).object();
    if (result.isEmpty()) {
        figures.error = QString::fromUtf8(process.readAllStandardError().left(300));
        return figures;
    }
    figures.sequentialUs = result.value(QLatin1String("seqUs")).toDouble();
    figures.pipelinedPerSecond = result.value(QLatin1String("pipeRate")).toDouble();
    figures.megabytesPerSecond = result.value(QLatin1String("mbps")).toDouble();
    return figures;
}

// Qt alone: QNetworkAccessManager posting the same request bytes and reading the whole answer,
// with nothing of MCP in between. Our client costs what it adds above this row; this row's
// distance to the C floor is QNetworkAccessManager's own (its HTTP thread and the hops to it),
// which the issue asks us to keep.
Figures measureQtAlone(const QUrl &url, int sequential, int pipelined, int bigCount)
{
    Figures figures;
    QNetworkAccessManager manager;
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Accept", "application/json, text/event-stream");
    int id = 0;
    auto body = [&id](const QByteArray &call) -> QByteArray {
        return R"({"jsonrpc":"2.0","id":)" + QByteArray::number(++id) + R"(,"method":"tools/call","params":)" + call + '}';
    };
    const QByteArray echo = R"({"name":"echo","arguments":{"message":"ping"}})";
    auto post = [&](const QByteArray &call, qint64 *bytes) {
        QNetworkReply *reply = manager.post(request, body(call));
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        if (!reply->isFinished())
            loop.exec();
        const QByteArray answer = reply->readAll();
        const bool ok = reply->error() == QNetworkReply::NoError && !answer.isEmpty();
        if (bytes)
            *bytes += answer.size();
        reply->deleteLater();
        return ok;
    };
    for (int i = 0; i < 50; ++i)
        post(echo, nullptr);
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < sequential; ++i) {
        if (!post(echo, nullptr)) {
            figures.error = QStringLiteral("echo failed");
            return figures;
        }
    }
    figures.sequentialUs = double(timer.nsecsElapsed()) / 1000.0 / sequential;

    figures.pipelinedPerSecond = inFlightRate(pipelined, [&](const std::function<void()> &done) {
        QNetworkReply *reply = manager.post(request, body(echo));
        QObject::connect(reply, &QNetworkReply::finished, reply, [reply, done] {
            reply->readAll();
            reply->deleteLater();
            done();
        });
    });

    const QByteArray blob = R"({"name":"blob","arguments":{"size":)" + QByteArray::number(BigSize) + "}}";
    qint64 bytes = 0;
    timer.restart();
    for (int i = 0; i < bigCount; ++i) {
        if (!post(blob, &bytes)) {
            figures.error = QStringLiteral("blob failed");
            return figures;
        }
    }
    figures.megabytesPerSecond = double(bigCount) * double(BigSize) / 1e6 / (double(timer.nsecsElapsed()) / 1e9);
    if (bytes < bigCount * BigSize)
        figures.error = QStringLiteral("blob answers too short");
    return figures;
}

// The C floor: zerofloor on one keep-alive connection to the zero peer (sequential and 16 MiB;
// it does not measure calls in flight).
Figures measureFloor(const QUrl &url, int sequential)
{
    Figures figures;
    QProcess process;
    process.start(QStringLiteral(MCPSCOPE_ZERO_FLOOR), {QStringLiteral("http"), QString::number(url.port()), QString::number(sequential)});
    if (!process.waitForFinished(120000) || process.exitCode() != 0) {
        figures.error = QStringLiteral("the C floor failed");
        return figures;
    }
    const QJsonObject out = QJsonDocument::fromJson(process.readAllStandardOutput().trimmed()).object();
    figures.sequentialUs = out.value(QLatin1String("meanUs")).toDouble(qQNaN()); // a mean, like the rows above
    figures.pipelinedPerSecond = qQNaN();
    figures.megabytesPerSecond = out.value(QLatin1String("mbps16MiB")).toDouble(qQNaN());
    return figures;
}

// `target NAME: MEASURED vs GOAL: met` (or NOT met).
void target(const QString &name, double measured, const char *unit, double goal, bool atLeast, const QString &why = {})
{
    const bool met = atLeast ? measured >= goal : measured < goal;
    std::printf("target %s: %.2f%s%s vs %s %.2f%s: %s\n", qPrintable(name), measured, unit,
                why.isEmpty() ? "" : qPrintable(QStringLiteral(" (") + why + u')'), atLeast ? ">=" : "<", goal, unit,
                met ? "met" : "NOT met");
}

void ratioTarget(const QString &name, const Figures &ours, const Figures &theirs, int which, double goal)
{
    const double o = which == 0 ? ours.sequentialUs : which == 1 ? ours.pipelinedPerSecond : ours.megabytesPerSecond;
    const double t = which == 0 ? theirs.sequentialUs : which == 1 ? theirs.pipelinedPerSecond : theirs.megabytesPerSecond;
    if (!ours.error.isEmpty())
        target(name, qQNaN(), "x", goal, true, QStringLiteral("ours failed"));
    else if (!theirs.error.isEmpty())
        target(name, qInf(), "x", goal, true, QStringLiteral("the SDK client failed: ") + theirs.error.left(80));
    else
        target(name, which == 0 ? t / o : o / t, "x", goal, true);
}

void print(const QString &server, const QString &client, const Figures &f)
{
    if (!f.error.isEmpty()) {
        std::printf("%-28s %-14s error: %s\n", qPrintable(server), qPrintable(client), qPrintable(f.error));
    } else {
        std::printf("%-28s %-14s %10.0f %14.0f %12.1f\n", qPrintable(server), qPrintable(client), f.sequentialUs,
                    f.pipelinedPerSecond, f.megabytesPerSecond);
    }
    std::fflush(stdout);
}

} // namespace

int main(int argc, char *argv[])
{
    Mcp::Json::keepBigBuffers(); // as the application does
    QCoreApplication app(argc, argv);
    QLoggingCategory::setFilterRules(QStringLiteral("mcp.*.debug=false")); // keeps the table readable
    const QStringList args = app.arguments();
    const int sequential = args.value(1, QStringLiteral("3000")).toInt();
    const int pipelined = args.value(2, QStringLiteral("4000")).toInt();
    const int bigCount = args.value(3, QStringLiteral("5")).toInt();
    const int rounds = qMax(1, args.value(4, QStringLiteral("3")).toInt());
    const bool haveNode = QFileInfo::exists(node);

    std::printf("%d sequential echo calls, %d with 64 in flight, %d results of 16 MiB; against the zero peer the C floor,\n"
                "QNAM alone and ours are the best of %d runs, interleaved\n", sequential, pipelined, bigCount, rounds);
    std::printf("%-28s %-14s %10s %14s %12s\n", "server", "client", "seq us/call", "64-in-flight/s", "16 MiB MB/s");

    struct Target
    {
        QString name;
        QString key; // zero-json, zero-sse, demo-json, demo-sse, sdk-json, sdk-sse
        QString program;
        QStringList arguments;
    };
    const QString zero = QStringLiteral(MCPSCOPE_ZERO_PEER);
    QList<Target> targets;
    targets.append({QStringLiteral("zero-cost peer, JSON"), QStringLiteral("zero-json"), zero, {QStringLiteral("--http")}});
    targets.append({QStringLiteral("zero-cost peer, SSE"), QStringLiteral("zero-sse"), zero,
                    {QStringLiteral("--http"), QStringLiteral("--sse")}});
    targets.append({QStringLiteral("demo server, JSON"), QStringLiteral("demo-json"), QStringLiteral(MCPSCOPE_DEMO_SERVER),
                    {QStringLiteral("--http"), QStringLiteral("--port"), QStringLiteral("0")}});
    targets.append({QStringLiteral("demo server, SSE"), QStringLiteral("demo-sse"), QStringLiteral(MCPSCOPE_DEMO_SERVER),
                    {QStringLiteral("--http"), QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--http-responses"),
                     QStringLiteral("sse")}});
    if (haveNode) {
        targets.append({QStringLiteral("TypeScript SDK server, JSON"), QStringLiteral("sdk-json"), node,
                        {QStringLiteral(MCPSCOPE_BENCH_DIR "/sdkserver.mjs"), peers, QStringLiteral("json")}});
        targets.append({QStringLiteral("TypeScript SDK server, SSE"), QStringLiteral("sdk-sse"), node,
                        {QStringLiteral(MCPSCOPE_BENCH_DIR "/sdkserver.mjs"), peers, QStringLiteral("sse")}});
    }
    // MCPSCOPE_HTTP_BENCH_ONLY=zero-json,demo-json runs just those servers (for profiling);
    // with "ours" in the list, only our client runs against them.
    const QStringList only = qEnvironmentVariable("MCPSCOPE_HTTP_BENCH_ONLY").split(u',', Qt::SkipEmptyParts);
    QHash<QString, Figures> rows; // "<server key>/<client>": ours, v2, v1, floor
    QHash<QString, QList<Figures>> roundRuns; // the zero peer's rounds, "<server key>/qt" and "/ours"
    for (const Target &target : std::as_const(targets)) {
        if (!only.isEmpty() && !only.contains(target.key))
            continue;
        ServerProcess server(target.program, target.arguments);
        if (server.url().isEmpty()) {
            print(target.name, QStringLiteral("-"), Figures{0, 0, 0, QStringLiteral("server did not start")});
            continue;
        }
        auto row = [&](const QString &client, const QString &label, const Figures &figures) {
            rows.insert(target.key + u'/' + client, figures);
            print(target.name, label, figures);
        };
        if (target.key.startsWith(QLatin1String("zero"))) {
            // The floors and ours, whose ratios are targets: best of `rounds` runs, interleaved.
            QList<Figures> floors, qts, ours;
            for (int round = 0; round < rounds; ++round) {
                floors.append(measureFloor(server.url(), sequential));
                qts.append(measureQtAlone(server.url(), sequential, pipelined, bigCount));
                ours.append(measure(server.url(), sequential, pipelined, bigCount));
            }
            row(QStringLiteral("floor"), QStringLiteral("C floor"), best(floors));
            row(QStringLiteral("qt"), QStringLiteral("QNAM alone"), best(qts));
            row(QStringLiteral("ours"), QStringLiteral("MCP Scope"), best(ours));
            roundRuns.insert(target.key + QLatin1String("/qt"), qts);
            roundRuns.insert(target.key + QLatin1String("/ours"), ours);
        } else {
            row(QStringLiteral("ours"), QStringLiteral("MCP Scope"), measure(server.url(), sequential, pipelined, bigCount));
        }
        if (haveNode && !only.contains(QLatin1String("ours"))) {
            row(QStringLiteral("v2"), QStringLiteral("TS SDK v2"), measureSdkClient(server.url(), sequential, pipelined, bigCount, QStringLiteral("v2")));
            row(QStringLiteral("v1"), QStringLiteral("TS SDK v1"), measureSdkClient(server.url(), sequential, pipelined, bigCount, QStringLiteral("v1")));
        }
    }

    std::printf("\n(The TypeScript SDK server rows are information: that server is the bottleneck there.)\n");
    for (const char *mode : {"json", "sse"}) {
        const QString key = QStringLiteral("zero-") + QLatin1String(mode);
        if (!rows.contains(key + QLatin1String("/ours")))
            continue;
        const Figures ours = rows.value(key + QLatin1String("/ours"));
        const Figures floor = rows.value(key + QLatin1String("/floor"));
        const QString upper = QString::fromLatin1(mode).toUpper();
        target(QStringLiteral("HTTP 16 MiB (zero peer, %1)").arg(upper), ours.megabytesPerSecond, " MB/s", 500, true);
        // Restated (issue 38) against the transport the project keeps: QNetworkAccessManager alone
        // (the same POSTs, no MCP) is the floor of any client built on it; the C floor is information.
        if (rows.contains(key + QLatin1String("/qt"))) {
            const Figures qt = rows.value(key + QLatin1String("/qt"));
            std::printf("Information (%s): ours / C floor: sequential %.2fx; QNAM alone / C floor: sequential %.2fx; "
                        "ours, 16 MiB converted to Qt JSON (result()): %.1f MB/s\n", mode,
                        ours.sequentialUs / floor.sequentialUs, qt.sequentialUs / floor.sequentialUs, ours.convertedMegabytesPerSecond);
            // The ratio of each round's runs (made one after the other), the best of them, as
            // bench_stdio does: the best QNAM run of one round against the best of ours from
            // another compares two states of a noisy machine.
            const QList<Figures> qtRounds = roundRuns.value(key + QLatin1String("/qt"));
            const QList<Figures> ourRounds = roundRuns.value(key + QLatin1String("/ours"));
            auto bestRound = [&](const char *what, const std::function<double(const Figures &q, const Figures &o)> &ratio) {
                double bestRatio = qQNaN();
                QStringList each;
                for (qsizetype i = 0; i < qMin(qtRounds.size(), ourRounds.size()); ++i) {
                    const double r = ratio(qtRounds.at(i), ourRounds.at(i));
                    each.append(QString::number(r, 'f', 2) + u'x');
                    if (!std::isnan(r) && !(r >= bestRatio))
                        bestRatio = r;
                }
                std::printf("Information (%s): %s ours / QNAM alone, round by round: %s\n", mode, what,
                            qPrintable(each.join(QStringLiteral(", "))));
                return bestRatio;
            };
            target(QStringLiteral("HTTP sequential ours / QNAM alone (zero peer, %1, best round)").arg(upper),
                   bestRound("sequential", [](const Figures &q, const Figures &o) { return o.sequentialUs / q.sequentialUs; }),
                   "x", 1.2, false);
            target(QStringLiteral("HTTP 64 in flight ours / QNAM alone (zero peer, %1, best round)").arg(upper),
                   bestRound("64 in flight", [](const Figures &q, const Figures &o) { return q.pipelinedPerSecond / o.pipelinedPerSecond; }),
                   "x", 1.2, false);
        }
    }
    for (const char *server : {"zero", "demo"}) {
        for (const char *mode : {"json", "sse"}) {
            const QString key = QLatin1String(server) + u'-' + QLatin1String(mode);
            if (!rows.contains(key + QLatin1String("/ours")))
                continue;
            const Figures ours = rows.value(key + QLatin1String("/ours"));
            for (const char *sdk : {"v2", "v1"}) {
                if (!rows.contains(key + u'/' + QLatin1String(sdk)))
                    continue;
                const Figures theirs = rows.value(key + u'/' + QLatin1String(sdk));
                const QString where = QStringLiteral("SDK %1, %2 %3")
                                          .arg(QLatin1String(sdk),
                                               QLatin1String(server) == QLatin1String("zero") ? QStringLiteral("zero peer")
                                                                                              : QStringLiteral("demo server"),
                                               QString::fromLatin1(mode).toUpper());
                ratioTarget(QStringLiteral("HTTP sequential ours/") + where, ours, theirs, 0, 2);
                ratioTarget(QStringLiteral("HTTP 64 in flight ours/") + where, ours, theirs, 1, 2);
                if (QLatin1String(server) == QLatin1String("zero")) {
                    ratioTarget(QStringLiteral("HTTP 16 MiB ours/") + where, ours, theirs, 2, 3);
                } else if (ours.error.isEmpty() && theirs.error.isEmpty()) {
                    // The demo server builds and writes 16 MiB of JSON at ~110 MB/s: every client
                    // waits on it, so this ratio says nothing of the client.
                    std::printf("Information: HTTP 16 MiB ours/%s: %.2fx (the server is the bottleneck)\n", qPrintable(where),
                                ours.megabytesPerSecond / theirs.megabytesPerSecond);
                }
            }
        }
    }
    return 0;
}
