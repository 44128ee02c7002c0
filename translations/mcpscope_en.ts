<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>CacheNote</name>
    <message numerus="yes">
        <source>answered from the cache, fresh for %n s</source>
        <translation>
            <numerusform>answered from the cache, fresh for %n s</numerusform>
            <numerusform>answered from the cache, fresh for %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the server lets this list be kept for %n s</source>
        <translation>
            <numerusform>the server lets this list be kept for %n s</numerusform>
            <numerusform>the server lets this list be kept for %n s</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Client</name>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n s</numerusform>
            <numerusform>%n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ms</source>
        <translation>
            <numerusform>%n ms</numerusform>
            <numerusform>%n ms</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped listing %1 after %n page(s); the server still had more.</source>
        <translation>
            <numerusform>Stopped listing %1 after %n page; the server still had more.</numerusform>
            <numerusform>Stopped listing %1 after %n pages; the server still had more.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::McpJson</name>
    <message numerus="yes">
        <source>%n server(s) listed under &quot;projects&quot; were not imported; open the project folder or import its .mcp.json instead.</source>
        <translation>
            <numerusform>%n server listed under &quot;projects&quot; were not imported; open the project folder or import its .mcp.json instead.</numerusform>
            <numerusform>%n servers listed under &quot;projects&quot; were not imported; open the project folder or import its .mcp.json instead.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: the command &quot;%2&quot; is a whole command line; split into the program and %n argument(s).</source>
        <translation>
            <numerusform>%1: the command &quot;%2&quot; is a whole command line; split into the program and %n argument.</numerusform>
            <numerusform>%1: the command &quot;%2&quot; is a whole command line; split into the program and %n arguments.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Modern::MultiRoundTripRequest</name>
    <message numerus="yes">
        <source>The server still asked for input after %n round(s) of %1; MCP Scope stopped there.</source>
        <translation>
            <numerusform>The server still asked for input after %n round of %1; MCP Scope stopped there.</numerusform>
            <numerusform>The server still asked for input after %n rounds of %1; MCP Scope stopped there.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Record::CaptureWriter</name>
    <message numerus="yes">
        <source>The recorder could not record %n message(s) or chunk(s) (%1 of traffic); all traffic was passed on.</source>
        <translation>
            <numerusform>The recorder could not record %n message or chunk (%1 of traffic); all traffic was passed on.</numerusform>
            <numerusform>The recorder could not record %n messages or chunks (%1 of traffic); all traffic was passed on.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Record::LiveFeed</name>
    <message numerus="yes">
        <source>%n earlier event(s) are not shown here; the capture file has them all</source>
        <translation>
            <numerusform>%n earlier event are not shown here; the capture file has them all</numerusform>
            <numerusform>%n earlier events are not shown here; the capture file has them all</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::ServerCatalog</name>
    <message numerus="yes">
        <source>%n server(s) recovered from the broken file; command approvals were not.</source>
        <translation>
            <numerusform>%n server recovered from the broken file; command approvals were not.</numerusform>
            <numerusform>%n servers recovered from the broken file; command approvals were not.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Session</name>
    <message numerus="yes">
        <source>Not restarting: the server failed %n times in a row shortly after starting.</source>
        <translation>
            <numerusform>Not restarting: the server failed %n time in a row shortly after starting.</numerusform>
            <numerusform>Not restarting: the server failed %n times in a row shortly after starting.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::StdioTransport</name>
    <message numerus="yes">
        <source>%n byte(s) were not delivered: the server&apos;s stdin is closed.</source>
        <translation>
            <numerusform>%n byte were not delivered: the server's stdin is closed.</numerusform>
            <numerusform>%n bytes were not delivered: the server's stdin is closed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s) were not delivered: writing to the server&apos;s stdin failed (%1).</source>
        <translation>
            <numerusform>%n byte were not delivered: writing to the server's stdin failed (%1).</numerusform>
            <numerusform>%n bytes were not delivered: writing to the server's stdin failed (%1).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::StreamableHttpTransport</name>
    <message numerus="yes">
        <source>Authorized; resending %n held message(s)</source>
        <translation>
            <numerusform>Authorized; resending %n held message</numerusform>
            <numerusform>Authorized; resending %n held messages</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::TrafficCapture</name>
    <message numerus="yes">
        <source>HAR holds HTTP exchanges, and none of these %n event(s) crossed HTTP (a stdio connection&apos;s messages have no HTTP request): no HAR file was written. Export as JSON Lines to keep them.</source>
        <translation>
            <numerusform>HAR holds HTTP exchanges, and none of these %n event crossed HTTP (a stdio connection&apos;s messages have no HTTP request): no HAR file was written. Export as JSON Lines to keep them.</numerusform>
            <numerusform>HAR holds HTTP exchanges, and none of these %n events crossed HTTP (a stdio connection&apos;s messages have no HTTP request): no HAR file was written. Export as JSON Lines to keep them.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::CaptureWindow</name>
    <message numerus="yes">
        <source>%n event(s)</source>
        <translation>
            <numerusform>%n event</numerusform>
            <numerusform>%n events</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) skipped (first: line %1, %2)</source>
        <translation>
            <numerusform>%n line skipped (first: line %1, %2)</numerusform>
            <numerusform>%n lines skipped (first: line %1, %2)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The recording has ended; %n event(s)</source>
        <translation>
            <numerusform>The recording has ended; %n event</numerusform>
            <numerusform>The recording has ended; %n events</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The recording has ended; %n event(s), saved in %1</source>
        <translation>
            <numerusform>The recording has ended; %n event, saved in %1</numerusform>
            <numerusform>The recording has ended; %n events, saved in %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::CollectionRunDialog</name>
    <message numerus="yes">
        <source>%1: %n call(s)</source>
        <translation>
            <numerusform>%1: %n call</numerusform>
            <numerusform>%1: %n calls</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::CompareDialog</name>
    <message numerus="yes">
        <source>%n change(s)</source>
        <translation>
            <numerusform>%n change</numerusform>
            <numerusform>%n changes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n breaking for clients of %1</source>
        <translation>
            <numerusform>%n breaking for clients of %1</numerusform>
            <numerusform>%n breaking for clients of %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::DoctorDialog</name>
    <message numerus="yes">
        <source>%1: no errors and no warnings (%n note(s)).</source>
        <translation>
            <numerusform>%1: no errors and no warnings (%n note).</numerusform>
            <numerusform>%1: no errors and no warnings (%n notes).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::IconFetcher</name>
    <message numerus="yes">
        <source>more than %n redirect(s)</source>
        <translation>
            <numerusform>more than %n redirect</numerusform>
            <numerusform>more than %n redirects</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::ImportDialog</name>
    <message numerus="yes">
        <source>%1: %n server(s)</source>
        <translation>
            <numerusform>%1: %n server</numerusform>
            <numerusform>%1: %n servers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n name conflict(s): choose what to do in the Action column</source>
        <translation>
            <numerusform>%n name conflict: choose what to do in the Action column</numerusform>
            <numerusform>%n name conflicts: choose what to do in the Action column</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::JsonTree</name>
    <message numerus="yes">
        <source>{%n member(s)}</source>
        <translation>
            <numerusform>{%n member}</numerusform>
            <numerusform>{%n members}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>[%n item(s)]</source>
        <translation>
            <numerusform>[%n item]</numerusform>
            <numerusform>[%n items]</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::LazyJsonTree</name>
    <message numerus="yes">
        <source>%n more (copy or save the JSON to see them)</source>
        <translation>
            <numerusform>%n more (copy or save the JSON to see them)</numerusform>
            <numerusform>%n more (copy or save the JSON to see them)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{%n member(s)}</source>
        <translation>
            <numerusform>{%n member}</numerusform>
            <numerusform>{%n members}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>[%n item(s)]</source>
        <translation>
            <numerusform>[%n item]</numerusform>
            <numerusform>[%n items]</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more</source>
        <translation>
            <numerusform>%n more</numerusform>
            <numerusform>%n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::ListDiffView</name>
    <message numerus="yes">
        <source>%1: %n change(s)</source>
        <translation>
            <numerusform>%1: %n change</numerusform>
            <numerusform>%1: %n changes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::LogsPage</name>
    <message numerus="yes">
        <source>%n old message(s) dropped</source>
        <translation>
            <numerusform>%n old message dropped</numerusform>
            <numerusform>%n old messages dropped</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::MainWindow</name>
    <message numerus="yes">
        <source>Imported %n server(s). Their commands run only after you confirm them.</source>
        <translation>
            <numerusform>Imported %n server. Their commands run only after you confirm them.</numerusform>
            <numerusform>Imported %n servers. Their commands run only after you confirm them.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::PromptsView</name>
    <message numerus="yes">
        <source>%n prompt(s)</source>
        <translation>
            <numerusform>%n prompt</numerusform>
            <numerusform>%n prompts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) in %1</source>
        <translation>
            <numerusform>%n message in %1</numerusform>
            <numerusform>%n messages in %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::ReplayDialog</name>
    <message numerus="yes">
        <source>%1 (connection %2, %n request(s))</source>
        <translation>
            <numerusform>%1 (connection %2, %n request)</numerusform>
            <numerusform>%1 (connection %2, %n requests)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) to replay</source>
        <translation>
            <numerusform>%n request to replay</numerusform>
            <numerusform>%n requests to replay</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lifecycle request(s) (initialize, ping…) left out: the new connection makes its own</source>
        <translation>
            <numerusform>%n lifecycle request (initialize, ping…) left out: the new connection makes its own</numerusform>
            <numerusform>%n lifecycle requests (initialize, ping…) left out: the new connection makes its own</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replaying %n request(s) against %1…</source>
        <translation>
            <numerusform>Replaying %n request against %1…</numerusform>
            <numerusform>Replaying %n requests against %1…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n difference(s)</source>
        <translation>
            <numerusform>%n difference</numerusform>
            <numerusform>%n differences</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replayed %n request(s) against %1</source>
        <translation>
            <numerusform>Replayed %n request against %1</numerusform>
            <numerusform>Replayed %n requests against %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cancelled as recorded</source>
        <translation>
            <numerusform>%n cancelled as recorded</numerusform>
            <numerusform>%n cancelled as recorded</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::ResourcesView</name>
    <message numerus="yes">
        <source>%n resource(s)</source>
        <translation>
            <numerusform>%n resource</numerusform>
            <numerusform>%n resources</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n resource(s) so far; more with Load more</source>
        <translation>
            <numerusform>%n resource so far; more with Load more</numerusform>
            <numerusform>%n resources so far; more with Load more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Read at %1 · subscribed, %n update(s) so far</source>
        <translation>
            <numerusform>Read at %1 · subscribed, %n update so far</numerusform>
            <numerusform>Read at %1 · subscribed, %n updates so far</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n template(s)</source>
        <translation>
            <numerusform>%n template</numerusform>
            <numerusform>%n templates</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::RestartPanel</name>
    <message numerus="yes">
        <source>%n unexpected end(s) of this server so far</source>
        <translation>
            <numerusform>%n unexpected end of this server so far</numerusform>
            <numerusform>%n unexpected ends of this server so far</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::ResultView</name>
    <message numerus="yes">
        <source>INVALID against the tool&apos;s outputSchema: %n problem(s)</source>
        <translation>
            <numerusform>INVALID against the tool&apos;s outputSchema: %n problem</numerusform>
            <numerusform>INVALID against the tool&apos;s outputSchema: %n problems</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n root(s)</source>
        <translation>
            <numerusform>%n root</numerusform>
            <numerusform>%n roots</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::SchemaFormWidget</name>
    <message numerus="yes">
        <source>%n item(s)</source>
        <translation>
            <numerusform>%n item</numerusform>
            <numerusform>%n items</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::ServerPage</name>
    <message numerus="yes">
        <source>%n extension(s)</source>
        <translation>
            <numerusform>%n extension</numerusform>
            <numerusform>%n extensions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the server printed %n line(s) on stdout that are not JSON-RPC (see the Console tab)</source>
        <translation>
            <numerusform>the server printed %n line on stdout that are not JSON-RPC (see the Console tab)</numerusform>
            <numerusform>the server printed %n lines on stdout that are not JSON-RPC (see the Console tab)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::TasksPage</name>
    <message numerus="yes">
        <source>%n task(s)</source>
        <translation>
            <numerusform>%n task</numerusform>
            <numerusform>%n tasks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n task(s) followed</source>
        <translation>
            <numerusform>%n task followed</numerusform>
            <numerusform>%n tasks followed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>tasks/get every %1 ms; %n status(es) received</source>
        <translation>
            <numerusform>tasks/get every %1 ms; %n status received</numerusform>
            <numerusform>tasks/get every %1 ms; %n statuses received</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::TimelinePanel</name>
    <message numerus="yes">
        <source>Reading %n event(s)…</source>
        <translation>
            <numerusform>Reading %n event…</numerusform>
            <numerusform>Reading %n events…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n call(s)</source>
        <translation>
            <numerusform>%n call</numerusform>
            <numerusform>%n calls</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n failed</numerusform>
            <numerusform>%n failed</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::TimelineView</name>
    <message numerus="yes">
        <source>%n progress notification(s)</source>
        <translation>
            <numerusform>%n progress notification</numerusform>
            <numerusform>%n progress notifications</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n part(s) inside</source>
        <translation>
            <numerusform>%n part inside</numerusform>
            <numerusform>%n parts inside</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::TrafficView</name>
    <message numerus="yes">
        <source>%1 of %n message(s)</source>
        <translation>
            <numerusform>%1 of %n message</numerusform>
            <numerusform>%1 of %n messages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n message</numerusform>
            <numerusform>%n messages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n oldest dropped (cap %1)</source>
        <translation>
            <numerusform>%n oldest dropped (cap %1)</numerusform>
            <numerusform>%n oldest dropped (cap %1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>paused, %n new</source>
        <translation>
            <numerusform>paused, %n new</numerusform>
            <numerusform>paused, %n new</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n round(s) of request %1 ✕</source>
        <translation>
            <numerusform>%n round of request %1 ✕</numerusform>
            <numerusform>%n rounds of request %1 ✕</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n HTTP exchange(s) to %1</source>
        <translation>
            <numerusform>Exported %n HTTP exchange to %1</numerusform>
            <numerusform>Exported %n HTTP exchanges to %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n event(s) to %1</source>
        <translation>
            <numerusform>Exported %n event to %1</numerusform>
            <numerusform>Exported %n events to %1</numerusform>
        </translation>
    </message>
</context>
</TS>
