// What `mcpscope test` and `mcpscope replay` read from files a person hands them. The first
// byte picks what the rest is:
//   0: a collection file, then (after a NUL) an answer its assertions are judged against;
//   1: a JSON path of an assertion, then (after a NUL) the JSON document it looks into;
//   2: a capture (JSON Lines or HAR, told apart as CapturedMessages::readFile does) to plan a
//      replay of.
// Invariants: a valid collection rewritten (Collection::appendCall) loads to the same calls;
// counts stay bounded by the input; every issue has a message and a place inside the file; a
// failed assertion says why. Every value of a document is selected by its JSON pointer and its
// JSONPath, exactly once, and jsonPointerOffset finds it (and nothing where nothing is). A
// replay plan has no more steps than the capture has requests, and a replay that got exactly
// the recorded answers shows no difference.

#include "collections/collection.h"
#include "collections/collectionrunner.h"
#include "collections/jsonpath.h"
#include "collections/replay.h"
#include "fuzzcommon.h"
#include "traffic/capturemessages.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <cstddef>
#include <cstdint>

using namespace Mcp;

namespace {

bool sameAnswers(const ScriptedAnswers &a, const ScriptedAnswers &b)
{
    return a.elicitation == b.elicitation && a.sampling == b.sampling && a.roots == b.roots;
}

bool sameAssertion(const Assertion &a, const Assertion &b)
{
    return a.kind == b.kind && a.path == b.path && a.expected == b.expected && a.code == b.code && a.pointer == b.pointer;
}

bool sameCall(const CollectionCall &a, const CollectionCall &b)
{
    if (a.name != b.name || a.server != b.server || a.method != b.method || a.target != b.target
        || a.arguments != b.arguments || a.params != b.params || a.paramsAsRecorded != b.paramsAsRecorded
        || a.timeoutMs != b.timeoutMs || a.pointer != b.pointer || !sameAnswers(a.answers, b.answers)
        || a.assertions.size() != b.assertions.size())
        return false;
    for (qsizetype i = 0; i < a.assertions.size(); ++i) {
        if (!sameAssertion(a.assertions.at(i), b.assertions.at(i)))
            return false;
    }
    return true;
}

bool sameServer(const CollectionServer &a, const CollectionServer &b)
{
    ServerConfig config = b.config;
    config.id = a.config.id; // every import gives fresh ids
    return a.name == b.name && a.era == b.era && a.config == config;
}

// Every issue names what is wrong, and a line and column inside the text when it has one.
void checkIssues(const Collection::LoadResult &result, const QByteArray &text)
{
    const qsizetype lines = text.count('\n') + 1;
    for (const CollectionIssue &issue : result.issues) {
        FUZZ_CHECK(!issue.message.isEmpty());
        FUZZ_CHECK(issue.line >= 0 && issue.line <= lines);
        FUZZ_CHECK(issue.column >= 0 && issue.column <= text.size() + 1);
        FUZZ_CHECK(!issue.toString().isEmpty());
    }
    FUZZ_CHECK(result.errorText().isEmpty() == result.issues.isEmpty());
}

// What the server answered: {"result": ...} or {"error": {...}}, plus the outputSchema that
// tools/list gave and what the server asked on the way.
CallOutcome outcomeOf(const QJsonObject &answer)
{
    CallOutcome outcome;
    outcome.ran = true;
    if (answer.contains(QLatin1String("error")))
        outcome.response.error = RpcError::fromJson(answer.value(QLatin1String("error")).toObject());
    else
        outcome.response.result = answer.value(QLatin1String("result"));
    outcome.response.elapsedMs = answer.value(QLatin1String("elapsedMs")).toInteger();
    for (const QJsonValue &asked : answer.value(QLatin1String("asked")).toArray())
        outcome.asked.append(asked.toString());
    outcome.outputSchema = answer.value(QLatin1String("outputSchema"));
    outcome.outputSchemaProblem = QStringLiteral("the tool has no outputSchema");
    return outcome;
}

void fuzzCollection(const QByteArray &input)
{
    const qsizetype nul = input.indexOf('\0');
    const QByteArray text = nul < 0 ? input : input.left(nul);
    const Collection::LoadResult loaded = Collection::parse(text, QStringLiteral("c.json"));
    checkIssues(loaded, text);
    if (!loaded.isValid())
        return;
    const Collection &c = loaded.collection;
    // Each call, server and assertion is at least "{}" in the file.
    qsizetype assertions = 0;
    for (const CollectionCall &call : c.calls)
        assertions += call.assertions.size();
    FUZZ_CHECK(2 * (c.calls.size() + c.servers.size() + assertions) <= text.size());
    for (const CollectionCall &call : c.calls) {
        FUZZ_CHECK(c.server(call.server));
        FUZZ_CHECK(!call.method.isEmpty() && !call.name.isEmpty());
        for (const Assertion &a : call.assertions) {
            FUZZ_CHECK(!a.describe().isEmpty());
            if (a.kind == Assertion::Kind::PathEquals || a.kind == Assertion::Kind::PathContains
                || a.kind == Assertion::Kind::PathMatches || a.kind == Assertion::Kind::PathExists) {
                QString error;
                FUZZ_CHECK(JsonPath::parse(a.path, &error).isValid() && error.isEmpty());
            }
            if (a.kind == Assertion::Kind::PathMatches)
                FUZZ_CHECK(QRegularExpression(a.expected.toString()).isValid());
        }
    }
    for (qsizetype i = 0; i < c.servers.size(); ++i) {
        for (qsizetype j = i + 1; j < c.servers.size(); ++j)
            FUZZ_CHECK(c.servers.at(i).name != c.servers.at(j).name);
    }

    // Judged against whatever the server answered: a failed assertion says why.
    const CallOutcome outcome = outcomeOf(QJsonDocument::fromJson(nul < 0 ? QByteArray() : input.mid(nul + 1)).object());
    for (const CollectionCall &call : c.calls) {
        for (const Assertion &a : call.assertions) {
            const AssertionResult judged = evaluateAssertion(a, outcome);
            FUZZ_CHECK(judged.passed || !judged.message.isEmpty());
        }
    }

    // Rewritten by Save to Collection (a call added to the only server, or to a new one): the
    // calls that were there load unchanged.
    QString serverName = QStringLiteral("fuzz server");
    QJsonObject entry{{QStringLiteral("command"), QStringLiteral("fuzz")}};
    if (c.servers.size() == 1) {
        serverName = c.servers.first().name;
        entry = QJsonDocument::fromJson(text).object().value(QLatin1String("servers")).toObject().value(serverName).toObject();
    }
    QString error;
    const QByteArray rewritten = Collection::appendCall(
        text, serverName, entry, QJsonObject{{QStringLiteral("tool"), QStringLiteral("t")}}, &error);
    FUZZ_CHECK(!rewritten.isEmpty() && error.isEmpty());
    const Collection::LoadResult again = Collection::parse(rewritten, QStringLiteral("c.json"));
    FUZZ_CHECK(again.isValid());
    const Collection &d = again.collection;
    FUZZ_CHECK(d.name == c.name && d.defaultTimeoutMs == c.defaultTimeoutMs);
    FUZZ_CHECK(d.calls.size() == c.calls.size() + 1);
    for (qsizetype i = 0; i < c.calls.size(); ++i)
        FUZZ_CHECK(sameCall(c.calls.at(i), d.calls.at(i)));
    FUZZ_CHECK(d.servers.size() == c.servers.size() + (c.servers.size() == 1 ? 0 : 1));
    for (const CollectionServer &server : c.servers)
        FUZZ_CHECK(d.server(server.name) && sameServer(server, *d.server(server.name)));
}

// ---- JSON paths ---------------------------------------------------------------------------

QString pointerToken(QString name)
{
    return name.replace(u'~', QLatin1String("~0")).replace(u'/', QLatin1String("~1"));
}

QString quotedMember(QString name)
{
    name.replace(u'\\', QLatin1String("\\\\")).replace(u'\'', QLatin1String("\\'"));
    return QStringLiteral("['") + name + QStringLiteral("']");
}

bool isPlainName(const QString &name)
{
    if (name.isEmpty())
        return false;
    for (QChar c : name) {
        if (!(c.isLetterOrNumber() && c.unicode() < 0x80) && c != u'_' && c != u'-')
            return false;
    }
    return true;
}

// The first character of the JSON text of a value of this type.
bool startsValue(const QJsonValue &value, char c)
{
    switch (value.type()) {
    case QJsonValue::Object: return c == '{';
    case QJsonValue::Array: return c == '[';
    case QJsonValue::String: return c == '"';
    case QJsonValue::Bool: return c == 't' || c == 'f';
    case QJsonValue::Null: return c == 'n';
    case QJsonValue::Double: return c == '-' || (c >= '0' && c <= '9');
    default: return false;
    }
}

// Where a pointer is found in the text, a value of the right type starts; nothing is found
// where the document has nothing.
void checkOffset(const QByteArray &json, const QString &pointer, const QJsonValue &expected)
{
    const qsizetype offset = jsonPointerOffset(json, pointer);
    if (expected.isUndefined()) {
        FUZZ_CHECK(offset == -1);
        return;
    }
    FUZZ_CHECK(offset >= 0 && offset < json.size());
    FUZZ_CHECK(startsValue(expected, json.at(offset)));
}

struct PathWalk
{
    QJsonValue root;
    QByteArray compact;
    QByteArray indented;
    int budget = 64; // values looked at, to keep an execution short

    void visit(const QJsonValue &value, const QString &pointer, const QString &jsonPath, const QString &negativePath)
    {
        if (--budget < 0)
            return;
        QString error;
        for (const QString &text : {pointer, jsonPath, negativePath}) {
            const JsonPath path = JsonPath::parse(text, &error);
            FUZZ_CHECK(path.isValid() && error.isEmpty());
            const QList<QJsonValue> selected = path.select(root);
            FUZZ_CHECK(selected.size() == 1 && selected.first() == value);
        }
        checkOffset(compact, pointer, value);
        checkOffset(indented, pointer, value);
        // One step further: the first element or the member "0", or nothing.
        QJsonValue child = QJsonValue::Undefined;
        if (value.isArray() && !value.toArray().isEmpty())
            child = value.toArray().first();
        else if (value.isObject() && value.toObject().contains(QLatin1String("0")))
            child = value.toObject().value(QLatin1String("0"));
        checkOffset(compact, pointer + QStringLiteral("/0"), child);

        if (value.isObject()) {
            const QJsonObject object = value.toObject();
            for (auto it = object.begin(); it != object.end() && budget > 0; ++it) {
                const QString step = isPlainName(it.key()) ? u'.' + it.key() : quotedMember(it.key());
                visit(it.value(), pointer + u'/' + pointerToken(it.key()), jsonPath + step, negativePath + step);
            }
        } else if (value.isArray()) {
            const QJsonArray array = value.toArray();
            for (qsizetype i = 0; i < array.size() && budget > 0; ++i)
                visit(array.at(i), pointer + u'/' + QString::number(i), jsonPath + QStringLiteral("[%1]").arg(i),
                      negativePath + QStringLiteral("[%1]").arg(i - array.size()));
        }
    }
};

qsizetype countValues(const QJsonValue &value)
{
    qsizetype n = 1;
    if (value.isObject()) {
        for (const QJsonValue &member : value.toObject())
            n += countValues(member);
    } else if (value.isArray()) {
        for (const QJsonValue &item : value.toArray())
            n += countValues(item);
    }
    return n;
}

void fuzzJsonPath(const QByteArray &input)
{
    const qsizetype nul = input.indexOf('\0');
    const QString text = QString::fromUtf8(nul < 0 ? input : input.left(nul));
    const QByteArray json = nul < 0 ? QByteArray() : input.mid(nul + 1);
    const QJsonDocument document = QJsonDocument::fromJson(json);
    const QJsonValue root = document.isArray() ? QJsonValue(document.array()) : QJsonValue(document.object());

    // Any text: a path or a reason why not; what a path selects is in the document, once each.
    QString error;
    const JsonPath path = JsonPath::parse(text, &error);
    FUZZ_CHECK(path.isValid() == error.isEmpty());
    FUZZ_CHECK(path.text() == text);
    const QList<QJsonValue> selected = path.select(root);
    FUZZ_CHECK(path.isValid() || selected.isEmpty());
    FUZZ_CHECK(selected.size() <= countValues(root));
    // On valid JSON text the scanner stays inside it.
    if (!document.isNull()) {
        const qsizetype offset = jsonPointerOffset(json, text.startsWith(u'/') ? text : QString());
        FUZZ_CHECK(offset >= -1 && offset < json.size());
    }

    // Every value of the document, by pointer and by JSONPath.
    PathWalk walk;
    walk.root = root;
    const QJsonDocument normal = document.isArray() ? QJsonDocument(root.toArray()) : QJsonDocument(root.toObject());
    walk.compact = normal.toJson(QJsonDocument::Compact);
    walk.indented = normal.toJson(QJsonDocument::Indented);
    walk.visit(root, QString(), QStringLiteral("$"), QStringLiteral("$"));
}

// ---- replay plans -------------------------------------------------------------------------

bool isLifecycle(const QString &method)
{
    return method == QLatin1String("initialize") || method == QLatin1String("server/discover")
        || method == QLatin1String("subscriptions/listen") || method == QLatin1String("ping");
}

void checkPlan(const CapturedMessages &capture, const ReplayPlan &plan)
{
    qsizetype requests = 0;
    qsizetype answers = 0; // a client's answer to a server request, or one of a retry's inputResponses
    for (const CapturedMessage &m : capture.messages) {
        if (m.connectionId != plan.connectionId)
            continue;
        answers += 1 + m.message.value(QLatin1String("params")).toObject().value(QLatin1String("inputResponses")).toObject().size();
        if (m.outgoing && m.message.contains(QLatin1String("method")) && m.message.contains(QLatin1String("id")))
            ++requests;
    }
    FUZZ_CHECK(plan.skipped >= 0 && plan.steps.size() + plan.skipped <= requests);
    for (qsizetype i = 0; i < plan.steps.size(); ++i) {
        const ReplayStep &step = plan.steps.at(i);
        FUZZ_CHECK(step.ordinal == i + 1);
        FUZZ_CHECK(!step.method.isEmpty() && !isLifecycle(step.method));
        for (const char *member : {"_meta", "inputResponses", "requestState"})
            FUZZ_CHECK(!step.params.contains(QLatin1String(member)));
        if (step.recorded)
            FUZZ_CHECK(step.recorded->contains(QLatin1String("result")) != step.recorded->contains(QLatin1String("error")));
        FUZZ_CHECK(step.answers.elicitation.size() + step.answers.sampling.size() <= answers);
    }

    // As a collection: one call per step, each sent as recorded.
    CollectionServer server;
    server.name = QStringLiteral("replayed");
    const Collection collection = plan.toCollection(server);
    FUZZ_CHECK(collection.calls.size() == plan.steps.size());
    for (const CollectionCall &call : collection.calls)
        FUZZ_CHECK(call.paramsAsRecorded && call.server == server.name && !call.method.isEmpty());

    // Answered exactly as recorded, no step differs; a step never sent always does.
    RunReport report;
    QList<bool> comparable;
    for (const ReplayStep &step : plan.steps) {
        CallReport call;
        bool exact = false;
        if (step.recorded) {
            call.outcome.ran = true;
            if (step.recorded->contains(QLatin1String("error"))) {
                QJsonObject error = step.recorded->value(QLatin1String("error")).toObject();
                call.outcome.response.error = RpcError::fromJson(error);
                // An error with members RpcError does not keep comes back different; fine.
                error.remove(QLatin1String("data"));
                QJsonObject kept = call.outcome.response.error->toJson();
                kept.remove(QLatin1String("data"));
                exact = step.recorded->value(QLatin1String("error")).isObject() && kept == error;
            } else {
                call.outcome.response.result = step.recorded->value(QLatin1String("result"));
                exact = true;
            }
        }
        comparable.append(exact);
        report.calls.append(call);
    }
    const QList<ReplayStepResult> results = compareReplay(plan, report);
    FUZZ_CHECK(results.size() == plan.steps.size());
    for (qsizetype i = 0; i < results.size(); ++i) {
        const ReplayStepResult &r = results.at(i);
        FUZZ_CHECK(r.differences.size() <= 20);
        if (!plan.steps.at(i).recorded)
            FUZZ_CHECK(!r.same());
        else if (comparable.at(i))
            FUZZ_CHECK(r.same());
        for (const ReplayDifference &d : r.differences)
            FUZZ_CHECK(d.recorded != d.replayed && d.path.startsWith(u'$'));
    }
}

void fuzzReplay(const QByteArray &text)
{
    // As CapturedMessages::readFile tells the two formats apart.
    const bool har = text.trimmed().startsWith('{') && QJsonDocument::fromJson(text).object().contains(QLatin1String("log"));
    const CapturedMessages capture = har ? CapturedMessages::fromHar(text) : CapturedMessages::fromJsonLines(text);
    if (!capture.error.isEmpty())
        return;
    const ReplayPlan first = ReplayPlan::fromCapture(capture);
    checkPlan(capture, first);
    // Every connection of the capture, as `mcpscope replay --connection N` picks one.
    QList<int> ids;
    for (const CapturedMessage &m : capture.messages) {
        if (!ids.contains(m.connectionId) && ids.size() < 4)
            ids.append(m.connectionId);
    }
    for (int id : std::as_const(ids)) {
        const ReplayPlan plan = ReplayPlan::fromCapture(capture, id);
        if (id != 0)
            FUZZ_CHECK(plan.connectionId == id);
        checkPlan(capture, plan);
    }
    // What naturally varies is taken out once and for all; a value never differs from itself.
    for (const CapturedMessage &m : capture.messages) {
        const QJsonValue normal = normalizedAnswer(m.message);
        FUZZ_CHECK(normalizedAnswer(normal.toObject()) == normal);
        FUZZ_CHECK(jsonDifferences(m.message, m.message).isEmpty());
    }
    if (capture.messages.size() >= 2) {
        const QList<ReplayDifference> d = jsonDifferences(capture.messages.at(0).message, capture.messages.at(1).message, 5);
        FUZZ_CHECK(d.size() <= 5);
        for (const ReplayDifference &difference : d)
            FUZZ_CHECK(difference.recorded != difference.replayed);
    }
}

} // namespace

FUZZ_INITIALIZE(Mcp::Fuzz::startApplication())

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return Mcp::Fuzz::dispatch(data, size, {fuzzCollection, fuzzJsonPath, fuzzReplay});
}
