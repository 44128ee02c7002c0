// The real mcpscope binary in --cli mode against hostile peers of our own (issue 32): real
// processes on stdio and real HTTP servers on 127.0.0.1 (tests/common/hostile_peer.py), each
// misbehaving one way a third-party server does.
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>

#include "httppeer.h"
#include "processes.h"

class tst_CliHostile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    // --protocol auto reaches a legacy Streamable HTTP server however it answers the era probe.
    void probeAnsweredAnyWay_data();
    void probeAnsweredAnyWay();
    // A hint only where it helps.
    void hintsOnlyWhereTheyHelp();
    // Deadlines.
    void listTimeoutPerPage();
    void listTotalTimeout();
    void connectTimeoutCoversTheProbe();
    void probeErrorUnderAnotherIdFallsBackAtOnce();
    void closedStdoutEndsTheConnection();
    // Server requests with ids that cannot be echoed get an answer; int64 ids are echoed exactly.
    void oddServerRequestIds();
    // A launcher that ignores SIGTERM leaves nothing behind.
    void launcherLeavesNoOrphan();
    // Sampling is not advertised when nothing will answer it.
    void samplingNotAdvertised();
    // An undeclared list is asked all the same; refused, it prints empty with exit 0.
    void undeclaredListIsEmpty();
    // The Inspector v1 spelling: several pairs after one --tool-arg.
    void variadicToolArgs();

private:
    using Run = Mcp::Test::ProcessRun;
    static Run cli(const QStringList &arguments, int timeoutMs = 90000);
    // The hostile peer over stdio: python3 hostile_peer.py OPTIONS.
    QStringList stdioPeer(const QStringList &options) const;
    // The hostile peer over HTTP, for the length of the caller's scope.
    Mcp::Test::ScopedHttpPeer httpPeer(const QStringList &options) const;

    QString m_python;
    QString m_peer;
};

tst_CliHostile::Run tst_CliHostile::cli(const QStringList &arguments, int timeoutMs)
{
    // MCPSCOPE_CLI_UNDER_TEST runs these checks against another build (an older one, to see
    // what they catch).
    const QString binary = qEnvironmentVariable("MCPSCOPE_CLI_UNDER_TEST", QStringLiteral(MCPSCOPE_CLI));
    return Mcp::Test::runToEnd(binary, QStringList{QStringLiteral("--cli")} + arguments, timeoutMs);
}

QStringList tst_CliHostile::stdioPeer(const QStringList &options) const
{
    return QStringList{m_python, m_peer} + options;
}

Mcp::Test::ScopedHttpPeer tst_CliHostile::httpPeer(const QStringList &options) const
{
    return {m_python, QStringList{m_peer, QStringLiteral("--http")} + options};
}

void tst_CliHostile::initTestCase()
{
    m_python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    QVERIFY2(!m_python.isEmpty(), "python3 is not on PATH");
    m_peer = QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/common/hostile_peer.py");
    QVERIFY(QFile::exists(m_peer));
}

void tst_CliHostile::probeAnsweredAnyWay_data()
{
    QTest::addColumn<QString>("discover");
    QTest::addColumn<QString>("transport");
    for (const char *mode : {"404", "400", "500-json", "500-html", "200-html", "close"}) {
        for (const char *transport : {"auto", "http"})
            QTest::addRow("%s --transport %s", mode, transport) << QString::fromLatin1(mode) << QString::fromLatin1(transport);
    }
}

void tst_CliHostile::probeAnsweredAnyWay()
{
    QFETCH(QString, discover);
    QFETCH(QString, transport);
    const auto server = httpPeer({QStringLiteral("--discover"), discover});
    const QString url = server.url;
    QVERIFY(!url.isEmpty());
    const Run run = cli({url, QStringLiteral("--transport"), transport, QStringLiteral("--method"), QStringLiteral("tools/list"),
                         QStringLiteral("--verbose")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QJsonArray tools = run.json().value(QStringLiteral("tools")).toArray();
    QCOMPARE(tools.size(), 1);
    QCOMPARE(tools.at(0).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("echo"));
    QVERIFY2(run.err.contains("legacy era"), run.err.constData());
}

void tst_CliHostile::hintsOnlyWhereTheyHelp()
{
    // --protocol modern against an ordinary (legacy) Streamable HTTP server: the era is what
    // would help, not the transport.
    const auto server = httpPeer({});
    const QString url = server.url;
    QVERIFY(!url.isEmpty());
    Run run = cli({url, QStringLiteral("--transport"), QStringLiteral("http"), QStringLiteral("--protocol"), QStringLiteral("modern")});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(!run.err.contains("--transport sse"), run.err.constData());
    QVERIFY2(run.err.contains("--protocol auto"), run.err.constData());

    // A failure no flag would fix (nothing listens there): no hint at all.
    QString dead;
    {
        const auto closed = httpPeer({});
        dead = closed.url;
    }
    QVERIFY(!dead.isEmpty());
    run = cli({dead, QStringLiteral("--transport"), QStringLiteral("http"), QStringLiteral("--connect-timeout"), QStringLiteral("5000")});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(!run.err.contains("--transport sse") && !run.err.contains("--protocol"), run.err.constData());

    // A legacy HTTP+SSE endpoint forced onto Streamable HTTP: it refuses every POST (as
    // Express answers "Cannot POST /sse"), and the SSE transport is what would help.
    const auto sse = httpPeer({QStringLiteral("--refuse-post")});
    const QString sseUrl = sse.url;
    QVERIFY(!sseUrl.isEmpty());
    run = cli({sseUrl, QStringLiteral("--transport"), QStringLiteral("http")});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains("--transport sse"), run.err.constData());
}

void tst_CliHostile::listTimeoutPerPage()
{
    // A server that never answers tools/list: --timeout is the list's deadline, not 60 s.
    const Run run = cli(stdioPeer({QStringLiteral("--silent-list")})
                        + QStringList{QStringLiteral("--timeout"), QStringLiteral("1000")});
    QCOMPARE(run.exitCode, 4);
    QVERIFY2(run.elapsedMs < 8000, qPrintable(QString::number(run.elapsedMs)));
}

void tst_CliHostile::listTotalTimeout()
{
    // A silent page with a long page timeout: the listing's total bound (1.5 s) ends it.
    const Run run = cli(stdioPeer({QStringLiteral("--silent-list")})
                        + QStringList{QStringLiteral("--method"), QStringLiteral("prompts/list"), QStringLiteral("--timeout"),
                                      QStringLiteral("60000"), QStringLiteral("--max-total-timeout"), QStringLiteral("1500")});
    QCOMPARE(run.exitCode, 4);
    QVERIFY2(run.elapsedMs < 8000, qPrintable(QString::number(run.elapsedMs)));
}

void tst_CliHostile::connectTimeoutCoversTheProbe()
{
    // The probe hangs; initialize is answered at once. With --connect-timeout 3000 the whole
    // connect (probe, then initialize) keeps to 3 s (+1), and the server is reached.
    const auto server = httpPeer({QStringLiteral("--discover"), QStringLiteral("hang")});
    const QString url = server.url;
    QVERIFY(!url.isEmpty());
    Run run = cli({url, QStringLiteral("--connect-timeout"), QStringLiteral("3000")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY2(run.elapsedMs < 4000 + 1500, qPrintable(QString::number(run.elapsedMs))); // + process start and exit

    // Both hang: it gives up within the same bound.
    const auto slow = httpPeer({QStringLiteral("--discover"), QStringLiteral("hang"), QStringLiteral("--init-delay"),
                                QStringLiteral("60000")});
    const QString slowUrl = slow.url;
    QVERIFY(!slowUrl.isEmpty());
    run = cli({slowUrl, QStringLiteral("--connect-timeout"), QStringLiteral("3000")});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.elapsedMs < 4000 + 1500, qPrintable(QString::number(run.elapsedMs)));

    // A stdio server silent on the probe and on initialize: the same.
    run = cli(stdioPeer({QStringLiteral("--discover-delay"), QStringLiteral("60000")})
              + QStringList{QStringLiteral("--connect-timeout"), QStringLiteral("2000")});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.elapsedMs < 3000 + 6000, qPrintable(QString::number(run.elapsedMs))); // + the server's shutdown
}

// A server that answers the probe with an error under another id: with nothing else in flight
// that error is the probe's answer, and initialize follows at once (not after the probe's 10 s).
void tst_CliHostile::probeErrorUnderAnotherIdFallsBackAtOnce()
{
    QTemporaryDir dir;
    const QString capture = dir.filePath(QStringLiteral("probe.jsonl"));
    const Run run = cli(stdioPeer({QStringLiteral("--discover-error-id"), QStringLiteral("-32603")})
                        + QStringList{QStringLiteral("--capture"), capture});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QFile file(capture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray recorded = file.readAll();
    QVERIFY2(recorded.contains("taken as that request's answer"), recorded.constData());
    QVERIFY(!recorded.contains("no request with that id is pending"));
    QVERIFY(recorded.contains("\"method\\\":\\\"initialize\\\""));
}

void tst_CliHostile::closedStdoutEndsTheConnection()
{
    QTemporaryDir dir;
    const QString pidFile = dir.filePath(QStringLiteral("pid"));
    const Run run = cli(stdioPeer({QStringLiteral("--close-stdout-after-init"), QStringLiteral("--pidfile"), pidFile})
                        + QStringList{QStringLiteral("--timeout"), QStringLiteral("30000")});
    // The list request meets the end of the connection at once, not its 30 s timeout.
    QCOMPARE(run.exitCode, 6);
    QVERIFY2(run.elapsedMs < 10000, qPrintable(QString::number(run.elapsedMs)));
    QVERIFY2(run.err.contains("closed its stdout"), run.err.constData());
    QFile file(pidFile);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const qint64 pid = file.readAll().toLongLong();
    QVERIFY(pid > 0);
    QTRY_VERIFY_WITH_TIMEOUT(!Mcp::Test::processAlive(pid), 5000);
}

void tst_CliHostile::oddServerRequestIds()
{
    const Run run = cli(stdioPeer({QStringLiteral("--odd-ids")})
                        + QStringList{QStringLiteral("--method"), QStringLiteral("tools/call"), QStringLiteral("--tool-name"),
                                      QStringLiteral("odd"), QStringLiteral("--timeout"), QStringLiteral("10000")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QString text = run.json().value(QStringLiteral("content")).toArray().at(0).toObject().value(QStringLiteral("text")).toString();
    const QStringList replies = text.split(u'\n');
    QCOMPARE(replies.size(), 7);
    // int64 ids, beyond 2^53 too, come back exactly (the raw text, not a double's rounding).
    QVERIFY2(replies.at(0).contains(QLatin1String("\"id\":9007199254740993")), qPrintable(replies.at(0)));
    QVERIFY2(replies.at(0).contains(QLatin1String("\"result\"")), qPrintable(replies.at(0)));
    QVERIFY2(replies.at(1).contains(QLatin1String("\"id\":9223372036854775807")), qPrintable(replies.at(1)));
    // Beyond 64 bits, a fraction, an object, an array, a boolean: Invalid Request, id null.
    for (int i = 2; i < 7; ++i) {
        const QJsonObject reply = QJsonDocument::fromJson(replies.at(i).toUtf8()).object();
        QVERIFY2(reply.value(QStringLiteral("id")).isNull(), qPrintable(replies.at(i)));
        QCOMPARE(reply.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt(), -32600);
    }
}

void tst_CliHostile::launcherLeavesNoOrphan()
{
    // A launcher (a shell, as npx or uvx would be) that ignores SIGTERM, and its child, a server
    // that keeps running when stdin ends. Closing must end both.
    QTemporaryDir dir;
    const QString pidFile = dir.filePath(QStringLiteral("pid"));
    const QString script = QStringLiteral("trap '' TERM; \"$0\" \"$1\" --ignore-eof --pidfile \"$2\"; echo launcher done >&2");
    const Run run = cli({QStringLiteral("--connect-timeout"), QStringLiteral("20000"), QStringLiteral("--"), QStringLiteral("sh"),
                         QStringLiteral("-c"), script, m_python, m_peer, pidFile});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QFile file(pidFile);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const qint64 pid = file.readAll().toLongLong();
    QVERIFY(pid > 0);
    auto reap = qScopeGuard([pid] { ::kill(pid_t(pid), SIGKILL); });
    QTRY_VERIFY_WITH_TIMEOUT(!Mcp::Test::processAlive(pid), 5000);
}

void tst_CliHostile::samplingNotAdvertised()
{
    const Run run = cli(stdioPeer({}) + QStringList{QStringLiteral("--method"), QStringLiteral("tools/call"),
                                                   QStringLiteral("--tool-name"), QStringLiteral("declared")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QString text = run.json().value(QStringLiteral("content")).toArray().at(0).toObject().value(QStringLiteral("text")).toString();
    const QJsonObject declared = QJsonDocument::fromJson(text.toUtf8()).object();
    QVERIFY2(declared.contains(QStringLiteral("elicitation")), qPrintable(text)); // answered (--elicitation)
    QVERIFY2(!declared.contains(QStringLiteral("sampling")), qPrintable(text));
}

void tst_CliHostile::undeclaredListIsEmpty()
{
    const Run run = cli(stdioPeer({QStringLiteral("--no-prompts")})
                        + QStringList{QStringLiteral("--method"), QStringLiteral("prompts/list")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(run.json(), (QJsonObject{{QStringLiteral("prompts"), QJsonArray()}}));
    QVERIFY2(run.err.contains("did not declare the prompts capability"), run.err.constData());
    // A declared list says nothing of the kind.
    const Run declared = cli(stdioPeer({}) + QStringList{QStringLiteral("--method"), QStringLiteral("prompts/list")});
    QVERIFY2(declared.exitCode == 0, declared.err.constData());
    QVERIFY2(!declared.err.contains("did not declare"), declared.err.constData());
}

void tst_CliHostile::variadicToolArgs()
{
    const Run run = cli({QStringLiteral("--method"), QStringLiteral("tools/call"), QStringLiteral("--tool-name"), QStringLiteral("echo"),
                         QStringLiteral("--tool-arg"), QStringLiteral("a=1"), QStringLiteral("b=two"), QStringLiteral("--"),
                         m_python, m_peer});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QString text = run.json().value(QStringLiteral("content")).toArray().at(0).toObject().value(QStringLiteral("text")).toString();
    QCOMPARE(QJsonDocument::fromJson(text.toUtf8()).object(),
             (QJsonObject{{QStringLiteral("a"), 1}, {QStringLiteral("b"), QStringLiteral("two")}}));
}

QTEST_GUILESS_MAIN(tst_CliHostile)
#include "tst_clihostile.moc"
