#pragma once

#include "jsonrpc/message.h"
#include "transport/modernheaders.h"
#include "transport/transport.h"

#include <QHash>
#include <QJsonObject>

#include <functional>
#include <optional>

namespace Mcp {
class ClientPrivate;
class OutgoingRequest;
}

namespace Mcp::Modern {

// The x-mcp-header rules of the tools a modern server listed (streamable-http.mdx, Custom
// Headers): which arguments of a tools/call travel as Mcp-Param-* headers, and which tools
// break the rules and so are never called. A server that rejects the headers (-32020) may have
// changed a tool's mapping: the tools are listed again and the call retried once when it did.
// Per connection; only tools with a mapping (or an invalid one) are kept, so a call to any
// other tool skips the checks.
class ToolHeaderGuard
{
public:
    explicit ToolHeaderGuard(ClientPrivate *d) : d(d) {}

    void clear() { m_tools.clear(); }
    // Learns the mappings from a tools/list result.
    void remember(const QJsonObject &toolsListResult);
    // Why a request must not be sent (a tools/call of an invalid tool, or arguments its
    // mapping cannot carry); nothing when it may go.
    std::optional<RpcError> refusal(const QString &method, const QJsonObject &params) const;
    // Mcp-Param-* headers of a tools/call (Transport::setRequestHeaders).
    Transport::HeaderList paramHeaders(const Message &request) const;
    // Tools whose `x-mcp-header` annotations break the rules: name -> reason.
    QHash<QString, QString> invalidTools() const;

    // -32020 on a tools/call of `tool`: lists the tools again (not from the cache), then calls
    // done without an error when the mapping changed and the call should be retried (unless it
    // already was), otherwise with the error to finish it with. Nothing is called when the
    // request finished meanwhile.
    using RelistDone = std::function<void(const std::optional<RpcError> &failure)>;
    void relistAfterMismatch(OutgoingRequest *handle, const QString &tool, const RpcError &mismatch,
                             bool alreadyRetried, RelistDone done);

private:
    ClientPrivate *d;
    QHash<QString, ModernHeaders::ToolHeaders> m_tools; // listed tools with an x-mcp-header mapping, or an invalid one
};

} // namespace Mcp::Modern
