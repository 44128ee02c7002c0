#pragma once

#include "protocol/listdiff.h"

#include <QTreeWidget>

namespace Mcp {
struct SnapshotDiff;
}

namespace Mcp::Ui {

// What changed between two listings of a server, as a tree a person can read: one branch per
// list (tools, prompts, resources, templates), an item per added, removed or changed entry, and
// under a changed one each field with its value before and after. A change that breaks clients
// (protocol/snapshotdiff.h's rule, the one `mcpscope diff` applies) says why in its Before
// column, in the error colour. Used for a reload's differences and for Compare With….
class ListDiffView : public QTreeWidget
{
    Q_OBJECT

public:
    struct Section
    {
        QString title; // "Tools"
        ListDiff diff;
        QString listKey; // "tools", "prompts", "resources", "resourceTemplates": judges breaking changes
    };

    explicit ListDiffView(QWidget *parent = nullptr);
    void setSections(const QList<Section> &sections);
    // The four lists of a snapshot comparison, titled.
    void setDiff(const SnapshotDiff &diff);
    // Number of added, removed and changed entries shown, and of those that break clients.
    int changeCount() const { return m_changes; }
    int breakingCount() const { return m_breaking; }
    // The row of an entry ("tools", "echo"); nullptr when it did not change.
    QTreeWidgetItem *itemFor(const QString &listKey, const QString &key) const;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    // Before and After share what the Change column leaves: values on both sides read alike.
    void balanceColumns();

    int m_changes = 0;
    int m_breaking = 0;
};

} // namespace Mcp::Ui
