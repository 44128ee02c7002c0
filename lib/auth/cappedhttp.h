#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QString>
#include <QTimer>
#include <QUrl>

class QNetworkAccessManager;
class QNetworkReply;
class QTcpSocket;

namespace Mcp {

// One HTTP exchange whose answer should be small (authorization metadata, tokens, an authorization
// page), read with memory bounded by a cap whatever the server sends or how fast.
//
// https goes through QNetworkAccessManager, whose TLS socket buffers 64 KiB at a time, so a read
// buffer holds the network back. Plain http does not: Qt reads it through an unbuffered socket and
// decodes a chunked body in a loop that runs as long as the kernel has bytes, so a fast sender on
// loopback fills memory before this thread can look (measured: 1.1 GiB). Plain http is therefore
// read here, from a socket with a bounded buffer, one chunk at a time.
class CappedHttpExchange : public QObject
{
    Q_OBJECT
public:
    using Headers = QList<QPair<QByteArray, QByteArray>>;

    struct Request
    {
        QByteArray method = "GET";
        QUrl url;
        Headers headers;
        QByteArray body;
        qint64 maxBodyBytes = 1024 * 1024;
        int transferTimeoutMs = 0; // this long without a byte fails the exchange; 0: no bound
        bool followSameOriginRedirects = false;
    };

    struct Response
    {
        int status = 0; // 0: no complete HTTP answer; errorString says why
        Headers headers;
        QByteArray body;
        QString errorString;
        bool tooLarge = false; // the body passed maxBodyBytes and was not read
        QByteArray header(const QByteArray &name) const;
    };

    explicit CappedHttpExchange(QNetworkAccessManager *nam, QObject *parent = nullptr);
    ~CappedHttpExchange() override;

    // finished() comes once, when the answer is whole or the exchange failed; then the exchange
    // deletes itself.
    void start(const Request &request);
    // Ends the exchange now: finished() comes with status 0 and `reason`.
    void abort(const QString &reason);

Q_SIGNALS:
    void finished(const Mcp::CappedHttpExchange::Response &response);

private:
    enum class Stage { Head, Length, ChunkSize, ChunkData, ChunkEnd, Trailer, UntilClose, Done };

    void startNetworkReply();
    void startPlain();
    void readPlain();
    bool parsePlain(); // false: more bytes are needed (or the exchange ended)
    bool parseHead(const QByteArray &head);
    void appendBody(const QByteArray &bytes);
    // Moves what the buffer holds of the m_remaining body bytes to come into the body.
    void takeBodyBytes();
    // Where the line the buffer starts with ends ("\r\n"); -1 while it has not all come, and a
    // failure (tooLong) once it is longer than a line may be.
    qsizetype lineEnd(const char *tooLong); // tooLong: untranslated (QT_TR_NOOP)
    void completePlain();
    void fail(const QString &reason);
    void finish();
    void closeConnections();

    QNetworkAccessManager *m_nam = nullptr;
    Request m_request;
    Response m_response;
    QPointer<QNetworkReply> m_reply;
    QTcpSocket *m_socket = nullptr;
    QTimer m_silence;
    QByteArray m_buffer;
    Stage m_stage = Stage::Head;
    qint64 m_remaining = 0; // of the Content-Length, or of the current chunk
    int m_redirects = 0;
    bool m_finished = false;
};

} // namespace Mcp
