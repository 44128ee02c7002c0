#include "trafficevent.h"

#include <QDateTime>
#include <QElapsedTimer>

namespace Mcp {

qint64 TrafficEvent::clockNs()
{
    static const QElapsedTimer timer = [] {
        QElapsedTimer t;
        t.start();
        return t;
    }();
    return timer.nsecsElapsed();
}

TrafficEvent TrafficEvent::make(Direction direction, Kind kind, const QByteArray &raw, const QString &note)
{
    TrafficEvent event;
    event.wallClockMs = QDateTime::currentMSecsSinceEpoch();
    event.monotonicNs = clockNs();
    event.direction = direction;
    event.kind = kind;
    event.raw = raw;
    event.note = note;
    return event;
}

} // namespace Mcp
