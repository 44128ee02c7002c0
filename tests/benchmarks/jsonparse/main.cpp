// bench_jsonparse: how fast JSON-RPC frames are parsed and serialised, in MB/s.
// Compares QJsonDocument with Mcp::Json / parseFrame (simdjson underneath) on tools/call
// results of 1 MiB and 16 MiB whose text is plain or full of escapes.

#include "jsonrpc/json.h"
#include "jsonrpc/message.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>

#include <simdjson.h>

#include <cstdio>
#include <functional>

namespace {

QString makeText(qsizetype size, bool escapes)
{
    // Escape-heavy: like source code or logs, with quotes, tabs, newlines, backslashes and
    // some non-ASCII; plain: words and spaces.
    static const char *const plainWords[] = {"lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing"};
    static const char *const escapeWords[] = {"\"quoted\"", "\ttab", "line\n", "back\\slash", "caf\xc3\xa9", "x = \"y\";\n", "{\"k\": [1, 2]}"};
    QByteArray utf8;
    utf8.reserve(size + 32);
    QRandomGenerator random(42);
    while (utf8.size() < size) {
        utf8 += escapes ? escapeWords[random.bounded(7)] : plainWords[random.bounded(7)];
        utf8 += ' ';
    }
    utf8.truncate(size);
    while (!utf8.isEmpty() && (uchar(utf8.back()) & 0xc0) == 0x80)
        utf8.chop(1); // don't cut a UTF-8 sequence
    if (!utf8.isEmpty() && uchar(utf8.back()) >= 0xc0)
        utf8.chop(1);
    return QString::fromUtf8(utf8);
}

Mcp::Message makeResult(const QString &text)
{
    const QJsonObject content{{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), text}};
    const QJsonObject result{{QStringLiteral("content"), QJsonArray{content}}, {QStringLiteral("isError"), false}};
    return Mcp::Message::response(Mcp::MessageId(1), result);
}

// Best of several runs, in MB/s (10^6 bytes per second, as the issue quotes them).
double measure(qsizetype bytes, int runs, const std::function<void()> &work)
{
    qint64 best = std::numeric_limits<qint64>::max();
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer timer;
        timer.start();
        work();
        best = qMin(best, timer.nsecsElapsed());
    }
    return double(bytes) / (double(best) / 1e9) / 1e6;
}

volatile qsizetype sink = 0;

} // namespace

int main(int argc, char **argv)
{
    Mcp::Json::keepBigBuffers(); // as the application does: big buffers are reused, not mapped afresh
    QCoreApplication app(argc, argv);
    std::printf("%-34s %12s %12s %12s %12s\n", "MB/s (best of runs)", "1MiB plain", "1MiB escapes", "16MiB plain", "16MiB escapes");

    struct Case { qsizetype size; bool escapes; QByteArray frame; Mcp::Message message; QJsonObject object; };
    QList<Case> cases;
    for (qsizetype size : {qsizetype(1) << 20, qsizetype(16) << 20}) {
        for (bool escapes : {false, true}) {
            Case c;
            c.size = size;
            c.escapes = escapes;
            c.message = makeResult(makeText(size, escapes));
            c.object = c.message.toJson();
            c.frame = c.message.serialize();
            cases.append(c);
        }
    }

    auto row = [&cases](const char *name, const std::function<double(const Case &)> &run) {
        std::printf("%-34s", name);
        for (const Case &c : cases)
            std::printf(" %12.0f", run(c));
        std::printf("\n");
        std::fflush(stdout);
    };
    auto runsFor = [](const Case &c) { return c.size > (1 << 20) ? 5 : 20; };

    row("parse: QJsonDocument::fromJson", [&](const Case &c) {
        return measure(c.frame.size(), runsFor(c), [&] { sink = QJsonDocument::fromJson(c.frame).object().size(); });
    });
    row("parse: simdjson DOM only", [&](const Case &c) {
        simdjson::dom::parser parser;
        return measure(c.frame.size(), runsFor(c), [&] {
            simdjson::dom::element root;
            if (parser.parse(c.frame.constData(), size_t(c.frame.size()), true).get(root) == simdjson::SUCCESS)
                sink = qsizetype(root.type());
        });
    });
    row("parse: Mcp::Json::parse", [&](const Case &c) {
        return measure(c.frame.size(), runsFor(c), [&] { sink = Mcp::Json::parse(c.frame).toObject().size(); });
    });
    row("parse: Mcp::parseFrame", [&](const Case &c) {
        return measure(c.frame.size(), runsFor(c), [&] { sink = Mcp::parseFrame(c.frame).messages.size(); });
    });
    row("parse: parseFrame + text access", [&](const Case &c) {
        return measure(c.frame.size(), runsFor(c), [&] {
            const Mcp::ParsedFrame parsed = Mcp::parseFrame(c.frame);
            sink = parsed.messages.first().result().toObject().value(QStringLiteral("content")).toArray()
                       .at(0).toObject().value(QStringLiteral("text")).toString().size();
        });
    });
    row("summary: Mcp::summarizeFrame", [&](const Case &c) {
        return measure(c.frame.size(), runsFor(c), [&] { sink = Mcp::summarizeFrame(c.frame).count; });
    });
    row("write: QJsonDocument::toJson", [&](const Case &c) {
        return measure(c.frame.size(), runsFor(c), [&] { sink = QJsonDocument(c.object).toJson(QJsonDocument::Compact).size(); });
    });
    row("write: Mcp::Json::serialize", [&](const Case &c) {
        const QJsonValue value(c.object);
        return measure(c.frame.size(), runsFor(c), [&] { sink = Mcp::Json::serialize(value).size(); });
    });
    row("write: Message::serialize", [&](const Case &c) {
        return measure(c.frame.size(), runsFor(c), [&] { sink = c.message.serialize().size(); });
    });

    // Small frames: what one sequential round trip costs to parse and write, in ns per frame.
    {
        const QByteArray response = R"({"id":2,"jsonrpc":"2.0","result":{"content":[{"text":"hello","type":"text"}]}})";
        const QByteArray request = R"({"id":7,"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"message":"hello"},"name":"echo"}})";
        constexpr int N = 200000;
        auto perFrame = [](const std::function<void()> &work) {
            QElapsedTimer timer;
            qint64 best = std::numeric_limits<qint64>::max();
            for (int run = 0; run < 3; ++run) {
                timer.start();
                for (int i = 0; i < N; ++i)
                    work();
                best = qMin(best, timer.nsecsElapsed());
            }
            return double(best) / N;
        };
        std::printf("\n%-34s %12s %12s\n", "ns per small frame", "response", "request");
        auto small = [&](const char *name, const std::function<void(const QByteArray &)> &work) {
            std::printf("%-34s %12.0f %12.0f\n", name, perFrame([&] { work(response); }), perFrame([&] { work(request); }));
            std::fflush(stdout);
        };
        small("parse: Mcp::parseFrame", [](const QByteArray &f) { sink = Mcp::parseFrame(f).messages.size(); });
        small("parse: QJsonDocument + fromJson", [](const QByteArray &f) {
            Mcp::Message m;
            sink = Mcp::Message::fromJson(QJsonDocument::fromJson(f).object(), &m, nullptr);
        });
        small("summary: Mcp::summarizeFrame", [](const QByteArray &f) { sink = Mcp::summarizeFrame(f).count; });
        const Mcp::Message responseMessage = Mcp::parseFrame(response).messages.value(0);
        const Mcp::Message requestMessage = Mcp::parseFrame(request).messages.value(0);
        std::printf("%-34s %12.0f %12.0f\n", "write: Message::serialize",
                    perFrame([&] { sink = responseMessage.serialize().size(); }),
                    perFrame([&] { sink = requestMessage.serialize().size(); }));
    }

    // The serialiser must agree with Qt byte for byte on these documents.
    for (const Case &c : cases) {
        if (Mcp::Json::serialize(QJsonValue(c.object)) != QJsonDocument(c.object).toJson(QJsonDocument::Compact)) {
            std::printf("MISMATCH: Mcp::Json::serialize differs from QJsonDocument on a %lld-byte case\n", qlonglong(c.size));
            return 1;
        }
    }
    return 0;
}
