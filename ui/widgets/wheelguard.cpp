#include "wheelguard.h"

#include "widgets/applicationfilter.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QScrollBar>

namespace Mcp::Ui::WheelGuard {

namespace {

// A widget whose value the wheel steps: a scroll bar is not one (the wheel is what it is for).
bool holdsValue(const QWidget *widget)
{
    return qobject_cast<const QComboBox *>(widget) || qobject_cast<const QAbstractSpinBox *>(widget)
        || (qobject_cast<const QAbstractSlider *>(widget) && !qobject_cast<const QScrollBar *>(widget));
}

class Filter : public QObject
{
public:
    using QObject::QObject;

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        const QEvent::Type type = event->type();
        if (type != QEvent::Wheel && type != QEvent::Polish)
            return false;
        auto *widget = qobject_cast<QWidget *>(watched);
        if (!widget || !holdsValue(widget))
            return false;
        if (type == QEvent::Polish) {
            // Qt::WheelFocus would hand the focus over on the first notch, and the value then
            // follows the wheel after all. Tab and clicks still focus it.
            if ((widget->focusPolicy() & Qt::WheelFocus) == Qt::WheelFocus)
                widget->setFocusPolicy(Qt::StrongFocus);
            return false;
        }
        if (widget->hasFocus())
            return false;
        // Ignored and filtered: QApplication offers the wheel to the parents next, up to the
        // scroll area under the pointer.
        event->ignore();
        return true;
    }
};

} // namespace

void install()
{
    installApplicationFilter<Filter>();
}

} // namespace Mcp::Ui::WheelGuard
