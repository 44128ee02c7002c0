#pragma once

// Shared by the form tests: the demo server over stdio as a window Connection, the messages the
// client sent it, and a walk over a built form's fields.

#include "connection/connection.h"
#include "schema/formfield.h"
#include "transport/stdiotransport.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QStringList>

#include <memory>

// Settings of the test's own, emptied: the forms remember what was typed in an earlier run.
inline void freshSettings(const QString &testName)
{
    QCoreApplication::setOrganizationName(QStringLiteral("mcpscope-test"));
    QCoreApplication::setApplicationName(testName);
    QSettings().clear();
}

// The demo server (with arguments) in the legacy era, which the form tests' wire checks assert;
// no pings. Not connected yet.
inline std::unique_ptr<Mcp::Ui::Connection> legacyDemoConnection(const QStringList &arguments = {})
{
    Mcp::Ui::Connection::Options options;
    options.pingIntervalMs = 0;
    options.client.era = Mcp::Modern::EraChoice{Mcp::Modern::EraChoice::Mode::Legacy, {}};
    return std::make_unique<Mcp::Ui::Connection>(1, QStringLiteral("demo"), [arguments] {
        Mcp::StdioServerParameters parameters;
        parameters.program = QStringLiteral(MCPSCOPE_DEMO_SERVER);
        parameters.arguments = arguments;
        parameters.closeStdinGraceMs = 500;
        parameters.terminateGraceMs = 500;
        return new Mcp::StdioTransport(parameters);
    }, options);
}

// Every message a connection's client sends, kept in order.
class SentMessages
{
public:
    void watch(Mcp::Ui::Connection *connection, QObject *context)
    {
        QObject::connect(connection, &Mcp::Ui::Connection::trafficBatch, context, [this](const QList<Mcp::TrafficEvent> &events) {
            for (const Mcp::TrafficEvent &event : events)
                if (event.direction == Mcp::TrafficEvent::Direction::Outgoing && event.kind == Mcp::TrafficEvent::Kind::Message)
                    m_messages.append(QJsonDocument::fromJson(event.raw).object());
        });
    }

    // The ones with this method.
    QList<QJsonObject> operator()(const QString &method) const
    {
        QList<QJsonObject> out;
        for (const QJsonObject &m : m_messages)
            if (m.value(QLatin1String("method")).toString() == method)
                out.append(m);
        return out;
    }

private:
    QList<QJsonObject> m_messages;
};

// Calls visit on field and on every field below it (children, variants, the item field).
template<typename Visit>
void visitFields(const Mcp::FormFieldPtr &field, const Visit &visit)
{
    if (!field)
        return;
    visit(field);
    for (const Mcp::FormFieldPtr &child : field->children)
        visitFields(child, visit);
    for (const Mcp::FormFieldPtr &variant : field->variants)
        visitFields(variant, visit);
    if (field->itemField)
        visitFields(field->itemField, visit);
}

// Whether the field is shown as a JSON editor although its schema says what it is.
inline bool rawThoughTyped(const Mcp::FormField &field)
{
    const bool any = field.schema.isBool() || field.schema.toObject().isEmpty();
    return field.kind == Mcp::FormField::Kind::Raw && !any;
}
