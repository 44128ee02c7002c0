#pragma once

#include <QFont>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace Mcp::Ui::JsonText {

// One line of JSON for any value (scalars too): 1.5, "text", {"a":1}.
QString compact(const QJsonValue &value);
// Indented JSON for any value.
QString pretty(const QJsonValue &value);
// Parses one JSON value of any type; on failure says where ("line 3, column 7: ...").
std::optional<QJsonValue> parse(const QString &text, QString *error = nullptr);
QFont monospaceFont();

} // namespace Mcp::Ui::JsonText
