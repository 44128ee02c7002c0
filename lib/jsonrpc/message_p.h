#pragma once

// Internal to lib/jsonrpc: the members of a message object that decide what it is, so that
// Message::fromJson() and the simdjson frame parser share one set of checks and diagnostics
// while the parser never builds a QJsonObject for the envelope.

#include "message.h"

namespace Mcp::Internal {

struct MessageParts
{
    enum class Presence : quint8 { Missing, Valid, Invalid };

    Presence jsonrpc = Presence::Missing; // Valid: exactly "2.0"
    Presence id = Presence::Missing;      // Invalid: not a string, an integer or null
    MessageId idValue;
    Presence method = Presence::Missing;  // Invalid: not a string
    QString methodValue;
    Presence params = Presence::Missing;  // Invalid: neither an object nor an array
    QJsonValue paramsValue = QJsonValue::Undefined;
    bool hasResult = false;
    QJsonValue resultValue = QJsonValue::Undefined;
    // Set instead of resultValue when the result is converted on first use: the whole frame,
    // a single message object whose "result" member Json::Internal::resultOfFrame() extracts.
    QByteArray lazyResultFrame;
    QJsonObject lazyResultHead; // with lazyResultFrame: see Message::resultHead()
    bool hasError = false;
    QJsonValue errorValue = QJsonValue::Undefined;
};

// A response whose result is converted from frame when it is first asked for. Small responses
// often go unread (pipelined calls whose caller only counts them), and converting to Qt JSON
// types costs far more than finding the envelope.
Message lazyResponse(const MessageId &id, const QByteArray &frame, const QJsonObject &head);

// The "_meta" member of params and results: Message::resultHead() holds a result's members
// that are not objects or arrays, and this one; the parser converts it through a memo.
inline constexpr char MetaMember[] = "_meta";

// The checks of Message::fromJson(), on parts already taken apart.
bool messageFromParts(MessageParts &parts, Message *message, QString *diagnostic);

} // namespace Mcp::Internal
