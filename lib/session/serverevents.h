#pragma once

#include "jsonrpc/message.h"
#include "session/requests.h"

#include <QJsonObject>
#include <QObject>
#include <QString>

namespace Mcp {

// What a server tells its client without being asked, declared once for Client and for Session
// (which carries its Client's across threads): the notifications a window or a run reacts to,
// decoded from the wire in one place (deliver), and the modern era's events about the
// connection. Every other notification is a Message (Client::notificationReceived,
// Session::onNotification).
class ServerEvents : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;

    // Whether deliver() turns notifications of this method into a signal below.
    static bool hasSignalFor(const QString &method);

Q_SIGNALS:
    void toolsListChanged();
    void resourcesListChanged();
    void promptsListChanged();
    void resourceUpdated(const QString &uri);
    void taskStatus(const QJsonObject &task);
    // Modern era: a request became a task, or the task it follows changed (a status, input asked
    // or answered, its end, or the client stopped following it). The whole record every time.
    void followedTaskChanged(const Mcp::FollowedTask &task);
    // A modern server relied on a deprecated feature (roots, sampling, logging).
    void deprecatedFeatureUsed(const QString &feature);

protected:
    // Emits the signal a notification the client accepted stands for (none for other methods).
    void deliver(const Message &notification);
};

} // namespace Mcp
