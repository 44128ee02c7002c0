// URI templates from untrusted sides: a resource template a server lists (expanded by the
// window) and a URI a client asks a template-backed server for (matched by UriTemplate).
// Input: template, NUL, URI, NUL, values (one per variable, NUL-separated).
// Invariants: an expansion matches its own template; a match expands back to an equivalent URI.

#include "resources/uritemplateexpander.h"
#include "fuzzcommon.h"
#include "server/uritemplate.h"


#include <cstddef>
#include <cstdint>

using namespace Mcp;

FUZZ_INITIALIZE()

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QList<QByteArray> parts = Mcp::Fuzz::parts(data, size);
    const QString pattern = QString::fromUtf8(parts.value(0));
    const QString uri = QString::fromUtf8(parts.value(1));

    // The window's expander, with a value for every variable it finds.
    const QStringList names = Ui::UriTemplateExpander::variableNames(pattern);
    QMap<QString, QString> values;
    for (qsizetype i = 0; i < names.size(); ++i)
        values.insert(names.at(i), QString::fromUtf8(parts.value(2 + i)));
    const QString expanded = Ui::UriTemplateExpander::expand(pattern, values);
    // Values are cut at code points (":n" prefixes) and encoded whole: no broken characters
    // (an encoded U+FFFD) appear unless the template or a value had one.
    const QLatin1String replacement("%EF%BF%BD");
    if (expanded.contains(replacement)) {
        FUZZ_CHECK(pattern.contains(replacement) || pattern.contains(QChar(0xFFFD))
                   || std::any_of(values.cbegin(), values.cend(),
                                  [](const QString &v) { return v.contains(QChar(0xFFFD)); }));
    }

    // The server framework's matcher.
    const UriTemplate uriTemplate(pattern);
    if (!uriTemplate.isValid())
        return 0;
    QMap<QString, QString> matched;
    if (uriTemplate.match(uri, &matched)) {
        FUZZ_CHECK(matched.size() <= uriTemplate.variableNames().size());
        // What was matched expands to a URI the template matches again.
        const QString again = uriTemplate.expand(matched);
        QMap<QString, QString> rematched;
        FUZZ_CHECK(uriTemplate.match(again, &rematched));
    }
    QMap<QString, QString> ours;
    for (const QString &name : uriTemplate.variableNames())
        ours.insert(name, QString::fromUtf8(parts.value(2 + ours.size())));
    const QString built = uriTemplate.expand(ours);
    bool allNonEmpty = std::all_of(ours.cbegin(), ours.cend(), [](const QString &v) { return !v.isEmpty(); });
    if (allNonEmpty && uriTemplate.variableNames().size() == ours.size()) {
        if (!uriTemplate.match(built))
            std::fprintf(stderr, "template: %s\nexpanded: %s\n", qPrintable(pattern), qPrintable(built));
        FUZZ_CHECK(uriTemplate.match(built));
    }
    return 0;
}
