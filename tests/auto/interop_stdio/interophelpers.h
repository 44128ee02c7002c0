// Helpers shared by the stdio interop tests: wait for requests, collect pages, read content.
#pragma once

#include "requestrouter.h"
#include "session/client.h"
#include "transport/stdiotransport.h"
#include "toollisting.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QTest>

#include <functional>
#include <memory>
#include <optional>

using namespace Mcp;

namespace Interop {

inline constexpr int kWait = 20000;

inline QString peer(const char *relative)
{
    return QStringLiteral(MCPSCOPE_PEERS_DIR "/@modelcontextprotocol/") + QLatin1String(relative);
}

inline QString node()
{
    return QStandardPaths::findExecutable(QStringLiteral("node"));
}

inline StdioServerParameters stdioServer(const QString &program, const QStringList &arguments)
{
    StdioServerParameters parameters;
    parameters.program = program;
    parameters.arguments = arguments;
    parameters.closeStdinGraceMs = 1000;
    parameters.terminateGraceMs = 1000;
    return parameters;
}

inline StdioServerParameters nodeServer(const QString &script, const QStringList &arguments = {})
{
    return stdioServer(node(), QStringList{script} + arguments);
}

struct Outcome
{
    bool finished = false;
    bool isError = false;
    QJsonValue result;
    RpcError error;
    qint64 elapsedMs = 0;
    QList<double> progress;
    QList<double> totals;
};

inline std::shared_ptr<Outcome> watch(OutgoingRequest *handle)
{
    auto outcome = std::make_shared<Outcome>();
    QObject::connect(handle, &OutgoingRequest::finished, handle, [handle, outcome] {
        outcome->finished = true;
        outcome->isError = handle->isError();
        outcome->result = handle->result();
        outcome->error = handle->error();
        outcome->elapsedMs = handle->elapsedMs();
    });
    QObject::connect(handle, &OutgoingRequest::progress, handle, [outcome](double progress, double total, const QString &) {
        outcome->progress.append(progress);
        outcome->totals.append(total);
    });
    return outcome;
}

// Waits for the request and returns its result object; fails the test (empty object) on an error.
inline QJsonObject resultOf(OutgoingRequest *handle, int timeout = kWait)
{
    const QString method = handle->method();
    auto outcome = watch(handle);
    if (!QTest::qWaitFor([&] { return outcome->finished; }, timeout)) {
        qWarning("%s: no answer within %d ms", qPrintable(method), timeout);
        return {};
    }
    if (outcome->isError) {
        qWarning("%s failed: %d %s", qPrintable(method), outcome->error.code, qPrintable(outcome->error.message));
        return {};
    }
    return outcome->result.toObject();
}

inline QJsonArray listAll(Client *client, const ListDescriptor &list)
{
    return Test::listedItems(*client, list, kWait);
}

// A task-augmented tools/call: the task comes back at once; poll tasks/get until it ends,
// check tasks/list knows it, then return tasks/result (empty on any failure, with a warning).
inline QJsonObject callToolAsTask(Client *client, const QString &name, const QJsonObject &arguments)
{
    const QJsonObject created = resultOf(client->callTool(name, arguments, {}, {{QStringLiteral("ttl"), 60000}}));
    const QString taskId = created.value(QStringLiteral("task")).toObject().value(QStringLiteral("taskId")).toString();
    if (taskId.isEmpty()) {
        qWarning("%s: no task in %s", qPrintable(name), QJsonDocument(created).toJson(QJsonDocument::Compact).constData());
        return {};
    }
    QString status;
    const bool ended = QTest::qWaitFor(
        [&] {
            status = resultOf(client->getTask(taskId)).value(QStringLiteral("status")).toString();
            if (status == QLatin1String("completed") || status == QLatin1String("failed") || status == QLatin1String("cancelled"))
                return true;
            QTest::qWait(100);
            return false;
        },
        kWait);
    if (!ended || status != QLatin1String("completed")) {
        qWarning("%s: task %s ended as '%s'", qPrintable(name), qPrintable(taskId), qPrintable(status));
        return {};
    }
    bool listed = false;
    const QJsonArray tasks = resultOf(client->listTasks()).value(QStringLiteral("tasks")).toArray();
    for (const QJsonValue &task : tasks)
        listed = listed || task.toObject().value(QStringLiteral("taskId")).toString() == taskId;
    if (!listed) {
        qWarning("%s: tasks/list does not show task %s", qPrintable(name), qPrintable(taskId));
        return {};
    }
    return resultOf(client->getTaskResult(taskId));
}

inline QString allText(const QJsonObject &toolResult)
{
    QStringList texts;
    const QJsonArray content = toolResult.value(QStringLiteral("content")).toArray();
    for (const QJsonValue &block : content)
        if (block.toObject().value(QStringLiteral("type")).toString() == QLatin1String("text"))
            texts.append(block.toObject().value(QStringLiteral("text")).toString());
    return texts.join(u'\n');
}

inline QStringList contentTypes(const QJsonObject &toolResult)
{
    QStringList types;
    const QJsonArray content = toolResult.value(QStringLiteral("content")).toArray();
    for (const QJsonValue &block : content)
        types.append(block.toObject().value(QStringLiteral("type")).toString());
    return types;
}

inline QStringList names(const QJsonArray &items, const QString &key = QStringLiteral("name"))
{
    QStringList result;
    for (const QJsonValue &item : items)
        result.append(item.toObject().value(key).toString());
    return result;
}

// Answers server requests the way a person at the inspector would.
class ScriptedHandler : public ServerRequestHandler
{
public:
    using Answer = std::function<QJsonObject(const QJsonObject &params)>;
    explicit ScriptedHandler(Answer answer) : m_answer(std::move(answer)) {}
    void handleRequest(IncomingRequest *request) override
    {
        ++calls;
        lastParams = request->params();
        request->respond(m_answer(request->params()));
    }
    int calls = 0;
    QJsonObject lastParams;

private:
    Answer m_answer;
};

// A Client to the stdio server, connected (it waits for the initialize result): its era pinned
// when one is given; router, when given, answers the server's requests and says what is offered.
inline std::unique_ptr<Client> connectStdio(const StdioServerParameters &parameters, RequestRouter *router,
                                            const std::optional<Modern::EraChoice> &era = std::nullopt)
{
    auto client = std::make_unique<Client>(new StdioTransport(parameters));
    if (era)
        client->setEraChoice(*era);
    if (router) {
        ClientOptions options = client->options();
        options.features = router->features();
        client->setOptions(options);
        client->setServerRequestHandler(router);
    }
    client->connectToServer();
    if (!QTest::qWaitFor([&] { return client->state() == Client::State::Ready || client->state() == Client::State::Failed; },
                         kWait))
        qWarning("no initialize result within %d ms", kWait);
    if (client->state() != Client::State::Ready)
        qWarning("connection failed: %s", qPrintable(client->errorString()));
    return client;
}

// Disconnects client; fails the test unless it is disconnected within kWait.
inline void disconnectAndWait(Client *client)
{
    client->disconnectFromServer();
    QTRY_COMPARE_WITH_TIMEOUT(client->state(), Client::State::Disconnected, kWait);
}

} // namespace Interop
