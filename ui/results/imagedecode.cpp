#include "imagedecode.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QImageReader>
#include <QJsonObject>
#include <QPainter>
#include <QPixmap>
#include <QRegularExpression>
#include <QSvgRenderer>

namespace Mcp::Ui::ImageDecode {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::Ui::ImageDecode)
};
constexpr qsizetype MaxImageBytes = 32 * 1024 * 1024;
}

QByteArray sanitizeSvg(const QByteArray &svg)
{
    static const QRegularExpression externalRef(
        QStringLiteral("\\b((?:xlink:)?href)\\s*=\\s*(\"|')(?!#|data:)[^\"']*\\2"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression entities(QStringLiteral("<!ENTITY[^>]*>"), QRegularExpression::CaseInsensitiveOption);
    QString text = QString::fromUtf8(svg);
    text.replace(externalRef, QStringLiteral("\\1=\\2#\\2"));
    text.remove(entities);
    return text.toUtf8();
}

QImage decode(const QByteArray &bytes, const QString &mimeType, QString *problem, int maxSide)
{
    QString ignored;
    if (!problem)
        problem = &ignored;
    if (bytes.size() > MaxImageBytes) {
        *problem = Tr::tr("%1 image: too big to show (%2 bytes); save it instead").arg(mimeType).arg(bytes.size());
        return {};
    }
    const bool svg = mimeType.startsWith(QLatin1String("image/svg"))
        || (mimeType.isEmpty() && bytes.left(256).contains("<svg"));
    if (svg) {
        QSvgRenderer renderer(sanitizeSvg(bytes));
        if (!renderer.isValid()) {
            *problem = Tr::tr("The SVG image could not be read");
            return {};
        }
        QSize size = renderer.defaultSize();
        if (size.isEmpty())
            size = QSize(128, 128);
        if (size.width() > maxSide || size.height() > maxSide)
            size.scale(maxSide, maxSide, Qt::KeepAspectRatio);
        QImage image(size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter painter(&image);
        renderer.render(&painter);
        return image;
    }
    QBuffer buffer;
    buffer.setData(bytes);
    QImageReader reader(&buffer);
    reader.setAllocationLimit(256); // MiB: a tiny file claiming to be 100000 x 100000 pixels is refused
    QImage image = reader.read();
    if (image.isNull()) {
        const bool supported = mimeType.isEmpty() || QImageReader::supportedMimeTypes().contains(mimeType.toLatin1());
        *problem = supported ? Tr::tr("The %1 image could not be decoded: %2").arg(mimeType, reader.errorString())
                             : Tr::tr("No image plugin for %1 is installed: save the image to view it").arg(mimeType);
    }
    return image;
}

QIcon iconFromIcons(const QJsonArray &icons, QString *note, qsizetype maxBytes)
{
    bool sawHttps = false;
    for (const QJsonValue &value : icons) {
        const QJsonObject icon = value.toObject();
        const QString src = icon.value(QLatin1String("src")).toString();
        if (src.startsWith(QLatin1String("https://"), Qt::CaseInsensitive)) {
            sawHttps = true;
            continue;
        }
        if (!src.startsWith(QLatin1String("data:"), Qt::CaseInsensitive))
            continue; // only https and data URIs are allowed at all
        const int comma = src.indexOf(u',');
        if (comma < 0 || comma > 200)
            continue;
        const QString header = src.mid(5, comma - 5);
        const bool base64 = header.endsWith(QLatin1String(";base64"), Qt::CaseInsensitive);
        QString mimeType = header.section(u';', 0, 0);
        if (mimeType.isEmpty())
            mimeType = icon.value(QLatin1String("mimeType")).toString();
        if ((src.size() - comma) * 3 / 4 > maxBytes)
            continue;
        const QByteArray payload = src.mid(comma + 1).toLatin1();
        const QByteArray bytes = base64 ? QByteArray::fromBase64(payload) : QByteArray::fromPercentEncoding(payload);
        const QImage image = decode(bytes, mimeType, nullptr, 64);
        if (!image.isNull())
            return QIcon(QPixmap::fromImage(image));
    }
    if (note && sawHttps)
        *note = Tr::tr("This icon is on the web (https); MCP Scope does not fetch it without your permission.");
    return {};
}

} // namespace Mcp::Ui::ImageDecode
