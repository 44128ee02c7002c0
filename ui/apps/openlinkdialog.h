#pragma once

#include <QDialog>
#include <QUrl>

#include <functional>

namespace Mcp::Ui {

// Asks before a view's ui/open-link is followed: which view asks, the domain in large type and
// the full URL with the domain in bold (as elicitation's URL mode shows it). Open or Cancel.
class OpenLinkDialog : public QDialog
{
    Q_OBJECT

public:
    OpenLinkDialog(const QUrl &url, const QString &viewUri, QWidget *parent = nullptr);
    QUrl url() const { return m_url; }

    // How links are opened once the user said yes (tests replace it). Default: QDesktopServices.
    static void setUrlOpener(std::function<bool(const QUrl &)> opener);
    static bool openUrl(const QUrl &url);

private:
    QUrl m_url;
};

} // namespace Mcp::Ui
