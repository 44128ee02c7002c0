#include "credentials.h"

#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

namespace Mcp {

QString credentialNamePattern(CredentialName use)
{
    if (use == CredentialName::JsonField)
        return QStringLiteral(R"re([A-Za-z0-9_.\-]*(?:(?<!progress)token|secret|passw(?:or)?d|api_?key|access_?key|secret_?key|)re"
                              R"re(private_?key|assertion|credentials?|code_verifier|device_code|signature))re");
    return QStringLiteral(R"re([A-Za-z0-9_.\-]*(?:token|secret|passw|pwd|signature|api[_\-]?key|auth|credential|)re"
                          R"re(assertion|code_verifier|private)[A-Za-z0-9_.\-]*|(?:[A-Za-z0-9_.\-]*[_.\-])?(?:key|sig|code|pass))re");
}

bool isCredentialName(QStringView name, CredentialName use)
{
    static const QRegularExpression parameter(QStringLiteral("^(?:%1)$").arg(credentialNamePattern(CredentialName::Parameter)),
                                              QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression field(QStringLiteral("^(?:%1)$").arg(credentialNamePattern(CredentialName::JsonField)),
                                          QRegularExpression::CaseInsensitiveOption);
    return (use == CredentialName::JsonField ? field : parameter).match(name).hasMatch();
}

QStringList credentialsInUrl(const QString &text)
{
    const QUrl url(text);
    QStringList values;
    if (!url.password().isEmpty())
        values.append(url.password(QUrl::FullyDecoded));
    for (const QString &part : {url.query(QUrl::FullyEncoded), url.fragment(QUrl::FullyEncoded)}) {
        for (const auto &item : QUrlQuery(part).queryItems(QUrl::FullyDecoded)) {
            if (!item.second.isEmpty() && isCredentialName(item.first))
                values.append(item.second);
        }
    }
    return values;
}

} // namespace Mcp
