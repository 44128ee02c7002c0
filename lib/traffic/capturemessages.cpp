#include "capturemessages.h"

#include "trafficcapture.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QList>

namespace Mcp {

// A frame may be one message or a batch.
static void addFrame(CapturedMessages *result, int connectionId, bool outgoing, const QByteArray &bytes, qint64 atMs = -1)
{
    const QJsonDocument frame = QJsonDocument::fromJson(bytes);
    const QJsonArray messages = frame.isArray() ? frame.array() : QJsonArray{frame.object()};
    for (const QJsonValue &value : messages) {
        const QJsonObject message = value.toObject();
        if (message.value(QLatin1String("jsonrpc")).isString())
            result->messages.append({connectionId, outgoing, message, atMs});
    }
}

CapturedMessages CapturedMessages::readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        CapturedMessages result;
        result.error = tr("cannot read %1: %2").arg(path, file.errorString());
        return result;
    }
    const QByteArray text = file.readAll();
    CapturedMessages result = text.trimmed().startsWith('{') && QJsonDocument::fromJson(text).object().contains(QLatin1String("log"))
        ? fromHar(text)
        : fromJsonLines(text);
    if (!result.error.isEmpty())
        result.error = path + QStringLiteral(": ") + result.error;
    return result;
}

CapturedMessages CapturedMessages::fromJsonLines(const QByteArray &text)
{
    CapturedMessages result;
    bool header = true;
    qsizetype lineNumber = 0;
    for (const QByteArray &rawLine : text.split('\n')) {
        ++lineNumber;
        // Lines as TrafficCapture::readJsonLines takes them: only the line break is not JSON.
        QByteArray line = rawLine;
        while (line.endsWith('\r'))
            line.chop(1);
        if (line.trimmed().isEmpty())
            continue;
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
        if (header) {
            // The window's reader decides what a capture is (a header of a version it reads).
            TrafficCapture::ImportResult read;
            if (!TrafficCapture::readHeader(document, parseError, lineNumber, &read)) {
                result.error = document.object().value(QLatin1String("format")).toString() == QLatin1String("mcpscope-capture")
                    ? read.error
                    : tr("%1, nor a HAR file").arg(read.error);
                return result;
            }
            result.connectionNames = read.connectionNames;
            header = false;
            continue;
        }
        const QJsonObject object = document.object();
        TrafficEvent event;
        QString reason;
        // Only the wire: local notes and MCP Apps view traffic are not the server's messages.
        if (!TrafficCapture::eventFromJson(object, &event, &reason) || event.kind != TrafficEvent::Kind::Message
            || (event.direction != TrafficEvent::Direction::Outgoing && event.direction != TrafficEvent::Direction::Incoming))
            continue;
        addFrame(&result, event.connectionId, event.direction == TrafficEvent::Direction::Outgoing, event.raw,
                 event.monotonicNs > 0 ? event.monotonicNs / 1000000 : -1);
    }
    if (header)
        result.error = tr("the file is empty");
    return result;
}

// The data of each event of a text/event-stream body.
static QList<QByteArray> sseData(const QByteArray &body)
{
    QList<QByteArray> events;
    QByteArray data;
    bool hasData = false;
    QByteArray normalized = body;
    normalized.replace("\r\n", "\n").replace('\r', '\n');
    for (const QByteArray &line : normalized.split('\n')) {
        if (line.isEmpty()) {
            if (hasData)
                events.append(data);
            data.clear();
            hasData = false;
        } else if (line.startsWith("data:")) {
            QByteArray value = line.mid(5);
            if (value.startsWith(' '))
                value.remove(0, 1);
            if (hasData)
                data += '\n';
            data += value;
            hasData = true;
        }
    }
    if (hasData)
        events.append(data);
    return events;
}

static QByteArray harText(const QJsonObject &object)
{
    const QString text = object.value(QLatin1String("text")).toString();
    if (object.value(QLatin1String("encoding")).toString() == QLatin1String("base64"))
        return QByteArray::fromBase64(text.toLatin1());
    return text.toUtf8();
}

CapturedMessages CapturedMessages::fromHar(const QByteArray &text)
{
    CapturedMessages result;
    QJsonParseError parseError;
    const QJsonObject log = QJsonDocument::fromJson(text, &parseError).object().value(QLatin1String("log")).toObject();
    if (parseError.error != QJsonParseError::NoError || !log.contains(QLatin1String("entries"))) {
        result.error = tr("not a HAR file (%1)").arg(parseError.error != QJsonParseError::NoError ? parseError.errorString()
                                                                                                  : tr("no log.entries"));
        return result;
    }
    for (const QJsonValue &value : log.value(QLatin1String("entries")).toArray()) {
        const QJsonObject entry = value.toObject();
        const QJsonObject request = entry.value(QLatin1String("request")).toObject();
        const QJsonObject response = entry.value(QLatin1String("response")).toObject();
        // A WebSocket's frames, as browsers and MCP Scope write them on the upgrade's entry; text
        // frames only (opcode 1): MCP messages are never binary.
        const QJsonArray frames = entry.value(QLatin1String("_webSocketMessages")).toArray();
        for (const QJsonValue &frame : frames) {
            const QJsonObject object = frame.toObject();
            if (object.value(QLatin1String("opcode")).toInt() != 1)
                continue;
            addFrame(&result, 1, object.value(QLatin1String("type")).toString() == QLatin1String("send"),
                     object.value(QLatin1String("data")).toString().toUtf8());
        }
        if (request.contains(QLatin1String("postData")))
            addFrame(&result, 1, true, harText(request.value(QLatin1String("postData")).toObject()));
        const QJsonObject content = response.value(QLatin1String("content")).toObject();
        if (!content.contains(QLatin1String("text")))
            continue;
        const QByteArray body = harText(content);
        if (content.value(QLatin1String("mimeType")).toString().contains(QLatin1String("text/event-stream"))) {
            for (const QByteArray &data : sseData(body))
                addFrame(&result, 1, false, data);
        } else {
            addFrame(&result, 1, false, body);
        }
    }
    return result;
}

} // namespace Mcp
