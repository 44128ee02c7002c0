#include "authorization/oauthconsentdialog.h"

#include "clientfeatures/elicitationdialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace Mcp::Ui {

OAuthConsentDialog::OAuthConsentDialog(const QString &serverName, const QUrl &authorizationUrl, QWidget *parent)
    : QDialog(parent)
    , m_url(authorizationUrl)
{
    setObjectName(QStringLiteral("oauthConsentDialog"));
    setWindowTitle(tr("Authorize %1").arg(serverName));
    setMinimumWidth(520); // long authorization URLs wrap instead of making a narrow, tall dialog
    auto *layout = new QVBoxLayout(this);

    auto *intro = new QLabel(this);
    intro->setWordWrap(true);
    intro->setText(tr("The server <b>%1</b> asks you to sign in. MCP Scope will open this page of its "
                      "authorization server in your browser:")
                       .arg(serverName.toHtmlEscaped()));
    layout->addWidget(intro);

    ElicitationDialog::addUrlPreview(layout, this, m_url, QStringLiteral("authorizationDomain"),
                                     QStringLiteral("authorizationUrl"));

    if (m_url.scheme() != QLatin1String("https")) {
        auto *warning = new QLabel(tr("This page is not served over HTTPS."), this);
        warning->setWordWrap(true);
        layout->addWidget(warning);
    }
    auto *hint = new QLabel(tr("Sign in only if you recognise the domain. Cancel stops the connection."), this);
    hint->setWordWrap(true);
    layout->addWidget(hint);

    auto *buttons = new QDialogButtonBox(this);
    QPushButton *open = buttons->addButton(tr("&Open in browser"), QDialogButtonBox::AcceptRole);
    open->setObjectName(QStringLiteral("openInBrowser"));
    buttons->addButton(QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

} // namespace Mcp::Ui
