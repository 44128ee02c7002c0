#pragma once

#include "protocol/snapshotdiff.h"
#include "widgets/latestonly.h"

#include <QDialog>
#include <QJsonObject>
#include <QPointer>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QPushButton;
QT_END_NAMESPACE

namespace Mcp::Ui {

class Connection;
class FittingLabel;
class ListDiffView;

// Server › Compare With…: what a connected server offers against another connected server or a
// saved snapshot (Save Snapshot…, `mcpscope --cli … --method tools/list`, or a capture), as
// `mcpscope diff` compares them (protocol/snapshotdiff.h): added, removed and changed tools,
// prompts, resources and templates, field by field, breaking changes marked. The other side is
// the baseline ("before"); Reverse swaps the direction, which changes what counts as breaking.
class CompareDialog : public QDialog
{
    Q_OBJECT

public:
    struct Peer
    {
        QString name;
        QPointer<Connection> connection;
    };

    CompareDialog(const QString &name, Connection *connection, const QList<Peer> &peers, QWidget *parent = nullptr);

    // Compares with peers[index] / with the snapshot in path; compared() follows.
    void compareWithPeer(int index);
    void compareWithSnapshot(const QString &path);
    void setReversed(bool reversed);

    ListDiffView *view() const { return m_view; }
    QString summaryText() const;
    QString errorText() const { return m_error; }
    SnapshotDiff diff() const { return m_diff; }

Q_SIGNALS:
    // The comparison asked for last is shown (or its error is).
    void compared();

private:
    void onTargetActivated(int row);
    void start();
    void showDiff(const QJsonObject &current, const QJsonObject &baseline);
    void fail(const QString &error);
    void exportJson();

    QString m_name;
    QPointer<Connection> m_connection;
    QList<Peer> m_peers;
    // The baseline: a peer, or a snapshot file.
    int m_peer = -1;
    QString m_snapshotPath;
    QString m_baselineName;
    QJsonObject m_snapshot;
    bool m_reversed = false;
    LatestOnly m_comparison;
    SnapshotDiff m_diff;
    QString m_error;

    QComboBox *m_target;
    QPushButton *m_reverse;
    QPushButton *m_refresh;
    QPushButton *m_export;
    FittingLabel *m_direction;
    FittingLabel *m_summary;
    ListDiffView *m_view;
};

} // namespace Mcp::Ui
