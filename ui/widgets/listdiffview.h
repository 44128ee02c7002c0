#pragma once

#include "protocol/listdiff.h"

#include <QTreeWidget>

namespace Mcp::Ui {

// What changed between two listings of a server, as a tree a person can read: one branch per
// list (tools, prompts, resources, templates), an item per added, removed or changed entry, and
// under a changed one each field with its value before and after. Used for a reload's
// differences; the same ListDiff a CLI diff prints.
class ListDiffView : public QTreeWidget
{
    Q_OBJECT

public:
    struct Section
    {
        QString title; // "Tools"
        ListDiff diff;
    };

    explicit ListDiffView(QWidget *parent = nullptr);
    void setSections(const QList<Section> &sections);
    // Number of added, removed and changed entries shown.
    int changeCount() const { return m_changes; }

private:
    int m_changes = 0;
};

} // namespace Mcp::Ui
