#pragma once

#include "span.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QUrl>

#include <functional>

class QNetworkAccessManager;

namespace Mcp {

// A Timeline as traces for other tools: OpenTelemetry (OTLP JSON, as a file or sent to a
// collector over OTLP/HTTP) following the semantic conventions for MCP, and Chrome's Trace Event
// format for Perfetto and chrome://tracing.
class TraceExport
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::TraceExport)

public:
    enum class Format : quint8 { Otlp, Chrome };
    // One trace per logical call (each top-level span a root), or per session (a root span per
    // connection, every call under it). A request that carried a traceparent keeps its trace and
    // span ids either way, so the server's own spans join it.
    enum class Grouping : quint8 { PerCall, PerSession };

    struct Options
    {
        Grouping grouping = Grouping::PerCall;
        QString serviceName = QStringLiteral("mcpscope");
        QString serviceVersion;
        // Only these top-level spans (indexes into Timeline::spans) and their parts; empty: all.
        QList<int> selection;
        // Credentials the configuration holds: replaced by "[redacted]" wherever they appear
        // (a URL in a connection's name, a token in a resource URI).
        QStringList secretValues;
    };

    // "otlp" for .json/.jsonl/.otlp, "chrome" for .trace/.perfetto-trace/.chrome.json; else Otlp.
    static Format formatForPath(const QString &path);
    static bool parseFormat(const QString &name, Format *format);

    // OTLP/JSON: the ExportTraceServiceRequest, and the ExportMetricsServiceRequest with the
    // histogram mcp.client.operation.duration (seconds).
    static QByteArray otlpTraces(const Timeline &timeline, const Options &options);
    static QByteArray otlpMetrics(const Timeline &timeline, const Options &options);
    // Both, one request per line, as the OpenTelemetry Collector's file exporter writes them
    // (its otlpjsonfile receiver reads this back).
    static QByteArray otlpJsonLines(const Timeline &timeline, const Options &options);
    // Trace Event JSON ({"traceEvents": [...]}): async slices per call, instants for marks.
    static QByteArray chromeTrace(const Timeline &timeline, const Options &options);

    static QByteArray render(Format format, const Timeline &timeline, const Options &options);
    // Writes atomically; false with *error set (a sentence) when it could not.
    static bool writeFile(const QString &path, Format format, const Timeline &timeline, const Options &options,
                          QString *error);

    // POSTs the traces and the metrics to a collector's OTLP/HTTP endpoint (base URL such as
    // http://127.0.0.1:4318; /v1/traces and /v1/metrics are appended) and calls done once with an
    // empty error, or a sentence saying which part failed and why.
    static void sendToCollector(QNetworkAccessManager *network, const QUrl &endpoint, const Timeline &timeline,
                                const Options &options, std::function<void(const QString &error)> done);
};

} // namespace Mcp
