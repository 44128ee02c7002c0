#pragma once

#include "pages/page.h"

QT_BEGIN_NAMESPACE
class QLabel;
class QPushButton;
class QTreeWidget;
QT_END_NAMESPACE

namespace Mcp::Ui {

class ResultView;

// Tasks (2025-11-25): the server's tasks from tasks/list and notifications/tasks/status,
// with cancel.
class TasksPage : public Page
{
    Q_OBJECT

public:
    explicit TasksPage(Connection *connection, QWidget *parent = nullptr);

    QString title() const override { return tr("Tasks"); }
    QIcon icon() const override;

public Q_SLOTS:
    void refresh();
    void cancelSelected();
    // tasks/result of the selected task (waits for it to end), shown by content type.
    void showResult();
    void updateTask(const QJsonObject &task);

protected:
    void connectionStateChanged(Connection::State state) override;

private:
    QTreeWidget *m_tree;
    QPushButton *m_resultButton;
    ResultView *m_result;
    QPushButton *m_cancel;
    QLabel *m_status;
};

} // namespace Mcp::Ui
