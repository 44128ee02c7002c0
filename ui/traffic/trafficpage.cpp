#include "traffic/trafficpage.h"

#include "theme.h"
#include "traffic/trafficview.h"

#include <QVBoxLayout>

namespace Mcp::Ui {

TrafficPage::TrafficPage(Connection *connection, QWidget *parent) : Page(connection, parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_view = new TrafficView(connection->trafficLog(), this);
    m_view->setDefaultExportName(connection->name() + QStringLiteral("-traffic"));
    m_view->setSecretValuesProvider([connection = QPointer<Connection>(connection)] {
        return connection ? connection->secretValues() : QStringList();
    });
    layout->addWidget(m_view);
}

QIcon TrafficPage::icon() const { return Theme::icon(QStringLiteral("traffic")); }

} // namespace Mcp::Ui
