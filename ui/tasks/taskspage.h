#pragma once

#include "connection/page.h"

#include <QHash>
#include <QSet>

#include <optional>

QT_BEGIN_NAMESPACE
class QLabel;
class QPushButton;
class QToolButton;
class QTreeWidget;
class QTreeWidgetItem;
QT_END_NAMESPACE

namespace Mcp::Ui {

class ResultView;

// Tasks. Legacy era (2025-11-25): the server's tasks from tasks/list and
// notifications/tasks/status, with cancel and tasks/result. Modern era (the tasks extension,
// which has no listing): the tasks this window followed (Connection::followedTaskChanged), with
// their origin, status as polled, the input they asked for, cancel (tasks/cancel) and the result.
class TasksPage : public Page
{
    Q_OBJECT

public:
    explicit TasksPage(Connection *connection, QWidget *parent = nullptr);


    enum Column { TaskColumn, FromColumn, StatusColumn, PollColumn, InputColumn, CreatedColumn, UpdatedColumn,
                  MessageColumn, ColumnCount };
    QTreeWidget *tree() const { return m_tree; }
    ResultView *resultView() const { return m_result; }
    QPushButton *cancelButton() const { return m_cancel; }
    // The note that says how the modern era's list comes about (hidden in the legacy era).
    QLabel *modernNote() const { return m_note; }
    // The row of a task, or nullptr.
    QTreeWidgetItem *rowOf(const QString &taskId) const;
    // Modern: the task as last followed (empty taskId when unknown).
    FollowedTask followedTask(const QString &taskId) const { return m_followed.value(taskId); }
    bool isModern() const;
    // Modern: the page keeps this many followed tasks; the oldest that ended go first.
    static constexpr int MaxFollowedTasks = 500;

public Q_SLOTS:
    void refresh();
    void cancelSelected();
    // Legacy: tasks/result of the selected task (waits for it to end). Modern: the result the
    // window received when the task ended (or where it stands), with the rounds of input.
    void showResult();
    void updateTask(const QJsonObject &task);
    void updateFollowedTask(const Mcp::FollowedTask &task);

protected:
    void connectionStateChanged(Connection::State state) override;

private:
    QTreeWidgetItem *takeRow(const QString &taskId);
    void showFollowed(const FollowedTask &task);
    void updateButtons();
    void applyEra();

    QTreeWidget *m_tree;
    QToolButton *m_refresh;
    QPushButton *m_resultButton;
    ResultView *m_result;
    QPushButton *m_cancel;
    QLabel *m_status;
    QLabel *m_note;
    QHash<QString, FollowedTask> m_followed;
    QSet<QString> m_cancelling; // tasks/cancel sent: say on the status line where they end
    std::optional<bool> m_layoutModern; // the era the columns are laid out for
};

} // namespace Mcp::Ui
