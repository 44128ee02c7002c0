#include "subscriptions.h"

#include "protocol/keys.h"
#include "protocol/methods.h"
#include "protocol/versions.h"
#include "protocol/errorcodes.h"

#include <QJsonArray>
#include <QSet>

#include <cmath>

namespace Mcp::Modern {

bool SubscriptionFilter::isEmpty() const
{
    return !toolsListChanged && !promptsListChanged && !resourcesListChanged && resourceSubscriptions.isEmpty();
}

QJsonObject SubscriptionFilter::toJson() const
{
    QJsonObject object;
    if (toolsListChanged)
        object.insert(Key::ToolsListChanged, true);
    if (promptsListChanged)
        object.insert(Key::PromptsListChanged, true);
    if (resourcesListChanged)
        object.insert(Key::ResourcesListChanged, true);
    if (!resourceSubscriptions.isEmpty())
        object.insert(Key::ResourceSubscriptions, QJsonArray::fromStringList(resourceSubscriptions));
    return object;
}

SubscriptionFilter SubscriptionFilter::fromJson(const QJsonObject &object)
{
    SubscriptionFilter filter;
    filter.toolsListChanged = object.value(Key::ToolsListChanged).toBool();
    filter.promptsListChanged = object.value(Key::PromptsListChanged).toBool();
    filter.resourcesListChanged = object.value(Key::ResourcesListChanged).toBool();
    for (const QJsonValue &uri : object.value(Key::ResourceSubscriptions).toArray()) {
        if (uri.isString())
            filter.resourceSubscriptions.append(uri.toString());
    }
    return filter;
}

SubscriptionFilter SubscriptionFilter::notHonouredBy(const SubscriptionFilter &acknowledged) const
{
    SubscriptionFilter missing;
    missing.toolsListChanged = toolsListChanged && !acknowledged.toolsListChanged;
    missing.promptsListChanged = promptsListChanged && !acknowledged.promptsListChanged;
    missing.resourcesListChanged = resourcesListChanged && !acknowledged.resourcesListChanged;
    // A set: the server's acknowledgement may list any number of URIs.
    const QSet<QString> honoured(acknowledged.resourceSubscriptions.cbegin(), acknowledged.resourceSubscriptions.cend());
    for (const QString &uri : resourceSubscriptions) {
        if (!honoured.contains(uri))
            missing.resourceSubscriptions.append(uri);
    }
    return missing;
}

QJsonObject listenParams(const SubscriptionFilter &filter)
{
    return {{Key::Notifications, filter.toJson()}};
}

ListenStream::ListenStream(const MessageId &requestId, const SubscriptionFilter &requested)
    : m_requestId(requestId), m_requested(requested)
{
}

ListenEvent ListenStream::accept(const Message &message)
{
    if (message.isReply()) {
        if (message.id() != m_requestId)
            return {};
        if (message.isErrorResponse())
            return {ListenEvent::Kind::Refused, {}, {}, message.error().message};
        return {ListenEvent::Kind::Closed, {}, {}, {}};
    }
    if (!message.isNotification())
        return {};
    const QJsonObject params = message.paramsObject();
    const QJsonValue tag = params.value(Key::Meta).toObject().value(MetaKey::SubscriptionId);
    bool validTag = false;
    if (tag.isUndefined() || MessageId::fromJson(tag, &validTag) != m_requestId || !validTag)
        return {};

    const QString method = message.method();
    if (method == Method::SubscriptionsAcknowledgedNotification) {
        m_acknowledged = true;
        m_acknowledgedFilter = SubscriptionFilter::fromJson(params.value(Key::Notifications).toObject());
        return {ListenEvent::Kind::Acknowledged, m_acknowledgedFilter, {}, {}};
    }
    if (!m_acknowledged)
        return violation(tr("The server sent %1 on the subscription before acknowledging it.").arg(method));

    if (method == Method::ToolsListChangedNotification && m_requested.toolsListChanged)
        return {ListenEvent::Kind::ToolsListChanged, {}, {}, {}};
    if (method == Method::PromptsListChangedNotification && m_requested.promptsListChanged)
        return {ListenEvent::Kind::PromptsListChanged, {}, {}, {}};
    if (method == Method::ResourcesListChangedNotification && m_requested.resourcesListChanged)
        return {ListenEvent::Kind::ResourcesListChanged, {}, {}, {}};
    if (method == Method::ResourceUpdatedNotification) {
        const QString uri = params.value(Key::Uri).toString();
        if (m_requested.resourceSubscriptions.contains(uri))
            return {ListenEvent::Kind::ResourceUpdated, {}, uri, {}};
        return violation(tr("The server sent an update of %1, a resource this subscription did not ask for.")
                             .arg(uri));
    }
    return violation(tr("The server sent %1 on the subscription, which did not ask for it.").arg(method));
}

ListenEvent ListenStream::violation(const QString &message) const
{
    return {ListenEvent::Kind::Violation, {}, {}, message};
}

ReconnectBackoff::ReconnectBackoff(const Policy &policy, quint32 seed) : m_policy(policy), m_random(seed)
{
}

int ReconnectBackoff::nextDelayMs()
{
    const double nominal = std::min(double(m_policy.maxDelayMs),
                                    m_policy.initialDelayMs * std::pow(m_policy.growth, m_attempts));
    ++m_attempts;
    const double spread = (m_random.generateDouble() * 2.0 - 1.0) * m_policy.jitter;
    return int(std::lround(nominal * (1.0 + spread)));
}

} // namespace Mcp::Modern
