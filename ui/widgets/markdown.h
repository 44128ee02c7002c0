#pragma once

#include <QString>

QT_BEGIN_NAMESPACE
class QLabel;
QT_END_NAMESPACE

namespace Mcp::Ui {

// Descriptions written by servers are Markdown (`code`, **bold**, lists, links). Shown as
// Markdown, with any raw HTML in them shown as text rather than rendered: a server decides
// what its words say, not what the window loads or draws.
QString markdownWithoutHtml(const QString &markdown);
// Sets the label's text to that Markdown (Qt::MarkdownText; links are shown, not followed).
void setMarkdownText(QLabel *label, const QString &markdown);

} // namespace Mcp::Ui
