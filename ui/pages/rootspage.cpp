#include "pages/rootspage.h"

#include "theme.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QUrl>
#include <QVBoxLayout>

namespace Mcp {
namespace Ui {

RootsPage::RootsPage(Connection *connection, QWidget *parent) : Page(connection, parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    auto *intro = new QLabel(tr("Roots tell the server which folders (file:// URIs) it may work in. "
                                "The server asks for them with roots/list."), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_table = new QTableWidget(0, 2, this);
    m_table->setHorizontalHeaderLabels({tr("URI"), tr("Name")});
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnWidth(0, 380);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    layout->addWidget(m_table, 1);
    auto *bar = new QHBoxLayout;
    auto *addFolderButton = new QPushButton(Theme::icon(QStringLiteral("open")), tr("Add Folder…"), this);
    auto *addButton = new QPushButton(Theme::icon(QStringLiteral("add")), tr("Add"), this);
    auto *removeButton = new QPushButton(Theme::icon(QStringLiteral("remove")), tr("Remove"), this);
    auto *applyButton = new QPushButton(tr("Apply"), this);
    applyButton->setDefault(true);
    m_status = new QLabel(this);
    bar->addWidget(addFolderButton);
    bar->addWidget(addButton);
    bar->addWidget(removeButton);
    bar->addWidget(m_status, 1);
    bar->addWidget(applyButton);
    layout->addLayout(bar);

    connect(addFolderButton, &QPushButton::clicked, this, &RootsPage::addFolder);
    connect(addButton, &QPushButton::clicked, this, [this] { addRow(); });
    connect(removeButton, &QPushButton::clicked, this, &RootsPage::removeSelected);
    connect(applyButton, &QPushButton::clicked, this, &RootsPage::apply);

    for (const QJsonValue &root : connection->roots()) {
        const QJsonObject object = root.toObject();
        addRow(object.value(QStringLiteral("uri")).toString(), object.value(QStringLiteral("name")).toString());
    }
}

QIcon RootsPage::icon() const { return Theme::icon(QStringLiteral("roots")); }

void RootsPage::addFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Add Root Folder"), QDir::homePath());
    if (folder.isEmpty())
        return;
    addRow(QUrl::fromLocalFile(folder).toString(), QFileInfo(folder).fileName());
}

void RootsPage::addRow(const QString &uri, const QString &name)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    m_table->setItem(row, 0, new QTableWidgetItem(uri.isEmpty() ? QStringLiteral("file:///") : uri));
    m_table->setItem(row, 1, new QTableWidgetItem(name));
}

void RootsPage::removeSelected()
{
    const int row = m_table->currentRow();
    if (row >= 0)
        m_table->removeRow(row);
}

QJsonArray RootsPage::roots() const
{
    QJsonArray list;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const QString uri = m_table->item(row, 0) ? m_table->item(row, 0)->text().trimmed() : QString();
        if (uri.isEmpty())
            continue;
        QJsonObject root{{QStringLiteral("uri"), uri}};
        const QString name = m_table->item(row, 1) ? m_table->item(row, 1)->text().trimmed() : QString();
        if (!name.isEmpty())
            root.insert(QStringLiteral("name"), name);
        list.append(root);
    }
    return list;
}

void RootsPage::apply()
{
    connection()->setRoots(roots());
    m_status->setText(connection()->isConnected() ? tr("Sent roots/list_changed to the server.")
                                                  : tr("Saved; the server gets them when it asks."));
}

} // namespace Ui
} // namespace Mcp
