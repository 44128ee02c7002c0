#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QMetaType>
#include <QSharedDataPointer>
#include <QString>
#include <QStringList>

#include "jsontext.h"

namespace Mcp {

// A JSON-RPC id: an integer or a string, kept in its exact JSON form so that it can be
// echoed back unchanged. Null is only legal on error responses to unparseable requests.
class MessageId
{
public:
    MessageId() = default;
    MessageId(qint64 value) : m_type(Type::Integer), m_integer(value) {}
    MessageId(const QString &value) : m_type(Type::String), m_string(value) {}

    // Accepts integers (as JSON numbers without a fraction), strings and null.
    static MessageId fromJson(const QJsonValue &value, bool *ok = nullptr);
    QJsonValue toJson() const;

    bool isNull() const { return m_type == Type::Null; }
    bool isInteger() const { return m_type == Type::Integer; }
    bool isString() const { return m_type == Type::String; }
    qint64 toInteger() const { return m_integer; }
    // The id as a person reads it: 7, "abc" (quoted) or null.
    QString toDisplayString() const;
    // The raw string of a string id, or the decimal form of an integer id.
    QString toString() const;

    friend bool operator==(const MessageId &a, const MessageId &b)
    {
        return a.m_type == b.m_type && a.m_integer == b.m_integer && a.m_string == b.m_string;
    }
    friend bool operator!=(const MessageId &a, const MessageId &b) { return !(a == b); }
    friend size_t qHash(const MessageId &id, size_t seed = 0)
    {
        return id.isString() ? qHash(id.m_string, seed) : qHash(id.m_integer, seed);
    }

private:
    enum class Type : quint8 { Null, Integer, String };
    Type m_type = Type::Null;
    qint64 m_integer = 0;
    QString m_string;
};

// Error codes of JSON-RPC 2.0 and of MCP.
namespace ErrorCode {
enum : int {
    ParseError = -32700,
    InvalidRequest = -32600,
    MethodNotFound = -32601,
    InvalidParams = -32602,
    InternalError = -32603,
    ResourceNotFound = -32002,
    UrlElicitationRequired = -32042,
    // sampling/createMessage rejected by the user (MCP convention).
    UserRejected = -1,
};
}

struct RpcError
{
    int code = 0;
    QString message;
    QJsonValue data = QJsonValue::Undefined; // Undefined when the error has no data member

    QJsonObject toJson() const;
    static RpcError fromJson(const QJsonObject &object);
    friend bool operator==(const RpcError &a, const RpcError &b)
    {
        return a.code == b.code && a.message == b.message && a.data == b.data;
    }
};

class MessageData;
class Message;
namespace Internal {
Message lazyResponse(const MessageId &id, const QByteArray &frame, const QJsonObject &head);
void setFrameSize(Message &message, qsizetype size);
void setResultTexts(Message &message, const QList<JsonText> &texts);
}

// One JSON-RPC 2.0 message. Cheap to copy (implicitly shared).
class Message
{
public:
    enum class Kind : quint8 { Request, Notification, Response, ErrorResponse };

    Message();
    Message(const Message &other);
    Message &operator=(const Message &other);
    ~Message();

    static Message request(const MessageId &id, const QString &method,
                           const QJsonValue &params = QJsonValue::Undefined);
    static Message notification(const QString &method,
                                const QJsonValue &params = QJsonValue::Undefined);
    static Message response(const MessageId &id, const QJsonValue &result);
    static Message errorResponse(const MessageId &id, const RpcError &error);

    Kind kind() const;
    bool isRequest() const { return kind() == Kind::Request; }
    bool isNotification() const { return kind() == Kind::Notification; }
    bool isResponse() const { return kind() == Kind::Response; }
    bool isErrorResponse() const { return kind() == Kind::ErrorResponse; }
    // Responses and error responses: both answer a request.
    bool isReply() const { return isResponse() || isErrorResponse(); }

    MessageId id() const;          // null for notifications
    QString method() const;        // empty for responses
    QJsonValue params() const;     // Undefined when absent; otherwise an object or an array
    QJsonObject paramsObject() const { return params().toObject(); }
    QJsonValue result() const;     // responses only
    // The result's members that are neither objects nor arrays, and its "_meta": what a protocol
    // layer reads to route a reply (its type, the server's info) without converting the payload,
    // which a small frame keeps unconverted until result() is asked for. Empty unless the
    // result is an object.
    QJsonObject resultHead() const;
    RpcError error() const;        // error responses only
    // The result with its big text values (string values of 256 KiB or more, in a frame of
    // 1 MiB or more) left in the frame as JsonTexts, for whoever can show or write them in
    // pieces; result() converts them (once) for everyone else. No texts for other messages.
    ResultTexts resultWithTexts() const;

    QJsonObject toJson() const;
    // Compact JSON on one line, with no trailing newline.
    QByteArray serialize() const;
    // The size of the frame this message was read from (0 for a message built here, or one of
    // a batch): lets a receiver tell a big answer without converting it.
    qsizetype frameSize() const;

    // Builds a message from a decoded JSON object; returns false and sets *diagnostic
    // when the object is not a valid JSON-RPC 2.0 message.
    static bool fromJson(const QJsonObject &object, Message *message, QString *diagnostic);

    friend bool operator==(const Message &a, const Message &b);
    friend bool operator!=(const Message &a, const Message &b) { return !(a == b); }

private:
    friend Message Internal::lazyResponse(const MessageId &id, const QByteArray &frame, const QJsonObject &head);
    friend void Internal::setFrameSize(Message &message, qsizetype size);
    friend void Internal::setResultTexts(Message &message, const QList<JsonText> &texts);
    QSharedDataPointer<MessageData> d;
};

// The outcome of parsing one frame (a stdio line, an HTTP body, an SSE data field).
// A frame may be a single message or, since 2025-03-26, a batch (a JSON array).
struct ParsedFrame
{
    QList<Message> messages;   // the valid messages, in order
    QStringList diagnostics;   // one entry for every part that was not a valid message
    // Things that were repaired rather than refused: invalid UTF-8 read as U+FFFD (as browsers
    // and Node do), so the message is delivered; the raw bytes are what the traffic log keeps.
    QStringList warnings;
    // The ids of responses that could not be read (a part that is not a valid message, or not
    // JSON at all, but names an id and no method): the requests they answer must fail at once
    // instead of waiting out their timeouts.
    QList<MessageId> unreadableReplies;
    // Requests whose id cannot be echoed (an integer beyond 64 bits, a fraction, an object, an
    // array, a boolean): JSON-RPC answers each with an Invalid Request error whose id is null.
    int requestsWithBadIds = 0;
    bool batch = false;

    bool isValid() const { return diagnostics.isEmpty() && !messages.isEmpty(); }
};

// Parses one frame. Never throws and never fails silently: everything that is not a
// valid message is described in diagnostics (not JSON, not an object, no "jsonrpc": "2.0", ...).
ParsedFrame parseFrame(QByteArrayView frame);
// The same for a frame the caller keeps (a transport's line, which its traffic event holds):
// a response's big texts (Message::resultWithTexts()) then share its bytes instead of a copy.
ParsedFrame parseSharedFrame(const QByteArray &frame);

// What a traffic log needs to know about a frame, without building its payload
// (params, result and error data are checked for type but not converted).
struct MessageSummary
{
    bool valid = false;      // the frame (or, for a batch, its first element) is a valid message
    bool batch = false;
    int count = 0;           // messages in the frame: 1, or the number of batch elements
    Message::Kind kind = Message::Kind::Notification;
    MessageId id;            // null for notifications
    QString method;          // empty for responses
    int errorCode = 0;       // error responses only
    QString errorMessage;    // error responses only
    QString diagnostic;      // why the frame (or the first batch element) is not a valid message
    QString warning;         // what was repaired (invalid UTF-8 read as U+FFFD)
};

// Classifies one frame several times faster than parseFrame() on big payloads.
MessageSummary summarizeFrame(QByteArrayView frame);

} // namespace Mcp

Q_DECLARE_METATYPE(Mcp::MessageId)
Q_DECLARE_METATYPE(Mcp::Message)
Q_DECLARE_METATYPE(Mcp::RpcError)
