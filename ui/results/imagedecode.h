#pragma once

#include <QByteArray>
#include <QIcon>
#include <QImage>
#include <QJsonArray>
#include <QString>

namespace Mcp::Ui::ImageDecode {

// Decodes PNG, JPEG, GIF, WebP (when the plugin is installed) and SVG. SVG is rendered after
// every reference that is not a fragment or data: URI has been removed, so drawing it never
// reads a file or the network. Larger images are scaled to fit maxSide. On failure the image
// is null and *problem says why.
QImage decode(const QByteArray &bytes, const QString &mimeType, QString *problem, int maxSide = 480);
QByteArray sanitizeSvg(const QByteArray &svg);

// The icon of a tool, resource or prompt from its "icons" array (MCP 2025-06-18+): only data:
// URIs are drawn here, capped at maxBytes; https icons are not fetched (no network request
// without the user's say-so), and *note says so. Returns a null icon when nothing fits.
QIcon iconFromIcons(const QJsonArray &icons, QString *note = nullptr, qsizetype maxBytes = 256 * 1024);

} // namespace Mcp::Ui::ImageDecode
