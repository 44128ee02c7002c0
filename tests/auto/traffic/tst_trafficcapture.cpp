#include <traffic/bytesearch_p.h>
#include <traffic/capturemessages.h>
#include <traffic/trafficcapture.h>
#include <traffic/trafficfilter.h>
#include <traffic/trafficlog.h>

#include <QAbstractItemModelTester>
#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>

#include "checkedmodels.h"

using namespace Mcp;

namespace {

using D = TrafficEvent::Direction;
using K = TrafficEvent::Kind;

TrafficEvent ev(qint64 ns, D direction, K kind, const QByteArray &raw, int connection = 1)
{
    TrafficEvent e;
    e.monotonicNs = ns;
    e.wallClockMs = 1764064800000 + ns / 1000000;
    e.direction = direction;
    e.kind = kind;
    e.raw = raw;
    e.connectionId = connection;
    return e;
}

// One event of every kind with every field in use, including bytes that are not UTF-8.
QList<TrafficEvent> everything()
{
    QList<TrafficEvent> events;
    TrafficEvent start = ev(1000, D::Local, K::ProcessStarted, {});
    start.note = QStringLiteral("npx -y @modelcontextprotocol/server-everything stdio");
    events << start;
    events << ev(2000, D::Outgoing, K::Message, R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{}})");
    events << ev(3000, D::Incoming, K::Message, R"({"jsonrpc":"2.0","id":1,"result":{"serverInfo":{"name":"é ✓ 😀"}}})");
    TrafficEvent garbage = ev(4000, D::Incoming, K::InvalidMessage, QByteArray("\xff\xfe binary\x00\x01 line", 16));
    garbage.note = QStringLiteral("not valid JSON at offset 0");
    events << garbage;
    events << ev(5000, D::Incoming, K::StderrLine, "Starting server... \t done");
    TrafficEvent post = ev(6000, D::Outgoing, K::Message, R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})", 2);
    post.httpMethod = "POST";
    post.url = QStringLiteral("http://127.0.0.1:3001/mcp?x=1&y=%C3%A9");
    post.headers = {{"Content-Type", "application/json"}, {"X-Odd", QByteArray("\xe9t\xe9", 3)}};
    post.exchangeId = (quint64(1) << 60) + 3; // beyond what a JSON number keeps exactly
    events << post;
    TrafficEvent response = ev(7000, D::Incoming, K::HttpResponse, {}, 2);
    response.httpStatus = 200;
    response.headers = {{"Content-Type", "text/event-stream"}, {"Mcp-Session-Id", "abc"}};
    response.exchangeId = post.exchangeId;
    response.note = QStringLiteral("OK");
    events << response;
    TrafficEvent sse = ev(8000, D::Incoming, K::Message, R"({"jsonrpc":"2.0","id":2,"result":{"tools":[]}})", 2);
    sse.sseEventId = "ev-1";
    sse.sseEventType = "message";
    sse.exchangeId = post.exchangeId;
    events << sse;
    TrafficEvent get = ev(9000, D::Outgoing, K::HttpRequest, {}, 2);
    get.httpMethod = "GET";
    get.url = QStringLiteral("http://127.0.0.1:3001/mcp");
    get.exchangeId = 9;
    events << get;
    TrafficEvent error = ev(9500, D::Local, K::TransportError, {}, 2);
    error.note = QStringLiteral("connection refused");
    error.exchangeId = 9;
    events << error;
    TrafficEvent note = ev(9800, D::Local, K::Note, {}, 2);
    note.note = QStringLiteral("fell back to legacy SSE");
    events << note;
    TrafficEvent exited = ev(10000, D::Local, K::ProcessExited, {});
    exited.note = QStringLiteral("exit code 0");
    events << exited;
    TrafficEvent priming = ev(10500, D::Incoming, K::SseEvent, {}, 2);
    priming.sseEventId = "0";
    events << priming;
    TrafficEvent noConnection = ev(11000, D::Local, K::Note, "raw with\nnewline");
    noConnection.connectionId = -1;
    events << noConnection;
    return events;
}

void compareEvents(const TrafficEvent &a, const TrafficEvent &b)
{
    QCOMPARE(a.wallClockMs, b.wallClockMs);
    QCOMPARE(a.monotonicNs, b.monotonicNs);
    QCOMPARE(a.direction, b.direction);
    QCOMPARE(a.kind, b.kind);
    QCOMPARE(a.raw, b.raw);
    QCOMPARE(a.note, b.note);
    QCOMPARE(a.httpMethod, b.httpMethod);
    QCOMPARE(a.url, b.url);
    QCOMPARE(a.httpStatus, b.httpStatus);
    QCOMPARE(a.headers, b.headers);
    QCOMPARE(a.sseEventId, b.sseEventId);
    QCOMPARE(a.sseEventType, b.sseEventType);
    QCOMPARE(a.exchangeId, b.exchangeId);
    QCOMPARE(a.connectionId, b.connectionId);
}

QByteArray exportLog(const TrafficLog &log, const TrafficCapture::ExportOptions &options)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QString error;
    if (!TrafficCapture::writeJsonLines(&buffer, log, options, &error))
        qWarning() << error;
    return buffer.data();
}

TrafficCapture::ImportResult importLog(const QByteArray &capture, TrafficLog *log)
{
    QBuffer buffer;
    buffer.setData(capture);
    buffer.open(QIODevice::ReadOnly);
    return TrafficCapture::readJsonLines(&buffer, log);
}

TrafficCapture::ExportOptions keepSecrets()
{
    TrafficCapture::ExportOptions options;
    options.redaction = TrafficCapture::Redaction::KeepSecrets;
    return options;
}

} // namespace

class tst_TrafficCapture : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTripKeepsEveryField();
    void roundTripOfFilteredRows();
    void headerLine();
    void redaction();
    void redactionKnowsTheSecrets();
    void redactionCanBeDisabled();
    void malformedLinesAreReported();
    void unreadableCaptures_data();
    void unreadableCaptures();
    void har();
    void appViewTraffic();
    void fastLineEqualsJsonDocument();
    void multiSearcherEqualsOneByOne();
};

void tst_TrafficCapture::roundTripKeepsEveryField()
{
    const QList<TrafficEvent> events = everything();
    TrafficLog log;
    log.setConnectionName(1, QStringLiteral("everything (stdio)"));
    log.setConnectionName(2, QStringLiteral("remote ✓"));
    log.appendBatch(events);
    log.flush();
    const QByteArray capture = exportLog(log, keepSecrets());
    QCOMPARE(capture.count('\n'), events.size() + 1);

    CheckedLog imported;
    const TrafficCapture::ImportResult result = importLog(capture, &imported);
    QVERIFY2(result.ok, qPrintable(result.error));
    QVERIFY(result.issues.isEmpty());
    QCOMPARE(result.imported, events.size());
    QCOMPARE(imported.rowCount(), events.size());
    QCOMPARE(imported.connectionNames(), log.connectionNames());
    for (int i = 0; i < events.size(); ++i)
        compareEvents(imported.event(i), events.at(i));
    // Browsing works like live: kinds, methods, pairing and latency are derived again.
    QCOMPARE(imported.pairedRow(1), 2);
    QCOMPARE(imported.latencyNs(1), 1000);
    QCOMPARE(imported.method(2), QStringLiteral("initialize"));
    QCOMPARE(imported.data(imported.index(5, TrafficLog::ConnectionColumn)).toString(), QStringLiteral("remote ✓"));
    // Exporting the import again gives the same events.
    const QByteArray again = exportLog(imported, keepSecrets());
    QCOMPARE(again.mid(again.indexOf('\n')), capture.mid(capture.indexOf('\n')));
}

void tst_TrafficCapture::roundTripOfFilteredRows()
{
    const QList<TrafficEvent> events = everything();
    TrafficLog log;
    log.appendBatch(events);
    log.flush();
    CheckedProxy proxy(&log);
    TrafficFilter filter;
    filter.connections = {2};
    proxy.setFilter(filter);
    QBuffer out;
    out.open(QIODevice::WriteOnly);
    QVERIFY(TrafficCapture::writeJsonLines(&out, log, proxy.sourceRows(), keepSecrets()));
    TrafficLog imported;
    const auto result = importLog(out.data(), &imported);
    QVERIFY(result.ok);
    QCOMPARE(imported.rowCount(), proxy.rowCount());
    const QList<int> rows = proxy.sourceRows();
    for (int i = 0; i < rows.size(); ++i)
        compareEvents(imported.event(i), events.at(rows.at(i)));
}

void tst_TrafficCapture::headerLine()
{
    TrafficLog log;
    log.setConnectionName(3, QStringLiteral("memory"));
    log.appendBatch(everything());
    log.flush();
    const QByteArray capture = exportLog(log, {});
    QVERIFY(capture.startsWith(R"({"format":"mcpscope-capture","version":1,)"));
    const QJsonObject header = QJsonDocument::fromJson(capture.left(capture.indexOf('\n'))).object();
    QCOMPARE(header.value(QLatin1String("format")).toString(), QStringLiteral("mcpscope-capture"));
    QCOMPARE(header.value(QLatin1String("version")).toInt(), 1);
    QVERIFY(!header.value(QLatin1String("appVersion")).toString().isEmpty());
    QVERIFY(QDateTime::fromString(header.value(QLatin1String("created")).toString(), Qt::ISODateWithMs).isValid());
    QCOMPARE(header.value(QLatin1String("redacted")).toBool(), true);
    QCOMPARE(header.value(QLatin1String("events")).toInt(), log.rowCount());
    const QJsonArray connections = header.value(QLatin1String("connections")).toArray();
    QCOMPARE(connections.size(), 1);
    QCOMPARE(connections.at(0).toObject().value(QLatin1String("name")).toString(), QStringLiteral("memory"));
    // Every event line is one compact JSON object.
    const QList<QByteArray> lines = capture.trimmed().split('\n');
    for (const QByteArray &line : lines)
        QVERIFY(QJsonDocument::fromJson(line).isObject());
}

void tst_TrafficCapture::redaction()
{
    TrafficLog log;
    TrafficEvent post = ev(1, D::Outgoing, K::Message,
                           R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"arguments":{"key":"sk-live-SECRETVALUE1"},"note":"Authorization: Bearer eyJhbGciOi.body.sig"}}})");
    post.httpMethod = "POST";
    post.url = QStringLiteral("https://api.example.com/mcp?access_token=tok123&page=2");
    post.headers = {
        {"Authorization", "Bearer abc.def.ghi"}, {"proxy-authorization", "Basic dXNlcjpwYXNz"},
        {"Cookie", "session=cookie-value"},     {"X-Api-Key", "xkey-1"},
        {"Api-Key", "apikey-2"},                {"X-Auth-Token", "tok-3"},
        {"X-Client-Secret", "secret-4"},        {"My-Key-Id", "kid-5"},
        {"Content-Type", "application/json"},   {"Mcp-Session-Id", "session-6"},
    };
    post.exchangeId = 1;
    log.append(post);
    TrafficEvent reply = ev(2, D::Incoming, K::HttpResponse,
                            R"({"access_token":"at-7","token_type":"Bearer","refresh_token":"rt-8","expires_in":3600})");
    reply.httpStatus = 200;
    reply.headers = {{"Set-Cookie", "id=cookie-9; HttpOnly"}};
    reply.exchangeId = 1;
    log.append(reply);
    TrafficEvent form = ev(3, D::Outgoing, K::HttpRequest, "grant_type=refresh_token&refresh_token=rt-10&client_secret=cs-11");
    form.httpMethod = "POST";
    form.url = QStringLiteral("https://auth.example.com/token");
    form.exchangeId = 2;
    log.append(form);
    TrafficEvent started = ev(4, D::Local, K::ProcessStarted, {});
    started.note = QStringLiteral("server --password hunter2-env");
    log.append(started);
    log.append(ev(5, D::Incoming, K::StderrLine, "using API key hunter2-env from the environment"));
    log.flush();

    TrafficCapture::ExportOptions options;
    options.secretValues = {QStringLiteral("hunter2-env"), QStringLiteral("sk-live-SECRETVALUE1"), QString()};
    const QByteArray capture = exportLog(log, options);
    const QList<QByteArray> secrets = {"sk-live-SECRETVALUE1", "eyJhbGciOi", "tok123", "abc.def.ghi", "dXNlcjpwYXNz",
                                       "cookie-value", "xkey-1", "apikey-2", "tok-3", "secret-4", "kid-5",
                                       "at-7", "rt-8", "cookie-9", "rt-10", "cs-11", "hunter2-env"};
    for (const QByteArray &secret : secrets)
        QVERIFY2(!capture.contains(secret), secret.constData());
    // What is not secret stays, so the capture is still useful.
    for (const QByteArray &kept : {QByteArray("page=2"), QByteArray("application/json"), QByteArray("session-6"),
                                   QByteArray("tools/call"), QByteArray("expires_in"), QByteArray("grant_type=refresh_token"),
                                   QByteArray("[redacted]")})
        QVERIFY2(capture.contains(kept), kept.constData());

    const TrafficEvent r = TrafficCapture::redacted(post, options);
    QCOMPARE(r.headers.at(0).second, QByteArray("[redacted]"));
    QCOMPARE(r.headers.at(8).second, QByteArray("application/json"));
    QCOMPARE(r.url, QStringLiteral("https://api.example.com/mcp?access_token=[redacted]&page=2"));
    QVERIFY(r.raw.contains("Bearer [redacted]"));
    QVERIFY(TrafficCapture::isSecretHeader("SEC-WEBSOCKET-KEY"));
    QVERIFY(!TrafficCapture::isSecretHeader("Accept"));

    // HAR output is redacted the same way.
    const QByteArray har = QJsonDocument(TrafficCapture::har({post, reply, form}, {}, options)).toJson();
    for (const QByteArray &secret : secrets)
        QVERIFY2(!har.contains(secret), secret.constData());
}

// Redaction knows the secrets themselves (issue 31): a configured header value's token echoed
// without its "Bearer ", a URL's password and key parameters, and every OAuth credential field
// whatever precedes its name, in every framing, in both export formats and the connection name.
void tst_TrafficCapture::redactionKnowsTheSecrets()
{
    TrafficLog log;
    log.setConnectionName(1, QStringLiteral("http://alice:pw%2Fsecret9@127.0.0.1:9/mcp?api_key=k3y-SECRET-77"));
    TrafficEvent post = ev(1, D::Outgoing, K::Message, R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})");
    post.httpMethod = "POST";
    post.url = QStringLiteral("http://alice:pw%2Fsecret9@127.0.0.1:9/mcp?api_key=k3y-SECRET-77&sig=sig-SECRET-88&page=2");
    post.headers = {{"Authorization", "Bearer tok/EN+secret=="}, {"Content-Type", "application/json"}};
    post.exchangeId = 1;
    log.append(post);
    TrafficEvent reply = ev(2, D::Incoming, K::Message,
                            R"({"jsonrpc":"2.0","id":1,"result":{"tools":[],"echo":"tok/EN+secret== tok\/EN+secret== )"
                            R"(tok%2FEN%2Bsecret%3D%3D k3y-SECRET-77 pw/secret9 sig-SECRET-88","_meta":{)"
                            R"("registration_access_token":"rat-SECRET-1","client_secret":"cs-SECRET-2",)"
                            R"("refresh_token":"rt-SECRET-3","id_token":"it-SECRET-4","code_verifier":"cv-SECRET-5",)"
                            R"("client_assertion":"ca-SECRET-6","subject_token":"st-SECRET-7","progressToken":"pt-keep"}}})");
    reply.httpStatus = 200;
    reply.headers = {{"Content-Type", "application/json"}, {"X-Echo", "tok/EN+secret=="}};
    reply.exchangeId = 1;
    log.append(reply);
    TrafficEvent stderrLine = ev(3, D::Incoming, K::StderrLine, "started with pw/secret9");
    log.append(stderrLine);
    log.flush();

    TrafficCapture::ExportOptions options;
    // As ServerConfig::secretValues() gives them: the header's whole value.
    options.secretValues = {QStringLiteral("Bearer tok/EN+secret==")};
    const QByteArray capture = exportLog(log, options);
    QBuffer harBuffer;
    harBuffer.open(QIODevice::WriteOnly);
    QVERIFY(TrafficCapture::writeHar(&harBuffer, log, options));
    for (const QByteArray &written : {capture, harBuffer.data()}) {
        for (const QByteArray &secret : {QByteArray("tok/EN+secret=="), QByteArray("tok\\\\/EN+secret=="),
                                         QByteArray("tok%2FEN%2Bsecret%3D%3D"), QByteArray("secret9"),
                                         QByteArray("k3y-SECRET-77"), QByteArray("sig-SECRET-88"),
                                         QByteArray("rat-SECRET-1"), QByteArray("cs-SECRET-2"), QByteArray("rt-SECRET-3"),
                                         QByteArray("it-SECRET-4"), QByteArray("cv-SECRET-5"), QByteArray("ca-SECRET-6"),
                                         QByteArray("st-SECRET-7")})
            QVERIFY2(!written.contains(secret), secret.constData());
        for (const QByteArray &kept : {QByteArray("page=2"), QByteArray("pt-keep"), QByteArray("tools/list"),
                                       QByteArray("alice")})
            QVERIFY2(written.contains(kept), kept.constData());
    }
}

void tst_TrafficCapture::redactionCanBeDisabled()
{
    TrafficEvent post = ev(1, D::Outgoing, K::Message, R"({"access_token":"at-1"})");
    post.headers = {{"Authorization", "Bearer abc"}};
    post.note = QStringLiteral("hunter2");
    TrafficCapture::ExportOptions options = keepSecrets();
    options.secretValues = {QStringLiteral("hunter2")};
    const TrafficEvent r = TrafficCapture::redacted(post, options);
    compareEvents(r, post);
}

void tst_TrafficCapture::malformedLinesAreReported()
{
    const QByteArray capture =
        R"({"format":"mcpscope-capture","version":1,"connections":[{"id":1,"name":"a"}]})" "\n"
        R"({"t":1,"mono":5,"conn":1,"dir":"out","kind":"message","raw":"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}"})" "\n"
        "this is not json\n"
        "[1,2,3]\n"
        R"({"t":"yesterday","dir":"out","kind":"message"})" "\n"
        R"({"t":2,"kind":"message","raw":"x"})" "\n"
        R"({"t":3,"dir":"in","kind":"message","raw":"@@@","rawBase64":true})" "\n"
        "\n"
        R"({"t":4,"dir":"in","kind":"teleport"})" "\n"
        R"({"t":5,"mono":9,"conn":1,"dir":"in","kind":"message","raw":"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}"})" "\n"
        // Numbers beyond qint64 (converting them was undefined behaviour; found by fuzz_capture).
        R"({"t":7.55556e+24,"dir":"in","kind":"message","raw":"x"})" "\n"
        R"({"t":1,"mono":-1e300,"dir":"in","kind":"message","raw":"x"})" "\n";
    CheckedLog log;
    const auto result = importLog(capture, &log);
    QVERIFY(result.ok);
    QCOMPARE(result.imported, 2);
    QCOMPARE(log.rowCount(), 2);
    QCOMPARE(log.latencyNs(0), 4);
    QList<qint64> lines;
    for (const auto &issue : result.issues) {
        lines.append(issue.line);
        QVERIFY(!issue.reason.isEmpty());
    }
    QCOMPARE(lines, (QList<qint64>{3, 4, 5, 6, 7, 9, 11, 12}));
    QVERIFY(result.issues.at(6).reason.contains(QStringLiteral("\"t\"")));
    QVERIFY(result.issues.at(7).reason.contains(QStringLiteral("\"mono\"")));
    QVERIFY(result.issues.at(0).reason.contains(QStringLiteral("JSON")));
    QVERIFY(result.issues.at(2).reason.contains(QStringLiteral("\"t\"")));
    QVERIFY(result.issues.at(3).reason.contains(QStringLiteral("\"dir\"")));
    QVERIFY(result.issues.at(4).reason.contains(QStringLiteral("base64")));
    QVERIFY(result.issues.at(5).reason.contains(QStringLiteral("teleport")));
}

void tst_TrafficCapture::unreadableCaptures_data()
{
    QTest::addColumn<QByteArray>("capture");
    QTest::addColumn<QString>("errorContains");
    QTest::newRow("empty") << QByteArray() << "empty";
    QTest::newRow("no header") << QByteArray(R"({"t":1,"dir":"in","kind":"note"})") << "header";
    QTest::newRow("other format") << QByteArray(R"({"format":"har","version":1})") << "header";
    QTest::newRow("newer version") << QByteArray(R"({"format":"mcpscope-capture","version":2})") << "version 2";
    QTest::newRow("binary") << QByteArray("\x89PNG\r\n\x1a\n") << "line 1";
    // Not JSON whitespace: the header does not parse (replay's reader once trimmed it away).
    QTest::newRow("form feed before the header") << QByteArray("\f{\"format\":\"mcpscope-capture\",\"version\":1}") << "header";
}

void tst_TrafficCapture::unreadableCaptures()
{
    QFETCH(QByteArray, capture);
    QFETCH(QString, errorContains);
    TrafficLog log;
    QBuffer buffer;
    buffer.setData(capture + "\n" R"({"t":1,"dir":"in","kind":"note"})" "\n");
    if (capture.isEmpty())
        buffer.setData(QByteArray());
    buffer.open(QIODevice::ReadOnly);
    const auto result = TrafficCapture::readJsonLines(&buffer, &log);
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(errorContains), qPrintable(result.error));
    QCOMPARE(log.rowCount(), 0);
    // `mcpscope replay` refuses what the window refuses, for the same reason (it read a newer
    // version's capture as if it were version 1; found by fuzz_capturedmessages).
    const CapturedMessages replayed = CapturedMessages::fromJsonLines(buffer.data());
    QVERIFY2(replayed.error.contains(errorContains), qPrintable(replayed.error));
    QVERIFY(replayed.messages.isEmpty());
}

void tst_TrafficCapture::har()
{
    TrafficLog log;
    log.setConnectionName(2, QStringLiteral("remote"));
    log.appendBatch(everything());
    // A plain JSON exchange too.
    TrafficEvent post = ev(20000000, D::Outgoing, K::Message, R"({"jsonrpc":"2.0","id":3,"method":"ping"})", 2);
    post.httpMethod = "POST";
    post.url = QStringLiteral("http://127.0.0.1:3001/mcp");
    post.headers = {{"Authorization", "Bearer t0ken"}, {"Content-Type", "application/json"}};
    post.exchangeId = 5;
    TrafficEvent status = ev(25000000, D::Incoming, K::HttpResponse, {}, 2);
    status.httpStatus = 200;
    status.headers = {{"Content-Type", "application/json"}};
    status.exchangeId = 5;
    TrafficEvent body = ev(26000000, D::Incoming, K::Message, R"({"jsonrpc":"2.0","id":3,"result":{}})", 2);
    body.exchangeId = 5;
    log.appendBatch({post, status, body});
    log.flush();

    QBuffer out;
    out.open(QIODevice::WriteOnly);
    QString error;
    QVERIFY2(TrafficCapture::writeHar(&out, log, {}, &error), qPrintable(error));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(out.data(), &parseError);
    QCOMPARE(parseError.error, QJsonParseError::NoError);
    const QJsonObject harLog = doc.object().value(QLatin1String("log")).toObject();
    QCOMPARE(harLog.value(QLatin1String("version")).toString(), QStringLiteral("1.2"));
    QCOMPARE(harLog.value(QLatin1String("creator")).toObject().value(QLatin1String("name")).toString(), QStringLiteral("MCP Scope"));
    QVERIFY(harLog.value(QLatin1String("creator")).toObject().value(QLatin1String("version")).isString());
    const QJsonArray entries = harLog.value(QLatin1String("entries")).toArray();
    QCOMPARE(entries.size(), 3); // SSE POST, failed GET, JSON POST

    const QStringList entryFields = {"startedDateTime", "time", "request", "response", "cache", "timings"};
    const QStringList requestFields = {"method", "url", "httpVersion", "cookies", "headers", "queryString", "headersSize", "bodySize"};
    const QStringList responseFields = {"status", "statusText", "httpVersion", "cookies", "headers", "content", "redirectURL", "headersSize", "bodySize"};
    for (const QJsonValue &value : entries) {
        const QJsonObject entry = value.toObject();
        for (const QString &f : entryFields)
            QVERIFY2(entry.contains(f), qPrintable(f));
        for (const QString &f : requestFields)
            QVERIFY2(entry.value(QLatin1String("request")).toObject().contains(f), qPrintable(f));
        for (const QString &f : responseFields)
            QVERIFY2(entry.value(QLatin1String("response")).toObject().contains(f), qPrintable(f));
        const QJsonObject content = entry.value(QLatin1String("response")).toObject().value(QLatin1String("content")).toObject();
        QVERIFY(content.value(QLatin1String("size")).isDouble());
        QVERIFY(content.value(QLatin1String("mimeType")).isString());
        const QJsonObject timings = entry.value(QLatin1String("timings")).toObject();
        const double sum = timings.value(QLatin1String("send")).toDouble() + timings.value(QLatin1String("wait")).toDouble()
            + timings.value(QLatin1String("receive")).toDouble();
        QVERIFY(timings.value(QLatin1String("wait")).toDouble() >= 0);
        QCOMPARE(entry.value(QLatin1String("time")).toDouble(), sum);
        QVERIFY(QDateTime::fromString(entry.value(QLatin1String("startedDateTime")).toString(), Qt::ISODateWithMs).isValid());
    }

    const QJsonObject sse = entries.at(0).toObject();
    const QJsonObject sseRequest = sse.value(QLatin1String("request")).toObject();
    QCOMPARE(sseRequest.value(QLatin1String("method")).toString(), QStringLiteral("POST"));
    QCOMPARE(sseRequest.value(QLatin1String("queryString")).toArray().size(), 2);
    QCOMPARE(sseRequest.value(QLatin1String("queryString")).toArray().at(1).toObject().value(QLatin1String("value")).toString(), QStringLiteral("é"));
    QCOMPARE(sseRequest.value(QLatin1String("postData")).toObject().value(QLatin1String("text")).toString(),
             QStringLiteral(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})"));
    const QJsonObject sseResponse = sse.value(QLatin1String("response")).toObject();
    QCOMPARE(sseResponse.value(QLatin1String("status")).toInt(), 200);
    QCOMPARE(sseResponse.value(QLatin1String("statusText")).toString(), QStringLiteral("OK"));
    QCOMPARE(sse.value(QLatin1String("_note")).toString(), QStringLiteral("OK"));
    const QJsonObject sseContent = sseResponse.value(QLatin1String("content")).toObject();
    QCOMPARE(sseContent.value(QLatin1String("mimeType")).toString(), QStringLiteral("text/event-stream"));
    QCOMPARE(sseContent.value(QLatin1String("text")).toString(),
             QStringLiteral("id: ev-1\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"tools\":[]}}\n\n"));
    QCOMPARE(sse.value(QLatin1String("_connection")).toString(), QStringLiteral("remote"));

    const QJsonObject failed = entries.at(1).toObject();
    QCOMPARE(failed.value(QLatin1String("request")).toObject().value(QLatin1String("method")).toString(), QStringLiteral("GET"));
    QCOMPARE(failed.value(QLatin1String("response")).toObject().value(QLatin1String("status")).toInt(), 0);
    QCOMPARE(failed.value(QLatin1String("_error")).toString(), QStringLiteral("connection refused"));

    const QJsonObject json = entries.at(2).toObject();
    QCOMPARE(json.value(QLatin1String("timings")).toObject().value(QLatin1String("wait")).toDouble(), 5.0);
    QCOMPARE(json.value(QLatin1String("timings")).toObject().value(QLatin1String("receive")).toDouble(), 1.0);
    QCOMPARE(json.value(QLatin1String("response")).toObject().value(QLatin1String("content")).toObject().value(QLatin1String("text")).toString(),
             QStringLiteral(R"({"jsonrpc":"2.0","id":3,"result":{}})"));
    const QJsonArray headers = json.value(QLatin1String("request")).toObject().value(QLatin1String("headers")).toArray();
    QCOMPARE(headers.at(0).toObject().value(QLatin1String("value")).toString(), QStringLiteral("[redacted]"));
    QVERIFY(!out.data().contains("t0ken"));
}

// MCP Apps view traffic (HostToApp, AppToHost): paired among itself and per view, apart from the
// server's messages with the same ids, filtered on its own, and kept by both export formats.
void tst_TrafficCapture::appViewTraffic()
{
    const auto app = [](qint64 ns, D direction, K kind, const QByteArray &raw, const QString &view) {
        TrafficEvent e = ev(ns, direction, kind, raw);
        e.url = view;
        return e;
    };
    const QString a = QStringLiteral("ui://demo/a");
    const QString b = QStringLiteral("ui://demo/b");
    QList<TrafficEvent> events;
    events << ev(1000, D::Outgoing, K::Message, R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"show"}})"); // 0
    events << app(2000, D::AppToHost, K::Message, R"({"jsonrpc":"2.0","id":1,"method":"ui/initialize","params":{}})", a);   // 1
    events << app(3000, D::HostToApp, K::Message, R"({"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2026-01-26"}})", a); // 2
    events << app(4000, D::AppToHost, K::Message, R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"count"}})", a); // 3
    events << app(5000, D::AppToHost, K::Message, R"({"jsonrpc":"2.0","id":2,"method":"resources/read","params":{}})", b); // 4
    events << ev(6000, D::Incoming, K::Message, R"({"jsonrpc":"2.0","id":1,"result":{"content":[]}})");               // 5
    events << app(7000, D::HostToApp, K::Message, R"({"jsonrpc":"2.0","id":2,"result":{"contents":[]}})", b);         // 6
    events << app(9000, D::HostToApp, K::Message, R"({"jsonrpc":"2.0","id":2,"result":{"structuredContent":{}}})", a); // 7
    TrafficEvent remark = app(9500, D::AppToHost, K::Note, {}, a);
    remark.note = QStringLiteral("ui/notifications/initialized before ui/initialize was answered: ignored.");
    events << remark;                                                                                                  // 8
    events << app(10000, D::HostToApp, K::Message, R"({"jsonrpc":"2.0","id":1,"method":"ui/resource-teardown","params":{}})", a); // 9
    events << app(10500, D::AppToHost, K::Message, R"({"jsonrpc":"2.0","id":1,"result":{}})", a);                  // 10

    const auto checkPairs = [](const TrafficLog &log) {
        QCOMPARE(log.pairedRow(0), 5);  // the server's id 1, not a view's
        QCOMPARE(log.pairedRow(1), 2);  // ui/initialize of view a
        QCOMPARE(log.latencyNs(1), 1000);
        QCOMPARE(log.pairedRow(3), 7);  // view a's id 2 and view b's id 2 were in flight together
        QCOMPARE(log.latencyNs(3), 5000);
        QCOMPARE(log.pairedRow(4), 6);
        QCOMPARE(log.method(7), QStringLiteral("tools/call"));
        QCOMPARE(log.pairedRow(9), 10); // the host's own request, answered by the view
        QCOMPARE(log.kind(8), TrafficKind::Note);
        QVERIFY(log.hasAppTraffic());
        QCOMPARE(log.data(log.index(1, TrafficLog::DirectionColumn)).toString(), TrafficLog::directionName(D::AppToHost));
    };
    CheckedLog log;
    log.setConnectionName(1, QStringLiteral("demo"));
    QVERIFY(!log.hasAppTraffic());
    log.appendBatch(events);
    log.flush();
    checkPairs(log);

    // The App tab's filter: only the view traffic.
    TrafficFilterProxy proxy;
    proxy.setSourceModel(&log);
    TrafficFilter filter;
    filter.directions = {D::HostToApp, D::AppToHost};
    proxy.setFilter(filter);
    QCOMPARE(proxy.rowCount(), 9);
    QCOMPARE(proxy.sourceRows(), (QList<int>{1, 2, 3, 4, 6, 7, 8, 9, 10}));

    // JSON Lines: every field back, and the same pairs derived again.
    const QByteArray capture = exportLog(log, keepSecrets());
    QVERIFY(capture.contains(R"("dir":"fromApp")"));
    QVERIFY(capture.contains(R"("dir":"toApp")"));
    TrafficLog imported;
    const TrafficCapture::ImportResult result = importLog(capture, &imported);
    QVERIFY2(result.ok, qPrintable(result.error));
    QVERIFY(result.issues.isEmpty());
    QCOMPARE(imported.rowCount(), events.size());
    for (int i = 0; i < events.size(); ++i)
        compareEvents(imported.event(i), events.at(i));
    checkPairs(imported);

    // A replay takes only the wire: the views' messages are not the server's.
    const CapturedMessages replayed = CapturedMessages::fromJsonLines(capture);
    QVERIFY(replayed.error.isEmpty());
    QCOMPARE(replayed.messages.size(), 2);

    // HAR: no HTTP entry for them, but all of them in log._mcpAppMessages.
    QBuffer out;
    out.open(QIODevice::WriteOnly);
    QVERIFY(TrafficCapture::writeHar(&out, log, keepSecrets()));
    const QJsonObject harLog = QJsonDocument::fromJson(out.data()).object().value(QLatin1String("log")).toObject();
    QCOMPARE(harLog.value(QLatin1String("entries")).toArray().size(), 0);
    const QJsonArray appMessages = harLog.value(QLatin1String("_mcpAppMessages")).toArray();
    QCOMPARE(appMessages.size(), 9);
    TrafficEvent first;
    QVERIFY(TrafficCapture::eventFromJson(appMessages.at(0).toObject(), &first, nullptr));
    compareEvents(first, events.at(1));
    QCOMPARE(appMessages.at(0).toObject().value(QLatin1String("_connection")).toString(), QStringLiteral("demo"));
    QVERIFY(CapturedMessages::fromHar(out.data()).messages.isEmpty());
}

// appendJsonLine writes stdio lines itself (the recorder's hot path): byte for byte what
// QJsonDocument makes of eventToJson, for every kind of raw bytes and clock value.
void tst_TrafficCapture::fastLineEqualsJsonDocument()
{
    QRandomGenerator random(14);
    QList<QByteArray> raws = {
        "",
        R"({"jsonrpc":"2.0","id":1,"method":"ping"})",
        "quote \" backslash \\ slash / tab \t cr \r nul " + QByteArray(1, '\0') + " del \x7f esc \x1b bell \x07",
        "UTF-8: \xc3\xa9 \xe4\xb8\xad \xf0\x9f\x8e\x89",
        "\xef\xbb\xbf" "a BOM first",         // not kept exactly by the UTF-8 decoder: base64
        "broken \xc3 UTF-8 \xff\xfe",          // base64
        "surrogate \xed\xa0\x80 overlong \xc0\xaf", // base64
        "noncharacter \xef\xbf\xbf",
        QByteArray(70000, 'x') + '"' + QByteArray(3, '\n'), // more than one 64 KiB piece
    };
    for (int i = 0; i < 300; ++i) {
        QByteArray bytes(int(random.bounded(80)), Qt::Uninitialized);
        for (char &c : bytes) {
            // Mostly printable, some controls, quotes, backslashes and high bytes.
            const quint32 pick = random.bounded(10);
            c = char(pick < 6 ? 0x20 + random.bounded(0x5f) : pick < 7 ? random.bounded(0x20) : pick < 8 ? '"' : pick < 9 ? '\\' : 0x80 + random.bounded(0x80));
        }
        raws.append(bytes);
    }
    const qint64 clocks[] = {0, 1, 406289224, 1795739307178, 999999999999999, 1000000000000000, 123456789012345678};
    using K = TrafficEvent::Kind;
    using D = TrafficEvent::Direction;
    int n = 0;
    for (const QByteArray &raw : std::as_const(raws)) {
        for (K kind : {K::Message, K::InvalidMessage, K::StderrLine}) {
            TrafficEvent e;
            e.raw = raw;
            e.kind = kind;
            e.direction = n % 3 == 0 ? D::Outgoing : n % 3 == 1 ? D::Incoming : D::Local;
            e.connectionId = n % 2 ? 1 : 42;
            e.wallClockMs = clocks[n % std::size(clocks)];
            e.monotonicNs = clocks[(n + 3) % std::size(clocks)];
            if (n % 5 == 0)
                e.note = QStringLiteral("a note with \"quotes\""); // the general path
            ++n;
            const QByteArray expected = QJsonDocument(TrafficCapture::eventToJson(e)).toJson(QJsonDocument::Compact) + '\n';
            QByteArray line = "prefix";
            TrafficCapture::appendJsonLine(&line, e);
            QCOMPARE(line, "prefix" + expected);
        }
    }
}

void tst_TrafficCapture::multiSearcherEqualsOneByOne()
{
    const QList<QByteArray> needles = {"bearer", "dpop", "token", "code=", "x"};
    QRandomGenerator random(7);
    const QByteArray alphabet = "BbEeAaRrDdPpOoTtKkNnCc=x- ";
    for (int round = 0; round < 3000; ++round) {
        QByteArray hay(int(random.bounded(60)), Qt::Uninitialized);
        for (char &c : hay)
            c = alphabet.at(int(random.bounded(alphabet.size() - (round % 2 ? 0 : 1)))); // 'x' half the time
        for (int withX = 0; withX < 2; ++withX) {
            const QList<QByteArray> set = withX ? needles : needles.mid(0, needles.size() - 1);
            bool expected = false;
            for (const QByteArray &needle : set)
                expected = expected || CaseInsensitiveSearcher(needle).containedIn(hay);
            QCOMPARE(CaseInsensitiveMultiSearcher(set).anyIn(hay), expected);
        }
    }
    // At the very end of a long haystack, where the 16-byte blocks stop.
    for (int length = 16; length < 70; ++length) {
        QByteArray hay(length, '.');
        hay.replace(length - 5, 5, "TOKEN");
        QVERIFY(CaseInsensitiveMultiSearcher({"bearer", "token"}).anyIn(hay));
        hay[length - 1] = '.';
        QVERIFY(!CaseInsensitiveMultiSearcher({"bearer", "token"}).anyIn(hay));
    }
}

QTEST_GUILESS_MAIN(tst_TrafficCapture)
#include "tst_trafficcapture.moc"
