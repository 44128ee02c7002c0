#include "comparedialog.h"
#include "widgets/screenfit.h"

#include "collections/snapshotfile.h"
#include "connection/connection.h"
#include "theme.h"
#include "widgets/fittinglabel.h"
#include "widgets/listdiffview.h"

#include <QBoxLayout>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>

#include <memory>

namespace Mcp::Ui {

namespace {
constexpr int SnapshotChoice = -1; // "Snapshot File…": asks for one
constexpr int LoadedSnapshot = -2; // the snapshot file chosen last
const char LastSnapshotKey[] = "compare/lastSnapshot";
}

CompareDialog::CompareDialog(const QString &name, Connection *connection, const QList<Peer> &peers, QWidget *parent)
    : QDialog(parent), m_name(name), m_connection(connection), m_peers(peers)
{
    setObjectName(QStringLiteral("compareDialog"));
    setWindowTitle(tr("Compare %1").arg(name));
    auto *layout = new QVBoxLayout(this);

    auto *row = new QHBoxLayout;
    auto *label = new QLabel(tr("Compare %1 &with:").arg(name), this);
    row->addWidget(label);
    m_target = new QComboBox(this);
    m_target->setObjectName(QStringLiteral("compareTarget"));
    m_target->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_target->setMinimumContentsLength(24);
    label->setBuddy(m_target);
    for (int i = 0; i < m_peers.size(); ++i)
        m_target->addItem(Theme::icon(QStringLiteral("server")), m_peers.at(i).name, i);
    if (!m_peers.isEmpty())
        m_target->insertSeparator(m_target->count());
    m_target->addItem(Theme::icon(QStringLiteral("open")), tr("Snapshot File…"), SnapshotChoice);
    m_target->setPlaceholderText(tr("Choose a connected server or a snapshot"));
    m_target->setCurrentIndex(-1);
    m_target->setToolTip(tr("The baseline: another connected server, or a snapshot saved with Server › Save Snapshot… "
                            "(or printed by mcpscope --cli … --method tools/list), or a capture"));
    connect(m_target, &QComboBox::activated, this, &CompareDialog::onTargetActivated);
    row->addWidget(m_target, 1);
    m_reverse = new QPushButton(tr("&Reverse"), this);
    m_reverse->setObjectName(QStringLiteral("reverse"));
    m_reverse->setCheckable(true);
    m_reverse->setToolTip(tr("Swap the sides: which one is before decides what counts as breaking"));
    connect(m_reverse, &QPushButton::toggled, this, &CompareDialog::setReversed);
    row->addWidget(m_reverse);
    m_refresh = new QPushButton(Theme::icon(QStringLiteral("refresh")), tr("Compare &Again"), this);
    m_refresh->setEnabled(false);
    connect(m_refresh, &QPushButton::clicked, this, &CompareDialog::start);
    row->addWidget(m_refresh);
    layout->addLayout(row);

    m_direction = new FittingLabel(this);
    m_direction->setObjectName(QStringLiteral("direction"));
    layout->addWidget(m_direction);
    m_view = new ListDiffView(this);
    m_view->setObjectName(QStringLiteral("compareView"));
    layout->addWidget(m_view, 1);
    m_summary = new FittingLabel(this);
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setText(tr("Choose what to compare %1 with.").arg(name));
    layout->addWidget(m_summary);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_export = buttons->addButton(tr("&Export JSON…"), QDialogButtonBox::ActionRole);
    m_export->setToolTip(tr("The differences as `mcpscope diff --format json` writes them"));
    m_export->setEnabled(false);
    connect(m_export, &QPushButton::clicked, this, &CompareDialog::exportJson);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    ScreenFit::resizeWithin(this, QSize(860, 560));
}

QString CompareDialog::summaryText() const
{
    return m_summary->text();
}

void CompareDialog::onTargetActivated(int row)
{
    const int choice = m_target->itemData(row).toInt();
    if (choice >= 0)
        return compareWithPeer(choice);
    if (choice == LoadedSnapshot)
        return compareWithSnapshot(m_snapshotPath);
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(this, tr("Compare with Snapshot"), settings.value(QLatin1String(LastSnapshotKey)).toString(),
                                                      tr("Snapshots and captures (*.json *.jsonl *.ndjson);;All files (*)"));
    if (path.isEmpty()) {
        // Back to what was compared before, if anything.
        m_target->setCurrentIndex(m_peer >= 0 ? m_target->findData(m_peer) : m_target->findData(LoadedSnapshot));
        return;
    }
    settings.setValue(QLatin1String(LastSnapshotKey), path);
    compareWithSnapshot(path);
}

void CompareDialog::compareWithPeer(int index)
{
    if (index < 0 || index >= m_peers.size())
        return;
    m_peer = index;
    m_snapshotPath.clear();
    m_baselineName = m_peers.at(index).name;
    m_target->setCurrentIndex(m_target->findData(index));
    start();
}

void CompareDialog::compareWithSnapshot(const QString &path)
{
    m_peer = -1;
    m_snapshotPath = path;
    m_baselineName = QFileInfo(path).fileName();
    // The chosen file stays in the list, so it is seen (and can be chosen again after a peer).
    int row = m_target->findData(LoadedSnapshot);
    if (row < 0) {
        row = m_target->findData(SnapshotChoice);
        m_target->insertItem(row, Theme::icon(QStringLiteral("open")), QString(), LoadedSnapshot);
    }
    m_target->setItemText(row, tr("Snapshot %1").arg(m_baselineName));
    m_target->setItemData(row, path, Qt::ToolTipRole);
    m_target->setCurrentIndex(row);
    start();
}

void CompareDialog::setReversed(bool reversed)
{
    if (reversed == m_reversed)
        return;
    m_reversed = reversed;
    const QSignalBlocker blocker(m_reverse);
    m_reverse->setChecked(reversed);
    if (m_peer >= 0 || !m_snapshotPath.isEmpty())
        start();
}

void CompareDialog::start()
{
    const quint64 generation = m_comparison.start();
    m_error.clear();
    m_export->setEnabled(false);
    m_refresh->setEnabled(true);
    m_summary->setText(tr("Comparing…"));
    m_summary->setStyleSheet(QString());
    // A file is read again each time: it may have been saved anew.
    struct Sides
    {
        QJsonObject current, baseline;
        QString error;
        int remaining = 2;
    };
    auto sides = std::make_shared<Sides>();
    const auto arrived = [this, generation, sides] {
        if (--sides->remaining > 0 || !m_comparison.isLatest(generation))
            return; // a newer comparison was asked for: this one is stale
        if (!sides->error.isEmpty())
            fail(sides->error);
        else
            showDiff(sides->current, sides->baseline);
    };
    const auto listed = [sides, arrived](QJsonObject *into, const QString &name) {
        return [sides, arrived, into, name](const QJsonObject &snapshot, const QString &error) {
            *into = snapshot;
            if (!error.isEmpty() && sides->error.isEmpty())
                sides->error = name + QStringLiteral(": ") + error;
            arrived();
        };
    };
    if (!m_connection)
        return fail(tr("%1 is no longer connected").arg(m_name));
    m_connection->listSnapshot(this, Client::ListOptions::fromServer(), listed(&sides->current, m_name));
    if (m_peer >= 0) {
        const Peer &peer = m_peers.at(m_peer);
        if (peer.connection) {
            peer.connection->listSnapshot(this, Client::ListOptions::fromServer(), listed(&sides->baseline, peer.name));
        } else {
            sides->error = tr("%1 is no longer connected").arg(peer.name);
            arrived(); // said when the current side has arrived too
        }
    } else {
        QString error;
        sides->baseline = SnapshotFile::read(m_snapshotPath, &error);
        if (!error.isEmpty() && sides->error.isEmpty())
            sides->error = error;
        arrived();
    }
}

void CompareDialog::showDiff(const QJsonObject &current, const QJsonObject &baseline)
{
    const QString before = m_reversed ? m_name : m_baselineName;
    const QString after = m_reversed ? m_baselineName : m_name;
    m_diff = m_reversed ? SnapshotDiff::compare(current, baseline) : SnapshotDiff::compare(baseline, current);
    m_view->setDiff(m_diff);
    m_direction->setText(tr("Before: %1  →  After: %2").arg(before, after));
    const int changes = m_diff.changeCount();
    if (changes == 0) {
        m_summary->setText(tr("No differences between %1 and %2.").arg(before, after));
        m_summary->setStyleSheet(QString());
    } else {
        m_summary->setText(tr("%n change(s)", nullptr, changes) + QStringLiteral(", ")
                           + (m_diff.breaking > 0 ? tr("%n breaking for clients of %1", nullptr, m_diff.breaking).arg(before)
                                                  : tr("none breaking for clients of %1").arg(before)));
        m_summary->setStyleSheet(QStringLiteral("color: %1; font-weight: bold;")
                                     .arg(Theme::color(m_diff.breaking > 0 ? Theme::Role::Error : Theme::Role::Ok).name()));
    }
    m_export->setEnabled(true);
    Q_EMIT compared();
}

void CompareDialog::fail(const QString &error)
{
    m_error = error;
    m_diff = {};
    m_view->clear();
    m_direction->clear();
    m_summary->setText(tr("Could not compare: %1").arg(error));
    m_summary->setStyleSheet(QStringLiteral("color: %1;").arg(Theme::color(Theme::Role::Error).name()));
    Q_EMIT compared();
}

void CompareDialog::exportJson()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Differences"), QStringLiteral("diff.json"),
                                                      tr("JSON (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QJsonObject out = m_diff.toJson();
    out.insert(QStringLiteral("before"), m_reversed ? m_name : m_baselineName);
    out.insert(QStringLiteral("after"), m_reversed ? m_baselineName : m_name);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(out).toJson(QJsonDocument::Indented)) < 0 || !file.commit())
        QMessageBox::warning(this, tr("Export Differences"), tr("Cannot write %1: %2").arg(path, file.errorString()));
}

} // namespace Mcp::Ui
