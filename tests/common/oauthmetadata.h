#pragma once

// The tests' authorization servers: what they publish (RFC 8414 metadata: one origin with
// /authorize, /token and /register, the code flow with S256) and how they answer /authorize.

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QUrl>
#include <QUrlQuery>

namespace Mcp::Test {

// authMethods: token_endpoint_auth_methods_supported.
inline QJsonObject authorizationServerMetadata(const QString &base, const QJsonArray &authMethods)
{
    return QJsonObject{
        {QStringLiteral("issuer"), base},
        {QStringLiteral("authorization_endpoint"), QString(base + QStringLiteral("/authorize"))},
        {QStringLiteral("token_endpoint"), QString(base + QStringLiteral("/token"))},
        {QStringLiteral("registration_endpoint"), QString(base + QStringLiteral("/register"))},
        {QStringLiteral("response_types_supported"), QJsonArray{QStringLiteral("code")}},
        {QStringLiteral("code_challenge_methods_supported"), QJsonArray{QStringLiteral("S256")}},
        {QStringLiteral("token_endpoint_auth_methods_supported"), authMethods},
    };
}

// An authorization request (the path and query of GET /authorize) approved at once, as by a
// signed-in user: where the browser goes back to, its redirect_uri with code "code-1", the
// request's state (or state, when given) and iss when given. *scope: the scope it asked for.
inline QUrl approvedRedirect(const QByteArray &requestPath, QString *scope, const QString &state = {},
                             const QString &iss = {})
{
    const QUrlQuery query(QUrl::fromEncoded("http://x" + requestPath));
    *scope = query.queryItemValue(QStringLiteral("scope"), QUrl::FullyDecoded);
    QUrl target(query.queryItemValue(QStringLiteral("redirect_uri"), QUrl::FullyDecoded));
    QUrlQuery answer;
    answer.addQueryItem(QStringLiteral("code"), QStringLiteral("code-1"));
    answer.addQueryItem(QStringLiteral("state"),
                        state.isEmpty() ? query.queryItemValue(QStringLiteral("state"), QUrl::FullyDecoded) : state);
    if (!iss.isEmpty())
        answer.addQueryItem(QStringLiteral("iss"), QString::fromLatin1(QUrl::toPercentEncoding(iss)));
    target.setQuery(answer);
    return target;
}

} // namespace Mcp::Test
