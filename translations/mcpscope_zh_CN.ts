<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>CacheNote</name>
        <message numerus="yes">
            <source>answered from the cache, fresh for %n s</source>
            <translation>
                <numerusform>已从缓存应答，%n 秒内有效</numerusform>
            </translation>
        </message>
        <message>
            <source>answered from the cache</source>
            <translation>已从缓存应答</translation>
        </message>
        <message numerus="yes">
            <source>the server lets this list be kept for %n s</source>
            <translation>
                <numerusform>服务器允许此列表保留 %n 秒</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Mcp::Apps::AppHostBridge</name>
        <message>
            <source>Not sent: partial tool input after the complete input.</source>
            <translation>未发送：完整输入之后的部分工具输入。</translation>
        </message>
        <message>
            <source>Not sent: a view gets its tool input once.</source>
            <translation>未发送：视图只接收一次工具输入。</translation>
        </message>
        <message>
            <source>The view did not answer ui/resource-teardown in time; torn down anyway.</source>
            <translation>视图未及时应答 ui/resource-teardown；仍已销毁。</translation>
        </message>
        <message>
            <source>batches are not part of the view protocol</source>
            <translation>批处理不属于视图协议</translation>
        </message>
        <message>
            <source>not a JSON-RPC message</source>
            <translation>不是 JSON-RPC 消息</translation>
        </message>
        <message>
            <source>Refused: %1</source>
            <translation>已拒绝：%1</translation>
        </message>
        <message>
            <source>A reply to %1, which the host never asked: ignored.</source>
            <translation>对 %1 的回复，但宿主从未发出该请求：已忽略。</translation>
        </message>
        <message>
            <source>%1 before ui/initialize was answered: ignored.</source>
            <translation>%1 在 ui/initialize 得到应答之前到达：已忽略。</translation>
        </message>
        <message>
            <source>held until the view was initialized</source>
            <translation>已暂存，直到视图完成初始化</translation>
        </message>
        <message>
            <source>%1 is not a notification this host knows: ignored.</source>
            <translation>%1 不是此宿主已知的通知：已忽略。</translation>
        </message>
        <message>
            <source>The view is being torn down.</source>
            <translation>视图正在被销毁。</translation>
        </message>
        <message>
            <source>ui/initialize was already answered.</source>
            <translation>ui/initialize 已经应答过。</translation>
        </message>
        <message>
            <source>%1 before ui/initialize.</source>
            <translation>%1 在 ui/initialize 之前。</translation>
        </message>
        <message>
            <source>The server has no tool named "%1".</source>
            <translation>服务器没有名为“%1”的工具。</translation>
        </message>
        <message>
            <source>Tool "%1" is not visible to apps (its _meta.ui.visibility leaves out "app").</source>
            <translation>工具“%1”对应用不可见（其 _meta.ui.visibility 未包含“app”）。</translation>
        </message>
        <message>
            <source>This view is not connected to a server.</source>
            <translation>此视图未连接到服务器。</translation>
        </message>
        <message>
            <source>Invalid URL: only http, https and mailto links are opened.</source>
            <translation>无效的 URL：只会打开 http、https 和 mailto 链接。</translation>
        </message>
        <message>
            <source>Link opening denied: nobody here can consent.</source>
            <translation>已拒绝打开链接：此处无人可以同意。</translation>
        </message>
        <message>
            <source>%1 is not offered to views by this host.</source>
            <translation>此宿主不向视图提供 %1。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::CappedHttpExchange</name>
        <message>
            <source>nothing arrived for %1 s</source>
            <translation>%1 秒内未收到任何数据</translation>
        </message>
        <message>
            <source>only http and https URLs can be fetched</source>
            <translation>只能获取 http 和 https URL</translation>
        </message>
        <message>
            <source>the connection closed before the answer was complete</source>
            <translation>在应答完整之前连接已关闭</translation>
        </message>
        <message>
            <source>the answer's headers are larger than %1 KiB</source>
            <translation>应答的头部大于 %1 KiB</translation>
        </message>
        <message>
            <source>a chunk of the answer has no valid size</source>
            <translation>应答的某个分块没有有效的大小</translation>
        </message>
        <message>
            <source>a chunk of the answer does not end where its size says</source>
            <translation>应答的某个分块没有在其大小所示之处结束</translation>
        </message>
        <message>
            <source>the answer's trailer is too long</source>
            <translation>应答的尾部过长</translation>
        </message>
        <message>
            <source>the answer is not HTTP/1.1</source>
            <translation>应答不是 HTTP/1.1</translation>
        </message>
        <message>
            <source>the answer's transfer encoding "%1" is not supported</source>
            <translation>不支持应答的传输编码“%1”</translation>
        </message>
        <message>
            <source>the answer's Content-Length "%1" is not a number</source>
            <translation>应答的 Content-Length“%1”不是数字</translation>
        </message>
        <message>
            <source>more than %1 redirects</source>
            <translation>超过 %1 次重定向</translation>
        </message>
    </context>
    <context>
        <name>Mcp::CapturedMessages</name>
        <message>
            <source>cannot read %1: %2</source>
            <translation>无法读取 %1：%2</translation>
        </message>
        <message>
            <source>the file is empty</source>
            <translation>文件为空</translation>
        </message>
        <message>
            <source>not a HAR file (%1)</source>
            <translation>不是 HAR 文件（%1）</translation>
        </message>
        <message>
            <source>no log.entries</source>
            <translation>没有 log.entries</translation>
        </message>
        <message>
            <source>%1, nor a HAR file</source>
            <translation>%1，也不是 HAR 文件</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Client</name>
        <message numerus="yes">
            <source>%n s</source>
            <translation>
                <numerusform>%n 秒</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n ms</source>
            <translation>
                <numerusform>%n 毫秒</numerusform>
            </translation>
        </message>
        <message>
            <source>The server did not complete initialize: %1</source>
            <translation>服务器未完成 initialize：%1</translation>
        </message>
        <message>
            <source>The server's initialize result has no protocolVersion, so MCP Scope cannot tell which protocol it speaks. Disconnected.</source>
            <translation>服务器的 initialize 结果中没有 protocolVersion，MCP Scope 无法判断其使用的协议。已断开。</translation>
        </message>
        <message>
            <source>The server answered with protocol version "%1", which MCP Scope does not support (it supports %2). Disconnected.</source>
            <translation>服务器回复的协议版本为“%1”，MCP Scope 不支持（支持 %2）。已断开。</translation>
        </message>
        <message>
            <source>A new session was initialised after the server ended the previous one.</source>
            <translation>服务器结束上一个会话后，已初始化新会话。</translation>
        </message>
        <message>
            <source>%1 could not be sent: %2</source>
            <translation>%1 无法发送：%2</translation>
        </message>
        <message>
            <source>The connection closed</source>
            <translation>连接已关闭</translation>
        </message>
        <message>
            <source>The connection was closed on request while %1 was pending.</source>
            <translation>在 %1 等待期间，连接已按请求关闭。</translation>
        </message>
        <message>
            <source>%1 while %2 was pending.</source>
            <translation>%1，当时 %2 仍在等待。</translation>
        </message>
        <message>
            <source>Could not connect to the server: %1</source>
            <translation>无法连接到服务器：%1</translation>
        </message>
        <message>
            <source>The transport could not deliver %1.</source>
            <translation>传输层无法投递 %1。</translation>
        </message>
        <message>
            <source>The server ended the session; initialising a new one.</source>
            <translation>服务器结束了会话；正在初始化新会话。</translation>
        </message>
        <message>
            <source>Request timed out after %1</source>
            <translation>请求在 %1 后超时</translation>
        </message>
        <message>
            <source>The server did not answer %1 within %2.</source>
            <translation>服务器未在 %2 内回答 %1。</translation>
        </message>
        <message>
            <source>%1 timed out after %2 before the session was ready, so it was never sent.</source>
            <translation>%1 在会话就绪之前于 %2 后超时，因此从未发送。</translation>
        </message>
        <message>
            <source>Cancelled by the user</source>
            <translation>已被用户取消</translation>
        </message>
        <message>
            <source>%1 was cancelled.</source>
            <translation>%1 已取消。</translation>
        </message>
        <message>
            <source>%1 was cancelled: %2</source>
            <translation>%1 已取消：%2</translation>
        </message>
        <message>
            <source>Late response to %1 (id %2) ignored: MCP Scope had already stopped waiting for it.</source>
            <translation>已忽略对 %1（ID %2）的迟到响应：MCP Scope 已停止等待。</translation>
        </message>
        <message>
            <source>Response with unknown id %1 ignored: no request with that id is pending.</source>
            <translation>已忽略未知 ID %1 的响应：没有等待中的请求使用该 ID。</translation>
        </message>
        <message>
            <source>Request id %1 is already in use by an unanswered request.</source>
            <translation>请求 ID %1 已被一个未回答的请求使用。</translation>
        </message>
        <message>
            <source>Method not found: MCP Scope does not handle %1.</source>
            <translation>未找到方法：MCP Scope 不处理 %1。</translation>
        </message>
        <message>
            <source>The session was closed while %1 was pending.</source>
            <translation>在 %1 等待期间会话已关闭。</translation>
        </message>
        <message>
            <source>Disconnected</source>
            <translation>已断开</translation>
        </message>
        <message>
            <source>%1 was not sent: the connection failed (%2).</source>
            <translation>%1 未发送：连接失败（%2）。</translation>
        </message>
        <message>
            <source>%1 was not sent: not connected to a server.</source>
            <translation>%1 未发送：未连接到服务器。</translation>
        </message>
        <message>
            <source>The server returned the cursor "%1" twice while listing %2; stopped to avoid an endless loop.</source>
            <translation>列出 %2 时服务器两次返回游标“%1”；为避免无限循环已停止。</translation>
        </message>
        <message numerus="yes">
            <source>Stopped listing %1 after %n page(s); the server still had more.</source>
            <translation>
                <numerusform>列出 %1 在 %n 页后停止；服务器还有更多内容。</numerusform>
            </translation>
        </message>
        <message>
            <source>Protocol era: legacy (%1).</source>
            <translation>协议时代：旧版（%1）。</translation>
        </message>
        <message>
            <source>detected by probing</source>
            <translation>通过探测确定</translation>
        </message>
        <message>
            <source>chosen in the configuration</source>
            <translation>在配置中选定</translation>
        </message>
        <message>
            <source>remembered from an earlier connection</source>
            <translation>沿用先前连接的结果</translation>
        </message>
        <message>
            <source>Protocol era: modern, version %1 (%2).</source>
            <translation>协议时代：新版，版本 %1（%2）。</translation>
        </message>
        <message>
            <source>The tool %1 was not called: its x-mcp-header annotations are invalid (%2).</source>
            <translation>未调用工具 %1：其 x-mcp-header 注解无效（%2）。</translation>
        </message>
        <message>
            <source>The tool %1 was not called: %2</source>
            <translation>未调用工具 %1：%2</translation>
        </message>
        <message>
            <source>The server does not accept protocol version %1; retrying with %2.</source>
            <translation>服务器不接受协议版本 %1；改用 %2 重试。</translation>
        </message>
        <message>
            <source>The tool %1 is invalid and will not be called: %2</source>
            <translation>工具 %1 无效，不会被调用：%2</translation>
        </message>
        <message>
            <source>This modern server relies on %1, which the 2026-07-28 revision deprecates.</source>
            <translation>此新版服务器依赖 %1，而 2026-07-28 修订版已将其弃用。</translation>
        </message>
        <message>
            <source>The request was cancelled or finished.</source>
            <translation>请求已取消或已结束。</translation>
        </message>
        <message>
            <source>The server does not offer resource subscriptions.</source>
            <translation>服务器不提供资源订阅。</translation>
        </message>
        <message>
            <source>Subscribed to %1 through the subscriptions/listen stream.</source>
            <translation>已通过 subscriptions/listen 流订阅 %1。</translation>
        </message>
        <message>
            <source>Unsubscribed from %1 through the subscriptions/listen stream.</source>
            <translation>已通过 subscriptions/listen 流取消订阅 %1。</translation>
        </message>
        <message>
            <source>This server is reached over the HTTP+SSE transport (2024-11-05), which is deprecated.</source>
            <translation>此服务器通过已弃用的 HTTP+SSE 传输（2024-11-05）连接。</translation>
        </message>
        <message>
            <source>The subscription's filter changed.</source>
            <translation>订阅的过滤条件已更改。</translation>
        </message>
        <message>
            <source>The subscription stream dropped: %1</source>
            <translation>订阅流已中断：%1</translation>
        </message>
        <message>
            <source>The server refused the subscription (%1): %2</source>
            <translation>服务器拒绝了订阅（%1）：%2</translation>
        </message>
        <message>
            <source>The server ended the subscription.</source>
            <translation>服务器已结束订阅。</translation>
        </message>
        <message>
            <source>Reopening the subscription stream in %1 ms.</source>
            <translation>将在 %1 毫秒后重新打开订阅流。</translation>
        </message>
        <message>
            <source>The server will not send everything the subscription asked for: %1</source>
            <translation>服务器不会发送订阅请求的全部内容：%1</translation>
        </message>
        <message>
            <source>Sent %1 again on the new session.</source>
            <translation>已在新会话中重新发送 %1。</translation>
        </message>
        <message>
            <source>%1 met the ended session; it is sent again once the new session is ready.</source>
            <translation>%1 遇到了已结束的会话；新会话就绪后将重新发送。</translation>
        </message>
        <message>
            <source>%1 answered from the cache (fresh for another %2); nothing was sent.</source>
            <translation>%1 已从缓存应答（还可有效 %2）；未发送任何内容。</translation>
        </message>
        <message>
            <source>The server rejected the headers of tools/call %1 (HeaderMismatch, -32020); listing the tools again for its current x-mcp-header mapping.</source>
            <translation>服务器拒绝了 tools/call %1 的请求头（HeaderMismatch，-32020）；正在重新列出工具以获取其当前的 x-mcp-header 映射。</translation>
        </message>
        <message>
            <source>Listing the tools again failed too: %1</source>
            <translation>重新列出工具也失败了：%1</translation>
        </message>
        <message>
            <source>The server no longer lists the tool %1.</source>
            <translation>服务器不再列出工具 %1。</translation>
        </message>
        <message>
            <source>Listed again, the tool's x-mcp-header annotations are invalid (%1), so it was not called again.</source>
            <translation>重新列出后，该工具的 x-mcp-header 注解无效（%1），因此未再次调用。</translation>
        </message>
        <message>
            <source>The tools were listed again and the tool's x-mcp-header mapping is unchanged, so MCP Scope did not retry.</source>
            <translation>已重新列出工具，但该工具的 x-mcp-header 映射未变，因此 MCP Scope 未重试。</translation>
        </message>
        <message>
            <source>The x-mcp-header mapping of %1 changed; calling it again with the current headers.</source>
            <translation>%1 的 x-mcp-header 映射已更改；正在使用当前请求头再次调用。</translation>
        </message>
        <message>
            <source>%1 (request %2) was lost with its response stream (%3); sent again as request %4.</source>
            <translation>%1（请求 %2）随其响应流一起丢失（%3）；已作为请求 %4 重新发送。</translation>
        </message>
        <message>
            <source>The server has no resource %1 (%2): %3</source>
            <translation>服务器上没有资源 %1（%2）：%3</translation>
        </message>
        <message>
            <source>%1 became task %2 on the server (%3); following it with tasks/get.</source>
            <translation>%1 在服务器上变成了任务 %2（%3）；正在用 tasks/get 跟踪它。</translation>
        </message>
        <message>
            <source>%1 is already on its way (id %2): its answer is shared; nothing more was sent.</source>
            <translation>%1 已在发送途中（ID %2）：共用其应答；未再发送任何内容。</translation>
        </message>
        <message>
            <source>Listing %1 took longer than its total timeout.</source>
            <translation>列出 %1 的用时超过了总超时。</translation>
        </message>
        <message>
            <source>%1 did not finish within the maximum total time of %2</source>
            <translation>%1 未在最长总时间 %2 内完成</translation>
        </message>
        <message>
            <source>%1 got no answer within %2</source>
            <translation>%1 在 %2 内没有得到应答</translation>
        </message>
        <message>
            <source>%1; MCP Scope sent notifications/cancelled and stopped waiting.</source>
            <translation>%1；MCP Scope 已发送 notifications/cancelled 并停止等待。</translation>
        </message>
        <message>
            <source>%1; MCP Scope sent tasks/cancel for task %2 and stopped waiting.</source>
            <translation>%1；MCP Scope 已为任务 %2 发送 tasks/cancel 并停止等待。</translation>
        </message>
        <message>
            <source>%1; MCP Scope closed its response stream (which cancels it) and stopped waiting.</source>
            <translation>%1；MCP Scope 已关闭其应答流（这会取消它）并停止等待。</translation>
        </message>
        <message>
            <source>%1; MCP Scope stopped waiting.</source>
            <translation>%1；MCP Scope 已停止等待。</translation>
        </message>
        <message>
            <source>The server answered with an error under id %1 while only server/discover (id %2) was waiting; taken as that request's answer.</source>
            <translation>服务器以 id %1 返回了错误，而当时只有 server/discover（id %2）在等待；已将其视为该请求的应答。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::ServerConnection</name>
        <message>
            <source>%1 failed: %2</source>
            <translation>%1 失败：%2</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Collection</name>
        <message>
            <source>the file is not a collection this version can add to: %1</source>
            <translation>该文件不是此版本可以添加内容的集合：%1</translation>
        </message>
        <message>
            <source>cannot read the file: %1</source>
            <translation>无法读取文件：%1</translation>
        </message>
        <message>
            <source>"%1" is not an era this client speaks</source>
            <translation>“%1”不是此客户端支持的协议时代</translation>
        </message>
        <message>
            <source>the collection has %1 servers: say which one with "server"</source>
            <translation>该集合有 %1 个服务器：请用“server”指定其中一个</translation>
        </message>
        <message>
            <source>no server named "%1" (the collection has: %2)</source>
            <translation>没有名为“%1”的服务器（集合中有：%2）</translation>
        </message>
        <message>
            <source>%1 needs "%2"</source>
            <translation>%1 需要“%2”</translation>
        </message>
        <message>
            <source>"code" goes with "status": "error"</source>
            <translation>“code”须与“status”: “error”一起使用</translation>
        </message>
        <message>
            <source>structuredContentValid applies to tools/call only</source>
            <translation>structuredContentValid 仅适用于 tools/call</translation>
        </message>
        <message>
            <source>not a regular expression: %1 at offset %2</source>
            <translation>不是正则表达式：%1，位于偏移量 %2</translation>
        </message>
        <message>
            <source>not valid JSON: %1</source>
            <translation>不是有效的 JSON：%1</translation>
        </message>
        <message>
            <source>a collection is a JSON object</source>
            <translation>集合必须是 JSON 对象</translation>
        </message>
        <message>
            <source>not an MCP Scope collection ("format" must be "%1")</source>
            <translation>不是 MCP Scope 集合（“format”必须为“%1”）</translation>
        </message>
        <message>
            <source>collection version %1 is not supported (this MCP Scope reads version %2)</source>
            <translation>不支持集合版本 %1（此 MCP Scope 读取版本 %2）</translation>
        </message>
        <message>
            <source>a server needs "command" (stdio) or "url" (HTTP)</source>
            <translation>服务器需要“command”（stdio）或“url”（HTTP）</translation>
        </message>
        <message>
            <source>an assertion has one of: %1 (docs/collections.md)</source>
            <translation>断言须包含以下之一：%1（docs/collections.md）</translation>
        </message>
        <message>
            <source>a path goes with one of: equals, contains, matches, exists</source>
            <translation>path 须与以下之一一起使用：equals、contains、matches、exists</translation>
        </message>
        <message>
            <source>the collection schema is broken: %1</source>
            <translation>集合模式已损坏：%1</translation>
        </message>
        <message>
            <source>does not match the collection schema</source>
            <translation>与集合模式不匹配</translation>
        </message>
    </context>
    <context>
        <name>Mcp::CollectionRunner</name>
        <message>
            <source>no server named "%1"</source>
            <translation>没有名为“%1”的服务器</translation>
        </message>
        <message>
            <source>%1: the configuration refers to values that are not set: %2</source>
            <translation>%1：配置引用了未设置的值：%2</translation>
        </message>
        <message>
            <source>tools/list failed: %1</source>
            <translation>tools/list 失败：%1</translation>
        </message>
        <message>
            <source>the server lists no tool "%1"</source>
            <translation>服务器未列出工具“%1”</translation>
        </message>
        <message>
            <source>the tool "%1" has no outputSchema</source>
            <translation>工具“%1”没有 outputSchema</translation>
        </message>
        <message>
            <source>cancelled where the recorded call was</source>
            <translation>在与录制的调用相同的时点取消</translation>
        </message>
    </context>
    <context>
        <name>Mcp::FormBuilder</name>
        <message>
            <source>Option %1</source>
            <translation>选项 %1</translation>
        </message>
        <message>
            <source>Any JSON value.</source>
            <translation>任意 JSON 值。</translation>
        </message>
        <message>
            <source>The schema allows no value here.</source>
            <translation>该模式不允许此处有值。</translation>
        </message>
        <message>
            <source>The schema here is not a JSON object; edit the value as JSON.</source>
            <translation>此处的模式不是 JSON 对象；请以 JSON 形式编辑该值。</translation>
        </message>
        <message>
            <source>Part of this field's schema (allOf) is recursive or unresolved and is only checked on sending.</source>
            <translation>此字段模式的一部分（allOf）是递归的或未解析，仅在发送时检查。</translation>
        </message>
        <message>
            <source>Recursive part: it is built when you open it.</source>
            <translation>递归部分：打开时才会构建。</translation>
        </message>
        <message>
            <source>Deeply nested part: it is built when you open it.</source>
            <translation>深度嵌套部分：打开时才会构建。</translation>
        </message>
        <message>
            <source>The anyOf part of this schema is only checked on sending.</source>
            <translation>此模式的 anyOf 部分仅在发送时检查。</translation>
        </message>
        <message>
            <source>Option</source>
            <translation>选项</translation>
        </message>
        <message>
            <source>This part of the schema has no form field; edit it as JSON.</source>
            <translation>模式的这一部分没有表单字段；请以 JSON 形式编辑。</translation>
        </message>
        <message>
            <source>The $ref chain loops without reaching a schema (%1).</source>
            <translation>$ref 链形成循环，未能到达模式（%1）。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::FormState</name>
        <message>
            <source>is not valid JSON (%1)</source>
            <translation>不是有效的 JSON（%1）</translation>
        </message>
        <message>
            <source>is required</source>
            <translation>为必填项</translation>
        </message>
        <message>
            <source>is empty: fill it in or remove it</source>
            <translation>为空：请填写或移除</translation>
        </message>
        <message>
            <source>expected one JSON value</source>
            <translation>应为单个 JSON 值</translation>
        </message>
        <message>
            <source>must be a date such as 2024-01-31</source>
            <translation>必须是日期，例如 2024-01-31</translation>
        </message>
        <message>
            <source>must be a time such as 13:45:00Z</source>
            <translation>必须是时间，例如 13:45:00Z</translation>
        </message>
        <message>
            <source>must be a date and time such as 2024-01-31T13:45:00Z</source>
            <translation>必须是日期和时间，例如 2024-01-31T13:45:00Z</translation>
        </message>
    </context>
    <context>
        <name>Mcp::HeadlessUserAgent</name>
        <message>
            <source>Authorization request (headless user agent)</source>
            <translation>授权请求（无浏览器）</translation>
        </message>
        <message>
            <source>The authorization page %1 could not be loaded: %2</source>
            <translation>无法加载授权页面 %1：%2</translation>
        </message>
        <message>
            <source>The authorization page answered HTTP %1 instead of redirecting to %2; it needs a person (use a browser).</source>
            <translation>授权页面返回 HTTP %1，而没有重定向到 %2；需要人工操作（请使用浏览器）。</translation>
        </message>
        <message>
            <source>The authorization page %1 is larger than %2 MiB; it was not read.</source>
            <translation>授权页面 %1 大于 %2 MiB；未读取。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::HttpAutoTransport</name>
        <message>
            <source>the server refused Streamable HTTP</source>
            <translation>服务器拒绝了 Streamable HTTP</translation>
        </message>
        <message>
            <source>the server answered the first request</source>
            <translation>服务器回答了第一个请求</translation>
        </message>
        <message>
            <source>%1 speaks neither Streamable HTTP nor legacy HTTP+SSE: %2</source>
            <translation>%1 既不支持 Streamable HTTP，也不支持旧版 HTTP+SSE：%2</translation>
        </message>
        <message>
            <source>Auto-detection chose legacy HTTP+SSE (2024-11-05) for %1: %2</source>
            <translation>自动检测为 %1 选择了旧版 HTTP+SSE（2024-11-05）：%2</translation>
        </message>
        <message>
            <source>Auto-detection chose Streamable HTTP for %1: %2</source>
            <translation>自动检测为 %1 选择了 Streamable HTTP：%2</translation>
        </message>
        <message>
            <source>Streamable HTTP refused (HTTP %1); trying legacy HTTP+SSE</source>
            <translation>Streamable HTTP 被拒绝（HTTP %1）；正在尝试旧版 HTTP+SSE</translation>
        </message>
        <message>
            <source>Cannot send: the HTTP transport to %1 is not open.</source>
            <translation>无法发送：到 %1 的 HTTP 传输未打开。</translation>
        </message>
        <message>
            <source>Closed</source>
            <translation>已关闭</translation>
        </message>
    </context>
    <context>
        <name>Mcp::HttpTransport</name>
        <message>
            <source>The TLS connection to %1 could not be trusted: %2</source>
            <translation>无法信任到 %1 的 TLS 连接：%2</translation>
        </message>
        <message>
            <source>%1 answered HTTP %2 %3</source>
            <translation>%1 返回了 HTTP %2 %3</translation>
        </message>
        <message>
            <source> (the server wants credentials%1)</source>
            <translation>（服务器要求凭据%1）</translation>
        </message>
        <message>
            <source>Could not reach %1: %2</source>
            <translation>无法访问 %1：%2</translation>
        </message>
        <message>
        <source> through the proxy %1 (%2)</source>
        <translation>，经由代理 %1（%2）</translation>
    </message>
</context>
    <context>
        <name>Mcp::Json</name>
        <message>
            <source>empty input</source>
            <translation>输入为空</translation>
        </message>
        <message>
            <source>invalid UTF-8</source>
            <translation>无效的 UTF-8</translation>
        </message>
        <message>
            <source>nested too deeply</source>
            <translation>嵌套过深</translation>
        </message>
        <message>
            <source>a string is not closed</source>
            <translation>有字符串未闭合</translation>
        </message>
        <message>
            <source>invalid string (bad escape or control character)</source>
            <translation>无效字符串（错误的转义或控制字符）</translation>
        </message>
        <message>
            <source>a string contains an unescaped control character</source>
            <translation>字符串包含未转义的控制字符</translation>
        </message>
        <message>
            <source>invalid number</source>
            <translation>无效的数字</translation>
        </message>
        <message>
            <source>invalid literal (true, false or null expected)</source>
            <translation>无效的字面量（应为 true、false 或 null）</translation>
        </message>
        <message>
            <source>document too large</source>
            <translation>文档过大</translation>
        </message>
        <message>
            <source>out of memory</source>
            <translation>内存不足</translation>
        </message>
        <message>
            <source>invalid structure (a missing or extra comma, brace, bracket, colon or value)</source>
            <translation>结构无效（缺少或多余的逗号、括号、冒号或值）</translation>
        </message>
    </context>
    <context>
        <name>Mcp::KeychainSecretStore</name>
        <message>
            <source>Checking the keychain…</source>
            <translation>正在检查密钥环…</translation>
        </message>
        <message>
            <source>No keychain: secrets are kept in memory only.</source>
            <translation>没有密钥环：机密仅保存在内存中。</translation>
        </message>
        <message>
            <source>No keychain: secrets are kept in memory only (%1).</source>
            <translation>没有密钥环：机密仅保存在内存中（%1）。</translation>
        </message>
        <message>
            <source>the keychain did not answer within %1 seconds</source>
            <translation>密钥环在 %1 秒内没有响应</translation>
        </message>
    </context>
    <context>
        <name>Mcp::LegacySseTransport</name>
        <message>
            <source>%1 sent no "endpoint" event within %2 ms; it does not look like a 2024-11-05 SSE server.</source>
            <translation>%1 在 %2 毫秒内没有发送“endpoint”事件；它看起来不像 2024-11-05 的 SSE 服务器。</translation>
        </message>
        <message>
            <source>Legacy HTTP+SSE: opening the event stream</source>
            <translation>旧版 HTTP+SSE：正在打开事件流</translation>
        </message>
        <message>
            <source>Event stream opened</source>
            <translation>事件流已打开</translation>
        </message>
        <message>
            <source>POST endpoint: %1</source>
            <translation>POST 端点：%1</translation>
        </message>
        <message>
            <source>The server's endpoint %1 is not on the origin of %2; refusing to send messages there.</source>
            <translation>服务器的端点 %1 与 %2 不同源；拒绝向其发送消息。</translation>
        </message>
        <message>
            <source>The server closed the SSE stream; the legacy HTTP+SSE session is over.</source>
            <translation>服务器关闭了 SSE 流；旧版 HTTP+SSE 会话已结束。</translation>
        </message>
        <message>
            <source>The SSE stream broke: %1</source>
            <translation>SSE 流中断：%1</translation>
        </message>
        <message>
            <source>%1 answered the GET with "%2", not an event stream.</source>
            <translation>%1 对 GET 的回应是“%2”，而不是事件流。</translation>
        </message>
        <message>
            <source>Cannot send: the SSE transport to %1 is not open.</source>
            <translation>无法发送：到 %1 的 SSE 传输未打开。</translation>
        </message>
        <message>
            <source>Closed</source>
            <translation>已关闭</translation>
        </message>
        <message>
            <source>Authorization for %1 failed: %2</source>
            <translation>%1 的授权失败：%2</translation>
        </message>
        <message>
            <source>The server still refused the event stream after %1 authorizations: %2</source>
            <translation>经过 %1 次授权后，服务器仍拒绝事件流：%2</translation>
        </message>
        <message>
            <source>The server wants credentials (HTTP %1); authorizing</source>
            <translation>服务器需要凭据 (HTTP %1)；正在授权</translation>
        </message>
        <message>
            <source>Authorization for %1 failed: the authorizer is gone.</source>
            <translation>%1 的授权失败：授权器已不存在。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::LoopbackUserAgent</name>
        <message>
            <source>Cannot receive the authorization answer: listening on 127.0.0.1 failed (%1).</source>
            <translation>无法接收授权应答：在 127.0.0.1 上监听失败 (%1)。</translation>
        </message>
        <message>
            <source>Authorization received. You can close this window and return to MCP Scope.</source>
            <translation>已收到授权。您可以关闭此窗口并返回 MCP Scope。</translation>
        </message>
        <message>
            <source>No answer came back from the browser within %1 s; the sign-in was abandoned and 127.0.0.1:%2 no longer listens.</source>
            <translation>%1 秒内浏览器未返回应答；已放弃登录，127.0.0.1:%2 不再监听。</translation>
        </message>
        <message>
            <source>This answer does not belong to the sign-in MCP Scope is waiting for; it was ignored.</source>
            <translation>此应答不属于 MCP Scope 正在等待的登录；已忽略。</translation>
        </message>
        <message>
            <source>Not found.</source>
            <translation>未找到。</translation>
        </message>
        <message>
            <source>A request to the sign-in listener carried another state than the sign-in sent; it was answered and ignored.</source>
            <translation>发往登录监听器的请求所携带的 state 与登录时发送的不同；已应答并忽略。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::McpJson</name>
        <message>
            <source>%1: "%2" is not an object; ignored.</source>
            <translation>%1：“%2”不是对象；已忽略。</translation>
        </message>
        <message>
            <source>%1: %2 "%3" is not a string; left empty.</source>
            <translation>%1：%2“%3”不是字符串；保留为空。</translation>
        </message>
        <message>
            <source>%1: unknown type "%2"; guessed from the other members.</source>
            <translation>%1：未知类型“%2”；已根据其他成员推断。</translation>
        </message>
        <message>
            <source>%1: no "command".</source>
            <translation>%1：没有“command”。</translation>
        </message>
        <message>
            <source>%1: no "url".</source>
            <translation>%1：没有“url”。</translation>
        </message>
        <message>
            <source>%1: "args" is a string, not a list; kept as one argument.</source>
            <translation>%1：“args”是字符串而不是列表；已作为单个参数保留。</translation>
        </message>
        <message>
            <source>%1: "args" is not a list; ignored.</source>
            <translation>%1：“args”不是列表；已忽略。</translation>
        </message>
        <message>
            <source>%1: "envFile" is kept but not read; add its variables to the environment.</source>
            <translation>%1：“envFile”已保留但不会读取；请将其中的变量添加到环境中。</translation>
        </message>
        <message>
            <source>%1: marked "disabled" in the source file.</source>
            <translation>%1：在源文件中被标记为“disabled”。</translation>
        </message>
        <message>
            <source>%1: not an object; skipped.</source>
            <translation>%1：不是对象；已跳过。</translation>
        </message>
        <message>
            <source>An input without "id" was skipped.</source>
            <translation>跳过了一个没有“id”的输入。</translation>
        </message>
        <message>
            <source>Input "%1" has type "%2"; it will be asked as text.</source>
            <translation>输入“%1”的类型为“%2”；将以文本方式询问。</translation>
        </message>
        <message>
            <source>The text is empty.</source>
            <translation>文本为空。</translation>
        </message>
        <message>
            <source>the top level is a list, not an object</source>
            <translation>顶层是列表而不是对象</translation>
        </message>
        <message>
            <source>Not valid JSON: %1.</source>
            <translation>不是有效的 JSON：%1。</translation>
        </message>
        <message>
            <source>No MCP servers found: expected "mcpServers", "servers", or a server with "command" or "url".</source>
            <translation>未找到 MCP 服务器：应为“mcpServers”、“servers”或带有“command”或“url”的服务器。</translation>
        </message>
        <message numerus="yes">
            <source>%n server(s) listed under "projects" were not imported; open the project folder or import its .mcp.json instead.</source>
            <translation>
                <numerusform>“projects”下列出的 %n 个服务器未导入；请改为打开项目文件夹或导入其 .mcp.json。</numerusform>
            </translation>
        </message>
        <message>
            <source>The file lists no servers.</source>
            <translation>该文件未列出任何服务器。</translation>
        </message>
        <message>
            <source>Cannot read the file: %1.</source>
            <translation>无法读取文件：%1。</translation>
        </message>
        <message>
            <source>%1 for %2</source>
            <translation>%2 的 %1</translation>
        </message>
        <message>
            <source>A server without a name was named "%1".</source>
            <translation>一个没有名称的服务器被命名为“%1”。</translation>
        </message>
        <message numerus="yes">
            <source>%1: the command "%2" is a whole command line; split into the program and %n argument(s).</source>
            <translation>
                <numerusform>%1：命令“%2”是一整条命令行；已拆分为程序和 %n 个参数。</numerusform>
            </translation>
        </message>
        <message>
            <source>%1: the command "%2" cannot be split: %3</source>
            <translation>%1：无法拆分命令“%2”：%3</translation>
        </message>
        <message>
            <source>%1: provided by a Zed extension (no &quot;command&quot; or &quot;url&quot;); skipped.</source>
            <translation>%1：由 Zed 扩展提供（没有“command”或“url”）；已跳过。</translation>
        </message>
        <message>
            <source>Not valid TOML: %1.</source>
            <translation>不是有效的 TOML：%1。</translation>
        </message>
        <message>
            <source>&quot;mcp_servers&quot; is not a table.</source>
            <translation>“mcp_servers”不是表。</translation>
        </message>
        <message>
            <source>there is no server &quot;%1&quot; in the file</source>
            <translation>文件中没有服务器“%1”</translation>
        </message>
        <message>
            <source>the entry &quot;%1&quot; is not an object</source>
            <translation>条目“%1”不是对象</translation>
        </message>
        <message>
            <source>the entry &quot;%1&quot; is written with dotted keys; it cannot be rewritten in place</source>
            <translation>条目“%1”使用点分键书写；无法原地改写</translation>
        </message>
        <message>
            <source>Not valid YAML: %1.</source>
            <translation>不是有效的 YAML：%1。</translation>
        </message>
        <message>
            <source>An entry of &quot;mcpServers&quot; is not a map; skipped.</source>
            <translation>“mcpServers”中的一个条目不是映射；已跳过。</translation>
        </message>
        <message>
            <source>An entry of &quot;mcpServers&quot; has no &quot;name&quot;; skipped.</source>
            <translation>“mcpServers”中的一个条目没有“name”；已跳过。</translation>
        </message>
        <message>
            <source>%1: a Goose extension of type &quot;%2&quot;, which Goose runs itself; skipped.</source>
            <translation>%1：类型为“%2”的 Goose 扩展，由 Goose 自行运行；已跳过。</translation>
        </message>
        <message>
            <source>The top level is not a map.</source>
            <translation>顶层不是映射。</translation>
        </message>
        <message>
            <source>&quot;extensions&quot; is not a map.</source>
            <translation>“extensions”不是映射。</translation>
        </message>
        <message>
            <source>&quot;mcpServers&quot; is not a list.</source>
            <translation>“mcpServers”不是列表。</translation>
        </message>
        <message>
            <source>the file is not a YAML map</source>
            <translation>该文件不是 YAML 映射</translation>
        </message>
        <message>
            <source>&quot;%1&quot; is written inline; add the server by hand</source>
            <translation>“%1”以内联形式书写；请手动添加服务器</translation>
        </message>
        <message>
            <source>the file is not UTF-8 text; it cannot be rewritten in place</source>
            <translation>该文件不是 UTF-8 文本；无法原地改写</translation>
        </message>
        <message>
        <source>%1: &quot;verifySsl: false&quot; is kept in the file but not taken: trust a server&apos;s certificate with a pin or a CA file (Edit Server › Network).</source>
        <translation>%1：“verifySsl: false”保留在文件中但不采用：请用固定指纹或 CA 文件信任服务器的证书（编辑服务器 › 网络）。</translation>
    </message>
</context>
    <context>
        <name>Mcp::MemorySecretStore</name>
        <message>
            <source>Secrets are kept in memory only and are lost when MCP Scope quits.</source>
            <translation>机密仅保存在内存中，MCP Scope 退出时将丢失。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Modern::EraDetector</name>
        <message>
            <source>its answer to server/discover is not a DiscoverResult</source>
            <translation>它对 server/discover 的回答不是 DiscoverResult</translation>
        </message>
        <message>
            <source>it answered server/discover with error %1 (%2)</source>
            <translation>它以错误 %1（%2）回答了 server/discover</translation>
        </message>
        <message>
            <source>The server answered the protocol probe with HTTP %1.</source>
            <translation>服务器以 HTTP %1 回答了协议探测。</translation>
        </message>
        <message>
            <source>it answered with HTTP %1 and no modern error</source>
            <translation>它以 HTTP %1 回答，且没有现代错误</translation>
        </message>
        <message>
            <source>it did not answer server/discover</source>
            <translation>它没有回答 server/discover</translation>
        </message>
        <message>
            <source>The server refused initialize with HTTP %1.</source>
            <translation>服务器以 HTTP %1 拒绝了 initialize。</translation>
        </message>
        <message>
            <source>The server no longer answers as a server of the era it was detected as.</source>
            <translation>服务器的回答不再符合检测到的协议时代。</translation>
        </message>
        <message>
            <source>The server does not speak the modern protocol: %1.</source>
            <translation>服务器不支持现代协议：%1。</translation>
        </message>
        <message>
            <source>it did not answer the modern request in time</source>
            <translation>它没有及时响应现代协议请求</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Modern::ListenStream</name>
        <message>
            <source>The server sent %1 on the subscription before acknowledging it.</source>
            <translation>服务器在确认订阅之前就在该订阅上发送了 %1。</translation>
        </message>
        <message>
            <source>The server sent an update of %1, a resource this subscription did not ask for.</source>
            <translation>服务器发送了 %1 的更新，但此订阅并未请求该资源。</translation>
        </message>
        <message>
            <source>The server sent %1 on the subscription, which did not ask for it.</source>
            <translation>服务器在订阅上发送了 %1，但该订阅并未请求它。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Modern::ModernErrors</name>
        <message>
            <source>The server and MCP Scope have no protocol version in common: the server supports %1, MCP Scope supports %2.</source>
            <translation>服务器与 MCP Scope 没有共同的协议版本：服务器支持 %1，MCP Scope 支持 %2。</translation>
        </message>
        <message>
            <source>none</source>
            <translation>无</translation>
        </message>
        <message>
            <source>The server found that the request's HTTP headers do not match its body (HeaderMismatch, -32020): %1</source>
            <translation>服务器发现请求的 HTTP 头与其正文不一致（HeaderMismatch，-32020）：%1</translation>
        </message>
        <message>
            <source>The server needs client capabilities that this request did not declare (MissingRequiredClientCapability, -32021): %1</source>
            <translation>服务器需要此请求未声明的客户端能力（MissingRequiredClientCapability，-32021）：%1</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Modern::MultiRoundTripRequest</name>
        <message>
            <source>Round %1 of %2 reused the request id %3; every round needs a new id.</source>
            <translation>%2 的第 %1 轮重复使用了请求 ID %3；每一轮都需要新的 ID。</translation>
        </message>
        <message>
            <source>The server answered %1 with a result of unknown type "%2".</source>
            <translation>服务器以未知类型“%2”的结果回答了 %1。</translation>
        </message>
        <message>
            <source>The server answered %1 with input_required, which only tools/call, prompts/get and resources/read may receive.</source>
            <translation>服务器以 input_required 回答了 %1，而只有 tools/call、prompts/get 和 resources/read 才能收到它。</translation>
        </message>
        <message numerus="yes">
            <source>The server still asked for input after %n round(s) of %1; MCP Scope stopped there.</source>
            <translation>
                <numerusform>经过 %1 的 %n 轮后服务器仍在请求输入；MCP Scope 已在此停止。</numerusform>
            </translation>
        </message>
        <message>
            <source>The server answered %1 with input_required but neither input requests nor request state.</source>
            <translation>服务器以 input_required 回答了 %1，但既没有输入请求也没有请求状态。</translation>
        </message>
        <message>
            <source>The server's inputRequests is not an object.</source>
            <translation>服务器的 inputRequests 不是对象。</translation>
        </message>
        <message>
            <source>The server asked for input of an unknown kind ("%1" under "%2").</source>
            <translation>服务器请求了未知类型的输入（“%2”下的“%1”）。</translation>
        </message>
        <message>
            <source>The server asked for %1, a capability this request did not declare.</source>
            <translation>服务器请求了 %1，而此请求并未声明该能力。</translation>
        </message>
        <message>
            <source>The server answered %1 with an error without a message.</source>
            <translation>服务器以一个不带消息的错误回答了 %1。</translation>
        </message>
        <message>
            <source>The server answered %1 with a task but no taskId.</source>
            <translation>服务器以任务回应了 %1，但没有 taskId。</translation>
        </message>
        <message>
            <source>The server answered %1 with a task, which only tools/call may become.</source>
            <translation>服务器以任务回应了 %1，但只有 tools/call 可以变成任务。</translation>
        </message>
        <message>
            <source>tasks/get for task %1 answered about another task (%2).</source>
            <translation>针对任务 %1 的 tasks/get 回应的是另一个任务（%2）。</translation>
        </message>
        <message>
            <source>Task %1 completed without a result.</source>
            <translation>任务 %1 已完成，但没有结果。</translation>
        </message>
        <message>
            <source>Task %1 failed.</source>
            <translation>任务 %1 失败。</translation>
        </message>
        <message>
            <source>Task %1 failed: %2</source>
            <translation>任务 %1 失败：%2</translation>
        </message>
        <message>
            <source>Task %1 was cancelled.</source>
            <translation>任务 %1 已取消。</translation>
        </message>
        <message>
            <source>Task %1 was cancelled: %2</source>
            <translation>任务 %1 已取消：%2</translation>
        </message>
        <message>
            <source>Following task %1 failed: %2</source>
            <translation>跟踪任务 %1 失败：%2</translation>
        </message>
        <message>
            <source>Task %1 asked for input and none was given, so MCP Scope stopped it.</source>
            <translation>任务 %1 请求输入但未获得输入，因此 MCP Scope 已将其停止。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::ModernHeaders::ToolHeaderRules</name>
        <message>
            <source>%1: x-mcp-header may only annotate a property reached from the schema's root through "properties" alone (not items, composition, conditionals, definitions or $ref).</source>
            <translation>%1：x-mcp-header 只能标注从模式根部仅经由“properties”到达的属性（不能经由 items、组合、条件、定义或 $ref）。</translation>
        </message>
        <message>
            <source>%1: x-mcp-header must be a non-empty string.</source>
            <translation>%1：x-mcp-header 必须是非空字符串。</translation>
        </message>
        <message>
            <source>%1: x-mcp-header "%2" is not an HTTP header name token (no spaces, control characters or delimiters).</source>
            <translation>%1：x-mcp-header“%2”不是有效的 HTTP 头名称记号（不能含空格、控制字符或分隔符）。</translation>
        </message>
        <message>
            <source>%1: x-mcp-header "%2" is on a property of type %3; only string, integer and boolean are allowed.</source>
            <translation>%1：x-mcp-header“%2”位于类型为 %3 的属性上；只允许 string、integer 和 boolean。</translation>
        </message>
        <message>
            <source>x-mcp-header "%1" is declared twice (also as "%2"; names are compared without case).</source>
            <translation>x-mcp-header“%1”被声明了两次（也作为“%2”；名称比较不区分大小写）。</translation>
        </message>
        <message>
            <source>The argument %1 cannot be sent in the Mcp-Param-%2 header: it must be a string, a boolean or an integer between -(2^53-1) and 2^53-1.</source>
            <translation>参数 %1 无法在 Mcp-Param-%2 头中发送：它必须是字符串、布尔值或介于 -(2^53-1) 与 2^53-1 之间的整数。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::OAuthClient</name>
        <message>
            <source>The authorization was cancelled.</source>
            <translation>授权已取消。</translation>
        </message>
        <message>
            <source>Protected resource metadata (RFC 9728)</source>
            <translation>受保护资源元数据 (RFC 9728)</translation>
        </message>
        <message>
            <source>The protected resource metadata at %1 is for %2, not for %3; refusing to authorize.</source>
            <translation>%1 处的受保护资源元数据属于 %2，而不是 %3；拒绝授权。</translation>
        </message>
        <message>
            <source>The protected resource metadata at %1 names no authorization server.</source>
            <translation>%1 处的受保护资源元数据未指定授权服务器。</translation>
        </message>
        <message>
            <source>Authorization server metadata (RFC 8414)</source>
            <translation>授权服务器元数据 (RFC 8414)</translation>
        </message>
        <message>
            <source>The metadata of authorization server %1 names no token endpoint.</source>
            <translation>授权服务器 %1 的元数据未指定令牌端点。</translation>
        </message>
        <message>
            <source>Authorization server %1 publishes no metadata (RFC 8414 or OpenID discovery).</source>
            <translation>授权服务器 %1 未发布元数据（RFC 8414 或 OpenID 发现）。</translation>
        </message>
        <message>
            <source>Authorization server %1 offers no dynamic client registration; configure a client id for it.</source>
            <translation>授权服务器 %1 不提供动态客户端注册；请为其配置客户端 ID。</translation>
        </message>
        <message>
            <source>Dynamic client registration (RFC 7591)</source>
            <translation>动态客户端注册 (RFC 7591)</translation>
        </message>
        <message>
            <source>Client registration at %1 failed: %2</source>
            <translation>在 %1 注册客户端失败：%2</translation>
        </message>
        <message>
            <source>HTTP %1 %2</source>
            <translation>HTTP %1 %2</translation>
        </message>
        <message>
            <source>Authorization server %1 does not list PKCE S256 in code_challenge_methods_supported; refusing to authorize without it.</source>
            <translation>授权服务器 %1 未在 code_challenge_methods_supported 中列出 PKCE S256；没有它则拒绝授权。</translation>
        </message>
        <message>
            <source>The metadata of authorization server %1 names no authorization endpoint.</source>
            <translation>授权服务器 %1 的元数据未指定授权端点。</translation>
        </message>
        <message>
            <source>Authorizing needs a browser, and none is available here.</source>
            <translation>授权需要浏览器，而此处没有可用的浏览器。</translation>
        </message>
        <message>
            <source>The authorization server refused: %1 %2</source>
            <translation>授权服务器拒绝：%1 %2</translation>
        </message>
        <message>
            <source>The authorization answer carries a state that this client did not send; it was ignored.</source>
            <translation>授权应答携带的 state 不是本客户端发送的；已忽略。</translation>
        </message>
        <message>
            <source>The authorization answer carries no code.</source>
            <translation>授权应答不含授权码。</translation>
        </message>
        <message>
            <source>Token request (authorization code)</source>
            <translation>令牌请求（授权码）</translation>
        </message>
        <message>
            <source>Token refresh</source>
            <translation>令牌刷新</translation>
        </message>
        <message>
            <source>Token request (client credentials)</source>
            <translation>令牌请求（客户端凭据）</translation>
        </message>
        <message>
            <source>Token exchange at the identity provider (RFC 8693)</source>
            <translation>在身份提供方处交换令牌 (RFC 8693)</translation>
        </message>
        <message>
            <source>The identity provider refused the token exchange: %1</source>
            <translation>身份提供方拒绝了令牌交换：%1</translation>
        </message>
        <message>
            <source>Token request (JWT bearer grant, RFC 7523)</source>
            <translation>令牌请求（JWT Bearer 授权，RFC 7523）</translation>
        </message>
        <message>
            <source>HTTP %1</source>
            <translation>HTTP %1</translation>
        </message>
        <message>
            <source>The token endpoint %1 refused: %2</source>
            <translation>令牌端点 %1 拒绝：%2</translation>
        </message>
        <message>
            <source>The token endpoint issued a %1 token; only Bearer tokens are supported.</source>
            <translation>令牌端点签发了 %1 令牌；仅支持 Bearer 令牌。</translation>
        </message>
        <message>
            <source>Authorization server %1 says it names itself in its answers (iss), but this answer carries no iss; it was refused (RFC 9207).</source>
            <translation>授权服务器 %1 声明会在应答中标明自身（iss），但此应答不含 iss；已拒绝（RFC 9207）。</translation>
        </message>
        <message>
            <source>The authorization answer comes from issuer "%1", not from "%2", the server it was sent to; it was refused (RFC 9207).</source>
            <translation>授权应答来自颁发者“%1”，而不是请求所发往的“%2”；已拒绝（RFC 9207）。</translation>
        </message>
        <message>
            <source>The authorization server metadata at %1 names the issuer "%2", not "%3"; it was not used (RFC 8414 3.3).</source>
            <translation>位于 %1 的授权服务器元数据给出的颁发者是“%2”，而不是“%3”；未予使用（RFC 8414 3.3）。</translation>
        </message>
        <message>
            <source>Authorization server %1 offers only the client credentials grant, which needs a pre-registered client id with a secret or a private key (private_key_jwt).</source>
            <translation>授权服务器 %1 只提供客户端凭据授权，这需要预先注册的客户端 ID 以及密钥或私钥（private_key_jwt）。</translation>
        </message>
        <message>
            <source>The client's private key is not an ES256 (P-256) private key in PEM form.</source>
            <translation>客户端私钥不是 PEM 格式的 ES256（P-256）私钥。</translation>
        </message>
        <message>
            <source>Cannot read %1: %2</source>
            <translation>无法读取 %1：%2</translation>
        </message>
        <message>
            <source>The server wants a DPoP nonce; the request is repeated with it (RFC 9449 9).</source>
            <translation>服务器要求 DPoP nonce；请求将带上它重发（RFC 9449 9）。</translation>
        </message>
        <message>
            <source>The server now names authorization server %1 instead of %2; nothing of the previous one is used there.</source>
            <translation>服务器现在指定授权服务器 %1 而不是 %2；之前那个的任何凭据都不会在那里使用。</translation>
        </message>
        <message>
            <source>Checked: the metadata names issuer %1, the one its address was built from (RFC 8414 3.3).</source>
            <translation>已检查：元数据给出的颁发者是 %1，正是构造其地址所用的那个（RFC 8414 3.3）。</translation>
        </message>
        <message>
            <source>Registered as client %1 at issuer %2.</source>
            <translation>已在颁发者 %2 处注册为客户端 %1。</translation>
        </message>
        <message>
            <source>Checked: the authorization answer names issuer %1 (RFC 9207).</source>
            <translation>已检查：授权应答给出的颁发者是 %1（RFC 9207）。</translation>
        </message>
        <message>
            <source>Checked: the authorization answer has no iss, and the server does not promise one (RFC 9207).</source>
            <translation>已检查：授权应答不含 iss，且服务器并未承诺提供（RFC 9207）。</translation>
        </message>
        <message>
            <source>The authorization server wants a DPoP nonce; the token request is repeated with it (RFC 9449 8).</source>
            <translation>授权服务器要求 DPoP nonce；令牌请求将带上它重发（RFC 9449 8）。</translation>
        </message>
        <message>
            <source>The token is bound to DPoP key %1 (RFC 7638 thumbprint).</source>
            <translation>令牌已绑定到 DPoP 密钥 %1（RFC 7638 指纹）。</translation>
        </message>
        <message>
            <source>The configured client belongs to authorization server %1, not to %2, which the server now names; it is not sent there.</source>
            <translation>已配置的客户端属于授权服务器 %1，而不是服务器现在指定的 %2；不会将其发送到那里。</translation>
        </message>
        <message>
            <source>%1 at %2: HTTP %3</source>
            <translation>%1（%2）：HTTP %3</translation>
        </message>
        <message>
            <source>%1 at %2: %3</source>
            <translation>%1（%2）：%3</translation>
        </message>
        <message>
            <source>%1 answered HTTP %2 with no WWW-Authenticate header.</source>
            <translation>%1 返回 HTTP %2，没有 WWW-Authenticate 标头。</translation>
        </message>
        <message>
            <source>%1 answered HTTP %2 with WWW-Authenticate: %3</source>
            <translation>%1 返回 HTTP %2，WWW-Authenticate：%3</translation>
        </message>
        <message>
            <source>%1 Authorization failed: %2</source>
            <translation>%1 授权失败：%2</translation>
        </message>
        <message>
            <source>%1 Tried: %2. Authorization failed: %3</source>
            <translation>%1 已尝试：%2。授权失败：%3</translation>
        </message>
        <message>
            <source>The authorization server address %1 is not https; OAuth 2.1 requires TLS for every authorization server endpoint except on this machine (loopback), so nothing was sent there.</source>
            <translation>授权服务器地址 %1 不是 https；OAuth 2.1 要求授权服务器的每个端点都使用 TLS（本机环回地址除外），因此未向其发送任何内容。</translation>
        </message>
        <message>
            <source>The authorization did not finish within the %1 s it may take (the connect timeout); %2 at %3 was not sent.</source>
            <translation>授权未在允许的 %1 秒（连接超时）内完成；未向 %3 发送 %2。</translation>
        </message>
        <message>
            <source>%1 at %2 did not answer completely within the %3 s the authorization may take (the connect timeout).</source>
            <translation>%2 处的 %1 未在授权允许的 %3 秒（连接超时）内完整应答。</translation>
        </message>
        <message>
            <source>the answer is larger than %1 MiB (OAuth metadata and tokens are a few kilobytes); it was not read</source>
            <translation>应答大于 %1 MiB（OAuth 元数据和令牌只有几 KB）；未读取</translation>
        </message>
        <message>
            <source>The configured client credentials were not sent to authorization server %1: you declined.</source>
            <translation>未将配置的客户端凭据发送到授权服务器 %1：您已拒绝。</translation>
        </message>
        <message>
            <source>You agreed to send the configured client credentials to authorization server %1.</source>
            <translation>您已同意将配置的客户端凭据发送到授权服务器 %1。</translation>
        </message>
        <message>
            <source>The configured client credentials were not sent to authorization server %1: it is not at the MCP server's origin (%2) and is not named as the client's issuer. If the client was registered there, name it as the issuer (--oauth-client-issuer %1, or clientIssuer in the server's auth settings).</source>
            <translation>未将配置的客户端凭据发送到授权服务器 %1：它不在 MCP 服务器的源（%2）上，也未被指定为客户端的颁发者。如果客户端是在那里注册的，请将其指定为颁发者（--oauth-client-issuer %1，或服务器授权设置中的 clientIssuer）。</translation>
        </message>
        <message>
            <source>The workload identity token is for authorization server %1, not for %2, which the server now names; it is not sent there.</source>
            <translation>工作负载身份令牌是针对授权服务器 %1 的，而不是服务器现在指定的 %2；不会将其发送到那里。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Record::CaptureWriter</name>
        <message numerus="yes">
            <source>The recorder could not record %n message(s) or chunk(s) (%1 of traffic); all traffic was passed on.</source>
            <translation>
                <numerusform>录制器有 %n 条消息或数据块（%1 流量）未能录制；所有流量均已转发。</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 of %2 traffic were passed on but not recorded (the capture could not keep up).</source>
            <translation>%1 的%2流量已转发但未录制（录制跟不上）。</translation>
        </message>
        <message>
            <source>line longer than %1: passed on whole, only its start is recorded</source>
            <translation>行长度超过 %1：已完整转发，仅录制其开头</translation>
        </message>
        <message>
            <source>Writing the capture failed: %1.</source>
            <translation>写入捕获失败：%1。</translation>
        </message>
        <message>
            <source>disk full (%1)</source>
            <translation>磁盘已满（%1）</translation>
        </message>
        <message>
            <source>disk quota exceeded (%1)</source>
            <translation>超出磁盘配额（%1）</translation>
        </message>
        <message>
            <source>file size limit reached (%1)</source>
            <translation>已达到文件大小上限（%1）</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Record::HttpRecorder</name>
        <message>
            <source>the target %1: %2</source>
            <translation>目标 %1：%2</translation>
        </message>
        <message>
            <source>%1 is not a loopback address; the recorder listens on 127.0.0.1 or ::1 only</source>
            <translation>%1 不是环回地址；录制器只在 127.0.0.1 或 ::1 上监听</translation>
        </message>
        <message>
            <source>the target must be an http or https URL</source>
            <translation>目标必须是 http 或 https URL</translation>
        </message>
        <message>
            <source>the server names an absolute endpoint (%1): the host posts its messages there directly, past the recorder, and they are not recorded</source>
            <translation>服务器指定了一个绝对端点（%1）：主机会绕过记录器直接向该端点发送消息，这些消息不会被记录</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Record::LiveFeed</name>
        <message numerus="yes">
            <source>%n earlier event(s) are not shown here; the capture file has them all</source>
            <translation>
                <numerusform>前面还有 %n 个事件未在此处显示；捕获文件中包含全部事件</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 does not exist</source>
            <translation>%1 不存在</translation>
        </message>
        <message>
            <source>%1 is a symbolic link</source>
            <translation>%1 是符号链接</translation>
        </message>
        <message>
            <source>%1 is not a folder</source>
            <translation>%1 不是文件夹</translation>
        </message>
        <message>
            <source>%1 belongs to another user (uid %2)</source>
            <translation>%1 属于其他用户（uid %2）</translation>
        </message>
        <message>
            <source>%1 can be entered by other users (mode %2)</source>
            <translation>其他用户可以进入 %1（模式 %2）</translation>
        </message>
        <message>
            <source>%1 is not a socket</source>
            <translation>%1 不是套接字</translation>
        </message>
        <message>
            <source>the listener's user cannot be checked</source>
            <translation>无法检查监听方的用户</translation>
        </message>
        <message>
            <source>the window listening there runs as another user (uid %1)</source>
            <translation>在那里监听的窗口以其他用户身份运行（uid %1）</translation>
        </message>
        <message>
            <source>mcpscope record: not showing this recording live (%1); recording to the capture file only</source>
            <translation>mcpscope record：不实时显示此录制（%1）；仅录制到捕获文件</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Record::LiveListener</name>
        <message>
            <source>%1 is not a private folder of this user (%2)</source>
            <translation>%1 不是该用户的私有文件夹（%2）</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Record::StdioRecorder</name>
        <message>
            <source>could not be started: %1</source>
            <translation>无法启动：%1</translation>
        </message>
        <message>
            <source>was killed by signal %1 (%2)</source>
            <translation>被信号 %1（%2）终止</translation>
        </message>
        <message>
            <source>was killed by signal %1</source>
            <translation>被信号 %1 终止</translation>
        </message>
        <message>
            <source>exited with code %1</source>
            <translation>以代码 %1 退出</translation>
        </message>
        <message>
            <source>could not start '%1': %2</source>
            <translation>无法启动“%1”：%2</translation>
        </message>
        <message>
            <source>the chunk recorded last (%1 bytes) could not be passed on: its reader had gone</source>
            <translation>最后记录的数据块（%1 字节）未能转发：其读取方已不在</translation>
        </message>
    </context>
    <context>
        <name>Mcp::RecordRewrite</name>
        <message>
            <source>the file cannot be rewritten in place</source>
            <translation>无法就地改写该文件</translation>
        </message>
        <message>
            <source>the file is not a JSON object</source>
            <translation>该文件不是 JSON 对象</translation>
        </message>
        <message>
            <source>no "mcpServers" or "servers" in the file</source>
            <translation>文件中没有“mcpServers”或“servers”</translation>
        </message>
        <message>
            <source>there is no server "%1" in the file</source>
            <translation>文件中没有服务器“%1”</translation>
        </message>
        <message>
            <source>the entry "%1" is not an object</source>
            <translation>条目“%1”不是对象</translation>
        </message>
        <message>
            <source>the command of "%1" is not a string</source>
            <translation>“%1”的命令不是字符串</translation>
        </message>
        <message>
            <source>the args of "%1" are not a list</source>
            <translation>“%1”的参数不是列表</translation>
        </message>
        <message>
            <source>"%1" is already recorded</source>
            <translation>“%1”已在录制中</translation>
        </message>
        <message>
            <source>cannot read %1: %2</source>
            <translation>无法读取 %1：%2</translation>
        </message>
        <message>
            <source>cannot write the backup %1: %2</source>
            <translation>无法写入备份 %1：%2</translation>
        </message>
        <message>
            <source>cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <source>cannot read the backup %1: %2</source>
            <translation>无法读取备份 %1：%2</translation>
        </message>
        <message>
            <source>"%1" has neither a "command" nor a "url"</source>
            <translation>“%1”既没有 "command" 也没有 "url"</translation>
        </message>
        <message>
            <source>"%1" is an HTTP server: it is recorded through mcpscope record --http</source>
            <translation>“%1”是 HTTP 服务器：请通过 mcpscope record --http 记录它</translation>
        </message>
        <message>
            <source>the url of "%1" uses variables the host fills in; run mcpscope record --http with the address they make</source>
            <translation>“%1”的 url 使用了由主机填充的变量；请用这些变量组成的地址运行 mcpscope record --http</translation>
        </message>
        <message>
            <source>the url of "%1" is not an absolute URL</source>
            <translation>“%1”的 url 不是绝对 URL</translation>
        </message>
        <message>
            <source>"%1" is not run through the recorder</source>
            <translation>“%1”未通过记录器运行</translation>
        </message>
        <message>
            <source>the backup has no url for "%1"</source>
            <translation>备份中没有“%1”的 url</translation>
        </message>
        <message>
            <source>%1 has changed since the recorder was put in (%2); its backup is %3</source>
            <translation>自接入记录器以来 %1 已被更改（%2）；其备份为 %3</translation>
        </message>
        <message>
            <source>the file is laid out in a way MCP Scope cannot rewrite safely; it was left as it was</source>
            <translation>该文件的布局使 MCP Scope 无法安全地改写；文件保持原样</translation>
        </message>
    </context>
    <context>
        <name>Mcp::SchemaResolver</name>
        <message>
            <source>The reference %1 points to another document, which is not fetched.</source>
            <translation>引用 %1 指向另一个文档，不会获取该文档。</translation>
        </message>
        <message>
            <source>The reference %1 names an anchor that this schema does not define.</source>
            <translation>引用 %1 指定的锚点在此模式中未定义。</translation>
        </message>
        <message>
            <source>The reference %1 points to nothing in this schema.</source>
            <translation>引用 %1 在此模式中没有指向任何内容。</translation>
        </message>
        <message>
            <source>The reference %1 leads back to itself.</source>
            <translation>引用 %1 指回自身。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::SchemaValidator</name>
        <message>
            <source>a whole number</source>
            <translation>整数</translation>
        </message>
        <message>
            <source>a number</source>
            <translation>数字</translation>
        </message>
        <message>
            <source>text (a string)</source>
            <translation>文本（字符串）</translation>
        </message>
        <message>
            <source>true or false</source>
            <translation>true 或 false</translation>
        </message>
        <message>
            <source>an object</source>
            <translation>对象</translation>
        </message>
        <message>
            <source>a list (an array)</source>
            <translation>列表（数组）</translation>
        </message>
        <message>
            <source>null</source>
            <translation>null</translation>
        </message>
        <message>
            <source>must be an email address such as name@example.com</source>
            <translation>必须是电子邮件地址，例如 name@example.com</translation>
        </message>
        <message>
            <source>must be an absolute URI such as https://example.com/path</source>
            <translation>必须是绝对 URI，例如 https://example.com/path</translation>
        </message>
        <message>
            <source>must be a date such as 2024-01-31</source>
            <translation>必须是日期，例如 2024-01-31</translation>
        </message>
        <message>
            <source>must be a time such as 13:45:00Z</source>
            <translation>必须是时间，例如 13:45:00Z</translation>
        </message>
        <message>
            <source>must be a date and time such as 2024-01-31T13:45:00Z</source>
            <translation>必须是日期和时间，例如 2024-01-31T13:45:00Z</translation>
        </message>
        <message>
            <source>must be a UUID such as 123e4567-e89b-12d3-a456-426614174000</source>
            <translation>必须是 UUID，例如 123e4567-e89b-12d3-a456-426614174000</translation>
        </message>
        <message>
            <source>must be an IPv4 address such as 192.0.2.1</source>
            <translation>必须是 IPv4 地址，例如 192.0.2.1</translation>
        </message>
        <message>
            <source>is not allowed here</source>
            <translation>此处不允许</translation>
        </message>
        <message>
            <source>must be one of: %1</source>
            <translation>必须是以下之一：%1</translation>
        </message>
        <message>
            <source>must be exactly %1</source>
            <translation>必须正好是 %1</translation>
        </message>
        <message>
            <source>has a value that the schema forbids (it matches a 'not' rule)</source>
            <translation>其值被模式禁止（匹配了“not”规则）</translation>
        </message>
        <message>
            <source>must be %1, not %2</source>
            <translation>必须是%1，而不是%2</translation>
        </message>
        <message>
            <source> or </source>
            <translation> 或 </translation>
        </message>
        <message>
            <source>must not be empty</source>
            <translation>不能为空</translation>
        </message>
        <message>
            <source>must be at least %1 characters long</source>
            <translation>长度至少为 %1 个字符</translation>
        </message>
        <message>
            <source>must be at most %1 characters long</source>
            <translation>长度最多为 %1 个字符</translation>
        </message>
        <message>
            <source>must match pattern %1</source>
            <translation>必须匹配模式 %1</translation>
        </message>
        <message>
            <source>must be greater than %1</source>
            <translation>必须大于 %1</translation>
        </message>
        <message>
            <source>must be at least %1</source>
            <translation>必须至少为 %1</translation>
        </message>
        <message>
            <source>must be less than %1</source>
            <translation>必须小于 %1</translation>
        </message>
        <message>
            <source>must be at most %1</source>
            <translation>最多为 %1</translation>
        </message>
        <message>
            <source>must be a multiple of %1</source>
            <translation>必须是 %1 的倍数</translation>
        </message>
        <message>
            <source>is one item too many: this list takes at most %1 items</source>
            <translation>多了一项：此列表最多包含 %1 项</translation>
        </message>
        <message>
            <source>must have at least %1 item</source>
            <translation>至少需要 %1 项</translation>
        </message>
        <message>
            <source>must have at least %1 items</source>
            <translation>至少需要 %1 项</translation>
        </message>
        <message>
            <source>must have at most %1 item</source>
            <translation>最多只能有 %1 项</translation>
        </message>
        <message>
            <source>must have at most %1 items</source>
            <translation>最多只能有 %1 项</translation>
        </message>
        <message>
            <source>must not repeat items: items %1 and %2 are the same</source>
            <translation>不能有重复项：第 %1 项和第 %2 项相同</translation>
        </message>
        <message>
            <source>must contain at least one item of the required kind</source>
            <translation>必须至少包含一个所需类型的项</translation>
        </message>
        <message>
            <source>is required</source>
            <translation>为必填项</translation>
        </message>
        <message>
            <source>is not an allowed property here</source>
            <translation>在此处不是允许的属性</translation>
        </message>
        <message>
            <source>has a name that is not allowed: the name %1</source>
            <translation>包含不允许的名称：%1</translation>
        </message>
        <message>
            <source>must have at least %1 property</source>
            <translation>至少需要 %1 个属性</translation>
        </message>
        <message>
            <source>must have at least %1 properties</source>
            <translation>至少需要 %1 个属性</translation>
        </message>
        <message>
            <source>must have at most %1 property</source>
            <translation>最多只能有 %1 个属性</translation>
        </message>
        <message>
            <source>must have at most %1 properties</source>
            <translation>最多只能有 %1 个属性</translation>
        </message>
        <message>
            <source>is required when %1 is given</source>
            <translation>当给出 %1 时为必填项</translation>
        </message>
        <message>
            <source>matches more than one of the allowed forms (%1 and %2); it must match exactly one</source>
            <translation>匹配了多个允许的形式（%1 和 %2）；必须恰好匹配一个</translation>
        </message>
        <message>
            <source>does not match any of the allowed forms</source>
            <translation>不匹配任何允许的形式</translation>
        </message>
        <message>
            <source>must be one of the allowed forms: %1</source>
            <translation>必须是允许的形式之一：%1</translation>
        </message>
        <message>
            <source>The value</source>
            <translation>该值</translation>
        </message>
        <message>
            <source>The schema could not be compiled for validation (%1); field checks still apply.</source>
            <translation>无法编译该模式以进行验证（%1）；字段检查仍然有效。</translation>
        </message>
        <message>
            <source>These schema keywords are not checked: %1.</source>
            <translation>以下模式关键字不会被检查：%1。</translation>
        </message>
        <message>
            <source>Validation stopped early (%1); field checks still apply.</source>
            <translation>验证提前停止（%1）；字段检查仍然有效。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::ScriptedResponder</name>
        <message>
            <source>No scripted sampling answer</source>
            <translation>没有预设的采样回答</translation>
        </message>
        <message>
            <source>Method not found: %1</source>
            <translation>未找到方法：%1</translation>
        </message>
    </context>
    <context>
        <name>Mcp::ServerCatalog</name>
        <message>
            <source>The file was kept unchanged as %1; MCP Scope continues with the servers it could read.</source>
            <translation>该文件已原样保留为 %1；MCP Scope 将继续使用能读取的服务器。</translation>
        </message>
        <message>
            <source>Cannot read the file: %1.</source>
            <translation>无法读取文件：%1。</translation>
        </message>
        <message>
            <source>Not valid JSON: %1.</source>
            <translation>不是有效的 JSON：%1。</translation>
        </message>
        <message numerus="yes">
            <source>%n server(s) recovered from the broken file; command approvals were not.</source>
            <translation>
                <numerusform>已从损坏的文件中恢复 %n 个服务器；命令批准未恢复。</numerusform>
            </translation>
        </message>
        <message>
            <source>Not an MCP Scope server list (expected an object with a "servers" list).</source>
            <translation>不是 MCP Scope 服务器列表（应为包含“servers”列表的对象）。</translation>
        </message>
        <message>
            <source>%1 was written by a newer MCP Scope; settings this version does not know are kept.</source>
            <translation>%1 由较新版本的 MCP Scope 写入；此版本不认识的设置将被保留。</translation>
        </message>
        <message>
            <source>Server %1 in %2 is not an object; skipped.</source>
            <translation>%2 中的服务器 %1 不是对象；已跳过。</translation>
        </message>
        <message>
            <source>duplicate id; given a new one</source>
            <translation>ID 重复；已分配新 ID</translation>
        </message>
        <message>
            <source>%1, server "%2": %3</source>
            <translation>%1，服务器“%2”：%3</translation>
        </message>
        <message>
            <source>Some servers could not be read and were skipped.</source>
            <translation>部分服务器无法读取，已跳过。</translation>
        </message>
        <message>
            <source>%1 (copy)</source>
            <translation>%1（副本）</translation>
        </message>
        <message>
            <source>MCP Scope demo server</source>
            <translation>MCP Scope 演示服务器</translation>
        </message>
        <message>
            <source>Ships with MCP Scope. Shows every kind of content, progress, sampling, elicitation and more.</source>
            <translation>随 MCP Scope 提供。展示各类内容、进度、采样、信息征询等功能。</translation>
        </message>
        <message>
            <source>Cannot create the folder %1.</source>
            <translation>无法创建文件夹 %1。</translation>
        </message>
        <message>
            <source>Cannot save %1: %2.</source>
            <translation>无法保存 %1：%2。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::ServerConfig</name>
        <message>
            <source>"%1" is not a list; ignored.</source>
            <translation>“%1”不是列表；已忽略。</translation>
        </message>
        <message>
            <source>An entry of "%1" has no name; ignored.</source>
            <translation>“%1”中的某个条目没有名称；已忽略。</translation>
        </message>
        <message>
            <source>Standard I/O (local process)</source>
            <translation>标准输入/输出（本地进程）</translation>
        </message>
        <message>
            <source>Streamable HTTP</source>
            <translation>Streamable HTTP</translation>
        </message>
        <message>
            <source>HTTP+SSE (legacy)</source>
            <translation>HTTP+SSE（旧版）</translation>
        </message>
        <message>
            <source>HTTP (detect)</source>
            <translation>HTTP（自动检测）</translation>
        </message>
        <message>
            <source>Unknown transport "%1"; using stdio.</source>
            <translation>未知传输方式“%1”；使用 stdio。</translation>
        </message>
        <message>
            <source>The command line ends with a backslash.</source>
            <translation>命令行以反斜杠结尾。</translation>
        </message>
        <message>
            <source>A ' quote in the command line is not closed.</source>
            <translation>命令行中的 ' 引号未闭合。</translation>
        </message>
        <message>
            <source>A " quote in the command line is not closed.</source>
            <translation>命令行中的 " 引号未闭合。</translation>
        </message>
        <message>
        <source>Ignored a pinned certificate fingerprint that is not 64 hex digits: %1</source>
        <translation>已忽略一个不是 64 位十六进制数字的固定证书指纹：%1</translation>
    </message>
</context>
    <context>
        <name>Mcp::Session</name>
        <message>
            <source>disconnected</source>
            <translation>未连接</translation>
        </message>
        <message>
            <source>connecting</source>
            <translation>正在连接</translation>
        </message>
        <message>
            <source>connected</source>
            <translation>已连接</translation>
        </message>
        <message>
            <source>failed</source>
            <translation>失败</translation>
        </message>
        <message>
            <source>exited</source>
            <translation>已退出</translation>
        </message>
        <message>
            <source>failed: %1</source>
            <translation>失败：%1</translation>
        </message>
        <message numerus="yes">
            <source>Not restarting: the server failed %n times in a row shortly after starting.</source>
            <translation>
                <numerusform>不再重启：服务器已连续 %n 次在启动后不久失败。</numerusform>
            </translation>
        </message>
        <message>
            <source>No one is there to answer this request.</source>
            <translation>没有人可以回答此请求。</translation>
        </message>
        <message>
            <source>The server settings are incomplete.</source>
            <translation>服务器设置不完整。</translation>
        </message>
        <message>
            <source>Not connected.</source>
            <translation>未连接。</translation>
        </message>
        <message>
            <source>degraded: %1</source>
            <translation>降级：%1</translation>
        </message>
        <message>
            <source>unreachable: %1</source>
            <translation>无法访问：%1</translation>
        </message>
        <message>
            <source>%1; %2</source>
            <translation>%1；%2</translation>
        </message>
        <message>
            <source>restarting in %1 s (attempt %2 of %3)</source>
            <translation>%1 秒后重启（第 %2 次，共 %3 次）</translation>
        </message>
        <message>
            <source>restarting in %1 s</source>
            <translation>%1 秒后重启</translation>
        </message>
        <message>
            <source>gave up: %1</source>
            <translation>已放弃：%1</translation>
        </message>
        <message>
            <source>Connection ended: %1</source>
            <translation>连接已结束：%1</translation>
        </message>
        <message>
            <source>Unanswered: %1</source>
            <translation>未答复：%1</translation>
        </message>
        <message>
            <source>Last stderr lines:</source>
            <translation>最后的 stderr 行：</translation>
        </message>
        <message>
            <source>%1 is not connected</source>
            <translation>%1 未连接</translation>
        </message>
    </context>
    <context>
        <name>Mcp::SnapshotDiff</name>
        <message>
            <source>removed</source>
            <translation>已移除</translation>
        </message>
        <message>
            <source>input property %1 removed</source>
            <translation>输入属性 %1 已移除</translation>
        </message>
        <message>
            <source>new required argument at %1: %2</source>
            <translation>%1 处新增必需参数：%2</translation>
        </message>
        <message>
            <source>type narrowed at %1</source>
            <translation>%1 处的类型已收窄</translation>
        </message>
        <message>
            <source>allowed values narrowed at %1</source>
            <translation>%1 处的允许值已收窄</translation>
        </message>
        <message>
            <source>argument %1 is now required</source>
            <translation>参数 %1 现在是必需的</translation>
        </message>
        <message>
            <source>new required argument %1</source>
            <translation>新增必需参数 %1</translation>
        </message>
        <message>
            <source>argument %1 removed</source>
            <translation>参数 %1 已移除</translation>
        </message>
    </context>
    <context>
        <name>Mcp::SnapshotFile</name>
        <message>
            <source>cannot read %1: %2</source>
            <translation>无法读取 %1：%2</translation>
        </message>
        <message>
            <source>%1 is not a JSON object: %2</source>
            <translation>%1 不是 JSON 对象：%2</translation>
        </message>
        <message>
            <source>holds no answered tools/list, prompts/list, resources/list or resources/templates/list</source>
            <translation>不包含已应答的 tools/list、prompts/list、resources/list 或 resources/templates/list</translation>
        </message>
        <message>
            <source>cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
    </context>
    <context>
        <name>Mcp::SseParser</name>
        <message>
            <source>An SSE event grew to %1 bytes, more than the limit of %2 bytes; the stream was abandoned.</source>
            <translation>一个 SSE 事件增长到 %1 字节，超过 %2 字节的上限；已放弃该流。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::StdioTransport</name>
        <message>
            <source>exited with code %1</source>
            <translation>以代码 %1 退出</translation>
        </message>
        <message>
            <source>killed by signal %1 (%2)</source>
            <translation>被信号 %1（%2）终止</translation>
        </message>
        <message>
            <source>killed by signal %1</source>
            <translation>被信号 %1 终止</translation>
        </message>
        <message>
            <source>could not start '%1': %2</source>
            <translation>无法启动“%1”：%2</translation>
        </message>
        <message>
            <source>could not start '%1' in '%2': %3</source>
            <translation>无法在“%2”中启动“%1”：%3</translation>
        </message>
        <message>
            <source>was %1</source>
            <translation>曾是 %1</translation>
        </message>
        <message>
            <source>Closed by the client; the server process %1.</source>
            <translation>已由客户端关闭；服务器进程%1。</translation>
        </message>
        <message>
            <source>The server process %1.</source>
            <translation>服务器进程%1。</translation>
        </message>
        <message>
            <source>A message was sent while the server process was not running.</source>
            <translation>在服务器进程未运行时发送了一条消息。</translation>
        </message>
        <message>
            <source>The server did not exit within %1 ms of stdin being closed; sending SIGTERM.</source>
            <translation>关闭 stdin 后 %1 毫秒内服务器未退出；正在发送 SIGTERM。</translation>
        </message>
        <message>
            <source>The server did not exit within %1 ms of SIGTERM; sending SIGKILL.</source>
            <translation>发送 SIGTERM 后 %1 毫秒内服务器未退出；正在发送 SIGKILL。</translation>
        </message>
        <message>
            <source>A message from the server was dropped: it was longer than the maximum message size of %1 (at least %2 bytes arrived before it was cut off).</source>
            <translation>丢弃了一条来自服务器的消息：它超过了 %1 的最大消息大小（截断前至少收到 %2 字节）。</translation>
        </message>
        <message>
            <source>empty line on stdout</source>
            <translation>stdout 上的空行</translation>
        </message>
        <message>
            <source>line longer than %1; the rest of it was not kept</source>
            <translation>行长度超过 %1；其余部分未保留</translation>
        </message>
        <message>
            <source>could not start '%1': no pipes for its stdin and stdout (%2)</source>
            <translation>无法启动“%1”：没有用于其 stdin 和 stdout 的管道（%2）</translation>
        </message>
        <message>
            <source>The server closed its stdout while its process (pid %1) kept running; the connection ends, and the process is stopped as at shutdown.</source>
            <translation>服务器关闭了其 stdout，而其进程（PID %1）仍在运行；连接结束，进程将按关闭时的方式停止。</translation>
        </message>
        <message numerus="yes">
        <source>%n byte(s) were not delivered: the server&apos;s stdin is closed.</source>
        <translation>
            <numerusform>有 %n 字节未送达：服务器的 stdin 已关闭。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s) were not delivered: writing to the server&apos;s stdin failed (%1).</source>
        <translation>
            <numerusform>有 %n 字节未送达：写入服务器的 stdin 失败（%1）。</numerusform>
        </translation>
    </message>
</context>
    <context>
        <name>Mcp::StreamableHttpServer</name>
        <message>
            <source>Origin not allowed</source>
            <translation>不允许的来源</translation>
        </message>
        <message>
            <source>Not Acceptable: the client must accept application/json and text/event-stream</source>
            <translation>不可接受：客户端必须接受 application/json 和 text/event-stream</translation>
        </message>
        <message>
            <source>Content-Type must be application/json</source>
            <translation>Content-Type 必须是 application/json</translation>
        </message>
        <message>
            <source>Bad Request: Mcp-Session-Id header is required</source>
            <translation>错误请求：必须提供 Mcp-Session-Id 请求头</translation>
        </message>
        <message>
            <source>Session not found</source>
            <translation>未找到会话</translation>
        </message>
        <message>
            <source>Unsupported MCP-Protocol-Version: %1</source>
            <translation>不支持的 MCP-Protocol-Version：%1</translation>
        </message>
        <message>
            <source>Host not allowed</source>
            <translation>不允许的主机</translation>
        </message>
    </context>
    <context>
        <name>Mcp::StreamableHttpTransport</name>
        <message>
            <source>Streamable HTTP transport to %1</source>
            <translation>到 %1 的 Streamable HTTP 传输</translation>
        </message>
        <message>
            <source>Cannot send: the HTTP transport to %1 is not open.</source>
            <translation>无法发送：到 %1 的 HTTP 传输未打开。</translation>
        </message>
        <message>
            <source>Opening the GET stream for server-initiated messages</source>
            <translation>正在打开用于服务器发起消息的 GET 流</translation>
        </message>
        <message>
            <source>Resuming an event stream after event %1</source>
            <translation>从事件 %1 之后恢复事件流</translation>
        </message>
        <message>
            <source>Event stream opened</source>
            <translation>事件流已打开</translation>
        </message>
        <message>
            <source>The answer from %1 is larger than the limit of %2 bytes.</source>
            <translation>来自 %1 的回答超过 %2 字节的上限。</translation>
        </message>
        <message>
            <source>retry: %1 ms</source>
            <translation>retry：%1 毫秒</translation>
        </message>
        <message>
            <source>The server offers no GET stream (HTTP %1): server-initiated messages can only arrive on answers to requests.</source>
            <translation>服务器不提供 GET 流（HTTP %1）：服务器发起的消息只能随请求的回答到达。</translation>
        </message>
        <message>
            <source>The GET stream was refused: %1</source>
            <translation>GET 流被拒绝：%1</translation>
        </message>
        <message>
            <source>The server answered a GET with "%1" instead of an event stream.</source>
            <translation>服务器对 GET 的回应是“%1”，而不是事件流。</translation>
        </message>
        <message>
            <source>The server answered the request with HTTP %1 and no body.</source>
            <translation>服务器以 HTTP %1 回应了请求，且没有正文。</translation>
        </message>
        <message>
            <source>The server answered the request with "%1", which is neither JSON nor an event stream.</source>
            <translation>服务器以“%1”回应了请求，既不是 JSON 也不是事件流。</translation>
        </message>
        <message>
            <source>The server closed the event stream before answering, without an event id to resume from.</source>
            <translation>服务器在回答前关闭了事件流，且没有可用于恢复的事件 ID。</translation>
        </message>
        <message>
            <source>The event stream broke before the answer (%1), without an event id to resume from.</source>
            <translation>事件流在回答前中断（%1），且没有可用于恢复的事件 ID。</translation>
        </message>
        <message>
            <source>Gave up resuming the event stream from %1 after %2 attempts.</source>
            <translation>在 %2 次尝试后放弃从 %1 恢复事件流。</translation>
        </message>
        <message>
            <source>The event stream closed; reconnecting in %1 ms%2</source>
            <translation>事件流已关闭；%1 毫秒后重新连接%2</translation>
        </message>
        <message>
            <source> with Last-Event-ID %1</source>
            <translation>，使用 Last-Event-ID %1</translation>
        </message>
        <message>
            <source>The server no longer knows session %1 (HTTP 404); a new session must be initialized.</source>
            <translation>服务器已不再识别会话 %1（HTTP 404）；必须初始化新会话。</translation>
        </message>
        <message>
            <source>(already replaced)</source>
            <translation>（已被替换）</translation>
        </message>
        <message>
            <source>Closed</source>
            <translation>已关闭</translation>
        </message>
        <message>
            <source>Ending session %1</source>
            <translation>正在结束会话 %1</translation>
        </message>
        <message>
            <source>DELETE of the session failed: %1</source>
            <translation>删除会话（DELETE）失败：%1</translation>
        </message>
        <message>
            <source>The server still refused the request after %1 authorizations: %2</source>
            <translation>经过 %1 次授权后，服务器仍拒绝该请求：%2</translation>
        </message>
        <message>
            <source>The server wants more scopes (HTTP 403 insufficient_scope); authorizing again</source>
            <translation>服务器需要更多权限范围 (HTTP 403 insufficient_scope)；正在重新授权</translation>
        </message>
        <message>
            <source>The server wants credentials (HTTP 401); authorizing</source>
            <translation>服务器需要凭据 (HTTP 401)；正在授权</translation>
        </message>
        <message>
            <source>The authorizer is gone.</source>
            <translation>授权器已不存在。</translation>
        </message>
        <message numerus="yes">
            <source>Authorized; resending %n held message(s)</source>
            <translation>
                <numerusform>已授权；正在重新发送 %n 条暂存消息</numerusform>
            </translation>
        </message>
        <message>
            <source>Authorization for %1 failed: %2</source>
            <translation>%1 的授权失败：%2</translation>
        </message>
        <message>
            <source>Closed the response stream of request %1: closing it cancels a modern request.</source>
            <translation>已关闭请求 %1 的响应流：关闭即取消新版请求。</translation>
        </message>
        <message>
            <source>The server's JSON answer to request %1 is not its response.</source>
            <translation>服务器对请求 %1 的 JSON 应答不是该请求的响应。</translation>
        </message>
        <message>
            <source>The server's answer to request %1 could not be read: %2</source>
            <translation>无法读取服务器对请求 %1 的应答：%2</translation>
        </message>
        <message>
            <source>%1 was not sent: the session it belonged to ended.</source>
            <translation>%1 未发送：它所属的会话已结束。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::TrafficCapture</name>
        <message>
            <source>"t" (wall clock time) is missing or not a number</source>
            <translation>“t”（挂钟时间）缺失或不是数字</translation>
        </message>
        <message>
            <source>"t" is not an integer</source>
            <translation>“t”不是整数</translation>
        </message>
        <message>
            <source>"mono" is not an integer</source>
            <translation>“mono”不是整数</translation>
        </message>
        <message>
            <source>"conn" is not an integer</source>
            <translation>“conn”不是整数</translation>
        </message>
        <message>
            <source>unknown "kind": %1</source>
            <translation>未知的“kind”：%1</translation>
        </message>
        <message>
            <source>"raw" must be a string</source>
            <translation>“raw”必须是字符串</translation>
        </message>
        <message>
            <source>"raw" is not valid base64</source>
            <translation>“raw”不是有效的 Base64</translation>
        </message>
        <message>
            <source>"note" must be a string</source>
            <translation>“note”必须是字符串</translation>
        </message>
        <message>
            <source>"httpMethod" is malformed</source>
            <translation>“httpMethod”格式错误</translation>
        </message>
        <message>
            <source>"url" must be a string</source>
            <translation>“url”必须是字符串</translation>
        </message>
        <message>
            <source>"status" is not an integer</source>
            <translation>“status”不是整数</translation>
        </message>
        <message>
            <source>"headers" must be an array of [name, value] pairs</source>
            <translation>“headers”必须是由 [名称, 值] 对组成的数组</translation>
        </message>
        <message>
            <source>"sseId" is malformed</source>
            <translation>“sseId”格式错误</translation>
        </message>
        <message>
            <source>"sseType" is malformed</source>
            <translation>“sseType”格式错误</translation>
        </message>
        <message>
            <source>"exchange" is not a number</source>
            <translation>“exchange”不是数字</translation>
        </message>
        <message>
            <source>could not write the capture: %1</source>
            <translation>无法写入捕获：%1</translation>
        </message>
        <message>
            <source>line %1: not an MCP Scope capture (the first line must be a header with "format": "mcpscope-capture")</source>
            <translation>第 %1 行：不是 MCP Scope 捕获（第一行必须是带有 "format": "mcpscope-capture" 的头部）</translation>
        </message>
        <message>
            <source>line %1: capture format version %2 is not supported (this MCP Scope reads version %3)</source>
            <translation>第 %1 行：不支持捕获格式版本 %2（此 MCP Scope 读取版本 %3）</translation>
        </message>
        <message>
            <source>not valid JSON at offset %1: %2</source>
            <translation>偏移 %1 处不是有效的 JSON：%2</translation>
        </message>
        <message>
            <source>not a JSON object</source>
            <translation>不是 JSON 对象</translation>
        </message>
        <message>
            <source>the file is empty</source>
            <translation>文件为空</translation>
        </message>
        <message>
            <source>could not write the HAR file: %1</source>
            <translation>无法写入 HAR 文件：%1</translation>
        </message>
        <message>
            <source>"dir" must be "out", "in", "local", "toApp" or "fromApp"</source>
            <translation>“dir”必须是“out”、“in”、“local”、“toApp”或“fromApp”</translation>
        </message>
        <message>
            <source>There is nothing to export.</source>
            <translation>没有可导出的内容。</translation>
        </message>
        <message numerus="yes">
            <source>HAR holds HTTP exchanges, and none of these %n event(s) crossed HTTP (a stdio connection's messages have no HTTP request): no HAR file was written. Export as JSON Lines to keep them.</source>
            <translation>
                <numerusform>HAR 只包含 HTTP 交换，而这 %n 个事件都没有经过 HTTP（stdio 连接的消息没有 HTTP 请求）：未写入 HAR 文件。如需保留，请导出为 JSON Lines。</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Mcp::TrafficFilter</name>
        <message>
            <source>empty member name in "%1"</source>
            <translation>“%1”中有空的成员名</translation>
        </message>
        <message>
            <source>no path before "=" (write /params/name=value or params.name=value)</source>
            <translation>“=”前没有路径（请写成 /params/name=值 或 params.name=值）</translation>
        </message>
        <message>
            <source>the value is not valid JSON: %1</source>
            <translation>该值不是有效的 JSON：%1</translation>
        </message>
    </context>
    <context>
        <name>Mcp::TrafficLog</name>
        <message>
            <source>request</source>
            <translation>请求</translation>
        </message>
        <message>
            <source>response</source>
            <translation>响应</translation>
        </message>
        <message>
            <source>error</source>
            <translation>错误</translation>
        </message>
        <message>
            <source>notification</source>
            <translation>通知</translation>
        </message>
        <message>
            <source>batch</source>
            <translation>批量</translation>
        </message>
        <message>
            <source>stderr</source>
            <translation>stderr</translation>
        </message>
        <message>
            <source>invalid message</source>
            <translation>无效消息</translation>
        </message>
        <message>
            <source>HTTP request</source>
            <translation>HTTP 请求</translation>
        </message>
        <message>
            <source>HTTP response</source>
            <translation>HTTP 响应</translation>
        </message>
        <message>
            <source>SSE event</source>
            <translation>SSE 事件</translation>
        </message>
        <message>
            <source>process started</source>
            <translation>进程已启动</translation>
        </message>
        <message>
            <source>process exited</source>
            <translation>进程已退出</translation>
        </message>
        <message>
            <source>transport error</source>
            <translation>传输错误</translation>
        </message>
        <message>
            <source>note</source>
            <translation>备注</translation>
        </message>
        <message>
            <source>C → S</source>
            <translation>客 → 服</translation>
        </message>
        <message>
            <source>S → C</source>
            <translation>服 → 客</translation>
        </message>
        <message>
            <source>local</source>
            <translation>本地</translation>
        </message>
        <message>
            <source>Time</source>
            <translation>时间</translation>
        </message>
        <message>
            <source>Relative (s)</source>
            <translation>相对 (秒)</translation>
        </message>
        <message>
            <source>Connection</source>
            <translation>连接</translation>
        </message>
        <message>
            <source>Direction</source>
            <translation>方向</translation>
        </message>
        <message>
            <source>Kind</source>
            <translation>类型</translation>
        </message>
        <message>
            <source>Method</source>
            <translation>方法</translation>
        </message>
        <message>
            <source>Id</source>
            <translation>ID</translation>
        </message>
        <message>
            <source>Size</source>
            <translation>大小</translation>
        </message>
        <message>
            <source>Latency</source>
            <translation>延迟</translation>
        </message>
        <message>
            <source>client to server</source>
            <translation>客户端到服务器</translation>
        </message>
        <message>
            <source>server to client</source>
            <translation>服务器到客户端</translation>
        </message>
        <message>
            <source>local event</source>
            <translation>本地事件</translation>
        </message>
        <message>
            <source>Round</source>
            <translation>轮次</translation>
        </message>
        <message>
            <source>%1 of %2</source>
            <translation>%1 / %2</translation>
        </message>
        <message>
            <source>Round %1 of %2 of one request: the server answered input_required and the request went out again, with a new id, carrying the answers</source>
            <translation>同一请求的第 %1 轮（共 %2 轮）：服务器回答了 input_required，请求以新 ID 再次发出，并携带了回答</translation>
        </message>
        <message>
            <source>H → App</source>
            <translation>宿 → 应用</translation>
        </message>
        <message>
            <source>App → H</source>
            <translation>应用 → 宿</translation>
        </message>
        <message>
            <source>host to an MCP Apps view</source>
            <translation>宿主到 MCP 应用视图</translation>
        </message>
        <message>
            <source>an MCP Apps view to the host</source>
            <translation>MCP 应用视图到宿主</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Transport</name>
        <message>
            <source>The server's answer to request %1 arrived but could not be read: %2</source>
            <translation>服务器对请求 %1 的应答已到达，但无法读取：%2</translation>
        </message>
        <message>
            <source>Invalid Request: the request's id must be a string or an integer of at most 64 bits.</source>
            <translation>无效请求：请求的 id 必须是字符串或不超过 64 位的整数。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::TransportFactory</name>
        <message>
            <source>The server has no command to start.</source>
            <translation>该服务器没有可启动的命令。</translation>
        </message>
        <message>
            <source>The server URL is not a valid http://, https://, ws:// or wss:// URL: %1</source>
            <translation>服务器 URL 不是有效的 http://、https://、ws:// 或 wss:// URL：%1</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::AppHostControls</name>
        <message>
            <source>Tool input (arguments):</source>
            <translation>工具输入（参数）：</translation>
        </message>
        <message>
            <source>Tool result (CallToolResult):</source>
            <translation>工具结果（CallToolResult）：</translation>
        </message>
        <message>
            <source>Send input</source>
            <translation>发送输入</translation>
        </message>
        <message>
            <source>Send partial input</source>
            <translation>发送部分输入</translation>
        </message>
        <message>
            <source>Send result</source>
            <translation>发送结果</translation>
        </message>
        <message>
            <source>Send cancelled</source>
            <translation>发送已取消</translation>
        </message>
        <message>
            <source>cancelled by hand in MCP Scope</source>
            <translation>在 MCP Scope 中手动取消</translation>
        </message>
        <message>
            <source>Tear down</source>
            <translation>销毁</translation>
        </message>
        <message>
            <source>closed by hand</source>
            <translation>手动关闭</translation>
        </message>
        <message>
            <source>Time</source>
            <translation>时间</translation>
        </message>
        <message>
            <source>Direction</source>
            <translation>方向</translation>
        </message>
        <message>
            <source>Method</source>
            <translation>方法</translation>
        </message>
        <message>
            <source>Id</source>
            <translation>ID</translation>
        </message>
        <message>
            <source>Note</source>
            <translation>备注</translation>
        </message>
        <message>
            <source>Messages, model context and log lines from the view, and blocked requests</source>
            <translation>来自视图的消息、模型上下文和日志行，以及被阻止的请求</translation>
        </message>
        <message>
            <source>Blocked %1: %2</source>
            <translation>已阻止 %1：%2</translation>
        </message>
        <message>
            <source>(no URL)</source>
            <translation>（无 URL）</translation>
        </message>
        <message>
            <source>error reply</source>
            <translation>错误回复</translation>
        </message>
        <message>
            <source>reply</source>
            <translation>回复</translation>
        </message>
        <message>
            <source>%1 to %2</source>
            <translation>%1 至 %2</translation>
        </message>
        <message>
            <source>host → view</source>
            <translation>宿主 → 视图</translation>
        </message>
        <message>
            <source>view → host</source>
            <translation>视图 → 宿主</translation>
        </message>
        <message>
            <source>Not sent: the JSON is not an object (%1).</source>
            <translation>未发送：该 JSON 不是对象（%1）。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::AppRequestInterceptor</name>
        <message>
            <source>the %1: scheme is never reachable from a view</source>
            <translation>视图永远无法访问 %1: 协议</translation>
        </message>
        <message>
            <source>a view cannot navigate the host page</source>
            <translation>视图不能导航宿主页面</translation>
        </message>
        <message>
            <source>not among the origins the resource's CSP declares</source>
            <translation>不在该资源的 CSP 所声明的来源之中</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::AppView</name>
        <message>
            <source>This build has no Qt WebEngine, so MCP Apps views cannot run: their source is shown instead. Install qt6-webengine-dev (scripts/setup.sh does) and rebuild.</source>
            <translation>此构建不含 Qt WebEngine，因此无法运行 MCP Apps 视图：改为显示其源代码。请安装 qt6-webengine-dev（scripts/setup.sh 会安装）并重新构建。</translation>
        </message>
        <message>
            <source>Message from the view (%1): %2</source>
            <translation>来自视图的消息（%1）：%2</translation>
        </message>
        <message>
            <source>Model context from the view: %1</source>
            <translation>来自视图的模型上下文：%1</translation>
        </message>
        <message>
            <source>View log (%1): %2</source>
            <translation>视图日志（%1）：%2</translation>
        </message>
        <message>
            <source>the view asked to close</source>
            <translation>视图请求关闭</translation>
        </message>
        <message>
            <source>replaced by another view</source>
            <translation>已被另一个视图替换</translation>
        </message>
        <message>
            <source>border</source>
            <translation>边框</translation>
        </message>
        <message>
            <source>no border</source>
            <translation>无边框</translation>
        </message>
        <message>
            <source>border: host decides</source>
            <translation>边框：由宿主决定</translation>
        </message>
        <message>
            <source>%1 · CSP: %2 · %3</source>
            <translation>%1 · CSP：%2 · %3</translation>
        </message>
        <message>
            <source>no network</source>
            <translation>无网络</translation>
        </message>
        <message>
            <source>declared origins only</source>
            <translation>仅限已声明的来源</translation>
        </message>
        <message>
            <source>The server is not connected.</source>
            <translation>服务器未连接。</translation>
        </message>
        <message>
            <source>, this computer: %1</source>
            <translation>，本机：%1</translation>
        </message>
        <message>
            <source>, local network: %1</source>
            <translation>，局域网：%1</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::AppWebPage</name>
        <message>
            <source>MCP App permission</source>
            <translation>MCP 应用权限</translation>
        </message>
        <message>
            <source>The view asks to use your camera, microphone or location (declared in its resource). Allow it for this view?</source>
            <translation>该视图请求使用您的摄像头、麦克风或位置（已在其资源中声明）。是否允许此视图使用？</translation>
        </message>
        <message>
            <source>navigation is not allowed in a view</source>
            <translation>视图中不允许导航</translation>
        </message>
        <message>
            <source>a view cannot open windows</source>
            <translation>视图不能打开窗口</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::AuthorizationPage</name>
        <message>
            <source>Show secrets</source>
            <translation>显示机密</translation>
        </message>
        <message>
            <source>Show tokens, codes and client secrets in the steps and the token summary.</source>
            <translation>在步骤和令牌摘要中显示令牌、授权码和客户端密钥。</translation>
        </message>
        <message>
            <source>Forget stored tokens</source>
            <translation>清除已存储的令牌</translation>
        </message>
        <message>
            <source>Step</source>
            <translation>步骤</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>状态</translation>
        </message>
        <message>
            <source>URL</source>
            <translation>URL</translation>
        </message>
        <message>
            <source>The steps of the OAuth flow appear here when the server asks for authorization.</source>
            <translation>服务器要求授权时，OAuth 流程的各个步骤会显示在这里。</translation>
        </message>
        <message>
            <source>running</source>
            <translation>进行中</translation>
        </message>
        <message>
            <source>done</source>
            <translation>完成</translation>
        </message>
        <message>
            <source>failed</source>
            <translation>失败</translation>
        </message>
        <message>
            <source>No token yet: MCP Scope authorizes when the server asks.</source>
            <translation>尚无令牌：服务器要求时 MCP Scope 才会授权。</translation>
        </message>
        <message>
            <source>OAuth is not used for this server.</source>
            <translation>此服务器不使用 OAuth。</translation>
        </message>
        <message>
            <source>Token (no scope stated)</source>
            <translation>令牌（未说明权限范围）</translation>
        </message>
        <message>
            <source>Token for scope: %1</source>
            <translation>权限范围的令牌：%1</translation>
        </message>
        <message>
            <source>expired %1</source>
            <translation>已于 %1 过期</translation>
        </message>
        <message>
            <source>expires %1</source>
            <translation>%1 过期</translation>
        </message>
        <message>
            <source>refreshable</source>
            <translation>可刷新</translation>
        </message>
        <message>
            <source>Access token: %1</source>
            <translation>访问令牌：%1</translation>
        </message>
        <message>
            <source>Authorization</source>
            <translation>授权</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::BigTextView</name>
        <message>
            <source>Find</source>
            <translation>查找</translation>
        </message>
        <message>
            <source>Previous</source>
            <translation>上一个</translation>
        </message>
        <message>
            <source>Find the previous match (Shift+F3)</source>
            <translation>查找上一个匹配 (Shift+F3)</translation>
        </message>
        <message>
            <source>Next</source>
            <translation>下一个</translation>
        </message>
        <message>
            <source>Find the next match (F3)</source>
            <translation>查找下一个匹配 (F3)</translation>
        </message>
        <message>
            <source>Match case</source>
            <translation>区分大小写</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>关闭</translation>
        </message>
        <message>
            <source>Close the find bar (Esc)</source>
            <translation>关闭查找栏 (Esc)</translation>
        </message>
        <message>
            <source>Preparing… (%1 %)</source>
            <translation>正在准备… (%1 %)</translation>
        </message>
        <message>
            <source>Copy</source>
            <translation>复制</translation>
        </message>
        <message>
            <source>Select All</source>
            <translation>全选</translation>
        </message>
        <message>
            <source>Find…</source>
            <translation>查找…</translation>
        </message>
        <message>
            <source>Searching… %1 %</source>
            <translation>正在搜索… %1 %</translation>
        </message>
        <message>
            <source>No match</source>
            <translation>无匹配</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::CaptureWindow</name>
        <message>
            <source>%1 — Capture</source>
            <translation>%1 — 捕获</translation>
        </message>
        <message>
            <source>Could not open %1: %2</source>
            <translation>无法打开 %1：%2</translation>
        </message>
        <message>
            <source>%1 is not an MCP Scope capture: %2</source>
            <translation>%1 不是 MCP Scope 捕获文件：%2</translation>
        </message>
        <message numerus="yes">
            <source>%n event(s)</source>
            <translation>
                <numerusform>%n 个事件</numerusform>
            </translation>
        </message>
        <message>
            <source>recorded %1</source>
            <translation>录制于 %1</translation>
        </message>
        <message>
            <source>secrets redacted</source>
            <translation>机密已隐去</translation>
        </message>
        <message numerus="yes">
            <source>%n line(s) skipped (first: line %1, %2)</source>
            <translation>
                <numerusform>跳过了 %n 行（首个：第 %1 行，%2）</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 — Recording</source>
            <translation>%1 — 录制</translation>
        </message>
        <message>
            <source>Recording live (process %1); no capture file</source>
            <translation>正在实时录制（进程 %1）；无捕获文件</translation>
        </message>
        <message>
            <source>Recording live (process %1) into %2</source>
            <translation>正在实时录制（进程 %1）到 %2</translation>
        </message>
        <message>
            <source>%1 — Recording ended</source>
            <translation>%1 — 录制已结束</translation>
        </message>
        <message numerus="yes">
            <source>The recording has ended; %n event(s)</source>
            <translation>
                <numerusform>录制已结束；%n 个事件</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>The recording has ended; %n event(s), saved in %1</source>
            <translation>
                <numerusform>录制已结束；%n 个事件，已保存到 %1</numerusform>
            </translation>
        </message>
        <message>
            <source>&amp;Capture</source>
            <translation>捕获(&amp;C)</translation>
        </message>
        <message>
            <source>&amp;Replay Against…</source>
            <translation>重放到(&amp;R)…</translation>
        </message>
        <message>
            <source>Send this capture's client requests to a fresh server and compare its answers with the recorded ones</source>
            <translation>将此捕获中的客户端请求发送到一个新的服务器，并将其应答与记录的应答进行比较</translation>
        </message>
        <message>
            <source>&amp;Close</source>
            <translation>关闭(&amp;C)</translation>
        </message>
        <message>
            <source>Replay</source>
            <translation>重放</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::CollectionRunDialog</name>
        <message>
            <source>Run Collection</source>
            <translation>运行集合</translation>
        </message>
        <message numerus="yes">
            <source>%1: %n call(s)</source>
            <translation>
                <numerusform>%1：%n 个调用</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 cannot be run:
%2</source>
            <translation>无法运行 %1：
%2</translation>
        </message>
        <message>
            <source>Call</source>
            <translation>调用</translation>
        </message>
        <message>
            <source>Server</source>
            <translation>服务器</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>结果</translation>
        </message>
        <message>
            <source>Time</source>
            <translation>时间</translation>
        </message>
        <message>
            <source>Waiting</source>
            <translation>等待中</translation>
        </message>
        <message>
            <source>Running…</source>
            <translation>正在运行…</translation>
        </message>
        <message>
            <source>Passed</source>
            <translation>通过</translation>
        </message>
        <message>
            <source>Failed</source>
            <translation>失败</translation>
        </message>
        <message>
            <source>Error</source>
            <translation>错误</translation>
        </message>
        <message>
            <source>Expected %1; %2</source>
            <translation>应为 %1；%2</translation>
        </message>
        <message>
            <source>%1 passed, %2 failed, %3 errors</source>
            <translation>%1 个通过，%2 个失败，%3 个错误</translation>
        </message>
        <message>
            <source>Run &amp;All</source>
            <translation>全部运行(&amp;A)</translation>
        </message>
        <message>
            <source>Run &amp;Selected</source>
            <translation>运行所选(&amp;S)</translation>
        </message>
        <message>
            <source>Not run: the command of %1 was not approved.</source>
            <translation>未运行：%1 的命令未获批准。</translation>
        </message>
        <message>
            <source>Select the call to see its answer</source>
            <translation>选择该调用以查看其应答</translation>
        </message>
        <message>
            <source>%1 failed: %2 (%3)</source>
            <translation>%1 失败：%2（%3）</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::CommandApprovalDialog</name>
        <message>
            <source>Run This Command?</source>
            <translation>运行此命令？</translation>
        </message>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt; will start this program on your computer, with your user's rights. Run it only if you trust where this configuration came from.</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; 将以您的用户权限在本机启动此程序。仅当您信任此配置的来源时才运行它。</translation>
        </message>
        <message>
            <source>Show secret values</source>
            <translation>显示机密值</translation>
        </message>
        <message>
            <source>You are asked again whenever the command, its arguments, environment or working directory change.</source>
            <translation>命令、参数、环境或工作目录一旦改变，将再次询问您。</translation>
        </message>
        <message>
            <source>&amp;Run Command</source>
            <translation>运行命令(&amp;R)</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::CompareDialog</name>
        <message>
            <source>Compare %1</source>
            <translation>比较 %1</translation>
        </message>
        <message>
            <source>Compare %1 &amp;with:</source>
            <translation>将 %1 与之比较(&amp;W)：</translation>
        </message>
        <message>
            <source>Snapshot File…</source>
            <translation>快照文件…</translation>
        </message>
        <message>
            <source>Choose a connected server or a snapshot</source>
            <translation>选择一个已连接的服务器或一个快照</translation>
        </message>
        <message>
            <source>The baseline: another connected server, or a snapshot saved with Server › Save Snapshot… (or printed by mcpscope --cli … --method tools/list), or a capture</source>
            <translation>基准：另一个已连接的服务器，或通过“服务器 › 保存快照…”保存的快照（或由 mcpscope --cli … --method tools/list 输出的快照），或一个捕获</translation>
        </message>
        <message>
            <source>&amp;Reverse</source>
            <translation>反转(&amp;R)</translation>
        </message>
        <message>
            <source>Swap the sides: which one is before decides what counts as breaking</source>
            <translation>交换两侧：哪一侧作为“之前”决定了什么算作破坏性变更</translation>
        </message>
        <message>
            <source>Compare &amp;Again</source>
            <translation>重新比较(&amp;A)</translation>
        </message>
        <message>
            <source>Choose what to compare %1 with.</source>
            <translation>选择要与 %1 比较的对象。</translation>
        </message>
        <message>
            <source>&amp;Export JSON…</source>
            <translation>导出 JSON(&amp;E)…</translation>
        </message>
        <message>
            <source>The differences as `mcpscope diff --format json` writes them</source>
            <translation>与 `mcpscope diff --format json` 输出格式相同的差异</translation>
        </message>
        <message>
            <source>Compare with Snapshot</source>
            <translation>与快照比较</translation>
        </message>
        <message>
            <source>Snapshots and captures (*.json *.jsonl *.ndjson);;All files (*)</source>
            <translation>快照和捕获 (*.json *.jsonl *.ndjson);;所有文件 (*)</translation>
        </message>
        <message>
            <source>Snapshot %1</source>
            <translation>快照 %1</translation>
        </message>
        <message>
            <source>Comparing…</source>
            <translation>正在比较…</translation>
        </message>
        <message>
            <source>%1 is no longer connected</source>
            <translation>%1 已不再连接</translation>
        </message>
        <message>
            <source>Before: %1  →  After: %2</source>
            <translation>之前：%1  →  之后：%2</translation>
        </message>
        <message>
            <source>No differences between %1 and %2.</source>
            <translation>%1 与 %2 之间没有差异。</translation>
        </message>
        <message numerus="yes">
            <source>%n change(s)</source>
            <translation>
                <numerusform>%n 处变更</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n breaking for clients of %1</source>
            <translation>
                <numerusform>%n 处对 %1 的客户端构成破坏性变更</numerusform>
            </translation>
        </message>
        <message>
            <source>none breaking for clients of %1</source>
            <translation>没有对 %1 的客户端构成破坏性变更</translation>
        </message>
        <message>
            <source>Could not compare: %1</source>
            <translation>无法比较：%1</translation>
        </message>
        <message>
            <source>Export Differences</source>
            <translation>导出差异</translation>
        </message>
        <message>
            <source>JSON (*.json);;All files (*)</source>
            <translation>JSON (*.json);;所有文件 (*)</translation>
        </message>
        <message>
            <source>Cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::Connection</name>
        <message>
            <source>Started: %1</source>
            <translation>已启动：%1</translation>
        </message>
        <message>
            <source>Process %1</source>
            <translation>进程%1</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ConsolePage</name>
        <message>
            <source>Search the console</source>
            <translation>搜索控制台</translation>
        </message>
        <message>
            <source>Previous match</source>
            <translation>上一个匹配</translation>
        </message>
        <message>
            <source>Next match</source>
            <translation>下一个匹配</translation>
        </message>
        <message>
            <source>Clear</source>
            <translation>清空</translation>
        </message>
        <message>
            <source>Save…</source>
            <translation>保存…</translation>
        </message>
        <message>
            <source>The server's stderr and any stdout lines that are not JSON-RPC appear here.</source>
            <translation>服务器的 stderr 以及所有不是 JSON-RPC 的 stdout 行会显示在这里。</translation>
        </message>
        <message>
            <source>[stdout, not JSON-RPC] </source>
            <translation>[stdout，非 JSON-RPC] </translation>
        </message>
        <message>
            <source>Save Console</source>
            <translation>保存控制台</translation>
        </message>
        <message>
            <source>Wrapped to the top</source>
            <translation>已从顶部继续</translation>
        </message>
        <message>
            <source>Not found</source>
            <translation>未找到</translation>
        </message>
        <message>
            <source>Wrapped to the bottom</source>
            <translation>已从底部继续</translation>
        </message>
        <message>
            <source>Console</source>
            <translation>控制台</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ElicitationDialog</name>
        <message>
            <source>%1 asks for information</source>
            <translation>%1 请求提供信息</translation>
        </message>
        <message>
            <source>asks you to open a web page (elicitation, URL mode).</source>
            <translation>请求您打开一个网页（信息征询，URL 模式）。</translation>
        </message>
        <message>
            <source>asks you for information (elicitation).</source>
            <translation>请求您提供信息（信息征询）。</translation>
        </message>
        <message>
            <source>Domain: &lt;b&gt;%1&lt;/b&gt;</source>
            <translation>域名：&lt;b&gt;%1&lt;/b&gt;</translation>
        </message>
        <message>
            <source>The URL is not valid.</source>
            <translation>该 URL 无效。</translation>
        </message>
        <message>
            <source>The URL does not use https.</source>
            <translation>该 URL 未使用 https。</translation>
        </message>
        <message>
            <source>The URL carries a user name or password before the domain: check the domain carefully.</source>
            <translation>该 URL 在域名前带有用户名或密码：请仔细检查域名。</translation>
        </message>
        <message>
            <source>The domain contains international characters (%1): check it is the site you expect.</source>
            <translation>域名包含国际化字符（%1）：请确认这是您预期的网站。</translation>
        </message>
        <message>
            <source>Nothing is opened until you click "Open in browser".</source>
            <translation>在您点击“在浏览器中打开”之前不会打开任何内容。</translation>
        </message>
        <message>
            <source>Answer this server's later form requests with these values automatically</source>
            <translation>自动用这些值回答此服务器之后的表单请求</translation>
        </message>
        <message>
            <source>Say no: the server learns you declined</source>
            <translation>拒绝：服务器会得知您已拒绝</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>Dismiss without choosing</source>
            <translation>不作选择直接关闭</translation>
        </message>
        <message>
            <source>Please fix the marked fields first:
%1</source>
            <translation>请先修正标记的字段：
%1</translation>
        </message>
        <message>
            <source>Copy &amp;Link</source>
            <translation>复制链接(&amp;L)</translation>
        </message>
        <message>
            <source>Copy the URL, to open it in a browser yourself</source>
            <translation>复制 URL，以便自行在浏览器中打开</translation>
        </message>
        <message>
            <source>Link copied. Once you have opened it, answer with "I Opened It".</source>
            <translation>链接已复制。打开后，请点击“我已打开”作答。</translation>
        </message>
        <message>
            <source>I &amp;Opened It</source>
            <translation>我已打开(&amp;O)</translation>
        </message>
        <message>
            <source>Accept: tell the server you opened the page yourself</source>
            <translation>接受：告知服务器您已自行打开该页面</translation>
        </message>
        <message>
            <source>No browser could be started to open the page. Copy the link to open it yourself, or Decline or Cancel.</source>
            <translation>无法启动浏览器来打开该页面。请复制链接自行打开，或选择“拒绝”或“取消”。</translation>
        </message>
        <message>
            <source>Try &amp;Again</source>
            <translation>重试(&amp;A)</translation>
        </message>
        <message>
            <source>Open in &amp;browser</source>
            <translation>在浏览器中打开(&amp;B)</translation>
        </message>
        <message>
            <source>&amp;Accept</source>
            <translation>接受(&amp;A)</translation>
        </message>
        <message>
            <source>&amp;Decline</source>
            <translation>拒绝(&amp;D)</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ExportServersDialog</name>
        <message>
            <source>Export Server Entry</source>
            <translation>导出服务器条目</translation>
        </message>
        <message>
            <source>Export Servers</source>
            <translation>导出服务器</translation>
        </message>
        <message>
            <source>servers (VS Code)</source>
            <translation>servers（VS Code）</translation>
        </message>
        <message>
            <source>Include secret values</source>
            <translation>包含机密值</translation>
        </message>
        <message>
            <source>Format:</source>
            <translation>格式：</translation>
        </message>
        <message>
            <source>Copied to the clipboard.</source>
            <translation>已复制到剪贴板。</translation>
        </message>
        <message>
            <source>Careful: the text contains secret values (tokens, keys) in plain text.</source>
            <translation>注意：文本中包含明文机密值（令牌、密钥）。</translation>
        </message>
        <message>
            <source>Secret values are left out and replaced by ${NAME} references.</source>
            <translation>机密值已省略，并替换为 ${NAME} 引用。</translation>
        </message>
        <message>
            <source>Could not write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <source>Saved to %1</source>
            <translation>已保存到 %1</translation>
        </message>
        <message>
            <source>&amp;Copy</source>
            <translation>复制(&amp;C)</translation>
        </message>
        <message>
            <source>&amp;Save…</source>
            <translation>保存(&amp;S)…</translation>
        </message>
        <message>
            <source>mcpServers (Claude Desktop, Claude Code, Cursor, Cline, LM Studio)</source>
            <translation>mcpServers（Claude Desktop、Claude Code、Cursor、Cline、LM Studio）</translation>
        </message>
        <message>
            <source>&amp;Add to Host File…</source>
            <translation>添加到主机文件(&amp;A)…</translation>
        </message>
        <message>
            <source>Writes these servers into an existing configuration file of the chosen host: only their entries change, comments and everything else stay.</source>
            <translation>将这些服务器写入所选主机的现有配置文件：只有它们的条目会改变，注释和其他内容保持不变。</translation>
        </message>
        <message>
            <source>Add to Host File</source>
            <translation>添加到主机文件</translation>
        </message>
        <message>
            <source>Host configurations (*.json *.jsonc *.toml *.yaml *.yml);;All files (*)</source>
            <translation>主机配置 (*.json *.jsonc *.toml *.yaml *.yml);;所有文件 (*)</translation>
        </message>
        <message>
            <source>Could not add %1 to %2: %3</source>
            <translation>无法将 %1 添加到 %2：%3</translation>
        </message>
        <message>
            <source>Added to %1; the rest of the file is as it was.</source>
            <translation>已添加到 %1；文件的其余部分保持不变。</translation>
        </message>
        <message>
            <source>Host configurations (*.json *.toml *.yaml);;All files (*)</source>
            <translation>主机配置 (*.json *.toml *.yaml);;所有文件 (*)</translation>
        </message>
</context>
    <context>
        <name>Mcp::Ui::IconFetcher</name>
        <message>
            <source>Icon not loaded: %1</source>
            <translation>图标未加载：%1</translation>
        </message>
        <message>
            <source>Icon not loaded: %1 is not a valid address</source>
            <translation>图标未加载：%1 不是有效地址</translation>
        </message>
        <message>
            <source>This icon is on the web (%1); fetching icons from the web is turned off (View menu).</source>
            <translation>此图标位于网络上 (%1)；从网络获取图标已关闭（“视图”菜单）。</translation>
        </message>
        <message>
            <source>Loading the icon from %1…</source>
            <translation>正在从 %1 加载图标…</translation>
        </message>
        <message>
            <source>Icon not loaded: only https and data: icons are allowed, not %1</source>
            <translation>图标未加载：只允许 https 和 data: 图标，不允许 %1</translation>
        </message>
        <message>
            <source>its address is on your own machine or network (%1); MCP Scope only fetches icons from public addresses</source>
            <translation>其地址位于您自己的计算机或网络中 (%1)；MCP Scope 只从公共地址获取图标</translation>
        </message>
        <message>
            <source>redirected to %1, but %2</source>
            <translation>被重定向到 %1，但 %2</translation>
        </message>
        <message>
            <source>no answer within %1 s</source>
            <translation>%1 秒内无应答</translation>
        </message>
        <message>
            <source>could not look up %1: %2</source>
            <translation>无法解析 %1：%2</translation>
        </message>
        <message>
            <source>larger than %1 KiB</source>
            <translation>大于 %1 KiB</translation>
        </message>
        <message>
            <source>TLS error: %1</source>
            <translation>TLS 错误：%1</translation>
        </message>
        <message>
            <source>the server asks for credentials, and MCP Scope never sends any for icons</source>
            <translation>服务器要求凭据，而 MCP Scope 从不为图标发送凭据</translation>
        </message>
        <message>
            <source>the server answered HTTP %1 %2</source>
            <translation>服务器返回 HTTP %1 %2</translation>
        </message>
        <message>
            <source>the server answered HTTP %1</source>
            <translation>服务器返回 HTTP %1</translation>
        </message>
        <message>
            <source>redirected to %1, which is not https</source>
            <translation>被重定向到 %1，它不是 https</translation>
        </message>
        <message numerus="yes">
            <source>more than %n redirect(s)</source>
            <translation>
                <numerusform>超过 %n 次重定向</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ImageDecode</name>
        <message>
            <source>%1 image: too big to show (%2 bytes); save it instead</source>
            <translation>%1 图像：太大，无法显示（%2 字节）；请改为保存</translation>
        </message>
        <message>
            <source>The SVG image could not be read</source>
            <translation>无法读取该 SVG 图像</translation>
        </message>
        <message>
            <source>The %1 image could not be decoded: %2</source>
            <translation>无法解码该 %1 图像：%2</translation>
        </message>
        <message>
            <source>No image plugin for %1 is installed: save the image to view it</source>
            <translation>未安装 %1 的图像插件：请保存图像后查看</translation>
        </message>
        <message>
            <source>not an image MCP Scope can read</source>
            <translation>不是 MCP Scope 能读取的图像</translation>
        </message>
        <message>
            <source>the image could not be decoded: %1</source>
            <translation>无法解码图像：%1</translation>
        </message>
        <message>
            <source>malformed data: URI</source>
            <translation>格式错误的 data: URI</translation>
        </message>
        <message>
            <source>larger than %1 KiB</source>
            <translation>大于 %1 KiB</translation>
        </message>
        <message>
            <source>empty data: URI</source>
            <translation>空的 data: URI</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ImageViewer</name>
        <message>
            <source>Fit</source>
            <translation>适应窗口</translation>
        </message>
        <message>
            <source>100 %</source>
            <translation>100 %</translation>
        </message>
        <message>
            <source>−</source>
            <translation>−</translation>
        </message>
        <message>
            <source>Zoom out (Ctrl+-)</source>
            <translation>缩小 (Ctrl+-)</translation>
        </message>
        <message>
            <source>+</source>
            <translation>+</translation>
        </message>
        <message>
            <source>Zoom in (Ctrl++)</source>
            <translation>放大 (Ctrl++)</translation>
        </message>
        <message>
            <source>%1 × %2 px</source>
            <translation>%1 × %2 像素</translation>
        </message>
        <message>
            <source>%1 %</source>
            <translation>%1 %</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ImportDialog</name>
        <message>
            <source>Import Servers</source>
            <translation>导入服务器</translation>
        </message>
        <message>
            <source>File:</source>
            <translation>文件：</translation>
        </message>
        <message>
            <source>Browse…</source>
            <translation>浏览…</translation>
        </message>
        <message>
            <source>Pasted text:</source>
            <translation>粘贴的文本：</translation>
        </message>
        <message>
            <source>My servers (user configuration)</source>
            <translation>我的服务器（用户配置）</translation>
        </message>
        <message>
            <source>This project (%1)</source>
            <translation>此项目（%1）</translation>
        </message>
        <message>
            <source>Add to:</source>
            <translation>添加到：</translation>
        </message>
        <message>
            <source>Action</source>
            <translation>操作</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <source>Command or URL</source>
            <translation>命令或 URL</translation>
        </message>
        <message>
            <source>Conflict</source>
            <translation>冲突</translation>
        </message>
        <message>
            <source>Choose a file.</source>
            <translation>请选择一个文件。</translation>
        </message>
        <message>
            <source>Paste a configuration above.</source>
            <translation>请在上方粘贴配置。</translation>
        </message>
        <message>
            <source>Cannot read this: %1</source>
            <translation>无法读取：%1</translation>
        </message>
        <message numerus="yes">
            <source>%1: %n server(s)</source>
            <translation>
                <numerusform>%1：%n 个服务器</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n name conflict(s): choose what to do in the Action column</source>
            <translation>
                <numerusform>%n 个名称冲突：请在“操作”列中选择处理方式</numerusform>
            </translation>
        </message>
        <message>
            <source>Add</source>
            <translation>添加</translation>
        </message>
        <message>
            <source>Add (rename)</source>
            <translation>添加（重命名）</translation>
        </message>
        <message>
            <source>Replace existing</source>
            <translation>替换现有的</translation>
        </message>
        <message>
            <source>Skip</source>
            <translation>跳过</translation>
        </message>
        <message>
            <source>For "Add (rename)", the name the server gets; edit it if you like.</source>
            <translation>对于“添加（重命名）”，这是服务器将获得的名称；可按需修改。</translation>
        </message>
        <message>
            <source>Same as the existing "%1"</source>
            <translation>与现有的“%1”相同</translation>
        </message>
        <message>
            <source>"%1" already exists</source>
            <translation>“%1”已存在</translation>
        </message>
        <message>
            <source>&amp;Import</source>
            <translation>导入(&amp;I)</translation>
        </message>
        <message>
            <source>Reads the configurations of Claude Desktop, Claude Code (.mcp.json), Cursor, VS Code, Codex (config.toml), Gemini CLI, Windsurf, Zed, Cline, LM Studio, Continue and Goose (config.yaml), a bare map of servers, a single server object, or an install link (mcpscope://, vscode:, cursor://). Imported commands only run after you have seen and confirmed them.</source>
            <translation>读取 Claude Desktop、Claude Code（.mcp.json）、Cursor、VS Code、Codex（config.toml）、Gemini CLI、Windsurf、Zed、Cline、LM Studio、Continue 和 Goose（config.yaml）的配置、单纯的服务器映射、单个服务器对象或安装链接（mcpscope://、vscode:、cursor://）。导入的命令只有在您查看并确认后才会运行。</translation>
        </message>
        <message>
            <source>Choose a host&apos;s configuration…</source>
            <translation>选择主机的配置…</translation>
        </message>
        <message>
            <source>Host configurations (*.json *.jsonc *.toml *.yaml *.yml);;All files (*)</source>
            <translation>主机配置 (*.json *.jsonc *.toml *.yaml *.yml);;所有文件 (*)</translation>
        </message>
    <message>
        <source>Open as server.&amp;json…</source>
        <translation>作为 server.&amp;json 打开…</translation>
    </message>
    <message>
        <source>A server.json of the MCP Registry: choose a package or remote and fill in its inputs</source>
        <translation>MCP Registry 的 server.json：选择软件包或远程服务器并填写其输入</translation>
    </message>
    <message>
        <source>This is a server.json of the MCP Registry, not an mcp.json: open it with &quot;Open as server.json…&quot; to choose a package or remote and fill in what it asks for.</source>
        <translation>这是 MCP Registry 的 server.json，不是 mcp.json：请用“作为 server.json 打开…”打开，以选择软件包或远程服务器并填写所需内容。</translation>
    </message>
    <message>
        <source>Cannot use this link: %1</source>
        <translation>无法使用此链接：%1</translation>
    </message>
    <message>
        <source>%1 install link</source>
        <translation>%1 安装链接</translation>
    </message>
</context>
    <context>
        <name>Mcp::Ui::JsonText</name>
        <message>
            <source>no value</source>
            <translation>没有值</translation>
        </message>
        <message>
            <source>more than one value (a comma too many?)</source>
            <translation>多于一个值（多了一个逗号？）</translation>
        </message>
        <message>
            <source>line %1, column %2: %3</source>
            <translation>第 %1 行，第 %2 列：%3</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::JsonTree</name>
        <message>
            <source>Key</source>
            <translation>键</translation>
        </message>
        <message>
            <source>Value</source>
            <translation>值</translation>
        </message>
        <message>
            <source>Type</source>
            <translation>类型</translation>
        </message>
        <message>
            <source>… more not shown</source>
            <translation>… 更多内容未显示</translation>
        </message>
        <message numerus="yes">
            <source>{%n member(s)}</source>
            <translation>
                <numerusform>{%n 个成员}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>[%n item(s)]</source>
            <translation>
                <numerusform>[%n 项]</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::LazyJsonTree</name>
        <message>
            <source>Key</source>
            <translation>键</translation>
        </message>
        <message>
            <source>Value</source>
            <translation>值</translation>
        </message>
        <message>
            <source>…</source>
            <translation>…</translation>
        </message>
        <message numerus="yes">
            <source>%n more (copy or save the JSON to see them)</source>
            <translation>
                <numerusform>还有 %n 项（复制或保存 JSON 即可查看）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{%n member(s)}</source>
            <translation>
                <numerusform>{%n 个成员}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>[%n item(s)]</source>
            <translation>
                <numerusform>[%n 项]</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n more</source>
            <translation>
                <numerusform>还有 %n 项</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ListDiffView</name>
        <message>
            <source>Change</source>
            <translation>变更</translation>
        </message>
        <message>
            <source>Before</source>
            <translation>之前</translation>
        </message>
        <message>
            <source>After</source>
            <translation>之后</translation>
        </message>
        <message numerus="yes">
            <source>%1: %n change(s)</source>
            <translation>
                <numerusform>%1：%n 处变更</numerusform>
            </translation>
        </message>
        <message>
            <source>added %1</source>
            <translation>新增 %1</translation>
        </message>
        <message>
            <source>removed %1</source>
            <translation>移除 %1</translation>
        </message>
        <message>
            <source>changed %1</source>
            <translation>更改 %1</translation>
        </message>
        <message>
            <source>Tools</source>
            <translation>工具</translation>
        </message>
        <message>
            <source>Prompts</source>
            <translation>提示</translation>
        </message>
        <message>
            <source>Resources</source>
            <translation>资源</translation>
        </message>
        <message>
            <source>Resource templates</source>
            <translation>资源模板</translation>
        </message>
        <message>
            <source>Breaking: %1</source>
            <translation>破坏性变更：%1</translation>
        </message>
        <message>
            <source>Clients written against the old side may fail: %1</source>
            <translation>按旧版编写的客户端可能会失败：%1</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::LogModel</name>
        <message>
            <source>Time</source>
            <translation>时间</translation>
        </message>
        <message>
            <source>Level</source>
            <translation>级别</translation>
        </message>
        <message>
            <source>Logger</source>
            <translation>记录器</translation>
        </message>
        <message>
            <source>Message</source>
            <translation>消息</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::LogsPage</name>
        <message>
            <source>Set</source>
            <translation>设置</translation>
        </message>
        <message>
            <source>Ask the server to send messages of this level and above (logging/setLevel)</source>
            <translation>请求服务器发送此级别及以上的消息（logging/setLevel）</translation>
        </message>
        <message>
            <source>Clear</source>
            <translation>清空</translation>
        </message>
        <message>
            <source>Save…</source>
            <translation>保存…</translation>
        </message>
        <message>
            <source>Show from:</source>
            <translation>显示自：</translation>
        </message>
        <message>
            <source>Server log level:</source>
            <translation>服务器日志级别：</translation>
        </message>
        <message>
            <source>Select a message to see all of its data.</source>
            <translation>选择一条消息以查看其全部数据。</translation>
        </message>
        <message numerus="yes">
            <source>%n old message(s) dropped</source>
            <translation>
                <numerusform>已丢弃 %n 条旧消息</numerusform>
            </translation>
        </message>
        <message>
            <source>Setting the level failed: %1</source>
            <translation>设置级别失败：%1</translation>
        </message>
        <message>
            <source>Server log level set to %1</source>
            <translation>服务器日志级别已设为 %1</translation>
        </message>
        <message>
            <source>Save Logs</source>
            <translation>保存日志</translation>
        </message>
        <message>
            <source>Logs</source>
            <translation>日志</translation>
        </message>
        <message>
            <source>Send this level in every request's _meta (logLevel) from now on</source>
            <translation>从现在起在每个请求的 _meta（logLevel）中发送此级别</translation>
        </message>
        <message>
            <source>Logging is deprecated in protocol revision %1; this server still uses it.</source>
            <translation>日志功能在协议修订版 %1 中已弃用；此服务器仍在使用。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::DoctorDialog</name>
        <message>
            <source>Doctor: %1</source>
            <translation>诊断：%1</translation>
        </message>
        <message>
            <source>&amp;Show:</source>
            <translation>显示(&amp;S)：</translation>
        </message>
        <message>
            <source>Everything</source>
            <translation>全部</translation>
        </message>
        <message>
            <source>Errors and warnings</source>
            <translation>错误和警告</translation>
        </message>
        <message>
            <source>Errors</source>
            <translation>错误</translation>
        </message>
        <message>
            <source>Run &amp;Again</source>
            <translation>再次运行(&amp;A)</translation>
        </message>
        <message>
            <source>Examine the server anew, e.g. after a fix</source>
            <translation>重新检查服务器，例如修复之后</translation>
        </message>
        <message>
            <source>Severity</source>
            <translation>严重程度</translation>
        </message>
        <message>
            <source>Finding</source>
            <translation>发现</translation>
        </message>
        <message>
            <source>About</source>
            <translation>对象</translation>
        </message>
        <message>
            <source>&amp;Copy Report</source>
            <translation>复制报告(&amp;C)</translation>
        </message>
        <message>
            <source>The findings as text, as mcpscope doctor prints them</source>
            <translation>以文本形式给出的发现，与 mcpscope doctor 的输出相同</translation>
        </message>
        <message>
            <source>%1 is not connected.</source>
            <translation>%1 未连接。</translation>
        </message>
        <message>
            <source>Examining %1…</source>
            <translation>正在检查 %1…</translation>
        </message>
        <message numerus="yes">
            <source>%1: no errors and no warnings (%n note(s)).</source>
            <translation>
                <numerusform>%1：没有错误和警告（%n 条提示）。</numerusform>
            </translation>
        </message>
        <message>
            <source>%1: %2 error(s), %3 warning(s), %4 note(s).</source>
            <translation>%1：%2 个错误，%3 个警告，%4 条提示。</translation>
        </message>
        <message>
            <source>Expected:</source>
            <translation>预期：</translation>
        </message>
        <message>
            <source>Seen:</source>
            <translation>实际：</translation>
        </message>
        <message>
            <source>Rule:</source>
            <translation>规则：</translation>
        </message>
        <message>
            <source>Fix:</source>
            <translation>修复：</translation>
        </message>
        <message>
            <source>Evidence:</source>
            <translation>证据：</translation>
        </message>
        <message>
            <source>Show in &amp;Traffic</source>
            <translation>在流量中显示(&amp;T)</translation>
        </message>
        <message>
            <source>The exchange behind the chosen finding, in the server&apos;s Traffic tab</source>
            <translation>所选发现背后的交互，在该服务器的“流量”标签页中</translation>
        </message>
        <message>
            <source>as the Traffic tab has it (Show in Traffic)</source>
            <translation>与“流量”标签页中一致（在流量中显示）</translation>
        </message>
        <message>
            <source>Only the findings of one category</source>
            <translation>仅显示某一类别的发现</translation>
        </message>
        <message>
            <source>All categories</source>
            <translation>所有类别</translation>
        </message>
        <message>
            <source>Call read-only tools</source>
            <translation>调用只读工具</translation>
        </message>
        <message>
            <source>On the next run, call the tools annotated readOnlyHint: true with arguments made from their schemas, and check their results. Other tools are never called.</source>
            <translation>下次运行时，使用根据其模式生成的参数调用标注了 readOnlyHint: true 的工具，并检查其结果。其他工具绝不会被调用。</translation>
        </message>
        <message>
            <source>Since Last Run</source>
            <translation>自上次运行以来</translation>
        </message>
        <message>
            <source>fixed</source>
            <translation>已修复</translation>
        </message>
        <message>
            <source>new</source>
            <translation>新增</translation>
        </message>
        <message>
            <source>Since the last run: %1 fixed, %2 new.</source>
            <translation>自上次运行以来：已修复 %1 个，新增 %2 个。</translation>
        </message>
        <message>
            <source>Fixed: the last run found this, this run did not.</source>
            <translation>已修复：上次运行发现了此问题，本次运行没有。</translation>
        </message>
        <message>
            <source>Save &amp;Report…</source>
            <translation>保存报告(&amp;R)…</translation>
        </message>
        <message>
            <source>The findings as mcpscope doctor writes them: text, Markdown, JSON, JUnit XML or SARIF</source>
            <translation>按 mcpscope doctor 的格式保存发现：文本、Markdown、JSON、JUnit XML 或 SARIF</translation>
        </message>
        <message>
            <source>Markdown (*.md)</source>
            <translation>Markdown (*.md)</translation>
        </message>
        <message>
            <source>Text (*.txt)</source>
            <translation>文本 (*.txt)</translation>
        </message>
        <message>
            <source>JSON (*.json)</source>
            <translation>JSON (*.json)</translation>
        </message>
        <message>
            <source>JUnit XML (*.xml)</source>
            <translation>JUnit XML (*.xml)</translation>
        </message>
        <message>
            <source>SARIF (*.sarif)</source>
            <translation>SARIF (*.sarif)</translation>
        </message>
        <message>
            <source>Save Report</source>
            <translation>保存报告</translation>
        </message>
        <message>
            <source>Cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::MainWindow</name>
        <message>
            <source>MCP Scope</source>
            <translation>MCP Scope</translation>
        </message>
        <message>
            <source>Servers</source>
            <translation>服务器</translation>
        </message>
        <message>
            <source>Add a server, or import one from an mcp.json file, to get started.</source>
            <translation>添加一个服务器，或从 mcp.json 文件导入，即可开始。</translation>
        </message>
        <message>
            <source>All Traffic</source>
            <translation>全部流量</translation>
        </message>
        <message>
            <source>Could not save the server list: %1</source>
            <translation>无法保存服务器列表：%1</translation>
        </message>
        <message>
            <source>&amp;Add Server…</source>
            <translation>添加服务器(&amp;A)…</translation>
        </message>
        <message>
            <source>&amp;Edit Server…</source>
            <translation>编辑服务器(&amp;E)…</translation>
        </message>
        <message>
            <source>D&amp;uplicate Server</source>
            <translation>复制服务器(&amp;U)</translation>
        </message>
        <message>
            <source>&amp;Remove Server</source>
            <translation>移除服务器(&amp;R)</translation>
        </message>
        <message>
            <source>Move &amp;Up</source>
            <translation>上移(&amp;U)</translation>
        </message>
        <message>
            <source>Move Do&amp;wn</source>
            <translation>下移(&amp;W)</translation>
        </message>
        <message>
            <source>&amp;Connect</source>
            <translation>连接(&amp;C)</translation>
        </message>
        <message>
            <source>&amp;Disconnect</source>
            <translation>断开(&amp;D)</translation>
        </message>
        <message>
            <source>Res&amp;tart</source>
            <translation>重启(&amp;T)</translation>
        </message>
        <message>
            <source>&amp;Ping</source>
            <translation>Ping(&amp;P)</translation>
        </message>
        <message>
            <source>&amp;Import mcp.json…</source>
            <translation>导入 mcp.json(&amp;I)…</translation>
        </message>
        <message>
            <source>Import from &amp;Clipboard…</source>
            <translation>从剪贴板导入(&amp;C)…</translation>
        </message>
        <message>
            <source>Export &amp;Server Entry…</source>
            <translation>导出服务器条目(&amp;S)…</translation>
        </message>
        <message>
            <source>Export &amp;All Servers…</source>
            <translation>导出所有服务器(&amp;A)…</translation>
        </message>
        <message>
            <source>Open &amp;Project Folder…</source>
            <translation>打开项目文件夹(&amp;P)…</translation>
        </message>
        <message>
            <source>C&amp;lose Project</source>
            <translation>关闭项目(&amp;L)</translation>
        </message>
        <message>
            <source>&amp;Open Capture…</source>
            <translation>打开捕获(&amp;O)…</translation>
        </message>
        <message>
            <source>E&amp;xport Traffic…</source>
            <translation>导出流量(&amp;X)…</translation>
        </message>
        <message>
            <source>&amp;Pause Traffic</source>
            <translation>暂停流量(&amp;P)</translation>
        </message>
        <message>
            <source>C&amp;lear Traffic</source>
            <translation>清空流量(&amp;L)</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>退出(&amp;Q)</translation>
        </message>
        <message>
            <source>&amp;About MCP Scope</source>
            <translation>关于 MCP Scope(&amp;A)</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>文件(&amp;F)</translation>
        </message>
        <message>
            <source>Keep Secrets in the Server List File</source>
            <translation>将机密保存在服务器列表文件中</translation>
        </message>
        <message>
            <source>Secrets in a Plain File</source>
            <translation>明文文件中的机密</translation>
        </message>
        <message>
            <source>Tokens and secret environment values will be written unencrypted to %1. Anyone who can read that file can use them. Continue?</source>
            <translation>令牌和机密环境变量值将以未加密形式写入 %1。任何能读取该文件的人都能使用它们。是否继续？</translation>
        </message>
        <message>
            <source>&amp;Server</source>
            <translation>服务器(&amp;S)</translation>
        </message>
        <message>
            <source>&amp;Traffic</source>
            <translation>流量(&amp;T)</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>视图(&amp;V)</translation>
        </message>
        <message>
            <source>&amp;All Traffic</source>
            <translation>全部流量(&amp;A)</translation>
        </message>
        <message>
            <source>&amp;Language</source>
            <translation>语言(&amp;L)</translation>
        </message>
        <message>
            <source>System Default</source>
            <translation>系统默认</translation>
        </message>
        <message>
            <source>Language</source>
            <translation>语言</translation>
        </message>
        <message>
            <source>The new language is used from the next start.</source>
            <translation>新语言将在下次启动时生效。</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>帮助(&amp;H)</translation>
        </message>
        <message>
            <source>Main</source>
            <translation>主工具栏</translation>
        </message>
        <message>
            <source>Server List</source>
            <translation>服务器列表</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>Protocol %1</source>
            <translation>协议 %1</translation>
        </message>
        <message>
            <source>Session %1</source>
            <translation>会话 %1</translation>
        </message>
        <message>
            <source>Not connected</source>
            <translation>未连接</translation>
        </message>
        <message>
            <source>⚠ %1</source>
            <translation>⚠ %1</translation>
        </message>
        <message>
            <source>Secret values (tokens, secret environment values) are not written to the server list file. Without a keychain they are kept only until MCP Scope quits.</source>
            <translation>机密值（令牌、机密环境变量值）不会写入服务器列表文件。没有密钥环时，它们只保留到 MCP Scope 退出为止。</translation>
        </message>
        <message>
            <source>Input for %1</source>
            <translation>%1 的输入</translation>
        </message>
        <message>
            <source>Value for %1:</source>
            <translation>%1 的值：</translation>
        </message>
        <message>
            <source>Unresolved references left as written: %1</source>
            <translation>无法解析的引用保持原样：%1</translation>
        </message>
        <message>
            <source>Connect</source>
            <translation>连接</translation>
        </message>
        <message>
            <source>New server</source>
            <translation>新服务器</translation>
        </message>
        <message>
            <source>Add Server</source>
            <translation>添加服务器</translation>
        </message>
        <message>
            <source>Remove Server</source>
            <translation>移除服务器</translation>
        </message>
        <message>
            <source>Remove "%1" from the list?</source>
            <translation>从列表中移除“%1”？</translation>
        </message>
        <message numerus="yes">
            <source>Imported %n server(s). Their commands run only after you confirm them.</source>
            <translation>
                <numerusform>已导入 %n 个服务器。其命令只有在您确认后才会运行。</numerusform>
            </translation>
        </message>
        <message>
            <source>Open Project Folder</source>
            <translation>打开项目文件夹</translation>
        </message>
        <message>
            <source>Project</source>
            <translation>项目</translation>
        </message>
        <message>
            <source>Project: %1</source>
            <translation>项目：%1</translation>
        </message>
        <message>
            <source>Open Capture</source>
            <translation>打开捕获</translation>
        </message>
        <message>
            <source>JSON Lines captures (*.jsonl *.ndjson);;All files (*)</source>
            <translation>JSON Lines 捕获 (*.jsonl *.ndjson);;所有文件 (*)</translation>
        </message>
        <message>
            <source>About MCP Scope</source>
            <translation>关于 MCP Scope</translation>
        </message>
        <message>
            <source>&lt;h3&gt;MCP Scope %1&lt;/h3&gt;&lt;p&gt;A native inspector for Model Context Protocol servers.&lt;/p&gt;&lt;p&gt;Built with Qt %2. Supported protocol versions: %3.&lt;/p&gt;</source>
            <translation>&lt;h3&gt;MCP Scope %1&lt;/h3&gt;&lt;p&gt;Model Context Protocol 服务器的原生检查工具。&lt;/p&gt;&lt;p&gt;基于 Qt %2 构建。支持的协议版本：%3。&lt;/p&gt;</translation>
        </message>
        <message>
            <source>The connection ended before this request was answered.</source>
            <translation>在此请求得到回答之前，连接已结束。</translation>
        </message>
        <message>
            <source>Fetch Icons from the &amp;Web</source>
            <translation>从网络获取图标(&amp;W)</translation>
        </message>
        <message>
            <source>Download the https icons of tools, resources and prompts (no cookies, no credentials)</source>
            <translation>下载工具、资源和提示的 https 图标（不带 Cookie，不带凭据）</translation>
        </message>
        <message>
            <source>Settings Changed</source>
            <translation>设置已更改</translation>
        </message>
        <message>
            <source>"%1" keeps its current connection until it reconnects; the new command, address or credentials take effect then. Reconnect now?</source>
            <translation>“%1”在重新连接之前保持当前连接；新的命令、地址或凭据将在重新连接后生效。现在重新连接？</translation>
        </message>
        <message>
            <source>&amp;Keyboard Shortcuts</source>
            <translation>键盘快捷键(&amp;K)</translation>
        </message>
        <message>
            <source>Keyboard Shortcuts</source>
            <translation>键盘快捷键</translation>
        </message>
        <message>
            <source>Action</source>
            <translation>操作</translation>
        </message>
        <message>
            <source>Shortcut</source>
            <translation>快捷键</translation>
        </message>
        <message>
            <source>&amp;Theme</source>
            <translation>主题(&amp;T)</translation>
        </message>
        <message>
            <source>System</source>
            <translation>跟随系统</translation>
        </message>
        <message>
            <source>Light</source>
            <translation>浅色</translation>
        </message>
        <message>
            <source>Dark</source>
            <translation>深色</translation>
        </message>
        <message>
            <source>&amp;Record a Server in a Host…</source>
            <translation>在宿主中录制服务器(&amp;R)…</translation>
        </message>
        <message>
            <source>Run &amp;Collection…</source>
            <translation>运行集合(&amp;C)…</translation>
        </message>
        <message>
            <source>Run Collection</source>
            <translation>运行集合</translation>
        </message>
        <message>
            <source>MCP Scope collections (*.json);;All files (*)</source>
            <translation>MCP Scope 集合 (*.json);;所有文件 (*)</translation>
        </message>
        <message>
            <source>Save Call to Collection</source>
            <translation>将调用保存到集合</translation>
        </message>
        <message>
            <source>Cannot read %1: %2</source>
            <translation>无法读取 %1：%2</translation>
        </message>
        <message>
            <source>Cannot add the call to %1:
%2</source>
            <translation>无法将调用添加到 %1：
%2</translation>
        </message>
        <message>
            <source>Cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <source>Saved %1 to %2 (run it with: mcpscope test %2)</source>
            <translation>已将 %1 保存到 %2（运行方式：mcpscope test %2）</translation>
        </message>
        <message>
            <source>Co&amp;mpare With…</source>
            <translation>比较(&amp;M)…</translation>
        </message>
        <message>
            <source>What this server offers against another connected server or a saved snapshot, breaking changes marked</source>
            <translation>将此服务器提供的内容与另一个已连接的服务器或已保存的快照进行比较，并标出破坏性变更</translation>
        </message>
        <message>
            <source>Save S&amp;napshot…</source>
            <translation>保存快照(&amp;N)…</translation>
        </message>
        <message>
            <source>Save this server's tools, prompts, resources and templates to compare with later</source>
            <translation>保存此服务器的工具、提示、资源和模板，以便日后比较</translation>
        </message>
        <message>
            <source>Save Snapshot of %1</source>
            <translation>保存 %1 的快照</translation>
        </message>
        <message>
            <source>Snapshots (*.json);;All files (*)</source>
            <translation>快照 (*.json);;所有文件 (*)</translation>
        </message>
        <message>
            <source>Listing what %1 offers…</source>
            <translation>正在列出 %1 提供的内容…</translation>
        </message>
        <message>
            <source>Save Snapshot</source>
            <translation>保存快照</translation>
        </message>
        <message>
            <source>Could not list what %1 offers: %2</source>
            <translation>无法列出 %1 提供的内容：%2</translation>
        </message>
        <message>
            <source>Snapshot of %1 saved in %2</source>
            <translation>%1 的快照已保存到 %2</translation>
        </message>
        <message>
            <source>%1 stopped; restarting in %2</source>
            <translation>%1 已停止；%2后重启</translation>
        </message>
        <message>
            <source>%1: the server says the page it sent you to is done (elicitation %2).</source>
            <translation>%1：服务器表示它让您打开的页面已完成（引导请求 %2）。</translation>
        </message>
        <message>
            <source>Run D&amp;octor…</source>
            <translation>运行诊断(&amp;O)…</translation>
        </message>
        <message>
            <source>What a host will trip on in this server: names, schemas, hidden text, how it answers, as mcpscope doctor finds it</source>
            <translation>宿主在此服务器上会遇到的问题：名称、模式、隐藏文本、应答方式，与 mcpscope doctor 的发现相同</translation>
        </message>
        <message>
            <source>That exchange is no longer in the server&apos;s traffic.</source>
            <translation>该交互已不在此服务器的流量中。</translation>
        </message>
        <message>
        <source>Open Server.&amp;json…</source>
        <translation>打开 Server.&amp;json…</translation>
    </message>
    <message>
        <source>Add a server of the MCP Registry from its server.json (a file or an https URL)</source>
        <translation>从 server.json（文件或 https URL）添加 MCP Registry 中的服务器</translation>
    </message>
    <message>
        <source>S&amp;hare…</source>
        <translation>分享(&amp;H)…</translation>
    </message>
    <message>
        <source>Install links for this server (MCP Scope, VS Code, Cursor), secrets left out</source>
        <translation>此服务器的安装链接（MCP Scope、VS Code、Cursor），不含机密</translation>
    </message>
    <message>
        <source>Added %1. Its command runs only after you confirm it.</source>
        <translation>已添加 %1。其命令仅在您确认后运行。</translation>
    </message>
    <message>
        <source>Added %1.</source>
        <translation>已添加 %1。</translation>
    </message>
    <message>
        <source>Install Link</source>
        <translation>安装链接</translation>
    </message>
    <message>
        <source>This install link cannot be used: %1</source>
        <translation>无法使用此安装链接：%1</translation>
    </message>
    <message>
        <source>Added %1 from a %2 link. Connect it when you are ready.</source>
        <translation>已从 %2 链接添加 %1。准备好后再连接。</translation>
    </message>
    <message>
        <source>%1: the certificate %2 is trusted for this server.</source>
        <translation>%1：此服务器信任证书 %2。</translation>
    </message>
</context>
    <context>
        <name>Mcp::Ui::OAuthConsentDialog</name>
        <message>
            <source>Authorize %1</source>
            <translation>授权 %1</translation>
        </message>
        <message>
            <source>The server &lt;b&gt;%1&lt;/b&gt; asks you to sign in. MCP Scope will open this page of its authorization server in your browser:</source>
            <translation>服务器 &lt;b&gt;%1&lt;/b&gt; 请您登录。MCP Scope 将在浏览器中打开其授权服务器的此页面：</translation>
        </message>
        <message>
            <source>This page is not served over HTTPS.</source>
            <translation>此页面不是通过 HTTPS 提供的。</translation>
        </message>
        <message>
            <source>Sign in only if you recognise the domain. Cancel stops the connection.</source>
            <translation>仅在您认识该域名时登录。取消将停止连接。</translation>
        </message>
        <message>
            <source>&amp;Open in browser</source>
            <translation>在浏览器中打开(&amp;O)</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::OAuthController</name>
        <message>
            <source>Browser authorization (step-up)</source>
            <translation>浏览器授权（提升权限）</translation>
        </message>
        <message>
            <source>Browser authorization</source>
            <translation>浏览器授权</translation>
        </message>
        <message>
            <source>Waiting for your consent</source>
            <translation>等待您的同意</translation>
        </message>
        <message>
            <source>Waiting for your consent (scope: %1)</source>
            <translation>等待您的同意（权限范围：%1）</translation>
        </message>
        <message>
            <source>Declined: the browser was not opened</source>
            <translation>已拒绝：未打开浏览器</translation>
        </message>
        <message>
            <source>Waiting for the browser to return</source>
            <translation>等待浏览器返回</translation>
        </message>
        <message>
            <source>Abandoned: the connection closed</source>
            <translation>已放弃：连接已关闭</translation>
        </message>
        <message>
            <source>Returned to MCP Scope</source>
            <translation>已返回 MCP Scope</translation>
        </message>
        <message>
            <source>Authorization code received</source>
            <translation>已收到授权码</translation>
        </message>
        <message>
            <source>HTTP %1</source>
            <translation>HTTP %1</translation>
        </message>
        <message>
            <source>Authorized</source>
            <translation>已授权</translation>
        </message>
        <message>
            <source>Token granted</source>
            <translation>已授予令牌</translation>
        </message>
        <message>
            <source>Token granted for %1</source>
            <translation>已为 %1 授予令牌</translation>
        </message>
        <message>
            <source>Authorization failed</source>
            <translation>授权失败</translation>
        </message>
        <message>
            <source>No browser could be started: open the URL of this step yourself; the authorization goes on once the browser returns</source>
            <translation>无法启动浏览器：请自行打开此步骤的 URL；浏览器返回后授权将继续</translation>
        </message>
        <message>
            <source>Send the client credentials to another server?</source>
            <translation>将客户端凭据发送到另一个服务器？</translation>
        </message>
        <message>
            <source>%1 sends you to sign in at the authorization server %2, which is not at the server's own address, and the client id and secret (or key) configured for this server do not name it as their issuer.

Send them to %2 only if that is where the client was registered.</source>
            <translation>%1 要您在授权服务器 %2 上登录，但它不在该服务器自己的地址上，且为此服务器配置的客户端 ID 和密钥（或私钥）并未将其指定为颁发者。

仅当客户端是在 %2 注册的时，才将它们发送过去。</translation>
        </message>
        <message>
            <source>&amp;Send to %1</source>
            <translation>发送到 %1(&amp;S)</translation>
        </message>
        <message>
            <source>&amp;Don't send</source>
            <translation>不发送(&amp;D)</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::OpenLinkDialog</name>
        <message>
            <source>Open a link from a view</source>
            <translation>打开来自视图的链接</translation>
        </message>
        <message>
            <source>The view %1 asks to open this link in your browser:</source>
            <translation>视图 %1 请求在您的浏览器中打开此链接：</translation>
        </message>
        <message>
            <source>&amp;Open</source>
            <translation>打开(&amp;O)</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::Page</name>
        <message>
            <source>Connect</source>
            <translation>连接</translation>
        </message>
        <message>
            <source>Connecting to %1…</source>
            <translation>正在连接到 %1…</translation>
        </message>
        <message>
            <source>%1 is not connected.
Connect to see what it offers here.</source>
            <translation>%1 未连接。
连接后可在此查看它提供的内容。</translation>
        </message>
        <message>
            <source>Text files (*.txt);;All files (*)</source>
            <translation>文本文件 (*.txt);;所有文件 (*)</translation>
        </message>
        <message>
            <source>Could not write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::PendingRequestDialog</name>
        <message>
            <source>The server cancelled this request.</source>
            <translation>服务器取消了此请求。</translation>
        </message>
        <message>
            <source>The server cancelled this request: %1</source>
            <translation>服务器取消了此请求：%1</translation>
        </message>
        <message>
            <source>The connection ended before this request was answered.</source>
            <translation>在此请求得到回答之前，连接已结束。</translation>
        </message>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt; %2</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; %2</translation>
        </message>
        <message>
            <source>withdrawn</source>
            <translation>已撤回</translation>
        </message>
        <message>
            <source>Save as scri&amp;pted answer</source>
            <translation>保存为脚本应答(&amp;P)</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::PromptsPage</name>
        <message>
            <source>Prompts</source>
            <translation>提示</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::PromptsView</name>
        <message>
            <source>Search</source>
            <translation>搜索</translation>
        </message>
        <message>
            <source>Refresh</source>
            <translation>刷新</translation>
        </message>
        <message>
            <source>Select a prompt</source>
            <translation>选择一个提示</translation>
        </message>
        <message>
            <source>Get prompt</source>
            <translation>获取提示</translation>
        </message>
        <message>
            <source>prompts/get (Ctrl+Enter)</source>
            <translation>prompts/get（Ctrl+Enter）</translation>
        </message>
        <message>
            <source>Loading…</source>
            <translation>正在加载…</translation>
        </message>
        <message>
            <source>Listing prompts failed: %1</source>
            <translation>列出提示失败：%1</translation>
        </message>
        <message numerus="yes">
            <source>%n prompt(s)</source>
            <translation>
                <numerusform>%n 个提示</numerusform>
            </translation>
        </message>
        <message>
            <source>Getting…</source>
            <translation>正在获取…</translation>
        </message>
        <message>
            <source>prompts/get failed: %1 (%2)</source>
            <translation>prompts/get 失败：%1（%2）</translation>
        </message>
        <message>
            <source>Get the prompt</source>
            <translation>获取提示</translation>
        </message>
        <message>
            <source>Pick a prompt on the left: its arguments appear here, and Get prompt (Ctrl+Enter) shows the messages it makes.</source>
            <translation>在左侧选择一个提示：其参数会显示在这里，“获取提示”(Ctrl+Enter) 会显示它生成的消息。</translation>
        </message>
        <message>
            <source>Required argument(s) left empty: %1. Get again to send anyway.</source>
            <translation>必需参数留空：%1。再次获取即可强制发送。</translation>
        </message>
        <message>
            <source>Failed after %1</source>
            <translation>%1后失败</translation>
        </message>
        <message numerus="yes">
            <source>%n message(s) in %1</source>
            <translation>
                <numerusform>%1内收到 %n 条消息</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::RecordInHostDialog</name>
        <message>
            <source>Record a Server in a Host</source>
            <translation>在宿主中录制服务器</translation>
        </message>
        <message>
            <source>Other File…</source>
            <translation>其他文件…</translation>
        </message>
        <message>
            <source>Host configuration:</source>
            <translation>宿主配置：</translation>
        </message>
        <message>
            <source>Server:</source>
            <translation>服务器：</translation>
        </message>
        <message>
            <source>Host Configuration</source>
            <translation>宿主配置</translation>
        </message>
        <message>
            <source>No host configuration found; choose one with Other File…</source>
            <translation>未找到宿主配置；请通过“其他文件…”选择一个</translation>
        </message>
        <message>
            <source>Not changed: %1</source>
            <translation>未更改：%1</translation>
        </message>
        <message>
            <source>“%1” now runs through the recorder; restart the host to start recording. The file as it was is in %2.</source>
            <translation>“%1”现在通过录制器运行；重启宿主即可开始录制。文件原样保存在 %2。</translation>
        </message>
        <message>
            <source>Not undone: %1</source>
            <translation>未撤销：%1</translation>
        </message>
        <message>
            <source>The host will reach the server through mcpscope record, which passes everything on and records it; an open MCP Scope window shows it live. A stdio server is started through the recorder; an HTTP server's address points at a recording proxy started now. Only this server's entry changes, and a backup of the file is kept.</source>
            <translation>主机将通过 mcpscope record 访问服务器，它会转发所有内容并加以记录；打开的 MCP Scope 窗口会实时显示。stdio 服务器通过记录器启动；HTTP 服务器的地址将指向现在启动的记录代理。只有此服务器的条目会被更改，并会保留该文件的备份。</translation>
        </message>
        <message>
            <source>This file has no servers.</source>
            <translation>此文件中没有服务器。</translation>
        </message>
        <message>
            <source>“%1” already goes through the recorder (the file as it was is in %2); Undo puts it back.</source>
            <translation>“%1”已经通过记录器（文件的原始版本位于 %2）；“撤销”可将其还原。</translation>
        </message>
        <message>
            <source>cannot start %1: %2</source>
            <translation>无法启动 %1：%2</translation>
        </message>
        <message>
            <source>the recorder did not start listening on 127.0.0.1:%1</source>
            <translation>记录器未在 127.0.0.1:%1 上开始监听</translation>
        </message>
        <message>
            <source>“%1” now goes through the recording proxy at %2 (process %3), which must run while the host uses it; Undo stops it. Restart the host to start recording. The file as it was is in %4.</source>
            <translation>“%1”现在通过位于 %2 的记录代理（进程 %3），主机使用期间该代理必须保持运行；“撤销”会将其停止。重新启动主机以开始记录。文件的原始版本位于 %4。</translation>
        </message>
        <message>
            <source>Undone: the entry is as it was, and the recording proxy is stopped.</source>
            <translation>已撤销：条目已恢复原样，记录代理已停止。</translation>
        </message>
        <message>
            <source>Undone: the entry is as it was.</source>
            <translation>已撤销：条目已恢复原样。</translation>
        </message>
        <message>
            <source>&amp;Record Through MCP Scope</source>
            <translation>通过 MCP Scope 录制(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Undo</source>
            <translation>撤销(&amp;U)</translation>
        </message>
        <message>
            <source>Host configurations (*.json *.jsonc *.toml *.yaml *.yml);;All files (*)</source>
            <translation>主机配置 (*.json *.jsonc *.toml *.yaml *.yml);;所有文件 (*)</translation>
        </message>
</context>
    <context>
        <name>Mcp::Ui::ReplayDialog</name>
        <message>
            <source>(absent)</source>
            <translation>（不存在）</translation>
        </message>
        <message>
            <source>Replay %1</source>
            <translation>重放 %1</translation>
        </message>
        <message>
            <source>C&amp;onnection:</source>
            <translation>连接(&amp;O)：</translation>
        </message>
        <message numerus="yes">
            <source>%1 (connection %2, %n request(s))</source>
            <translation>
                <numerusform>%1（连接 %2，%n 个请求）</numerusform>
            </translation>
        </message>
        <message>
            <source>unnamed</source>
            <translation>未命名</translation>
        </message>
        <message>
            <source>A &amp;configured server:</source>
            <translation>已配置的服务器(&amp;C)：</translation>
        </message>
        <message>
            <source>A co&amp;mmand or URL:</source>
            <translation>命令或 URL(&amp;M)：</translation>
        </message>
        <message>
            <source>node server.js --flag, or http://127.0.0.1:3000/mcp</source>
            <translation>node server.js --flag，或 http://127.0.0.1:3000/mcp</translation>
        </message>
        <message>
            <source>&amp;Replay</source>
            <translation>重放(&amp;R)</translation>
        </message>
        <message>
            <source>No configured server can be started</source>
            <translation>没有可以启动的已配置服务器</translation>
        </message>
        <message>
            <source>Request</source>
            <translation>请求</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>结果</translation>
        </message>
        <message>
            <source>Recorded</source>
            <translation>已记录</translation>
        </message>
        <message>
            <source>Replayed</source>
            <translation>已重放</translation>
        </message>
        <message>
            <source>This capture holds no client requests to replay.</source>
            <translation>此捕获中没有可重放的客户端请求。</translation>
        </message>
        <message numerus="yes">
            <source>%n request(s) to replay</source>
            <translation>
                <numerusform>%n 个请求待重放</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n lifecycle request(s) (initialize, ping…) left out: the new connection makes its own</source>
            <translation>
                <numerusform>已略去 %n 个生命周期请求（initialize、ping…）：新连接会自行发送这些请求</numerusform>
            </translation>
        </message>
        <message>
            <source>Choose a server and Replay: each answer is compared with the recorded one.</source>
            <translation>选择一个服务器并点击“重放”：每个应答都会与记录的应答进行比较。</translation>
        </message>
        <message>
            <source>Waiting</source>
            <translation>等待中</translation>
        </message>
        <message numerus="yes">
            <source>Replaying %n request(s) against %1…</source>
            <translation>
                <numerusform>正在向 %1 重放 %n 个请求…</numerusform>
            </translation>
        </message>
        <message>
            <source>Running…</source>
            <translation>正在运行…</translation>
        </message>
        <message>
            <source>Not sent</source>
            <translation>未发送</translation>
        </message>
        <message>
            <source>Same</source>
            <translation>相同</translation>
        </message>
        <message>
            <source>Different</source>
            <translation>不同</translation>
        </message>
        <message numerus="yes">
            <source>%n difference(s)</source>
            <translation>
                <numerusform>%n 处差异</numerusform>
            </translation>
        </message>
        <message>
            <source>Replaying against %1… %2 of %3</source>
            <translation>正在向 %1 重放… 第 %2 个，共 %3 个</translation>
        </message>
        <message numerus="yes">
            <source>Replayed %n request(s) against %1</source>
            <translation>
                <numerusform>已向 %1 重放 %n 个请求</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 same, %2 different</source>
            <translation>%1 个相同，%2 个不同</translation>
        </message>
        <message>
            <source>Could not replay against %1: %2</source>
            <translation>无法向 %1 重放：%2</translation>
        </message>
        <message>
            <source>declaring the recorded client's capabilities</source>
            <translation>声明所录制客户端的能力</translation>
        </message>
        <message numerus="yes">
            <source>%n cancelled as recorded</source>
            <translation>
                <numerusform>%n 个按录制时的情况取消</numerusform>
            </translation>
        </message>
        <message>
            <source>The same answer as recorded, in %1</source>
            <translation>与记录的应答相同，用时 %1</translation>
        </message>
        <message>
            <source>Answered in %1</source>
            <translation>已应答，用时 %1</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ResourcesPage</name>
        <message>
            <source>Resources</source>
            <translation>资源</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ResourcesView</name>
        <message>
            <source>Search</source>
            <translation>搜索</translation>
        </message>
        <message>
            <source>Resources</source>
            <translation>资源</translation>
        </message>
        <message>
            <source>Templates</source>
            <translation>模板</translation>
        </message>
        <message>
            <source>Load more</source>
            <translation>加载更多</translation>
        </message>
        <message>
            <source>Fetch the next page of resources/list</source>
            <translation>获取 resources/list 的下一页</translation>
        </message>
        <message>
            <source>Refresh</source>
            <translation>刷新</translation>
        </message>
        <message>
            <source>Select a resource or a template</source>
            <translation>选择一个资源或模板</translation>
        </message>
        <message>
            <source>Resource URI</source>
            <translation>资源 URI</translation>
        </message>
        <message>
            <source>Read</source>
            <translation>读取</translation>
        </message>
        <message>
            <source>resources/read</source>
            <translation>resources/read</translation>
        </message>
        <message>
            <source>Subscribe</source>
            <translation>订阅</translation>
        </message>
        <message>
            <source>Listing templates failed: %1</source>
            <translation>列出模板失败：%1</translation>
        </message>
        <message>
            <source>Loading…</source>
            <translation>正在加载…</translation>
        </message>
        <message>
            <source>Listing resources failed: %1</source>
            <translation>列出资源失败：%1</translation>
        </message>
        <message numerus="yes">
            <source>%n resource(s)</source>
            <translation>
                <numerusform>%n 个资源</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n resource(s) so far; more with Load more</source>
            <translation>
                <numerusform>目前 %n 个资源；点击“加载更多”获取更多</numerusform>
            </translation>
        </message>
        <message>
            <source>Type: %1</source>
            <translation>类型：%1</translation>
        </message>
        <message>
            <source>Template: %1</source>
            <translation>模板：%1</translation>
        </message>
        <message>
            <source>type for suggestions</source>
            <translation>输入以获取建议</translation>
        </message>
        <message>
            <source>Reading %1…</source>
            <translation>正在读取 %1…</translation>
        </message>
        <message>
            <source>Reading %1 failed: %2 (%3)</source>
            <translation>读取 %1 失败：%2（%3）</translation>
        </message>
        <message numerus="yes">
            <source>Read at %1 · subscribed, %n update(s) so far</source>
            <translation>
                <numerusform>读取于 %1 · 已订阅，目前已有 %n 次更新</numerusform>
            </translation>
        </message>
        <message>
            <source>Unsubscribe</source>
            <translation>取消订阅</translation>
        </message>
        <message>
            <source>resources/subscribe: the server sends notifications/resources/updated when it changes</source>
            <translation>resources/subscribe：资源变化时，服务器会发送 notifications/resources/updated</translation>
        </message>
        <message>
            <source>This server does not offer subscriptions</source>
            <translation>此服务器不提供订阅</translation>
        </message>
        <message>
            <source>%1 failed: %2</source>
            <translation>%1 失败：%2</translation>
        </message>
        <message>
            <source>Subscribed to %1: it is read again whenever the server says it changed.</source>
            <translation>已订阅 %1：每当服务器告知其已更改时，都会重新读取。</translation>
        </message>
        <message>
            <source>Unsubscribed from %1.</source>
            <translation>已取消订阅 %1。</translation>
        </message>
        <message>
            <source>Pick a resource on the left, then Read (or double-click it); or a template, to fill in its variables.</source>
            <translation>在左侧选择一个资源，然后点击“读取”（或双击它）；或选择一个模板来填写其变量。</translation>
        </message>
        <message>
            <source>another resource was read</source>
            <translation>已读取另一个资源</translation>
        </message>
        <message>
            <source>The server lists no templates.</source>
            <translation>服务器未列出任何模板。</translation>
        </message>
        <message numerus="yes">
            <source>%n template(s)</source>
            <translation>
                <numerusform>%n 个模板</numerusform>
            </translation>
        </message>
        <message>
            <source>another resource was chosen</source>
            <translation>已选择另一个资源</translation>
        </message>
        <message>
            <source>Size: %1</source>
            <translation>大小：%1</translation>
        </message>
        <message>
            <source>Failed after %1</source>
            <translation>%1后失败</translation>
        </message>
        <message>
            <source>Read at %1 in %2</source>
            <translation>读取于 %1，用时 %2</translation>
        </message>
        <message>
            <source>Asked the server for updates of %1 (subscriptions/listen); waiting for it to acknowledge…</source>
            <translation>已向服务器请求 %1 的更新（subscriptions/listen）；正在等待其确认…</translation>
        </message>
        <message>
            <source>Not subscribed to %1: the server ended or refused subscriptions/listen (%2).</source>
            <translation>未订阅 %1：服务器结束或拒绝了 subscriptions/listen（%2）。</translation>
        </message>
        <message>
            <source>no reason given</source>
            <translation>未给出原因</translation>
        </message>
        <message>
            <source>Subscribed to %1 (the server acknowledged it): it is read again whenever the server says it changed.</source>
            <translation>已订阅 %1（服务器已确认）：每当服务器告知其已更改时，都会重新读取。</translation>
        </message>
        <message>
            <source>The server did not acknowledge the subscription to %1: it says it will not send updates of it.</source>
            <translation>服务器未确认对 %1 的订阅：它表示不会发送其更新。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::RestartPanel</name>
        <message>
            <source>Restart Now</source>
            <translation>立即重启</translation>
        </message>
        <message>
            <source>Stop Retrying</source>
            <translation>停止重试</translation>
        </message>
        <message>
            <source>Exit History…</source>
            <translation>退出历史…</translation>
        </message>
        <message>
            <source>Reloading after a change to %1…</source>
            <translation>%1 已更改，正在重新加载…</translation>
        </message>
        <message>
            <source>added %1</source>
            <translation>新增 %1</translation>
        </message>
        <message>
            <source>removed %1</source>
            <translation>移除 %1</translation>
        </message>
        <message>
            <source>changed %1 (%2)</source>
            <translation>更改 %1（%2）</translation>
        </message>
        <message>
            <source>no change to tools, prompts or resources</source>
            <translation>工具、提示和资源均无变化</translation>
        </message>
        <message>
            <source>Reconnected: %1</source>
            <translation>已重新连接：%1</translation>
        </message>
        <message>
            <source>Reloaded after a change to %1: %2</source>
            <translation>%1 更改后已重新加载：%2</translation>
        </message>
        <message numerus="yes">
            <source>%n unexpected end(s) of this server so far</source>
            <translation>
                <numerusform>此服务器迄今意外结束 %n 次</numerusform>
            </translation>
        </message>
        <message>
            <source>Unanswered: %1</source>
            <translation>未答复：%1</translation>
        </message>
        <message>
            <source>Exit History of %1</source>
            <translation>%1 的退出历史</translation>
        </message>
        <message>
            <source>Changes…</source>
            <translation>变更…</translation>
        </message>
        <message>
            <source>What the last reload changed, field by field, before and after</source>
            <translation>上次重新加载逐字段的变更（之前与之后）</translation>
        </message>
        <message>
            <source>What the Reload Changed</source>
            <translation>重新加载的变更</translation>
        </message>
        <message>
            <source>Tools</source>
            <translation>工具</translation>
        </message>
        <message>
            <source>Prompts</source>
            <translation>提示</translation>
        </message>
        <message>
            <source>Resources</source>
            <translation>资源</translation>
        </message>
        <message>
            <source>Resource templates</source>
            <translation>资源模板</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ResultView</name>
        <message>
            <source>Save</source>
            <translation>保存</translation>
        </message>
        <message>
            <source>Could not save %1: %2</source>
            <translation>无法保存 %1：%2</translation>
        </message>
        <message>
            <source>audience: %1</source>
            <translation>受众：%1</translation>
        </message>
        <message>
            <source>priority %1</source>
            <translation>优先级 %1</translation>
        </message>
        <message>
            <source>modified %1</source>
            <translation>修改于 %1</translation>
        </message>
        <message>
            <source>Showing the first %1 of %2 (%3 characters).</source>
            <translation>显示前 %1，共 %2（%3 个字符）。</translation>
        </message>
        <message>
            <source>Show all</source>
            <translation>全部显示</translation>
        </message>
        <message>
            <source>Save…</source>
            <translation>保存…</translation>
        </message>
        <message>
            <source>Source</source>
            <translation>源文本</translation>
        </message>
        <message>
            <source>Show the text as it was sent</source>
            <translation>按发送时的原样显示文本</translation>
        </message>
        <message>
            <source>JSON text, shown as a tree</source>
            <translation>JSON 文本，以树形显示</translation>
        </message>
        <message>
            <source>Markdown, rendered</source>
            <translation>Markdown，已渲染</translation>
        </message>
        <message>
            <source>%1 × %2 pixels</source>
            <translation>%1 × %2 像素</translation>
        </message>
        <message>
            <source>%1 × %2 px, %3</source>
            <translation>%1 × %2 像素，%3</translation>
        </message>
        <message>
            <source>Audio (%1, %2)</source>
            <translation>音频（%1，%2）</translation>
        </message>
        <message>
            <source>Play</source>
            <translation>播放</translation>
        </message>
        <message>
            <source>Cannot play</source>
            <translation>无法播放</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>停止</translation>
        </message>
        <message>
            <source>(playback needs Qt Multimedia)</source>
            <translation>（播放需要 Qt Multimedia）</translation>
        </message>
        <message>
            <source>Binary data: %1, %2</source>
            <translation>二进制数据：%1，%2</translation>
        </message>
        <message>
            <source>unknown type</source>
            <translation>未知类型</translation>
        </message>
        <message>
            <source>Copy JSON</source>
            <translation>复制 JSON</translation>
        </message>
        <message>
            <source>Copy the whole result as JSON</source>
            <translation>将整个结果复制为 JSON</translation>
        </message>
        <message>
            <source>Save the whole result as a JSON file</source>
            <translation>将整个结果保存为 JSON 文件</translation>
        </message>
        <message>
            <source>Save result</source>
            <translation>保存结果</translation>
        </message>
        <message>
            <source>JSON (*.json);;All files (*)</source>
            <translation>JSON (*.json);;所有文件 (*)</translation>
        </message>
        <message>
            <source>Could not save %1.</source>
            <translation>无法保存 %1。</translation>
        </message>
        <message>
            <source>Text</source>
            <translation>文本</translation>
        </message>
        <message>
            <source>Image</source>
            <translation>图像</translation>
        </message>
        <message>
            <source>Audio</source>
            <translation>音频</translation>
        </message>
        <message>
            <source>Resource link</source>
            <translation>资源链接</translation>
        </message>
        <message>
            <source>Open %1 on the Resources page</source>
            <translation>在“资源”页面中打开 %1</translation>
        </message>
        <message>
            <source>Open</source>
            <translation>打开</translation>
        </message>
        <message>
            <source>Embedded resource</source>
            <translation>嵌入的资源</translation>
        </message>
        <message>
            <source>Content</source>
            <translation>内容</translation>
        </message>
        <message>
            <source>not a known content type</source>
            <translation>不是已知的内容类型</translation>
        </message>
        <message>
            <source>The tool reported an error (isError: true)</source>
            <translation>工具报告了错误（isError: true）</translation>
        </message>
        <message>
            <source>The result has no content.</source>
            <translation>结果没有内容。</translation>
        </message>
        <message>
            <source>Structured content</source>
            <translation>结构化内容</translation>
        </message>
        <message>
            <source>Not checked: the tool declares no outputSchema</source>
            <translation>未检查：该工具未声明 outputSchema</translation>
        </message>
        <message>
            <source>INVALID: the tool declares an outputSchema but the result has no structuredContent</source>
            <translation>无效：该工具声明了 outputSchema，但结果中没有 structuredContent</translation>
        </message>
        <message>
            <source>VALID against the tool's outputSchema</source>
            <translation>有效：符合该工具的 outputSchema</translation>
        </message>
        <message numerus="yes">
            <source>INVALID against the tool's outputSchema: %n problem(s)</source>
            <translation>
                <numerusform>无效：不符合该工具的 outputSchema，%n 个问题</numerusform>
            </translation>
        </message>
        <message>
            <source>(whole value)</source>
            <translation>（整个值）</translation>
        </message>
        <message>
            <source>Note: %1</source>
            <translation>备注：%1</translation>
        </message>
        <message>
            <source>(no role)</source>
            <translation>（无角色）</translation>
        </message>
        <message>
            <source>No messages.</source>
            <translation>没有消息。</translation>
        </message>
        <message>
            <source>The resource has no contents.</source>
            <translation>该资源没有内容。</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>Preparing all %1… (%2 %)</source>
            <translation>正在准备全部 %1… (%2 %)</translation>
        </message>
        <message>
            <source>Showing all %1 (%2 characters).</source>
            <translation>正在显示全部 %1（%2 个字符）。</translation>
        </message>
        <message>
            <source>The audio could not be played: %1
Save it to play it elsewhere. On Linux, Qt plays audio through GStreamer, whose WAV, MP3 and FLAC decoders come with its "good" plugins (gstreamer1.0-plugins-good).</source>
            <translation>无法播放音频：%1
请保存后在其他程序中播放。在 Linux 上，Qt 通过 GStreamer 播放音频，其 WAV、MP3 和 FLAC 解码器位于 “good” 插件中 (gstreamer1.0-plugins-good)。</translation>
        </message>
        <message>
            <source>unknown error</source>
            <translation>未知错误</translation>
        </message>
        <message>
            <source>Full Size…</source>
            <translation>原始大小…</translation>
        </message>
        <message>
            <source>Open the image at full size, to zoom in</source>
            <translation>以原始大小打开图像以便放大</translation>
        </message>
        <message>
            <source>no audio output device: plays silently; save it to hear it elsewhere</source>
            <translation>没有音频输出设备：将静音播放；请保存后在别处收听</translation>
        </message>
        <message>
            <source>This computer has no audio output device</source>
            <translation>此计算机没有音频输出设备</translation>
        </message>
        <message>
            <source>Round</source>
            <translation>轮次</translation>
        </message>
        <message>
            <source>Sent</source>
            <translation>已发送</translation>
        </message>
        <message>
            <source>Server asked</source>
            <translation>服务器询问</translation>
        </message>
        <message>
            <source>Answered</source>
            <translation>已回答</translation>
        </message>
        <message>
            <source>Latency</source>
            <translation>延迟</translation>
        </message>
        <message>
            <source>The request went out more than once: each time the server answered input_required, its questions were answered and the request was sent again with the answers</source>
            <translation>该请求发出了不止一次：每当服务器回答 input_required 时，其问题都会得到回答，并携带回答再次发送请求</translation>
        </message>
        <message>
            <source>[%1] waiting for an answer</source>
            <translation>[%1] 正在等待回答</translation>
        </message>
        <message>
            <source>[%1] declined (left out of inputResponses)</source>
            <translation>[%1] 已拒绝（未包含在 inputResponses 中）</translation>
        </message>
        <message>
            <source>%1 (model %2)</source>
            <translation>%1（模型 %2）</translation>
        </message>
        <message numerus="yes">
            <source>%n root(s)</source>
            <translation>
                <numerusform>%n 个根目录</numerusform>
            </translation>
        </message>
        <message>
            <source>request, id %1</source>
            <translation>请求，ID %1</translation>
        </message>
        <message>
            <source>inputResponses [%1]</source>
            <translation>inputResponses [%1]</translation>
        </message>
        <message>
            <source>requestState echoed</source>
            <translation>已回传 requestState</translation>
        </message>
        <message>
            <source>retry, id %1</source>
            <translation>重试，ID %1</translation>
        </message>
        <message>
            <source>retry, id %1: %2</source>
            <translation>重试，ID %1：%2</translation>
        </message>
        <message>
            <source>waiting for the server</source>
            <translation>正在等待服务器</translation>
        </message>
        <message>
            <source>input_required, nothing to answer (state only)</source>
            <translation>input_required，无需回答（仅状态）</translation>
        </message>
        <message>
            <source>the final result</source>
            <translation>最终结果</translation>
        </message>
        <message>
            <source>no input asked</source>
            <translation>未要求输入</translation>
        </message>
        <message>
            <source>answer %1</source>
            <translation>回答 %1</translation>
        </message>
        <message>
            <source>%1 of %2</source>
            <translation>%1 / %2</translation>
        </message>
        <message>
            <source>Round %1: the server asked for %2; waiting for the answer</source>
            <translation>第 %1 轮：服务器请求了 %2；正在等待回答</translation>
        </message>
        <message>
            <source>Round %1: every input answered; sending the request again with the answers</source>
            <translation>第 %1 轮：所有输入均已回答；正在携带回答重新发送请求</translation>
        </message>
        <message>
            <source>Round %1: sent again with the answers; waiting for the server</source>
            <translation>第 %1 轮：已携带回答重新发送；正在等待服务器</translation>
        </message>
        <message>
            <source>tasks/get, id %1; answered by tasks/update</source>
            <translation>tasks/get，ID %1；以 tasks/update 回答</translation>
        </message>
        <message>
            <source>a task, followed with tasks/get</source>
            <translation>一个任务，通过 tasks/get 跟踪</translation>
        </message>
        <message>
            <source>server %1</source>
            <translation>服务器 %1</translation>
        </message>
        <message>
            <source>Not checked: the tool's outputSchema was not read</source>
            <translation>未检查：未读取该工具的 outputSchema</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::RootsEditor</name>
        <message>
            <source>Roots tell the server which folders it may work in. They are sent when the server asks (roots/list); every change sends notifications/roots/list_changed.</source>
            <translation>根目录告诉服务器它可以在哪些文件夹中工作。服务器询问时（roots/list）会发送它们；每次更改都会发送 notifications/roots/list_changed。</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <source>URI</source>
            <translation>URI</translation>
        </message>
        <message>
            <source>Add folder…</source>
            <translation>添加文件夹…</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>移除</translation>
        </message>
        <message>
            <source>Add a root folder</source>
            <translation>添加根文件夹</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::RootsPage</name>
        <message>
            <source>Roots</source>
            <translation>根目录</translation>
        </message>
        <message>
            <source>Scripted answers for this server</source>
            <translation>此服务器的预设回答</translation>
        </message>
        <message>
            <source>Sampling: none saved (use "Save as scripted answer" in the sampling dialog)</source>
            <translation>采样：未保存（请在采样对话框中使用“保存为预设回答”）</translation>
        </message>
        <message>
            <source>Answer sampling with: %1</source>
            <translation>采样回答：%1</translation>
        </message>
        <message>
            <source>Elicitation: none saved (use "Save as scripted answer" in the form)</source>
            <translation>信息征询：未保存（请在表单中使用“保存为预设回答”）</translation>
        </message>
        <message>
            <source>Answer elicitation with: %1</source>
            <translation>信息征询回答：%1</translation>
        </message>
        <message>
            <source>Add a root folder</source>
            <translation>添加根文件夹</translation>
        </message>
        <message>
            <source>Sent notifications/roots/list_changed to the server.</source>
            <translation>已向服务器发送 notifications/roots/list_changed。</translation>
        </message>
        <message>
            <source>Saved; the server gets them when it asks (roots/list).</source>
            <translation>已保存；服务器询问时（roots/list）会收到它们。</translation>
        </message>
        <message>
            <source>Protocol revision %1 deprecates %2; this server still asks for it.</source>
            <translation>协议修订版 %1 已弃用 %2；此服务器仍在请求它。</translation>
        </message>
        <message>
            <source> and </source>
            <translation>和</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::SamplingDialog</name>
        <message>
            <source>%1 asks for an LLM answer</source>
            <translation>%1 请求 LLM 回答</translation>
        </message>
        <message>
            <source>asks your LLM for a message (sampling/createMessage). You are the model: write the answer, or reject the request.</source>
            <translation>请求您的 LLM 生成一条消息（sampling/createMessage）。您就是模型：请撰写回答，或拒绝该请求。</translation>
        </message>
        <message>
            <source>Request</source>
            <translation>请求</translation>
        </message>
        <message>
            <source>System prompt:</source>
            <translation>系统提示：</translation>
        </message>
        <message>
            <source>hints: %1</source>
            <translation>模型提示：%1</translation>
        </message>
        <message>
            <source>Model preferences:</source>
            <translation>模型偏好：</translation>
        </message>
        <message>
            <source>max tokens %1</source>
            <translation>最大 token 数 %1</translation>
        </message>
        <message>
            <source>temperature %1</source>
            <translation>温度 %1</translation>
        </message>
        <message>
            <source>stop sequences %1</source>
            <translation>停止序列 %1</translation>
        </message>
        <message>
            <source>include context: %1</source>
            <translation>包含上下文：%1</translation>
        </message>
        <message>
            <source>Limits:</source>
            <translation>限制：</translation>
        </message>
        <message>
            <source>Tools offered:</source>
            <translation>提供的工具：</translation>
        </message>
        <message>
            <source>Tool choice:</source>
            <translation>工具选择：</translation>
        </message>
        <message>
            <source>Metadata:</source>
            <translation>元数据：</translation>
        </message>
        <message>
            <source>Your answer</source>
            <translation>您的回答</translation>
        </message>
        <message>
            <source>Write what the model answers…</source>
            <translation>撰写模型的回答…</translation>
        </message>
        <message>
            <source>Role:</source>
            <translation>角色：</translation>
        </message>
        <message>
            <source>Model:</source>
            <translation>模型：</translation>
        </message>
        <message>
            <source>Stop reason:</source>
            <translation>停止原因：</translation>
        </message>
        <message>
            <source>Text:</source>
            <translation>文本：</translation>
        </message>
        <message>
            <source>Answer with error -1 (the user rejected the request)</source>
            <translation>以错误 -1 回答（用户拒绝了该请求）</translation>
        </message>
        <message>
            <source>Answer this server's later sampling requests with this answer automatically</source>
            <translation>自动用此回答答复此服务器之后的采样请求</translation>
        </message>
        <message>
            <source>The user rejected the sampling request</source>
            <translation>用户拒绝了采样请求</translation>
        </message>
        <message>
            <source>Sampling is deprecated in protocol revision %1; this server still asks for it, and hosts may stop answering.</source>
            <translation>采样在协议修订版 %1 中已弃用；此服务器仍在请求它，宿主可能不再回答。</translation>
        </message>
        <message>
            <source>&amp;Send answer</source>
            <translation>发送应答(&amp;S)</translation>
        </message>
        <message>
            <source>&amp;Reject</source>
            <translation>驳回(&amp;R)</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::SchemaFormWidget</name>
        <message>
            <source>Edit as JSON</source>
            <translation>以 JSON 编辑</translation>
        </message>
        <message>
            <source>Switch between the form and the JSON text of the arguments; both stay in sync</source>
            <translation>在表单与参数的 JSON 文本之间切换；两者保持同步</translation>
        </message>
        <message>
            <source>Fill defaults</source>
            <translation>填入默认值</translation>
        </message>
        <message>
            <source>Fill every empty field that has a default with it</source>
            <translation>用默认值填充每个具有默认值的空字段</translation>
        </message>
        <message>
            <source>Clear</source>
            <translation>清空</translation>
        </message>
        <message>
            <source>Not valid JSON: %1. The form keeps its last valid value.</source>
            <translation>不是有效的 JSON：%1。表单保留其最后一个有效值。</translation>
        </message>
        <message>
            <source>the JSON text does not parse: %1</source>
            <translation>JSON 文本无法解析：%1</translation>
        </message>
        <message>
            <source>is not a whole number</source>
            <translation>不是整数</translation>
        </message>
        <message>
            <source>is not a number</source>
            <translation>不是数字</translation>
        </message>
        <message>
            <source>(no value at %1)</source>
            <translation>（%1 处没有值）</translation>
        </message>
        <message>
            <source>Value</source>
            <translation>值</translation>
        </message>
        <message>
            <source>(deprecated)</source>
            <translation>（已弃用）</translation>
        </message>
        <message>
            <source>default: %1</source>
            <translation>默认：%1</translation>
        </message>
        <message>
            <source>e.g. %1</source>
            <translation>例如 %1</translation>
        </message>
        <message>
            <source>multiple of %1</source>
            <translation>%1 的倍数</translation>
        </message>
        <message>
            <source>%1–%2 characters</source>
            <translation>%1–%2 个字符</translation>
        </message>
        <message>
            <source>at most %1 characters</source>
            <translation>最多 %1 个字符</translation>
        </message>
        <message>
            <source>null</source>
            <translation>null</translation>
        </message>
        <message>
            <source>Send null for this field</source>
            <translation>为此字段发送 null</translation>
        </message>
        <message>
            <source>JSON, default: %1</source>
            <translation>JSON，默认：%1</translation>
        </message>
        <message>
            <source>any JSON value</source>
            <translation>任意 JSON 值</translation>
        </message>
        <message>
            <source>This value does not fit the form, so it is kept and edited as JSON.</source>
            <translation>此值不适合表单，因此以 JSON 形式保留和编辑。</translation>
        </message>
        <message>
            <source>Use the form</source>
            <translation>使用表单</translation>
        </message>
        <message>
            <source>Show the form for this field again (keeps the value when it fits, clears it otherwise)</source>
            <translation>重新显示此字段的表单（值适合时保留，否则清空）</translation>
        </message>
        <message>
            <source>is not valid JSON (%1)</source>
            <translation>不是有效的 JSON（%1）</translation>
        </message>
        <message>
            <source>Unset</source>
            <translation>取消设置</translation>
        </message>
        <message>
            <source>Leave this field out</source>
            <translation>省略此字段</translation>
        </message>
        <message>
            <source>(unset)</source>
            <translation>（未设置）</translation>
        </message>
        <message>
            <source>(unset, default: %1)</source>
            <translation>（未设置，默认：%1）</translation>
        </message>
        <message>
            <source>true</source>
            <translation>true</translation>
        </message>
        <message>
            <source>false</source>
            <translation>false</translation>
        </message>
        <message>
            <source>(choose…)</source>
            <translation>（请选择…）</translation>
        </message>
        <message>
            <source>A fixed value: it is always sent</source>
            <translation>固定值：始终发送</translation>
        </message>
        <message>
            <source>Only null is allowed here</source>
            <translation>此处只允许 null</translation>
        </message>
        <message>
            <source>Default: %1</source>
            <translation>默认：%1</translation>
        </message>
        <message>
            <source>Read-only: the server sets this value</source>
            <translation>只读：此值由服务器设置</translation>
        </message>
        <message>
            <source>Include this optional part in the value</source>
            <translation>在值中包含此可选部分</translation>
        </message>
        <message>
            <source>Option %1 (%2)</source>
            <translation>选项 %1（%2）</translation>
        </message>
        <message numerus="yes">
            <source>%n item(s)</source>
            <translation>
                <numerusform>%n 项</numerusform>
            </translation>
        </message>
        <message>
            <source>(%1–%2)</source>
            <translation>（%1–%2）</translation>
        </message>
        <message>
            <source>(at most %1)</source>
            <translation>（最多 %1）</translation>
        </message>
        <message>
            <source>(at least %1)</source>
            <translation>（至少 %1）</translation>
        </message>
        <message>
            <source>Recursive part: it is built when you open it.</source>
            <translation>递归部分：打开时才会构建。</translation>
        </message>
        <message>
            <source>Expand</source>
            <translation>展开</translation>
        </message>
        <message>
            <source>Item %1</source>
            <translation>第 %1 项</translation>
        </message>
        <message>
            <source>Move up</source>
            <translation>上移</translation>
        </message>
        <message>
            <source>Move down</source>
            <translation>下移</translation>
        </message>
        <message>
            <source>Remove this item</source>
            <translation>移除此项</translation>
        </message>
        <message>
            <source>Add item</source>
            <translation>添加项</translation>
        </message>
        <message>
            <source>At most %1 items</source>
            <translation>最多 %1 项</translation>
        </message>
        <message>
            <source>Other properties</source>
            <translation>其他属性</translation>
        </message>
        <message>
            <source>Key (press Enter to rename)</source>
            <translation>键（按 Enter 重命名）</translation>
        </message>
        <message>
            <source>Cannot rename "%1" to "%2": the key is empty or already used</source>
            <translation>无法将“%1”重命名为“%2”：该键为空或已被使用</translation>
        </message>
        <message>
            <source>Remove this entry</source>
            <translation>移除此条目</translation>
        </message>
        <message>
            <source>new key</source>
            <translation>新键</translation>
        </message>
        <message>
            <source>key matching %1</source>
            <translation>匹配 %1 的键</translation>
        </message>
        <message>
            <source>Add entry</source>
            <translation>添加条目</translation>
        </message>
        <message>
            <source>Add property</source>
            <translation>添加属性</translation>
        </message>
        <message>
            <source>Type a key first</source>
            <translation>请先输入一个键</translation>
        </message>
        <message>
            <source>The key "%1" is already used</source>
            <translation>键“%1”已被使用</translation>
        </message>
        <message>
            <source>No arguments: the value is an empty object.</source>
            <translation>无参数：值为空对象。</translation>
        </message>
        <message>
            <source>Also sent as the HTTP header Mcp-Param-%1 (x-mcp-header)</source>
            <translation>也作为 HTTP 头 Mcp-Param-%1 发送（x-mcp-header）</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ServerEditorDialog</name>
        <message>
            <source> s</source>
            <translation> 秒</translation>
        </message>
        <message>
            <source>Edit Server</source>
            <translation>编辑服务器</translation>
        </message>
        <message>
            <source>My servers (user configuration)</source>
            <translation>我的服务器（用户配置）</translation>
        </message>
        <message>
            <source>This project (.mcp.json)</source>
            <translation>此项目（.mcp.json）</translation>
        </message>
        <message>
            <source>&amp;Name:</source>
            <translation>名称(&amp;N)：</translation>
        </message>
        <message>
            <source>&amp;Transport:</source>
            <translation>传输方式(&amp;T)：</translation>
        </message>
        <message>
            <source>Saved in:</source>
            <translation>保存位置：</translation>
        </message>
        <message>
            <source>Program, e.g. npx, uvx, node, python3, /path/to/server</source>
            <translation>程序，例如 npx、uvx、node、python3、/path/to/server</translation>
        </message>
        <message>
            <source>Add argument</source>
            <translation>添加参数</translation>
        </message>
        <message>
            <source>Remove argument</source>
            <translation>移除参数</translation>
        </message>
        <message>
            <source>Move up</source>
            <translation>上移</translation>
        </message>
        <message>
            <source>Move down</source>
            <translation>下移</translation>
        </message>
        <message>
            <source>&amp;Environment:</source>
            <translation>环境变量(&amp;E)：</translation>
        </message>
        <message>
            <source>Add variable</source>
            <translation>添加变量</translation>
        </message>
        <message>
            <source>Start from MCP Scope's own environment</source>
            <translation>以 MCP Scope 自身的环境为基础</translation>
        </message>
        <message>
            <source>Default: MCP Scope's working directory</source>
            <translation>默认：MCP Scope 的工作目录</translation>
        </message>
        <message>
            <source>&amp;URL:</source>
            <translation>URL(&amp;U)：</translation>
        </message>
        <message>
            <source>&amp;Headers:</source>
            <translation>请求头(&amp;H)：</translation>
        </message>
        <message>
            <source>Add header</source>
            <translation>添加请求头</translation>
        </message>
        <message>
            <source>Sent as Authorization: Bearer …</source>
            <translation>作为 Authorization: Bearer … 发送</translation>
        </message>
        <message>
            <source>&amp;Bearer token:</source>
            <translation>Bearer 令牌(&amp;B)：</translation>
        </message>
        <message>
            <source>General</source>
            <translation>常规</translation>
        </message>
        <message>
            <source>none</source>
            <translation>无</translation>
        </message>
        <message>
            <source>Progress notifications restart the request timeout</source>
            <translation>进度通知会重置请求超时</translation>
        </message>
        <message>
            <source>no limit</source>
            <translation>无限制</translation>
        </message>
        <message>
            <source>app default</source>
            <translation>应用默认值</translation>
        </message>
        <message>
            <source>Restart the server when it exits unexpectedly</source>
            <translation>服务器意外退出时重启</translation>
        </message>
        <message>
            <source>never give up</source>
            <translation>永不放弃</translation>
        </message>
        <message>
            <source>Request timeout:</source>
            <translation>请求超时：</translation>
        </message>
        <message>
            <source>Maximum total time:</source>
            <translation>最长总时间：</translation>
        </message>
        <message>
            <source>Connect timeout:</source>
            <translation>连接超时：</translation>
        </message>
        <message>
            <source>Ping every:</source>
            <translation>Ping 间隔：</translation>
        </message>
        <message>
            <source>Give up after quick failures:</source>
            <translation>快速失败多少次后放弃：</translation>
        </message>
        <message>
            <source>Timeouts</source>
            <translation>超时</translation>
        </message>
        <message>
            <source>Notes</source>
            <translation>备注</translation>
        </message>
        <message>
            <source>Choose Program</source>
            <translation>选择程序</translation>
        </message>
        <message>
            <source>Working Directory</source>
            <translation>工作目录</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <source>Value</source>
            <translation>值</translation>
        </message>
        <message>
            <source>Secret</source>
            <translation>机密</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>移除</translation>
        </message>
        <message>
            <source>Secret values are kept out of plain files and masked in logs.</source>
            <translation>机密值不会写入明文文件，并在日志中被遮盖。</translation>
        </message>
        <message>
            <source>Runs: %1</source>
            <translation>运行：%1</translation>
        </message>
        <message>
            <source>Connects to: %1</source>
            <translation>连接到：%1</translation>
        </message>
        <message>
            <source>The server needs a name.</source>
            <translation>服务器需要一个名称。</translation>
        </message>
        <message>
            <source>Another server is already called "%1".</source>
            <translation>已有另一个服务器名为“%1”。</translation>
        </message>
        <message>
            <source>A stdio server needs a command.</source>
            <translation>stdio 服务器需要一个命令。</translation>
        </message>
        <message>
            <source>An HTTP server needs a URL.</source>
            <translation>HTTP 服务器需要一个 URL。</translation>
        </message>
        <message>
            <source>Automatic: bearer token if set, otherwise OAuth when the server asks</source>
            <translation>自动：如设置了 Bearer 令牌则使用它，否则在服务器要求时使用 OAuth</translation>
        </message>
        <message>
            <source>OAuth when the server asks</source>
            <translation>服务器要求时使用 OAuth</translation>
        </message>
        <message>
            <source>Bearer token only</source>
            <translation>仅 Bearer 令牌</translation>
        </message>
        <message>
            <source>None</source>
            <translation>无</translation>
        </message>
        <message>
            <source>&amp;Mode:</source>
            <translation>模式(&amp;M)：</translation>
        </message>
        <message>
            <source>Automatic</source>
            <translation>自动</translation>
        </message>
        <message>
            <source>Authorization code (browser sign-in)</source>
            <translation>授权码（浏览器登录）</translation>
        </message>
        <message>
            <source>Client credentials (no person)</source>
            <translation>客户端凭据（无需人工）</translation>
        </message>
        <message>
            <source>&amp;Grant:</source>
            <translation>授权方式(&amp;G)：</translation>
        </message>
        <message>
            <source>Empty: register dynamically</source>
            <translation>留空：动态注册</translation>
        </message>
        <message>
            <source>&amp;Client ID:</source>
            <translation>客户端 ID(&amp;C)：</translation>
        </message>
        <message>
            <source>Kept in the keychain</source>
            <translation>保存在钥匙串中</translation>
        </message>
        <message>
            <source>Empty: the scopes the server asks for</source>
            <translation>留空：使用服务器要求的权限范围</translation>
        </message>
        <message>
            <source>Sc&amp;opes:</source>
            <translation>权限范围(&amp;O)：</translation>
        </message>
        <message>
            <source>Stored tokens forgotten</source>
            <translation>已清除存储的令牌</translation>
        </message>
        <message>
            <source>Authorization</source>
            <translation>授权</translation>
        </message>
        <message>
            <source>Empty: any; at another authorization server the client registers anew</source>
            <translation>留空：任意；在其他授权服务器上客户端会重新注册</translation>
        </message>
        <message>
            <source>Client &amp;issuer:</source>
            <translation>客户端颁发者(&amp;I)：</translation>
        </message>
        <message>
            <source>PEM file with the client's ES256 key (private_key_jwt), read, never copied</source>
            <translation>包含客户端 ES256 密钥的 PEM 文件（private_key_jwt），只读取，从不复制</translation>
        </message>
        <message>
            <source>Client &amp;key file:</source>
            <translation>客户端私钥文件(&amp;K)：</translation>
        </message>
        <message>
            <source>https URL of this client's metadata document, used where offered</source>
            <translation>此客户端元数据文档的 https URL，在服务器支持时使用</translation>
        </message>
        <message>
            <source>File with a workload identity JWT (jwt-bearer grant)</source>
            <translation>包含工作负载身份 JWT 的文件（jwt-bearer 授权）</translation>
        </message>
        <message>
            <source>&amp;Workload token file:</source>
            <translation>工作负载令牌文件(&amp;W)：</translation>
        </message>
        <message>
            <source>Bind tokens to a key of this app (DPoP) where the server offers it</source>
            <translation>在服务器支持时将令牌绑定到本应用的密钥（DPoP）</translation>
        </message>
        <message>
            <source>Restart when files change (stdio; an HTTP server is reconnected)</source>
            <translation>文件变化时重启（stdio；HTTP 服务器则重新连接）</translation>
        </message>
        <message>
            <source>Globs relative to the working directory, comma-separated: ** any path, * and ? within one folder. Empty: the script or binary the command runs.</source>
            <translation>相对于工作目录的通配符，以逗号分隔：** 匹配任意路径，* 和 ? 匹配单个文件夹内。留空：监视命令所运行的脚本或程序。</translation>
        </message>
        <message>
            <source> ms</source>
            <translation> 毫秒</translation>
        </message>
        <message>
            <source>Files to watch:</source>
            <translation>监视的文件：</translation>
        </message>
        <message>
            <source>Quiet time before a restart:</source>
            <translation>重启前的静默时间：</translation>
        </message>
        <message>
            <source>name the files to watch, e.g. build/**</source>
            <translation>请指定要监视的文件，例如 build/**</translation>
        </message>
        <message>
            <source>default: %1</source>
            <translation>默认：%1</translation>
        </message>
        <message>
            <source>Auto (detect at connect)</source>
            <translation>自动（连接时检测）</translation>
        </message>
        <message>
            <source>Modern (2026-07-28 and later)</source>
            <translation>新版（2026-07-28 及以后）</translation>
        </message>
        <message>
            <source>Legacy (initialize handshake)</source>
            <translation>旧版（initialize 握手）</translation>
        </message>
        <message>
            <source>Auto sends server/discover first and falls back to initialize when the server does not know it. Modern or Legacy skip the detection; a pinned version is the only one offered.</source>
            <translation>自动模式先发送 server/discover，服务器不认识时退回 initialize。新版或旧版跳过检测；固定的版本是唯一提供的版本。</translation>
        </message>
        <message>
            <source>Protocol era:</source>
            <translation>协议时代：</translation>
        </message>
        <message>
            <source>Version:</source>
            <translation>版本：</translation>
        </message>
        <message>
            <source>any</source>
            <translation>任意</translation>
        </message>
        <message>
            <source>Protocol</source>
            <translation>协议</translation>
        </message>
        <message>
            <source>&amp;Command:</source>
            <translation>命令(&amp;C)：</translation>
        </message>
        <message>
            <source>&amp;Arguments:</source>
            <translation>参数(&amp;A)：</translation>
        </message>
        <message>
            <source>A list, one argument per row, exactly as the program receives it (no shell quoting): + or Insert adds a row, Return or F2 edits the current one, Delete removes it.</source>
            <translation>列表，每行一个参数，与程序收到的完全一致（不使用 shell 引号）：按 + 或 Insert 添加一行，按 Return 或 F2 编辑当前行，按 Delete 删除该行。</translation>
        </message>
        <message>
            <source>&amp;Working directory:</source>
            <translation>工作目录(&amp;W)：</translation>
        </message>
        <message>
            <source>Authorization applies to HTTP servers. A stdio server runs on this computer and takes its credentials from its command line or environment (General tab).</source>
            <translation>授权仅适用于 HTTP 服务器。stdio 服务器在本机运行，从其命令行或环境变量（“常规”标签页）获取凭据。</translation>
        </message>
        <message>
            <source>Restarts</source>
            <translation>重启</translation>
        </message>
        <message>
            <source>That is a WebSocket URL: the server is reached over WebSocket (subprotocol mcp).</source>
            <translation>这是一个 WebSocket URL：将通过 WebSocket 连接服务器（子协议 mcp）。</translation>
        </message>
        <message>
            <source>That is a URL: the server is reached over HTTP (the transport is detected at connect). Choose another transport above if it is not.</source>
            <translation>这是一个 URL：将通过 HTTP 访问服务器（传输方式在连接时检测）。如果不是，请在上方选择其他传输方式。</translation>
        </message>
        <message>
            <source>&amp;Browse…</source>
            <translation>浏览(&amp;B)…</translation>
        </message>
        <message>
            <source>Br&amp;owse…</source>
            <translation>浏览(&amp;O)…</translation>
        </message>
        <message>
            <source>Client s&amp;ecret:</source>
            <translation>客户端密钥(&amp;E)：</translation>
        </message>
        <message>
            <source>Client metadata U&amp;RL:</source>
            <translation>客户端元数据 URL(&amp;R)：</translation>
        </message>
        <message>
            <source>&amp;Forget stored tokens</source>
            <translation>忘记已存储的令牌(&amp;F)</translation>
        </message>
        <message>
            <source>&amp;Save</source>
            <translation>保存(&amp;S)</translation>
        </message>
        <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Network settings apply to servers reached by URL.</source>
        <translation>网络设置适用于通过 URL 访问的服务器。</translation>
    </message>
    <message>
        <source>Trusted &amp;CAs:</source>
        <translation>受信任的 CA(&amp;C)：</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>添加…</translation>
    </message>
    <message>
        <source>CA Certificate</source>
        <translation>CA 证书</translation>
    </message>
    <message>
        <source>Certificates (*.pem *.crt *.cer);;All files (*)</source>
        <translation>证书 (*.pem *.crt *.cer);;所有文件 (*)</translation>
    </message>
    <message>
        <source>PEM files of certification authorities trusted for this server, besides the system&apos;s</source>
        <translation>除系统的证书颁发机构外，此服务器还信任的证书颁发机构 PEM 文件</translation>
    </message>
    <message>
        <source>&amp;Pinned certificates:</source>
        <translation>固定的证书(&amp;P)：</translation>
    </message>
    <message>
        <source>Pin a Certificate</source>
        <translation>固定证书</translation>
    </message>
    <message>
        <source>SHA-256 fingerprint of the server&apos;s certificate:</source>
        <translation>服务器证书的 SHA-256 指纹：</translation>
    </message>
    <message>
        <source>A SHA-256 fingerprint is 64 hex digits (colons optional).</source>
        <translation>SHA-256 指纹为 64 位十六进制数字（冒号可选）。</translation>
    </message>
    <message>
        <source>Only a certificate with one of these fingerprints is accepted (Trust This Certificate adds one)</source>
        <translation>只接受具有这些指纹之一的证书（“信任此证书”会添加一个）</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>PEM files (*.pem *.crt *.key);;All files (*)</source>
        <translation>PEM 文件 (*.pem *.crt *.key);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Client c&amp;ertificate:</source>
        <translation>客户端证书(&amp;E)：</translation>
    </message>
    <message>
        <source>PEM file; for servers that want mutual TLS</source>
        <translation>PEM 文件；用于要求双向 TLS 的服务器</translation>
    </message>
    <message>
        <source>Client &amp;key:</source>
        <translation>客户端密钥(&amp;K)：</translation>
    </message>
    <message>
        <source>PEM file with its private key</source>
        <translation>包含其私钥的 PEM 文件</translation>
    </message>
    <message>
        <source>Kept in the keychain; empty for a key without one</source>
        <translation>保存在钥匙串中；无口令的密钥留空</translation>
    </message>
    <message>
        <source>Key pa&amp;ssphrase:</source>
        <translation>密钥口令(&amp;S)：</translation>
    </message>
    <message>
        <source>System: HTTPS_PROXY, HTTP_PROXY, NO_PROXY, then the desktop&apos;s settings</source>
        <translation>系统：HTTPS_PROXY、HTTP_PROXY、NO_PROXY，然后是桌面设置</translation>
    </message>
    <message>
        <source>No proxy</source>
        <translation>不使用代理</translation>
    </message>
    <message>
        <source>This proxy:</source>
        <translation>此代理：</translation>
    </message>
    <message>
        <source>Pro&amp;xy:</source>
        <translation>代理(&amp;X)：</translation>
    </message>
    <message>
        <source>http://[user@]host:port or socks5://host:port</source>
        <translation>http://[用户@]主机:端口 或 socks5://主机:端口</translation>
    </message>
    <message>
        <source>Proxy &amp;URL:</source>
        <translation>代理 URL(&amp;U)：</translation>
    </message>
    <message>
        <source>Proxy pass&amp;word:</source>
        <translation>代理密码(&amp;W)：</translation>
    </message>
    <message>
        <source>Now: straight to %1%2</source>
        <translation>当前：直连 %1%2</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <source>Now: through %1 (%2)</source>
        <translation>当前：经由 %1（%2）</translation>
    </message>
    <message>
        <source>A client certificate needs both its certificate file and its key file.</source>
        <translation>客户端证书需要证书文件和密钥文件两者。</translation>
    </message>
    <message>
        <source>&quot;This proxy&quot; needs the proxy&apos;s URL, such as http://proxy.example:3128.</source>
        <translation>“此代理”需要代理的 URL，例如 http://proxy.example:3128。</translation>
    </message>
    <message>
        <source>&amp;Import Key into Keychain…</source>
        <translation>将密钥导入钥匙串(&amp;I)…</translation>
    </message>
    <message>
        <source>Imported into the keychain; a file here replaces it</source>
        <translation>已导入钥匙串；在此填写文件将替换它</translation>
    </message>
    <message>
        <source>Client Key</source>
        <translation>客户端密钥</translation>
    </message>
    <message>
        <source>%1 could not be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>添加(&amp;A)…</translation>
    </message>
    <message>
        <source>Re&amp;move</source>
        <translation>移除(&amp;M)</translation>
    </message>
    <message>
        <source>A&amp;dd…</source>
        <translation>添加(&amp;D)…</translation>
    </message>
    <message>
        <source>Remo&amp;ve</source>
        <translation>移除(&amp;V)</translation>
    </message>
    <message>
        <source>Key passp&amp;hrase:</source>
        <translation>密钥口令(&amp;H)：</translation>
    </message>
</context>
    <context>
        <name>Mcp::Ui::ServerListDelegate</name>
        <message>
            <source>stdio</source>
            <translation>stdio</translation>
        </message>
        <message>
            <source>HTTP</source>
            <translation>HTTP</translation>
        </message>
        <message>
            <source>SSE</source>
            <translation>SSE</translation>
        </message>
        <message>
            <source>HTTP (auto)</source>
            <translation>HTTP（自动）</translation>
        </message>
        <message>
            <source>&lt; 1 ms</source>
            <translation>&lt; 1 毫秒</translation>
        </message>
        <message>
            <source>%1 ms</source>
            <translation>%1 毫秒</translation>
        </message>
        <message>
            <source>project</source>
            <translation>项目</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ServerPage</name>
        <message>
            <source>none</source>
            <translation>无</translation>
        </message>
        <message>
            <source>Connect</source>
            <translation>连接</translation>
        </message>
        <message>
            <source>Disconnect</source>
            <translation>断开</translation>
        </message>
        <message>
            <source>Restart</source>
            <translation>重启</translation>
        </message>
        <message>
            <source>Instructions</source>
            <translation>说明</translation>
        </message>
        <message>
            <source>Server: %1, version %2</source>
            <translation>服务器：%1，版本 %2</translation>
        </message>
        <message>
            <source>Protocol %1</source>
            <translation>协议 %1</translation>
        </message>
        <message>
            <source>Transport: %1</source>
            <translation>传输方式：%1</translation>
        </message>
        <message>
            <source>Session %1</source>
            <translation>会话 %1</translation>
        </message>
        <message>
            <source>PID %1</source>
            <translation>PID %1</translation>
        </message>
        <message>
            <source>Server offers: %1
Client offers: %2</source>
            <translation>服务器提供：%1
客户端提供：%2</translation>
        </message>
        <message>
            <source>Not connected.</source>
            <translation>未连接。</translation>
        </message>
        <message>
            <source>Ping &lt; 1 ms</source>
            <translation>Ping &lt; 1 毫秒</translation>
        </message>
        <message>
            <source>Ping %1 ms</source>
            <translation>Ping %1 毫秒</translation>
        </message>
        <message>
            <source>The server process %1.</source>
            <translation>服务器进程%1。</translation>
        </message>
        <message>
            <source>Connection failed: %1</source>
            <translation>连接失败：%1</translation>
        </message>
        <message>
            <source>Last seen at %1: %2</source>
            <translation>最后见于 %1：%2</translation>
        </message>
        <message>
            <source>Filter the traffic</source>
            <translation>筛选流量</translation>
        </message>
        <message>
            <source>The protocol era this connection speaks, its version and how it was decided: probed (server/discover), pinned in the server's settings, or remembered from an earlier connection.</source>
            <translation>此连接使用的协议时代、其版本以及如何确定：探测（server/discover）、在服务器设置中固定，或从之前的连接记住。</translation>
        </message>
        <message>
            <source>Re-probe</source>
            <translation>重新探测</translation>
        </message>
        <message>
            <source>Connect again and detect the protocol era anew</source>
            <translation>重新连接并再次检测协议时代</translation>
        </message>
        <message>
            <source>Discovery</source>
            <translation>发现结果</translation>
        </message>
        <message>
            <source>The full server/discover result: versions, capabilities, extensions, identity and instructions</source>
            <translation>完整的 server/discover 结果：版本、能力、扩展、身份和说明</translation>
        </message>
        <message>
            <source>Extensions: server %1 · client %2</source>
            <translation>扩展：服务器 %1 · 客户端 %2</translation>
        </message>
        <message>
            <source>Modern</source>
            <translation>新版</translation>
        </message>
        <message>
            <source>Legacy</source>
            <translation>旧版</translation>
        </message>
        <message>
            <source>probed</source>
            <translation>已探测</translation>
        </message>
        <message>
            <source>pinned</source>
            <translation>已固定</translation>
        </message>
        <message>
            <source>cached</source>
            <translation>已缓存</translation>
        </message>
        <message>
            <source>%1 %2 · %3</source>
            <translation>%1 %2 · %3</translation>
        </message>
        <message>
            <source>Capabilities</source>
            <translation>能力</translation>
        </message>
        <message>
            <source>What the server and the client offer, and the extensions each side advertised</source>
            <translation>服务器和客户端提供的功能，以及双方声明的扩展</translation>
        </message>
        <message>
            <source>⚠ Deprecated in %1: %2</source>
            <translation>⚠ 在 %1 中已弃用：%2</translation>
        </message>
        <message>
            <source>The server relies on features this revision deprecates: %1. Hosts may drop them; the pages that use them say what replaces them.</source>
            <translation>服务器依赖此修订版弃用的功能：%1。宿主可能会放弃它们；使用它们的页面会说明替代方案。</translation>
        </message>
        <message numerus="yes">
            <source>%n extension(s)</source>
            <translation>
                <numerusform>%n 个扩展</numerusform>
            </translation>
        </message>
        <message>
            <source>Server offers %1</source>
            <translation>服务器提供 %1</translation>
        </message>
        <message>
            <source>Show the %1 tab</source>
            <translation>显示“%1”标签页</translation>
        </message>
        <message>
            <source>%1 (%2 s)</source>
            <translation>%1（%2 秒）</translation>
        </message>
        <message>
            <source>Connecting for %1 s</source>
            <translation>正在连接，已用 %1 秒</translation>
        </message>
        <message>
            <source>waiting for the server's answer to %1 (sent %2 s ago)</source>
            <translation>正在等待服务器对 %1 的应答（%2 秒前发送）</translation>
        </message>
        <message>
            <source>starting the server process</source>
            <translation>正在启动服务器进程</translation>
        </message>
        <message>
            <source>opening the connection</source>
            <translation>正在打开连接</translation>
        </message>
        <message numerus="yes">
            <source>the server printed %n line(s) on stdout that are not JSON-RPC (see the Console tab)</source>
            <translation>
                <numerusform>服务器在 stdout 上输出了 %n 行非 JSON-RPC 内容（见“控制台”标签页）</numerusform>
            </translation>
        </message>
        <message>
            <source>Connection failed after %1 s without an answer from the server to %2.</source>
            <translation>%1 秒后连接失败，服务器未应答 %2。</translation>
        </message>
        <message>
            <source>Connection failed after %1 s: %2</source>
            <translation>%1 秒后连接失败：%2</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ServerRequestDialog</name>
        <message>
            <source>Sampling Request from %1</source>
            <translation>来自 %1 的采样请求</translation>
        </message>
        <message>
            <source>Question from %1</source>
            <translation>来自 %1 的问题</translation>
        </message>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt; asks for an LLM completion (sampling/createMessage). Write the answer the server should get, or decline.</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; 请求一次 LLM 补全（sampling/createMessage）。请写下服务器应得到的回答，或拒绝。</translation>
        </message>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt; asks for input (elicitation/create): %2</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; 请求输入（elicitation/create）：%2</translation>
        </message>
        <message>
            <source>Request:</source>
            <translation>请求：</translation>
        </message>
        <message>
            <source>Answer (JSON):</source>
            <translation>回答（JSON）：</translation>
        </message>
        <message>
            <source>The server withdrew this request.</source>
            <translation>服务器已撤回此请求。</translation>
        </message>
        <message>
            <source>The server withdrew this request: %1</source>
            <translation>服务器已撤回此请求：%1</translation>
        </message>
        <message>
            <source>The answer is not valid JSON: %1</source>
            <translation>回答不是有效的 JSON：%1</translation>
        </message>
        <message>
            <source>The answer must be a JSON object.</source>
            <translation>回答必须是 JSON 对象。</translation>
        </message>
        <message>
            <source>The user declined the request.</source>
            <translation>用户拒绝了该请求。</translation>
        </message>
        <message>
            <source>The user closed the request.</source>
            <translation>用户关闭了该请求。</translation>
        </message>
        <message>
            <source>&amp;Send Answer</source>
            <translation>发送回答(&amp;S)</translation>
        </message>
        <message>
            <source>&amp;Accept</source>
            <translation>接受(&amp;A)</translation>
        </message>
        <message>
            <source>&amp;Decline</source>
            <translation>拒绝(&amp;D)</translation>
        </message>
        <message>
            <source>&amp;Cancel</source>
            <translation>取消(&amp;C)</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::SubscriptionsPage</name>
        <message>
            <source>tool list changes</source>
            <translation>工具列表变更</translation>
        </message>
        <message>
            <source>prompt list changes</source>
            <translation>提示列表变更</translation>
        </message>
        <message>
            <source>resource list changes</source>
            <translation>资源列表变更</translation>
        </message>
        <message>
            <source>updates of %1</source>
            <translation>%1 的更新</translation>
        </message>
        <message>
            <source>nothing</source>
            <translation>无</translation>
        </message>
        <message>
            <source>off</source>
            <translation>关闭</translation>
        </message>
        <message>
            <source>opening (sent, not acknowledged yet)</source>
            <translation>正在打开（已发送，尚未确认）</translation>
        </message>
        <message>
            <source>open (acknowledged)</source>
            <translation>已打开（已确认）</translation>
        </message>
        <message>
            <source>reconnecting (the stream dropped)</source>
            <translation>正在重新连接（流已断开）</translation>
        </message>
        <message>
            <source>closed by the server</source>
            <translation>已被服务器关闭</translation>
        </message>
        <message>
            <source>refused by the server</source>
            <translation>已被服务器拒绝</translation>
        </message>
        <message>
            <source>What the stream asks for</source>
            <translation>流所请求的内容</translation>
        </message>
        <message>
            <source>Tool list changes</source>
            <translation>工具列表变更</translation>
        </message>
        <message>
            <source>Prompt list changes</source>
            <translation>提示列表变更</translation>
        </message>
        <message>
            <source>Resource list changes</source>
            <translation>资源列表变更</translation>
        </message>
        <message>
            <source>Apply</source>
            <translation>应用</translation>
        </message>
        <message>
            <source>Reopen the stream with this filter</source>
            <translation>使用此筛选条件重新打开流</translation>
        </message>
        <message>
            <source>Default</source>
            <translation>默认</translation>
        </message>
        <message>
            <source>Every list change the server offers, and the resources subscribed on the Resources page</source>
            <translation>服务器提供的所有列表变更，以及在“资源”页面上订阅的资源</translation>
        </message>
        <message>
            <source>Resource subscriptions (updates of these URIs):</source>
            <translation>资源订阅（这些 URI 的更新）：</translation>
        </message>
        <message>
            <source>Resource URI</source>
            <translation>资源 URI</translation>
        </message>
        <message>
            <source>Add</source>
            <translation>添加</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>移除</translation>
        </message>
        <message>
            <source>What arrived:</source>
            <translation>已收到的内容：</translation>
        </message>
        <message>
            <source>Time</source>
            <translation>时间</translation>
        </message>
        <message>
            <source>Notification</source>
            <translation>通知</translation>
        </message>
        <message>
            <source>Detail</source>
            <translation>详情</translation>
        </message>
        <message>
            <source>stream acknowledged</source>
            <translation>流已确认</translation>
        </message>
        <message>
            <source>stream %1</source>
            <translation>流 %1</translation>
        </message>
        <message>
            <source>Not connected.</source>
            <translation>未连接。</translation>
        </message>
        <message>
            <source>Legacy era: no listen stream; notifications arrive on the session.</source>
            <translation>旧版协议时代：没有 listen 流；通知通过会话到达。</translation>
        </message>
        <message>
            <source>Listen stream: %1</source>
            <translation>listen 流：%1</translation>
        </message>
        <message>
            <source>The 2026-07-28 revision delivers list changes and resource updates only on a subscriptions/listen stream, and only what its filter asks for. Changing the filter reopens the stream.</source>
            <translation>2026-07-28 修订版仅在 subscriptions/listen 流上传递列表变更和资源更新，且只传递其筛选条件所请求的内容。更改筛选条件会重新打开该流。</translation>
        </message>
        <message>
            <source>Resources are subscribed with resources/subscribe on the Resources page; the server sends every list change it offers.</source>
            <translation>资源在“资源”页面上通过 resources/subscribe 订阅；服务器会发送它提供的所有列表变更。</translation>
        </message>
        <message>
            <source>Acknowledged by the server: %1</source>
            <translation>服务器已确认：%1</translation>
        </message>
        <message>
            <source>Not acknowledged yet.</source>
            <translation>尚未确认。</translation>
        </message>
        <message>
            <source>Subscriptions</source>
            <translation>订阅</translation>
        </message>
        <message>
            <source>Not acknowledged, so not coming: %1</source>
            <translation>未被确认，因此不会送达：%1</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::TasksPage</name>
        <message>
            <source>Refresh</source>
            <translation>刷新</translation>
        </message>
        <message>
            <source>Cancel Task</source>
            <translation>取消任务</translation>
        </message>
        <message>
            <source>Task</source>
            <translation>任务</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>状态</translation>
        </message>
        <message>
            <source>Message</source>
            <translation>消息</translation>
        </message>
        <message>
            <source>Created</source>
            <translation>创建时间</translation>
        </message>
        <message>
            <source>Updated</source>
            <translation>更新时间</translation>
        </message>
        <message>
            <source>This server does not offer tasks.</source>
            <translation>此服务器不提供任务。</translation>
        </message>
        <message>
            <source>Listing tasks failed: %1</source>
            <translation>列出任务失败：%1</translation>
        </message>
        <message numerus="yes">
            <source>%n task(s)</source>
            <translation>
                <numerusform>%n 个任务</numerusform>
            </translation>
        </message>
        <message>
            <source>Cancelling failed: %1</source>
            <translation>取消失败：%1</translation>
        </message>
        <message>
            <source>Tasks</source>
            <translation>任务</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>结果</translation>
        </message>
        <message>
            <source>tasks/result: the outcome of the selected task (waits until it ends)</source>
            <translation>tasks/result：所选任务的结果（等待其结束）</translation>
        </message>
        <message>
            <source>Waiting for the result of %1…</source>
            <translation>正在等待 %1 的结果…</translation>
        </message>
        <message>
            <source>tasks/result for %1 failed: %2</source>
            <translation>%1 的 tasks/result 失败：%2</translation>
        </message>
        <message>
            <source>Result of %1</source>
            <translation>%1 的结果</translation>
        </message>
        <message>
            <source>Tasks extension: there is no way to list a server's tasks, so this page lists the tasks this window followed (tool calls the server turned into tasks), as it followed them.</source>
            <translation>任务扩展：无法列出服务器的任务，因此此页面按此窗口跟踪的顺序列出其跟踪过的任务（服务器转为任务的工具调用）。</translation>
        </message>
        <message>
            <source>From</source>
            <translation>来源</translation>
        </message>
        <message>
            <source>Poll</source>
            <translation>轮询</translation>
        </message>
        <message>
            <source>Input</source>
            <translation>输入</translation>
        </message>
        <message>
            <source>The tasks extension has no tasks/list: the list fills as this window follows tasks</source>
            <translation>任务扩展没有 tasks/list：此窗口跟踪任务时列表会逐渐填充</translation>
        </message>
        <message>
            <source>The result of the selected task, as the window received it when the task ended</source>
            <translation>所选任务的结果，即任务结束时窗口收到的结果</translation>
        </message>
        <message numerus="yes">
            <source>%n task(s) followed</source>
            <translation>
                <numerusform>已跟踪 %n 个任务</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 ms</source>
            <translation>%1 毫秒</translation>
        </message>
        <message>
            <source>%1 %2</source>
            <translation>%1 %2</translation>
        </message>
        <message>
            <source>%1 (no longer followed)</source>
            <translation>%1（不再跟踪）</translation>
        </message>
        <message numerus="yes">
            <source>tasks/get every %1 ms; %n status(es) received</source>
            <translation>
                <numerusform>每 %1 毫秒 tasks/get；已收到 %n 个状态</numerusform>
            </translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>%1 asked, %2 waiting</source>
            <translation>已请求 %1 个，%2 个等待中</translation>
        </message>
        <message>
            <source>%1 asked, %2 answered</source>
            <translation>已请求 %1 个，%2 个已回答</translation>
        </message>
        <message>
            <source>%1 (task %2) is %3.</source>
            <translation>%1（任务 %2）状态为 %3。</translation>
        </message>
        <message>
            <source>tasks/cancel sent for %1; the next poll shows where it stands.</source>
            <translation>已为 %1 发送 tasks/cancel；下一次轮询会显示其状态。</translation>
        </message>
        <message>
            <source>Result of %1 (task %2)</source>
            <translation>%1 的结果（任务 %2）</translation>
        </message>
        <message>
            <source>Task %1 ended without a result.</source>
            <translation>任务 %1 结束时没有结果。</translation>
        </message>
        <message>
            <source>%1 (task %2): %3</source>
            <translation>%1（任务 %2）：%3</translation>
        </message>
        <message>
            <source>%1: %2. The result shows here when the task ends.</source>
            <translation>%1：%2。任务结束后结果会显示在这里。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ToolList</name>
        <message>
            <source>Search tools</source>
            <translation>搜索工具</translation>
        </message>
        <message>
            <source>Refresh</source>
            <translation>刷新</translation>
        </message>
        <message>
            <source>destructive</source>
            <translation>破坏性</translation>
        </message>
        <message>
            <source>task %1</source>
            <translation>任务 %1</translation>
        </message>
        <message>
            <source>This server has no tools.</source>
            <translation>此服务器没有工具。</translation>
        </message>
        <message>
            <source>tools/list again, from the server even while a cached list is fresh</source>
            <translation>再次执行 tools/list，即使缓存的列表仍有效也从服务器获取</translation>
        </message>
        <message>
            <source>⚠ cannot be called: %1</source>
            <translation>⚠ 无法调用：%1</translation>
        </message>
        <message>
            <source>Not callable, its x-mcp-header annotations are invalid: %1</source>
            <translation>不可调用，其 x-mcp-header 注解无效：%1</translation>
        </message>
        <message>
            <source>app view</source>
            <translation>应用视图</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ToolPanel</name>
        <message>
            <source>read-only</source>
            <translation>只读</translation>
        </message>
        <message>
            <source>destructive</source>
            <translation>破坏性</translation>
        </message>
        <message>
            <source>idempotent</source>
            <translation>幂等</translation>
        </message>
        <message>
            <source>open-world</source>
            <translation>开放世界</translation>
        </message>
        <message>
            <source>Select a tool</source>
            <translation>选择一个工具</translation>
        </message>
        <message>
            <source>Run</source>
            <translation>运行</translation>
        </message>
        <message>
            <source>Call the tool (Ctrl+Enter)</source>
            <translation>调用该工具（Ctrl+Enter）</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>Stop waiting and tell the server (notifications/cancelled, or tasks/cancel for a task)</source>
            <translation>停止等待并通知服务器（notifications/cancelled；若为任务则用 tasks/cancel）</translation>
        </message>
        <message>
            <source>Run as task</source>
            <translation>作为任务运行</translation>
        </message>
        <message>
            <source>Call with params.task: the server answers with a task that is polled until it ends</source>
            <translation>使用 params.task 调用：服务器返回一个任务，并轮询至其结束</translation>
        </message>
        <message>
            <source>task: %1</source>
            <translation>任务：%1</translation>
        </message>
        <message>
            <source>The JSON text does not parse: %1</source>
            <translation>JSON 文本无法解析：%1</translation>
        </message>
        <message>
            <source>The arguments do not match the tool's schema (marked in the form). Run again to send them anyway.
%1</source>
            <translation>参数与该工具的模式不匹配（已在表单中标出）。再次运行即可强制发送。
%1</translation>
        </message>
        <message>
            <source>Running…</source>
            <translation>正在运行…</translation>
        </message>
        <message>
            <source>Progress: %1</source>
            <translation>进度：%1</translation>
        </message>
        <message>
            <source>Creating the task…</source>
            <translation>正在创建任务…</translation>
        </message>
        <message>
            <source>Task %1: %2%3</source>
            <translation>任务 %1：%2%3</translation>
        </message>
        <message>
            <source>tasks/get failed: %1</source>
            <translation>tasks/get 失败：%1</translation>
        </message>
        <message>
            <source>(task %1)</source>
            <translation>（任务 %1）</translation>
        </message>
        <message>
            <source>Cancelled by the user</source>
            <translation>已被用户取消</translation>
        </message>
        <message>
            <source>Cancelling task %1…</source>
            <translation>正在取消任务 %1…</translation>
        </message>
        <message>
            <source>Task %1 was cancelled</source>
            <translation>任务 %1 已取消</translation>
        </message>
        <message>
            <source>Run the selected tool</source>
            <translation>运行所选工具</translation>
        </message>
        <message>
            <source>Run again after reload</source>
            <translation>重新加载后再次运行</translation>
        </message>
        <message>
            <source>When the server reloads (watch mode or Restart), send this call again and show its result beside the one from before</source>
            <translation>服务器重新加载（监视模式或重启）后，再次发送此调用，并将结果与之前的结果并排显示</translation>
        </message>
        <message>
            <source>Hide</source>
            <translation>隐藏</translation>
        </message>
        <message>
            <source>Not run again: the reload removed the tool %1</source>
            <translation>未再次运行：重新加载移除了工具 %1</translation>
        </message>
        <message>
            <source>After it (%1)</source>
            <translation>之后（%1）</translation>
        </message>
        <message>
            <source>Before the reload (%1)</source>
            <translation>重新加载之前（%1）</translation>
        </message>
        <message>
            <source>Pick a tool on the left: its arguments appear here, and Run (Ctrl+Enter) calls it.</source>
            <translation>在左侧选择一个工具：其参数会显示在这里，“运行”(Ctrl+Enter) 会调用它。</translation>
        </message>
        <message>
            <source>Save to Collection…</source>
            <translation>保存到集合…</translation>
        </message>
        <message>
            <source>Add this call, with assertions its last result satisfies, to a collection file that `mcpscope test` runs</source>
            <translation>将此调用连同其上次结果满足的断言添加到由 `mcpscope test` 运行的集合文件中</translation>
        </message>
        <message>
            <source>another tool was selected</source>
            <translation>已选择另一个工具</translation>
        </message>
        <message>
            <source>⚠ This tool cannot be run: its x-mcp-header annotations break the 2026-07-28 rules, so a client must not call it. %1</source>
            <translation>⚠ 无法运行此工具：其 x-mcp-header 注解违反了 2026-07-28 的规则，因此客户端不得调用它。%1</translation>
        </message>
        <message>
            <source>(its view %1 could not be read: %2)</source>
            <translation>（无法读取其视图 %1：%2）</translation>
        </message>
        <message>
            <source>no HTML</source>
            <translation>无 HTML</translation>
        </message>
        <message>
            <source>cancelled by the user</source>
            <translation>已被用户取消</translation>
        </message>
        <message>
            <source>Task %1: %2%3 (followed with tasks/get)</source>
            <translation>任务 %1：%2%3（已用 tasks/get 跟踪）</translation>
        </message>
        <message>
            <source>Preparing the result…</source>
            <translation>正在准备结果…</translation>
        </message>
        <message>
            <source>Drag up for the host controls: the messages between MCP Scope and the view</source>
            <translation>向上拖动以显示宿主控件：MCP Scope 与视图之间的消息</translation>
        </message>
        <message>
            <source>Cancelled after %1</source>
            <translation>%1后已取消</translation>
        </message>
        <message>
            <source>Error %1: %2 (after %3)</source>
            <translation>错误 %1：%2（%3后）</translation>
        </message>
        <message>
            <source>Failed after %1</source>
            <translation>%1后失败</translation>
        </message>
        <message>
            <source>The tool reported an error (isError) after %1, as a task (see the Tasks page)</source>
            <translation>工具在 %1后报告错误（isError），作为任务运行（见“任务”页面）</translation>
        </message>
        <message>
            <source>Done in %1, as a task (see the Tasks page)</source>
            <translation>已完成，用时 %1，作为任务运行（见“任务”页面）</translation>
        </message>
        <message>
            <source>The tool reported an error (isError) after %1</source>
            <translation>工具在 %1后报告了错误（isError）</translation>
        </message>
        <message>
            <source>Done in %1</source>
            <translation>已完成，用时 %1</translation>
        </message>
        <message>
            <source>No arguments: the value is an empty object.</source>
            <translation>无参数：值为空对象。</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ToolsPage</name>
        <message>
            <source>Loading…</source>
            <translation>正在加载…</translation>
        </message>
        <message>
            <source>Listing tools failed: %1</source>
            <translation>列出工具失败：%1</translation>
        </message>
        <message>
            <source>Tools</source>
            <translation>工具</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::TrafficPage</name>
        <message>
            <source>Traffic</source>
            <translation>流量</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::TrafficView</name>
        <message>
            <source>… %1 more bytes not shown</source>
            <translation>… 另有 %1 字节未显示</translation>
        </message>
        <message>
            <source>All servers</source>
            <translation>所有服务器</translation>
        </message>
        <message>
            <source>Both directions</source>
            <translation>双向</translation>
        </message>
        <message>
            <source>Client → server</source>
            <translation>客户端 → 服务器</translation>
        </message>
        <message>
            <source>Server → client</source>
            <translation>服务器 → 客户端</translation>
        </message>
        <message>
            <source>Local events</source>
            <translation>本地事件</translation>
        </message>
        <message>
            <source>All kinds</source>
            <translation>所有类型</translation>
        </message>
        <message>
            <source>Method</source>
            <translation>方法</translation>
        </message>
        <message>
            <source>Search text</source>
            <translation>搜索文本</translation>
        </message>
        <message>
            <source>JSON: /params/name=echo</source>
            <translation>JSON：/params/name=echo</translation>
        </message>
        <message>
            <source>Match JSON content: a path (JSON pointer or dotted) with an optional =value, e.g. /params/name=echo, result.isError=true, params.arguments</source>
            <translation>匹配 JSON 内容：一个路径（JSON 指针或点分形式），可带 =值，例如 /params/name=echo、result.isError=true、params.arguments</translation>
        </message>
        <message>
            <source>Follow</source>
            <translation>跟随</translation>
        </message>
        <message>
            <source>Keep the newest message in view</source>
            <translation>保持最新消息可见</translation>
        </message>
        <message>
            <source>Pause</source>
            <translation>暂停</translation>
        </message>
        <message>
            <source>Stop updating the view; recording goes on</source>
            <translation>停止更新视图；录制继续进行</translation>
        </message>
        <message>
            <source>Clear</source>
            <translation>清空</translation>
        </message>
        <message>
            <source>Go to Pair</source>
            <translation>跳到配对</translation>
        </message>
        <message>
            <source>Jump between a request and its response (Ctrl+J)</source>
            <translation>在请求与其响应之间跳转（Ctrl+J）</translation>
        </message>
        <message>
            <source>Copy</source>
            <translation>复制</translation>
        </message>
        <message>
            <source>Copy the selected message</source>
            <translation>复制所选消息</translation>
        </message>
        <message>
            <source>Export…</source>
            <translation>导出…</translation>
        </message>
        <message>
            <source>Select a message to see it here.</source>
            <translation>选择一条消息以在此查看。</translation>
        </message>
        <message>
            <source>Pretty</source>
            <translation>格式化</translation>
        </message>
        <message>
            <source>Tree</source>
            <translation>树</translation>
        </message>
        <message>
            <source>Raw</source>
            <translation>原始</translation>
        </message>
        <message>
            <source>Details</source>
            <translation>详情</translation>
        </message>
        <message>
            <source>Resume</source>
            <translation>继续</translation>
        </message>
        <message>
            <source>Copy as Pretty JSON</source>
            <translation>复制为格式化 JSON</translation>
        </message>
        <message numerus="yes">
            <source>%1 of %n message(s)</source>
            <translation>
                <numerusform>%n 条消息中的 %1 条</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n message(s)</source>
            <translation>
                <numerusform>%n 条消息</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n oldest dropped (cap %1)</source>
            <translation>
                <numerusform>已丢弃最早的 %n 条（上限 %1）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>paused, %n new</source>
            <translation>
                <numerusform>已暂停，%n 条新消息</numerusform>
            </translation>
        </message>
        <message>
            <source>offline capture</source>
            <translation>离线捕获</translation>
        </message>
        <message>
            <source>This message has no paired request or response.</source>
            <translation>此消息没有配对的请求或响应。</translation>
        </message>
        <message>
            <source>The paired message is hidden by the filter.</source>
            <translation>配对的消息被筛选条件隐藏了。</translation>
        </message>
            <message>
            <source>Text:</source>
            <translation>文本：</translation>
        </message>
        <message>
            <source>Time: %1</source>
            <translation>时间：%1</translation>
        </message>
        <message>
            <source>Direction: %1</source>
            <translation>方向：%1</translation>
        </message>
        <message>
            <source>Kind: %1</source>
            <translation>类型：%1</translation>
        </message>
        <message>
            <source>Size: %1 bytes</source>
            <translation>大小：%1 字节</translation>
        </message>
        <message>
            <source>Latency: %1 ms</source>
            <translation>延迟：%1 毫秒</translation>
        </message>
        <message>
            <source>Server: %1</source>
            <translation>服务器：%1</translation>
        </message>
        <message>
            <source>Note: %1</source>
            <translation>备注：%1</translation>
        </message>
        <message>
            <source>HTTP method: %1</source>
            <translation>HTTP 方法：%1</translation>
        </message>
        <message>
            <source>URL: %1</source>
            <translation>URL：%1</translation>
        </message>
        <message>
            <source>HTTP status: %1</source>
            <translation>HTTP 状态：%1</translation>
        </message>
        <message>
            <source>SSE event: %1 id %2</source>
            <translation>SSE 事件：%1，ID %2</translation>
        </message>
        <message>
            <source>Headers:</source>
            <translation>请求头：</translation>
        </message>
        <message>
            <source>Could not write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <source>Export Traffic</source>
            <translation>导出流量</translation>
        </message>
        <message>
            <source>JSON Lines (every event, re-openable in MCP Scope)</source>
            <translation>JSON Lines（所有事件，可在 MCP Scope 中重新打开）</translation>
        </message>
        <message>
            <source>HAR 1.2 (HTTP exchanges, for browser tools)</source>
            <translation>HAR 1.2（HTTP 交换，供浏览器工具使用）</translation>
        </message>
        <message>
            <source>The whole log</source>
            <translation>整个日志</translation>
        </message>
        <message>
            <source>Only the rows the filters show</source>
            <translation>仅筛选条件显示的行</translation>
        </message>
        <message>
            <source>Include secrets (tokens, Authorization headers, secret environment values)</source>
            <translation>包含机密（令牌、Authorization 请求头、机密环境变量值）</translation>
        </message>
        <message>
            <source>Secrets are replaced by "[REDACTED]" unless you include them.</source>
            <translation>除非选择包含，机密将被替换为“[REDACTED]”。</translation>
        </message>
        <message>
            <source>Format:</source>
            <translation>格式：</translation>
        </message>
        <message>
            <source>Rows:</source>
            <translation>行：</translation>
        </message>
        <message>
            <source>Careful: the file will contain credentials in plain text.</source>
            <translation>注意：该文件将包含明文凭据。</translation>
        </message>
        <message>
            <source>HAR files (*.har)</source>
            <translation>HAR 文件 (*.har)</translation>
        </message>
        <message>
            <source>JSON Lines (*.jsonl)</source>
            <translation>JSON Lines (*.jsonl)</translation>
        </message>
        <message>
            <source>Hide pings</source>
            <translation>隐藏 ping</translation>
        </message>
        <message>
            <source>Leave out the keep-alive traffic: ping, and server/discover (the modern era has no ping)</source>
            <translation>隐藏保活流量：ping 以及 server/discover（新版协议时代没有 ping）</translation>
        </message>
        <message>
            <source>Only the rounds of one multi round-trip request are shown; click to show everything</source>
            <translation>仅显示一个多轮往返请求的各轮；点击以显示全部</translation>
        </message>
        <message>
            <source>Header</source>
            <translation>请求头</translation>
        </message>
        <message>
            <source>Value</source>
            <translation>值</translation>
        </message>
        <message>
            <source>Meaning</source>
            <translation>含义</translation>
        </message>
        <message>
            <source>Headers</source>
            <translation>请求头</translation>
        </message>
        <message>
            <source>Show Rounds of This Request</source>
            <translation>显示此请求的各轮</translation>
        </message>
        <message>
            <source>Only the requests and answers of this multi round-trip request</source>
            <translation>仅显示此多轮往返请求的请求与回答</translation>
        </message>
        <message>
            <source>the protocol version (equal to the _meta version in the modern era)</source>
            <translation>协议版本（在新版协议时代中与 _meta 版本相同）</translation>
        </message>
        <message>
            <source>the JSON-RPC method (modern era)</source>
            <translation>JSON-RPC 方法（新版协议时代）</translation>
        </message>
        <message>
            <source>params.name or params.uri (modern era)</source>
            <translation>params.name 或 params.uri（新版协议时代）</translation>
        </message>
        <message>
            <source>a tool argument annotated x-mcp-header "%1"</source>
            <translation>标注了 x-mcp-header“%1”的工具参数</translation>
        </message>
        <message>
            <source>the legacy era's HTTP session</source>
            <translation>旧版协议时代的 HTTP 会话</translation>
        </message>
        <message>
            <source>resumes an event stream after this event</source>
            <translation>在此事件之后恢复事件流</translation>
        </message>
        <message>
            <source>%1 (Base64 of "%2")</source>
            <translation>%1（“%2”的 Base64）</translation>
        </message>
        <message numerus="yes">
            <source>%n round(s) of request %1 ✕</source>
            <translation>
                <numerusform>请求 %1 的 %n 轮 ✕</numerusform>
            </translation>
        </message>
        <message>
            <source>All</source>
            <translation>全部</translation>
        </message>
        <message>
            <source>Everything: the connection and its MCP Apps views</source>
            <translation>全部：连接及其 MCP 应用视图</translation>
        </message>
        <message>
            <source>Server</source>
            <translation>服务器</translation>
        </message>
        <message>
            <source>What crossed the connection, and local events; no MCP Apps view traffic</source>
            <translation>经过连接的内容和本地事件；不含 MCP 应用视图流量</translation>
        </message>
        <message>
            <source>App</source>
            <translation>应用</translation>
        </message>
        <message>
            <source>Only the messages between the window and MCP Apps views (ui/initialize, the tools/call a view makes...), paired</source>
            <translation>仅窗口与 MCP 应用视图之间的消息（ui/initialize、视图发起的 tools/call……），已配对</translation>
        </message>
        <message>
            <source>Host → app view</source>
            <translation>宿主 → 应用视图</translation>
        </message>
        <message>
            <source>App view → host</source>
            <translation>应用视图 → 宿主</translation>
        </message>
        <message>
            <source>MCP Apps view: %1</source>
            <translation>MCP 应用视图：%1</translation>
        </message>
        <message>
            <source>The filters show no rows: nothing was exported.</source>
            <translation>筛选条件未显示任何行：未导出任何内容。</translation>
        </message>
        <message>
            <source>The log is empty: nothing was exported.</source>
            <translation>日志为空：未导出任何内容。</translation>
        </message>
        <message>
            <source>HAR holds only what crossed HTTP: a stdio connection's messages are not in it.</source>
            <translation>HAR 只包含经过 HTTP 的内容：stdio 连接的消息不在其中。</translation>
        </message>
        <message>
            <source>Not exported: %1</source>
            <translation>未导出：%1</translation>
        </message>
        <message numerus="yes">
            <source>Exported %n HTTP exchange(s) to %1</source>
            <translation>
                <numerusform>已将 %n 个 HTTP 交换导出到 %1</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Exported %n event(s) to %1</source>
            <translation>
                <numerusform>已将 %n 个事件导出到 %1</numerusform>
            </translation>
        </message>
        <message>
        <source>Where the time went: every call as a bar from sent to answered, latency per method, and trace exports</source>
        <translation>时间花在了哪里：每次调用显示为从发送到应答的条形，每个方法的延迟，以及跟踪导出</translation>
    </message>
    <message>
        <source>Only %1 ✕</source>
        <translation>仅 %1 ✕</translation>
    </message>
    <message>
        <source>Nothing crossed the wire in that range</source>
        <translation>该时间范围内没有任何传输</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>All Text</source>
        <translation>全部文本</translation>
    </message>
    <message>
        <source>This message is %1 bytes long: too big to format here. The All Text tab shows all of it as it came; Copy or Export gets all of it.</source>
        <translation>此消息长 %1 字节，太大，无法在此格式化。“全部文本”页按原样显示其全部内容；复制或导出可获得全部内容。</translation>
    </message>
</context>
    <context>
        <name>Mcp::parseFrame</name>
        <message>
            <source>not a JSON object</source>
            <translation>不是 JSON 对象</translation>
        </message>
        <message>
            <source>not valid JSON: %1</source>
            <translation>不是有效的 JSON：%1</translation>
        </message>
        <message>
            <source>batch element %1: %2</source>
            <translation>批量元素 %1：%2</translation>
        </message>
        <message>
            <source>empty batch</source>
            <translation>空批量</translation>
        </message>
        <message>
            <source>invalid UTF-8 read as U+FFFD (the raw bytes are kept)</source>
            <translation>无效的 UTF-8 已按 U+FFFD 读取（原始字节已保留）</translation>
        </message>
    </context>
    <context>
        <name>Units</name>
        <message>
            <source>%1 ms</source>
            <translation>%1 毫秒</translation>
        </message>
        <message>
            <source>%1 s</source>
            <translation>%1 秒</translation>
        </message>
        <message>
            <source>%1 min %2 s</source>
            <translation>%1 分 %2 秒</translation>
        </message>
        <message>
        <source>%1 µs</source>
        <translation>%1 微秒</translation>
    </message>
    <message>
        <source>%1 ns</source>
        <translation>%1 纳秒</translation>
    </message>
</context>
    <context>
        <name>Mcp::HostConfig</name>
        <message>
            <source>the file cannot be rewritten in place</source>
            <translation>无法原地改写该文件</translation>
        </message>
        <message>
            <source>the file is not a JSON object</source>
            <translation>该文件不是 JSON 对象</translation>
        </message>
        <message>
            <source>&quot;%1&quot; is not an object</source>
            <translation>“%1”不是对象</translation>
        </message>
        <message>
            <source>mcpServers (Claude, Cursor, Cline, LM Studio)</source>
            <translation>mcpServers（Claude、Cursor、Cline、LM Studio）</translation>
        </message>
        <message>
            <source>VS Code servers</source>
            <translation>VS Code 服务器</translation>
        </message>
        <message>
            <source>Map of servers</source>
            <translation>服务器映射</translation>
        </message>
        <message>
            <source>Single server</source>
            <translation>单个服务器</translation>
        </message>
        <message>
            <source>Unknown format</source>
            <translation>未知格式</translation>
        </message>
        <message>
            <source>cannot read %1: %2</source>
            <translation>无法读取 %1：%2</translation>
        </message>
        <message>
            <source>cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <source>the file is laid out in a way MCP Scope cannot rewrite safely; it was left as it was</source>
            <translation>该文件的布局使 MCP Scope 无法安全地改写；文件保持原样</translation>
        </message>
    </context>
<context>
    <name>Mcp::InstallLink</name>
    <message>
        <source>This is not an install link (mcpscope://install, vscode:mcp/install or cursor://anysphere.cursor-deeplink/mcp/install).</source>
        <translation>这不是安装链接（mcpscope://install、vscode:mcp/install 或 cursor://anysphere.cursor-deeplink/mcp/install）。</translation>
    </message>
    <message>
        <source>The link is %1 characters long; install links of more than %2 are refused.</source>
        <translation>该链接长 %1 个字符；超过 %2 个字符的安装链接会被拒绝。</translation>
    </message>
    <message>
        <source>The link carries no server configuration (nothing after &quot;?&quot;).</source>
        <translation>该链接不含服务器配置（“?”之后为空）。</translation>
    </message>
    <message>
        <source>The link has no &quot;config&quot; parameter.</source>
        <translation>该链接没有“config”参数。</translation>
    </message>
    <message>
        <source>The link&apos;s &quot;config&quot; parameter is not base64.</source>
        <translation>该链接的“config”参数不是 base64。</translation>
    </message>
    <message>
        <source>not an object</source>
        <translation>不是对象</translation>
    </message>
    <message>
        <source>The link&apos;s configuration is not a JSON object: %1 (at character %2).</source>
        <translation>该链接的配置不是 JSON 对象：%1（第 %2 个字符处）。</translation>
    </message>
    <message>
        <source>The link&apos;s configuration has neither a &quot;command&quot; nor a &quot;url&quot;.</source>
        <translation>该链接的配置既没有“command”也没有“url”。</translation>
    </message>
    <message>
        <source>The link&apos;s configuration is not one server.</source>
        <translation>该链接的配置不是单个服务器。</translation>
    </message>
    <message>
        <source>The link&apos;s configuration has an empty command.</source>
        <translation>该链接的配置中命令为空。</translation>
    </message>
    <message>
        <source>The link&apos;s URL &quot;%1&quot; is not an http:// or https:// URL.</source>
        <translation>该链接的 URL“%1”不是 http:// 或 https:// URL。</translation>
    </message>
    <message>
        <source>The link&apos;s OAuth key and workload token files are ignored: a link does not choose local files. Set them in the server&apos;s settings if you want them.</source>
        <translation>链接中的 OAuth 密钥文件和工作负载令牌文件已被忽略：链接不能指定本地文件。如有需要，请在服务器设置中设置。</translation>
    </message>
</context>
<context>
    <name>Mcp::RegistryServer</name>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation>应为字符串</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>不能为空</translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation>应为 true 或 false</translation>
    </message>
    <message>
        <source>expected an object</source>
        <translation>应为对象</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one of string, number, boolean, filepath</source>
        <translation>“%1”不是 string、number、boolean、filepath 之一</translation>
    </message>
    <message>
        <source>expected a list of strings</source>
        <translation>应为字符串列表</translation>
    </message>
    <message>
        <source>expected an object of variables</source>
        <translation>应为变量对象</translation>
    </message>
    <message>
        <source>expected a list</source>
        <translation>应为列表</translation>
    </message>
    <message>
        <source>expected a list of arguments</source>
        <translation>应为参数列表</translation>
    </message>
    <message>
        <source>a positional argument needs a &quot;value&quot; or a &quot;valueHint&quot;</source>
        <translation>位置参数需要“value”或“valueHint”</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is neither &quot;positional&quot; nor &quot;named&quot;</source>
        <translation>“%1”既不是“positional”也不是“named”</translation>
    </message>
    <message>
        <source>missing (&quot;positional&quot; or &quot;named&quot;)</source>
        <translation>缺失（“positional”或“named”）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a remote transport (streamable-http or sse)</source>
        <translation>“%1”不是远程传输（streamable-http 或 sse）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one of stdio, streamable-http, sse</source>
        <translation>“%1”不是 stdio、streamable-http、sse 之一</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an http:// or https:// URL</source>
        <translation>“%1”不是 http:// 或 https:// URL</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not one of %3</source>
        <translation>%1：“%2”不是 %3 之一</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number</source>
        <translation>%1：“%2”不是数字</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is neither true nor false</source>
        <translation>%1：“%2”既不是 true 也不是 false</translation>
    </message>
    <message>
        <source>Cannot open the file: %1</source>
        <translation>无法打开文件：%1</translation>
    </message>
    <message>
        <source>Not valid JSON: %1.</source>
        <translation>不是有效的 JSON：%1。</translation>
    </message>
    <message>
        <source>A server.json is a JSON object; this is a list or a value.</source>
        <translation>server.json 是 JSON 对象；这是列表或单个值。</translation>
    </message>
    <message>
        <source>This is an mcp.json (it has &quot;mcpServers&quot; or &quot;servers&quot;), not a registry server.json: import it with Import mcp.json.</source>
        <translation>这是 mcp.json（含“mcpServers”或“servers”），不是注册表的 server.json：请用“导入 mcp.json”导入。</translation>
    </message>
    <message>
        <source>This server.json uses the snake_case names of the first registry schema (%1); MCP Scope reads the camelCase schema of 2025-09-29 and later.</source>
        <translation>此 server.json 使用第一个注册表架构的 snake_case 名称（%1）；MCP Scope 读取 2025-09-29 及以后的 camelCase 架构。</translation>
    </message>
    <message>
        <source>The name &quot;%1&quot; is not in the registry&apos;s reverse-DNS form (namespace/name).</source>
        <translation>名称“%1”不是注册表的反向 DNS 形式（命名空间/名称）。</translation>
    </message>
    <message>
        <source>&quot;$schema&quot; is %1, not a registry server.json schema.</source>
        <translation>“$schema”为 %1，不是注册表的 server.json 架构。</translation>
    </message>
    <message>
        <source>%1: expected a list</source>
        <translation>%1：应为列表</translation>
    </message>
    <message>
        <source>This server.json lists no packages and no remotes: there is nothing to run.</source>
        <translation>此 server.json 没有列出软件包或远程服务器：没有可运行的内容。</translation>
    </message>
    <message>
        <source>This server.json lists no packages and no remotes: %1 says how to install it.</source>
        <translation>此 server.json 没有列出软件包或远程服务器：安装方法见 %1。</translation>
    </message>
    <message>
        <source>%1: expected an object</source>
        <translation>%1：应为对象</translation>
    </message>
    <message>
        <source>%1 uses the snake_case names of the first registry schema (%2).</source>
        <translation>%1 使用第一个注册表架构的 snake_case 名称（%2）。</translation>
    </message>
    <message>
        <source>%1: missing (an object with &quot;type&quot;: stdio, streamable-http or sse)</source>
        <translation>%1：缺失（应为含“type”的对象：stdio、streamable-http 或 sse）</translation>
    </message>
    <message>
        <source>%1: version &quot;latest&quot; is not pinned: whatever is newest runs.</source>
        <translation>%1：版本“latest”未固定：将运行当时最新的版本。</translation>
    </message>
    <message>
        <source>There is no such package or remote.</source>
        <translation>没有这个软件包或远程服务器。</translation>
    </message>
    <message>
        <source>From the server.json of %1 %2: %3.</source>
        <translation>来自 %1 %2 的 server.json：%3。</translation>
    </message>
    <message>
        <source>%1 is an MCP bundle (.mcpb). A bundle is a zip archive that must be downloaded, checked against its SHA-256 (%2) and unpacked; MCP Scope does not install bundles. Install it in a host that does, or unpack it and add its command with Add Server.</source>
        <translation>%1 是 MCP 包（.mcpb）。包是 zip 压缩文件，必须下载、用其 SHA-256（%2）校验并解压；MCP Scope 不安装包。请在支持包的宿主中安装，或解压后用“添加服务器”添加其命令。</translation>
    </message>
    <message>
        <source>none given</source>
        <translation>未提供</translation>
    </message>
    <message>
        <source>Packages of the registry type &quot;%1&quot; cannot be run by MCP Scope (it runs npm, pypi, oci and nuget packages).</source>
        <translation>MCP Scope 无法运行注册表类型“%1”的软件包（它运行 npm、pypi、oci 和 nuget 软件包）。</translation>
    </message>
    <message>
        <source>This package serves %1 itself: start it with %2 before connecting.</source>
        <translation>此软件包自行提供 %1：连接前请用 %2 启动它。</translation>
    </message>
    <message>
        <source>Start the server first: %1</source>
        <translation>请先启动服务器：%1</translation>
    </message>
    <message>
        <source>Needs a value for: %1</source>
        <translation>需要以下值：%1</translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::InstallLinkDialog</name>
    <message>
        <source>Add Server from Link?</source>
        <translation>从链接添加服务器？</translation>
    </message>
    <message>
        <source>A %1 install link proposes this server. Once added, it starts this program on your computer, with your user&apos;s rights, when you connect. Add it only if you trust where the link came from.</source>
        <translation>一个 %1 安装链接建议添加此服务器。添加后，连接时会以您的用户权限在您的计算机上启动此程序。仅当您信任该链接的来源时才添加。</translation>
    </message>
    <message>
        <source>A %1 install link proposes this server. Once added, MCP Scope connects to this URL when you connect, sending the headers listed. Add it only if you trust where the link came from.</source>
        <translation>一个 %1 安装链接建议添加此服务器。添加后，连接时 MCP Scope 会连接到此 URL 并发送所列的标头。仅当您信任该链接的来源时才添加。</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>&amp;Add Server</source>
        <translation>添加服务器(&amp;A)</translation>
    </message>
    <message>
        <source>%1 (secret)</source>
        <translation>%1（机密）</translation>
    </message>
    <message>
        <source>Command line:</source>
        <translation>命令行：</translation>
    </message>
    <message>
        <source>Program: %1</source>
        <translation>程序：%1</translation>
    </message>
    <message>
        <source>Argument %1: %2</source>
        <translation>参数 %1：%2</translation>
    </message>
    <message>
        <source>Environment: %1</source>
        <translation>环境变量：%1</translation>
    </message>
    <message>
        <source>Working directory: %1</source>
        <translation>工作目录：%1</translation>
    </message>
    <message>
        <source>Starts without the rest of your environment.</source>
        <translation>启动时不带您的其余环境变量。</translation>
    </message>
    <message>
        <source>URL: %1</source>
        <translation>URL：%1</translation>
    </message>
    <message>
        <source>Transport: %1</source>
        <translation>传输：%1</translation>
    </message>
    <message>
        <source>Headers: %1</source>
        <translation>标头：%1</translation>
    </message>
    <message>
        <source>Bearer token: set (secret)</source>
        <translation>Bearer 令牌：已设置（机密）</translation>
    </message>
    <message>
        <source>%1 (hidden)</source>
        <translation>%1（隐藏）</translation>
    </message>
    <message>
        <source>Asked for when connecting: %1</source>
        <translation>连接时询问：%1</translation>
    </message>
    <message>
        <source>Authorization: %1</source>
        <translation>授权：%1</translation>
    </message>
    <message>
        <source>OAuth client: %1</source>
        <translation>OAuth 客户端：%1</translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::RegistryServerDialog</name>
    <message>
        <source>Open server.json</source>
        <translation>打开 server.json</translation>
    </message>
    <message>
        <source>A server.json describes a server of the MCP Registry: the packages that run it and the remote endpoints that serve it. Choose one and fill in what it asks for; its command runs only after you have confirmed it.</source>
        <translation>server.json 描述 MCP Registry 中的一个服务器：运行它的软件包和提供它的远程端点。选择其一并填写所需内容；其命令仅在您确认后运行。</translation>
    </message>
    <message>
        <source>File path or https:// URL of a server.json</source>
        <translation>server.json 的文件路径或 https:// URL</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>&amp;Load</source>
        <translation>加载(&amp;L)</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <source>Run with:</source>
        <translation>运行方式：</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>&amp;Add Server</source>
        <translation>添加服务器(&amp;A)</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Choose a server.json file or give its URL.</source>
        <translation>请选择 server.json 文件或提供其 URL。</translation>
    </message>
    <message>
        <source>Refused: %1 is plain http. A server.json is fetched over https only (or from this computer).</source>
        <translation>已拒绝：%1 是明文 http。server.json 只通过 https 获取（或从本机获取）。</translation>
    </message>
    <message>
        <source>Fetching %1…</source>
        <translation>正在获取 %1…</translation>
    </message>
    <message>
        <source>Refused: %1 is larger than a server.json can be (1 MiB).</source>
        <translation>已拒绝：%1 超过 server.json 的最大大小（1 MiB）。</translation>
    </message>
    <message>
        <source>Could not fetch %1: %2</source>
        <translation>无法获取 %1：%2</translation>
    </message>
    <message>
        <source>Remote: %1</source>
        <translation>远程：%1</translation>
    </message>
    <message>
        <source>Package: %1</source>
        <translation>软件包：%1</translation>
    </message>
    <message>
        <source>Asked for (hidden) each time you connect.</source>
        <translation>每次连接时（隐藏地）询问。</translation>
    </message>
    <message>
        <source>Use it: asked for (hidden) each time you connect</source>
        <translation>使用：每次连接时（隐藏地）询问</translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>必填</translation>
    </message>
    <message>
        <source>Optional</source>
        <translation>可选</translation>
    </message>
    <message>
        <source>Ready to add. Secret values go to the keychain, never into the server list file.</source>
        <translation>可以添加。机密值存入钥匙串，绝不写入服务器列表文件。</translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::ShareServerDialog</name>
    <message>
        <source>Share %1</source>
        <translation>分享 %1</translation>
    </message>
    <message>
        <source>Links that add this server to MCP Scope, VS Code or Cursor. Secret values are left out: whoever adds the server is asked for them.</source>
        <translation>将此服务器添加到 MCP Scope、VS Code 或 Cursor 的链接。机密值不包含在内：添加服务器的人会被询问这些值。</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the %1 link</source>
        <translation>复制 %1 链接</translation>
    </message>
    <message>
        <source>The %1 link is on the clipboard.</source>
        <translation>%1 链接已复制到剪贴板。</translation>
    </message>
</context>
<context>
    <name>Mcp::TraceExport</name>
    <message>
        <source>cannot write the trace %1: %2</source>
        <translation>无法写入跟踪 %1：%2</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2</source>
        <translation>%1 返回了 HTTP %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::LatencyModel</name>
    <message>
        <source>(all)</source>
        <translation>（全部）</translation>
    </message>
    <message>
        <source>%1 – %2: %3</source>
        <translation>%1 – %2：%3</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>Tool, prompt or resource</source>
        <translation>工具、提示或资源</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>Distribution</source>
        <translation>分布</translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::LatencyScatter</name>
    <message>
        <source>Latency over the session</source>
        <translation>整个会话的延迟</translation>
    </message>
    <message>
        <source>No finished calls yet</source>
        <translation>尚无已完成的调用</translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::TimelinePanel</name>
    <message>
        <source>Fit All</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <source>Show the whole session (Home)</source>
        <translation>显示整个会话（Home）</translation>
    </message>
    <message>
        <source>Zoom In</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom in (+, or the mouse wheel)</source>
        <translation>放大（+ 或鼠标滚轮）</translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Zoom out (-)</source>
        <translation>缩小（-）</translation>
    </message>
    <message>
        <source>Follow Live End</source>
        <translation>跟随实时末尾</translation>
    </message>
    <message>
        <source>Keep the newest calls in view (End)</source>
        <translation>保持最新的调用可见（End）</translation>
    </message>
    <message>
        <source>Export Traces</source>
        <translation>导出跟踪</translation>
    </message>
    <message>
        <source>OpenTelemetry (OTLP JSON)…</source>
        <translation>OpenTelemetry（OTLP JSON）…</translation>
    </message>
    <message>
        <source>Chrome Trace for Perfetto…</source>
        <translation>用于 Perfetto 的 Chrome 跟踪…</translation>
    </message>
    <message>
        <source>Send to an OpenTelemetry Collector…</source>
        <translation>发送到 OpenTelemetry 收集器…</translation>
    </message>
    <message>
        <source>Send Trace Context to Servers</source>
        <translation>向服务器发送跟踪上下文</translation>
    </message>
    <message>
        <source>From the next connection on, each request carries a W3C traceparent in its _meta, so a server with OpenTelemetry continues the trace</source>
        <translation>从下一次连接起，每个请求都会在 _meta 中携带 W3C traceparent，以便使用 OpenTelemetry 的服务器继续该跟踪</translation>
    </message>
    <message>
        <source>One Trace per Session</source>
        <translation>每个会话一个跟踪</translation>
    </message>
    <message>
        <source>One trace for the whole session instead of one per call</source>
        <translation>整个会话一个跟踪，而不是每次调用一个</translation>
    </message>
    <message>
        <source>Latency per method</source>
        <translation>每个方法的延迟</translation>
    </message>
    <message>
        <source>&amp;Method:</source>
        <translation>方法(&amp;M)：</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Latency over Time</source>
        <translation>随时间变化的延迟</translation>
    </message>
    <message numerus="yes">
        <source>Reading %n event(s)…</source>
        <translation>
            <numerusform>正在读取 %n 个事件…</numerusform>
        </translation>
    </message>
    <message>
        <source>All methods</source>
        <translation>所有方法</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s)</source>
        <translation>
            <numerusform>%n 次调用</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n 次失败</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message>
        <source>Export Chrome Trace</source>
        <translation>导出 Chrome 跟踪</translation>
    </message>
    <message>
        <source>Export OpenTelemetry Traces</source>
        <translation>导出 OpenTelemetry 跟踪</translation>
    </message>
    <message>
        <source>Chrome traces (*.json *.trace)</source>
        <translation>Chrome 跟踪 (*.json *.trace)</translation>
    </message>
    <message>
        <source>OTLP JSON Lines (*.jsonl *.json)</source>
        <translation>OTLP JSON Lines (*.jsonl *.json)</translation>
    </message>
    <message>
        <source>Traces written to %1</source>
        <translation>跟踪已写入 %1</translation>
    </message>
    <message>
        <source>Send to an OpenTelemetry Collector</source>
        <translation>发送到 OpenTelemetry 收集器</translation>
    </message>
    <message>
        <source>OTLP/HTTP address of the collector (traces go to /v1/traces, the metric to /v1/metrics):</source>
        <translation>收集器的 OTLP/HTTP 地址（跟踪发送到 /v1/traces，指标发送到 /v1/metrics）：</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an http or https address.</source>
        <translation>&quot;%1&quot; 不是 http 或 https 地址。</translation>
    </message>
    <message>
        <source>Sending to %1…</source>
        <translation>正在发送到 %1…</translation>
    </message>
    <message>
        <source>Sent to %1</source>
        <translation>已发送到 %1</translation>
    </message>
    <message>
        <source>Not sent</source>
        <translation>未发送</translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::TimelineView</name>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>answered</source>
        <translation>已应答</translation>
    </message>
    <message>
        <source>tool error</source>
        <translation>工具错误</translation>
    </message>
    <message>
        <source>error %1</source>
        <translation>错误 %1</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>已超时</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>已丢失</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>sent again</source>
        <translation>已重新发送</translation>
    </message>
    <message>
        <source>task poll</source>
        <translation>任务轮询</translation>
    </message>
    <message>
        <source>version retry</source>
        <translation>换版本重试</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1，用时 %2</translation>
    </message>
    <message>
        <source>%1 for %2 so far</source>
        <translation>%1，迄今 %2</translation>
    </message>
    <message>
        <source>asked by the server</source>
        <translation>由服务器发起</translation>
    </message>
    <message>
        <source>id %1</source>
        <translation>ID %1</translation>
    </message>
    <message numerus="yes">
        <source>%n progress notification(s)</source>
        <translation>
            <numerusform>%n 条进度通知</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n part(s) inside</source>
        <translation>
            <numerusform>内含 %n 个部分</numerusform>
        </translation>
    </message>
    <message>
        <source>started %1 after the first event</source>
        <translation>在第一个事件后 %1 开始</translation>
    </message>
    <message>
        <source>No traffic yet: calls appear here as bars from sent to answered.</source>
        <translation>尚无通信：调用将以从发送到应答的条形显示在此处。</translation>
    </message>
    <message>
        <source>Live end</source>
        <translation>实时末尾</translation>
    </message>
    <message>
        <source>Span %1</source>
        <translation>跨度 %1</translation>
    </message>
    <message>
        <source>server requests</source>
        <translation>服务器请求</translation>
    </message>
</context>
<context>
    <name>Mcp::NetworkTrust</name>
    <message>
        <source>The certificate of %1 is not the one trusted for this server. It presented SHA-256 %2; trusted: %3.</source>
        <translation>%1 的证书不是此服务器所信任的证书。它出示的 SHA-256 为 %2；受信任的：%3。</translation>
    </message>
    <message>
        <source>The TLS connection to %1 could not be trusted: %2 (certificate SHA-256 %3)</source>
        <translation>无法信任到 %1 的 TLS 连接：%2（证书 SHA-256 %3）</translation>
    </message>
    <message>
        <source>The CA file %1 could not be read: %2</source>
        <translation>无法读取 CA 文件 %1：%2</translation>
    </message>
    <message>
        <source>The CA file %1 holds no certificate (PEM or DER).</source>
        <translation>CA 文件 %1 不含证书（PEM 或 DER）。</translation>
    </message>
    <message>
        <source>A client certificate needs both its certificate file and its key file.</source>
        <translation>客户端证书需要证书文件和密钥文件两者。</translation>
    </message>
    <message>
        <source>The client certificate %1 could not be read (a PEM file is expected).</source>
        <translation>无法读取客户端证书 %1（需要 PEM 文件）。</translation>
    </message>
    <message>
        <source>The client key %1 could not be read: %2</source>
        <translation>无法读取客户端密钥 %1：%2</translation>
    </message>
    <message>
        <source>The client key %1 did not open: its passphrase is missing or wrong.</source>
        <translation>无法打开客户端密钥 %1：缺少口令或口令错误。</translation>
    </message>
    <message>
        <source>The client key %1 is not a PEM private key (RSA, EC or DSA).</source>
        <translation>客户端密钥 %1 不是 PEM 私钥（RSA、EC 或 DSA）。</translation>
    </message>
    <message>
        <source>this server&apos;s settings</source>
        <translation>此服务器的设置</translation>
    </message>
    <message>
        <source>the system settings</source>
        <translation>系统设置</translation>
    </message>
    <message>
        <source>imported into the keychain</source>
        <translation>已导入钥匙串</translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::CertificateTrustDialog</name>
    <message>
        <source>This server&apos;s certificate changed.</source>
        <translation>此服务器的证书已更改。</translation>
    </message>
    <message>
        <source>Trusted (pinned):</source>
        <translation>受信任（已固定）：</translation>
    </message>
    <message>
        <source>Presented now:</source>
        <translation>现在出示的：</translation>
    </message>
    <message>
        <source>What verification found:</source>
        <translation>验证发现：</translation>
    </message>
    <message>
        <source>Certificates the server sent:</source>
        <translation>服务器发送的证书：</translation>
    </message>
    <message>
        <source>Server certificate</source>
        <translation>服务器证书</translation>
    </message>
    <message>
        <source>Issuer %1</source>
        <translation>签发者 %1</translation>
    </message>
    <message>
        <source>Subject</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Issuer</source>
        <translation>签发者</translation>
    </message>
    <message>
        <source>Valid</source>
        <translation>有效期</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message>
        <source>Names</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>SHA-256</source>
        <translation>SHA-256</translation>
    </message>
    <message>
        <source>Self-signed</source>
        <translation>自签名</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Certificate Changed</source>
        <translation>证书已更改</translation>
    </message>
    <message>
        <source>Untrusted Certificate</source>
        <translation>不受信任的证书</translation>
    </message>
    <message>
        <source>%1 (%2) presented a different certificate from the one trusted for it. Nothing was sent. Trust the new one only if you know why it changed.</source>
        <translation>%1（%2）出示的证书与其受信任的证书不同。未发送任何内容。只有在您知道它为何更改时才信任新证书。</translation>
    </message>
    <message>
        <source>MCP Scope did not trust the certificate of %1 (%2), so nothing was sent. Trust it only if you know this server.</source>
        <translation>MCP Scope 不信任 %1（%2）的证书，因此未发送任何内容。只有在您了解此服务器时才信任它。</translation>
    </message>
    <message>
        <source>&amp;Trust the New Certificate</source>
        <translation>信任新证书(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Trust This Certificate</source>
        <translation>信任此证书(&amp;T)</translation>
    </message>
    <message>
        <source>Keep this certificate&apos;s SHA-256 fingerprint with the server: it is trusted for this server only, and a different certificate later is refused.</source>
        <translation>将此证书的 SHA-256 指纹保存到该服务器：仅对此服务器信任它，以后出现的其他证书将被拒绝。</translation>
    </message>
    <message>
        <source>Add &amp;CA File…</source>
        <translation>添加 CA 文件(&amp;C)…</translation>
    </message>
    <message>
        <source>Trust the certification authority that issued this server&apos;s certificate (a PEM file), for this server or for all servers.</source>
        <translation>信任签发此服务器证书的证书颁发机构（PEM 文件），用于此服务器或所有服务器。</translation>
    </message>
    <message>
        <source>For This Server…</source>
        <translation>用于此服务器…</translation>
    </message>
    <message>
        <source>For All Servers…</source>
        <translation>用于所有服务器…</translation>
    </message>
    <message>
        <source>CA Certificate</source>
        <translation>CA 证书</translation>
    </message>
    <message>
        <source>Certificates (*.pem *.crt *.cer);;All files (*)</source>
        <translation>证书 (*.pem *.crt *.cer);;所有文件 (*)</translation>
    </message>
</context>
    <context>
        <name>Mcp::Record::WebSocketRecorder</name>
        <message>
            <source>the client</source>
            <translation>客户端</translation>
        </message>
        <message>
            <source>the server</source>
            <translation>服务器</translation>
        </message>
        <message>
            <source>The recorder could not reach %1: %2</source>
            <translation>录制器无法连接到 %1：%2</translation>
        </message>
        <message>
            <source>a binary frame of %1 bytes (MCP messages travel as text frames)</source>
            <translation>一个 %1 字节的二进制帧（MCP 消息以文本帧传输）</translation>
        </message>
        <message>
            <source>WebSocket closed by %1: %2</source>
            <translation>WebSocket 已由%1关闭：%2</translation>
        </message>
        <message>
            <source>the target must be a ws or wss URL</source>
            <translation>目标必须是 ws 或 wss URL</translation>
        </message>
    </context>
    <context>
        <name>Mcp::WebSocketTransport</name>
        <message>
            <source>The server did not answer the close frame within %1 ms; the connection was cut.</source>
            <translation>服务器未在 %1 毫秒内响应关闭帧；连接已被切断。</translation>
        </message>
        <message>
            <source>Closed by the client; the server did not answer the close frame.</source>
            <translation>已由客户端关闭；服务器未响应关闭帧。</translation>
        </message>
        <message>
            <source>The TLS settings for %1 cannot be used: %2</source>
            <translation>%1 的 TLS 设置无法使用：%2</translation>
        </message>
        <message>
            <source>WebSocket handshake with %1 (subprotocol %2)</source>
            <translation>与 %1 的 WebSocket 握手（子协议 %2）</translation>
        </message>
        <message>
            <source>Switching Protocols: WebSocket open, subprotocol %1</source>
            <translation>Switching Protocols：WebSocket 已打开，子协议 %1</translation>
        </message>
        <message>
            <source>Switching Protocols: WebSocket open, but the server chose no subprotocol (asked for %1)</source>
            <translation>Switching Protocols：WebSocket 已打开，但服务器未选择子协议（请求的是 %1）</translation>
        </message>
        <message>
            <source>Switching Protocols: WebSocket open, but the server chose the subprotocol %1 (asked for %2)</source>
            <translation>Switching Protocols：WebSocket 已打开，但服务器选择了子协议 %1（请求的是 %2）</translation>
        </message>
        <message>
            <source>The TLS connection to %1 could not be trusted: %2</source>
            <translation>无法信任到 %1 的 TLS 连接：%2</translation>
        </message>
        <message>
            <source>%1 refused the WebSocket handshake with HTTP %2 %3</source>
            <translation>%1 以 HTTP %2 %3 拒绝了 WebSocket 握手</translation>
        </message>
        <message>
            <source>Could not reach %1 over WebSocket: %2</source>
            <translation>无法通过 WebSocket 连接到 %1：%2</translation>
        </message>
        <message>
            <source>%1, reason "%2"</source>
            <translation>%1，原因“%2”</translation>
        </message>
        <message>
            <source>WebSocket closed: %1</source>
            <translation>WebSocket 已关闭：%1</translation>
        </message>
        <message>
            <source>Closed by the client (%1).</source>
            <translation>已由客户端关闭（%1）。</translation>
        </message>
        <message>
            <source>The server closed the WebSocket connection: %1.</source>
            <translation>服务器关闭了 WebSocket 连接：%1。</translation>
        </message>
        <message>
            <source>The WebSocket connection was closed: %1. A message was larger than one side accepts (this side accepts up to %2 bytes).</source>
            <translation>WebSocket 连接已关闭：%1。某条消息超过了一方可接受的大小（本方最多接受 %2 字节）。</translation>
        </message>
        <message>
            <source>empty text frame</source>
            <translation>空文本帧</translation>
        </message>
        <message>
            <source>a binary frame of %1 bytes: MCP messages travel as text frames, so it was not read</source>
            <translation>一个 %1 字节的二进制帧：MCP 消息以文本帧传输，因此未读取它</translation>
        </message>
        <message>
            <source>WebSocket pong after %1 ms</source>
            <translation>WebSocket pong，耗时 %1 毫秒</translation>
        </message>
        <message>
            <source>The server did not answer a WebSocket ping within %1 ms: the connection is taken as lost.</source>
            <translation>服务器未在 %1 毫秒内响应 WebSocket ping：连接被视为已丢失。</translation>
        </message>
        <message>
            <source>WebSocket ping</source>
            <translation>WebSocket ping</translation>
        </message>
        <message>
            <source>Cannot send: the WebSocket connection to %1 is not open.</source>
            <translation>无法发送：到 %1 的 WebSocket 连接未打开。</translation>
        </message>
        <message>
            <source>Closed by the client before the WebSocket opened.</source>
            <translation>在 WebSocket 打开之前已由客户端关闭。</translation>
        </message>
        <message>
            <source>Closing the WebSocket: %1</source>
            <translation>正在关闭 WebSocket：%1</translation>
        </message>
    </context>
</TS>
