#include "prompts/promptspage.h"

#include "prompts/promptsview.h"
#include "theme.h"

#include <QVBoxLayout>

namespace Mcp::Ui {

PromptsPage::PromptsPage(Connection *connection, QWidget *parent) : Page(connection, parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    m_view = new PromptsView(connection, this);
    layout->addWidget(m_view);
    connect(m_view, &PromptsView::openResourceRequested, this, &PromptsPage::openResourceRequested);
}

QIcon PromptsPage::icon() const { return Theme::icon(QStringLiteral("prompts")); }

void PromptsPage::connectionStateChanged(Connection::State state)
{
    if (state == Connection::State::Connected)
        refresh();
}

void PromptsPage::refresh()
{
    m_view->refresh();
}

void PromptsPage::get()
{
    m_view->get();
}

} // namespace Mcp::Ui
