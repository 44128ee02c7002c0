#include "listdiffview.h"

#include "forms/jsontext.h"
#include "theme.h"

#include <QHeaderView>

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

void ListDiffView::setSections(const QList<Section> &sections)
{
    clear();
    m_changes = 0;
    for (const Section &section : sections) {
        auto *branch = new QTreeWidgetItem(this, {tr("%1: %n change(s)", nullptr, int(section.diff.items.size())).arg(section.title)});
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
            item->setForeground(0, Theme::color(role));
            for (const FieldChange &field : change.fields) {
                auto *row = new QTreeWidgetItem(item, {field.path.join(u'.'), shortJson(field.before), shortJson(field.after)});
                row->setToolTip(1, JsonText::pretty(field.before));
                row->setToolTip(2, JsonText::pretty(field.after));
            }
        }
        branch->setHidden(section.diff.items.isEmpty());
    }
    expandAll();
}

} // namespace Mcp::Ui
