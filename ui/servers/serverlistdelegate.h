#pragma once

#include <QStyledItemDelegate>
#include <QUuid>

#include <functional>

namespace Mcp::Ui {

class Connection;

// Paints one saved server in two lines: a state dot and the name; the transport, the
// connection state (or exit code) and the ping latency.
class ServerListDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using ConnectionLookup = std::function<Connection *(const QUuid &id)>;

    ServerListDelegate(ConnectionLookup lookup, QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    // The second line's text for a row, for tests and tooltips.
    QString detailText(const QModelIndex &index) const;
    // The colour of a server's state dot (here and in its page's header): its state, and while
    // connected its health (nullptr: not connected).
    static QColor stateColor(const Connection *connection);

private:
    ConnectionLookup m_lookup;
};

} // namespace Mcp::Ui
