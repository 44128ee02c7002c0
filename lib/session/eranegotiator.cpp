#include "session/eranegotiator.h"

#include "session/client_p.h"
#include "protocol/errorcodes.h"
#include "protocol/methods.h"

namespace Mcp {

void EraNegotiator::reset()
{
    m_detector.reset();
    m_record = {};
}

void EraNegotiator::start()
{
    d->setState(Client::State::Initializing);
    const bool http = d->transport->transportName() != QLatin1String("stdio");
    m_detector.emplace(http ? Modern::EraDetector::Transport::Http : Modern::EraDetector::Transport::Stdio, d->options.era,
                       ModernLifecycle::supportedProtocolVersions(), LegacyLifecycle::supportedProtocolVersions(),
                       d->options.cachedEra);
    step(m_detector->start());
}

EraLifecycle &EraNegotiator::lifecycle() const
{
    if (d->modern.isActive())
        return d->modern;
    return d->legacy;
}

void EraNegotiator::step(const Modern::EraStep &next)
{
    using Action = Modern::EraStep::Action;
    m_record = m_detector->record();
    switch (next.action) {
    case Action::SendModern:
        sendProbe(next.version);
        return;
    case Action::UseModern:
        if (m_record.source == Modern::EraRecord::Source::Cached && d->modern.discoverResult().isEmpty()) {
            // Cached, so not probed: server/discover still fetches what the connection keeps,
            // and checks that the record still holds.
            sendProbe(next.version);
            return;
        }
        d->modern.start(next.version, sourceText(m_record));
        return;
    case Action::Initialize:
        d->legacy.start(next.version, sourceText(m_record));
        return;
    case Action::LegacySse: // the HTTP auto transport falls back on its own when initialize is refused
    case Action::Fail:
        d->fail(next.message);
        return;
    }
}

QString EraNegotiator::sourceText(const Modern::EraRecord &record)
{
    switch (record.source) {
    case Modern::EraRecord::Source::Probed: return Client::tr("detected by probing");
    case Modern::EraRecord::Source::Pinned: return Client::tr("chosen in the configuration");
    case Modern::EraRecord::Source::Cached: return Client::tr("remembered from an earlier connection");
    }
    return {};
}

void EraNegotiator::sendProbe(const QString &version)
{
    const QJsonObject params = d->modern.discoverParams(version);
    // Within the connect's bound, leaving half of what is left for initialize should the
    // probe go unanswered (a legacy server that ignores it).
    const int timeoutMs = d->connectDeadline.isForever() ? m_probeTimeoutMs
                                                         : qMin(m_probeTimeoutMs, qMax(1, d->connectTimeLeft(0) / 2));
    OutgoingRequest *handle = d->createLifecycleRequest(Method::ServerDiscover, params, timeoutMs,
                                                        [this](OutgoingRequest *probe) { onProbeFinished(probe); });
    m_probe = handle;
    d->transmit(handle);
}

void EraNegotiator::onProbeFinished(OutgoingRequest *handle)
{
    if (m_probe != handle)
        return;
    m_probe = nullptr;
    if (d->state != Client::State::Initializing)
        return; // the connection already ended
    const bool cached = m_record.source == Modern::EraRecord::Source::Cached;
    if (!handle->isError()) {
        const QJsonObject result = handle->result().toObject();
        const Modern::EraStep next = m_detector->result(result);
        if (next.action == Modern::EraStep::Action::UseModern)
            d->modern.useDiscoverResult(result);
        step(cached && next.action != Modern::EraStep::Action::UseModern ? m_detector->cachedAssumptionFailed()
                                                                          : next);
        return;
    }
    const RpcError error = handle->error();
    Modern::EraStep next;
    const QJsonObject data = error.data.toObject();
    if (cached) {
        next = m_detector->cachedAssumptionFailed();
    } else if (error.code == SessionErrorCode::Timeout) {
        next = m_detector->timeout();
    } else if (error.code == SessionErrorCode::TransportFailure && data.contains(QLatin1String("httpStatus"))) {
        const int status = data.value(QLatin1String("httpStatus")).toInt();
        next = m_detector->httpStatus(status, data.value(QLatin1String("body")).toString().toUtf8());
        // Refused authorization: the transport's sentence says why (sign-in cancelled, no
        // token, ...), which "the probe got HTTP 401" would hide.
        if (next.action == Modern::EraStep::Action::Fail && (status == 401 || status == 403) && !error.message.isEmpty())
            next.message = error.message;
    } else {
        next = m_detector->error(error);
    }
    step(next);
}

bool EraNegotiator::legacyInitializeFailed()
{
    if (!m_detector || m_record.source != Modern::EraRecord::Source::Cached)
        return false;
    step(m_detector->cachedAssumptionFailed());
    return true;
}

} // namespace Mcp
