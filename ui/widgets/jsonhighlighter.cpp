#include "widgets/jsonhighlighter.h"

#include "theme.h"

namespace Mcp::Ui {

JsonHighlighter::JsonHighlighter(QTextDocument *document) : QSyntaxHighlighter(document) {}

void JsonHighlighter::highlightBlock(const QString &text)
{
    QTextCharFormat key, string, number, keyword, punct;
    key.setForeground(Theme::color(Theme::Role::JsonKey));
    string.setForeground(Theme::color(Theme::Role::JsonString));
    number.setForeground(Theme::color(Theme::Role::JsonNumber));
    keyword.setForeground(Theme::color(Theme::Role::JsonKeyword));
    punct.setForeground(Theme::color(Theme::Role::JsonPunctuation));

    // Long single lines (minified megabytes) are left plain: colouring them costs more than it helps.
    if (text.size() > 20000)
        return;
    const int n = text.size();
    int i = 0;
    while (i < n) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('"')) {
            int j = i + 1;
            while (j < n && text.at(j) != QLatin1Char('"'))
                j += text.at(j) == QLatin1Char('\\') ? 2 : 1;
            j = qMin(j + 1, n);
            int k = j;
            while (k < n && text.at(k).isSpace())
                ++k;
            const bool isKey = k < n && text.at(k) == QLatin1Char(':');
            setFormat(i, j - i, isKey ? key : string);
            i = j;
        } else if (c == QLatin1Char('-') || c.isDigit()) {
            int j = i + 1;
            while (j < n && (text.at(j).isDigit() || text.at(j) == QLatin1Char('.') || text.at(j) == QLatin1Char('e')
                             || text.at(j) == QLatin1Char('E') || text.at(j) == QLatin1Char('+')
                             || text.at(j) == QLatin1Char('-')))
                ++j;
            setFormat(i, j - i, number);
            i = j;
        } else if (c.isLetter()) {
            int j = i;
            while (j < n && text.at(j).isLetter())
                ++j;
            const QStringView word = QStringView(text).mid(i, j - i);
            if (word == u"true" || word == u"false" || word == u"null")
                setFormat(i, j - i, keyword);
            i = j;
        } else if (QStringView(u"{}[],:").contains(c)) {
            setFormat(i, 1, punct);
            ++i;
        } else {
            ++i;
        }
    }
}

} // namespace Mcp::Ui
