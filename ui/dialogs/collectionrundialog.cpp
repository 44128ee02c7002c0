#include "collectionrundialog.h"
#include "widgets/screenfit.h"

#include "protocol/methods.h"
#include "results/resultview.h"
#include "theme.h"
#include "widgets/runnerthread.h"
#include "widgets/units.h"

#include <QBoxLayout>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTreeWidget>

#include <algorithm>

namespace Mcp::Ui {

CollectionRunDialog::CollectionRunDialog(const QString &path, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Run Collection"));
    const Collection::LoadResult loaded = Collection::load(path);
    m_collection = loaded.collection;
    m_loadError = loaded.errorText();

    auto *layout = new QVBoxLayout(this);
    m_heading = new QLabel(this);
    m_heading->setWordWrap(true);
    m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);
    const QString name = m_collection.name.isEmpty() ? QFileInfo(path).fileName() : m_collection.name;
    m_heading->setText(m_loadError.isEmpty() ? tr("%1: %n call(s)", nullptr, int(m_collection.calls.size())).arg(name)
                                             : tr("%1 cannot be run:\n%2").arg(QFileInfo(path).fileName(), m_loadError));
    layout->addWidget(m_heading);

    // The calls above, the selected call's answer below: what a run found can be looked at.
    auto *splitter = new QSplitter(Qt::Vertical, this);
    m_tree = new QTreeWidget(splitter);
    m_tree->setObjectName(QStringLiteral("calls"));
    m_tree->setHeaderLabels({tr("Call"), tr("Server"), tr("Result"), tr("Time")});
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->setRootIsDecorated(true);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (const CollectionCall &call : std::as_const(m_collection.calls)) {
        auto *item = new QTreeWidgetItem(m_tree, {call.name, call.server, QString(), QString()});
        item->setToolTip(0, call.target.isEmpty() ? call.method : call.method + u' ' + call.target);
    }
    m_result = new ResultView(splitter);
    m_result->setObjectName(QStringLiteral("callResult"));
    splitter->addWidget(m_tree);
    splitter->addWidget(m_result);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);
    m_result->clear();
    layout->addWidget(splitter, 1);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) { showResult(item); });

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("summary"));
    layout->addWidget(m_summary);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_runAll = buttons->addButton(tr("Run &All"), QDialogButtonBox::ActionRole);
    m_runAll->setObjectName(QStringLiteral("runAll"));
    m_runSelected = buttons->addButton(tr("Run &Selected"), QDialogButtonBox::ActionRole);
    m_runSelected->setObjectName(QStringLiteral("runSelected"));
    const bool runnable = m_loadError.isEmpty() && !m_collection.calls.isEmpty();
    m_runAll->setEnabled(runnable);
    m_runSelected->setEnabled(false);
    connect(m_tree, &QTreeWidget::itemSelectionChanged, this, [this] {
        m_runSelected->setEnabled(!isRunning() && m_loadError.isEmpty() && !m_tree->selectedItems().isEmpty());
    });
    connect(m_runAll, &QPushButton::clicked, this, &CollectionRunDialog::runAll);
    connect(m_runSelected, &QPushButton::clicked, this, &CollectionRunDialog::runSelected);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    ScreenFit::resizeWithin(this, QSize(760, 460));
}

CollectionRunDialog::~CollectionRunDialog()
{
    stop();
}

QString CollectionRunDialog::summaryText() const
{
    return m_summary->text();
}

void CollectionRunDialog::runAll()
{
    QList<int> all;
    for (int i = 0; i < m_collection.calls.size(); ++i)
        all.append(i);
    run(all);
}

void CollectionRunDialog::runSelected()
{
    QList<int> selected;
    for (QTreeWidgetItem *item : m_tree->selectedItems()) {
        // A failed assertion's line selects its call.
        QTreeWidgetItem *top = item->parent() ? item->parent() : item;
        const int index = m_tree->indexOfTopLevelItem(top);
        if (index >= 0 && !selected.contains(index))
            selected.append(index);
    }
    std::sort(selected.begin(), selected.end());
    run(selected);
}

void CollectionRunDialog::run(const QList<int> &indexes)
{
    if (isRunning() || indexes.isEmpty() || !m_loadError.isEmpty())
        return;
    // What runs is what the user approved: each command of the servers these calls use, with
    // its arguments, environment and working directory, as the window's own servers are.
    QStringList asked;
    for (int index : indexes) {
        const CollectionServer *server = m_collection.server(m_collection.calls.at(index).server);
        if (!server || !server->config.usesCommand() || asked.contains(server->name))
            continue;
        asked.append(server->name);
        if (!m_approve || !m_approve(server->config)) {
            m_summary->setText(tr("Not run: the command of %1 was not approved.").arg(server->name));
            return;
        }
    }
    Collection subset = m_collection;
    subset.calls.clear();
    for (int index : indexes) {
        subset.calls.append(m_collection.calls.at(index));
        QTreeWidgetItem *item = m_tree->topLevelItem(index);
        qDeleteAll(item->takeChildren());
        m_reports.remove(index);
        item->setText(2, tr("Waiting"));
        item->setText(3, QString());
        item->setForeground(2, Theme::color(Theme::Role::Muted));
    }
    m_running = indexes;
    m_passed = m_failed = m_errors = 0;
    m_summary->setText(tr("Running…"));
    m_runAll->setEnabled(false);
    m_runSelected->setEnabled(false);

    // The runner and its connections live on a thread of their own; what it reports comes back queued.
    auto *runner = new CollectionRunner(subset);
    m_thread = runnerThread(runner, this);
    connect(runner, &CollectionRunner::callStarted, this, &CollectionRunDialog::onCallStarted);
    connect(runner, &CollectionRunner::callFinished, this, &CollectionRunDialog::onCallFinished);
    connect(runner, &CollectionRunner::finished, this, &CollectionRunDialog::onFinished);
    m_thread->start();
    QMetaObject::invokeMethod(runner, &CollectionRunner::start, Qt::QueuedConnection);
}

void CollectionRunDialog::onCallStarted(int index)
{
    if (index >= 0 && index < m_running.size())
        m_tree->topLevelItem(m_running.at(index))->setText(2, tr("Running…"));
}

void CollectionRunDialog::onCallFinished(const CallReport &report)
{
    const int position = m_passed + m_failed + m_errors;
    if (position >= m_running.size())
        return;
    QTreeWidgetItem *item = m_tree->topLevelItem(m_running.at(position));
    m_reports.insert(m_running.at(position), report);
    item->setText(3, Units::duration(report.outcome.response.elapsedMs));
    item->setToolTip(2, tr("Select the call to see its answer"));
    switch (report.status) {
    case CallReport::Status::Passed:
        ++m_passed;
        item->setText(2, tr("Passed"));
        item->setForeground(2, Theme::color(Theme::Role::Ok));
        break;
    case CallReport::Status::Failed:
        ++m_failed;
        item->setText(2, tr("Failed"));
        item->setForeground(2, Theme::color(Theme::Role::Error));
        break;
    case CallReport::Status::Error:
        ++m_errors;
        item->setText(2, tr("Error"));
        item->setForeground(2, Theme::color(Theme::Role::Error));
        if (auto *line = new QTreeWidgetItem(item, {report.outcome.connectionError})) {
            line->setToolTip(0, report.outcome.connectionError);
            line->setFirstColumnSpanned(true);
        }
        break;
    }
    for (const AssertionResult &result : report.results) {
        if (result.passed || report.status == CallReport::Status::Error)
            continue;
        auto *line = new QTreeWidgetItem(item, {tr("Expected %1; %2").arg(result.assertion.describe(), result.message)});
        line->setToolTip(0, line->text(0) + u'\n' + result.assertion.pointer);
        line->setFirstColumnSpanned(true);
    }
    if (report.status != CallReport::Status::Passed)
        item->setExpanded(true);
    QTreeWidgetItem *current = m_tree->currentItem();
    if (current && (current == item || current->parent() == item))
        showResult(item);
}

void CollectionRunDialog::showResult(QTreeWidgetItem *item)
{
    QTreeWidgetItem *top = item && item->parent() ? item->parent() : item;
    const auto report = m_reports.constFind(top ? m_tree->indexOfTopLevelItem(top) : -1);
    if (report == m_reports.cend()) {
        m_result->clear();
        return;
    }
    const CallOutcome &outcome = report->outcome;
    const Response &response = outcome.response;
    const QString method = report->call.method;
    if (!outcome.ran) {
        m_result->setError(outcome.connectionError);
    } else if (response.error) {
        m_result->setError(tr("%1 failed: %2 (%3)").arg(method, response.error->message).arg(response.error->code),
                           response.error->toJson());
    } else if (method == Method::ToolsCall) {
        // The run reads the tool's outputSchema only for a structuredContentValid assertion.
        const bool schemaRead = !outcome.outputSchema.isUndefined() || !outcome.outputSchemaProblem.isEmpty();
        m_result->setToolResult(response.result.toObject(), schemaRead ? outcome.outputSchema : QJsonValue(QJsonValue::Null));
    } else if (method == Method::PromptsGet) {
        m_result->setPromptResult(GetPromptResult::fromJson(response.result.toObject()));
    } else if (method == Method::ResourcesRead) {
        m_result->setResourceContents(ReadResourceResult::fromJson(response.result.toObject()));
    } else {
        m_result->setValue(response.result);
    }
    m_result->setRounds(response.rounds);
}

void CollectionRunDialog::onFinished()
{
    stop();
    m_summary->setText(tr("%1 passed, %2 failed, %3 errors").arg(m_passed).arg(m_failed).arg(m_errors));
    m_runAll->setEnabled(true);
    m_runSelected->setEnabled(!m_tree->selectedItems().isEmpty());
    Q_EMIT runFinished();
}

void CollectionRunDialog::stop()
{
    stopRunnerThread(m_thread);
}

} // namespace Mcp::Ui
