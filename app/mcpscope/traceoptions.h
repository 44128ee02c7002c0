#pragma once

#include "timeline/traceexport.h"
#include "transport/trafficevent.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <optional>

namespace Mcp::Cli {

// --trace FILE, --trace-format, --trace-endpoint URL, --trace-per-session and --trace-context:
// the run's traffic as OpenTelemetry or Chrome traces, for --cli, test, replay and record alike.
struct TraceOptions
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::Cli::TraceOptions)

public:
    QString file;
    std::optional<TraceExport::Format> format; // --trace-format; else from the file's name
    QUrl endpoint;                              // OTLP/HTTP collector
    TraceExport::Grouping grouping = TraceExport::Grouping::PerCall;
    bool propagate = false;                     // traceparent in each request's _meta

    bool wanted() const { return !file.isEmpty() || endpoint.isValid(); }

    static const QStringList &valuedNames();
    static const QStringList &flagNames();
    static QString helpText();
    // Takes one option (a flag's value is empty); returns an error sentence, or empty.
    QString take(const QString &name, const QString &value);

    // Writes the file and sends to the endpoint (waiting for the collector at most 10 s). Each
    // failure is a sentence in *error; true when everything asked for was done.
    bool deliver(const QList<TrafficEvent> &events, const QHash<int, QString> &connectionNames,
                 const QStringList &secretValues, QString *error) const;
    // The same from a capture file (mcpscope record's, once it is written).
    bool deliverCapture(const QString &capturePath, const QStringList &secretValues, QString *error) const;

private:
    bool deliver(const Timeline &timeline, const QStringList &secretValues, QString *error) const;
};

} // namespace Mcp::Cli
