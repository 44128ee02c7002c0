#pragma once

#include "session/requests.h"

#include <QDialog>
#include <QPointer>

QT_BEGIN_NAMESPACE
class QLabel;
class QPlainTextEdit;
QT_END_NAMESPACE

namespace Mcp::Ui {

class JsonTextView;

// A modeless dialog for a server-to-client request (sampling/createMessage,
// elicitation/create): which server asks and what, an editable JSON answer, and
// Accept / Decline (and Cancel for elicitation). Closes itself when the server withdraws
// the request. (Issue 5 replaces the JSON answer with real forms.)
class ServerRequestDialog : public QDialog
{
    Q_OBJECT

public:
    ServerRequestDialog(IncomingRequest *request, const QString &serverName, QWidget *parent = nullptr);

    // The proposed answer for a request (a sampling result or an elicitation "accept").
    static QJsonObject suggestedAnswer(const QString &method, const QJsonObject &params);

    void setAnswerText(const QString &json);
    QString answerText() const;

public Q_SLOTS:
    void acceptRequest();
    void declineRequest();
    void cancelRequest();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    QPointer<IncomingRequest> m_request;
    QString m_method;
    JsonTextView *m_params;
    QPlainTextEdit *m_answer;
    QLabel *m_error;
};

} // namespace Mcp::Ui
