#pragma once

#include "doctor/finding.h"

#include <QDialog>
#include <QPointer>

#include <memory>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QPushButton;
class QTreeWidget;
QT_END_NAMESPACE

namespace Mcp::Doctor {
class DoctorRun;
}

namespace Mcp::Ui {

class Connection;
class FittingLabel;

// Server › Run Doctor…: what a host will trip on in a connected server, as `mcpscope doctor`
// finds it (lib/doctor's DoctorRun, here through the window's Session). The findings most severe
// first, filtered by severity; the chosen one's expected and seen, rule and fix below. Run Again
// after a fix (or a watch-mode reload) examines the server anew.
class DoctorDialog : public QDialog
{
    Q_OBJECT

public:
    DoctorDialog(const QString &name, Connection *connection, QWidget *parent = nullptr);
    ~DoctorDialog() override;

    // Examines the server again; examined() follows.
    void runAgain();

    QList<Doctor::Finding> findings() const { return m_findings; }
    QTreeWidget *list() const { return m_list; }
    QString summaryText() const;
    QString detailText() const;
    // The findings as text (the Copy Report button's).
    QString reportText() const;

Q_SIGNALS:
    void examined();
    // Show in Traffic: the first event of the chosen finding's evidence, to be shown in the
    // server's traffic.
    void showTrafficRequested(const Mcp::TrafficEvent &event);

private:
    void showFindings();
    void showDetail();

    QString m_name;
    QPointer<Connection> m_connection;
    std::unique_ptr<Doctor::DoctorRun> m_run;
    QList<Doctor::Finding> m_findings;
    QComboBox *m_show = nullptr;
    QTreeWidget *m_list = nullptr;
    FittingLabel *m_summary = nullptr;
    QLabel *m_detail = nullptr;
    QPushButton *m_again = nullptr;
    QPushButton *m_copy = nullptr;
    QPushButton *m_showTraffic = nullptr;
};

} // namespace Mcp::Ui
