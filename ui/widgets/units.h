#pragma once

#include <QString>

namespace Mcp::Ui::Units {

// One way to write a duration everywhere, while it runs and once it is over: "850 ms" under a
// second, "3.5 s" under a minute, "2 min 05 s" after that.
QString duration(qint64 ms);

// A duration from nanoseconds, for latencies and a timeline's axis: "12 µs", "3.4 ms", then as
// duration() from a second on ("1.2 s").
QString preciseDuration(qint64 ns);

// One way to write a size everywhere: binary units, labelled as such (30,000,000 bytes is
// "28.6 MiB"; "MB" would mean 10^6 bytes), exact bytes below one KiB.
QString size(qint64 bytes);

} // namespace Mcp::Ui::Units
