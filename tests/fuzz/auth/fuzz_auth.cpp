// Input: NUL-separated parts, all of them from the network: a WWW-Authenticate header, the MCP
// server's URL, its Protected Resource Metadata (JSON), the authorization server's metadata
// (JSON), and the redirect that brought an authorization answer back.
// Invariants: a challenge written back out as a header parses to the same parameters; every
// metadata URL stays on the origin it was built from; accepted metadata gives usable URLs.

#include "auth/oauthclient.h"
#include "auth/oauthtypes.h"
#include "fuzzcommon.h"

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

using namespace Mcp;

namespace {

QString quoted(QString value)
{
    value.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    value.replace(QLatin1Char('"'), QLatin1String("\\\""));
    return QLatin1Char('"') + value + QLatin1Char('"');
}

bool sameOrigin(const QUrl &a, const QUrl &b)
{
    return a.scheme() == b.scheme() && a.host() == b.host() && a.port() == b.port();
}

void fuzzChallenge(const QByteArray &header)
{
    const BearerChallenge challenge = BearerChallenge::parse(header);
    // Written back as a server would send it, the parameters come back unchanged.
    QStringList params;
    if (!challenge.resourceMetadata.isEmpty())
        params << QStringLiteral("resource_metadata=") + quoted(challenge.resourceMetadata.toString(QUrl::FullyEncoded));
    if (!challenge.scope.isEmpty())
        params << QStringLiteral("scope=") + quoted(challenge.scope);
    if (!challenge.error.isEmpty())
        params << QStringLiteral("error=") + quoted(challenge.error);
    if (!challenge.errorDescription.isEmpty())
        params << QStringLiteral("error_description=") + quoted(challenge.errorDescription);
    const BearerChallenge again = BearerChallenge::parse(("Bearer " + params.join(QStringLiteral(", "))).toUtf8());
    FUZZ_CHECK(again.scope == challenge.scope);
    FUZZ_CHECK(again.error == challenge.error);
    FUZZ_CHECK(again.errorDescription == challenge.errorDescription);
    FUZZ_CHECK(again.resourceMetadata.toString(QUrl::FullyEncoded) == challenge.resourceMetadata.toString(QUrl::FullyEncoded));
}

} // namespace

FUZZ_INITIALIZE()

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QList<QByteArray> parts = Mcp::Fuzz::parts(data, size);
    fuzzChallenge(parts.value(0));

    const QUrl serverUrl(QString::fromUtf8(parts.value(1)));
    if (!serverUrl.isValid() || serverUrl.host().isEmpty())
        return 0;
    const BearerChallenge challenge = BearerChallenge::parse(parts.value(0));
    (void)serverUrl.resolved(challenge.resourceMetadata);
    const QList<QUrl> prmUrls = OAuthClient::protectedResourceMetadataUrls(serverUrl);
    FUZZ_CHECK(!prmUrls.isEmpty());
    for (const QUrl &url : prmUrls)
        FUZZ_CHECK(sameOrigin(url, serverUrl));
    if (serverUrl.scheme() == QLatin1String("https") || serverUrl.scheme() == QLatin1String("http"))
        FUZZ_CHECK(OAuthClient::resourceMatches(serverUrl, serverUrl.toString()));

    QString issuer;
    const QJsonObject prm = QJsonDocument::fromJson(parts.value(2)).object();
    if (!OAuthClient::resourceMetadataProblem(serverUrl, prmUrls.first(), prm, &issuer).isEmpty())
        return 0;
    FUZZ_CHECK(QUrl(issuer).isValid());
    const QUrl issuerUrl(issuer);
    for (const QUrl &url : OAuthClient::authorizationServerMetadataUrls(issuerUrl))
        FUZZ_CHECK(sameOrigin(url, issuerUrl));
    OAuthClient::Endpoints endpoints;
    const QJsonObject metadata = QJsonDocument::fromJson(parts.value(3)).object();
    if (OAuthClient::authorizationServerMetadataProblem(issuer, issuerUrl, metadata, &endpoints).isEmpty())
        FUZZ_CHECK(endpoints.token.isValid() && !endpoints.token.isEmpty());
    const QUrl redirect(QString::fromUtf8(parts.value(4)));
    (void)OAuthClient::issuerProblem(redirect, issuer, metadata.value(QLatin1String("authorization_response_iss_parameter_supported")).toBool());
    (void)OAuthClient::applicationType(redirect);
    return 0;
}
