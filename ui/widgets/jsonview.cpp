#include "widgets/jsonview.h"

#include "widgets/jsonhighlighter.h"

#include <QFontDatabase>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Mcp::Ui {

JsonTextView::JsonTextView(QWidget *parent)
    : QPlainTextEdit(parent), m_highlighter(new JsonHighlighter(document()))
{
    setReadOnly(true);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
}

QString JsonTextView::prettyText(const QJsonValue &value)
{
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented)).trimmed();
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented)).trimmed();
    if (value.isUndefined())
        return {};
    // Scalars: wrap in an array to get their exact JSON spelling.
    QByteArray text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(text.mid(1, text.size() - 2));
}

void JsonTextView::setJson(const QJsonValue &value)
{
    setPlainText(prettyText(value));
}

void JsonTextView::setJsonBytes(const QByteArray &bytes)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error == QJsonParseError::NoError && !doc.isNull())
        setPlainText(QString::fromUtf8(doc.toJson(QJsonDocument::Indented)).trimmed());
    else
        setPlainText(QString::fromUtf8(bytes));
}

} // namespace Mcp::Ui
