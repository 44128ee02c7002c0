#pragma once

#include "transport/trafficevent.h"

#include <QList>
#include <QObject>
#include <QString>

#include <memory>

class QLocalServer;
class QLocalSocket;

namespace Mcp::Record {

// The local socket through which running recorders show their traffic in the user's window
// (issue 14, live view). The window listens; recorders connect. The socket lives in the user's
// runtime directory ($XDG_RUNTIME_DIR, 0700) and is itself user-only (0600): no TCP port,
// nothing another user can open. Without $XDG_RUNTIME_DIR it sits in mcpscope-UID in the
// temporary folder, which the window creates 0700; as another user may have created it first,
// the recorder sends nothing there unless the folder is a real directory of this user's that
// nobody else can enter and the socket is this user's, and, wherever the socket is, unless the
// process listening on it runs as this user (SO_PEERCRED). Otherwise it records to its file
// only and says why on stderr, once. $MCPSCOPE_LIVE_SOCKET overrides the path (tests).
//
// Protocol, JSON Lines: the recorder's first line is
//   {"format":"mcpscope-live","version":1,"name":"...","pid":123,"capture":"/path"}
// then one TrafficCapture event object per line, already redacted.
QString liveSocketPath();

// Recorder side. send() is called on the capture writer's thread (CaptureWriter::Options::tap):
// it connects when a window is there (trying again at most every two seconds), and blocks only
// that thread, never the traffic. A window that stops reading for 5 s is dropped. Each new connection is
// first sent the recording so far (the last 20000 events or 16 MiB, with a note of what was left
// out), so a window opened late misses nothing.
class LiveFeed
{
public:
    LiveFeed(const QString &name, const QString &capturePath);
    ~LiveFeed();
    void send(const TrafficEvent &event);
    // Ends the connection; call it on the thread that called send().
    void close();

private:
    void refuse(const QString &why);

    struct Private;
    std::unique_ptr<Private> d;
};

// Window side: one QLocalServer, any number of recorders.
class LiveListener : public QObject
{
    Q_OBJECT

public:
    explicit LiveListener(QObject *parent = nullptr);
    ~LiveListener() override;

    // Starts listening (replacing a stale socket); false with a reason if it cannot.
    bool listen(QString *error = nullptr);
    QString path() const;

Q_SIGNALS:
    void recordingStarted(int recording, const QString &name, const QString &capturePath, qint64 pid);
    void eventsReceived(int recording, const QList<Mcp::TrafficEvent> &events);
    void recordingEnded(int recording);

private:
    void accept();

    QLocalServer *m_server;
    int m_nextRecording = 0;
};

} // namespace Mcp::Record
