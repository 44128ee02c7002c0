#include "doctor/exchanges.h"

#include "session/requests.h"

#include <QJsonDocument>

namespace Mcp::Doctor {

namespace {

constexpr qsizetype SmallMessageBytes = 4096;
constexpr qsizetype KeptMessages = 512;

QJsonObject withoutMeta(QJsonObject params)
{
    params.remove(QLatin1String("_meta"));
    return params;
}

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

SentRequest SentRequest::of(const OutgoingRequest *request)
{
    return {request->id(), request->method(), request->params()};
}

QList<TrafficEvent> Exchanges::of(const SentRequest &request) const
{
    const QJsonObject params = withoutMeta(request.params);
    for (auto sent = m_requests.crbegin(); sent != m_requests.crend(); ++sent) {
        const MessageSummary summary = summarizeFrame(sent->raw);
        if (!summary.valid || summary.kind != Message::Kind::Request || summary.method != request.method)
            continue;
        const bool same = request.id.isNull()
            ? withoutMeta(QJsonDocument::fromJson(sent->raw).object().value(QLatin1String("params")).toObject()) == params
            : summary.id == request.id;
        if (!same)
            continue;
        QList<TrafficEvent> exchange{*sent};
        for (const TrafficEvent &reply : m_replies) {
            const MessageSummary answer = summarizeFrame(reply.raw);
            if (answer.valid && answer.id == summary.id && answer.kind != Message::Kind::Request
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
            return of(SentRequest{sent.id, method, {}});
    }
    return {};
}

} // namespace Mcp::Doctor
