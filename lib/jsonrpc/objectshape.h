#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QLatin1StringView>
#include <QList>

#include <initializer_list>

namespace Mcp {

// An object with a fixed set of keys, built once (a static at its call site) and copied for each
// value made: a copy's values are replaced in place. On the hot paths (every tools/call's params,
// every text result) that is a third cheaper than inserting into an empty object, which builds
// each key anew; replacing by key costs a lookup each, and QJsonObject's initializer-list
// constructor several times more.
class ObjectShape
{
public:
    ObjectShape(std::initializer_list<QLatin1StringView> keys)
    {
        for (QLatin1StringView key : keys)
            m_shape.insert(key, QJsonValue());
        // QJsonObject keeps its keys sorted: where each member's value stands in fill()'s list.
        const QStringList sorted = m_shape.keys();
        m_valueIndex.resize(sorted.size());
        int given = 0;
        for (QLatin1StringView key : keys)
            m_valueIndex[sorted.indexOf(key)] = given++;
    }

    // A copy with these values, in the order the keys were given.
    QJsonObject fill(std::initializer_list<QJsonValue> values) const
    {
        Q_ASSERT(qsizetype(values.size()) == m_valueIndex.size());
        QJsonObject object = m_shape;
        auto member = object.begin();
        for (int index : m_valueIndex) {
            member.value() = values.begin()[index];
            ++member;
        }
        return object;
    }

private:
    QJsonObject m_shape;
    QList<int> m_valueIndex;
};

} // namespace Mcp
