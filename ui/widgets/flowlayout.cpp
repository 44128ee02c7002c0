#include "widgets/flowlayout.h"

#include <QWidget>

namespace Mcp::Ui {

FlowLayout::FlowLayout(QWidget *parent) : QLayout(parent)
{
    setContentsMargins(0, 0, 0, 0);
}

FlowLayout::~FlowLayout()
{
    while (QLayoutItem *item = takeAt(0))
        delete item;
}

void FlowLayout::addItem(QLayoutItem *item)
{
    m_items.append(item);
}

void FlowLayout::insertWidget(int index, QWidget *widget)
{
    addChildWidget(widget);
    m_items.insert(qBound(0, index, int(m_items.size())), new QWidgetItem(widget));
    invalidate();
}

int FlowLayout::count() const
{
    return int(m_items.size());
}

QLayoutItem *FlowLayout::itemAt(int index) const
{
    return m_items.value(index);
}

QLayoutItem *FlowLayout::takeAt(int index)
{
    return index >= 0 && index < m_items.size() ? m_items.takeAt(index) : nullptr;
}

int FlowLayout::heightForWidth(int width) const
{
    return arrange(QRect(0, 0, width, 0), false);
}

QSize FlowLayout::minimumSize() const
{
    // As narrow as the widest item: everything else wraps.
    QSize size;
    for (const QLayoutItem *item : m_items)
        if (!item->isEmpty())
            size = size.expandedTo(item->minimumSize());
    const QMargins margins = contentsMargins();
    return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom());
}

QSize FlowLayout::sizeHint() const
{
    // Everything in one row.
    int width = 0;
    int height = 0;
    for (const QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue;
        width += (width > 0 ? spacing() : 0) + item->sizeHint().width();
        height = qMax(height, item->sizeHint().height());
    }
    const QMargins margins = contentsMargins();
    return {width + margins.left() + margins.right(), height + margins.top() + margins.bottom()};
}

void FlowLayout::setGeometry(const QRect &rect)
{
    QLayout::setGeometry(rect);
    arrange(rect, true);
}

int FlowLayout::arrange(const QRect &rect, bool apply) const
{
    const QRect area = rect.marginsRemoved(contentsMargins());
    const int gap = qMax(0, spacing());
    // Rows are filled left to right, then each is shifted to the right edge.
    QList<QList<QLayoutItem *>> rows(1);
    int rowWidth = 0;
    for (QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue;
        const int width = qMin(item->sizeHint().width(), area.width());
        if (!rows.last().isEmpty() && rowWidth + gap + width > area.width()) {
            rows.append(QList<QLayoutItem *>());
            rowWidth = 0;
        }
        rowWidth += (rows.last().isEmpty() ? 0 : gap) + width;
        rows.last().append(item);
    }
    if (rows.last().isEmpty())
        return contentsMargins().top() + contentsMargins().bottom();
    int y = area.y();
    for (const QList<QLayoutItem *> &row : std::as_const(rows)) {
        if (row.isEmpty())
            continue;
        int width = -gap;
        int height = 0;
        for (QLayoutItem *item : row) {
            width += gap + qMin(item->sizeHint().width(), area.width());
            height = qMax(height, item->sizeHint().height());
        }
        int x = area.right() + 1 - width;
        for (QLayoutItem *item : row) {
            const int itemWidth = qMin(item->sizeHint().width(), area.width());
            if (apply)
                item->setGeometry(QRect(x, y, itemWidth, height));
            x += itemWidth + gap;
        }
        y += height + gap;
    }
    return y - gap - area.y() + contentsMargins().top() + contentsMargins().bottom();
}

} // namespace Mcp::Ui
