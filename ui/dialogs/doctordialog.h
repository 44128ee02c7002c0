#pragma once

#include "doctor/finding.h"

#include <QDialog>
#include <QPointer>
#include <QSet>

#include <memory>
#include <optional>

QT_BEGIN_NAMESPACE
class QCheckBox;
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
// first, filtered by severity and category; the chosen one's expected and seen, rule and fix
// below. Run Again after a fix (or a watch-mode reload) examines the server anew and marks what
// is new since the last run, and lists what was fixed.
class DoctorDialog : public QDialog
{
    Q_OBJECT

public:
    DoctorDialog(const QString &name, Connection *connection, QWidget *parent = nullptr);
    ~DoctorDialog() override;

    // Examines the server again; examined() follows.
    void runAgain();

    QList<Doctor::Finding> findings() const { return m_findings; }
    // Findings of the run before this one that this one no longer has.
    QList<Doctor::Finding> fixed() const { return m_fixed; }
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
    // Marks the new findings and collects the fixed ones; the categories to choose from.
    void compareWithLastRun();
    void showFindings();
    void showDetail();

    QString m_name;
    QPointer<Connection> m_connection;
    std::unique_ptr<Doctor::DoctorRun> m_run;
    // The finding at a row's index: m_findings, then m_fixed after them.
    const Doctor::Finding &findingAt(int index) const;

    QList<Doctor::Finding> m_findings;
    QList<Doctor::Finding> m_fixed;
    QList<Doctor::Finding> m_previous; // the last run's
    QSet<QString> m_new;                // the keys of findings the run before did not have
    std::optional<QSet<QString>> m_before; // the keys of the last run's findings, once there was one
    QComboBox *m_show = nullptr;
    QComboBox *m_category = nullptr;
    QCheckBox *m_sampleCalls = nullptr;
    QTreeWidget *m_list = nullptr;
    FittingLabel *m_summary = nullptr;
    QLabel *m_detail = nullptr;
    QPushButton *m_again = nullptr;
    QPushButton *m_copy = nullptr;
    QPushButton *m_showTraffic = nullptr;
};

} // namespace Mcp::Ui
