#include "pages/taskspage.h"

#include "results/resultview.h"
#include "theme.h"

#include "protocol/keys.h"
#include "protocol/methods.h"
#include "protocol/requests.h"
#include "protocol/types.h"
#include "widgets/fittinglabel.h"

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

TasksPage::TasksPage(Connection *connection, QWidget *parent) : Page(connection, parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    auto *bar = new QHBoxLayout;
    auto *refreshButton = new QToolButton(this);
    refreshButton->setIcon(Theme::icon(QStringLiteral("refresh")));
    refreshButton->setToolTip(tr("Refresh"));
    refreshButton->setAutoRaise(true);
    m_cancel = new QPushButton(tr("Cancel Task"), this);
    m_resultButton = new QPushButton(tr("Result"), this);
    m_resultButton->setObjectName(QStringLiteral("taskResult"));
    m_resultButton->setToolTip(tr("tasks/result: the outcome of the selected task (waits until it ends)"));
    m_status = new FittingLabel(this);
    bar->addWidget(refreshButton);
    bar->addWidget(m_cancel);
    bar->addWidget(m_resultButton);
    bar->addWidget(m_status, 1);
    layout->addLayout(bar);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    m_tree = new QTreeWidget(splitter);
    m_tree->setHeaderLabels({tr("Task"), tr("Status"), tr("Message"), tr("Created"), tr("Updated")});
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_tree->setColumnWidth(0, 260);
    m_result = new ResultView(splitter);
    splitter->addWidget(m_tree);
    splitter->addWidget(m_result);
    layout->addWidget(splitter, 1);

    connect(refreshButton, &QToolButton::clicked, this, &TasksPage::refresh);
    connect(m_cancel, &QPushButton::clicked, this, &TasksPage::cancelSelected);
    connect(m_resultButton, &QPushButton::clicked, this, &TasksPage::showResult);
    connect(m_tree, &QTreeWidget::itemActivated, this, &TasksPage::showResult);
    connect(connection, &Connection::taskStatus, this, &TasksPage::updateTask);
}

QIcon TasksPage::icon() const { return Theme::icon(QStringLiteral("tasks")); }

void TasksPage::connectionStateChanged(Connection::State state)
{
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

void TasksPage::refresh()
{
    if (!connection()->isConnected())
        return;
    connection()->listAll(Method::TasksList, Key::Tasks, this,
                          [this](const QJsonArray &items, const std::optional<RpcError> &error) {
        for (const QJsonValue &task : items)
            updateTask(task.toObject());
        m_status->setText(error ? tr("Listing tasks failed: %1").arg(error->message)
                                : tr("%n task(s)", nullptr, m_tree->topLevelItemCount()));
    });
}

void TasksPage::updateTask(const QJsonObject &json)
{
    const Task task = Task::fromJson(json);
    const QString &id = task.taskId;
    if (id.isEmpty())
        return;
    QTreeWidgetItem *row = nullptr;
    for (int i = 0; i < m_tree->topLevelItemCount() && !row; ++i) {
        if (m_tree->topLevelItem(i)->text(0) == id)
            row = m_tree->topLevelItem(i);
    }
    if (!row)
        row = new QTreeWidgetItem(m_tree);
    const QString &status = task.status;
    row->setText(0, id);
    row->setText(1, status);
    row->setText(2, task.statusMessage);
    row->setText(3, task.createdAt);
    row->setText(4, task.lastUpdatedAt);
    if (status == TaskStatusValue::Failed)
        row->setForeground(1, Theme::color(Theme::Role::Error));
    else if (status == TaskStatusValue::Completed)
        row->setForeground(1, Theme::color(Theme::Role::Ok));
    else if (status == TaskStatusValue::InputRequired)
        row->setForeground(1, Theme::color(Theme::Role::Warning));
}

void TasksPage::cancelSelected()
{
    QTreeWidgetItem *row = m_tree->currentItem();
    if (!row)
        return;
    const Request request = Requests::cancelTask(row->text(0));
    OutgoingRequest *call = connection()->call(request.method, request.params);
    connect(call, &OutgoingRequest::finished, this, [this, call] {
        if (call->isError())
            m_status->setText(tr("Cancelling failed: %1").arg(call->error().message));
        else
            updateTask(call->result().toObject());
    });
}

void TasksPage::showResult()
{
    QTreeWidgetItem *row = m_tree->currentItem();
    if (!row || !connection()->isConnected())
        return;
    const QString taskId = row->text(0);
    RequestOptions options = connection()->options().request;
    options.timeoutMs = 0; // answered when the task ends
    m_result->setStatusText(tr("Waiting for the result of %1…").arg(taskId));
    const Request request = Requests::getTaskResult(taskId);
    OutgoingRequest *call = connection()->call(request.method, request.params, options);
    connect(call, &OutgoingRequest::finished, this, [this, call, taskId] {
        if (call->isError()) {
            m_result->setError(tr("tasks/result for %1 failed: %2").arg(taskId, call->error().message), call->error().toJson());
            return;
        }
        m_result->setToolResult(call->result().toObject());
        m_result->setStatusText(tr("Result of %1").arg(taskId));
    });
}

} // namespace Mcp::Ui
