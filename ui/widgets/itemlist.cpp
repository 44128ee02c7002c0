#include "widgets/itemlist.h"

#include "theme.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Mcp {
namespace Ui {

namespace {
constexpr int ItemRole = Qt::UserRole + 1;
}

ItemList::ItemList(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *bar = new QHBoxLayout;
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter"));
    m_filter->setClearButtonEnabled(true);
    m_refresh = new QToolButton(this);
    m_refresh->setIcon(Theme::icon(QStringLiteral("refresh")));
    m_refresh->setToolTip(tr("Refresh"));
    m_refresh->setAutoRaise(true);
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_refresh);
    layout->addLayout(bar);

    m_tree = new QTreeWidget(this);
    m_tree->setColumnCount(3);
    m_tree->setHeaderLabels({tr("Name"), tr("Title"), tr("Description")});
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setStretchLastSection(true);
    m_tree->setColumnWidth(0, 180);
    m_tree->setColumnWidth(1, 140);
    layout->addWidget(m_tree, 1);
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->hide();
    layout->addWidget(m_message);

    connect(m_filter, &QLineEdit::textChanged, this, &ItemList::applyFilter);
    connect(m_refresh, &QToolButton::clicked, this, &ItemList::refreshRequested);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this] { Q_EMIT currentItemChanged(currentItem()); });
}

void ItemList::setItems(const QJsonArray &items, const QString &nameKey)
{
    m_nameKey = nameKey;
    const QString previous = currentItem().value(m_nameKey).toString();
    m_tree->clear();
    QList<QTreeWidgetItem *> rows;
    for (const QJsonValue &value : items) {
        const QJsonObject object = value.toObject();
        auto *row = new QTreeWidgetItem;
        const QString name = object.value(nameKey).toString();
        QString title = object.value(QStringLiteral("title")).toString();
        if (title.isEmpty())
            title = object.value(QStringLiteral("annotations")).toObject().value(QStringLiteral("title")).toString();
        if (nameKey != QLatin1String("name") && object.contains(QStringLiteral("name")) && title.isEmpty())
            title = object.value(QStringLiteral("name")).toString();
        const QString description = object.value(QStringLiteral("description")).toString();
        row->setText(0, name);
        row->setText(1, title);
        row->setText(2, description.section(QLatin1Char('\n'), 0, 0));
        row->setToolTip(2, description);
        row->setData(0, ItemRole, object);
        rows.append(row);
    }
    m_tree->addTopLevelItems(rows);
    applyFilter();
    m_message->setVisible(items.isEmpty());
    if (items.isEmpty())
        m_message->setText(tr("Nothing here."));
    if (!previous.isEmpty())
        selectByName(previous);
}

void ItemList::setMessage(const QString &message)
{
    m_message->setText(message);
    m_message->setVisible(!message.isEmpty());
}

QJsonObject ItemList::currentItem() const
{
    QTreeWidgetItem *row = m_tree->currentItem();
    return row ? row->data(0, ItemRole).toJsonObject() : QJsonObject();
}

int ItemList::count() const { return m_tree->topLevelItemCount(); }

bool ItemList::selectByName(const QString &name)
{
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        if (m_tree->topLevelItem(i)->text(0) == name) {
            m_tree->setCurrentItem(m_tree->topLevelItem(i));
            return true;
        }
    }
    return false;
}

void ItemList::applyFilter()
{
    const QString text = m_filter->text();
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *row = m_tree->topLevelItem(i);
        const bool match = text.isEmpty() || row->text(0).contains(text, Qt::CaseInsensitive)
            || row->text(1).contains(text, Qt::CaseInsensitive) || row->text(2).contains(text, Qt::CaseInsensitive);
        row->setHidden(!match);
    }
}

} // namespace Ui
} // namespace Mcp
