#include "tasks/taskspage.h"

#include "results/resultview.h"
#include "theme.h"
#include "widgets/commonwidgets.h"

#include "protocol/keys.h"
#include "protocol/methods.h"
#include "protocol/requests.h"
#include "protocol/types.h"
#include "widgets/fittinglabel.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Mcp::Ui {

namespace {

// A status time as the server wrote it (ISO 8601), shown short; the window's own clock when the
// server gave none.
void setTime(QTreeWidgetItem *row, int column, const QString &iso, qint64 fallbackMs)
{
    QDateTime time = QDateTime::fromString(iso, Qt::ISODateWithMs);
    if (!time.isValid() && fallbackMs > 0)
        time = QDateTime::fromMSecsSinceEpoch(fallbackMs);
    row->setText(column, time.isValid() ? time.toLocalTime().toString(QStringLiteral("HH:mm:ss")) : iso);
    row->setToolTip(column, iso.isEmpty() && time.isValid() ? time.toLocalTime().toString(Qt::ISODateWithMs) : iso);
}

void colourStatus(QTreeWidgetItem *row, const QString &status)
{
    if (status == TaskStatusValue::Failed)
        row->setForeground(TasksPage::StatusColumn, Theme::color(Theme::Role::Error));
    else if (status == TaskStatusValue::Completed)
        row->setForeground(TasksPage::StatusColumn, Theme::color(Theme::Role::Ok));
    else if (status == TaskStatusValue::InputRequired)
        row->setForeground(TasksPage::StatusColumn, Theme::color(Theme::Role::Warning));
    else if (status == TaskStatusValue::Cancelled)
        row->setForeground(TasksPage::StatusColumn, Theme::color(Theme::Role::Muted));
    else
        row->setForeground(TasksPage::StatusColumn, QBrush());
}

} // namespace

TasksPage::TasksPage(Connection *connection, QWidget *parent)
    : Page(connection, {tr("Tasks"), Theme::icon(QStringLiteral("tasks"))}, parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    auto *bar = new QHBoxLayout;
    m_refresh = iconButton(QStringLiteral("refresh"), tr("Refresh"), this);
    m_cancel = new QPushButton(tr("Cancel Task"), this);
    m_cancel->setObjectName(QStringLiteral("taskCancel"));
    m_resultButton = new QPushButton(tr("Result"), this);
    m_resultButton->setObjectName(QStringLiteral("taskResult"));
    m_resultButton->setToolTip(tr("tasks/result: the outcome of the selected task (waits until it ends)"));
    m_status = new FittingLabel(this);
    m_status->setObjectName(QStringLiteral("taskStatusLine"));
    bar->addWidget(m_refresh);
    bar->addWidget(m_cancel);
    bar->addWidget(m_resultButton);
    bar->addWidget(m_status, 1);
    layout->addLayout(bar);
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("tasksModernNote"));
    m_note->setWordWrap(true);
    m_note->setText(tr("Tasks extension: there is no way to list a server's tasks, so this page lists the tasks "
                       "this window followed (tool calls the server turned into tasks), as it followed them."));
    m_note->hide();
    layout->addWidget(m_note);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    m_tree = new QTreeWidget(splitter);
    QStringList headers(ColumnCount);
    headers[TaskColumn] = tr("Task");
    headers[FromColumn] = tr("From");
    headers[StatusColumn] = tr("Status");
    headers[MessageColumn] = tr("Message");
    headers[PollColumn] = tr("Poll");
    headers[InputColumn] = tr("Input");
    headers[CreatedColumn] = tr("Created");
    headers[UpdatedColumn] = tr("Updated");
    m_tree->setHeaderLabels(headers);
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    // Task ids are long (UUIDs): elided in the middle, whole in the tooltip; the message takes the rest.
    m_tree->setTextElideMode(Qt::ElideMiddle);
    m_tree->setColumnWidth(FromColumn, 95);
    m_tree->setColumnWidth(StatusColumn, 100);
    m_tree->setColumnWidth(PollColumn, 60);
    m_tree->setColumnWidth(InputColumn, 130);
    m_result = new ResultView(splitter);
    splitter->addWidget(m_tree);
    splitter->addWidget(m_result);
    // A result needs more room than a handful of rows.
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    layout->addWidget(splitter, 1);
    applyEra();

    connect(m_refresh, &QToolButton::clicked, this, &TasksPage::refresh);
    connect(m_cancel, &QPushButton::clicked, this, &TasksPage::cancelSelected);
    connect(m_resultButton, &QPushButton::clicked, this, &TasksPage::showResult);
    connect(m_tree, &QTreeWidget::itemActivated, this, &TasksPage::showResult);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this] {
        updateButtons();
        if (isModern())
            showResult(); // the modern result is already here: show it at once
    });
    connect(connection, &Connection::taskStatus, this, [this](const QJsonObject &task) {
        if (!isModern()) // modern statuses arrive as followed tasks, with more to show
            updateTask(task);
    });
    connect(connection, &Connection::followedTaskChanged, this, &TasksPage::updateFollowedTask);
}


bool TasksPage::isModern() const
{
    return connection()->sessionInfo().era.era == Modern::Era::Modern;
}

void TasksPage::applyEra()
{
    const bool modern = isModern();
    if (m_layoutModern == std::optional<bool>(modern))
        return; // the columns as the user left them
    m_layoutModern = modern;
    m_note->setVisible(modern);
    // The 2025-11-25 API says nothing of where a task came from nor of its input.
    m_tree->setColumnHidden(FromColumn, !modern);
    m_tree->setColumnHidden(InputColumn, !modern);
    // Modern times are shown short (the window's clock when the server gives none); legacy ones as sent.
    m_tree->setColumnWidth(TaskColumn, modern ? 135 : 260);
    m_tree->setColumnWidth(CreatedColumn, modern ? 62 : 170);
    m_tree->setColumnWidth(UpdatedColumn, modern ? 62 : 170);
    m_refresh->setEnabled(!modern);
    m_refresh->setToolTip(modern ? tr("The tasks extension has no tasks/list: the list fills as this window follows tasks")
                                 : tr("Refresh"));
    m_resultButton->setToolTip(modern ? tr("The result of the selected task, as the window received it when the task ended")
                                      : tr("tasks/result: the outcome of the selected task (waits until it ends)"));
}

void TasksPage::connectionStateChanged(Connection::State state)
{
    applyEra();
    if (isModern()) {
        updateButtons();
        if (state == Connection::State::Connected)
            m_status->setText(tr("%n task(s) followed", nullptr, int(m_followed.size())));
        return;
    }
    const bool hasTasks = connection()->sessionInfo().serverCapabilities.contains(Key::Tasks);
    m_cancel->setEnabled(state == Connection::State::Connected && hasTasks);
    m_resultButton->setEnabled(state == Connection::State::Connected && hasTasks);
    if (state == Connection::State::Connected) {
        if (hasTasks)
            refresh();
        else
            m_status->setText(tr("This server does not offer tasks."));
    }
}

void TasksPage::updateButtons()
{
    if (!isModern())
        return; // the legacy buttons follow the connection and the server's capability
    const QTreeWidgetItem *row = m_tree->currentItem();
    const FollowedTask task = row ? m_followed.value(row->text(TaskColumn)) : FollowedTask();
    const bool running = !task.taskId.isEmpty() && !Task::fromJson(task.status).isTerminal();
    m_cancel->setEnabled(connection()->isConnected() && running);
    m_resultButton->setEnabled(!task.taskId.isEmpty());
}

void TasksPage::refresh()
{
    if (!connection()->isConnected() || isModern())
        return;
    connection()->listAll(Lists::Tasks, this,
                          [this](const QJsonArray &items, const std::optional<RpcError> &error) {
        for (const QJsonValue &task : items)
            updateTask(task.toObject());
        m_status->setText(error ? tr("Listing tasks failed: %1").arg(error->message)
                                : tr("%n task(s)", nullptr, m_tree->topLevelItemCount()));
    });
}

QTreeWidgetItem *TasksPage::rowOf(const QString &taskId) const
{
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        if (m_tree->topLevelItem(i)->text(TaskColumn) == taskId)
            return m_tree->topLevelItem(i);
    }
    return nullptr;
}

QTreeWidgetItem *TasksPage::takeRow(const QString &taskId)
{
    QTreeWidgetItem *row = rowOf(taskId);
    if (!row) {
        row = new QTreeWidgetItem(m_tree);
        row->setText(TaskColumn, taskId);
        row->setToolTip(TaskColumn, taskId);
    }
    return row;
}

void TasksPage::updateTask(const QJsonObject &json)
{
    const Task task = Task::fromJson(json);
    const QString &id = task.taskId;
    if (id.isEmpty())
        return;
    const bool isNew = !rowOf(id);
    QTreeWidgetItem *row = takeRow(id);
    if (isNew) // a task heard of between listings: the count above says so
        m_status->setText(tr("%n task(s)", nullptr, m_tree->topLevelItemCount()));
    row->setText(StatusColumn, task.status);
    row->setText(MessageColumn, task.statusMessage);
    if (task.pollInterval)
        row->setText(PollColumn, tr("%1 ms").arg(*task.pollInterval));
    row->setText(CreatedColumn, task.createdAt);
    row->setText(UpdatedColumn, task.lastUpdatedAt);
    colourStatus(row, task.status);
}

void TasksPage::updateFollowedTask(const FollowedTask &task)
{
    if (task.taskId.isEmpty())
        return;
    const bool isNew = !m_followed.contains(task.taskId);
    if (isNew && m_followed.size() >= MaxFollowedTasks) {
        // Bounded: each keeps its result. The oldest rows that ended make room.
        for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
            const QString id = m_tree->topLevelItem(i)->text(TaskColumn);
            if (m_followed.contains(id) && !m_followed.value(id).following) {
                m_followed.remove(id);
                delete m_tree->takeTopLevelItem(i);
                break;
            }
        }
    }
    m_followed.insert(task.taskId, task);
    QTreeWidgetItem *row = takeRow(task.taskId);
    row->setText(FromColumn, task.name.isEmpty() ? task.method : task.name);
    row->setToolTip(FromColumn, tr("%1 %2").arg(task.method, task.name));
    const Task status = Task::fromJson(task.status);
    // A task the window stopped following (its call was cancelled or timed out, the connection
    // ended) keeps its last status; the row says it is no longer followed.
    const bool stale = !task.following && !status.isTerminal();
    row->setText(StatusColumn, stale ? tr("%1 (no longer followed)").arg(status.status) : status.status);
    colourStatus(row, stale ? QString(TaskStatusValue::Cancelled) : status.status);
    QString message = status.statusMessage;
    if (!task.following && !task.error.isEmpty() && message.isEmpty())
        message = task.error;
    row->setText(MessageColumn, message);
    row->setToolTip(MessageColumn, task.error.isEmpty() ? message : message + QLatin1Char('\n') + task.error);
    row->setText(PollColumn, task.pollIntervalMs > 0 ? tr("%1 ms").arg(task.pollIntervalMs) : QString());
    row->setToolTip(PollColumn, tr("tasks/get every %1 ms; %n status(es) received", nullptr, task.polls)
                                    .arg(task.pollIntervalMs));
    // The input the task (or the call before it became one) asked for.
    int asked = 0, answered = 0, waiting = 0;
    QStringList questions;
    for (const Modern::RoundRecord &round : task.rounds) {
        for (const Modern::InputExchange &input : round.inputs) {
            ++asked;
            if (input.answered)
                ++answered;
            else if (input.latencyMs < 0)
                ++waiting;
            const QString message = input.params.value(Key::Message).toString();
            questions << (message.isEmpty() ? input.method : tr("%1: %2").arg(input.method, message));
        }
    }
    QString input;
    if (asked > 0) {
        input = waiting > 0 ? tr("%1 asked, %2 waiting").arg(asked).arg(waiting)
                            : tr("%1 asked, %2 answered").arg(asked).arg(answered);
    }
    row->setText(InputColumn, input);
    row->setToolTip(InputColumn, questions.join(QLatin1Char('\n')));
    setTime(row, CreatedColumn, status.createdAt, task.followedAtMs);
    setTime(row, UpdatedColumn, status.lastUpdatedAt, task.updatedAtMs);
    if (isNew)
        m_status->setText(tr("%n task(s) followed", nullptr, int(m_followed.size())));
    if (m_cancelling.contains(task.taskId) && (status.isTerminal() || !task.following)) {
        m_cancelling.remove(task.taskId);
        m_status->setText(tr("%1 (task %2) is %3.").arg(task.name.isEmpty() ? task.method : task.name,
                                                       task.taskId, status.status));
    }
    if (m_tree->currentItem() == row) {
        showFollowed(task);
        updateButtons();
    }
}

void TasksPage::cancelSelected()
{
    QTreeWidgetItem *row = m_tree->currentItem();
    if (!row)
        return;
    const QString taskId = row->text(TaskColumn);
    const Request request = Requests::cancelTask(taskId);
    OutgoingRequest *call = connection()->send(request);
    const bool modern = isModern();
    if (modern) {
        m_cancelling.insert(taskId);
        m_status->setText(tr("tasks/cancel sent for %1; the next poll shows where it stands.").arg(taskId));
    }
    connect(call, &OutgoingRequest::finished, this, [this, call, modern] {
        if (call->isError())
            m_status->setText(tr("Cancelling failed: %1").arg(call->error().message));
        else if (!modern) // the extension answers with an empty result; the poll brings the status
            updateTask(call->result().toObject());
    });
}

void TasksPage::showResult()
{
    QTreeWidgetItem *row = m_tree->currentItem();
    if (!row)
        return;
    const QString taskId = row->text(TaskColumn);
    if (isModern()) {
        if (m_followed.contains(taskId))
            showFollowed(m_followed.value(taskId));
        return;
    }
    if (!connection()->isConnected())
        return;
    RequestOptions options = connection()->options().request;
    options.timeoutMs = 0; // answered when the task ends
    m_result->setStatusText(tr("Waiting for the result of %1…").arg(taskId));
    const Request request = Requests::getTaskResult(taskId);
    OutgoingRequest *call = connection()->send(request, options);
    connect(call, &OutgoingRequest::finished, this, [this, call, taskId] {
        if (call->isError()) {
            m_result->setError(tr("tasks/result for %1 failed: %2").arg(taskId, call->error().message), call->error().toJson());
            return;
        }
        m_result->setToolResult(call->result().toObject());
        m_result->setStatusText(tr("Result of %1").arg(taskId));
    });
}

void TasksPage::showFollowed(const FollowedTask &task)
{
    const QString from = task.name.isEmpty() ? task.method : task.name;
    if (!task.result.isEmpty()) {
        m_result->setToolResult(task.result);
        m_result->setStatusText(tr("Result of %1 (task %2)").arg(from, task.taskId));
    } else if (!task.following) {
        m_result->setError(task.error.isEmpty() ? tr("Task %1 ended without a result.").arg(task.taskId) : task.error,
                           task.status.value(Key::Error));
        m_result->setStatusText(tr("%1 (task %2): %3").arg(from, task.taskId, task.statusName()));
    } else {
        m_result->clear();
        m_result->setStatusText(tr("%1: %2. The result shows here when the task ends.").arg(from, task.statusName()));
    }
    m_result->setRounds(task.rounds);
}

} // namespace Mcp::Ui
