#pragma once

// Shared by the libFuzzer targets: invariant checks that name what broke, and a quiet Qt
// (warnings on hostile input are expected; printing them would halve the execution rate).

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <initializer_list>

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

// The input's bytes from `skip` on (the bytes before are the target's choices).
inline QByteArrayView bytes(const uint8_t *data, size_t size, size_t skip = 0)
{
    return QByteArrayView(reinterpret_cast<const char *>(data + skip), qsizetype(size - skip));
}

// For targets that take several strings: the input cut at its NUL bytes.
inline QList<QByteArray> parts(const uint8_t *data, size_t size)
{
    return bytes(data, size).toByteArray().split('\0');
}

// For targets with several entry points: the input's first byte picks one (modulo their
// number), which gets the rest of the input; an empty input picks none.
inline int dispatch(const uint8_t *data, size_t size, std::initializer_list<std::function<void(const QByteArray &)>> entries)
{
    if (size < 1)
        return 0;
    std::data(entries)[data[0] % entries.size()](bytes(data, size, 1).toByteArray());
    return 0;
}

} // namespace Mcp::Fuzz

// Each target's LLVMFuzzerInitialize: a quiet Qt, then the target's own set-up if it has one
// (FUZZ_INITIALIZE(Mcp::Fuzz::startApplication()) for code that uses timers or posted events).
#define FUZZ_INITIALIZE(...)                                                                   \
    extern "C" int LLVMFuzzerInitialize(int *, char ***)                                       \
    {                                                                                          \
        ::Mcp::Fuzz::quietQt();                                                                \
        __VA_ARGS__;                                                                           \
        return 0;                                                                              \
    }

#define FUZZ_CHECK(condition)                                                                  \
    do {                                                                                       \
        if (!(condition))                                                                      \
            ::Mcp::Fuzz::broken(#condition, __FILE__, __LINE__);                                \
    } while (false)
