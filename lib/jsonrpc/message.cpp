#include "message.h"
#include "json.h"
#include "message_p.h"
#include "json_p.h"

#include <QMutex>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

#include <cmath>
#include <limits>

namespace Mcp {

// ---- MessageId -------------------------------------------------------------------

MessageId MessageId::fromJson(const QJsonValue &value, bool *ok)
{
    bool valid = true;
    MessageId id;
    if (value.isString()) {
        id = MessageId(value.toString());
    } else if (value.isDouble()) {
        // JSON-RPC ids SHOULD NOT have fractions; MCP requires integers or strings. Qt keeps a
        // JSON integer that fits in 64 bits exactly (toInteger()), which an id must be echoed as.
        constexpr qint64 NotAnInteger = std::numeric_limits<qint64>::min();
        const qint64 integer = value.toInteger(NotAnInteger);
        if (integer != NotAnInteger || value.toDouble() == double(NotAnInteger))
            id = MessageId(integer);
        else
            valid = false;
    } else if (!value.isNull()) {
        valid = false;
    }
    if (ok)
        *ok = valid;
    return id;
}

QJsonValue MessageId::toJson() const
{
    switch (m_type) {
    case Type::Integer: return QJsonValue(m_integer);
    case Type::String: return QJsonValue(m_string);
    case Type::Null: break;
    }
    return QJsonValue(QJsonValue::Null);
}

QString MessageId::toDisplayString() const
{
    switch (m_type) {
    case Type::Integer: return QString::number(m_integer);
    case Type::String: return u'"' + m_string + u'"';
    case Type::Null: break;
    }
    return QStringLiteral("null");
}

QString MessageId::toString() const
{
    return m_type == Type::String ? m_string : m_type == Type::Integer ? QString::number(m_integer) : QString();
}

// ---- RpcError --------------------------------------------------------------------

QJsonObject RpcError::toJson() const
{
    QJsonObject object{{QStringLiteral("code"), code}, {QStringLiteral("message"), message}};
    if (!data.isUndefined())
        object.insert(QStringLiteral("data"), data);
    return object;
}

RpcError RpcError::fromJson(const QJsonObject &object)
{
    RpcError error;
    error.code = object.value(QStringLiteral("code")).toInt();
    error.message = object.value(QStringLiteral("message")).toString();
    error.data = object.value(QStringLiteral("data"));
    return error;
}

// ---- Message ---------------------------------------------------------------------

class MessageData : public QSharedData
{
public:
    MessageData() = default;
    MessageData(const MessageData &other)
        : QSharedData(other), kind(other.kind), id(other.id), method(other.method), params(other.params),
          result(other.resultValue()), error(other.error), frameSize(other.frameSize)
    {
    }

    // The result, its big texts converted once on first use: the frame read whole, as it was
    // before they were left in it (inserting a big string into a Qt JSON object would take it
    // through UTF-16 and back; Qt's and simdjson's readers build it in place).
    QJsonValue resultValue() const
    {
        if (texts.isEmpty())
            return skeletonValue();
        QMutexLocker locker(&resolveMutex);
        if (!resolved) {
            resolvedResult = Json::Internal::resultOfWholeFrame(texts.first().frame());
            resolved = true;
        }
        return resolvedResult;
    }

    // The result, converted from the frame on first use (see Internal::lazyResponse()), with
    // the markers of its big texts (see Message::resultWithTexts()).
    QJsonValue skeletonValue() const
    {
        if (!resultPending.loadAcquire())
            return result;
        QMutexLocker locker(&resultMutex);
        if (resultPending.loadRelaxed()) {
            result = Json::Internal::resultOfFrame(pendingFrame);
            if (result.isUndefined())
                result = QJsonObject();
            pendingFrame = QByteArray();
            resultPending.storeRelease(0);
        }
        return result;
    }

    Message::Kind kind = Message::Kind::Notification;
    MessageId id;
    QString method;
    QJsonValue params = QJsonValue::Undefined;
    mutable QJsonValue result = QJsonValue::Undefined;
    RpcError error;
    qsizetype frameSize = 0;
    // A message is shared between threads (queued signals), so the one-time conversion is locked.
    mutable QByteArray pendingFrame;
    mutable QAtomicInt resultPending;
    mutable QMutex resultMutex;
    // Message::resultHead() of a lazy result, taken apart with the frame (read-only afterwards).
    QJsonObject pendingHead;
    // The big texts of the result, left in the frame (see parseSharedFrame()); a copy of the
    // message (on write) has them converted instead.
    QList<JsonText> texts;
    mutable QMutex resolveMutex;
    mutable QJsonValue resolvedResult;
    mutable bool resolved = false;
};

Message::Message() : d(new MessageData) {}
Message::Message(const Message &other) = default;
Message &Message::operator=(const Message &other) = default;
Message::~Message() = default;

qsizetype Message::frameSize() const
{
    return d->frameSize;
}

void Internal::setFrameSize(Message &message, qsizetype size)
{
    if (message.d->frameSize != size)
        message.d->frameSize = size;
}

void Internal::setResultTexts(Message &message, const QList<JsonText> &texts)
{
    message.d->texts = texts;
}

Message Message::notification(const QString &method, const QJsonValue &params)
{
    Message m;
    m.d->kind = Kind::Notification;
    m.d->method = method;
    m.d->params = params;
    return m;
}

Message Message::request(const MessageId &id, const QString &method, const QJsonValue &params)
{
    // A request is a notification with an id, which the answer names.
    Message m = notification(method, params);
    m.d->kind = Kind::Request;
    m.d->id = id;
    return m;
}

Message Message::response(const MessageId &id, const QJsonValue &result)
{
    Message m;
    m.d->kind = Kind::Response;
    m.d->id = id;
    m.d->result = result.isUndefined() ? QJsonValue(QJsonObject()) : result;
    return m;
}

Message Internal::lazyResponse(const MessageId &id, const QByteArray &frame, const QJsonObject &head)
{
    Message m;
    m.d->kind = Message::Kind::Response;
    m.d->id = id;
    m.d->pendingFrame = frame;
    m.d->pendingHead = head;
    m.d->resultPending.storeRelaxed(1);
    return m;
}

Message Message::errorResponse(const MessageId &id, const RpcError &error)
{
    Message m;
    m.d->kind = Kind::ErrorResponse;
    m.d->id = id;
    m.d->error = error;
    return m;
}

Message::Kind Message::kind() const { return d->kind; }
MessageId Message::id() const { return d->id; }
QString Message::method() const { return d->method; }
QJsonValue Message::params() const { return d->params; }
QJsonValue Message::result() const { return d->resultValue(); }

ResultTexts Message::resultWithTexts() const
{
    if (d->texts.isEmpty())
        return ResultTexts{d->resultValue(), {}};
    return ResultTexts{d->skeletonValue(), d->texts};
}

QJsonObject Message::resultHead() const
{
    if (d->kind != Kind::Response)
        return {};
    if (d->resultPending.loadAcquire())
        return d->pendingHead;
    // The frame parser leaves no big text in the head: the result without them will do.
    const QJsonObject result = d->skeletonValue().toObject();
    QJsonObject head;
    for (auto it = result.constBegin(); it != result.constEnd(); ++it) {
        if (!(it->isObject() || it->isArray()) || it.key() == QLatin1String(Internal::MetaMember))
            head.insert(it.key(), it.value());
    }
    return head;
}
RpcError Message::error() const { return d->error; }

QJsonObject Message::toJson() const
{
    QJsonObject object{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}};
    switch (d->kind) {
    case Kind::Request:
        object.insert(QStringLiteral("id"), d->id.toJson());
        Q_FALLTHROUGH();
    case Kind::Notification:
        object.insert(QStringLiteral("method"), d->method);
        if (!d->params.isUndefined())
            object.insert(QStringLiteral("params"), d->params);
        break;
    case Kind::Response:
        object.insert(QStringLiteral("id"), d->id.toJson());
        object.insert(QStringLiteral("result"), d->resultValue());
        break;
    case Kind::ErrorResponse:
        object.insert(QStringLiteral("id"), d->id.toJson());
        object.insert(QStringLiteral("error"), d->error.toJson());
        break;
    }
    return object;
}

QByteArray Message::serialize() const
{
    // Written directly rather than through QJsonDocument (slow on big strings). The members
    // come in the order QJsonDocument would write them (sorted), so the bytes are the same.
    // Compact JSON never contains a raw newline: newlines inside strings are escaped.
    QByteArray out;
    out.reserve(512); // a modern request with its _meta takes ~300 bytes: no regrowth on the way
    auto appendId = [this, &out] {
        out.append("\"id\":");
        if (d->id.isInteger())
            Json::serializeIntegerTo(out, d->id.toInteger());
        else
            Json::serializeTo(out, d->id.toJson());
    };
    out.append('{');
    switch (d->kind) {
    case Kind::Request:
        appendId();
        out.append(',');
        Q_FALLTHROUGH();
    case Kind::Notification:
        out.append("\"jsonrpc\":\"2.0\",\"method\":");
        Json::serializeStringTo(out, d->method);
        if (!d->params.isUndefined()) {
            out.append(",\"params\":");
            Json::serializeTo(out, d->params);
        }
        break;
    case Kind::Response:
        appendId();
        out.append(",\"jsonrpc\":\"2.0\",\"result\":");
        Json::serializeTo(out, d->resultValue());
        break;
    case Kind::ErrorResponse:
        out.append("\"error\":");
        Json::serializeTo(out, d->error.toJson());
        out.append(',');
        appendId();
        out.append(",\"jsonrpc\":\"2.0\"");
        break;
    }
    out.append('}');
    return out;
}

bool Message::fromJson(const QJsonObject &object, Message *message, QString *diagnostic)
{
    using Presence = Internal::MessageParts::Presence;
    Internal::MessageParts parts;
    const QJsonValue version = object.value(QStringLiteral("jsonrpc"));
    if (!version.isUndefined())
        parts.jsonrpc = version == QJsonValue(QStringLiteral("2.0")) ? Presence::Valid : Presence::Invalid;
    const QJsonValue idValue = object.value(QStringLiteral("id"));
    if (!idValue.isUndefined()) {
        bool idOk = true;
        parts.idValue = MessageId::fromJson(idValue, &idOk);
        parts.id = idOk ? Presence::Valid : Presence::Invalid;
    }
    const QJsonValue methodValue = object.value(QStringLiteral("method"));
    if (!methodValue.isUndefined()) {
        parts.method = methodValue.isString() ? Presence::Valid : Presence::Invalid;
        parts.methodValue = methodValue.toString();
    }
    const QJsonValue params = object.value(QStringLiteral("params"));
    if (!params.isUndefined()) {
        parts.params = params.isObject() || params.isArray() ? Presence::Valid : Presence::Invalid;
        parts.paramsValue = params;
    }
    parts.hasResult = object.contains(QStringLiteral("result"));
    if (parts.hasResult)
        parts.resultValue = object.value(QStringLiteral("result"));
    parts.hasError = object.contains(QStringLiteral("error"));
    if (parts.hasError)
        parts.errorValue = object.value(QStringLiteral("error"));
    return Internal::messageFromParts(parts, message, diagnostic);
}

bool Internal::messageFromParts(MessageParts &parts, Message *message, QString *diagnostic)
{
    using Presence = MessageParts::Presence;
    auto fail = [diagnostic](const QString &text) {
        if (diagnostic)
            *diagnostic = text;
        return false;
    };
    if (parts.jsonrpc == Presence::Missing)
        return fail(QStringLiteral("missing \"jsonrpc\" member"));
    if (parts.jsonrpc == Presence::Invalid)
        return fail(QStringLiteral("\"jsonrpc\" must be \"2.0\""));

    const bool hasId = parts.id != Presence::Missing;
    if (parts.id == Presence::Invalid)
        return fail(QStringLiteral("\"id\" must be a string or an integer"));
    const MessageId &id = parts.idValue;
    const bool hasResult = parts.hasResult;
    const bool hasError = parts.hasError;

    Message m;
    if (parts.method != Presence::Missing) {
        if (parts.method == Presence::Invalid)
            return fail(QStringLiteral("\"method\" must be a string"));
        if (hasResult || hasError)
            return fail(QStringLiteral("a message cannot have both \"method\" and \"result\"/\"error\""));
        if (parts.params == Presence::Invalid)
            return fail(QStringLiteral("\"params\" must be an object or an array"));
        if (hasId && id.isNull())
            return fail(QStringLiteral("a request id must not be null"));
        m = hasId ? Message::request(id, parts.methodValue, parts.paramsValue)
                  : Message::notification(parts.methodValue, parts.paramsValue);
    } else if (hasResult && hasError) {
        return fail(QStringLiteral("a response cannot have both \"result\" and \"error\""));
    } else if (hasResult) {
        if (!hasId || id.isNull())
            return fail(QStringLiteral("a response needs a non-null \"id\""));
        m = parts.lazyResultFrame.isNull() ? Message::response(id, parts.resultValue)
                                           : lazyResponse(id, parts.lazyResultFrame, parts.lazyResultHead);
    } else if (hasError) {
        if (!hasId)
            return fail(QStringLiteral("an error response needs an \"id\" (null is allowed)"));
        const QJsonValue &errorValue = parts.errorValue;
        if (!errorValue.isObject())
            return fail(QStringLiteral("\"error\" must be an object"));
        const QJsonObject errorObject = errorValue.toObject();
        const QJsonValue code = errorObject.value(QStringLiteral("code"));
        if (!code.isDouble() || std::floor(code.toDouble()) != code.toDouble())
            return fail(QStringLiteral("\"error.code\" must be an integer"));
        if (!errorObject.value(QStringLiteral("message")).isString())
            return fail(QStringLiteral("\"error.message\" must be a string"));
        m = Message::errorResponse(id, RpcError::fromJson(errorObject));
    } else {
        return fail(QStringLiteral("not a request, notification or response: no \"method\", \"result\" or \"error\""));
    }
    if (message)
        *message = m;
    return true;
}

bool operator==(const Message &a, const Message &b)
{
    if (a.d == b.d)
        return true;
    return a.d->kind == b.d->kind && a.d->id == b.d->id && a.d->method == b.d->method
        && a.d->params == b.d->params && a.d->resultValue() == b.d->resultValue() && a.d->error == b.d->error;
}

} // namespace Mcp
