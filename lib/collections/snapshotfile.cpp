#include "snapshotfile.h"

#include "protocol/snapshotdiff.h"
#include "traffic/trafficcapture.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace Mcp {

namespace {
bool isCapturePath(const QString &path)
{
    return path.endsWith(QLatin1String(".jsonl"), Qt::CaseInsensitive) || path.endsWith(QLatin1String(".ndjson"), Qt::CaseInsensitive);
}
} // namespace

bool SnapshotFile::isReadable(const QString &path)
{
    return QFileInfo(path).isFile() && (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) || isCapturePath(path));
}

QJsonObject SnapshotFile::read(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("cannot read %1: %2").arg(path, file.errorString());
        return {};
    }
    const QByteArray bytes = file.readAll();
    if (isCapturePath(path)) {
        const QJsonObject snapshot = fromCapture(bytes, error);
        if (!error->isEmpty())
            *error = path + QStringLiteral(" ") + *error;
        return snapshot;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (!document.isObject()) {
        *error = tr("%1 is not a JSON object: %2").arg(path, parseError.errorString());
        return {};
    }
    error->clear();
    return document.object();
}

QJsonObject SnapshotFile::fromCapture(const QByteArray &jsonLines, QString *error)
{
    error->clear();
    static const QHash<QString, QString> keyOf{{QStringLiteral("tools/list"), QStringLiteral("tools")},
                                               {QStringLiteral("prompts/list"), QStringLiteral("prompts")},
                                               {QStringLiteral("resources/list"), QStringLiteral("resources")},
                                               {QStringLiteral("resources/templates/list"), QStringLiteral("resourceTemplates")}};
    QHash<QString, QString> pending; // "connection/id" -> items key
    QHash<QString, QJsonArray> lists;
    for (const QByteArray &rawLine : jsonLines.split('\n')) {
        const QByteArray line = rawLine.trimmed();
        if (line.isEmpty())
            continue;
        const QJsonObject object = QJsonDocument::fromJson(line).object();
        TrafficEvent event;
        QString reason;
        if (!TrafficCapture::eventFromJson(object, &event, &reason))
            continue; // the header line, or one that is not an event
        if (event.kind != TrafficEvent::Kind::Message)
            continue;
        const QJsonDocument frame = QJsonDocument::fromJson(event.raw);
        const QJsonArray messages = frame.isArray() ? frame.array() : QJsonArray{frame.object()};
        for (const QJsonValue &value : messages) {
            const QJsonObject message = value.toObject();
            const QString id = QString::number(event.connectionId) + u'/'
                + QString::fromUtf8(QJsonDocument(QJsonArray{message.value(QStringLiteral("id"))}).toJson(QJsonDocument::Compact));
            if (event.direction == TrafficEvent::Direction::Outgoing && keyOf.contains(message.value(QStringLiteral("method")).toString())) {
                const QString key = keyOf.value(message.value(QStringLiteral("method")).toString());
                pending.insert(id, key);
                if (!message.value(QStringLiteral("params")).toObject().contains(QStringLiteral("cursor")))
                    lists[key] = QJsonArray(); // a fresh listing
            } else if (event.direction == TrafficEvent::Direction::Incoming && pending.contains(id)
                       && message.contains(QStringLiteral("result"))) {
                const QString key = pending.take(id);
                for (const QJsonValue &item : message.value(QStringLiteral("result")).toObject().value(key).toArray())
                    lists[key].append(item);
            }
        }
    }
    if (lists.isEmpty()) {
        *error = tr("holds no answered tools/list, prompts/list, resources/list or resources/templates/list");
        return {};
    }
    QJsonObject snapshot;
    for (auto it = lists.cbegin(); it != lists.cend(); ++it)
        snapshot.insert(it.key(), it.value());
    return snapshot;
}

QByteArray SnapshotFile::toBytes(const QJsonObject &snapshot, const QString &serverName)
{
    QJsonObject out{{QStringLiteral("format"), QStringLiteral("mcpscope-snapshot")},
                    {QStringLiteral("version"), Version},
                    {QStringLiteral("savedAt"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)}};
    if (!serverName.isEmpty())
        out.insert(QStringLiteral("server"), serverName);
    for (const QString &key : SnapshotDiff::listKeys())
        out.insert(key, snapshot.value(key).toArray());
    return QJsonDocument(out).toJson(QJsonDocument::Indented);
}

bool SnapshotFile::write(const QString &path, const QJsonObject &snapshot, const QString &serverName, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(toBytes(snapshot, serverName)) < 0 || !file.commit()) {
        *error = tr("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace Mcp
