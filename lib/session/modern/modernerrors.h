#pragma once

#include <QCoreApplication>
#include <QStringList>

#include <optional>

namespace Mcp {
struct RpcError;
}

namespace Mcp::Modern {

// `data` of an UnsupportedProtocolVersionError (-32022): the versions the server supports
// and the one it was asked for.
struct UnsupportedVersion
{
    QStringList supported;
    QString requested;
};

// The error's data when it is a -32022 whose `supported` is a list of strings; nullopt for
// any other error (a -32022 without that list is not one the client can act on).
std::optional<UnsupportedVersion> unsupportedVersionOf(const RpcError &error);

// The errors the revision defines (-32020, -32021, and -32022 with its data): they come from
// a server that speaks the modern era (basic/versioning.mdx, backward compatibility).
bool isRecognizedModernError(const RpcError &error);

// Sentences for a person.
class ModernErrors
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::Modern::ModernErrors)
public:
    // For -32020, -32021 and -32022 (naming both version lists); empty for other codes.
    static QString describe(const RpcError &error, const QStringList &clientVersions);
    static QString noCommonVersion(const QStringList &serverVersions, const QStringList &clientVersions);
};

} // namespace Mcp::Modern
