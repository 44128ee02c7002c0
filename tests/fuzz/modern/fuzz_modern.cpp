// What a modern (2026-07-28) server sends that the client acts on. The first byte picks:
//   0: a sequence of results for one multi round-trip request (a JSON array; a string element is
//      an error answer), answered by a handler that accepts, declines or answers late;
//   1: a tool's inputSchema and arguments ([schema, arguments]) for the x-mcp-header rules;
//   2: request params and a method name ([params, method]) for _meta and the standard headers.
// Invariants: a retry carries the original params, the requestState exactly as sent and answers
// only to keys that were asked; rounds stay bounded; no header value holds a byte outside
// visible ASCII, space and tab, and every encoded value decodes to what was encoded.

#include "fuzzcommon.h"
#include "session/modern/multiroundtrip.h"
#include "session/modern/requestmeta.h"
#include "transport/modernheaders.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

using namespace Mcp;
using namespace Mcp::Modern;

namespace {

// Accepts, declines or keeps each input request by its position, as the flags byte says.
class Handler : public InputRequestHandler
{
public:
    explicit Handler(uint8_t flags) : m_flags(flags) {}
    void handleInputRequest(const InputRequest &request, InputReply *reply) override
    {
        FUZZ_CHECK(!request.key.isNull());
        switch ((m_flags >> (2 * (m_count++ % 4))) & 3) {
        case 0:
            reply->answer(QJsonObject{{QStringLiteral("action"), QStringLiteral("accept")}});
            break;
        case 1:
            reply->decline();
            break;
        default:
            later.append(reply);
            break;
        }
    }
    QList<QPointer<InputReply>> later;

private:
    uint8_t m_flags;
    int m_count = 0;
};

QJsonArray parseArray(QByteArrayView text)
{
    return QJsonDocument::fromJson(text.toByteArray()).array();
}

// A header value must be a valid field value (RFC 9110: VCHAR, SP, HTAB; no CR, LF or NUL).
void checkHeaderValue(const QByteArray &value)
{
    for (char c : value)
        FUZZ_CHECK(c == '\t' || (uchar(c) >= 0x20 && uchar(c) < 0x7f));
}

void checkEncoding(const QString &text)
{
    const QByteArray encoded = ModernHeaders::encodeValue(text);
    checkHeaderValue(encoded);
    QString decoded;
    if (encoded.startsWith("=?base64?") && encoded.endsWith("?=") && encoded.size() >= 11)
        decoded = QString::fromUtf8(QByteArray::fromBase64(encoded.mid(9, encoded.size() - 11)));
    else
        decoded = QString::fromLatin1(encoded);
    // A lone surrogate (a JSON string may hold one, UTF-8 cannot) arrives as U+FFFD: the header
    // carries the text as UTF-8 can spell it.
    FUZZ_CHECK(decoded == QString::fromUtf8(text.toUtf8()));
}

void fuzzRoundTrips(uint8_t flags, QByteArrayView text)
{
    static const QString methods[] = {QStringLiteral("tools/call"), QStringLiteral("prompts/get"),
                                      QStringLiteral("resources/read"), QStringLiteral("tools/list")};
    const QJsonArray answers = parseArray(text);
    const QJsonObject params{{QStringLiteral("name"), QStringLiteral("t")},
                             {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("a"), 1}}}};
    const QJsonObject capabilities{{QStringLiteral("elicitation"), QJsonObject()},
                                   {QStringLiteral("roots"), QJsonObject()}};
    Handler handler(flags);
    MultiRoundTripRequest request(methods[(flags >> 4) % 4], params, &handler, capabilities);
    request.setMaxRounds(3);
    request.setStateOnlyRetryDelay(0);
    int sent = 0;
    QJsonObject lastResult;
    for (const QJsonValue &answer : answers) {
        if (request.state() == MultiRoundTripRequest::State::CollectingInput) {
            for (const QPointer<InputReply> &reply : std::as_const(handler.later)) {
                if (reply && !reply->isDone())
                    reply->answer(QJsonObject{{QStringLiteral("late"), true}});
            }
            handler.later.clear();
            QCoreApplication::sendPostedEvents();
            QCoreApplication::processEvents();
        }
        if (request.state() == MultiRoundTripRequest::State::ReadyToSend) {
            const QJsonObject now = request.params();
            // The original params, plus what the last input_required result asked to carry.
            for (auto it = params.constBegin(); it != params.constEnd(); ++it)
                FUZZ_CHECK(now.value(it.key()) == it.value());
            if (sent > 0) {
                const QJsonValue state = lastResult.value(QLatin1String("requestState"));
                FUZZ_CHECK(now.value(QLatin1String("requestState")) == state);
                const QJsonObject asked = lastResult.value(QLatin1String("inputRequests")).toObject();
                const QJsonObject responses = now.value(QLatin1String("inputResponses")).toObject();
                for (auto it = responses.constBegin(); it != responses.constEnd(); ++it)
                    FUZZ_CHECK(asked.contains(it.key()));
            }
            request.sent(MessageId(qint64(++sent)));
            FUZZ_CHECK(request.state() == MultiRoundTripRequest::State::AwaitingResult);
        }
        if (request.state() != MultiRoundTripRequest::State::AwaitingResult)
            break;
        if (answer.isString()) {
            request.errorReceived(answer.toString());
            FUZZ_CHECK(request.state() == MultiRoundTripRequest::State::Failed);
            break;
        }
        lastResult = answer.toObject();
        (void)resultTypeOf(lastResult);
        (void)serverInfoOf(lastResult);
        request.resultReceived(lastResult);
    }
    const QList<RoundRecord> rounds = request.rounds();
    FUZZ_CHECK(rounds.size() == sent);
    // One round more than the limit is where it stops asking.
    FUZZ_CHECK(std::count_if(rounds.cbegin(), rounds.cend(), [](const RoundRecord &r) { return r.inputRequired; }) <= 4);
    if (request.state() == MultiRoundTripRequest::State::Failed)
        FUZZ_CHECK(!request.errorMessage().isEmpty());
    request.cancel();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
}

void fuzzToolHeaders(QByteArrayView text)
{
    const QJsonArray parts = parseArray(text);
    const ModernHeaders::ToolHeaders tool = ModernHeaders::ToolHeaderRules::inspect(parts.at(0).toObject());
    if (!tool.valid) {
        FUZZ_CHECK(!tool.reason.isEmpty());
        return;
    }
    QString error;
    const ModernHeaders::HeaderList headers =
        ModernHeaders::ToolHeaderRules::paramHeaders(tool, parts.at(1).toObject(), &error);
    FUZZ_CHECK(headers.size() <= tool.parameters.size());
    for (const auto &header : headers) {
        FUZZ_CHECK(header.first.startsWith(ModernHeaders::ParamPrefix));
        // The name part is an RFC 9110 token: nothing to break the header line.
        checkHeaderValue(header.first);
        FUZZ_CHECK(!header.first.contains(' ') && !header.first.contains(':'));
        checkHeaderValue(header.second);
    }
}

void fuzzMeta(QByteArrayView text)
{
    const QJsonArray parts = parseArray(text);
    const QJsonObject params = parts.at(0).toObject();
    const QString method = parts.at(1).toString();
    RequestMeta meta;
    meta.protocolVersion = QStringLiteral("2026-07-28");
    meta.clientInfo = QJsonObject{{QStringLiteral("name"), QStringLiteral("fuzz")}};
    meta.extensions = parts.at(2).toObject();
    meta.logLevel = parts.at(3).toString();
    const QJsonObject applied = meta.applyTo(params);
    FUZZ_CHECK(ModernHeaders::metaProtocolVersion(applied) == meta.protocolVersion);
    // Other _meta keys (progress tokens, trace context) stay.
    const QJsonObject before = params.value(QLatin1String("_meta")).toObject();
    const QJsonObject after = applied.value(QLatin1String("_meta")).toObject();
    for (auto it = before.constBegin(); it != before.constEnd(); ++it) {
        if (!it.key().startsWith(QLatin1String("io.modelcontextprotocol/")))
            FUZZ_CHECK(after.value(it.key()) == it.value());
    }
    for (const auto &header : ModernHeaders::standardHeaders(meta.protocolVersion, method, params))
        checkHeaderValue(header.second);
    checkEncoding(method);
    checkEncoding(params.value(QLatin1String("name")).toString());
    checkEncoding(params.value(QLatin1String("uri")).toString());
}

} // namespace

FUZZ_INITIALIZE(Mcp::Fuzz::startApplication())

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const QByteArrayView text = Mcp::Fuzz::bytes(data, size, 2);
    switch (data[0] % 3) {
    case 0:
        fuzzRoundTrips(data[1], text);
        break;
    case 1:
        fuzzToolHeaders(text);
        break;
    default:
        fuzzMeta(text);
        break;
    }
    return 0;
}
