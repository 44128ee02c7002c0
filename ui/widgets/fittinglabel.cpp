#include "widgets/fittinglabel.h"

#include <QHelpEvent>
#include <QPainter>
#include <QStyle>
#include <QTextDocument>
#include <QToolTip>

namespace Mcp::Ui {

namespace {
constexpr int NarrowestWidth = 120;
constexpr int WidestHint = 600;
}

FittingLabel::FittingLabel(QWidget *parent) : QLabel(parent)
{
    setTextInteractionFlags(Qt::TextSelectableByMouse);
}

QSize FittingLabel::minimumSizeHint() const
{
    QSize size = QLabel::minimumSizeHint();
    size.setWidth(qMin(size.width(), NarrowestWidth));
    return size;
}

QSize FittingLabel::sizeHint() const
{
    QSize size = QLabel::sizeHint();
    size.setWidth(qMin(size.width(), WidestHint));
    return size;
}

bool FittingLabel::event(QEvent *event)
{
    // The whole text, when no tooltip of its own is set and the text does not fit.
    if (event->type() == QEvent::ToolTip && toolTip().isEmpty() && QLabel::sizeHint().width() > width()) {
        QToolTip::showText(static_cast<QHelpEvent *>(event)->globalPos(), text(), this);
        return true;
    }
    return QLabel::event(event);
}

void FittingLabel::paintEvent(QPaintEvent *event)
{
    const bool plain = textFormat() == Qt::PlainText || (textFormat() == Qt::AutoText && !Qt::mightBeRichText(text()));
    if (wordWrap() || !plain || fontMetrics().horizontalAdvance(text()) <= contentsRect().width()) {
        QLabel::paintEvent(event);
        return;
    }
    QPainter painter(this);
    const QRect area = contentsRect();
    style()->drawItemText(&painter, area, int(QStyle::visualAlignment(layoutDirection(), alignment())), palette(),
                          isEnabled(), fontMetrics().elidedText(text(), m_elideMode, area.width()), foregroundRole());
}

} // namespace Mcp::Ui
