#pragma once

#include <QJsonArray>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QTableWidget;
class QPushButton;
QT_END_NAMESPACE

namespace Mcp::Ui {

// The client's roots as a table of file:// URIs with names: add a folder with a folder
// picker, rename, remove. Emits changed() after every edit so the page can store the roots
// and send notifications/roots/list_changed.
class RootsEditor : public QWidget
{
    Q_OBJECT

public:
    explicit RootsEditor(QWidget *parent = nullptr);

    // [{"uri": "file:///...", "name": "..."}], as roots/list answers.
    QJsonArray roots() const;
    void setRoots(const QJsonArray &roots);
    // Adds a local folder (what the folder picker does); false if it is already there.
    bool addFolder(const QString &path, const QString &name = QString());
    void removeRow(int row);

Q_SIGNALS:
    void changed();

private:
    void addRow(const QString &uri, const QString &name);
    void updateButtons();

    QTableWidget *m_table;
    QPushButton *m_remove;
    bool m_loading = false;
};

} // namespace Mcp::Ui
