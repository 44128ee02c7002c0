#include "logs/consolepage.h"

#include "theme.h"
#include "widgets/commonwidgets.h"
#include "widgets/fittinglabel.h"

#include <QDateTime>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextBlock>
#include <QToolButton>
#include <QVBoxLayout>

namespace Mcp::Ui {

namespace {
constexpr int MaxConsoleLines = 50000;

// An icon button whose text (for screen readers and tests) is its tooltip.
QToolButton *toolButton(const QString &iconName, const QString &text, QWidget *parent)
{
    QToolButton *button = iconButton(iconName, text, parent);
    button->setText(text);
    return button;
}
} // namespace

ConsolePage::ConsolePage(Connection *connection, QWidget *parent)
    : Page(connection, {tr("Console"), Theme::icon(QStringLiteral("console")), true}, parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    auto *bar = new QHBoxLayout;
    m_search = searchField(QString(), tr("Search the console"), this);
    auto *prev = toolButton(QStringLiteral("up"), tr("Previous match"), this);
    auto *next = toolButton(QStringLiteral("down"), tr("Next match"), this);
    auto *clearButton = toolButton(QStringLiteral("clear"), tr("Clear"), this);
    auto *saveButton = toolButton(QStringLiteral("save"), tr("Save…"), this);
    m_status = new FittingLabel(this);
    bar->addWidget(m_search, 1);
    bar->addWidget(prev);
    bar->addWidget(next);
    bar->addSpacing(12);
    bar->addWidget(m_status);
    bar->addStretch();
    bar->addWidget(clearButton);
    bar->addWidget(saveButton);
    layout->addLayout(bar);

    m_text = new QPlainTextEdit(this);
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setMaximumBlockCount(MaxConsoleLines);
    m_text->setPlaceholderText(tr("The server's stderr and any stdout lines that are not JSON-RPC appear here."));
    layout->addWidget(m_text, 1);

    connect(m_search, &QLineEdit::returnPressed, this, &ConsolePage::findNext);
    connect(next, &QToolButton::clicked, this, &ConsolePage::findNext);
    connect(prev, &QToolButton::clicked, this, &ConsolePage::findPrevious);
    connect(clearButton, &QToolButton::clicked, this, &ConsolePage::clear);
    connect(saveButton, &QToolButton::clicked, this, &ConsolePage::save);
    connect(connection, &Connection::consoleLines, this, &ConsolePage::appendLines);
}


void ConsolePage::appendLines(const QList<ConsoleLine> &lines)
{
    QTextCursor cursor(m_text->document());
    cursor.movePosition(QTextCursor::End);
    const bool atBottom = m_text->verticalScrollBar()->value() == m_text->verticalScrollBar()->maximum();
    QTextCharFormat timeFormat, stderrFormat, stdoutFormat, noteFormat;
    timeFormat.setForeground(Theme::color(Theme::Role::Muted));
    stdoutFormat.setForeground(Theme::color(Theme::Role::Warning));
    noteFormat.setForeground(Theme::color(Theme::Role::Info));
    noteFormat.setFontItalic(true);
    cursor.beginEditBlock();
    for (const ConsoleLine &line : lines) {
        if (!m_text->document()->isEmpty())
            cursor.insertBlock();
        cursor.insertText(QDateTime::fromMSecsSinceEpoch(line.wallClockMs).toString(QStringLiteral("HH:mm:ss.zzz ")),
                          timeFormat);
        switch (line.stream) {
        case ConsoleLine::Stream::Stderr:
            cursor.insertText(line.text, stderrFormat);
            break;
        case ConsoleLine::Stream::Stdout:
            cursor.insertText(tr("[stdout, not JSON-RPC] ") + line.text, stdoutFormat);
            break;
        case ConsoleLine::Stream::Note:
            cursor.insertText(line.text, noteFormat);
            break;
        }
        ++m_lineCount;
    }
    cursor.endEditBlock();
    if (atBottom)
        m_text->verticalScrollBar()->setValue(m_text->verticalScrollBar()->maximum());
}

QString ConsolePage::plainText() const { return m_text->toPlainText(); }

void ConsolePage::clear()
{
    m_text->clear();
    m_lineCount = 0;
    m_status->clear();
}

void ConsolePage::save()
{
    saveTextExport(tr("Save Console"), QStringLiteral("-console.txt"), [this] { return m_text->toPlainText() + u'\n'; });
}

void ConsolePage::findNext()
{
    if (m_search->text().isEmpty())
        return;
    if (!m_text->find(m_search->text())) {
        m_text->moveCursor(QTextCursor::Start);
        const bool found = m_text->find(m_search->text());
        m_status->setText(found ? tr("Wrapped to the top") : tr("Not found"));
    } else {
        m_status->clear();
    }
}

void ConsolePage::findPrevious()
{
    if (m_search->text().isEmpty())
        return;
    if (!m_text->find(m_search->text(), QTextDocument::FindBackward)) {
        m_text->moveCursor(QTextCursor::End);
        const bool found = m_text->find(m_search->text(), QTextDocument::FindBackward);
        m_status->setText(found ? tr("Wrapped to the bottom") : tr("Not found"));
    } else {
        m_status->clear();
    }
}

} // namespace Mcp::Ui
