#include "collectionreport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>
#include <QXmlStreamWriter>

namespace Mcp::CollectionReport {

static QString statusWord(CallReport::Status status)
{
    switch (status) {
    case CallReport::Status::Passed: return QStringLiteral("PASS");
    case CallReport::Status::Failed: return QStringLiteral("FAIL");
    case CallReport::Status::Error: return QStringLiteral("ERROR");
    }
    return {};
}

static QString failureText(const CallReport &call)
{
    QStringList lines;
    for (const AssertionResult &r : call.results) {
        if (!r.passed)
            lines.append(QStringLiteral("%1: %2 (%3)").arg(r.assertion.pointer, r.assertion.describe(), r.message));
    }
    return lines.join(u'\n');
}

QString text(const RunReport &report)
{
    QStringList lines;
    for (const CallReport &call : report.calls) {
        lines.append(QStringLiteral("%1  %2 [%3] (%4 ms)")
                         .arg(statusWord(call.status), call.call.name, call.call.server)
                         .arg(call.outcome.response.elapsedMs));
        if (call.status == CallReport::Status::Error) {
            lines.append(QStringLiteral("      %1").arg(call.outcome.connectionError));
            continue;
        }
        for (const AssertionResult &r : call.results) {
            if (!r.passed)
                lines.append(QStringLiteral("      %1: expected %2; %3").arg(r.assertion.pointer, r.assertion.describe(), r.message));
        }
    }
    lines.append(QStringLiteral("%1 passed, %2 failed, %3 errors (%4 calls, %5 ms)")
                     .arg(report.count(CallReport::Status::Passed))
                     .arg(report.count(CallReport::Status::Failed))
                     .arg(report.count(CallReport::Status::Error))
                     .arg(report.calls.size())
                     .arg(report.elapsedMs));
    return lines.join(u'\n') + u'\n';
}

QByteArray junit(const RunReport &report)
{
    // Servers in the order their first call ran.
    QStringList servers;
    for (const CallReport &call : report.calls) {
        if (!servers.contains(call.call.server))
            servers.append(call.call.server);
    }
    const QString suiteName = report.collectionName.isEmpty() ? QStringLiteral("collection") : report.collectionName;
    QByteArray xml;
    QXmlStreamWriter w(&xml);
    w.setAutoFormatting(true);
    w.writeStartDocument();
    w.writeStartElement(QStringLiteral("testsuites"));
    w.writeAttribute(QStringLiteral("name"), suiteName);
    w.writeAttribute(QStringLiteral("tests"), QString::number(report.calls.size()));
    w.writeAttribute(QStringLiteral("failures"), QString::number(report.count(CallReport::Status::Failed)));
    w.writeAttribute(QStringLiteral("errors"), QString::number(report.count(CallReport::Status::Error)));
    w.writeAttribute(QStringLiteral("time"), QString::number(report.elapsedMs / 1000.0, 'f', 3));
    for (const QString &server : std::as_const(servers)) {
        QList<const CallReport *> calls;
        qint64 elapsed = 0;
        int failures = 0, errors = 0;
        for (const CallReport &call : report.calls) {
            if (call.call.server != server)
                continue;
            calls.append(&call);
            elapsed += call.outcome.response.elapsedMs;
            failures += call.status == CallReport::Status::Failed;
            errors += call.status == CallReport::Status::Error;
        }
        w.writeStartElement(QStringLiteral("testsuite"));
        w.writeAttribute(QStringLiteral("name"), QString(suiteName + u'.' + server));
        w.writeAttribute(QStringLiteral("tests"), QString::number(calls.size()));
        w.writeAttribute(QStringLiteral("failures"), QString::number(failures));
        w.writeAttribute(QStringLiteral("errors"), QString::number(errors));
        w.writeAttribute(QStringLiteral("skipped"), QStringLiteral("0"));
        w.writeAttribute(QStringLiteral("time"), QString::number(elapsed / 1000.0, 'f', 3));
        w.writeAttribute(QStringLiteral("timestamp"), report.started.toString(Qt::ISODate));
        for (const CallReport *call : std::as_const(calls)) {
            w.writeStartElement(QStringLiteral("testcase"));
            w.writeAttribute(QStringLiteral("name"), call->call.name);
            w.writeAttribute(QStringLiteral("classname"), QString(suiteName + u'.' + server));
            w.writeAttribute(QStringLiteral("time"), QString::number(call->outcome.response.elapsedMs / 1000.0, 'f', 3));
            if (call->status == CallReport::Status::Error) {
                w.writeStartElement(QStringLiteral("error"));
                w.writeAttribute(QStringLiteral("type"), QStringLiteral("connection"));
                w.writeAttribute(QStringLiteral("message"), call->outcome.connectionError);
                w.writeCharacters(call->outcome.connectionError);
                w.writeEndElement();
            } else if (call->status == CallReport::Status::Failed) {
                int failed = 0;
                QString first;
                for (const AssertionResult &r : call->results) {
                    if (!r.passed && failed++ == 0)
                        first = QStringLiteral("expected %1; %2").arg(r.assertion.describe(), r.message);
                }
                w.writeStartElement(QStringLiteral("failure"));
                w.writeAttribute(QStringLiteral("type"), QStringLiteral("assertion"));
                w.writeAttribute(QStringLiteral("message"), failed > 1 ? QStringLiteral("%1 (and %2 more)").arg(first).arg(failed - 1) : first);
                w.writeCharacters(failureText(*call));
                w.writeEndElement();
            }
            w.writeEndElement();
        }
        w.writeEndElement();
    }
    w.writeEndElement();
    w.writeEndDocument();
    return xml;
}

QJsonObject json(const RunReport &report)
{
    QJsonArray calls;
    for (const CallReport &call : report.calls) {
        QJsonArray assertions;
        for (const AssertionResult &r : call.results) {
            QJsonObject a{{QStringLiteral("pointer"), r.assertion.pointer},
                          {QStringLiteral("expect"), r.assertion.describe()},
                          {QStringLiteral("passed"), r.passed}};
            if (!r.message.isEmpty())
                a.insert(QStringLiteral("message"), r.message);
            assertions.append(a);
        }
        QJsonObject entry{{QStringLiteral("name"), call.call.name},
                          {QStringLiteral("server"), call.call.server},
                          {QStringLiteral("method"), call.call.method},
                          {QStringLiteral("status"), statusWord(call.status).toLower()},
                          {QStringLiteral("elapsedMs"), call.outcome.response.elapsedMs},
                          {QStringLiteral("assertions"), assertions}};
        if (!call.call.target.isEmpty())
            entry.insert(QStringLiteral("target"), call.call.target);
        if (!call.outcome.ran) {
            entry.insert(QStringLiteral("error"), call.outcome.connectionError);
        } else if (call.outcome.response.isError()) {
            entry.insert(QStringLiteral("response"), QJsonObject{{QStringLiteral("error"), call.outcome.response.error->toJson()}});
        } else {
            entry.insert(QStringLiteral("response"), QJsonObject{{QStringLiteral("result"), call.outcome.response.result}});
        }
        if (!call.outcome.asked.isEmpty())
            entry.insert(QStringLiteral("asked"), QJsonArray::fromStringList(call.outcome.asked));
        if (!call.outcome.response.rounds.isEmpty())
            entry.insert(QStringLiteral("rounds"), int(call.outcome.response.rounds.size()));
        calls.append(entry);
    }
    QJsonArray unreachable;
    for (const auto &[server, error] : report.unreachable)
        unreachable.append(QJsonObject{{QStringLiteral("server"), server}, {QStringLiteral("error"), error}});
    return QJsonObject{{QStringLiteral("collection"), report.collectionName},
                       {QStringLiteral("file"), report.sourcePath},
                       {QStringLiteral("started"), report.started.toString(Qt::ISODateWithMs)},
                       {QStringLiteral("elapsedMs"), report.elapsedMs},
                       {QStringLiteral("passed"), report.count(CallReport::Status::Passed)},
                       {QStringLiteral("failed"), report.count(CallReport::Status::Failed)},
                       {QStringLiteral("errors"), report.count(CallReport::Status::Error)},
                       {QStringLiteral("unreachable"), unreachable},
                       {QStringLiteral("calls"), calls}};
}

} // namespace Mcp::CollectionReport
