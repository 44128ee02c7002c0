#include "jsontext.h"

#include <QCoreApplication>
#include <QFontDatabase>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Mcp::Ui::JsonText {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::Ui::JsonText)
};

QString wrapped(const QJsonValue &value, QJsonDocument::JsonFormat format)
{
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(format)).trimmed();
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(format)).trimmed();
    if (value.isUndefined())
        return QString();
    // Scalars: QJsonDocument only takes containers, so write [x] and cut the brackets.
    const QByteArray text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(text.mid(1, text.size() - 2));
}
}

QString compact(const QJsonValue &value)
{
    return wrapped(value, QJsonDocument::Compact);
}

QString pretty(const QJsonValue &value)
{
    return wrapped(value, QJsonDocument::Indented);
}

std::optional<QJsonValue> parse(const QString &text, QString *error)
{
    // "[\n" + text + "\n]" lets scalars parse; offsets are shifted back by the two bytes.
    const QByteArray utf8 = text.toUtf8();
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray("[\n") + utf8 + QByteArray("\n]"), &parseError);
    if (parseError.error == QJsonParseError::NoError && document.array().size() == 1)
        return document.array().first();
    if (error) {
        if (parseError.error == QJsonParseError::NoError) {
            *error = document.array().isEmpty() ? Tr::tr("no value") : Tr::tr("more than one value (a comma too many?)");
        } else {
            const qsizetype offset = qBound<qsizetype>(0, qsizetype(parseError.offset) - 2, utf8.size());
            const QByteArray before = utf8.left(offset);
            const int line = int(before.count('\n')) + 1;
            const int column = int(QString::fromUtf8(before.mid(before.lastIndexOf('\n') + 1)).size()) + 1;
            *error = Tr::tr("line %1, column %2: %3").arg(line).arg(column).arg(parseError.errorString());
        }
    }
    return std::nullopt;
}

QFont monospaceFont()
{
    return QFontDatabase::systemFont(QFontDatabase::FixedFont);
}

} // namespace Mcp::Ui::JsonText
