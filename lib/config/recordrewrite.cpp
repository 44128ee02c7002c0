#include "recordrewrite.h"

#include "mcpjson.h"
#include "hostconfigs.h"
#include "hostfiles_p.h"
#include "jsonscanner_p.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <QSaveFile>

#include <algorithm>

namespace Mcp {

using ConfigDetail::JsonScanner;
using ConfigDetail::Member;
using ConfigDetail::find;

namespace {

// Says why in *error, when asked, and gives no value: how every step here fails.
std::nullopt_t failWith(QString *error, const QString &why)
{
    if (error)
        *error = why;
    return std::nullopt;
}

// The whole file; nullopt with *error set to `failure` (with %1 the path, %2 why) when it cannot be read.
std::optional<QByteArray> readWhole(const QString &path, const QString &failure, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return failWith(error, failure.arg(path, file.errorString()));
    return file.readAll();
}

using HostFiles::LocatedEntry;
using HostFiles::ValueSpan;
using HostFiles::quoted;

// A value's replacement text: a blank first when it follows a YAML key's ':' directly.
QByteArray spliced(const ValueSpan &span, const QByteArray &value)
{
    return span.afterColon ? ' ' + value : value;
}

// The entry's command and args values replaced (an args member added after the command when
// there is none); every other byte as it was. The values are JSON literals, which TOML and
// YAML read the same.
QByteArray replaceCommand(const QByteArray &text, const LocatedEntry &located, const QString &program,
                          const QStringList &arguments)
{
    struct Edit
    {
        qsizetype start;
        qsizetype end;
        QByteArray text;
    };
    const QByteArray argsText = HostFiles::quotedList(arguments);
    QList<Edit> edits{{located.command->start, located.command->end, spliced(*located.command, quoted(program))}};
    if (located.args)
        edits.append({located.args->start, located.args->end, spliced(*located.args, argsText)});
    else
        edits.append({located.argsInsertAt, located.argsInsertAt, located.argsInsertPrefix + argsText});
    // From the back, so that earlier offsets stay right.
    std::sort(edits.begin(), edits.end(), [](const Edit &a, const Edit &b) { return a.start > b.start; });
    QByteArray out = text;
    for (const Edit &edit : std::as_const(edits))
        out.replace(edit.start, edit.end - edit.start, edit.text);
    return out;
}

} // namespace

namespace {

QJsonValue valueAt(const QByteArray &stripped, const Member &member)
{
    return QJsonDocument::fromJson("[" + stripped.mid(member.valueStart, member.valueEnd - member.valueStart) + "]")
        .array()
        .first();
}

ValueSpan spanOf(const QByteArray &stripped, const Member &member)
{
    return ValueSpan{member.valueStart, member.valueEnd, valueAt(stripped, member), false};
}

// A JSON host file's entry (JSONC included: offsets are the original file's, comments blanked).
std::optional<LocatedEntry> locateJson(const QByteArray &text, const QString &serverName, QString *error)
{
    const QByteArray stripped = McpJson::stripComments(text);
    if (stripped.size() != text.size())
        return failWith(error, RecordRewrite::tr("the file cannot be rewritten in place"));
    JsonScanner scanner(stripped);
    const auto root = scanner.members(0);
    if (!root)
        return failWith(error, RecordRewrite::tr("the file is not a JSON object"));
    // The map of servers, in each dialect's place.
    std::optional<QList<Member>> servers;
    for (const QByteArrayView key : {QByteArrayView("mcpServers"), QByteArrayView("servers"), QByteArrayView("context_servers")}) {
        if (const Member *m = find(*root, key)) {
            servers = scanner.members(m->valueStart);
            break;
        }
    }
    if (!servers) {
        if (const Member *mcp = find(*root, "mcp")) { // VS Code settings.json
            if (const auto inner = scanner.members(mcp->valueStart)) {
                if (const Member *m = find(*inner, "servers"))
                    servers = scanner.members(m->valueStart);
            }
        }
    }
    if (!servers)
        return failWith(error, RecordRewrite::tr("no \"mcpServers\" or \"servers\" in the file"));
    const Member *entryMember = find(*servers, serverName.toUtf8());
    if (!entryMember)
        return failWith(error, RecordRewrite::tr("there is no server \"%1\" in the file").arg(serverName));
    const auto entry = scanner.members(entryMember->valueStart);
    if (!entry)
        return failWith(error, RecordRewrite::tr("the entry \"%1\" is not an object").arg(serverName));
    LocatedEntry located;
    // Zed's older form keeps the command line in an object: {"path", "args", "env"}.
    const Member *command = find(*entry, "command");
    const auto nested = command ? scanner.members(command->valueStart) : std::nullopt;
    const QList<Member> &commandMembers = nested ? *nested : *entry;
    if (const Member *program = nested ? find(*nested, "path") : command)
        located.command = spanOf(stripped, *program);
    if (const Member *args = find(commandMembers, "args"))
        located.args = spanOf(stripped, *args);
    for (const QByteArrayView key : {QByteArrayView("url"), QByteArrayView("serverUrl"), QByteArrayView("httpUrl")}) {
        if (const Member *url = find(*entry, key)) {
            located.url = spanOf(stripped, *url);
            break;
        }
    }
    if (located.command) {
        located.argsInsertAt = located.command->end;
        located.argsInsertPrefix = ", \"args\": ";
    }
    return located;
}

// The entry in a file of any host's format, told from the text.
std::optional<LocatedEntry> locate(const QByteArray &text, const QString &serverName, QString *error)
{
    QString why;
    std::optional<LocatedEntry> located;
    switch (HostFiles::formatOf(QString(), text)) {
    case HostFiles::Format::Toml: located = HostFiles::locateCodex(text, serverName, &why); break;
    case HostFiles::Format::Yaml: located = HostFiles::locateYaml(text, serverName, &why); break;
    case HostFiles::Format::Json: return locateJson(text, serverName, error);
    }
    if (!located)
        return failWith(error, why);
    return located;
}

// A stdio entry's command line, checked (a string command, a list of args), and whether it
// already runs through this recorder: what entry(), wrap() and unwrap() all start from.
std::optional<RecordRewrite::Entry> commandLineOf(const LocatedEntry &located, const QString &serverName,
                                                  const QString &recorderProgram, QString *error)
{
    const QJsonValue command = located.command->value;
    if (!command.isString())
        return failWith(error, RecordRewrite::tr("the command of \"%1\" is not a string").arg(serverName));
    RecordRewrite::Entry entry;
    entry.command = command.toString();
    if (located.args) {
        const QJsonValue args = located.args->value;
        if (!args.isArray())
            return failWith(error, RecordRewrite::tr("the args of \"%1\" are not a list").arg(serverName));
        for (const QJsonValue &a : args.toArray())
            entry.args.append(a.isString() ? a.toString() : a.toVariant().toString());
    }
    entry.recorded = entry.command == recorderProgram && entry.args.value(0) == QLatin1String("record");
    return entry;
}

} // namespace

std::optional<RecordRewrite::Entry> RecordRewrite::entry(const QByteArray &text, const QString &serverName,
                                                         const QString &recorderProgram, QString *error)
{
    const auto located = locate(text, serverName, error);
    if (!located)
        return std::nullopt;
    if (located->command)
        return commandLineOf(*located, serverName, recorderProgram, error);
    Entry entry;
    if (located->url) {
        entry.url = QUrl(located->url->value.toString());
        return entry;
    }
    return failWith(error, tr("\"%1\" has neither a \"command\" nor a \"url\"").arg(serverName));
}

namespace {

// A rewrite of the entry that still reads as the same file, or nullopt and why: a layout the
// splice misjudged never reaches the host.
std::optional<QByteArray> checked(std::optional<QByteArray> rewritten, const QString &serverName, QString *error)
{
    if (rewritten && !HostConfig::readsBack(*rewritten, QString(), serverName))
        return failWith(error, RecordRewrite::tr("the file is laid out in a way MCP Scope cannot rewrite safely; it was left as it was"));
    return rewritten;
}

} // namespace

std::optional<QByteArray> RecordRewrite::wrap(const QByteArray &text, const QString &serverName,
                                              const Recorder &recorder, QString *error)
{
    return checked(wrapUnchecked(text, serverName, recorder, error), serverName, error);
}

std::optional<QByteArray> RecordRewrite::unwrap(const QByteArray &text, const QString &serverName,
                                                const QByteArray &backup, const QString &recorderProgram,
                                                QString *error)
{
    return checked(unwrapUnchecked(text, serverName, backup, recorderProgram, error), serverName, error);
}

std::optional<QByteArray> RecordRewrite::wrapUnchecked(const QByteArray &text, const QString &serverName,
                                                       const Recorder &recorder, QString *error)
{
    const auto located = locate(text, serverName, error);
    if (!located)
        return std::nullopt;
    if (!located->command && located->url) {
        // An HTTP server: the host is pointed at the recording proxy, same path and query.
        if (!recorder.httpProxy.isValid())
            return failWith(error, tr("\"%1\" is an HTTP server: it is recorded through mcpscope record --http").arg(serverName));
        const QJsonValue urlValue = located->url->value;
        const QUrl original(urlValue.toString());
        if (urlValue.toString().contains(QLatin1String("${")))
            return failWith(error, tr("the url of \"%1\" uses variables the host fills in; run mcpscope record --http "
                                      "with the address they make")
                                       .arg(serverName));
        if (!urlValue.isString() || !original.isValid() || original.isRelative())
            return failWith(error, tr("the url of \"%1\" is not an absolute URL").arg(serverName));
        if (original.host() == recorder.httpProxy.host() && original.port() == recorder.httpProxy.port())
            return failWith(error, tr("\"%1\" is already recorded").arg(serverName));
        QUrl proxied = recorder.httpProxy;
        proxied.setPath(original.path(QUrl::FullyEncoded), QUrl::StrictMode);
        proxied.setQuery(original.query(QUrl::FullyEncoded), QUrl::StrictMode);
        QByteArray out = text;
        out.replace(located->url->start, located->url->end - located->url->start,
                    spliced(*located->url, quoted(proxied.toString(QUrl::FullyEncoded))));
        return out;
    }
    if (!located->command)
        return failWith(error, tr("\"%1\" has neither a \"command\" nor a \"url\"").arg(serverName));
    const auto current = commandLineOf(*located, serverName, recorder.program, error);
    if (!current)
        return std::nullopt;
    if (current->recorded)
        return failWith(error, tr("\"%1\" is already recorded").arg(serverName));

    QStringList recorderArgs{QStringLiteral("record"), QStringLiteral("--name"), serverName};
    if (!recorder.captureFile.isEmpty())
        recorderArgs << QStringLiteral("--capture") << recorder.captureFile;
    recorderArgs << QStringLiteral("--") << current->command;
    recorderArgs += current->args;
    return replaceCommand(text, *located, recorder.program, recorderArgs);
}

std::optional<QByteArray> RecordRewrite::unwrapUnchecked(const QByteArray &text, const QString &serverName,
                                                         const QByteArray &backup, const QString &recorderProgram,
                                                         QString *error)
{
    const auto located = locate(text, serverName, error);
    if (!located)
        return std::nullopt;
    if (located->command) {
        // Everything needed is in the recorder's own arguments: the command after "--".
        const auto current = commandLineOf(*located, serverName, recorderProgram, error);
        if (!current)
            return std::nullopt;
        const qsizetype separator = current->args.indexOf(QLatin1String("--"));
        if (!current->recorded || separator < 0 || separator + 1 >= current->args.size())
            return failWith(error, tr("\"%1\" is not run through the recorder").arg(serverName));
        const QStringList original = current->args.mid(separator + 2);
        return replaceCommand(text, *located, current->args.at(separator + 1), original);
    }
    if (!located->url)
        return failWith(error, tr("\"%1\" has neither a \"command\" nor a \"url\"").arg(serverName));
    // The address the host used before is only in the backup.
    const auto before = entry(backup, serverName, recorderProgram, error);
    if (!before)
        return std::nullopt;
    if (before->url.isEmpty())
        return failWith(error, tr("the backup has no url for \"%1\"").arg(serverName));
    QByteArray out = text;
    out.replace(located->url->start, located->url->end - located->url->start,
                spliced(*located->url, quoted(before->url.toString(QUrl::FullyEncoded))));
    return out;
}

std::optional<RecordRewrite::FileChange> RecordRewrite::wrapFile(const QString &path, const QString &serverName,
                                                                 const Recorder &recorder, QString *error)
{
    const auto read = readWhole(path, tr("cannot read %1: %2"), error);
    if (!read)
        return std::nullopt;
    const QByteArray &original = *read;
    const auto rewritten = wrap(original, serverName, recorder, error);
    if (!rewritten)
        return std::nullopt;
    FileChange change;
    change.path = path;
    change.serverName = serverName;
    change.recorderProgram = recorder.program;
    change.backupPath = path + QStringLiteral(".mcpscope-backup-")
        + QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
    change.rewritten = *rewritten;
    QFile backup(change.backupPath);
    if (!backup.open(QIODevice::WriteOnly | QIODevice::NewOnly) || backup.write(original) != original.size()
        || !backup.flush()) {
        return failWith(error, tr("cannot write the backup %1: %2").arg(change.backupPath, backup.errorString()));
    }
    backup.close();
    backup.setPermissions(QFile::permissions(path));
    QSaveFile save(path);
    if (!save.open(QIODevice::WriteOnly) || save.write(*rewritten) != rewritten->size() || !save.commit())
        return failWith(error, tr("cannot write %1: %2").arg(path, save.errorString()));
    return change;
}

bool RecordRewrite::undo(const FileChange &change, QString *error)
{
    const auto currentFile = readWhole(change.path, tr("cannot read %1: %2"), error);
    const auto backupFile = currentFile ? readWhole(change.backupPath, tr("cannot read the backup %1: %2"), error)
                                        : std::nullopt;
    if (!backupFile)
        return false;
    const QByteArray &current = *currentFile;
    const QByteArray &original = *backupFile;
    // Untouched since: the file as it was, byte for byte. Edited since (by the host or by hand):
    // only this entry is put back, the other edits stay.
    QByteArray restored = original;
    if (change.rewritten.isEmpty() || current != change.rewritten) {
        QString why;
        const auto unwrapped = unwrap(current, change.serverName, original, change.recorderProgram, &why);
        if (!unwrapped) {
            if (error)
                *error = tr("%1 has changed since the recorder was put in (%2); its backup is %3")
                             .arg(change.path, why, change.backupPath);
            return false;
        }
        restored = *unwrapped;
    }
    QSaveFile save(change.path);
    if (!save.open(QIODevice::WriteOnly) || save.write(restored) != restored.size() || !save.commit()) {
        if (error)
            *error = tr("cannot write %1: %2").arg(change.path, save.errorString());
        return false;
    }
    QFile::remove(change.backupPath);
    return true;
}

std::optional<RecordRewrite::FileChange> RecordRewrite::pendingChange(const QString &path, const QString &serverName,
                                                                      const QString &recorderProgram)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray current = file.readAll();
    const auto now = entry(current, serverName, recorderProgram, nullptr);
    if (!now)
        return std::nullopt;
    // The newest backup in which the entry was not yet recorded (the names sort by time).
    const QFileInfo info(path);
    QStringList backups = info.dir().entryList({info.fileName() + QStringLiteral(".mcpscope-backup-*")}, QDir::Files,
                                               QDir::Name | QDir::Reversed);
    for (const QString &name : std::as_const(backups)) {
        QFile backup(info.dir().filePath(name));
        if (!backup.open(QIODevice::ReadOnly))
            continue;
        const auto before = entry(backup.readAll(), serverName, recorderProgram, nullptr);
        if (!before || before->recorded)
            continue;
        const bool recordedNow = now->recorded || (!now->url.isEmpty() && now->url != before->url);
        if (!recordedNow)
            return std::nullopt;
        FileChange change;
        change.path = path;
        change.backupPath = backup.fileName();
        change.serverName = serverName;
        change.recorderProgram = recorderProgram;
        return change;
    }
    return std::nullopt;
}

} // namespace Mcp
