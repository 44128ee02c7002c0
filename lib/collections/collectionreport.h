#pragma once

#include "collectionrunner.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace Mcp::CollectionReport {

// What `mcpscope test` prints: one line per call ("PASS", "FAIL", "ERROR"), each failed
// assertion under its call with what was found, and a summary line.
QString text(const RunReport &report);
// JUnit XML (the Ant/Surefire form CI systems read): <testsuites> with one <testsuite> per
// server, one <testcase> per call, <failure> for failed assertions, <error> for a server that
// could not be reached.
QByteArray junit(const RunReport &report);
// The whole report as JSON: every call with its outcome and every assertion's verdict.
QJsonObject json(const RunReport &report);

} // namespace Mcp::CollectionReport
