#include "recordrewrite.h"

#include "mcpjson.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <QSaveFile>

namespace Mcp {

namespace {

// A minimal scanner over comment-free JSON that reports where things are (offsets into the
// original text, which stripComments keeps).
struct Member
{
    QByteArray key;
    qsizetype valueStart = 0;
    qsizetype valueEnd = 0; // one past
};

class Scanner
{
public:
    explicit Scanner(const QByteArray &text) : m_text(text) {}

    void skipSpace(qsizetype *i) const
    {
        while (*i < m_text.size() && (m_text.at(*i) == ' ' || m_text.at(*i) == '\t' || m_text.at(*i) == '\n'
                                      || m_text.at(*i) == '\r'))
            ++*i;
    }

    // Skips one value starting at *i; false if it is not one.
    bool skipValue(qsizetype *i) const
    {
        skipSpace(i);
        if (*i >= m_text.size())
            return false;
        const char c = m_text.at(*i);
        if (c == '"')
            return skipString(i);
        if (c == '{' || c == '[') {
            const char close = c == '{' ? '}' : ']';
            ++*i;
            for (;;) {
                skipSpace(i);
                if (*i >= m_text.size())
                    return false;
                if (m_text.at(*i) == close) {
                    ++*i;
                    return true;
                }
                if (c == '{') {
                    if (!skipString(i))
                        return false;
                    skipSpace(i);
                    if (*i >= m_text.size() || m_text.at(*i) != ':')
                        return false;
                    ++*i;
                }
                if (!skipValue(i))
                    return false;
                skipSpace(i);
                if (*i < m_text.size() && m_text.at(*i) == ',')
                    ++*i;
            }
        }
        while (*i < m_text.size() && !QByteArrayView(",}] \t\r\n").contains(m_text.at(*i)))
            ++*i;
        return true;
    }

    bool skipString(qsizetype *i) const
    {
        if (*i >= m_text.size() || m_text.at(*i) != '"')
            return false;
        for (++*i; *i < m_text.size(); ++*i) {
            if (m_text.at(*i) == '\\')
                ++*i;
            else if (m_text.at(*i) == '"') {
                ++*i;
                return true;
            }
        }
        return false;
    }

    // The members of the object starting at `start`.
    std::optional<QList<Member>> members(qsizetype start) const
    {
        qsizetype i = start;
        skipSpace(&i);
        if (i >= m_text.size() || m_text.at(i) != '{')
            return std::nullopt;
        ++i;
        QList<Member> list;
        for (;;) {
            skipSpace(&i);
            if (i >= m_text.size())
                return std::nullopt;
            if (m_text.at(i) == '}')
                return list;
            const qsizetype keyStart = i;
            if (!skipString(&i))
                return std::nullopt;
            Member member;
            member.key = QJsonDocument::fromJson("[" + m_text.mid(keyStart, i - keyStart) + "]")
                             .array().first().toString().toUtf8();
            skipSpace(&i);
            if (i >= m_text.size() || m_text.at(i) != ':')
                return std::nullopt;
            ++i;
            skipSpace(&i);
            member.valueStart = i;
            if (!skipValue(&i))
                return std::nullopt;
            member.valueEnd = i;
            list.append(member);
            skipSpace(&i);
            if (i < m_text.size() && m_text.at(i) == ',')
                ++i;
        }
    }

private:
    const QByteArray &m_text;
};

const Member *find(const QList<Member> &members, QByteArrayView key)
{
    for (const Member &m : members) {
        if (m.key == key)
            return &m;
    }
    return nullptr;
}

QByteArray jsonString(const QString &text)
{
    QByteArray array = QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact);
    return array.mid(1, array.size() - 2);
}

} // namespace

std::optional<QByteArray> RecordRewrite::wrap(const QByteArray &text, const QString &serverName,
                                              const Recorder &recorder, QString *error)
{
    auto fail = [error](const QString &why) -> std::optional<QByteArray> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    const QByteArray stripped = McpJson::stripComments(text);
    if (stripped.size() != text.size())
        return fail(tr("the file cannot be rewritten in place"));
    Scanner scanner(stripped);
    const auto root = scanner.members(0);
    if (!root)
        return fail(tr("the file is not a JSON object"));
    // The map of servers, in each dialect's place.
    std::optional<QList<Member>> servers;
    for (const QByteArrayView key : {QByteArrayView("mcpServers"), QByteArrayView("servers")}) {
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
        return fail(tr("no \"mcpServers\" or \"servers\" in the file"));
    const Member *entryMember = find(*servers, serverName.toUtf8());
    if (!entryMember)
        return fail(tr("there is no server \"%1\" in the file").arg(serverName));
    const auto entry = scanner.members(entryMember->valueStart);
    if (!entry)
        return fail(tr("the entry \"%1\" is not an object").arg(serverName));
    const Member *command = find(*entry, "command");
    if (!command)
        return fail(tr("\"%1\" is not a stdio server (no \"command\"); record an HTTP server with mcpscope record --http").arg(serverName));
    const QJsonValue commandValue = QJsonDocument::fromJson("[" + stripped.mid(command->valueStart, command->valueEnd - command->valueStart) + "]").array().first();
    if (!commandValue.isString())
        return fail(tr("the command of \"%1\" is not a string").arg(serverName));
    const Member *args = find(*entry, "args");
    QStringList originalArgs;
    if (args) {
        const QJsonDocument argsDocument = QJsonDocument::fromJson(stripped.mid(args->valueStart, args->valueEnd - args->valueStart));
        if (!argsDocument.isArray())
            return fail(tr("the args of \"%1\" are not a list").arg(serverName));
        for (const QJsonValue &a : argsDocument.array())
            originalArgs.append(a.toString());
    }
    if (commandValue.toString() == recorder.program && originalArgs.value(0) == QLatin1String("record"))
        return fail(tr("\"%1\" is already recorded").arg(serverName));

    QStringList recorderArgs{QStringLiteral("record"), QStringLiteral("--name"), serverName};
    if (!recorder.captureFile.isEmpty())
        recorderArgs << QStringLiteral("--capture") << recorder.captureFile;
    recorderArgs << QStringLiteral("--") << commandValue.toString();
    recorderArgs += originalArgs;
    QByteArray argsText = "[";
    for (qsizetype i = 0; i < recorderArgs.size(); ++i)
        argsText += (i ? ", " : "") + jsonString(recorderArgs.at(i));
    argsText += ']';

    // Replace from the back so that earlier offsets stay right.
    QByteArray out = text;
    if (args && args->valueStart > command->valueStart) {
        out.replace(args->valueStart, args->valueEnd - args->valueStart, argsText);
        out.replace(command->valueStart, command->valueEnd - command->valueStart, jsonString(recorder.program));
    } else if (args) {
        out.replace(command->valueStart, command->valueEnd - command->valueStart, jsonString(recorder.program));
        out.replace(args->valueStart, args->valueEnd - args->valueStart, argsText);
    } else {
        out.replace(command->valueStart, command->valueEnd - command->valueStart,
                    QByteArray(jsonString(recorder.program) + ", \"args\": " + argsText));
    }
    return out;
}

std::optional<RecordRewrite::FileChange> RecordRewrite::wrapFile(const QString &path, const QString &serverName,
                                                                 const Recorder &recorder, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("cannot read %1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    const QByteArray original = file.readAll();
    file.close();
    const auto rewritten = wrap(original, serverName, recorder, error);
    if (!rewritten)
        return std::nullopt;
    FileChange change;
    change.path = path;
    change.backupPath = path + QStringLiteral(".mcpscope-backup-")
        + QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
    change.rewritten = *rewritten;
    QFile backup(change.backupPath);
    if (!backup.open(QIODevice::WriteOnly | QIODevice::NewOnly) || backup.write(original) != original.size()
        || !backup.flush()) {
        if (error)
            *error = tr("cannot write the backup %1: %2").arg(change.backupPath, backup.errorString());
        return std::nullopt;
    }
    backup.close();
    backup.setPermissions(file.permissions());
    QSaveFile save(path);
    if (!save.open(QIODevice::WriteOnly) || save.write(*rewritten) != rewritten->size() || !save.commit()) {
        if (error)
            *error = tr("cannot write %1: %2").arg(path, save.errorString());
        return std::nullopt;
    }
    return change;
}

bool RecordRewrite::undo(const FileChange &change, QString *error)
{
    QFile file(change.path);
    if (!file.open(QIODevice::ReadOnly) || file.readAll() != change.rewritten) {
        if (error)
            *error = tr("%1 has changed since the recorder was put in; its backup is %2")
                         .arg(change.path, change.backupPath);
        return false;
    }
    file.close();
    QFile backup(change.backupPath);
    if (!backup.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("cannot read the backup %1: %2").arg(change.backupPath, backup.errorString());
        return false;
    }
    const QByteArray original = backup.readAll();
    QSaveFile save(change.path);
    if (!save.open(QIODevice::WriteOnly) || save.write(original) != original.size() || !save.commit()) {
        if (error)
            *error = tr("cannot write %1: %2").arg(change.path, save.errorString());
        return false;
    }
    backup.close();
    QFile::remove(change.backupPath);
    return true;
}

} // namespace Mcp
