#pragma once

#include <QCoreApplication>
#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace Mcp {
struct RpcError;
}

namespace Mcp::Modern {

// Modern: per-request `_meta`, no handshake (2026-07-28 and later). Legacy: `initialize`.
enum class Era { Unknown, Modern, Legacy };

// The user's per-server choice: Auto (detect), Modern or Legacy, each optionally pinned to
// one version.
struct EraChoice
{
    enum class Mode { Auto, Modern, Legacy };
    Mode mode = Mode::Auto;
    QString pinnedVersion; // empty: any version of that era

    // "auto", "modern", "modern:2026-07-28", "legacy", "legacy:2025-06-18".
    QString toString() const;
    // Reads toString()'s forms, and a bare version (the CLI's --protocol VERSION), which pins
    // the era it belongs to. nullopt for anything else, or a version neither list knows.
    static std::optional<EraChoice> fromString(const QString &text, const QStringList &modernVersions,
                                               const QStringList &legacyVersions);
    friend bool operator==(const EraChoice &a, const EraChoice &b)
    {
        return a.mode == b.mode && a.pinnedVersion == b.pinnedVersion;
    }
};

// What is remembered about a server configuration's era (persisted with the configuration):
// the era, the version in use and how it was decided.
struct EraRecord
{
    enum class Source { Probed, Pinned, Cached };
    Era era = Era::Unknown;
    QString version;
    Source source = Source::Probed;

    bool isKnown() const { return era != Era::Unknown; }
    QJsonObject toJson() const;
    // An unknown record for anything that is not a record toJson() wrote.
    static EraRecord fromJson(const QJsonObject &object);
    friend bool operator==(const EraRecord &a, const EraRecord &b)
    {
        return a.era == b.era && a.version == b.version && a.source == b.source;
    }
};

// What the connection does next.
struct EraStep
{
    enum class Action {
        SendModern,   // send the probe (server/discover) with `version` in _meta
        UseModern,    // decided: modern with `version`
        Initialize,   // decided: legacy, `initialize` offering `version` (empty: newest)
        LegacySse,    // HTTP only: Streamable HTTP refused initialize; try the 2024-11-05 HTTP+SSE transport
        Fail,         // `message` says why
    };
    Action action = Action::Fail;
    QString version;
    QString message;
};

// Era detection as basic/versioning.mdx and the transport pages say, told what came back
// and saying what to do next. stdio: probe with server/discover; a DiscoverResult or a
// recognized modern error means modern, any other error or no answer means legacy. HTTP:
// the same probe, where any non-2xx answer but 401/403 whose body is not a recognized modern error
// (a 4xx, a 5xx, an HTML page) means legacy, and
// a Streamable HTTP initialize refused with 400/404/405 means the HTTP+SSE transport.
// -32022 is answered by one retry with a mutual version. A known record (cached) is used
// without probing until cachedAssumptionFailed().
class EraDetector
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::Modern::EraDetector)
public:
    enum class Transport { Stdio, Http };

    // Version lists newest first.
    EraDetector(Transport transport, const EraChoice &choice, const QStringList &modernVersions,
                const QStringList &legacyVersions, const EraRecord &cached = {});

    EraStep start();
    // Answers to the probe.
    EraStep result(const QJsonObject &result);
    EraStep error(const RpcError &error);
    EraStep httpStatus(int status, const QByteArray &body); // a non-2xx answer
    EraStep timeout();
    // HTTP: the Streamable HTTP initialize was refused with this status.
    EraStep initializeRefused(int status);
    // The cached era did not hold (its first request failed as that era would not): probe again.
    EraStep cachedAssumptionFailed();

    // The decision so far (unknown until UseModern or Initialize, legacy when a modern choice
    // failed on a legacy server), to persist.
    EraRecord record() const { return m_record; }

private:
    EraStep probe(const QString &version);
    EraStep useModern(const QString &version);
    EraStep useLegacy();
    EraStep legacyEvidence(const QString &why);
    EraStep fail(const QString &message);
    QString mutualModernVersion(const QStringList &serverVersions) const;

    Transport m_transport;
    EraChoice m_choice;
    QStringList m_modernVersions;
    QStringList m_legacyVersions;
    EraRecord m_cached;
    EraRecord m_record;
    QString m_probedVersion;
    bool m_retried = false;
};

} // namespace Mcp::Modern
