#include "replaydialog.h"
#include "widgets/screenfit.h"

#include "collections/collectionrunner.h"
#include "widgets/jsontext.h"
#include "protocol/keys.h"
#include "theme.h"
#include "widgets/fittinglabel.h"
#include "widgets/runnerthread.h"
#include "widgets/units.h"

#include <algorithm>

#include <QBoxLayout>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTreeWidget>

#include <memory>

namespace Mcp::Ui {

namespace {

// "#2 tools/call echo", as `mcpscope replay` prints a step.
QString stepLabel(const ReplayStep &step)
{
    const QString name = step.params.value(Key::Name).toString();
    const QString uri = step.params.value(Key::Uri).toString();
    const QString what = !name.isEmpty() ? name : uri;
    return QStringLiteral("#%1 %2").arg(step.ordinal).arg(step.method) + (what.isEmpty() ? QString() : u' ' + what);
}

QString shortJson(const QJsonValue &value)
{
    if (value.isUndefined())
        return ReplayDialog::tr("(absent)");
    const QString text = JsonText::compact(value);
    return text.size() > 200 ? text.left(199) + QChar(0x2026) : text;
}

enum Column { RequestColumn, ResultColumn, RecordedColumn, ReplayedColumn };

} // namespace

ReplayDialog::ReplayDialog(const CapturedMessages &capture, const QString &captureName, const QList<ServerConfig> &servers,
                           QWidget *parent)
    : QDialog(parent), m_capture(capture), m_servers(servers)
{
    setObjectName(QStringLiteral("replayDialog"));
    setWindowTitle(tr("Replay %1").arg(captureName));
    auto *layout = new QVBoxLayout(this);

    auto *grid = new QGridLayout;
    grid->setColumnStretch(1, 1);
    auto *connectionLabel = new QLabel(tr("C&onnection:"), this);
    m_connection = new QComboBox(this);
    m_connection->setObjectName(QStringLiteral("replayConnection"));
    connectionLabel->setBuddy(m_connection);
    // The capture's connections that made requests, in order of their first one.
    QList<int> ids;
    QHash<int, int> requests;
    for (const CapturedMessage &m : std::as_const(m_capture.messages)) {
        if (!m.outgoing || !m.message.contains(Key::Method) || !m.message.contains(QLatin1String("id")))
            continue;
        if (!ids.contains(m.connectionId))
            ids.append(m.connectionId);
        ++requests[m.connectionId];
    }
    for (int id : std::as_const(ids)) {
        const QString name = m_capture.connectionNames.value(id);
        m_connection->addItem(tr("%1 (connection %2, %n request(s))", nullptr, requests.value(id))
                                  .arg(name.isEmpty() ? tr("unnamed") : name).arg(id),
                              id);
    }
    connect(m_connection, &QComboBox::activated, this, [this](int row) { setConnection(m_connection->itemData(row).toInt()); });
    grid->addWidget(connectionLabel, 0, 0);
    grid->addWidget(m_connection, 0, 1, 1, 2);
    m_planText = new FittingLabel(this);
    m_planText->setObjectName(QStringLiteral("replayPlan"));
    grid->addWidget(m_planText, 1, 1, 1, 2);

    m_useServer = new QRadioButton(tr("A &configured server:"), this);
    m_server = new QComboBox(this);
    m_server->setObjectName(QStringLiteral("replayServer"));
    for (const ServerConfig &config : std::as_const(m_servers))
        m_server->addItem(config.name, config.usesUrl() ? config.url : QStringList(QStringList{config.command} + config.args).join(u' '));
    for (int i = 0; i < m_server->count(); ++i)
        m_server->setItemData(i, m_server->itemData(i), Qt::ToolTipRole);
    m_useCommand = new QRadioButton(tr("A co&mmand or URL:"), this);
    m_command = new QLineEdit(this);
    m_command->setObjectName(QStringLiteral("replayCommand"));
    m_command->setPlaceholderText(tr("node server.js --flag, or http://127.0.0.1:3000/mcp"));
    m_command->setClearButtonEnabled(true);
    grid->addWidget(m_useServer, 2, 0);
    grid->addWidget(m_server, 2, 1);
    grid->addWidget(m_useCommand, 3, 0);
    grid->addWidget(m_command, 3, 1);
    m_replay = new QPushButton(Theme::icon(QStringLiteral("run")), tr("&Replay"), this);
    m_replay->setObjectName(QStringLiteral("replay"));
    m_replay->setDefault(true);
    grid->addWidget(m_replay, 2, 2, 2, 1);
    layout->addLayout(grid);
    if (m_servers.isEmpty()) {
        m_useServer->setEnabled(false);
        m_server->setEnabled(false);
        m_server->setPlaceholderText(tr("No configured server can be started"));
        m_useCommand->setChecked(true);
    } else {
        m_useServer->setChecked(true);
    }
    connect(m_server, &QComboBox::activated, this, [this] { m_useServer->setChecked(true); });
    connect(m_command, &QLineEdit::textEdited, this, [this] {
        m_useCommand->setChecked(true);
        updateReplayButton();
    });
    connect(m_useServer, &QRadioButton::toggled, this, &ReplayDialog::updateReplayButton);
    connect(m_replay, &QPushButton::clicked, this, &ReplayDialog::start);

    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("replaySteps"));
    m_tree->setHeaderLabels({tr("Request"), tr("Result"), tr("Recorded"), tr("Replayed")});
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setStretchLastSection(true);
    m_tree->setColumnWidth(RequestColumn, 300);
    m_tree->setColumnWidth(ResultColumn, 90);
    m_tree->setColumnWidth(RecordedColumn, 260);
    layout->addWidget(m_tree, 1);
    m_summary = new FittingLabel(this);
    m_summary->setObjectName(QStringLiteral("summary"));
    layout->addWidget(m_summary);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    setConnection(ids.isEmpty() ? 0 : ids.first());
    ScreenFit::resizeWithin(this, QSize(980, 600));
}

ReplayDialog::~ReplayDialog()
{
    stop();
}

QString ReplayDialog::summaryText() const
{
    return m_summary->text();
}

// How the replay matches the recorded client: what it declares, which calls it cancels.
static QString replayTerms(const ReplayPlan &plan)
{
    QString terms;
    if (plan.clientCapabilities)
        terms += QStringLiteral("; ") + ReplayDialog::tr("declaring the recorded client's capabilities");
    const auto cancelled = std::count_if(plan.steps.cbegin(), plan.steps.cend(),
                                         [](const ReplayStep &step) { return step.cancelAfterMs.has_value(); });
    if (cancelled > 0)
        terms += QStringLiteral("; ") + ReplayDialog::tr("%n cancelled as recorded", nullptr, int(cancelled));
    return terms;
}

void ReplayDialog::setConnection(int connectionId)
{
    if (isRunning())
        return;
    m_plan = ReplayPlan::fromCapture(m_capture, connectionId);
    m_connection->setCurrentIndex(m_connection->findData(m_plan.connectionId));
    m_planText->setText(m_plan.steps.isEmpty()
                            ? tr("This capture holds no client requests to replay.")
                            : tr("%n request(s) to replay", nullptr, int(m_plan.steps.size())) + QStringLiteral("; ")
                                  + tr("%n lifecycle request(s) (initialize, ping…) left out: the new connection makes its own",
                                       nullptr, m_plan.skipped)
                                  + replayTerms(m_plan));
    fillSteps();
    // The capture's own server, when it is configured here: replaying against it is the usual wish.
    const int own = m_plan.connectionName.isEmpty() ? -1 : m_server->findText(m_plan.connectionName);
    if (own >= 0 && m_server->isEnabled()) {
        m_server->setCurrentIndex(own);
        m_useServer->setChecked(true);
    }
    m_summary->setText(m_plan.steps.isEmpty() ? QString() : tr("Choose a server and Replay: each answer is compared with the recorded one."));
    m_summary->setStyleSheet(QString());
    updateReplayButton();
}

void ReplayDialog::fillSteps()
{
    m_tree->clear();
    for (const ReplayStep &step : std::as_const(m_plan.steps)) {
        auto *item = new QTreeWidgetItem(m_tree, {stepLabel(step)});
        item->setToolTip(RequestColumn, JsonText::pretty(step.params));
    }
}

void ReplayDialog::updateReplayButton()
{
    const bool target = m_useServer->isChecked() ? m_server->currentIndex() >= 0 : !m_command->text().trimmed().isEmpty();
    m_replay->setEnabled(!isRunning() && !m_plan.steps.isEmpty() && target);
}

void ReplayDialog::start()
{
    if (m_useServer->isChecked())
        replayAgainstServer(m_server->currentIndex());
    else
        replayAgainstCommand(m_command->text());
}

void ReplayDialog::replayAgainstServer(int index)
{
    if (index < 0 || index >= m_servers.size())
        return;
    m_useServer->setChecked(true);
    m_server->setCurrentIndex(index);
    run(m_servers.at(index));
}

void ReplayDialog::replayAgainstCommand(const QString &commandOrUrl)
{
    const QString text = commandOrUrl.trimmed();
    if (text.isEmpty())
        return;
    m_useCommand->setChecked(true);
    m_command->setText(text);
    ServerConfig config = ServerConfig::create();
    if (looksLikeUrl(text)) { // http(s)://, or ws(s):// for a WebSocket server
        config.transport = ServerConfig::TransportType::Auto;
        config.url = text;
        config.name = text;
    } else {
        QString error;
        const QStringList words = splitCommandLine(text, &error).value_or(QStringList());
        if (words.isEmpty()) {
            m_summary->setText(error);
            return;
        }
        config.transport = ServerConfig::TransportType::Stdio;
        config.command = words.first();
        config.args = words.mid(1);
        config.name = QFileInfo(config.command).fileName();
    }
    run(config);
}

void ReplayDialog::run(const ServerConfig &config)
{
    if (isRunning() || m_plan.steps.isEmpty())
        return;
    fillSteps();
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        m_tree->topLevelItem(i)->setText(ResultColumn, tr("Waiting"));
        m_tree->topLevelItem(i)->setForeground(ResultColumn, Theme::color(Theme::Role::Muted));
    }
    m_done = m_same = m_different = 0;
    m_target = config.name;
    m_summary->setStyleSheet(QString());
    m_summary->setText(tr("Replaying %n request(s) against %1…", nullptr, int(m_plan.steps.size())).arg(m_target));
    m_connection->setEnabled(false);

    // The runner, its connection and the comparisons live on a thread of their own; each step's
    // verdict comes back queued (the destructor waits for the thread before this goes away).
    auto *runner = new CollectionRunner(m_plan.toCollection({config.name, config, config.era}));
    m_thread = runnerThread(runner, this);
    updateReplayButton();
    connect(runner, &CollectionRunner::callStarted, this, [this](int index) {
        if (QTreeWidgetItem *item = m_tree->topLevelItem(index))
            item->setText(ResultColumn, tr("Running…"));
    });
    auto next = std::make_shared<int>(0);
    connect(runner, &CollectionRunner::callFinished, runner, [this, plan = m_plan, next](const CallReport &report) {
        const int index = (*next)++;
        if (index >= int(plan.steps.size()))
            return;
        ReplayPlan one;
        one.steps.append(plan.steps.at(index));
        RunReport ran;
        ran.calls.append(report);
        const ReplayStepResult result = compareReplay(one, ran).value(0);
        QMetaObject::invokeMethod(this, [this, index, result] { onStepCompared(index, result); }, Qt::QueuedConnection);
    });
    connect(runner, &CollectionRunner::finished, runner, [this, runner] {
        const QList<QPair<QString, QString>> unreachable = runner->report().unreachable;
        QMetaObject::invokeMethod(this, [this, unreachable] { onFinished(unreachable); }, Qt::QueuedConnection);
    });
    m_thread->start();
    QMetaObject::invokeMethod(runner, &CollectionRunner::start, Qt::QueuedConnection);
}

void ReplayDialog::onStepCompared(int index, const ReplayStepResult &result)
{
    QTreeWidgetItem *item = m_tree->topLevelItem(index);
    if (!item)
        return;
    ++m_done;
    qDeleteAll(item->takeChildren());
    QFont bold = item->font(ResultColumn);
    bold.setBold(true);
    if (!result.outcome.ran) {
        ++m_different;
        item->setText(ResultColumn, tr("Not sent"));
        item->setForeground(ResultColumn, Theme::color(Theme::Role::Error));
        auto *line = new QTreeWidgetItem(item, {result.outcome.connectionError});
        line->setToolTip(RequestColumn, result.outcome.connectionError);
        line->setFirstColumnSpanned(true);
    } else if (result.same()) {
        ++m_same;
        item->setText(ResultColumn, tr("Same"));
        item->setForeground(ResultColumn, Theme::color(Theme::Role::Ok));
        item->setToolTip(ResultColumn, tr("The same answer as recorded, in %1").arg(Units::duration(result.outcome.response.elapsedMs)));
    } else {
        ++m_different;
        item->setText(ResultColumn, tr("Different"));
        item->setFont(ResultColumn, bold);
        item->setForeground(ResultColumn, Theme::color(Theme::Role::Error));
        item->setText(RecordedColumn, tr("%n difference(s)", nullptr, int(result.differences.size())));
        item->setToolTip(ResultColumn, tr("Answered in %1").arg(Units::duration(result.outcome.response.elapsedMs)));
        for (const ReplayDifference &d : result.differences) {
            auto *row = new QTreeWidgetItem(item, {d.path, QString(), shortJson(d.recorded), shortJson(d.replayed)});
            row->setToolTip(RequestColumn, d.path);
            row->setToolTip(RecordedColumn, d.recorded.isUndefined() ? shortJson(d.recorded) : JsonText::pretty(d.recorded));
            row->setToolTip(ReplayedColumn, d.replayed.isUndefined() ? shortJson(d.replayed) : JsonText::pretty(d.replayed));
        }
        item->setExpanded(true);
    }
    m_summary->setText(tr("Replaying against %1… %2 of %3").arg(m_target).arg(m_done).arg(m_plan.steps.size()));
}

void ReplayDialog::onFinished(const QList<QPair<QString, QString>> &unreachable)
{
    stop();
    QString text = tr("Replayed %n request(s) against %1", nullptr, int(m_plan.steps.size())).arg(m_target) + QStringLiteral(": ")
        + tr("%1 same, %2 different").arg(m_same).arg(m_different);
    if (!unreachable.isEmpty())
        text = tr("Could not replay against %1: %2").arg(m_target, unreachable.first().second);
    m_summary->setText(text);
    m_summary->setStyleSheet(QStringLiteral("color: %1; font-weight: bold;")
                                 .arg(Theme::color(m_different > 0 || !unreachable.isEmpty() ? Theme::Role::Error : Theme::Role::Ok).name()));
    m_connection->setEnabled(true);
    updateReplayButton();
    Q_EMIT replayFinished();
}

void ReplayDialog::stop()
{
    stopRunnerThread(m_thread);
}

} // namespace Mcp::Ui
