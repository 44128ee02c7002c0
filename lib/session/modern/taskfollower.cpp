#include "session/modern/taskfollower.h"

#include "session/client_p.h"
#include "session/modern/multiroundtrip.h"
#include "protocol/keys.h"
#include "protocol/types.h"

#include <QDateTime>

namespace Mcp::Modern {

void TaskFollower::follow(OutgoingRequest *handle, MultiRoundTripRequest *rounds)
{
    // A task's end arrives on a poll, not as the reply to a round: its inlined result is the answer.
    QObject::connect(rounds, &MultiRoundTripRequest::completed, handle, [this, handle, rounds] {
        d->finishWithReply(handle, Message::response(handle->id(), rounds->taskStatus().value(Key::Result)));
    });
    QObject::connect(rounds, &MultiRoundTripRequest::taskStatusChanged, handle,
                     [this, handle, rounds](const QJsonObject &task) {
        if (rounds->taskStatus() == task && task.value(Key::ResultType) == ResultTypeValue::Task)
            d->emitNote(Client::tr("%1 became task %2 on the server (%3); following it with tasks/get.")
                            .arg(handle->method(), rounds->taskId(), task.value(Key::Status).toString()));
        // Each answer to a poll shows the server is alive: the request's timeout starts again.
        d->armTimer(handle);
        Q_EMIT d->q->taskStatus(task);
        FollowedTask &record = m_followed[handle];
        if (record.taskId.isEmpty()) {
            record.taskId = rounds->taskId();
            record.method = handle->method();
            record.name = handle->params().value(Key::Name).toString();
            record.followedAtMs = QDateTime::currentMSecsSinceEpoch();
            QObject::connect(handle, &QObject::destroyed, handle, [this, handle] { m_followed.remove(handle); });
        }
        record.status = task;
        record.status.remove(Key::Result); // a big result is carried once, in record.result at the end
        ++record.polls;
        publish(handle);
    });
    // Input the task asked for, and each answer to it.
    QObject::connect(rounds, &MultiRoundTripRequest::roundsChanged, handle, [this, handle] {
        if (m_followed.contains(handle))
            publish(handle);
    });
    QObject::connect(rounds, &MultiRoundTripRequest::taskPollDue, handle, [this, handle, rounds] {
        OutgoingRequest *poll = d->q->send(Requests::getTask(rounds->taskId()));
        const QPointer<MultiRoundTripRequest> guard = rounds;
        QObject::connect(poll, &OutgoingRequest::finished, handle, [poll, guard] {
            if (!guard)
                return;
            if (poll->isError())
                guard->taskPollFailed(poll->error().message);
            else
                guard->taskStatusReceived(poll->id(), poll->result().toObject());
        });
    });
    QObject::connect(rounds, &MultiRoundTripRequest::taskInputReady, handle,
                     [this, handle, rounds](const QJsonObject &responses) {
        OutgoingRequest *update = d->q->send(Requests::updateTask(rounds->taskId(), responses));
        const QPointer<MultiRoundTripRequest> guard = rounds;
        QObject::connect(update, &OutgoingRequest::finished, handle, [update, guard] {
            if (guard && update->isError())
                guard->taskPollFailed(update->error().message);
        });
    });
}

void TaskFollower::publish(OutgoingRequest *handle)
{
    const auto found = m_followed.find(handle);
    if (found == m_followed.end())
        return;
    FollowedTask &record = *found;
    record.updatedAtMs = QDateTime::currentMSecsSinceEpoch();
    record.rounds = handle->rounds();
    if (const MultiRoundTripRequest *rounds = ModernLifecycle::roundsOf(handle))
        record.pollIntervalMs = rounds->taskPollIntervalMs();
    Q_EMIT d->q->followedTaskChanged(record);
}

void TaskFollower::requestFinished(OutgoingRequest *handle)
{
    const auto found = m_followed.find(handle);
    if (found == m_followed.end())
        return;
    found->following = false;
    if (handle->isError())
        found->error = handle->error().message;
    else
        found->result = handle->result().toObject();
    publish(handle);
    m_followed.erase(m_followed.find(handle));
}

bool TaskFollower::cancel(OutgoingRequest *handle)
{
    MultiRoundTripRequest *rounds = handle ? ModernLifecycle::roundsOf(handle) : nullptr;
    if (!rounds || !rounds->isTask())
        return false;
    if (Task::fromJson(rounds->taskStatus()).isTerminal())
        return false;
    d->q->send(Requests::cancelTask(rounds->taskId())); // fire and forget: its answer shows in the traffic
    return true;
}

} // namespace Mcp::Modern
