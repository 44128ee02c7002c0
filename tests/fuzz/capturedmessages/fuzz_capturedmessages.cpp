// Reads arbitrary bytes as a capture that `mcpscope replay` replays: CapturedMessages, the
// JSON-RPC messages of a JSON Lines capture (first byte even) or of a HAR file (odd).
// Invariants: a file that cannot be read yields no messages; every message is a JSON-RPC
// object; their count is bounded by the input's size; a JSON Lines capture reads as the
// window's reader (TrafficCapture::readJsonLines) reads it; and the messages, written back as
// a JSON Lines capture and as HAR by TrafficCapture, read again to the same.

#include "capturefuzzing.h"
#include "traffic/capturemessages.h"
#include "traffic/trafficcapture.h"
#include "traffic/trafficlog.h"

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

using namespace Mcp;

namespace {

// The smallest message a frame can hold: {"jsonrpc":""}.
constexpr qsizetype kSmallestMessage = 14;

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

// A message as it reads after one trip through Qt's JSON writer (which spells some values,
// such as lone surrogates, its own way): what a second trip must keep.
QJsonObject written(const QJsonObject &object)
{
    return QJsonDocument::fromJson(compact(object)).object();
}

bool sameMessages(const QList<CapturedMessage> &expected, const QList<CapturedMessage> &actual, bool compareConnections)
{
    if (expected.size() != actual.size())
        return false;
    for (qsizetype i = 0; i < expected.size(); ++i) {
        const CapturedMessage &a = expected.at(i);
        const CapturedMessage &b = actual.at(i);
        if (a.outgoing != b.outgoing || written(a.message) != b.message
            || (compareConnections && a.connectionId != b.connectionId))
            return false;
    }
    return true;
}

// The messages of a log as CapturedMessages takes them from a capture's events.
QList<CapturedMessage> messagesOf(const TrafficLog &log)
{
    QList<CapturedMessage> result;
    for (int row = 0; row < log.rowCount(); ++row) {
        const TrafficEvent event = log.event(row);
        if (event.kind != TrafficEvent::Kind::Message || event.direction == TrafficEvent::Direction::Local)
            continue;
        const QJsonDocument frame = QJsonDocument::fromJson(event.raw);
        const QJsonArray messages = frame.isArray() ? frame.array() : QJsonArray{frame.object()};
        for (const QJsonValue &value : messages) {
            if (value.toObject().value(QLatin1String("jsonrpc")).isString())
                result.append({event.connectionId, event.direction == TrafficEvent::Direction::Outgoing, value.toObject()});
        }
    }
    return result;
}

// The window's reader of the same file agrees on whether it is a capture and what it holds.
void compareWithTrafficCapture(const QByteArray &text, const CapturedMessages &captured)
{
    QByteArray bytes = text;
    QBuffer input(&bytes);
    FUZZ_CHECK(input.open(QIODevice::ReadOnly));
    TrafficLog log;
    const TrafficCapture::ImportResult imported = TrafficCapture::readJsonLines(&input, &log);
    FUZZ_CHECK(imported.ok == captured.error.isEmpty());
    if (!imported.ok)
        return;
    FUZZ_CHECK(imported.connectionNames == captured.connectionNames);
    FUZZ_CHECK(sameMessages(messagesOf(log), captured.messages, true));
}

// Written back as the CLI and the window save a capture, read again: the same messages.
void jsonLinesRoundTrip(const CapturedMessages &captured)
{
    QList<TrafficEvent> events;
    for (const CapturedMessage &m : captured.messages) {
        TrafficEvent event;
        event.kind = TrafficEvent::Kind::Message;
        event.direction = m.outgoing ? TrafficEvent::Direction::Outgoing : TrafficEvent::Direction::Incoming;
        event.connectionId = m.connectionId;
        event.raw = compact(m.message);
        events.append(event);
    }
    const CapturedMessages again = CapturedMessages::fromJsonLines(Fuzz::jsonLines(events, captured.connectionNames));
    FUZZ_CHECK(again.error.isEmpty());
    FUZZ_CHECK(sameMessages(captured.messages, again.messages, true));
    QHash<int, QString> names;
    for (auto it = captured.connectionNames.cbegin(); it != captured.connectionNames.cend(); ++it)
        names.insert(it.key(), written(QJsonObject{{QStringLiteral("name"), it.value()}}).value(QLatin1String("name")).toString());
    FUZZ_CHECK(again.connectionNames == names);
}

// As HTTP exchanges in a HAR file: each client message a POST, the server's messages after it
// its answer (one as a JSON body, more as an event stream), and read again: the same messages.
void harRoundTrip(const CapturedMessages &captured)
{
    QList<TrafficEvent> events;
    quint64 exchange = 0;
    qsizetype i = 0;
    const qsizetype n = captured.messages.size();
    while (i < n) {
        ++exchange;
        TrafficEvent request;
        request.kind = TrafficEvent::Kind::HttpRequest;
        request.direction = TrafficEvent::Direction::Outgoing;
        request.connectionId = 1;
        request.exchangeId = exchange;
        request.url = QStringLiteral("http://127.0.0.1/mcp");
        if (captured.messages.at(i).outgoing) {
            request.kind = TrafficEvent::Kind::Message;
            request.httpMethod = "POST";
            request.raw = compact(captured.messages.at(i++).message);
        } else {
            request.httpMethod = "GET"; // the server's own stream
        }
        events.append(request);
        qsizetype answers = 0;
        while (i + answers < n && !captured.messages.at(i + answers).outgoing)
            ++answers;
        if (answers == 0)
            continue;
        TrafficEvent response;
        response.direction = TrafficEvent::Direction::Incoming;
        response.connectionId = 1;
        response.exchangeId = exchange;
        response.httpStatus = 200;
        if (answers == 1) {
            response.kind = TrafficEvent::Kind::Message;
            response.headers = {{"Content-Type", "application/json"}};
            response.raw = compact(captured.messages.at(i++).message);
            events.append(response);
            continue;
        }
        response.kind = TrafficEvent::Kind::HttpResponse;
        response.headers = {{"Content-Type", "text/event-stream"}};
        events.append(response);
        for (qsizetype k = 0; k < answers; ++k) {
            TrafficEvent frame;
            frame.kind = TrafficEvent::Kind::Message;
            frame.direction = TrafficEvent::Direction::Incoming;
            frame.connectionId = 1;
            frame.exchangeId = exchange;
            frame.sseEventId = QByteArray::number(k);
            frame.raw = compact(captured.messages.at(i++).message);
            events.append(frame);
        }
    }
    const QByteArray har = QJsonDocument(TrafficCapture::har(events, {{1, QStringLiteral("http")}}, Fuzz::keepSecrets())).toJson();
    const CapturedMessages again = CapturedMessages::fromHar(har);
    FUZZ_CHECK(again.error.isEmpty());
    FUZZ_CHECK(sameMessages(captured.messages, again.messages, false));
    for (const CapturedMessage &m : again.messages)
        FUZZ_CHECK(m.connectionId == 1);
}

} // namespace

FUZZ_INITIALIZE(Mcp::Fuzz::startApplication())

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const bool har = data[0] % 2;
    const QByteArray text = Mcp::Fuzz::bytes(data, size, 1).toByteArray();
    const CapturedMessages captured = har ? CapturedMessages::fromHar(text) : CapturedMessages::fromJsonLines(text);
    if (!har)
        compareWithTrafficCapture(text, captured);
    if (!captured.error.isEmpty()) {
        FUZZ_CHECK(captured.messages.isEmpty());
        return 0;
    }
    FUZZ_CHECK(captured.messages.size() * kSmallestMessage <= text.size());
    for (const CapturedMessage &m : captured.messages)
        FUZZ_CHECK(m.message.value(QLatin1String("jsonrpc")).isString());
    if (har) {
        FUZZ_CHECK(captured.connectionNames.isEmpty());
        for (const CapturedMessage &m : captured.messages)
            FUZZ_CHECK(m.connectionId == 1);
    }
    jsonLinesRoundTrip(captured);
    harRoundTrip(captured);
    return 0;
}
