#include "widgets/itemeditors.h"

#include <QAbstractItemView>
#include <QKeyEvent>

namespace Mcp::Ui {

namespace {
// Sits on the view's viewport, the editors' parent, where the ignored key passes on its way up.
class EnterStopper : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::KeyPress) {
            const int key = static_cast<QKeyEvent *>(event)->key();
            // Key presses reach the viewport only on their way up from an editor (the view itself
            // has the focus otherwise), and the editor has committed its item by then.
            if (key == Qt::Key_Return || key == Qt::Key_Enter)
                return true;
        }
        return QObject::eventFilter(watched, event);
    }
};
} // namespace

void keepEnterInItemEditors(QAbstractItemView *view)
{
    view->viewport()->installEventFilter(new EnterStopper(view->viewport()));
}

} // namespace Mcp::Ui
