#pragma once

#include "mcpjson.h"
#include "serverconfig.h"

#include <QAbstractListModel>
#include <QJsonObject>
#include <QList>
#include <QPointer>
#include <QProcessEnvironment>
#include <QSet>
#include <QUuid>

namespace Mcp {

class SecretStore;

// A file that could not be read as it was: where, why, and where a copy was kept.
struct CatalogProblem
{
    ConfigParseError error;
    QString backupPath;   // the untouched copy of the broken file; empty if none was needed

    // One paragraph for the GUI.
    QString toString() const;
};

// One server of an import and what to do with it. The GUI shows the conflicts and sets
// `action` (and `newName` for Rename) before ServerCatalog::applyImport().
struct ImportEntry
{
    enum class Action : quint8 { Add, Rename, Replace, Skip };

    ServerConfig config;   // as read from the source, with the plan's scope
    QUuid conflictsWith;   // the catalog server with the same name; null when there is none
    bool identical = false; // the conflicting server already has exactly this configuration
    Action action = Action::Add;
    QString newName;       // for Rename: a free name is proposed; the GUI may change it

    bool hasConflict() const { return !conflictsWith.isNull(); }
};

struct ImportPlan
{
    QString sourcePath;
    McpJsonDialect dialect = McpJsonDialect::Unknown;
    ServerConfig::Scope scope = ServerConfig::Scope::User;
    QList<ImportEntry> entries;
    QList<InputPrompt> inputs;
    QStringList warnings;

    int conflictCount() const;
};

// The user's saved servers (a JSON file in the user config directory) plus, optionally,
// the servers of one project folder (its .mcp.json, Claude Code format).
//
// A QAbstractListModel rather than a value type with a wrapper: the catalog has identity
// (two files on disk, approvals, a secret store) and the server list is its view, so
// row insert/move/remove signals come for free and one object stays the single source
// of truth. Every change is saved at once, atomically (QSaveFile); files are small.
class ServerCatalog : public QAbstractListModel
{
    Q_OBJECT
    Q_PROPERTY(bool secretsInFile READ secretsInFile WRITE setSecretsInFile NOTIFY secretsInFileChanged)

public:
    enum Role {
        IdRole = Qt::UserRole + 1, // QString, without braces
        ConfigRole,                // Mcp::ServerConfig
        TransportRole,             // QString: stdio, http, sse, auto
        ScopeRole,                 // QString: user, project
        ApprovedRole,              // bool: false while a command still needs the user's yes
        CommandLineRole,           // QString: commandLineForDisplay() or the URL
    };
    Q_ENUM(Role)

    // Uses defaultUserFilePath().
    explicit ServerCatalog(QObject *parent = nullptr);
    // For tests and portable setups: the user catalog lives at `userFilePath`.
    explicit ServerCatalog(const QString &userFilePath, QObject *parent = nullptr);
    ~ServerCatalog() override;

    // <AppConfigLocation>/servers.json
    static QString defaultUserFilePath();
    QString userFilePath() const { return m_userFilePath; }

    // Reads the user file. A broken file is copied to a backup next to it (never
    // overwritten), described in problems(), and the catalog keeps what it could read.
    // Returns false when there was a problem.
    bool load();
    QList<CatalogProblem> problems() const { return m_problems; }
    QStringList warnings() const { return m_warnings; }

    // Loads <folder>/.mcp.json as the project scope (replacing the previous project's
    // servers); an empty folder closes the project. Returns false on a problem (see problems()).
    bool setProjectFolder(const QString &folder);
    QString projectFolder() const { return m_projectFolder; }
    QString projectFilePath() const;

    // Read access.
    int count() const { return int(m_servers.size()); }
    const QList<ServerConfig> &servers() const { return m_servers; }
    ServerConfig server(int row) const { return m_servers.value(row); }
    int indexOf(const QUuid &id) const;
    ServerConfig find(const QUuid &id) const;
    int indexOfName(const QString &name) const;
    // `name` if free, else "name (2)", "name (3)"...
    QString uniqueName(const QString &name) const;

    // Changes; each is saved at once. add() gives a new id when the id is null or taken,
    // and returns the id used.
    QUuid add(ServerConfig config);
    // Matched by id. With KeepEmptySecrets, a secret left empty keeps the value the catalog
    // has (it may have arrived from the keychain after the editor copied the configuration);
    // ReplaceSecrets takes the configuration as is, so an empty secret is deleted.
    enum class SecretUpdate : quint8 { KeepEmptySecrets, ReplaceSecrets };
    bool update(const ServerConfig &config, SecretUpdate secrets = SecretUpdate::KeepEmptySecrets);
    // A connection detected the server's era: keep the record (EraRecord::toJson) in the
    // configuration's eraRecord, saved, when its era or version differ from what is there; an
    // empty record forgets it (the next connection probes). True when something changed.
    bool rememberEraRecord(const QUuid &id, const QJsonObject &record);
    QUuid duplicate(const QUuid &id);        // new id, "name (copy)", same scope, right after it
    bool remove(const QUuid &id);
    bool move(int from, int to);             // `to` is the final row

    // Conflicts are found by name; a server with the same name is proposed as Skip when it
    // is identical, Rename (to a free name) otherwise.
    ImportPlan planImport(const McpJsonImport &source,
                          ServerConfig::Scope scope = ServerConfig::Scope::User) const;
    // Returns the ids added or replaced, in plan order.
    QList<QUuid> applyImport(const ImportPlan &plan);

    // Command approval. A configuration that starts no process is always approved.
    bool isApproved(const ServerConfig &config) const;
    void approve(const ServerConfig &config);
    void revokeApproval(const ServerConfig &config);

    // Secrets: kept out of the plain files unless secretsInFile is on (user file only;
    // the project file never holds them). Without a store they live in memory only.
    void setSecretStore(SecretStore *store);
    SecretStore *secretStore() const { return m_secretStore; }
    bool secretsInFile() const { return m_secretsInFile; }
    void setSecretsInFile(bool inFile);

    // On first start (no user file existed), adds the bundled demo server, approved, once.
    // Returns true when it added it. Call it at every start: an entry added earlier is
    // pointed at `demoServerPath` when the application has moved.
    bool ensureDemoServer(const QString &demoServerPath);

    // ServerConfig::resolved(), with ${workspaceFolder} set to the project folder for
    // project servers (unless `inputs` gives it).
    ServerConfig resolve(const ServerConfig &config, const QProcessEnvironment &environment,
                         const QHash<QString, QString> &inputs, QStringList *unresolved) const;

    // Writes both files now. Normally not needed: every change saves.
    bool save();
    QString lastSaveError() const { return m_lastSaveError; }

    // QAbstractItemModel
    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;
    // One row at a time, as move() (the model API form, for views and proxies).
    bool moveRows(const QModelIndex &sourceParent, int sourceRow, int count,
                  const QModelIndex &destinationParent, int destinationChild) override;

Q_SIGNALS:
    void serverChanged(const QUuid &id);  // in addition to dataChanged, for pages showing one server
    void approvalsChanged();
    void secretsInFileChanged(bool inFile);
    void problemFound(const QString &message); // a broken file on load, or a failed save
    void saveFailed(const QString &message);

private:
    // The ids and names of m_servers, for loops that add many (a lookup per server would be
    // quadratic).
    QSet<QUuid> knownIds() const;
    QSet<QString> knownNames() const;
    static QString uniqueName(const QString &name, const QSet<QString> &taken);
    // Inserts a server whose id is free (add() without its check).
    void insertServer(ServerConfig config);
    // Reads a configuration file whole; one that is there but cannot be read is reported.
    enum class FileRead { Missing, Read, Failed };
    FileRead readConfigFile(const QString &path, QByteArray *content);
    bool loadUserFile();
    bool loadProjectFile();
    bool saveUserFile();
    bool saveProjectFile();
    bool saveScope(ServerConfig::Scope scope);
    void reportProblem(const QString &path, const ConfigParseError &error);
    void emitRowChanged(int row);

    // Secret plumbing (see setSecretStore()).
    bool fileHoldsSecrets(const ServerConfig &config) const;
    void storeSecrets(const ServerConfig &config, const ServerConfig *previous);
    void loadSecrets(const ServerConfig &config);
    void forgetSecrets(const ServerConfig &config);

    QString m_userFilePath;
    QString m_projectFolder;
    QList<ServerConfig> m_servers;
    QSet<QByteArray> m_approved;
    QJsonObject m_userRoot;     // the user file as read, for keys this version does not know
    QJsonObject m_projectRoot;  // likewise for the project file
    McpJsonDialect m_projectDialect = McpJsonDialect::McpServers;
    bool m_userFileExisted = false;
    bool m_demoServerOffered = false;
    bool m_secretsInFile = false;
    bool m_loading = false;
    QList<CatalogProblem> m_problems;
    QStringList m_warnings;
    QString m_lastSaveError;
    QPointer<SecretStore> m_secretStore;
};

} // namespace Mcp
