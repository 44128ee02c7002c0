#include "traceoptions.h"

#include "timeline/spanbuilder.h"
#include "traffic/trafficcapture.h"
#include "traffic/trafficlog.h"

#include <QEventLoop>
#include <QFile>
#include <QNetworkAccessManager>
#include <QTimer>

namespace Mcp::Cli {

const QStringList &TraceOptions::valuedNames()
{
    static const QStringList names{QStringLiteral("--trace"), QStringLiteral("--trace-format"),
                                   QStringLiteral("--trace-endpoint")};
    return names;
}

const QStringList &TraceOptions::flagNames()
{
    static const QStringList names{QStringLiteral("--trace-per-session"), QStringLiteral("--trace-context")};
    return names;
}

QString TraceOptions::helpText()
{
    return tr("Traces (where the time went):\n"
              "  --trace FILE             write the run as traces: OpenTelemetry OTLP JSON (one\n"
              "                           ExportTraceServiceRequest line, then the metric\n"
              "                           mcp.client.operation.duration), or Chrome Trace Event JSON\n"
              "                           for Perfetto when FILE ends in .trace or .chrome.json\n"
              "  --trace-format otlp|chrome   the format, whatever FILE is called\n"
              "  --trace-endpoint URL     send the traces and the metric to an OTLP/HTTP collector\n"
              "                           (e.g. http://127.0.0.1:4318: /v1/traces, /v1/metrics)\n"
              "  --trace-per-session      one trace for the whole session (default: one per call)\n"
              "  --trace-context          put W3C traceparent into each request's _meta, so a server\n"
              "                           with OpenTelemetry continues the trace\n");
}

QString TraceOptions::take(const QString &name, const QString &value)
{
    if (name == QLatin1String("--trace")) {
        file = value;
    } else if (name == QLatin1String("--trace-format")) {
        TraceExport::Format chosen;
        if (!TraceExport::parseFormat(value, &chosen))
            return tr("--trace-format must be otlp or chrome, got \"%1\"").arg(value);
        format = chosen;
    } else if (name == QLatin1String("--trace-endpoint")) {
        const QUrl url(value, QUrl::StrictMode);
        if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))
            || url.host().isEmpty())
            return tr("--trace-endpoint expects an http or https URL, got \"%1\"").arg(value);
        endpoint = url;
    } else if (name == QLatin1String("--trace-per-session")) {
        grouping = TraceExport::Grouping::PerSession;
    } else if (name == QLatin1String("--trace-context")) {
        propagate = true;
    }
    return {};
}

bool TraceOptions::deliver(const QList<TrafficEvent> &events, const QHash<int, QString> &connectionNames,
                           const QStringList &secretValues, QString *error) const
{
    return deliver(SpanBuilder::build(events, connectionNames), secretValues, error);
}

bool TraceOptions::deliverCapture(const QString &capturePath, const QStringList &secretValues, QString *error) const
{
    QFile file(capturePath);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("cannot read the capture %1 for the trace: %2").arg(capturePath, file.errorString());
        return false;
    }
    TrafficLog log;
    const TrafficCapture::ImportResult imported = TrafficCapture::readJsonLines(&file, &log);
    if (!imported.ok) {
        *error = tr("cannot read the capture %1 for the trace: %2").arg(capturePath, imported.error);
        return false;
    }
    log.flush();
    return deliver(SpanBuilder::build(SpanBuilder::inputFrom(log)), secretValues, error);
}

bool TraceOptions::deliver(const Timeline &timeline, const QStringList &secretValues, QString *error) const
{
    TraceExport::Options options;
    options.grouping = grouping;
    options.secretValues = secretValues;
    options.serviceVersion = QCoreApplication::applicationVersion();
    QStringList failures;
    if (!file.isEmpty()) {
        QString failure;
        if (!TraceExport::writeFile(file, format.value_or(TraceExport::formatForPath(file)), timeline, options, &failure))
            failures.append(failure);
    }
    if (endpoint.isValid()) {
        QNetworkAccessManager network;
        QEventLoop loop;
        QString sendError;
        bool answered = false;
        TraceExport::sendToCollector(&network, endpoint, timeline, options, [&](const QString &failure) {
            sendError = failure;
            answered = true;
            loop.quit();
        });
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        if (!answered)
            loop.exec();
        if (!answered)
            failures.append(tr("the trace collector at %1 did not answer within 10 s").arg(endpoint.toString()));
        else if (!sendError.isEmpty())
            failures.append(tr("the trace collector refused the traces: %1").arg(sendError));
    }
    *error = failures.join(QStringLiteral("; "));
    return failures.isEmpty();
}

} // namespace Mcp::Cli
