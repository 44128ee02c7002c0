#include "clientoptions.h"

#include "protocol/keys.h"
#include "protocol/methods.h"
#include "session/legacylifecycle.h"
#include "session/modernlifecycle.h"

#include <QCoreApplication>

namespace Mcp {

ClientFeatures ClientFeatures::all()
{
    return {true, true, true, true};
}

ClientFeatures ClientFeatures::fromCapabilities(const QJsonObject &capabilities)
{
    ClientFeatures features;
    features.roots = capabilities.contains(Key::Roots);
    features.sampling = capabilities.contains(Key::Sampling);
    if (capabilities.contains(Key::Elicitation)) {
        const QJsonObject elicitation = capabilities.value(Key::Elicitation).toObject();
        // An empty elicitation capability is form mode (2025-06-18).
        features.elicitationForm = elicitation.isEmpty() || elicitation.contains(Key::Form);
        features.elicitationUrl = elicitation.contains(Key::Url);
    }
    return features;
}

bool ClientFeatures::answers(const QString &method) const
{
    if (method == Method::RootsList)
        return roots;
    if (method == Method::SamplingCreateMessage)
        return sampling;
    if (method == Method::ElicitationCreate)
        return elicitationForm || elicitationUrl;
    return false;
}

QJsonObject ClientFeatures::capabilities() const
{
    QJsonObject capabilities;
    if (roots)
        capabilities.insert(Key::Roots, QJsonObject{{Key::ListChanged, true}});
    if (sampling)
        capabilities.insert(Key::Sampling, QJsonObject());
    if (elicitationForm || elicitationUrl) {
        QJsonObject elicitation;
        if (elicitationForm)
            elicitation.insert(Key::Form, QJsonObject());
        if (elicitationUrl)
            elicitation.insert(Key::Url, QJsonObject());
        capabilities.insert(Key::Elicitation, elicitation);
    }
    return capabilities;
}

ClientOptions ClientOptions::interactive()
{
    ClientOptions options;
    options.connectTimeoutMs = 30000;
    options.features = ClientFeatures::all();
    return options;
}

Implementation ClientOptions::defaultClientInfo()
{
    Implementation info;
    info.name = QStringLiteral("mcpscope");
    info.title = QStringLiteral("MCP Scope");
    info.version = QCoreApplication::applicationVersion().isEmpty() ? QStringLiteral("0.1.0")
                                                                     : QCoreApplication::applicationVersion();
    return info;
}

void ClientOptions::chooseEra(const std::optional<Modern::EraChoice> &chosenNow, const QString &configured,
                              const QJsonObject &configuredRecord)
{
    if (chosenNow) {
        era = *chosenNow;
        cachedEra = {};
        return;
    }
    era = Modern::EraChoice::fromString(configured, ModernLifecycle::supportedProtocolVersions(),
                                        LegacyLifecycle::supportedProtocolVersions())
              .value_or(Modern::EraChoice{});
    cachedEra = Modern::EraRecord::fromJson(configuredRecord);
}

} // namespace Mcp
