#include "trafficlog.h"

#include "trafficsummary_p.h"

#include <QDataStream>
#include <QIODevice>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QTimerEvent>

namespace Mcp {

Q_LOGGING_CATEGORY(lcTrafficLog, "mcp.traffic.log", QtInfoMsg)

namespace {

QByteArray pairingKey(int connectionId, quint8 requestDirection, QByteArrayView idToken)
{
    QByteArray key;
    key.reserve(5 + idToken.size());
    key.append(reinterpret_cast<const char *>(&connectionId), sizeof connectionId);
    key.append(char(requestDirection));
    key.append(idToken);
    return key;
}

quint8 opposite(quint8 direction)
{
    using D = TrafficEvent::Direction;
    if (direction == quint8(D::Outgoing))
        return quint8(D::Incoming);
    if (direction == quint8(D::Incoming))
        return quint8(D::Outgoing);
    // A view's requests are answered by the host, and the host's (ui/resource-teardown) by the view.
    if (direction == quint8(D::HostToApp))
        return quint8(D::AppToHost);
    if (direction == quint8(D::AppToHost))
        return quint8(D::HostToApp);
    return direction;
}

bool isReplyKind(TrafficKind kind)
{
    return kind == TrafficKind::Response || kind == TrafficKind::Error;
}

// Multi round-trip requests are small; bigger frames are not read for their round links.
constexpr qsizetype MaxRoundScanBytes = 1 << 20;

// The requests that may come back input_required (2026-07-28): only their frames are searched.
bool mayTakeRounds(const QString &method)
{
    return method == QLatin1String("tools/call") || method == QLatin1String("prompts/get")
        || method == QLatin1String("resources/read");
}

QJsonObject parseObject(QByteArrayView raw)
{
    return QJsonDocument::fromJson(raw.toByteArray()).object();
}

// A retry echoes the requestState its round was answered with...
QByteArray stateKey(int connectionId, const QJsonValue &state)
{
    return 's' + QByteArray::number(connectionId) + ':' + QJsonDocument(QJsonArray{state}).toJson(QJsonDocument::Compact);
}

// ...or, without one, repeats the method and the tool, prompt or resource.
QByteArray nameKey(int connectionId, const QString &method, const QJsonObject &params)
{
    const QJsonValue name = params.contains(QLatin1String("name")) ? params.value(QLatin1String("name"))
                                                                     : params.value(QLatin1String("uri"));
    return 'n' + QByteArray::number(connectionId) + ':' + method.toUtf8() + '\n' + name.toString().toUtf8();
}

QString formatSize(qint64 bytes)
{
    if (bytes < 1024)
        return QString::number(bytes);
    if (bytes < 1024 * 1024)
        return QString::number(double(bytes) / 1024.0, 'f', 1) + QStringLiteral(" KiB");
    return QString::number(double(bytes) / (1024.0 * 1024.0), 'f', 1) + QStringLiteral(" MiB");
}

// HTTP metadata goes into the arena next to the bytes (see TrafficRecord).
QByteArray encodeExtra(const TrafficEvent &event)
{
    QByteArray out;
    QDataStream stream(&out, QIODevice::WriteOnly);
    stream.setVersion(QDataStream::Qt_6_4);
    stream << event.httpMethod << event.url.toUtf8() << qint32(event.httpStatus) << quint32(event.headers.size());
    for (const auto &header : event.headers)
        stream << header.first << header.second;
    stream << event.sseEventId << event.sseEventType << quint64(event.exchangeId);
    return out;
}

} // namespace

void TrafficLog::readExtra(qint64 abs, TrafficEvent *event) const
{
    const QByteArrayView bytes = m_store.extra(abs);
    if (bytes.isEmpty())
        return;
    QByteArray copy = QByteArray::fromRawData(bytes.data(), bytes.size()); // read before any other chunk access
    QDataStream stream(&copy, QIODevice::ReadOnly);
    stream.setVersion(QDataStream::Qt_6_4);
    QByteArray url;
    qint32 status = 0;
    quint32 headerCount = 0;
    stream >> event->httpMethod >> url >> status >> headerCount;
    event->url = QString::fromUtf8(url);
    event->httpStatus = status;
    event->headers.clear();
    for (quint32 i = 0; i < headerCount && stream.status() == QDataStream::Ok; ++i) {
        QByteArray name, value;
        stream >> name >> value;
        event->headers.append({name, value});
    }
    quint64 exchangeId = 0;
    stream >> event->sseEventId >> event->sseEventType >> exchangeId;
    event->exchangeId = exchangeId;
}

TrafficLog::TrafficLog(QObject *parent)
    : QAbstractTableModel(parent)
{
    m_packPool.setMaxThreadCount(1);
    m_packPool.setObjectName(QStringLiteral("TrafficLog packer"));
}

TrafficLog::~TrafficLog()
{
    // At most the one running job is waited for: the rest are discarded.
    m_packPool.clear();
    m_packPool.waitForDone();
}

void TrafficLog::packSealedChunks()
{
    for (auto &sealed : m_store.takeSealedChunks()) {
        ++m_pendingPacks;
        const quint32 number = sealed.first;
        std::shared_ptr<const TrafficChunk> original = std::move(sealed.second);
        m_packPool.start([this, number, original] {
            std::shared_ptr<TrafficChunk> packed = original->packedCopy();
            // Queued back to the GUI thread; dropped with the log if it is gone by then
            // (the destructor waits for this job, so `this` is valid while posting).
            QMetaObject::invokeMethod(
                this,
                [this, number, original, packed]() mutable {
                    m_store.replaceChunk(number, original.get(), packed);
                    --m_pendingPacks;
                    // This is often the last reference: freeing a 64 MiB chunk held the GUI
                    // thread for milliseconds, so a big one is let go in the pool.
                    if (original->capacity >= TrafficStore::SharedRawThreshold)
                        m_packPool.start([released = std::move(original)] {});
                },
                Qt::QueuedConnection);
        });
    }
}

int TrafficLog::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_visible);
}

int TrafficLog::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString TrafficLog::kindName(TrafficKind kind)
{
    switch (kind) {
    case TrafficKind::Request: return tr("request");
    case TrafficKind::Response: return tr("response");
    case TrafficKind::Error: return tr("error");
    case TrafficKind::Notification: return tr("notification");
    case TrafficKind::Batch: return tr("batch");
    case TrafficKind::Stderr: return tr("stderr");
    case TrafficKind::InvalidMessage: return tr("invalid message");
    case TrafficKind::HttpRequest: return tr("HTTP request");
    case TrafficKind::HttpResponse: return tr("HTTP response");
    case TrafficKind::SseEvent: return tr("SSE event");
    case TrafficKind::ProcessStarted: return tr("process started");
    case TrafficKind::ProcessExited: return tr("process exited");
    case TrafficKind::TransportError: return tr("transport error");
    case TrafficKind::Note: return tr("note");
    case TrafficKind::Count: break;
    }
    return QString();
}

QString TrafficLog::directionName(TrafficEvent::Direction direction)
{
    switch (direction) {
    case TrafficEvent::Direction::Outgoing: return tr("C → S");
    case TrafficEvent::Direction::Incoming: return tr("S → C");
    case TrafficEvent::Direction::Local: return tr("local");
    case TrafficEvent::Direction::HostToApp: return tr("H → App");
    case TrafficEvent::Direction::AppToHost: return tr("App → H");
    }
    return QString();
}

QVariant TrafficLog::headerData(int section, Qt::Orientation orientation, int role) const
{
    // Numbers are right-aligned: so are their headings, which stay over them.
    if (orientation == Qt::Horizontal && role == Qt::TextAlignmentRole
        && (section == SizeColumn || section == LatencyColumn || section == RelativeTimeColumn))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case TimeColumn: return tr("Time");
    case RelativeTimeColumn: return tr("Relative (s)");
    case ConnectionColumn: return tr("Connection");
    case DirectionColumn: return tr("Direction");
    case KindColumn: return tr("Kind");
    case MethodColumn: return tr("Method");
    case IdColumn: return tr("Id");
    case SizeColumn: return tr("Size");
    case LatencyColumn: return tr("Latency");
    case RoundColumn: return tr("Round");
    case ColumnCount: break;
    }
    return QVariant();
}

QHash<int, QByteArray> TrafficLog::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(RawBytesRole, "rawBytes");
    names.insert(PrettyJsonRole, "prettyJson");
    names.insert(EventRole, "event");
    names.insert(KindRole, "kind");
    names.insert(DirectionRole, "direction");
    names.insert(ConnectionIdRole, "connectionId");
    names.insert(MethodRole, "method");
    names.insert(IdRole, "id");
    names.insert(ErrorCodeRole, "errorCode");
    names.insert(SizeRole, "size");
    names.insert(LatencyRole, "latency");
    names.insert(PairedRowRole, "pairedRow");
    names.insert(WallClockRole, "wallClock");
    names.insert(MonotonicRole, "monotonic");
    names.insert(NoteRole, "note");
    names.insert(RoundGroupRole, "roundGroup");
    return names;
}

QString TrafficLog::idText(qint64 abs) const
{
    return QString::fromUtf8(m_store.idToken(abs));
}

QString TrafficLog::displayText(qint64 abs, int column) const
{
    const TrafficRecord &r = m_store.record(abs);
    switch (Column(column)) {
    case TimeColumn:
        return QDateTime::fromMSecsSinceEpoch(r.wallClockMs).toString(QStringLiteral("HH:mm:ss.zzz"));
    case RelativeTimeColumn: {
        const qint64 start = m_logStartNs;
        // Milliseconds are what a person compares here; the exact nanoseconds stay in the capture.
        return QString::number(double(r.monotonicNs - start) / 1e9, 'f', 3);
    }
    case ConnectionColumn:
        return connectionName(r.connectionId);
    case DirectionColumn:
        return directionName(TrafficEvent::Direction(r.direction));
    case KindColumn:
        if (r.flags & TrafficRecord::HasErrorCode)
            return kindName(r.kind) + QLatin1Char(' ') + QString::number(r.errorCode);
        return kindName(r.kind);
    case MethodColumn: {
        if (r.method) {
            const QString &method = m_store.methods().at(int(r.method));
            const QString subject = r.idSize ? requestSubject(abs, method) : QString();
            return subject.isEmpty() ? method : method + QLatin1Char(' ') + subject;
        }
        // Not a JSON-RPC message: a short description stands in for the method.
        if (r.extraSize) {
            TrafficEvent extra;
            readExtra(abs, &extra);
            if (!extra.httpMethod.isEmpty())
                return QString::fromLatin1(extra.httpMethod) + QLatin1Char(' ') + extra.url;
            if (extra.httpStatus)
                return QStringLiteral("HTTP %1").arg(extra.httpStatus);
            if (!extra.sseEventType.isEmpty())
                return QString::fromLatin1(extra.sseEventType);
        }
        if (r.noteSize)
            return QString::fromUtf8(m_store.noteUtf8(abs)).left(200);
        if (r.kind == TrafficKind::Stderr)
            return QString::fromUtf8(m_store.raw(abs).first(qMin<qsizetype>(200, r.rawSize)));
        return QString();
    }
    case IdColumn:
        return idText(abs);
    case SizeColumn:
        return formatSize(r.rawSize);
    case LatencyColumn: {
        const qint64 ns = latencyNs(int(abs - m_store.begin()));
        if (ns < 0)
            return QString();
        return QString::number(double(ns) / 1e6, 'f', 3) + QStringLiteral(" ms");
    }
    case RoundColumn: {
        const QPair<int, int> round = roundOf(int(abs - m_store.begin()));
        return round.first ? tr("%1 of %2").arg(round.first).arg(round.second) : QString();
    }
    case ColumnCount:
        break;
    }
    return QString();
}

QString TrafficLog::requestSubject(qint64 abs, const QString &method) const
{
    QLatin1StringView key;
    if (method == QLatin1String("tools/call") || method == QLatin1String("prompts/get"))
        key = QLatin1StringView("name");
    else if (method == QLatin1String("resources/read") || method == QLatin1String("resources/subscribe")
             || method == QLatin1String("resources/unsubscribe"))
        key = QLatin1StringView("uri");
    else
        return QString();
    const auto cached = m_subjects.constFind(abs);
    if (cached != m_subjects.constEnd())
        return *cached;
    // Parsed once per row shown; a request with megabytes of arguments is not parsed for it.
    constexpr quint32 MaxParsedBytes = 256 * 1024;
    QString subject;
    if (m_store.record(abs).rawSize <= MaxParsedBytes) {
        const QJsonObject params = QJsonDocument::fromJson(m_store.raw(abs).toByteArray()).object()
                                       .value(QLatin1String("params")).toObject();
        subject = params.value(key).toString().left(200);
    }
    if (m_subjects.size() >= 4096)
        m_subjects.clear();
    m_subjects.insert(abs, subject);
    return subject;
}

QVariant TrafficLog::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const int row = index.row();
    const qint64 abs = absOf(row);
    const TrafficRecord &r = m_store.record(abs);
    switch (role) {
    case Qt::DisplayRole:
        return displayText(abs, index.column());
    case Qt::ToolTipRole:
        if (index.column() == DirectionColumn) {
            switch (TrafficEvent::Direction(r.direction)) {
            case TrafficEvent::Direction::Outgoing: return tr("client to server");
            case TrafficEvent::Direction::Incoming: return tr("server to client");
            case TrafficEvent::Direction::Local: return tr("local event");
            case TrafficEvent::Direction::HostToApp: return tr("host to an MCP Apps view");
            case TrafficEvent::Direction::AppToHost: return tr("an MCP Apps view to the host");
            }
        }
        if (index.column() == TimeColumn)
            return QDateTime::fromMSecsSinceEpoch(r.wallClockMs).toString(Qt::ISODateWithMs);
        if (index.column() == RoundColumn) {
            const QPair<int, int> round = roundOf(row);
            if (round.first)
                return tr("Round %1 of %2 of one request: the server answered input_required and the request "
                          "went out again, with a new id, carrying the answers").arg(round.first).arg(round.second);
        }
        return QVariant();
    case Qt::TextAlignmentRole:
        if (index.column() == SizeColumn || index.column() == LatencyColumn || index.column() == RelativeTimeColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant();
    case RawBytesRole:
        return m_store.raw(abs).toByteArray();
    case PrettyJsonRole:
        return prettyJson(row);
    case EventRole:
        return QVariant::fromValue(event(row));
    case KindRole:
        return int(r.kind);
    case DirectionRole:
        return int(r.direction);
    case ConnectionIdRole:
        return r.connectionId;
    case MethodRole:
        return m_store.methods().at(int(r.method));
    case IdRole:
        return idText(abs);
    case ErrorCodeRole:
        return (r.flags & TrafficRecord::HasErrorCode) ? QVariant(r.errorCode) : QVariant();
    case SizeRole:
        return qint64(r.rawSize);
    case LatencyRole: {
        const qint64 ns = latencyNs(row);
        return ns < 0 ? QVariant() : QVariant(ns);
    }
    case PairedRowRole:
        return pairedRow(row);
    case WallClockRole:
        return r.wallClockMs;
    case MonotonicRole:
        return r.monotonicNs;
    case NoteRole:
        return QString::fromUtf8(m_store.noteUtf8(abs));
    case RoundGroupRole:
        return roundGroup(row);
    default:
        return QVariant();
    }
}

// ---- Appending -----------------------------------------------------------------------

void TrafficLog::append(const TrafficEvent &event)
{
    appendBatch({event});
}

void TrafficLog::appendBatch(const QList<TrafficEvent> &events)
{
    if (events.isEmpty())
        return;
    m_backlog.append(events);
    // Stored now, one insert per batch: the caller batched already (a Session every ~30 ms, a
    // capture in chunks). Only what is past one pass waits for the next turns, in order.
    if (m_backlogTimer.isActive())
        return;
    if (storeSome(MaxEventsPerPass))
        m_backlogTimer.start(0, this);
}

void TrafficLog::timerEvent(QTimerEvent *event)
{
    if (event->timerId() == m_backlogTimer.timerId()) {
        // A backlog is stored in slices, so one pass never holds the event loop for long.
        if (!storeSome(MaxEventsPerPass))
            m_backlogTimer.stop();
        return;
    }
    QAbstractTableModel::timerEvent(event);
}

void TrafficLog::flush()
{
    storeSome(-1);
    m_backlogTimer.stop();
}

bool TrafficLog::storeSome(qsizetype maxEvents)
{
    const qsizetype end = maxEvents < 0 ? m_backlog.size() : qMin(m_backlog.size(), m_backlogDone + maxEvents);
    for (qsizetype i = m_backlogDone; i < end; ++i)
        ingest(m_backlog.at(i));
    m_backlogDone = end;
    const bool more = end < m_backlog.size();
    if (!more) {
        m_backlog.clear();
        m_backlogDone = 0;
    }
    packSealedChunks();
    if (!m_paused) {
        insertHiddenRows();
        if (m_latencyDirtyFirst >= 0)
            emitLatencyChanged(m_latencyDirtyFirst, m_latencyDirtyLast);
        if (m_roundDirtyFirst >= 0) {
            const qint64 begin = m_store.begin();
            const qint64 first = qMax(m_roundDirtyFirst, begin);
            const qint64 last = qMin(m_roundDirtyLast, begin + m_visible - 1);
            m_roundDirtyFirst = m_roundDirtyLast = -1;
            if (first <= last)
                Q_EMIT dataChanged(index(int(first - begin), RoundColumn), index(int(last - begin), RoundColumn));
        }
    }
    return more;
}

void TrafficLog::summarizeBigFrames(QList<TrafficEvent> &events)
{
    for (TrafficEvent &event : events) {
        if (event.kind == TrafficEvent::Kind::Message && event.raw.size() >= BigFrameBytes && !event.summary)
            event.summary = std::make_shared<const FrameSummary>(summarizeTrafficFrame(event.raw));
    }
}

void TrafficLog::ingest(const TrafficEvent &event)
{
    TrafficRecord r;
    r.wallClockMs = event.wallClockMs;
    r.monotonicNs = event.monotonicNs;
    r.connectionId = event.connectionId;
    r.direction = quint8(event.direction);
    r.eventKind = quint8(event.kind);
    m_hasAppTraffic = m_hasAppTraffic || TrafficEvent::isAppDirection(event.direction);

    using K = TrafficEvent::Kind;
    qint64 pairWith = -1;
    QByteArray requestKey;
    switch (event.kind) {
    case K::Message: {
        const FrameSummary summary = event.summary ? *event.summary : summarizeTrafficFrame(event.raw);
        r.kind = summary.kind;
        r.method = m_store.internMethod(summary.method);
        if (summary.idOffset >= 0 && summary.idSize <= 0xffff) {
            r.idOffset = quint32(summary.idOffset);
            r.idSize = quint16(summary.idSize);
        }
        if (summary.hasErrorCode && summary.kind == TrafficKind::Error) {
            r.flags |= TrafficRecord::HasErrorCode;
            r.errorCode = summary.errorCode;
        }
        if (r.idSize) {
            const QByteArrayView token = QByteArrayView(event.raw).sliced(r.idOffset, r.idSize);
            // Each MCP Apps view numbers its own requests: its ui:// URI (the url) keeps two
            // views of one connection apart.
            const QByteArray view = TrafficEvent::isAppDirection(event.direction) ? '\n' + event.url.toUtf8() : QByteArray();
            if (r.kind == TrafficKind::Request) {
                requestKey = pairingKey(r.connectionId, r.direction, token) + view;
            } else if (isReplyKind(r.kind)) {
                const auto it = m_pendingRequests.find(pairingKey(r.connectionId, opposite(r.direction), token) + view);
                if (it != m_pendingRequests.end()) {
                    if (it.value() >= m_store.begin()) {
                        pairWith = it.value();
                        // Responses carry their request's method, so a method filter shows both.
                        r.method = m_store.record(pairWith).method;
                    }
                    m_pendingRequests.erase(it);
                }
            }
        }
        break;
    }
    case K::InvalidMessage: r.kind = TrafficKind::InvalidMessage; break;
    case K::StderrLine: r.kind = TrafficKind::Stderr; break;
    case K::HttpRequest: r.kind = TrafficKind::HttpRequest; break;
    case K::HttpResponse: r.kind = TrafficKind::HttpResponse; break;
    case K::SseEvent: r.kind = TrafficKind::SseEvent; break;
    case K::ProcessStarted: r.kind = TrafficKind::ProcessStarted; break;
    case K::ProcessExited: r.kind = TrafficKind::ProcessExited; break;
    case K::TransportError: r.kind = TrafficKind::TransportError; break;
    case K::Note: r.kind = TrafficKind::Note; break;
    }

    // Multi round-trip candidates: modern requests (their _meta names the protocol version) of
    // the methods that may come back input_required. Only their answers are searched below.
    const bool roundCandidate = r.kind == TrafficKind::Request && event.kind == K::Message
        && r.direction == quint8(TrafficEvent::Direction::Outgoing) && event.raw.size() <= MaxRoundScanBytes
        && mayTakeRounds(m_store.methods().at(int(r.method)))
        && event.raw.contains("io.modelcontextprotocol/protocolVersion");
    if (roundCandidate)
        r.flags |= TrafficRecord::MayTakeRounds;

    const bool hasExtra = !event.httpMethod.isEmpty() || !event.url.isEmpty() || event.httpStatus != 0
        || !event.headers.isEmpty() || !event.sseEventId.isEmpty() || !event.sseEventType.isEmpty()
        || event.exchangeId != 0;
    if (hasExtra)
        r.flags |= TrafficRecord::HasExtra;

    const QByteArray note = event.note.toUtf8();
    const qint64 abs = m_store.end();
    m_store.append(r, event.raw, note, hasExtra ? encodeExtra(event) : QByteArray());
    m_paired.push_back(pairWith);
    if (!requestKey.isEmpty())
        m_pendingRequests.insert(requestKey, abs);
    if (pairWith >= 0) {
        m_paired[size_t(pairWith - m_store.begin())] = abs;
        if (pairWith < m_store.begin() + m_visible) {
            // The request's latency cell changes: remember the range for one dataChanged.
            m_latencyDirtyFirst = m_latencyDirtyFirst < 0 ? pairWith : qMin(m_latencyDirtyFirst, pairWith);
            m_latencyDirtyLast = qMax(m_latencyDirtyLast, pairWith);
        }
    }
    // Multi round-trip: a reply that asks for input, a request that carries the answers.
    if (roundCandidate && (event.raw.contains("\"inputResponses\"") || event.raw.contains("\"requestState\""))) {
        linkRetry(abs, r.connectionId, event.raw, m_store.methods().at(int(r.method)));
    } else if (pairWith >= 0 && r.kind == TrafficKind::Response && event.raw.size() <= MaxRoundScanBytes
               && (m_store.record(pairWith).flags & TrafficRecord::MayTakeRounds)
               && event.raw.contains("\"input_required\"")) {
        noteInputRequired(pairWith, event.raw);
    }
    if (m_logStartNs < 0)
        m_logStartNs = event.monotonicNs;

    if (m_store.size() > m_rowCap)
        dropOldest(qMax<qint64>(m_store.size() - m_rowCap, qMax(1, m_rowCap / 16)));
}

void TrafficLog::noteInputRequired(qint64 requestAbs, QByteArrayView responseRaw)
{
    const QJsonObject result = parseObject(responseRaw).value(QLatin1String("result")).toObject();
    if (result.value(QLatin1String("resultType")).toString() != QLatin1String("input_required"))
        return;
    const TrafficRecord &request = m_store.record(requestAbs);
    const QJsonObject params = parseObject(m_store.raw(requestAbs)).value(QLatin1String("params")).toObject();
    const QString method = m_store.methods().at(int(request.method));
    if (result.contains(QLatin1String("requestState")))
        m_awaitingRetry.insert(stateKey(request.connectionId, result.value(QLatin1String("requestState"))), requestAbs);
    m_awaitingRetry.insert(nameKey(request.connectionId, method, params), requestAbs);
}

void TrafficLog::linkRetry(qint64 abs, int connectionId, QByteArrayView requestRaw, const QString &method)
{
    const QJsonObject params = parseObject(requestRaw).value(QLatin1String("params")).toObject();
    const bool hasState = params.contains(QLatin1String("requestState"));
    if (!hasState && !params.contains(QLatin1String("inputResponses")))
        return;
    qint64 previous = -1;
    if (hasState) {
        const auto it = m_awaitingRetry.find(stateKey(connectionId, params.value(QLatin1String("requestState"))));
        if (it != m_awaitingRetry.end()) {
            previous = it.value();
            m_awaitingRetry.erase(it);
        }
    }
    const auto byName = m_awaitingRetry.find(nameKey(connectionId, method, params));
    if (byName != m_awaitingRetry.end() && (previous < 0 || byName.value() == previous)) {
        previous = byName.value();
        m_awaitingRetry.erase(byName);
    }
    if (previous < m_store.begin())
        return;
    quint32 group = m_roundGroupOf.value(previous);
    if (!group) {
        group = m_nextRoundGroup++;
        m_roundGroups.insert(group, {previous});
        m_roundGroupOf.insert(previous, group);
    }
    QList<qint64> &requests = m_roundGroups[group];
    requests.append(abs);
    m_roundGroupOf.insert(abs, group);
    // The earlier rounds (and their answers) now say "of n + 1".
    m_roundDirtyFirst = m_roundDirtyFirst < 0 ? requests.first() : qMin(m_roundDirtyFirst, requests.first());
    m_roundDirtyLast = qMax(m_roundDirtyLast, abs - 1);
}

qint64 TrafficLog::requestAbsOf(qint64 abs) const
{
    if (isReplyKind(m_store.record(abs).kind)) {
        const qint64 paired = pairedAbsoluteRow(abs);
        if (paired >= 0)
            return paired;
    }
    return abs;
}

quint32 TrafficLog::roundGroup(int row) const
{
    if (row < 0 || row >= m_visible || m_roundGroupOf.isEmpty())
        return 0;
    return m_roundGroupOf.value(requestAbsOf(absOf(row)));
}

QPair<int, int> TrafficLog::roundOf(int row) const
{
    const quint32 group = roundGroup(row);
    if (!group)
        return {0, 0};
    const QList<qint64> requests = m_roundGroups.value(group);
    return {int(requests.indexOf(requestAbsOf(absOf(row)))) + 1, int(requests.size())};
}

QList<int> TrafficLog::roundRows(int row) const
{
    const quint32 group = roundGroup(row);
    if (!group)
        return {};
    QList<int> rows;
    const qint64 begin = m_store.begin();
    for (qint64 request : m_roundGroups.value(group)) {
        if (request < begin || request >= begin + m_visible)
            continue;
        rows.append(int(request - begin));
        const qint64 reply = pairedAbsoluteRow(request);
        if (reply >= begin && reply < begin + m_visible)
            rows.append(int(reply - begin));
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

void TrafficLog::insertHiddenRows()
{
    const qint64 stored = m_store.size();
    if (stored <= m_visible)
        return;
    beginInsertRows(QModelIndex(), int(m_visible), int(stored - 1));
    m_visible = stored;
    endInsertRows();
}

void TrafficLog::emitLatencyChanged(qint64 firstAbs, qint64 lastAbs)
{
    m_latencyDirtyFirst = m_latencyDirtyLast = -1;
    const qint64 begin = m_store.begin();
    firstAbs = qMax(firstAbs, begin);
    lastAbs = qMin(lastAbs, begin + m_visible - 1);
    if (firstAbs > lastAbs)
        return;
    Q_EMIT dataChanged(index(int(firstAbs - begin), LatencyColumn), index(int(lastAbs - begin), LatencyColumn));
}

void TrafficLog::dropOldest(qint64 count)
{
    const qint64 begin = m_store.begin();
    count = qMin(count, m_store.size());
    if (count <= 0)
        return;
    const qint64 newBegin = begin + count;
    const qint64 visibleEnd = begin + m_visible;
    const qint64 removedVisible = qMax<qint64>(0, qMin(newBegin, visibleEnd) - begin);
    if (removedVisible > 0)
        beginRemoveRows(QModelIndex(), 0, int(removedVisible - 1));
    m_paired.erase(m_paired.begin(), m_paired.begin() + count);
    m_store.dropBefore(newBegin);
    m_visible = qMax<qint64>(0, visibleEnd - newBegin);
    if (removedVisible > 0)
        endRemoveRows();
    // Requests that will never be answered must not pile up forever.
    for (auto it = m_pendingRequests.begin(); it != m_pendingRequests.end();) {
        if (it.value() < newBegin)
            it = m_pendingRequests.erase(it);
        else
            ++it;
    }
    m_awaitingRetry.removeIf([newBegin](const auto &it) { return it.value() < newBegin; });
    m_roundGroupOf.removeIf([newBegin](const auto &it) { return it.key() < newBegin; });
    m_roundGroups.removeIf([newBegin](const auto &it) { return it.value().last() < newBegin; });
    m_dropped += count;
    qCDebug(lcTrafficLog) << "dropped" << count << "oldest rows; total dropped" << m_dropped;
    Q_EMIT droppedCountChanged(m_dropped);
}

void TrafficLog::setRowCap(int rows)
{
    m_rowCap = qMax(1, rows);
    if (m_store.size() > m_rowCap)
        dropOldest(m_store.size() - m_rowCap);
}

void TrafficLog::pause()
{
    if (m_paused)
        return;
    flush();
    m_paused = true;
    Q_EMIT pausedChanged(true);
}

void TrafficLog::resume()
{
    if (!m_paused)
        return;
    m_paused = false;
    flush();
    Q_EMIT pausedChanged(false);
}

qint64 TrafficLog::hiddenRowCount() const
{
    return m_store.size() - m_visible;
}

void TrafficLog::clear()
{
    m_backlog.clear();
    m_backlogDone = 0;
    m_backlogTimer.stop();
    beginResetModel();
    m_store.dropBefore(m_store.end());
    m_visible = 0;
    m_paired.clear();
    m_pendingRequests.clear();
    m_awaitingRetry.clear();
    m_roundGroupOf.clear();
    m_roundGroups.clear();
    m_roundDirtyFirst = m_roundDirtyLast = -1;
    m_logStartNs = -1;
    m_latencyDirtyFirst = m_latencyDirtyLast = -1;
    m_hasAppTraffic = false;
    m_subjects.clear();
    endResetModel();
}

void TrafficLog::setConnectionName(int connectionId, const QString &name)
{
    if (m_connectionNames.value(connectionId) == name && m_connectionNames.contains(connectionId))
        return;
    m_connectionNames.insert(connectionId, name);
    // Names are looked up in data(), so only the connection column changes.
    if (m_visible > 0)
        Q_EMIT dataChanged(index(0, ConnectionColumn), index(int(m_visible - 1), ConnectionColumn));
}

QString TrafficLog::connectionName(int connectionId) const
{
    if (connectionId < 0)
        return QString();
    const auto it = m_connectionNames.constFind(connectionId);
    return it != m_connectionNames.constEnd() ? it.value() : QStringLiteral("#%1").arg(connectionId);
}

// ---- Row accessors -----------------------------------------------------------------------

TrafficEvent TrafficLog::event(int row) const
{
    TrafficEvent e;
    if (row < 0 || row >= m_visible)
        return e;
    const qint64 abs = absOf(row);
    const TrafficRecord &r = m_store.record(abs);
    e.wallClockMs = r.wallClockMs;
    e.monotonicNs = r.monotonicNs;
    e.direction = TrafficEvent::Direction(r.direction);
    e.kind = TrafficEvent::Kind(r.eventKind);
    e.raw = m_store.raw(abs).toByteArray();
    e.note = QString::fromUtf8(m_store.noteUtf8(abs));
    e.connectionId = r.connectionId;
    readExtra(abs, &e);
    return e;
}

QByteArray TrafficLog::rawBytes(int row) const
{
    if (row < 0 || row >= m_visible)
        return QByteArray();
    return m_store.raw(absOf(row)).toByteArray();
}

QString TrafficLog::prettyJson(int row) const
{
    if (row < 0 || row >= m_visible)
        return QString();
    const QByteArrayView raw = m_store.raw(absOf(row));
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(raw.toByteArray(), &error);
    if (error.error == QJsonParseError::NoError && !document.isNull())
        return QString::fromUtf8(document.toJson(QJsonDocument::Indented));
    return QString::fromUtf8(raw);
}

TrafficKind TrafficLog::kind(int row) const
{
    if (row < 0 || row >= m_visible)
        return TrafficKind::Note;
    return m_store.record(absOf(row)).kind;
}

QString TrafficLog::method(int row) const
{
    if (row < 0 || row >= m_visible)
        return QString();
    return m_store.methods().at(int(m_store.record(absOf(row)).method));
}

qint64 TrafficLog::pairedAbsoluteRow(qint64 abs) const
{
    if (abs < m_store.begin() || abs >= m_store.end())
        return -1;
    const qint64 paired = m_paired[size_t(abs - m_store.begin())];
    return paired >= m_store.begin() ? paired : -1;
}

int TrafficLog::pairedRow(int row) const
{
    if (row < 0 || row >= m_visible)
        return -1;
    const qint64 paired = pairedAbsoluteRow(absOf(row));
    if (paired < 0 || paired >= m_store.begin() + m_visible)
        return -1;
    return int(paired - m_store.begin());
}

qint64 TrafficLog::latencyNs(int row) const
{
    if (row < 0 || row >= m_visible)
        return -1;
    const qint64 abs = absOf(row);
    const qint64 paired = pairedAbsoluteRow(abs);
    if (paired < 0)
        return -1;
    return qAbs(m_store.record(paired).monotonicNs - m_store.record(abs).monotonicNs);
}

} // namespace Mcp
