#pragma once

#include "transport/trafficevent.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

class QIODevice;

namespace Mcp {

class TrafficLog;

// Saving and loading traffic.
//
// JSON Lines capture, version 1: the first line is a header object
//   {"format":"mcpscope-capture","version":1,"app":"MCP Scope","appVersion":"0.1.0",
//    "created":"2025-11-25T10:00:00.000Z","redacted":true,"events":N,
//    "connections":[{"id":1,"name":"everything"}]}
// then one object per event:
//   {"t":<wall clock ms>,"mono":<monotonic ns>,"conn":<id>,"dir":"out"|"in"|"local"|"toApp"|"fromApp",
//    "kind":"message"|"invalid"|"stderr"|"httpRequest"|"httpResponse"|"sse"|"processStarted"|
//           "processExited"|"transportError"|"note",
//    "raw":"<text>"[,"rawBase64":true] ,"note":"...","httpMethod":"POST","url":"...",
//    "status":200,"headers":[["Name","value"],...],"sseId":"...","sseType":"...","exchange":7}
// Optional members are left out when empty. raw is the exact bytes as UTF-8 text when they
// are valid UTF-8, else base64 with "rawBase64":true; other byte fields that are not valid
// UTF-8 are written as {"base64":"..."}. "toApp"/"fromApp" are the MCP Apps view protocol
// between the window and a view (host to view, view to host), with the view's ui:// URI as url.
//
// HAR 1.2 for HTTP connections: one entry per HTTP exchange (events sharing an exchangeId),
// with SSE events of a streamed response as its text/event-stream body, and a WebSocket's frames
// on the entry of its upgrade request as _webSocketMessages ({type: send|receive, time, opcode, data}),
// as browsers write them. MCP Apps view traffic
// follows as log._mcpAppMessages, one capture event object each (plus "_connection").
//
// Both redact secrets unless told otherwise (SecretRedactor, below), and so does every other
// file the app writes traffic to (the recorder's capture, the CLI's --capture). A redacted
// value reads "[redacted]".

// Redaction that knows the secrets themselves. A secret is redacted where it sits: the values
// of credential headers (Authorization, Proxy-Authorization, Cookie, Set-Cookie, X-Api-Key,
// Api-Key, DPoP and any header whose name contains "token", "secret" or "key"), bearer and
// DPoP tokens, JSON fields whose names say they carry a credential (access_token,
// registration_access_token, client_secret, id_token, code_verifier, assertion, password, ...:
// isCredentialName), query, fragment and form parameters whose names say key, token, secret,
// password, signature, sig, auth or code, and the password in a URL's userinfo. And it is
// redacted wherever else it occurs, however it is framed: every value the caller configured
// (addSecret) and every value found in one of those places (learn, at least
// MinimumLearnedLength characters) is replaced bare, as a JSON string's content (escaped, with
// "\/" or "\uXXXX" escapes, or as a string inside a string), and percent- or form-encoded.
// A header value "Scheme credential" (Bearer, Basic, ...) makes the credential alone a secret
// too, so a token echoed without its "Bearer " is still found.
class SecretRedactor
{
public:
    // Shorter values found in the traffic are redacted only where they sit: a short common
    // word would otherwise hide every occurrence of itself.
    static constexpr qsizetype MinimumLearnedLength = 6;

    explicit SecretRedactor(const QStringList &secrets = {});
    ~SecretRedactor();
    SecretRedactor(SecretRedactor &&other) noexcept;
    SecretRedactor &operator=(SecretRedactor &&other) noexcept;

    // A value to hide wherever it occurs (ignored when shorter than minimumLength).
    void addSecret(const QString &value, qsizetype minimumLength = 1);
    // Adds the credentials the event carries in the places listed above.
    void learn(const TrafficEvent &event);
    TrafficEvent redacted(const TrafficEvent &event) const;
    // Text the app writes along with events (connection names, notes).
    QString redactedText(const QString &text) const;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

class TrafficCapture
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::TrafficCapture)

public:
    static constexpr int FormatVersion = 1;

    enum class Redaction { Redact, KeepSecrets };

    struct ExportOptions
    {
        Redaction redaction = Redaction::Redact;
        // Values to hide wherever they occur (environment values marked secret, tokens...).
        QStringList secretValues;
    };

    struct ImportIssue
    {
        qint64 line = 0; // 1-based
        QString reason;
    };

    struct ImportResult
    {
        bool ok = false;       // the header was read: this is a capture we understand
        QString error;         // why not, when !ok
        qint64 imported = 0;   // events added to the log
        QList<ImportIssue> issues; // lines that were skipped, and why
        QHash<int, QString> connectionNames;
        QDateTime created;
        QString appVersion;
        bool redacted = false;
    };

    // The event with secrets replaced (or unchanged when options say KeepSecrets); the secrets
    // learned are the options' and this event's own (the writers learn from every event first).
    static TrafficEvent redacted(const TrafficEvent &event, const ExportOptions &options);
    static bool isSecretHeader(QByteArrayView name);

    // Every row of the log, or the given log rows (for example a filter proxy's sourceRows()).
    static bool writeJsonLines(QIODevice *device, const TrafficLog &log, const ExportOptions &options,
                               QString *error = nullptr);
    static bool writeJsonLines(QIODevice *device, const TrafficLog &log, const QList<int> &rows,
                               const ExportOptions &options, QString *error = nullptr);
    // Events already taken out of a log (for writing on another thread).
    static bool writeJsonLines(QIODevice *device, const QList<TrafficEvent> &events,
                               const QHash<int, QString> &connectionNames, const ExportOptions &options,
                               QString *error = nullptr);

    // One event as a capture line's object (no redaction), and back.
    static QJsonObject eventToJson(const TrafficEvent &event);
    static bool eventFromJson(const QJsonObject &object, TrafficEvent *event, QString *reason);
    // Appends the event's capture line (eventToJson in compact form, then a newline) to `line`:
    // the same bytes, written directly for the common case of a message or stderr line (the
    // recorder writes hundreds of thousands of them a second; a QJsonObject per line is slow).
    static void appendJsonLine(QByteArray *line, const TrafficEvent &event);
    // The same line handed to `sink` in pieces: the raw bytes' text pieceSize bytes of them at a
    // time, so a line of a big message is never built whole. False as soon as sink returns false.
    // Exports and the recorder write messages from StreamedLineBytes on this way.
    static bool writeJsonLine(const TrafficEvent &event, qsizetype pieceSize,
                              const std::function<bool(QByteArrayView piece)> &sink);
    static constexpr qsizetype StreamedLineBytes = 1024 * 1024;

    // Reads a capture into the log (use an empty log: connection ids are kept as saved).
    // Valid lines are imported even when others are not; each bad line is reported.
    static ImportResult readJsonLines(QIODevice *device, TrafficLog *log);
    // The first line of a JSON Lines capture: true when it is a header this version reads
    // (*result has its connections and ok set), else false with result->error set. Every
    // reader of captures uses it, so that they all accept and refuse the same files.
    static bool readHeader(const QJsonDocument &line, const QJsonParseError &parseError, qint64 lineNumber,
                           ImportResult *result);

    // HAR holds HTTP exchanges (and MCP Apps view messages in a custom field): events with
    // neither (a stdio connection's) make no HAR file; false, with *error saying so. *exchanges
    // gets the number of entries written.
    static bool writeHar(QIODevice *device, const TrafficLog &log, const ExportOptions &options,
                         QString *error = nullptr, int *exchanges = nullptr);
    static bool writeHar(QIODevice *device, const TrafficLog &log, const QList<int> &rows,
                         const ExportOptions &options, QString *error = nullptr, int *exchanges = nullptr);
    // The HAR document ({"log": {...}}) for the HTTP exchanges among the events.
    static QJsonObject har(const QList<TrafficEvent> &events, const QHash<int, QString> &connectionNames,
                           const ExportOptions &options);
};

} // namespace Mcp
