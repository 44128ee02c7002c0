#pragma once

#include "session/client.h"

#include <QDialog>
#include <QJsonObject>
#include <QPointer>

#include <functional>

QT_BEGIN_NAMESPACE
class QDialogButtonBox;
class QLabel;
class QPushButton;
QT_END_NAMESPACE

namespace Mcp::Ui {

// A dialog that shows one server-to-client request and answers it exactly once.
// It does not care where the request lives: it is given the params and two functions that
// answer. For an Mcp::IncomingRequest (possibly on another thread) the answer is handed to
// the request's thread; other callers pass their own functions and call withdraw() when the
// server cancels. A withdrawn dialog says so and closes
// without answering.
class PendingRequestDialog : public QDialog
{
    Q_OBJECT

public:
    struct Responder
    {
        std::function<void(const QJsonObject &result)> respond;
        std::function<void(const RpcError &error)> reject;
    };

    // What the server asked and how the dialog answers it.
    struct Asked
    {
        // An IncomingRequest (possibly on another thread): answered on its thread, and the dialog is
        // withdrawn when the server cancels it or it goes away. A null request is already gone.
        Asked(IncomingRequest *request);
        // The params and the caller's functions; a default Responder only shows the request (a
        // preview: the buttons just close the dialog).
        Asked(const QJsonObject &params, const Responder &responder = {});

        QJsonObject params;
        Responder responder;
        QPointer<IncomingRequest> request;
        bool gone = false;
    };

    PendingRequestDialog(const Asked &asked, const QString &serverName, QWidget *parent = nullptr);

    QJsonObject params() const { return m_params; }
    QString serverName() const { return m_serverName; }
    bool isAnswered() const { return m_answered; }

public Q_SLOTS:
    // The server cancelled the request, or the connection ended: close without answering.
    void withdraw(const QString &reason);

Q_SIGNALS:
    void answered(const QJsonObject &result); // result sent (respond)
    void rejectedWithError(int code, const QString &message);
    void withdrawn(const QString &reason);
    // "Save as scripted answer": the answer, to be stored for this server.
    void scriptedAnswerRequested(const QJsonObject &answer);

protected:
    void respond(const QJsonObject &result);
    void rejectWith(int code, const QString &message);
    // A line at the top of the dialog that names the server.
    QLabel *makeServerBanner(const QString &what);
    // The "Save as scripted answer" button: it offers what `answer` gives at the time of the click.
    QPushButton *addScriptedAnswerButton(QDialogButtonBox *buttons, const QString &toolTip,
                                         std::function<QJsonObject()> answer);

private:
    QJsonObject m_params;
    QString m_serverName;
    Responder m_responder;
    bool m_answered = false;
};

} // namespace Mcp::Ui
