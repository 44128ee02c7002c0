#include "answers/scriptedresponder.h"

#include "protocol/clienttypes.h"
#include "protocol/keys.h"
#include "protocol/methods.h"
#include "schema/formstate.h"

#include <QCoreApplication>

namespace Mcp {

namespace {
const QLatin1StringView ErrorKey("error");
const QLatin1StringView CodeKey("code");

QJsonObject errorAnswer(int code, const QString &message)
{
    return {{ErrorKey, QJsonObject{{CodeKey, code}, {Key::Message, message}}}};
}

// The next answer of a list, the last one once the list is used up.
QJsonObject take(const QList<QJsonObject> &list, int *used)
{
    const QJsonObject answer = list.at(qMin(qsizetype(*used), list.size() - 1));
    ++*used;
    return answer;
}
} // namespace

bool ScriptedAnswers::answers(const QString &method) const
{
    if (method == Method::RootsList)
        return roots.has_value();
    if (method == Method::SamplingCreateMessage)
        return !sampling.isEmpty();
    if (method == Method::ElicitationCreate)
        return !elicitation.isEmpty();
    return false;
}

QJsonObject ScriptedAnswers::declined()
{
    return {{Key::Action, ElicitActionValue::Decline}};
}

ScriptedResponder::ScriptedResponder(ScriptedAnswers answers)
    : m_answers(std::move(answers))
{
}

void ScriptedResponder::setAnswers(ScriptedAnswers answers)
{
    m_answers = std::move(answers);
    m_elicitationsAnswered = 0;
    m_samplingsAnswered = 0;
    m_asked.clear();
    m_unscripted.clear();
}

QJsonObject ScriptedResponder::completeElicitation(const QJsonObject &answer, const ElicitRequestParams &params)
{
    if (answer.contains(ErrorKey))
        return answer;
    QJsonObject result{{Key::Action, answer.value(Key::Action).toString(ElicitActionValue::Accept)}};
    if (result.value(Key::Action).toString() != ElicitActionValue::Accept || params.isUrlMode())
        return result;
    FormState state(params.requestedSchema);
    state.fromJson(answer.value(Key::Content).toObject());
    state.applyDefaults();
    result.insert(Key::Content, state.toJson().toObject());
    return result;
}

QJsonObject ScriptedResponder::completeSampling(const QJsonObject &answer)
{
    if (answer.contains(Key::Content) || answer.contains(ErrorKey))
        return answer;
    return {{Key::Role, QStringLiteral("assistant")},
            {Key::Content, QJsonObject{{Key::Type, QStringLiteral("text")}, {Key::Text, answer.value(Key::Text).toString()}}},
            {QStringLiteral("model"), answer.value(QLatin1String("model")).toString(QStringLiteral("mcpscope-test"))},
            {QStringLiteral("stopReason"), QStringLiteral("endTurn")}};
}

QJsonObject ScriptedResponder::answerFor(const QString &method, const QJsonObject &params)
{
    m_asked.append(method);
    const bool has = m_answers.answers(method);
    if (!has)
        m_unscripted.append(method);
    if (method == Method::RootsList)
        return {{Key::Roots, m_answers.roots.value_or(QJsonArray())}};
    if (method == Method::ElicitationCreate) {
        const ElicitRequestParams request = ElicitRequestParams::fromJson(params);
        const QJsonObject answer = has ? take(m_answers.elicitation, &m_elicitationsAnswered)
            : request.isUrlMode() && m_answers.unscriptedElicitation.value(Key::Action).toString() == ElicitActionValue::Accept
            ? ScriptedAnswers::declined()
            : m_answers.unscriptedElicitation;
        return m_answers.fillDefaults ? completeElicitation(answer, request) : answer;
    }
    if (method == Method::SamplingCreateMessage) {
        if (!has)
            return errorAnswer(ErrorCode::UserRejected,
                               QCoreApplication::translate("Mcp::ScriptedResponder", "No scripted sampling answer"));
        return completeSampling(take(m_answers.sampling, &m_samplingsAnswered));
    }
    return errorAnswer(ErrorCode::MethodNotFound,
                       QCoreApplication::translate("Mcp::ScriptedResponder", "Method not found: %1").arg(method));
}

void ScriptedResponder::handleRequest(IncomingRequest *request)
{
    const QJsonObject answer = answerFor(request->method(), request->params());
    if (answered)
        answered(request->method(), answer);
    if (!answer.contains(ErrorKey)) {
        request->respond(answer);
        return;
    }
    const QJsonObject error = answer.value(ErrorKey).toObject();
    request->reject({error.value(CodeKey).toInt(ErrorCode::UserRejected),
                     error.value(Key::Message).toString(QStringLiteral("Rejected (scripted)")),
                     error.value(Key::Data)});
}

} // namespace Mcp
