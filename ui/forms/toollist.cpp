#include "toollist.h"

#include "widgets/cachenote.h"

#include "forms/toolpanel.h"
#include "results/iconfetcher.h"
#include "theme.h"

#include "apps/uimeta.h"
#include "protocol/keys.h"
#include "protocol/types.h"
#include "widgets/fittinglabel.h"
#include "widgets/twolinedelegate.h"
#include <QBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPalette>
#include <QSignalBlocker>
#include <QStyle>
#include <QToolButton>

namespace Mcp::Ui {

namespace {
constexpr int ItemRole = Qt::UserRole + 1;
}

ToolList::ToolList(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("toolFilter"));
    m_filter->setPlaceholderText(tr("Search tools"));
    m_filter->setClearButtonEnabled(true);
    auto *refresh = new QToolButton(this);
    refresh->setObjectName(QStringLiteral("toolRefresh"));
    refresh->setText(tr("Refresh"));
    refresh->setToolTip(tr("tools/list again, from the server even while a cached list is fresh"));
    top->addWidget(m_filter, 1);
    top->addWidget(refresh);
    layout->addLayout(top);
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("toolList"));
    m_list->setIconSize(QSize(24, 24));
    m_list->setAlternatingRowColors(true);
    m_list->setUniformItemSizes(true);
    m_list->setItemDelegate(new TwoLineDelegate(m_list));
    layout->addWidget(m_list, 1);
    IconFetcher::instance()->keepUpdated(m_list); // web icons arrive later; items update in place
    m_message = new FittingLabel(this);
    m_message->setWordWrap(true);
    m_message->hide();
    layout->addWidget(m_message);
    connect(m_filter, &QLineEdit::textChanged, this, &ToolList::applyFilter);
    connect(refresh, &QToolButton::clicked, this, &ToolList::refreshRequested);
    connect(m_list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *item) {
        Q_EMIT currentItemChanged(item ? item->data(ItemRole).toJsonObject() : QJsonObject());
    });
}

QString ToolList::itemText(const QJsonObject &tool)
{
    const QString name = tool.value(Key::Name).toString();
    const QString title = displayName(tool);
    QStringList second;
    for (const QString &badge : ToolPanel::badges(tool))
        second.append(badge == tr("destructive") ? QStringLiteral("⚠ ") + badge : badge);
    const QString support = ToolPanel::taskSupport(tool);
    if (support != QLatin1String("forbidden"))
        second.append(tr("task %1").arg(support));
    // A tool with an MCP App view (_meta.ui.resourceUri) shows it next to its result.
    if (Apps::ToolUiMeta::fromTool(tool).hasView())
        second.prepend(tr("app view"));
    return TwoLineDelegate::itemText(title, name, tool.value(Key::Description).toString(), second);
}

void ToolList::setItems(const QJsonArray &tools, const CacheStatus &cache)
{
    const QJsonObject before = currentItem();
    const QString current = before.value(Key::Name).toString();
    {
        // A refresh is no new choice: the selected tool stays selected without a passing "none",
        // so the panel keeps the call and result it shows (list_changed follows many calls).
        const QSignalBlocker blocker(m_list);
        m_list->clear();
        for (const QJsonValue &value : tools) {
            const QJsonObject tool = value.toObject();
            auto *item = new QListWidgetItem(itemText(tool), m_list);
            item->setData(ItemRole, tool);
            decorate(item);
        }
        applyFilter();
        if (!current.isEmpty())
            selectByName(current);
    }
    // Only a tool that left the list (or none before) is a change of selection.
    if (currentItem().value(Key::Name).toString() != current)
        Q_EMIT currentItemChanged(currentItem());
    setMessage(withCacheNote(tools.isEmpty() ? tr("This server has no tools.") : QString(), cache));
}

void ToolList::setInvalidTools(const QHash<QString, QString> &tools)
{
    if (tools == m_invalid)
        return;
    m_invalid = tools;
    for (int i = 0; i < m_list->count(); ++i)
        decorate(m_list->item(i));
}

void ToolList::decorate(QListWidgetItem *item)
{
    const QJsonObject tool = item->data(ItemRole).toJsonObject();
    const QString name = tool.value(Key::Name).toString();
    const auto invalid = m_invalid.constFind(name);
    if (invalid == m_invalid.constEnd()) {
        item->setText(itemText(tool));
        item->setData(Qt::ForegroundRole, QVariant());
        item->setIcon(QIcon()); // the warning icon, when it was invalid before
        IconFetcher::setItemIcon(item, tool.value(Key::Icons).toArray(), tool.value(Key::Description).toString());
        return;
    }
    // Still selectable, so that the panel can say why it will not run; muted and marked.
    item->setText(TwoLineDelegate::itemText(displayName(tool), name, tool.value(Key::Description).toString(),
                                            {tr("⚠ cannot be called: %1").arg(*invalid)}));
    item->setForeground(Theme::color(Theme::Role::Muted)); // the disabled colour is not readable enough (AA)
    item->setIcon(m_list->style()->standardIcon(QStyle::SP_MessageBoxWarning));
    item->setToolTip(tr("Not callable, its x-mcp-header annotations are invalid: %1").arg(*invalid));
}

void ToolList::setMessage(const QString &message)
{
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
}

QString ToolList::message() const
{
    return m_message->text();
}

QJsonObject ToolList::currentItem() const
{
    QListWidgetItem *item = m_list->currentItem();
    return item ? item->data(ItemRole).toJsonObject() : QJsonObject();
}

int ToolList::count() const
{
    return m_list->count();
}

bool ToolList::selectByName(const QString &name)
{
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->data(ItemRole).toJsonObject().value(Key::Name).toString() == name) {
            m_list->setCurrentRow(i);
            return true;
        }
    }
    return false;
}

void ToolList::applyFilter()
{
    TwoLineDelegate::filterRows(m_list, m_filter->text().trimmed());
}

} // namespace Mcp::Ui
