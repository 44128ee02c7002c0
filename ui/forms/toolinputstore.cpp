#include "toolinputstore.h"

#include "widgets/jsontext.h"

#include <QSettings>

namespace Mcp::Ui::ToolInputStore {

namespace {
QString settingsKey(const QString &serverKey, const QString &kind, const QString &name)
{
    // Names may hold '/' or other characters QSettings treats specially.
    auto safe = [](const QString &s) { return QString::fromLatin1(s.toUtf8().toBase64(QByteArray::Base64UrlEncoding)); };
    return QStringLiteral("inputs/") + safe(serverKey) + QLatin1Char('/') + kind + QLatin1Char('/') + safe(name);
}
}

QJsonValue load(const QString &serverKey, const QString &kind, const QString &name)
{
    const QString text = QSettings().value(settingsKey(serverKey, kind, name)).toString();
    if (text.isEmpty())
        return QJsonValue::Undefined;
    return JsonText::parse(text).value_or(QJsonValue::Undefined);
}

void save(const QString &serverKey, const QString &kind, const QString &name, const QJsonValue &value)
{
    if (value.isUndefined())
        remove(serverKey, kind, name);
    else
        QSettings().setValue(settingsKey(serverKey, kind, name), JsonText::compact(value));
}

void remove(const QString &serverKey, const QString &kind, const QString &name)
{
    QSettings().remove(settingsKey(serverKey, kind, name));
}

} // namespace Mcp::Ui::ToolInputStore
