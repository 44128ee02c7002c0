#pragma once

#include <QApplication>

namespace Mcp::Ui {

// Installs one event filter of this type on the whole application, once (nothing before the
// application exists); it lives as long as the application.
template<typename Filter>
void installApplicationFilter()
{
    static Filter *filter = nullptr;
    if (filter || !qApp)
        return;
    filter = new Filter(qApp);
    qApp->installEventFilter(filter);
}

} // namespace Mcp::Ui
