#pragma once

// Views of a test's own, for one rule each: the page reports what happened as
// notifications/message lines (report(text)), and logLines reads them back from a spy on
// AppView's log signal.

#include <QJsonObject>
#include <QSignalSpy>
#include <QString>
#include <QStringList>

// An HTML view whose script is the report() function, then script; heading: the page's text.
inline QString reportingView(const QString &script, const QString &heading = QStringLiteral("probe"))
{
    return QStringLiteral(R"(<!DOCTYPE html><html><head></head><body><p>%1</p><script>
function report(text) { window.parent.postMessage({jsonrpc: "2.0", method: "notifications/message",
                                                   params: {level: "info", data: String(text)}}, "*"); }
%2
</script></body></html>)").arg(heading, script);
}

// The data of each notifications/message the view sent.
inline QStringList logLines(const QSignalSpy &spy)
{
    QStringList lines;
    for (const QList<QVariant> &entry : spy)
        lines << entry.at(0).toJsonObject().value(QStringLiteral("data")).toString();
    return lines;
}
