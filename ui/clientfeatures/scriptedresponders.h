#pragma once

#include "session/client.h"

#include <QJsonObject>
#include <QString>

namespace Mcp::Ui {

// Canned answers to one server's sampling and elicitation requests, for repeatable manual
// testing. Stored per server as JSON (QSettings "scriptedAnswers/<server>"):
// {"sampling": {"enabled": true, "result": {...}} or {"enabled": true, "error": {"code": -1, "message": "..."}},
//  "elicitation": {"enabled": true, "action": "accept", "content": {...}}}
struct ScriptedAnswers
{
    bool samplingEnabled = false;
    QJsonObject sampling;    // the result to send, or {"error": {code, message}}
    bool elicitationEnabled = false;
    QJsonObject elicitation; // {"action": ..., "content": {...}}

    QJsonObject toJson() const;
    static ScriptedAnswers fromJson(const QJsonObject &object);
    static ScriptedAnswers load(const QString &serverKey);
    void save(const QString &serverKey) const;
};

// Answers sampling/createMessage with a fixed result (or error) at once, on the request's thread.
class ScriptedSamplingResponder : public ServerRequestHandler
{
public:
    explicit ScriptedSamplingResponder(const QJsonObject &answer);
    void handleRequest(IncomingRequest *request) override;
    int answeredCount() const { return m_count; }

private:
    QJsonObject m_answer;
    int m_count = 0;
};

// Answers elicitation/create with a fixed action; accepted content is completed with the
// defaults of the request's requestedSchema, as a person pressing Accept would send it.
class ScriptedElicitationResponder : public ServerRequestHandler
{
public:
    explicit ScriptedElicitationResponder(const QJsonObject &answer);
    void handleRequest(IncomingRequest *request) override;
    static QJsonObject completeAnswer(const QJsonObject &answer, const QJsonObject &params);
    int answeredCount() const { return m_count; }

private:
    QJsonObject m_answer;
    int m_count = 0;
};

} // namespace Mcp::Ui
