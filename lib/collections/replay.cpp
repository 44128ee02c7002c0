#include "replay.h"

#include "protocol/keys.h"
#include "protocol/methods.h"
#include "protocol/errorcodes.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

namespace Mcp {

namespace {

QString idKey(const QJsonValue &id)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray{id}).toJson(QJsonDocument::Compact));
}

bool isLifecycle(const QString &method)
{
    return method == Method::Initialize || method == Method::ServerDiscover
        || method == Method::SubscriptionsListen || method == Method::Ping;
}

// A client's answer to a server request, as a scripted answer of its kind.
void addAnswer(ScriptedAnswers *answers, const QString &method, const QJsonObject &reply)
{
    QJsonObject answer = reply.contains(Key::Error)
        ? QJsonObject{{Key::Error, reply.value(Key::Error)}}
        : reply.value(Key::Result).toObject();
    if (method == Method::ElicitationCreate)
        answers->elicitation.append(answer);
    else if (method == Method::SamplingCreateMessage)
        answers->sampling.append(answer);
    else if (method == Method::RootsList)
        answers->roots = answer.value(Key::Roots).toArray();
}

} // namespace

ReplayPlan ReplayPlan::fromCapture(const CapturedMessages &capture, int connectionId)
{
    ReplayPlan plan;
    if (connectionId == 0) {
        for (const CapturedMessage &m : capture.messages) {
            if (m.outgoing && m.message.contains(Key::Method) && m.message.contains(QLatin1String("id"))) {
                connectionId = m.connectionId;
                break;
            }
        }
    }
    plan.connectionId = connectionId;
    plan.connectionName = capture.connectionNames.value(connectionId);
    QHash<QString, int> stepOfId;          // our request id -> step index
    QHash<QString, QString> serverRequests; // the server's request id -> method
    QHash<int, QHash<QString, QString>> inputMethods; // step -> input key -> method (modern)
    QHash<int, qint64> sentAtMs;            // step -> when its first request went out
    int lastOpen = -1;                      // the latest step still waiting for its answer
    QHash<QString, int> stepOfTask;         // a task a call became (modern) -> step
    QHash<QString, int> followOfId;         // our tasks/get, tasks/update, tasks/cancel id -> the step they follow
    for (const CapturedMessage &m : capture.messages) {
        if (m.connectionId != connectionId)
            continue;
        const QJsonObject &message = m.message;
        const bool hasId = message.contains(QLatin1String("id"));
        const QString method = message.value(Key::Method).toString();
        const bool isReply = message.contains(Key::Result) || message.contains(Key::Error);
        if (m.outgoing && !method.isEmpty()) {
            // Who the recorded client said it was: initialize (legacy), or every request's _meta (modern).
            const QJsonObject params = message.value(Key::Params).toObject();
            const QJsonObject meta = params.value(Key::Meta).toObject();
            if (method == Method::Initialize && !plan.clientCapabilities) {
                plan.clientCapabilities = params.value(Key::Capabilities).toObject();
                plan.clientInfo = params.value(Key::ClientInfo).toObject();
            } else if (!plan.clientCapabilities && meta.value(MetaKey::ClientCapabilities).isObject()) {
                plan.clientCapabilities = meta.value(MetaKey::ClientCapabilities).toObject();
                plan.clientInfo = meta.value(MetaKey::ClientInfo).toObject();
            }
        }
        if (m.outgoing && method == Method::CancelledNotification && !hasId) {
            const QJsonValue requestId = message.value(Key::Params).toObject().value(Key::RequestId);
            const auto it = stepOfId.constFind(idKey(requestId));
            if (it != stepOfId.constEnd()) {
                const qint64 sent = sentAtMs.value(*it, -1);
                plan.steps[*it].cancelAfterMs = sent >= 0 && m.atMs >= sent ? m.atMs - sent : 0;
            }
            continue;
        }
        if (m.outgoing && hasId && method.startsWith(QLatin1String("tasks/"))) {
            // Following a task a call became: part of that call, not a request of its own. The
            // replaying client follows its own task; a tasks/cancel is where the call was cancelled.
            const QJsonObject params = message.value(Key::Params).toObject();
            const auto task = stepOfTask.constFind(params.value(Key::TaskId).toString());
            if (task != stepOfTask.constEnd()) {
                followOfId.insert(idKey(message.value(QLatin1String("id"))), *task);
                if (method == Method::TasksCancel) {
                    const qint64 sent = sentAtMs.value(*task, -1);
                    plan.steps[*task].cancelAfterMs = sent >= 0 && m.atMs >= sent ? m.atMs - sent : 0;
                }
                const QJsonObject responses = params.value(Key::InputResponses).toObject();
                for (auto it = responses.begin(); it != responses.end(); ++it)
                    addAnswer(&plan.steps[*task].answers, inputMethods.value(*task).value(it.key()),
                              QJsonObject{{Key::Result, it.value()}});
                continue;
            }
        }
        if (m.outgoing && !method.isEmpty() && hasId) {
            if (isLifecycle(method)) {
                ++plan.skipped;
                continue;
            }
            QJsonObject params = message.value(Key::Params).toObject();
            if (params.contains(Key::InputResponses) || params.contains(Key::RequestState)) {
                // A modern retry: the same logical request as the latest one of its method.
                int step = -1;
                for (int i = int(plan.steps.size()) - 1; i >= 0; --i) {
                    if (plan.steps.at(i).method == method) {
                        step = i;
                        break;
                    }
                }
                if (step >= 0) {
                    const QJsonObject responses = params.value(Key::InputResponses).toObject();
                    for (auto it = responses.begin(); it != responses.end(); ++it) {
                        const QString inputMethod = inputMethods.value(step).value(it.key());
                        addAnswer(&plan.steps[step].answers, inputMethod, QJsonObject{{Key::Result, it.value()}});
                    }
                    stepOfId.insert(idKey(message.value(QLatin1String("id"))), step);
                    lastOpen = step;
                    continue;
                }
            }
            params.remove(Key::Meta);
            params.remove(Key::InputResponses);
            params.remove(Key::RequestState);
            ReplayStep step;
            step.ordinal = int(plan.steps.size()) + 1;
            step.method = method;
            step.params = params;
            plan.steps.append(step);
            lastOpen = int(plan.steps.size()) - 1;
            sentAtMs.insert(lastOpen, m.atMs);
            stepOfId.insert(idKey(message.value(QLatin1String("id"))), lastOpen);
        } else if (!m.outgoing && isReply && hasId && followOfId.contains(idKey(message.value(QLatin1String("id"))))) {
            // A task's status: input it asks for, or its end (a cancelled one ends without an answer).
            const int step = followOfId.value(idKey(message.value(QLatin1String("id"))));
            const QJsonObject task = message.value(Key::Result).toObject();
            const QString status = task.value(Key::Status).toString();
            if (status == TaskStatusValue::InputRequired) {
                const QJsonObject requests = task.value(Key::InputRequests).toObject();
                for (auto r = requests.begin(); r != requests.end(); ++r)
                    inputMethods[step].insert(r.key(), r.value().toObject().value(Key::Method).toString());
            } else if (status == TaskStatusValue::Completed) {
                plan.steps[step].recorded = QJsonObject{{Key::Result, task.value(Key::Result)}};
            } else if (status == TaskStatusValue::Failed) {
                plan.steps[step].recorded = QJsonObject{{Key::Error, task.value(Key::Error)}};
            }
        } else if (!m.outgoing && isReply && hasId) {
            const auto it = stepOfId.constFind(idKey(message.value(QLatin1String("id"))));
            if (it == stepOfId.constEnd())
                continue;
            ReplayStep &step = plan.steps[*it];
            const QJsonObject result = message.value(Key::Result).toObject();
            if (result.value(Key::ResultType).toString() == ResultTypeValue::InputRequired) {
                const QJsonObject requests = result.value(Key::InputRequests).toObject();
                for (auto r = requests.begin(); r != requests.end(); ++r)
                    inputMethods[*it].insert(r.key(), r.value().toObject().value(Key::Method).toString());
                continue; // not the final answer
            }
            if (result.value(Key::ResultType).toString() == ResultTypeValue::Task) {
                stepOfTask.insert(result.value(Key::TaskId).toString(), *it);
                continue; // a task handle: the answer comes on a poll
            }
            QJsonObject answer;
            if (message.contains(Key::Error))
                answer.insert(Key::Error, message.value(Key::Error));
            else
                answer.insert(Key::Result, message.value(Key::Result));
            step.recorded = answer;
        } else if (!m.outgoing && !method.isEmpty() && hasId) {
            serverRequests.insert(idKey(message.value(QLatin1String("id"))), method);
        } else if (m.outgoing && isReply && hasId && lastOpen >= 0) {
            const QString asked = serverRequests.value(idKey(message.value(QLatin1String("id"))));
            addAnswer(&plan.steps[lastOpen].answers, asked, message);
        }
    }
    return plan;
}

Collection ReplayPlan::toCollection(const CollectionServer &server) const
{
    Collection collection;
    collection.name = QStringLiteral("replay");
    CollectionServer replayed = server;
    if (clientCapabilities) {
        replayed.clientCapabilities = clientCapabilities;
        replayed.clientInfo = clientInfo;
    }
    collection.servers.append(replayed);
    for (const ReplayStep &step : steps) {
        CollectionCall call;
        call.name = QStringLiteral("#%1 %2").arg(step.ordinal).arg(step.method);
        call.server = server.name;
        call.method = step.method;
        call.params = step.params;
        call.paramsAsRecorded = true;
        call.answers = step.answers;
        call.cancelAfterMs = step.cancelAfterMs;
        // Any answer will do: compareReplay judges it.
        call.assertions.append(Assertion{Assertion::Kind::PathExists, QStringLiteral("$"), true, QJsonValue::Undefined, {}});
        collection.calls.append(call);
    }
    return collection;
}

static QJsonValue normalized(const QJsonValue &value)
{
    static const QRegularExpression timestamp(
        QStringLiteral("\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?"));
    if (value.isObject()) {
        QJsonObject object = value.toObject();
        object.remove(Key::Meta);
        for (auto it = object.begin(); it != object.end(); ++it)
            *it = normalized(*it);
        return object;
    }
    if (value.isArray()) {
        QJsonArray array = value.toArray();
        for (auto it = array.begin(); it != array.end(); ++it)
            *it = normalized(*it);
        return array;
    }
    if (value.isString() && value.toString().contains(timestamp))
        return value.toString().replace(timestamp, QStringLiteral("<timestamp>"));
    return value;
}

QJsonValue normalizedAnswer(const QJsonObject &answer)
{
    QJsonObject copy = answer;
    if (copy.contains(Key::Result) && copy.value(Key::Result).isObject()) {
        QJsonObject result = copy.value(Key::Result).toObject();
        for (const char *member : {"resultType", "ttlMs", "cacheScope", "requestState"})
            result.remove(QLatin1String(member));
        copy.insert(Key::Result, result);
    }
    if (copy.contains(Key::Error)) {
        QJsonObject error = copy.value(Key::Error).toObject();
        error.remove(Key::Data);
        copy.insert(Key::Error, error);
    }
    return normalized(copy);
}

// "name" or "uri" when every item of both arrays is an object with a distinct string value
// of it; empty otherwise.
static QString identityKey(const QJsonArray &x, const QJsonArray &y)
{
    for (const QString &key : {Key::Name, Key::Uri, Key::UriTemplate}) {
        QSet<QString> seen[2];
        bool usable = !(x.isEmpty() && y.isEmpty());
        int side = 0;
        for (const QJsonArray *array : {&x, &y}) {
            for (const QJsonValue &item : *array) {
                const QJsonValue id = item.toObject().value(key);
                if (!id.isString() || seen[side].contains(id.toString())) {
                    usable = false;
                    break;
                }
                seen[side].insert(id.toString());
            }
            ++side;
        }
        if (usable)
            return key;
    }
    return {};
}

static void differences(const QJsonValue &a, const QJsonValue &b, const QString &path, QList<ReplayDifference> *out, int limit)
{
    if (out->size() >= limit || a == b)
        return;
    if (a.isObject() && b.isObject()) {
        const QJsonObject x = a.toObject();
        const QJsonObject y = b.toObject();
        QStringList keys = x.keys();
        for (const QString &key : y.keys()) {
            if (!x.contains(key)) // a lookup, not a scan of the keys so far: a server decides how many
                keys.append(key);
        }
        static const QRegularExpression plainName(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
        for (const QString &key : std::as_const(keys)) {
            const QString child = plainName.match(key).hasMatch() ? QString(path + u'.' + key) : QString(path + QStringLiteral("['%1']").arg(key));
            differences(x.value(key), y.value(key), child, out, limit);
        }
        return;
    }
    if (a.isArray() && b.isArray()) {
        const QJsonArray x = a.toArray();
        const QJsonArray y = b.toArray();
        // Listings (tools, prompts, resources) are matched by name or URI, so that one item
        // added or removed is one difference, not a shift of every item after it.
        const QString key = identityKey(x, y);
        if (!key.isEmpty()) {
            QStringList ids;
            QHash<QString, QJsonValue> before, after;
            for (const QJsonValue &item : x) {
                ids.append(item.toObject().value(key).toString());
                before.insert(ids.last(), item);
            }
            for (const QJsonValue &item : y) {
                const QString id = item.toObject().value(key).toString();
                if (!before.contains(id))
                    ids.append(id);
                after.insert(id, item);
            }
            for (const QString &id : std::as_const(ids))
                differences(before.value(id, QJsonValue::Undefined), after.value(id, QJsonValue::Undefined),
                            path + QStringLiteral("[?(@.%1==\"%2\")]").arg(key, id), out, limit);
            return;
        }
        for (qsizetype i = 0; i < qMax(x.size(), y.size()); ++i)
            differences(i < x.size() ? x.at(i) : QJsonValue(QJsonValue::Undefined),
                        i < y.size() ? y.at(i) : QJsonValue(QJsonValue::Undefined), path + QStringLiteral("[%1]").arg(i), out, limit);
        return;
    }
    out->append({path, a, b});
}

QList<ReplayDifference> jsonDifferences(const QJsonValue &recorded, const QJsonValue &replayed, int limit)
{
    QList<ReplayDifference> out;
    differences(recorded, replayed, QStringLiteral("$"), &out, limit);
    return out;
}

QList<ReplayStepResult> compareReplay(const ReplayPlan &plan, const RunReport &report)
{
    QList<ReplayStepResult> results;
    for (qsizetype i = 0; i < plan.steps.size(); ++i) {
        ReplayStepResult r;
        r.step = plan.steps.at(i);
        if (i < report.calls.size())
            r.outcome = report.calls.at(i).outcome;
        const bool cancelledAgain = r.step.cancelAfterMs && r.outcome.ran && r.outcome.response.error
            && r.outcome.response.error->code == SessionErrorCode::Cancelled;
        if (cancelledAgain && !r.step.recorded) {
            // Cancelled as it was, and (as recorded) without an answer: the same.
        } else if (!r.outcome.ran) {
            r.differences.append({QStringLiteral("$"), r.step.recorded ? QJsonValue(*r.step.recorded) : QJsonValue::Undefined,
                                  QJsonValue(QStringLiteral("not sent: %1").arg(r.outcome.connectionError))});
        } else {
            const QJsonObject replayed = r.outcome.response.isError()
                ? QJsonObject{{Key::Error, r.outcome.response.error->toJson()}}
                : QJsonObject{{Key::Result, r.outcome.response.result}};
            const QJsonValue recorded = r.step.recorded ? normalizedAnswer(*r.step.recorded) : QJsonValue(QJsonValue::Undefined);
            r.differences = jsonDifferences(recorded, normalizedAnswer(replayed));
        }
        results.append(r);
    }
    return results;
}

} // namespace Mcp
