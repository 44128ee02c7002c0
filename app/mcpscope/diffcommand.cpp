#include "diffcommand.h"
#include "clioutput.h"

#include "clioptions.h"
#include "clirunner.h"

#include "collections/snapshotfile.h"
#include "config/serverconfig.h"
#include "config/transportfactory.h"
#include "session/client.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QTimer>

#include <cstdio>
#include <functional>
#include <memory>

namespace Mcp::Cli {

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

QString diffToText(const SnapshotDiff &diff)
{
    QStringList lines;
    for (const auto &[key, list] : diff.lists) {
        for (const ItemChange &change : list.items) {
            const QString reason = SnapshotDiff::breakingReason(key, change);
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

// One side: a snapshot file, or a live server whose four lists are fetched.
class SideLoader : public QObject
{
public:
    using Done = std::function<void(const QJsonObject &snapshot, const QString &error)>;

    SideLoader(const QString &spec, int timeoutMs, Done done) : m_spec(spec), m_timeoutMs(timeoutMs), m_done(std::move(done)) {}

    void start()
    {
        if (SnapshotFile::isReadable(m_spec)) {
            QString error;
            const QJsonObject snapshot = SnapshotFile::read(m_spec, &error);
            return end(snapshot, error);
        }
        CliOptions options;
        QString splitError;
        const std::optional<QStringList> words = splitCommandLine(m_spec, &splitError);
        if (!words)
            return end({}, QStringLiteral("%1: %2").arg(m_spec, splitError));
        if (words->isEmpty())
            return end({}, tr("an empty server"));
        options.target = words->first();
        options.targetArguments = words->mid(1);
        ServerConfig config;
        QString error;
        if (!serverConfiguration(options, &config, &error))
            return end({}, error);
        const TransportFactory factory = transportFactoryFor(config, &error);
        if (!factory)
            return end({}, error);
        m_client = new Client(factory(), this);
        ClientOptions clientOptions;
        clientOptions.connectTimeoutMs = m_timeoutMs;
        m_client->setOptions(clientOptions); // Auto: each side in the era it speaks
        connect(m_client, &Client::ready, this, &SideLoader::listOffered);
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
    void listOffered()
    {
        m_client->listSnapshot(this, Client::ListOptions::fromServer(), [this](const QJsonObject &snapshot, const QString &error) {
            if (!error.isEmpty())
                return end({}, m_spec + QStringLiteral(": ") + error);
            end(snapshot, {});
        });
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
            writeCommandError("diff", error);
            return ExitConnectFailed;
        }
    }
    const SnapshotDiff diff = SnapshotDiff::compare(snapshots[0], snapshots[1]);
    if (json)
        writeLine(stdout, QString::fromUtf8(QJsonDocument(diff.toJson()).toJson(QJsonDocument::Indented)));
    else
        writeLine(stdout, diffToText(diff));
    return diff.breaking > 0 ? 1 : 0;
}

} // namespace Mcp::Cli
