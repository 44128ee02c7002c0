#pragma once

#include <QSyntaxHighlighter>

namespace Mcp::Ui {

// Colours JSON text (keys, strings, numbers, true/false/null) with the theme's colours.
// Works line by line with a simple tokenizer, so it stays fast on long documents.
class JsonHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT

public:
    explicit JsonHighlighter(QTextDocument *document);

protected:
    void highlightBlock(const QString &text) override;
};

} // namespace Mcp::Ui
