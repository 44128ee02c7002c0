#pragma once

#include "transport/networksettings.h"

#include "capturewriter.h"

#include <QHostAddress>
#include <QObject>
#include <QUrl>

class QTcpServer;

namespace Mcp::Record {

// Cuts one direction of an HTTP/1.1 connection into messages: the head (request or status
// line and headers), then the body as it arrives (Content-Length, chunked, or up to the close),
// de-chunked. A pure class: bytes in, callbacks out. It only watches: the proxy forwards the
// bytes themselves unchanged.
class HttpStreamParser
{
public:
    enum class Side : quint8 { Request, Response };

    struct Head
    {
        QByteArray method;  // requests
        QByteArray target;  // requests: the request target as sent
        int status = 0;     // responses
        HttpHeaders headers;
    };

    struct Callbacks
    {
        std::function<void(const Head &)> head;
        std::function<void(const QByteArray &)> body;
        std::function<void()> end;
        std::function<void(const QString &)> error; // the stream is not HTTP/1.1 as we know it
    };

    HttpStreamParser(Side side, Callbacks callbacks);
    void feed(QByteArrayView bytes);
    // The connection closed: a body that runs to the close ends here.
    void finish();
    // Responses: the next response answers a HEAD request (no body whatever its headers say).
    void expectHeadResponse() { m_headResponses.append(true); }
    void expectResponse() { m_headResponses.append(false); }

private:
    enum class State : quint8 { Head, Length, ChunkSize, ChunkData, ChunkDataEnd, Trailers, UntilClose, Failed };
    void parseHead(QByteArrayView head);
    // Hands on what the buffer holds of the m_remaining body bytes; true when none remain.
    bool takeBody();
    void startBody(const Head &head);

    Side m_side;
    Callbacks m_callbacks;
    State m_state = State::Head;
    QByteArray m_buffer;
    qint64 m_remaining = 0;
    QList<bool> m_headResponses;
};

// The recorders listen on loopback addresses only: false, with *error saying why, for any other.
bool acceptsListenAddress(const QHostAddress &address, QString *error);
// What both recorders' listen() do: a loopback address only, a target of one of the two schemes
// the recorder speaks (else *error is wrongScheme), then `server` (a QTcpServer or a
// QWebSocketServer) listening there.
template<typename Server>
bool listenInFrontOf(Server *server, const QUrl &target, QLatin1StringView plainScheme, QLatin1StringView secureScheme,
                     const QString &wrongScheme, const QHostAddress &address, quint16 port, QString *error)
{
    if (!acceptsListenAddress(address, error))
        return false;
    if (target.scheme() != plainScheme && target.scheme() != secureScheme) {
        if (error)
            *error = wrongScheme;
        return false;
    }
    if (!server->listen(address, port)) {
        if (error)
            *error = server->errorString();
        return false;
    }
    return true;
}
// Where a host connects to a recorder: scheme://ADDRESS:PORT with the target's path and query.
QUrl recorderUrl(const QString &scheme, const QHostAddress &address, quint16 port, const QUrl &target);
// The TLS configuration a recorder reaches a secure target (https, wss) with, into *ssl (nullopt
// for a plain one); false with *error when the settings cannot be used.
bool upstreamTls(const QUrl &target, const TlsSettings &tls, std::optional<QSslConfiguration> *ssl, QString *error);

// `mcpscope record --http`: a reverse proxy on the loopback address in front of a Streamable
// HTTP (or legacy HTTP+SSE) server. Each accepted connection gets its own connection to the
// target; bytes go both ways unchanged and at once (streamed SSE answers included), and two
// HttpStreamParsers record every exchange: the request (a Message when its body is JSON-RPC),
// the response head (HttpResponse, with status and headers), and its JSON body or each SSE
// event, all with one exchange id. Credentials are redacted by the CaptureWriter.
class HttpRecorder : public QObject
{
    Q_OBJECT

public:
    HttpRecorder(const QUrl &target, CaptureWriter *writer, QObject *parent = nullptr);
    ~HttpRecorder() override;

    // Listens on a loopback address only; anything else is refused with a reason.
    bool listen(const QHostAddress &address, quint16 port, QString *error);
    // Where the host should connect: the listening address with the target's path and query.
    QUrl url() const;
    QUrl target() const { return m_target; }
    // How the recorder reaches the target: its trust, client certificate and proxy (the CLI's
    // --ca-file, --pin-sha256, --proxy...). False with *error when the TLS settings cannot be used.
    bool setNetworkSettings(const NetworkSettings &settings, QString *error);

private:
    void acceptConnections();

    QUrl m_target;
    CaptureWriter *m_writer;
    QTcpServer *m_server = nullptr;
    NetworkSettings m_network;
    std::optional<QSslConfiguration> m_ssl;
    quint64 m_nextExchange = 0;
};

} // namespace Mcp::Record
