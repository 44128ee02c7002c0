#pragma once

#include "transport/trafficevent.h"

#include <QHash>
#include <QObject>
#include <QPointer>

namespace Mcp::Record {
class LiveListener;
}

namespace Mcp::Ui {

class CaptureWindow;

// Recordings that `mcpscope record` runs show live in the window: each one that connects
// (Record::LiveListener, a user-only local socket) opens a CaptureWindow whose log fills as
// the host and the server talk, with the traffic view's filters, pairing and export.
class LiveRecordings : public QObject
{
    Q_OBJECT

public:
    explicit LiveRecordings(QObject *parent = nullptr);
    ~LiveRecordings() override;

    // Starts listening; false (and why) when another window already does.
    bool listen(QString *error = nullptr);
    QList<CaptureWindow *> windows() const;

Q_SIGNALS:
    void windowOpened(Mcp::Ui::CaptureWindow *window);

private:
    void started(int recording, const QString &name, const QString &capturePath, qint64 pid);
    void received(int recording, const QList<Mcp::TrafficEvent> &events);
    void ended(int recording);

    Record::LiveListener *m_listener;
    QHash<int, QPointer<CaptureWindow>> m_windows;
};

} // namespace Mcp::Ui
