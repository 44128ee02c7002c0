#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QLineEdit;
class QToolButton;
class QTreeWidget;
QT_END_NAMESPACE

namespace Mcp {
namespace Ui {

// A searchable list of MCP items (tools, resources, prompts...) with name, title and
// description columns and a refresh button. Items keep their whole JSON object.
class ItemList : public QWidget
{
    Q_OBJECT

public:
    explicit ItemList(QWidget *parent = nullptr);

    // nameKey is "name" for tools and prompts, "uri" or "uriTemplate" for resources.
    void setItems(const QJsonArray &items, const QString &nameKey = QStringLiteral("name"));
    void setMessage(const QString &message); // shown under the list ("Loading…", errors)
    QJsonObject currentItem() const;
    int count() const;
    bool selectByName(const QString &name);

Q_SIGNALS:
    void refreshRequested();
    void currentItemChanged(const QJsonObject &item);

private:
    void applyFilter();

    QLineEdit *m_filter;
    QToolButton *m_refresh;
    QTreeWidget *m_tree;
    QLabel *m_message;
    QString m_nameKey = QStringLiteral("name");
};

} // namespace Ui
} // namespace Mcp
