#include "rootseditor.h"

#include "protocol/clienttypes.h"

#include <QBoxLayout>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QUrl>

namespace Mcp::Ui {

RootsEditor::RootsEditor(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *help = new QLabel(tr("Roots tell the server which folders it may work in. They are sent when the server asks "
                               "(roots/list); every change sends notifications/roots/list_changed."),
                            this);
    help->setWordWrap(true);
    layout->addWidget(help);
    m_table = new QTableWidget(0, 2, this);
    m_table->setObjectName(QStringLiteral("rootsTable"));
    m_table->setHorizontalHeaderLabels({tr("Name"), tr("URI")});
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->resizeSection(0, 180);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    layout->addWidget(m_table, 1);
    auto *buttons = new QHBoxLayout;
    auto *add = new QPushButton(tr("Add folder…"), this);
    add->setObjectName(QStringLiteral("addRoot"));
    m_remove = new QPushButton(tr("Remove"), this);
    m_remove->setObjectName(QStringLiteral("removeRoot"));
    buttons->addWidget(add);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    layout->addLayout(buttons);

    connect(add, &QPushButton::clicked, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Add a root folder"), QDir::homePath());
        if (!folder.isEmpty())
            addFolder(folder);
    });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const QList<QTableWidgetSelectionRange> ranges = m_table->selectedRanges();
        QList<int> rows;
        for (const QTableWidgetSelectionRange &range : ranges)
            for (int row = range.topRow(); row <= range.bottomRow(); ++row)
                rows.append(row);
        std::sort(rows.begin(), rows.end(), std::greater<int>());
        for (int row : rows)
            m_table->removeRow(row);
        if (!rows.isEmpty())
            Q_EMIT changed();
        updateButtons();
    });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &RootsEditor::updateButtons);
    connect(m_table, &QTableWidget::itemChanged, this, [this] {
        if (!m_loading)
            Q_EMIT changed();
    });
    updateButtons();
}

QJsonArray RootsEditor::roots() const
{
    QList<Root> result;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        Root root;
        root.uri = m_table->item(row, 1)->text();
        root.name = m_table->item(row, 0)->text();
        result.append(root);
    }
    return ListRootsResult::rootsToJson(result);
}

void RootsEditor::setRoots(const QJsonArray &roots)
{
    m_loading = true;
    m_table->setRowCount(0);
    for (const Root &root : ListRootsResult::rootsFromJson(roots))
        addRow(root.uri, root.name);
    m_loading = false;
    updateButtons();
}

bool RootsEditor::addFolder(const QString &path, const QString &name)
{
    const QString uri = QUrl::fromLocalFile(QDir::cleanPath(QFileInfo(path).absoluteFilePath())).toString(QUrl::FullyEncoded);
    for (int row = 0; row < m_table->rowCount(); ++row)
        if (m_table->item(row, 1)->text() == uri)
            return false;
    m_loading = true;
    addRow(uri, name.isEmpty() ? QFileInfo(path).fileName() : name);
    m_loading = false;
    updateButtons();
    Q_EMIT changed();
    return true;
}

void RootsEditor::removeRow(int row)
{
    if (row < 0 || row >= m_table->rowCount())
        return;
    m_table->removeRow(row);
    updateButtons();
    Q_EMIT changed();
}

void RootsEditor::addRow(const QString &uri, const QString &name)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    m_table->setItem(row, 0, new QTableWidgetItem(name));
    auto *uriItem = new QTableWidgetItem(uri);
    uriItem->setFlags(uriItem->flags() & ~Qt::ItemIsEditable); // URIs come from the folder picker
    uriItem->setToolTip(QUrl(uri).toLocalFile());
    m_table->setItem(row, 1, uriItem);
}

void RootsEditor::updateButtons()
{
    m_remove->setEnabled(!m_table->selectedRanges().isEmpty());
}

} // namespace Mcp::Ui
