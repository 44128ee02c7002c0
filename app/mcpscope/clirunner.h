#pragma once

#include "clioptions.h"

#include "answers/scriptedresponder.h"
#include "config/serverconfig.h"
#include "session/client.h"
#include "transport/trafficevent.h"

#include <QObject>
#include <QPointer>

namespace Mcp::Cli {

// Runs one operation of `mcpscope --cli` against one server, asynchronously:
// connect, initialize, the request, a graceful disconnect, then finished(exitCode).
// The result goes to stdout as JSON; every error goes to stderr as a sentence.
class CliRunner : public QObject
{
    Q_OBJECT

public:
    explicit CliRunner(const CliOptions &options, QObject *parent = nullptr);
    ~CliRunner() override;

    void start();
    // The last error said on stderr (empty on success), for the v2 error envelope.
    QString errorMessage() const { return m_errorMessage; }

Q_SIGNALS:
    void finished(int exitCode);

private:
    static ScriptedAnswers scriptedAnswers(const CliOptions &options);
    bool createClient();
    void runOperation();
    void reportEra();
    QString connectHint() const;
    void listen();
    void printNotification(const Message &notification);
    void onRequestDone(OutgoingRequest *handle);
    void onListDone(const QString &itemsKey, const QJsonArray &items, const std::optional<RpcError> &error);
    void printResult(const QJsonValue &result);
    void printResult(const ResultTexts &result);
    void printJson(const QJsonDocument &document, bool compact, const ResultTexts &texts = {});
    void fail(int exitCode, const QString &message);
    void finish(int exitCode);
    bool writeCapture(QString *error) const;

    CliOptions m_options;
    QPointer<Client> m_client;
    ScriptedResponder m_responder;
    QList<TrafficEvent> m_capture;
    QStringList m_secretValues;
    QString m_serverLabel; // names the connection in the capture
    QString m_errorMessage;
    bool m_operationStarted = false;
    bool m_listUndeclared = false; // the list method asked is of a capability the server did not declare
    bool m_finishing = false; // shutting down: the exit code is decided
    bool m_done = false;      // finished() emitted
    int m_exitCode = ExitOk;
};

// The server the options name, as a configuration: from --config, or made from the command and
// its arguments or the URL. -e, --header and --cwd apply on top of a --config entry.
bool serverConfiguration(const CliOptions &options, ServerConfig *config, QString *error);

// Entry point for `mcpscope --cli ARGS` (ARGS without --cli). Needs a QCoreApplication.
int run(const QStringList &arguments);

} // namespace Mcp::Cli
