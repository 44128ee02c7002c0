#include "trafficfilter.h"

#include "bytesearch_p.h"
#include "trafficlog.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QMutex>
#include <QMutexLocker>
#include <QThread>
#include <QThreadPool>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <thread>

namespace Mcp {

Q_LOGGING_CATEGORY(lcTrafficFilter, "mcp.traffic.filter", QtInfoMsg)

struct TrafficFilterTr
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::TrafficFilter)
};

namespace {

struct JsonExpression
{
    bool valid = false;
    QString error;
    QStringList path;
    bool hasValue = false;
    QString valueText;
    QJsonValue typedValue = QJsonValue::Undefined; // set when the value is itself JSON
    bool numeric = false;
    double number = 0;
    QByteArray literal; // bytes that must appear verbatim in a frame without escapes
};

JsonExpression parseJsonExpression(const QString &expression)
{
    JsonExpression e;
    const qsizetype eq = expression.indexOf(QLatin1Char('='));
    const QString path = (eq < 0 ? expression : expression.left(eq)).trimmed();
    if (eq >= 0) {
        e.hasValue = true;
        e.valueText = expression.mid(eq + 1).trimmed();
    }
    if (path.startsWith(QLatin1Char('/'))) {
        const QStringList tokens = path.mid(1).split(QLatin1Char('/'));
        for (QString token : tokens) {
            token.replace(QStringLiteral("~1"), QStringLiteral("/"));
            token.replace(QStringLiteral("~0"), QStringLiteral("~"));
            e.path.append(token);
        }
    } else if (!path.isEmpty()) {
        e.path = path.split(QLatin1Char('.'));
        if (e.path.contains(QString())) {
            e.error = TrafficFilterTr::tr("empty member name in \"%1\"").arg(path);
            return e;
        }
    } else {
        e.error = TrafficFilterTr::tr("no path before \"=\" (write /params/name=value or params.name=value)");
        return e;
    }
    if (e.hasValue) {
        const QString &v = e.valueText;
        if (v.startsWith(QLatin1Char('"')) || v.startsWith(QLatin1Char('{')) || v.startsWith(QLatin1Char('['))) {
            QJsonParseError error;
            const QJsonDocument doc = QJsonDocument::fromJson(QByteArray('[' + v.toUtf8() + ']'), &error);
            if (error.error != QJsonParseError::NoError || doc.array().size() != 1) {
                e.error = TrafficFilterTr::tr("the value is not valid JSON: %1").arg(v);
                return e;
            }
            e.typedValue = doc.array().at(0);
        }
        bool ok = false;
        e.number = v.toDouble(&ok);
        e.numeric = ok;
        if (e.typedValue.isString())
            e.literal = e.typedValue.toString().toUtf8();
        else if (!e.numeric && e.typedValue.isUndefined())
            e.literal = v.toUtf8();
    }
    e.valid = true;
    return e;
}

QJsonValue navigate(QJsonValue value, const QStringList &path)
{
    for (const QString &token : path) {
        if (value.isObject()) {
            const QJsonObject object = value.toObject();
            const auto it = object.constFind(token);
            if (it == object.constEnd())
                return QJsonValue::Undefined;
            value = it.value();
        } else if (value.isArray()) {
            bool ok = false;
            const int i = token.toInt(&ok);
            const QJsonArray array = value.toArray();
            if (!ok || i < 0 || i >= array.size())
                return QJsonValue::Undefined;
            value = array.at(i);
        } else {
            return QJsonValue::Undefined;
        }
    }
    return value;
}

bool jsonValueMatches(const QJsonValue &found, const JsonExpression &e)
{
    if (found.isUndefined())
        return false;
    if (!e.hasValue)
        return true;
    if (!e.typedValue.isUndefined())
        return found == e.typedValue;
    switch (found.type()) {
    case QJsonValue::String: return found.toString() == e.valueText;
    case QJsonValue::Double: return e.numeric && found.toDouble() == e.number;
    case QJsonValue::Bool: return e.valueText == (found.toBool() ? QLatin1String("true") : QLatin1String("false"));
    case QJsonValue::Null: return e.valueText == QLatin1String("null");
    default: return false;
    }
}

} // namespace

QString TrafficFilter::jsonExpressionError(const QString &expression)
{
    if (expression.trimmed().isEmpty())
        return QString();
    return parseJsonExpression(expression).error;
}

// A filter compiled for fast per-row tests: masks, a per-method verdict table, a SIMD searcher.
class TrafficMatcher
{
public:
    TrafficMatcher(const TrafficFilter &filter, const QStringList &methods)
        : m_filter(filter)
        , m_searcher(filter.text.toUtf8())
    {
        m_connections.assign(filter.connections.begin(), filter.connections.end());
        std::sort(m_connections.begin(), m_connections.end());
        m_rows.assign(filter.rows.begin(), filter.rows.end());
        std::sort(m_rows.begin(), m_rows.end());
        for (TrafficEvent::Direction d : filter.directions)
            m_directionMask |= 1u << unsigned(d);
        for (TrafficKind k : filter.kinds)
            m_kindMask |= 1u << unsigned(k);
        if (!filter.json.trimmed().isEmpty()) {
            m_json = parseJsonExpression(filter.json);
            m_jsonActive = true;
        }
        updateMethods(methods);
    }

    void updateMethods(const QStringList &methods)
    {
        if (!methodsFiltered())
            return;
        for (qsizetype i = qsizetype(m_methodOk.size()); i < methods.size(); ++i) {
            const QString &m = methods.at(i);
            const bool named = m_filter.method.isEmpty()
                || (i != 0
                    && (m_filter.methodMatch == TrafficFilter::MethodMatch::Exact
                            ? m == m_filter.method
                            : m.contains(m_filter.method, Qt::CaseInsensitive)));
            const bool keepAlive = m == QLatin1String("ping") || m == QLatin1String("server/discover");
            m_methodOk.push_back(named && !(m_filter.hidePings && i != 0 && keepAlive));
        }
    }
    bool methodsFiltered() const { return !m_filter.method.isEmpty() || m_filter.hidePings; }
    size_t methodCount() const { return m_methodOk.size(); }

    bool matches(const TrafficSnapshot &s, qint64 abs, TrafficChunkCache &cache) const
    {
        if (!m_rows.empty() && !std::binary_search(m_rows.begin(), m_rows.end(), abs))
            return false;
        const TrafficRecord &r = s.record(abs);
        if (!m_connections.empty()
            && !std::binary_search(m_connections.begin(), m_connections.end(), r.connectionId))
            return false;
        if (m_directionMask && !(m_directionMask & (1u << r.direction)))
            return false;
        if (m_kindMask && !(m_kindMask & (1u << unsigned(r.kind))))
            return false;
        if (methodsFiltered() && (r.method >= m_methodOk.size() || !m_methodOk[r.method]))
            return false;
        if (!m_searcher.isEmpty() && !m_searcher.containedIn(s.raw(abs, cache))
            && !m_searcher.containedIn(s.noteUtf8(abs, cache)))
            return false;
        if (m_jsonActive && !matchesJson(s.raw(abs, cache)))
            return false;
        return true;
    }

private:
    bool matchesJson(QByteArrayView raw) const
    {
        if (!m_json.valid || raw.isEmpty())
            return false;
        // Skip parsing when the value cannot be there: without backslashes a frame spells
        // every string verbatim.
        if (!m_json.literal.isEmpty()
            && std::search(raw.begin(), raw.end(), m_json.literal.cbegin(), m_json.literal.cend()) == raw.end()
            && !std::memchr(raw.data(), '\\', size_t(raw.size())))
            return false;
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(raw.toByteArray(), &error);
        if (error.error != QJsonParseError::NoError)
            return false;
        const QJsonValue root = doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object());
        return jsonValueMatches(navigate(root, m_json.path), m_json);
    }

    TrafficFilter m_filter;
    CaseInsensitiveSearcher m_searcher;
    std::vector<int> m_connections;
    std::vector<qint64> m_rows;
    quint32 m_directionMask = 0;
    quint32 m_kindMask = 0;
    std::vector<bool> m_methodOk;
    bool m_jsonActive = false;
    JsonExpression m_json;
};

namespace {

void filterRange(const TrafficSnapshot &s, const TrafficMatcher &matcher, qint64 first, qint64 end,
                 std::vector<qint64> *out, const std::function<bool()> &cancelled)
{
    TrafficChunkCache cache;
    for (qint64 abs = first; abs < end; ++abs) {
        if (((abs - first) & 4095) == 0 && cancelled && cancelled())
            return;
        if (matcher.matches(s, abs, cache))
            out->push_back(abs);
    }
}

std::vector<qint64> runFilter(const TrafficSnapshot &s, const TrafficFilter &filter, int threads,
                              const std::function<bool()> &cancelled)
{
    const TrafficMatcher matcher(filter, s.methods());
    std::vector<qint64> rows;
    const qint64 count = s.end() - s.begin();
    if (filter.isEmpty()) {
        rows.resize(size_t(count));
        for (qint64 i = 0; i < count; ++i)
            rows[size_t(i)] = s.begin() + i;
        return rows;
    }
    threads = int(qBound<qint64>(1, qint64(threads), qMax<qint64>(1, count / 20000)));
    if (threads == 1) {
        filterRange(s, matcher, s.begin(), s.end(), &rows, cancelled);
        return rows;
    }
    std::vector<std::vector<qint64>> parts;
    parts.resize(size_t(threads));
    std::vector<std::thread> workers;
    const qint64 step = count / threads;
    for (int t = 1; t < threads; ++t) {
        const qint64 first = s.begin() + step * t;
        const qint64 end = t == threads - 1 ? s.end() : first + step;
        workers.emplace_back([&, t, first, end] { filterRange(s, matcher, first, end, &parts[size_t(t)], cancelled); });
    }
    filterRange(s, matcher, s.begin(), s.begin() + step, &parts[0], cancelled);
    for (std::thread &w : workers)
        w.join();
    size_t total = 0;
    for (const auto &p : parts)
        total += p.size();
    rows.reserve(total);
    for (const auto &p : parts)
        rows.insert(rows.end(), p.begin(), p.end());
    return rows;
}

} // namespace

std::vector<qint64> TrafficFilterProxy::filterSnapshot(const TrafficSnapshot &snapshot, const TrafficFilter &filter,
                                                       int threads)
{
    return runFilter(snapshot, filter, threads, {});
}

// Lets a worker hand its result back only while the proxy exists.
struct TrafficFilterProxy::Shared
{
    QMutex mutex;
    TrafficFilterProxy *proxy = nullptr;
    std::atomic<quint64> generation{0};
};

TrafficFilterProxy::TrafficFilterProxy(QObject *parent)
    : QAbstractProxyModel(parent)
    , m_shared(std::make_shared<Shared>())
{
    m_shared->proxy = this;
}

TrafficFilterProxy::~TrafficFilterProxy()
{
    QMutexLocker locker(&m_shared->mutex);
    m_shared->proxy = nullptr;
    ++m_shared->generation; // running workers stop at their next check
}

void TrafficFilterProxy::setSourceModel(QAbstractItemModel *sourceModel)
{
    auto *log = qobject_cast<TrafficLog *>(sourceModel);
    Q_ASSERT_X(!sourceModel || log, "TrafficFilterProxy", "the source must be a TrafficLog");
    beginResetModel();
    for (const auto &c : std::as_const(m_sourceConnections))
        disconnect(c);
    m_sourceConnections.clear();
    ++m_shared->generation;
    m_log = log;
    QAbstractProxyModel::setSourceModel(log);
    m_rows.clear();
    m_matcher.reset();
    if (m_log) {
        m_sourceConnections = {
            connect(m_log, &QAbstractItemModel::rowsInserted, this, &TrafficFilterProxy::onRowsInserted),
            connect(m_log, &QAbstractItemModel::rowsAboutToBeRemoved, this, &TrafficFilterProxy::onRowsAboutToBeRemoved),
            connect(m_log, &QAbstractItemModel::rowsRemoved, this, &TrafficFilterProxy::onRowsRemoved),
            connect(m_log, &QAbstractItemModel::dataChanged, this, &TrafficFilterProxy::onDataChanged),
            connect(m_log, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
                beginResetModel();
                ++m_shared->generation;
                m_rows.clear();
            }),
            connect(m_log, &QAbstractItemModel::modelReset, this, [this] {
                // The log only resets when cleared: refilter what is left (nothing, usually)
                // inside the same reset.
                const bool wasPending = m_pendingGeneration != 0;
                m_pendingGeneration = 0;
                m_matcher = std::make_unique<TrafficMatcher>(m_filter, m_log->snapshot().methods());
                appendMatching(m_log->firstAbsoluteRow(), m_log->endAbsoluteRow(), &m_rows);
                endResetModel();
                if (wasPending)
                    Q_EMIT filteringChanged(false);
            }),
            connect(m_log, &QAbstractItemModel::headerDataChanged, this, &QAbstractItemModel::headerDataChanged),
        };
    }
    endResetModel();
    refilter();
}

void TrafficFilterProxy::setFilter(const TrafficFilter &filter)
{
    if (filter == m_filter && m_matcher)
        return;
    m_filter = filter;
    refilter();
}

void TrafficFilterProxy::refilter()
{
    const quint64 generation = ++m_shared->generation; // any running pass is stale now
    m_matcher.reset();
    const bool wasFiltering = m_pendingGeneration != 0;
    m_pendingGeneration = 0;
    if (!m_log) {
        if (wasFiltering)
            Q_EMIT filteringChanged(false);
        return;
    }
    const TrafficSnapshot snapshot = m_log->snapshot();
    const qint64 count = snapshot.end() - snapshot.begin();
    if (m_filter.isEmpty() || count < m_syncThreshold) {
        QElapsedTimer timer;
        timer.start();
        applyRows(runFilter(snapshot, m_filter, 1, {}), snapshot.end(), timer.elapsed());
        if (wasFiltering)
            Q_EMIT filteringChanged(false);
        return;
    }
    m_pendingGeneration = generation;
    if (!wasFiltering)
        Q_EMIT filteringChanged(true);
    std::shared_ptr<Shared> shared = m_shared;
    const TrafficFilter filter = m_filter;
    const int threads = qBound(1, QThread::idealThreadCount(), 4);
    QThreadPool::globalInstance()->start([shared, snapshot, filter, generation, threads] {
        QElapsedTimer timer;
        timer.start();
        std::vector<qint64> rows = runFilter(snapshot, filter, threads,
                                             [&shared, generation] { return shared->generation.load() != generation; });
        QMutexLocker locker(&shared->mutex);
        if (!shared->proxy || shared->generation.load() != generation)
            return; // stale: a newer filter or a reset came in meanwhile
        TrafficFilterProxy *proxy = shared->proxy;
        const qint64 end = snapshot.end();
        const qint64 elapsed = timer.elapsed();
        // The call is discarded if the proxy is destroyed before it runs.
        QMetaObject::invokeMethod(
            proxy,
            [proxy, generation, rows = std::move(rows), end, elapsed]() mutable {
                proxy->onWorkerResult(generation, std::move(rows), end, elapsed);
            },
            Qt::QueuedConnection);
    });
}

void TrafficFilterProxy::onWorkerResult(quint64 generation, std::vector<qint64> rows, qint64 snapshotEnd,
                                        qint64 elapsedMs)
{
    if (generation != m_pendingGeneration || generation != m_shared->generation.load())
        return;
    m_pendingGeneration = 0;
    applyRows(std::move(rows), snapshotEnd, elapsedMs);
    Q_EMIT filteringChanged(false);
}

void TrafficFilterProxy::applyRows(std::vector<qint64> rows, qint64 snapshotEnd, qint64 elapsedMs)
{
    // Rows dropped from the log meanwhile go; rows appended meanwhile are tested now.
    const qint64 begin = m_log->firstAbsoluteRow();
    rows.erase(rows.begin(), std::lower_bound(rows.begin(), rows.end(), begin));
    m_matcher = std::make_unique<TrafficMatcher>(m_filter, m_log->snapshot().methods());
    appendMatching(qMax(snapshotEnd, begin), m_log->endAbsoluteRow(), &rows);
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
    qCDebug(lcTrafficFilter) << "filter applied:" << m_rows.size() << "rows in" << elapsedMs << "ms";
    Q_EMIT filterApplied(int(m_rows.size()), elapsedMs);
}

void TrafficFilterProxy::appendMatching(qint64 firstAbs, qint64 endAbs, std::vector<qint64> *rows)
{
    if (firstAbs >= endAbs)
        return;
    const TrafficSnapshot snapshot = m_log->snapshot();
    if (m_matcher->methodCount() < size_t(snapshot.methods().size()))
        m_matcher->updateMethods(snapshot.methods());
    TrafficChunkCache cache;
    for (qint64 abs = firstAbs; abs < endAbs; ++abs) {
        if (m_matcher->matches(snapshot, abs, cache))
            rows->push_back(abs);
    }
}

void TrafficFilterProxy::onRowsInserted(const QModelIndex &parent, int first, int last)
{
    if (parent.isValid() || !m_matcher || m_pendingGeneration)
        return; // a pending pass picks these rows up when it lands
    const qint64 begin = m_log->firstAbsoluteRow();
    std::vector<qint64> added;
    appendMatching(begin + first, begin + last + 1, &added);
    if (added.empty())
        return;
    beginInsertRows(QModelIndex(), int(m_rows.size()), int(m_rows.size() + added.size() - 1));
    m_rows.insert(m_rows.end(), added.begin(), added.end());
    endInsertRows();
}

void TrafficFilterProxy::onRowsAboutToBeRemoved(const QModelIndex &parent, int first, int last)
{
    Q_ASSERT(first == 0); // the log only drops its oldest rows
    Q_UNUSED(first);
    if (parent.isValid())
        return;
    const qint64 boundary = m_log->firstAbsoluteRow() + last + 1;
    m_pendingRemove = int(std::lower_bound(m_rows.begin(), m_rows.end(), boundary) - m_rows.begin());
    if (m_pendingRemove > 0)
        beginRemoveRows(QModelIndex(), 0, m_pendingRemove - 1);
}

void TrafficFilterProxy::onRowsRemoved(const QModelIndex &parent, int, int)
{
    if (parent.isValid() || m_pendingRemove <= 0)
        return;
    m_rows.erase(m_rows.begin(), m_rows.begin() + m_pendingRemove);
    m_pendingRemove = 0;
    endRemoveRows();
}

void TrafficFilterProxy::onDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight,
                                       const QList<int> &roles)
{
    const qint64 begin = m_log->firstAbsoluteRow();
    const auto first = std::lower_bound(m_rows.begin(), m_rows.end(), begin + topLeft.row());
    const auto last = std::upper_bound(first, m_rows.end(), begin + bottomRight.row());
    if (first == last)
        return;
    Q_EMIT dataChanged(index(int(first - m_rows.begin()), topLeft.column()),
                       index(int(last - m_rows.begin() - 1), bottomRight.column()), roles);
}

QList<int> TrafficFilterProxy::sourceRows() const
{
    QList<int> rows;
    if (!m_log)
        return rows;
    rows.reserve(qsizetype(m_rows.size()));
    const qint64 begin = m_log->firstAbsoluteRow();
    for (qint64 abs : m_rows)
        rows.append(int(abs - begin));
    return rows;
}

int TrafficFilterProxy::proxyRowOfAbsolute(qint64 abs) const
{
    const auto it = std::lower_bound(m_rows.begin(), m_rows.end(), abs);
    if (it == m_rows.end() || *it != abs)
        return -1;
    return int(it - m_rows.begin());
}

QModelIndex TrafficFilterProxy::index(int row, int column, const QModelIndex &parent) const
{
    if (parent.isValid() || row < 0 || column < 0 || row >= rowCount() || column >= columnCount())
        return QModelIndex();
    return createIndex(row, column);
}

QModelIndex TrafficFilterProxy::parent(const QModelIndex &) const
{
    return QModelIndex();
}

QModelIndex TrafficFilterProxy::sibling(int row, int column, const QModelIndex &) const
{
    return index(row, column);
}

bool TrafficFilterProxy::hasChildren(const QModelIndex &parent) const
{
    return !parent.isValid() && rowCount() > 0;
}

int TrafficFilterProxy::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int TrafficFilterProxy::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_log ? 0 : m_log->columnCount();
}

QModelIndex TrafficFilterProxy::mapToSource(const QModelIndex &proxyIndex) const
{
    if (!proxyIndex.isValid() || !m_log || proxyIndex.row() >= int(m_rows.size()))
        return QModelIndex();
    return m_log->index(int(m_rows[size_t(proxyIndex.row())] - m_log->firstAbsoluteRow()), proxyIndex.column());
}

QModelIndex TrafficFilterProxy::mapFromSource(const QModelIndex &sourceIndex) const
{
    if (!sourceIndex.isValid() || !m_log)
        return QModelIndex();
    const int row = proxyRowOfAbsolute(m_log->firstAbsoluteRow() + sourceIndex.row());
    return row < 0 ? QModelIndex() : index(row, sourceIndex.column());
}

QVariant TrafficFilterProxy::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    if (role == TrafficLog::PairedRowRole) {
        // A proxy row, or -1 when the paired row is filtered out.
        const qint64 paired = m_log->pairedAbsoluteRow(m_rows[size_t(index.row())]);
        return paired < 0 ? -1 : proxyRowOfAbsolute(paired);
    }
    return m_log->data(mapToSource(index), role);
}

QVariant TrafficFilterProxy::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && m_log)
        return m_log->headerData(section, orientation, role);
    return QAbstractProxyModel::headerData(section, orientation, role);
}

} // namespace Mcp
