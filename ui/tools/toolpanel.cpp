#include "toolpanel.h"

#include "apps/apphostcontrols.h"
#include "apps/appview.h"
#include "apps/uimeta.h"

#include "widgets/commonwidgets.h"
#include "widgets/jsontext.h"
#include "forms/schemaform.h"
#include "forms/toolinputstore.h"
#include "widgets/iconfetcher.h"
#include "results/resultview.h"
#include "theme.h"
#include "workpool.h"

#include "collections/collection.h"
#include "protocol/keys.h"
#include "protocol/methods.h"
#include "protocol/requests.h"
#include "protocol/types.h"
#include "widgets/fittinglabel.h"
#include "widgets/markdown.h"
#include "widgets/units.h"

#include <QBoxLayout>
#include <QFuture>
#include <QPromise>
#include <QThreadPool>
#include <QCheckBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QSettings>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QLocale>

#include <algorithm>

namespace Mcp::Ui {

namespace {
constexpr int DefaultPollMs = 1000;
constexpr qint64 TaskTtlMs = 600000; // asked for when running a tool as a task

// The annotation badges, task support, and why the tool's icon is missing (the note changes
// when a web icon finishes loading, so this runs again then).
void updateBadges(QLabel *label, const Tool &tool)
{
    QStringList words = ToolPanel::badges(tool);
    if (tool.taskSupport != QLatin1String("forbidden"))
        words.append(ToolPanel::tr("task: %1").arg(tool.taskSupport));
    QStringList html;
    for (const QString &word : std::as_const(words)) {
        const bool warn = word == ToolPanel::tr("destructive");
        html.append(QStringLiteral("<span style=\"background:%1;color:%2;\">&nbsp;%3&nbsp;</span>")
                        .arg(Theme::badgeColor(warn ? Theme::Badge::Error : Theme::Badge::Neutral).name(),
                             Theme::badgeTextColor().name(), word.toHtmlEscaped()));
    }
    const QString iconNote = IconFetcher::instance()->lookup(tool.json.value(Key::Icons).toArray()).note;
    if (!iconNote.isEmpty())
        html.append(QStringLiteral("<i>%1</i>").arg(iconNote.toHtmlEscaped()));
    label->setText(html.join(QLatin1Char(' ')));
    label->setVisible(!html.isEmpty());
}
}

QStringList ToolPanel::badges(const Tool &tool)
{
    const ToolAnnotations &a = tool.annotations;
    QStringList out;
    if (a.readOnlyHint.value_or(false))
        out.append(tr("read-only"));
    // destructiveHint defaults to true for tools that are not read-only; only say it when declared.
    if (a.destructiveHint.value_or(false))
        out.append(tr("destructive"));
    if (a.idempotentHint.value_or(false))
        out.append(tr("idempotent"));
    if (a.openWorldHint.value_or(false))
        out.append(tr("open-world"));
    return out;
}

ToolPanel::ToolPanel(Connection *connection, QWidget *parent)
    : QWidget(parent)
    , m_connection(connection)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *splitter = m_splitter = new QSplitter(Qt::Vertical, this);
    splitter->setChildrenCollapsible(false);

    splitter->addWidget(buildFormArea(splitter));
    splitter->addWidget(buildResultArea(splitter));
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({450, 550});
    // Where the user puts the line between form and result stays there, for every tool panel and
    // across restarts.
    splitter->setObjectName(QStringLiteral("toolSplitter"));
    splitter->restoreState(QSettings().value(QStringLiteral("tools/splitter")).toByteArray());
    connect(splitter, &QSplitter::splitterMoved, splitter,
            [splitter] { QSettings().setValue(QStringLiteral("tools/splitter"), splitter->saveState()); });
    layout->addWidget(splitter);

    // Ctrl+Enter runs from anywhere in the panel, including inside the form's editors.
    for (const QKeySequence &sequence : {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)}) {
        auto *shortcut = new QShortcut(sequence, this);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        shortcut->setWhatsThis(tr("Run the selected tool"));
        connect(shortcut, &QShortcut::activated, this, &ToolPanel::run);
    }

    m_elapsedTimer = new QTimer(this);
    m_elapsedTimer->setInterval(100);
    connect(m_elapsedTimer, &QTimer::timeout, this, &ToolPanel::updateElapsed);
    m_pollTimer = new QTimer(this);
    m_pollTimer->setSingleShot(true);
    connect(m_pollTimer, &QTimer::timeout, this, &ToolPanel::pollTask);
    m_saveTimer = new QTimer(this);
    m_saveTimer->setSingleShot(true);
    m_saveTimer->setInterval(400);
    connect(m_saveTimer, &QTimer::timeout, this, &ToolPanel::saveInputs);

    connect(m_run, &QPushButton::clicked, this, [this] {
        m_previousBox->hide(); // a run by hand is not a comparison
        run();
    });
    if (connection)
        connect(connection, &Connection::reloaded, this, &ToolPanel::onReloaded);
    connect(m_cancel, &QPushButton::clicked, this, &ToolPanel::cancel);
    connect(m_form, &SchemaFormWidget::valueChanged, this, [this] {
        m_forceNextRun = false;
        if (!m_loading)
            m_saveTimer->start();
    });
    connect(m_result, &ResultView::openResourceRequested, this, &ToolPanel::openResourceRequested);
    if (connection) {
        connect(connection, &Connection::taskStatus, this, [this](const QJsonObject &json) {
            const Task task = Task::fromJson(json);
            if (!m_taskId.isEmpty() && task.taskId == m_taskId)
                onTaskStatus(task);
            else if (m_taskId.isEmpty() && m_call && isModern())
                showFollowedTask(task);
        });
        connect(connection, &Connection::stateChanged, this, [this] { setRunning(isRunning()); });
        connect(connection, &Connection::invalidToolsChanged, this, [this] {
            if (!isRunning())
                showInvalidReason();
            setRunning(isRunning());
        });
    }
    const auto refreshIconNote = [this] { updateBadges(m_badges, m_tool); };
    connect(IconFetcher::instance(), &IconFetcher::fetchFinished, this, refreshIconNote);
    connect(IconFetcher::instance(), &IconFetcher::enabledChanged, this, refreshIconNote);
    setRunning(false);
}

// The tool's heading, badges and description, its argument form, the status and the Run row.
QWidget *ToolPanel::buildFormArea(QWidget *parent)
{
    auto *top = new QWidget(parent);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    m_heading = headingLabel(tr("Select a tool"), top);
    m_heading->setObjectName(QStringLiteral("toolHeading"));
    m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_badges = new QLabel(top);
    m_badges->setObjectName(QStringLiteral("toolBadges"));
    m_badges->setTextFormat(Qt::RichText);
    m_description = new QLabel(top);
    m_description->setObjectName(QStringLiteral("toolDescription"));
    m_description->setText(tr("Pick a tool on the left: its arguments appear here, and Run (Ctrl+Enter) calls it."));
    m_description->setWordWrap(true);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_form = new SchemaFormWidget(top);
    m_form->hide(); // until setTool()
    // Instead of an empty form, for a tool that takes no arguments: one line, the rest is the result's.
    m_noArguments = new QLabel(tr("No arguments: the value is an empty object."), top);
    m_noArguments->setObjectName(QStringLiteral("noArguments"));
    m_noArguments->hide();
    topLayout->addWidget(m_heading);
    topLayout->addWidget(m_badges);
    topLayout->addWidget(m_description);
    topLayout->addWidget(m_noArguments);
    topLayout->addWidget(m_form, 1);
    // The room a hidden form leaves (no tool chosen yet, or one without arguments) stays below the
    // texts: they sit under the heading, not spread down to the Run row.
    topLayout->addStretch(0);

    auto *buttons = new QHBoxLayout;
    m_run = new QPushButton(tr("Run"), top);
    m_run->setObjectName(QStringLiteral("run"));
    m_run->setToolTip(tr("Call the tool (Ctrl+Enter)"));
    m_run->setDefault(true);
    m_cancel = new QPushButton(tr("Cancel"), top);
    m_cancel->setObjectName(QStringLiteral("cancel"));
    m_cancel->setToolTip(tr("Stop waiting and tell the server (notifications/cancelled, or tasks/cancel for a task)"));
    m_cancel->setEnabled(false);
    m_asTask = new QCheckBox(tr("Run as task"), top);
    m_asTask->setObjectName(QStringLiteral("runAsTask"));
    m_asTask->setToolTip(tr("Call with params.task: the server answers with a task that is polled until it ends"));
    m_asTask->hide(); // until a tool that may run as a task is chosen
    m_progress = new QProgressBar(top);
    m_progress->setObjectName(QStringLiteral("progress"));
    m_progress->setVisible(false);
    // Its place is kept while hidden, so the Run row keeps its height when a call starts.
    QSizePolicy progressPolicy = m_progress->sizePolicy();
    progressPolicy.setRetainSizeWhenHidden(true);
    m_progress->setSizePolicy(progressPolicy);
    m_elapsed = new QLabel(top);
    m_elapsed->setObjectName(QStringLiteral("elapsed"));
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_asTask);
    m_saveToCollection = new QPushButton(tr("Save to Collection…"), this);
    m_saveToCollection->setObjectName(QStringLiteral("saveToCollection"));
    m_saveToCollection->setToolTip(tr("Add this call, with assertions its last result satisfies, to a collection file "
                                      "that `mcpscope test` runs"));
    m_saveToCollection->setEnabled(false);
    connect(m_saveToCollection, &QPushButton::clicked, this, &ToolPanel::requestSaveToCollection);
    m_rerunAfterReload = new QCheckBox(tr("Run again after reload"), this);
    m_rerunAfterReload->setObjectName(QStringLiteral("rerunAfterReload"));
    m_rerunAfterReload->setToolTip(tr("When the server reloads (watch mode or Restart), send this call again and show "
                                      "its result beside the one from before"));
    m_rerunAfterReload->setChecked(QSettings().value(QStringLiteral("tools/rerunAfterReload"), false).toBool());
    connect(m_rerunAfterReload, &QCheckBox::toggled, this,
            [](bool on) { QSettings().setValue(QStringLiteral("tools/rerunAfterReload"), on); });
    buttons->addWidget(m_progress, 1);
    buttons->addWidget(m_elapsed);
    buttons->addStretch(0);
    // The status goes above the Run row: when it changes, the form gives or takes the room, and
    // the Run row stays where the pointer is.
    m_status = new FittingLabel(top);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    topLayout->addWidget(m_status);
    topLayout->addLayout(buttons);
    return top;
}

// The result, and beside it after a re-run on reload, the one from before; the choice to
// re-run sits with them, since it is about them (and the Run row stays short). An MCP Apps view
// goes beside them.
QWidget *ToolPanel::buildResultArea(QWidget *parent)
{
    auto *resultArea = new QWidget(parent);
    auto *resultAreaLayout = new QVBoxLayout(resultArea);
    resultAreaLayout->setContentsMargins(0, 0, 0, 0);
    resultAreaLayout->setSpacing(2);
    auto *results = new QSplitter(Qt::Horizontal, resultArea);
    resultAreaLayout->addWidget(results, 1);
    results->setObjectName(QStringLiteral("resultComparison"));
    results->setChildrenCollapsible(false);
    m_previousBox = new QWidget(results);
    auto *previousLayout = new QVBoxLayout(m_previousBox);
    previousLayout->setContentsMargins(0, 0, 0, 0);
    auto *previousTop = new QHBoxLayout;
    m_previousHeading = new FittingLabel(m_previousBox);
    m_previousHeading->setObjectName(QStringLiteral("previousHeading"));
    auto *hidePrevious = new QToolButton(m_previousBox);
    hidePrevious->setText(tr("Hide"));
    hidePrevious->setAutoRaise(true);
    connect(hidePrevious, &QToolButton::clicked, m_previousBox, &QWidget::hide);
    previousTop->addWidget(m_previousHeading, 1);
    previousTop->addWidget(hidePrevious);
    previousLayout->addLayout(previousTop);
    m_previous = new ResultView(m_previousBox);
    m_previous->setObjectName(QStringLiteral("previousResult"));
    previousLayout->addWidget(m_previous, 1);
    m_previousBox->hide();
    m_result = new ResultView(results);
    // Both are about the result: in its own row, so that they cost the result no height of its
    // own (at 1024x700 a row of their own left the result under 100 px).
    m_result->addBarWidget(m_saveToCollection);
    m_result->addBarWidget(m_rerunAfterReload);
    results->addWidget(m_previousBox);
    results->addWidget(m_result);
    const AppPane app = makeAppPane(m_connection, false, QStringLiteral("toolAppBox"), results);
    m_appBox = app.box;
    m_app = app.view;
    m_appControls = app.controls;
    app.box->setStretchFactor(0, 3);
    // The host controls are folded under the view: a handle wide enough to find, that says what
    // it opens.
    app.box->setHandleWidth(8);
    app.box->handle(1)->setToolTip(tr("Drag up for the host controls: the messages between MCP Scope and the view"));
    results->addWidget(m_appBox);
    m_appBox->hide();
    results->setHandleWidth(8);
    m_results = results;
    m_results->installEventFilter(this);
    // The result hides itself while it has nothing to show; so does its area, leaving the form the room.
    m_result->installEventFilter(this);
    resultArea->setVisible(!m_result->isHidden());
    return resultArea;
}

void ToolPanel::setTool(const Tool &tool)
{
    if (m_saveTimer->isActive()) {
        m_saveTimer->stop();
        saveInputs();
    }
    // The same tool with a new definition (a list refresh): its last call and result stay.
    const bool none = tool.json.isEmpty() && tool.name.isEmpty();
    const bool sameTool = !none && tool.name == m_tool.name;
    m_tool = tool;
    const QString &name = tool.name;
    const QString title = tool.displayName();
    m_heading->setText(none ? tr("Select a tool") : title == name ? name : QStringLiteral("%1 — %2").arg(title, name));
    const QString &support = tool.taskSupport;
    updateBadges(m_badges, tool);
    setMarkdownText(m_description, none ? tr("Pick a tool on the left: its arguments appear here, and Run (Ctrl+Enter) calls it.")
                                        : tool.description);
    m_loading = true;
    // No editors until there is a tool to fill them for, nor for a tool that takes no arguments:
    // the room goes to the result.
    const QJsonObject &schema = tool.inputSchema;
    const bool takesArguments = !schema.value(QLatin1String("properties")).toObject().isEmpty()
        || schema.contains(QLatin1String("additionalProperties")) || schema.contains(QLatin1String("patternProperties"));
    m_form->setVisible(!none && takesArguments);
    m_noArguments->setVisible(!none && !takesArguments);
    m_form->setSchema(schema.isEmpty() ? QJsonObject{{Key::Type, QStringLiteral("object")}} : schema);
    const QJsonValue saved = m_connection && !name.isEmpty()
        ? ToolInputStore::load(m_connection->name(), QStringLiteral("tool"), name)
        : QJsonValue(QJsonValue::Undefined);
    if (saved.isObject())
        m_form->setValue(saved);
    m_loading = false;
    // In the modern era the server decides what becomes a task (SEP-2663) and the library
    // follows it; the choice is the legacy era's (params.task).
    m_asTask->setVisible(!none && support != QLatin1String("forbidden") && !isModern());
    m_asTask->setChecked(support == QLatin1String("required"));
    m_asTask->setEnabled(support == QLatin1String("optional"));
    m_forceNextRun = false;
    if (!isRunning() && !sameTool && !Apps::ToolUiMeta::fromTool(tool.json).hasView()) {
        if (m_app->isLoaded())
            m_app->tearDown(tr("another tool was selected"));
        m_appBox->hide();
    }
    if (!isRunning() && !sameTool) {
        m_result->clear();
        m_status->clear();
        m_elapsed->clear();
        showInvalidReason();
    }
    setRunning(isRunning());
}

bool ToolPanel::hasTool() const
{
    return !m_tool.json.isEmpty() || !m_tool.name.isEmpty();
}

QJsonValue ToolPanel::outputSchema() const
{
    return m_tool.outputSchema ? QJsonValue(*m_tool.outputSchema) : QJsonValue(QJsonValue::Undefined);
}

QString ToolPanel::invalidReason() const
{
    if (!m_connection || !hasTool())
        return {};
    return m_connection->sessionInfo().invalidTools.value(m_tool.name);
}

void ToolPanel::showInvalidReason()
{
    const QString reason = invalidReason();
    if (!reason.isEmpty())
        m_status->setText(tr("⚠ This tool cannot be run: its x-mcp-header annotations break the 2026-07-28 rules, "
                             "so a client must not call it. %1").arg(reason));
    else if (m_status->text().startsWith(QStringLiteral("⚠ ")))
        m_status->clear(); // a new listing made it valid
}

void ToolPanel::saveInputs()
{
    if (!m_connection || !hasTool())
        return;
    ToolInputStore::save(m_connection->name(), QStringLiteral("tool"), m_tool.name, m_form->value());
}

QString ToolPanel::resultText() const
{
    return m_lastOutcome.value.isUndefined() ? QString() : JsonText::pretty(m_lastOutcome.resolved());
}

QString ToolPanel::statusText() const
{
    return m_status->text();
}

void ToolPanel::setRunning(bool running)
{
    const bool connected = m_connection && m_connection->isConnected();
    m_run->setEnabled(!running && connected && hasTool() && invalidReason().isEmpty());
    m_saveToCollection->setEnabled(!running && hasTool());
    m_cancel->setEnabled(running);
    m_progress->setVisible(running);
    if (running) {
        m_elapsedTimer->start();
    } else {
        m_elapsedTimer->stop();
    }
}

void ToolPanel::updateElapsed()
{
    m_elapsed->setText(Units::duration(m_clock.elapsed()));
}

void ToolPanel::run()
{
    if (!hasTool() || isRunning() || !m_connection || !m_connection->isConnected())
        return;
    if (!invalidReason().isEmpty()) {
        showInvalidReason();
        return;
    }
    const ValidationResult check = m_form->validateAndShow();
    if (!m_form->jsonError().isEmpty()) {
        m_status->setText(tr("The JSON text does not parse: %1").arg(m_form->jsonError()));
        return;
    }
    if (!check.valid && !m_forceNextRun) {
        m_status->setText(tr("The arguments do not match the tool's schema (marked in the form). "
                             "Run again to send them anyway.\n%1").arg(m_form->describe(check)));
        m_forceNextRun = true;
        return;
    }
    m_forceNextRun = false;
    saveInputs();
    const QJsonValue value = m_form->value();
    const QJsonObject arguments = value.isObject() ? value.toObject() : QJsonObject();
    m_lastOutcome = {};
    m_lastArguments = arguments;
    m_lastError.reset();
    // The first result makes room for itself; later ones take the place of the one before, so
    // nothing moves while the call runs.
    const bool resultPlaced = !m_result->isHidden();
    m_result->clear();
    if (resultPlaced)
        m_result->setStatusText(tr("Running…"));
    m_clock.start();
    m_progress->setRange(0, 0);
    if (m_asTask->isVisible() && m_asTask->isChecked())
        startTask(arguments);
    else
        startCall(arguments);
    setRunning(true);
    updateElapsed();
}

void ToolPanel::setServerTools(const QJsonArray &tools)
{
    m_serverTools = tools;
    m_app->setServerTools(tools);
}

void ToolPanel::startAppView(const QJsonObject &arguments)
{
    ++m_appRun;
    m_appLoaded = false;
    m_appResult.reset();
    m_appCancelled.clear();
    const Apps::ToolUiMeta meta = Apps::ToolUiMeta::fromTool(m_tool.json);
    if (!meta.hasView() || !m_connection) {
        m_appBox->hide();
        return;
    }
    if (m_appBox->isHidden()) {
        m_appBox->show();
        // Sized once the splitter has its real width (it may still be hidden with the result).
        m_appSizePending = true;
        sizeAppView();
    }
    m_appControls->clear();
    // The view is read at each call (a server may change it) while the tool runs.
    OutgoingRequest *read = m_connection->send(Requests::readResource(meta.resourceUri));
    const quint64 run = m_appRun;
    const QJsonObject tool = m_tool.json;
    connect(read, &OutgoingRequest::finished, this, [this, read, run, tool, arguments, meta] {
        if (run != m_appRun)
            return;
        const QJsonObject content = read->result().toObject().value(Key::Contents).toArray().at(0).toObject();
        QString html = content.value(Key::Text).toString();
        if (html.isEmpty() && content.contains(Key::Blob))
            html = QString::fromUtf8(QByteArray::fromBase64(content.value(Key::Blob).toString().toLatin1()));
        if (read->isError() || html.isEmpty()) {
            m_appBox->hide();
            m_status->setText(m_status->text() + QLatin1Char(' ')
                              + tr("(its view %1 could not be read: %2)")
                                    .arg(meta.resourceUri, read->isError() ? read->error().message : tr("no HTML")));
            return;
        }
        // The resource's _meta.ui (CSP, permissions, border) is the content item's, else its
        // resources/list entry's (ext-apps: the listing is the fallback): the list, usually
        // answered from the cache, is read before the view starts.
        m_connection->listAll(Lists::Resources, this,
                              [this, run, tool, arguments, meta, content, html](const QJsonArray &resources,
                                                                               const std::optional<RpcError> &) {
            if (run != m_appRun)
                return;
            QJsonObject listed;
            for (const QJsonValue &resource : resources) {
                if (resource.toObject().value(Key::Uri).toString() == meta.resourceUri)
                    listed = resource.toObject();
            }
            m_app->setServerTools(m_serverTools);
            m_app->load(meta.resourceUri, html, Apps::UiResourceMeta::resolve(content, listed));
            m_app->bridge()->setToolInfo(tool);
            m_app->bridge()->sendToolInput(arguments);
            m_appLoaded = true;
            deliverAppOutcome();
        });
    });
}

void ToolPanel::deliverAppOutcome()
{
    if (!m_appLoaded)
        return;
    if (m_appResult) {
        m_app->bridge()->sendToolResult(m_appResult->resolved().toObject());
        m_appResult.reset();
    } else if (!m_appCancelled.isEmpty()) {
        m_app->bridge()->sendToolCancelled(m_appCancelled);
        m_appCancelled.clear();
    }
}

void ToolPanel::startCall(const QJsonObject &arguments)
{
    ++m_shownCall;
    startAppView(arguments);
    m_status->setText(tr("Running…"));
    const Request request = Requests::callTool(m_tool.name, arguments);
    RequestOptions options = m_connection->options().request;
    options.keepBigTexts = true; // a big text is shown from its frame, never converted whole
    m_call = m_connection->send(request, options);
    connect(m_call, &OutgoingRequest::progress, this, [this](double progress, double total, const QString &message) {
        if (total > 0) {
            m_progress->setRange(0, 1000);
            m_progress->setValue(int(1000 * qBound(0.0, progress / total, 1.0)));
            m_progress->setFormat(QStringLiteral("%1 / %2").arg(progress).arg(total));
        } else {
            m_progress->setRange(0, 0);
        }
        m_status->setText(message.isEmpty() ? tr("Progress: %1").arg(progress) : message);
    });
    OutgoingRequest *call = m_call;
    // A modern call that needs input: which round it is in and what it waits for, while it runs.
    connect(call, &OutgoingRequest::roundsChanged, this, [this, call] {
        const QString round = ResultView::runningRoundText(call->rounds());
        if (!round.isEmpty())
            m_status->setText(round);
    });
    connect(call, &OutgoingRequest::finished, this, [this, call] {
        m_call = nullptr;
        finish(call->isError(), call->resultWithTexts(), call->error(),
               call->elapsedMs() > 0 ? call->elapsedMs() : m_clock.elapsed(), call->rounds(), call->resultBytes());
    });
}

void ToolPanel::startTask(const QJsonObject &arguments)
{
    ++m_shownCall;
    m_status->setText(tr("Creating the task…"));
    m_taskResultRequested = false;
    const Request request = Requests::callTool(m_tool.name, arguments, Requests::taskMetadata(TaskTtlMs));
    m_call = m_connection->send(request);
    OutgoingRequest *call = m_call;
    connect(call, &OutgoingRequest::finished, this, [this, call] {
        m_call = nullptr;
        const Task task = Task::fromJson(call->result().toObject().value(Key::Task).toObject());
        if (call->isError() || task.taskId.isEmpty()) {
            // Not a task after all: a plain result, or an error.
            finish(call->isError(), ResultTexts{call->result(), {}}, call->error(), call->elapsedMs());
            return;
        }
        m_taskId = task.taskId;
        onTaskStatus(task);
    });
}

void ToolPanel::onTaskStatus(const Task &state)
{
    if (m_taskId.isEmpty())
        return;
    const QString &status = state.status;
    const QString &message = state.statusMessage;
    m_status->setText(tr("Task %1: %2%3").arg(m_taskId, status, message.isEmpty() ? QString() : QStringLiteral(" — ") + message));
    m_progress->setFormat(status);
    const bool terminal = state.isTerminal();
    // tasks/result waits for the end, and lets the server ask for input (input_required) meanwhile.
    if (terminal || status == TaskStatusValue::InputRequired)
        fetchTaskResult();
    if (status == TaskStatusValue::Cancelled) {
        m_pollTimer->stop();
        return;
    }
    if (!terminal) {
        const int interval = state.pollInterval.value_or(DefaultPollMs);
        m_pollTimer->start(qBound(100, interval, 60000));
    }
}

bool ToolPanel::isModern() const
{
    return m_connection && m_connection->sessionInfo().era.era == Modern::Era::Modern;
}

void ToolPanel::showFollowedTask(const Task &state)
{
    // A modern call the server turned into a task: MCP Scope polls it; this only shows where it is.
    m_status->setText(tr("Task %1: %2%3 (followed with tasks/get)")
                          .arg(state.taskId, state.status,
                               state.statusMessage.isEmpty() ? QString() : QStringLiteral(" — ") + state.statusMessage));
}

void ToolPanel::pollTask()
{
    if (m_taskId.isEmpty() || !m_connection)
        return;
    const Request request = Requests::getTask(m_taskId);
    OutgoingRequest *call = m_connection->send(request);
    onTaskAnswer(call, [this, call](const QString &) {
        if (call->isError()) {
            m_status->setText(tr("tasks/get failed: %1").arg(call->error().message));
            m_pollTimer->start(DefaultPollMs * 2);
            return;
        }
        onTaskStatus(Task::fromJson(call->result().toObject()));
    });
}

void ToolPanel::fetchTaskResult()
{
    if (m_taskResultRequested || m_taskId.isEmpty())
        return;
    m_taskResultRequested = true;
    RequestOptions options = m_connection->options().request;
    options.timeoutMs = 0; // it answers when the task ends, however long that is
    const Request request = Requests::getTaskResult(m_taskId);
    OutgoingRequest *call = m_connection->send(request, options);
    onTaskAnswer(call, [this, call](const QString &taskId) {
        m_pollTimer->stop();
        m_taskId.clear();
        finish(call->isError(), ResultTexts{call->result(), {}}, call->error(), m_clock.elapsed());
        if (!call->isError())
            m_status->setText(m_status->text() + QLatin1Char(' ') + tr("(task %1)").arg(taskId));
    });
}

void ToolPanel::onTaskAnswer(OutgoingRequest *call, std::function<void(const QString &taskId)> handle)
{
    connect(call, &OutgoingRequest::finished, this, [this, taskId = m_taskId, handle = std::move(handle)] {
        if (taskId == m_taskId)
            handle(taskId);
    });
}

void ToolPanel::cancel()
{
    if (m_call) {
        m_call->cancel(tr("Cancelled by the user"));
        return;
    }
    if (!m_taskId.isEmpty() && m_connection) {
        m_status->setText(tr("Cancelling task %1…").arg(m_taskId));
        const Request request = Requests::cancelTask(m_taskId);
        OutgoingRequest *call = m_connection->send(request);
        onTaskAnswer(call, [this, call](const QString &taskId) {
            m_pollTimer->stop();
            m_taskId.clear();
            if (call->isError())
                finish(true, {}, call->error(), m_clock.elapsed());
            else
                finish(true, {}, RpcError{SessionErrorCode::Cancelled, tr("Task %1 was cancelled").arg(taskId), QJsonValue::Undefined},
                       m_clock.elapsed());
        });
    }
}

void ToolPanel::makeRoomForResult()
{
    // Until the user has placed the line between form and result, the first result of a panel
    // gets what the form does not need: the form keeps its own height, at least a third of the
    // panel and at most 65 % (a longer form scrolls). A one-field form left a 1024x700 window
    // five rows of a big result.
    if (!m_result->isHidden() || QSettings().contains(QStringLiteral("tools/splitter")))
        return;
    const int height = m_splitter->height();
    // A tool without arguments has no form to fill: the result takes all but the Run row.
    const bool noArguments = m_form->isHidden();
    QWidget *formArea = m_splitter->widget(0);
    const int needed = formArea->sizeHint().height() - m_form->sizeHint().height() + m_form->naturalHeight();
    const int form = noArguments ? qMin(height / 2, formArea->minimumSizeHint().height())
                                 : qBound(height / 3, needed, height * 65 / 100);
    m_splitter->setSizes({form, height - form});
}

void ToolPanel::sizeAppView()
{
    // The view is what the person came for: most of the width, and the hand-driven host controls
    // folded away under it until dragged up (at 1024x700 they left it ~50 px tall).
    const int width = m_results->width();
    if (!m_appSizePending || !m_results->isVisible() || width < m_result->minimumSizeHint().width() * 2)
        return;
    m_appSizePending = false;
    const int previous = m_previousBox->isVisible() ? width / 5 : 0;
    const int result = qMax(m_result->minimumSizeHint().width(), (width - previous) * 2 / 5);
    m_results->setSizes({previous, result, width - previous - result});
    auto *appSplit = static_cast<QSplitter *>(m_appBox);
    appSplit->setCollapsible(1, true);
    appSplit->setSizes({qMax(1, appSplit->height()), 0});
}

bool ToolPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_results && event->type() == QEvent::Resize)
        sizeAppView();
    if (watched == m_result && (event->type() == QEvent::ShowToParent || event->type() == QEvent::HideToParent))
        m_result->parentWidget()->parentWidget()->setVisible(event->type() == QEvent::ShowToParent);
    return QWidget::eventFilter(watched, event);
}

void ToolPanel::setRunAgainAfterReload(bool on)
{
    m_rerunAfterReload->setChecked(on);
}

void ToolPanel::onReloaded(const ReloadDiff &diff)
{
    if (!m_rerunAfterReload->isChecked() || !m_shown.valid || isRunning() || !hasTool())
        return;
    const QString &name = m_tool.name;
    if (const ItemChange *change = diff.tools.find(name); change && change->kind == ItemChange::Kind::Removed) {
        m_status->setText(tr("Not run again: the reload removed the tool %1").arg(name));
        return;
    }
    showPreviousOutcome();
    run();
}

void ToolPanel::labelComparison()
{
    // Beside the result from before the reload, this one says which it is.
    if (!m_previousBox->isHidden())
        m_result->setStatusText(tr("After it (%1)").arg(QLocale().toString(m_shown.at.time(), QStringLiteral("HH:mm:ss"))));
}

void ToolPanel::showPreviousOutcome()
{
    if (m_shown.isError)
        m_previous->setError(m_shown.errorText, m_shown.error);
    else
        m_previous->setToolResult(m_shown.result, outputSchema());
    m_previousHeading->setText(tr("Before the reload (%1)").arg(QLocale().toString(m_shown.at.time(), QStringLiteral("HH:mm:ss"))));
    m_previousBox->show();
}

void ToolPanel::finish(bool isError, const ResultTexts &result, const RpcError &error, qint64 elapsedMs,
                       const QList<Modern::RoundRecord> &rounds, qint64 resultBytes)
{
    const quint64 shown = ++m_shownCall; // a big result still being prepared for an earlier call stays unshown
    setRunning(false);
    makeRoomForResult();
    m_elapsed->setText(Units::duration(elapsedMs));
    if (isError) {
        m_lastOutcome = ResultTexts{error.toJson(), {}};
        m_lastError = error;
        const QString text = error.code == SessionErrorCode::Cancelled
            ? tr("Cancelled after %1").arg(Units::duration(elapsedMs))
            : tr("Error %1: %2 (after %3)").arg(error.code).arg(error.message, Units::duration(elapsedMs));
        // Said once, in the result's banner; the status line only says how it ended.
        m_status->setText(error.code == SessionErrorCode::Cancelled ? text : tr("Failed after %1").arg(Units::duration(elapsedMs)));
        m_result->setError(text, error.toJson());
        m_result->setRounds(rounds);
        m_appCancelled = error.code == SessionErrorCode::Cancelled ? tr("cancelled by the user") : text;
        deliverAppOutcome();
        m_shown = {true, true, text, error.toJson(), {}, QDateTime::currentDateTime()};
        labelComparison();
        Q_EMIT callFinished(true);
        return;
    }
    // From this size on the result is prepared in the thread pool (its big texts indexed where
    // they are, the rest converted): a 64 MiB text held the GUI thread for over 100 ms on its way
    // to a QString (bench_guistall arrival).
    constexpr qint64 OffThreadResultBytes = 4 * 1024 * 1024;
    if (resultBytes >= OffThreadResultBytes && result.value.isObject()) {
        m_status->setText(tr("Preparing the result…"));
        auto future = startInWorkPool<ResultView::PreparedResult>([result](QPromise<ResultView::PreparedResult> &promise) {
            promise.addResult(ResultView::prepare(result));
        });
        future.then(this, [this, shown, elapsedMs, rounds](const ResultView::PreparedResult &prepared) {
            if (shown == m_shownCall)
                showResult(prepared, elapsedMs, rounds);
        });
        return;
    }
    showResult(ResultView::prepare(result), elapsedMs, rounds);
}

void ToolPanel::showResult(const ResultView::PreparedResult &prepared, qint64 elapsedMs, const QList<Modern::RoundRecord> &rounds)
{
    m_lastOutcome = prepared.json;
    const bool toolError = prepared.shown.value(Key::IsError).toBool();
    m_result->setToolResult(prepared, outputSchema());
    m_result->setRounds(rounds);
    m_appResult = prepared.json;
    deliverAppOutcome();
    m_shown = {true, false, QString(), QJsonValue::Undefined, prepared, QDateTime::currentDateTime()};
    labelComparison();
    // A call the server turned into a task (the tasks extension) is listed on the Tasks page.
    const bool asTask = std::any_of(rounds.cbegin(), rounds.cend(), [](const Modern::RoundRecord &round) { return round.becameTask; });
    if (asTask)
        m_status->setText(toolError ? tr("The tool reported an error (isError) after %1, as a task (see the Tasks page)").arg(Units::duration(elapsedMs))
                                    : tr("Done in %1, as a task (see the Tasks page)").arg(Units::duration(elapsedMs)));
    else
        m_status->setText(toolError ? tr("The tool reported an error (isError) after %1").arg(Units::duration(elapsedMs))
                                    : tr("Done in %1").arg(Units::duration(elapsedMs)));
    Q_EMIT callFinished(toolError);
}

void ToolPanel::requestSaveToCollection()
{
    const QString &name = m_tool.name;
    if (m_lastOutcome.value.isUndefined() || (m_lastError && m_lastError->code == SessionErrorCode::Cancelled)) {
        // Not run (or cancelled): the call as the form holds it, expected to be answered.
        const QJsonValue value = m_form->value();
        QJsonObject call = Collection::toolCall(name, value.isObject() ? value.toObject() : QJsonObject(), QJsonValue::Undefined,
                                                std::nullopt, QJsonValue::Undefined);
        call.insert(QStringLiteral("expect"), QJsonArray{QJsonObject{{QStringLiteral("status"), QStringLiteral("ok")}}});
        Q_EMIT saveToCollectionRequested(call);
        return;
    }
    Q_EMIT saveToCollectionRequested(Collection::toolCall(name, m_lastArguments, m_lastOutcome.resolved(), m_lastError,
                                                          outputSchema()));
}

} // namespace Mcp::Ui
