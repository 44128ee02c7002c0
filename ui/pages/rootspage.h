#pragma once

#include "pages/page.h"

QT_BEGIN_NAMESPACE
class QLabel;
class QTableWidget;
QT_END_NAMESPACE

namespace Mcp {
namespace Ui {

// The roots this client offers (answered to roots/list). Apply sends
// notifications/roots/list_changed.
class RootsPage : public Page
{
    Q_OBJECT

public:
    explicit RootsPage(Connection *connection, QWidget *parent = nullptr);

    QString title() const override { return tr("Roots"); }
    QIcon icon() const override;
    bool worksOffline() const override { return true; }

    QJsonArray roots() const;

public Q_SLOTS:
    void addFolder();
    void addRow(const QString &uri = QString(), const QString &name = QString());
    void removeSelected();
    void apply();

private:
    QTableWidget *m_table;
    QLabel *m_status;
};

} // namespace Ui
} // namespace Mcp
