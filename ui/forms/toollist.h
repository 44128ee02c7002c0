#pragma once

#include "session/requests.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QLineEdit;
class QListWidget;
class QListWidgetItem;
QT_END_NAMESPACE

namespace Mcp::Ui {

// The tools of a server: searchable (name, title, description), each with its icon (data:
// URIs, or https fetched by IconFetcher; the tooltip says why one is missing), title and name, and
// badges for its annotations (read-only, destructive, idempotent, open-world) and task support.
class ToolList : public QWidget
{
    Q_OBJECT

public:
    explicit ToolList(QWidget *parent = nullptr);

    // cache: where the list came from (the result cache of 2026-07-28), said under the list.
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
    QListWidget *listWidget() const { return m_list; }
    // The text shown for a tool: "Title\nname · badges".
    static QString itemText(const QJsonObject &tool);

Q_SIGNALS:
    void refreshRequested();
    void currentItemChanged(const QJsonObject &tool);

private:
    void applyFilter();
    void decorate(QListWidgetItem *item);

    QLineEdit *m_filter;
    QListWidget *m_list;
    QLabel *m_message;
    QHash<QString, QString> m_invalid;
};

} // namespace Mcp::Ui
