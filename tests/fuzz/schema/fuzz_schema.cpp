// A tool's inputSchema (or an elicitation's requestedSchema) comes from the server: deep
// nesting, $ref cycles and huge enums must neither crash nor hang any part of the schema layer.
// Input: the schema's JSON text, optionally followed by a NUL byte and an instance to fill the
// form with and validate. Invariant: a form's value, put back into a fresh form, comes out the same.

#include "fuzzcommon.h"
#include "schema/formfield.h"
#include "schema/formstate.h"
#include "schema/schemanormalizer.h"
#include "schema/schemaresolver.h"
#include "schema/schemavalidator.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cstddef>
#include <cstdint>

using namespace Mcp;

namespace {

// Visits every field as the form widgets would, opening deferred (recursive) parts a few
// levels deep, within a bounded number of fields.
void walk(const FormBuilder &builder, FormFieldPtr field, int depth, int *budget)
{
    if (!field || --*budget < 0)
        return;
    (void)field->displayName();
    (void)FormField::kindName(field->kind);
    if (field->deferred) {
        if (depth > 4)
            return;
        field = builder.expand(field);
        FUZZ_CHECK(field && !field->deferred);
    }
    for (const FormFieldPtr &child : std::as_const(field->children))
        walk(builder, child, depth + 1, budget);
    for (const FormFieldPtr &variant : std::as_const(field->variants))
        walk(builder, variant, depth + 1, budget);
    for (const PatternField &pattern : std::as_const(field->patternFields))
        walk(builder, pattern.field, depth + 1, budget);
    walk(builder, field->itemField, depth + 1, budget);
}

QJsonValue parseValue(QByteArrayView text, bool *ok)
{
    // Wrapped, so that scalars (a boolean schema, a number instance) parse too.
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson("[" + text.toByteArray() + "]", &error);
    *ok = error.error == QJsonParseError::NoError && document.array().size() == 1;
    return *ok ? document.array().at(0) : QJsonValue();
}

} // namespace

FUZZ_INITIALIZE()

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView input = Mcp::Fuzz::bytes(data, size);
    const qsizetype nul = input.indexOf('\0');
    bool ok = false;
    const QJsonValue schema = parseValue(nul < 0 ? input : input.first(nul), &ok);
    if (!ok)
        return 0;
    bool haveInstance = false;
    const QJsonValue instance = nul < 0 ? QJsonValue() : parseValue(input.sliced(nul + 1), &haveInstance);

    const SchemaResolver resolver(schema);
    (void)resolver.resolve(schema, QString());
    if (schema.isObject()) {
        const QString ref = schema.toObject().value(QLatin1String("$ref")).toString();
        if (!ref.isEmpty())
            (void)resolver.resolveRef(ref);
    }
    (void)schemaDialect(schema);
    QStringList unsupported;
    (void)SchemaNormalizer::forDraft07(schema, &unsupported);

    const FormBuilder builder(schema);
    int budget = 2000;
    walk(builder, builder.build(), 0, &budget);

    FormState form(schema);
    form.applyDefaults();
    const QJsonValue value = form.toJson();
    FormState copy(schema);
    copy.fromJson(value);
    FUZZ_CHECK(copy.toJson() == value);

    const SchemaValidator validator(schema);
    (void)validator.validate(value).summary();
    if (haveInstance) {
        (void)validator.validate(instance).summary();
        FormState filled(schema);
        filled.fromJson(instance);
        const QJsonValue back = filled.toJson();
        FormState refilled(schema);
        refilled.fromJson(back);
        FUZZ_CHECK(refilled.toJson() == back);
        if (instance.isObject()) {
            const QJsonObject members = instance.toObject();
            for (auto it = members.constBegin(); it != members.constEnd(); ++it)
                (void)filled.setValue(QLatin1Char('/') + JsonPointer::escape(it.key()), it.value());
        }
    }
    return 0;
}
