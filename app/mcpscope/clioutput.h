#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <cstdio>

// What every mcpscope command writes with: one translation context and whole lines, flushed at
// once (a script reading the pipe sees each line as it happens).
namespace Mcp::Cli {

inline QString tr(const char *text)
{
    return QCoreApplication::translate("Mcp::Cli", text);
}

// Writes bytes and ends the line unless they already end it.
inline void writeLine(FILE *stream, const QByteArray &bytes)
{
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stream);
    if (!bytes.endsWith('\n'))
        std::fputc('\n', stream);
    std::fflush(stream);
}

inline void writeLine(FILE *stream, const QString &text)
{
    writeLine(stream, text.toUtf8());
}

// A command's complaint on stderr, named after the command: "mcpscope doctor: ...".
inline void writeCommandError(const char *command, const QString &line)
{
    writeLine(stderr, QStringLiteral("mcpscope %1: %2").arg(QLatin1String(command), line));
}

} // namespace Mcp::Cli
