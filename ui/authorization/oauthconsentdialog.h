#pragma once

#include <QDialog>
#include <QUrl>

namespace Mcp::Ui {

// Asks before MCP Scope opens a server's authorization page in the browser: names the
// server, shows the full URL with the authorization server's domain highlighted (as the
// elicitation dialog does for URL mode). Accepted: "Open in browser"; rejected: Cancel.
class OAuthConsentDialog : public QDialog
{
    Q_OBJECT

public:
    OAuthConsentDialog(const QString &serverName, const QUrl &authorizationUrl, QWidget *parent = nullptr);

    QUrl url() const { return m_url; }

private:
    QUrl m_url;
};

} // namespace Mcp::Ui
