#include "uritemplate.h"

#include <QUrl>

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
    QString regex = QStringLiteral("^");
    qsizetype last = 0;
    auto it = expressionPattern().globalMatch(pattern);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        regex += QRegularExpression::escape(pattern.mid(last, match.capturedStart() - last));
        const bool reserved = !match.captured(1).isEmpty();
        m_variables.append(match.captured(2));
        m_reserved.append(reserved);
        regex += reserved ? QStringLiteral("(.+?)") : QStringLiteral("([^/?#]+)");
        last = match.capturedEnd();
    }
    regex += QRegularExpression::escape(pattern.mid(last)) + u'$';
    m_regex = QRegularExpression(regex);
}

bool UriTemplate::match(const QString &uri, QMap<QString, QString> *variables) const
{
    if (!isValid())
        return false;
    const QRegularExpressionMatch match = m_regex.match(uri);
    if (!match.hasMatch())
        return false;
    if (variables) {
        variables->clear();
        for (qsizetype i = 0; i < m_variables.size(); ++i)
            variables->insert(m_variables.at(i), QUrl::fromPercentEncoding(match.captured(int(i) + 1).toUtf8()));
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
