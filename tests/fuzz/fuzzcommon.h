#pragma once

// Shared by the libFuzzer targets: invariant checks that name what broke, and a quiet Qt
// (warnings on hostile input are expected; printing them would halve the execution rate).

#include <QCoreApplication>
#include <QString>

#include <cstdio>
#include <cstdlib>

namespace Mcp::Fuzz {

[[noreturn]] inline void broken(const char *what, const char *file, int line)
{
    std::fprintf(stderr, "fuzz invariant broken at %s:%d: %s\n", file, line, what);
    std::abort();
}

// Silences qDebug/qWarning; qFatal still aborts (with its message).
inline void quietQt()
{
    qInstallMessageHandler([](QtMsgType type, const QMessageLogContext &, const QString &message) {
        if (type == QtFatalMsg) {
            std::fprintf(stderr, "qFatal: %s\n", qPrintable(message));
            std::abort();
        }
    });
}

// For targets whose code uses QObject timers or posted events.
inline void startApplication()
{
    static int argc = 1;
    static char name[] = "fuzz";
    static char *argv[] = {name, nullptr};
    static QCoreApplication app(argc, argv);
}

} // namespace Mcp::Fuzz

#define FUZZ_CHECK(condition)                                                                  \
    do {                                                                                       \
        if (!(condition))                                                                      \
            ::Mcp::Fuzz::broken(#condition, __FILE__, __LINE__);                                \
    } while (false)
