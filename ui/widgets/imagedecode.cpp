#include "imagedecode.h"

#include "protocol/keys.h"
#include "protocol/types.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QImageReader>
#include <QJsonObject>
#include <QPainter>
#include <QPixmap>
#include <QRegularExpression>
#include <QSvgRenderer>

#include <algorithm>
#include <tuple>

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
    // An <image>, <use> or <feImage> pointing outside is dropped whole (without its href
    // QtSvg would complain); any other outside reference loses the attribute.
    static const QRegularExpression externalElement(
        QStringLiteral("<(image|use|feImage)\\b[^>]*\\b(?:xlink:)?href\\s*=\\s*(\"|')(?!#|data:)[^\"']*\\2[^>]*?(?:/>|>.*?</\\1\\s*>)"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression externalRef(
        QStringLiteral("\\s(?:xlink:)?href\\s*=\\s*(\"|')(?!#|data:)[^\"']*\\1"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression entities(QStringLiteral("<!ENTITY[^>]*>"), QRegularExpression::CaseInsensitiveOption);
    QString text = QString::fromUtf8(svg);
    text.remove(entities);
    text.remove(externalElement);
    text.remove(externalRef);
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

QImage decodeIcon(const QByteArray &bytes, QString *problem, int maxSide)
{
    QString ignored;
    if (!problem)
        problem = &ignored;
    const QByteArray head = bytes.left(4096);
    if (head.contains("<svg") || head.contains("<SVG"))
        return decode(bytes, QStringLiteral("image/svg+xml"), problem, maxSide);
    QBuffer buffer;
    buffer.setData(bytes);
    QImageReader reader(&buffer);
    reader.setAllocationLimit(32); // MiB: plenty for an icon, little for a decompression bomb
    const QSize size = reader.size();
    if (size.isValid() && (size.width() > maxSide || size.height() > maxSide))
        reader.setScaledSize(size.scaled(maxSide, maxSide, Qt::KeepAspectRatio));
    QImage image = reader.read();
    if (image.isNull()) {
        *problem = reader.error() == QImageReader::UnsupportedFormatError
            ? Tr::tr("not an image MCP Scope can read")
            : Tr::tr("the image could not be decoded: %1").arg(reader.errorString());
    } else if (image.width() > maxSide || image.height() > maxSide) {
        image = image.scaled(maxSide, maxSide, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    }
    return image;
}

QByteArray dataUriBytes(const QString &src, qsizetype maxBytes, QString *problem)
{
    QString ignored;
    if (!problem)
        problem = &ignored;
    const int comma = src.indexOf(u',');
    if (!src.startsWith(QLatin1String("data:"), Qt::CaseInsensitive) || comma < 0 || comma > 200) {
        *problem = Tr::tr("malformed data: URI");
        return {};
    }
    const bool base64 = src.mid(5, comma - 5).endsWith(QLatin1String(";base64"), Qt::CaseInsensitive);
    // Checked before decoding so a huge URI costs nothing.
    const qsizetype estimate = base64 ? (src.size() - comma - 1) * 3 / 4 : (src.size() - comma - 1);
    if (estimate > maxBytes + 2) {
        *problem = Tr::tr("larger than %1 KiB").arg(maxBytes / 1024.0, 0, 'g', 3);
        return {};
    }
    const QByteArray payload = src.mid(comma + 1).toLatin1();
    QByteArray bytes = base64 ? QByteArray::fromBase64(payload) : QByteArray::fromPercentEncoding(payload);
    if (bytes.size() > maxBytes) {
        *problem = Tr::tr("larger than %1 KiB").arg(maxBytes / 1024.0, 0, 'g', 3);
        return {};
    }
    if (bytes.isEmpty())
        *problem = Tr::tr("empty data: URI");
    return bytes;
}

namespace {
int schemeRank(const QString &src)
{
    if (src.startsWith(QLatin1String("data:"), Qt::CaseInsensitive))
        return 0;
    if (src.startsWith(QLatin1String("https://"), Qt::CaseInsensitive))
        return 1;
    return 2;
}

// How far an icon's declared sizes are from the wanted size in pixels; scaling down is
// cheaper on the eye than scaling up, so a too-small icon counts four times its distance.
int sizeDistance(const Icon &icon, int wanted)
{
    const bool svg = icon.mimeType.startsWith(QLatin1String("image/svg"))
        || icon.src.startsWith(QLatin1String("data:image/svg"), Qt::CaseInsensitive);
    if (icon.json.value(Key::Sizes).toArray().isEmpty())
        return svg ? 0 : 1000; // unknown: after every declared fit, before declared misfits far away
    int best = 1 << 20;
    for (const QString &size : icon.sizes) {
        const QString text = size.trimmed().toLower();
        if (text == QLatin1String("any")) {
            best = 0;
            continue;
        }
        const int x = text.indexOf(u'x');
        bool okW = false;
        bool okH = false;
        const int w = text.left(x).toInt(&okW);
        const int h = text.mid(x + 1).toInt(&okH);
        if (x < 0 || !okW || !okH || w <= 0 || h <= 0)
            continue;
        const int side = std::max(w, h);
        best = std::min(best, side >= wanted ? side - wanted : (wanted - side) * 4);
    }
    return best == (1 << 20) ? 1000 : best;
}
}

QList<QJsonObject> rankIcons(const QJsonArray &icons, int iconSize, bool darkBackground)
{
    struct Candidate
    {
        QJsonObject icon;
        int themeMismatch;
        int scheme;
        int distance;
    };
    const int wanted = std::max(1, iconSize);
    const QString ourTheme = darkBackground ? QStringLiteral("dark") : QStringLiteral("light");
    QList<Candidate> candidates;
    for (const QJsonValue &value : icons) {
        const Icon icon = Icon::fromJson(value.toObject());
        if (icon.src.isEmpty())
            continue;
        candidates.append({icon.json, !icon.theme.isEmpty() && icon.theme != ourTheme ? 1 : 0, schemeRank(icon.src),
                           sizeDistance(icon, wanted)});
    }
    std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate &a, const Candidate &b) {
        if (a.scheme == 2 || b.scheme == 2) // unusable schemes last whatever their theme
            return (a.scheme == 2) < (b.scheme == 2);
        return std::tie(a.themeMismatch, a.scheme, a.distance) < std::tie(b.themeMismatch, b.scheme, b.distance);
    });
    QList<QJsonObject> out;
    out.reserve(candidates.size());
    for (const Candidate &candidate : std::as_const(candidates))
        out.append(candidate.icon);
    return out;
}

} // namespace Mcp::Ui::ImageDecode
