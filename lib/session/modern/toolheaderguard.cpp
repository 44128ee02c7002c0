#include "session/modern/toolheaderguard.h"

#include "session/client_p.h"
#include "session/modern/modernerrors.h"
#include "protocol/errorcodes.h"
#include "protocol/keys.h"
#include "protocol/methods.h"

#include <QJsonArray>

#include <algorithm>

namespace Mcp::Modern {

void ToolHeaderGuard::remember(const QJsonObject &result)
{
    const QJsonArray tools = result.value(Key::Tools).toArray();
    for (const QJsonValue &tool : tools) {
        const QJsonObject object = tool.toObject();
        const QString name = object.value(Key::Name).toString();
        const ModernHeaders::ToolHeaders headers =
            ModernHeaders::ToolHeaderRules::inspect(object.value(Key::InputSchema).toObject());
        // Only tools with a mapping (or an invalid one) are kept: the others read as the
        // default, and a call to one of them skips the header checks.
        if (headers.valid && headers.parameters.isEmpty())
            m_tools.remove(name);
        else
            m_tools.insert(name, headers);
        if (!headers.valid)
            d->emitNote(Client::tr("The tool %1 is invalid and will not be called: %2").arg(name, headers.reason));
    }
}

std::optional<RpcError> ToolHeaderGuard::refusal(const QString &method, const QJsonObject &params) const
{
    if (method != Method::ToolsCall || m_tools.isEmpty())
        return std::nullopt;
    const QString tool = params.value(Key::Name).toString();
    const ModernHeaders::ToolHeaders headers = m_tools.value(tool);
    if (!headers.valid)
        return RpcError{ErrorCode::InvalidParams, Client::tr("The tool %1 was not called: its x-mcp-header annotations "
                                                             "are invalid (%2).").arg(tool, headers.reason)};
    QString error;
    ModernHeaders::ToolHeaderRules::paramHeaders(headers, params.value(Key::Arguments).toObject(), &error);
    if (!error.isEmpty())
        return RpcError{ErrorCode::InvalidParams, Client::tr("The tool %1 was not called: %2").arg(tool, error)};
    return std::nullopt;
}

void ToolHeaderGuard::relistAfterMismatch(OutgoingRequest *handle, const QString &tool, const RpcError &mismatch,
                                          bool alreadyRetried, RelistDone done)
{
    const ModernHeaders::ToolHeaders before = m_tools.value(tool);
    // The spec's advice (streamable-http.mdx, Custom Headers): check tools/list for a changed
    // inputSchema, then retry. A cached list would only repeat the mapping that failed.
    d->emitNote(Client::tr("The server rejected the headers of tools/call %1 (HeaderMismatch, -32020); listing the "
                           "tools again for its current x-mcp-header mapping.").arg(tool));
    RpcError error = mismatch;
    error.message = ModernErrors::describe(mismatch, ModernLifecycle::supportedProtocolVersions());
    const QPointer<OutgoingRequest> guard = handle;
    Client::ListOptions options;
    options.forceRefresh = true;
    d->q->listAll(Lists::Tools, handle, options,
                  [this, guard, error, tool, before, alreadyRetried, done = std::move(done)](
                      const QJsonArray &tools, const std::optional<RpcError> &listError, const CacheStatus &) {
        if (!guard || guard->isFinished())
            return; // cancelled or timed out meanwhile
        RpcError failure = error;
        const bool listed = std::any_of(tools.cbegin(), tools.cend(), [&tool](const QJsonValue &each) {
            return each.toObject().value(Key::Name).toString() == tool;
        });
        const ModernHeaders::ToolHeaders now = m_tools.value(tool);
        if (listError) {
            failure.message += QStringLiteral(" ") + Client::tr("Listing the tools again failed too: %1").arg(listError->message);
        } else if (!listed) {
            failure.message += QStringLiteral(" ") + Client::tr("The server no longer lists the tool %1.").arg(tool);
        } else if (!now.valid) {
            failure.message += QStringLiteral(" ") + Client::tr("Listed again, the tool's x-mcp-header annotations are invalid (%1), "
                                                 "so it was not called again.").arg(now.reason);
        } else if (alreadyRetried || (now.parameters == before.parameters && now.valid == before.valid)) {
            failure.message += QStringLiteral(" ") + Client::tr("The tools were listed again and the tool's x-mcp-header mapping is "
                                                 "unchanged, so MCP Scope did not retry.");
        } else {
            d->emitNote(Client::tr("The x-mcp-header mapping of %1 changed; calling it again with the current "
                                   "headers.").arg(tool));
            done(std::nullopt);
            return;
        }
        done(failure);
    });
}

QHash<QString, QString> ToolHeaderGuard::invalidTools() const
{
    QHash<QString, QString> invalid;
    for (auto it = m_tools.cbegin(); it != m_tools.cend(); ++it)
        if (!it->valid)
            invalid.insert(it.key(), it->reason);
    return invalid;
}

Transport::HeaderList ToolHeaderGuard::paramHeaders(const Message &request) const
{
    if (request.method() != Method::ToolsCall || m_tools.isEmpty())
        return {};
    const QJsonObject params = request.paramsObject();
    QString error;
    return ModernHeaders::ToolHeaderRules::paramHeaders(m_tools.value(params.value(Key::Name).toString()),
                                                        params.value(Key::Arguments).toObject(), &error);
}

} // namespace Mcp::Modern
