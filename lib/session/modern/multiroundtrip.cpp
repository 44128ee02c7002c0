#include "multiroundtrip.h"

#include "requestmeta.h"
#include "protocol/keys.h"
#include "protocol/methods.h"
#include "protocol/versions.h"
#include "protocol/errorcodes.h"

#include <QJsonValue>
#include <QTimer>

namespace Mcp::Modern {

void InputReply::answer(const QJsonObject &result)
{
    finish(true, result);
}

void InputReply::decline()
{
    finish(false, {});
}

void InputReply::finish(bool answered, const QJsonObject &result)
{
    if (m_done)
        return;
    m_done = true;
    m_answered = answered;
    m_result = result;
    Q_EMIT done();
}

MultiRoundTripRequest::MultiRoundTripRequest(const QString &method, const QJsonObject &params,
                                             InputRequestHandler *handler, const QJsonObject &clientCapabilities,
                                             QObject *parent)
    : QObject(parent), m_method(method), m_originalParams(params), m_params(params), m_handler(handler),
      m_capabilities(clientCapabilities)
{
    m_clock.start();
}

void MultiRoundTripRequest::sent(const MessageId &id)
{
    if (m_state != State::ReadyToSend)
        return;
    for (const RoundRecord &round : std::as_const(m_rounds)) {
        if (round.requestId == id) {
            fail(tr("Round %1 of %2 reused the request id %3; every round needs a new id.")
                     .arg(m_rounds.size() + 1).arg(m_method, id.toDisplayString()));
            return;
        }
    }
    RoundRecord round;
    round.requestId = id;
    round.sentAtMs = m_clock.elapsed();
    round.carriedRequestState = m_params.contains(Key::RequestState);
    m_rounds.append(round);
    m_state = State::AwaitingResult;
    announceRoundsChanged();
}

void MultiRoundTripRequest::resultReceived(const QJsonObject &result)
{
    resultReceived(result, resultTypeOf(result));
}

void MultiRoundTripRequest::resultReceived(const QJsonObject &result, ResultType type)
{
    if (m_state != State::AwaitingResult)
        return;
    m_rounds.last().answeredAtMs = m_clock.elapsed();
    switch (type) {
    case ResultType::Complete:
        m_state = State::Completed;
        announceRoundsChanged();
        Q_EMIT completed();
        return;
    case ResultType::Unrecognized:
        fail(tr("The server answered %1 with a result of unknown type \"%2\".")
                 .arg(m_method, result.value(Key::ResultType).toVariant().toString()));
        return;
    case ResultType::InputRequired:
        m_rounds.last().inputRequired = true;
        collectInput(result);
        return;
    case ResultType::Task:
        followTask(result);
        return;
    }
}

void MultiRoundTripRequest::followTask(const QJsonObject &created)
{
    m_taskId = created.value(Key::TaskId).toString();
    if (m_taskId.isEmpty() || m_method != Method::ToolsCall) {
        fail(m_taskId.isEmpty() ? tr("The server answered %1 with a task but no taskId.").arg(m_method)
                                : tr("The server answered %1 with a task, which only tools/call may become.")
                                      .arg(m_method));
        return;
    }
    m_state = State::FollowingTask;
    m_rounds.last().becameTask = true;
    if (m_handler)
        m_handler->requestBecameTask(this);
    taskStatusReceived(m_rounds.last().requestId, created);
}

void MultiRoundTripRequest::schedulePoll()
{
    QTimer::singleShot(m_taskPollMs, this, [this] {
        if (m_state == State::FollowingTask)
            Q_EMIT taskPollDue();
    });
}

void MultiRoundTripRequest::taskStatusReceived(const MessageId &pollId, const QJsonObject &task)
{
    if (m_state != State::FollowingTask)
        return;
    if (task.value(Key::TaskId).toString() != m_taskId) {
        fail(tr("tasks/get for task %1 answered about another task (%2).")
                 .arg(m_taskId, task.value(Key::TaskId).toString()));
        return;
    }
    m_task = task;
    // The server's pace, within bounds: neither a busy loop nor a task that looks stuck.
    const QJsonValue interval = task.value(Key::PollIntervalMs);
    if (interval.isDouble())
        m_taskPollMs = qBound(MinTaskPollMs, interval.toInt(DefaultTaskPollMs), MaxTaskPollMs);
    Q_EMIT taskStatusChanged(task);
    const QString status = task.value(Key::Status).toString();
    if (status == TaskStatusValue::Completed) {
        const QJsonValue result = task.value(Key::Result);
        if (!result.isObject()) {
            fail(tr("Task %1 completed without a result.").arg(m_taskId));
            return;
        }
        m_state = State::Completed;
        announceRoundsChanged();
        Q_EMIT completed();
    } else if (status == TaskStatusValue::Failed) {
        const QString message = task.value(Key::Error).toObject().value(Key::Message).toString(
            task.value(Key::StatusMessage).toString());
        fail(message.isEmpty() ? tr("Task %1 failed.").arg(m_taskId) : tr("Task %1 failed: %2").arg(m_taskId, message));
    } else if (status == TaskStatusValue::Cancelled) {
        const QString message = task.value(Key::StatusMessage).toString();
        fail(message.isEmpty() ? tr("Task %1 was cancelled.").arg(m_taskId)
                               : tr("Task %1 was cancelled: %2").arg(m_taskId, message));
    } else if (status == TaskStatusValue::InputRequired) {
        // Only what has not been answered yet: the server may still report keys it is
        // processing from the last tasks/update.
        QJsonObject requests = task.value(Key::InputRequests).toObject();
        for (const QString &key : std::as_const(m_answeredTaskInputs))
            requests.remove(key);
        if (requests.isEmpty()) {
            schedulePoll();
            return;
        }
        RoundRecord round;
        round.requestId = pollId;
        round.sentAtMs = round.answeredAtMs = m_clock.elapsed();
        round.inputRequired = true;
        round.taskPoll = true;
        m_rounds.append(round);
        collectInput(QJsonObject{{Key::InputRequests, requests}});
    } else {
        schedulePoll(); // working, or a status this client does not know yet
    }
}

void MultiRoundTripRequest::taskPollFailed(const QString &message)
{
    if (m_state == State::FollowingTask)
        fail(tr("Following task %1 failed: %2").arg(m_taskId, message));
}

void MultiRoundTripRequest::errorReceived(const QString &message)
{
    if (m_state != State::AwaitingResult)
        return;
    m_rounds.last().answeredAtMs = m_clock.elapsed();
    // A failure always says something, also when the server's error said nothing.
    fail(message.isEmpty() ? tr("The server answered %1 with an error without a message.").arg(m_method) : message);
}

void MultiRoundTripRequest::cancel()
{
    if (m_state == State::Completed || m_state == State::Failed || m_state == State::Cancelled)
        return;
    m_state = State::Cancelled;
    dropReplies();
    Q_EMIT cancelled();
}

void MultiRoundTripRequest::collectInput(const QJsonObject &result)
{
    static const QStringList mrtrMethods = {Method::ToolsCall, Method::PromptsGet, Method::ResourcesRead};
    if (!mrtrMethods.contains(m_method)) {
        fail(tr("The server answered %1 with input_required, which only tools/call, prompts/get and "
                "resources/read may receive.").arg(m_method));
        return;
    }
    const int inputRounds = int(std::count_if(m_rounds.cbegin(), m_rounds.cend(),
                                              [](const RoundRecord &round) { return round.inputRequired; }));
    if (inputRounds > m_maxRounds) {
        fail(tr("The server still asked for input after %n round(s) of %1; MCP Scope stopped there.", nullptr,
                m_maxRounds).arg(m_method));
        return;
    }
    const QJsonValue requests = result.value(Key::InputRequests);
    if (!isTask())
        m_requestState = result.value(Key::RequestState);
    if (requests.isUndefined() && m_requestState.isUndefined()) {
        fail(tr("The server answered %1 with input_required but neither input requests nor request state.")
                 .arg(m_method));
        return;
    }
    if (!requests.isUndefined() && !requests.isObject()) {
        fail(tr("The server's inputRequests is not an object."));
        return;
    }

    QList<InputRequest> inputs;
    const QJsonObject requestMap = requests.toObject();
    for (auto it = requestMap.constBegin(); it != requestMap.constEnd(); ++it) {
        const QJsonObject entry = it.value().toObject();
        const InputRequest input{it.key(), entry.value(Key::Method).toString(),
                                 entry.value(Key::Params).toObject()};
        const QString capability = undeclaredCapability(input);
        if (!capability.isEmpty()) {
            fail(capability);
            return;
        }
        inputs.append(input);
    }

    RoundRecord &round = m_rounds.last();
    for (const InputRequest &input : std::as_const(inputs))
        round.inputs.append({input.key, input.method, input.params, false, {}, -1});
    m_state = State::CollectingInput;
    announceRoundsChanged();

    if (inputs.isEmpty()) {
        // Only requestState (the server sheds load): retry after a pause.
        QTimer::singleShot(m_stateOnlyRetryDelayMs, this, [this] {
            if (m_state == State::CollectingInput)
                retry();
        });
        return;
    }
    // Every reply exists before the handler is asked, so that synchronous answers cannot
    // finish the round early.
    for (int i = 0; i < inputs.size(); ++i) {
        auto *reply = new InputReply(this);
        connect(reply, &InputReply::done, this, [this, i, reply] { inputDone(i, reply); });
        m_replies.append(reply);
    }
    const QList<QPointer<InputReply>> replies = m_replies;
    for (int i = 0; i < inputs.size() && m_state == State::CollectingInput; ++i) {
        if (replies.at(i))
            m_handler->handleInputRequest(inputs.at(i), replies.at(i));
    }
}

void MultiRoundTripRequest::inputDone(int index, InputReply *reply)
{
    if (m_state != State::CollectingInput)
        return;
    RoundRecord &round = m_rounds.last();
    InputExchange &input = round.inputs[index];
    input.answered = reply->m_answered;
    input.response = reply->m_result;
    input.latencyMs = m_clock.elapsed() - round.answeredAtMs;
    announceRoundsChanged();
    const bool allDone = std::all_of(m_replies.cbegin(), m_replies.cend(),
                                     [](const QPointer<InputReply> &r) { return r && r->isDone(); });
    if (allDone)
        retry();
}

void MultiRoundTripRequest::retry()
{
    QJsonObject responses;
    for (const InputExchange &input : std::as_const(m_rounds.last().inputs)) {
        if (input.answered)
            responses.insert(input.key, input.response);
    }
    if (isTask()) {
        for (const InputExchange &input : std::as_const(m_rounds.last().inputs))
            m_answeredTaskInputs.insert(input.key); // declined ones too: the server decides
        dropReplies();
        if (responses.isEmpty()) {
            // Nothing to send, and polling would only see the same question again.
            fail(tr("Task %1 asked for input and none was given, so MCP Scope stopped it.").arg(m_taskId));
            return;
        }
        m_state = State::FollowingTask;
        Q_EMIT taskInputReady(responses);
        schedulePoll();
        return;
    }
    m_params = m_originalParams;
    if (!responses.isEmpty())
        m_params.insert(Key::InputResponses, responses);
    if (!m_requestState.isUndefined())
        m_params.insert(Key::RequestState, m_requestState);
    dropReplies();
    m_state = State::ReadyToSend;
    Q_EMIT retryReady();
    if (m_handler)
        m_handler->requestRetryReady(this);
}

void MultiRoundTripRequest::announceRoundsChanged()
{
    Q_EMIT roundsChanged();
    if (m_handler)
        m_handler->requestRoundsChanged(this);
}

void MultiRoundTripRequest::dropReplies()
{
    for (const QPointer<InputReply> &reply : std::as_const(m_replies)) {
        if (reply)
            reply->deleteLater();
    }
    m_replies.clear();
}

void MultiRoundTripRequest::fail(const QString &message)
{
    m_state = State::Failed;
    m_error = message;
    announceRoundsChanged();
    Q_EMIT failed(message);
    if (m_handler)
        m_handler->requestFailed(this, message);
}

QString MultiRoundTripRequest::undeclaredCapability(const InputRequest &request) const
{
    QString capability;
    if (request.method == Method::ElicitationCreate)
        capability = Key::Elicitation;
    else if (request.method == Method::SamplingCreateMessage)
        capability = Key::Sampling;
    else if (request.method == Method::RootsList)
        capability = Key::Roots;
    else
        return tr("The server asked for input of an unknown kind (\"%1\" under \"%2\").")
            .arg(request.method, request.key);
    const QString undeclared = tr("The server asked for %1, a capability this request did not declare.");
    if (!m_capabilities.contains(capability))
        return undeclared.arg(request.method);
    // Sub-capabilities: elicitation modes (an empty elicitation object means form only) and
    // sampling with tools (client/elicitation.mdx, client/sampling.mdx).
    const QJsonObject declared = m_capabilities.value(capability).toObject();
    if (request.method == Method::ElicitationCreate) {
        const QString mode = request.params.value(Key::Mode).toString(Key::Form);
        const bool formImplied = mode == Key::Form && declared.isEmpty();
        if (!formImplied && !declared.contains(mode))
            return undeclared.arg(request.method + QLatin1Char(' ') + mode);
    } else if (request.method == Method::SamplingCreateMessage && request.params.contains(Key::Tools)
               && !declared.contains(Key::Tools)) {
        return undeclared.arg(request.method + QLatin1Char(' ') + Key::Tools);
    }
    return {};
}

} // namespace Mcp::Modern
