#pragma once

#include "pages/page.h"

#include <QJsonObject>
#include <QPointer>

QT_BEGIN_NAMESPACE
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
QT_END_NAMESPACE

namespace Mcp {
namespace Ui {

class ItemList;
class JsonTextView;

// Tools: the list from tools/list; arguments as raw JSON; Run (tools/call) with progress
// and Cancel; the result as pretty JSON. (Issue 5 replaces the argument editor with a
// schema-driven form and renders results by content type.)
class ToolsPage : public Page
{
    Q_OBJECT

public:
    explicit ToolsPage(Connection *connection, QWidget *parent = nullptr);

    QString title() const override { return tr("Tools"); }
    QIcon icon() const override;

    ItemList *list() const { return m_list; }
    void setArgumentsText(const QString &json);
    QString resultText() const;

public Q_SLOTS:
    void refresh();
    void run();
    void cancel();

Q_SIGNALS:
    void callFinished(bool isError);

protected:
    void connectionStateChanged(Connection::State state) override;

private:
    void showTool(const QJsonObject &tool);

    ItemList *m_list;
    QLabel *m_heading;
    QLabel *m_description;
    QPlainTextEdit *m_arguments;
    QPushButton *m_run;
    QPushButton *m_cancel;
    QProgressBar *m_progress;
    QLabel *m_status;
    JsonTextView *m_result;
    QPointer<PendingCall> m_call;
};

} // namespace Ui
} // namespace Mcp
