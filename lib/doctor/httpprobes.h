#pragma once

#include "doctor/finding.h"
#include "transport/httpheaders.h"
#include "transport/networksettings.h"
#include "transport/trafficevent.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <functional>

class QNetworkAccessManager;
class QNetworkReply;
class QTimer;

namespace Mcp::Doctor {

// What a Streamable HTTP server does with the requests a browser page or a careless client
// sends, asked with requests of the Doctor's own beside the connection (with its headers, so a
// key in them still opens the door):
// - a foreign Origin (DNS rebinding: 403, a MUST of 2025-11-25) and, on loopback, a foreign Host;
// - legacy era: an unsupported MCP-Protocol-Version (400), a session id it never gave (404),
//   the GET stream (a stream or 405), DELETE of the session (2xx or 405) and the same session
//   after it (404);
// - modern era: headers that contradict the body or are missing (Mcp-Method, Mcp-Name: 400 with
//   -32020), an unsupported version (400 with -32022 naming the supported ones), a request without
//   its _meta (400 with -32602), an unknown method and one the revision removed (ping): 404 with
//   -32601.
// The sessions the probes open are deleted again. Every byte is reported (trafficEvent), and
// each finding carries the exchange that showed it. finished() once, then findings().
class HttpProbes : public QObject
{
    Q_OBJECT

public:
    struct Target
    {
        QUrl url;
        HttpHeaders headers;     // the connection's own (a key, an Authorization header)
        bool modern = false;     // the server was reached in the 2026-07-28 era
        QString protocolVersion; // the one the connection negotiated
        NetworkSettings network; // the connection's trust, client certificate and proxy
    };

    // What a check that fails says: its id, what was expected, the rule and the fix.
    struct Rule
    {
        QString id;
        QString expected;
        QString text;
        QString fix;
    };

    explicit HttpProbes(const Target &target, QObject *parent = nullptr);
    ~HttpProbes() override;

    void start();
    QList<Finding> findings() const { return m_findings; }

    // The exchange ids the probes give their traffic: far above the transports' own, so the
    // traffic view never pairs a probe with a message of the connection.
    static constexpr quint64 FirstExchangeId = quint64(1) << 48;
    // The Origin a DNS-rebinding page would send, and the Host it would reach.
    static QByteArray foreignOrigin();
    static QByteArray foreignHost(const QUrl &url);
    // Whether the URL names this machine (localhost, 127.0.0.0/8, ::1).
    static bool isLoopback(const QUrl &url);

Q_SIGNALS:
    void trafficEvent(const Mcp::TrafficEvent &event);
    void finished();

private:
    // One probe's exchange, as the traffic shows it.
    struct Exchange
    {
        int status = 0; // 0: no answer (refused, timed out)
        QString error;  // why there is no answer
        bool timedOut = false; // nothing came within the probe's time (a GET held open without headers)
        HttpHeaders headers;
        QByteArray body;
        QList<TrafficEvent> events; // the request, then the response
        QByteArray sessionId() const { return headerValue(headers, "mcp-session-id"); }
        bool isSuccess() const { return status >= 200 && status < 300; }
        QString statusText() const;
    };
    using Then = std::function<void(const Exchange &exchange)>;

    // Sends one request: method POST (a JSON-RPC body), GET or DELETE; `extra` adds to or
    // replaces the usual headers. A GET is closed once its headers are in.
    void send(const QByteArray &method, const QString &what, const QByteArray &body, const HttpHeaders &extra, Then then);
    QByteArray openingBody() const;   // initialize, or server/discover in the modern era
    HttpHeaders openingHeaders() const;
    QByteArray pingBody();
    // The headers of a request in a session: MCP-Protocol-Version (the connection's unless
    // given), and the session id when there is one.
    HttpHeaders sessionHeaders(const QByteArray &session, const QByteArray &version = {}) const;
    // A check's verdict on an exchange: passed (named in http.checked as passedAs), or a finding
    // at severity with the exchange as its evidence.
    void judge(const Exchange &seen, bool passed, const QString &passedAs, Severity severity, const Rule &rule);

    void openSession();
    void checkVersionHeader();
    void checkGetStream();
    void checkUnknownSession();
    void checkDelete();
    void checkOrigin();
    void checkHost();
    // The modern era's request validation (2026-07-28 streamable-http.mdx), then checkOrigin().
    void checkMethodMismatch();
    void checkMethodMissing();
    void checkNameMismatch();
    void checkUnsupportedVersion();
    void checkMissingMeta();
    // method, which the server must not implement, is answered 404 with -32601: then next().
    void checkMethodNotFound(const QString &method, const QString &what, const QString &passedAs, std::function<void()> next);
    // A modern request: the body with its _meta at version (the connection's unless given), and
    // the standard headers that mirror it.
    QPair<QByteArray, HttpHeaders> modernRequest(const QString &method, const QJsonObject &params, const QString &version = {});
    // Deletes a session a probe opened (a server that let the probe in).
    void forget(const Exchange &opened, std::function<void()> then);
    void finish();

    Target m_target;
    SecureNetworkAccessManager *m_network;
    QList<Finding> m_findings;
    QStringList m_passed; // the checks the server passed, for the summary
    QByteArray m_session; // the probes' own legacy session
    quint64 m_nextExchangeId = FirstExchangeId;
    int m_nextRequestId = 1;
    bool m_finished = false;
};

} // namespace Mcp::Doctor
