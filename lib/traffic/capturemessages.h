#pragma once

#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace Mcp {

// One JSON-RPC message of a capture, in the order it crossed the wire.
struct CapturedMessage
{
    int connectionId = 1;
    bool outgoing = true;  // client to server
    QJsonObject message;   // one message (a batch is split into its members)
    qint64 atMs = -1;      // when it crossed (monotonic, ms); -1 when the capture does not say
};

// The JSON-RPC messages of a capture the window or the CLI saved: a JSON Lines capture
// (TrafficCapture's format; Message events) or a HAR file (request bodies, and response bodies
// as JSON or text/event-stream, and a WebSocket's text frames in _webSocketMessages). What
// `mcpscope replay` replays. Pure: a file in, values out.
struct CapturedMessages
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::CapturedMessages)

public:
    QList<CapturedMessage> messages;
    QHash<int, QString> connectionNames;
    QString error; // why the file could not be read; empty on success

    static CapturedMessages readFile(const QString &path);
    static CapturedMessages fromJsonLines(const QByteArray &text);
    static CapturedMessages fromHar(const QByteArray &text);
};

} // namespace Mcp
