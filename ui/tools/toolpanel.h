#pragma once

#include "connection/connection.h"
#include "results/resultview.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QPointer>
#include <QWidget>

#include <optional>

QT_BEGIN_NAMESPACE
class QSplitter;
class QCheckBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTimer;
QT_END_NAMESPACE

namespace Mcp::Ui {

class AppHostControls;
class AppView;
class ResultView;
class SchemaFormWidget;

// Everything about one selected tool: what it is (title, description, annotation badges,
// task support), its arguments as a schema-driven form (with Edit as JSON), inputs remembered
// per server and tool across restarts, Run (Ctrl+Enter) and Cancel (notifications/cancelled),
// progress with the server's messages and the elapsed time, "Run as task" where the tool
// allows it (tasks/get polling, status, tasks/cancel, tasks/result), and the result.
class ToolPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ToolPanel(Connection *connection, QWidget *parent = nullptr);

    // A Tool() (no name, nothing sent) clears the panel.
    void setTool(const Tool &tool);
    Tool tool() const { return m_tool; }
    SchemaFormWidget *form() const { return m_form; }
    ResultView *resultView() const { return m_result; }
    // A tool with a ui:// view (_meta.ui.resourceUri) shows it here, beside the result, from the
    // start of each call: the view gets the arguments, then the result or the cancellation.
    AppView *appView() const { return m_app; }
    AppHostControls *appControls() const { return m_appControls; }
    // The server's tools, for the view's tool visibility rules.
    void setServerTools(const QJsonArray &tools);
    QPushButton *runButton() const { return m_run; }
    bool isRunning() const { return m_call || !m_taskId.isEmpty(); }
    // The last outcome as indented JSON (the result, or the error).
    QString resultText() const;
    QString statusText() const;
    QString taskId() const { return m_taskId; }
    // Why the session refuses to call this tool (modern era: broken x-mcp-header annotations);
    // empty when it can be run.
    QString invalidReason() const;
    // The result before the last reload, shown beside the new one (nullptr-free; hidden when unused).
    ResultView *previousResultView() const { return m_previous; }
    // "Run again after reload": after the server reloaded, the last call is sent again with the
    // form's arguments and its result shown beside the one from before.
    void setRunAgainAfterReload(bool on);

    // "Tool name" annotations as short badge words: read-only, destructive, idempotent, open-world.
    static QStringList badges(const Tool &tool);

public Q_SLOTS:
    void run();
    void cancel();

Q_SIGNALS:
    void callFinished(bool isError);
    void openResourceRequested(const QString &uri);
    // Save to Collection…: the call (lib/collections' Collection::toolCall form), with the
    // assertions its last outcome satisfies; the window adds it to a collection file.
    void saveToCollectionRequested(const QJsonObject &call);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *buildFormArea(QWidget *parent);
    QWidget *buildResultArea(QWidget *parent);
    void saveInputs();
    void startCall(const QJsonObject &arguments);
    void startTask(const QJsonObject &arguments);
    void pollTask();
    bool isModern() const;
    void showFollowedTask(const Task &task);
    void onTaskStatus(const Task &task);
    void fetchTaskResult();
    // Hands the answer to a request about the followed task on, unless another task is followed by then.
    void onTaskAnswer(OutgoingRequest *call, std::function<void(const QString &taskId)> handle);
    // resultBytes: the size of the answer (OutgoingRequest::resultBytes()), 0 when unknown.
    // result: with its big texts left in the frame (RequestOptions::keepBigTexts).
    void finish(bool isError, const ResultTexts &result, const RpcError &error, qint64 elapsedMs,
                const QList<Modern::RoundRecord> &rounds = {}, qint64 resultBytes = 0);
    void showResult(const ResultView::PreparedResult &prepared, qint64 elapsedMs, const QList<Modern::RoundRecord> &rounds);
    void makeRoomForResult();
    void onReloaded(const ReloadDiff &diff);
    void showPreviousOutcome();
    void labelComparison();
    void setRunning(bool running);
    void updateElapsed();
    void requestSaveToCollection();
    void showInvalidReason();
    void startAppView(const QJsonObject &arguments);
    void deliverAppOutcome();
    bool hasTool() const;
    QJsonValue outputSchema() const; // Undefined when the tool declares none

    QPointer<Connection> m_connection;
    Tool m_tool;
    QLabel *m_heading;
    QLabel *m_badges;
    QLabel *m_description;
    QLabel *m_noArguments;
    SchemaFormWidget *m_form;
    QPushButton *m_run;
    QPushButton *m_cancel;
    QCheckBox *m_asTask;
    QPushButton *m_saveToCollection;
    QCheckBox *m_rerunAfterReload;
    QProgressBar *m_progress;
    QLabel *m_status;
    QLabel *m_elapsed;
    ResultView *m_result;
    QWidget *m_previousBox;
    QLabel *m_previousHeading;
    ResultView *m_previous;
    QSplitter *m_splitter = nullptr;
    QTimer *m_elapsedTimer;
    QTimer *m_pollTimer;
    QTimer *m_saveTimer;
    QElapsedTimer m_clock;
    QPointer<OutgoingRequest> m_call;
    QString m_taskId;
    bool m_taskResultRequested = false;
    bool m_forceNextRun = false;
    bool m_loading = false;
    ResultTexts m_lastOutcome; // the result or the error's JSON (Undefined before a call)
    // What Save to Collection… saves: the arguments of the last call and how it ended.
    QJsonObject m_lastArguments;
    std::optional<RpcError> m_lastError;
    // How the last outcome was shown, to show it again beside the next one after a reload.
    struct ShownOutcome
    {
        bool valid = false;
        bool isError = false;
        QString errorText;
        QJsonValue error;
        ResultView::PreparedResult result;
        QDateTime at;
    };
    ShownOutcome m_shown;

    QWidget *m_appBox = nullptr;
    QSplitter *m_results = nullptr; // previous result, result, and the app view, side by side
    bool m_appSizePending = false;  // the view was shown; its share of the width is still to be set
    void sizeAppView();
    AppView *m_app = nullptr;
    AppHostControls *m_appControls = nullptr;
    QJsonArray m_serverTools;
    quint64 m_appRun = 0;          // which call the view belongs to
    bool m_appLoaded = false;       // the view of this call is loaded and has its input
    std::optional<ResultTexts> m_appResult; // the call's result, until the view has it
    QString m_appCancelled;         // or why it was cancelled
    quint64 m_shownCall = 0;        // a big result being prepared shows only if no other call came since
};

} // namespace Mcp::Ui
