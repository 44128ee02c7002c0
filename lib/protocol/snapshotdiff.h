#pragma once

#include "listdiff.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>

namespace Mcp {

// Two snapshots of what a server offers compared, with each change judged breaking or not: what
// `mcpscope diff` prints and the window's Compare With… shows. A snapshot is a JSON object with
// any of "tools", "prompts", "resources", "resourceTemplates" arrays (what `mcpscope --cli X
// --method tools/list` prints is one; the window's Save Snapshot… writes all four).
struct SnapshotDiff
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::SnapshotDiff)

public:
    // The lists a snapshot holds, in the order they are compared and shown.
    static const QStringList &listKeys(); // "tools", "prompts", "resources", "resourceTemplates"

    QList<QPair<QString, ListDiff>> lists; // one per listKeys() entry, in that order
    int breaking = 0;

    // A change that breaks a client written against the old side: an item removed, a tool input
    // property removed or its type changed or its enum narrowed, a new required tool or prompt
    // argument, a prompt argument removed. Empty when the change is compatible; else the reason.
    static QString breakingReason(const QString &listKey, const ItemChange &change);

    static SnapshotDiff compare(const QJsonObject &before, const QJsonObject &after);
    // {"tools": [{"change", "key", "breaking", "reason", "fields": [...]}...], ..., "breaking": n}
    QJsonObject toJson() const;
    int changeCount() const;
};

} // namespace Mcp
