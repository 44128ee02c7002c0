#include "diffcommand.h"
#include "clioutput.h"

#include "clioptions.h"
#include "clirunner.h"

#include "config/serverconfig.h"
#include "config/transportfactory.h"
#include "session/client.h"
#include "traffic/trafficcapture.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QProcess>
#include <QSet>
#include <QTimer>

#include <cstdio>
#include <functional>
#include <memory>

namespace Mcp::Cli {

static const QStringList &listKeys()
{
    static const QStringList keys{QStringLiteral("tools"), QStringLiteral("prompts"), QStringLiteral("resources"),
                                  QStringLiteral("resourceTemplates")};
    return keys;
}

static QSet<QString> stringSet(const QJsonValue &value)
{
    QSet<QString> set;
    for (const QJsonValue &item : value.toArray())
        set.insert(QString::fromUtf8(QJsonDocument(QJsonArray{item}).toJson(QJsonDocument::Compact)));
    if (value.isString())
        set.insert(QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)));
    return set;
}

QString breakingReason(const QString &kind, const ItemChange &change)
{
    if (change.kind == ItemChange::Kind::Removed)
        return tr("removed");
    if (change.kind == ItemChange::Kind::Added)
        return {};
    for (const FieldChange &field : change.fields) {
        const QStringList &path = field.path;
        if (kind == QLatin1String("tools") && !path.isEmpty() && path.first() == QLatin1String("inputSchema")) {
            const QString last = path.constLast();
            const QString where = path.mid(1).join(u'.');
            // inputSchema.properties.NAME removed: a client that sends it may now be refused.
            if (field.kind == FieldChange::Kind::Removed && path.size() == 3 && path.at(1) == QLatin1String("properties"))
                return tr("input property %1 removed").arg(path.at(2));
            if (last == QLatin1String("required")) {
                const QSet<QString> added = stringSet(field.after) - stringSet(field.before);
                if (!added.isEmpty())
                    return tr("new required argument at %1: %2").arg(where, QStringList(added.values()).join(QStringLiteral(", ")));
            }
            if (last == QLatin1String("type") && field.kind != FieldChange::Kind::Removed) {
                const QSet<QString> before = stringSet(field.before);
                if (field.kind == FieldChange::Kind::Added || !(before - stringSet(field.after)).isEmpty())
                    return tr("type narrowed at %1").arg(where);
            }
            if (last == QLatin1String("enum") && field.kind != FieldChange::Kind::Removed) {
                if (field.kind == FieldChange::Kind::Added || !(stringSet(field.before) - stringSet(field.after)).isEmpty())
                    return tr("allowed values narrowed at %1").arg(where);
            }
        }
        if (kind == QLatin1String("prompts") && !path.isEmpty() && path.first() == QLatin1String("arguments")) {
            // arguments.NAME.required became true, or a new argument is required from the start.
            if (path.constLast() == QLatin1String("required") && field.after.toBool() && !field.before.toBool())
                return tr("argument %1 is now required").arg(path.size() > 1 ? path.at(1) : QString());
            if (field.kind == FieldChange::Kind::Added && path.size() == 2
                && field.after.toObject().value(QStringLiteral("required")).toBool())
                return tr("new required argument %1").arg(path.at(1));
            if (field.kind == FieldChange::Kind::Removed && path.size() == 2)
                return tr("argument %1 removed").arg(path.at(1));
        }
    }
    return {};
}

SnapshotDiff diffSnapshots(const QJsonObject &before, const QJsonObject &after)
{
    SnapshotDiff result;
    for (const QString &key : listKeys()) {
        const QJsonArray a = before.value(key).toArray();
        const QJsonArray b = after.value(key).toArray();
        const ListDiff diff = key == QLatin1String("tools")       ? diffTools(a, b)
                            : key == QLatin1String("prompts")     ? diffPrompts(a, b)
                            : key == QLatin1String("resources")   ? diffResources(a, b)
                                                                  : diffResourceTemplates(a, b);
        for (const ItemChange &change : diff.items) {
            if (!breakingReason(key, change).isEmpty())
                ++result.breaking;
        }
        result.lists.append({key, diff});
    }
    return result;
}

static QString kindName(ItemChange::Kind kind)
{
    switch (kind) {
    case ItemChange::Kind::Added: return QStringLiteral("added");
    case ItemChange::Kind::Removed: return QStringLiteral("removed");
    case ItemChange::Kind::Changed: break;
    }
    return QStringLiteral("changed");
}

static QString fieldKindName(FieldChange::Kind kind)
{
    switch (kind) {
    case FieldChange::Kind::Added: return QStringLiteral("added");
    case FieldChange::Kind::Removed: return QStringLiteral("removed");
    case FieldChange::Kind::Changed: break;
    }
    return QStringLiteral("changed");
}

static QString compact(const QJsonValue &value)
{
    if (value.isUndefined())
        return QStringLiteral("-");
    return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

QJsonObject diffToJson(const SnapshotDiff &diff)
{
    QJsonObject out;
    for (const auto &[key, list] : diff.lists) {
        QJsonArray items;
        for (const ItemChange &change : list.items) {
            QJsonObject item{{QStringLiteral("change"), kindName(change.kind)}, {QStringLiteral("key"), change.key}};
            const QString reason = breakingReason(key, change);
            item.insert(QStringLiteral("breaking"), !reason.isEmpty());
            if (!reason.isEmpty())
                item.insert(QStringLiteral("reason"), reason);
            QJsonArray fields;
            for (const FieldChange &field : change.fields) {
                QJsonObject f{{QStringLiteral("change"), fieldKindName(field.kind)},
                              {QStringLiteral("path"), QJsonArray::fromStringList(field.path)}};
                if (!field.before.isUndefined())
                    f.insert(QStringLiteral("before"), field.before);
                if (!field.after.isUndefined())
                    f.insert(QStringLiteral("after"), field.after);
                fields.append(f);
            }
            if (!fields.isEmpty())
                item.insert(QStringLiteral("fields"), fields);
            items.append(item);
        }
        out.insert(key, items);
    }
    out.insert(QStringLiteral("breaking"), diff.breaking);
    return out;
}

QString diffToText(const SnapshotDiff &diff)
{
    QStringList lines;
    for (const auto &[key, list] : diff.lists) {
        for (const ItemChange &change : list.items) {
            const QString reason = breakingReason(key, change);
            const QChar mark = change.kind == ItemChange::Kind::Added ? u'+' : change.kind == ItemChange::Kind::Removed ? u'-' : u'~';
            lines << QStringLiteral("%1 %2 %3%4").arg(mark).arg(key, change.key,
                                                          reason.isEmpty() ? QString() : QStringLiteral("  BREAKING: ") + reason);
            for (const FieldChange &field : change.fields)
                lines << QStringLiteral("    %1 %2: %3 -> %4").arg(fieldKindName(field.kind), field.path.join(u'.'),
                                                                  compact(field.before), compact(field.after));
        }
    }
    if (lines.isEmpty())
        lines << tr("no differences");
    else
        lines << tr("breaking changes: %1").arg(diff.breaking);
    return lines.join(u'\n');
}

// The lists a capture (JSON Lines, TrafficCapture's format) holds: the answers to the client's
// tools/list, prompts/list, resources/list and resources/templates/list requests, pages joined;
// a listing asked for again from its first page replaces the earlier one (the last one wins).
static QJsonObject snapshotFromCapture(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("cannot read %1: %2").arg(path, file.errorString());
        return {};
    }
    static const QHash<QString, QString> keyOf{{QStringLiteral("tools/list"), QStringLiteral("tools")},
                                               {QStringLiteral("prompts/list"), QStringLiteral("prompts")},
                                               {QStringLiteral("resources/list"), QStringLiteral("resources")},
                                               {QStringLiteral("resources/templates/list"), QStringLiteral("resourceTemplates")}};
    QHash<QString, QString> pending; // "connection/id" -> items key
    QHash<QString, QJsonArray> lists;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine().trimmed();
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
        QJsonArray messages = frame.isArray() ? frame.array() : QJsonArray{frame.object()};
        for (const QJsonValue &value : std::as_const(messages)) {
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
        *error = tr("%1 holds no answered tools/list, prompts/list, resources/list or resources/templates/list").arg(path);
        return {};
    }
    QJsonObject snapshot;
    for (auto it = lists.cbegin(); it != lists.cend(); ++it)
        snapshot.insert(it.key(), it.value());
    return snapshot;
}

// One side: a snapshot file, or a live server whose four lists are fetched.
class SideLoader : public QObject
{
public:
    using Done = std::function<void(const QJsonObject &snapshot, const QString &error)>;

    SideLoader(const QString &spec, int timeoutMs, Done done) : m_spec(spec), m_timeoutMs(timeoutMs), m_done(std::move(done)) {}

    void start()
    {
        if (QFileInfo(m_spec).isFile() && m_spec.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
            QFile file(m_spec);
            if (!file.open(QIODevice::ReadOnly))
                return end({}, tr("cannot read %1: %2").arg(m_spec, file.errorString()));
            QJsonParseError error;
            const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &error);
            if (!document.isObject())
                return end({}, tr("%1 is not a JSON object: %2").arg(m_spec, error.errorString()));
            return end(document.object(), {});
        }
        if (QFileInfo(m_spec).isFile() && m_spec.endsWith(QLatin1String(".jsonl"), Qt::CaseInsensitive)) {
            QString error;
            const QJsonObject snapshot = snapshotFromCapture(m_spec, &error);
            return end(snapshot, error);
        }
        CliOptions options;
        const QStringList words = QProcess::splitCommand(m_spec);
        if (words.isEmpty())
            return end({}, tr("an empty server"));
        options.target = words.first();
        options.targetArguments = words.mid(1);
        ServerConfig config;
        QString error;
        if (!serverConfiguration(options, &config, &error))
            return end({}, error);
        const TransportFactory factory = transportFactoryFor(config, &error);
        if (!factory)
            return end({}, error);
        m_client = new Client(factory(), this);
        m_client->setInitializeTimeout(m_timeoutMs);
        m_client->setEraChoice(Modern::EraChoice{});
        connect(m_client, &Client::ready, this, &SideLoader::listNext);
        connect(m_client, &Client::stateChanged, this, [this](Client::State state) {
            if (state == Client::State::Failed)
                end({}, m_spec + QStringLiteral(": ") + m_client->errorString());
        });
        connect(m_client, &Client::disconnected, this, [this](const QString &reason) {
            end({}, tr("%1: the connection ended: %2").arg(m_spec, reason));
        });
        QTimer::singleShot(m_timeoutMs * 2, this, [this] { end({}, tr("%1: timed out").arg(m_spec)); });
        m_client->connectToServer();
    }

private:
    void listNext()
    {
        static const QList<std::tuple<QString, QString, QString>> lists{
            {QStringLiteral("tools"), QStringLiteral("tools/list"), QStringLiteral("tools")},
            {QStringLiteral("prompts"), QStringLiteral("prompts/list"), QStringLiteral("prompts")},
            {QStringLiteral("resources"), QStringLiteral("resources/list"), QStringLiteral("resources")},
            {QStringLiteral("resources"), QStringLiteral("resources/templates/list"), QStringLiteral("resourceTemplates")}};
        while (m_next < lists.size()) {
            const auto [capability, method, key] = lists.at(m_next++);
            if (!m_client->serverCapabilities().contains(capability))
                continue; // not offered: an empty list
            m_client->listAll(method, key, this, [this, key = key, method = method](const QJsonArray &items, const std::optional<RpcError> &error) {
                if (error)
                    return end({}, tr("%1: %2 failed: %3").arg(m_spec, method, error->message));
                m_snapshot.insert(key, items);
                listNext();
            });
            return;
        }
        end(m_snapshot, {});
    }

    void end(const QJsonObject &snapshot, const QString &error)
    {
        if (m_ended)
            return;
        m_ended = true;
        if (m_client) {
            m_client->disconnect(this);
            m_client->disconnectFromServer();
        }
        m_done(snapshot, error);
    }

    QString m_spec;
    int m_timeoutMs;
    Done m_done;
    Client *m_client = nullptr;
    QJsonObject m_snapshot;
    int m_next = 0;
    bool m_ended = false;
};

static const char DiffUsage[] =
    "Usage: mcpscope diff [--format text|json] [--connect-timeout MS] A B\n"
    "\n"
    "Compares the tools, prompts, resources and resource templates of A and B (schemas by\n"
    "meaning: property by property, required and enum as sets). A and B are each a server,\n"
    "a command line in one argument (\"node server.js\") or an http(s) URL, a snapshot file\n"
    "(*.json with \"tools\", \"prompts\", \"resources\", \"resourceTemplates\" arrays; what\n"
    "`mcpscope --cli SERVER --method tools/list` prints is one), or a capture (*.jsonl, from\n"
    "--capture or the window): the listings it answered.\n"
    "\n"
    "Breaking: an item removed; a tool input property removed, its type or enum narrowed, or a\n"
    "new required argument; a prompt argument removed or newly required.\n"
    "\n"
    "Exit codes: 0 no breaking change, 1 breaking changes, 2 usage, 3 a side could not be read.\n";

int runDiff(const QStringList &arguments)
{
    QStringList sides;
    bool json = false;
    int timeoutMs = 30000;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString arg = arguments.at(i);
        if (arg == QLatin1String("-h") || arg == QLatin1String("--help")) {
            std::fputs(DiffUsage, stdout);
            return ExitOk;
        }
        if (arg == QLatin1String("--format") || arg == QLatin1String("--connect-timeout")) {
            if (i + 1 >= arguments.size()) {
                writeLine(stderr, tr("mcpscope diff: %1 needs a value").arg(arg));
                return ExitUsage;
            }
            const QString value = arguments.at(++i);
            if (arg == QLatin1String("--format")) {
                if (value != QLatin1String("text") && value != QLatin1String("json")) {
                    writeLine(stderr, tr("mcpscope diff: --format must be text or json"));
                    return ExitUsage;
                }
                json = value == QLatin1String("json");
            } else {
                bool ok = false;
                timeoutMs = value.toInt(&ok);
                if (!ok || timeoutMs <= 0) {
                    writeLine(stderr, tr("mcpscope diff: --connect-timeout expects milliseconds"));
                    return ExitUsage;
                }
            }
            continue;
        }
        if (arg.startsWith(QLatin1String("--"))) {
            writeLine(stderr, tr("mcpscope diff: unknown option %1 (mcpscope diff --help)").arg(arg));
            return ExitUsage;
        }
        sides << arg;
    }
    if (sides.size() != 2) {
        writeLine(stderr, tr("mcpscope diff: give two servers or snapshots, A and B (mcpscope diff --help)"));
        return ExitUsage;
    }
    QLoggingCategory::setFilterRules(QStringLiteral("mcp.*.debug=false\nmcp.*.info=false\nmcp.*.warning=false"));
    QJsonObject snapshots[2];
    QString errors[2];
    int pending = 2;
    std::unique_ptr<SideLoader> loaders[2];
    for (int side = 0; side < 2; ++side) {
        loaders[side] = std::make_unique<SideLoader>(sides.at(side), timeoutMs, [&, side](const QJsonObject &s, const QString &e) {
            snapshots[side] = s;
            errors[side] = e;
            if (--pending == 0)
                QTimer::singleShot(500, qApp, [] { QCoreApplication::exit(0); }); // let the servers stop
        });
        QTimer::singleShot(0, loaders[side].get(), [&loaders, side] { loaders[side]->start(); });
    }
    QCoreApplication::exec();
    for (const QString &error : errors) {
        if (!error.isEmpty()) {
            writeLine(stderr, QStringLiteral("mcpscope diff: ") + error);
            return ExitConnectFailed;
        }
    }
    const SnapshotDiff diff = diffSnapshots(snapshots[0], snapshots[1]);
    if (json)
        writeLine(stdout, QString::fromUtf8(QJsonDocument(diffToJson(diff)).toJson(QJsonDocument::Indented)));
    else
        writeLine(stdout, diffToText(diff));
    return diff.breaking > 0 ? 1 : 0;
}

} // namespace Mcp::Cli
