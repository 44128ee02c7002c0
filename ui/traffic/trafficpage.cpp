#include "traffic/trafficpage.h"

#include "theme.h"
#include "traffic/trafficview.h"

namespace Mcp::Ui {

TrafficPage::TrafficPage(Connection *connection, QWidget *parent)
    : Page(connection, {tr("Traffic"), Theme::icon(QStringLiteral("traffic")), true}, parent)
    , m_view(new TrafficView(connection->trafficLog(), this))
{
    m_view->setDefaultExportName(connection->name() + QStringLiteral("-traffic"));
    m_view->setSecretValuesProvider([connection = QPointer<Connection>(connection)] {
        return connection ? connection->secretValues() : QStringList();
    });
    setView(m_view, 0);
}


} // namespace Mcp::Ui
