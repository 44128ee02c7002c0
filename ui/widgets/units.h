#pragma once

#include <QString>

namespace Mcp::Ui::Units {

// One way to write a duration everywhere, while it runs and once it is over: "850 ms" under a
// second, "3.5 s" under a minute, "2 min 05 s" after that.
QString duration(qint64 ms);

// One way to write a size everywhere: binary units, labelled as such (30,000,000 bytes is
// "28.6 MiB"; "MB" would mean 10^6 bytes), exact bytes below one KiB.
QString size(qint64 bytes);

} // namespace Mcp::Ui::Units
