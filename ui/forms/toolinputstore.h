#pragma once

#include <QJsonValue>
#include <QString>

namespace Mcp::Ui {

// The arguments last used for a tool (or prompt), per server, kept across restarts in QSettings.
namespace ToolInputStore {
QJsonValue load(const QString &serverKey, const QString &kind, const QString &name);
void save(const QString &serverKey, const QString &kind, const QString &name, const QJsonValue &value);
void remove(const QString &serverKey, const QString &kind, const QString &name);
} // namespace ToolInputStore

} // namespace Mcp::Ui
