#pragma once

#include "session/session.h"
#include "transport/trafficevent.h"

#include <QList>
#include <QStringList>

namespace Mcp {
class TrafficLog;
}

namespace Mcp {
namespace Ui {

// One line for the Console page: the server's stderr, stdout lines that are not JSON-RPC,
// and process lifecycle notes.
struct ConsoleLine
{
    enum class Stream : quint8 { Stderr, Stdout, Note };
    qint64 wallClockMs = 0;
    Stream stream = Stream::Stderr;
    QString text;
};

// A Session as the window keeps it: its traffic in a TrafficLog, the Console page's lines,
// the last stderr lines, and the secrets to redact from exports.
class Connection : public Session
{
    Q_OBJECT

public:
    Connection(int id, const QString &name, TransportFactory factory, const Options &options,
               QObject *parent = nullptr);
    ~Connection() override;

    void setName(const QString &name) override;
    // The last stderr lines seen (most recent last), kept across a crash.
    QStringList lastStderrLines() const { return m_stderrTail; }
    // This connection's own traffic, from the first byte (owned).
    TrafficLog *trafficLog() const { return m_trafficLog; }
    // Secret values of the current configuration (secret env values and headers, bearer
    // token), redacted from traffic exports.
    QStringList secretValues() const { return m_secretValues; }
    void setSecretValues(const QStringList &values) { m_secretValues = values; }

Q_SIGNALS:
    void consoleLines(const QList<Mcp::Ui::ConsoleLine> &lines);

private:
    void onTrafficBatch(const QList<Mcp::TrafficEvent> &events);

    TrafficLog *m_trafficLog = nullptr;
    QStringList m_stderrTail;
    QStringList m_secretValues;
};

} // namespace Ui
} // namespace Mcp

Q_DECLARE_METATYPE(Mcp::Ui::ConsoleLine)
