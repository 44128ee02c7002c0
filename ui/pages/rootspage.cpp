#include "pages/rootspage.h"

#include "clientfeatures/rootseditor.h"
#include "theme.h"

#include <QFileDialog>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace Mcp {
namespace Ui {

RootsPage::RootsPage(Connection *connection, QWidget *parent) : Page(connection, parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_editor = new RootsEditor(this);
    m_editor->setRoots(connection->roots());
    layout->addWidget(m_editor, 1);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("rootsStatus"));
    layout->addWidget(m_status);
    connect(m_editor, &RootsEditor::changed, this, &RootsPage::apply);
}

QIcon RootsPage::icon() const { return Theme::icon(QStringLiteral("roots")); }

QJsonArray RootsPage::roots() const
{
    return m_editor->roots();
}

void RootsPage::addFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Add a root folder"));
    if (!folder.isEmpty())
        m_editor->addFolder(folder);
}

void RootsPage::removeSelected()
{
    auto *table = m_editor->findChild<QTableWidget *>(QStringLiteral("rootsTable"));
    if (table && table->currentRow() >= 0)
        m_editor->removeRow(table->currentRow());
}

void RootsPage::apply()
{
    connection()->setRoots(roots());
    m_status->setText(connection()->isConnected() ? tr("Sent notifications/roots/list_changed to the server.")
                                                  : tr("Saved; the server gets them when it asks (roots/list)."));
}

} // namespace Ui
} // namespace Mcp
