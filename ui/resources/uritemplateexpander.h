#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

namespace Mcp::Ui {

// RFC 6570 expansion of a resource template for the client side: every operator of level 3
// ({var}, {+var}, {#var}, {.var}, {/var}, {;var}, {?var}, {&var}), comma-separated variable
// lists and the :n prefix modifier. Values are strings (the explode modifier "*" is accepted
// and treated as a single value). Undefined or empty-list variables are left out as the RFC says.
namespace UriTemplateExpander {
QStringList variableNames(const QString &uriTemplate);
QString expand(const QString &uriTemplate, const QMap<QString, QString> &values);
} // namespace UriTemplateExpander

} // namespace Mcp::Ui
