#include "connection/connection.h"

#include "traffic/trafficlog.h"

namespace Mcp {
namespace Ui {

namespace {
constexpr int StderrTailLines = 20;
}

Connection::Connection(int id, const QString &name, TransportFactory factory, const Options &options,
                       QObject *parent)
    : Session(id, name, std::move(factory), options, parent)
{
    static const bool registered = [] {
        qRegisterMetaType<Mcp::Ui::ConsoleLine>();
        qRegisterMetaType<QList<Mcp::Ui::ConsoleLine>>();
        return true;
    }();
    Q_UNUSED(registered)
    m_trafficLog = new TrafficLog(this);
    m_trafficLog->setConnectionName(id, name);
    // Rows (and with them relayout and repaint of the Traffic page) at most 20 times a second.
    m_trafficLog->setBatchInterval(50);
    // Connected first, so whoever else listens to trafficBatch finds the events in the log.
    connect(this, &Session::trafficBatch, this, &Connection::onTrafficBatch);
}

Connection::~Connection() = default;

void Connection::setName(const QString &name)
{
    Session::setName(name);
    m_trafficLog->setConnectionName(id(), name);
}

void Connection::onTrafficBatch(const QList<TrafficEvent> &events)
{
    QList<ConsoleLine> lines;
    for (const TrafficEvent &event : events) {
        switch (event.kind) {
        case TrafficEvent::Kind::StderrLine: {
            const QString text = QString::fromUtf8(event.raw);
            lines.append(ConsoleLine{event.wallClockMs, ConsoleLine::Stream::Stderr, text});
            m_stderrTail.append(text);
            if (m_stderrTail.size() > StderrTailLines)
                m_stderrTail.removeFirst();
            break;
        }
        case TrafficEvent::Kind::InvalidMessage:
            if (event.direction == TrafficEvent::Direction::Incoming)
                lines.append(ConsoleLine{event.wallClockMs, ConsoleLine::Stream::Stdout, QString::fromUtf8(event.raw)});
            break;
        case TrafficEvent::Kind::ProcessStarted:
            m_stderrTail.clear();
            lines.append(ConsoleLine{event.wallClockMs, ConsoleLine::Stream::Note,
                                     tr("Started: %1").arg(event.note)});
            break;
        case TrafficEvent::Kind::ProcessExited:
            lines.append(ConsoleLine{event.wallClockMs, ConsoleLine::Stream::Note,
                                     tr("Process %1").arg(event.note)});
            break;
        case TrafficEvent::Kind::TransportError:
            lines.append(ConsoleLine{event.wallClockMs, ConsoleLine::Stream::Note, event.note});
            break;
        default:
            break;
        }
    }
    m_trafficLog->appendBatch(events);
    if (!lines.isEmpty())
        Q_EMIT consoleLines(lines);
}

} // namespace Ui
} // namespace Mcp
