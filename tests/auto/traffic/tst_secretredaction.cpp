// Secrets never leave through a capture (issue 31): the real mcpscope binary (--cli --capture,
// JSON Lines and HAR; record) against hostile peers that echo every secret the test configured,
// in every framing a server may use: bare, without its "Bearer ", inside JSON strings (escaped
// "\/", "\u00e4"), percent- and form-encoded in URLs, as an SSE event id, in response headers
// and in stderr. The peers are this executable run as a process of its own (--hostile-http, a
// Streamable HTTP server on 127.0.0.1; --hostile-stdio, a stdio server). The files written are
// decoded (JSON strings, base64 bodies) and searched for each secret in each framing.

#include "httppeer.h"
#include "rawhttp.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <cctype>
#include <cstdio>
#include <iostream>
#include <string>


namespace {

// The secrets: each has characters that change under JSON or URL framing (/, +, =, space, é).
const QString BearerToken = QStringLiteral("bt7Hq/X+9kLpZ2w=");
const QString UrlPassword = QStringLiteral("pw:ä/ö 9x&y");
const QString QueryKey = QStringLiteral("k3y/ä+b=c");
const QString QuerySig = QStringLiteral("s1g-ZZZ-777");
const QString ApiKeyHeader = QStringLiteral("xk-5555/abc");
const QString EnvToken = QStringLiteral("gh/tok+ä 42");
// OAuth credentials a server hands out (dynamic registration, token responses): never
// configured, found by their field names.
const QStringList OAuthFields = {QStringLiteral("registration_access_token"), QStringLiteral("client_secret"),
                                 QStringLiteral("refresh_token"), QStringLiteral("id_token"),
                                 QStringLiteral("code_verifier"), QStringLiteral("assertion"),
                                 QStringLiteral("access_token")};
QString oauthValue(const QString &field)
{
    return QStringLiteral("oauth-%1-Zq81x").arg(field);
}

QByteArray pct(const QString &s, const QByteArray &kept = {})
{
    return QUrl::toPercentEncoding(s, kept);
}

QByteArray lowerHex(QByteArray encoded)
{
    for (qsizetype i = 0; i + 2 < encoded.size(); ++i) {
        if (encoded.at(i) == '%') {
            encoded[i + 1] = char(tolower(encoded.at(i + 1)));
            encoded[i + 2] = char(tolower(encoded.at(i + 2)));
        }
    }
    return encoded;
}

// The secret as it appears inside a JSON string on the wire, in the given style.
QByteArray jsonEscaped(const QString &s, bool escapeSlash, bool asciiOnly)
{
    QByteArray out;
    for (const QChar c : s) {
        if (c == u'"' || c == u'\\')
            out += '\\' + QByteArray(1, char(c.unicode()));
        else if (c == u'/' && escapeSlash)
            out += "\\/";
        else if (c.unicode() >= 0x80 && asciiOnly)
            out += "\\u" + QByteArray::number(c.unicode(), 16).rightJustified(4, '0');
        else
            out += QString(c).toUtf8();
    }
    return out;
}

// Every framing of a secret, as the wire carries it inside a JSON string (the peers send these).
QList<QByteArray> wireFramings(const QString &s)
{
    return {jsonEscaped(s, false, false), jsonEscaped(s, true, false), jsonEscaped(s, false, true),
            pct(s), lowerHex(pct(s)), pct(s, "!'()*"), QByteArray(pct(s)).replace("%20", "+")};
}

// What to look for in the decoded output: the secret in each framing after JSON decoding.
QList<QString> decodedFramings(const QString &s)
{
    QList<QString> forms{s};
    for (const QByteArray &wire : wireFramings(s))
        forms.append(QString::fromUtf8(wire));
    // And as QUrl shows a URL: non-ASCII decoded, delimiters encoded.
    QUrl url;
    url.setQuery(QStringLiteral("x=") + QString::fromLatin1(pct(s)));
    url.setPassword(s);
    forms << url.query(QUrl::PrettyDecoded).mid(2) << url.password(QUrl::PrettyDecoded) << url.password(QUrl::FullyEncoded);
    // A framing that was JSON-escaped on the wire reads as the bare secret once decoded; the
    // percent-encoded ones stay as they are.
    forms.removeDuplicates();
    return forms;
}

// ---- The hostile HTTP peer ------------------------------------------------------------------

QByteArray echoText(const QStringList &secrets)
{
    // Each secret in each framing, inside one JSON string (so each framing is valid there).
    QByteArray text;
    for (const QString &secret : secrets) {
        for (const QByteArray &form : wireFramings(secret))
            text += "echo[" + form + "] ";
        text += "https://127.0.0.2/collect?q=" + pct(secret) + " ";
    }
    return text;
}

QByteArray oauthMembers()
{
    QByteArray members;
    for (const QString &field : OAuthFields)
        members += ",\"" + field.toUtf8() + "\":\"" + oauthValue(field).toUtf8() + '"';
    // And as a JSON document inside a JSON string.
    members += ",\"nested\":\"{\\\"registration_access_token\\\":\\\"" + oauthValue(QStringLiteral("nested")).toUtf8()
        + "\\\"}\"";
    return members;
}

// The request's id as JSON text, to write into an answer.
QByteArray idOf(const QJsonObject &message)
{
    return QJsonDocument(QJsonArray{message.value(QLatin1String("id"))}).toJson(QJsonDocument::Compact).mid(1).chopped(1);
}

// initialize and tools/list answered by a hostile peer: secrets echoed in the instructions and
// the tool's description.
QByteArray initializeReply(const QByteArray &id, const QByteArray &capabilities, const QStringList &secrets)
{
    return R"({"jsonrpc":"2.0","id":)" + id + R"(,"result":{"protocolVersion":"2025-06-18","capabilities":)" + capabilities
        + R"(,"serverInfo":{"name":"hostile","version":"1"},"instructions":")" + echoText(secrets) + "\"}}";
}

QByteArray toolsListReply(const QByteArray &id, const QStringList &secrets)
{
    return R"({"jsonrpc":"2.0","id":)" + id + R"(,"result":{"tools":[{"name":"echo","description":")" + echoText(secrets)
        + R"(","inputSchema":{"type":"object"}}]}})";
}

int runHostileHttp()
{
    QTcpServer server;
    if (!server.listen(QHostAddress(QStringLiteral("127.0.0.1")), 0))
        return 1;
    const QStringList secrets = {BearerToken, UrlPassword, QueryKey, QuerySig, ApiKeyHeader};
    QObject::connect(&server, &QTcpServer::newConnection, &server, [&server, secrets] {
        while (QTcpSocket *socket = server.nextPendingConnection()) {
            auto buffer = std::make_shared<QByteArray>();
            QObject::connect(socket, &QTcpSocket::readyRead, socket, [socket, buffer, secrets] {
                *buffer += socket->readAll();
                for (;;) {
                    QByteArray head, body;
                    const qsizetype size = Mcp::Test::wholeRequest(*buffer, &head, &body);
                    if (size == 0)
                        return;
                    buffer->remove(0, size);
                    const QByteArray method = head.left(head.indexOf(' '));
                    const QJsonObject message = QJsonDocument::fromJson(body).object();
                    const QByteArray id = idOf(message);
                    const QString rpc = message.value(QLatin1String("method")).toString();
                    // Headers that echo: a session id and a link carrying the token.
                    const QByteArray echoHeaders = "Mcp-Session-Id: sess-" + pct(BearerToken) + "\r\n"
                        + "X-Echo: " + BearerToken.toUtf8() + " " + ApiKeyHeader.toUtf8() + "\r\n"
                        + "Link: <http://127.0.0.2/x?u=" + pct(QueryKey) + ">\r\n";
                    QByteArray status = "200 OK";
                    QByteArray type = "application/json";
                    QByteArray reply;
                    if (method != "POST") {
                        status = "405 Method Not Allowed";
                    } else if (!message.contains(QLatin1String("id"))) {
                        status = "202 Accepted";
                    } else if (rpc == QLatin1String("initialize")) {
                        reply = initializeReply(id, R"({"tools":{},"logging":{}})", secrets);
                    } else if (rpc == QLatin1String("tools/list")) {
                        reply = toolsListReply(id, secrets);
                    } else if (rpc == QLatin1String("tools/call")) {
                        // A stream: the token as the event id, a log notification, then the result.
                        type = "text/event-stream";
                        reply = "id: " + BearerToken.toUtf8() + "\nevent: message\ndata: "
                            + R"({"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":")"
                            + echoText(secrets) + "\"}}\n\n" + "id: ev2-" + pct(BearerToken) + "\ndata: "
                            + R"({"jsonrpc":"2.0","id":)" + id + R"(,"result":{"content":[{"type":"text","text":")"
                            + echoText(secrets) + R"("}],"_meta":{"x":1)" + oauthMembers() + "}}}\n\n";
                    } else {
                        reply = R"({"jsonrpc":"2.0","id":)" + id + R"(,"error":{"code":-32601,"message":")"
                            + echoText(secrets) + "\"}}";
                    }
                    socket->write("HTTP/1.1 " + status + "\r\nContent-Type: " + type + "\r\n" + echoHeaders
                                  + "Content-Length: " + QByteArray::number(reply.size()) + "\r\n\r\n" + reply);
                }
            });
            QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        }
    });
    std::printf("http://127.0.0.1:%d/mcp\n", int(server.serverPort()));
    std::fflush(stdout);
    return QCoreApplication::exec();
}

// ---- The hostile stdio peer -----------------------------------------------------------------

int runHostileStdio()
{
    // It echoes the secret its environment was given (the configured one), and tells stderr.
    const QString token = qEnvironmentVariable("GITHUB_TOKEN");
    const QStringList secrets{token};
    std::string line;
    std::fprintf(stderr, "starting with token %s and %s\n", token.toUtf8().constData(), pct(token).constData());
    while (std::getline(std::cin, line)) {
        const QJsonObject message = QJsonDocument::fromJson(QByteArray::fromStdString(line)).object();
        if (!message.contains(QLatin1String("id")))
            continue;
        const QByteArray id = idOf(message);
        const QString rpc = message.value(QLatin1String("method")).toString();
        QByteArray reply;
        if (rpc == QLatin1String("initialize")) {
            reply = initializeReply(id, R"({"tools":{}})", secrets);
        } else if (rpc == QLatin1String("tools/list")) {
            reply = toolsListReply(id, secrets);
        } else if (rpc == QLatin1String("tools/call")) {
            reply = R"({"jsonrpc":"2.0","id":)" + id + R"(,"result":{"content":[{"type":"text","text":")"
                + echoText(secrets) + R"("}],"_meta":{"x":1)" + oauthMembers() + "}}}";
        } else {
            reply = R"({"jsonrpc":"2.0","id":)" + id + R"(,"result":{}})";
        }
        std::fprintf(stderr, "echo %s\n", token.toUtf8().constData());
        std::fflush(stderr);
        std::fwrite(reply.constData(), 1, size_t(reply.size()), stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout);
    }
    return 0;
}

// ---- Reading what was written ---------------------------------------------------------------

void collectStrings(const QJsonValue &value, QStringList *out)
{
    if (value.isString()) {
        out->append(value.toString());
    } else if (value.isArray()) {
        for (const QJsonValue &v : value.toArray())
            collectStrings(v, out);
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            out->append(it.key());
            collectStrings(it.value(), out);
        }
        // Bodies that were not UTF-8 are base64: read them too.
        if (object.value(QLatin1String("rawBase64")).toBool())
            out->append(QString::fromUtf8(QByteArray::fromBase64(object.value(QLatin1String("raw")).toString().toLatin1())));
        if (object.value(QLatin1String("encoding")).toString() == QLatin1String("base64"))
            out->append(QString::fromUtf8(QByteArray::fromBase64(object.value(QLatin1String("text")).toString().toLatin1())));
    }
}

// Every string in a JSON Lines or JSON file, decoded (and its raw text as well).
QStringList stringsIn(const QByteArray &file)
{
    QStringList strings{QString::fromUtf8(file)};
    QJsonParseError error;
    const QJsonDocument whole = QJsonDocument::fromJson(file, &error);
    if (error.error == QJsonParseError::NoError) {
        collectStrings(whole.object(), &strings);
        return strings;
    }
    for (const QByteArray &line : file.split('\n')) {
        if (!line.trimmed().isEmpty())
            collectStrings(QJsonDocument::fromJson(line).object(), &strings);
    }
    return strings;
}

// The secrets found in the file, in which framing; empty when none is there.
QStringList leaks(const QByteArray &file, const QStringList &secrets)
{
    QStringList found;
    const QStringList strings = stringsIn(file);
    for (const QString &secret : secrets) {
        for (const QString &form : decodedFramings(secret)) {
            for (const QString &text : strings) {
                if (text.contains(form)) {
                    const qsizetype at = text.indexOf(form);
                    found.append(QStringLiteral("%1 (as %2) in ...%3...")
                                     .arg(secret, form, text.mid(qMax<qsizetype>(0, at - 40), form.size() + 80)));
                    break;
                }
            }
        }
    }
    found.removeDuplicates();
    return found;
}

QStringList oauthSecrets()
{
    QStringList values;
    for (const QString &field : OAuthFields)
        values.append(oauthValue(field));
    values.append(oauthValue(QStringLiteral("nested")));
    return values;
}

} // namespace

class tst_SecretRedaction : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cliCaptureOfHttp_data();
    void cliCaptureOfHttp();
    void cliCaptureOfStdio();
    void recordCapture();
    void collectionReportAndCapture();

private:
    QString m_self;
    QTemporaryDir m_dir;
};

void tst_SecretRedaction::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_self = QCoreApplication::applicationFilePath();
    // The check itself finds what it looks for (it cannot pass by reading nothing).
    const QByteArray planted = "{\"a\":\"x " + jsonEscaped(UrlPassword, true, true) + "\"}\n";
    QVERIFY(!leaks(planted, {UrlPassword}).isEmpty());
    QVERIFY(!leaks("{\"a\":\"" + lowerHex(pct(QueryKey)) + "\"}", {QueryKey}).isEmpty());
}

void tst_SecretRedaction::cliCaptureOfHttp_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::newRow("JSON Lines") << QStringLiteral("http.jsonl");
    QTest::newRow("HAR") << QStringLiteral("http.har");
}

// A URL with a password and keys in its query, a bearer token and an API key header: every
// one of them, and the OAuth credentials the server sends, is absent from the capture.
void tst_SecretRedaction::cliCaptureOfHttp()
{
    QFETCH(QString, fileName);
    QProcess peer;
    const QUrl base = Mcp::Test::startHttpPeer(peer, m_self, {QStringLiteral("--hostile-http")});
    QVERIFY2(base.isValid(), peer.readAllStandardError().constData());
    const QString url = QStringLiteral("http://alice:%1@127.0.0.1:%2/mcp?api_key=%3&sig=%4")
                            .arg(QString::fromLatin1(pct(UrlPassword)), QString::number(base.port()),
                                 QString::fromLatin1(pct(QueryKey)), QString::fromLatin1(pct(QuerySig)));
    const QString capture = m_dir.filePath(fileName);
    QProcess cli;
    cli.start(QStringLiteral(MCPSCOPE_CLI),
              {QStringLiteral("--cli"), url, QStringLiteral("--transport"), QStringLiteral("http"),
               QStringLiteral("--protocol"), QStringLiteral("2025-06-18"), QStringLiteral("--header"),
               QStringLiteral("Authorization: Bearer ") + BearerToken, QStringLiteral("--header"),
               QStringLiteral("X-Api-Key: ") + ApiKeyHeader, QStringLiteral("--method"), QStringLiteral("tools/call"),
               QStringLiteral("--tool-name"), QStringLiteral("echo"), QStringLiteral("--capture"), capture,
               QStringLiteral("--connect-timeout"), QStringLiteral("20000")});
    QVERIFY(cli.waitForFinished(60000));
    const QByteArray out = cli.readAllStandardOutput();
    QVERIFY2(cli.exitCode() == 0, QByteArray(out + cli.readAllStandardError()).constData());
    // The result itself shows the echo: the server did send the secrets.
    QVERIFY2(out.contains("echo["), out.constData());
    peer.kill();
    peer.waitForFinished();

    QFile file(capture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray written = file.readAll();
    QVERIFY2(written.contains("echo[") && written.contains("[redacted]"), written.left(2000).constData());
    const QStringList found = leaks(written, QStringList{BearerToken, UrlPassword, QueryKey, QuerySig, ApiKeyHeader}
                                                 + oauthSecrets());
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QStringLiteral("\n"))));
}

// A stdio server given a secret in its environment (-e GITHUB_TOKEN=...) that echoes it in its
// results and on stderr.
void tst_SecretRedaction::cliCaptureOfStdio()
{
    const QString capture = m_dir.filePath(QStringLiteral("stdio.jsonl"));
    QProcess cli;
    cli.start(QStringLiteral(MCPSCOPE_CLI),
              {QStringLiteral("--cli"), QStringLiteral("-e"), QStringLiteral("GITHUB_TOKEN=") + EnvToken,
               QStringLiteral("--protocol"), QStringLiteral("2025-06-18"), QStringLiteral("--method"),
               QStringLiteral("tools/call"), QStringLiteral("--tool-name"), QStringLiteral("echo"),
               QStringLiteral("--capture"), capture, QStringLiteral("--"), m_self, QStringLiteral("--hostile-stdio")});
    QVERIFY(cli.waitForFinished(60000));
    const QByteArray out = cli.readAllStandardOutput();
    QVERIFY2(cli.exitCode() == 0, QByteArray(out + cli.readAllStandardError()).constData());
    QVERIFY2(out.contains("echo["), out.constData());
    QFile file(capture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray written = file.readAll();
    QVERIFY(written.contains("echo["));
    const QStringList found = leaks(written, QStringList{EnvToken} + oauthSecrets());
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QStringLiteral("\n"))));
}

// mcpscope record between a host (this test) and the stdio server: the host configured the
// secret in the environment it starts the recorder with.
void tst_SecretRedaction::recordCapture()
{
    const QString capture = m_dir.filePath(QStringLiteral("record.jsonl"));
    QProcess record;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GITHUB_TOKEN"), EnvToken);
    record.setProcessEnvironment(env);
    record.start(QStringLiteral(MCPSCOPE_CLI), {QStringLiteral("record"), QStringLiteral("--no-live"),
                                                QStringLiteral("--capture"), capture, QStringLiteral("--name"),
                                                QStringLiteral("hostile?token=") + EnvToken, QStringLiteral("--"),
                                                m_self, QStringLiteral("--hostile-stdio")});
    QVERIFY(record.waitForStarted());
    record.write(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"host","version":"1"}}})"
                 "\n"
                 R"({"jsonrpc":"2.0","method":"notifications/initialized"})"
                 "\n"
                 R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{}}})"
                 "\n");
    QByteArray out;
    for (int i = 0; i < 100 && out.count('\n') < 2; ++i) {
        record.waitForReadyRead(200);
        out += record.readAllStandardOutput();
    }
    QVERIFY2(out.contains("echo["), out.constData());
    record.closeWriteChannel();
    QVERIFY(record.waitForFinished(30000));
    QFile file(capture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray written = file.readAll();
    QVERIFY2(written.contains("echo["), written.constData());
    const QStringList found = leaks(written, QStringList{EnvToken} + oauthSecrets());
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QStringLiteral("\n"))));
}

// mcpscope test: a collection whose server has the secret in its env; the JSON report written
// with --output and the --capture hold the server's answers, and neither holds the secret.
void tst_SecretRedaction::collectionReportAndCapture()
{
    const QString collection = m_dir.filePath(QStringLiteral("collection.json"));
    QFile file(collection);
    QVERIFY(file.open(QIODevice::WriteOnly));
    const QJsonObject server{{QStringLiteral("command"), m_self},
                             {QStringLiteral("args"), QJsonArray{QStringLiteral("--hostile-stdio")}},
                             {QStringLiteral("env"), QJsonObject{{QStringLiteral("GITHUB_TOKEN"), EnvToken}}}};
    file.write(QJsonDocument(QJsonObject{
                                 {QStringLiteral("format"), QStringLiteral("mcpscope-collection")},
                                 {QStringLiteral("version"), 1},
                                 {QStringLiteral("servers"), QJsonObject{{QStringLiteral("hostile"), server}}},
                                 {QStringLiteral("calls"), QJsonArray{QJsonObject{{QStringLiteral("server"), QStringLiteral("hostile")},
                                                                                 {QStringLiteral("tool"), QStringLiteral("echo")}}}}})
                   .toJson());
    file.close();
    const QString report = m_dir.filePath(QStringLiteral("report.json"));
    const QString capture = m_dir.filePath(QStringLiteral("collection.jsonl"));
    QProcess test;
    test.start(QStringLiteral(MCPSCOPE_CLI), {QStringLiteral("test"), collection, QStringLiteral("--protocol"),
                                              QStringLiteral("legacy"), QStringLiteral("--reporter"), QStringLiteral("json"),
                                              QStringLiteral("--output"), report, QStringLiteral("--capture"), capture});
    QVERIFY(test.waitForFinished(60000));
    QVERIFY2(test.exitCode() == 0, QByteArray(test.readAllStandardOutput() + test.readAllStandardError()).constData());
    for (const QString &path : {report, capture}) {
        QFile written(path);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QByteArray bytes = written.readAll();
        QVERIFY2(bytes.contains("echo["), qPrintable(path));
        const QStringList found = leaks(bytes, QStringList{EnvToken} + oauthSecrets());
        QVERIFY2(found.isEmpty(), qPrintable(path + QLatin1Char('\n') + found.join(QStringLiteral("\n"))));
    }
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc > 1 && qstrcmp(argv[1], "--hostile-http") == 0)
        return runHostileHttp();
    if (argc > 1 && qstrcmp(argv[1], "--hostile-stdio") == 0)
        return runHostileStdio();
    tst_SecretRedaction test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_secretredaction.moc"
