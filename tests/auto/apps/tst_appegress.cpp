// The MCP App sandbox has no way out that is not a URL (issue 31). A hostile view whose CSP
// allows no connection tries every egress a browser has besides URL requests, against a UDP
// socket and a TCP listener on 127.0.0.1: WebRTC (STUN over UDP, TURN over UDP and TCP with a
// username that carries data; directly, through webkitRTCPeerConnection, from a frame it makes
// itself and from a srcdoc frame), WebTransport (in the page and in a worker), preconnect and
// DNS prefetch hints, and, as URL requests the filter and CSP stop, fetch, a beacon, a
// WebSocket and an EventSource. No datagram and no connection may arrive. A view whose CSP
// declares this computer's origins says so in its host line.

#include "apps/appview.h"
#include "apps/appwebpage.h"

#include <QApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QUdpSocket>

#include "reportingview.h"

using namespace Mcp;
using namespace Mcp::Ui;

namespace {
constexpr int kWait = 30000;

// report(), and attempt(name, f): each egress tried reports what came of it.
QString egressView(const QString &body)
{
    return reportingView(QStringLiteral(R"(function attempt(name, f) { try { report(name + ": " + f()); } catch (e) { report(name + ": threw " + e.name); } }
)") + body, QStringLiteral("egress"));
}
} // namespace

class tst_AppEgress : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void noEgressBesidesUrls();
    void hostLineNamesLocalOrigins();

private:
    QUdpSocket m_udp;
    QTcpServer m_tcp;
    int m_datagrams = 0;
    int m_connections = 0;
    QByteArray m_received;
};

void tst_AppEgress::initTestCase()
{
    QVERIFY(AppView::canRender());
    QVERIFY(m_udp.bind(QHostAddress::LocalHost, 0));
    QVERIFY(m_tcp.listen(QHostAddress::LocalHost, 0));
    connect(&m_udp, &QUdpSocket::readyRead, this, [this] {
        while (m_udp.hasPendingDatagrams()) {
            QByteArray datagram(int(m_udp.pendingDatagramSize()), '\0');
            m_udp.readDatagram(datagram.data(), datagram.size());
            ++m_datagrams;
            m_received += datagram;
        }
    });
    connect(&m_tcp, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *socket = m_tcp.nextPendingConnection()) {
            ++m_connections;
            connect(socket, &QTcpSocket::readyRead, socket, [this, socket] { m_received += socket->readAll(); });
        }
    });
    // The listeners count what reaches them (the check can see a byte arrive).
    QUdpSocket probe;
    probe.writeDatagram("probe", QHostAddress::LocalHost, m_udp.localPort());
    QTcpSocket tcpProbe;
    tcpProbe.connectToHost(QHostAddress::LocalHost, m_tcp.serverPort());
    QTRY_VERIFY_WITH_TIMEOUT(m_datagrams == 1 && m_connections == 1, 5000);
    tcpProbe.abort();
    m_datagrams = m_connections = 0;
    m_received.clear();
}

void tst_AppEgress::noEgressBesidesUrls()
{
    AppView view;
    view.resize(400, 300);
    view.show();
    const QString udp = QString::number(m_udp.localPort());
    const QString tcp = QString::number(m_tcp.serverPort());
    // No CSP metadata: connect-src 'none'.
    view.load(QStringLiteral("ui://test/egress"), egressView(QStringLiteral(R"(
const servers = {iceServers: [{urls: "stun:127.0.0.1:%1"},
                              {urls: "turn:127.0.0.1:%2?transport=tcp", username: "EXFIL-TCP", credential: "x"},
                              {urls: "turn:127.0.0.1:%1?transport=udp", username: "EXFIL-UDP", credential: "x"}]};
function peer(C) {
  if (typeof C !== "function") return "absent";
  const pc = new C(servers);
  pc.createDataChannel("exfil");
  pc.createOffer().then(offer => pc.setLocalDescription(offer)).catch(() => {});
  return "created";
}
attempt("RTCPeerConnection", () => peer(window.RTCPeerConnection));
attempt("webkitRTCPeerConnection", () => peer(window.webkitRTCPeerConnection));
attempt("restored", () => { delete window.RTCPeerConnection; return peer(window.RTCPeerConnection); });
attempt("frame", () => {
  const frame = document.createElement("iframe");
  document.body.appendChild(frame);
  return peer(frame.contentWindow.RTCPeerConnection);
});
attempt("srcdoc", () => {
  const frame = document.createElement("iframe");
  frame.srcdoc = "<script>try { const pc = new RTCPeerConnection(" + JSON.stringify(servers) + "); pc.createDataChannel('x');" +
                 " pc.createOffer().then(o => pc.setLocalDescription(o)); parent.postMessage('srcdoc: created', '*'); }" +
                 " catch (e) { parent.postMessage('srcdoc: threw ' + e.name, '*'); }</" + "script>";
  window.addEventListener("message", event => { if (typeof event.data === "string") report(event.data); });
  document.body.appendChild(frame);
  return "appended";
});
attempt("WebTransport", () => {
  if (typeof WebTransport !== "function") return "absent";
  const transport = new WebTransport("https://127.0.0.1:%1/exfil");
  transport.ready.catch(() => {});
  return "created";
});
attempt("worker", () => {
  const source = "try { if (typeof WebTransport !== 'function') postMessage('worker: absent'); else {" +
                 " const t = new WebTransport('https://127.0.0.1:%1/w'); t.ready.catch(() => {}); postMessage('worker: created'); } }" +
                 " catch (e) { postMessage('worker: threw ' + e.name); }";
  const worker = new Worker(URL.createObjectURL(new Blob([source], {type: "text/javascript"})));
  worker.onmessage = event => report("WebTransport in a " + event.data);
  worker.onerror = () => report("worker: refused");
  return "started";
});
attempt("hints", () => {
  for (const rel of ["preconnect", "dns-prefetch", "prefetch", "preload"]) {
    const link = document.createElement("link");
    link.rel = rel;
    if (rel === "preload") link.as = "fetch";
    link.href = "http://127.0.0.1:%2/" + rel;
    document.head.appendChild(link);
  }
  return "added";
});
fetch("http://127.0.0.1:%2/fetch").then(() => report("fetch: reached"), () => report("fetch: blocked"));
attempt("beacon", () => navigator.sendBeacon("http://127.0.0.1:%2/beacon", "EXFIL"));
attempt("WebSocket", () => { const ws = new WebSocket("ws://127.0.0.1:%2/ws"); ws.onerror = () => {}; return "created"; });
attempt("EventSource", () => { const es = new EventSource("http://127.0.0.1:%2/sse"); es.onerror = () => es.close(); return "created"; });
setTimeout(() => report("done"), 6000);
)").arg(udp, tcp)), Apps::UiResourceMeta());
    QSignalSpy logs(view.bridge(), &Apps::AppHostBridge::logReceived);
    QTRY_VERIFY_WITH_TIMEOUT(logLines(logs).contains(QStringLiteral("done")), kWait);
    // ICE gathering and TURN allocation run on their own time: give them more.
    QTest::qWait(3000);
    const QStringList lines = logLines(logs);
    const QString what = lines.join(u'\n') + QStringLiteral("\nreceived: ") + QString::fromLatin1(m_received.toPercentEncoding());
    qInfo().noquote() << "datagrams" << m_datagrams << "connections" << m_connections << "view said:" << lines.join(QStringLiteral("; "));
    QCOMPARE(m_datagrams, 0);
    QVERIFY2(m_connections == 0, qPrintable(what));
    QVERIFY2(m_received.isEmpty(), qPrintable(what));
    // The interfaces are gone rather than failing quietly.
    QVERIFY2(lines.contains(QStringLiteral("RTCPeerConnection: absent")), qPrintable(what));
    QVERIFY2(lines.contains(QStringLiteral("webkitRTCPeerConnection: absent")), qPrintable(what));
    QVERIFY2(lines.contains(QStringLiteral("restored: absent")), qPrintable(what));
    QVERIFY2(lines.contains(QStringLiteral("WebTransport: absent")), qPrintable(what));
    QVERIFY2(lines.contains(QStringLiteral("fetch: blocked")), qPrintable(what));
    QVERIFY2(!lines.contains(QStringLiteral("srcdoc: created")) && !lines.contains(QStringLiteral("frame: created")),
             qPrintable(what));
}

void tst_AppEgress::hostLineNamesLocalOrigins()
{
    AppView view;
    view.resize(600, 300);
    view.show();
    const Apps::UiResourceMeta meta = Apps::UiResourceMeta::fromJson(QJsonObject{
        {QStringLiteral("csp"),
         QJsonObject{{QStringLiteral("connectDomains"),
                      QJsonArray{QStringLiteral("http://127.0.0.1:3000"), QStringLiteral("https://api.example.com")}},
                     {QStringLiteral("resourceDomains"), QJsonArray{QStringLiteral("http://192.168.1.20")}}}}});
    view.load(QStringLiteral("ui://test/local"), egressView(QString()), meta);
    auto *header = view.findChild<QLabel *>(QStringLiteral("appViewHeader"));
    QVERIFY(header);
    const QString text = header->text();
    QVERIFY2(text.contains(QStringLiteral("this computer: http://127.0.0.1:3000")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("local network: http://192.168.1.20")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("api.example.com")), qPrintable(text));
}

int main(int argc, char **argv)
{
    prepareWebEngine();
    QApplication app(argc, argv);
    tst_AppEgress test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_appegress.moc"
