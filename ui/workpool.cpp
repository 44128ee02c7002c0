#include "workpool.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThreadPool>

namespace Mcp::Ui {

QThreadPool *workPool()
{
    // Owned by the application, which waits for the work when it ends (as for the global pool).
    static QPointer<QThreadPool> pool;
    if (!pool) {
        pool = new QThreadPool(QCoreApplication::instance());
        pool->setObjectName(QStringLiteral("mcpscope work"));
    }
    return pool;
}

} // namespace Mcp::Ui
