#include "live.h"

#include "traffic/trafficcapture.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalServer>
#include <QLocalSocket>
#include <QFileInfo>

#include <cstdio>
#include <deque>

#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Mcp::Record {

namespace {
const QLatin1String LiveFormat("mcpscope-live");
constexpr int RetryMs = 2000;
constexpr int ConnectTimeoutMs = 1000;
// A window busy opening itself (a loaded machine) gets time; one that stays stuck is dropped.
constexpr int WriteTimeoutMs = 5000;
// What a window that opens late (or connects after a retry) is sent first: the recording so far,
// up to these bounds, oldest dropped first.
constexpr qsizetype BacklogMaxEvents = 20000;
constexpr qint64 BacklogMaxBytes = 16 * 1024 * 1024;
}

QString liveSocketPath()
{
    const QString overridden = qEnvironmentVariable("MCPSCOPE_LIVE_SOCKET");
    if (!overridden.isEmpty())
        return overridden;
    // $XDG_RUNTIME_DIR (0700, the user's own); without it a private folder in the temporary
    // directory, checked by the listener. (QStandardPaths::RuntimeLocation would print a
    // warning on stderr, which is the host's log here.)
    const QString runtime = qEnvironmentVariable("XDG_RUNTIME_DIR");
    if (!runtime.isEmpty())
        return runtime + QStringLiteral("/mcpscope-live");
    return QDir::tempPath() + QStringLiteral("/mcpscope-%1/live").arg(::getuid());
}

namespace {

bool usesSharedTemporaryFolder()
{
    return qEnvironmentVariable("XDG_RUNTIME_DIR").isEmpty() && qEnvironmentVariable("MCPSCOPE_LIVE_SOCKET").isEmpty();
}

// Why the file at `path` (as lstat found it) is not this user's; empty when it is.
QString whyNotMine(const QString &path, const struct stat &info)
{
    if (info.st_uid != ::getuid())
        return QCoreApplication::translate("Mcp::Record::LiveFeed", "%1 belongs to another user (uid %2)")
            .arg(path)
            .arg(info.st_uid);
    return {};
}

// Why the folder is not one only this user can enter (empty when it is): a real directory, not a
// symbolic link, owned by us, with no access for group or others.
QString whyNotPrivateFolder(const QString &dir)
{
    struct stat info = {};
    if (::lstat(QFile::encodeName(dir).constData(), &info) != 0)
        return QCoreApplication::translate("Mcp::Record::LiveFeed", "%1 does not exist").arg(dir);
    if (S_ISLNK(info.st_mode))
        return QCoreApplication::translate("Mcp::Record::LiveFeed", "%1 is a symbolic link").arg(dir);
    if (!S_ISDIR(info.st_mode))
        return QCoreApplication::translate("Mcp::Record::LiveFeed", "%1 is not a folder").arg(dir);
    if (const QString why = whyNotMine(dir, info); !why.isEmpty())
        return why;
    if ((info.st_mode & 077) != 0)
        return QCoreApplication::translate("Mcp::Record::LiveFeed", "%1 can be entered by other users (mode %2)")
            .arg(dir, QString::number(info.st_mode & 07777, 8));
    return {};
}

// The same for the socket in it, and then for the process that listens on it.
QString whyNotOwnSocket(const QString &path)
{
    struct stat info = {};
    if (::lstat(QFile::encodeName(path).constData(), &info) != 0)
        return QCoreApplication::translate("Mcp::Record::LiveFeed", "%1 does not exist").arg(path);
    if (!S_ISSOCK(info.st_mode))
        return QCoreApplication::translate("Mcp::Record::LiveFeed", "%1 is not a socket").arg(path);
    return whyNotMine(path, info);
}

QString whyNotOwnPeer(const QLocalSocket &socket)
{
    struct ucred peer = {};
    socklen_t size = sizeof peer;
    if (::getsockopt(int(socket.socketDescriptor()), SOL_SOCKET, SO_PEERCRED, &peer, &size) != 0)
        return QCoreApplication::translate("Mcp::Record::LiveFeed", "the listener's user cannot be checked");
    if (peer.uid != ::getuid())
        return QCoreApplication::translate("Mcp::Record::LiveFeed", "the window listening there runs as another user (uid %1)")
            .arg(peer.uid);
    return {};
}

} // namespace

// ---- LiveFeed -------------------------------------------------------------------------------

struct LiveFeed::Private
{
    QJsonObject hello;
    std::unique_ptr<QLocalSocket> socket;
    QElapsedTimer sinceAttempt;
    // Events, not their JSON: serialising costs the writer thread only when a window listens.
    std::deque<TrafficEvent> backlog;
    qint64 backlogBytes = 0;
    qint64 droppedFromBacklog = 0;
    // Set when the socket's place is not private: no connection is made then (said once).
    QString refused;

    bool writeAll();
};

// Pushes out what is queued; a window that reads nothing for five seconds is given up.
bool LiveFeed::Private::writeAll()
{
    while (socket->bytesToWrite() > 0) {
        if (!socket->waitForBytesWritten(WriteTimeoutMs)) {
            socket->abort();
            socket.reset();
            return false;
        }
    }
    return true;
}

LiveFeed::LiveFeed(const QString &name, const QString &capturePath) : d(std::make_unique<Private>())
{
    d->hello = QJsonObject{{QStringLiteral("format"), LiveFormat},
                           {QStringLiteral("version"), 1},
                           {QStringLiteral("name"), name},
                           {QStringLiteral("pid"), double(QCoreApplication::applicationPid())},
                           {QStringLiteral("capture"), capturePath}};
}

LiveFeed::~LiveFeed() = default;

void LiveFeed::close()
{
    if (d->socket && d->socket->state() == QLocalSocket::ConnectedState) {
        d->socket->waitForBytesWritten(WriteTimeoutMs);
        d->socket->disconnectFromServer();
    }
    d->socket.reset();
}

namespace {
QByteArray eventLine(const TrafficEvent &event)
{
    return QJsonDocument(TrafficCapture::eventToJson(event)).toJson(QJsonDocument::Compact) + '\n';
}
}

void LiveFeed::send(const TrafficEvent &event)
{
    // Every event joins the backlog, so a window that connects later still shows the whole
    // recording (within the bounds), not just what happened after it opened. A copy of an
    // event shares its bytes.
    d->backlogBytes += event.raw.size();
    d->backlog.push_back(event);
    while (d->backlog.size() > 1
           && (qsizetype(d->backlog.size()) > BacklogMaxEvents || d->backlogBytes > BacklogMaxBytes)) {
        d->backlogBytes -= d->backlog.front().raw.size();
        d->backlog.pop_front();
        ++d->droppedFromBacklog;
    }
    if (d->socket && d->socket->state() == QLocalSocket::ConnectedState) {
        d->socket->write(eventLine(event));
        d->writeAll();
        return;
    }
    if (!d->refused.isEmpty() || (d->sinceAttempt.isValid() && d->sinceAttempt.elapsed() < RetryMs))
        return;
    d->sinceAttempt.start();
    // Without $XDG_RUNTIME_DIR the socket sits in the shared temporary folder, where another
    // user may have made the folder first: the events go only to a window of this user's.
    const QString path = liveSocketPath();
    const bool shared = usesSharedTemporaryFolder();
    if (shared && QFileInfo::exists(QFileInfo(path).absolutePath())) {
        QString why = whyNotPrivateFolder(QFileInfo(path).absolutePath());
        if (why.isEmpty() && QFileInfo::exists(path))
            why = whyNotOwnSocket(path);
        if (!why.isEmpty()) {
            refuse(why);
            return;
        }
    }
    // Created here: this is the thread that uses it (no event loop; blocking calls only). With
    // no window there the connect fails at once; the timeout only matters on a loaded machine.
    d->socket = std::make_unique<QLocalSocket>();
    d->socket->connectToServer(path);
    if (!d->socket->waitForConnected(ConnectTimeoutMs)) {
        d->socket.reset();
        return;
    }
    // Whatever the path, the process at the other end must be this user's (checked before the
    // first byte; the folder could have changed between the checks and the connection).
    if (const QString why = whyNotOwnPeer(*d->socket); !why.isEmpty()) {
        d->socket->abort();
        d->socket.reset();
        refuse(why);
        return;
    }
    d->socket->write(QJsonDocument(d->hello).toJson(QJsonDocument::Compact) + '\n');
    if (d->droppedFromBacklog > 0) {
        TrafficEvent gap;
        gap.wallClockMs = QDateTime::currentMSecsSinceEpoch();
        gap.monotonicNs = TrafficEvent::clockNs();
        const int dropped = d->droppedFromBacklog > INT_MAX ? INT_MAX : int(d->droppedFromBacklog);
        gap.note = QCoreApplication::translate("Mcp::Record::LiveFeed",
                                               "%n earlier event(s) are not shown here; the capture file has them all",
                                               nullptr, dropped);
        d->socket->write(eventLine(gap));
    }
    for (const TrafficEvent &queued : d->backlog) {
        d->socket->write(eventLine(queued));
        if (!d->writeAll())
            return;
    }
}

void LiveFeed::refuse(const QString &why)
{
    d->refused = why;
    const QString message = QCoreApplication::translate("Mcp::Record::LiveFeed",
                                                        "mcpscope record: not showing this recording live (%1); "
                                                        "recording to the capture file only")
                                .arg(why);
    std::fprintf(stderr, "%s\n", message.toLocal8Bit().constData());
    std::fflush(stderr);
}

// ---- LiveListener ---------------------------------------------------------------------------

LiveListener::LiveListener(QObject *parent) : QObject(parent), m_server(new QLocalServer(this))
{
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    connect(m_server, &QLocalServer::newConnection, this, &LiveListener::accept);
}

LiveListener::~LiveListener() = default;

bool LiveListener::listen(QString *error)
{
    const QString path = liveSocketPath();
    // A folder of our own that nobody else can enter (it may have been made by someone else).
    const QString dir = QFileInfo(path).absolutePath();
    if (usesSharedTemporaryFolder()) {
        // Made private from the start (mkdir applies the mode atomically; the umask only removes).
        ::mkdir(QFile::encodeName(dir).constData(), 0700);
        if (const QString why = whyNotPrivateFolder(dir); !why.isEmpty()) {
            if (error)
                *error = QCoreApplication::translate("Mcp::Record::LiveListener",
                                                     "%1 is not a private folder of this user (%2)").arg(dir, why);
            return false;
        }
    }
    if (!m_server->listen(path)) {
        // A socket left behind by a window that crashed: nobody answers on it.
        QLocalSocket probe;
        probe.connectToServer(path);
        if (!probe.waitForConnected(200)) {
            QLocalServer::removeServer(path);
            if (m_server->listen(path))
                return true;
        }
        if (error)
            *error = m_server->errorString();
        return false;
    }
    return true;
}

QString LiveListener::path() const
{
    return m_server->fullServerName();
}

void LiveListener::accept()
{
    while (QLocalSocket *socket = m_server->nextPendingConnection()) {
        const int recording = ++m_nextRecording;
        auto started = std::make_shared<bool>(false);
        auto drain = [this, socket, recording, started] {
            QList<TrafficEvent> events;
            while (socket->canReadLine()) {
                const QByteArray line = socket->readLine();
                const QJsonObject object = QJsonDocument::fromJson(line).object();
                if (!*started) {
                    if (object.value(QLatin1String("format")).toString() != LiveFormat) {
                        socket->abort();
                        return;
                    }
                    *started = true;
                    Q_EMIT recordingStarted(recording, object.value(QLatin1String("name")).toString(),
                                            object.value(QLatin1String("capture")).toString(),
                                            qint64(object.value(QLatin1String("pid")).toDouble()));
                    continue;
                }
                TrafficEvent event;
                if (TrafficCapture::eventFromJson(object, &event, nullptr))
                    events.append(event);
            }
            if (!events.isEmpty())
                Q_EMIT eventsReceived(recording, events);
        };
        connect(socket, &QLocalSocket::readyRead, this, drain);
        connect(socket, &QLocalSocket::disconnected, this, [this, socket, recording, started, drain] {
            drain();
            if (*started)
                Q_EMIT recordingEnded(recording);
            socket->deleteLater();
        });
    }
}

} // namespace Mcp::Record
