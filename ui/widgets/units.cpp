#include "units.h"

#include <QCoreApplication>
#include <QLocale>

namespace Mcp::Ui::Units {

QString duration(qint64 ms)
{
    const QLocale locale;
    if (ms < 1000)
        return QCoreApplication::translate("Units", "%1 ms").arg(locale.toString(qMax<qint64>(ms, 0)));
    if (ms < 60000) {
        // Tenths, rounded down so that "10.0 s" is not shown for 9,996 ms.
        return QCoreApplication::translate("Units", "%1 s").arg(locale.toString(double(ms / 100) / 10.0, 'f', 1));
    }
    const qint64 seconds = ms / 1000;
    return QCoreApplication::translate("Units", "%1 min %2 s")
        .arg(locale.toString(seconds / 60))
        .arg(seconds % 60, 2, 10, QLatin1Char('0'));
}

QString preciseDuration(qint64 ns)
{
    const QLocale locale;
    if (ns < 1000)
        return QCoreApplication::translate("Units", "%1 ns").arg(locale.toString(qMax<qint64>(ns, 0)));
    if (ns < 1000000) {
        const double us = double(ns) / 1e3;
        return QCoreApplication::translate("Units", "%1 µs").arg(locale.toString(us, 'f', us < 10 ? 1 : 0));
    }
    if (ns < 1000000000) {
        const double ms = double(ns) / 1e6;
        return QCoreApplication::translate("Units", "%1 ms").arg(locale.toString(ms, 'f', ms < 10 ? 2 : ms < 100 ? 1 : 0));
    }
    if (ns < 60LL * 1000000000)
        return QCoreApplication::translate("Units", "%1 s").arg(locale.toString(double(ns) / 1e9, 'f', 2));
    return duration(ns / 1000000);
}

QString size(qint64 bytes)
{
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeIecFormat);
}

} // namespace Mcp::Ui::Units
