#include "authorization/authorizationpage.h"

#include "authorization/oauthcontroller.h"
#include "traffic/trafficcapture.h"

#include <QCheckBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSplitter>
#include <QApplication>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Mcp::Ui {

AuthorizationPage::AuthorizationPage(Connection *connection, OAuthController *controller, QWidget *parent)
    : Page(connection, {tr("Authorization"), QApplication::style()->standardIcon(QStyle::SP_DialogYesButton), true}, parent)
    , m_controller(controller)
{
    setObjectName(QStringLiteral("authorizationPage"));
    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    m_token = new QLabel(this);
    m_token->setObjectName(QStringLiteral("tokenSummary"));
    m_token->setWordWrap(true);
    m_token->setTextFormat(Qt::PlainText);
    m_token->setTextInteractionFlags(Qt::TextSelectableByMouse);
    top->addWidget(m_token, 1);
    m_showSecrets = new QCheckBox(tr("Show secrets"), this);
    m_showSecrets->setToolTip(tr("Show tokens, codes and client secrets in the steps and the token summary."));
    top->addWidget(m_showSecrets);
    m_forget = new QPushButton(tr("Forget stored tokens"), this);
    m_forget->setObjectName(QStringLiteral("forgetTokens"));
    top->addWidget(m_forget);
    layout->addLayout(top);

    auto *split = new QSplitter(Qt::Vertical, this);
    m_steps = new QTreeWidget(split);
    m_steps->setObjectName(QStringLiteral("oauthSteps"));
    m_steps->setRootIsDecorated(false);
    m_steps->setHeaderLabels({tr("Step"), tr("Status"), tr("URL")});
    m_steps->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_steps->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_detail = new QPlainTextEdit(split);
    m_detail->setObjectName(QStringLiteral("oauthStepDetail"));
    m_detail->setReadOnly(true);
    m_detail->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_detail->setPlaceholderText(tr("The steps of the OAuth flow appear here when the server asks for authorization."));
    split->addWidget(m_steps);
    split->addWidget(m_detail);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);

    connect(m_controller, &OAuthController::stepsChanged, this, &AuthorizationPage::rebuildSteps);
    connect(m_controller, &OAuthController::tokensChanged, this, &AuthorizationPage::updateToken);
    connect(m_controller, &OAuthController::enabledChanged, this, &AuthorizationPage::updateToken);
    connect(m_steps, &QTreeWidget::currentItemChanged, this, &AuthorizationPage::updateDetail);
    connect(m_showSecrets, &QCheckBox::toggled, this, [this] {
        updateDetail();
        updateToken();
    });
    connect(m_forget, &QPushButton::clicked, m_controller, &OAuthController::forgetTokens);
    rebuildSteps();
    updateToken();
}


QString AuthorizationPage::detailText() const
{
    return m_detail->toPlainText();
}

QString AuthorizationPage::tokenText() const
{
    return m_token->text();
}

void AuthorizationPage::setSecretsShown(bool shown)
{
    m_showSecrets->setChecked(shown);
}

void AuthorizationPage::rebuildSteps()
{
    const int current = m_steps->indexOfTopLevelItem(m_steps->currentItem());
    const QList<OAuthStep> steps = m_controller->steps();
    m_steps->clear();
    for (const OAuthStep &step : steps) {
        QString status;
        switch (step.status) {
        case OAuthStep::Status::Running: status = tr("running"); break;
        case OAuthStep::Status::Done: status = tr("done"); break;
        case OAuthStep::Status::Failed: status = tr("failed"); break;
        }
        if (!step.statusText.isEmpty())
            status += QStringLiteral(" – ") + step.statusText;
        // The code in a redirect URL is shown only in the detail pane, and only when revealed.
        QString url = step.url;
        if (step.kind == OAuthStep::Kind::Code)
            url = QUrl(step.url).adjusted(QUrl::RemoveQuery).toString();
        auto *item = new QTreeWidgetItem(m_steps, {step.title, status, url});
        item->setToolTip(1, step.statusText);
        item->setToolTip(2, url);
    }
    if (current >= 0 && current < m_steps->topLevelItemCount())
        m_steps->setCurrentItem(m_steps->topLevelItem(current));
    else if (m_steps->topLevelItemCount() > 0)
        m_steps->setCurrentItem(m_steps->topLevelItem(m_steps->topLevelItemCount() - 1));
    updateDetail();
}

QString AuthorizationPage::describe(const OAuthStep &step) const
{
    const bool reveal = m_showSecrets->isChecked();
    TrafficCapture::ExportOptions options;
    options.redaction = reveal ? TrafficCapture::Redaction::KeepSecrets : TrafficCapture::Redaction::Redact;
    const OAuthTokens tokens = m_controller->currentTokens();
    if (!reveal) {
        options.secretValues << tokens.accessToken << tokens.refreshToken;
        options.secretValues.removeAll(QString());
    }
    static const QRegularExpression codeParam(QStringLiteral("([?&](?:code|state)=)[^&#]*"));
    const auto hideCode = [reveal](QString text) {
        return reveal ? text : text.replace(codeParam, QStringLiteral("\\1[redacted]"));
    };

    QString text = step.title + QLatin1Char('\n');
    if (!step.statusText.isEmpty())
        text += step.statusText + QLatin1Char('\n');
    if (step.kind != OAuthStep::Kind::Http) {
        if (!step.url.isEmpty())
            text += QLatin1Char('\n') + (step.kind == OAuthStep::Kind::Code ? hideCode(step.url) : step.url) + QLatin1Char('\n');
        return text;
    }
    const TrafficEvent request = TrafficCapture::redacted(step.request, options);
    text += QStringLiteral("\n%1 %2\n").arg(QString::fromLatin1(request.httpMethod), request.url);
    for (const auto &header : request.headers)
        text += QString::fromLatin1(header.first) + QStringLiteral(": ") + QString::fromUtf8(header.second) + QLatin1Char('\n');
    if (!request.raw.isEmpty())
        text += QLatin1Char('\n') + QString::fromUtf8(request.raw) + QLatin1Char('\n');
    if (step.response.httpStatus || !step.response.raw.isEmpty() || !step.response.note.isEmpty()) {
        const TrafficEvent response = TrafficCapture::redacted(step.response, options);
        text += QStringLiteral("\n← %1 %2\n").arg(response.httpStatus).arg(response.note);
        for (const auto &header : response.headers)
            text += QString::fromLatin1(header.first) + QStringLiteral(": ") + QString::fromUtf8(header.second) + QLatin1Char('\n');
        if (!response.raw.isEmpty())
            text += QLatin1Char('\n') + QString::fromUtf8(response.raw) + QLatin1Char('\n');
    }
    return text;
}

void AuthorizationPage::updateDetail()
{
    const int index = m_steps->indexOfTopLevelItem(m_steps->currentItem());
    const QList<OAuthStep> steps = m_controller->steps();
    m_detail->setPlainText(index >= 0 && index < steps.size() ? describe(steps.at(index)) : QString());
}

void AuthorizationPage::updateToken()
{
    const OAuthTokens tokens = m_controller->currentTokens();
    m_forget->setEnabled(m_controller->hasStoredTokens());
    if (!tokens.isValid()) {
        m_token->setText(m_controller->isEnabled() ? tr("No token yet: MCP Scope authorizes when the server asks.")
                                                   : tr("OAuth is not used for this server."));
        return;
    }
    QString text = tokens.scope.isEmpty() ? tr("Token (no scope stated)") : tr("Token for scope: %1").arg(tokens.scope);
    if (tokens.expiresAt.isValid()) {
        text += QStringLiteral("; ") + (tokens.isExpired() ? tr("expired %1") : tr("expires %1"))
                                           .arg(QLocale().toString(tokens.expiresAt.toLocalTime(), QLocale::ShortFormat));
    }
    if (!tokens.refreshToken.isEmpty())
        text += QStringLiteral("; ") + tr("refreshable");
    if (m_showSecrets->isChecked())
        text += QLatin1Char('\n') + tr("Access token: %1").arg(tokens.accessToken);
    m_token->setText(text);
}

} // namespace Mcp::Ui
