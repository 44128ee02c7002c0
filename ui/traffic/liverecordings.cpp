#include "traffic/liverecordings.h"

#include "record/live.h"
#include "traffic/capturewindow.h"
#include "traffic/trafficlog.h"

namespace Mcp::Ui {

LiveRecordings::LiveRecordings(QObject *parent) : QObject(parent), m_listener(new Record::LiveListener(this))
{
    connect(m_listener, &Record::LiveListener::recordingStarted, this, &LiveRecordings::started);
    connect(m_listener, &Record::LiveListener::eventsReceived, this, &LiveRecordings::received);
    connect(m_listener, &Record::LiveListener::recordingEnded, this, &LiveRecordings::ended);
}

LiveRecordings::~LiveRecordings() = default;

bool LiveRecordings::listen(QString *error)
{
    return m_listener->listen(error);
}

QList<CaptureWindow *> LiveRecordings::windows() const
{
    QList<CaptureWindow *> list;
    for (const auto &window : m_windows) {
        if (window)
            list.append(window);
    }
    return list;
}

void LiveRecordings::started(int recording, const QString &name, const QString &capturePath, qint64 pid)
{
    CaptureWindow *window = CaptureWindow::openLive(name, capturePath, pid);
    m_windows.insert(recording, window);
    window->show();
    Q_EMIT windowOpened(window);
}

void LiveRecordings::received(int recording, const QList<TrafficEvent> &events)
{
    if (CaptureWindow *window = m_windows.value(recording))
        window->log()->appendBatch(events);
}

void LiveRecordings::ended(int recording)
{
    if (CaptureWindow *window = m_windows.take(recording))
        window->setRecordingEnded();
}

} // namespace Mcp::Ui
