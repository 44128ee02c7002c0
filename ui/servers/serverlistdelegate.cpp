#include "servers/serverlistdelegate.h"

#include "config/secretstore.h"
#include "config/servercatalog.h"
#include "connection/connection.h"
#include "theme.h"

#include <QApplication>
#include <QPainter>

namespace Mcp::Ui {

ServerListDelegate::ServerListDelegate(ConnectionLookup lookup, QObject *parent)
    : QStyledItemDelegate(parent), m_lookup(std::move(lookup))
{
}

QString ServerListDelegate::detailText(const QModelIndex &index) const
{
    const ServerConfig config = index.data(ServerCatalog::ConfigRole).value<ServerConfig>();
    QStringList parts;
    switch (config.transport) {
    case ServerConfig::TransportType::Stdio: parts << tr("stdio"); break;
    case ServerConfig::TransportType::StreamableHttp: parts << tr("HTTP"); break;
    case ServerConfig::TransportType::Sse: parts << tr("SSE"); break;
    case ServerConfig::TransportType::Auto: parts << tr("HTTP (auto)"); break;
    }
    Connection *connection = m_lookup ? m_lookup(config.id) : nullptr;
    if (connection) {
        parts << Connection::stateName(connection->state()); // the page's banner says why
        if (connection->isConnected() && connection->pingLatencyMs() >= 0)
            parts << (connection->pingLatencyMs() == 0 ? tr("< 1 ms") : tr("%1 ms").arg(connection->pingLatencyMs()));
    } else {
        parts << Connection::stateName(Connection::State::Disconnected);
    }
    if (config.scope == ServerConfig::Scope::Project)
        parts << tr("project");
    return parts.join(QStringLiteral(" · "));
}

void ServerListDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    // Background and selection only; text is drawn below.
    opt.text.clear();
    opt.icon = QIcon();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const ServerConfig config = index.data(ServerCatalog::ConfigRole).value<ServerConfig>();
    Connection *connection = m_lookup ? m_lookup(config.id) : nullptr;

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    const QRect r = opt.rect.adjusted(8, 4, -6, -4);
    const int lineHeight = opt.fontMetrics.height();
    const int dot = qMax(8, lineHeight / 2);
    painter->setPen(Qt::NoPen);
    painter->setBrush(stateColor(connection));
    painter->drawEllipse(QRect(r.left(), r.top() + (lineHeight - dot) / 2, dot, dot));

    const bool selected = opt.state & QStyle::State_Selected;
    const QPalette::ColorGroup group = (opt.state & QStyle::State_Enabled) ? QPalette::Active : QPalette::Disabled;
    const QColor text = opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text);
    QFont nameFont = opt.font;
    nameFont.setBold(true);
    painter->setFont(nameFont);
    painter->setPen(text);
    const QRect nameRect(r.left() + dot + 8, r.top(), r.width() - dot - 8, lineHeight);
    painter->drawText(nameRect, Qt::AlignLeft | Qt::AlignVCenter,
                      QFontMetrics(nameFont).elidedText(config.name, Qt::ElideRight, nameRect.width()));

    QFont detailFont = opt.font;
    detailFont.setPointSizeF(detailFont.pointSizeF() * 0.9);
    painter->setFont(detailFont);
    QColor detailColor = text;
    // A server that is gone or does not answer reads as an error, whatever the state says.
    if (!selected && connection && connection->state() != Connection::State::Disconnected
        && connection->health() == Connection::Health::Unreachable)
        detailColor = Theme::color(Theme::Role::Error);
    else if (!selected)
        detailColor.setAlphaF(0.7);
    painter->setPen(detailColor);
    const QRect detailRect(nameRect.left(), nameRect.bottom() + 2, nameRect.width(), QFontMetrics(detailFont).height());
    painter->drawText(detailRect, Qt::AlignLeft | Qt::AlignVCenter,
                      QFontMetrics(detailFont).elidedText(detailText(index), Qt::ElideRight, detailRect.width()));
    painter->restore();
}

QSize ServerListDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    Q_UNUSED(index)
    // No width of its own: the row is as wide as the list, and its text is elided to it.
    const int h = option.fontMetrics.height();
    return QSize(1, h * 2 + 12);
}

QColor ServerListDelegate::stateColor(const Connection *connection)
{
    using Theme::color;
    using Theme::Role;
    if (!connection)
        return color(Role::Muted);
    switch (connection->state()) {
    case Connection::State::Disconnected: return color(Role::Muted);
    case Connection::State::Connecting: return color(Role::Warning);
    case Connection::State::Connected:
        switch (connection->health()) {
        case Connection::Health::Reachable: return color(Role::Ok);
        case Connection::Health::Degraded: return color(Role::Warning);
        case Connection::Health::Unreachable: return color(Role::Error);
        }
        return color(Role::Ok);
    case Connection::State::Failed: return color(Role::Error);
    case Connection::State::Exited: return color(Role::Error);
    }
    return color(Role::Muted);
}

} // namespace Mcp::Ui
