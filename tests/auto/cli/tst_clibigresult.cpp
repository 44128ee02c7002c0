// The real mcpscope binary printing big results (issue 38): a big text goes from the frame to
// stdout in pieces, and what it prints is byte for byte what QJsonDocument writes for the result
// read from the same frame (what the CLI printed before). The server is tests/common/
// bigresult_peer.py, which writes every escape JSON has, non-ASCII raw and escaped, surrogate
// pairs, lone surrogates and base64 blobs, and keeps each frame it sent in a file.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "jsonrpc/json.h"
#include "processes.h"
#include "traffic/trafficcapture.h"
#include "traffic/trafficlog.h"

class tst_CliBigResult : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void printsWhatQtWrites_data();
    void printsWhatQtWrites();
    void demoServerBlob();
    void captureKeepsEveryByte();

private:
    using Run = Mcp::Test::ProcessRun;
    // tools/call "big" with kind and size, its answer frame in *frame.
    Run callBig(const QString &kind, qint64 size, const QStringList &extra, QByteArray *frame);

    QString m_python;
    QTemporaryDir m_dir;
};

void tst_CliBigResult::initTestCase()
{
    m_python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    QVERIFY2(!m_python.isEmpty(), "python3 is not on PATH");
    QVERIFY(m_dir.isValid());
}

tst_CliBigResult::Run tst_CliBigResult::callBig(const QString &kind, qint64 size, const QStringList &extra, QByteArray *frame)
{
    const QString frames = m_dir.filePath(QStringLiteral("frames.jsonl"));
    QFile::remove(frames);
    const QString binary = qEnvironmentVariable("MCPSCOPE_CLI_UNDER_TEST", QStringLiteral(MCPSCOPE_CLI));
    const QStringList arguments = QStringList{QStringLiteral("--cli"), QStringLiteral("--protocol"), QStringLiteral("legacy"),
                                              QStringLiteral("--method"), QStringLiteral("tools/call"), QStringLiteral("--tool-name"),
                                              QStringLiteral("big"), QStringLiteral("--tool-arg"), QStringLiteral("kind=") + kind,
                                              QStringLiteral("--tool-arg"), QStringLiteral("size=%1").arg(size)}
        + extra
        + QStringList{QStringLiteral("--"), m_python, QStringLiteral(MCPSCOPE_SOURCE_DIR "/tests/common/bigresult_peer.py"),
                      QStringLiteral("--frames"), frames};
    const Run run = Mcp::Test::runToEnd(binary, arguments, 120000);
    QFile file(frames);
    if (file.open(QIODevice::ReadOnly)) {
        const QList<QByteArray> lines = file.readAll().split('\n');
        for (const QByteArray &line : lines) {
            if (line.contains("\"content\""))
                *frame = line;
        }
    }
    return run;
}

void tst_CliBigResult::printsWhatQtWrites_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<qint64>("size");
    QTest::addColumn<QStringList>("options");
    const QStringList layouts[] = {{}, {QStringLiteral("--compact")}, {QStringLiteral("--format"), QStringLiteral("json")}};
    const char *layoutNames[] = {"indented", "compact", "--format json"};
    for (int layout = 0; layout < 3; ++layout) {
        for (const char *kind : {"escapes", "ascii", "blob", "mixed", "head"})
            QTest::addRow("%s 1 MiB %s", kind, layoutNames[layout]) << QString::fromLatin1(kind) << qint64(1 << 20) << layouts[layout];
    }
    QTest::newRow("escapes 16 MiB indented") << QStringLiteral("escapes") << qint64(16 << 20) << QStringList();
    QTest::newRow("mixed 16 MiB compact") << QStringLiteral("mixed") << qint64(16 << 20) << QStringList{QStringLiteral("--compact")};
    QTest::newRow("small (read whole)") << QStringLiteral("escapes") << qint64(100000) << QStringList();
}

void tst_CliBigResult::printsWhatQtWrites()
{
    QFETCH(QString, kind);
    QFETCH(qint64, size);
    QFETCH(QStringList, options);
    QByteArray frame;
    const Run run = callBig(kind, size, options, &frame);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(frame.size() > size);
    // What the CLI printed before big texts stayed in the frame: the result read whole (as
    // parseFrame() read every frame, Qt's parser for lone surrogates), written by QJsonDocument.
    const QJsonObject result = Mcp::Json::parse(frame).toObject().value(QLatin1String("result")).toObject();
    QVERIFY(!result.isEmpty());
    QByteArray expected;
    if (options.contains(QLatin1String("--format")))
        expected = QJsonDocument(QJsonObject{{QLatin1String("result"), result}}).toJson(QJsonDocument::Compact) + '\n';
    else if (options.contains(QLatin1String("--compact")))
        expected = QJsonDocument(result).toJson(QJsonDocument::Compact) + '\n';
    else
        expected = QJsonDocument(result).toJson(QJsonDocument::Indented);
    if (run.out != expected) {
        qsizetype at = 0;
        while (at < qMin(run.out.size(), expected.size()) && run.out.at(at) == expected.at(at))
            ++at;
        QFAIL(qPrintable(QStringLiteral("differs at byte %1 of %2/%3: printed \"%4\", expected \"%5\"")
                             .arg(at).arg(run.out.size()).arg(expected.size())
                             .arg(QString::fromUtf8(run.out.mid(qMax<qsizetype>(0, at - 40), 80)),
                                  QString::fromUtf8(expected.mid(qMax<qsizetype>(0, at - 40), 80)))));
    }
}

void tst_CliBigResult::demoServerBlob()
{
    // The demo server's blob tool (modern era, simdjson's path for the skeleton): the text of
    // exactly `size` bytes comes out as it went in.
    const qint64 size = 3 * 1024 * 1024 + 17;
    const QString binary = qEnvironmentVariable("MCPSCOPE_CLI_UNDER_TEST", QStringLiteral(MCPSCOPE_CLI));
    const Run run = Mcp::Test::runToEnd(binary,
                                        {QStringLiteral("--cli"), QStringLiteral("--method"), QStringLiteral("tools/call"),
                                         QStringLiteral("--tool-name"), QStringLiteral("blob"), QStringLiteral("--tool-arg"),
                                         QStringLiteral("size=%1").arg(size), QStringLiteral("--"), QStringLiteral(MCPSCOPE_DEMO_SERVER)},
                                        120000);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QJsonObject result = QJsonDocument::fromJson(run.out).object();
    const QString text = result.value(QLatin1String("content")).toArray().at(0).toObject().value(QLatin1String("text")).toString();
    QCOMPARE(text.size(), size);
    QVERIFY(text.startsWith(QLatin1String("line of text\twith \"quotes\", a \\backslash\\ and a newline\nline of")));
    QCOMPARE(QJsonDocument(result).toJson(QJsonDocument::Indented), run.out);
}

void tst_CliBigResult::captureKeepsEveryByte()
{
    // The capture holds the answer's frame, every byte of it, beside the printed result.
    const QString capture = m_dir.filePath(QStringLiteral("big.jsonl"));
    QByteArray frame;
    const Run run = callBig(QStringLiteral("mixed"), 2 << 20, {QStringLiteral("--capture"), capture}, &frame);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QFile file(capture);
    QVERIFY(file.open(QIODevice::ReadOnly));
    Mcp::TrafficLog log;
    const Mcp::TrafficCapture::ImportResult imported = Mcp::TrafficCapture::readJsonLines(&file, &log);
    QVERIFY(imported.imported > 0);
    bool found = false;
    for (int row = 0; row < log.rowCount(); ++row)
        found = found || log.event(row).raw == frame;
    QVERIFY2(found, "the answer's frame is not in the capture");
}

QTEST_GUILESS_MAIN(tst_CliBigResult)
#include "tst_clibigresult.moc"
