#pragma once

#include "connection/page.h"

#include <QJsonArray>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QLabel;
QT_END_NAMESPACE

namespace Mcp::Ui {

class RootsEditor;

// The roots this client offers (answered to roots/list): a table of file:// roots, added with
// a folder picker. Every change is applied at once and sends notifications/roots/list_changed.
// Below it, the scripted answers to this server's sampling and elicitation requests (saved
// from those dialogs) can be switched on and off.
class RootsPage : public Page
{
    Q_OBJECT

public:
    explicit RootsPage(Connection *connection, QWidget *parent = nullptr);


    QJsonArray roots() const;
    RootsEditor *editor() const { return m_editor; }
    QLabel *deprecationLabel() const { return m_deprecation; }

public Q_SLOTS:
    void addFolder();
    void apply();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void showScriptedAnswers();
    void showDeprecation();

    RootsEditor *m_editor;
    QCheckBox *m_scriptedSampling;
    QCheckBox *m_scriptedElicitation;
    QLabel *m_status;
    QLabel *m_deprecation;
};

} // namespace Mcp::Ui
