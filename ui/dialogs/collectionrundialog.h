#pragma once

#include "collections/collection.h"
#include "collections/collectionrunner.h"

#include <QDialog>

#include <functional>
#include <QHash>
#include <QPointer>

QT_BEGIN_NAMESPACE
class QLabel;
class QPushButton;
class QThread;
class QTreeWidget;
class QTreeWidgetItem;
QT_END_NAMESPACE

namespace Mcp::Ui {

class ResultView;

// File › Run Collection…: a collection's calls with pass or fail beside each, run all or the
// selected ones. The run goes on a thread of its own (lib/collections' CollectionRunner, which
// makes its own connections), so answers are parsed off the GUI thread; failed assertions are
// listed under their call with what was found.
class CollectionRunDialog : public QDialog
{
    Q_OBJECT

public:
    explicit CollectionRunDialog(const QString &path, QWidget *parent = nullptr);
    ~CollectionRunDialog() override;

    QString loadError() const { return m_loadError; }
    QTreeWidget *tree() const { return m_tree; }
    QString summaryText() const;
    // The answer of the call selected in the tree, once it has run (hidden until then).
    ResultView *resultView() const { return m_result; }
    bool isRunning() const { return m_thread != nullptr; }
    // Asked for every command the run would start (a collection file may come from anyone):
    // false leaves the run unstarted. Without it, no command starts.
    void setCommandApproval(std::function<bool(const ServerConfig &)> approve) { m_approve = std::move(approve); }

public Q_SLOTS:
    void runAll();
    void runSelected();

Q_SIGNALS:
    void runFinished();

private:
    void run(const QList<int> &indexes);
    void onCallStarted(int index);
    void onCallFinished(const Mcp::CallReport &report);
    void onFinished();
    void stop();
    void showResult(QTreeWidgetItem *item);

    Collection m_collection;
    QString m_loadError;
    QLabel *m_heading;
    QLabel *m_summary;
    QTreeWidget *m_tree;
    ResultView *m_result;
    QHash<int, CallReport> m_reports; // by collection index: the last run of each call
    QPushButton *m_runAll;
    QPushButton *m_runSelected;
    QThread *m_thread = nullptr;
    QList<int> m_running; // collection indexes of the run's calls, in its order
    int m_passed = 0, m_failed = 0, m_errors = 0;
    std::function<bool(const ServerConfig &)> m_approve;
};

} // namespace Mcp::Ui
