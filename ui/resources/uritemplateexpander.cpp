#include "uritemplateexpander.h"

#include <QRegularExpression>
#include <QUrl>

namespace Mcp::Ui::UriTemplateExpander {

namespace {

struct VarSpec
{
    QString name;
    int prefix = -1;
};

const QRegularExpression &expression()
{
    static const QRegularExpression re(QStringLiteral("\\{([+#./;?&]?)([^}]*)\\}"));
    return re;
}

QList<VarSpec> parseList(const QString &list)
{
    QList<VarSpec> specs;
    for (QString part : list.split(u',', Qt::SkipEmptyParts)) {
        part = part.trimmed();
        if (part.endsWith(u'*'))
            part.chop(1);
        VarSpec spec;
        const int colon = part.indexOf(u':');
        if (colon >= 0) {
            spec.prefix = part.mid(colon + 1).toInt();
            part = part.left(colon);
        }
        spec.name = part;
        specs.append(spec);
    }
    return specs;
}

// RFC 6570 2.4.1: a prefix counts characters (code points), not UTF-16 units; cutting a
// surrogate pair in half would send '?' in its place.
qsizetype prefixLength(const QString &value, int characters)
{
    qsizetype units = 0;
    for (int n = 0; n < characters && units < value.size(); ++n) {
        const bool pair = value.at(units).isHighSurrogate() && units + 1 < value.size()
            && value.at(units + 1).isLowSurrogate();
        units += pair ? 2 : 1;
    }
    return units;
}

QString encode(const QString &value, bool allowReserved)
{
    // Unreserved characters stay; reserved ones too for + and #; everything else is %-encoded.
    static const QByteArray reserved(":/?#[]@!$&'()*+,;=");
    return QString::fromLatin1(QUrl::toPercentEncoding(value, allowReserved ? reserved : QByteArray()));
}

} // namespace

QStringList variableNames(const QString &uriTemplate)
{
    QStringList names;
    auto it = expression().globalMatch(uriTemplate);
    while (it.hasNext()) {
        const auto match = it.next();
        for (const VarSpec &spec : parseList(match.captured(2)))
            if (!names.contains(spec.name))
                names.append(spec.name);
    }
    return names;
}

QString expand(const QString &uriTemplate, const QMap<QString, QString> &values)
{
    QString out;
    int last = 0;
    auto it = expression().globalMatch(uriTemplate);
    while (it.hasNext()) {
        const auto match = it.next();
        out += uriTemplate.mid(last, match.capturedStart() - last);
        last = match.capturedEnd();
        const QString op = match.captured(1);
        const QChar o = op.isEmpty() ? QChar() : op.at(0);
        const QString first = o == u'+' || o.isNull() ? QString() : (o == u'#' ? QStringLiteral("#") : QString(o));
        const QString separator = (o.isNull() || o == u'+' || o == u'#') ? QStringLiteral(",")
                                  : o == u'?' || o == u'&'                ? QStringLiteral("&")
                                                                          : QString(o);
        const bool named = o == u';' || o == u'?' || o == u'&';
        const bool allowReserved = o == u'+' || o == u'#';
        QStringList parts;
        for (const VarSpec &spec : parseList(match.captured(2))) {
            if (!values.contains(spec.name))
                continue;
            QString value = values.value(spec.name);
            if (spec.prefix >= 0)
                value.truncate(prefixLength(value, spec.prefix));
            const QString encoded = encode(value, allowReserved);
            if (!named)
                parts.append(encoded);
            else if (o == u';' && value.isEmpty())
                parts.append(spec.name);
            else
                parts.append(spec.name + QLatin1Char('=') + encoded);
        }
        if (!parts.isEmpty())
            out += first + parts.join(separator);
    }
    out += uriTemplate.mid(last);
    return out;
}

} // namespace Mcp::Ui::UriTemplateExpander
