#pragma once

#include <QByteArray>
#include <QImage>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

namespace Mcp::Ui::ImageDecode {

// Decodes PNG, JPEG, GIF, WebP (when the plugin is installed) and SVG. SVG is rendered after
// every reference that is not a fragment or data: URI has been removed, so drawing it never
// reads a file or the network. Larger images are scaled to fit maxSide. On failure the image
// is null and *problem says why. An empty mimeType means "sniff the bytes".
QImage decode(const QByteArray &bytes, const QString &mimeType, QString *problem, int maxSide = 480);
QByteArray sanitizeSvg(const QByteArray &svg);

// An icon's bytes (from a data: URI or the web) as an image no larger than maxSide: the format
// is sniffed from the bytes, never taken from a header, and the decoder may allocate little
// (a small file claiming a huge size is refused).
QImage decodeIcon(const QByteArray &bytes, QString *problem, int maxSide = 64);

// The bytes of a data: URI (base64 or percent-encoded), or a null array and *problem when it
// is malformed or decodes to more than maxBytes.
QByteArray dataUriBytes(const QString &src, qsizetype maxBytes, QString *problem);

// The entries of an MCP "icons" array (2025-11-25 Icon: src, mimeType, sizes, theme), best
// first for a list drawing icons of iconSize device-independent pixels: an icon made for the
// other theme last; data: URIs (no network) before https; then the size closest to iconSize
// (scalable SVG and "any" count as exact; larger beats smaller). Icons with other schemes
// are kept at the end so a caller can say why nothing was drawn.
QList<QJsonObject> rankIcons(const QJsonArray &icons, int iconSize, bool darkBackground);


} // namespace Mcp::Ui::ImageDecode
