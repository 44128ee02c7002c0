#include "dialogs/serverrequestdialog.h"
#include "widgets/screenfit.h"

#include "connection/connection.h"
#include "protocol/clienttypes.h"
#include "protocol/keys.h"
#include "theme.h"
#include "widgets/jsonview.h"

#include <QCloseEvent>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

namespace Mcp::Ui {

QJsonObject ServerRequestDialog::suggestedAnswer(const QString &method, const QJsonObject &params)
{
    if (method == QLatin1String("sampling/createMessage")) {
        return QJsonObject{
            {Key::Role, QStringLiteral("assistant")},
            {Key::Content, QJsonObject{{Key::Type, QStringLiteral("text")}, {Key::Text, QString()}}},
            {Key::Model, QStringLiteral("human-in-mcpscope")},
            {Key::StopReason, QStringLiteral("endTurn")},
        };
    }
    if (method == QLatin1String("elicitation/create")) {
        const ElicitRequestParams request = ElicitRequestParams::fromJson(params);
        if (request.isUrlMode())
            return QJsonObject{{Key::Action, ElicitActionValue::Accept}};
        QJsonObject content;
        const QJsonObject properties = request.requestedSchema.toObject().value(QStringLiteral("properties")).toObject();
        for (auto it = properties.begin(); it != properties.end(); ++it) {
            const QJsonObject property = it.value().toObject();
            if (property.contains(QStringLiteral("default"))) {
                content.insert(it.key(), property.value(QStringLiteral("default")));
                continue;
            }
            const QString type = property.value(Key::Type).toString();
            if (type == QLatin1String("boolean"))
                content.insert(it.key(), false);
            else if (type == QLatin1String("number") || type == QLatin1String("integer"))
                content.insert(it.key(), 0);
            else if (type == QLatin1String("array"))
                content.insert(it.key(), QJsonArray());
            else if (property.contains(QStringLiteral("enum")))
                content.insert(it.key(), property.value(QStringLiteral("enum")).toArray().first());
            else
                content.insert(it.key(), QString());
        }
        return QJsonObject{{Key::Action, ElicitActionValue::Accept}, {Key::Content, content}};
    }
    return {};
}

ServerRequestDialog::ServerRequestDialog(IncomingRequest *request, const QString &serverName, QWidget *parent)
    : QDialog(parent), m_request(request), m_method(request->method())
{
    setModal(false);
    const bool sampling = m_method == QLatin1String("sampling/createMessage");
    setWindowTitle(sampling ? tr("Sampling Request from %1").arg(serverName)
                            : tr("Question from %1").arg(serverName));
    ScreenFit::resizeWithin(this, QSize(640, 560));
    auto *layout = new QVBoxLayout(this);
    QString intro;
    if (sampling) {
        intro = tr("<b>%1</b> asks for an LLM completion (sampling/createMessage). Write the answer the server "
                   "should get, or decline.").arg(serverName.toHtmlEscaped());
    } else {
        const QString message = request->params().value(Key::Message).toString();
        intro = tr("<b>%1</b> asks for input (elicitation/create): %2")
                    .arg(serverName.toHtmlEscaped(), message.toHtmlEscaped());
    }
    auto *introLabel = new QLabel(intro, this);
    introLabel->setWordWrap(true);
    layout->addWidget(introLabel);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    auto *top = new QWidget(splitter);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(new QLabel(tr("Request:"), top));
    m_params = new JsonTextView(top);
    m_params->setJson(request->params());
    topLayout->addWidget(m_params);
    auto *bottom = new QWidget(splitter);
    auto *bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->addWidget(new QLabel(tr("Answer (JSON):"), bottom));
    m_answer = new QPlainTextEdit(bottom);
    m_answer->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_answer->setPlainText(JsonTextView::prettyText(suggestedAnswer(m_method, request->params())));
    bottomLayout->addWidget(m_answer);
    splitter->addWidget(top);
    splitter->addWidget(bottom);
    layout->addWidget(splitter, 1);
    m_error = new QLabel(this);
    Theme::setTextColor(m_error, Theme::Role::Error);
    layout->addWidget(m_error);

    auto *buttons = new QDialogButtonBox(this);
    QPushButton *accept = buttons->addButton(sampling ? tr("&Send Answer") : tr("&Accept"), QDialogButtonBox::AcceptRole);
    QPushButton *decline = buttons->addButton(tr("&Decline"), QDialogButtonBox::RejectRole);
    accept->setDefault(true);
    connect(accept, &QPushButton::clicked, this, &ServerRequestDialog::acceptRequest);
    connect(decline, &QPushButton::clicked, this, &ServerRequestDialog::declineRequest);
    if (!sampling) {
        QPushButton *cancel = buttons->addButton(tr("&Cancel"), QDialogButtonBox::DestructiveRole);
        connect(cancel, &QPushButton::clicked, this, &ServerRequestDialog::cancelRequest);
    }
    layout->addWidget(buttons);

    connect(request, &IncomingRequest::cancelled, this, [this](const QString &reason) {
        m_error->setText(reason.isEmpty() ? tr("The server withdrew this request.")
                                          : tr("The server withdrew this request: %1").arg(reason));
        m_answer->setReadOnly(true);
        for (QAbstractButton *button : findChildren<QAbstractButton *>())
            button->setEnabled(false);
    });
}

void ServerRequestDialog::setAnswerText(const QString &json) { m_answer->setPlainText(json); }

QString ServerRequestDialog::answerText() const { return m_answer->toPlainText(); }

void ServerRequestDialog::acceptRequest()
{
    if (!m_request)
        return close(), void();
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(m_answer->toPlainText().toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        m_error->setText(error.error != QJsonParseError::NoError
                             ? tr("The answer is not valid JSON: %1").arg(error.errorString())
                             : tr("The answer must be a JSON object."));
        return;
    }
    m_request->respond(doc.object());
    m_request->deleteLater();
    close();
}

void ServerRequestDialog::declineRequest()
{
    if (m_request) {
        if (m_method == QLatin1String("elicitation/create"))
            m_request->respond(QJsonObject{{Key::Action, ElicitActionValue::Decline}});
        else
            m_request->reject(RpcError{ErrorCode::UserRejected, tr("The user declined the request."), QJsonValue::Undefined});
        m_request->deleteLater();
    }
    close();
}

void ServerRequestDialog::cancelRequest()
{
    if (m_request) {
        m_request->respond(QJsonObject{{Key::Action, ElicitActionValue::Cancel}});
        m_request->deleteLater();
    }
    close();
}

void ServerRequestDialog::closeEvent(QCloseEvent *event)
{
    // Closing the window without an answer declines, so the server is never left waiting.
    if (m_request && !m_request->isAnswered()) {
        if (m_method == QLatin1String("elicitation/create"))
            m_request->respond(QJsonObject{{Key::Action, ElicitActionValue::Cancel}});
        else
            m_request->reject(RpcError{ErrorCode::UserRejected, tr("The user closed the request."), QJsonValue::Undefined});
        m_request->deleteLater();
    }
    QDialog::closeEvent(event);
}

} // namespace Mcp::Ui
