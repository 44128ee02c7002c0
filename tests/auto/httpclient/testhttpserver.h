#pragma once

// A tiny HTTP/1.1 server on 127.0.0.1 for tests: every request goes to a handler that
// writes whatever bytes it likes, when it likes, so faults (cut streams, odd line ends,
// trickles, silence) are easy to stage. Header-only, shared by the http* test areas.

#include <QElapsedTimer>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

#include <functional>

struct TestHttpRequest
{
    QByteArray method;
    QByteArray path;
    QHash<QByteArray, QByteArray> headers; // names in lower case
    QByteArray body;
    qint64 receivedAtMs = 0;               // on the server's clock (TestHttpServer::elapsed())

    QByteArray header(const QByteArray &name) const { return headers.value(name.toLower()); }
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    QString rpcMethod() const { return json().value(QLatin1String("method")).toString(); }
    QJsonValue rpcId() const { return json().value(QLatin1String("id")); }
};

class TestHttpServer : public QObject
{
public:
    using Handler = std::function<void(QTcpSocket *socket, const TestHttpRequest &request)>;

    // host: another loopback address (127.0.0.2) for a second origin.
    explicit TestHttpServer(QObject *parent = nullptr, const QHostAddress &host = QHostAddress::LocalHost) : QObject(parent)
    {
        m_clock.start();
        QObject::connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                QObject::connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
                QObject::connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
                    m_buffers.remove(socket);
                    socket->deleteLater();
                });
            }
        });
        m_server.listen(host, 0);
    }

    void setHandler(Handler handler) { m_handler = std::move(handler); }
    QUrl url(const QString &path = QStringLiteral("/mcp")) const
    {
        QUrl u;
        u.setScheme(QStringLiteral("http"));
        u.setHost(m_server.serverAddress().toString());
        u.setPort(m_server.serverPort());
        u.setPath(path);
        return u;
    }
    quint16 port() const { return m_server.serverPort(); }
    qint64 elapsed() const { return m_clock.elapsed(); }
    QList<TestHttpRequest> requests;

    static QByteArray reason(int status)
    {
        switch (status) {
        case 200: return "OK";
        case 202: return "Accepted";
        case 400: return "Bad Request";
        case 401: return "Unauthorized";
        case 404: return "Not Found";
        case 405: return "Method Not Allowed";
        case 406: return "Not Acceptable";
        case 500: return "Internal Server Error";
        default: return "Status";
        }
    }

    static void respond(QTcpSocket *socket, int status, const QByteArray &contentType = {},
                        const QByteArray &body = {}, const QList<QPair<QByteArray, QByteArray>> &headers = {})
    {
        QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason(status) + "\r\n";
        if (!contentType.isEmpty())
            head += "Content-Type: " + contentType + "\r\n";
        for (const auto &h : headers)
            head += h.first + ": " + h.second + "\r\n";
        head += "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n";
        socket->write(head);
        socket->write(body);
    }

    static void respondJson(QTcpSocket *socket, const QJsonObject &object,
                            const QList<QPair<QByteArray, QByteArray>> &headers = {})
    {
        respond(socket, 200, "application/json", QJsonDocument(object).toJson(QJsonDocument::Compact), headers);
    }

    // Starts an SSE response whose end is the end of the connection.
    static void startSse(QTcpSocket *socket, const QList<QPair<QByteArray, QByteArray>> &headers = {})
    {
        QByteArray head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nConnection: close\r\n";
        for (const auto &h : headers)
            head += h.first + ": " + h.second + "\r\n";
        socket->write(head + "\r\n");
    }

    static QJsonObject result(const QJsonValue &id, const QJsonObject &result)
    {
        return QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), id},
                           {QStringLiteral("result"), result}};
    }
    static QByteArray compact(const QJsonObject &object) { return QJsonDocument(object).toJson(QJsonDocument::Compact); }

private:
    void onReadyRead(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        for (;;) {
            const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
            if (headerEnd < 0)
                return;
            TestHttpRequest request;
            const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
            const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
            request.method = first.value(0);
            request.path = first.value(1);
            for (qsizetype i = 1; i < lines.size(); ++i) {
                const qsizetype colon = lines[i].indexOf(':');
                if (colon > 0)
                    request.headers.insert(lines[i].left(colon).trimmed().toLower(), lines[i].mid(colon + 1).trimmed());
            }
            const qsizetype length = request.header("content-length").toLongLong();
            if (buffer.size() < headerEnd + 4 + length)
                return;
            request.body = buffer.mid(headerEnd + 4, length);
            buffer.remove(0, headerEnd + 4 + length);
            request.receivedAtMs = m_clock.elapsed();
            requests.append(request);
            if (m_handler)
                m_handler(socket, request);
        }
    }

    Handler m_handler;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    QElapsedTimer m_clock;
    QTcpServer m_server; // last: destroyed first, with its sockets, while the members above still exist
};
