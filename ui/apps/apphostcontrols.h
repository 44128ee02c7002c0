#pragma once

#include "apps/apphostbridge.h"

#include <QWidget>

#include <functional>

class QPlainTextEdit;
class QSplitter;
class QTreeWidget;

namespace Mcp {
class Session;
}

namespace Mcp::Ui {

class AppView;

// Beside an AppView: every view-host message (direction, method, id, what the host made of it,
// requests paired with their answers), the view's activity (ui/message, model context, log,
// blocked requests), and, with manual controls on, the host's part played by hand: tool input
// (complete or partial), tool result, cancellation, teardown.
class AppHostControls : public QWidget
{
    Q_OBJECT

public:
    AppHostControls(AppView *view, bool manualControls, QWidget *parent = nullptr);

    QTreeWidget *messageLog() const { return m_log; }
    void clear();

private:
    void attach();
    void addMessage(Apps::AppHostBridge::Direction direction, const QByteArray &json, const QString &note);
    void addActivity(const QString &text);
    void sendJson(QPlainTextEdit *editor, const std::function<void(const QJsonObject &)> &send);

    AppView *m_view;
    QTreeWidget *m_log = nullptr;
    QPlainTextEdit *m_activity = nullptr;
    QPlainTextEdit *m_input = nullptr;
    QPlainTextEdit *m_result = nullptr;
};

// An app's view above its host controls, in a vertical splitter named objectName: how the tools
// and resources pages show an MCP App.
struct AppPane
{
    QSplitter *box;
    AppView *view;
    AppHostControls *controls;
};
AppPane makeAppPane(Session *session, bool manualControls, const QString &objectName, QWidget *parent);

} // namespace Mcp::Ui
