#include "cappedhttp.h"

#include <QNetworkAccessManager>
#include <QNetworkProxyFactory>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTcpSocket>

namespace Mcp {

namespace {

// The status line and headers of an answer: more than this is no OAuth server's answer.
constexpr qsizetype MaxHeadBytes = 64 * 1024;
// A chunk-size or trailer line.
constexpr qsizetype MaxLineBytes = 4 * 1024;
constexpr int MaxRedirects = 10;

bool sameOrigin(const QUrl &a, const QUrl &b)
{
    const int defaultPort = a.scheme() == QLatin1String("https") ? 443 : 80;
    return a.scheme() == b.scheme() && a.host().compare(b.host(), Qt::CaseInsensitive) == 0
        && a.port(defaultPort) == b.port(defaultPort);
}

bool isRedirect(int status)
{
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

} // namespace

QByteArray CappedHttpExchange::Response::header(const QByteArray &name) const
{
    for (const auto &entry : headers) {
        if (entry.first.compare(name, Qt::CaseInsensitive) == 0)
            return entry.second;
    }
    return {};
}

CappedHttpExchange::CappedHttpExchange(QNetworkAccessManager *nam, QObject *parent)
    : QObject(parent)
    , m_nam(nam)
{
    m_silence.setSingleShot(true);
    connect(&m_silence, &QTimer::timeout, this, [this] {
        fail(tr("nothing arrived for %1 s").arg(m_request.transferTimeoutMs / 1000.0));
    });
}

CappedHttpExchange::~CappedHttpExchange()
{
    closeConnections();
}

void CappedHttpExchange::start(const Request &request)
{
    m_request = request;
    const QString scheme = request.url.scheme();
    if (scheme == QLatin1String("https")) {
        startNetworkReply();
    } else if (scheme == QLatin1String("http")) {
        startPlain();
    } else {
        QTimer::singleShot(0, this, [this] { fail(tr("only http and https URLs can be fetched")); });
    }
}

void CappedHttpExchange::abort(const QString &reason)
{
    fail(reason);
}

void CappedHttpExchange::startNetworkReply()
{
    QNetworkRequest request(m_request.url);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         m_request.followSameOriginRedirects ? QNetworkRequest::SameOriginRedirectPolicy
                                                             : QNetworkRequest::ManualRedirectPolicy);
    if (m_request.transferTimeoutMs > 0)
        request.setTransferTimeout(m_request.transferTimeoutMs);
    for (const auto &header : std::as_const(m_request.headers))
        request.setRawHeader(header.first, header.second);
    QNetworkReply *reply = m_nam->sendCustomRequest(request, m_request.method, m_request.body);
    m_reply = reply;
    // The read buffer holds the network back until this thread has looked at what came.
    reply->setReadBufferSize(m_request.maxBodyBytes + 64 * 1024);
    const auto checkSize = [this, reply] {
        const qint64 announced = reply->header(QNetworkRequest::ContentLengthHeader).toLongLong();
        if (!m_response.tooLarge && (reply->bytesAvailable() > m_request.maxBodyBytes || announced > m_request.maxBodyBytes)) {
            m_response.tooLarge = true;
            reply->abort();
        }
    };
    connect(reply, &QNetworkReply::metaDataChanged, this, checkSize);
    connect(reply, &QNetworkReply::readyRead, this, checkSize);
    connect(reply, &QNetworkReply::finished, this, [this, reply] {
        m_reply.clear();
        reply->deleteLater();
        if (m_finished)
            return;
        m_response.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        m_response.headers = reply->rawHeaderPairs();
        if (m_response.tooLarge) {
            m_response.status = 0;
        } else {
            m_response.body = reply->readAll();
            if (reply->error() != QNetworkReply::NoError && m_response.status == 0)
                m_response.errorString = reply->errorString();
        }
        finish();
    });
}

void CappedHttpExchange::startPlain()
{
    if (m_finished)
        return;
    m_socket = new QTcpSocket(this);
    // At most this much waits in the socket; the kernel holds the rest back from the sender.
    m_socket->setReadBufferSize(64 * 1024);
    const QUrl &url = m_request.url;
    // The proxy QNetworkAccessManager would take for this URL. An HTTP proxy gets the request
    // itself (absolute form); any other kind carries the connection.
    QNetworkProxyFactory *factory = m_nam->proxyFactory();
    const QNetworkProxy proxy = (factory ? factory->queryProxy(QNetworkProxyQuery(url))
                                         : QNetworkProxyFactory::proxyForQuery(QNetworkProxyQuery(url))).value(0);
    const bool viaHttpProxy = proxy.type() == QNetworkProxy::HttpProxy || proxy.type() == QNetworkProxy::HttpCachingProxy;
    m_socket->setProxy(viaHttpProxy || proxy.type() == QNetworkProxy::DefaultProxy ? QNetworkProxy(QNetworkProxy::NoProxy)
                                                                                     : proxy);

    QByteArray target;
    if (viaHttpProxy) {
        target = url.adjusted(QUrl::RemoveFragment | QUrl::RemoveUserInfo).toEncoded();
    } else {
        target = url.path(QUrl::FullyEncoded).toLatin1();
        if (target.isEmpty())
            target = "/";
        if (url.hasQuery())
            target += '?' + url.query(QUrl::FullyEncoded).toLatin1();
    }
    QByteArray head = m_request.method + ' ' + target + " HTTP/1.1\r\nHost: "
        + url.adjusted(QUrl::RemoveUserInfo).authority(QUrl::FullyEncoded).toLatin1() + "\r\n";
    for (const auto &header : std::as_const(m_request.headers))
        head += header.first + ": " + header.second + "\r\n";
    if (!m_request.body.isEmpty() || m_request.method == "POST" || m_request.method == "PUT")
        head += "Content-Length: " + QByteArray::number(m_request.body.size()) + "\r\n";
    if (viaHttpProxy && !proxy.user().isEmpty())
        head += "Proxy-Authorization: Basic " + (proxy.user() + u':' + proxy.password()).toUtf8().toBase64() + "\r\n";
    head += "Connection: close\r\n\r\n";

    connect(m_socket, &QTcpSocket::connected, this, [this, head] {
        m_socket->write(head);
        m_socket->write(m_request.body);
    });
    connect(m_socket, &QTcpSocket::readyRead, this, &CappedHttpExchange::readPlain);
    connect(m_socket, &QTcpSocket::bytesWritten, this, [this] {
        if (m_request.transferTimeoutMs > 0)
            m_silence.start(m_request.transferTimeoutMs);
    });
    connect(m_socket, &QTcpSocket::disconnected, this, [this, socket = m_socket] {
        readPlain();
        if (m_finished || m_socket != socket)
            return; // ended, or redirected to a new connection
        if (m_stage == Stage::UntilClose)
            completePlain();
        else
            fail(tr("the connection closed before the answer was complete"));
    });
    connect(m_socket, &QTcpSocket::errorOccurred, this, [this](QAbstractSocket::SocketError error) {
        // The end of an answer read until the connection closes comes as disconnected().
        if (error != QAbstractSocket::RemoteHostClosedError)
            fail(m_socket->errorString());
    });
    if (m_request.transferTimeoutMs > 0)
        m_silence.start(m_request.transferTimeoutMs);
    m_socket->connectToHost(viaHttpProxy ? proxy.hostName() : url.host(),
                            viaHttpProxy ? proxy.port() : quint16(url.port(80)));
}

void CappedHttpExchange::readPlain()
{
    if (m_finished || !m_socket)
        return;
    if (m_request.transferTimeoutMs > 0)
        m_silence.start(m_request.transferTimeoutMs);
    // One buffer's worth at a time: what is parsed leaves m_buffer before more is read.
    while (!m_finished && m_socket && m_socket->bytesAvailable() > 0) {
        m_buffer += m_socket->read(64 * 1024);
        while (!m_finished && parsePlain()) {
        }
    }
}

bool CappedHttpExchange::parsePlain()
{
    switch (m_stage) {
    case Stage::Head: {
        const qsizetype end = m_buffer.indexOf("\r\n\r\n");
        if (end < 0) {
            if (m_buffer.size() > MaxHeadBytes)
                fail(tr("the answer's headers are larger than %1 KiB").arg(MaxHeadBytes / 1024));
            return false;
        }
        const QByteArray head = m_buffer.left(end);
        m_buffer.remove(0, end + 4);
        return parseHead(head);
    }
    case Stage::Length:
        takeBodyBytes();
        if (!m_finished && m_remaining == 0)
            completePlain();
        return false;
    case Stage::ChunkSize: {
        const qsizetype end = lineEnd(QT_TR_NOOP("a chunk of the answer has no valid size"));
        if (end < 0)
            return false;
        QByteArray line = m_buffer.left(end);
        m_buffer.remove(0, end + 2);
        const qsizetype extension = line.indexOf(';');
        if (extension >= 0)
            line.truncate(extension);
        bool ok = false;
        const qint64 size = line.trimmed().toLongLong(&ok, 16);
        if (!ok || size < 0) {
            fail(tr("a chunk of the answer has no valid size"));
            return false;
        }
        if (size == 0) {
            m_stage = Stage::Trailer;
        } else if (m_response.body.size() + size > m_request.maxBodyBytes) {
            m_response.tooLarge = true; // announced: not read at all
            fail({});
            return false;
        } else {
            m_remaining = size;
            m_stage = Stage::ChunkData;
        }
        return true;
    }
    case Stage::ChunkData:
        takeBodyBytes();
        if (m_remaining > 0 || m_finished)
            return false;
        m_stage = Stage::ChunkEnd;
        return true;
    case Stage::ChunkEnd:
        if (m_buffer.size() < 2)
            return false;
        if (!m_buffer.startsWith("\r\n")) {
            fail(tr("a chunk of the answer does not end where its size says"));
            return false;
        }
        m_buffer.remove(0, 2);
        m_stage = Stage::ChunkSize;
        return true;
    case Stage::Trailer: {
        const qsizetype end = lineEnd(QT_TR_NOOP("the answer's trailer is too long"));
        if (end < 0)
            return false;
        m_buffer.remove(0, end + 2);
        if (end == 0)
            completePlain();
        return !m_finished;
    }
    case Stage::UntilClose:
        appendBody(m_buffer);
        m_buffer.clear();
        return false;
    case Stage::Done:
        m_buffer.clear();
        return false;
    }
    return false;
}

bool CappedHttpExchange::parseHead(const QByteArray &head)
{
    const QList<QByteArray> lines = head.split('\n');
    const QList<QByteArray> statusLine = lines.value(0).trimmed().split(' ');
    bool ok = false;
    const int status = statusLine.value(1).toInt(&ok);
    if (!statusLine.value(0).startsWith("HTTP/1.") || !ok || status < 100 || status > 999) {
        fail(tr("the answer is not HTTP/1.1"));
        return false;
    }
    if (status >= 100 && status < 200)
        return true; // an interim answer (100 Continue): the real one follows
    m_response.status = status;
    m_response.headers.clear();
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray &line = lines.at(i);
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            m_response.headers.append({line.left(colon).trimmed(), line.mid(colon + 1).trimmed()});
    }
    const QByteArray transferEncoding = m_response.header("Transfer-Encoding").trimmed().toLower();
    const QByteArray contentLength = m_response.header("Content-Length").trimmed();
    if (m_request.method == "HEAD" || status == 204 || status == 304) {
        completePlain();
        return false;
    }
    if (!transferEncoding.isEmpty()) {
        if (transferEncoding != "chunked") {
            fail(tr("the answer's transfer encoding \"%1\" is not supported").arg(QString::fromLatin1(transferEncoding)));
            return false;
        }
        m_stage = Stage::ChunkSize;
        return true;
    }
    if (!contentLength.isEmpty()) {
        const qint64 length = contentLength.toLongLong(&ok);
        if (!ok || length < 0) {
            fail(tr("the answer's Content-Length \"%1\" is not a number").arg(QString::fromLatin1(contentLength)));
            return false;
        }
        if (length > m_request.maxBodyBytes) {
            m_response.tooLarge = true;
            fail({});
            return false;
        }
        m_remaining = length;
        m_stage = Stage::Length;
        if (length == 0) {
            completePlain();
            return false;
        }
        return true;
    }
    m_stage = Stage::UntilClose;
    return true;
}

void CappedHttpExchange::takeBodyBytes()
{
    const QByteArray piece = m_buffer.left(qsizetype(qMin<qint64>(m_remaining, m_buffer.size())));
    m_buffer.remove(0, piece.size());
    m_remaining -= piece.size();
    appendBody(piece);
}

qsizetype CappedHttpExchange::lineEnd(const char *tooLong)
{
    const qsizetype end = m_buffer.indexOf("\r\n");
    if (end < 0 && m_buffer.size() > MaxLineBytes)
        fail(tr(tooLong)); // translated only when it fails
    return end;
}

void CappedHttpExchange::appendBody(const QByteArray &bytes)
{
    if (m_response.body.size() + bytes.size() > m_request.maxBodyBytes) {
        m_response.tooLarge = true;
        fail({});
        return;
    }
    m_response.body += bytes;
}

void CappedHttpExchange::completePlain()
{
    m_stage = Stage::Done;
    const QByteArray location = m_response.header("Location");
    if (m_request.followSameOriginRedirects && isRedirect(m_response.status) && !location.isEmpty()) {
        const QUrl target = m_request.url.resolved(QUrl::fromEncoded(location));
        if (sameOrigin(target, m_request.url)) {
            if (++m_redirects > MaxRedirects) {
                fail(tr("more than %1 redirects").arg(MaxRedirects));
                return;
            }
            // As browsers do: a POST answered 301, 302 or 303 is followed with a GET.
            if (m_response.status == 303 || (m_request.method == "POST" && m_response.status <= 302)) {
                m_request.method = "GET";
                m_request.body.clear();
            }
            m_request.url = target;
            m_response = {};
            m_buffer.clear();
            m_stage = Stage::Head;
            closeConnections();
            QTimer::singleShot(0, this, &CappedHttpExchange::startPlain);
            return;
        }
    }
    finish();
}

void CappedHttpExchange::fail(const QString &reason)
{
    if (m_finished)
        return;
    m_response.status = 0;
    m_response.body.clear();
    m_response.errorString = reason;
    finish();
}

void CappedHttpExchange::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    m_stage = Stage::Done;
    m_silence.stop();
    closeConnections();
    Q_EMIT finished(m_response);
    deleteLater();
}

void CappedHttpExchange::closeConnections()
{
    if (m_reply) {
        QNetworkReply *reply = m_reply;
        m_reply.clear();
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
        m_socket = nullptr;
    }
}

} // namespace Mcp
