// Only the user's own window hears a recording (issue 31). Without $XDG_RUNTIME_DIR the live
// socket sits in mcpscope-UID under the temporary folder, where anyone may create that folder
// first. A real `mcpscope record` in front of the demo server must send nothing to a listener
// in a folder that is open to others, is a symbolic link, holds another user's socket, or
// belongs to another user (a listener run as `nobody` through setpriv, when this test runs as
// root), must say why on stderr, and must still write its capture. A listener of the user's in
// a private folder does get the recording (the control: the check can see bytes arrive).

#include "record/live.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLocalServer>
#include <QLocalSocket>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <memory>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

// Counts what arrives on a local socket at path (the squatter), in this process.
class Squatter : public QObject
{
public:
    explicit Squatter(const QString &path)
    {
        QLocalServer::removeServer(path);
        m_server.setSocketOptions(QLocalServer::WorldAccessOption);
        m_listening = m_server.listen(path);
        connect(&m_server, &QLocalServer::newConnection, this, [this] {
            while (QLocalSocket *socket = m_server.nextPendingConnection()) {
                ++connections;
                connect(socket, &QLocalSocket::readyRead, this, [this, socket] { bytes += socket->readAll().size(); });
            }
        });
    }
    bool listening() const { return m_listening; }
    int connections = 0;
    qint64 bytes = 0;

private:
    QLocalServer m_server;
    bool m_listening = false;
};

// --squat DIR: run as another user, makes DIR (0700, its own), listens in it, and prints every
// count of bytes received.
int runSquatter(const QString &dir)
{
    ::mkdir(QFile::encodeName(dir).constData(), 0700);
    QLocalServer server;
    server.setSocketOptions(QLocalServer::WorldAccessOption);
    if (!server.listen(dir + QStringLiteral("/live"))) {
        std::printf("cannot listen: %s\n", qPrintable(server.errorString()));
        return 1;
    }
    std::printf("listening\n");
    std::fflush(stdout);
    QObject::connect(&server, &QLocalServer::newConnection, &server, [&server] {
        while (QLocalSocket *socket = server.nextPendingConnection()) {
            std::printf("connection\n");
            std::fflush(stdout);
            QObject::connect(socket, &QLocalSocket::readyRead, socket, [socket] {
                std::printf("bytes %lld\n", static_cast<long long>(socket->readAll().size()));
                std::fflush(stdout);
            });
        }
    });
    return QCoreApplication::exec();
}

} // namespace

class tst_LiveSquat : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void privateFolderHearsTheRecording();
    void folderOpenToOthers();
    void folderIsASymbolicLink();
    void socketOfAnotherUser();
    void folderAndListenerOfAnotherUser();

private:
    struct Recording
    {
        QByteArray stderrText;
        QByteArray capture;
    };
    // Runs `mcpscope record` in front of the demo server without $XDG_RUNTIME_DIR, the
    // temporary folder being m_tmp, while the event loop serves any in-process squatter; the
    // capture must hold the exchange whether or not the recording was shown live.
    void record(Recording *result, QProcess *watched = nullptr, QByteArray *watchedOutput = nullptr);
    // The same with an in-process listener on the live socket, which must be listening.
    void recordBeside(const Squatter &listener, Recording *result);
    // The same where the recorder must refuse the listener: nothing reaches it, and stderr
    // says why.
    void recordPast(const Squatter &squatter, const char *why, Recording *result);
    // Makes folder() the user's own, closed to others, as the recorder wants it.
    bool makePrivateFolder() const
    {
        return QDir().mkdir(folder())
            && QFile::setPermissions(folder(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }
    QString folder() const { return m_tmp->path() + QStringLiteral("/mcpscope-%1").arg(::getuid()); }

    std::unique_ptr<QTemporaryDir> m_tmp;
};

void tst_LiveSquat::init()
{
    m_tmp = std::make_unique<QTemporaryDir>();
    QVERIFY(m_tmp->isValid());
}

void tst_LiveSquat::record(Recording *result, QProcess *watched, QByteArray *watchedOutput)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("XDG_RUNTIME_DIR"));
    env.remove(QStringLiteral("MCPSCOPE_LIVE_SOCKET"));
    env.insert(QStringLiteral("TMPDIR"), m_tmp->path());
    const QString capture = m_tmp->filePath(QStringLiteral("capture.jsonl"));
    QProcess recorder;
    recorder.setProcessEnvironment(env);
    recorder.start(QStringLiteral(MCPSCOPE_CLI), {QStringLiteral("record"), QStringLiteral("--capture"), capture,
                                                 QStringLiteral("--name"), QStringLiteral("squat"), QStringLiteral("--"),
                                                 QStringLiteral(MCPSCOPE_DEMO_SERVER)});
    QVERIFY(recorder.waitForStarted());
    recorder.write(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})"
                   "\n");
    QByteArray out;
    // The event loop runs meanwhile: an in-process squatter accepts and reads.
    QTRY_VERIFY_WITH_TIMEOUT((out += recorder.readAllStandardOutput()).contains("\"result\""), 15000);
    recorder.write(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})" "\n");
    QTRY_VERIFY_WITH_TIMEOUT((out += recorder.readAllStandardOutput()).contains("\"id\":2"), 15000);
    QTest::qWait(300);
    recorder.closeWriteChannel();
    QTRY_COMPARE_WITH_TIMEOUT(recorder.state(), QProcess::NotRunning, 15000);
    QTest::qWait(200);
    if (watched && watchedOutput)
        *watchedOutput += watched->readAllStandardOutput();
    result->stderrText = recorder.readAllStandardError();
    QFile file(capture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    result->capture = file.readAll();
    QVERIFY(result->capture.contains("initialize"));
}

void tst_LiveSquat::recordBeside(const Squatter &listener, Recording *result)
{
    QVERIFY(listener.listening());
    record(result);
}

void tst_LiveSquat::recordPast(const Squatter &squatter, const char *why, Recording *result)
{
    recordBeside(squatter, result);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(squatter.bytes, 0);
    QVERIFY2(result->stderrText.contains(why), result->stderrText.constData());
}

void tst_LiveSquat::privateFolderHearsTheRecording()
{
    QVERIFY(makePrivateFolder());
    Squatter listener(folder() + QStringLiteral("/live"));
    Recording recording;
    recordBeside(listener, &recording);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(listener.connections, 1);
    QVERIFY(listener.bytes > 0);
    QVERIFY2(!recording.stderrText.contains("not showing"), recording.stderrText.constData());
}

void tst_LiveSquat::folderOpenToOthers()
{
    QVERIFY(QDir().mkdir(folder()));
    QVERIFY(::chmod(QFile::encodeName(folder()).constData(), 0777) == 0);
    Squatter squatter(folder() + QStringLiteral("/live"));
    Recording recording;
    recordPast(squatter, "can be entered by other users", &recording);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(squatter.connections, 0);
    QVERIFY2(recording.stderrText.contains("not showing this recording live"), recording.stderrText.constData());
    // The window refuses that folder too.
    qputenv("TMPDIR", m_tmp->path().toLocal8Bit());
    const QByteArray runtime = qgetenv("XDG_RUNTIME_DIR");
    qunsetenv("XDG_RUNTIME_DIR");
    Mcp::Record::LiveListener window;
    QString error;
    QVERIFY(!window.listen(&error));
    QVERIFY2(error.contains(folder()), qPrintable(error));
    if (!runtime.isEmpty())
        qputenv("XDG_RUNTIME_DIR", runtime);
    qunsetenv("TMPDIR");
}

void tst_LiveSquat::folderIsASymbolicLink()
{
    const QString elsewhere = m_tmp->filePath(QStringLiteral("elsewhere"));
    QVERIFY(QDir().mkdir(elsewhere));
    QVERIFY(QFile::setPermissions(elsewhere, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    QVERIFY(QFile::link(elsewhere, folder()));
    Squatter squatter(elsewhere + QStringLiteral("/live"));
    Recording recording;
    recordPast(squatter, "is a symbolic link", &recording);
}

void tst_LiveSquat::socketOfAnotherUser()
{
    if (::geteuid() != 0)
        QSKIP("giving the socket to another user needs root; this test does not run as root");
    const struct passwd *nobody = ::getpwnam("nobody");
    QVERIFY(nobody);
    QVERIFY(makePrivateFolder());
    Squatter squatter(folder() + QStringLiteral("/live"));
    QVERIFY(squatter.listening());
    QVERIFY(::lchown(QFile::encodeName(folder() + QStringLiteral("/live")).constData(), nobody->pw_uid,
                     nobody->pw_gid) == 0);
    Recording recording;
    recordPast(squatter, "belongs to another user", &recording);
}

// The attack as it happens: another local user made the folder first and listens in it.
void tst_LiveSquat::folderAndListenerOfAnotherUser()
{
    if (::geteuid() != 0)
        QSKIP("running a listener as another user needs root (setpriv); this test does not run as root");
    const QString setpriv = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
    if (setpriv.isEmpty())
        QSKIP("setpriv is not installed: cannot run a listener as another user");
    // The temporary folder is shared, as /tmp is.
    QVERIFY(::chmod(QFile::encodeName(m_tmp->path()).constData(), 01777) == 0);
    QProcess squatter;
    squatter.start(setpriv, {QStringLiteral("--reuid=nobody"), QStringLiteral("--regid=nogroup"),
                             QStringLiteral("--clear-groups"), QCoreApplication::applicationFilePath(),
                             QStringLiteral("--squat"), folder()});
    QVERIFY(squatter.waitForStarted());
    QByteArray squatterOutput;
    QTRY_VERIFY_WITH_TIMEOUT((squatterOutput += squatter.readAllStandardOutput()).contains("listening"), 10000);
    struct stat info = {};
    QVERIFY(::lstat(QFile::encodeName(folder()).constData(), &info) == 0);
    QVERIFY(info.st_uid != ::getuid());
    Recording recording;
    record(&recording, &squatter, &squatterOutput);
    if (QTest::currentTestFailed())
        return;
    squatter.kill();
    squatter.waitForFinished();
    QVERIFY2(!squatterOutput.contains("bytes"), squatterOutput.constData());
    QVERIFY2(recording.stderrText.contains("belongs to another user"), recording.stderrText.constData());
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc > 2 && qstrcmp(argv[1], "--squat") == 0)
        return runSquatter(QString::fromLocal8Bit(argv[2]));
    tst_LiveSquat test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_livesquat.moc"
