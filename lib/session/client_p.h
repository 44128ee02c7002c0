#pragma once

// Private to the session layer: the state of one Client, shared by client.cpp and the
// lifecycle classes.

#include "session/client.h"
#include "session/eranegotiator.h"
#include "session/legacylifecycle.h"
#include "session/modernlifecycle.h"
#include "session/requestrecord_p.h"
#include "session/modern/listencontroller.h"
#include "session/modern/resultcache.h"
#include "session/modern/taskfollower.h"
#include "session/modern/toolheaderguard.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QPointer>

#include <functional>
#include <map>

QT_BEGIN_NAMESPACE
class QTimer;
QT_END_NAMESPACE

namespace Mcp {

class ClientPrivate
{
public:
    explicit ClientPrivate(Client *client) : q(client) { deadlineClock.start(); }

    Client *q;
    Transport *transport = nullptr;
    Client::State state = Client::State::Disconnected;
    QString errorString;
    QString lastTransportError;
    // Why the last connection attempt failed: the lifecycle request (server/discover or
    // initialize) that failed and its error; empty method when none did (Client::connectFailure).
    QString connectFailureMethod;
    RpcError connectFailure;
    // The whole connect (the era probe, initialize, a probe again) within options.connectTimeoutMs,
    // from connectToServer() until Ready: no step gets a bound of its own on top.
    QDeadlineTimer connectDeadline{QDeadlineTimer::Forever};
    qint64 connectTimeAtSignIn = -1; // what was left of connectDeadline when a sign-in began
    // What is left of connectDeadline for a step whose own bound is stepMs (at least 1 ms).
    int connectTimeLeft(int stepMs) const
    {
        if (connectDeadline.isForever())
            return stepMs;
        const qint64 left = qMax<qint64>(1, connectDeadline.remainingTime());
        return int(stepMs > 0 ? qMin<qint64>(stepMs, left) : left);
    }

    ClientOptions options; // what both lifecycles read at each connect
    ServerRequestHandler *requestHandler = nullptr;
    // The handler for a request the server made, when options.features advertise its method.
    ServerRequestHandler *handlerFor(const QString &method) const
    {
        return options.features.answers(method) ? requestHandler : nullptr;
    }
    // Results with ttlMs (list calls), per connection; a list-changed notification invalidates.
    Modern::ResultCache resultCache;
    LegacyLifecycle legacy{this};
    ModernLifecycle modern{this};
    EraNegotiator negotiator{this}; // decides the era at connect and starts one of the two
    // The lifecycle this connection speaks: what the Client asks instead of choosing itself.
    EraLifecycle &era() const { return negotiator.lifecycle(); }
    // Beside the modern lifecycle: its listen stream and x-mcp-header checks (per connection),
    // and the requests that became tasks (followed to their end, whatever the connection does).
    Modern::ListenController listen{this};
    Modern::ToolHeaderGuard toolHeaders{this};
    Modern::TaskFollower tasks{this};

    qint64 nextId = 1; // per session object, never reused
    QHash<MessageId, QPointer<OutgoingRequest>> pending;        // sent, waiting for the answer
    QHash<MessageId, QPointer<OutgoingRequest>> progressRoutes; // progress token -> handle
    QHash<MessageId, QString> abandoned;                      // id -> method, for late responses
    QList<MessageId> abandonedOrder;
    QHash<MessageId, QPointer<IncomingRequest>> incoming;     // server requests not yet answered

    // Timeouts: one timer for the whole session, set for the earliest deadline (a QTimer per
    // request cost more than the rest of a small request's bookkeeping).
    QElapsedTimer deadlineClock;
    std::multimap<qint64, QPointer<OutgoingRequest>> deadlines; // deadline (ns on deadlineClock) -> handle
    QTimer *deadlineTimer = nullptr;
    qint64 scheduledDeadlineNs = -1; // what deadlineTimer is set for; -1 when it is not running
    bool authorizationPending = false; // the transport waits for an authorization: no deadlines run

    void setState(Client::State newState);
    void emitNote(const QString &note, const QByteArray &raw = {});

    // The connection
    void fail(const QString &message);
    void onTransportOpened();
    void onTransportClosed(const QString &reason);
    void onTransportError(const TransportError &error);
    void onRequestFailed(const MessageId &id, const TransportError &error);

    // Requests
    OutgoingRequest *createRequest(const QString &method, const QJsonObject &params, const RequestOptions &options);
    void transmit(OutgoingRequest *handle);
    // A request of the lifecycle itself (initialize, the server/discover probe): never cancelled
    // on the wire, no progress token; onFinished runs when it ends. Not sent yet: the caller keeps
    // the handle first (a send that fails at once finishes it), then transmit()s it.
    OutgoingRequest *createLifecycleRequest(const QString &method, const QJsonObject &params, int timeoutMs,
                                          std::function<void(OutgoingRequest *)> onFinished);
    void armTimer(OutgoingRequest *handle);
    void onAuthorizationPending(bool waiting);
    void clearDeadline(OutgoingRequest *handle);
    void scheduleDeadlineTimer();
    void onDeadlineTimer();
    void onTimeout(OutgoingRequest *handle);
    void cancel(OutgoingRequest *handle, const QString &reason);
    // How a request was stopped on the server's side, for the words of its error.
    enum class Stopped { Nothing, CancelledNotification, StreamClosed, TaskCancelled };
    Stopped sendCancelled(OutgoingRequest *handle, const QString &reason);
    void finishWithReply(OutgoingRequest *handle, const Message &reply);
    void finishWithError(OutgoingRequest *handle, const RpcError &error);
    // A server's error reworded where the spec lets one meaning take two codes.
    static RpcError explainServerError(const OutgoingRequest *handle, RpcError error);
    void finishCommon(OutgoingRequest *handle);
    void failAll(int code, const std::function<QString(const QString &method)> &message);
    void dropIncoming(const QString &reason);
    void rememberAbandoned(const MessageId &id, const QString &method);
    void sendMessage(const Message &message);

    // Incoming
    void onMessage(const Message &message);
    void onReply(const Message &message);
    void onRequest(const Message &message);
    void onNotification(const Message &message);
    void onProgress(const QJsonObject &params);
    // The list calls answered from resultCache while fresh.
    static bool isCachedList(const QString &method);
    // Finishes handle with a cached result, sending nothing.
    void answerFromCache(OutgoingRequest *handle, const Modern::ResultCache::Fresh &fresh);
    // The same list (method and params) already sent and not answered yet, if any.
    OutgoingRequest *listInFlight(const QString &method, const QJsonObject &params) const;
    // handle gets the answer of `sent` (the same list, on its way) instead of a second request.
    void shareAnswer(OutgoingRequest *handle, OutgoingRequest *sent);
    static void invalidateList(Client *client, const QString &method);
};

} // namespace Mcp
