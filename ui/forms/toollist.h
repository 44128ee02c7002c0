#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QLineEdit;
class QListWidget;
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

    void setItems(const QJsonArray &tools);
    void setMessage(const QString &message);
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

    QLineEdit *m_filter;
    QListWidget *m_list;
    QLabel *m_message;
};

} // namespace Mcp::Ui
