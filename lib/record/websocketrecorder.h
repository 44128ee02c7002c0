#pragma once

#include "transport/networksettings.h"

#include "capturewriter.h"

#include <QHostAddress>
#include <QObject>
#include <QUrl>

QT_BEGIN_NAMESPACE
class QWebSocketServer;
QT_END_NAMESPACE

namespace Mcp::Record {

// `mcpscope record --http --target ws://…` (or wss://): a WebSocket proxy on the loopback address
// in front of a WebSocket MCP server. Each client that connects gets its own connection to the
// target, opened with the client's handshake headers (credentials included) and the "mcp"
// subprotocol; every frame is passed on unchanged (text as text, binary as binary) and recorded:
// the handshake (HttpRequest, and HttpResponse 101 once the target accepted), each frame as a
// Message (InvalidMessage when it is not JSON-RPC), all with one exchange id per connection, and
// each close with its code and reason, which is passed on to the other side.
class WebSocketRecorder : public QObject
{
    Q_OBJECT

public:
    WebSocketRecorder(const QUrl &target, CaptureWriter *writer, QObject *parent = nullptr);
    ~WebSocketRecorder() override;

    // Listens on a loopback address only; anything else is refused with a reason.
    bool listen(const QHostAddress &address, quint16 port, QString *error);
    // Where the host should connect: ws://ADDRESS:PORT with the target's path and query.
    QUrl url() const;
    QUrl target() const { return m_target; }
    // How the recorder reaches the target (see HttpRecorder::setNetworkSettings).
    bool setNetworkSettings(const NetworkSettings &settings, QString *error);

private:
    void acceptConnections();

    QUrl m_target;
    CaptureWriter *m_writer;
    QWebSocketServer *m_server;
    NetworkSettings m_network;
    std::optional<QSslConfiguration> m_ssl;
    quint64 m_nextExchange = 0;
};

} // namespace Mcp::Record
