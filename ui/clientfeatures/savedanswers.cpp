#include "savedanswers.h"

#include "protocol/keys.h"

#include <QJsonDocument>
#include <QSettings>

namespace Mcp::Ui {

namespace {
QString settingsKey(const QString &serverKey)
{
    return QStringLiteral("scriptedAnswers/") + QString::fromLatin1(serverKey.toUtf8().toBase64(QByteArray::Base64UrlEncoding));
}
}

ScriptedAnswers SavedAnswers::scripted() const
{
    ScriptedAnswers answers;
    if (samplingEnabled && !sampling.isEmpty())
        answers.sampling = {sampling};
    if (elicitationEnabled && !elicitation.isEmpty())
        answers.elicitation = {elicitation};
    answers.fillDefaults = true;
    return answers;
}

QJsonObject SavedAnswers::toJson() const
{
    QJsonObject s = sampling;
    s.insert(QStringLiteral("enabled"), samplingEnabled);
    QJsonObject e = elicitation;
    e.insert(QStringLiteral("enabled"), elicitationEnabled);
    return {{Key::Sampling, s}, {Key::Elicitation, e}};
}

SavedAnswers SavedAnswers::fromJson(const QJsonObject &object)
{
    SavedAnswers answers;
    answers.sampling = object.value(Key::Sampling).toObject();
    answers.samplingEnabled = answers.sampling.take(QStringLiteral("enabled")).toBool();
    answers.elicitation = object.value(Key::Elicitation).toObject();
    answers.elicitationEnabled = answers.elicitation.take(QStringLiteral("enabled")).toBool();
    return answers;
}

SavedAnswers SavedAnswers::load(const QString &serverKey)
{
    const QByteArray text = QSettings().value(settingsKey(serverKey)).toByteArray();
    return fromJson(QJsonDocument::fromJson(text).object());
}

void SavedAnswers::save(const QString &serverKey) const
{
    QSettings().setValue(settingsKey(serverKey), QJsonDocument(toJson()).toJson(QJsonDocument::Compact));
}

} // namespace Mcp::Ui
