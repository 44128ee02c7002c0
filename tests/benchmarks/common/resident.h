#pragma once

// Shared by the benchmarks that report memory: this process's resident set size, from /proc.

#include <QFile>

// In KiB (VmRSS); -1 when /proc does not say.
inline qint64 residentKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}
