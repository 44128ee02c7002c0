#pragma once

#include "connection/page.h"

QT_BEGIN_NAMESPACE
class QCheckBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTreeWidget;
QT_END_NAMESPACE

namespace Mcp::Ui {

// What the connection listens to and what arrived. In the modern era (2026-07-28) that is the
// subscriptions/listen stream: its state (opening, open and acknowledged, reconnecting after a
// drop, closed, refused), the filter it asks for (tool, prompt and resource list changes,
// resource subscriptions) beside what the server acknowledged, and the filter can be changed
// (Apply reopens the stream; Default goes back to everything the server offers). In the
// legacy era the same notifications arrive on the session, and resources are subscribed on the
// Resources page. Every list change and resource update that arrived is listed, newest last.
class SubscriptionsPage : public Page
{
    Q_OBJECT

public:
    explicit SubscriptionsPage(Connection *connection, QWidget *parent = nullptr);


    QLabel *stateLabel() const { return m_state; }
    QTreeWidget *arrivedView() const { return m_arrived; }
    QCheckBox *toolsBox() const { return m_tools; }
    QListWidget *uriList() const { return m_uris; }
    // The stream's state in words ("open", "reconnecting", ...), as the label shows it.
    static QString stateName(Client::ListenState state);
    // "tool list changes, updates of demo://clock" for a filter.
    static QString describeFilter(const Modern::SubscriptionFilter &filter);
    // What the open stream carries: the acknowledged filter, and what was asked for but left out
    // (the server will not send it; a person would otherwise wait for it).
    static QString acknowledgementText(const Modern::SubscriptionFilter &requested,
                                       const Modern::SubscriptionFilter &acknowledged);

public Q_SLOTS:
    // Sends the edited filter (the stream reopens with it).
    void apply();
    // Back to the default filter.
    void useDefault();
    void addUri(const QString &uri);

protected:
    void connectionStateChanged(Connection::State state) override;

private:
    void showStatus();
    void showFilter(const Modern::SubscriptionFilter &filter);
    Modern::SubscriptionFilter editedFilter() const;
    void addArrived(const QString &what, const QString &detail = {});
    void setEdited(bool edited);

    QLabel *m_state;
    QLabel *m_error;
    QLabel *m_acknowledged;
    QLabel *m_eraNote;
    QCheckBox *m_tools;
    QCheckBox *m_prompts;
    QCheckBox *m_resources;
    QListWidget *m_uris;
    QLineEdit *m_newUri;
    QPushButton *m_addUri;
    QPushButton *m_removeUri;
    QPushButton *m_apply;
    QPushButton *m_default;
    QTreeWidget *m_arrived;
    bool m_edited = false; // the user changed the filter and has not applied it yet
    Client::ListenState m_lastState = Client::ListenState::Off;
};

} // namespace Mcp::Ui
