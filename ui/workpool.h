#pragma once

#include <QFuture>
#include <QPromise>
#include <QThreadPool>

#include <memory>

namespace Mcp::Ui {

// The pool for the window's own long work (indexing a big list, comparing listings, freeing them,
// preparing big texts). Not QThreadPool::globalInstance(): Qt's raster painting splits fills
// into tasks there and waits for them on the GUI thread, so while seconds of our work held every
// thread of the global pool, a repaint waited as long.
QThreadPool *workPool();

// Runs work(promise) in workPool(): what it adds to the promise is the future's result. The
// future's cancel() is seen by work through promise.isCanceled().
template<typename T, typename Work>
QFuture<T> startInWorkPool(Work work)
{
    auto promise = std::make_shared<QPromise<T>>();
    QFuture<T> future = promise->future();
    promise->start();
    workPool()->start([promise, work = std::move(work)]() mutable {
        work(*promise);
        promise->finish();
    });
    return future;
}

} // namespace Mcp::Ui
