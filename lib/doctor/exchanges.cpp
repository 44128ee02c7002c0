#include "doctor/exchanges.h"

namespace Mcp::Doctor {

namespace {

constexpr qsizetype SmallMessageBytes = 4096;
constexpr qsizetype KeptMessages = 512;

void keep(QList<TrafficEvent> &kept, const TrafficEvent &event)
{
    kept.append(event);
    if (kept.size() > KeptMessages)
        kept.removeFirst();
}

} // namespace

void Exchanges::observe(const TrafficEvent &event)
{
    if (event.kind != TrafficEvent::Kind::Message || event.raw.size() > SmallMessageBytes)
        return;
    keep(event.direction == TrafficEvent::Direction::Outgoing ? m_requests : m_replies, event);
}

QList<TrafficEvent> Exchanges::of(const MessageId &id) const
{
    for (auto request = m_requests.crbegin(); request != m_requests.crend(); ++request) {
        const MessageSummary sent = summarizeFrame(request->raw);
        if (!sent.valid || sent.kind != Message::Kind::Request || !(sent.id == id))
            continue;
        QList<TrafficEvent> exchange{*request};
        for (const TrafficEvent &reply : m_replies) {
            const MessageSummary answer = summarizeFrame(reply.raw);
            if (answer.valid && answer.id == id && answer.kind != Message::Kind::Request
                && answer.kind != Message::Kind::Notification) {
                exchange.append(reply);
                break;
            }
        }
        return exchange;
    }
    return {};
}

QList<TrafficEvent> Exchanges::lastOf(const QString &method) const
{
    for (auto request = m_requests.crbegin(); request != m_requests.crend(); ++request) {
        const MessageSummary sent = summarizeFrame(request->raw);
        if (sent.valid && sent.kind == Message::Kind::Request && sent.method == method)
            return of(sent.id);
    }
    return {};
}

} // namespace Mcp::Doctor
