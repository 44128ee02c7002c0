#pragma once

#include "session/client.h"

#include <QDialog>
#include <QJsonObject>
#include <QPointer>

QT_BEGIN_NAMESPACE
class QLabel;
QT_END_NAMESPACE

namespace Mcp::Ui {

// A dialog that shows one server-to-client request and answers it exactly once.
// The request may live on the connection's thread: its params are copied here once, and the
// answer is handed to the request's own thread. When the server cancels the request, or the
// connection goes away, the dialog says so and closes without answering.
class PendingRequestDialog : public QDialog
{
    Q_OBJECT

public:
    PendingRequestDialog(IncomingRequest *request, const QString &serverName, QWidget *parent = nullptr);
    // A preview of a request's params with nothing to answer (a replay from the traffic log).
    PendingRequestDialog(const QJsonObject &params, const QString &serverName, QWidget *parent = nullptr);

    QJsonObject params() const { return m_params; }
    QString serverName() const { return m_serverName; }
    bool isAnswered() const { return m_answered; }

Q_SIGNALS:
    void answered(const QJsonObject &result); // result sent (respond)
    void rejectedWithError(int code, const QString &message);
    void withdrawn(const QString &reason); // the server cancelled, or the connection ended

protected:
    void respond(const QJsonObject &result);
    void rejectWith(int code, const QString &message);
    // A line at the top of the dialog that names the server.
    QLabel *makeServerBanner(const QString &what);

private:
    void withdraw(const QString &reason);

    QPointer<IncomingRequest> m_request;
    QJsonObject m_params;
    QString m_serverName;
    bool m_answered = false;
};

} // namespace Mcp::Ui
