#include "tools/toolspage.h"

#include "widgets/jsontext.h"
#include "forms/schemaform.h"
#include "tools/toollist.h"
#include "tools/toolpanel.h"
#include "theme.h"

#include "protocol/keys.h"
#include "protocol/methods.h"

#include <QHBoxLayout>
#include <QShortcut>
#include <QSplitter>

namespace Mcp::Ui {

ToolsPage::ToolsPage(Connection *connection, QWidget *parent)
    : Page(connection, {tr("Tools"), Theme::icon(QStringLiteral("tools"))}, parent)
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    m_list = new ToolList(splitter);
    m_panel = new ToolPanel(connection, splitter);
    splitter->addWidget(m_list);
    splitter->addWidget(m_panel);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);
    splitter->setSizes({260, 740});
    layout->addWidget(splitter);
    // Ctrl+Enter runs the selected tool from the list too (the panel has its own for its editors
    // and the result).
    for (const QKeySequence &sequence : {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)}) {
        auto *shortcut = new QShortcut(sequence, m_list);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        shortcut->setWhatsThis(ToolPanel::tr("Run the selected tool"));
        connect(shortcut, &QShortcut::activated, m_panel, &ToolPanel::run);
    }

    connect(m_list, &ToolList::refreshRequested, this, &ToolsPage::forceRefresh);
    connect(m_list, &ToolList::currentItemChanged, m_panel,
            [panel = m_panel](const QJsonObject &tool) { panel->setTool(Tool::fromJson(tool)); });
    connect(m_list, &ToolList::itemsReplaced, this, [this] {
        // The selected tool may have changed its schema: show the new one.
        const QJsonObject current = m_list->currentItem();
        if (!current.isEmpty() && current != m_panel->tool().json && !m_panel->isRunning())
            m_panel->setTool(Tool::fromJson(current));
    });
    connect(m_panel, &ToolPanel::callFinished, this, &ToolsPage::callFinished);
    connect(m_panel, &ToolPanel::openResourceRequested, this, &ToolsPage::openResourceRequested);
    connect(m_panel, &ToolPanel::saveToCollectionRequested, this, &ToolsPage::saveToCollectionRequested);
    connect(connection, &Connection::toolsListChanged, this, &ToolsPage::refresh);
    // Each tools/list checks the modern era's x-mcp-header rules; the verdict comes before the list.
    connect(connection, &Connection::invalidToolsChanged, this,
            [this] { m_list->setInvalidTools(this->connection()->sessionInfo().invalidTools); });
}


void ToolsPage::connectionStateChanged(Connection::State state)
{
    if (state == Connection::State::Connected)
        refresh();
    else
        m_cacheNote.sessionEnded();
}

void ToolsPage::refresh()
{
    list(false);
}

void ToolsPage::forceRefresh()
{
    list(true);
}

void ToolsPage::list(bool forceRefresh)
{
    if (!connection()->isConnected())
        return;
    m_list->setMessage(tr("Loading…"));
    Client::ListOptions options;
    options.forceRefresh = forceRefresh;
    connection()->listAll(Lists::Tools, this, options,
                          [this](const QJsonArray &items, const std::optional<RpcError> &error, const CacheStatus &cache) {
        m_list->setInvalidTools(connection()->sessionInfo().invalidTools);
        m_panel->setServerTools(items);
        m_list->setItems(items, m_cacheNote.shown(cache));
        if (error)
            m_list->setMessage(tr("Listing tools failed: %1").arg(error->message));
    });
}

void ToolsPage::setArgumentsText(const QString &json)
{
    if (const auto value = JsonText::parse(json.trimmed().isEmpty() ? QStringLiteral("{}") : json))
        m_panel->form()->setValue(*value);
}

QString ToolsPage::resultText() const
{
    return m_panel->resultText();
}

void ToolsPage::run()
{
    m_panel->run();
}

void ToolsPage::cancel()
{
    m_panel->cancel();
}

} // namespace Mcp::Ui
