// Reads arbitrary bytes as an MCP Scope capture (JSON Lines; what File > Open and
// `mcpscope diff` load). Every imported event must be written back and read again unchanged,
// and HAR export and redaction must cope with whatever an imported event holds.

#include "capturefuzzing.h"
#include "traffic/trafficcapture.h"
#include "traffic/trafficlog.h"

#include <QBuffer>
#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

using namespace Mcp;

namespace {

const QString kSecret = QStringLiteral("s3cr3t-v4lue");

QList<TrafficEvent> eventsOf(const TrafficLog &log)
{
    QList<TrafficEvent> events;
    for (int row = 0; row < log.rowCount(); ++row)
        events.append(log.event(row));
    return events;
}

} // namespace

FUZZ_INITIALIZE(Mcp::Fuzz::startApplication())

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QByteArray bytes = Mcp::Fuzz::bytes(data, size).toByteArray();
    QBuffer input(&bytes);
    FUZZ_CHECK(input.open(QIODevice::ReadOnly));
    TrafficLog log;
    const TrafficCapture::ImportResult result = TrafficCapture::readJsonLines(&input, &log);
    if (!result.ok) {
        FUZZ_CHECK(!result.error.isEmpty());
        FUZZ_CHECK(log.rowCount() == 0);
        return 0;
    }
    FUZZ_CHECK(log.rowCount() == result.imported);
    const QList<TrafficEvent> events = eventsOf(log);

    // Written back (nothing redacted) and read again: the same events.
    QByteArray written = Fuzz::jsonLines(events, result.connectionNames);
    QBuffer output(&written);
    FUZZ_CHECK(output.open(QIODevice::ReadOnly));
    TrafficLog again;
    const TrafficCapture::ImportResult second = TrafficCapture::readJsonLines(&output, &again);
    FUZZ_CHECK(second.ok && second.issues.isEmpty());
    FUZZ_CHECK(second.imported == result.imported);
    FUZZ_CHECK(second.connectionNames == result.connectionNames);
    for (int row = 0; row < again.rowCount(); ++row)
        FUZZ_CHECK(TrafficCapture::eventToJson(again.event(row)) == TrafficCapture::eventToJson(events.at(row)));

    // Redaction hides a caller-supplied secret wherever the event carried it as text.
    TrafficCapture::ExportOptions redact;
    redact.secretValues = {kSecret};
    for (const TrafficEvent &event : events) {
        const TrafficEvent hidden = TrafficCapture::redacted(event, redact);
        FUZZ_CHECK(!hidden.raw.contains(kSecret.toUtf8()));
        FUZZ_CHECK(!hidden.note.contains(kSecret));
        FUZZ_CHECK(!hidden.url.contains(kSecret));
    }

    // HAR of whatever HTTP exchanges the capture holds, both ways.
    (void)QJsonDocument(TrafficCapture::har(events, result.connectionNames, Fuzz::keepSecrets())).toJson();
    (void)QJsonDocument(TrafficCapture::har(events, result.connectionNames, redact)).toJson();
    return 0;
}
