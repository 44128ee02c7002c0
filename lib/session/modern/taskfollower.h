#pragma once

#include "session/requests.h"

#include <QHash>

namespace Mcp {
class ClientPrivate;
}

namespace Mcp::Modern {

class MultiRoundTripRequest;

// Follows the requests that became tasks on the server (the tasks extension, SEP-2663): polls
// with tasks/get, sends the input a task asks for with tasks/update, finishes the request with
// the task's result, and keeps a FollowedTask record of each for Client::followedTaskChanged
// (the tasks extension has no tasks/list, so this record is all a client can show). Per Client,
// not per connection: a followed request ends on its own, however the connection does.
class TaskFollower
{
public:
    explicit TaskFollower(ClientPrivate *d) : d(d) {}

    // The request's rounds became a task: follow it to its end.
    void follow(OutgoingRequest *handle, MultiRoundTripRequest *rounds);
    // tasks/cancel for a request that became a task and is still running (false otherwise).
    bool cancel(OutgoingRequest *handle);
    // The request finished (any way): a task it followed gets its last record.
    void requestFinished(OutgoingRequest *handle);

private:
    // Emits Client::followedTaskChanged with the request's task record, brought up to date.
    void publish(OutgoingRequest *handle);

    ClientPrivate *d;
    QHash<const OutgoingRequest *, FollowedTask> m_followed;
};

} // namespace Mcp::Modern
