#include "uritemplate.h"

#include <QRegularExpression>
#include <QUrl>

#include <vector>

namespace Mcp {

namespace {
const QRegularExpression &expressionPattern()
{
    static const QRegularExpression pattern(QStringLiteral("\\{(\\+?)([A-Za-z0-9_.%]+)\\}"));
    return pattern;
}
}

UriTemplate::UriTemplate(const QString &pattern) : m_pattern(pattern)
{
    qsizetype last = 0;
    auto it = expressionPattern().globalMatch(pattern);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        m_literals.append(pattern.mid(last, match.capturedStart() - last));
        m_reserved.append(!match.captured(1).isEmpty());
        m_variables.append(match.captured(2));
        last = match.capturedEnd();
    }
    m_literals.append(pattern.mid(last));
}

// Matched as a regular expression would match "literal([^/?#]+)literal(.+?)..." (level 1 values
// greedy, reserved ones lazy), but without backtracking: which positions can still reach the
// end is worked out backwards first, in linear passes. A regular expression backtracked
// polynomially with several variables, and PCRE2 gave up on long URIs that did match (found by
// fuzz_uritemplate).
bool UriTemplate::match(const QString &uri, QMap<QString, QString> *variables) const
{
    if (!isValid())
        return false;
    const qsizetype n = uri.size();
    const qsizetype count = m_variables.size();
    // Two position tables per part: a URI of megabytes against a template of many variables is
    // not a resource anyone reads (and would cost hundreds of megabytes).
    if (qint64(count + 1) * (n + 2) > qint64(4) * 1024 * 1024)
        return false;
    // runEnd[p]: where the run of characters a level-1 value may hold (no '/', '?', '#') from p ends.
    std::vector<qsizetype> runEnd(size_t(n) + 1, n);
    for (qsizetype p = n - 1; p >= 0; --p) {
        const QChar c = uri.at(p);
        runEnd[size_t(p)] = c == u'/' || c == u'?' || c == u'#' ? p : runEnd[size_t(p) + 1];
    }
    const auto literalAt = [&](qsizetype k, qsizetype p) {
        return QStringView(uri).sliced(p).startsWith(m_literals.at(k));
    };
    // from[k][p]: literal k, variable k, ..., the last literal match uri[p, n) exactly.
    // nextFrom[k][p] / lastFrom[k][p]: the first position >= p / the last <= p where from[k] holds.
    std::vector<std::vector<qsizetype>> nextFrom(size_t(count) + 1), lastFrom(size_t(count) + 1);
    for (qsizetype k = count; k >= 0; --k) {
        std::vector<char> from(size_t(n) + 1, 0);
        for (qsizetype p = 0; p <= n; ++p) {
            if (k == count) {
                from[size_t(p)] = n - p == m_literals.at(k).size() && literalAt(k, p);
                continue;
            }
            const qsizetype start = p + m_literals.at(k).size();
            if (start >= n || !literalAt(k, p))
                continue;
            // A value of at least one character, then the rest from where it ends.
            const qsizetype limit = m_reserved.at(k) ? n : runEnd[size_t(start)];
            from[size_t(p)] = start < limit && nextFrom[size_t(k) + 1][size_t(start) + 1] <= limit;
        }
        std::vector<qsizetype> &next = nextFrom[size_t(k)];
        std::vector<qsizetype> &lastOne = lastFrom[size_t(k)];
        next.assign(size_t(n) + 2, n + 1);
        lastOne.assign(size_t(n) + 1, -1);
        for (qsizetype p = n; p >= 0; --p)
            next[size_t(p)] = from[size_t(p)] ? p : next[size_t(p) + 1];
        for (qsizetype p = 0; p <= n; ++p)
            lastOne[size_t(p)] = from[size_t(p)] ? p : (p > 0 ? lastOne[size_t(p) - 1] : -1);
    }
    if (nextFrom[0][0] != 0)
        return false;
    if (variables) {
        variables->clear();
        qsizetype p = 0;
        for (qsizetype k = 0; k < count; ++k) {
            const qsizetype start = p + m_literals.at(k).size();
            const qsizetype limit = m_reserved.at(k) ? n : runEnd[size_t(start)];
            // Level 1 takes the longest value that lets the rest match, reserved the shortest.
            const qsizetype end = m_reserved.at(k) ? nextFrom[size_t(k) + 1][size_t(start) + 1]
                                                   : lastFrom[size_t(k) + 1][size_t(limit)];
            variables->insert(m_variables.at(k), QUrl::fromPercentEncoding(uri.mid(start, end - start).toUtf8()));
            p = end;
        }
    }
    return true;
}

QString UriTemplate::expand(const QMap<QString, QString> &variables) const
{
    QString result;
    qsizetype last = 0;
    qsizetype index = 0;
    auto it = expressionPattern().globalMatch(m_pattern);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        result += m_pattern.mid(last, match.capturedStart() - last);
        const QString value = variables.value(m_variables.at(index));
        const QByteArray keep = m_reserved.at(index) ? QByteArrayLiteral(":/?#[]@!$&'()*+,;=") : QByteArray();
        result += QString::fromLatin1(QUrl::toPercentEncoding(value, keep));
        last = match.capturedEnd();
        ++index;
    }
    return result + m_pattern.mid(last);
}

} // namespace Mcp
