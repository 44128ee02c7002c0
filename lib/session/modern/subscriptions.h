#pragma once

#include "jsonrpc/message.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QStringList>

namespace Mcp::Modern {

// The opt-in filter of subscriptions/listen (basic/patterns/subscriptions.mdx), also what
// the server's acknowledgement says it will honour.
struct SubscriptionFilter
{
    bool toolsListChanged = false;
    bool promptsListChanged = false;
    bool resourcesListChanged = false;
    QStringList resourceSubscriptions;

    bool isEmpty() const;
    QJsonObject toJson() const; // only what is asked for
    static SubscriptionFilter fromJson(const QJsonObject &object);
    // What this (requested) filter asks for that `acknowledged` leaves out.
    SubscriptionFilter notHonouredBy(const SubscriptionFilter &acknowledged) const;
    friend bool operator==(const SubscriptionFilter &a, const SubscriptionFilter &b)
    {
        return a.toolsListChanged == b.toolsListChanged && a.promptsListChanged == b.promptsListChanged
            && a.resourcesListChanged == b.resourcesListChanged
            && a.resourceSubscriptions == b.resourceSubscriptions;
    }
};

// The params of a subscriptions/listen request (the `_meta` fields come from RequestMeta).
QJsonObject listenParams(const SubscriptionFilter &filter);

// What one message means for a listen stream.
struct ListenEvent
{
    enum class Kind {
        Acknowledged,         // `filter`: what the server agreed to send
        ToolsListChanged,
        PromptsListChanged,
        ResourcesListChanged,
        ResourceUpdated,      // `uri`
        Closed,               // the server ended the subscription gracefully (its result)
        Refused,              // an error answered the listen request: `message`
        Violation,            // tagged for this stream but breaking the rules: `message`
        NotForThisStream,     // another subscription's, untagged, or a reply to another request
    };
    Kind kind = Kind::NotForThisStream;
    SubscriptionFilter filter;
    QString uri;
    QString message;
};

// One subscription's reading of the messages that arrive (on stdio every subscription
// shares the channel): notifications tagged with `io.modelcontextprotocol/subscriptionId`
// equal to the listen request's id, the acknowledgement first, only what was requested.
class ListenStream
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::Modern::ListenStream)
public:
    ListenStream(const MessageId &requestId, const SubscriptionFilter &requested);

    ListenEvent accept(const Message &message);
    bool isAcknowledged() const { return m_acknowledged; }
    SubscriptionFilter acknowledged() const { return m_acknowledgedFilter; }

private:
    ListenEvent violation(const QString &message) const;

    MessageId m_requestId;
    SubscriptionFilter m_requested;
    SubscriptionFilter m_acknowledgedFilter;
    bool m_acknowledged = false;
};

struct BackoffPolicy
{
    int initialDelayMs = 1000;
    double growth = 2.0;
    int maxDelayMs = 30000;
    double jitter = 0.2; // each delay is the nominal one times 1 +/- up to this
};

// When and how soon a listen stream is reopened: a stream that dropped without the server's
// closing result is reopened after a growing, jittered delay (reset once a new stream is
// acknowledged); one the server closed or refused is not.
class ReconnectBackoff
{
public:
    using Policy = BackoffPolicy;
    enum class StreamEnd { Dropped, ClosedByServer, Refused };

    explicit ReconnectBackoff(const Policy &policy = {}, quint32 seed = QRandomGenerator::global()->generate());

    static bool shouldReopen(StreamEnd end) { return end == StreamEnd::Dropped; }
    // The delay before the next attempt; each call is one more attempt.
    int nextDelayMs();
    void reset() { m_attempts = 0; }
    int attempts() const { return m_attempts; }

private:
    Policy m_policy;
    QRandomGenerator m_random;
    int m_attempts = 0;
};

} // namespace Mcp::Modern
