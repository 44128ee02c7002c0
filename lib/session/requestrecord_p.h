#pragma once

// Private to the session layer: what a Client keeps about a request of its own while it runs.

#include "session/requests.h"
#include "session/modern/multiroundtrip.h"

#include <QJsonObject>
#include <QPointer>

#include <optional>

namespace Mcp {

// Beside the caller's handle (OutgoingRequest, which says what was asked and what came back):
// how the Client times the request, whether it went out, the retries it has had and its modern
// rounds. Only the Client and its lifecycles read it.
struct RequestRecord
{
    RequestOptions options;
    qint64 deadlineNs = -1;       // on the client's deadline clock; -1: no timeout running
    bool timerIsTotalCap = false; // the running deadline is maxTotalTimeoutMs, not timeoutMs
    bool sent = false;            // on the wire (false while queued before the initialize result)
    bool returned = false;        // handed to the caller: finished() may be emitted directly
    bool internal = false;        // initialize, the era probe: never cancelled on the wire
    // Modern requests
    QPointer<Modern::MultiRoundTripRequest> multiRound;
    bool versionRetried = false; // -32022 is retried once
    bool headerRetried = false;  // -32020 on tools/call: tools re-listed, retried once
    // Caching: the params as the caller gave them (the cache key, the -32020 retry); set for
    // requests that go to the server and may be kept or retried.
    std::optional<QJsonObject> callerParams;
};

} // namespace Mcp
