#pragma once

#include "protocol/clienttypes.h"
#include "session/requests.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QStringList>

#include <functional>
#include <optional>

namespace Mcp {

// Answers given in advance to what a server asks the client: roots/list,
// sampling/createMessage and elicitation/create, whether as legacy server-to-client requests or
// as modern multi round-trip input requests. Each request of a kind takes the next answer of its
// list; the last one is reused.
struct ScriptedAnswers
{
    // ElicitResults ({"action": ..., "content": ...}) or {"error": {...}}.
    QList<QJsonObject> elicitation;
    // Accepted form content completed with the requested schema's defaults, as a person pressing
    // Accept sends it; off, an answer goes as written (a replay sends what was recorded).
    bool fillDefaults = false;
    // CreateMessageResults, the short form {"text": ..., "model": ...}, or {"error": {...}}.
    QList<QJsonObject> sampling;
    std::optional<QJsonArray> roots; // the roots/list answer; nullopt: none scripted
    // What an elicitation gets when none is scripted. An accept (with the form's defaults) is for
    // form mode: a URL-mode request gets a decline, since nobody opens the page.
    QJsonObject unscriptedElicitation = declined();

    bool isEmpty() const { return elicitation.isEmpty() && sampling.isEmpty() && !roots; }
    bool answers(const QString &method) const;
    static QJsonObject declined();
};

// Answers the server's requests from ScriptedAnswers at once, on the client's thread, for runs
// without a person (the CLI, collections, replay) and the window's saved answers. What is not
// scripted gets the plainest refusal a client may give: an empty roots list, a declined
// elicitation (or unscriptedElicitation), a rejected sampling request, -32601 for the rest.
class ScriptedResponder : public ServerRequestHandler
{
public:
    explicit ScriptedResponder(ScriptedAnswers answers = {});

    // New answers, and the counts and lists below start again (a collection's next call).
    void setAnswers(ScriptedAnswers answers);
    const ScriptedAnswers &answers() const { return m_answers; }

    void handleRequest(IncomingRequest *request) override;
    // The answer (a result, or {"error": {...}}) a request would get; counted as asked.
    QJsonObject answerFor(const QString &method, const QJsonObject &params);

    QStringList asked() const { return m_asked; }           // every method asked, in order
    QStringList unscripted() const { return m_unscripted; } // those answered without a script
    int answeredCount(const QString &method) const { return int(m_asked.count(method)); }

    // Told of every answer given (the CLI says on stderr what it answered).
    std::function<void(const QString &method, const QJsonObject &answer)> answered;

    // An accepted elicitation's content completed with the defaults of params' requestedSchema.
    static QJsonObject completeElicitation(const QJsonObject &answer, const ElicitRequestParams &params);
    // A sampling answer in full: the short form {"text", "model"} becomes a CreateMessageResult.
    static QJsonObject completeSampling(const QJsonObject &answer);

private:
    ScriptedAnswers m_answers;
    int m_elicitationsAnswered = 0;
    int m_samplingsAnswered = 0;
    QStringList m_asked;
    QStringList m_unscripted;
};

} // namespace Mcp
