#include "servercatalog.h"
#include "config/configkeys.h"
#include "secretstore.h"

#include "jsonrpc/json.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>
#include <utility>

Q_LOGGING_CATEGORY(lcCatalog, "mcp.config.catalog")

namespace Mcp {

namespace {

const QLatin1String CatalogFormatName("mcpscope-servers"); // the value of "format"

constexpr int kFormatVersion = 1;

const QString kBearerKey = QStringLiteral("bearerToken");
const QString kClientSecretKey = QStringLiteral("oauth/clientSecret");
const QString kKeyPassphraseKey = QStringLiteral("tls/clientKeyPassphrase");
const QString kProxyPasswordKey = QStringLiteral("proxy/password");

QString envKey(const QString &name) { return QStringLiteral("env/") + name; }
QString headerKey(const QString &name) { return QStringLiteral("header/") + name; }

// (key, value) of every secret a configuration carries, including empty ones.
QList<QPair<QString, QString>> secretItems(const ServerConfig &config)
{
    QList<QPair<QString, QString>> items;
    for (const ConfigEntry &e : config.env)
        if (e.secret)
            items.append({envKey(e.name), e.value});
    for (const ConfigEntry &h : config.headers)
        if (h.secret)
            items.append({headerKey(h.name), h.value});
    if (config.usesUrl() || !config.bearerToken.isEmpty())
        items.append({kBearerKey, config.bearerToken});
    if (!config.auth.clientId.isEmpty() || !config.auth.clientSecret.isEmpty())
        items.append({kClientSecretKey, config.auth.clientSecret});
    if (!config.network.tls.clientKeyFile.isEmpty() || !config.network.tls.clientKeyPassphrase.isEmpty())
        items.append({kKeyPassphraseKey, QString::fromUtf8(config.network.tls.clientKeyPassphrase)});
    if (config.network.proxy.mode == ProxySettings::Mode::Manual || !config.network.proxy.password.isEmpty())
        items.append({kProxyPasswordKey, config.network.proxy.password});
    return items;
}

// Sets one secret by its store key; returns false when the key names nothing (any more).
bool setSecretValue(ServerConfig *config, const QString &key, const QString &value)
{
    if (key == kBearerKey) {
        if (!config->bearerToken.isEmpty())
            return false;
        config->bearerToken = value;
        return true;
    }
    if (key == kClientSecretKey) {
        if (!config->auth.clientSecret.isEmpty())
            return false;
        config->auth.clientSecret = value;
        return true;
    }
    if (key == kKeyPassphraseKey) {
        if (!config->network.tls.clientKeyPassphrase.isEmpty())
            return false;
        config->network.tls.clientKeyPassphrase = value.toUtf8();
        return true;
    }
    if (key == kProxyPasswordKey) {
        if (!config->network.proxy.password.isEmpty())
            return false;
        config->network.proxy.password = value;
        return true;
    }
    QList<ConfigEntry> *entries = key.startsWith(QLatin1String("env/")) ? &config->env : &config->headers;
    const QString name = key.section(QLatin1Char('/'), 1);
    for (ConfigEntry &entry : *entries) {
        if (entry.secret && entry.name == name && entry.value.isEmpty()) {
            entry.value = value;
            return true;
        }
    }
    return false;
}

// Copies a broken file next to itself under a name that is not taken yet.
QString makeBackup(const QString &path)
{
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    QString backup = path + QStringLiteral(".broken-") + stamp;
    for (int n = 2; QFileInfo::exists(backup); ++n)
        backup = path + QStringLiteral(".broken-") + stamp + QLatin1Char('-') + QString::number(n);
    if (!QFile::copy(path, backup)) {
        qCWarning(lcCatalog) << "cannot back up" << path << "to" << backup;
        return QString();
    }
    return backup;
}

// The server objects of a user file whose JSON is broken somewhere: every balanced {...}
// directly inside the "servers" list that parses on its own, up to the first thing that
// is not such an object.
QList<QJsonObject> salvageServers(const QByteArray &text)
{
    QList<QJsonObject> found;
    const qsizetype key = text.indexOf("\"servers\"");
    qsizetype pos = key < 0 ? -1 : text.indexOf('[', key);
    if (pos < 0)
        return found;
    ++pos;
    const qsizetype n = text.size();
    for (;;) {
        while (pos < n && (text.at(pos) == ',' || QChar::isSpace(uchar(text.at(pos)))))
            ++pos;
        if (pos >= n || text.at(pos) != '{')
            break;
        const qsizetype start = pos;
        int depth = 0;
        bool inString = false;
        for (; pos < n; ++pos) {
            const char c = text.at(pos);
            if (inString) {
                if (c == '\\')
                    ++pos;
                else if (c == '"')
                    inString = false;
            } else if (c == '"') {
                inString = true;
            } else if (c == '{') {
                ++depth;
            } else if (c == '}' && --depth == 0) {
                break;
            }
        }
        if (pos >= n)
            break; // cut off inside this object
        ++pos;
        const QJsonDocument document = QJsonDocument::fromJson(text.mid(start, pos - start));
        if (document.isObject())
            found.append(document.object());
    }
    return found;
}

bool sameContent(const ServerConfig &a, const ServerConfig &b)
{
    if (a.id == b.id && a.scope == b.scope)
        return a == b;
    ServerConfig same = a; // one copy per conflict, not two
    same.id = b.id;
    same.scope = b.scope;
    return same == b;
}

} // namespace

QString CatalogProblem::toString() const
{
    QString text = error.toString();
    if (!backupPath.isEmpty())
        text += QLatin1Char(' ')
            + ServerCatalog::tr("The file was kept unchanged as %1; MCP Scope continues with the servers it could read.")
                  .arg(QDir::toNativeSeparators(backupPath));
    return text;
}

int ImportPlan::conflictCount() const
{
    return int(std::count_if(entries.begin(), entries.end(), [](const ImportEntry &e) { return e.hasConflict(); }));
}

ServerCatalog::ServerCatalog(QObject *parent)
    : ServerCatalog(defaultUserFilePath(), parent)
{
}

ServerCatalog::ServerCatalog(const QString &userFilePath, QObject *parent)
    : QAbstractListModel(parent)
    , m_userFilePath(userFilePath)
{
}

ServerCatalog::~ServerCatalog() = default;

QString ServerCatalog::defaultUserFilePath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + QStringLiteral("/servers.json");
}

QString ServerCatalog::projectFilePath() const
{
    return m_projectFolder.isEmpty() ? QString() : QDir(m_projectFolder).filePath(QStringLiteral(".mcp.json"));
}

void ServerCatalog::reportProblem(const QString &path, const ConfigParseError &error)
{
    CatalogProblem problem;
    problem.error = error;
    problem.error.path = path;
    if (QFileInfo::exists(path))
        problem.backupPath = makeBackup(path);
    m_problems.append(problem);
    qCWarning(lcCatalog).noquote() << problem.toString();
    Q_EMIT problemFound(problem.toString());
}

bool ServerCatalog::load()
{
    beginResetModel();
    m_servers.erase(std::remove_if(m_servers.begin(), m_servers.end(),
                                   [](const ServerConfig &c) { return c.scope == ServerConfig::Scope::User; }),
                    m_servers.end());
    m_problems.clear();
    m_warnings.clear();
    m_loading = true;
    const bool ok = loadUserFile();
    m_loading = false;
    // The user's own servers come first, also when a project was opened before.
    std::stable_partition(m_servers.begin(), m_servers.end(),
                          [](const ServerConfig &c) { return c.scope == ServerConfig::Scope::User; });
    endResetModel();
    for (const ServerConfig &config : std::as_const(m_servers))
        loadSecrets(config);
    return ok;
}

ServerCatalog::FileRead ServerCatalog::readConfigFile(const QString &path, QByteArray *content)
{
    QFile file(path);
    if (!file.exists())
        return FileRead::Missing;
    if (!file.open(QIODevice::ReadOnly)) {
        ConfigParseError error;
        error.reason = tr("Cannot read the file: %1.").arg(file.errorString());
        reportProblem(path, error);
        return FileRead::Failed;
    }
    *content = file.readAll();
    return FileRead::Read;
}

bool ServerCatalog::loadUserFile()
{
    m_userRoot = QJsonObject();
    m_approved.clear();
    QByteArray content;
    const FileRead read = readConfigFile(m_userFilePath, &content);
    m_userFileExisted = read != FileRead::Missing;
    if (read != FileRead::Read)
        return read == FileRead::Missing;

    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(McpJson::stripComments(content), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        reportProblem(m_userFilePath, McpJson::locate(content, parseError.offset,
                                      tr("Not valid JSON: %1.").arg(parseError.errorString())));
        // Start with what can still be read: each server object that parses on its own.
        QSet<QUuid> ids = knownIds();
        for (const QJsonObject &object : salvageServers(McpJson::stripComments(content))) {
            ServerConfig config = ServerConfig::fromJson(object);
            config.scope = ServerConfig::Scope::User;
            if (ids.contains(config.id))
                config.id = QUuid::createUuid();
            ids.insert(config.id);
            m_servers.append(config);
        }
        if (!m_servers.isEmpty())
            m_warnings.append(tr("%n server(s) recovered from the broken file; command approvals were not.", nullptr,
                                 int(m_servers.size())));
        return false;
    }
    if (!document.isObject() || (document.object().contains(ConfigKey::Servers) && !document.object().value(ConfigKey::Servers).isArray())) {
        reportProblem(m_userFilePath, McpJson::locate(content, -1, tr("Not an MCP Scope server list (expected an object with a \"servers\" list).")));
        return false;
    }

    m_userRoot = document.object();
    if (m_userRoot.value(ConfigKey::Version).toInt(kFormatVersion) > kFormatVersion)
        m_warnings.append(tr("%1 was written by a newer MCP Scope; settings this version does not know are kept.")
                              .arg(m_userFilePath));
    m_secretsInFile = m_userRoot.value(ConfigKey::SecretsInFile).toBool();
    m_demoServerOffered = m_userRoot.value(ConfigKey::DemoServerOffered).toBool();
    for (const QJsonValue &fp : m_userRoot.value(ConfigKey::ApprovedCommands).toArray())
        m_approved.insert(fp.toString().toLatin1());

    bool lost = false;
    const QJsonArray servers = m_userRoot.value(ConfigKey::Servers).toArray();
    QSet<QUuid> ids = knownIds();
    for (int i = 0; i < servers.size(); ++i) {
        if (!servers.at(i).isObject()) {
            m_warnings.append(tr("Server %1 in %2 is not an object; skipped.").arg(i + 1).arg(m_userFilePath));
            lost = true;
            continue;
        }
        QStringList warnings;
        ServerConfig config = ServerConfig::fromJson(servers.at(i).toObject(), &warnings);
        config.scope = ServerConfig::Scope::User;
        if (ids.contains(config.id)) {
            warnings.append(tr("duplicate id; given a new one"));
            config.id = QUuid::createUuid();
        }
        ids.insert(config.id);
        for (const QString &w : std::as_const(warnings))
            m_warnings.append(tr("%1, server \"%2\": %3").arg(m_userFilePath, config.name, w));
        m_servers.append(config);
    }
    if (lost) {
        // Saving would drop what could not be read: keep the original first.
        reportProblem(m_userFilePath, McpJson::locate(content, -1, tr("Some servers could not be read and were skipped.")));
        return false;
    }
    return true;
}

bool ServerCatalog::setProjectFolder(const QString &folder)
{
    beginResetModel();
    m_servers.erase(std::remove_if(m_servers.begin(), m_servers.end(),
                                   [](const ServerConfig &c) { return c.scope == ServerConfig::Scope::Project; }),
                    m_servers.end());
    m_projectFolder = folder.isEmpty() ? QString() : QDir(folder).absolutePath();
    m_projectRoot = QJsonObject();
    m_projectDialect = McpJsonDialect::McpServers;
    m_loading = true;
    const bool ok = m_projectFolder.isEmpty() || loadProjectFile();
    m_loading = false;
    endResetModel();
    for (const ServerConfig &config : std::as_const(m_servers))
        if (config.scope == ServerConfig::Scope::Project)
            loadSecrets(config);
    return ok;
}

bool ServerCatalog::loadProjectFile()
{
    const QString path = projectFilePath();
    QByteArray content;
    if (const FileRead read = readConfigFile(path, &content); read != FileRead::Read)
        return read == FileRead::Missing;
    const McpJsonImport imported = McpJson::parse(content, path);
    if (!imported.isValid()) {
        reportProblem(path, imported.error);
        return false;
    }
    m_projectRoot = QJsonDocument::fromJson(McpJson::stripComments(content)).object();
    m_projectDialect = imported.dialect == McpJsonDialect::VsCode ? McpJsonDialect::VsCode : McpJsonDialect::McpServers;
    for (const QString &w : imported.warnings)
        m_warnings.append(path + QStringLiteral(": ") + w);
    const QJsonObject map = m_projectDialect == McpJsonDialect::VsCode
        ? m_projectRoot.value(QLatin1String("servers")).toObject()
        : m_projectRoot.value(QLatin1String("mcpServers")).toObject();
    QSet<QUuid> ids = knownIds();
    for (ServerConfig config : imported.servers) {
        config.scope = ServerConfig::Scope::Project;
        // An entry we wrote carries its id in "x-mcpscope"; one written by hand or by another
        // tool gets an id derived from file and name, so it is stable across runs (approvals
        // do not depend on it; stored secrets do).
        const bool hasOwnId = map.value(config.name).toObject().value(QLatin1String("x-mcpscope"))
                                  .toObject().contains(QLatin1String("id"));
        if (!hasOwnId)
            config.id = QUuid::createUuidV5(QUuid(QStringLiteral("{6a3c2f4e-9d1b-4c4e-8f7a-2b5d3e1c0a99}")),
                                            path + QLatin1Char('\n') + config.name);
        if (ids.contains(config.id))
            config.id = QUuid::createUuid();
        ids.insert(config.id);
        m_servers.append(config);
    }
    return true;
}

namespace {
// One member of every server, as a set.
template<typename Value>
QSet<Value> allOf(const QList<ServerConfig> &servers, Value ServerConfig::*member)
{
    QSet<Value> values;
    values.reserve(servers.size());
    for (const ServerConfig &config : servers)
        values.insert(config.*member);
    return values;
}

// The index of the first server whose member is `value`, or -1.
template<typename Value>
int indexWhere(const QList<ServerConfig> &servers, Value ServerConfig::*member, const Value &value)
{
    for (int i = 0; i < servers.size(); ++i)
        if (servers.at(i).*member == value)
            return i;
    return -1;
}
} // namespace

QSet<QUuid> ServerCatalog::knownIds() const
{
    return allOf(m_servers, &ServerConfig::id);
}

int ServerCatalog::indexOf(const QUuid &id) const
{
    return indexWhere(m_servers, &ServerConfig::id, id);
}

ServerConfig ServerCatalog::find(const QUuid &id) const
{
    return m_servers.value(indexOf(id));
}

int ServerCatalog::indexOfName(const QString &name) const
{
    return indexWhere(m_servers, &ServerConfig::name, name);
}

QString ServerCatalog::uniqueName(const QString &name) const
{
    return uniqueName(name, knownNames());
}

QString ServerCatalog::uniqueName(const QString &name, const QSet<QString> &taken)
{
    if (!taken.contains(name))
        return name;
    for (int n = 2;; ++n) {
        const QString candidate = QStringLiteral("%1 (%2)").arg(name).arg(n);
        if (!taken.contains(candidate))
            return candidate;
    }
}

QSet<QString> ServerCatalog::knownNames() const
{
    return allOf(m_servers, &ServerConfig::name);
}

QUuid ServerCatalog::add(ServerConfig config)
{
    if (config.id.isNull() || indexOf(config.id) >= 0)
        config.id = QUuid::createUuid();
    insertServer(config);
    return config.id;
}

void ServerCatalog::insertServer(ServerConfig config)
{
    // Project servers are listed after the user's own, as their files are read.
    int row = int(m_servers.size());
    if (config.scope == ServerConfig::Scope::User) {
        while (row > 0 && m_servers.at(row - 1).scope == ServerConfig::Scope::Project)
            --row;
    }
    beginInsertRows(QModelIndex(), row, row);
    m_servers.insert(row, std::move(config));
    endInsertRows();
    storeSecrets(m_servers.at(row), nullptr);
    saveScope(m_servers.at(row).scope);
}

bool ServerCatalog::update(const ServerConfig &changed, SecretUpdate secrets)
{
    const int row = indexOf(changed.id);
    if (row < 0)
        return false;
    const ServerConfig previous = m_servers.at(row);
    ServerConfig config = changed;
    if (secrets == SecretUpdate::KeepEmptySecrets) {
        for (const auto &item : secretItems(previous))
            if (!item.second.isEmpty())
                setSecretValue(&config, item.first, item.second); // only fills empty ones
    }
    if (previous == config)
        return true;
    m_servers[row] = config;
    emitRowChanged(row);
    storeSecrets(config, &previous);
    saveScope(config.scope);
    if (previous.scope != config.scope)
        saveScope(previous.scope);
    return true;
}

bool ServerCatalog::rememberEraRecord(const QUuid &id, const QJsonObject &record)
{
    const int row = indexOf(id);
    if (row < 0)
        return false;
    const QJsonObject &previous = m_servers.at(row).eraRecord;
    // How it was decided changes every run (probed, then cached): only a new era or version is news.
    const auto same = [&](const char *key) {
        return previous.value(QLatin1String(key)) == record.value(QLatin1String(key));
    };
    if (record.isEmpty() ? previous.isEmpty() : (same("era") && same("version")))
        return false;
    ServerConfig config = m_servers.at(row);
    config.eraRecord = record;
    return update(config);
}

QUuid ServerCatalog::duplicate(const QUuid &id)
{
    const int row = indexOf(id);
    if (row < 0)
        return QUuid();
    ServerConfig copy = m_servers.at(row);
    copy.id = QUuid::createUuid();
    copy.name = uniqueName(tr("%1 (copy)").arg(copy.name));
    beginInsertRows(QModelIndex(), row + 1, row + 1);
    m_servers.insert(row + 1, copy);
    endInsertRows();
    storeSecrets(copy, nullptr);
    saveScope(copy.scope);
    return copy.id;
}

bool ServerCatalog::remove(const QUuid &id)
{
    const int row = indexOf(id);
    if (row < 0)
        return false;
    beginRemoveRows(QModelIndex(), row, row);
    const ServerConfig removed = m_servers.takeAt(row);
    endRemoveRows();
    forgetSecrets(removed);
    saveScope(removed.scope);
    return true;
}

bool ServerCatalog::move(int from, int to)
{
    if (from < 0 || to < 0 || from >= m_servers.size() || to >= m_servers.size())
        return false;
    if (from == to)
        return true;
    if (!beginMoveRows(QModelIndex(), from, from, QModelIndex(), to > from ? to + 1 : to))
        return false;
    m_servers.move(from, to);
    endMoveRows();
    save();
    return true;
}

ImportPlan ServerCatalog::planImport(const McpJsonImport &source, ServerConfig::Scope scope) const
{
    ImportPlan plan;
    plan.sourcePath = source.sourcePath;
    plan.dialect = source.dialect;
    plan.scope = scope;
    plan.inputs = source.inputs;
    plan.warnings = source.warnings;
    QSet<QString> proposed;
    // Looked up, not searched: an imported file may list hundreds of thousands of servers.
    QHash<QString, int> rowOfName;
    rowOfName.reserve(m_servers.size());
    for (int row = int(m_servers.size()) - 1; row >= 0; --row)
        rowOfName.insert(m_servers.at(row).name, row); // the first row of a name, as indexOfName()
    const QSet<QString> names = knownNames();
    plan.entries.reserve(source.servers.size());
    for (ServerConfig config : source.servers) {
        config.scope = scope;
        ImportEntry entry;
        const int existing = rowOfName.value(config.name, -1);
        if (existing >= 0) {
            entry.conflictsWith = m_servers.at(existing).id;
            entry.identical = sameContent(config, m_servers.at(existing));
            entry.action = entry.identical ? ImportEntry::Action::Skip : ImportEntry::Action::Rename;
            QString name = uniqueName(config.name, names);
            for (int n = 2; proposed.contains(name); ++n)
                name = uniqueName(QStringLiteral("%1 (%2)").arg(config.name).arg(n), names);
            entry.newName = name;
            proposed.insert(name);
        }
        entry.config = std::move(config);
        plan.entries.append(std::move(entry));
    }
    return plan;
}

QList<QUuid> ServerCatalog::applyImport(const ImportPlan &plan)
{
    QList<QUuid> ids;
    // One save at the end, and ids and names looked up in sets: an import of n servers costs
    // n, not n files written and n^2 comparisons.
    const bool wasLoading = std::exchange(m_loading, true);
    QSet<QUuid> knownIdSet = knownIds();
    QSet<QString> names = knownNames();
    // ServerConfig is not relocatable: each growth of the list would copy every server.
    m_servers.reserve(m_servers.size() + plan.entries.size());
    const auto addNew = [&](ServerConfig config) {
        config.name = uniqueName(config.name, names);
        if (config.id.isNull() || knownIdSet.contains(config.id))
            config.id = ServerConfig::newId();
        knownIdSet.insert(config.id);
        names.insert(config.name);
        ids.append(config.id);
        insertServer(std::move(config));
    };
    for (const ImportEntry &entry : plan.entries) {
        ServerConfig config = entry.config;
        config.scope = plan.scope;
        switch (entry.action) {
        case ImportEntry::Action::Skip:
            break;
        case ImportEntry::Action::Rename:
            if (!entry.newName.isEmpty())
                config.name = entry.newName;
            addNew(std::move(config));
            break;
        case ImportEntry::Action::Replace:
            if (knownIdSet.contains(entry.conflictsWith)) {
                config.id = entry.conflictsWith;
                update(config);
                names.insert(config.name);
                ids.append(config.id);
                break;
            }
            Q_FALLTHROUGH();
        case ImportEntry::Action::Add:
            addNew(std::move(config));
            break;
        }
    }
    m_loading = wasLoading;
    if (!ids.isEmpty())
        save();
    return ids;
}

bool ServerCatalog::isApproved(const ServerConfig &config) const
{
    return !config.usesCommand() || m_approved.contains(config.commandFingerprint());
}

void ServerCatalog::approve(const ServerConfig &config)
{
    if (!config.usesCommand() || isApproved(config))
        return;
    m_approved.insert(config.commandFingerprint());
    saveUserFile();
    if (!m_servers.isEmpty())
        Q_EMIT dataChanged(index(0), index(int(m_servers.size()) - 1), {ApprovedRole});
    Q_EMIT approvalsChanged();
}

void ServerCatalog::revokeApproval(const ServerConfig &config)
{
    if (!m_approved.remove(config.commandFingerprint()))
        return;
    saveUserFile();
    if (!m_servers.isEmpty())
        Q_EMIT dataChanged(index(0), index(int(m_servers.size()) - 1), {ApprovedRole});
    Q_EMIT approvalsChanged();
}

void ServerCatalog::setSecretStore(SecretStore *store)
{
    m_secretStore = store;
    if (!store)
        return;
    for (const ServerConfig &config : std::as_const(m_servers)) {
        storeSecrets(config, nullptr);
        loadSecrets(config);
    }
}

void ServerCatalog::setSecretsInFile(bool inFile)
{
    if (m_secretsInFile == inFile)
        return;
    m_secretsInFile = inFile;
    saveUserFile();
    Q_EMIT secretsInFileChanged(inFile);
}

bool ServerCatalog::fileHoldsSecrets(const ServerConfig &config) const
{
    return config.scope == ServerConfig::Scope::User && m_secretsInFile;
}

void ServerCatalog::storeSecrets(const ServerConfig &config, const ServerConfig *previous)
{
    if (!m_secretStore)
        return;
    const QString id = config.id.toString(QUuid::WithoutBraces);
    const auto items = secretItems(config);
    for (const auto &item : items)
        if (!item.second.isEmpty())
            m_secretStore->write(id, item.first, item.second);
    if (previous && previous->id == config.id) {
        for (const auto &old : secretItems(*previous)) {
            const bool stillThere = std::any_of(items.begin(), items.end(), [&](const auto &i) {
                return i.first == old.first && !i.second.isEmpty();
            });
            if (!stillThere && !old.second.isEmpty())
                m_secretStore->remove(id, old.first);
        }
    }
}

void ServerCatalog::loadSecrets(const ServerConfig &config)
{
    if (!m_secretStore)
        return;
    const QString id = config.id.toString(QUuid::WithoutBraces);
    for (const auto &item : secretItems(config)) {
        if (!item.second.isEmpty())
            continue;
        m_secretStore->read(id, item.first, this, [this, uuid = config.id](const SecretResult &result) {
            if (!result.ok())
                return;
            const int row = indexOf(uuid);
            // The user may have typed a new value meanwhile: that one wins.
            if (row >= 0 && setSecretValue(&m_servers[row], result.key, result.value))
                emitRowChanged(row);
        });
    }
}

void ServerCatalog::forgetSecrets(const ServerConfig &config)
{
    if (!m_secretStore)
        return;
    const QString id = config.id.toString(QUuid::WithoutBraces);
    for (const auto &item : secretItems(config))
        m_secretStore->remove(id, item.first);
}

bool ServerCatalog::ensureDemoServer(const QString &demoServerPath)
{
    // The entry follows the application when it moves (an update, another install path);
    // it stays approved only if the user had left it approved.
    for (const ServerConfig &existing : std::as_const(m_servers)) {
        if (!existing.extra.value(ConfigKey::McpscopeBundledDemo).toBool() || existing.command == demoServerPath)
            continue;
        ServerConfig moved = existing;
        moved.command = demoServerPath;
        const bool wasApproved = isApproved(existing);
        update(moved);
        if (wasApproved)
            approve(moved);
    }
    if (m_userFileExisted || m_demoServerOffered)
        return false;
    m_demoServerOffered = true;
    ServerConfig demo = ServerConfig::create(uniqueName(tr("MCP Scope demo server")));
    demo.transport = ServerConfig::TransportType::Stdio;
    demo.command = demoServerPath;
    demo.extra.insert(ConfigKey::McpscopeBundledDemo, true);
    demo.notes = tr("Ships with MCP Scope. Shows every kind of content, progress, sampling, elicitation and more.");
    // Approved up front: it is part of the application, not something imported.
    m_approved.insert(demo.commandFingerprint());
    add(demo);
    return true;
}

ServerConfig ServerCatalog::resolve(const ServerConfig &config, const QProcessEnvironment &environment,
                                    const QHash<QString, QString> &inputs, QStringList *unresolved) const
{
    QHash<QString, QString> values = inputs;
    const QString workspace = QStringLiteral("workspaceFolder");
    if (config.scope == ServerConfig::Scope::Project && !m_projectFolder.isEmpty() && !values.contains(workspace))
        values.insert(workspace, m_projectFolder);
    return config.resolved(environment, values, unresolved);
}

bool ServerCatalog::save()
{
    const bool user = saveUserFile();
    const bool project = saveProjectFile();
    return user && project;
}

bool ServerCatalog::saveScope(ServerConfig::Scope scope)
{
    return scope == ServerConfig::Scope::Project ? saveProjectFile() : saveUserFile();
}

// produce(text, spill) appends the content to text and may call spill() at any point: what text
// holds then goes to the file, so a catalog of many servers never sits in memory whole (fresh
// pages for a buffer of its size cost more than writing it).
template<typename Produce>
static bool writeAtomically(const QString &path, const Produce &produce, QString *error)
{
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath())) {
        *error = ServerCatalog::tr("Cannot create the folder %1.").arg(QDir::toNativeSeparators(info.absolutePath()));
        return false;
    }
    // Written to a temporary file and renamed over the old one: a crash or a full disk
    // leaves the previous version intact.
    QSaveFile file(path);
    bool ok = file.open(QIODevice::WriteOnly);
    QByteArray text;
    const auto spill = [&] {
        ok = ok && file.write(text) == text.size();
        text.resize(0); // keeps its capacity for the next piece
    };
    if (ok) {
        produce(text, spill);
        spill();
    }
    if (!ok || !file.commit()) {
        *error = ServerCatalog::tr("Cannot save %1: %2.").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    return true;
}

static bool writeAtomically(const QString &path, const QByteArray &content, QString *error)
{
    return writeAtomically(path, [&content](QByteArray &text, const auto &) { text = content; }, error);
}

bool ServerCatalog::saveUserFile()
{
    if (m_loading)
        return true;
    QJsonObject root = m_userRoot;
    root.insert(ConfigKey::Format, CatalogFormatName);
    root.insert(ConfigKey::Version, qMax(kFormatVersion, m_userRoot.value(ConfigKey::Version).toInt()));
    root.insert(ConfigKey::Servers, QJsonArray()); // written from m_servers below
    QStringList approved;
    for (const QByteArray &fp : std::as_const(m_approved))
        approved.append(QString::fromLatin1(fp));
    approved.sort();
    root.insert(ConfigKey::ApprovedCommands, QJsonArray::fromStringList(approved));
    root.insert(ConfigKey::SecretsInFile, m_secretsInFile);
    root.insert(ConfigKey::DemoServerOffered, m_demoServerOffered);

    // QJsonDocument::Indented's bytes, the servers written one by one into the same buffer, which
    // goes to the file a piece at a time: a QJsonObject of each (and a QJsonArray of them all)
    // cost several times the writing.
    const auto secrets = m_secretsInFile ? ServerConfig::SecretHandling::Include : ServerConfig::SecretHandling::Omit;
    const auto produce = [&](QByteArray &text, const auto &spill) {
        constexpr qsizetype Piece = 1 << 20;
        text.reserve(Piece + 64 * 1024);
        text += "{\n";
        for (auto it = root.constBegin(); it != root.constEnd(); ++it) {
            text += "    ";
            Json::serializeStringTo(text, it.key());
            text += ": ";
            if (it.key() == ConfigKey::Servers) {
                text += '[';
                bool first = true;
                for (const ServerConfig &config : std::as_const(m_servers)) {
                    if (config.scope != ServerConfig::Scope::User)
                        continue;
                    text += first ? "\n        " : ",\n        ";
                    first = false;
                    config.appendJsonText(text, 2, secrets);
                    if (text.size() >= Piece)
                        spill();
                }
                text += "\n    ]";
            } else {
                Json::serializeIndentedTo(text, it.value(), 1);
            }
            text += std::next(it) != root.constEnd() ? ",\n" : "\n";
        }
        text += "}\n";
    };

    QString error;
    if (!writeAtomically(m_userFilePath, produce, &error)) {
        m_lastSaveError = error;
        qCWarning(lcCatalog).noquote() << error;
        Q_EMIT saveFailed(error);
        return false;
    }
    m_userRoot = root;
    m_userFileExisted = true;
    return true;
}

bool ServerCatalog::saveProjectFile()
{
    if (m_loading || m_projectFolder.isEmpty())
        return true;
    QList<ServerConfig> servers;
    for (const ServerConfig &config : std::as_const(m_servers))
        if (config.scope == ServerConfig::Scope::Project)
            servers.append(config);
    const QString path = projectFilePath();
    if (servers.isEmpty() && !QFileInfo::exists(path))
        return true; // do not create an empty .mcp.json in someone's project
    McpJsonExportOptions options;
    options.dialect = m_projectDialect;
    options.secrets = ServerConfig::SecretHandling::Omit; // a project file is shared: never secrets
    options.mcpScopeFields = true;
    QJsonObject base = m_projectRoot;
    base.remove(m_projectDialect == McpJsonDialect::VsCode ? QStringLiteral("servers") : QStringLiteral("mcpServers"));
    const QJsonObject root = McpJson::exportDocument(servers, options, base);
    QString error;
    if (!writeAtomically(path, McpJson::exportDocumentText(servers, options, base), &error)) {
        m_lastSaveError = error;
        qCWarning(lcCatalog).noquote() << error;
        Q_EMIT saveFailed(error);
        return false;
    }
    m_projectRoot = root;
    return true;
}

void ServerCatalog::emitRowChanged(int row)
{
    const QModelIndex i = index(row);
    Q_EMIT dataChanged(i, i);
    Q_EMIT serverChanged(m_servers.at(row).id);
}

bool ServerCatalog::moveRows(const QModelIndex &sourceParent, int sourceRow, int count,
                             const QModelIndex &destinationParent, int destinationChild)
{
    if (sourceParent.isValid() || destinationParent.isValid() || count != 1)
        return false;
    // destinationChild is the row before which it goes, counted before the move.
    return move(sourceRow, destinationChild > sourceRow ? destinationChild - 1 : destinationChild);
}

int ServerCatalog::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_servers.size());
}

QVariant ServerCatalog::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const ServerConfig &config = m_servers.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        return config.name;
    case Qt::ToolTipRole:
    case CommandLineRole:
        return config.usesCommand() ? config.commandLineForDisplay() : config.url;
    case IdRole:
        return config.id.toString(QUuid::WithoutBraces);
    case ConfigRole:
        return QVariant::fromValue(config);
    case TransportRole:
        return ServerConfig::transportToString(config.transport);
    case ScopeRole:
        return ServerConfig::scopeToString(config.scope);
    case ApprovedRole:
        return isApproved(config);
    default:
        return QVariant();
    }
}

QHash<int, QByteArray> ServerCatalog::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(IdRole, "serverId");
    names.insert(ConfigRole, "config");
    names.insert(TransportRole, "transport");
    names.insert(ScopeRole, "scope");
    names.insert(ApprovedRole, "approved");
    names.insert(CommandLineRole, "commandLine");
    return names;
}

} // namespace Mcp
