#pragma once

#include "connection/page.h"

QT_BEGIN_NAMESPACE
class QLineEdit;
class QPlainTextEdit;
class QLabel;
QT_END_NAMESPACE

namespace Mcp::Ui {

// The server's stderr, stdout lines that are not JSON-RPC, and process start/exit notes,
// with time stamps; search, clear, save.
class ConsolePage : public Page
{
    Q_OBJECT

public:
    explicit ConsolePage(Connection *connection, QWidget *parent = nullptr);


    QString plainText() const;
    int lineCount() const { return m_lineCount; }

public Q_SLOTS:
    void appendLines(const QList<Mcp::Ui::ConsoleLine> &lines);
    void clear();
    void save();
    void findNext();
    void findPrevious();

private:
    QPlainTextEdit *m_text;
    QLineEdit *m_search;
    QLabel *m_status;
    int m_lineCount = 0;
};

} // namespace Mcp::Ui
