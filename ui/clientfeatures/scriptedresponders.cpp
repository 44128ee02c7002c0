#include "scriptedresponders.h"

#include "schema/formstate.h"

#include <QJsonDocument>
#include <QSettings>

namespace Mcp::Ui {

namespace {
QString key(const char *name)
{
    return QString::fromLatin1(name);
}
QString settingsKey(const QString &serverKey)
{
    return QStringLiteral("scriptedAnswers/") + QString::fromLatin1(serverKey.toUtf8().toBase64(QByteArray::Base64UrlEncoding));
}
}

QJsonObject ScriptedAnswers::toJson() const
{
    QJsonObject s = sampling;
    s.insert(key("enabled"), samplingEnabled);
    QJsonObject e = elicitation;
    e.insert(key("enabled"), elicitationEnabled);
    return {{key("sampling"), s}, {key("elicitation"), e}};
}

ScriptedAnswers ScriptedAnswers::fromJson(const QJsonObject &object)
{
    ScriptedAnswers answers;
    answers.sampling = object.value(key("sampling")).toObject();
    answers.samplingEnabled = answers.sampling.take(key("enabled")).toBool();
    answers.elicitation = object.value(key("elicitation")).toObject();
    answers.elicitationEnabled = answers.elicitation.take(key("enabled")).toBool();
    return answers;
}

ScriptedAnswers ScriptedAnswers::load(const QString &serverKey)
{
    const QByteArray text = QSettings().value(settingsKey(serverKey)).toByteArray();
    return fromJson(QJsonDocument::fromJson(text).object());
}

void ScriptedAnswers::save(const QString &serverKey) const
{
    QSettings().setValue(settingsKey(serverKey), QJsonDocument(toJson()).toJson(QJsonDocument::Compact));
}

ScriptedSamplingResponder::ScriptedSamplingResponder(const QJsonObject &answer)
    : m_answer(answer)
{
    m_answer.remove(key("enabled"));
}

void ScriptedSamplingResponder::handleRequest(IncomingRequest *request)
{
    ++m_count;
    if (m_answer.contains(key("error"))) {
        request->reject(RpcError::fromJson(m_answer.value(key("error")).toObject()));
        return;
    }
    request->respond(m_answer.value(key("result")).isObject() ? m_answer.value(key("result")).toObject() : m_answer);
}

ScriptedElicitationResponder::ScriptedElicitationResponder(const QJsonObject &answer)
    : m_answer(answer)
{
    m_answer.remove(key("enabled"));
}

QJsonObject ScriptedElicitationResponder::completeAnswer(const QJsonObject &answer, const QJsonObject &params)
{
    QJsonObject result{{key("action"), answer.value(key("action")).toString(key("accept"))}};
    if (result.value(key("action")).toString() != QLatin1String("accept")
        || params.value(key("mode")).toString() == QLatin1String("url"))
        return result;
    FormState state(params.value(key("requestedSchema")));
    state.fromJson(answer.value(key("content")).toObject());
    state.applyDefaults();
    result.insert(key("content"), state.toJson().toObject());
    return result;
}

void ScriptedElicitationResponder::handleRequest(IncomingRequest *request)
{
    ++m_count;
    request->respond(completeAnswer(m_answer, request->params()));
}

} // namespace Mcp::Ui
