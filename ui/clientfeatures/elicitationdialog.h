#pragma once

#include "pendingrequestdialog.h"

#include <QUrl>

#include <functional>

QT_BEGIN_NAMESPACE
class QBoxLayout;
class QLabel;
class QPushButton;
QT_END_NAMESPACE

namespace Mcp::Ui {

class SchemaFormWidget;

// elicitation/create: form mode shows a form built from requestedSchema with the defaults
// filled in; URL mode shows the full URL with its domain in bold and opens it only after the
// user clicks "Open in browser". Accept, Decline and Cancel answer the request; closing the
// window is Cancel. Accepted content has every omitted field filled with its default.
class ElicitationDialog : public PendingRequestDialog
{
    Q_OBJECT

public:
    ElicitationDialog(const Asked &asked, const QString &serverName, QWidget *parent = nullptr);

    bool isUrlMode() const { return m_urlMode; }
    SchemaFormWidget *form() const { return m_form; }
    QUrl url() const { return m_url; }
    // The content Accept sends now (form mode).
    QJsonObject content() const;

    // How URLs are opened (tests replace it). Default: QDesktopServices::openUrl.
    static void setUrlOpener(std::function<bool(const QUrl &)> opener);
    // "https://<b>example.com</b>/path" with the rest escaped.
    static QString highlightedUrl(const QUrl &url);
    // The domain of url in large type, then the full URL with the domain in bold (selectable),
    // added to layout: how every dialog that is about to open a URL shows where it leads.
    static void addUrlPreview(QBoxLayout *layout, QWidget *parent, const QUrl &url, const QString &domainObjectName,
                              const QString &urlObjectName);

public Q_SLOTS:
    void acceptRequest();
    void declineRequest();
    void cancelRequest();
    void openUrl();

protected:
    void reject() override; // Esc or the window's close button: cancel

private:
    void setUp();
    void fitToContent();
    bool m_urlMode = false;
    QUrl m_url;
    SchemaFormWidget *m_form = nullptr;
    QLabel *m_problem = nullptr;
    QPushButton *m_open = nullptr;           // URL mode: Open in browser
    QPushButton *m_copyLink = nullptr;       // URL mode: Copy Link
    QPushButton *m_openedElsewhere = nullptr; // URL mode, after Copy Link: accept
};

} // namespace Mcp::Ui
