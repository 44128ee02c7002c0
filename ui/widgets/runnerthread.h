#pragma once

#include <QThread>

namespace Mcp::Ui {

// A dialog's long run (a collection, a replay) on a thread of its own. The runner moves to a new
// thread owned by owner and is deleted when that thread ends; the caller connects to it (what it
// reports comes back queued) and starts the thread.
inline QThread *runnerThread(QObject *runner, QObject *owner)
{
    auto *thread = new QThread(owner);
    runner->moveToThread(thread);
    QObject::connect(thread, &QThread::finished, runner, &QObject::deleteLater);
    return thread;
}

// Ends the thread (its event loop, then waits for it), deletes it and forgets it; nothing when
// there is none.
inline void stopRunnerThread(QThread *&thread)
{
    if (!thread)
        return;
    thread->quit();
    thread->wait();
    delete thread;
    thread = nullptr;
}

} // namespace Mcp::Ui
