#include "toollist.h"

#include "widgets/commonwidgets.h"
#include "widgets/cachenote.h"

#include "tools/toolpanel.h"
#include "theme.h"

#include "apps/uimeta.h"
#include "protocol/keys.h"
#include "protocol/types.h"
#include "widgets/fittinglabel.h"
#include "widgets/itemlist.h"
#include "widgets/twolinedelegate.h"
#include <QBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace Mcp::Ui {

namespace {
QString toolTipOf(const QJsonObject &json)
{
    return Tool::fromJson(json).description;
}

// Still selectable, so that the panel can say why it will not run; muted and marked.
QString markedText(const QJsonObject &json, const QString &reason)
{
    const Tool tool = Tool::fromJson(json);
    return TwoLineDelegate::itemText(tool.displayName(), tool.name, tool.description,
                                     {ToolList::tr("⚠ cannot be called: %1").arg(reason)});
}

QString markedToolTip(const QString &reason)
{
    return ToolList::tr("Not callable, its x-mcp-header annotations are invalid: %1").arg(reason);
}
}

ToolList::ToolList(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    m_filter = searchField(QStringLiteral("toolFilter"), tr("Search tools"), this);
    auto *refresh = new QToolButton(this);
    refresh->setObjectName(QStringLiteral("toolRefresh"));
    refresh->setText(tr("Refresh"));
    refresh->setToolTip(tr("tools/list again, from the server even while a cached list is fresh"));
    top->addWidget(m_filter, 1);
    top->addWidget(refresh);
    layout->addLayout(top);
    m_list = new ItemList({Key::Name, &ToolList::itemText, &toolTipOf, &markedText, &markedToolTip}, this);
    m_list->setObjectName(QStringLiteral("toolList"));
    m_list->setIconSize(QSize(24, 24));
    m_list->itemModel()->setIconSize(24);
    m_list->setAlternatingRowColors(true);
    layout->addWidget(m_list, 1);
    m_message = new FittingLabel(this);
    m_message->setWordWrap(true);
    m_message->hide();
    layout->addWidget(m_message);
    connect(m_filter, &QLineEdit::textChanged, m_list, &ItemList::setFilterText);
    connect(refresh, &QToolButton::clicked, this, &ToolList::refreshRequested);
    // A refresh is no new choice: the selected tool stays selected without a passing "none",
    // so the panel keeps the call and result it shows (list_changed follows many calls).
    connect(m_list, &ItemList::currentItemChanged, this, &ToolList::currentItemChanged);
    connect(m_list, &ItemList::itemsReplaced, this, [this] {
        if (m_listedMessage)
            setMessage(*std::exchange(m_listedMessage, std::nullopt));
        Q_EMIT itemsReplaced();
    });
}

QString ToolList::itemText(const QJsonObject &json)
{
    const Tool tool = Tool::fromJson(json);
    QStringList second;
    for (const QString &badge : ToolPanel::badges(tool))
        second.append(badge == tr("destructive") ? QStringLiteral("⚠ ") + badge : badge);
    if (tool.taskSupport != QLatin1String("forbidden"))
        second.append(tr("task %1").arg(tool.taskSupport));
    // A tool with an MCP App view (_meta.ui.resourceUri) shows it next to its result.
    if (Apps::ToolUiMeta::fromTool(json).hasView())
        second.prepend(tr("app view"));
    return TwoLineDelegate::itemText(tool.displayName(), tool.name, tool.description, second);
}

void ToolList::setItems(const QJsonArray &tools, const CacheStatus &cache)
{
    m_listedMessage = withCacheNote(tools.isEmpty() ? tr("This server has no tools.") : QString(), cache);
    m_list->setItems(tools);
}

void ToolList::setInvalidTools(const QHash<QString, QString> &tools)
{
    m_invalid = tools;
    m_list->itemModel()->setMarks(tools);
}

void ToolList::setMessage(const QString &message)
{
    m_listedMessage.reset(); // said after setItems: it stays
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
}

QString ToolList::message() const
{
    return m_message->text();
}

QJsonObject ToolList::currentItem() const
{
    return m_list->currentItem();
}

int ToolList::count() const
{
    return m_list->count();
}

bool ToolList::selectByName(const QString &name)
{
    return m_list->selectByKey(name);
}

} // namespace Mcp::Ui
