#include "scriptedresponders.h"

#include "protocol/keys.h"
#include "schema/formstate.h"

#include <QJsonDocument>
#include <QSettings>

namespace Mcp::Ui {

namespace {
QString settingsKey(const QString &serverKey)
{
    return QStringLiteral("scriptedAnswers/") + QString::fromLatin1(serverKey.toUtf8().toBase64(QByteArray::Base64UrlEncoding));
}
}

QJsonObject ScriptedAnswers::toJson() const
{
    QJsonObject s = sampling;
    s.insert(QStringLiteral("enabled"), samplingEnabled);
    QJsonObject e = elicitation;
    e.insert(QStringLiteral("enabled"), elicitationEnabled);
    return {{Key::Sampling, s}, {Key::Elicitation, e}};
}

ScriptedAnswers ScriptedAnswers::fromJson(const QJsonObject &object)
{
    ScriptedAnswers answers;
    answers.sampling = object.value(Key::Sampling).toObject();
    answers.samplingEnabled = answers.sampling.take(QStringLiteral("enabled")).toBool();
    answers.elicitation = object.value(Key::Elicitation).toObject();
    answers.elicitationEnabled = answers.elicitation.take(QStringLiteral("enabled")).toBool();
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
    m_answer.remove(QStringLiteral("enabled"));
}

void ScriptedSamplingResponder::handleRequest(IncomingRequest *request)
{
    ++m_count;
    if (m_answer.contains(Key::Error)) {
        request->reject(RpcError::fromJson(m_answer.value(Key::Error).toObject()));
        return;
    }
    request->respond(m_answer.value(Key::Result).isObject() ? m_answer.value(Key::Result).toObject() : m_answer);
}

ScriptedElicitationResponder::ScriptedElicitationResponder(const QJsonObject &answer)
    : m_answer(answer)
{
    m_answer.remove(QStringLiteral("enabled"));
}

QJsonObject ScriptedElicitationResponder::completeAnswer(const QJsonObject &answer, const QJsonObject &params)
{
    QJsonObject result{{Key::Action, answer.value(Key::Action).toString(ElicitActionValue::Accept)}};
    if (result.value(Key::Action).toString() != ElicitActionValue::Accept
        || params.value(Key::Mode).toString() == QLatin1String("url"))
        return result;
    FormState state(params.value(Key::RequestedSchema));
    state.fromJson(answer.value(Key::Content).toObject());
    state.applyDefaults();
    result.insert(Key::Content, state.toJson().toObject());
    return result;
}

void ScriptedElicitationResponder::handleRequest(IncomingRequest *request)
{
    ++m_count;
    request->respond(completeAnswer(m_answer, request->params()));
}

} // namespace Mcp::Ui
