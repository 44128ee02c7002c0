#pragma once

#include "widgets/iconfetcher.h"
#include "widgets/latestonly.h"

#include <QAbstractListModel>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QListView>

#include <atomic>
#include <memory>

namespace Mcp::Ui {

// How one kind of item (tool, resource, resource template, prompt) is listed. Plain functions,
// not closures: they also run in the thread pool while a big list is prepared.
struct ItemListColumns
{
    QLatin1StringView key;                    // the field that names an item: name, uri, uriTemplate
    QString (*text)(const QJsonObject &item); // "title\ndetail", as TwoLineDelegate paints it
    QString (*toolTip)(const QJsonObject &item);
    // An item marked with setMarks(): its text and tooltip, given the reason (optional).
    QString (*markedText)(const QJsonObject &item, const QString &reason) = nullptr;
    QString (*markedToolTip)(const QString &reason) = nullptr;
};

// The items of a list as they came (the parsed JSON objects); a row's text, tooltip and icon
// are made when a view asks, so only the rows on screen cost anything. A list of
// OffThreadItems or more is indexed (key -> item, and the text the filter searches) in the
// thread pool and replaces the rows once ready; a filter over it runs there too. The filter
// keeps the items whose text or tooltip contains the filter text, ignoring case.
class ItemListModel : public QAbstractListModel
{
    Q_OBJECT

public:
    static constexpr int ItemRole = Qt::UserRole + 1; // the item's QJsonObject
    static constexpr int KeyRole = Qt::UserRole + 2;  // its key (ItemListColumns::key)
    static constexpr int OffThreadItems = 5000;

    explicit ItemListModel(const ItemListColumns &columns, QObject *parent = nullptr);
    ~ItemListModel() override;

    // At once for a small list; a big one replaces the rows when prepared (itemsReplaced).
    void setItems(const QJsonArray &items);
    void setFilter(const QString &text);
    // Items by key shown muted, with a warning icon, their text and tooltip saying why.
    void setMarks(const QHash<QString, QString> &reasons);
    void setIconSize(int pixels);
    // Items still being prepared, or a filter still being applied.
    bool isBusy() const { return m_pendingItems || m_pendingFilter; }

    int count() const;                               // every item, whatever the filter
    QJsonObject item(int row) const;                 // of a shown row
    QJsonObject itemByKey(const QString &key) const; // the first with that key, shown or not
    bool contains(const QString &key) const;
    int rowOf(const QString &key) const;             // its shown row, or -1

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;

    struct Index;

Q_SIGNALS:
    // New items are in place (after the model's reset).
    void itemsReplaced();

private:
    int sourceRow(int row) const { return m_filtered ? m_shown.at(row) : row; }
    int shownRow(int source) const;
    void install(std::shared_ptr<const Index> index, QList<int> shown, bool filtered, const QString &needle);
    void applyFilter();
    void onIconFetched(const QUrl &url);
    const IconFetcher::Lookup &lookup(int source, const QJsonObject &item) const;

    ItemListColumns m_columns;
    std::shared_ptr<const Index> m_index;
    QList<int> m_shown; // source rows the filter keeps, ascending
    bool m_filtered = false;
    QString m_needle;      // the filter wanted, case-folded
    QString m_shownNeedle; // the filter m_shown was made with
    QHash<QString, QString> m_marks;
    int m_iconSize = 24;
    mutable QHash<int, IconFetcher::Lookup> m_lookups; // by source row, of the rows drawn so far
    LatestOnly m_itemsArriving;
    std::shared_ptr<std::atomic<quint64>> m_filterGeneration; // a newer filter cancels an older one
    bool m_pendingItems = false;
    bool m_pendingFilter = false;
};

// A list view of an ItemListModel painted with TwoLineDelegate, whose current item is kept by
// key: across a refresh of the items (it is a change only when the item left) and across a
// filter that hides it for a while.
class ItemList : public QListView
{
    Q_OBJECT

public:
    static constexpr int LayoutBatch = 10000; // rows laid out per turn of the event loop

    explicit ItemList(const ItemListColumns &columns, QWidget *parent = nullptr);

    ItemListModel *itemModel() const { return m_model; }
    void setItems(const QJsonArray &items) { m_model->setItems(items); }
    void setFilterText(const QString &text) { m_model->setFilter(text); }
    int count() const { return m_model->count(); }
    QJsonObject currentItem() const;
    QString currentKey() const { return m_currentKey; }
    // Makes the item with that key current (false when there is none).
    bool selectByKey(const QString &key);

Q_SIGNALS:
    // Another item (or none) became current: chosen, selected by key, or gone in a refresh.
    void currentItemChanged(const QJsonObject &item);
    void itemsReplaced();

private:
    void restoreCurrent();

    ItemListModel *m_model;
    QString m_currentKey;
    bool m_restoring = false;
    bool m_scrollPending = false;
};

} // namespace Mcp::Ui
