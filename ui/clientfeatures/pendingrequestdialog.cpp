#include "pendingrequestdialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QTimer>

namespace Mcp::Ui {

PendingRequestDialog::Asked::Asked(IncomingRequest *request)
    : params(request ? request->params() : QJsonObject()), request(request), gone(!request)
{
    if (!request)
        return;
    // The request may live on the connection's thread: answer there, and never after it is gone.
    QPointer<IncomingRequest> guard(request);
    responder.respond = [guard](const QJsonObject &result) {
        if (guard)
            QMetaObject::invokeMethod(guard, [guard, result] {
                if (guard && !guard->isAnswered())
                    guard->respond(result);
            });
    };
    responder.reject = [guard](const RpcError &error) {
        if (guard)
            QMetaObject::invokeMethod(guard, [guard, error] {
                if (guard && !guard->isAnswered())
                    guard->reject(error);
            });
    };
}

PendingRequestDialog::Asked::Asked(const QJsonObject &params, const Responder &responder)
    : params(params), responder(responder)
{
}

PendingRequestDialog::PendingRequestDialog(const Asked &asked, const QString &serverName, QWidget *parent)
    : QDialog(parent)
    , m_params(asked.params)
    , m_serverName(serverName)
    , m_responder(asked.responder)
    , m_answered(asked.gone)
{
    if (IncomingRequest *request = asked.request) {
        connect(request, &IncomingRequest::cancelled, this, [this](const QString &reason) {
            withdraw(reason.isEmpty() ? tr("The server cancelled this request.") : tr("The server cancelled this request: %1").arg(reason));
        });
        connect(request, &QObject::destroyed, this, [this] {
            withdraw(tr("The connection ended before this request was answered."));
        });
    }
}

QLabel *PendingRequestDialog::makeServerBanner(const QString &what)
{
    auto *label = new QLabel(this);
    label->setObjectName(QStringLiteral("serverBanner"));
    label->setWordWrap(true);
    label->setTextFormat(Qt::RichText);
    label->setText(tr("<b>%1</b> %2").arg(m_serverName.toHtmlEscaped(), what.toHtmlEscaped()));
    return label;
}

QPushButton *PendingRequestDialog::addScriptedAnswerButton(QDialogButtonBox *buttons, const QString &toolTip,
                                                           std::function<QJsonObject()> answer)
{
    auto *button = buttons->addButton(tr("Save as scri&pted answer"), QDialogButtonBox::ActionRole);
    button->setObjectName(QStringLiteral("saveScripted"));
    button->setToolTip(toolTip);
    connect(button, &QPushButton::clicked, this, [this, answer = std::move(answer)] { Q_EMIT scriptedAnswerRequested(answer()); });
    return button;
}

void PendingRequestDialog::respond(const QJsonObject &result)
{
    if (m_answered)
        return;
    m_answered = true;
    if (m_responder.respond)
        m_responder.respond(result);
    Q_EMIT answered(result);
}

void PendingRequestDialog::rejectWith(int code, const QString &message)
{
    if (m_answered)
        return;
    m_answered = true;
    if (m_responder.reject) {
        RpcError error;
        error.code = code;
        error.message = message;
        m_responder.reject(error);
    }
    Q_EMIT rejectedWithError(code, message);
}

void PendingRequestDialog::withdraw(const QString &reason)
{
    if (m_answered)
        return;
    m_answered = true;
    Q_EMIT withdrawn(reason);
    setWindowTitle(windowTitle() + QStringLiteral(" — ") + tr("withdrawn"));
    // Closed on the next pass: the signal may come while the dialog is still being set up.
    QTimer::singleShot(0, this, [this] { done(QDialog::Rejected); });
}

} // namespace Mcp::Ui
