#pragma once

#include <QJsonValue>
#include <QPlainTextEdit>

namespace Mcp::Ui {

class JsonHighlighter;

// Read-only pretty JSON with syntax colouring, in a fixed-width font.
class JsonTextView : public QPlainTextEdit
{
    Q_OBJECT

public:
    explicit JsonTextView(QWidget *parent = nullptr);

    void setJson(const QJsonValue &value);
    // Raw bytes: pretty-printed when they parse as JSON, shown as they are otherwise.
    void setJsonBytes(const QByteArray &bytes);

    // Indented JSON text of a value (objects and arrays; scalars as their JSON form).
    static QString prettyText(const QJsonValue &value);

private:
    JsonHighlighter *m_highlighter;
};

} // namespace Mcp::Ui
