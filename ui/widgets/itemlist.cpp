#include "itemlist.h"

#include "theme.h"
#include "workpool.h"
#include "widgets/twolinedelegate.h"

#include "protocol/keys.h"

#include <QApplication>
#include <QBrush>
#include <QFuture>
#include <QPromise>
#include <QScrollBar>
#include <QStyle>
#include <QThreadPool>

#include <algorithm>

namespace Mcp::Ui {

struct ItemListModel::Index
{
    QJsonArray items;
    QHash<QString, int> rows; // key -> the first item with it
    // Every item's text and tooltip, case-folded, each followed by a NUL: one string, so that
    // a filter is one scan of it, not one search per item.
    QString haystack;
    QList<qsizetype> starts; // where each item begins in haystack; one more at the end
};

namespace {

using IndexPointer = std::shared_ptr<const ItemListModel::Index>;

IndexPointer prepare(const QJsonArray &items, const ItemListColumns &columns)
{
    auto index = std::make_shared<ItemListModel::Index>();
    index->items = items;
    const qsizetype size = items.size();
    index->rows.reserve(size);
    index->starts.reserve(size + 1);
    for (qsizetype i = 0; i < size; ++i) {
        const QJsonObject item = items.at(i).toObject();
        index->rows.emplace(item.value(columns.key).toString(), int(i)); // emplace keeps the first
        index->starts.append(index->haystack.size());
        index->haystack += columns.text(item).toCaseFolded();
        index->haystack += u'\n';
        index->haystack += columns.toolTip(item).toCaseFolded();
        index->haystack += QChar(0);
    }
    index->starts.append(index->haystack.size());
    index->haystack.squeeze();
    return index;
}

// The items whose text contains needle (case-folded, not empty); empty when cancelled() says so.
QList<int> filterRows(const ItemListModel::Index &index, const QString &needle, const std::function<bool()> &cancelled)
{
    constexpr qsizetype Slice = 1 << 20; // characters searched between two looks at cancelled()
    QList<int> shown;
    const QStringView haystack(index.haystack);
    const qsizetype size = haystack.size();
    qsizetype from = 0;
    while (from < size) {
        if (cancelled && cancelled())
            return {};
        const qsizetype sliceEnd = qMin(size, from + Slice);
        const qsizetype found = haystack.sliced(from, qMin(size, sliceEnd + needle.size() - 1) - from).indexOf(needle);
        if (found < 0) {
            from = sliceEnd;
            continue;
        }
        const qsizetype at = from + found;
        const int row = int(std::upper_bound(index.starts.cbegin(), index.starts.cend(), at) - index.starts.cbegin()) - 1;
        const qsizetype next = index.starts.at(row + 1);
        if (at + needle.size() < next) { // within the item, not across its end
            shown.append(row);
            from = next;
        } else {
            from = at + 1;
        }
    }
    return shown;
}

template<typename T>
QFuture<T> inPool(std::function<T()> work)
{
    auto promise = std::make_shared<QPromise<T>>();
    QFuture<T> future = promise->future();
    promise->start();
    workPool()->start([promise, work = std::move(work)] {
        promise->addResult(work());
        promise->finish();
    });
    return future;
}

} // namespace

ItemListModel::ItemListModel(const ItemListColumns &columns, QObject *parent)
    : QAbstractListModel(parent)
    , m_columns(columns)
    , m_index(prepare({}, columns))
    , m_filterGeneration(std::make_shared<std::atomic<quint64>>(0))
{
    IconFetcher *icons = IconFetcher::instance();
    connect(icons, &IconFetcher::fetchFinished, this, &ItemListModel::onIconFetched);
    connect(icons, &IconFetcher::enabledChanged, this, [this] {
        m_lookups.clear();
        if (rowCount() > 0)
            Q_EMIT dataChanged(index(0), index(rowCount() - 1), {Qt::DecorationRole, Qt::ToolTipRole});
    });
}

ItemListModel::~ItemListModel()
{
    ++*m_filterGeneration; // a filter under way stops early
    // As in install(): 200,000 items took the GUI thread hundreds of milliseconds to free.
    workPool()->start([old = std::move(m_index)]() mutable { old.reset(); });
}

void ItemListModel::setItems(const QJsonArray &items)
{
    const quint64 generation = m_itemsArriving.start();
    if (items.size() < OffThreadItems) {
        m_pendingItems = false;
        IndexPointer index = prepare(items, m_columns);
        const bool filtered = !m_needle.isEmpty();
        QList<int> shown = filtered ? filterRows(*index, m_needle, {}) : QList<int>();
        install(std::move(index), std::move(shown), filtered, m_needle);
        return;
    }
    // 200,000 tools held the GUI thread for about 25 s as list items (bench_guistall lists);
    // indexed in the pool, they cost it a model reset.
    m_pendingItems = true;
    const QString needle = m_needle;
    const ItemListColumns columns = m_columns;
    inPool<std::pair<IndexPointer, QList<int>>>([items, columns, needle] {
        IndexPointer index = prepare(items, columns);
        QList<int> shown = needle.isEmpty() ? QList<int>() : filterRows(*index, needle, {});
        return std::make_pair(std::move(index), std::move(shown));
    }).then(this, [this, generation, needle](const std::pair<IndexPointer, QList<int>> &prepared) {
        if (!m_itemsArriving.isLatest(generation))
            return; // newer items came meanwhile
        m_pendingItems = false;
        install(prepared.first, prepared.second, !needle.isEmpty(), needle);
    });
}

void ItemListModel::install(std::shared_ptr<const Index> index, QList<int> shown, bool filtered, const QString &needle)
{
    const bool newItems = index != m_index;
    beginResetModel();
    if (newItems) {
        // The old index goes in the pool: freeing 200,000 items is not the GUI thread's work.
        workPool()->start([old = std::exchange(m_index, std::move(index))]() mutable { old.reset(); });
        m_lookups.clear(); // by item, not by row shown: a filter keeps them
        // These were filtered as they were prepared; a filter still under way was for the old ones.
        ++*m_filterGeneration;
        m_pendingFilter = false;
    }
    m_shown = std::move(shown);
    m_filtered = filtered;
    m_shownNeedle = needle;
    endResetModel();
    if (newItems)
        Q_EMIT itemsReplaced();
    if (m_needle != m_shownNeedle)
        applyFilter(); // typed while the items were prepared
}

void ItemListModel::setFilter(const QString &text)
{
    const QString needle = text.trimmed().toCaseFolded();
    if (needle == m_needle)
        return;
    m_needle = needle;
    if (!m_pendingItems)
        applyFilter(); // else the items are filtered when they are in place
}

void ItemListModel::applyFilter()
{
    const quint64 generation = ++*m_filterGeneration;
    const QString needle = m_needle;
    if (needle.isEmpty() || count() < OffThreadItems) {
        m_pendingFilter = false;
        install(m_index, needle.isEmpty() ? QList<int>() : filterRows(*m_index, needle, {}), !needle.isEmpty(), needle);
        return;
    }
    m_pendingFilter = true;
    const IndexPointer index = m_index;
    const std::shared_ptr<std::atomic<quint64>> latest = m_filterGeneration;
    inPool<QList<int>>([index, needle, latest, generation] {
        return filterRows(*index, needle, [&] { return *latest != generation; });
    }).then(this, [this, index, needle, generation](const QList<int> &shown) {
        if (generation != *m_filterGeneration || index != m_index)
            return; // a newer filter, or new items, came meanwhile
        m_pendingFilter = false;
        install(m_index, shown, true, needle);
    });
}

void ItemListModel::setMarks(const QHash<QString, QString> &reasons)
{
    if (reasons == m_marks)
        return;
    m_marks = reasons;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0), index(rowCount() - 1));
}

void ItemListModel::setIconSize(int pixels)
{
    m_iconSize = pixels;
    m_lookups.clear();
}

int ItemListModel::count() const
{
    return int(m_index->items.size());
}

QJsonObject ItemListModel::item(int row) const
{
    return row >= 0 && row < rowCount() ? m_index->items.at(sourceRow(row)).toObject() : QJsonObject();
}

QJsonObject ItemListModel::itemByKey(const QString &key) const
{
    const int source = m_index->rows.value(key, -1);
    return source < 0 ? QJsonObject() : m_index->items.at(source).toObject();
}

bool ItemListModel::contains(const QString &key) const
{
    return m_index->rows.contains(key);
}

int ItemListModel::rowOf(const QString &key) const
{
    const int source = m_index->rows.value(key, -1);
    return source < 0 ? -1 : shownRow(source);
}

int ItemListModel::shownRow(int source) const
{
    if (!m_filtered)
        return source;
    const auto it = std::lower_bound(m_shown.cbegin(), m_shown.cend(), source);
    return it != m_shown.cend() && *it == source ? int(it - m_shown.cbegin()) : -1;
}

int ItemListModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid())
        return 0;
    return m_filtered ? int(m_shown.size()) : count();
}

const IconFetcher::Lookup &ItemListModel::lookup(int source, const QJsonObject &item) const
{
    auto it = m_lookups.find(source);
    if (it == m_lookups.end())
        it = m_lookups.insert(source, IconFetcher::instance()->lookup(item.value(Key::Icons).toArray(), m_iconSize));
    return *it;
}

QVariant ItemListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int source = sourceRow(index.row());
    const QJsonObject item = m_index->items.at(source).toObject();
    const auto mark = m_marks.isEmpty() || !m_columns.markedText ? m_marks.constEnd()
                                                                  : m_marks.constFind(item.value(m_columns.key).toString());
    const bool marked = mark != m_marks.constEnd();
    switch (role) {
    case Qt::DisplayRole:
        return marked ? m_columns.markedText(item, *mark) : m_columns.text(item);
    case Qt::ToolTipRole: {
        if (marked)
            return m_columns.markedToolTip ? m_columns.markedToolTip(*mark) : QString();
        const QString tip = m_columns.toolTip(item);
        const QString note = item.contains(Key::Icons) ? lookup(source, item).note : QString();
        return note.isEmpty() ? tip : tip.isEmpty() ? note : tip + QStringLiteral("\n\n") + note;
    }
    case Qt::DecorationRole:
        if (marked)
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        if (!item.contains(Key::Icons))
            return {};
        if (const QIcon icon = lookup(source, item).icon; !icon.isNull())
            return icon;
        return {};
    case Qt::ForegroundRole:
        // The disabled colour is not readable enough (AA).
        return marked ? QVariant(QBrush(Theme::color(Theme::Role::Muted))) : QVariant();
    case ItemRole:
        return item;
    case KeyRole:
        return item.value(m_columns.key).toString();
    default:
        return {};
    }
}

void ItemListModel::onIconFetched(const QUrl &url)
{
    // Only rows drawn so far asked for an icon; they are drawn again with it.
    for (auto it = m_lookups.begin(); it != m_lookups.end();) {
        if (it->pending != url) {
            ++it;
            continue;
        }
        const int row = shownRow(it.key());
        it = m_lookups.erase(it);
        if (row >= 0)
            Q_EMIT dataChanged(index(row), index(row), {Qt::DecorationRole, Qt::ToolTipRole});
    }
}

ItemList::ItemList(const ItemListColumns &columns, QWidget *parent)
    : QListView(parent)
    , m_model(new ItemListModel(columns, this))
{
    setModel(m_model);
    setUniformItemSizes(true); // rows are laid out without asking each for its size
    // Laying out 200,000 rows at once held the GUI thread for tens of milliseconds; in batches
    // it takes turns with the event loop.
    setLayoutMode(QListView::Batched);
    setBatchSize(LayoutBatch);
    setItemDelegate(new TwoLineDelegate(this));
    connect(selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex &current) {
        if (m_restoring || !current.isValid())
            return;
        const QString key = current.data(ItemListModel::KeyRole).toString();
        if (key == m_currentKey)
            return;
        m_currentKey = key;
        Q_EMIT currentItemChanged(currentItem());
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, &ItemList::restoreCurrent);
    connect(verticalScrollBar(), &QScrollBar::rangeChanged, this, [this] {
        if (m_scrollPending && currentIndex().isValid() && visualRect(currentIndex()).isValid()) {
            m_scrollPending = false;
            scrollTo(currentIndex());
        }
    });
    connect(m_model, &ItemListModel::itemsReplaced, this, [this] {
        // Only an item that left the list is a change of the current one.
        if (!m_currentKey.isEmpty() && !m_model->contains(m_currentKey)) {
            m_currentKey.clear();
            Q_EMIT currentItemChanged({});
        }
        Q_EMIT itemsReplaced();
    });
}

QJsonObject ItemList::currentItem() const
{
    return m_currentKey.isEmpty() ? QJsonObject() : m_model->itemByKey(m_currentKey);
}

bool ItemList::selectByKey(const QString &key)
{
    if (!m_model->contains(key))
        return false;
    const bool changed = key != m_currentKey;
    m_currentKey = key;
    restoreCurrent();
    if (changed)
        Q_EMIT currentItemChanged(currentItem());
    return true;
}

void ItemList::restoreCurrent()
{
    // A reset leaves no current row, and says nothing; the current item comes back when shown.
    const int row = m_currentKey.isEmpty() ? -1 : m_model->rowOf(m_currentKey);
    m_restoring = true;
    if (row >= 0) {
        const QModelIndex index = m_model->index(row);
        selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect);
        // A row not laid out yet (a batch still to come) is scrolled to once it is.
        m_scrollPending = !visualRect(index).isValid();
        if (!m_scrollPending)
            scrollTo(index);
    } else {
        m_scrollPending = false;
        selectionModel()->clearCurrentIndex();
        selectionModel()->clearSelection();
    }
    m_restoring = false;
}

} // namespace Mcp::Ui
