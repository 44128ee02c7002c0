#pragma once

#include "jsonrpc/message.h"
#include "requestmeta.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>

namespace Mcp::Modern {

// One entry of a result's `inputRequests`: elicitation/create, sampling/createMessage or
// roots/list, under the key the server chose.
struct InputRequest
{
    QString key;
    QString method;
    QJsonObject params;
};

// The answer to one input request, given by the handler now or later, exactly once.
class InputReply : public QObject
{
    Q_OBJECT
public:
    // The result for the request's key in `inputResponses` (an ElicitResult, a
    // CreateMessageResult or a ListRootsResult).
    void answer(const QJsonObject &result);
    // No answer: the key is left out of `inputResponses` and the server decides (it may ask again).
    void decline();
    bool isDone() const { return m_done; }

Q_SIGNALS:
    void done();

private:
    friend class MultiRoundTripRequest;
    explicit InputReply(QObject *parent) : QObject(parent) {}
    void finish(bool answered, const QJsonObject &result);
    bool m_done = false;
    bool m_answered = false;
    QJsonObject m_result;
};

class MultiRoundTripRequest;

// Answers input requests, for instance with the existing roots, sampling and elicitation UI.
class InputRequestHandler
{
public:
    virtual ~InputRequestHandler() = default;
    // Keep `reply` in a QPointer: it is gone when the request is cancelled or finished.
    virtual void handleInputRequest(const InputRequest &request, InputReply *reply) = 0;
    // The owner's notices, as calls: a connection to each signal would cost every request
    // (the signals tell anyone else). The request became a task (before its first
    // taskStatusChanged()), is ready for its next round, failed, or its rounds changed.
    virtual void requestBecameTask(MultiRoundTripRequest *request) { Q_UNUSED(request) }
    virtual void requestRetryReady(MultiRoundTripRequest *request) { Q_UNUSED(request) }
    virtual void requestFailed(MultiRoundTripRequest *request, const QString &message)
    {
        Q_UNUSED(request)
        Q_UNUSED(message)
    }
    virtual void requestRoundsChanged(MultiRoundTripRequest *request) { Q_UNUSED(request) }
};

// One input request of a round, what was answered and how long it took.
struct InputExchange
{
    QString key;
    QString method;
    QJsonObject params;
    bool answered = false;
    QJsonObject response;
    qint64 latencyMs = -1; // -1 while the handler has not answered
};

// One round trip: the request sent with its own id, and the input the server asked for.
struct RoundRecord
{
    MessageId requestId;
    qint64 sentAtMs = -1;     // since the logical request started
    qint64 answeredAtMs = -1; // when its result (or error) came back
    bool inputRequired = false;
    bool carriedRequestState = false;
    // Input a task asked for in a tasks/get answer (requestId is that poll's), answered with
    // tasks/update rather than by a retry.
    bool taskPoll = false;
    bool becameTask = false; // answered with a CreateTaskResult: followed with tasks/get from here
    QList<InputExchange> inputs;
};

// A multi round-trip request (basic/patterns/mrtr.mdx) as one logical request. It does not
// send anything: the caller sends params() with a new id, reports sent(id) and the answer,
// and sends again on retryReady(). An input_required result is answered by asking the
// handler for every input request; the retry carries the original params, `inputResponses`
// and the `requestState` value exactly as the server sent it. Rounds are bounded.
//
// A tools/call the server turns into a task (the tasks extension, SEP-2663: a result with
// resultType "task") is followed to its end as the same logical request: taskPollDue() asks
// the caller to send tasks/get {taskId} (at the server's pollIntervalMs), whose answers come
// back through taskStatusReceived(); input the task asks for is gathered from the handler as
// in a round and goes out through taskInputReady() as tasks/update; the inlined result (or
// error) of the finished task completes the request.
class MultiRoundTripRequest : public QObject
{
    Q_OBJECT
public:
    static constexpr int DefaultMaxRounds = 10;
    static constexpr int DefaultStateOnlyRetryDelayMs = 250;
    enum class State { ReadyToSend, AwaitingResult, CollectingInput, FollowingTask, Completed, Failed, Cancelled };
    static constexpr int DefaultTaskPollMs = 1000;
    static constexpr int MinTaskPollMs = 50;
    static constexpr int MaxTaskPollMs = 10000;

    // clientCapabilities: what the requests declare; the server may only ask for those.
    MultiRoundTripRequest(const QString &method, const QJsonObject &params, InputRequestHandler *handler,
                          const QJsonObject &clientCapabilities, QObject *parent = nullptr);

    void setMaxRounds(int rounds) { m_maxRounds = rounds; }
    // A result with requestState and no input requests is retried after this pause.
    void setStateOnlyRetryDelay(int ms) { m_stateOnlyRetryDelayMs = ms; }

    QString method() const { return m_method; }
    State state() const { return m_state; }
    // The params of the round to send now.
    QJsonObject params() const { return m_params; }
    QList<RoundRecord> rounds() const { return m_rounds; }
    QString errorMessage() const { return m_error; }

    // The round went out with this id, which no earlier round of this request used.
    void sent(const MessageId &id);
    // A complete result is read for its resultType only, so it may be Message::resultHead().
    void resultReceived(const QJsonObject &result);
    // The same, for a caller that has read the resultType already (it routes every reply).
    void resultReceived(const QJsonObject &result, ResultType type);
    void errorReceived(const QString &message);
    // Stops between rounds: pending input replies are dropped and no retry follows. The
    // caller cancels a request in flight on its transport (and a task with tasks/cancel).
    void cancel();

    // The task the request became, if it did (empty otherwise), and the last status seen.
    QString taskId() const { return m_taskId; }
    QJsonObject taskStatus() const { return m_task; }
    bool isTask() const { return !m_taskId.isEmpty(); }
    // How long the client waits between tasks/get polls now.
    int taskPollIntervalMs() const { return m_taskPollMs; }
    // A tasks/get answer (a DetailedTask) for this request's task, or why the poll failed.
    void taskStatusReceived(const MessageId &pollId, const QJsonObject &task);
    void taskPollFailed(const QString &message);

Q_SIGNALS:
    void retryReady();
    // The last round's result was complete (the caller has it), or the task completed: its
    // result is taskStatus()'s "result".
    void completed();
    void failed(const QString &message);
    void cancelled();
    // A round was sent, answered, or one of its inputs answered (for the timeline).
    void roundsChanged();
    // The task: send tasks/get {taskId} now; send tasks/update with these responses; a new status.
    void taskPollDue();
    void taskInputReady(const QJsonObject &inputResponses);
    void taskStatusChanged(const QJsonObject &task);

private:
    void collectInput(const QJsonObject &result);
    void inputDone(int index, InputReply *reply);
    void retry();
    void fail(const QString &message);
    void dropReplies(); // the round's pending input replies, no longer wanted
    void announceRoundsChanged(); // roundsChanged(), and the handler's requestRoundsChanged()
    void followTask(const QJsonObject &created);
    void schedulePoll();
    QString undeclaredCapability(const InputRequest &request) const;

    QString m_method;
    QJsonObject m_originalParams;
    QJsonObject m_params;
    InputRequestHandler *m_handler;
    QJsonObject m_capabilities;
    int m_maxRounds = DefaultMaxRounds;
    int m_stateOnlyRetryDelayMs = DefaultStateOnlyRetryDelayMs;
    State m_state = State::ReadyToSend;
    QElapsedTimer m_clock;
    QList<RoundRecord> m_rounds;
    QList<QPointer<InputReply>> m_replies;
    QJsonValue m_requestState = QJsonValue::Undefined;
    QString m_error;
    QString m_taskId;
    QJsonObject m_task;
    int m_taskPollMs = DefaultTaskPollMs;
    QSet<QString> m_answeredTaskInputs; // keys sent with tasks/update, not asked again
};

} // namespace Mcp::Modern
