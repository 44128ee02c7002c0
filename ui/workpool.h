#pragma once

#include <QtGlobal>

QT_BEGIN_NAMESPACE
class QThreadPool;
QT_END_NAMESPACE

namespace Mcp::Ui {

// The pool for the window's own long work (indexing a big list, comparing listings, freeing them,
// preparing big texts). Not QThreadPool::globalInstance(): Qt's raster painting splits fills
// into tasks there and waits for them on the GUI thread, so while seconds of our work held every
// thread of the global pool, a repaint waited as long.
QThreadPool *workPool();

} // namespace Mcp::Ui
