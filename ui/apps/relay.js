// MCP Scope's host page relay for an MCP Apps view. It runs in an isolated world (the view's
// scripts cannot see it or qt.webChannelTransport) and moves JSON-RPC messages between the
// view's sandboxed iframe (postMessage, as in every host) and the C++ host (QWebChannel).
(function () {
  "use strict";
  const frame = document.getElementById("mcp-app-view");
  if (!frame || typeof qt === "undefined" || !qt.webChannelTransport)
    return;
  new QWebChannel(qt.webChannelTransport, function (channel) {
    const host = channel.objects.host;
    window.addEventListener("message", function (event) {
      // Only the view's own window speaks for the view.
      if (event.source !== frame.contentWindow)
        return;
      let text = "";
      try {
        text = JSON.stringify(event.data);
      } catch (error) {
        text = "";
      }
      host.fromView(text === undefined ? "" : text);
    });
    host.toView.connect(function (text) {
      if (frame.contentWindow)
        frame.contentWindow.postMessage(JSON.parse(text), "*");
    });
    host.viewHtml(function (html) {
      frame.srcdoc = html;
    });
  });
})();
