#pragma once

// Finding the windows a test did not make itself (dialogs the code under test opens).

#include <QApplication>
#include <QWidget>

namespace Mcp::Test {

// The visible top-level widget of type T, or null.
template<typename T>
T *visibleTopLevel()
{
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        if (auto *found = qobject_cast<T *>(widget); found && found->isVisible())
            return found;
    }
    return nullptr;
}

} // namespace Mcp::Test
