#include "apps/uimeta.h"

#include <QHostAddress>
#include <QJsonArray>
#include <QRegularExpression>

#include <utility>

namespace Mcp::Apps {

namespace {
const QLatin1StringView Ui("ui");
const QLatin1StringView Meta("_meta");

int defaultPort(const QString &scheme)
{
    if (scheme == QLatin1StringView("https") || scheme == QLatin1StringView("wss"))
        return 443;
    if (scheme == QLatin1StringView("http") || scheme == QLatin1StringView("ws"))
        return 80;
    return -1;
}

// A host-source of the form scheme://host[:port][/path]; host may start with "*.".
bool isSafeSource(const QString &source)
{
    static const QRegularExpression pattern(
        QStringLiteral("^(https?|wss?)://(\\*\\.)?[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*(:[0-9]{1,5})?(/[A-Za-z0-9._~/%-]*)?$"));
    return pattern.match(source).hasMatch();
}

QStringList readSources(const QJsonObject &csp, QLatin1StringView key, QStringList *problems)
{
    QStringList sources;
    const QJsonValue value = csp.value(key);
    if (value.isUndefined() || value.isNull())
        return sources;
    if (!value.isArray()) {
        if (problems)
            problems->append(QStringLiteral("csp.%1: expected an array").arg(key));
        return sources;
    }
    for (const QJsonValue &entry : value.toArray()) {
        const QString source = entry.toString().trimmed();
        if (entry.isString() && isSafeSource(source)) {
            sources.append(source);
        } else if (problems) {
            problems->append(QStringLiteral("csp.%1: %2 is not an origin we allow; ignored")
                                 .arg(key, entry.isString() ? entry.toString() : QStringLiteral("a non-string")));
        }
    }
    return sources;
}

QString joined(const QStringList &sources, const QString &whenEmpty)
{
    return sources.isEmpty() ? whenEmpty : sources.join(QLatin1Char(' '));
}
} // namespace

QJsonObject clientExtensionSettings()
{
    return QJsonObject{{QStringLiteral("mimeTypes"), QJsonArray{QString(HtmlMimeType)}}};
}

QJsonObject serverExtensionSettings(const QJsonObject &serverCapabilities, bool *declared)
{
    const QJsonObject extensions = serverCapabilities.value(QLatin1StringView("extensions")).toObject();
    if (declared)
        *declared = extensions.contains(ExtensionId);
    return extensions.value(ExtensionId).toObject();
}

bool isUiResourceUri(const QString &uri)
{
    return uri.startsWith(QLatin1StringView("ui://"), Qt::CaseInsensitive);
}

bool isAppMimeType(const QString &mimeType)
{
    QString normalized = mimeType.toLower();
    normalized.remove(QLatin1Char(' '));
    return normalized == HtmlMimeType;
}

ToolUiMeta ToolUiMeta::fromTool(const QJsonObject &tool)
{
    ToolUiMeta meta;
    const QJsonObject toolMeta = tool.value(Meta).toObject();
    const QJsonObject ui = toolMeta.value(Ui).toObject();
    meta.resourceUri = ui.value(QLatin1StringView("resourceUri")).toString();
    if (meta.resourceUri.isEmpty()) // the deprecated flat key, still sent by older servers
        meta.resourceUri = toolMeta.value(QLatin1StringView("ui/resourceUri")).toString();
    // Only a ui:// resource is a view (the ext-apps host rejects anything else): never read an
    // https:// or file: URI as one.
    if (!meta.resourceUri.isEmpty() && !isUiResourceUri(meta.resourceUri))
        meta.invalidResourceUri = std::exchange(meta.resourceUri, QString());
    const QJsonValue visibility = ui.value(QLatin1StringView("visibility"));
    if (visibility.isArray()) {
        const QJsonArray list = visibility.toArray();
        meta.visibleToModel = list.contains(QStringLiteral("model"));
        meta.visibleToApp = list.contains(QStringLiteral("app"));
    }
    return meta;
}

namespace {
enum class Reach { Public, Loopback, PrivateNetwork };

Reach reachOf(const QString &source)
{
    const QString host = QUrl(QString(source).replace(QLatin1StringView("*."), QLatin1StringView("wildcard.")))
                             .host()
                             .toLower();
    if (host == QLatin1StringView("localhost") || host.endsWith(QLatin1StringView(".localhost")))
        return Reach::Loopback;
    if (host.endsWith(QLatin1StringView(".local")))
        return Reach::PrivateNetwork;
    QHostAddress address;
    if (!address.setAddress(host))
        return Reach::Public;
    if (address.isLoopback())
        return Reach::Loopback;
    const bool privateV4 = address.isInSubnet(QHostAddress(QStringLiteral("10.0.0.0")), 8)
                           || address.isInSubnet(QHostAddress(QStringLiteral("172.16.0.0")), 12)
                           || address.isInSubnet(QHostAddress(QStringLiteral("192.168.0.0")), 16);
    if (privateV4 || address.isLinkLocal() || address.isSiteLocal() || address.isUniqueLocalUnicast())
        return Reach::PrivateNetwork;
    return Reach::Public;
}

QStringList sourcesReaching(const UiCsp &csp, Reach reach)
{
    QStringList sources;
    for (const QStringList *list : {&csp.connectDomains, &csp.resourceDomains, &csp.frameDomains, &csp.baseUriDomains}) {
        for (const QString &source : *list) {
            if (reachOf(source) == reach && !sources.contains(source))
                sources.append(source);
        }
    }
    return sources;
}
} // namespace

QStringList UiCsp::loopbackSources() const
{
    return sourcesReaching(*this, Reach::Loopback);
}

QStringList UiCsp::privateNetworkSources() const
{
    return sourcesReaching(*this, Reach::PrivateNetwork);
}

bool UiCsp::isEmpty() const
{
    return connectDomains.isEmpty() && resourceDomains.isEmpty() && frameDomains.isEmpty()
           && baseUriDomains.isEmpty();
}

QJsonObject UiCsp::toJson() const
{
    QJsonObject json;
    const auto put = [&json](const char *key, const QStringList &list) {
        if (!list.isEmpty())
            json.insert(QLatin1StringView(key), QJsonArray::fromStringList(list));
    };
    put("connectDomains", connectDomains);
    put("resourceDomains", resourceDomains);
    put("frameDomains", frameDomains);
    put("baseUriDomains", baseUriDomains);
    return json;
}

UiResourceMeta UiResourceMeta::fromJson(const QJsonObject &ui, QStringList *problems)
{
    UiResourceMeta meta;
    const QJsonObject csp = ui.value(QLatin1StringView("csp")).toObject();
    meta.csp.connectDomains = readSources(csp, QLatin1StringView("connectDomains"), problems);
    meta.csp.resourceDomains = readSources(csp, QLatin1StringView("resourceDomains"), problems);
    meta.csp.frameDomains = readSources(csp, QLatin1StringView("frameDomains"), problems);
    meta.csp.baseUriDomains = readSources(csp, QLatin1StringView("baseUriDomains"), problems);
    const QJsonObject permissions = ui.value(QLatin1StringView("permissions")).toObject();
    meta.camera = permissions.contains(QLatin1StringView("camera"));
    meta.microphone = permissions.contains(QLatin1StringView("microphone"));
    meta.geolocation = permissions.contains(QLatin1StringView("geolocation"));
    meta.clipboardWrite = permissions.contains(QLatin1StringView("clipboardWrite"));
    meta.domain = ui.value(QLatin1StringView("domain")).toString();
    const QJsonValue border = ui.value(QLatin1StringView("prefersBorder"));
    if (border.isBool())
        meta.prefersBorder = border.toBool();
    return meta;
}

UiResourceMeta UiResourceMeta::resolve(const QJsonObject &contentItem, const QJsonObject &listingEntry,
                                       QStringList *problems)
{
    const QJsonValue own = contentItem.value(Meta).toObject().value(Ui);
    if (own.isObject())
        return fromJson(own.toObject(), problems);
    return fromJson(listingEntry.value(Meta).toObject().value(Ui).toObject(), problems);
}

QString UiResourceMeta::contentSecurityPolicy() const
{
    const QString resources = csp.resourceDomains.join(QLatin1Char(' '));
    const auto with = [&resources](const QString &base) {
        return resources.isEmpty() ? base : base + QLatin1Char(' ') + resources;
    };
    const QStringList directives{
        QStringLiteral("default-src 'none'"),
        QStringLiteral("script-src ") + with(QStringLiteral("'self' 'unsafe-inline'")),
        QStringLiteral("style-src ") + with(QStringLiteral("'self' 'unsafe-inline'")),
        QStringLiteral("img-src ") + with(QStringLiteral("'self' data:")),
        QStringLiteral("font-src ") + with(QStringLiteral("'self'")),
        QStringLiteral("media-src ") + with(QStringLiteral("'self' data:")),
        QStringLiteral("connect-src ") + joined(csp.connectDomains, QStringLiteral("'none'")),
        QStringLiteral("frame-src ") + joined(csp.frameDomains, QStringLiteral("'none'")),
        QStringLiteral("object-src 'none'"),
        QStringLiteral("base-uri ") + joined(csp.baseUriDomains, QStringLiteral("'self'")),
        QStringLiteral("form-action 'none'"),
    };
    return directives.join(QStringLiteral("; "));
}

QString UiResourceMeta::permissionPolicy() const
{
    QStringList allow;
    if (camera)
        allow << QStringLiteral("camera");
    if (microphone)
        allow << QStringLiteral("microphone");
    if (geolocation)
        allow << QStringLiteral("geolocation");
    if (clipboardWrite)
        allow << QStringLiteral("clipboard-write");
    return allow.join(QStringLiteral("; "));
}

QJsonObject UiResourceMeta::sandboxJson() const
{
    QJsonObject permissions;
    if (camera)
        permissions.insert(QLatin1StringView("camera"), QJsonObject());
    if (microphone)
        permissions.insert(QLatin1StringView("microphone"), QJsonObject());
    if (geolocation)
        permissions.insert(QLatin1StringView("geolocation"), QJsonObject());
    if (clipboardWrite)
        permissions.insert(QLatin1StringView("clipboardWrite"), QJsonObject());
    return QJsonObject{{QStringLiteral("permissions"), permissions}, {QStringLiteral("csp"), csp.toJson()}};
}

bool sourceMatches(const QString &source, const QUrl &url)
{
    const QUrl pattern(source.startsWith(QLatin1StringView("https://*."))
                           || source.startsWith(QLatin1StringView("http://*."))
                           || source.startsWith(QLatin1StringView("wss://*."))
                           || source.startsWith(QLatin1StringView("ws://*."))
                       ? QString(source).replace(QLatin1StringView("*."), QLatin1StringView("wildcard."))
                       : source);
    if (!pattern.isValid() || !url.isValid())
        return false;
    const QString scheme = url.scheme().toLower();
    // CSP lets https: sources match wss: as well; http(s) and ws(s) otherwise match only themselves.
    const QString patternScheme = pattern.scheme().toLower();
    const bool schemeOk = scheme == patternScheme
                          || (patternScheme == QLatin1StringView("https") && scheme == QLatin1StringView("wss"))
                          || (patternScheme == QLatin1StringView("http") && scheme == QLatin1StringView("ws"));
    if (!schemeOk)
        return false;
    if (url.port(defaultPort(scheme)) != pattern.port(defaultPort(patternScheme)))
        return false;
    const QString host = url.host().toLower();
    QString wanted = pattern.host().toLower();
    if (wanted.startsWith(QLatin1StringView("wildcard."))) {
        wanted = wanted.mid(int(qstrlen("wildcard")));  // ".x.com"
        return host.endsWith(wanted) && host.size() > wanted.size();
    }
    return host == wanted;
}

QString withContentSecurityPolicy(const QString &html, const QString &policy)
{
    const QString meta = QStringLiteral("<meta http-equiv=\"Content-Security-Policy\" content=\"%1\">")
                             .arg(policy.toHtmlEscaped());
    static const QRegularExpression doctype(QStringLiteral("^\\s*<!doctype[^>]*>"),
                                            QRegularExpression::CaseInsensitiveOption);
    QString text = html;
    if (text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);
    const QRegularExpressionMatch match = doctype.match(text);
    if (match.hasMatch())
        return text.left(match.capturedEnd()) + meta + text.mid(match.capturedEnd());
    return meta + text;
}

bool UiResourceMeta::allows(const QUrl &url, RequestKind kind) const
{
    const QStringList &sources = kind == RequestKind::Connect ? csp.connectDomains
                                 : kind == RequestKind::Frame ? csp.frameDomains
                                                              : csp.resourceDomains;
    for (const QString &source : sources) {
        if (sourceMatches(source, url))
            return true;
    }
    return false;
}

} // namespace Mcp::Apps
