#include "doctordialog.h"

#include "connection/connection.h"
#include "doctor/catalog.h"
#include "doctor/doctorrun.h"
#include "theme.h"
#include "widgets/commonwidgets.h"
#include "widgets/fittinglabel.h"
#include "widgets/screenfit.h"

#include <QApplication>
#include <QBoxLayout>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTreeWidget>

namespace Mcp::Ui {

namespace {

enum Column { SeverityColumn, IdColumn, SubjectColumn, ChangeColumn };
constexpr int FindingRole = Qt::UserRole; // the finding's index (findingAt)

// What makes a finding the same one in two runs: its id and what it is about (what was seen
// holds times and counts that change from run to run).
QString keyOf(const Doctor::Finding &finding)
{
    return finding.id + QLatin1Char('\n') + finding.subject;
}

} // namespace

DoctorDialog::DoctorDialog(const QString &name, Connection *connection, QWidget *parent)
    : QDialog(parent), m_name(name), m_connection(connection)
{
    setObjectName(QStringLiteral("doctorDialog"));
    // A window of its own, not one kept above the main window: Show in Traffic brings the main
    // window, and the row it chose, in front of it.
    setWindowFlags(Qt::Window | Qt::WindowTitleHint | Qt::WindowSystemMenuHint | Qt::WindowMinMaxButtonsHint
                   | Qt::WindowCloseButtonHint);
    setWindowTitle(tr("Doctor: %1").arg(name));
    auto *layout = new QVBoxLayout(this);

    auto *row = new QHBoxLayout;
    auto *showLabel = new QLabel(tr("&Show:"), this);
    row->addWidget(showLabel);
    m_show = new QComboBox(this);
    m_show->setObjectName(QStringLiteral("doctorShow"));
    m_show->addItem(tr("Everything"), int(Doctor::Severity::Info));
    m_show->addItem(tr("Errors and warnings"), int(Doctor::Severity::Warning));
    m_show->addItem(tr("Errors"), int(Doctor::Severity::Error));
    showLabel->setBuddy(m_show);
    connect(m_show, &QComboBox::currentIndexChanged, this, &DoctorDialog::showFindings);
    row->addWidget(m_show);
    m_category = new QComboBox(this);
    m_category->setObjectName(QStringLiteral("doctorCategory"));
    m_category->setToolTip(tr("Only the findings of one category"));
    m_category->addItem(tr("All categories"));
    connect(m_category, &QComboBox::currentIndexChanged, this, &DoctorDialog::showFindings);
    row->addWidget(m_category);
    row->addStretch(1);
    m_sampleCalls = new QCheckBox(tr("Call read-only tools"), this);
    m_sampleCalls->setObjectName(QStringLiteral("doctorSampleCalls"));
    m_sampleCalls->setToolTip(tr("On the next run, call the tools annotated readOnlyHint: true with arguments made "
                                 "from their schemas, and check their results. Other tools are never called."));
    row->addWidget(m_sampleCalls);
    m_again = new QPushButton(Theme::icon(QStringLiteral("refresh")), tr("Run &Again"), this);
    m_again->setObjectName(QStringLiteral("doctorAgain"));
    m_again->setToolTip(tr("Examine the server anew, e.g. after a fix"));
    connect(m_again, &QPushButton::clicked, this, &DoctorDialog::runAgain);
    row->addWidget(m_again);
    layout->addLayout(row);

    auto *split = new QSplitter(Qt::Vertical, this);
    m_list = flatTree({tr("Severity"), tr("Finding"), tr("About"), tr("Since Last Run")}, split);
    m_list->setColumnHidden(ChangeColumn, true); // until there is a last run
    m_list->setObjectName(QStringLiteral("doctorFindings"));
    connect(m_list, &QTreeWidget::currentItemChanged, this, &DoctorDialog::showDetail);
    // Long rules and fixes wrap and scroll here instead of growing the dialog.
    auto *detailScroll = new QScrollArea(split);
    detailScroll->setWidgetResizable(true);
    detailScroll->setFrameShape(QFrame::NoFrame);
    m_detail = new QLabel(detailScroll);
    m_detail->setObjectName(QStringLiteral("doctorDetail"));
    m_detail->setWordWrap(true);
    m_detail->setTextFormat(Qt::RichText);
    m_detail->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    detailScroll->setWidget(m_detail);
    split->addWidget(m_list);
    split->addWidget(detailScroll);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({300, 200}); // the detail's own size hint would leave it two lines
    layout->addWidget(split, 1);

    m_summary = new FittingLabel(this);
    m_summary->setObjectName(QStringLiteral("doctorSummary"));
    layout->addWidget(m_summary);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_copy = buttons->addButton(tr("&Copy Report"), QDialogButtonBox::ActionRole);
    m_copy->setToolTip(tr("The findings as text, as mcpscope doctor prints them"));
    m_copy->setEnabled(false);
    connect(m_copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(reportText()); });
    m_save = buttons->addButton(tr("Save &Report…"), QDialogButtonBox::ActionRole);
    m_save->setObjectName(QStringLiteral("doctorSave"));
    m_save->setToolTip(tr("The findings as mcpscope doctor writes them: text, Markdown, JSON, JUnit XML or SARIF"));
    m_save->setEnabled(false);
    connect(m_save, &QPushButton::clicked, this, &DoctorDialog::saveReport);
    m_showTraffic = buttons->addButton(tr("Show in &Traffic"), QDialogButtonBox::ActionRole);
    m_showTraffic->setObjectName(QStringLiteral("doctorShowTraffic"));
    m_showTraffic->setToolTip(tr("The exchange behind the chosen finding, in the server's Traffic tab"));
    m_showTraffic->setEnabled(false);
    connect(m_showTraffic, &QPushButton::clicked, this, [this] {
        if (const QTreeWidgetItem *item = m_list->currentItem()) {
            const Doctor::Finding &finding = findingAt(item->data(SeverityColumn, FindingRole).toInt());
            if (!finding.evidence.isEmpty())
                Q_EMIT showTrafficRequested(finding.evidence.constFirst());
        }
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    ScreenFit::resizeWithin(this, QSize(820, 560));
    // A server removed while it is examined: its requests go with it, unanswered.
    if (connection) {
        connect(connection, &QObject::destroyed, this, [this] {
            if (!m_run)
                return;
            m_run.reset();
            m_again->setEnabled(true);
            m_summary->setText(tr("%1 is not connected.").arg(m_name));
        });
    }
    runAgain();
}

DoctorDialog::~DoctorDialog() = default;

QString DoctorDialog::summaryText() const
{
    return m_summary->text();
}

QString DoctorDialog::detailText() const
{
    return m_detail->text();
}

QString DoctorDialog::reportText() const
{
    return Doctor::reportText(m_findings);
}

const Doctor::Finding &DoctorDialog::findingAt(int index) const
{
    return index < m_findings.size() ? m_findings.at(index) : m_fixed.at(index - m_findings.size());
}

namespace {

// The formats Save Report… offers: mcpscope doctor's --format word, the file suffix, the filter.
struct ReportFormat
{
    const char *format;
    const char *suffix;
    const char *filter;
};
const ReportFormat ReportFormats[] = {
    {"markdown", "md", QT_TRANSLATE_NOOP("Mcp::Ui::DoctorDialog", "Markdown (*.md)")},
    {"text", "txt", QT_TRANSLATE_NOOP("Mcp::Ui::DoctorDialog", "Text (*.txt)")},
    {"json", "json", QT_TRANSLATE_NOOP("Mcp::Ui::DoctorDialog", "JSON (*.json)")},
    {"junit", "xml", QT_TRANSLATE_NOOP("Mcp::Ui::DoctorDialog", "JUnit XML (*.xml)")},
    {"sarif", "sarif", QT_TRANSLATE_NOOP("Mcp::Ui::DoctorDialog", "SARIF (*.sarif)")},
};

} // namespace

QByteArray DoctorDialog::report(const QString &format) const
{
    const SessionInfo info = m_connection ? m_connection->sessionInfo() : SessionInfo();
    const bool modern = info.era.era == Modern::Era::Modern;
    const QString era = modern ? QStringLiteral("modern") : QStringLiteral("legacy");
    const std::optional<HttpEndpoint> endpoint = m_connection ? m_connection->httpEndpoint() : std::nullopt;
    const QString title = QStringLiteral("%1 %2 · %3 %4").arg(info.serverInfo.name, info.serverInfo.version, era, info.protocolVersion);
    if (format == QLatin1String("markdown"))
        return Doctor::reportMarkdown(QStringLiteral("mcpscope doctor: %1").arg(title), m_findings).toUtf8();
    if (format == QLatin1String("json")) {
        return Doctor::reportJson({info.serverInfo.name, info.serverInfo.version, info.protocolVersion, era,
                                   info.transportName.isEmpty() ? QStringLiteral("stdio") : info.transportName},
                                  m_findings);
    }
    if (format == QLatin1String("junit")) {
        return Doctor::reportJUnit(title, m_findings, Doctor::Severity::Error,
                                   Doctor::applicableChecks(endpoint.has_value(), modern));
    }
    if (format == QLatin1String("sarif")) {
        return Doctor::reportSarif(m_findings, Doctor::SarifArtifact::of(endpoint ? endpoint->url.toString() : info.endpoint),
                                   QCoreApplication::applicationVersion());
    }
    return (reportText() + u'\n').toUtf8();
}

void DoctorDialog::saveReport()
{
    QStringList filters;
    for (const ReportFormat &format : ReportFormats)
        filters << tr(format.filter);
    QString chosenFilter = filters.constFirst();
    const QString path = !m_savePathForTesting.isEmpty()
        ? m_savePathForTesting
        : QFileDialog::getSaveFileName(this, tr("Save Report"), m_name + QStringLiteral(".md"), filters.join(QStringLiteral(";;")),
                                       &chosenFilter);
    if (path.isEmpty())
        return;
    // The file's suffix says the format; without a known one, the filter chosen does.
    QString format = QLatin1String(ReportFormats[qMax(0, int(filters.indexOf(chosenFilter)))].format);
    for (const ReportFormat &known : ReportFormats) {
        if (QFileInfo(path).suffix().compare(QLatin1String(known.suffix), Qt::CaseInsensitive) == 0)
            format = QLatin1String(known.format);
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(report(format)) < 0 || !file.commit()) {
        if (m_savePathForTesting.isEmpty())
            QMessageBox::warning(this, tr("Save Report"), tr("Cannot write %1: %2").arg(path, file.errorString()));
        return;
    }
}

void DoctorDialog::runAgain()
{
    if (!m_findings.isEmpty()) {
        QSet<QString> before;
        for (const Doctor::Finding &finding : std::as_const(m_findings))
            before.insert(keyOf(finding));
        m_before = before;
        m_previous = m_findings;
    }
    m_findings.clear();
    m_fixed.clear();
    m_new.clear();
    m_list->clear();
    m_detail->clear();
    m_copy->setEnabled(false);
    m_save->setEnabled(false);
    if (!m_connection || !m_connection->isConnected()) {
        m_summary->setText(tr("%1 is not connected.").arg(m_name));
        return;
    }
    m_again->setEnabled(false);
    m_summary->setText(tr("Examining %1…").arg(m_name));
    const bool modern = m_connection->sessionInfo().era.era == Modern::Era::Modern;
    Doctor::DoctorRun::Options options;
    options.sampleCalls = m_sampleCalls->isChecked();
    options.secondConnection = m_connection->transportFactory();
    if (const std::optional<HttpEndpoint> endpoint = m_connection->httpEndpoint())
        options.http = Doctor::HttpProbes::Target{endpoint->url, endpoint->headers, modern, {}, endpoint->network};
    m_run = std::make_unique<Doctor::DoctorRun>(m_connection.data(), options);
    // The probes' requests go into the connection's traffic, where the evidence points.
    connect(m_run.get(), &Doctor::DoctorRun::probeTraffic, m_connection, [connection = m_connection](const TrafficEvent &event) {
        if (connection)
            connection->addLocalTraffic({event});
    });
    // What the server writes while it is examined.
    connect(m_connection, &Connection::trafficBatch, m_run.get(), [run = m_run.get()](const QList<TrafficEvent> &events) {
        for (const TrafficEvent &event : events)
            run->observe(event);
    });
    connect(m_run.get(), &Doctor::DoctorRun::finished, this, [this] {
        m_findings = Doctor::mostSevereFirst(m_run->findings());
        m_run.release()->deleteLater(); // finished() is still being emitted
        compareWithLastRun();
        m_again->setEnabled(true);
        m_copy->setEnabled(true);
        m_save->setEnabled(true);
        showFindings();
        Q_EMIT examined();
    });
    m_run->start(modern, m_connection->sessionInfo().protocolVersion, m_connection->sessionInfo().serverCapabilities);
}

void DoctorDialog::compareWithLastRun()
{
    QSet<QString> now;
    QStringList categories;
    for (const Doctor::Finding &finding : std::as_const(m_findings)) {
        now.insert(keyOf(finding));
        if (m_before && !m_before->contains(keyOf(finding)) && finding.severity != Doctor::Severity::Info)
            m_new.insert(keyOf(finding));
        if (!categories.contains(finding.category))
            categories << finding.category;
    }
    for (const Doctor::Finding &finding : std::as_const(m_previous)) {
        if (!now.contains(keyOf(finding)) && finding.severity != Doctor::Severity::Info)
            m_fixed.append(finding);
    }
    m_list->setColumnHidden(ChangeColumn, !m_before);
    // The categories found, the chosen one kept when it is still there.
    const QString chosen = m_category->currentIndex() > 0 ? m_category->currentText() : QString();
    const QSignalBlocker blocker(m_category);
    while (m_category->count() > 1)
        m_category->removeItem(1);
    categories.sort();
    m_category->addItems(categories);
    m_category->setCurrentIndex(qMax(0, m_category->findText(chosen)));
}

void DoctorDialog::showFindings()
{
    const auto least = Doctor::Severity(m_show->currentData().toInt());
    const QString category = m_category->currentIndex() > 0 ? m_category->currentText() : QString();
    m_list->clear();
    const qsizetype rows = m_findings.size() + m_fixed.size();
    for (int index = 0; index < rows; ++index) {
        const Doctor::Finding &finding = findingAt(index);
        const bool fixed = index >= m_findings.size();
        if (finding.severity < least || (!category.isEmpty() && finding.category != category))
            continue;
        auto *item = new QTreeWidgetItem(m_list, {Doctor::severityName(finding.severity), finding.id, finding.subject});
        item->setData(SeverityColumn, FindingRole, index);
        if (fixed) {
            item->setText(ChangeColumn, tr("fixed"));
            for (int column = SeverityColumn; column <= ChangeColumn; ++column)
                item->setForeground(column, palette().brush(QPalette::Disabled, QPalette::Text));
            continue;
        }
        if (m_new.contains(keyOf(finding)))
            item->setText(ChangeColumn, tr("new"));
        if (finding.severity != Doctor::Severity::Info)
            item->setForeground(SeverityColumn, Theme::color(finding.severity == Doctor::Severity::Error ? Theme::Role::Error
                                                                                                      : Theme::Role::Warning));
    }
    const Doctor::Tally tally = Doctor::Tally::of(m_findings);
    QString summary = tally.errors + tally.warnings == 0
        ? tr("%1: no errors and no warnings (%n note(s)).", nullptr, tally.infos).arg(m_name)
        : tr("%1: %2 error(s), %3 warning(s), %4 note(s).").arg(m_name).arg(tally.errors).arg(tally.warnings).arg(tally.infos);
    if (m_before) // errors and warnings: notes hold times that change from run to run
        summary += QLatin1Char(' ') + tr("Since the last run: %1 fixed, %2 new.").arg(m_fixed.size()).arg(m_new.size());
    m_summary->setText(summary);
    if (m_list->topLevelItemCount() > 0)
        m_list->setCurrentItem(m_list->topLevelItem(0));
}

void DoctorDialog::showDetail()
{
    const QTreeWidgetItem *item = m_list->currentItem();
    m_showTraffic->setEnabled(false);
    if (!item) {
        m_detail->clear();
        return;
    }
    const int index = item->data(SeverityColumn, FindingRole).toInt();
    const Doctor::Finding &finding = findingAt(index);
    const bool fixed = index >= m_findings.size();
    m_showTraffic->setEnabled(!fixed && !finding.evidence.isEmpty());
    QString html = QStringLiteral("<b>%1</b> — %2").arg(finding.id.toHtmlEscaped(), finding.subject.toHtmlEscaped());
    if (fixed)
        html += QStringLiteral("<br><i>%1</i>").arg(tr("Fixed: the last run found this, this run did not.").toHtmlEscaped());
    const auto line = [&html](const QString &label, const QString &text) {
        if (!text.isEmpty())
            html += QStringLiteral("<br><b>%1</b> %2").arg(label.toHtmlEscaped(), text.toHtmlEscaped());
    };
    line(tr("Expected:"), finding.expected);
    line(tr("Seen:"), finding.seen);
    line(tr("Rule:"), finding.rule);
    line(tr("Fix:"), finding.fix);
    const QStringList evidence = finding.evidenceLines();
    if (!evidence.isEmpty()) {
        html += QStringLiteral("<br><b>%1</b> %2").arg(tr("Evidence:").toHtmlEscaped(),
                                                       tr("as the Traffic tab has it (Show in Traffic)").toHtmlEscaped());
        for (const QString &event : evidence)
            html += QStringLiteral("<br><tt>%1</tt>").arg(event.toHtmlEscaped().replace(QStringLiteral("  "), QStringLiteral(" · ")));
    }
    m_detail->setText(html);
}

} // namespace Mcp::Ui
