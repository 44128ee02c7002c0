#pragma once

#include "connection/connection.h"

#include <QIcon>
#include <QPointer>
#include <QWidget>

#include <functional>
#include <optional>

QT_BEGIN_NAMESPACE
class QLabel;
class QPushButton;
QT_END_NAMESPACE

namespace Mcp::Ui {

// Base of the pages of one server (Tools, Resources, Prompts, Tasks, Roots, Logs, Console,
// Traffic). A page is given its Connection at construction and never reaches past it into
// transports or the Client: it calls connection()->send()/listAll() and listens to its
// signals. ServerPage puts pages in its tabs in the order it creates them.
class Page : public QWidget
{
    Q_OBJECT

public:
    // What the page's tab shows, and whether the page has anything to show without a live
    // session (Console, Traffic, Logs do).
    struct Tab
    {
        QString title;
        QIcon icon;
        bool worksOffline = false;
    };

    Page(Connection *connection, const Tab &tab, QWidget *parent = nullptr);

    Connection *connection() const { return m_connection; }
    QString title() const { return m_tab.title; }
    QIcon icon() const { return m_tab.icon; }
    bool worksOffline() const { return m_tab.worksOffline; }

Q_SIGNALS:
    void connectRequested();

protected:
    // Called on every state change, and once from the constructor's first event-loop turn
    // with the current state, but never twice in a row with the same state (a page made while
    // connecting would otherwise list twice). Pages that list things fetch them when Connected.
    virtual void connectionStateChanged(Connection::State state) { Q_UNUSED(state) }
    // For a page that is one view (Prompts, Resources, Traffic): the view fills the page, with
    // margin pixels around it.
    void setView(QWidget *view, int margin);
    // Save: asks where to put a text export of the page (a .txt named after the server and
    // fileSuffix), then writes what text() gives with the connection's secrets redacted, as a
    // capture is; a write that fails is said in a message box titled `title`.
    void saveTextExport(const QString &title, const QString &fileSuffix, const std::function<QString()> &text);

    void resizeEvent(QResizeEvent *event) override;

private:
    void updateOfflineNotice();
    void deliverState(Connection::State state);

    QPointer<Connection> m_connection;
    Tab m_tab;
    std::optional<Connection::State> m_deliveredState;
    QWidget *m_offline = nullptr;
    QLabel *m_offlineText = nullptr;
    QPushButton *m_offlineConnect = nullptr;
    bool m_hadSession = false;
};

} // namespace Mcp::Ui
