#pragma once

#include <QStyledItemDelegate>

namespace Mcp::Ui {

// Paints an item whose text is "title\ndetail" as two lines with room between rows: the title
// as the view draws text, the detail in the muted colour, each elided to the width. The item's
// text stays whole, so filtering (ItemListModel), tooltips and accessibility read both lines.
class TwoLineDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    // The one rule for the text of an item list's row: the label, then the identifier when the
    // label differs from it, else the description's first sentence; then the extras (badges).
    static QString itemText(const QString &label, const QString &identifier, const QString &description,
                            const QStringList &extras = {});

    static constexpr int VerticalPadding = 3;
};

} // namespace Mcp::Ui
