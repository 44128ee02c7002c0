#include "pendingrequestdialog.h"

#include <QLabel>
#include <QTimer>

namespace Mcp::Ui {

PendingRequestDialog::PendingRequestDialog(IncomingRequest *request, const QString &serverName, QWidget *parent)
    : QDialog(parent)
    , m_request(request)
    , m_params(request ? request->params() : QJsonObject())
    , m_serverName(serverName)
{
    setAttribute(Qt::WA_DeleteOnClose, false);
    if (!request) {
        m_answered = true;
        return;
    }
    connect(request, &IncomingRequest::cancelled, this, [this](const QString &reason) {
        withdraw(reason.isEmpty() ? tr("The server cancelled this request.") : tr("The server cancelled this request: %1").arg(reason));
    });
    connect(request, &QObject::destroyed, this, [this] {
        if (!m_answered)
            withdraw(tr("The connection ended before this request was answered."));
    });
}

PendingRequestDialog::PendingRequestDialog(const QJsonObject &params, const QString &serverName, QWidget *parent)
    : QDialog(parent)
    , m_params(params)
    , m_serverName(serverName)
{
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

void PendingRequestDialog::respond(const QJsonObject &result)
{
    if (m_answered)
        return;
    m_answered = true;
    // Runs on the request's thread; never runs if the request is gone by then.
    if (m_request)
        QMetaObject::invokeMethod(m_request, [request = m_request, result] {
            if (request && !request->isAnswered())
                request->respond(result);
        });
    Q_EMIT answered(result);
}

void PendingRequestDialog::rejectWith(int code, const QString &message)
{
    if (m_answered)
        return;
    m_answered = true;
    if (m_request)
        QMetaObject::invokeMethod(m_request, [request = m_request, code, message] {
            if (request && !request->isAnswered()) {
                RpcError error;
                error.code = code;
                error.message = message;
                request->reject(error);
            }
        });
    Q_EMIT rejectedWithError(code, message);
}

void PendingRequestDialog::withdraw(const QString &reason)
{
    if (m_answered)
        return;
    m_answered = true;
    Q_EMIT withdrawn(reason);
    setWindowTitle(windowTitle() + QLatin1String(" — ") + tr("withdrawn"));
    // Closed on the next pass: the signal may come while the dialog is still being set up.
    QTimer::singleShot(0, this, [this] { done(QDialog::Rejected); });
}

} // namespace Mcp::Ui
