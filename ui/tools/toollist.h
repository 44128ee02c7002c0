#pragma once

#include "session/requests.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QWidget>

#include <optional>

QT_BEGIN_NAMESPACE
class QLabel;
class QLineEdit;
QT_END_NAMESPACE

namespace Mcp::Ui {

class ItemList;

// The tools of a server: searchable (name, title, description), each with its icon (data:
// URIs, or https fetched by IconFetcher; the tooltip says why one is missing), title and name, and
// badges for its annotations (read-only, destructive, idempotent, open-world) and task support.
// An ItemList: a list of 200,000 tools is prepared in the thread pool and listed when ready.
class ToolList : public QWidget
{
    Q_OBJECT

public:
    explicit ToolList(QWidget *parent = nullptr);

    // cache: where the list came from (the result cache of 2026-07-28), said under the list.
    // A big list is listed later: itemsReplaced() says when.
    void setItems(const QJsonArray &tools, const CacheStatus &cache = {});
    // Tools the session refuses to call (modern era: broken x-mcp-header annotations), name ->
    // reason: listed muted, with a warning icon and the reason.
    void setInvalidTools(const QHash<QString, QString> &tools);
    QHash<QString, QString> invalidTools() const { return m_invalid; }
    void setMessage(const QString &message);
    QString message() const;
    QJsonObject currentItem() const;
    int count() const;
    bool selectByName(const QString &name);
    ItemList *view() const { return m_list; }
    // The text shown for a tool: "Title\nname · badges".
    static QString itemText(const QJsonObject &tool);

Q_SIGNALS:
    void refreshRequested();
    void currentItemChanged(const QJsonObject &tool);
    // The tools of the last setItems are listed.
    void itemsReplaced();

private:
    QLineEdit *m_filter;
    ItemList *m_list;
    QLabel *m_message;
    QHash<QString, QString> m_invalid;
    std::optional<QString> m_listedMessage; // said once the tools of setItems are listed
};

} // namespace Mcp::Ui
