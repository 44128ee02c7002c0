#include "logs/logspage.h"

#include "theme.h"

#include "protocol/keys.h"
#include "protocol/requests.h"
#include "protocol/types.h"
#include "widgets/jsonview.h"
#include "widgets/fittinglabel.h"

#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace Mcp::Ui {

LogModel::LogModel(QObject *parent) : QAbstractTableModel(parent) {}

const QStringList &LogModel::levels()
{
    static const QStringList list = loggingLevelNames();
    return list;
}

int LogModel::levelRank(const QString &level)
{
    const int rank = levels().indexOf(level.toLower());
    return rank < 0 ? 1 : rank; // unknown levels count as info
}

int LogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int LogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

// A string as its text, anything else as its compact JSON (parsed only for rows on screen).
static QString compactData(const LogEntry &entry)
{
    if (entry.dataJson.startsWith('"'))
        return entry.data().toString();
    return QString::fromUtf8(entry.dataJson);
}

QVariant LogModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_entries.size())
        return {};
    const LogEntry &e = m_entries.at(index.row());
    if (role == LevelRankRole)
        return levelRank(e.level);
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Time: return QDateTime::fromMSecsSinceEpoch(e.wallClockMs).toString(QStringLiteral("HH:mm:ss.zzz"));
        case Level: return e.level;
        case Logger: return e.logger;
        case Message: return compactData(e).left(500);
        }
    }
    if (role == Qt::ForegroundRole && index.column() == Level) {
        const int rank = levelRank(e.level);
        if (rank >= 4)
            return Theme::color(Theme::Role::Error);
        if (rank == 3)
            return Theme::color(Theme::Role::Warning);
        if (rank == 0)
            return Theme::color(Theme::Role::Muted);
        return Theme::color(Theme::Role::Info);
    }
    return {};
}

QVariant LogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Time: return tr("Time");
    case Level: return tr("Level");
    case Logger: return tr("Logger");
    case Message: return tr("Message");
    }
    return {};
}

void LogModel::append(const LogEntry &entry)
{
    if (m_entries.size() >= m_cap) {
        const int drop = m_cap / 10;
        beginRemoveRows({}, 0, drop - 1);
        m_entries.remove(0, drop);
        m_dropped += drop;
        endRemoveRows();
    }
    const int row = int(m_entries.size());
    beginInsertRows({}, row, row);
    m_entries.append(entry);
    endInsertRows();
}

void LogModel::appendBatch(const QList<LogEntry> &entries)
{
    if (entries.isEmpty())
        return;
    // Only the newest m_cap entries of the batch can survive.
    const qsizetype skip = qMax<qsizetype>(0, entries.size() - m_cap);
    const qsizetype incoming = entries.size() - skip;
    const qsizetype overflow = m_entries.size() + incoming - m_cap;
    if (overflow > 0) {
        const int drop = int(qMin<qsizetype>(m_entries.size(), qMax<qsizetype>(overflow, m_cap / 10)));
        beginRemoveRows({}, 0, drop - 1);
        m_entries.remove(0, drop);
        endRemoveRows();
        m_dropped += drop;
    }
    m_dropped += int(skip);
    const int first = int(m_entries.size());
    beginInsertRows({}, first, first + int(incoming) - 1);
    m_entries.append(entries.mid(skip));
    endInsertRows();
}

void LogModel::clear()
{
    beginResetModel();
    m_entries.clear();
    m_dropped = 0;
    endResetModel();
}

void LogLevelFilter::setMinimumRank(int rank)
{
    m_minimumRank = rank;
    invalidateFilter();
}

bool LogLevelFilter::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    return index.data(LogModel::LevelRankRole).toInt() >= m_minimumRank;
}

LogsPage::LogsPage(Connection *connection, QWidget *parent)
    : Page(connection, {tr("Logs"), Theme::icon(QStringLiteral("logs")), true}, parent)
{
    m_model = new LogModel(this);
    m_filter = new LogLevelFilter(this);
    m_filter->setSourceModel(m_model);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    auto *bar = new QHBoxLayout;
    m_filterLevel = new QComboBox(this);
    m_serverLevel = new QComboBox(this);
    for (const QString &level : LogModel::levels()) {
        m_filterLevel->addItem(level);
        m_serverLevel->addItem(level);
    }
    m_serverLevel->setCurrentIndex(1);
    auto *setLevel = new QPushButton(tr("Set"), this);
    setLevel->setToolTip(tr("Ask the server to send messages of this level and above (logging/setLevel)"));
    auto *clearButton = new QToolButton(this);
    clearButton->setIcon(Theme::icon(QStringLiteral("clear")));
    clearButton->setToolTip(tr("Clear"));
    clearButton->setAutoRaise(true);
    auto *saveButton = new QToolButton(this);
    saveButton->setIcon(Theme::icon(QStringLiteral("save")));
    saveButton->setToolTip(tr("Save…"));
    saveButton->setAutoRaise(true);
    m_status = new FittingLabel(this);
    m_deprecation = new QLabel(this);
    m_deprecation->setObjectName(QStringLiteral("loggingDeprecation"));
    m_deprecation->setWordWrap(true);
    m_deprecation->hide();
    bar->addWidget(new QLabel(tr("Show from:"), this));
    bar->addWidget(m_filterLevel);
    bar->addSpacing(16);
    bar->addWidget(new QLabel(tr("Server log level:"), this));
    bar->addWidget(m_serverLevel);
    bar->addWidget(setLevel);
    bar->addSpacing(16);
    bar->addWidget(m_status, 1);
    bar->addWidget(clearButton);
    bar->addWidget(saveButton);
    layout->addLayout(bar);
    layout->addWidget(m_deprecation);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    m_view = new QTableView(splitter);
    m_view->setModel(m_filter);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setColumnWidth(LogModel::Time, m_view->fontMetrics().horizontalAdvance(QStringLiteral("00:00:00.000__")));
    m_view->setColumnWidth(LogModel::Level, m_view->fontMetrics().horizontalAdvance(QStringLiteral("emergency___")));
    m_view->setColumnWidth(LogModel::Logger, 140);
    m_view->setAlternatingRowColors(true);
    m_detail = new JsonTextView(splitter);
    m_detail->setPlaceholderText(tr("Select a message to see all of its data."));
    splitter->addWidget(m_view);
    splitter->addWidget(m_detail);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    layout->addWidget(splitter, 1);

    m_statusTimer = new QTimer(this);
    m_statusTimer->setSingleShot(true);
    m_statusTimer->setInterval(250);
    connect(m_statusTimer, &QTimer::timeout, this, [this] {
        m_status->setText(tr("%n old message(s) dropped", nullptr, m_model->droppedCount()));
    });
    connect(m_filterLevel, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_filter->setMinimumRank(index);
    });
    connect(setLevel, &QPushButton::clicked, this, &LogsPage::setServerLevel);
    m_setLevel = setLevel;
    connect(connection, &Connection::sessionInfoChanged, this, [this] { connectionStateChanged(this->connection()->state()); });
    connect(connection, &Connection::deprecatedFeatureUsed, this, [this](const QString &feature) {
        if (feature == QLatin1String("logging"))
            showDeprecation();
    });
    connect(clearButton, &QToolButton::clicked, m_model, &LogModel::clear);
    connect(saveButton, &QToolButton::clicked, this, &LogsPage::save);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &LogsPage::showCurrent);
    // Entries reach the model (and the view relayouts and repaints) at most every 50 ms, or
    // every 500 ms while the page is hidden: a flooding server costs a few updates a second.
    m_appendTimer = new QTimer(this);
    m_appendTimer->setSingleShot(true);
    connect(m_appendTimer, &QTimer::timeout, this, &LogsPage::appendPending);
    connect(connection, &Connection::logMessages, this, [this](const QList<LogEntry> &entries) {
        m_pending.append(entries);
        if (!m_appendTimer->isActive())
            m_appendTimer->start(isVisible() ? 50 : 500);
    });
}

void LogsPage::appendPending()
{
    m_appendTimer->stop();
    if (m_pending.isEmpty())
        return;
    const bool atBottom = m_view->verticalScrollBar()->value() == m_view->verticalScrollBar()->maximum();
    QList<LogEntry> entries;
    entries.swap(m_pending);
    m_model->appendBatch(entries);
    // The count changes with every batch of a flood: the label (and the layout) follows a few times a second.
    if (m_model->droppedCount() > 0 && !m_statusTimer->isActive())
        m_statusTimer->start();
    if (atBottom)
        m_view->scrollToBottom();
}

void LogsPage::showEvent(QShowEvent *event)
{
    Page::showEvent(event);
    appendPending();
}


void LogsPage::connectionStateChanged(Connection::State state)
{
    const bool canSetLevel = state == Connection::State::Connected
        && connection()->sessionInfo().serverCapabilities.contains(Key::Logging);
    m_serverLevel->setEnabled(canSetLevel);
    const SessionInfo info = connection()->sessionInfo();
    const bool modern = info.era.era == Modern::Era::Modern;
    m_setLevel->setToolTip(modern ? tr("Send this level in every request's _meta (logLevel) from now on")
                                  : tr("Ask the server to send messages of this level and above (logging/setLevel)"));
    if (modern && (info.deprecatedFeatures.contains(Key::Logging)
                   || info.serverCapabilities.contains(Key::Logging)))
        showDeprecation();
    else
        m_deprecation->hide();
    // A modern server sends log messages only to requests whose _meta asks for them: ask with
    // the level this page shows, once per connection, so the page is not silently empty.
    if (state != Connection::State::Connected)
        m_levelSentForConnection = false;
    else if (canSetLevel && modern && !m_levelSentForConnection) {
        m_levelSentForConnection = true;
        setServerLevel();
    }
}

void LogsPage::showDeprecation()
{
    m_deprecation->setText(tr("Logging is deprecated in protocol revision %1; this server still uses it.")
                               .arg(connection()->sessionInfo().protocolVersion));
    m_deprecation->show();
}

void LogsPage::setServerLevel()
{
    const QString level = m_serverLevel->currentText();
    const Request request = Requests::setLogLevel(level);
    OutgoingRequest *call = connection()->send(request);
    connect(call, &OutgoingRequest::finished, this, [this, call, level] {
        m_status->setText(call->isError() ? tr("Setting the level failed: %1").arg(call->error().message)
                                          : tr("Server log level set to %1").arg(level));
    });
}

void LogsPage::showCurrent()
{
    const QModelIndex index = m_filter->mapToSource(m_view->currentIndex());
    if (!index.isValid()) {
        m_detail->clear();
        return;
    }
    m_detail->setJson(m_model->entry(index.row()).data());
}

void LogsPage::save()
{
    saveTextExport(tr("Save Logs"), QStringLiteral("-log.txt"), [this] {
        QString text;
        for (int row = 0; row < m_model->rowCount(); ++row) {
            const LogEntry &e = m_model->entry(row);
            text += QDateTime::fromMSecsSinceEpoch(e.wallClockMs).toString(Qt::ISODateWithMs) + u' ' + e.level + u' '
                + e.logger + u' ' + compactData(e) + u'\n';
        }
        return text;
    });
}

} // namespace Mcp::Ui
