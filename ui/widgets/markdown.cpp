#include "markdown.h"

#include <QLabel>

namespace Mcp::Ui {

QString markdownWithoutHtml(const QString &markdown)
{
    // An entity instead of '<' keeps a tag from being one; inside code spans entities are not
    // decoded, and nothing there is HTML anyway, so those are left as written.
    QString out;
    out.reserve(markdown.size() + 16);
    qsizetype fence = 0; // length of the backtick run that opened the current code span
    for (qsizetype i = 0; i < markdown.size();) {
        if (markdown.at(i) == u'`') {
            qsizetype run = 0;
            while (i + run < markdown.size() && markdown.at(i + run) == u'`')
                ++run;
            if (fence == 0)
                fence = run;
            else if (run == fence)
                fence = 0;
            out += markdown.mid(i, run);
            i += run;
            continue;
        }
        if (markdown.at(i) == u'<' && fence == 0)
            out += QLatin1String("&lt;");
        else
            out += markdown.at(i);
        ++i;
    }
    return out;
}

void setMarkdownText(QLabel *label, const QString &markdown)
{
    label->setTextFormat(Qt::MarkdownText);
    label->setOpenExternalLinks(false);
    label->setText(markdownWithoutHtml(markdown));
}

} // namespace Mcp::Ui
