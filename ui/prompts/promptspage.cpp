#include "prompts/promptspage.h"

#include "prompts/promptsview.h"
#include "theme.h"

namespace Mcp::Ui {

PromptsPage::PromptsPage(Connection *connection, QWidget *parent)
    : Page(connection, {tr("Prompts"), Theme::icon(QStringLiteral("prompts"))}, parent)
    , m_view(new PromptsView(connection, this))
{
    setView(m_view, 6);
    connect(m_view, &PromptsView::openResourceRequested, this, &PromptsPage::openResourceRequested);
}


void PromptsPage::connectionStateChanged(Connection::State state)
{
    if (state == Connection::State::Connected)
        m_view->refresh();
}

} // namespace Mcp::Ui
