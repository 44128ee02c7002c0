// parseFrame() and summarizeFrame(): JSON-RPC frames through simdjson (see json.h for why).

#include "json_p.h"
#include "message.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

namespace Mcp {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(Mcp::parseFrame)
};

enum class Payload { Convert, TypeOnly };

// The members of a message object that Message::fromJson() looks at, converted to Qt types.
// With Payload::TypeOnly, params and result become empty stand-ins of the same JSON type so
// that the checks still see what they need while the bulk of the frame is never converted.
QJsonObject envelope(simdjson::dom::object object, Payload payload)
{
    QJsonObject result;
    for (simdjson::dom::key_value_pair field : object) {
        const std::string_view key = field.key;
        if (key == "jsonrpc" || key == "id" || key == "method" || key == "error") {
            result.insert(Json::Internal::toQString(key), Json::Internal::toQt(field.value));
        } else if (key == "params" || key == "result") {
            QJsonValue value;
            if (payload == Payload::Convert) {
                value = Json::Internal::toQt(field.value);
            } else if (field.value.is_object()) {
                value = QJsonObject();
            } else if (field.value.is_array()) {
                value = QJsonArray();
            } else {
                value = QJsonValue(QJsonValue::Null); // only its presence matters for result
            }
            result.insert(Json::Internal::toQString(key), value);
        }
    }
    return result;
}

bool messageFrom(simdjson::dom::element element, Payload payload, Message *message, QString *diagnostic)
{
    if (!element.is_object()) {
        *diagnostic = Tr::tr("not a JSON object");
        return false;
    }
    return Message::fromJson(envelope(element.get_object().value_unsafe(), payload), message, diagnostic);
}

QString notJson(const QString &why)
{
    return Tr::tr("not valid JSON: %1").arg(why);
}

QString batchElement(size_t index, const QString &diagnostic)
{
    return Tr::tr("batch element %1: %2").arg(index).arg(diagnostic);
}

} // namespace

ParsedFrame parseFrame(QByteArrayView frame)
{
    ParsedFrame parsed;
    QString error;
    const bool ok = Json::Internal::withDocument(frame, &error, [&parsed](simdjson::dom::element root) {
        if (root.is_array()) {
            parsed.batch = true;
            const simdjson::dom::array array = root.get_array().value_unsafe();
            if (array.size() == 0)
                parsed.diagnostics.append(Tr::tr("empty batch"));
            size_t index = 0;
            for (simdjson::dom::element item : array) {
                Message message;
                QString diagnostic;
                if (messageFrom(item, Payload::Convert, &message, &diagnostic))
                    parsed.messages.append(message);
                else
                    parsed.diagnostics.append(batchElement(index, diagnostic));
                ++index;
            }
            return;
        }
        Message message;
        QString diagnostic;
        if (messageFrom(root, Payload::Convert, &message, &diagnostic))
            parsed.messages.append(message);
        else
            parsed.diagnostics.append(diagnostic);
    });
    if (!ok)
        parsed.diagnostics.append(notJson(error));
    return parsed;
}

MessageSummary summarizeFrame(QByteArrayView frame)
{
    MessageSummary summary;
    QString error;
    const bool ok = Json::Internal::withDocument(frame, &error, [&summary](simdjson::dom::element root) {
        simdjson::dom::element first = root;
        if (root.is_array()) {
            summary.batch = true;
            const simdjson::dom::array array = root.get_array().value_unsafe();
            summary.count = int(array.size());
            if (summary.count == 0) {
                summary.diagnostic = Tr::tr("empty batch");
                return;
            }
            first = array.at(0).value_unsafe();
        } else {
            summary.count = 1;
        }
        Message message;
        QString diagnostic;
        if (!messageFrom(first, Payload::TypeOnly, &message, &diagnostic)) {
            summary.diagnostic = summary.batch ? batchElement(0, diagnostic) : diagnostic;
            return;
        }
        summary.valid = true;
        summary.kind = message.kind();
        summary.id = message.id();
        summary.method = message.method();
        if (message.isErrorResponse()) {
            summary.errorCode = message.error().code;
            summary.errorMessage = message.error().message;
        }
    });
    if (!ok)
        summary.diagnostic = notJson(error);
    return summary;
}

} // namespace Mcp
