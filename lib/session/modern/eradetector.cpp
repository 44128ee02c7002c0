#include "eradetector.h"

#include "modernerrors.h"
#include "protocol/keys.h"
#include "protocol/methods.h"
#include "protocol/versions.h"
#include "protocol/errorcodes.h"

#include "jsonrpc/json.h"
#include "jsonrpc/message.h"

#include <QJsonArray>

namespace Mcp::Modern {

namespace {

const QString AutoWord = QStringLiteral("auto");
const QString ModernWord = QStringLiteral("modern");
const QString LegacyWord = QStringLiteral("legacy");

const QString EraKey = QStringLiteral("era");
const QString VersionKey = QStringLiteral("version");
const QString SourceKey = QStringLiteral("decidedBy");

const QStringList SourceWords = {QStringLiteral("probed"), QStringLiteral("pinned"), QStringLiteral("cached")};

} // namespace

QString EraChoice::toString() const
{
    const QString word = mode == Mode::Auto ? AutoWord : mode == Mode::Modern ? ModernWord : LegacyWord;
    if (mode == Mode::Auto || pinnedVersion.isEmpty())
        return word;
    return word + QLatin1Char(':') + pinnedVersion;
}

std::optional<EraChoice> EraChoice::fromString(const QString &text, const QStringList &modernVersions,
                                               const QStringList &legacyVersions)
{
    if (text == AutoWord)
        return EraChoice{};
    if (modernVersions.contains(text))
        return EraChoice{Mode::Modern, text};
    if (legacyVersions.contains(text))
        return EraChoice{Mode::Legacy, text};
    const QString word = text.section(QLatin1Char(':'), 0, 0);
    const QString version = text.section(QLatin1Char(':'), 1);
    const bool pinned = text.contains(QLatin1Char(':'));
    if (word == ModernWord && (!pinned || modernVersions.contains(version)))
        return EraChoice{Mode::Modern, version};
    if (word == LegacyWord && (!pinned || legacyVersions.contains(version)))
        return EraChoice{Mode::Legacy, version};
    return std::nullopt;
}

QJsonObject EraRecord::toJson() const
{
    if (!isKnown())
        return {};
    return {
        {EraKey, era == Era::Modern ? ModernWord : LegacyWord},
        {VersionKey, version},
        {SourceKey, SourceWords.at(int(source))},
    };
}

EraRecord EraRecord::fromJson(const QJsonObject &object)
{
    const QString era = object.value(EraKey).toString();
    const qsizetype source = SourceWords.indexOf(object.value(SourceKey).toString());
    if ((era != ModernWord && era != LegacyWord) || source < 0)
        return {};
    return {era == ModernWord ? Era::Modern : Era::Legacy, object.value(VersionKey).toString(), Source(source)};
}

EraDetector::EraDetector(Transport transport, const EraChoice &choice, const QStringList &modernVersions,
                         const QStringList &legacyVersions, const EraRecord &cached)
    : m_transport(transport), m_choice(choice), m_modernVersions(modernVersions),
      m_legacyVersions(legacyVersions), m_cached(cached)
{
}

EraStep EraDetector::start()
{
    m_retried = false;
    m_record = {};
    if (m_choice.mode == EraChoice::Mode::Legacy)
        return useLegacy();
    if (m_choice.mode == EraChoice::Mode::Auto && m_cached.isKnown()) {
        m_record = {m_cached.era, m_cached.version, EraRecord::Source::Cached};
        if (m_cached.era == Era::Modern)
            return {EraStep::Action::UseModern, m_cached.version, {}};
        return {EraStep::Action::Initialize, m_cached.version, {}};
    }
    return probe(m_choice.pinnedVersion.isEmpty() ? m_modernVersions.value(0) : m_choice.pinnedVersion);
}

EraStep EraDetector::result(const QJsonObject &result)
{
    const QJsonValue versions = result.value(Key::SupportedVersions);
    if (!versions.isArray())
        return legacyEvidence(tr("its answer to server/discover is not a DiscoverResult"));
    QStringList supported;
    for (const QJsonValue &version : versions.toArray())
        supported.append(version.toString());
    const QString mutual = mutualModernVersion(supported);
    if (!mutual.isEmpty())
        return useModern(mutual);
    if (m_choice.mode == EraChoice::Mode::Auto)
        return useLegacy();
    return fail(ModernErrors::noCommonVersion(supported, m_modernVersions));
}

EraStep EraDetector::error(const RpcError &error)
{
    if (const auto unsupported = unsupportedVersionOf(error)) {
        const QString mutual = mutualModernVersion(unsupported->supported);
        // Once, even when the mutual version is the one just sent: the server says it supports
        // it, so the refusal may have been passing (the conformance suite simulates that).
        if (!mutual.isEmpty() && !m_retried) {
            m_retried = true;
            return probe(mutual);
        }
        const bool offersModern = std::any_of(unsupported->supported.cbegin(), unsupported->supported.cend(),
                                              ProtocolVersion::isModern);
        if (m_choice.mode == EraChoice::Mode::Auto && !offersModern)
            return useLegacy();
        return fail(ModernErrors::noCommonVersion(unsupported->supported, m_modernVersions));
    }
    if (isRecognizedModernError(error)) {
        // A modern server that refused this request: correcting it is the caller's part.
        m_record = {Era::Modern, m_probedVersion, EraRecord::Source::Probed};
        return {EraStep::Action::Fail, m_probedVersion, ModernErrors::describe(error, m_modernVersions)};
    }
    return legacyEvidence(tr("it answered server/discover with error %1 (%2)").arg(error.code).arg(error.message));
}

EraStep EraDetector::httpStatus(int status, const QByteArray &body)
{
    // Refused authorization is not an answer about the era. Any other status (a 5xx with a
    // JSON-RPC error of any code, an HTML page, Not Found...) without a recognized modern error
    // identifies a legacy server, which initialize then reaches (basic/versioning.mdx).
    if (status == 401 || status == 403)
        return fail(tr("The server answered the protocol probe with HTTP %1.").arg(status));
    const QJsonObject answer = Json::parse(body).toObject();
    const QJsonValue errorValue = answer.value(Key::Error);
    if (errorValue.isObject()) {
        const RpcError rpcError = RpcError::fromJson(errorValue.toObject());
        if (isRecognizedModernError(rpcError))
            return error(rpcError);
    }
    return legacyEvidence(tr("it answered with HTTP %1 and no modern error").arg(status));
}

EraStep EraDetector::timeout()
{
    // A stdio server may stay silent before initialize. An HTTP server should answer, but one
    // that ignores or hangs the modern request has not given a recognized modern error, which
    // versioning.mdx takes as a legacy server ("anything else identifies a legacy server"):
    // initialize then says whether it is there at all.
    if (m_transport == Transport::Stdio)
        return legacyEvidence(tr("it did not answer server/discover"));
    return legacyEvidence(tr("it did not answer the modern request in time"));
}

EraStep EraDetector::initializeRefused(int status)
{
    if (m_transport == Transport::Http && (status == 400 || status == 404 || status == 405))
        return {EraStep::Action::LegacySse, m_record.version, {}};
    return fail(tr("The server refused initialize with HTTP %1.").arg(status));
}

EraStep EraDetector::cachedAssumptionFailed()
{
    if (m_record.source != EraRecord::Source::Cached)
        return fail(tr("The server no longer answers as a server of the era it was detected as."));
    m_cached = {};
    return start();
}

EraStep EraDetector::probe(const QString &version)
{
    m_probedVersion = version;
    return {EraStep::Action::SendModern, version, {}};
}

EraStep EraDetector::useModern(const QString &version)
{
    const bool pinned = !m_choice.pinnedVersion.isEmpty();
    m_record = {Era::Modern, version, pinned ? EraRecord::Source::Pinned : EraRecord::Source::Probed};
    return {EraStep::Action::UseModern, version, {}};
}

EraStep EraDetector::useLegacy()
{
    const bool pinned = m_choice.mode == EraChoice::Mode::Legacy;
    const QString version = pinned ? m_choice.pinnedVersion : QString();
    m_record = {Era::Legacy, version, pinned ? EraRecord::Source::Pinned : EraRecord::Source::Probed};
    return {EraStep::Action::Initialize, version, {}};
}

EraStep EraDetector::legacyEvidence(const QString &why)
{
    if (m_choice.mode == EraChoice::Mode::Modern) {
        // What was found, though the choice refuses it: a caller may suggest another choice.
        m_record = {Era::Legacy, {}, EraRecord::Source::Probed};
        return fail(tr("The server does not speak the modern protocol: %1.").arg(why));
    }
    return useLegacy();
}

EraStep EraDetector::fail(const QString &message)
{
    return {EraStep::Action::Fail, {}, message};
}

QString EraDetector::mutualModernVersion(const QStringList &serverVersions) const
{
    if (!m_choice.pinnedVersion.isEmpty())
        return serverVersions.contains(m_choice.pinnedVersion) ? m_choice.pinnedVersion : QString();
    for (const QString &version : m_modernVersions) {
        if (serverVersions.contains(version))
            return version;
    }
    return {};
}

} // namespace Mcp::Modern
