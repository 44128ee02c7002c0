#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

namespace Mcp {

// Whether a name says that its value is a credential. Parameters (URL query and form parameters,
// environment variables): names that contain token, secret, passw, pwd, signature, api key,
// auth, credential, assertion, code_verifier or private, or that are or end in key, sig, code
// or pass after a separator. JSON fields are read more narrowly, by how the name ends (token,
// secret, password, api_key, access_key, private_key, assertion, credential(s), code_verifier,
// device_code, signature; not progressToken), since JSON-RPC errors have a "code" and OAuth
// metadata names its token_endpoint and auth methods.
enum class CredentialName : quint8 { Parameter, JsonField };
bool isCredentialName(QStringView name, CredentialName use = CredentialName::Parameter);
// The same rule as a regular expression (case-insensitive), for matching names in text.
QString credentialNamePattern(CredentialName use);
// The credentials a URL carries: its userinfo password and the values of its query and
// fragment parameters whose names are credential names (fully decoded).
QStringList credentialsInUrl(const QString &url);

} // namespace Mcp
