#include "traffic/jsontree.h"

#include "theme.h"
#include "widgets/jsonview.h"

#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Mcp::Ui {

JsonTree::JsonTree(QWidget *parent) : QTreeWidget(parent)
{
    setColumnCount(3);
    setHeaderLabels({tr("Key"), tr("Value"), tr("Type")});
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    header()->setStretchLastSection(false);
    header()->setSectionResizeMode(1, QHeaderView::Stretch);
    setColumnWidth(0, 200);
    setColumnWidth(2, 70);
}

static QString typeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return QStringLiteral("boolean");
    case QJsonValue::Double: return QStringLiteral("number");
    case QJsonValue::String: return QStringLiteral("string");
    case QJsonValue::Array: return QStringLiteral("array");
    case QJsonValue::Object: return QStringLiteral("object");
    case QJsonValue::Undefined: return QString();
    }
    return {};
}

void JsonTree::addChildren(QTreeWidgetItem *parent, const QJsonValue &value, int depth, int &budget)
{
    auto addOne = [&](const QString &key, const QJsonValue &child) -> bool {
        if (budget <= 0) {
            auto *more = new QTreeWidgetItem(parent, {tr("… more not shown")});
            more->setForeground(0, Theme::color(Theme::Role::Muted));
            return false;
        }
        --budget;
        auto *item = new QTreeWidgetItem(parent);
        item->setText(0, key);
        item->setForeground(0, Theme::color(Theme::Role::JsonKey));
        item->setText(2, typeName(child));
        if (child.isObject()) {
            item->setText(1, tr("{%n member(s)}", nullptr, int(child.toObject().size())));
            item->setForeground(1, Theme::color(Theme::Role::Muted));
            addChildren(item, child, depth + 1, budget);
        } else if (child.isArray()) {
            item->setText(1, tr("[%n item(s)]", nullptr, int(child.toArray().size())));
            item->setForeground(1, Theme::color(Theme::Role::Muted));
            addChildren(item, child, depth + 1, budget);
        } else {
            QString text = JsonTextView::prettyText(child);
            if (text.size() > 2000)
                text = text.left(2000) + QStringLiteral("…");
            item->setText(1, text);
            item->setToolTip(1, text.left(500));
            item->setForeground(1, Theme::color(child.isString() ? Theme::Role::JsonString
                                                : child.isDouble() ? Theme::Role::JsonNumber
                                                                   : Theme::Role::JsonKeyword));
        }
        return true;
    };
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (!addOne(it.key(), it.value()))
                break;
        }
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        for (int i = 0; i < array.size(); ++i) {
            if (!addOne(QString::number(i), array.at(i)))
                break;
        }
    }
    Q_UNUSED(depth)
}

void JsonTree::setJson(const QJsonValue &value)
{
    clear();
    int budget = NodeBudget;
    auto *root = new QTreeWidgetItem(this);
    root->setText(0, value.isArray() ? QStringLiteral("[ ]") : QStringLiteral("{ }"));
    root->setText(2, typeName(value));
    addChildren(root, value, 0, budget);
    root->setExpanded(true);
    // Expand the first two levels: the interesting part of a JSON-RPC message (params, result).
    for (int i = 0; i < root->childCount(); ++i) {
        QTreeWidgetItem *child = root->child(i);
        if (child->childCount() < 50)
            child->setExpanded(true);
    }
}

bool JsonTree::setJsonBytes(const QByteArray &bytes)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError || doc.isNull()) {
        clear();
        return false;
    }
    setJson(doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object()));
    return true;
}

} // namespace Mcp::Ui
