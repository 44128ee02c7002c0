#include "jsonpath.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <cstring>

namespace Mcp {

static QString unescapePointerToken(QString token)
{
    return token.replace(QLatin1String("~1"), QLatin1String("/")).replace(QLatin1String("~0"), QLatin1String("~"));
}

JsonPath JsonPath::parse(const QString &text, QString *error)
{
    JsonPath path;
    path.m_text = text;
    error->clear();
    if (text.startsWith(u'/') || text.isEmpty()) {
        // A JSON pointer: each token is a member name, or an index when the value is an array.
        if (!text.isEmpty()) {
            const QStringList tokens = text.mid(1).split(u'/');
            for (const QString &token : tokens)
                path.m_steps.append({Step::Kind::Member, unescapePointerToken(token), 0});
        }
        path.m_valid = true;
        return path;
    }
    if (!text.startsWith(u'$')) {
        *error = QStringLiteral("a path starts with $ (JSONPath) or / (JSON pointer)");
        return path;
    }
    qsizetype i = 1;
    const qsizetype n = text.size();
    auto isNameChar = [](QChar c) { return c.isLetterOrNumber() || c == u'_' || c == u'-' || c == u'$' || c == u'@'; };
    while (i < n) {
        const QChar c = text.at(i);
        if (c == u'.') {
            ++i;
            if (i < n && text.at(i) == u'*') {
                path.m_steps.append({Step::Kind::Wildcard, {}, 0});
                ++i;
                continue;
            }
            const qsizetype start = i;
            while (i < n && isNameChar(text.at(i)))
                ++i;
            if (i == start) {
                *error = QStringLiteral("a member name must follow '.' at character %1").arg(start + 1);
                return path;
            }
            path.m_steps.append({Step::Kind::Member, text.mid(start, i - start), 0});
        } else if (c == u'[') {
            ++i;
            if (i < n && (text.at(i) == u'\'' || text.at(i) == u'"')) {
                const QChar quote = text.at(i++);
                QString name;
                while (i < n && text.at(i) != quote) {
                    if (text.at(i) == u'\\' && i + 1 < n)
                        ++i;
                    name += text.at(i++);
                }
                if (i + 1 >= n || text.at(i + 1) != u']') {
                    *error = QStringLiteral("an unterminated ['name'] in the path");
                    return path;
                }
                i += 2;
                path.m_steps.append({Step::Kind::Member, name, 0});
            } else if (i < n && text.at(i) == u'*') {
                if (i + 1 >= n || text.at(i + 1) != u']') {
                    *error = QStringLiteral("[* must be closed by ]");
                    return path;
                }
                i += 2;
                path.m_steps.append({Step::Kind::Wildcard, {}, 0});
            } else {
                const qsizetype close = text.indexOf(u']', i);
                bool ok = false;
                const qsizetype index = close < 0 ? 0 : text.mid(i, close - i).trimmed().toLongLong(&ok);
                if (!ok) {
                    *error = QStringLiteral("[...] holds an index, *, or a quoted name at character %1").arg(i);
                    return path;
                }
                i = close + 1;
                path.m_steps.append({Step::Kind::Index, {}, index});
            }
        } else {
            *error = QStringLiteral("unexpected '%1' at character %2 of the path").arg(c).arg(i + 1);
            return path;
        }
    }
    path.m_valid = true;
    return path;
}

QList<QJsonValue> JsonPath::select(const QJsonValue &root) const
{
    if (!m_valid)
        return {};
    QList<QJsonValue> current{root};
    for (const Step &step : m_steps) {
        QList<QJsonValue> next;
        for (const QJsonValue &value : std::as_const(current)) {
            switch (step.kind) {
            case Step::Kind::Member:
                if (value.isObject()) {
                    const QJsonObject object = value.toObject();
                    if (object.contains(step.name))
                        next.append(object.value(step.name));
                } else if (value.isArray()) { // a JSON pointer's token on an array is an index
                    bool ok = false;
                    const qsizetype index = step.name.toLongLong(&ok);
                    const QJsonArray array = value.toArray();
                    if (ok && index >= 0 && index < array.size())
                        next.append(array.at(index));
                }
                break;
            case Step::Kind::Index:
                if (value.isArray()) {
                    const QJsonArray array = value.toArray();
                    const qsizetype index = step.index < 0 ? array.size() + step.index : step.index;
                    if (index >= 0 && index < array.size())
                        next.append(array.at(index));
                }
                break;
            case Step::Kind::Wildcard:
                if (value.isArray()) {
                    for (const QJsonValue &item : value.toArray())
                        next.append(item);
                } else if (value.isObject()) {
                    const QJsonObject object = value.toObject();
                    for (auto it = object.begin(); it != object.end(); ++it)
                        next.append(it.value());
                }
                break;
            }
        }
        current = next;
    }
    return current;
}

namespace {

// A minimal walk over valid JSON text that stops at the value a pointer names.
class PointerScanner
{
public:
    PointerScanner(const QByteArray &json, const QStringList &tokens) : m_json(json), m_tokens(tokens) {}

    qsizetype find()
    {
        skipSpace();
        return value(0);
    }

private:
    void skipSpace()
    {
        while (m_pos < m_json.size() && (m_json.at(m_pos) == ' ' || m_json.at(m_pos) == '\n'
                                         || m_json.at(m_pos) == '\r' || m_json.at(m_pos) == '\t'))
            ++m_pos;
    }
    QString string()
    {
        const qsizetype start = ++m_pos; // past the quote
        bool escaped = false;
        while (m_pos < m_json.size()) {
            const char c = m_json.at(m_pos++);
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                break;
        }
        // Names in collections rarely hold escapes; decode through the JSON parser when they do.
        const QByteArray raw = m_json.mid(start, m_pos - start - 1);
        if (!raw.contains('\\'))
            return QString::fromUtf8(raw);
        const QJsonArray decoded = QJsonDocument::fromJson("[\"" + raw + "\"]").array();
        return decoded.at(0).toString();
    }
    void skipValue()
    {
        skipSpace();
        if (m_pos >= m_json.size())
            return;
        const char c = m_json.at(m_pos);
        if (c == '"') {
            string();
        } else if (c == '{' || c == '[') {
            int depth = 0;
            while (m_pos < m_json.size()) {
                const char d = m_json.at(m_pos);
                if (d == '"') {
                    string();
                    continue;
                }
                if (d == '{' || d == '[')
                    ++depth;
                else if ((d == '}' || d == ']') && --depth == 0) {
                    ++m_pos;
                    return;
                }
                ++m_pos;
            }
        } else {
            while (m_pos < m_json.size() && !std::strchr(",]} \t\r\n", m_json.at(m_pos)))
                ++m_pos;
        }
    }
    // Past the member or element that starts here: true at the start of the next one, false at
    // the end of the object or array (or in broken JSON).
    bool skipToNextItem()
    {
        skipValue();
        skipSpace();
        if (m_pos >= m_json.size() || m_json.at(m_pos) != ',')
            return false;
        ++m_pos;
        return true;
    }
    // At the start of a value; depth = how many tokens are matched.
    qsizetype value(int depth)
    {
        if (depth == m_tokens.size())
            return m_pos;
        if (m_pos >= m_json.size())
            return -1;
        const char c = m_json.at(m_pos);
        if (c == '{') {
            ++m_pos;
            while (true) {
                skipSpace();
                if (m_pos >= m_json.size() || m_json.at(m_pos) != '"')
                    return -1;
                const QString key = string();
                skipSpace();
                ++m_pos; // ':'
                skipSpace();
                if (key == m_tokens.at(depth))
                    return value(depth + 1);
                if (!skipToNextItem())
                    return -1;
            }
        }
        if (c == '[') {
            bool ok = false;
            const qsizetype wanted = m_tokens.at(depth).toLongLong(&ok);
            if (!ok)
                return -1;
            ++m_pos;
            for (qsizetype index = 0;; ++index) {
                skipSpace();
                // Past the last element (or in an empty array) the index names nothing.
                if (m_pos >= m_json.size() || m_json.at(m_pos) == ']')
                    return -1;
                if (index == wanted)
                    return value(depth + 1);
                if (!skipToNextItem())
                    return -1;
            }
        }
        return -1;
    }

    const QByteArray &m_json;
    QStringList m_tokens;
    qsizetype m_pos = 0;
};

} // namespace

qsizetype jsonPointerOffset(const QByteArray &json, const QString &pointer)
{
    QStringList tokens;
    if (!pointer.isEmpty()) {
        for (const QString &token : pointer.mid(1).split(u'/'))
            tokens.append(unescapePointerToken(token));
    }
    return PointerScanner(json, tokens).find();
}

} // namespace Mcp
