#include "twolinedelegate.h"

#include <QApplication>
#include <QPainter>

namespace Mcp::Ui {

void TwoLineDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    // The model's text: initStyleOption() has turned its line break into a LineSeparator.
    const QString text = index.data(Qt::DisplayRole).toString();
    const qsizetype lineBreak = text.indexOf(u'\n');
    // The background, selection, focus and icon as the style draws them; the text is ours.
    opt.text.clear();
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    // The whole row right of the icon, not the style's one-line text rectangle.
    QRect textRect = opt.rect.adjusted(4, VerticalPadding, -4, -VerticalPadding);
    if (opt.features & QStyleOptionViewItem::HasDecoration)
        textRect.setLeft(style->subElementRect(QStyle::SE_ItemViewItemDecoration, &opt, widget).right() + 6);
    const bool selected = opt.state & QStyle::State_Selected;
    const QPalette::ColorGroup group = !(opt.state & QStyle::State_Enabled) ? QPalette::Disabled
                                       : (opt.state & QStyle::State_Active) ? QPalette::Active
                                                                            : QPalette::Inactive;
    QColor titleColor = opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text);
    // An item may mute itself (a tool that cannot be called): its own foreground, unless selected.
    const QVariant foreground = index.data(Qt::ForegroundRole);
    if (!selected && foreground.canConvert<QBrush>())
        titleColor = foreground.value<QBrush>().color();
    QColor detailColor = titleColor;
    if (!selected)
        detailColor = opt.palette.color(group, QPalette::PlaceholderText);
    const QFontMetrics metrics(opt.font);
    const QString title = lineBreak < 0 ? text : text.left(lineBreak);
    const QString detail = lineBreak < 0 ? QString() : text.mid(lineBreak + 1).section(u'\n', 0, 0);

    painter->save();
    painter->setFont(opt.font);
    QRect line(textRect.left(), textRect.top(), textRect.width(), metrics.height());
    if (detail.isEmpty())
        line.moveTop(textRect.top() + (textRect.height() - metrics.height()) / 2);
    painter->setPen(titleColor);
    painter->drawText(line, Qt::AlignLeft | Qt::AlignVCenter, metrics.elidedText(title, Qt::ElideRight, line.width()));
    if (!detail.isEmpty()) {
        line.translate(0, metrics.height() + 1);
        painter->setPen(detailColor);
        painter->drawText(line, Qt::AlignLeft | Qt::AlignVCenter, metrics.elidedText(detail, Qt::ElideRight, line.width()));
    }
    painter->restore();
}

QString TwoLineDelegate::itemText(const QString &label, const QString &identifier, const QString &description,
                                  const QStringList &extras)
{
    QStringList detail;
    if (label != identifier) {
        detail.append(identifier);
    } else {
        // Repeating the identifier would say nothing new; the description's first sentence does.
        const QString text = description.simplified();
        const qsizetype end = text.indexOf(QLatin1String(". "));
        const QString sentence = (end > 0 ? text.left(end + 1) : text).left(160);
        if (!sentence.isEmpty())
            detail.append(sentence);
    }
    detail += extras;
    return detail.isEmpty() ? label : label + u'\n' + detail.join(QStringLiteral(" · "));
}

QSize TwoLineDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QFontMetrics metrics(opt.font);
    // Always room for two lines, so that rows line up whether or not they have a detail.
    const int textHeight = 2 * metrics.height() + 1 + 2 * VerticalPadding;
    const int iconHeight = opt.features & QStyleOptionViewItem::HasDecoration ? opt.decorationSize.height() + 2 * VerticalPadding : 0;
    // No width of its own: a list view then gives each row the viewport's width and the text is
    // elided there, rather than rows as wide as their longest text behind a sideways scroll bar.
    return {0, qMax(textHeight, iconHeight)};
}

} // namespace Mcp::Ui
