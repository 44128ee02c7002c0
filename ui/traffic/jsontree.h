#pragma once

#include <QJsonValue>
#include <QTreeWidget>

namespace Mcp::Ui {

// A JSON value as an expandable tree (key, value, type). Big documents are cut at a node
// budget with a "… more" row, so showing a huge message never stalls the window.
class JsonTree : public QTreeWidget
{
    Q_OBJECT

public:
    explicit JsonTree(QWidget *parent = nullptr);
    void setJson(const QJsonValue &value);
    // Parses and shows; when the bytes are not JSON the tree stays empty and false is returned.
    bool setJsonBytes(const QByteArray &bytes);

    static constexpr int NodeBudget = 20000;

private:
    void addChildren(QTreeWidgetItem *parent, const QJsonValue &value, int depth, int &budget);
};

} // namespace Mcp::Ui
