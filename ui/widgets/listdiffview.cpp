#include "listdiffview.h"

#include "widgets/jsontext.h"
#include "protocol/snapshotdiff.h"
#include "theme.h"

#include <QHeaderView>
#include <QTimer>

namespace Mcp::Ui {

namespace {
// A value in one line, bounded: schemas can be long.
QString shortJson(const QJsonValue &value)
{
    if (value.isUndefined())
        return QString();
    const QString text = JsonText::compact(value);
    return text.size() > 200 ? text.left(199) + QChar(0x2026) : text;
}

constexpr int ListKeyRole = Qt::UserRole + 1;
constexpr int ItemKeyRole = Qt::UserRole + 2;
}

ListDiffView::ListDiffView(QWidget *parent)
    : QTreeWidget(parent)
{
    setColumnCount(3);
    setHeaderLabels({tr("Change"), tr("Before"), tr("After")});
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    header()->setStretchLastSection(true);
}

void ListDiffView::setDiff(const SnapshotDiff &diff)
{
    QList<Section> sections;
    for (const auto &[key, list] : diff.lists) {
        const QString title = key == QLatin1String("tools")     ? tr("Tools")
                            : key == QLatin1String("prompts")   ? tr("Prompts")
                            : key == QLatin1String("resources") ? tr("Resources")
                                                                : tr("Resource templates");
        sections.append({title, list, key});
    }
    setSections(sections);
}

QTreeWidgetItem *ListDiffView::itemFor(const QString &listKey, const QString &key) const
{
    for (int i = 0; i < topLevelItemCount(); ++i) {
        QTreeWidgetItem *branch = topLevelItem(i);
        if (branch->data(0, ListKeyRole).toString() != listKey)
            continue;
        for (int j = 0; j < branch->childCount(); ++j) {
            if (branch->child(j)->data(0, ItemKeyRole).toString() == key)
                return branch->child(j);
        }
    }
    return nullptr;
}

void ListDiffView::setSections(const QList<Section> &sections)
{
    clear();
    m_changes = 0;
    m_breaking = 0;
    for (const Section &section : sections) {
        auto *branch = new QTreeWidgetItem(this, {tr("%1: %n change(s)", nullptr, int(section.diff.items.size())).arg(section.title)});
        branch->setData(0, ListKeyRole, section.listKey);
        QFont bold = branch->font(0);
        bold.setBold(true);
        branch->setFont(0, bold);
        for (const ItemChange &change : section.diff.items) {
            ++m_changes;
            QString what;
            Theme::Role role = Theme::Role::Info;
            switch (change.kind) {
            case ItemChange::Kind::Added: what = tr("added %1"); role = Theme::Role::Ok; break;
            case ItemChange::Kind::Removed: what = tr("removed %1"); role = Theme::Role::Error; break;
            case ItemChange::Kind::Changed: what = tr("changed %1"); role = Theme::Role::Warning; break;
            }
            auto *item = new QTreeWidgetItem(branch, {what.arg(change.key)});
            item->setData(0, ItemKeyRole, change.key);
            item->setForeground(0, Theme::color(role));
            const QString reason = section.listKey.isEmpty() ? QString() : SnapshotDiff::breakingReason(section.listKey, change);
            if (!reason.isEmpty()) {
                ++m_breaking;
                // The item's own row has no values: its Before and After columns carry the verdict.
                item->setText(1, tr("Breaking: %1").arg(reason));
                item->setForeground(1, Theme::color(Theme::Role::Error));
                QFont strong = item->font(1);
                strong.setBold(true);
                item->setFont(1, strong);
                item->setToolTip(1, tr("Clients written against the old side may fail: %1").arg(reason));
            }
            for (const FieldChange &field : change.fields) {
                auto *row = new QTreeWidgetItem(item, {field.path.join(u'.'), shortJson(field.before), shortJson(field.after)});
                row->setToolTip(1, JsonText::pretty(field.before));
                row->setToolTip(2, JsonText::pretty(field.after));
            }
        }
        branch->setHidden(section.diff.items.isEmpty());
    }
    expandAll();
    // The Change column sizes itself to the new rows on the next layout pass.
    QTimer::singleShot(0, this, &ListDiffView::balanceColumns);
}

void ListDiffView::resizeEvent(QResizeEvent *event)
{
    QTreeWidget::resizeEvent(event);
    balanceColumns();
}

void ListDiffView::balanceColumns()
{
    const int rest = viewport()->width() - header()->sectionSize(0);
    if (rest > 0)
        header()->resizeSection(1, qMax(rest / 2, 80));
}

} // namespace Mcp::Ui
