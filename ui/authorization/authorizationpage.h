#pragma once

#include "connection/page.h"

QT_BEGIN_NAMESPACE
class QCheckBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTreeWidget;
QT_END_NAMESPACE

namespace Mcp::Ui {

class OAuthController;
struct OAuthStep;

// The OAuth flow of a server step by step: protected resource metadata, authorization server
// metadata, client registration, browser authorization, code, token request, refresh, each with
// its status and URL; the selected step's request and response below (credentials redacted
// unless "Show secrets" is on), and the current token's scope and expiry.
class AuthorizationPage : public Page
{
    Q_OBJECT

public:
    AuthorizationPage(Connection *connection, OAuthController *controller, QWidget *parent = nullptr);


    QTreeWidget *stepList() const { return m_steps; }
    QString detailText() const;
    QString tokenText() const;
    void setSecretsShown(bool shown);

private:
    void rebuildSteps();
    void updateDetail();
    void updateToken();
    QString describe(const OAuthStep &step) const;

    OAuthController *m_controller;
    QLabel *m_token;
    QCheckBox *m_showSecrets;
    QPushButton *m_forget;
    QTreeWidget *m_steps;
    QPlainTextEdit *m_detail;
};

} // namespace Mcp::Ui
