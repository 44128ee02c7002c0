#pragma once

#include <QJsonObject>
#include <QLatin1StringView>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

// The io.modelcontextprotocol/ui extension (MCP Apps, SEP-1865): its names and the metadata a
// server attaches to tools (_meta.ui.resourceUri, visibility) and to ui:// resources
// (_meta.ui.csp, permissions, prefersBorder). Pure values (Qt Core, and QHostAddress for what a
// declared origin reaches).
namespace Mcp::Apps {

inline constexpr QLatin1StringView ExtensionId("io.modelcontextprotocol/ui");
inline constexpr QLatin1StringView HtmlMimeType("text/html;profile=mcp-app");
inline constexpr QLatin1StringView UiScheme("ui");
// The view protocol version we speak (the ext-apps SDK's LATEST_PROTOCOL_VERSION).
inline constexpr QLatin1StringView ViewProtocolVersion("2026-01-26");

// {"mimeTypes": [HtmlMimeType]}: what a client puts under capabilities.extensions[ExtensionId].
QJsonObject clientExtensionSettings();
// The server's settings for the extension (capabilities.extensions[ExtensionId]), or nullopt-like
// empty object with *declared false when it does not declare it.
QJsonObject serverExtensionSettings(const QJsonObject &serverCapabilities, bool *declared = nullptr);

bool isUiResourceUri(const QString &uri);
// "text/html;profile=mcp-app", ignoring case and spaces around the parameter.
bool isAppMimeType(const QString &mimeType);

// A tool's _meta.ui (and the deprecated flat _meta["ui/resourceUri"]).
struct ToolUiMeta
{
    QString resourceUri;        // empty: the tool has no view
    QString invalidResourceUri; // what the tool named instead of a ui:// URI (ignored)
    bool visibleToModel = true; // visibility defaults to ["model", "app"]
    bool visibleToApp = true;

    bool hasView() const { return !resourceUri.isEmpty(); }
    static ToolUiMeta fromTool(const QJsonObject &tool);
};

// What a view may load or connect to; each list holds sources as the server declared them,
// already checked (see UiResourceMeta::fromJson).
struct UiCsp
{
    QStringList connectDomains;
    QStringList resourceDomains;
    QStringList frameDomains;
    QStringList baseUriDomains;

    bool isEmpty() const;
    // What a view may reach is exactly what its CSP declares, this computer and the local
    // network included (a local server's view talks to its local API; a server could reach
    // those itself). The declared sources on this computer (localhost, 127.0.0.0/8, ::1) and
    // on the local network (10/8, 172.16/12, 192.168/16, 169.254/16, fc00::/7, fe80::/10,
    // *.local), each once, for the view's host line to name.
    QStringList loopbackSources() const;
    QStringList privateNetworkSources() const;
    QJsonObject toJson() const;
};

// A ui:// resource's _meta.ui: on the resources/read content item, falling back to the listing's.
struct UiResourceMeta
{
    UiCsp csp;
    bool camera = false;
    bool microphone = false;
    bool geolocation = false;
    bool clipboardWrite = false;
    QString domain;
    std::optional<bool> prefersBorder;

    // Reads {csp, permissions, domain, prefersBorder}. A CSP source that could change the policy's
    // meaning (';', ',', quotes, whitespace, a keyword such as 'unsafe-eval', a bare "*", a scheme
    // other than http(s)/ws(s)) is dropped and named in *problems.
    static UiResourceMeta fromJson(const QJsonObject &ui, QStringList *problems = nullptr);
    // The content item's _meta.ui when it has one, else the listing entry's.
    static UiResourceMeta resolve(const QJsonObject &contentItem, const QJsonObject &listingEntry,
                                  QStringList *problems = nullptr);

    // The Content-Security-Policy the view runs under (the spec's construction; with no CSP
    // metadata: no network at all).
    QString contentSecurityPolicy() const;
    // The iframe's allow attribute (Permission Policy): only what was declared.
    QString permissionPolicy() const;
    // hostCapabilities.sandbox: what we apply.
    QJsonObject sandboxJson() const;

    // Kinds of request a view makes, for the network filter behind the CSP.
    enum class RequestKind { Connect, Resource, Frame };
    // True when url's origin is one of the declared sources for that kind (https://*.x.com
    // matches subdomains of x.com, not x.com itself; a missing port means the scheme's default).
    bool allows(const QUrl &url, RequestKind kind) const;
};

// html with a <meta http-equiv="Content-Security-Policy"> placed first: right after a leading
// doctype (the parser puts it into the head it implies), else before everything, so nothing the
// document says before it (a comment, a fake <head>) can load anything ahead of the policy.
QString withContentSecurityPolicy(const QString &html, const QString &policy);

// True when source (a CSP host-source as declared: "https://cdn.x.com", "https://*.x.com",
// "wss://x.com:8443") matches url's scheme, host and port.
bool sourceMatches(const QString &source, const QUrl &url);

} // namespace Mcp::Apps
