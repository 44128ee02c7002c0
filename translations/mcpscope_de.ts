<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
    <context>
        <name>CacheNote</name>
        <message numerus="yes">
            <source>answered from the cache, fresh for %n s</source>
            <translation>
                <numerusform>aus dem Cache beantwortet, noch %n s gültig</numerusform>
                <numerusform>aus dem Cache beantwortet, noch %n s gültig</numerusform>
            </translation>
        </message>
        <message>
            <source>answered from the cache</source>
            <translation>aus dem Cache beantwortet</translation>
        </message>
        <message numerus="yes">
            <source>the server lets this list be kept for %n s</source>
            <translation>
                <numerusform>der Server erlaubt, diese Liste %n s lang zu behalten</numerusform>
                <numerusform>der Server erlaubt, diese Liste %n s lang zu behalten</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Mcp::Apps::AppHostBridge</name>
        <message>
            <source>Not sent: partial tool input after the complete input.</source>
            <translation>Nicht gesendet: teilweise Werkzeugeingabe nach der vollständigen Eingabe.</translation>
        </message>
        <message>
            <source>Not sent: a view gets its tool input once.</source>
            <translation>Nicht gesendet: Eine Ansicht erhält ihre Werkzeugeingabe nur einmal.</translation>
        </message>
        <message>
            <source>The view did not answer ui/resource-teardown in time; torn down anyway.</source>
            <translation>Die Ansicht hat ui/resource-teardown nicht rechtzeitig beantwortet; sie wurde trotzdem abgebaut.</translation>
        </message>
        <message>
            <source>batches are not part of the view protocol</source>
            <translation>Batches gehören nicht zum Ansichtsprotokoll</translation>
        </message>
        <message>
            <source>not a JSON-RPC message</source>
            <translation>keine JSON-RPC-Nachricht</translation>
        </message>
        <message>
            <source>Refused: %1</source>
            <translation>Abgelehnt: %1</translation>
        </message>
        <message>
            <source>A reply to %1, which the host never asked: ignored.</source>
            <translation>Eine Antwort auf %1, das der Host nie angefragt hat: ignoriert.</translation>
        </message>
        <message>
            <source>%1 before ui/initialize was answered: ignored.</source>
            <translation>%1, bevor ui/initialize beantwortet war: ignoriert.</translation>
        </message>
        <message>
            <source>held until the view was initialized</source>
            <translation>zurückgehalten, bis die Ansicht initialisiert war</translation>
        </message>
        <message>
            <source>%1 is not a notification this host knows: ignored.</source>
            <translation>%1 ist keine Benachrichtigung, die dieser Host kennt: ignoriert.</translation>
        </message>
        <message>
            <source>The view is being torn down.</source>
            <translation>Die Ansicht wird gerade abgebaut.</translation>
        </message>
        <message>
            <source>ui/initialize was already answered.</source>
            <translation>ui/initialize wurde bereits beantwortet.</translation>
        </message>
        <message>
            <source>%1 before ui/initialize.</source>
            <translation>%1 vor ui/initialize.</translation>
        </message>
        <message>
            <source>The server has no tool named "%1".</source>
            <translation>Der Server hat kein Werkzeug namens „%1“.</translation>
        </message>
        <message>
            <source>Tool "%1" is not visible to apps (its _meta.ui.visibility leaves out "app").</source>
            <translation>Das Werkzeug „%1“ ist für Apps nicht sichtbar (sein _meta.ui.visibility enthält „app“ nicht).</translation>
        </message>
        <message>
            <source>This view is not connected to a server.</source>
            <translation>Diese Ansicht ist mit keinem Server verbunden.</translation>
        </message>
        <message>
            <source>Invalid URL: only http, https and mailto links are opened.</source>
            <translation>Ungültige URL: Nur http-, https- und mailto-Links werden geöffnet.</translation>
        </message>
        <message>
            <source>Link opening denied: nobody here can consent.</source>
            <translation>Öffnen des Links verweigert: Hier kann niemand zustimmen.</translation>
        </message>
        <message>
            <source>%1 is not offered to views by this host.</source>
            <translation>%1 wird Ansichten von diesem Host nicht angeboten.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::CappedHttpExchange</name>
        <message>
            <source>nothing arrived for %1 s</source>
            <translation>%1 s lang kam nichts an</translation>
        </message>
        <message>
            <source>only http and https URLs can be fetched</source>
            <translation>nur http- und https-URLs können abgerufen werden</translation>
        </message>
        <message>
            <source>the connection closed before the answer was complete</source>
            <translation>die Verbindung wurde geschlossen, bevor die Antwort vollständig war</translation>
        </message>
        <message>
            <source>the answer's headers are larger than %1 KiB</source>
            <translation>die Header der Antwort sind größer als %1 KiB</translation>
        </message>
        <message>
            <source>a chunk of the answer has no valid size</source>
            <translation>ein Chunk der Antwort hat keine gültige Größe</translation>
        </message>
        <message>
            <source>a chunk of the answer does not end where its size says</source>
            <translation>ein Chunk der Antwort endet nicht dort, wo seine Größe es angibt</translation>
        </message>
        <message>
            <source>the answer's trailer is too long</source>
            <translation>der Trailer der Antwort ist zu lang</translation>
        </message>
        <message>
            <source>the answer is not HTTP/1.1</source>
            <translation>die Antwort ist kein HTTP/1.1</translation>
        </message>
        <message>
            <source>the answer's transfer encoding "%1" is not supported</source>
            <translation>die Transfer-Kodierung „%1“ der Antwort wird nicht unterstützt</translation>
        </message>
        <message>
            <source>the answer's Content-Length "%1" is not a number</source>
            <translation>die Content-Length „%1“ der Antwort ist keine Zahl</translation>
        </message>
        <message>
            <source>more than %1 redirects</source>
            <translation>mehr als %1 Weiterleitungen</translation>
        </message>
    </context>
    <context>
        <name>Mcp::CapturedMessages</name>
        <message>
            <source>cannot read %1: %2</source>
            <translation>%1 kann nicht gelesen werden: %2</translation>
        </message>
        <message>
            <source>the file is empty</source>
            <translation>die Datei ist leer</translation>
        </message>
        <message>
            <source>not a HAR file (%1)</source>
            <translation>keine HAR-Datei (%1)</translation>
        </message>
        <message>
            <source>no log.entries</source>
            <translation>kein log.entries</translation>
        </message>
        <message>
            <source>%1, nor a HAR file</source>
            <translation>%1, und auch keine HAR-Datei</translation>
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
        <message>
            <source>The server did not complete initialize: %1</source>
            <translation>Der Server hat initialize nicht abgeschlossen: %1</translation>
        </message>
        <message>
            <source>The server's initialize result has no protocolVersion, so MCP Scope cannot tell which protocol it speaks. Disconnected.</source>
            <translation>Das initialize-Ergebnis des Servers hat keine protocolVersion, daher kann MCP Scope nicht erkennen, welches Protokoll er spricht. Getrennt.</translation>
        </message>
        <message>
            <source>The server answered with protocol version "%1", which MCP Scope does not support (it supports %2). Disconnected.</source>
            <translation>Der Server antwortete mit Protokollversion „%1“, die MCP Scope nicht unterstützt (unterstützt: %2). Getrennt.</translation>
        </message>
        <message>
            <source>A new session was initialised after the server ended the previous one.</source>
            <translation>Nachdem der Server die vorige Sitzung beendet hatte, wurde eine neue initialisiert.</translation>
        </message>
        <message>
            <source>%1 could not be sent: %2</source>
            <translation>%1 konnte nicht gesendet werden: %2</translation>
        </message>
        <message>
            <source>The connection closed</source>
            <translation>Die Verbindung wurde geschlossen</translation>
        </message>
        <message>
            <source>The connection was closed on request while %1 was pending.</source>
            <translation>Die Verbindung wurde auf Wunsch geschlossen, während %1 ausstand.</translation>
        </message>
        <message>
            <source>%1 while %2 was pending.</source>
            <translation>%1, während %2 ausstand.</translation>
        </message>
        <message>
            <source>Could not connect to the server: %1</source>
            <translation>Keine Verbindung zum Server möglich: %1</translation>
        </message>
        <message>
            <source>The transport could not deliver %1.</source>
            <translation>Der Transport konnte %1 nicht zustellen.</translation>
        </message>
        <message>
            <source>The server ended the session; initialising a new one.</source>
            <translation>Der Server hat die Sitzung beendet; eine neue wird initialisiert.</translation>
        </message>
        <message>
            <source>Request timed out after %1</source>
            <translation>Zeitüberschreitung der Anfrage nach %1</translation>
        </message>
        <message>
            <source>The server did not answer %1 within %2.</source>
            <translation>Der Server hat %1 nicht innerhalb von %2 beantwortet.</translation>
        </message>
        <message>
            <source>%1 timed out after %2 before the session was ready, so it was never sent.</source>
            <translation>%1 lief nach %2 ab, bevor die Sitzung bereit war, und wurde daher nie gesendet.</translation>
        </message>
        <message>
            <source>Cancelled by the user</source>
            <translation>Vom Benutzer abgebrochen</translation>
        </message>
        <message>
            <source>%1 was cancelled.</source>
            <translation>%1 wurde abgebrochen.</translation>
        </message>
        <message>
            <source>%1 was cancelled: %2</source>
            <translation>%1 wurde abgebrochen: %2</translation>
        </message>
        <message>
            <source>Late response to %1 (id %2) ignored: MCP Scope had already stopped waiting for it.</source>
            <translation>Verspätete Antwort auf %1 (ID %2) ignoriert: MCP Scope hatte bereits aufgehört, darauf zu warten.</translation>
        </message>
        <message>
            <source>Response with unknown id %1 ignored: no request with that id is pending.</source>
            <translation>Antwort mit unbekannter ID %1 ignoriert: Keine Anfrage mit dieser ID steht aus.</translation>
        </message>
        <message>
            <source>Request id %1 is already in use by an unanswered request.</source>
            <translation>Die Anfrage-ID %1 wird bereits von einer unbeantworteten Anfrage verwendet.</translation>
        </message>
        <message>
            <source>Method not found: MCP Scope does not handle %1.</source>
            <translation>Methode nicht gefunden: MCP Scope verarbeitet %1 nicht.</translation>
        </message>
        <message>
            <source>The session was closed while %1 was pending.</source>
            <translation>Die Sitzung wurde geschlossen, während %1 ausstand.</translation>
        </message>
        <message>
            <source>Disconnected</source>
            <translation>Getrennt</translation>
        </message>
        <message>
            <source>%1 was not sent: the connection failed (%2).</source>
            <translation>%1 wurde nicht gesendet: Die Verbindung ist fehlgeschlagen (%2).</translation>
        </message>
        <message>
            <source>%1 was not sent: not connected to a server.</source>
            <translation>%1 wurde nicht gesendet: Nicht mit einem Server verbunden.</translation>
        </message>
        <message>
            <source>The server returned the cursor "%1" twice while listing %2; stopped to avoid an endless loop.</source>
            <translation>Der Server hat beim Auflisten von %2 den Cursor „%1“ zweimal geliefert; abgebrochen, um eine Endlosschleife zu vermeiden.</translation>
        </message>
        <message numerus="yes">
            <source>Stopped listing %1 after %n page(s); the server still had more.</source>
            <translation>
                <numerusform>Auflisten von %1 nach %n Seite beendet; der Server hatte noch mehr.</numerusform>
                <numerusform>Auflisten von %1 nach %n Seiten beendet; der Server hatte noch mehr.</numerusform>
            </translation>
        </message>
        <message>
            <source>Protocol era: legacy (%1).</source>
            <translation>Protokoll-Ära: alt (%1).</translation>
        </message>
        <message>
            <source>detected by probing</source>
            <translation>durch Sondieren erkannt</translation>
        </message>
        <message>
            <source>chosen in the configuration</source>
            <translation>in der Konfiguration gewählt</translation>
        </message>
        <message>
            <source>remembered from an earlier connection</source>
            <translation>aus einer früheren Verbindung übernommen</translation>
        </message>
        <message>
            <source>Protocol era: modern, version %1 (%2).</source>
            <translation>Protokoll-Ära: modern, Version %1 (%2).</translation>
        </message>
        <message>
            <source>The tool %1 was not called: its x-mcp-header annotations are invalid (%2).</source>
            <translation>Das Werkzeug %1 wurde nicht aufgerufen: seine x-mcp-header-Annotationen sind ungültig (%2).</translation>
        </message>
        <message>
            <source>The tool %1 was not called: %2</source>
            <translation>Das Werkzeug %1 wurde nicht aufgerufen: %2</translation>
        </message>
        <message>
            <source>The server does not accept protocol version %1; retrying with %2.</source>
            <translation>Der Server akzeptiert die Protokollversion %1 nicht; neuer Versuch mit %2.</translation>
        </message>
        <message>
            <source>The tool %1 is invalid and will not be called: %2</source>
            <translation>Das Werkzeug %1 ist ungültig und wird nicht aufgerufen: %2</translation>
        </message>
        <message>
            <source>This modern server relies on %1, which the 2026-07-28 revision deprecates.</source>
            <translation>Dieser moderne Server nutzt %1, das die Revision 2026-07-28 als veraltet einstuft.</translation>
        </message>
        <message>
            <source>The request was cancelled or finished.</source>
            <translation>Die Anfrage wurde abgebrochen oder ist beendet.</translation>
        </message>
        <message>
            <source>The server does not offer resource subscriptions.</source>
            <translation>Der Server bietet keine Ressourcen-Abonnements an.</translation>
        </message>
        <message>
            <source>Subscribed to %1 through the subscriptions/listen stream.</source>
            <translation>%1 über den subscriptions/listen-Stream abonniert.</translation>
        </message>
        <message>
            <source>Unsubscribed from %1 through the subscriptions/listen stream.</source>
            <translation>Abonnement von %1 über den subscriptions/listen-Stream beendet.</translation>
        </message>
        <message>
            <source>This server is reached over the HTTP+SSE transport (2024-11-05), which is deprecated.</source>
            <translation>Dieser Server wird über den veralteten HTTP+SSE-Transport (2024-11-05) erreicht.</translation>
        </message>
        <message>
            <source>The subscription's filter changed.</source>
            <translation>Der Filter des Abonnements hat sich geändert.</translation>
        </message>
        <message>
            <source>The subscription stream dropped: %1</source>
            <translation>Der Abonnement-Stream ist abgebrochen: %1</translation>
        </message>
        <message>
            <source>The server refused the subscription (%1): %2</source>
            <translation>Der Server hat das Abonnement abgelehnt (%1): %2</translation>
        </message>
        <message>
            <source>The server ended the subscription.</source>
            <translation>Der Server hat das Abonnement beendet.</translation>
        </message>
        <message>
            <source>Reopening the subscription stream in %1 ms.</source>
            <translation>Der Abonnement-Stream wird in %1 ms neu geöffnet.</translation>
        </message>
        <message>
            <source>The server will not send everything the subscription asked for: %1</source>
            <translation>Der Server sendet nicht alles, was das Abonnement angefordert hat: %1</translation>
        </message>
        <message>
            <source>Sent %1 again on the new session.</source>
            <translation>%1 wurde in der neuen Sitzung erneut gesendet.</translation>
        </message>
        <message>
            <source>%1 met the ended session; it is sent again once the new session is ready.</source>
            <translation>%1 traf auf die beendete Sitzung; die Anfrage wird erneut gesendet, sobald die neue Sitzung bereit ist.</translation>
        </message>
        <message>
            <source>%1 answered from the cache (fresh for another %2); nothing was sent.</source>
            <translation>%1 aus dem Cache beantwortet (noch %2 gültig); es wurde nichts gesendet.</translation>
        </message>
        <message>
            <source>The server rejected the headers of tools/call %1 (HeaderMismatch, -32020); listing the tools again for its current x-mcp-header mapping.</source>
            <translation>Der Server hat die Header von tools/call %1 abgelehnt (HeaderMismatch, -32020); die Werkzeuge werden erneut aufgelistet, um die aktuelle x-mcp-header-Zuordnung zu erhalten.</translation>
        </message>
        <message>
            <source>Listing the tools again failed too: %1</source>
            <translation>Auch das erneute Auflisten der Werkzeuge ist fehlgeschlagen: %1</translation>
        </message>
        <message>
            <source>The server no longer lists the tool %1.</source>
            <translation>Der Server listet das Werkzeug %1 nicht mehr auf.</translation>
        </message>
        <message>
            <source>Listed again, the tool's x-mcp-header annotations are invalid (%1), so it was not called again.</source>
            <translation>Nach dem erneuten Auflisten sind die x-mcp-header-Annotationen des Werkzeugs ungültig (%1), daher wurde es nicht erneut aufgerufen.</translation>
        </message>
        <message>
            <source>The tools were listed again and the tool's x-mcp-header mapping is unchanged, so MCP Scope did not retry.</source>
            <translation>Die Werkzeuge wurden erneut aufgelistet und die x-mcp-header-Zuordnung des Werkzeugs ist unverändert, daher hat MCP Scope es nicht erneut versucht.</translation>
        </message>
        <message>
            <source>The x-mcp-header mapping of %1 changed; calling it again with the current headers.</source>
            <translation>Die x-mcp-header-Zuordnung von %1 hat sich geändert; es wird mit den aktuellen Headern erneut aufgerufen.</translation>
        </message>
        <message>
            <source>%1 (request %2) was lost with its response stream (%3); sent again as request %4.</source>
            <translation>%1 (Anfrage %2) ging mit seinem Antwort-Stream verloren (%3); erneut gesendet als Anfrage %4.</translation>
        </message>
        <message>
            <source>The server has no resource %1 (%2): %3</source>
            <translation>Der Server hat keine Ressource %1 (%2): %3</translation>
        </message>
        <message>
            <source>%1 became task %2 on the server (%3); following it with tasks/get.</source>
            <translation>%1 wurde auf dem Server zu Task %2 (%3); wird mit tasks/get weiterverfolgt.</translation>
        </message>
        <message>
            <source>%1 is already on its way (id %2): its answer is shared; nothing more was sent.</source>
            <translation>%1 ist bereits unterwegs (ID %2): Die Antwort wird mitgenutzt; es wurde nichts weiter gesendet.</translation>
        </message>
        <message>
            <source>Listing %1 took longer than its total timeout.</source>
            <translation>Das Auflisten mit %1 dauerte länger als das Gesamtzeitlimit.</translation>
        </message>
        <message>
            <source>%1 did not finish within the maximum total time of %2</source>
            <translation>%1 wurde nicht innerhalb der maximalen Gesamtzeit von %2 fertig</translation>
        </message>
        <message>
            <source>%1 got no answer within %2</source>
            <translation>%1 bekam innerhalb von %2 keine Antwort</translation>
        </message>
        <message>
            <source>%1; MCP Scope sent notifications/cancelled and stopped waiting.</source>
            <translation>%1; MCP Scope hat notifications/cancelled gesendet und wartet nicht mehr.</translation>
        </message>
        <message>
            <source>%1; MCP Scope sent tasks/cancel for task %2 and stopped waiting.</source>
            <translation>%1; MCP Scope hat tasks/cancel für Task %2 gesendet und wartet nicht mehr.</translation>
        </message>
        <message>
            <source>%1; MCP Scope closed its response stream (which cancels it) and stopped waiting.</source>
            <translation>%1; MCP Scope hat ihren Antwort-Stream geschlossen (was sie abbricht) und wartet nicht mehr.</translation>
        </message>
        <message>
            <source>%1; MCP Scope stopped waiting.</source>
            <translation>%1; MCP Scope wartet nicht mehr.</translation>
        </message>
        <message>
            <source>The server answered with an error under id %1 while only server/discover (id %2) was waiting; taken as that request's answer.</source>
            <translation>Der Server antwortete mit einem Fehler unter der ID %1, während nur server/discover (ID %2) wartete; als Antwort auf diese Anfrage genommen.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::ServerConnection</name>
        <message>
            <source>%1 failed: %2</source>
            <translation>%1 fehlgeschlagen: %2</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Collection</name>
        <message>
            <source>the file is not a collection this version can add to: %1</source>
            <translation>die Datei ist keine Sammlung, zu der diese Version etwas hinzufügen kann: %1</translation>
        </message>
        <message>
            <source>cannot read the file: %1</source>
            <translation>die Datei kann nicht gelesen werden: %1</translation>
        </message>
        <message>
            <source>"%1" is not an era this client speaks</source>
            <translation>„%1“ ist keine Ära, die dieser Client spricht</translation>
        </message>
        <message>
            <source>the collection has %1 servers: say which one with "server"</source>
            <translation>die Sammlung hat %1 Server: Geben Sie mit „server“ an, welchen</translation>
        </message>
        <message>
            <source>no server named "%1" (the collection has: %2)</source>
            <translation>kein Server namens „%1“ (die Sammlung enthält: %2)</translation>
        </message>
        <message>
            <source>%1 needs "%2"</source>
            <translation>%1 benötigt „%2“</translation>
        </message>
        <message>
            <source>"code" goes with "status": "error"</source>
            <translation>„code“ gehört zu "status": "error"</translation>
        </message>
        <message>
            <source>structuredContentValid applies to tools/call only</source>
            <translation>structuredContentValid gilt nur für tools/call</translation>
        </message>
        <message>
            <source>not a regular expression: %1 at offset %2</source>
            <translation>kein regulärer Ausdruck: %1 an Position %2</translation>
        </message>
        <message>
            <source>not valid JSON: %1</source>
            <translation>kein gültiges JSON: %1</translation>
        </message>
        <message>
            <source>a collection is a JSON object</source>
            <translation>eine Sammlung ist ein JSON-Objekt</translation>
        </message>
        <message>
            <source>not an MCP Scope collection ("format" must be "%1")</source>
            <translation>keine MCP-Scope-Sammlung („format“ muss „%1“ sein)</translation>
        </message>
        <message>
            <source>collection version %1 is not supported (this MCP Scope reads version %2)</source>
            <translation>Sammlungsversion %1 wird nicht unterstützt (dieses MCP Scope liest Version %2)</translation>
        </message>
        <message>
            <source>a server needs "command" (stdio) or "url" (HTTP)</source>
            <translation>ein Server benötigt „command“ (stdio) oder „url“ (HTTP)</translation>
        </message>
        <message>
            <source>an assertion has one of: %1 (docs/collections.md)</source>
            <translation>eine Zusicherung hat genau eines von: %1 (docs/collections.md)</translation>
        </message>
        <message>
            <source>a path goes with one of: equals, contains, matches, exists</source>
            <translation>ein Pfad gehört zu einem von: equals, contains, matches, exists</translation>
        </message>
        <message>
            <source>the collection schema is broken: %1</source>
            <translation>das Sammlungsschema ist fehlerhaft: %1</translation>
        </message>
        <message>
            <source>does not match the collection schema</source>
            <translation>entspricht nicht dem Sammlungsschema</translation>
        </message>
    </context>
    <context>
        <name>Mcp::CollectionRunner</name>
        <message>
            <source>no server named "%1"</source>
            <translation>kein Server namens „%1“</translation>
        </message>
        <message>
            <source>%1: the configuration refers to values that are not set: %2</source>
            <translation>%1: Die Konfiguration verweist auf Werte, die nicht gesetzt sind: %2</translation>
        </message>
        <message>
            <source>tools/list failed: %1</source>
            <translation>tools/list fehlgeschlagen: %1</translation>
        </message>
        <message>
            <source>the server lists no tool "%1"</source>
            <translation>der Server listet kein Werkzeug „%1“</translation>
        </message>
        <message>
            <source>the tool "%1" has no outputSchema</source>
            <translation>das Werkzeug „%1“ hat kein outputSchema</translation>
        </message>
        <message>
            <source>cancelled where the recorded call was</source>
            <translation>an derselben Stelle abgebrochen wie der aufgezeichnete Aufruf</translation>
        </message>
    </context>
    <context>
        <name>Mcp::FormBuilder</name>
        <message>
            <source>Option %1</source>
            <translation>Option %1</translation>
        </message>
        <message>
            <source>Any JSON value.</source>
            <translation>Ein beliebiger JSON-Wert.</translation>
        </message>
        <message>
            <source>The schema allows no value here.</source>
            <translation>Das Schema erlaubt hier keinen Wert.</translation>
        </message>
        <message>
            <source>The schema here is not a JSON object; edit the value as JSON.</source>
            <translation>Das Schema ist hier kein JSON-Objekt; bearbeiten Sie den Wert als JSON.</translation>
        </message>
        <message>
            <source>Part of this field's schema (allOf) is recursive or unresolved and is only checked on sending.</source>
            <translation>Ein Teil des Schemas dieses Felds (allOf) ist rekursiv oder nicht aufgelöst und wird erst beim Senden geprüft.</translation>
        </message>
        <message>
            <source>Recursive part: it is built when you open it.</source>
            <translation>Rekursiver Teil: Er wird aufgebaut, wenn Sie ihn öffnen.</translation>
        </message>
        <message>
            <source>Deeply nested part: it is built when you open it.</source>
            <translation>Tief verschachtelter Teil: Er wird aufgebaut, wenn Sie ihn öffnen.</translation>
        </message>
        <message>
            <source>The anyOf part of this schema is only checked on sending.</source>
            <translation>Der anyOf-Teil dieses Schemas wird erst beim Senden geprüft.</translation>
        </message>
        <message>
            <source>Option</source>
            <translation>Option</translation>
        </message>
        <message>
            <source>This part of the schema has no form field; edit it as JSON.</source>
            <translation>Dieser Teil des Schemas hat kein Formularfeld; bearbeiten Sie ihn als JSON.</translation>
        </message>
        <message>
            <source>The $ref chain loops without reaching a schema (%1).</source>
            <translation>Die $ref-Kette bildet eine Schleife, ohne ein Schema zu erreichen (%1).</translation>
        </message>
    </context>
    <context>
        <name>Mcp::FormState</name>
        <message>
            <source>is not valid JSON (%1)</source>
            <translation>ist kein gültiges JSON (%1)</translation>
        </message>
        <message>
            <source>is required</source>
            <translation>ist erforderlich</translation>
        </message>
        <message>
            <source>is empty: fill it in or remove it</source>
            <translation>ist leer: ausfüllen oder entfernen</translation>
        </message>
        <message>
            <source>expected one JSON value</source>
            <translation>genau ein JSON-Wert erwartet</translation>
        </message>
        <message>
            <source>must be a date such as 2024-01-31</source>
            <translation>muss ein Datum sein, z. B. 2024-01-31</translation>
        </message>
        <message>
            <source>must be a time such as 13:45:00Z</source>
            <translation>muss eine Uhrzeit sein, z. B. 13:45:00Z</translation>
        </message>
        <message>
            <source>must be a date and time such as 2024-01-31T13:45:00Z</source>
            <translation>muss Datum und Uhrzeit sein, z. B. 2024-01-31T13:45:00Z</translation>
        </message>
    </context>
    <context>
        <name>Mcp::HeadlessUserAgent</name>
        <message>
            <source>Authorization request (headless user agent)</source>
            <translation>Autorisierungsanfrage (ohne Browser)</translation>
        </message>
        <message>
            <source>The authorization page %1 could not be loaded: %2</source>
            <translation>Die Autorisierungsseite %1 konnte nicht geladen werden: %2</translation>
        </message>
        <message>
            <source>The authorization page answered HTTP %1 instead of redirecting to %2; it needs a person (use a browser).</source>
            <translation>Die Autorisierungsseite antwortete mit HTTP %1, statt zu %2 weiterzuleiten; sie braucht einen Menschen (Browser verwenden).</translation>
        </message>
        <message>
            <source>The authorization page %1 is larger than %2 MiB; it was not read.</source>
            <translation>Die Autorisierungsseite %1 ist größer als %2 MiB; sie wurde nicht gelesen.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::HttpAutoTransport</name>
        <message>
            <source>the server refused Streamable HTTP</source>
            <translation>der Server hat Streamable HTTP abgelehnt</translation>
        </message>
        <message>
            <source>the server answered the first request</source>
            <translation>der Server hat die erste Anfrage beantwortet</translation>
        </message>
        <message>
            <source>%1 speaks neither Streamable HTTP nor legacy HTTP+SSE: %2</source>
            <translation>%1 spricht weder Streamable HTTP noch das alte HTTP+SSE: %2</translation>
        </message>
        <message>
            <source>Auto-detection chose legacy HTTP+SSE (2024-11-05) for %1: %2</source>
            <translation>Die automatische Erkennung hat für %1 das alte HTTP+SSE (2024-11-05) gewählt: %2</translation>
        </message>
        <message>
            <source>Auto-detection chose Streamable HTTP for %1: %2</source>
            <translation>Die automatische Erkennung hat für %1 Streamable HTTP gewählt: %2</translation>
        </message>
        <message>
            <source>Streamable HTTP refused (HTTP %1); trying legacy HTTP+SSE</source>
            <translation>Streamable HTTP abgelehnt (HTTP %1); versuche das alte HTTP+SSE</translation>
        </message>
        <message>
            <source>Cannot send: the HTTP transport to %1 is not open.</source>
            <translation>Senden nicht möglich: Der HTTP-Transport zu %1 ist nicht offen.</translation>
        </message>
        <message>
            <source>Closed</source>
            <translation>Geschlossen</translation>
        </message>
    </context>
    <context>
        <name>Mcp::HttpTransport</name>
        <message>
            <source>The TLS connection to %1 could not be trusted: %2</source>
            <translation>Der TLS-Verbindung zu %1 konnte nicht vertraut werden: %2</translation>
        </message>
        <message>
            <source>%1 answered HTTP %2 %3</source>
            <translation>%1 antwortete HTTP %2 %3</translation>
        </message>
        <message>
            <source> (the server wants credentials%1)</source>
            <translation> (der Server verlangt Zugangsdaten%1)</translation>
        </message>
        <message>
            <source>Could not reach %1: %2</source>
            <translation>%1 ist nicht erreichbar: %2</translation>
        </message>
        <message>
        <source> through the proxy %1 (%2)</source>
        <translation> über den Proxy %1 (%2)</translation>
    </message>
</context>
    <context>
        <name>Mcp::Json</name>
        <message>
            <source>empty input</source>
            <translation>leere Eingabe</translation>
        </message>
        <message>
            <source>invalid UTF-8</source>
            <translation>ungültiges UTF-8</translation>
        </message>
        <message>
            <source>nested too deeply</source>
            <translation>zu tief verschachtelt</translation>
        </message>
        <message>
            <source>a string is not closed</source>
            <translation>eine Zeichenkette ist nicht geschlossen</translation>
        </message>
        <message>
            <source>invalid string (bad escape or control character)</source>
            <translation>ungültige Zeichenkette (falsches Escape oder Steuerzeichen)</translation>
        </message>
        <message>
            <source>a string contains an unescaped control character</source>
            <translation>eine Zeichenkette enthält ein nicht maskiertes Steuerzeichen</translation>
        </message>
        <message>
            <source>invalid number</source>
            <translation>ungültige Zahl</translation>
        </message>
        <message>
            <source>invalid literal (true, false or null expected)</source>
            <translation>ungültiges Literal (true, false oder null erwartet)</translation>
        </message>
        <message>
            <source>document too large</source>
            <translation>Dokument zu groß</translation>
        </message>
        <message>
            <source>out of memory</source>
            <translation>kein Speicher mehr</translation>
        </message>
        <message>
            <source>invalid structure (a missing or extra comma, brace, bracket, colon or value)</source>
            <translation>ungültige Struktur (ein fehlendes oder überzähliges Komma, Klammer, Doppelpunkt oder Wert)</translation>
        </message>
    </context>
    <context>
        <name>Mcp::KeychainSecretStore</name>
        <message>
            <source>Checking the keychain…</source>
            <translation>Schlüsselbund wird geprüft…</translation>
        </message>
        <message>
            <source>No keychain: secrets are kept in memory only.</source>
            <translation>Kein Schlüsselbund: Geheimnisse werden nur im Speicher gehalten.</translation>
        </message>
        <message>
            <source>No keychain: secrets are kept in memory only (%1).</source>
            <translation>Kein Schlüsselbund: Geheimnisse werden nur im Speicher gehalten (%1).</translation>
        </message>
        <message>
            <source>the keychain did not answer within %1 seconds</source>
            <translation>der Schlüsselbund hat nicht innerhalb von %1 Sekunden geantwortet</translation>
        </message>
    </context>
    <context>
        <name>Mcp::LegacySseTransport</name>
        <message>
            <source>%1 sent no "endpoint" event within %2 ms; it does not look like a 2024-11-05 SSE server.</source>
            <translation>%1 hat innerhalb von %2 ms kein „endpoint“-Ereignis gesendet; es sieht nicht nach einem SSE-Server von 2024-11-05 aus.</translation>
        </message>
        <message>
            <source>Legacy HTTP+SSE: opening the event stream</source>
            <translation>Altes HTTP+SSE: öffne den Ereignisstrom</translation>
        </message>
        <message>
            <source>Event stream opened</source>
            <translation>Ereignisstrom geöffnet</translation>
        </message>
        <message>
            <source>POST endpoint: %1</source>
            <translation>POST-Endpunkt: %1</translation>
        </message>
        <message>
            <source>The server's endpoint %1 is not on the origin of %2; refusing to send messages there.</source>
            <translation>Der Endpunkt %1 des Servers liegt nicht am Ursprung von %2; dorthin werden keine Nachrichten gesendet.</translation>
        </message>
        <message>
            <source>The server closed the SSE stream; the legacy HTTP+SSE session is over.</source>
            <translation>Der Server hat den SSE-Strom geschlossen; die alte HTTP+SSE-Sitzung ist vorbei.</translation>
        </message>
        <message>
            <source>The SSE stream broke: %1</source>
            <translation>Der SSE-Strom ist abgebrochen: %1</translation>
        </message>
        <message>
            <source>%1 answered the GET with "%2", not an event stream.</source>
            <translation>%1 hat auf GET mit „%2“ geantwortet, nicht mit einem Ereignisstrom.</translation>
        </message>
        <message>
            <source>Cannot send: the SSE transport to %1 is not open.</source>
            <translation>Senden nicht möglich: Der SSE-Transport zu %1 ist nicht offen.</translation>
        </message>
        <message>
            <source>Closed</source>
            <translation>Geschlossen</translation>
        </message>
        <message>
            <source>Authorization for %1 failed: %2</source>
            <translation>Autorisierung für %1 fehlgeschlagen: %2</translation>
        </message>
        <message>
            <source>The server still refused the event stream after %1 authorizations: %2</source>
            <translation>Der Server verweigerte den Ereignisstrom auch nach %1 Autorisierungen: %2</translation>
        </message>
        <message>
            <source>The server wants credentials (HTTP %1); authorizing</source>
            <translation>Der Server verlangt Anmeldedaten (HTTP %1); Autorisierung läuft</translation>
        </message>
        <message>
            <source>Authorization for %1 failed: the authorizer is gone.</source>
            <translation>Autorisierung für %1 fehlgeschlagen: der Autorisierer existiert nicht mehr.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::LoopbackUserAgent</name>
        <message>
            <source>Cannot receive the authorization answer: listening on 127.0.0.1 failed (%1).</source>
            <translation>Die Antwort der Autorisierung kann nicht empfangen werden: Lauschen auf 127.0.0.1 fehlgeschlagen (%1).</translation>
        </message>
        <message>
            <source>Authorization received. You can close this window and return to MCP Scope.</source>
            <translation>Autorisierung erhalten. Sie können dieses Fenster schließen und zu MCP Scope zurückkehren.</translation>
        </message>
        <message>
            <source>No answer came back from the browser within %1 s; the sign-in was abandoned and 127.0.0.1:%2 no longer listens.</source>
            <translation>Innerhalb von %1 s kam keine Antwort vom Browser; die Anmeldung wurde aufgegeben, und 127.0.0.1:%2 lauscht nicht mehr.</translation>
        </message>
        <message>
            <source>This answer does not belong to the sign-in MCP Scope is waiting for; it was ignored.</source>
            <translation>Diese Antwort gehört nicht zu der Anmeldung, auf die MCP Scope wartet; sie wurde ignoriert.</translation>
        </message>
        <message>
            <source>Not found.</source>
            <translation>Nicht gefunden.</translation>
        </message>
        <message>
            <source>A request to the sign-in listener carried another state than the sign-in sent; it was answered and ignored.</source>
            <translation>Eine Anfrage an den Anmelde-Listener trug einen anderen state als den, den die Anmeldung gesendet hat; sie wurde beantwortet und ignoriert.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::McpJson</name>
        <message>
            <source>%1: "%2" is not an object; ignored.</source>
            <translation>%1: „%2“ ist kein Objekt; ignoriert.</translation>
        </message>
        <message>
            <source>%1: %2 "%3" is not a string; left empty.</source>
            <translation>%1: %2 „%3“ ist keine Zeichenkette; leer gelassen.</translation>
        </message>
        <message>
            <source>%1: unknown type "%2"; guessed from the other members.</source>
            <translation>%1: unbekannter Typ „%2“; aus den anderen Einträgen erraten.</translation>
        </message>
        <message>
            <source>%1: no "command".</source>
            <translation>%1: kein „command“.</translation>
        </message>
        <message>
            <source>%1: no "url".</source>
            <translation>%1: keine „url“.</translation>
        </message>
        <message>
            <source>%1: "args" is a string, not a list; kept as one argument.</source>
            <translation>%1: „args“ ist eine Zeichenkette, keine Liste; als ein Argument übernommen.</translation>
        </message>
        <message>
            <source>%1: "args" is not a list; ignored.</source>
            <translation>%1: „args“ ist keine Liste; ignoriert.</translation>
        </message>
        <message>
            <source>%1: "envFile" is kept but not read; add its variables to the environment.</source>
            <translation>%1: „envFile“ wird beibehalten, aber nicht gelesen; fügen Sie seine Variablen zur Umgebung hinzu.</translation>
        </message>
        <message>
            <source>%1: marked "disabled" in the source file.</source>
            <translation>%1: in der Quelldatei als „disabled“ markiert.</translation>
        </message>
        <message>
            <source>%1: not an object; skipped.</source>
            <translation>%1: kein Objekt; übersprungen.</translation>
        </message>
        <message>
            <source>An input without "id" was skipped.</source>
            <translation>Eine Eingabe ohne „id“ wurde übersprungen.</translation>
        </message>
        <message>
            <source>Input "%1" has type "%2"; it will be asked as text.</source>
            <translation>Eingabe „%1“ hat den Typ „%2“; sie wird als Text abgefragt.</translation>
        </message>
        <message>
            <source>The text is empty.</source>
            <translation>Der Text ist leer.</translation>
        </message>
        <message>
            <source>the top level is a list, not an object</source>
            <translation>die oberste Ebene ist eine Liste, kein Objekt</translation>
        </message>
        <message>
            <source>Not valid JSON: %1.</source>
            <translation>Kein gültiges JSON: %1.</translation>
        </message>
        <message>
            <source>No MCP servers found: expected "mcpServers", "servers", or a server with "command" or "url".</source>
            <translation>Keine MCP-Server gefunden: erwartet wurde „mcpServers“, „servers“ oder ein Server mit „command“ oder „url“.</translation>
        </message>
        <message numerus="yes">
            <source>%n server(s) listed under "projects" were not imported; open the project folder or import its .mcp.json instead.</source>
            <translation>
                <numerusform>%n unter „projects“ aufgeführter Server wurde nicht importiert; öffnen Sie den Projektordner oder importieren Sie stattdessen dessen .mcp.json.</numerusform>
                <numerusform>%n unter „projects“ aufgeführte Server wurden nicht importiert; öffnen Sie den Projektordner oder importieren Sie stattdessen dessen .mcp.json.</numerusform>
            </translation>
        </message>
        <message>
            <source>The file lists no servers.</source>
            <translation>Die Datei führt keine Server auf.</translation>
        </message>
        <message>
            <source>Cannot read the file: %1.</source>
            <translation>Die Datei ist nicht lesbar: %1.</translation>
        </message>
        <message>
            <source>%1 for %2</source>
            <translation>%1 für %2</translation>
        </message>
        <message>
            <source>A server without a name was named "%1".</source>
            <translation>Ein Server ohne Namen wurde „%1“ genannt.</translation>
        </message>
        <message numerus="yes">
            <source>%1: the command "%2" is a whole command line; split into the program and %n argument(s).</source>
            <translation>
                <numerusform>%1: Der Befehl „%2“ ist eine ganze Befehlszeile; in das Programm und %n Argument aufgeteilt.</numerusform>
                <numerusform>%1: Der Befehl „%2“ ist eine ganze Befehlszeile; in das Programm und %n Argumente aufgeteilt.</numerusform>
            </translation>
        </message>
        <message>
            <source>%1: the command "%2" cannot be split: %3</source>
            <translation>%1: Der Befehl „%2“ lässt sich nicht aufteilen: %3</translation>
        </message>
        <message>
            <source>%1: provided by a Zed extension (no &quot;command&quot; or &quot;url&quot;); skipped.</source>
            <translation>%1: von einer Zed-Erweiterung bereitgestellt (kein „command“ oder „url“); übersprungen.</translation>
        </message>
        <message>
            <source>Not valid TOML: %1.</source>
            <translation>Kein gültiges TOML: %1.</translation>
        </message>
        <message>
            <source>&quot;mcp_servers&quot; is not a table.</source>
            <translation>„mcp_servers“ ist keine Tabelle.</translation>
        </message>
        <message>
            <source>there is no server &quot;%1&quot; in the file</source>
            <translation>die Datei enthält keinen Server „%1“</translation>
        </message>
        <message>
            <source>the entry &quot;%1&quot; is not an object</source>
            <translation>der Eintrag „%1“ ist kein Objekt</translation>
        </message>
        <message>
            <source>the entry &quot;%1&quot; is written with dotted keys; it cannot be rewritten in place</source>
            <translation>der Eintrag „%1“ ist mit gepunkteten Schlüsseln geschrieben; er kann nicht an Ort und Stelle umgeschrieben werden</translation>
        </message>
        <message>
            <source>Not valid YAML: %1.</source>
            <translation>Kein gültiges YAML: %1.</translation>
        </message>
        <message>
            <source>An entry of &quot;mcpServers&quot; is not a map; skipped.</source>
            <translation>Ein Eintrag von „mcpServers“ ist keine Map; übersprungen.</translation>
        </message>
        <message>
            <source>An entry of &quot;mcpServers&quot; has no &quot;name&quot;; skipped.</source>
            <translation>Ein Eintrag von „mcpServers“ hat keinen „name“; übersprungen.</translation>
        </message>
        <message>
            <source>%1: a Goose extension of type &quot;%2&quot;, which Goose runs itself; skipped.</source>
            <translation>%1: eine Goose-Erweiterung vom Typ „%2“, die Goose selbst ausführt; übersprungen.</translation>
        </message>
        <message>
            <source>The top level is not a map.</source>
            <translation>Die oberste Ebene ist keine Map.</translation>
        </message>
        <message>
            <source>&quot;extensions&quot; is not a map.</source>
            <translation>„extensions“ ist keine Map.</translation>
        </message>
        <message>
            <source>&quot;mcpServers&quot; is not a list.</source>
            <translation>„mcpServers“ ist keine Liste.</translation>
        </message>
        <message>
            <source>the file is not a YAML map</source>
            <translation>die Datei ist keine YAML-Map</translation>
        </message>
        <message>
            <source>&quot;%1&quot; is written inline; add the server by hand</source>
            <translation>„%1“ ist inline geschrieben; fügen Sie den Server von Hand hinzu</translation>
        </message>
        <message>
            <source>the file is not UTF-8 text; it cannot be rewritten in place</source>
            <translation>die Datei ist kein UTF-8-Text; sie kann nicht an Ort und Stelle umgeschrieben werden</translation>
        </message>
        <message>
        <source>%1: &quot;verifySsl: false&quot; is kept in the file but not taken: trust a server&apos;s certificate with a pin or a CA file (Edit Server › Network).</source>
        <translation>%1: „verifySsl: false“ bleibt in der Datei, wird aber nicht übernommen: Vertrauen Sie dem Zertifikat eines Servers mit einem Pin oder einer CA-Datei (Server bearbeiten › Netzwerk).</translation>
    </message>
</context>
    <context>
        <name>Mcp::MemorySecretStore</name>
        <message>
            <source>Secrets are kept in memory only and are lost when MCP Scope quits.</source>
            <translation>Geheimnisse werden nur im Speicher gehalten und gehen beim Beenden von MCP Scope verloren.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Modern::EraDetector</name>
        <message>
            <source>its answer to server/discover is not a DiscoverResult</source>
            <translation>seine Antwort auf server/discover ist kein DiscoverResult</translation>
        </message>
        <message>
            <source>it answered server/discover with error %1 (%2)</source>
            <translation>es hat server/discover mit Fehler %1 (%2) beantwortet</translation>
        </message>
        <message>
            <source>The server answered the protocol probe with HTTP %1.</source>
            <translation>Der Server hat die Protokollprobe mit HTTP %1 beantwortet.</translation>
        </message>
        <message>
            <source>it answered with HTTP %1 and no modern error</source>
            <translation>es hat mit HTTP %1 ohne modernen Fehler geantwortet</translation>
        </message>
        <message>
            <source>it did not answer server/discover</source>
            <translation>es hat server/discover nicht beantwortet</translation>
        </message>
        <message>
            <source>The server refused initialize with HTTP %1.</source>
            <translation>Der Server hat initialize mit HTTP %1 abgelehnt.</translation>
        </message>
        <message>
            <source>The server no longer answers as a server of the era it was detected as.</source>
            <translation>Der Server antwortet nicht mehr wie ein Server der Ära, als die er erkannt wurde.</translation>
        </message>
        <message>
            <source>The server does not speak the modern protocol: %1.</source>
            <translation>Der Server spricht das moderne Protokoll nicht: %1.</translation>
        </message>
        <message>
            <source>it did not answer the modern request in time</source>
            <translation>er hat die moderne Anfrage nicht rechtzeitig beantwortet</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Modern::ListenStream</name>
        <message>
            <source>The server sent %1 on the subscription before acknowledging it.</source>
            <translation>Der Server hat %1 auf dem Abonnement gesendet, bevor er es bestätigt hat.</translation>
        </message>
        <message>
            <source>The server sent an update of %1, a resource this subscription did not ask for.</source>
            <translation>Der Server hat eine Aktualisierung von %1 gesendet, einer Ressource, die dieses Abonnement nicht angefordert hat.</translation>
        </message>
        <message>
            <source>The server sent %1 on the subscription, which did not ask for it.</source>
            <translation>Der Server hat %1 auf dem Abonnement gesendet, das dies nicht angefordert hat.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Modern::ModernErrors</name>
        <message>
            <source>The server and MCP Scope have no protocol version in common: the server supports %1, MCP Scope supports %2.</source>
            <translation>Server und MCP Scope haben keine gemeinsame Protokollversion: Der Server unterstützt %1, MCP Scope unterstützt %2.</translation>
        </message>
        <message>
            <source>none</source>
            <translation>keine</translation>
        </message>
        <message>
            <source>The server found that the request's HTTP headers do not match its body (HeaderMismatch, -32020): %1</source>
            <translation>Laut Server passen die HTTP-Header der Anfrage nicht zu ihrem Inhalt (HeaderMismatch, -32020): %1</translation>
        </message>
        <message>
            <source>The server needs client capabilities that this request did not declare (MissingRequiredClientCapability, -32021): %1</source>
            <translation>Der Server benötigt Client-Fähigkeiten, die diese Anfrage nicht angegeben hat (MissingRequiredClientCapability, -32021): %1</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Modern::MultiRoundTripRequest</name>
        <message>
            <source>Round %1 of %2 reused the request id %3; every round needs a new id.</source>
            <translation>Runde %1 von %2 hat die Anfrage-ID %3 wiederverwendet; jede Runde braucht eine neue ID.</translation>
        </message>
        <message>
            <source>The server answered %1 with a result of unknown type "%2".</source>
            <translation>Der Server hat %1 mit einem Ergebnis unbekannten Typs „%2“ beantwortet.</translation>
        </message>
        <message>
            <source>The server answered %1 with input_required, which only tools/call, prompts/get and resources/read may receive.</source>
            <translation>Der Server hat %1 mit input_required beantwortet; das dürfen nur tools/call, prompts/get und resources/read erhalten.</translation>
        </message>
        <message numerus="yes">
            <source>The server still asked for input after %n round(s) of %1; MCP Scope stopped there.</source>
            <translation>
                <numerusform>Der Server hat nach %n Runde von %1 noch immer Eingaben verlangt; MCP Scope hat dort aufgehört.</numerusform>
                <numerusform>Der Server hat nach %n Runden von %1 noch immer Eingaben verlangt; MCP Scope hat dort aufgehört.</numerusform>
            </translation>
        </message>
        <message>
            <source>The server answered %1 with input_required but neither input requests nor request state.</source>
            <translation>Der Server hat %1 mit input_required beantwortet, aber weder Eingabeanfragen noch Anfragezustand geliefert.</translation>
        </message>
        <message>
            <source>The server's inputRequests is not an object.</source>
            <translation>Das inputRequests des Servers ist kein Objekt.</translation>
        </message>
        <message>
            <source>The server asked for input of an unknown kind ("%1" under "%2").</source>
            <translation>Der Server hat eine Eingabe unbekannter Art verlangt („%1“ unter „%2“).</translation>
        </message>
        <message>
            <source>The server asked for %1, a capability this request did not declare.</source>
            <translation>Der Server hat %1 verlangt, eine Fähigkeit, die diese Anfrage nicht angegeben hat.</translation>
        </message>
        <message>
            <source>The server answered %1 with an error without a message.</source>
            <translation>Der Server hat %1 mit einem Fehler ohne Meldung beantwortet.</translation>
        </message>
        <message>
            <source>The server answered %1 with a task but no taskId.</source>
            <translation>Der Server hat %1 mit einem Task beantwortet, aber ohne taskId.</translation>
        </message>
        <message>
            <source>The server answered %1 with a task, which only tools/call may become.</source>
            <translation>Der Server hat %1 mit einem Task beantwortet; zu einem Task darf nur tools/call werden.</translation>
        </message>
        <message>
            <source>tasks/get for task %1 answered about another task (%2).</source>
            <translation>tasks/get für Task %1 hat über einen anderen Task geantwortet (%2).</translation>
        </message>
        <message>
            <source>Task %1 completed without a result.</source>
            <translation>Task %1 wurde ohne Ergebnis abgeschlossen.</translation>
        </message>
        <message>
            <source>Task %1 failed.</source>
            <translation>Task %1 ist fehlgeschlagen.</translation>
        </message>
        <message>
            <source>Task %1 failed: %2</source>
            <translation>Task %1 ist fehlgeschlagen: %2</translation>
        </message>
        <message>
            <source>Task %1 was cancelled.</source>
            <translation>Task %1 wurde abgebrochen.</translation>
        </message>
        <message>
            <source>Task %1 was cancelled: %2</source>
            <translation>Task %1 wurde abgebrochen: %2</translation>
        </message>
        <message>
            <source>Following task %1 failed: %2</source>
            <translation>Verfolgen von Task %1 fehlgeschlagen: %2</translation>
        </message>
        <message>
            <source>Task %1 asked for input and none was given, so MCP Scope stopped it.</source>
            <translation>Task %1 hat eine Eingabe angefordert, aber keine erhalten, daher hat MCP Scope ihn angehalten.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::ModernHeaders::ToolHeaderRules</name>
        <message>
            <source>%1: x-mcp-header may only annotate a property reached from the schema's root through "properties" alone (not items, composition, conditionals, definitions or $ref).</source>
            <translation>%1: x-mcp-header darf nur eine Eigenschaft markieren, die von der Wurzel des Schemas allein über „properties“ erreicht wird (nicht über items, Komposition, Bedingungen, Definitionen oder $ref).</translation>
        </message>
        <message>
            <source>%1: x-mcp-header must be a non-empty string.</source>
            <translation>%1: x-mcp-header muss eine nicht leere Zeichenkette sein.</translation>
        </message>
        <message>
            <source>%1: x-mcp-header "%2" is not an HTTP header name token (no spaces, control characters or delimiters).</source>
            <translation>%1: x-mcp-header „%2“ ist kein gültiges Token für einen HTTP-Headernamen (keine Leerzeichen, Steuerzeichen oder Trennzeichen).</translation>
        </message>
        <message>
            <source>%1: x-mcp-header "%2" is on a property of type %3; only string, integer and boolean are allowed.</source>
            <translation>%1: x-mcp-header „%2“ steht an einer Eigenschaft vom Typ %3; erlaubt sind nur string, integer und boolean.</translation>
        </message>
        <message>
            <source>x-mcp-header "%1" is declared twice (also as "%2"; names are compared without case).</source>
            <translation>x-mcp-header „%1“ ist doppelt angegeben (auch als „%2“; Namen werden ohne Groß-/Kleinschreibung verglichen).</translation>
        </message>
        <message>
            <source>The argument %1 cannot be sent in the Mcp-Param-%2 header: it must be a string, a boolean or an integer between -(2^53-1) and 2^53-1.</source>
            <translation>Das Argument %1 kann nicht im Header Mcp-Param-%2 gesendet werden: Es muss eine Zeichenkette, ein Wahrheitswert oder eine ganze Zahl zwischen -(2^53-1) und 2^53-1 sein.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::OAuthClient</name>
        <message>
            <source>The authorization was cancelled.</source>
            <translation>Die Autorisierung wurde abgebrochen.</translation>
        </message>
        <message>
            <source>Protected resource metadata (RFC 9728)</source>
            <translation>Metadaten der geschützten Ressource (RFC 9728)</translation>
        </message>
        <message>
            <source>The protected resource metadata at %1 is for %2, not for %3; refusing to authorize.</source>
            <translation>Die Metadaten der geschützten Ressource unter %1 gelten für %2, nicht für %3; Autorisierung verweigert.</translation>
        </message>
        <message>
            <source>The protected resource metadata at %1 names no authorization server.</source>
            <translation>Die Metadaten der geschützten Ressource unter %1 nennen keinen Autorisierungsserver.</translation>
        </message>
        <message>
            <source>Authorization server metadata (RFC 8414)</source>
            <translation>Metadaten des Autorisierungsservers (RFC 8414)</translation>
        </message>
        <message>
            <source>The metadata of authorization server %1 names no token endpoint.</source>
            <translation>Die Metadaten des Autorisierungsservers %1 nennen keinen Token-Endpunkt.</translation>
        </message>
        <message>
            <source>Authorization server %1 publishes no metadata (RFC 8414 or OpenID discovery).</source>
            <translation>Der Autorisierungsserver %1 veröffentlicht keine Metadaten (RFC 8414 oder OpenID Discovery).</translation>
        </message>
        <message>
            <source>Authorization server %1 offers no dynamic client registration; configure a client id for it.</source>
            <translation>Der Autorisierungsserver %1 bietet keine dynamische Client-Registrierung an; konfigurieren Sie eine Client-ID dafür.</translation>
        </message>
        <message>
            <source>Dynamic client registration (RFC 7591)</source>
            <translation>Dynamische Client-Registrierung (RFC 7591)</translation>
        </message>
        <message>
            <source>Client registration at %1 failed: %2</source>
            <translation>Client-Registrierung bei %1 fehlgeschlagen: %2</translation>
        </message>
        <message>
            <source>HTTP %1 %2</source>
            <translation>HTTP %1 %2</translation>
        </message>
        <message>
            <source>Authorization server %1 does not list PKCE S256 in code_challenge_methods_supported; refusing to authorize without it.</source>
            <translation>Der Autorisierungsserver %1 führt PKCE S256 nicht in code_challenge_methods_supported; ohne S256 wird nicht autorisiert.</translation>
        </message>
        <message>
            <source>The metadata of authorization server %1 names no authorization endpoint.</source>
            <translation>Die Metadaten des Autorisierungsservers %1 nennen keinen Autorisierungs-Endpunkt.</translation>
        </message>
        <message>
            <source>Authorizing needs a browser, and none is available here.</source>
            <translation>Die Autorisierung braucht einen Browser, und hier ist keiner verfügbar.</translation>
        </message>
        <message>
            <source>The authorization server refused: %1 %2</source>
            <translation>Der Autorisierungsserver lehnte ab: %1 %2</translation>
        </message>
        <message>
            <source>The authorization answer carries a state that this client did not send; it was ignored.</source>
            <translation>Die Autorisierungsantwort trägt einen state, den dieser Client nicht gesendet hat; sie wurde ignoriert.</translation>
        </message>
        <message>
            <source>The authorization answer carries no code.</source>
            <translation>Die Autorisierungsantwort enthält keinen Code.</translation>
        </message>
        <message>
            <source>Token request (authorization code)</source>
            <translation>Token-Anfrage (Autorisierungscode)</translation>
        </message>
        <message>
            <source>Token refresh</source>
            <translation>Token-Erneuerung</translation>
        </message>
        <message>
            <source>Token request (client credentials)</source>
            <translation>Token-Anfrage (Client Credentials)</translation>
        </message>
        <message>
            <source>Token exchange at the identity provider (RFC 8693)</source>
            <translation>Token-Austausch beim Identitätsanbieter (RFC 8693)</translation>
        </message>
        <message>
            <source>The identity provider refused the token exchange: %1</source>
            <translation>Der Identitätsanbieter lehnte den Token-Austausch ab: %1</translation>
        </message>
        <message>
            <source>Token request (JWT bearer grant, RFC 7523)</source>
            <translation>Token-Anfrage (JWT-Bearer-Grant, RFC 7523)</translation>
        </message>
        <message>
            <source>HTTP %1</source>
            <translation>HTTP %1</translation>
        </message>
        <message>
            <source>The token endpoint %1 refused: %2</source>
            <translation>Der Token-Endpunkt %1 lehnte ab: %2</translation>
        </message>
        <message>
            <source>The token endpoint issued a %1 token; only Bearer tokens are supported.</source>
            <translation>Der Token-Endpunkt stellte ein %1-Token aus; nur Bearer-Tokens werden unterstützt.</translation>
        </message>
        <message>
            <source>Authorization server %1 says it names itself in its answers (iss), but this answer carries no iss; it was refused (RFC 9207).</source>
            <translation>Der Autorisierungsserver %1 gibt an, sich in seinen Antworten zu nennen (iss), doch diese Antwort enthält kein iss; sie wurde abgelehnt (RFC 9207).</translation>
        </message>
        <message>
            <source>The authorization answer comes from issuer "%1", not from "%2", the server it was sent to; it was refused (RFC 9207).</source>
            <translation>Die Autorisierungsantwort stammt vom Aussteller „%1“, nicht von „%2“, an den die Anfrage ging; sie wurde abgelehnt (RFC 9207).</translation>
        </message>
        <message>
            <source>The authorization server metadata at %1 names the issuer "%2", not "%3"; it was not used (RFC 8414 3.3).</source>
            <translation>Die Metadaten des Autorisierungsservers unter %1 nennen den Aussteller „%2“, nicht „%3“; sie wurden nicht verwendet (RFC 8414 3.3).</translation>
        </message>
        <message>
            <source>Authorization server %1 offers only the client credentials grant, which needs a pre-registered client id with a secret or a private key (private_key_jwt).</source>
            <translation>Der Autorisierungsserver %1 bietet nur den Client-Credentials-Grant an, der eine vorab registrierte Client-ID mit Geheimnis oder privatem Schlüssel (private_key_jwt) braucht.</translation>
        </message>
        <message>
            <source>The client's private key is not an ES256 (P-256) private key in PEM form.</source>
            <translation>Der private Schlüssel des Clients ist kein privater ES256-Schlüssel (P-256) im PEM-Format.</translation>
        </message>
        <message>
            <source>Cannot read %1: %2</source>
            <translation>%1 kann nicht gelesen werden: %2</translation>
        </message>
        <message>
            <source>The server wants a DPoP nonce; the request is repeated with it (RFC 9449 9).</source>
            <translation>Der Server verlangt eine DPoP-Nonce; die Anfrage wird mit ihr wiederholt (RFC 9449 9).</translation>
        </message>
        <message>
            <source>The server now names authorization server %1 instead of %2; nothing of the previous one is used there.</source>
            <translation>Der Server nennt jetzt den Autorisierungsserver %1 statt %2; nichts vom bisherigen wird dort verwendet.</translation>
        </message>
        <message>
            <source>Checked: the metadata names issuer %1, the one its address was built from (RFC 8414 3.3).</source>
            <translation>Geprüft: Die Metadaten nennen den Aussteller %1, aus dem ihre Adresse gebildet wurde (RFC 8414 3.3).</translation>
        </message>
        <message>
            <source>Registered as client %1 at issuer %2.</source>
            <translation>Als Client %1 beim Aussteller %2 registriert.</translation>
        </message>
        <message>
            <source>Checked: the authorization answer names issuer %1 (RFC 9207).</source>
            <translation>Geprüft: Die Autorisierungsantwort nennt den Aussteller %1 (RFC 9207).</translation>
        </message>
        <message>
            <source>Checked: the authorization answer has no iss, and the server does not promise one (RFC 9207).</source>
            <translation>Geprüft: Die Autorisierungsantwort enthält kein iss, und der Server sagt keines zu (RFC 9207).</translation>
        </message>
        <message>
            <source>The authorization server wants a DPoP nonce; the token request is repeated with it (RFC 9449 8).</source>
            <translation>Der Autorisierungsserver verlangt eine DPoP-Nonce; die Token-Anfrage wird mit ihr wiederholt (RFC 9449 8).</translation>
        </message>
        <message>
            <source>The token is bound to DPoP key %1 (RFC 7638 thumbprint).</source>
            <translation>Das Token ist an den DPoP-Schlüssel %1 gebunden (RFC-7638-Fingerabdruck).</translation>
        </message>
        <message>
            <source>The configured client belongs to authorization server %1, not to %2, which the server now names; it is not sent there.</source>
            <translation>Der eingerichtete Client gehört zum Autorisierungsserver %1, nicht zu %2, den der Server jetzt nennt; er wird dort nicht verwendet.</translation>
        </message>
        <message>
            <source>%1 at %2: HTTP %3</source>
            <translation>%1 unter %2: HTTP %3</translation>
        </message>
        <message>
            <source>%1 at %2: %3</source>
            <translation>%1 unter %2: %3</translation>
        </message>
        <message>
            <source>%1 answered HTTP %2 with no WWW-Authenticate header.</source>
            <translation>%1 antwortete mit HTTP %2 ohne WWW-Authenticate-Header.</translation>
        </message>
        <message>
            <source>%1 answered HTTP %2 with WWW-Authenticate: %3</source>
            <translation>%1 antwortete mit HTTP %2 und WWW-Authenticate: %3</translation>
        </message>
        <message>
            <source>%1 Authorization failed: %2</source>
            <translation>%1 Autorisierung fehlgeschlagen: %2</translation>
        </message>
        <message>
            <source>%1 Tried: %2. Authorization failed: %3</source>
            <translation>%1 Versucht: %2. Autorisierung fehlgeschlagen: %3</translation>
        </message>
        <message>
            <source>The authorization server address %1 is not https; OAuth 2.1 requires TLS for every authorization server endpoint except on this machine (loopback), so nothing was sent there.</source>
            <translation>Die Adresse des Autorisierungsservers %1 ist kein https; OAuth 2.1 verlangt TLS für jeden Endpunkt eines Autorisierungsservers außer auf diesem Rechner (Loopback), daher wurde nichts dorthin gesendet.</translation>
        </message>
        <message>
            <source>The authorization did not finish within the %1 s it may take (the connect timeout); %2 at %3 was not sent.</source>
            <translation>Die Autorisierung wurde nicht innerhalb der erlaubten %1 s (Zeitlimit für Verbindung) abgeschlossen; %2 an %3 wurde nicht gesendet.</translation>
        </message>
        <message>
            <source>%1 at %2 did not answer completely within the %3 s the authorization may take (the connect timeout).</source>
            <translation>%1 unter %2 hat nicht innerhalb der für die Autorisierung erlaubten %3 s (Zeitlimit für Verbindung) vollständig geantwortet.</translation>
        </message>
        <message>
            <source>the answer is larger than %1 MiB (OAuth metadata and tokens are a few kilobytes); it was not read</source>
            <translation>die Antwort ist größer als %1 MiB (OAuth-Metadaten und Tokens umfassen wenige Kilobyte); sie wurde nicht gelesen</translation>
        </message>
        <message>
            <source>The configured client credentials were not sent to authorization server %1: you declined.</source>
            <translation>Die konfigurierten Client-Zugangsdaten wurden nicht an den Autorisierungsserver %1 gesendet: Sie haben abgelehnt.</translation>
        </message>
        <message>
            <source>You agreed to send the configured client credentials to authorization server %1.</source>
            <translation>Sie haben zugestimmt, die konfigurierten Client-Zugangsdaten an den Autorisierungsserver %1 zu senden.</translation>
        </message>
        <message>
            <source>The configured client credentials were not sent to authorization server %1: it is not at the MCP server's origin (%2) and is not named as the client's issuer. If the client was registered there, name it as the issuer (--oauth-client-issuer %1, or clientIssuer in the server's auth settings).</source>
            <translation>Die konfigurierten Client-Zugangsdaten wurden nicht an den Autorisierungsserver %1 gesendet: Er liegt nicht am Ursprung des MCP-Servers (%2) und ist nicht als Aussteller des Clients angegeben. Wurde der Client dort registriert, geben Sie ihn als Aussteller an (--oauth-client-issuer %1 oder clientIssuer in den Autorisierungseinstellungen des Servers).</translation>
        </message>
        <message>
            <source>The workload identity token is for authorization server %1, not for %2, which the server now names; it is not sent there.</source>
            <translation>Das Workload-Identity-Token gilt für den Autorisierungsserver %1, nicht für %2, den der Server jetzt nennt; es wird nicht dorthin gesendet.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Record::CaptureWriter</name>
        <message numerus="yes">
            <source>The recorder could not record %n message(s) or chunk(s) (%1 of traffic); all traffic was passed on.</source>
            <translation>
                <numerusform>Der Rekorder konnte %n Nachricht oder Block (%1 Verkehr) nicht aufzeichnen; der gesamte Verkehr wurde weitergeleitet.</numerusform>
                <numerusform>Der Rekorder konnte %n Nachrichten oder Blöcke (%1 Verkehr) nicht aufzeichnen; der gesamte Verkehr wurde weitergeleitet.</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 of %2 traffic were passed on but not recorded (the capture could not keep up).</source>
            <translation>%1 %2-Verkehr wurden weitergeleitet, aber nicht aufgezeichnet (die Aufzeichnung kam nicht hinterher).</translation>
        </message>
        <message>
            <source>line longer than %1: passed on whole, only its start is recorded</source>
            <translation>Zeile länger als %1: vollständig weitergeleitet, nur ihr Anfang ist aufgezeichnet</translation>
        </message>
        <message>
            <source>Writing the capture failed: %1.</source>
            <translation>Schreiben des Mitschnitts fehlgeschlagen: %1.</translation>
        </message>
        <message>
            <source>disk full (%1)</source>
            <translation>Datenträger voll (%1)</translation>
        </message>
        <message>
            <source>disk quota exceeded (%1)</source>
            <translation>Festplattenkontingent überschritten (%1)</translation>
        </message>
        <message>
            <source>file size limit reached (%1)</source>
            <translation>Dateigrößenlimit erreicht (%1)</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Record::HttpRecorder</name>
        <message>
            <source>the target %1: %2</source>
            <translation>das Ziel %1: %2</translation>
        </message>
        <message>
            <source>%1 is not a loopback address; the recorder listens on 127.0.0.1 or ::1 only</source>
            <translation>%1 ist keine Loopback-Adresse; der Rekorder lauscht nur auf 127.0.0.1 oder ::1</translation>
        </message>
        <message>
            <source>the target must be an http or https URL</source>
            <translation>das Ziel muss eine http- oder https-URL sein</translation>
        </message>
        <message>
            <source>the server names an absolute endpoint (%1): the host posts its messages there directly, past the recorder, and they are not recorded</source>
            <translation>der Server nennt einen absoluten Endpunkt (%1): Der Host sendet seine Nachrichten direkt dorthin, am Recorder vorbei, und sie werden nicht aufgezeichnet</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Record::LiveFeed</name>
        <message numerus="yes">
            <source>%n earlier event(s) are not shown here; the capture file has them all</source>
            <translation>
                <numerusform>%n früheres Ereignis wird hier nicht angezeigt; die Capture-Datei enthält alle</numerusform>
                <numerusform>%n frühere Ereignisse werden hier nicht angezeigt; die Capture-Datei enthält alle</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 does not exist</source>
            <translation>%1 existiert nicht</translation>
        </message>
        <message>
            <source>%1 is a symbolic link</source>
            <translation>%1 ist ein symbolischer Link</translation>
        </message>
        <message>
            <source>%1 is not a folder</source>
            <translation>%1 ist kein Ordner</translation>
        </message>
        <message>
            <source>%1 belongs to another user (uid %2)</source>
            <translation>%1 gehört einem anderen Benutzer (uid %2)</translation>
        </message>
        <message>
            <source>%1 can be entered by other users (mode %2)</source>
            <translation>%1 ist für andere Benutzer zugänglich (Modus %2)</translation>
        </message>
        <message>
            <source>%1 is not a socket</source>
            <translation>%1 ist kein Socket</translation>
        </message>
        <message>
            <source>the listener's user cannot be checked</source>
            <translation>der Benutzer des Listeners lässt sich nicht prüfen</translation>
        </message>
        <message>
            <source>the window listening there runs as another user (uid %1)</source>
            <translation>das dort lauschende Fenster läuft als anderer Benutzer (uid %1)</translation>
        </message>
        <message>
            <source>mcpscope record: not showing this recording live (%1); recording to the capture file only</source>
            <translation>mcpscope record: Diese Aufzeichnung wird nicht live angezeigt (%1); es wird nur in die Capture-Datei aufgezeichnet</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Record::LiveListener</name>
        <message>
            <source>%1 is not a private folder of this user (%2)</source>
            <translation>%1 ist kein privater Ordner dieses Benutzers (%2)</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Record::StdioRecorder</name>
        <message>
            <source>could not be started: %1</source>
            <translation>konnte nicht gestartet werden: %1</translation>
        </message>
        <message>
            <source>was killed by signal %1 (%2)</source>
            <translation>wurde durch Signal %1 (%2) beendet</translation>
        </message>
        <message>
            <source>was killed by signal %1</source>
            <translation>wurde durch Signal %1 beendet</translation>
        </message>
        <message>
            <source>exited with code %1</source>
            <translation>mit Code %1 beendet</translation>
        </message>
        <message>
            <source>could not start '%1': %2</source>
            <translation>„%1“ konnte nicht gestartet werden: %2</translation>
        </message>
        <message>
            <source>the chunk recorded last (%1 bytes) could not be passed on: its reader had gone</source>
            <translation>der zuletzt aufgezeichnete Abschnitt (%1 Bytes) konnte nicht weitergegeben werden: sein Leser war nicht mehr da</translation>
        </message>
    </context>
    <context>
        <name>Mcp::RecordRewrite</name>
        <message>
            <source>the file cannot be rewritten in place</source>
            <translation>die Datei kann nicht an Ort und Stelle umgeschrieben werden</translation>
        </message>
        <message>
            <source>the file is not a JSON object</source>
            <translation>die Datei ist kein JSON-Objekt</translation>
        </message>
        <message>
            <source>no "mcpServers" or "servers" in the file</source>
            <translation>kein „mcpServers“ oder „servers“ in der Datei</translation>
        </message>
        <message>
            <source>there is no server "%1" in the file</source>
            <translation>die Datei enthält keinen Server „%1“</translation>
        </message>
        <message>
            <source>the entry "%1" is not an object</source>
            <translation>der Eintrag „%1“ ist kein Objekt</translation>
        </message>
        <message>
            <source>the command of "%1" is not a string</source>
            <translation>der Befehl von „%1“ ist keine Zeichenkette</translation>
        </message>
        <message>
            <source>the args of "%1" are not a list</source>
            <translation>die Argumente von „%1“ sind keine Liste</translation>
        </message>
        <message>
            <source>"%1" is already recorded</source>
            <translation>„%1“ wird bereits aufgezeichnet</translation>
        </message>
        <message>
            <source>cannot read %1: %2</source>
            <translation>%1 kann nicht gelesen werden: %2</translation>
        </message>
        <message>
            <source>cannot write the backup %1: %2</source>
            <translation>die Sicherung %1 kann nicht geschrieben werden: %2</translation>
        </message>
        <message>
            <source>cannot write %1: %2</source>
            <translation>%1 kann nicht geschrieben werden: %2</translation>
        </message>
        <message>
            <source>cannot read the backup %1: %2</source>
            <translation>die Sicherung %1 kann nicht gelesen werden: %2</translation>
        </message>
        <message>
            <source>"%1" has neither a "command" nor a "url"</source>
            <translation>"%1" hat weder ein "command" noch eine "url"</translation>
        </message>
        <message>
            <source>"%1" is an HTTP server: it is recorded through mcpscope record --http</source>
            <translation>"%1" ist ein HTTP-Server: Er wird über mcpscope record --http aufgezeichnet</translation>
        </message>
        <message>
            <source>the url of "%1" uses variables the host fills in; run mcpscope record --http with the address they make</source>
            <translation>die url von "%1" verwendet Variablen, die der Host einsetzt; mcpscope record --http mit der daraus entstehenden Adresse ausführen</translation>
        </message>
        <message>
            <source>the url of "%1" is not an absolute URL</source>
            <translation>die url von "%1" ist keine absolute URL</translation>
        </message>
        <message>
            <source>"%1" is not run through the recorder</source>
            <translation>"%1" wird nicht über den Recorder ausgeführt</translation>
        </message>
        <message>
            <source>the backup has no url for "%1"</source>
            <translation>die Sicherungskopie enthält keine url für "%1"</translation>
        </message>
        <message>
            <source>%1 has changed since the recorder was put in (%2); its backup is %3</source>
            <translation>%1 wurde seit dem Einsetzen des Recorders geändert (%2); die Sicherungskopie ist %3</translation>
        </message>
        <message>
            <source>the file is laid out in a way MCP Scope cannot rewrite safely; it was left as it was</source>
            <translation>die Datei ist so aufgebaut, dass MCP Scope sie nicht sicher umschreiben kann; sie blieb, wie sie war</translation>
        </message>
    </context>
    <context>
        <name>Mcp::SchemaResolver</name>
        <message>
            <source>The reference %1 points to another document, which is not fetched.</source>
            <translation>Der Verweis %1 zeigt auf ein anderes Dokument, das nicht geladen wird.</translation>
        </message>
        <message>
            <source>The reference %1 names an anchor that this schema does not define.</source>
            <translation>Der Verweis %1 nennt einen Anker, den dieses Schema nicht definiert.</translation>
        </message>
        <message>
            <source>The reference %1 points to nothing in this schema.</source>
            <translation>Der Verweis %1 zeigt in diesem Schema ins Leere.</translation>
        </message>
        <message>
            <source>The reference %1 leads back to itself.</source>
            <translation>Der Verweis %1 führt zu sich selbst zurück.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::SchemaValidator</name>
        <message>
            <source>a whole number</source>
            <translation>eine ganze Zahl</translation>
        </message>
        <message>
            <source>a number</source>
            <translation>eine Zahl</translation>
        </message>
        <message>
            <source>text (a string)</source>
            <translation>Text (eine Zeichenkette)</translation>
        </message>
        <message>
            <source>true or false</source>
            <translation>wahr oder falsch</translation>
        </message>
        <message>
            <source>an object</source>
            <translation>ein Objekt</translation>
        </message>
        <message>
            <source>a list (an array)</source>
            <translation>eine Liste (ein Array)</translation>
        </message>
        <message>
            <source>null</source>
            <translation>null</translation>
        </message>
        <message>
            <source>must be an email address such as name@example.com</source>
            <translation>muss eine E-Mail-Adresse sein, z. B. name@example.com</translation>
        </message>
        <message>
            <source>must be an absolute URI such as https://example.com/path</source>
            <translation>muss eine absolute URI sein, z. B. https://example.com/path</translation>
        </message>
        <message>
            <source>must be a date such as 2024-01-31</source>
            <translation>muss ein Datum sein, z. B. 2024-01-31</translation>
        </message>
        <message>
            <source>must be a time such as 13:45:00Z</source>
            <translation>muss eine Uhrzeit sein, z. B. 13:45:00Z</translation>
        </message>
        <message>
            <source>must be a date and time such as 2024-01-31T13:45:00Z</source>
            <translation>muss Datum und Uhrzeit sein, z. B. 2024-01-31T13:45:00Z</translation>
        </message>
        <message>
            <source>must be a UUID such as 123e4567-e89b-12d3-a456-426614174000</source>
            <translation>muss eine UUID sein, z. B. 123e4567-e89b-12d3-a456-426614174000</translation>
        </message>
        <message>
            <source>must be an IPv4 address such as 192.0.2.1</source>
            <translation>muss eine IPv4-Adresse sein, z. B. 192.0.2.1</translation>
        </message>
        <message>
            <source>is not allowed here</source>
            <translation>ist hier nicht erlaubt</translation>
        </message>
        <message>
            <source>must be one of: %1</source>
            <translation>muss eines davon sein: %1</translation>
        </message>
        <message>
            <source>must be exactly %1</source>
            <translation>muss genau %1 sein</translation>
        </message>
        <message>
            <source>has a value that the schema forbids (it matches a 'not' rule)</source>
            <translation>hat einen Wert, den das Schema verbietet (er passt auf eine „not“-Regel)</translation>
        </message>
        <message>
            <source>must be %1, not %2</source>
            <translation>muss %1 sein, nicht %2</translation>
        </message>
        <message>
            <source> or </source>
            <translation> oder </translation>
        </message>
        <message>
            <source>must not be empty</source>
            <translation>darf nicht leer sein</translation>
        </message>
        <message>
            <source>must be at least %1 characters long</source>
            <translation>muss mindestens %1 Zeichen lang sein</translation>
        </message>
        <message>
            <source>must be at most %1 characters long</source>
            <translation>darf höchstens %1 Zeichen lang sein</translation>
        </message>
        <message>
            <source>must match pattern %1</source>
            <translation>muss dem Muster %1 entsprechen</translation>
        </message>
        <message>
            <source>must be greater than %1</source>
            <translation>muss größer als %1 sein</translation>
        </message>
        <message>
            <source>must be at least %1</source>
            <translation>muss mindestens %1 sein</translation>
        </message>
        <message>
            <source>must be less than %1</source>
            <translation>muss kleiner als %1 sein</translation>
        </message>
        <message>
            <source>must be at most %1</source>
            <translation>darf höchstens %1 sein</translation>
        </message>
        <message>
            <source>must be a multiple of %1</source>
            <translation>muss ein Vielfaches von %1 sein</translation>
        </message>
        <message>
            <source>is one item too many: this list takes at most %1 items</source>
            <translation>ist ein Eintrag zu viel: Diese Liste nimmt höchstens %1 Einträge</translation>
        </message>
        <message>
            <source>must have at least %1 item</source>
            <translation>muss mindestens %1 Eintrag haben</translation>
        </message>
        <message>
            <source>must have at least %1 items</source>
            <translation>muss mindestens %1 Einträge haben</translation>
        </message>
        <message>
            <source>must have at most %1 item</source>
            <translation>darf höchstens %1 Eintrag haben</translation>
        </message>
        <message>
            <source>must have at most %1 items</source>
            <translation>darf höchstens %1 Einträge haben</translation>
        </message>
        <message>
            <source>must not repeat items: items %1 and %2 are the same</source>
            <translation>darf keine Einträge wiederholen: Einträge %1 und %2 sind gleich</translation>
        </message>
        <message>
            <source>must contain at least one item of the required kind</source>
            <translation>muss mindestens einen Eintrag der geforderten Art enthalten</translation>
        </message>
        <message>
            <source>is required</source>
            <translation>ist erforderlich</translation>
        </message>
        <message>
            <source>is not an allowed property here</source>
            <translation>ist hier keine erlaubte Eigenschaft</translation>
        </message>
        <message>
            <source>has a name that is not allowed: the name %1</source>
            <translation>hat einen nicht erlaubten Namen: den Namen %1</translation>
        </message>
        <message>
            <source>must have at least %1 property</source>
            <translation>muss mindestens %1 Eigenschaft haben</translation>
        </message>
        <message>
            <source>must have at least %1 properties</source>
            <translation>muss mindestens %1 Eigenschaften haben</translation>
        </message>
        <message>
            <source>must have at most %1 property</source>
            <translation>darf höchstens %1 Eigenschaft haben</translation>
        </message>
        <message>
            <source>must have at most %1 properties</source>
            <translation>darf höchstens %1 Eigenschaften haben</translation>
        </message>
        <message>
            <source>is required when %1 is given</source>
            <translation>ist erforderlich, wenn %1 angegeben ist</translation>
        </message>
        <message>
            <source>matches more than one of the allowed forms (%1 and %2); it must match exactly one</source>
            <translation>passt auf mehr als eine der erlaubten Formen (%1 und %2); es muss genau eine sein</translation>
        </message>
        <message>
            <source>does not match any of the allowed forms</source>
            <translation>passt auf keine der erlaubten Formen</translation>
        </message>
        <message>
            <source>must be one of the allowed forms: %1</source>
            <translation>muss eine der erlaubten Formen sein: %1</translation>
        </message>
        <message>
            <source>The value</source>
            <translation>Der Wert</translation>
        </message>
        <message>
            <source>The schema could not be compiled for validation (%1); field checks still apply.</source>
            <translation>Das Schema konnte nicht für die Prüfung übersetzt werden (%1); Feldprüfungen gelten weiterhin.</translation>
        </message>
        <message>
            <source>These schema keywords are not checked: %1.</source>
            <translation>Diese Schema-Schlüsselwörter werden nicht geprüft: %1.</translation>
        </message>
        <message>
            <source>Validation stopped early (%1); field checks still apply.</source>
            <translation>Die Prüfung wurde vorzeitig beendet (%1); Feldprüfungen gelten weiterhin.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::ScriptedResponder</name>
        <message>
            <source>No scripted sampling answer</source>
            <translation>Keine vorbereitete Sampling-Antwort</translation>
        </message>
        <message>
            <source>Method not found: %1</source>
            <translation>Methode nicht gefunden: %1</translation>
        </message>
    </context>
    <context>
        <name>Mcp::ServerCatalog</name>
        <message>
            <source>The file was kept unchanged as %1; MCP Scope continues with the servers it could read.</source>
            <translation>Die Datei wurde unverändert als %1 aufbewahrt; MCP Scope fährt mit den Servern fort, die es lesen konnte.</translation>
        </message>
        <message>
            <source>Cannot read the file: %1.</source>
            <translation>Die Datei ist nicht lesbar: %1.</translation>
        </message>
        <message>
            <source>Not valid JSON: %1.</source>
            <translation>Kein gültiges JSON: %1.</translation>
        </message>
        <message numerus="yes">
            <source>%n server(s) recovered from the broken file; command approvals were not.</source>
            <translation>
                <numerusform>%n Server aus der beschädigten Datei gerettet; Befehlsfreigaben nicht.</numerusform>
                <numerusform>%n Server aus der beschädigten Datei gerettet; Befehlsfreigaben nicht.</numerusform>
            </translation>
        </message>
        <message>
            <source>Not an MCP Scope server list (expected an object with a "servers" list).</source>
            <translation>Keine MCP-Scope-Serverliste (erwartet wurde ein Objekt mit einer „servers“-Liste).</translation>
        </message>
        <message>
            <source>%1 was written by a newer MCP Scope; settings this version does not know are kept.</source>
            <translation>%1 wurde von einem neueren MCP Scope geschrieben; Einstellungen, die diese Version nicht kennt, bleiben erhalten.</translation>
        </message>
        <message>
            <source>Server %1 in %2 is not an object; skipped.</source>
            <translation>Server %1 in %2 ist kein Objekt; übersprungen.</translation>
        </message>
        <message>
            <source>duplicate id; given a new one</source>
            <translation>doppelte ID; eine neue wurde vergeben</translation>
        </message>
        <message>
            <source>%1, server "%2": %3</source>
            <translation>%1, Server „%2“: %3</translation>
        </message>
        <message>
            <source>Some servers could not be read and were skipped.</source>
            <translation>Einige Server konnten nicht gelesen werden und wurden übersprungen.</translation>
        </message>
        <message>
            <source>%1 (copy)</source>
            <translation>%1 (Kopie)</translation>
        </message>
        <message>
            <source>MCP Scope demo server</source>
            <translation>MCP-Scope-Demoserver</translation>
        </message>
        <message>
            <source>Ships with MCP Scope. Shows every kind of content, progress, sampling, elicitation and more.</source>
            <translation>Wird mit MCP Scope geliefert. Zeigt jede Art von Inhalt, Fortschritt, Sampling, Elicitation und mehr.</translation>
        </message>
        <message>
            <source>Cannot create the folder %1.</source>
            <translation>Der Ordner %1 kann nicht angelegt werden.</translation>
        </message>
        <message>
            <source>Cannot save %1: %2.</source>
            <translation>%1 kann nicht gespeichert werden: %2.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::ServerConfig</name>
        <message>
            <source>"%1" is not a list; ignored.</source>
            <translation>„%1“ ist keine Liste; ignoriert.</translation>
        </message>
        <message>
            <source>An entry of "%1" has no name; ignored.</source>
            <translation>Ein Eintrag von „%1“ hat keinen Namen; ignoriert.</translation>
        </message>
        <message>
            <source>Standard I/O (local process)</source>
            <translation>Standard-E/A (lokaler Prozess)</translation>
        </message>
        <message>
            <source>Streamable HTTP</source>
            <translation>Streamable HTTP</translation>
        </message>
        <message>
            <source>HTTP+SSE (legacy)</source>
            <translation>HTTP+SSE (alt)</translation>
        </message>
        <message>
            <source>HTTP (detect)</source>
            <translation>HTTP (erkennen)</translation>
        </message>
        <message>
            <source>Unknown transport "%1"; using stdio.</source>
            <translation>Unbekannter Transport „%1“; stdio wird verwendet.</translation>
        </message>
        <message>
            <source>The command line ends with a backslash.</source>
            <translation>Die Befehlszeile endet mit einem Backslash.</translation>
        </message>
        <message>
            <source>A ' quote in the command line is not closed.</source>
            <translation>Ein '-Anführungszeichen in der Befehlszeile ist nicht geschlossen.</translation>
        </message>
        <message>
            <source>A " quote in the command line is not closed.</source>
            <translation>Ein "-Anführungszeichen in der Befehlszeile ist nicht geschlossen.</translation>
        </message>
        <message>
        <source>Ignored a pinned certificate fingerprint that is not 64 hex digits: %1</source>
        <translation>Ein fixierter Zertifikat-Fingerabdruck, der keine 64 Hexziffern hat, wurde ignoriert: %1</translation>
    </message>
</context>
    <context>
        <name>Mcp::Session</name>
        <message>
            <source>disconnected</source>
            <translation>getrennt</translation>
        </message>
        <message>
            <source>connecting</source>
            <translation>verbindet</translation>
        </message>
        <message>
            <source>connected</source>
            <translation>verbunden</translation>
        </message>
        <message>
            <source>failed</source>
            <translation>fehlgeschlagen</translation>
        </message>
        <message>
            <source>exited</source>
            <translation>beendet</translation>
        </message>
        <message>
            <source>failed: %1</source>
            <translation>fehlgeschlagen: %1</translation>
        </message>
        <message numerus="yes">
            <source>Not restarting: the server failed %n times in a row shortly after starting.</source>
            <translation>
                <numerusform>Kein Neustart: Der Server ist %n-mal kurz nach dem Start gescheitert.</numerusform>
                <numerusform>Kein Neustart: Der Server ist %n-mal hintereinander kurz nach dem Start gescheitert.</numerusform>
            </translation>
        </message>
        <message>
            <source>No one is there to answer this request.</source>
            <translation>Niemand ist da, um diese Anfrage zu beantworten.</translation>
        </message>
        <message>
            <source>The server settings are incomplete.</source>
            <translation>Die Servereinstellungen sind unvollständig.</translation>
        </message>
        <message>
            <source>Not connected.</source>
            <translation>Nicht verbunden.</translation>
        </message>
        <message>
            <source>degraded: %1</source>
            <translation>beeinträchtigt: %1</translation>
        </message>
        <message>
            <source>unreachable: %1</source>
            <translation>nicht erreichbar: %1</translation>
        </message>
        <message>
            <source>%1; %2</source>
            <translation>%1; %2</translation>
        </message>
        <message>
            <source>restarting in %1 s (attempt %2 of %3)</source>
            <translation>Neustart in %1 s (Versuch %2 von %3)</translation>
        </message>
        <message>
            <source>restarting in %1 s</source>
            <translation>Neustart in %1 s</translation>
        </message>
        <message>
            <source>gave up: %1</source>
            <translation>aufgegeben: %1</translation>
        </message>
        <message>
            <source>Connection ended: %1</source>
            <translation>Verbindung beendet: %1</translation>
        </message>
        <message>
            <source>Unanswered: %1</source>
            <translation>Unbeantwortet: %1</translation>
        </message>
        <message>
            <source>Last stderr lines:</source>
            <translation>Letzte stderr-Zeilen:</translation>
        </message>
        <message>
            <source>%1 is not connected</source>
            <translation>%1 ist nicht verbunden</translation>
        </message>
    </context>
    <context>
        <name>Mcp::SnapshotDiff</name>
        <message>
            <source>removed</source>
            <translation>entfernt</translation>
        </message>
        <message>
            <source>input property %1 removed</source>
            <translation>Eingabeeigenschaft %1 entfernt</translation>
        </message>
        <message>
            <source>new required argument at %1: %2</source>
            <translation>neues Pflichtargument bei %1: %2</translation>
        </message>
        <message>
            <source>type narrowed at %1</source>
            <translation>Typ eingeschränkt bei %1</translation>
        </message>
        <message>
            <source>allowed values narrowed at %1</source>
            <translation>zulässige Werte eingeschränkt bei %1</translation>
        </message>
        <message>
            <source>argument %1 is now required</source>
            <translation>Argument %1 ist jetzt erforderlich</translation>
        </message>
        <message>
            <source>new required argument %1</source>
            <translation>neues Pflichtargument %1</translation>
        </message>
        <message>
            <source>argument %1 removed</source>
            <translation>Argument %1 entfernt</translation>
        </message>
    </context>
    <context>
        <name>Mcp::SnapshotFile</name>
        <message>
            <source>cannot read %1: %2</source>
            <translation>%1 kann nicht gelesen werden: %2</translation>
        </message>
        <message>
            <source>%1 is not a JSON object: %2</source>
            <translation>%1 ist kein JSON-Objekt: %2</translation>
        </message>
        <message>
            <source>holds no answered tools/list, prompts/list, resources/list or resources/templates/list</source>
            <translation>enthält kein beantwortetes tools/list, prompts/list, resources/list oder resources/templates/list</translation>
        </message>
        <message>
            <source>cannot write %1: %2</source>
            <translation>%1 kann nicht geschrieben werden: %2</translation>
        </message>
    </context>
    <context>
        <name>Mcp::SseParser</name>
        <message>
            <source>An SSE event grew to %1 bytes, more than the limit of %2 bytes; the stream was abandoned.</source>
            <translation>Ein SSE-Ereignis wuchs auf %1 Bytes, mehr als die Grenze von %2 Bytes; der Strom wurde aufgegeben.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::StdioTransport</name>
        <message>
            <source>exited with code %1</source>
            <translation>mit Code %1 beendet</translation>
        </message>
        <message>
            <source>killed by signal %1 (%2)</source>
            <translation>durch Signal %1 (%2) beendet</translation>
        </message>
        <message>
            <source>killed by signal %1</source>
            <translation>durch Signal %1 beendet</translation>
        </message>
        <message>
            <source>could not start '%1': %2</source>
            <translation>„%1“ konnte nicht gestartet werden: %2</translation>
        </message>
        <message>
            <source>could not start '%1' in '%2': %3</source>
            <translation>„%1“ konnte in „%2“ nicht gestartet werden: %3</translation>
        </message>
        <message>
            <source>was %1</source>
            <translation>war %1</translation>
        </message>
        <message>
            <source>Closed by the client; the server process %1.</source>
            <translation>Vom Client geschlossen; der Serverprozess ist %1.</translation>
        </message>
        <message>
            <source>The server process %1.</source>
            <translation>Der Serverprozess ist %1.</translation>
        </message>
        <message>
            <source>A message was sent while the server process was not running.</source>
            <translation>Eine Nachricht wurde gesendet, während der Serverprozess nicht lief.</translation>
        </message>
        <message>
            <source>The server did not exit within %1 ms of stdin being closed; sending SIGTERM.</source>
            <translation>Der Server hat sich nicht innerhalb von %1 ms nach dem Schließen von stdin beendet; sende SIGTERM.</translation>
        </message>
        <message>
            <source>The server did not exit within %1 ms of SIGTERM; sending SIGKILL.</source>
            <translation>Der Server hat sich nicht innerhalb von %1 ms nach SIGTERM beendet; sende SIGKILL.</translation>
        </message>
        <message>
            <source>A message from the server was dropped: it was longer than the maximum message size of %1 (at least %2 bytes arrived before it was cut off).</source>
            <translation>Eine Nachricht des Servers wurde verworfen: Sie war länger als die maximale Nachrichtengröße von %1 (mindestens %2 Bytes kamen an, bevor sie abgeschnitten wurde).</translation>
        </message>
        <message>
            <source>empty line on stdout</source>
            <translation>leere Zeile auf stdout</translation>
        </message>
        <message>
            <source>line longer than %1; the rest of it was not kept</source>
            <translation>Zeile länger als %1; der Rest wurde nicht behalten</translation>
        </message>
        <message>
            <source>could not start '%1': no pipes for its stdin and stdout (%2)</source>
            <translation>„%1“ konnte nicht gestartet werden: keine Pipes für seine stdin und stdout (%2)</translation>
        </message>
        <message>
            <source>The server closed its stdout while its process (pid %1) kept running; the connection ends, and the process is stopped as at shutdown.</source>
            <translation>Der Server hat seine stdout geschlossen, während sein Prozess (PID %1) weiterlief; die Verbindung endet, und der Prozess wird wie beim Beenden gestoppt.</translation>
        </message>
        <message numerus="yes">
        <source>%n byte(s) were not delivered: the server&apos;s stdin is closed.</source>
        <translation>
            <numerusform>%n Byte wurde nicht zugestellt: die stdin des Servers ist geschlossen.</numerusform>
            <numerusform>%n Bytes wurden nicht zugestellt: die stdin des Servers ist geschlossen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n byte(s) were not delivered: writing to the server&apos;s stdin failed (%1).</source>
        <translation>
            <numerusform>%n Byte wurde nicht zugestellt: das Schreiben in die stdin des Servers schlug fehl (%1).</numerusform>
            <numerusform>%n Bytes wurden nicht zugestellt: das Schreiben in die stdin des Servers schlug fehl (%1).</numerusform>
        </translation>
    </message>
</context>
    <context>
        <name>Mcp::StreamableHttpServer</name>
        <message>
            <source>Origin not allowed</source>
            <translation>Ursprung nicht erlaubt</translation>
        </message>
        <message>
            <source>Not Acceptable: the client must accept application/json and text/event-stream</source>
            <translation>Nicht annehmbar: Der Client muss application/json und text/event-stream akzeptieren</translation>
        </message>
        <message>
            <source>Content-Type must be application/json</source>
            <translation>Content-Type muss application/json sein</translation>
        </message>
        <message>
            <source>Bad Request: Mcp-Session-Id header is required</source>
            <translation>Ungültige Anfrage: Der Header Mcp-Session-Id ist erforderlich</translation>
        </message>
        <message>
            <source>Session not found</source>
            <translation>Sitzung nicht gefunden</translation>
        </message>
        <message>
            <source>Unsupported MCP-Protocol-Version: %1</source>
            <translation>Nicht unterstützte MCP-Protocol-Version: %1</translation>
        </message>
        <message>
            <source>Host not allowed</source>
            <translation>Host nicht erlaubt</translation>
        </message>
    </context>
    <context>
        <name>Mcp::StreamableHttpTransport</name>
        <message>
            <source>Streamable HTTP transport to %1</source>
            <translation>Streamable-HTTP-Transport zu %1</translation>
        </message>
        <message>
            <source>Cannot send: the HTTP transport to %1 is not open.</source>
            <translation>Senden nicht möglich: Der HTTP-Transport zu %1 ist nicht offen.</translation>
        </message>
        <message>
            <source>Opening the GET stream for server-initiated messages</source>
            <translation>Öffne den GET-Strom für vom Server ausgehende Nachrichten</translation>
        </message>
        <message>
            <source>Resuming an event stream after event %1</source>
            <translation>Setze einen Ereignisstrom nach Ereignis %1 fort</translation>
        </message>
        <message>
            <source>Event stream opened</source>
            <translation>Ereignisstrom geöffnet</translation>
        </message>
        <message>
            <source>The answer from %1 is larger than the limit of %2 bytes.</source>
            <translation>Die Antwort von %1 ist größer als die Grenze von %2 Bytes.</translation>
        </message>
        <message>
            <source>retry: %1 ms</source>
            <translation>retry: %1 ms</translation>
        </message>
        <message>
            <source>The server offers no GET stream (HTTP %1): server-initiated messages can only arrive on answers to requests.</source>
            <translation>Der Server bietet keinen GET-Strom (HTTP %1): Vom Server ausgehende Nachrichten kommen nur mit Antworten auf Anfragen.</translation>
        </message>
        <message>
            <source>The GET stream was refused: %1</source>
            <translation>Der GET-Strom wurde abgelehnt: %1</translation>
        </message>
        <message>
            <source>The server answered a GET with "%1" instead of an event stream.</source>
            <translation>Der Server hat auf ein GET mit „%1“ statt mit einem Ereignisstrom geantwortet.</translation>
        </message>
        <message>
            <source>The server answered the request with HTTP %1 and no body.</source>
            <translation>Der Server hat die Anfrage mit HTTP %1 ohne Inhalt beantwortet.</translation>
        </message>
        <message>
            <source>The server answered the request with "%1", which is neither JSON nor an event stream.</source>
            <translation>Der Server hat die Anfrage mit „%1“ beantwortet, das weder JSON noch ein Ereignisstrom ist.</translation>
        </message>
        <message>
            <source>The server closed the event stream before answering, without an event id to resume from.</source>
            <translation>Der Server hat den Ereignisstrom vor der Antwort geschlossen, ohne Ereignis-ID zum Fortsetzen.</translation>
        </message>
        <message>
            <source>The event stream broke before the answer (%1), without an event id to resume from.</source>
            <translation>Der Ereignisstrom brach vor der Antwort ab (%1), ohne Ereignis-ID zum Fortsetzen.</translation>
        </message>
        <message>
            <source>Gave up resuming the event stream from %1 after %2 attempts.</source>
            <translation>Fortsetzen des Ereignisstroms ab %1 nach %2 Versuchen aufgegeben.</translation>
        </message>
        <message>
            <source>The event stream closed; reconnecting in %1 ms%2</source>
            <translation>Der Ereignisstrom wurde geschlossen; neuer Versuch in %1 ms%2</translation>
        </message>
        <message>
            <source> with Last-Event-ID %1</source>
            <translation> mit Last-Event-ID %1</translation>
        </message>
        <message>
            <source>The server no longer knows session %1 (HTTP 404); a new session must be initialized.</source>
            <translation>Der Server kennt die Sitzung %1 nicht mehr (HTTP 404); eine neue Sitzung muss initialisiert werden.</translation>
        </message>
        <message>
            <source>(already replaced)</source>
            <translation>(bereits ersetzt)</translation>
        </message>
        <message>
            <source>Closed</source>
            <translation>Geschlossen</translation>
        </message>
        <message>
            <source>Ending session %1</source>
            <translation>Beende Sitzung %1</translation>
        </message>
        <message>
            <source>DELETE of the session failed: %1</source>
            <translation>DELETE der Sitzung fehlgeschlagen: %1</translation>
        </message>
        <message>
            <source>The server still refused the request after %1 authorizations: %2</source>
            <translation>Der Server verweigerte die Anfrage auch nach %1 Autorisierungen: %2</translation>
        </message>
        <message>
            <source>The server wants more scopes (HTTP 403 insufficient_scope); authorizing again</source>
            <translation>Der Server verlangt mehr Scopes (HTTP 403 insufficient_scope); erneute Autorisierung</translation>
        </message>
        <message>
            <source>The server wants credentials (HTTP 401); authorizing</source>
            <translation>Der Server verlangt Anmeldedaten (HTTP 401); Autorisierung läuft</translation>
        </message>
        <message>
            <source>The authorizer is gone.</source>
            <translation>Der Autorisierer existiert nicht mehr.</translation>
        </message>
        <message numerus="yes">
            <source>Authorized; resending %n held message(s)</source>
            <translation>
                <numerusform>Autorisiert; %n zurückgehaltene Nachricht wird erneut gesendet</numerusform>
                <numerusform>Autorisiert; %n zurückgehaltene Nachrichten werden erneut gesendet</numerusform>
            </translation>
        </message>
        <message>
            <source>Authorization for %1 failed: %2</source>
            <translation>Autorisierung für %1 fehlgeschlagen: %2</translation>
        </message>
        <message>
            <source>Closed the response stream of request %1: closing it cancels a modern request.</source>
            <translation>Antwortstrom der Anfrage %1 geschlossen: das Schließen bricht eine moderne Anfrage ab.</translation>
        </message>
        <message>
            <source>The server's JSON answer to request %1 is not its response.</source>
            <translation>Die JSON-Antwort des Servers auf Anfrage %1 ist nicht deren Antwort.</translation>
        </message>
        <message>
            <source>The server's answer to request %1 could not be read: %2</source>
            <translation>Die Antwort des Servers auf Anfrage %1 konnte nicht gelesen werden: %2</translation>
        </message>
        <message>
            <source>%1 was not sent: the session it belonged to ended.</source>
            <translation>%1 wurde nicht gesendet: die Sitzung, zu der es gehörte, wurde beendet.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::TrafficCapture</name>
        <message>
            <source>"t" (wall clock time) is missing or not a number</source>
            <translation>„t“ (Uhrzeit) fehlt oder ist keine Zahl</translation>
        </message>
        <message>
            <source>"t" is not an integer</source>
            <translation>„t“ ist keine ganze Zahl</translation>
        </message>
        <message>
            <source>"mono" is not an integer</source>
            <translation>„mono“ ist keine ganze Zahl</translation>
        </message>
        <message>
            <source>"conn" is not an integer</source>
            <translation>„conn“ ist keine ganze Zahl</translation>
        </message>
        <message>
            <source>unknown "kind": %1</source>
            <translation>unbekannte „kind“: %1</translation>
        </message>
        <message>
            <source>"raw" must be a string</source>
            <translation>„raw“ muss eine Zeichenkette sein</translation>
        </message>
        <message>
            <source>"raw" is not valid base64</source>
            <translation>„raw“ ist kein gültiges Base64</translation>
        </message>
        <message>
            <source>"note" must be a string</source>
            <translation>„note“ muss eine Zeichenkette sein</translation>
        </message>
        <message>
            <source>"httpMethod" is malformed</source>
            <translation>„httpMethod“ ist fehlerhaft</translation>
        </message>
        <message>
            <source>"url" must be a string</source>
            <translation>„url“ muss eine Zeichenkette sein</translation>
        </message>
        <message>
            <source>"status" is not an integer</source>
            <translation>„status“ ist keine ganze Zahl</translation>
        </message>
        <message>
            <source>"headers" must be an array of [name, value] pairs</source>
            <translation>„headers“ muss ein Array aus [Name, Wert]-Paaren sein</translation>
        </message>
        <message>
            <source>"sseId" is malformed</source>
            <translation>„sseId“ ist fehlerhaft</translation>
        </message>
        <message>
            <source>"sseType" is malformed</source>
            <translation>„sseType“ ist fehlerhaft</translation>
        </message>
        <message>
            <source>"exchange" is not a number</source>
            <translation>„exchange“ ist keine Zahl</translation>
        </message>
        <message>
            <source>could not write the capture: %1</source>
            <translation>der Mitschnitt konnte nicht geschrieben werden: %1</translation>
        </message>
        <message>
            <source>line %1: not an MCP Scope capture (the first line must be a header with "format": "mcpscope-capture")</source>
            <translation>Zeile %1: kein MCP-Scope-Mitschnitt (die erste Zeile muss ein Kopf mit "format": "mcpscope-capture" sein)</translation>
        </message>
        <message>
            <source>line %1: capture format version %2 is not supported (this MCP Scope reads version %3)</source>
            <translation>Zeile %1: Mitschnittformat Version %2 wird nicht unterstützt (dieses MCP Scope liest Version %3)</translation>
        </message>
        <message>
            <source>not valid JSON at offset %1: %2</source>
            <translation>kein gültiges JSON an Position %1: %2</translation>
        </message>
        <message>
            <source>not a JSON object</source>
            <translation>kein JSON-Objekt</translation>
        </message>
        <message>
            <source>the file is empty</source>
            <translation>die Datei ist leer</translation>
        </message>
        <message>
            <source>could not write the HAR file: %1</source>
            <translation>die HAR-Datei konnte nicht geschrieben werden: %1</translation>
        </message>
        <message>
            <source>"dir" must be "out", "in", "local", "toApp" or "fromApp"</source>
            <translation>„dir“ muss „out“, „in“, „local“, „toApp“ oder „fromApp“ sein</translation>
        </message>
        <message>
            <source>There is nothing to export.</source>
            <translation>Es gibt nichts zu exportieren.</translation>
        </message>
        <message numerus="yes">
            <source>HAR holds HTTP exchanges, and none of these %n event(s) crossed HTTP (a stdio connection's messages have no HTTP request): no HAR file was written. Export as JSON Lines to keep them.</source>
            <translation>
                <numerusform>HAR enthält HTTP-Austausche, und dieses %n Ereignis lief nicht über HTTP (die Nachrichten einer stdio-Verbindung haben keine HTTP-Anfrage): Es wurde keine HAR-Datei geschrieben. Exportieren Sie als JSON Lines, um es zu behalten.</numerusform>
                <numerusform>HAR enthält HTTP-Austausche, und keines dieser %n Ereignisse lief über HTTP (die Nachrichten einer stdio-Verbindung haben keine HTTP-Anfrage): Es wurde keine HAR-Datei geschrieben. Exportieren Sie als JSON Lines, um sie zu behalten.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Mcp::TrafficFilter</name>
        <message>
            <source>empty member name in "%1"</source>
            <translation>leerer Elementname in „%1“</translation>
        </message>
        <message>
            <source>no path before "=" (write /params/name=value or params.name=value)</source>
            <translation>kein Pfad vor „=“ (schreiben Sie /params/name=Wert oder params.name=Wert)</translation>
        </message>
        <message>
            <source>the value is not valid JSON: %1</source>
            <translation>der Wert ist kein gültiges JSON: %1</translation>
        </message>
    </context>
    <context>
        <name>Mcp::TrafficLog</name>
        <message>
            <source>request</source>
            <translation>Anfrage</translation>
        </message>
        <message>
            <source>response</source>
            <translation>Antwort</translation>
        </message>
        <message>
            <source>error</source>
            <translation>Fehler</translation>
        </message>
        <message>
            <source>notification</source>
            <translation>Benachrichtigung</translation>
        </message>
        <message>
            <source>batch</source>
            <translation>Stapel</translation>
        </message>
        <message>
            <source>stderr</source>
            <translation>stderr</translation>
        </message>
        <message>
            <source>invalid message</source>
            <translation>ungültige Nachricht</translation>
        </message>
        <message>
            <source>HTTP request</source>
            <translation>HTTP-Anfrage</translation>
        </message>
        <message>
            <source>HTTP response</source>
            <translation>HTTP-Antwort</translation>
        </message>
        <message>
            <source>SSE event</source>
            <translation>SSE-Ereignis</translation>
        </message>
        <message>
            <source>process started</source>
            <translation>Prozess gestartet</translation>
        </message>
        <message>
            <source>process exited</source>
            <translation>Prozess beendet</translation>
        </message>
        <message>
            <source>transport error</source>
            <translation>Transportfehler</translation>
        </message>
        <message>
            <source>note</source>
            <translation>Hinweis</translation>
        </message>
        <message>
            <source>C → S</source>
            <translation>C → S</translation>
        </message>
        <message>
            <source>S → C</source>
            <translation>S → C</translation>
        </message>
        <message>
            <source>local</source>
            <translation>lokal</translation>
        </message>
        <message>
            <source>Time</source>
            <translation>Zeit</translation>
        </message>
        <message>
            <source>Relative (s)</source>
            <translation>Relativ (s)</translation>
        </message>
        <message>
            <source>Connection</source>
            <translation>Verbindung</translation>
        </message>
        <message>
            <source>Direction</source>
            <translation>Richtung</translation>
        </message>
        <message>
            <source>Kind</source>
            <translation>Art</translation>
        </message>
        <message>
            <source>Method</source>
            <translation>Methode</translation>
        </message>
        <message>
            <source>Id</source>
            <translation>ID</translation>
        </message>
        <message>
            <source>Size</source>
            <translation>Größe</translation>
        </message>
        <message>
            <source>Latency</source>
            <translation>Latenz</translation>
        </message>
        <message>
            <source>client to server</source>
            <translation>Client zu Server</translation>
        </message>
        <message>
            <source>server to client</source>
            <translation>Server zu Client</translation>
        </message>
        <message>
            <source>local event</source>
            <translation>lokales Ereignis</translation>
        </message>
        <message>
            <source>Round</source>
            <translation>Runde</translation>
        </message>
        <message>
            <source>%1 of %2</source>
            <translation>%1 von %2</translation>
        </message>
        <message>
            <source>Round %1 of %2 of one request: the server answered input_required and the request went out again, with a new id, carrying the answers</source>
            <translation>Runde %1 von %2 einer Anfrage: Der Server hat mit input_required geantwortet, und die Anfrage wurde mit einer neuen ID erneut gesendet, zusammen mit den Antworten</translation>
        </message>
        <message>
            <source>H → App</source>
            <translation>H → App</translation>
        </message>
        <message>
            <source>App → H</source>
            <translation>App → H</translation>
        </message>
        <message>
            <source>host to an MCP Apps view</source>
            <translation>Host zu einer MCP-Apps-Ansicht</translation>
        </message>
        <message>
            <source>an MCP Apps view to the host</source>
            <translation>eine MCP-Apps-Ansicht zum Host</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Transport</name>
        <message>
            <source>The server's answer to request %1 arrived but could not be read: %2</source>
            <translation>Die Antwort des Servers auf Anfrage %1 ist angekommen, konnte aber nicht gelesen werden: %2</translation>
        </message>
        <message>
            <source>Invalid Request: the request's id must be a string or an integer of at most 64 bits.</source>
            <translation>Ungültige Anfrage: Die id der Anfrage muss eine Zeichenkette oder eine Ganzzahl mit höchstens 64 Bit sein.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::TransportFactory</name>
        <message>
            <source>The server has no command to start.</source>
            <translation>Der Server hat keinen Befehl zum Starten.</translation>
        </message>
        <message>
            <source>The server URL is not a valid http://, https://, ws:// or wss:// URL: %1</source>
            <translation>Die Server-URL ist keine gültige http://-, https://-, ws://- oder wss://-URL: %1</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::AppHostControls</name>
        <message>
            <source>Tool input (arguments):</source>
            <translation>Werkzeugeingabe (arguments):</translation>
        </message>
        <message>
            <source>Tool result (CallToolResult):</source>
            <translation>Werkzeugergebnis (CallToolResult):</translation>
        </message>
        <message>
            <source>Send input</source>
            <translation>Eingabe senden</translation>
        </message>
        <message>
            <source>Send partial input</source>
            <translation>Teilweise Eingabe senden</translation>
        </message>
        <message>
            <source>Send result</source>
            <translation>Ergebnis senden</translation>
        </message>
        <message>
            <source>Send cancelled</source>
            <translation>Abbruch senden</translation>
        </message>
        <message>
            <source>cancelled by hand in MCP Scope</source>
            <translation>in MCP Scope von Hand abgebrochen</translation>
        </message>
        <message>
            <source>Tear down</source>
            <translation>Abbauen</translation>
        </message>
        <message>
            <source>closed by hand</source>
            <translation>von Hand geschlossen</translation>
        </message>
        <message>
            <source>Time</source>
            <translation>Zeit</translation>
        </message>
        <message>
            <source>Direction</source>
            <translation>Richtung</translation>
        </message>
        <message>
            <source>Method</source>
            <translation>Methode</translation>
        </message>
        <message>
            <source>Id</source>
            <translation>ID</translation>
        </message>
        <message>
            <source>Note</source>
            <translation>Hinweis</translation>
        </message>
        <message>
            <source>Messages, model context and log lines from the view, and blocked requests</source>
            <translation>Nachrichten, Modellkontext und Protokollzeilen der Ansicht sowie blockierte Anfragen</translation>
        </message>
        <message>
            <source>Blocked %1: %2</source>
            <translation>%1 blockiert: %2</translation>
        </message>
        <message>
            <source>(no URL)</source>
            <translation>(keine URL)</translation>
        </message>
        <message>
            <source>error reply</source>
            <translation>Fehlerantwort</translation>
        </message>
        <message>
            <source>reply</source>
            <translation>Antwort</translation>
        </message>
        <message>
            <source>%1 to %2</source>
            <translation>%1 auf %2</translation>
        </message>
        <message>
            <source>host → view</source>
            <translation>Host → Ansicht</translation>
        </message>
        <message>
            <source>view → host</source>
            <translation>Ansicht → Host</translation>
        </message>
        <message>
            <source>Not sent: the JSON is not an object (%1).</source>
            <translation>Nicht gesendet: Das JSON ist kein Objekt (%1).</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::AppRequestInterceptor</name>
        <message>
            <source>the %1: scheme is never reachable from a view</source>
            <translation>das URL-Schema %1: ist von einer Ansicht aus nie erreichbar</translation>
        </message>
        <message>
            <source>a view cannot navigate the host page</source>
            <translation>eine Ansicht kann nicht in der Host-Seite navigieren</translation>
        </message>
        <message>
            <source>not among the origins the resource's CSP declares</source>
            <translation>nicht unter den Ursprüngen, die die CSP der Ressource angibt</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::AppView</name>
        <message>
            <source>This build has no Qt WebEngine, so MCP Apps views cannot run: their source is shown instead. Install qt6-webengine-dev (scripts/setup.sh does) and rebuild.</source>
            <translation>Dieser Build hat kein Qt WebEngine, daher können MCP-Apps-Ansichten nicht laufen: Stattdessen wird ihr Quelltext angezeigt. Installieren Sie qt6-webengine-dev (scripts/setup.sh erledigt das) und bauen Sie neu.</translation>
        </message>
        <message>
            <source>Message from the view (%1): %2</source>
            <translation>Nachricht von der Ansicht (%1): %2</translation>
        </message>
        <message>
            <source>Model context from the view: %1</source>
            <translation>Modellkontext von der Ansicht: %1</translation>
        </message>
        <message>
            <source>View log (%1): %2</source>
            <translation>Protokoll der Ansicht (%1): %2</translation>
        </message>
        <message>
            <source>the view asked to close</source>
            <translation>die Ansicht hat darum gebeten, geschlossen zu werden</translation>
        </message>
        <message>
            <source>replaced by another view</source>
            <translation>durch eine andere Ansicht ersetzt</translation>
        </message>
        <message>
            <source>border</source>
            <translation>Rahmen</translation>
        </message>
        <message>
            <source>no border</source>
            <translation>kein Rahmen</translation>
        </message>
        <message>
            <source>border: host decides</source>
            <translation>Rahmen: entscheidet der Host</translation>
        </message>
        <message>
            <source>%1 · CSP: %2 · %3</source>
            <translation>%1 · CSP: %2 · %3</translation>
        </message>
        <message>
            <source>no network</source>
            <translation>kein Netzwerk</translation>
        </message>
        <message>
            <source>declared origins only</source>
            <translation>nur angegebene Ursprünge</translation>
        </message>
        <message>
            <source>The server is not connected.</source>
            <translation>Der Server ist nicht verbunden.</translation>
        </message>
        <message>
            <source>, this computer: %1</source>
            <translation>, dieser Rechner: %1</translation>
        </message>
        <message>
            <source>, local network: %1</source>
            <translation>, lokales Netzwerk: %1</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::AppWebPage</name>
        <message>
            <source>MCP App permission</source>
            <translation>Berechtigung für MCP App</translation>
        </message>
        <message>
            <source>The view asks to use your camera, microphone or location (declared in its resource). Allow it for this view?</source>
            <translation>Die Ansicht möchte Ihre Kamera, Ihr Mikrofon oder Ihren Standort verwenden (in ihrer Ressource angegeben). Für diese Ansicht erlauben?</translation>
        </message>
        <message>
            <source>navigation is not allowed in a view</source>
            <translation>Navigation ist in einer Ansicht nicht erlaubt</translation>
        </message>
        <message>
            <source>a view cannot open windows</source>
            <translation>eine Ansicht kann keine Fenster öffnen</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::AuthorizationPage</name>
        <message>
            <source>Show secrets</source>
            <translation>Geheimnisse zeigen</translation>
        </message>
        <message>
            <source>Show tokens, codes and client secrets in the steps and the token summary.</source>
            <translation>Tokens, Codes und Client-Geheimnisse in den Schritten und der Token-Übersicht zeigen.</translation>
        </message>
        <message>
            <source>Forget stored tokens</source>
            <translation>Gespeicherte Tokens vergessen</translation>
        </message>
        <message>
            <source>Step</source>
            <translation>Schritt</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>Status</translation>
        </message>
        <message>
            <source>URL</source>
            <translation>URL</translation>
        </message>
        <message>
            <source>The steps of the OAuth flow appear here when the server asks for authorization.</source>
            <translation>Die Schritte des OAuth-Ablaufs erscheinen hier, sobald der Server eine Autorisierung verlangt.</translation>
        </message>
        <message>
            <source>running</source>
            <translation>läuft</translation>
        </message>
        <message>
            <source>done</source>
            <translation>erledigt</translation>
        </message>
        <message>
            <source>failed</source>
            <translation>fehlgeschlagen</translation>
        </message>
        <message>
            <source>No token yet: MCP Scope authorizes when the server asks.</source>
            <translation>Noch kein Token: MCP Scope autorisiert, sobald der Server danach fragt.</translation>
        </message>
        <message>
            <source>OAuth is not used for this server.</source>
            <translation>Für diesen Server wird OAuth nicht verwendet.</translation>
        </message>
        <message>
            <source>Token (no scope stated)</source>
            <translation>Token (kein Scope angegeben)</translation>
        </message>
        <message>
            <source>Token for scope: %1</source>
            <translation>Token für Scope: %1</translation>
        </message>
        <message>
            <source>expired %1</source>
            <translation>abgelaufen %1</translation>
        </message>
        <message>
            <source>expires %1</source>
            <translation>läuft ab %1</translation>
        </message>
        <message>
            <source>refreshable</source>
            <translation>erneuerbar</translation>
        </message>
        <message>
            <source>Access token: %1</source>
            <translation>Zugriffstoken: %1</translation>
        </message>
        <message>
            <source>Authorization</source>
            <translation>Autorisierung</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::BigTextView</name>
        <message>
            <source>Find</source>
            <translation>Suchen</translation>
        </message>
        <message>
            <source>Previous</source>
            <translation>Zurück</translation>
        </message>
        <message>
            <source>Find the previous match (Shift+F3)</source>
            <translation>Vorherigen Treffer suchen (Umschalt+F3)</translation>
        </message>
        <message>
            <source>Next</source>
            <translation>Weiter</translation>
        </message>
        <message>
            <source>Find the next match (F3)</source>
            <translation>Nächsten Treffer suchen (F3)</translation>
        </message>
        <message>
            <source>Match case</source>
            <translation>Groß-/Kleinschreibung</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>Schließen</translation>
        </message>
        <message>
            <source>Close the find bar (Esc)</source>
            <translation>Suchleiste schließen (Esc)</translation>
        </message>
        <message>
            <source>Preparing… (%1 %)</source>
            <translation>Wird vorbereitet … (%1 %)</translation>
        </message>
        <message>
            <source>Copy</source>
            <translation>Kopieren</translation>
        </message>
        <message>
            <source>Select All</source>
            <translation>Alles auswählen</translation>
        </message>
        <message>
            <source>Find…</source>
            <translation>Suchen …</translation>
        </message>
        <message>
            <source>Searching… %1 %</source>
            <translation>Suche … %1 %</translation>
        </message>
        <message>
            <source>No match</source>
            <translation>Kein Treffer</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::CaptureWindow</name>
        <message>
            <source>%1 — Capture</source>
            <translation>%1 — Mitschnitt</translation>
        </message>
        <message>
            <source>Could not open %1: %2</source>
            <translation>%1 konnte nicht geöffnet werden: %2</translation>
        </message>
        <message>
            <source>%1 is not an MCP Scope capture: %2</source>
            <translation>%1 ist kein MCP-Scope-Mitschnitt: %2</translation>
        </message>
        <message numerus="yes">
            <source>%n event(s)</source>
            <translation>
                <numerusform>%n Ereignis</numerusform>
                <numerusform>%n Ereignisse</numerusform>
            </translation>
        </message>
        <message>
            <source>recorded %1</source>
            <translation>aufgezeichnet %1</translation>
        </message>
        <message>
            <source>secrets redacted</source>
            <translation>Geheimnisse geschwärzt</translation>
        </message>
        <message numerus="yes">
            <source>%n line(s) skipped (first: line %1, %2)</source>
            <translation>
                <numerusform>%n Zeile übersprungen (erste: Zeile %1, %2)</numerusform>
                <numerusform>%n Zeilen übersprungen (erste: Zeile %1, %2)</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 — Recording</source>
            <translation>%1 — Aufzeichnung</translation>
        </message>
        <message>
            <source>Recording live (process %1); no capture file</source>
            <translation>Live-Aufzeichnung (Prozess %1); keine Aufzeichnungsdatei</translation>
        </message>
        <message>
            <source>Recording live (process %1) into %2</source>
            <translation>Live-Aufzeichnung (Prozess %1) in %2</translation>
        </message>
        <message>
            <source>%1 — Recording ended</source>
            <translation>%1 — Aufzeichnung beendet</translation>
        </message>
        <message numerus="yes">
            <source>The recording has ended; %n event(s)</source>
            <translation>
                <numerusform>Die Aufzeichnung ist beendet; %n Ereignis</numerusform>
                <numerusform>Die Aufzeichnung ist beendet; %n Ereignisse</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>The recording has ended; %n event(s), saved in %1</source>
            <translation>
                <numerusform>Die Aufzeichnung ist beendet; %n Ereignis, gespeichert in %1</numerusform>
                <numerusform>Die Aufzeichnung ist beendet; %n Ereignisse, gespeichert in %1</numerusform>
            </translation>
        </message>
        <message>
            <source>&amp;Capture</source>
            <translation>&amp;Capture</translation>
        </message>
        <message>
            <source>&amp;Replay Against…</source>
            <translation>&amp;Wiedergeben gegen…</translation>
        </message>
        <message>
            <source>Send this capture's client requests to a fresh server and compare its answers with the recorded ones</source>
            <translation>Die Client-Anfragen dieses Captures an einen neuen Server senden und dessen Antworten mit den aufgezeichneten vergleichen</translation>
        </message>
        <message>
            <source>&amp;Close</source>
            <translation>&amp;Schließen</translation>
        </message>
        <message>
            <source>Replay</source>
            <translation>Wiedergabe</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::CollectionRunDialog</name>
        <message>
            <source>Run Collection</source>
            <translation>Sammlung ausführen</translation>
        </message>
        <message numerus="yes">
            <source>%1: %n call(s)</source>
            <translation>
                <numerusform>%1: %n Aufruf</numerusform>
                <numerusform>%1: %n Aufrufe</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 cannot be run:
%2</source>
            <translation>%1 kann nicht ausgeführt werden:
%2</translation>
        </message>
        <message>
            <source>Call</source>
            <translation>Aufruf</translation>
        </message>
        <message>
            <source>Server</source>
            <translation>Server</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>Ergebnis</translation>
        </message>
        <message>
            <source>Time</source>
            <translation>Zeit</translation>
        </message>
        <message>
            <source>Waiting</source>
            <translation>Wartet</translation>
        </message>
        <message>
            <source>Running…</source>
            <translation>Läuft…</translation>
        </message>
        <message>
            <source>Passed</source>
            <translation>Bestanden</translation>
        </message>
        <message>
            <source>Failed</source>
            <translation>Fehlgeschlagen</translation>
        </message>
        <message>
            <source>Error</source>
            <translation>Fehler</translation>
        </message>
        <message>
            <source>Expected %1; %2</source>
            <translation>Erwartet: %1; %2</translation>
        </message>
        <message>
            <source>%1 passed, %2 failed, %3 errors</source>
            <translation>%1 bestanden, %2 fehlgeschlagen, %3 Fehler</translation>
        </message>
        <message>
            <source>Run &amp;All</source>
            <translation>&amp;Alle ausführen</translation>
        </message>
        <message>
            <source>Run &amp;Selected</source>
            <translation>Aus&amp;wahl ausführen</translation>
        </message>
        <message>
            <source>Not run: the command of %1 was not approved.</source>
            <translation>Nicht ausgeführt: Der Befehl von %1 wurde nicht genehmigt.</translation>
        </message>
        <message>
            <source>Select the call to see its answer</source>
            <translation>Wählen Sie den Aufruf, um seine Antwort zu sehen</translation>
        </message>
        <message>
            <source>%1 failed: %2 (%3)</source>
            <translation>%1 fehlgeschlagen: %2 (%3)</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::CommandApprovalDialog</name>
        <message>
            <source>Run This Command?</source>
            <translation>Diesen Befehl ausführen?</translation>
        </message>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt; will start this program on your computer, with your user's rights. Run it only if you trust where this configuration came from.</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; startet dieses Programm auf Ihrem Rechner, mit den Rechten Ihres Benutzers. Führen Sie es nur aus, wenn Sie der Herkunft dieser Konfiguration vertrauen.</translation>
        </message>
        <message>
            <source>Show secret values</source>
            <translation>Geheime Werte anzeigen</translation>
        </message>
        <message>
            <source>You are asked again whenever the command, its arguments, environment or working directory change.</source>
            <translation>Sie werden erneut gefragt, sobald sich Befehl, Argumente, Umgebung oder Arbeitsverzeichnis ändern.</translation>
        </message>
        <message>
            <source>&amp;Run Command</source>
            <translation>Befehl &amp;ausführen</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::CompareDialog</name>
        <message>
            <source>Compare %1</source>
            <translation>%1 vergleichen</translation>
        </message>
        <message>
            <source>Compare %1 &amp;with:</source>
            <translation>%1 vergleichen &amp;mit:</translation>
        </message>
        <message>
            <source>Snapshot File…</source>
            <translation>Snapshot-Datei…</translation>
        </message>
        <message>
            <source>Choose a connected server or a snapshot</source>
            <translation>Verbundenen Server oder Snapshot auswählen</translation>
        </message>
        <message>
            <source>The baseline: another connected server, or a snapshot saved with Server › Save Snapshot… (or printed by mcpscope --cli … --method tools/list), or a capture</source>
            <translation>Die Vergleichsbasis: ein anderer verbundener Server, ein mit Server › Snapshot speichern… gespeicherter (oder von mcpscope --cli … --method tools/list ausgegebener) Snapshot oder ein Capture</translation>
        </message>
        <message>
            <source>&amp;Reverse</source>
            <translation>&amp;Umkehren</translation>
        </message>
        <message>
            <source>Swap the sides: which one is before decides what counts as breaking</source>
            <translation>Seiten tauschen: Welche Seite als vorher gilt, bestimmt, was als inkompatibel zählt</translation>
        </message>
        <message>
            <source>Compare &amp;Again</source>
            <translation>&amp;Erneut vergleichen</translation>
        </message>
        <message>
            <source>Choose what to compare %1 with.</source>
            <translation>Auswählen, womit %1 verglichen werden soll.</translation>
        </message>
        <message>
            <source>&amp;Export JSON…</source>
            <translation>JSON &amp;exportieren…</translation>
        </message>
        <message>
            <source>The differences as `mcpscope diff --format json` writes them</source>
            <translation>Die Unterschiede so, wie `mcpscope diff --format json` sie schreibt</translation>
        </message>
        <message>
            <source>Compare with Snapshot</source>
            <translation>Mit Snapshot vergleichen</translation>
        </message>
        <message>
            <source>Snapshots and captures (*.json *.jsonl *.ndjson);;All files (*)</source>
            <translation>Snapshots und Captures (*.json *.jsonl *.ndjson);;Alle Dateien (*)</translation>
        </message>
        <message>
            <source>Snapshot %1</source>
            <translation>Snapshot %1</translation>
        </message>
        <message>
            <source>Comparing…</source>
            <translation>Vergleiche…</translation>
        </message>
        <message>
            <source>%1 is no longer connected</source>
            <translation>%1 ist nicht mehr verbunden</translation>
        </message>
        <message>
            <source>Before: %1  →  After: %2</source>
            <translation>Vorher: %1  →  Nachher: %2</translation>
        </message>
        <message>
            <source>No differences between %1 and %2.</source>
            <translation>Keine Unterschiede zwischen %1 und %2.</translation>
        </message>
        <message numerus="yes">
            <source>%n change(s)</source>
            <translation>
                <numerusform>%n Änderung</numerusform>
                <numerusform>%n Änderungen</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n breaking for clients of %1</source>
            <translation>
                <numerusform>%n inkompatibel für Clients von %1</numerusform>
                <numerusform>%n inkompatibel für Clients von %1</numerusform>
            </translation>
        </message>
        <message>
            <source>none breaking for clients of %1</source>
            <translation>keine inkompatibel für Clients von %1</translation>
        </message>
        <message>
            <source>Could not compare: %1</source>
            <translation>Vergleich nicht möglich: %1</translation>
        </message>
        <message>
            <source>Export Differences</source>
            <translation>Unterschiede exportieren</translation>
        </message>
        <message>
            <source>JSON (*.json);;All files (*)</source>
            <translation>JSON (*.json);;Alle Dateien (*)</translation>
        </message>
        <message>
            <source>Cannot write %1: %2</source>
            <translation>%1 kann nicht geschrieben werden: %2</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::Connection</name>
        <message>
            <source>Started: %1</source>
            <translation>Gestartet: %1</translation>
        </message>
        <message>
            <source>Process %1</source>
            <translation>Prozess %1</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ConsolePage</name>
        <message>
            <source>Search the console</source>
            <translation>Konsole durchsuchen</translation>
        </message>
        <message>
            <source>Previous match</source>
            <translation>Vorheriger Treffer</translation>
        </message>
        <message>
            <source>Next match</source>
            <translation>Nächster Treffer</translation>
        </message>
        <message>
            <source>Clear</source>
            <translation>Leeren</translation>
        </message>
        <message>
            <source>Save…</source>
            <translation>Speichern…</translation>
        </message>
        <message>
            <source>The server's stderr and any stdout lines that are not JSON-RPC appear here.</source>
            <translation>Hier erscheinen stderr des Servers und alle stdout-Zeilen, die kein JSON-RPC sind.</translation>
        </message>
        <message>
            <source>[stdout, not JSON-RPC] </source>
            <translation>[stdout, kein JSON-RPC] </translation>
        </message>
        <message>
            <source>Save Console</source>
            <translation>Konsole speichern</translation>
        </message>
        <message>
            <source>Wrapped to the top</source>
            <translation>Von vorn fortgesetzt</translation>
        </message>
        <message>
            <source>Not found</source>
            <translation>Nicht gefunden</translation>
        </message>
        <message>
            <source>Wrapped to the bottom</source>
            <translation>Von hinten fortgesetzt</translation>
        </message>
        <message>
            <source>Console</source>
            <translation>Konsole</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ElicitationDialog</name>
        <message>
            <source>%1 asks for information</source>
            <translation>%1 bittet um Angaben</translation>
        </message>
        <message>
            <source>asks you to open a web page (elicitation, URL mode).</source>
            <translation>bittet Sie, eine Webseite zu öffnen (Elicitation, URL-Modus).</translation>
        </message>
        <message>
            <source>asks you for information (elicitation).</source>
            <translation>bittet Sie um Angaben (Elicitation).</translation>
        </message>
        <message>
            <source>Domain: &lt;b&gt;%1&lt;/b&gt;</source>
            <translation>Domain: &lt;b&gt;%1&lt;/b&gt;</translation>
        </message>
        <message>
            <source>The URL is not valid.</source>
            <translation>Die URL ist ungültig.</translation>
        </message>
        <message>
            <source>The URL does not use https.</source>
            <translation>Die URL verwendet kein https.</translation>
        </message>
        <message>
            <source>The URL carries a user name or password before the domain: check the domain carefully.</source>
            <translation>Die URL enthält vor der Domain einen Benutzernamen oder ein Passwort: Prüfen Sie die Domain genau.</translation>
        </message>
        <message>
            <source>The domain contains international characters (%1): check it is the site you expect.</source>
            <translation>Die Domain enthält internationale Zeichen (%1): Prüfen Sie, ob es die erwartete Website ist.</translation>
        </message>
        <message>
            <source>Nothing is opened until you click "Open in browser".</source>
            <translation>Es wird nichts geöffnet, bevor Sie auf „Im Browser öffnen“ klicken.</translation>
        </message>
        <message>
            <source>Answer this server's later form requests with these values automatically</source>
            <translation>Spätere Formularanfragen dieses Servers automatisch mit diesen Werten beantworten</translation>
        </message>
        <message>
            <source>Say no: the server learns you declined</source>
            <translation>Nein sagen: Der Server erfährt, dass Sie abgelehnt haben</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Abbrechen</translation>
        </message>
        <message>
            <source>Dismiss without choosing</source>
            <translation>Schließen, ohne zu wählen</translation>
        </message>
        <message>
            <source>Please fix the marked fields first:
%1</source>
            <translation>Bitte korrigieren Sie zuerst die markierten Felder:
%1</translation>
        </message>
        <message>
            <source>Copy &amp;Link</source>
            <translation>&amp;Link kopieren</translation>
        </message>
        <message>
            <source>Copy the URL, to open it in a browser yourself</source>
            <translation>Die URL kopieren, um sie selbst in einem Browser zu öffnen</translation>
        </message>
        <message>
            <source>Link copied. Once you have opened it, answer with "I Opened It".</source>
            <translation>Link kopiert. Sobald Sie ihn geöffnet haben, antworten Sie mit „Seite geöffnet“.</translation>
        </message>
        <message>
            <source>I &amp;Opened It</source>
            <translation>Seite &amp;geöffnet</translation>
        </message>
        <message>
            <source>Accept: tell the server you opened the page yourself</source>
            <translation>Annehmen: Dem Server mitteilen, dass Sie die Seite selbst geöffnet haben</translation>
        </message>
        <message>
            <source>No browser could be started to open the page. Copy the link to open it yourself, or Decline or Cancel.</source>
            <translation>Es konnte kein Browser gestartet werden, um die Seite zu öffnen. Kopieren Sie den Link, um ihn selbst zu öffnen, oder wählen Sie Ablehnen oder Abbrechen.</translation>
        </message>
        <message>
            <source>Try &amp;Again</source>
            <translation>&amp;Erneut versuchen</translation>
        </message>
        <message>
            <source>Open in &amp;browser</source>
            <translation>Im &amp;Browser öffnen</translation>
        </message>
        <message>
            <source>&amp;Accept</source>
            <translation>&amp;Annehmen</translation>
        </message>
        <message>
            <source>&amp;Decline</source>
            <translation>A&amp;blehnen</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ExportServersDialog</name>
        <message>
            <source>Export Server Entry</source>
            <translation>Servereintrag exportieren</translation>
        </message>
        <message>
            <source>Export Servers</source>
            <translation>Server exportieren</translation>
        </message>
        <message>
            <source>servers (VS Code)</source>
            <translation>servers (VS Code)</translation>
        </message>
        <message>
            <source>Include secret values</source>
            <translation>Geheime Werte einschließen</translation>
        </message>
        <message>
            <source>Format:</source>
            <translation>Format:</translation>
        </message>
        <message>
            <source>Copied to the clipboard.</source>
            <translation>In die Zwischenablage kopiert.</translation>
        </message>
        <message>
            <source>Careful: the text contains secret values (tokens, keys) in plain text.</source>
            <translation>Vorsicht: Der Text enthält geheime Werte (Token, Schlüssel) im Klartext.</translation>
        </message>
        <message>
            <source>Secret values are left out and replaced by ${NAME} references.</source>
            <translation>Geheime Werte werden weggelassen und durch ${NAME}-Verweise ersetzt.</translation>
        </message>
        <message>
            <source>Could not write %1: %2</source>
            <translation>%1 konnte nicht geschrieben werden: %2</translation>
        </message>
        <message>
            <source>Saved to %1</source>
            <translation>Gespeichert in %1</translation>
        </message>
        <message>
            <source>&amp;Copy</source>
            <translation>&amp;Kopieren</translation>
        </message>
        <message>
            <source>&amp;Save…</source>
            <translation>&amp;Speichern…</translation>
        </message>
        <message>
            <source>mcpServers (Claude Desktop, Claude Code, Cursor, Cline, LM Studio)</source>
            <translation>mcpServers (Claude Desktop, Claude Code, Cursor, Cline, LM Studio)</translation>
        </message>
        <message>
            <source>&amp;Add to Host File…</source>
            <translation>Zur &amp;Host-Datei hinzufügen…</translation>
        </message>
        <message>
            <source>Writes these servers into an existing configuration file of the chosen host: only their entries change, comments and everything else stay.</source>
            <translation>Schreibt diese Server in eine vorhandene Konfigurationsdatei des gewählten Hosts: Nur ihre Einträge ändern sich, Kommentare und alles andere bleiben.</translation>
        </message>
        <message>
            <source>Add to Host File</source>
            <translation>Zur Host-Datei hinzufügen</translation>
        </message>
        <message>
            <source>Host configurations (*.json *.jsonc *.toml *.yaml *.yml);;All files (*)</source>
            <translation>Host-Konfigurationen (*.json *.jsonc *.toml *.yaml *.yml);;Alle Dateien (*)</translation>
        </message>
        <message>
            <source>Could not add %1 to %2: %3</source>
            <translation>%1 konnte nicht zu %2 hinzugefügt werden: %3</translation>
        </message>
        <message>
            <source>Added to %1; the rest of the file is as it was.</source>
            <translation>Zu %1 hinzugefügt; der Rest der Datei ist unverändert.</translation>
        </message>
        <message>
            <source>Host configurations (*.json *.toml *.yaml);;All files (*)</source>
            <translation>Host-Konfigurationen (*.json *.toml *.yaml);;Alle Dateien (*)</translation>
        </message>
</context>
    <context>
        <name>Mcp::Ui::IconFetcher</name>
        <message>
            <source>Icon not loaded: %1</source>
            <translation>Symbol nicht geladen: %1</translation>
        </message>
        <message>
            <source>Icon not loaded: %1 is not a valid address</source>
            <translation>Symbol nicht geladen: %1 ist keine gültige Adresse</translation>
        </message>
        <message>
            <source>This icon is on the web (%1); fetching icons from the web is turned off (View menu).</source>
            <translation>Dieses Symbol liegt im Web (%1); das Laden von Symbolen aus dem Web ist ausgeschaltet (Menü Ansicht).</translation>
        </message>
        <message>
            <source>Loading the icon from %1…</source>
            <translation>Symbol wird von %1 geladen …</translation>
        </message>
        <message>
            <source>Icon not loaded: only https and data: icons are allowed, not %1</source>
            <translation>Symbol nicht geladen: nur https- und data:-Symbole sind erlaubt, nicht %1</translation>
        </message>
        <message>
            <source>its address is on your own machine or network (%1); MCP Scope only fetches icons from public addresses</source>
            <translation>seine Adresse liegt auf Ihrem eigenen Rechner oder in Ihrem Netz (%1); MCP Scope lädt Symbole nur von öffentlichen Adressen</translation>
        </message>
        <message>
            <source>redirected to %1, but %2</source>
            <translation>weitergeleitet zu %1, aber %2</translation>
        </message>
        <message>
            <source>no answer within %1 s</source>
            <translation>keine Antwort innerhalb von %1 s</translation>
        </message>
        <message>
            <source>could not look up %1: %2</source>
            <translation>%1 konnte nicht aufgelöst werden: %2</translation>
        </message>
        <message>
            <source>larger than %1 KiB</source>
            <translation>größer als %1 KiB</translation>
        </message>
        <message>
            <source>TLS error: %1</source>
            <translation>TLS-Fehler: %1</translation>
        </message>
        <message>
            <source>the server asks for credentials, and MCP Scope never sends any for icons</source>
            <translation>der Server verlangt Anmeldedaten, und MCP Scope sendet für Symbole nie welche</translation>
        </message>
        <message>
            <source>the server answered HTTP %1 %2</source>
            <translation>der Server antwortete mit HTTP %1 %2</translation>
        </message>
        <message>
            <source>the server answered HTTP %1</source>
            <translation>der Server antwortete mit HTTP %1</translation>
        </message>
        <message>
            <source>redirected to %1, which is not https</source>
            <translation>weitergeleitet zu %1, das kein https ist</translation>
        </message>
        <message numerus="yes">
            <source>more than %n redirect(s)</source>
            <translation>
                <numerusform>mehr als %n Weiterleitung</numerusform>
                <numerusform>mehr als %n Weiterleitungen</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ImageDecode</name>
        <message>
            <source>%1 image: too big to show (%2 bytes); save it instead</source>
            <translation>%1-Bild: zu groß zum Anzeigen (%2 Bytes); speichern Sie es stattdessen</translation>
        </message>
        <message>
            <source>The SVG image could not be read</source>
            <translation>Das SVG-Bild konnte nicht gelesen werden</translation>
        </message>
        <message>
            <source>The %1 image could not be decoded: %2</source>
            <translation>Das %1-Bild konnte nicht dekodiert werden: %2</translation>
        </message>
        <message>
            <source>No image plugin for %1 is installed: save the image to view it</source>
            <translation>Kein Bild-Plugin für %1 installiert: Speichern Sie das Bild, um es anzusehen</translation>
        </message>
        <message>
            <source>not an image MCP Scope can read</source>
            <translation>kein Bild, das MCP Scope lesen kann</translation>
        </message>
        <message>
            <source>the image could not be decoded: %1</source>
            <translation>das Bild konnte nicht dekodiert werden: %1</translation>
        </message>
        <message>
            <source>malformed data: URI</source>
            <translation>fehlerhafte data:-URI</translation>
        </message>
        <message>
            <source>larger than %1 KiB</source>
            <translation>größer als %1 KiB</translation>
        </message>
        <message>
            <source>empty data: URI</source>
            <translation>leere data:-URI</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ImageViewer</name>
        <message>
            <source>Fit</source>
            <translation>Einpassen</translation>
        </message>
        <message>
            <source>100 %</source>
            <translation>100 %</translation>
        </message>
        <message>
            <source>−</source>
            <translation>−</translation>
        </message>
        <message>
            <source>Zoom out (Ctrl+-)</source>
            <translation>Verkleinern (Strg+-)</translation>
        </message>
        <message>
            <source>+</source>
            <translation>+</translation>
        </message>
        <message>
            <source>Zoom in (Ctrl++)</source>
            <translation>Vergrößern (Strg++)</translation>
        </message>
        <message>
            <source>%1 × %2 px</source>
            <translation>%1 × %2 px</translation>
        </message>
        <message>
            <source>%1 %</source>
            <translation>%1 %</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ImportDialog</name>
        <message>
            <source>Import Servers</source>
            <translation>Server importieren</translation>
        </message>
        <message>
            <source>File:</source>
            <translation>Datei:</translation>
        </message>
        <message>
            <source>Browse…</source>
            <translation>Durchsuchen…</translation>
        </message>
        <message>
            <source>Pasted text:</source>
            <translation>Eingefügter Text:</translation>
        </message>
        <message>
            <source>My servers (user configuration)</source>
            <translation>Meine Server (Benutzerkonfiguration)</translation>
        </message>
        <message>
            <source>This project (%1)</source>
            <translation>Dieses Projekt (%1)</translation>
        </message>
        <message>
            <source>Add to:</source>
            <translation>Hinzufügen zu:</translation>
        </message>
        <message>
            <source>Action</source>
            <translation>Aktion</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <source>Command or URL</source>
            <translation>Befehl oder URL</translation>
        </message>
        <message>
            <source>Conflict</source>
            <translation>Konflikt</translation>
        </message>
        <message>
            <source>Choose a file.</source>
            <translation>Wählen Sie eine Datei.</translation>
        </message>
        <message>
            <source>Paste a configuration above.</source>
            <translation>Fügen Sie oben eine Konfiguration ein.</translation>
        </message>
        <message>
            <source>Cannot read this: %1</source>
            <translation>Nicht lesbar: %1</translation>
        </message>
        <message numerus="yes">
            <source>%1: %n server(s)</source>
            <translation>
                <numerusform>%1: %n Server</numerusform>
                <numerusform>%1: %n Server</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n name conflict(s): choose what to do in the Action column</source>
            <translation>
                <numerusform>%n Namenskonflikt: Wählen Sie in der Spalte Aktion, was geschehen soll</numerusform>
                <numerusform>%n Namenskonflikte: Wählen Sie in der Spalte Aktion, was geschehen soll</numerusform>
            </translation>
        </message>
        <message>
            <source>Add</source>
            <translation>Hinzufügen</translation>
        </message>
        <message>
            <source>Add (rename)</source>
            <translation>Hinzufügen (umbenennen)</translation>
        </message>
        <message>
            <source>Replace existing</source>
            <translation>Vorhandenen ersetzen</translation>
        </message>
        <message>
            <source>Skip</source>
            <translation>Überspringen</translation>
        </message>
        <message>
            <source>For "Add (rename)", the name the server gets; edit it if you like.</source>
            <translation>Bei „Hinzufügen (umbenennen)“ der Name, den der Server erhält; Sie können ihn ändern.</translation>
        </message>
        <message>
            <source>Same as the existing "%1"</source>
            <translation>Gleich wie der vorhandene „%1“</translation>
        </message>
        <message>
            <source>"%1" already exists</source>
            <translation>„%1“ existiert bereits</translation>
        </message>
        <message>
            <source>&amp;Import</source>
            <translation>&amp;Importieren</translation>
        </message>
        <message>
            <source>Reads the configurations of Claude Desktop, Claude Code (.mcp.json), Cursor, VS Code, Codex (config.toml), Gemini CLI, Windsurf, Zed, Cline, LM Studio, Continue and Goose (config.yaml), a bare map of servers, a single server object, or an install link (mcpscope://, vscode:, cursor://). Imported commands only run after you have seen and confirmed them.</source>
            <translation>Liest die Konfigurationen von Claude Desktop, Claude Code (.mcp.json), Cursor, VS Code, Codex (config.toml), Gemini CLI, Windsurf, Zed, Cline, LM Studio, Continue und Goose (config.yaml), eine bloße Server-Map, ein einzelnes Serverobjekt oder einen Installationslink (mcpscope://, vscode:, cursor://). Importierte Befehle laufen erst, nachdem Sie sie gesehen und bestätigt haben.</translation>
        </message>
        <message>
            <source>Choose a host&apos;s configuration…</source>
            <translation>Konfiguration eines Hosts wählen…</translation>
        </message>
        <message>
            <source>Host configurations (*.json *.jsonc *.toml *.yaml *.yml);;All files (*)</source>
            <translation>Host-Konfigurationen (*.json *.jsonc *.toml *.yaml *.yml);;Alle Dateien (*)</translation>
        </message>
    <message>
        <source>Open as server.&amp;json…</source>
        <translation>Als server.&amp;json öffnen…</translation>
    </message>
    <message>
        <source>A server.json of the MCP Registry: choose a package or remote and fill in its inputs</source>
        <translation>Eine server.json der MCP Registry: Paket oder entfernten Server wählen und die Eingaben ausfüllen</translation>
    </message>
    <message>
        <source>This is a server.json of the MCP Registry, not an mcp.json: open it with &quot;Open as server.json…&quot; to choose a package or remote and fill in what it asks for.</source>
        <translation>Dies ist eine server.json der MCP Registry, keine mcp.json: Öffnen Sie sie mit „Als server.json öffnen…“, um ein Paket oder einen entfernten Server zu wählen und das Verlangte auszufüllen.</translation>
    </message>
    <message>
        <source>Cannot use this link: %1</source>
        <translation>Dieser Link ist nicht verwendbar: %1</translation>
    </message>
    <message>
        <source>%1 install link</source>
        <translation>%1-Installationslink</translation>
    </message>
</context>
    <context>
        <name>Mcp::Ui::JsonText</name>
        <message>
            <source>no value</source>
            <translation>kein Wert</translation>
        </message>
        <message>
            <source>more than one value (a comma too many?)</source>
            <translation>mehr als ein Wert (ein Komma zu viel?)</translation>
        </message>
        <message>
            <source>line %1, column %2: %3</source>
            <translation>Zeile %1, Spalte %2: %3</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::JsonTree</name>
        <message>
            <source>Key</source>
            <translation>Schlüssel</translation>
        </message>
        <message>
            <source>Value</source>
            <translation>Wert</translation>
        </message>
        <message>
            <source>Type</source>
            <translation>Typ</translation>
        </message>
        <message>
            <source>… more not shown</source>
            <translation>… weitere nicht angezeigt</translation>
        </message>
        <message numerus="yes">
            <source>{%n member(s)}</source>
            <translation>
                <numerusform>{%n Element}</numerusform>
                <numerusform>{%n Elemente}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>[%n item(s)]</source>
            <translation>
                <numerusform>[%n Eintrag]</numerusform>
                <numerusform>[%n Einträge]</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::LazyJsonTree</name>
        <message>
            <source>Key</source>
            <translation>Schlüssel</translation>
        </message>
        <message>
            <source>Value</source>
            <translation>Wert</translation>
        </message>
        <message>
            <source>…</source>
            <translation>…</translation>
        </message>
        <message numerus="yes">
            <source>%n more (copy or save the JSON to see them)</source>
            <translation>
                <numerusform>%n weiterer Eintrag (kopieren oder speichern Sie das JSON, um ihn zu sehen)</numerusform>
                <numerusform>%n weitere Einträge (kopieren oder speichern Sie das JSON, um sie zu sehen)</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{%n member(s)}</source>
            <translation>
                <numerusform>{%n Element}</numerusform>
                <numerusform>{%n Elemente}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>[%n item(s)]</source>
            <translation>
                <numerusform>[%n Eintrag]</numerusform>
                <numerusform>[%n Einträge]</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n more</source>
            <translation>
                <numerusform>%n weiterer</numerusform>
                <numerusform>%n weitere</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ListDiffView</name>
        <message>
            <source>Change</source>
            <translation>Änderung</translation>
        </message>
        <message>
            <source>Before</source>
            <translation>Vorher</translation>
        </message>
        <message>
            <source>After</source>
            <translation>Nachher</translation>
        </message>
        <message numerus="yes">
            <source>%1: %n change(s)</source>
            <translation>
                <numerusform>%1: %n Änderung</numerusform>
                <numerusform>%1: %n Änderungen</numerusform>
            </translation>
        </message>
        <message>
            <source>added %1</source>
            <translation>%1 hinzugefügt</translation>
        </message>
        <message>
            <source>removed %1</source>
            <translation>%1 entfernt</translation>
        </message>
        <message>
            <source>changed %1</source>
            <translation>%1 geändert</translation>
        </message>
        <message>
            <source>Tools</source>
            <translation>Tools</translation>
        </message>
        <message>
            <source>Prompts</source>
            <translation>Prompts</translation>
        </message>
        <message>
            <source>Resources</source>
            <translation>Ressourcen</translation>
        </message>
        <message>
            <source>Resource templates</source>
            <translation>Ressourcenvorlagen</translation>
        </message>
        <message>
            <source>Breaking: %1</source>
            <translation>Inkompatibel: %1</translation>
        </message>
        <message>
            <source>Clients written against the old side may fail: %1</source>
            <translation>Clients, die für die alte Seite geschrieben wurden, können fehlschlagen: %1</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::LogModel</name>
        <message>
            <source>Time</source>
            <translation>Zeit</translation>
        </message>
        <message>
            <source>Level</source>
            <translation>Stufe</translation>
        </message>
        <message>
            <source>Logger</source>
            <translation>Logger</translation>
        </message>
        <message>
            <source>Message</source>
            <translation>Nachricht</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::LogsPage</name>
        <message>
            <source>Set</source>
            <translation>Setzen</translation>
        </message>
        <message>
            <source>Ask the server to send messages of this level and above (logging/setLevel)</source>
            <translation>Den Server bitten, Meldungen ab dieser Stufe zu senden (logging/setLevel)</translation>
        </message>
        <message>
            <source>Clear</source>
            <translation>Leeren</translation>
        </message>
        <message>
            <source>Save…</source>
            <translation>Speichern…</translation>
        </message>
        <message>
            <source>Show from:</source>
            <translation>Anzeigen ab:</translation>
        </message>
        <message>
            <source>Server log level:</source>
            <translation>Protokollstufe des Servers:</translation>
        </message>
        <message>
            <source>Select a message to see all of its data.</source>
            <translation>Wählen Sie eine Meldung, um alle ihre Daten zu sehen.</translation>
        </message>
        <message numerus="yes">
            <source>%n old message(s) dropped</source>
            <translation>
                <numerusform>%n alte Meldung verworfen</numerusform>
                <numerusform>%n alte Meldungen verworfen</numerusform>
            </translation>
        </message>
        <message>
            <source>Setting the level failed: %1</source>
            <translation>Setzen der Stufe fehlgeschlagen: %1</translation>
        </message>
        <message>
            <source>Server log level set to %1</source>
            <translation>Protokollstufe des Servers auf %1 gesetzt</translation>
        </message>
        <message>
            <source>Save Logs</source>
            <translation>Protokoll speichern</translation>
        </message>
        <message>
            <source>Logs</source>
            <translation>Protokoll</translation>
        </message>
        <message>
            <source>Send this level in every request's _meta (logLevel) from now on</source>
            <translation>Diese Stufe ab jetzt in _meta (logLevel) jeder Anfrage senden</translation>
        </message>
        <message>
            <source>Logging is deprecated in protocol revision %1; this server still uses it.</source>
            <translation>Logging ist in der Protokollrevision %1 veraltet; dieser Server nutzt es noch.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::DoctorDialog</name>
        <message>
            <source>Doctor: %1</source>
            <translation>Doktor: %1</translation>
        </message>
        <message>
            <source>&amp;Show:</source>
            <translation>&amp;Zeigen:</translation>
        </message>
        <message>
            <source>Everything</source>
            <translation>Alles</translation>
        </message>
        <message>
            <source>Errors and warnings</source>
            <translation>Fehler und Warnungen</translation>
        </message>
        <message>
            <source>Errors</source>
            <translation>Fehler</translation>
        </message>
        <message>
            <source>Run &amp;Again</source>
            <translation>&amp;Erneut ausführen</translation>
        </message>
        <message>
            <source>Examine the server anew, e.g. after a fix</source>
            <translation>Den Server neu untersuchen, z. B. nach einer Korrektur</translation>
        </message>
        <message>
            <source>Severity</source>
            <translation>Schwere</translation>
        </message>
        <message>
            <source>Finding</source>
            <translation>Befund</translation>
        </message>
        <message>
            <source>About</source>
            <translation>Betrifft</translation>
        </message>
        <message>
            <source>&amp;Copy Report</source>
            <translation>Bericht &amp;kopieren</translation>
        </message>
        <message>
            <source>The findings as text, as mcpscope doctor prints them</source>
            <translation>Die Befunde als Text, wie mcpscope doctor sie ausgibt</translation>
        </message>
        <message>
            <source>%1 is not connected.</source>
            <translation>%1 ist nicht verbunden.</translation>
        </message>
        <message>
            <source>Examining %1…</source>
            <translation>Untersuche %1…</translation>
        </message>
        <message numerus="yes">
            <source>%1: no errors and no warnings (%n note(s)).</source>
            <translation>
                <numerusform>%1: keine Fehler und keine Warnungen (%n Hinweis).</numerusform>
                <numerusform>%1: keine Fehler und keine Warnungen (%n Hinweise).</numerusform>
            </translation>
        </message>
        <message>
            <source>%1: %2 error(s), %3 warning(s), %4 note(s).</source>
            <translation>%1: %2 Fehler, %3 Warnung(en), %4 Hinweis(e).</translation>
        </message>
        <message>
            <source>Expected:</source>
            <translation>Erwartet:</translation>
        </message>
        <message>
            <source>Seen:</source>
            <translation>Gesehen:</translation>
        </message>
        <message>
            <source>Rule:</source>
            <translation>Regel:</translation>
        </message>
        <message>
            <source>Fix:</source>
            <translation>Behebung:</translation>
        </message>
        <message>
            <source>Evidence:</source>
            <translation>Belege:</translation>
        </message>
        <message>
            <source>Show in &amp;Traffic</source>
            <translation>Im &amp;Verkehr zeigen</translation>
        </message>
        <message>
            <source>The exchange behind the chosen finding, in the server&apos;s Traffic tab</source>
            <translation>Der Austausch hinter dem gewählten Befund, im Tab „Verkehr“ des Servers</translation>
        </message>
        <message>
            <source>as the Traffic tab has it (Show in Traffic)</source>
            <translation>wie im Tab „Verkehr“ (Im Verkehr zeigen)</translation>
        </message>
        <message>
            <source>Only the findings of one category</source>
            <translation>Nur die Befunde einer Kategorie</translation>
        </message>
        <message>
            <source>All categories</source>
            <translation>Alle Kategorien</translation>
        </message>
        <message>
            <source>Call read-only tools</source>
            <translation>Nur-Lese-Werkzeuge aufrufen</translation>
        </message>
        <message>
            <source>On the next run, call the tools annotated readOnlyHint: true with arguments made from their schemas, and check their results. Other tools are never called.</source>
            <translation>Beim nächsten Lauf die mit readOnlyHint: true annotierten Werkzeuge mit aus ihren Schemas erzeugten Argumenten aufrufen und ihre Ergebnisse prüfen. Andere Werkzeuge werden nie aufgerufen.</translation>
        </message>
        <message>
            <source>Since Last Run</source>
            <translation>Seit dem letzten Lauf</translation>
        </message>
        <message>
            <source>fixed</source>
            <translation>behoben</translation>
        </message>
        <message>
            <source>new</source>
            <translation>neu</translation>
        </message>
        <message>
            <source>Since the last run: %1 fixed, %2 new.</source>
            <translation>Seit dem letzten Lauf: %1 behoben, %2 neu.</translation>
        </message>
        <message>
            <source>Fixed: the last run found this, this run did not.</source>
            <translation>Behoben: Der letzte Lauf fand dies, dieser nicht.</translation>
        </message>
        <message>
            <source>Save &amp;Report…</source>
            <translation>Bericht &amp;speichern…</translation>
        </message>
        <message>
            <source>The findings as mcpscope doctor writes them: text, Markdown, JSON, JUnit XML or SARIF</source>
            <translation>Die Befunde, wie mcpscope doctor sie schreibt: Text, Markdown, JSON, JUnit-XML oder SARIF</translation>
        </message>
        <message>
            <source>Markdown (*.md)</source>
            <translation>Markdown (*.md)</translation>
        </message>
        <message>
            <source>Text (*.txt)</source>
            <translation>Text (*.txt)</translation>
        </message>
        <message>
            <source>JSON (*.json)</source>
            <translation>JSON (*.json)</translation>
        </message>
        <message>
            <source>JUnit XML (*.xml)</source>
            <translation>JUnit-XML (*.xml)</translation>
        </message>
        <message>
            <source>SARIF (*.sarif)</source>
            <translation>SARIF (*.sarif)</translation>
        </message>
        <message>
            <source>Save Report</source>
            <translation>Bericht speichern</translation>
        </message>
        <message>
            <source>Cannot write %1: %2</source>
            <translation>%1 kann nicht geschrieben werden: %2</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::MainWindow</name>
        <message>
            <source>MCP Scope</source>
            <translation>MCP Scope</translation>
        </message>
        <message>
            <source>Servers</source>
            <translation>Server</translation>
        </message>
        <message>
            <source>Add a server, or import one from an mcp.json file, to get started.</source>
            <translation>Fügen Sie einen Server hinzu oder importieren Sie einen aus einer mcp.json-Datei, um zu beginnen.</translation>
        </message>
        <message>
            <source>All Traffic</source>
            <translation>Gesamter Verkehr</translation>
        </message>
        <message>
            <source>Could not save the server list: %1</source>
            <translation>Die Serverliste konnte nicht gespeichert werden: %1</translation>
        </message>
        <message>
            <source>&amp;Add Server…</source>
            <translation>Server &amp;hinzufügen…</translation>
        </message>
        <message>
            <source>&amp;Edit Server…</source>
            <translation>Server &amp;bearbeiten…</translation>
        </message>
        <message>
            <source>D&amp;uplicate Server</source>
            <translation>Server d&amp;uplizieren</translation>
        </message>
        <message>
            <source>&amp;Remove Server</source>
            <translation>Server &amp;entfernen</translation>
        </message>
        <message>
            <source>Move &amp;Up</source>
            <translation>Nach &amp;oben</translation>
        </message>
        <message>
            <source>Move Do&amp;wn</source>
            <translation>N&amp;ach unten</translation>
        </message>
        <message>
            <source>&amp;Connect</source>
            <translation>&amp;Verbinden</translation>
        </message>
        <message>
            <source>&amp;Disconnect</source>
            <translation>&amp;Trennen</translation>
        </message>
        <message>
            <source>Res&amp;tart</source>
            <translation>Neu &amp;starten</translation>
        </message>
        <message>
            <source>&amp;Ping</source>
            <translation>&amp;Ping</translation>
        </message>
        <message>
            <source>&amp;Import mcp.json…</source>
            <translation>mcp.json &amp;importieren…</translation>
        </message>
        <message>
            <source>Import from &amp;Clipboard…</source>
            <translation>Aus der &amp;Zwischenablage importieren…</translation>
        </message>
        <message>
            <source>Export &amp;Server Entry…</source>
            <translation>&amp;Servereintrag exportieren…</translation>
        </message>
        <message>
            <source>Export &amp;All Servers…</source>
            <translation>&amp;Alle Server exportieren…</translation>
        </message>
        <message>
            <source>Open &amp;Project Folder…</source>
            <translation>&amp;Projektordner öffnen…</translation>
        </message>
        <message>
            <source>C&amp;lose Project</source>
            <translation>Projekt sch&amp;ließen</translation>
        </message>
        <message>
            <source>&amp;Open Capture…</source>
            <translation>Mitschnitt ö&amp;ffnen…</translation>
        </message>
        <message>
            <source>E&amp;xport Traffic…</source>
            <translation>Verkehr e&amp;xportieren…</translation>
        </message>
        <message>
            <source>&amp;Pause Traffic</source>
            <translation>Verkehr &amp;anhalten</translation>
        </message>
        <message>
            <source>C&amp;lear Traffic</source>
            <translation>Verkehr &amp;leeren</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>&amp;Beenden</translation>
        </message>
        <message>
            <source>&amp;About MCP Scope</source>
            <translation>Ü&amp;ber MCP Scope</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>&amp;Datei</translation>
        </message>
        <message>
            <source>Keep Secrets in the Server List File</source>
            <translation>Geheimnisse in der Serverliste speichern</translation>
        </message>
        <message>
            <source>Secrets in a Plain File</source>
            <translation>Geheimnisse in einer Klartextdatei</translation>
        </message>
        <message>
            <source>Tokens and secret environment values will be written unencrypted to %1. Anyone who can read that file can use them. Continue?</source>
            <translation>Token und geheime Umgebungswerte werden unverschlüsselt in %1 geschrieben. Wer diese Datei lesen kann, kann sie verwenden. Fortfahren?</translation>
        </message>
        <message>
            <source>&amp;Server</source>
            <translation>&amp;Server</translation>
        </message>
        <message>
            <source>&amp;Traffic</source>
            <translation>&amp;Verkehr</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>&amp;Ansicht</translation>
        </message>
        <message>
            <source>&amp;All Traffic</source>
            <translation>&amp;Gesamter Verkehr</translation>
        </message>
        <message>
            <source>&amp;Language</source>
            <translation>&amp;Sprache</translation>
        </message>
        <message>
            <source>System Default</source>
            <translation>Systemstandard</translation>
        </message>
        <message>
            <source>Language</source>
            <translation>Sprache</translation>
        </message>
        <message>
            <source>The new language is used from the next start.</source>
            <translation>Die neue Sprache gilt ab dem nächsten Start.</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>&amp;Hilfe</translation>
        </message>
        <message>
            <source>Main</source>
            <translation>Haupt</translation>
        </message>
        <message>
            <source>Server List</source>
            <translation>Serverliste</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1: %2</translation>
        </message>
        <message>
            <source>Protocol %1</source>
            <translation>Protokoll %1</translation>
        </message>
        <message>
            <source>Session %1</source>
            <translation>Sitzung %1</translation>
        </message>
        <message>
            <source>Not connected</source>
            <translation>Nicht verbunden</translation>
        </message>
        <message>
            <source>⚠ %1</source>
            <translation>⚠ %1</translation>
        </message>
        <message>
            <source>Secret values (tokens, secret environment values) are not written to the server list file. Without a keychain they are kept only until MCP Scope quits.</source>
            <translation>Geheime Werte (Token, geheime Umgebungswerte) werden nicht in die Serverliste geschrieben. Ohne Schlüsselbund bleiben sie nur, bis MCP Scope beendet wird.</translation>
        </message>
        <message>
            <source>Input for %1</source>
            <translation>Eingabe für %1</translation>
        </message>
        <message>
            <source>Value for %1:</source>
            <translation>Wert für %1:</translation>
        </message>
        <message>
            <source>Unresolved references left as written: %1</source>
            <translation>Nicht auflösbare Verweise bleiben wie geschrieben: %1</translation>
        </message>
        <message>
            <source>Connect</source>
            <translation>Verbinden</translation>
        </message>
        <message>
            <source>New server</source>
            <translation>Neuer Server</translation>
        </message>
        <message>
            <source>Add Server</source>
            <translation>Server hinzufügen</translation>
        </message>
        <message>
            <source>Remove Server</source>
            <translation>Server entfernen</translation>
        </message>
        <message>
            <source>Remove "%1" from the list?</source>
            <translation>„%1“ aus der Liste entfernen?</translation>
        </message>
        <message numerus="yes">
            <source>Imported %n server(s). Their commands run only after you confirm them.</source>
            <translation>
                <numerusform>%n Server importiert. Ihre Befehle laufen erst nach Ihrer Bestätigung.</numerusform>
                <numerusform>%n Server importiert. Ihre Befehle laufen erst nach Ihrer Bestätigung.</numerusform>
            </translation>
        </message>
        <message>
            <source>Open Project Folder</source>
            <translation>Projektordner öffnen</translation>
        </message>
        <message>
            <source>Project</source>
            <translation>Projekt</translation>
        </message>
        <message>
            <source>Project: %1</source>
            <translation>Projekt: %1</translation>
        </message>
        <message>
            <source>Open Capture</source>
            <translation>Mitschnitt öffnen</translation>
        </message>
        <message>
            <source>JSON Lines captures (*.jsonl *.ndjson);;All files (*)</source>
            <translation>JSON-Lines-Mitschnitte (*.jsonl *.ndjson);;Alle Dateien (*)</translation>
        </message>
        <message>
            <source>About MCP Scope</source>
            <translation>Über MCP Scope</translation>
        </message>
        <message>
            <source>&lt;h3&gt;MCP Scope %1&lt;/h3&gt;&lt;p&gt;A native inspector for Model Context Protocol servers.&lt;/p&gt;&lt;p&gt;Built with Qt %2. Supported protocol versions: %3.&lt;/p&gt;</source>
            <translation>&lt;h3&gt;MCP Scope %1&lt;/h3&gt;&lt;p&gt;Ein nativer Inspektor für Model-Context-Protocol-Server.&lt;/p&gt;&lt;p&gt;Erstellt mit Qt %2. Unterstützte Protokollversionen: %3.&lt;/p&gt;</translation>
        </message>
        <message>
            <source>The connection ended before this request was answered.</source>
            <translation>Die Verbindung endete, bevor diese Anfrage beantwortet wurde.</translation>
        </message>
        <message>
            <source>Fetch Icons from the &amp;Web</source>
            <translation>Symbole aus dem &amp;Web laden</translation>
        </message>
        <message>
            <source>Download the https icons of tools, resources and prompts (no cookies, no credentials)</source>
            <translation>Die https-Symbole von Werkzeugen, Ressourcen und Prompts herunterladen (ohne Cookies, ohne Anmeldedaten)</translation>
        </message>
        <message>
            <source>Settings Changed</source>
            <translation>Einstellungen geändert</translation>
        </message>
        <message>
            <source>"%1" keeps its current connection until it reconnects; the new command, address or credentials take effect then. Reconnect now?</source>
            <translation>„%1“ behält seine Verbindung, bis es neu verbindet; der neue Befehl, die Adresse oder die Zugangsdaten gelten ab dann. Jetzt neu verbinden?</translation>
        </message>
        <message>
            <source>&amp;Keyboard Shortcuts</source>
            <translation>&amp;Tastenkürzel</translation>
        </message>
        <message>
            <source>Keyboard Shortcuts</source>
            <translation>Tastenkürzel</translation>
        </message>
        <message>
            <source>Action</source>
            <translation>Aktion</translation>
        </message>
        <message>
            <source>Shortcut</source>
            <translation>Tastenkürzel</translation>
        </message>
        <message>
            <source>&amp;Theme</source>
            <translation>&amp;Farbschema</translation>
        </message>
        <message>
            <source>System</source>
            <translation>System</translation>
        </message>
        <message>
            <source>Light</source>
            <translation>Hell</translation>
        </message>
        <message>
            <source>Dark</source>
            <translation>Dunkel</translation>
        </message>
        <message>
            <source>&amp;Record a Server in a Host…</source>
            <translation>Server in einem Host &amp;aufzeichnen…</translation>
        </message>
        <message>
            <source>Run &amp;Collection…</source>
            <translation>&amp;Sammlung ausführen…</translation>
        </message>
        <message>
            <source>Run Collection</source>
            <translation>Sammlung ausführen</translation>
        </message>
        <message>
            <source>MCP Scope collections (*.json);;All files (*)</source>
            <translation>MCP-Scope-Sammlungen (*.json);;Alle Dateien (*)</translation>
        </message>
        <message>
            <source>Save Call to Collection</source>
            <translation>Aufruf in Sammlung speichern</translation>
        </message>
        <message>
            <source>Cannot read %1: %2</source>
            <translation>%1 kann nicht gelesen werden: %2</translation>
        </message>
        <message>
            <source>Cannot add the call to %1:
%2</source>
            <translation>Der Aufruf kann nicht zu %1 hinzugefügt werden:
%2</translation>
        </message>
        <message>
            <source>Cannot write %1: %2</source>
            <translation>%1 kann nicht geschrieben werden: %2</translation>
        </message>
        <message>
            <source>Saved %1 to %2 (run it with: mcpscope test %2)</source>
            <translation>%1 in %2 gespeichert (ausführen mit: mcpscope test %2)</translation>
        </message>
        <message>
            <source>Co&amp;mpare With…</source>
            <translation>Vergleichen &amp;mit…</translation>
        </message>
        <message>
            <source>What this server offers against another connected server or a saved snapshot, breaking changes marked</source>
            <translation>Das Angebot dieses Servers mit einem anderen verbundenen Server oder einem gespeicherten Snapshot vergleichen, inkompatible Änderungen markiert</translation>
        </message>
        <message>
            <source>Save S&amp;napshot…</source>
            <translation>S&amp;napshot speichern…</translation>
        </message>
        <message>
            <source>Save this server's tools, prompts, resources and templates to compare with later</source>
            <translation>Tools, Prompts, Ressourcen und Vorlagen dieses Servers für einen späteren Vergleich speichern</translation>
        </message>
        <message>
            <source>Save Snapshot of %1</source>
            <translation>Snapshot von %1 speichern</translation>
        </message>
        <message>
            <source>Snapshots (*.json);;All files (*)</source>
            <translation>Snapshots (*.json);;Alle Dateien (*)</translation>
        </message>
        <message>
            <source>Listing what %1 offers…</source>
            <translation>Angebot von %1 wird abgefragt…</translation>
        </message>
        <message>
            <source>Save Snapshot</source>
            <translation>Snapshot speichern</translation>
        </message>
        <message>
            <source>Could not list what %1 offers: %2</source>
            <translation>Angebot von %1 konnte nicht abgefragt werden: %2</translation>
        </message>
        <message>
            <source>Snapshot of %1 saved in %2</source>
            <translation>Snapshot von %1 in %2 gespeichert</translation>
        </message>
        <message>
            <source>%1 stopped; restarting in %2</source>
            <translation>%1 angehalten; Neustart in %2</translation>
        </message>
        <message>
            <source>%1: the server says the page it sent you to is done (elicitation %2).</source>
            <translation>%1: Laut Server ist die Seite erledigt, auf die er Sie geschickt hat (Elicitation %2).</translation>
        </message>
        <message>
            <source>Run D&amp;octor…</source>
            <translation>&amp;Doktor ausführen…</translation>
        </message>
        <message>
            <source>What a host will trip on in this server: names, schemas, hidden text, how it answers, as mcpscope doctor finds it</source>
            <translation>Woran ein Host bei diesem Server scheitern wird: Namen, Schemas, versteckter Text, wie er antwortet, wie mcpscope doctor es findet</translation>
        </message>
        <message>
            <source>That exchange is no longer in the server&apos;s traffic.</source>
            <translation>Dieser Austausch ist nicht mehr im Verkehr des Servers.</translation>
        </message>
        <message>
        <source>Open Server.&amp;json…</source>
        <translation>Server.&amp;json öffnen…</translation>
    </message>
    <message>
        <source>Add a server of the MCP Registry from its server.json (a file or an https URL)</source>
        <translation>Einen Server der MCP Registry aus seiner server.json hinzufügen (Datei oder https-URL)</translation>
    </message>
    <message>
        <source>S&amp;hare…</source>
        <translation>Te&amp;ilen…</translation>
    </message>
    <message>
        <source>Install links for this server (MCP Scope, VS Code, Cursor), secrets left out</source>
        <translation>Installationslinks für diesen Server (MCP Scope, VS Code, Cursor), ohne Geheimnisse</translation>
    </message>
    <message>
        <source>Added %1. Its command runs only after you confirm it.</source>
        <translation>%1 hinzugefügt. Sein Befehl läuft erst, wenn Sie ihn bestätigt haben.</translation>
    </message>
    <message>
        <source>Added %1.</source>
        <translation>%1 hinzugefügt.</translation>
    </message>
    <message>
        <source>Install Link</source>
        <translation>Installationslink</translation>
    </message>
    <message>
        <source>This install link cannot be used: %1</source>
        <translation>Dieser Installationslink ist nicht verwendbar: %1</translation>
    </message>
    <message>
        <source>Added %1 from a %2 link. Connect it when you are ready.</source>
        <translation>%1 aus einem %2-Link hinzugefügt. Verbinden Sie ihn, wenn Sie bereit sind.</translation>
    </message>
    <message>
        <source>%1: the certificate %2 is trusted for this server.</source>
        <translation>%1: Dem Zertifikat %2 wird für diesen Server vertraut.</translation>
    </message>
</context>
    <context>
        <name>Mcp::Ui::OAuthConsentDialog</name>
        <message>
            <source>Authorize %1</source>
            <translation>%1 autorisieren</translation>
        </message>
        <message>
            <source>The server &lt;b&gt;%1&lt;/b&gt; asks you to sign in. MCP Scope will open this page of its authorization server in your browser:</source>
            <translation>Der Server &lt;b&gt;%1&lt;/b&gt; bittet Sie, sich anzumelden. MCP Scope öffnet diese Seite seines Autorisierungsservers in Ihrem Browser:</translation>
        </message>
        <message>
            <source>This page is not served over HTTPS.</source>
            <translation>Diese Seite wird nicht über HTTPS ausgeliefert.</translation>
        </message>
        <message>
            <source>Sign in only if you recognise the domain. Cancel stops the connection.</source>
            <translation>Melden Sie sich nur an, wenn Sie die Domain kennen. Abbrechen beendet die Verbindung.</translation>
        </message>
        <message>
            <source>&amp;Open in browser</source>
            <translation>Im Browser ö&amp;ffnen</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::OAuthController</name>
        <message>
            <source>Browser authorization (step-up)</source>
            <translation>Autorisierung im Browser (Step-up)</translation>
        </message>
        <message>
            <source>Browser authorization</source>
            <translation>Autorisierung im Browser</translation>
        </message>
        <message>
            <source>Waiting for your consent</source>
            <translation>Warten auf Ihre Zustimmung</translation>
        </message>
        <message>
            <source>Waiting for your consent (scope: %1)</source>
            <translation>Warten auf Ihre Zustimmung (Scope: %1)</translation>
        </message>
        <message>
            <source>Declined: the browser was not opened</source>
            <translation>Abgelehnt: der Browser wurde nicht geöffnet</translation>
        </message>
        <message>
            <source>Waiting for the browser to return</source>
            <translation>Warten auf die Rückkehr aus dem Browser</translation>
        </message>
        <message>
            <source>Abandoned: the connection closed</source>
            <translation>Aufgegeben: die Verbindung wurde geschlossen</translation>
        </message>
        <message>
            <source>Returned to MCP Scope</source>
            <translation>Zu MCP Scope zurückgekehrt</translation>
        </message>
        <message>
            <source>Authorization code received</source>
            <translation>Autorisierungscode erhalten</translation>
        </message>
        <message>
            <source>HTTP %1</source>
            <translation>HTTP %1</translation>
        </message>
        <message>
            <source>Authorized</source>
            <translation>Autorisiert</translation>
        </message>
        <message>
            <source>Token granted</source>
            <translation>Token erteilt</translation>
        </message>
        <message>
            <source>Token granted for %1</source>
            <translation>Token erteilt für %1</translation>
        </message>
        <message>
            <source>Authorization failed</source>
            <translation>Autorisierung fehlgeschlagen</translation>
        </message>
        <message>
            <source>No browser could be started: open the URL of this step yourself; the authorization goes on once the browser returns</source>
            <translation>Es konnte kein Browser gestartet werden: Öffnen Sie die URL dieses Schritts selbst; die Autorisierung geht weiter, sobald der Browser zurückkehrt</translation>
        </message>
        <message>
            <source>Send the client credentials to another server?</source>
            <translation>Client-Zugangsdaten an einen anderen Server senden?</translation>
        </message>
        <message>
            <source>%1 sends you to sign in at the authorization server %2, which is not at the server's own address, and the client id and secret (or key) configured for this server do not name it as their issuer.

Send them to %2 only if that is where the client was registered.</source>
            <translation>%1 schickt Sie zur Anmeldung an den Autorisierungsserver %2, der nicht unter der eigenen Adresse des Servers liegt, und die für diesen Server konfigurierte Client-ID und das Geheimnis (oder der Schlüssel) nennen ihn nicht als Aussteller.

Senden Sie sie nur dann an %2, wenn der Client dort registriert wurde.</translation>
        </message>
        <message>
            <source>&amp;Send to %1</source>
            <translation>An %1 &amp;senden</translation>
        </message>
        <message>
            <source>&amp;Don't send</source>
            <translation>&amp;Nicht senden</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::OpenLinkDialog</name>
        <message>
            <source>Open a link from a view</source>
            <translation>Einen Link aus einer Ansicht öffnen</translation>
        </message>
        <message>
            <source>The view %1 asks to open this link in your browser:</source>
            <translation>Die Ansicht %1 möchte diesen Link in Ihrem Browser öffnen:</translation>
        </message>
        <message>
            <source>&amp;Open</source>
            <translation>Ö&amp;ffnen</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::Page</name>
        <message>
            <source>Connect</source>
            <translation>Verbinden</translation>
        </message>
        <message>
            <source>Connecting to %1…</source>
            <translation>Verbindung mit %1 wird hergestellt…</translation>
        </message>
        <message>
            <source>%1 is not connected.
Connect to see what it offers here.</source>
            <translation>%1 ist nicht verbunden.
Verbinden Sie, um hier zu sehen, was er anbietet.</translation>
        </message>
        <message>
            <source>Text files (*.txt);;All files (*)</source>
            <translation>Textdateien (*.txt);;Alle Dateien (*)</translation>
        </message>
        <message>
            <source>Could not write %1: %2</source>
            <translation>%1 konnte nicht geschrieben werden: %2</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::PendingRequestDialog</name>
        <message>
            <source>The server cancelled this request.</source>
            <translation>Der Server hat diese Anfrage abgebrochen.</translation>
        </message>
        <message>
            <source>The server cancelled this request: %1</source>
            <translation>Der Server hat diese Anfrage abgebrochen: %1</translation>
        </message>
        <message>
            <source>The connection ended before this request was answered.</source>
            <translation>Die Verbindung endete, bevor diese Anfrage beantwortet wurde.</translation>
        </message>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt; %2</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; %2</translation>
        </message>
        <message>
            <source>withdrawn</source>
            <translation>zurückgezogen</translation>
        </message>
        <message>
            <source>Save as scri&amp;pted answer</source>
            <translation>Als &amp;skriptgesteuerte Antwort speichern</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::PromptsPage</name>
        <message>
            <source>Prompts</source>
            <translation>Prompts</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::PromptsView</name>
        <message>
            <source>Search</source>
            <translation>Suchen</translation>
        </message>
        <message>
            <source>Refresh</source>
            <translation>Aktualisieren</translation>
        </message>
        <message>
            <source>Select a prompt</source>
            <translation>Wählen Sie einen Prompt</translation>
        </message>
        <message>
            <source>Get prompt</source>
            <translation>Prompt abrufen</translation>
        </message>
        <message>
            <source>prompts/get (Ctrl+Enter)</source>
            <translation>prompts/get (Strg+Eingabe)</translation>
        </message>
        <message>
            <source>Loading…</source>
            <translation>Wird geladen…</translation>
        </message>
        <message>
            <source>Listing prompts failed: %1</source>
            <translation>Auflisten der Prompts fehlgeschlagen: %1</translation>
        </message>
        <message numerus="yes">
            <source>%n prompt(s)</source>
            <translation>
                <numerusform>%n Prompt</numerusform>
                <numerusform>%n Prompts</numerusform>
            </translation>
        </message>
        <message>
            <source>Getting…</source>
            <translation>Wird abgerufen…</translation>
        </message>
        <message>
            <source>prompts/get failed: %1 (%2)</source>
            <translation>prompts/get fehlgeschlagen: %1 (%2)</translation>
        </message>
        <message>
            <source>Get the prompt</source>
            <translation>Prompt abrufen</translation>
        </message>
        <message>
            <source>Pick a prompt on the left: its arguments appear here, and Get prompt (Ctrl+Enter) shows the messages it makes.</source>
            <translation>Links einen Prompt wählen: seine Argumente erscheinen hier, und „Prompt abrufen“ (Strg+Eingabe) zeigt die Nachrichten, die er erzeugt.</translation>
        </message>
        <message>
            <source>Required argument(s) left empty: %1. Get again to send anyway.</source>
            <translation>Pflichtargument(e) leer gelassen: %1. Erneut abrufen, um trotzdem zu senden.</translation>
        </message>
        <message>
            <source>Failed after %1</source>
            <translation>Nach %1 fehlgeschlagen</translation>
        </message>
        <message numerus="yes">
            <source>%n message(s) in %1</source>
            <translation>
                <numerusform>%n Nachricht in %1</numerusform>
                <numerusform>%n Nachrichten in %1</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::RecordInHostDialog</name>
        <message>
            <source>Record a Server in a Host</source>
            <translation>Server in einem Host aufzeichnen</translation>
        </message>
        <message>
            <source>Other File…</source>
            <translation>Andere Datei…</translation>
        </message>
        <message>
            <source>Host configuration:</source>
            <translation>Host-Konfiguration:</translation>
        </message>
        <message>
            <source>Server:</source>
            <translation>Server:</translation>
        </message>
        <message>
            <source>Host Configuration</source>
            <translation>Host-Konfiguration</translation>
        </message>
        <message>
            <source>No host configuration found; choose one with Other File…</source>
            <translation>Keine Host-Konfiguration gefunden; wählen Sie eine mit „Andere Datei…“</translation>
        </message>
        <message>
            <source>Not changed: %1</source>
            <translation>Nicht geändert: %1</translation>
        </message>
        <message>
            <source>“%1” now runs through the recorder; restart the host to start recording. The file as it was is in %2.</source>
            <translation>„%1“ läuft jetzt über den Rekorder; starten Sie den Host neu, um die Aufzeichnung zu beginnen. Die Datei, wie sie war, liegt in %2.</translation>
        </message>
        <message>
            <source>Not undone: %1</source>
            <translation>Nicht rückgängig gemacht: %1</translation>
        </message>
        <message>
            <source>The host will reach the server through mcpscope record, which passes everything on and records it; an open MCP Scope window shows it live. A stdio server is started through the recorder; an HTTP server's address points at a recording proxy started now. Only this server's entry changes, and a backup of the file is kept.</source>
            <translation>Der Host erreicht den Server über mcpscope record, das alles weiterleitet und aufzeichnet; ein geöffnetes MCP-Scope-Fenster zeigt es live an. Ein stdio-Server wird über den Recorder gestartet; die Adresse eines HTTP-Servers verweist auf einen jetzt gestarteten Aufzeichnungs-Proxy. Nur der Eintrag dieses Servers ändert sich, und eine Sicherungskopie der Datei wird angelegt.</translation>
        </message>
        <message>
            <source>This file has no servers.</source>
            <translation>Diese Datei enthält keine Server.</translation>
        </message>
        <message>
            <source>“%1” already goes through the recorder (the file as it was is in %2); Undo puts it back.</source>
            <translation>„%1“ läuft bereits über den Recorder (die ursprüngliche Datei liegt in %2); Rückgängig stellt sie wieder her.</translation>
        </message>
        <message>
            <source>cannot start %1: %2</source>
            <translation>%1 kann nicht gestartet werden: %2</translation>
        </message>
        <message>
            <source>the recorder did not start listening on 127.0.0.1:%1</source>
            <translation>der Recorder hat nicht begonnen, auf 127.0.0.1:%1 zu lauschen</translation>
        </message>
        <message>
            <source>“%1” now goes through the recording proxy at %2 (process %3), which must run while the host uses it; Undo stops it. Restart the host to start recording. The file as it was is in %4.</source>
            <translation>„%1“ läuft jetzt über den Aufzeichnungs-Proxy unter %2 (Prozess %3), der laufen muss, solange der Host ihn verwendet; Rückgängig beendet ihn. Den Host neu starten, um die Aufzeichnung zu beginnen. Die ursprüngliche Datei liegt in %4.</translation>
        </message>
        <message>
            <source>Undone: the entry is as it was, and the recording proxy is stopped.</source>
            <translation>Rückgängig gemacht: Der Eintrag ist wie zuvor, und der Aufzeichnungs-Proxy ist beendet.</translation>
        </message>
        <message>
            <source>Undone: the entry is as it was.</source>
            <translation>Rückgängig gemacht: Der Eintrag ist wie zuvor.</translation>
        </message>
        <message>
            <source>&amp;Record Through MCP Scope</source>
            <translation>Über MCP Scope &amp;aufzeichnen</translation>
        </message>
        <message>
            <source>&amp;Undo</source>
            <translation>&amp;Rückgängig</translation>
        </message>
        <message>
            <source>Host configurations (*.json *.jsonc *.toml *.yaml *.yml);;All files (*)</source>
            <translation>Host-Konfigurationen (*.json *.jsonc *.toml *.yaml *.yml);;Alle Dateien (*)</translation>
        </message>
</context>
    <context>
        <name>Mcp::Ui::ReplayDialog</name>
        <message>
            <source>(absent)</source>
            <translation>(fehlt)</translation>
        </message>
        <message>
            <source>Replay %1</source>
            <translation>%1 wiedergeben</translation>
        </message>
        <message>
            <source>C&amp;onnection:</source>
            <translation>&amp;Verbindung:</translation>
        </message>
        <message numerus="yes">
            <source>%1 (connection %2, %n request(s))</source>
            <translation>
                <numerusform>%1 (Verbindung %2, %n Anfrage)</numerusform>
                <numerusform>%1 (Verbindung %2, %n Anfragen)</numerusform>
            </translation>
        </message>
        <message>
            <source>unnamed</source>
            <translation>unbenannt</translation>
        </message>
        <message>
            <source>A &amp;configured server:</source>
            <translation>Ein &amp;konfigurierter Server:</translation>
        </message>
        <message>
            <source>A co&amp;mmand or URL:</source>
            <translation>Ein Be&amp;fehl oder eine URL:</translation>
        </message>
        <message>
            <source>node server.js --flag, or http://127.0.0.1:3000/mcp</source>
            <translation>node server.js --flag oder http://127.0.0.1:3000/mcp</translation>
        </message>
        <message>
            <source>&amp;Replay</source>
            <translation>&amp;Wiedergeben</translation>
        </message>
        <message>
            <source>No configured server can be started</source>
            <translation>Kein konfigurierter Server kann gestartet werden</translation>
        </message>
        <message>
            <source>Request</source>
            <translation>Anfrage</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>Ergebnis</translation>
        </message>
        <message>
            <source>Recorded</source>
            <translation>Aufgezeichnet</translation>
        </message>
        <message>
            <source>Replayed</source>
            <translation>Wiedergegeben</translation>
        </message>
        <message>
            <source>This capture holds no client requests to replay.</source>
            <translation>Dieses Capture enthält keine Client-Anfragen zum Wiedergeben.</translation>
        </message>
        <message numerus="yes">
            <source>%n request(s) to replay</source>
            <translation>
                <numerusform>%n Anfrage zum Wiedergeben</numerusform>
                <numerusform>%n Anfragen zum Wiedergeben</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n lifecycle request(s) (initialize, ping…) left out: the new connection makes its own</source>
            <translation>
                <numerusform>%n Lebenszyklus-Anfrage (initialize, ping…) ausgelassen: Die neue Verbindung stellt ihre eigenen</numerusform>
                <numerusform>%n Lebenszyklus-Anfragen (initialize, ping…) ausgelassen: Die neue Verbindung stellt ihre eigenen</numerusform>
            </translation>
        </message>
        <message>
            <source>Choose a server and Replay: each answer is compared with the recorded one.</source>
            <translation>Server auswählen und Wiedergeben: Jede Antwort wird mit der aufgezeichneten verglichen.</translation>
        </message>
        <message>
            <source>Waiting</source>
            <translation>Wartet</translation>
        </message>
        <message numerus="yes">
            <source>Replaying %n request(s) against %1…</source>
            <translation>
                <numerusform>%n Anfrage wird gegen %1 wiedergegeben…</numerusform>
                <numerusform>%n Anfragen werden gegen %1 wiedergegeben…</numerusform>
            </translation>
        </message>
        <message>
            <source>Running…</source>
            <translation>Läuft…</translation>
        </message>
        <message>
            <source>Not sent</source>
            <translation>Nicht gesendet</translation>
        </message>
        <message>
            <source>Same</source>
            <translation>Gleich</translation>
        </message>
        <message>
            <source>Different</source>
            <translation>Abweichend</translation>
        </message>
        <message numerus="yes">
            <source>%n difference(s)</source>
            <translation>
                <numerusform>%n Unterschied</numerusform>
                <numerusform>%n Unterschiede</numerusform>
            </translation>
        </message>
        <message>
            <source>Replaying against %1… %2 of %3</source>
            <translation>Wiedergabe gegen %1… %2 von %3</translation>
        </message>
        <message numerus="yes">
            <source>Replayed %n request(s) against %1</source>
            <translation>
                <numerusform>%n Anfrage gegen %1 wiedergegeben</numerusform>
                <numerusform>%n Anfragen gegen %1 wiedergegeben</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 same, %2 different</source>
            <translation>%1 gleich, %2 abweichend</translation>
        </message>
        <message>
            <source>Could not replay against %1: %2</source>
            <translation>Wiedergabe gegen %1 nicht möglich: %2</translation>
        </message>
        <message>
            <source>declaring the recorded client's capabilities</source>
            <translation>mit den deklarierten Fähigkeiten des aufgezeichneten Clients</translation>
        </message>
        <message numerus="yes">
            <source>%n cancelled as recorded</source>
            <translation>
                <numerusform>%n wie aufgezeichnet abgebrochen</numerusform>
                <numerusform>%n wie aufgezeichnet abgebrochen</numerusform>
            </translation>
        </message>
        <message>
            <source>The same answer as recorded, in %1</source>
            <translation>Dieselbe Antwort wie aufgezeichnet, in %1</translation>
        </message>
        <message>
            <source>Answered in %1</source>
            <translation>Beantwortet in %1</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ResourcesPage</name>
        <message>
            <source>Resources</source>
            <translation>Ressourcen</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ResourcesView</name>
        <message>
            <source>Search</source>
            <translation>Suchen</translation>
        </message>
        <message>
            <source>Resources</source>
            <translation>Ressourcen</translation>
        </message>
        <message>
            <source>Templates</source>
            <translation>Vorlagen</translation>
        </message>
        <message>
            <source>Load more</source>
            <translation>Mehr laden</translation>
        </message>
        <message>
            <source>Fetch the next page of resources/list</source>
            <translation>Die nächste Seite von resources/list abrufen</translation>
        </message>
        <message>
            <source>Refresh</source>
            <translation>Aktualisieren</translation>
        </message>
        <message>
            <source>Select a resource or a template</source>
            <translation>Wählen Sie eine Ressource oder eine Vorlage</translation>
        </message>
        <message>
            <source>Resource URI</source>
            <translation>Ressourcen-URI</translation>
        </message>
        <message>
            <source>Read</source>
            <translation>Lesen</translation>
        </message>
        <message>
            <source>resources/read</source>
            <translation>resources/read</translation>
        </message>
        <message>
            <source>Subscribe</source>
            <translation>Abonnieren</translation>
        </message>
        <message>
            <source>Listing templates failed: %1</source>
            <translation>Auflisten der Vorlagen fehlgeschlagen: %1</translation>
        </message>
        <message>
            <source>Loading…</source>
            <translation>Wird geladen…</translation>
        </message>
        <message>
            <source>Listing resources failed: %1</source>
            <translation>Auflisten der Ressourcen fehlgeschlagen: %1</translation>
        </message>
        <message numerus="yes">
            <source>%n resource(s)</source>
            <translation>
                <numerusform>%n Ressource</numerusform>
                <numerusform>%n Ressourcen</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n resource(s) so far; more with Load more</source>
            <translation>
                <numerusform>Bisher %n Ressource; mehr mit „Mehr laden“</numerusform>
                <numerusform>Bisher %n Ressourcen; mehr mit „Mehr laden“</numerusform>
            </translation>
        </message>
        <message>
            <source>Type: %1</source>
            <translation>Typ: %1</translation>
        </message>
        <message>
            <source>Template: %1</source>
            <translation>Vorlage: %1</translation>
        </message>
        <message>
            <source>type for suggestions</source>
            <translation>tippen für Vorschläge</translation>
        </message>
        <message>
            <source>Reading %1…</source>
            <translation>%1 wird gelesen…</translation>
        </message>
        <message>
            <source>Reading %1 failed: %2 (%3)</source>
            <translation>Lesen von %1 fehlgeschlagen: %2 (%3)</translation>
        </message>
        <message numerus="yes">
            <source>Read at %1 · subscribed, %n update(s) so far</source>
            <translation>
                <numerusform>Gelesen um %1 · abonniert, bisher %n Aktualisierung</numerusform>
                <numerusform>Gelesen um %1 · abonniert, bisher %n Aktualisierungen</numerusform>
            </translation>
        </message>
        <message>
            <source>Unsubscribe</source>
            <translation>Abbestellen</translation>
        </message>
        <message>
            <source>resources/subscribe: the server sends notifications/resources/updated when it changes</source>
            <translation>resources/subscribe: Der Server sendet notifications/resources/updated, wenn sich die Ressource ändert</translation>
        </message>
        <message>
            <source>This server does not offer subscriptions</source>
            <translation>Dieser Server bietet keine Abonnements an</translation>
        </message>
        <message>
            <source>%1 failed: %2</source>
            <translation>%1 fehlgeschlagen: %2</translation>
        </message>
        <message>
            <source>Subscribed to %1: it is read again whenever the server says it changed.</source>
            <translation>%1 abonniert: Die Ressource wird erneut gelesen, sobald der Server eine Änderung meldet.</translation>
        </message>
        <message>
            <source>Unsubscribed from %1.</source>
            <translation>%1 abbestellt.</translation>
        </message>
        <message>
            <source>Pick a resource on the left, then Read (or double-click it); or a template, to fill in its variables.</source>
            <translation>Links eine Ressource wählen, dann „Lesen“ (oder doppelklicken); oder eine Vorlage, um ihre Variablen auszufüllen.</translation>
        </message>
        <message>
            <source>another resource was read</source>
            <translation>eine andere Ressource wurde gelesen</translation>
        </message>
        <message>
            <source>The server lists no templates.</source>
            <translation>Der Server listet keine Vorlagen auf.</translation>
        </message>
        <message numerus="yes">
            <source>%n template(s)</source>
            <translation>
                <numerusform>%n Vorlage</numerusform>
                <numerusform>%n Vorlagen</numerusform>
            </translation>
        </message>
        <message>
            <source>another resource was chosen</source>
            <translation>eine andere Ressource wurde gewählt</translation>
        </message>
        <message>
            <source>Size: %1</source>
            <translation>Größe: %1</translation>
        </message>
        <message>
            <source>Failed after %1</source>
            <translation>Nach %1 fehlgeschlagen</translation>
        </message>
        <message>
            <source>Read at %1 in %2</source>
            <translation>Gelesen um %1 in %2</translation>
        </message>
        <message>
            <source>Asked the server for updates of %1 (subscriptions/listen); waiting for it to acknowledge…</source>
            <translation>Aktualisierungen von %1 beim Server angefordert (subscriptions/listen); warte auf Bestätigung…</translation>
        </message>
        <message>
            <source>Not subscribed to %1: the server ended or refused subscriptions/listen (%2).</source>
            <translation>%1 nicht abonniert: Der Server hat subscriptions/listen beendet oder abgelehnt (%2).</translation>
        </message>
        <message>
            <source>no reason given</source>
            <translation>kein Grund angegeben</translation>
        </message>
        <message>
            <source>Subscribed to %1 (the server acknowledged it): it is read again whenever the server says it changed.</source>
            <translation>%1 abonniert (vom Server bestätigt): Die Ressource wird erneut gelesen, sobald der Server eine Änderung meldet.</translation>
        </message>
        <message>
            <source>The server did not acknowledge the subscription to %1: it says it will not send updates of it.</source>
            <translation>Der Server hat das Abonnement von %1 nicht bestätigt: Er gibt an, dafür keine Aktualisierungen zu senden.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::RestartPanel</name>
        <message>
            <source>Restart Now</source>
            <translation>Jetzt neu starten</translation>
        </message>
        <message>
            <source>Stop Retrying</source>
            <translation>Nicht mehr versuchen</translation>
        </message>
        <message>
            <source>Exit History…</source>
            <translation>Beendigungsverlauf…</translation>
        </message>
        <message>
            <source>Reloading after a change to %1…</source>
            <translation>Neu laden nach Änderung an %1…</translation>
        </message>
        <message>
            <source>added %1</source>
            <translation>%1 hinzugefügt</translation>
        </message>
        <message>
            <source>removed %1</source>
            <translation>%1 entfernt</translation>
        </message>
        <message>
            <source>changed %1 (%2)</source>
            <translation>%1 geändert (%2)</translation>
        </message>
        <message>
            <source>no change to tools, prompts or resources</source>
            <translation>keine Änderung an Tools, Prompts oder Ressourcen</translation>
        </message>
        <message>
            <source>Reconnected: %1</source>
            <translation>Neu verbunden: %1</translation>
        </message>
        <message>
            <source>Reloaded after a change to %1: %2</source>
            <translation>Neu geladen nach Änderung an %1: %2</translation>
        </message>
        <message numerus="yes">
            <source>%n unexpected end(s) of this server so far</source>
            <translation>
                <numerusform>%n unerwartetes Ende dieses Servers bisher</numerusform>
                <numerusform>%n unerwartete Enden dieses Servers bisher</numerusform>
            </translation>
        </message>
        <message>
            <source>Unanswered: %1</source>
            <translation>Unbeantwortet: %1</translation>
        </message>
        <message>
            <source>Exit History of %1</source>
            <translation>Beendigungsverlauf von %1</translation>
        </message>
        <message>
            <source>Changes…</source>
            <translation>Änderungen…</translation>
        </message>
        <message>
            <source>What the last reload changed, field by field, before and after</source>
            <translation>Was das letzte Neuladen geändert hat, Feld für Feld, vorher und nachher</translation>
        </message>
        <message>
            <source>What the Reload Changed</source>
            <translation>Was das Neuladen geändert hat</translation>
        </message>
        <message>
            <source>Tools</source>
            <translation>Werkzeuge</translation>
        </message>
        <message>
            <source>Prompts</source>
            <translation>Prompts</translation>
        </message>
        <message>
            <source>Resources</source>
            <translation>Ressourcen</translation>
        </message>
        <message>
            <source>Resource templates</source>
            <translation>Ressourcenvorlagen</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ResultView</name>
        <message>
            <source>Save</source>
            <translation>Speichern</translation>
        </message>
        <message>
            <source>Could not save %1: %2</source>
            <translation>%1 konnte nicht gespeichert werden: %2</translation>
        </message>
        <message>
            <source>audience: %1</source>
            <translation>Zielgruppe: %1</translation>
        </message>
        <message>
            <source>priority %1</source>
            <translation>Priorität %1</translation>
        </message>
        <message>
            <source>modified %1</source>
            <translation>geändert %1</translation>
        </message>
        <message>
            <source>Showing the first %1 of %2 (%3 characters).</source>
            <translation>Die ersten %1 von %2 werden angezeigt (%3 Zeichen).</translation>
        </message>
        <message>
            <source>Show all</source>
            <translation>Alles anzeigen</translation>
        </message>
        <message>
            <source>Save…</source>
            <translation>Speichern…</translation>
        </message>
        <message>
            <source>Source</source>
            <translation>Quelltext</translation>
        </message>
        <message>
            <source>Show the text as it was sent</source>
            <translation>Den Text so anzeigen, wie er gesendet wurde</translation>
        </message>
        <message>
            <source>JSON text, shown as a tree</source>
            <translation>JSON-Text, als Baum angezeigt</translation>
        </message>
        <message>
            <source>Markdown, rendered</source>
            <translation>Markdown, gerendert</translation>
        </message>
        <message>
            <source>%1 × %2 pixels</source>
            <translation>%1 × %2 Pixel</translation>
        </message>
        <message>
            <source>%1 × %2 px, %3</source>
            <translation>%1 × %2 px, %3</translation>
        </message>
        <message>
            <source>Audio (%1, %2)</source>
            <translation>Audio (%1, %2)</translation>
        </message>
        <message>
            <source>Play</source>
            <translation>Abspielen</translation>
        </message>
        <message>
            <source>Cannot play</source>
            <translation>Abspielen nicht möglich</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>Stopp</translation>
        </message>
        <message>
            <source>(playback needs Qt Multimedia)</source>
            <translation>(Wiedergabe erfordert Qt Multimedia)</translation>
        </message>
        <message>
            <source>Binary data: %1, %2</source>
            <translation>Binärdaten: %1, %2</translation>
        </message>
        <message>
            <source>unknown type</source>
            <translation>unbekannter Typ</translation>
        </message>
        <message>
            <source>Copy JSON</source>
            <translation>JSON kopieren</translation>
        </message>
        <message>
            <source>Copy the whole result as JSON</source>
            <translation>Das ganze Ergebnis als JSON kopieren</translation>
        </message>
        <message>
            <source>Save the whole result as a JSON file</source>
            <translation>Das ganze Ergebnis als JSON-Datei speichern</translation>
        </message>
        <message>
            <source>Save result</source>
            <translation>Ergebnis speichern</translation>
        </message>
        <message>
            <source>JSON (*.json);;All files (*)</source>
            <translation>JSON (*.json);;Alle Dateien (*)</translation>
        </message>
        <message>
            <source>Could not save %1.</source>
            <translation>%1 konnte nicht gespeichert werden.</translation>
        </message>
        <message>
            <source>Text</source>
            <translation>Text</translation>
        </message>
        <message>
            <source>Image</source>
            <translation>Bild</translation>
        </message>
        <message>
            <source>Audio</source>
            <translation>Audio</translation>
        </message>
        <message>
            <source>Resource link</source>
            <translation>Ressourcen-Link</translation>
        </message>
        <message>
            <source>Open %1 on the Resources page</source>
            <translation>%1 auf der Seite „Ressourcen“ öffnen</translation>
        </message>
        <message>
            <source>Open</source>
            <translation>Öffnen</translation>
        </message>
        <message>
            <source>Embedded resource</source>
            <translation>Eingebettete Ressource</translation>
        </message>
        <message>
            <source>Content</source>
            <translation>Inhalt</translation>
        </message>
        <message>
            <source>not a known content type</source>
            <translation>kein bekannter Inhaltstyp</translation>
        </message>
        <message>
            <source>The tool reported an error (isError: true)</source>
            <translation>Das Werkzeug hat einen Fehler gemeldet (isError: true)</translation>
        </message>
        <message>
            <source>The result has no content.</source>
            <translation>Das Ergebnis hat keinen Inhalt.</translation>
        </message>
        <message>
            <source>Structured content</source>
            <translation>Strukturierter Inhalt</translation>
        </message>
        <message>
            <source>Not checked: the tool declares no outputSchema</source>
            <translation>Nicht geprüft: Das Werkzeug deklariert kein outputSchema</translation>
        </message>
        <message>
            <source>INVALID: the tool declares an outputSchema but the result has no structuredContent</source>
            <translation>UNGÜLTIG: Das Werkzeug deklariert ein outputSchema, aber das Ergebnis hat kein structuredContent</translation>
        </message>
        <message>
            <source>VALID against the tool's outputSchema</source>
            <translation>GÜLTIG gemäß dem outputSchema des Werkzeugs</translation>
        </message>
        <message numerus="yes">
            <source>INVALID against the tool's outputSchema: %n problem(s)</source>
            <translation>
                <numerusform>UNGÜLTIG gemäß dem outputSchema des Werkzeugs: %n Problem</numerusform>
                <numerusform>UNGÜLTIG gemäß dem outputSchema des Werkzeugs: %n Probleme</numerusform>
            </translation>
        </message>
        <message>
            <source>(whole value)</source>
            <translation>(ganzer Wert)</translation>
        </message>
        <message>
            <source>Note: %1</source>
            <translation>Hinweis: %1</translation>
        </message>
        <message>
            <source>(no role)</source>
            <translation>(keine Rolle)</translation>
        </message>
        <message>
            <source>No messages.</source>
            <translation>Keine Nachrichten.</translation>
        </message>
        <message>
            <source>The resource has no contents.</source>
            <translation>Die Ressource hat keinen Inhalt.</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Abbrechen</translation>
        </message>
        <message>
            <source>Preparing all %1… (%2 %)</source>
            <translation>Alle %1 werden vorbereitet … (%2 %)</translation>
        </message>
        <message>
            <source>Showing all %1 (%2 characters).</source>
            <translation>Alle %1 werden angezeigt (%2 Zeichen).</translation>
        </message>
        <message>
            <source>The audio could not be played: %1
Save it to play it elsewhere. On Linux, Qt plays audio through GStreamer, whose WAV, MP3 and FLAC decoders come with its "good" plugins (gstreamer1.0-plugins-good).</source>
            <translation>Die Audiodaten konnten nicht abgespielt werden: %1
Speichern Sie sie, um sie anderswo abzuspielen. Unter Linux spielt Qt Audio über GStreamer ab, dessen WAV-, MP3- und FLAC-Decoder in den „good“-Plugins enthalten sind (gstreamer1.0-plugins-good).</translation>
        </message>
        <message>
            <source>unknown error</source>
            <translation>unbekannter Fehler</translation>
        </message>
        <message>
            <source>Full Size…</source>
            <translation>Volle Größe…</translation>
        </message>
        <message>
            <source>Open the image at full size, to zoom in</source>
            <translation>Das Bild in voller Größe öffnen, um es zu vergrößern</translation>
        </message>
        <message>
            <source>no audio output device: plays silently; save it to hear it elsewhere</source>
            <translation>kein Audioausgabegerät: spielt stumm ab; speichern, um es anderswo zu hören</translation>
        </message>
        <message>
            <source>This computer has no audio output device</source>
            <translation>Dieser Computer hat kein Audioausgabegerät</translation>
        </message>
        <message>
            <source>Round</source>
            <translation>Runde</translation>
        </message>
        <message>
            <source>Sent</source>
            <translation>Gesendet</translation>
        </message>
        <message>
            <source>Server asked</source>
            <translation>Server fragte</translation>
        </message>
        <message>
            <source>Answered</source>
            <translation>Beantwortet</translation>
        </message>
        <message>
            <source>Latency</source>
            <translation>Latenz</translation>
        </message>
        <message>
            <source>The request went out more than once: each time the server answered input_required, its questions were answered and the request was sent again with the answers</source>
            <translation>Die Anfrage wurde mehrmals gesendet: Jedes Mal, wenn der Server mit input_required antwortete, wurden seine Fragen beantwortet und die Anfrage mit den Antworten erneut gesendet</translation>
        </message>
        <message>
            <source>[%1] waiting for an answer</source>
            <translation>[%1] wartet auf eine Antwort</translation>
        </message>
        <message>
            <source>[%1] declined (left out of inputResponses)</source>
            <translation>[%1] abgelehnt (in inputResponses weggelassen)</translation>
        </message>
        <message>
            <source>%1 (model %2)</source>
            <translation>%1 (Modell %2)</translation>
        </message>
        <message numerus="yes">
            <source>%n root(s)</source>
            <translation>
                <numerusform>%n Wurzel</numerusform>
                <numerusform>%n Wurzeln</numerusform>
            </translation>
        </message>
        <message>
            <source>request, id %1</source>
            <translation>Anfrage, ID %1</translation>
        </message>
        <message>
            <source>inputResponses [%1]</source>
            <translation>inputResponses [%1]</translation>
        </message>
        <message>
            <source>requestState echoed</source>
            <translation>requestState zurückgesendet</translation>
        </message>
        <message>
            <source>retry, id %1</source>
            <translation>erneuter Versuch, ID %1</translation>
        </message>
        <message>
            <source>retry, id %1: %2</source>
            <translation>erneuter Versuch, ID %1: %2</translation>
        </message>
        <message>
            <source>waiting for the server</source>
            <translation>wartet auf den Server</translation>
        </message>
        <message>
            <source>input_required, nothing to answer (state only)</source>
            <translation>input_required, nichts zu beantworten (nur Zustand)</translation>
        </message>
        <message>
            <source>the final result</source>
            <translation>das endgültige Ergebnis</translation>
        </message>
        <message>
            <source>no input asked</source>
            <translation>keine Eingabe verlangt</translation>
        </message>
        <message>
            <source>answer %1</source>
            <translation>Antwort %1</translation>
        </message>
        <message>
            <source>%1 of %2</source>
            <translation>%1 von %2</translation>
        </message>
        <message>
            <source>Round %1: the server asked for %2; waiting for the answer</source>
            <translation>Runde %1: Der Server hat %2 angefragt; warte auf die Antwort</translation>
        </message>
        <message>
            <source>Round %1: every input answered; sending the request again with the answers</source>
            <translation>Runde %1: Alle Eingaben beantwortet; die Anfrage wird mit den Antworten erneut gesendet</translation>
        </message>
        <message>
            <source>Round %1: sent again with the answers; waiting for the server</source>
            <translation>Runde %1: Mit den Antworten erneut gesendet; warte auf den Server</translation>
        </message>
        <message>
            <source>tasks/get, id %1; answered by tasks/update</source>
            <translation>tasks/get, ID %1; beantwortet mit tasks/update</translation>
        </message>
        <message>
            <source>a task, followed with tasks/get</source>
            <translation>eine Aufgabe, verfolgt mit tasks/get</translation>
        </message>
        <message>
            <source>server %1</source>
            <translation>Server %1</translation>
        </message>
        <message>
            <source>Not checked: the tool's outputSchema was not read</source>
            <translation>Nicht geprüft: Das outputSchema des Werkzeugs wurde nicht gelesen</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::RootsEditor</name>
        <message>
            <source>Roots tell the server which folders it may work in. They are sent when the server asks (roots/list); every change sends notifications/roots/list_changed.</source>
            <translation>Wurzeln teilen dem Server mit, in welchen Ordnern er arbeiten darf. Sie werden gesendet, wenn der Server danach fragt (roots/list); jede Änderung sendet notifications/roots/list_changed.</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <source>URI</source>
            <translation>URI</translation>
        </message>
        <message>
            <source>Add folder…</source>
            <translation>Ordner hinzufügen…</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>Entfernen</translation>
        </message>
        <message>
            <source>Add a root folder</source>
            <translation>Einen Wurzelordner hinzufügen</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::RootsPage</name>
        <message>
            <source>Roots</source>
            <translation>Wurzeln</translation>
        </message>
        <message>
            <source>Scripted answers for this server</source>
            <translation>Vorgegebene Antworten für diesen Server</translation>
        </message>
        <message>
            <source>Sampling: none saved (use "Save as scripted answer" in the sampling dialog)</source>
            <translation>Sampling: keine gespeichert (verwenden Sie „Als vorgegebene Antwort speichern“ im Sampling-Dialog)</translation>
        </message>
        <message>
            <source>Answer sampling with: %1</source>
            <translation>Sampling beantworten mit: %1</translation>
        </message>
        <message>
            <source>Elicitation: none saved (use "Save as scripted answer" in the form)</source>
            <translation>Elicitation: keine gespeichert (verwenden Sie „Als vorgegebene Antwort speichern“ im Formular)</translation>
        </message>
        <message>
            <source>Answer elicitation with: %1</source>
            <translation>Elicitation beantworten mit: %1</translation>
        </message>
        <message>
            <source>Add a root folder</source>
            <translation>Einen Wurzelordner hinzufügen</translation>
        </message>
        <message>
            <source>Sent notifications/roots/list_changed to the server.</source>
            <translation>notifications/roots/list_changed an den Server gesendet.</translation>
        </message>
        <message>
            <source>Saved; the server gets them when it asks (roots/list).</source>
            <translation>Gespeichert; der Server erhält sie, wenn er danach fragt (roots/list).</translation>
        </message>
        <message>
            <source>Protocol revision %1 deprecates %2; this server still asks for it.</source>
            <translation>Protokollrevision %1 erklärt %2 für veraltet; dieser Server fragt trotzdem danach.</translation>
        </message>
        <message>
            <source> and </source>
            <translation> und </translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::SamplingDialog</name>
        <message>
            <source>%1 asks for an LLM answer</source>
            <translation>%1 bittet um eine LLM-Antwort</translation>
        </message>
        <message>
            <source>asks your LLM for a message (sampling/createMessage). You are the model: write the answer, or reject the request.</source>
            <translation>bittet Ihr LLM um eine Nachricht (sampling/createMessage). Sie sind das Modell: Schreiben Sie die Antwort oder lehnen Sie die Anfrage ab.</translation>
        </message>
        <message>
            <source>Request</source>
            <translation>Anfrage</translation>
        </message>
        <message>
            <source>System prompt:</source>
            <translation>System-Prompt:</translation>
        </message>
        <message>
            <source>hints: %1</source>
            <translation>Hinweise: %1</translation>
        </message>
        <message>
            <source>Model preferences:</source>
            <translation>Modellpräferenzen:</translation>
        </message>
        <message>
            <source>max tokens %1</source>
            <translation>max. Tokens %1</translation>
        </message>
        <message>
            <source>temperature %1</source>
            <translation>Temperatur %1</translation>
        </message>
        <message>
            <source>stop sequences %1</source>
            <translation>Stoppsequenzen %1</translation>
        </message>
        <message>
            <source>include context: %1</source>
            <translation>Kontext einbeziehen: %1</translation>
        </message>
        <message>
            <source>Limits:</source>
            <translation>Grenzen:</translation>
        </message>
        <message>
            <source>Tools offered:</source>
            <translation>Angebotene Werkzeuge:</translation>
        </message>
        <message>
            <source>Tool choice:</source>
            <translation>Werkzeugwahl:</translation>
        </message>
        <message>
            <source>Metadata:</source>
            <translation>Metadaten:</translation>
        </message>
        <message>
            <source>Your answer</source>
            <translation>Ihre Antwort</translation>
        </message>
        <message>
            <source>Write what the model answers…</source>
            <translation>Schreiben Sie, was das Modell antwortet…</translation>
        </message>
        <message>
            <source>Role:</source>
            <translation>Rolle:</translation>
        </message>
        <message>
            <source>Model:</source>
            <translation>Modell:</translation>
        </message>
        <message>
            <source>Stop reason:</source>
            <translation>Stoppgrund:</translation>
        </message>
        <message>
            <source>Text:</source>
            <translation>Text:</translation>
        </message>
        <message>
            <source>Answer with error -1 (the user rejected the request)</source>
            <translation>Mit Fehler -1 antworten (der Benutzer hat die Anfrage abgelehnt)</translation>
        </message>
        <message>
            <source>Answer this server's later sampling requests with this answer automatically</source>
            <translation>Spätere Sampling-Anfragen dieses Servers automatisch mit dieser Antwort beantworten</translation>
        </message>
        <message>
            <source>The user rejected the sampling request</source>
            <translation>Der Benutzer hat die Sampling-Anfrage abgelehnt</translation>
        </message>
        <message>
            <source>Sampling is deprecated in protocol revision %1; this server still asks for it, and hosts may stop answering.</source>
            <translation>Sampling ist in Protokollrevision %1 veraltet; dieser Server fragt trotzdem danach, und Hosts beantworten es womöglich nicht mehr.</translation>
        </message>
        <message>
            <source>&amp;Send answer</source>
            <translation>Antwort &amp;senden</translation>
        </message>
        <message>
            <source>&amp;Reject</source>
            <translation>&amp;Zurückweisen</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::SchemaFormWidget</name>
        <message>
            <source>Edit as JSON</source>
            <translation>Als JSON bearbeiten</translation>
        </message>
        <message>
            <source>Switch between the form and the JSON text of the arguments; both stay in sync</source>
            <translation>Zwischen dem Formular und dem JSON-Text der Argumente wechseln; beide bleiben synchron</translation>
        </message>
        <message>
            <source>Fill defaults</source>
            <translation>Standardwerte einsetzen</translation>
        </message>
        <message>
            <source>Fill every empty field that has a default with it</source>
            <translation>Jedes leere Feld, das einen Standardwert hat, damit füllen</translation>
        </message>
        <message>
            <source>Clear</source>
            <translation>Leeren</translation>
        </message>
        <message>
            <source>Not valid JSON: %1. The form keeps its last valid value.</source>
            <translation>Kein gültiges JSON: %1. Das Formular behält seinen letzten gültigen Wert.</translation>
        </message>
        <message>
            <source>the JSON text does not parse: %1</source>
            <translation>der JSON-Text lässt sich nicht parsen: %1</translation>
        </message>
        <message>
            <source>is not a whole number</source>
            <translation>ist keine ganze Zahl</translation>
        </message>
        <message>
            <source>is not a number</source>
            <translation>ist keine Zahl</translation>
        </message>
        <message>
            <source>(no value at %1)</source>
            <translation>(kein Wert bei %1)</translation>
        </message>
        <message>
            <source>Value</source>
            <translation>Wert</translation>
        </message>
        <message>
            <source>(deprecated)</source>
            <translation>(veraltet)</translation>
        </message>
        <message>
            <source>default: %1</source>
            <translation>Standard: %1</translation>
        </message>
        <message>
            <source>e.g. %1</source>
            <translation>z. B. %1</translation>
        </message>
        <message>
            <source>multiple of %1</source>
            <translation>Vielfaches von %1</translation>
        </message>
        <message>
            <source>%1–%2 characters</source>
            <translation>%1–%2 Zeichen</translation>
        </message>
        <message>
            <source>at most %1 characters</source>
            <translation>höchstens %1 Zeichen</translation>
        </message>
        <message>
            <source>null</source>
            <translation>null</translation>
        </message>
        <message>
            <source>Send null for this field</source>
            <translation>null für dieses Feld senden</translation>
        </message>
        <message>
            <source>JSON, default: %1</source>
            <translation>JSON, Standard: %1</translation>
        </message>
        <message>
            <source>any JSON value</source>
            <translation>beliebiger JSON-Wert</translation>
        </message>
        <message>
            <source>This value does not fit the form, so it is kept and edited as JSON.</source>
            <translation>Dieser Wert passt nicht in das Formular und wird daher als JSON beibehalten und bearbeitet.</translation>
        </message>
        <message>
            <source>Use the form</source>
            <translation>Formular verwenden</translation>
        </message>
        <message>
            <source>Show the form for this field again (keeps the value when it fits, clears it otherwise)</source>
            <translation>Das Formular für dieses Feld wieder anzeigen (behält den Wert, wenn er passt, sonst wird er geleert)</translation>
        </message>
        <message>
            <source>is not valid JSON (%1)</source>
            <translation>ist kein gültiges JSON (%1)</translation>
        </message>
        <message>
            <source>Unset</source>
            <translation>Weglassen</translation>
        </message>
        <message>
            <source>Leave this field out</source>
            <translation>Dieses Feld weglassen</translation>
        </message>
        <message>
            <source>(unset)</source>
            <translation>(nicht gesetzt)</translation>
        </message>
        <message>
            <source>(unset, default: %1)</source>
            <translation>(nicht gesetzt, Standard: %1)</translation>
        </message>
        <message>
            <source>true</source>
            <translation>true</translation>
        </message>
        <message>
            <source>false</source>
            <translation>false</translation>
        </message>
        <message>
            <source>(choose…)</source>
            <translation>(auswählen…)</translation>
        </message>
        <message>
            <source>A fixed value: it is always sent</source>
            <translation>Ein fester Wert: Er wird immer gesendet</translation>
        </message>
        <message>
            <source>Only null is allowed here</source>
            <translation>Hier ist nur null erlaubt</translation>
        </message>
        <message>
            <source>Default: %1</source>
            <translation>Standard: %1</translation>
        </message>
        <message>
            <source>Read-only: the server sets this value</source>
            <translation>Schreibgeschützt: Der Server setzt diesen Wert</translation>
        </message>
        <message>
            <source>Include this optional part in the value</source>
            <translation>Diesen optionalen Teil in den Wert aufnehmen</translation>
        </message>
        <message>
            <source>Option %1 (%2)</source>
            <translation>Option %1 (%2)</translation>
        </message>
        <message numerus="yes">
            <source>%n item(s)</source>
            <translation>
                <numerusform>%n Eintrag</numerusform>
                <numerusform>%n Einträge</numerusform>
            </translation>
        </message>
        <message>
            <source>(%1–%2)</source>
            <translation>(%1–%2)</translation>
        </message>
        <message>
            <source>(at most %1)</source>
            <translation>(höchstens %1)</translation>
        </message>
        <message>
            <source>(at least %1)</source>
            <translation>(mindestens %1)</translation>
        </message>
        <message>
            <source>Recursive part: it is built when you open it.</source>
            <translation>Rekursiver Teil: Er wird aufgebaut, wenn Sie ihn öffnen.</translation>
        </message>
        <message>
            <source>Expand</source>
            <translation>Aufklappen</translation>
        </message>
        <message>
            <source>Item %1</source>
            <translation>Eintrag %1</translation>
        </message>
        <message>
            <source>Move up</source>
            <translation>Nach oben</translation>
        </message>
        <message>
            <source>Move down</source>
            <translation>Nach unten</translation>
        </message>
        <message>
            <source>Remove this item</source>
            <translation>Diesen Eintrag entfernen</translation>
        </message>
        <message>
            <source>Add item</source>
            <translation>Eintrag hinzufügen</translation>
        </message>
        <message>
            <source>At most %1 items</source>
            <translation>Höchstens %1 Einträge</translation>
        </message>
        <message>
            <source>Other properties</source>
            <translation>Weitere Eigenschaften</translation>
        </message>
        <message>
            <source>Key (press Enter to rename)</source>
            <translation>Schlüssel (Eingabetaste zum Umbenennen)</translation>
        </message>
        <message>
            <source>Cannot rename "%1" to "%2": the key is empty or already used</source>
            <translation>„%1“ kann nicht in „%2“ umbenannt werden: Der Schlüssel ist leer oder schon vergeben</translation>
        </message>
        <message>
            <source>Remove this entry</source>
            <translation>Diesen Eintrag entfernen</translation>
        </message>
        <message>
            <source>new key</source>
            <translation>neuer Schlüssel</translation>
        </message>
        <message>
            <source>key matching %1</source>
            <translation>Schlüssel passend zu %1</translation>
        </message>
        <message>
            <source>Add entry</source>
            <translation>Eintrag hinzufügen</translation>
        </message>
        <message>
            <source>Add property</source>
            <translation>Eigenschaft hinzufügen</translation>
        </message>
        <message>
            <source>Type a key first</source>
            <translation>Geben Sie zuerst einen Schlüssel ein</translation>
        </message>
        <message>
            <source>The key "%1" is already used</source>
            <translation>Der Schlüssel „%1“ ist schon vergeben</translation>
        </message>
        <message>
            <source>No arguments: the value is an empty object.</source>
            <translation>Keine Argumente: der Wert ist ein leeres Objekt.</translation>
        </message>
        <message>
            <source>Also sent as the HTTP header Mcp-Param-%1 (x-mcp-header)</source>
            <translation>Wird auch als HTTP-Header Mcp-Param-%1 gesendet (x-mcp-header)</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ServerEditorDialog</name>
        <message>
            <source> s</source>
            <translation> s</translation>
        </message>
        <message>
            <source>Edit Server</source>
            <translation>Server bearbeiten</translation>
        </message>
        <message>
            <source>My servers (user configuration)</source>
            <translation>Meine Server (Benutzerkonfiguration)</translation>
        </message>
        <message>
            <source>This project (.mcp.json)</source>
            <translation>Dieses Projekt (.mcp.json)</translation>
        </message>
        <message>
            <source>&amp;Name:</source>
            <translation>&amp;Name:</translation>
        </message>
        <message>
            <source>&amp;Transport:</source>
            <translation>&amp;Transport:</translation>
        </message>
        <message>
            <source>Saved in:</source>
            <translation>Gespeichert in:</translation>
        </message>
        <message>
            <source>Program, e.g. npx, uvx, node, python3, /path/to/server</source>
            <translation>Programm, z. B. npx, uvx, node, python3, /pfad/zum/server</translation>
        </message>
        <message>
            <source>Add argument</source>
            <translation>Argument hinzufügen</translation>
        </message>
        <message>
            <source>Remove argument</source>
            <translation>Argument entfernen</translation>
        </message>
        <message>
            <source>Move up</source>
            <translation>Nach oben</translation>
        </message>
        <message>
            <source>Move down</source>
            <translation>Nach unten</translation>
        </message>
        <message>
            <source>&amp;Environment:</source>
            <translation>&amp;Umgebung:</translation>
        </message>
        <message>
            <source>Add variable</source>
            <translation>Variable hinzufügen</translation>
        </message>
        <message>
            <source>Start from MCP Scope's own environment</source>
            <translation>Mit der eigenen Umgebung von MCP Scope beginnen</translation>
        </message>
        <message>
            <source>Default: MCP Scope's working directory</source>
            <translation>Standard: Arbeitsverzeichnis von MCP Scope</translation>
        </message>
        <message>
            <source>&amp;URL:</source>
            <translation>&amp;URL:</translation>
        </message>
        <message>
            <source>&amp;Headers:</source>
            <translation>&amp;Header:</translation>
        </message>
        <message>
            <source>Add header</source>
            <translation>Header hinzufügen</translation>
        </message>
        <message>
            <source>Sent as Authorization: Bearer …</source>
            <translation>Wird als Authorization: Bearer … gesendet</translation>
        </message>
        <message>
            <source>&amp;Bearer token:</source>
            <translation>&amp;Bearer-Token:</translation>
        </message>
        <message>
            <source>General</source>
            <translation>Allgemein</translation>
        </message>
        <message>
            <source>none</source>
            <translation>keine</translation>
        </message>
        <message>
            <source>Progress notifications restart the request timeout</source>
            <translation>Fortschrittsmeldungen starten das Anfrage-Zeitlimit neu</translation>
        </message>
        <message>
            <source>no limit</source>
            <translation>keine Grenze</translation>
        </message>
        <message>
            <source>app default</source>
            <translation>App-Standard</translation>
        </message>
        <message>
            <source>Restart the server when it exits unexpectedly</source>
            <translation>Server neu starten, wenn er unerwartet endet</translation>
        </message>
        <message>
            <source>never give up</source>
            <translation>nie aufgeben</translation>
        </message>
        <message>
            <source>Request timeout:</source>
            <translation>Zeitlimit pro Anfrage:</translation>
        </message>
        <message>
            <source>Maximum total time:</source>
            <translation>Maximale Gesamtzeit:</translation>
        </message>
        <message>
            <source>Connect timeout:</source>
            <translation>Zeitlimit für Verbindung:</translation>
        </message>
        <message>
            <source>Ping every:</source>
            <translation>Ping alle:</translation>
        </message>
        <message>
            <source>Give up after quick failures:</source>
            <translation>Aufgeben nach schnellen Fehlschlägen:</translation>
        </message>
        <message>
            <source>Timeouts</source>
            <translation>Zeitlimits</translation>
        </message>
        <message>
            <source>Notes</source>
            <translation>Notizen</translation>
        </message>
        <message>
            <source>Choose Program</source>
            <translation>Programm wählen</translation>
        </message>
        <message>
            <source>Working Directory</source>
            <translation>Arbeitsverzeichnis</translation>
        </message>
        <message>
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <source>Value</source>
            <translation>Wert</translation>
        </message>
        <message>
            <source>Secret</source>
            <translation>Geheim</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>Entfernen</translation>
        </message>
        <message>
            <source>Secret values are kept out of plain files and masked in logs.</source>
            <translation>Geheime Werte bleiben aus Klartextdateien heraus und werden in Protokollen maskiert.</translation>
        </message>
        <message>
            <source>Runs: %1</source>
            <translation>Startet: %1</translation>
        </message>
        <message>
            <source>Connects to: %1</source>
            <translation>Verbindet mit: %1</translation>
        </message>
        <message>
            <source>The server needs a name.</source>
            <translation>Der Server braucht einen Namen.</translation>
        </message>
        <message>
            <source>Another server is already called "%1".</source>
            <translation>Ein anderer Server heißt bereits „%1“.</translation>
        </message>
        <message>
            <source>A stdio server needs a command.</source>
            <translation>Ein stdio-Server braucht einen Befehl.</translation>
        </message>
        <message>
            <source>An HTTP server needs a URL.</source>
            <translation>Ein HTTP-Server braucht eine URL.</translation>
        </message>
        <message>
            <source>Automatic: bearer token if set, otherwise OAuth when the server asks</source>
            <translation>Automatisch: Bearer-Token, falls gesetzt, sonst OAuth, wenn der Server fragt</translation>
        </message>
        <message>
            <source>OAuth when the server asks</source>
            <translation>OAuth, wenn der Server fragt</translation>
        </message>
        <message>
            <source>Bearer token only</source>
            <translation>Nur Bearer-Token</translation>
        </message>
        <message>
            <source>None</source>
            <translation>Keine</translation>
        </message>
        <message>
            <source>&amp;Mode:</source>
            <translation>&amp;Modus:</translation>
        </message>
        <message>
            <source>Automatic</source>
            <translation>Automatisch</translation>
        </message>
        <message>
            <source>Authorization code (browser sign-in)</source>
            <translation>Autorisierungscode (Anmeldung im Browser)</translation>
        </message>
        <message>
            <source>Client credentials (no person)</source>
            <translation>Client Credentials (ohne Menschen)</translation>
        </message>
        <message>
            <source>&amp;Grant:</source>
            <translation>&amp;Grant:</translation>
        </message>
        <message>
            <source>Empty: register dynamically</source>
            <translation>Leer: dynamisch registrieren</translation>
        </message>
        <message>
            <source>&amp;Client ID:</source>
            <translation>&amp;Client-ID:</translation>
        </message>
        <message>
            <source>Kept in the keychain</source>
            <translation>Im Schlüsselbund aufbewahrt</translation>
        </message>
        <message>
            <source>Empty: the scopes the server asks for</source>
            <translation>Leer: die Scopes, die der Server verlangt</translation>
        </message>
        <message>
            <source>Sc&amp;opes:</source>
            <translation>Sc&amp;opes:</translation>
        </message>
        <message>
            <source>Stored tokens forgotten</source>
            <translation>Gespeicherte Tokens vergessen</translation>
        </message>
        <message>
            <source>Authorization</source>
            <translation>Autorisierung</translation>
        </message>
        <message>
            <source>Empty: any; at another authorization server the client registers anew</source>
            <translation>Leer: beliebig; bei einem anderen Autorisierungsserver registriert sich der Client neu</translation>
        </message>
        <message>
            <source>Client &amp;issuer:</source>
            <translation>Client-&amp;Aussteller:</translation>
        </message>
        <message>
            <source>PEM file with the client's ES256 key (private_key_jwt), read, never copied</source>
            <translation>PEM-Datei mit dem ES256-Schlüssel des Clients (private_key_jwt), gelesen, nie kopiert</translation>
        </message>
        <message>
            <source>Client &amp;key file:</source>
            <translation>Client-&amp;Schlüsseldatei:</translation>
        </message>
        <message>
            <source>https URL of this client's metadata document, used where offered</source>
            <translation>https-URL des Metadatendokuments dieses Clients, verwendet, wo angeboten</translation>
        </message>
        <message>
            <source>File with a workload identity JWT (jwt-bearer grant)</source>
            <translation>Datei mit einem Workload-Identity-JWT (jwt-bearer-Grant)</translation>
        </message>
        <message>
            <source>&amp;Workload token file:</source>
            <translation>&amp;Workload-Token-Datei:</translation>
        </message>
        <message>
            <source>Bind tokens to a key of this app (DPoP) where the server offers it</source>
            <translation>Tokens an einen Schlüssel dieser App binden (DPoP), wo der Server es anbietet</translation>
        </message>
        <message>
            <source>Restart when files change (stdio; an HTTP server is reconnected)</source>
            <translation>Neu starten, wenn sich Dateien ändern (stdio; ein HTTP-Server wird neu verbunden)</translation>
        </message>
        <message>
            <source>Globs relative to the working directory, comma-separated: ** any path, * and ? within one folder. Empty: the script or binary the command runs.</source>
            <translation>Globs relativ zum Arbeitsverzeichnis, durch Kommas getrennt: ** beliebiger Pfad, * und ? innerhalb eines Ordners. Leer: das Skript oder Programm, das der Befehl ausführt.</translation>
        </message>
        <message>
            <source> ms</source>
            <translation> ms</translation>
        </message>
        <message>
            <source>Files to watch:</source>
            <translation>Zu beobachtende Dateien:</translation>
        </message>
        <message>
            <source>Quiet time before a restart:</source>
            <translation>Ruhezeit vor einem Neustart:</translation>
        </message>
        <message>
            <source>name the files to watch, e.g. build/**</source>
            <translation>die zu beobachtenden Dateien angeben, z. B. build/**</translation>
        </message>
        <message>
            <source>default: %1</source>
            <translation>Standard: %1</translation>
        </message>
        <message>
            <source>Auto (detect at connect)</source>
            <translation>Automatisch (beim Verbinden erkennen)</translation>
        </message>
        <message>
            <source>Modern (2026-07-28 and later)</source>
            <translation>Modern (2026-07-28 und später)</translation>
        </message>
        <message>
            <source>Legacy (initialize handshake)</source>
            <translation>Alt (initialize-Handshake)</translation>
        </message>
        <message>
            <source>Auto sends server/discover first and falls back to initialize when the server does not know it. Modern or Legacy skip the detection; a pinned version is the only one offered.</source>
            <translation>Automatisch sendet zuerst server/discover und weicht auf initialize aus, wenn der Server es nicht kennt. Modern oder Alt überspringen die Erkennung; eine festgelegte Version ist die einzige angebotene.</translation>
        </message>
        <message>
            <source>Protocol era:</source>
            <translation>Protokoll-Ära:</translation>
        </message>
        <message>
            <source>Version:</source>
            <translation>Version:</translation>
        </message>
        <message>
            <source>any</source>
            <translation>beliebig</translation>
        </message>
        <message>
            <source>Protocol</source>
            <translation>Protokoll</translation>
        </message>
        <message>
            <source>&amp;Command:</source>
            <translation>Be&amp;fehl:</translation>
        </message>
        <message>
            <source>&amp;Arguments:</source>
            <translation>&amp;Argumente:</translation>
        </message>
        <message>
            <source>A list, one argument per row, exactly as the program receives it (no shell quoting): + or Insert adds a row, Return or F2 edits the current one, Delete removes it.</source>
            <translation>Eine Liste, ein Argument pro Zeile, genau so, wie das Programm es erhält (ohne Shell-Quoting): + oder Einfg fügt eine Zeile hinzu, Eingabe oder F2 bearbeitet die aktuelle, Entf entfernt sie.</translation>
        </message>
        <message>
            <source>&amp;Working directory:</source>
            <translation>Arbeits&amp;verzeichnis:</translation>
        </message>
        <message>
            <source>Authorization applies to HTTP servers. A stdio server runs on this computer and takes its credentials from its command line or environment (General tab).</source>
            <translation>Die Autorisierung gilt für HTTP-Server. Ein stdio-Server läuft auf diesem Rechner und bezieht seine Zugangsdaten aus seiner Befehlszeile oder Umgebung (Reiter Allgemein).</translation>
        </message>
        <message>
            <source>Restarts</source>
            <translation>Neustarts</translation>
        </message>
        <message>
            <source>That is a WebSocket URL: the server is reached over WebSocket (subprotocol mcp).</source>
            <translation>Das ist eine WebSocket-URL: Der Server wird über WebSocket erreicht (Subprotokoll mcp).</translation>
        </message>
        <message>
            <source>That is a URL: the server is reached over HTTP (the transport is detected at connect). Choose another transport above if it is not.</source>
            <translation>Das ist eine URL: Der Server wird über HTTP erreicht (der Transport wird beim Verbinden erkannt). Wählen Sie oben einen anderen Transport, falls nicht.</translation>
        </message>
        <message>
            <source>&amp;Browse…</source>
            <translation>&amp;Durchsuchen…</translation>
        </message>
        <message>
            <source>Br&amp;owse…</source>
            <translation>Dur&amp;chsuchen…</translation>
        </message>
        <message>
            <source>Client s&amp;ecret:</source>
            <translation>Client-Geh&amp;eimnis:</translation>
        </message>
        <message>
            <source>Client metadata U&amp;RL:</source>
            <translation>Client-Metadaten-U&amp;RL:</translation>
        </message>
        <message>
            <source>&amp;Forget stored tokens</source>
            <translation>Gespeicherte Tokens &amp;vergessen</translation>
        </message>
        <message>
            <source>&amp;Save</source>
            <translation>&amp;Speichern</translation>
        </message>
        <message>
        <source>Network</source>
        <translation>Netzwerk</translation>
    </message>
    <message>
        <source>Network settings apply to servers reached by URL.</source>
        <translation>Netzwerkeinstellungen gelten für Server, die per URL erreicht werden.</translation>
    </message>
    <message>
        <source>Trusted &amp;CAs:</source>
        <translation>Vertraute &amp;CAs:</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>Hinzufügen…</translation>
    </message>
    <message>
        <source>CA Certificate</source>
        <translation>CA-Zertifikat</translation>
    </message>
    <message>
        <source>Certificates (*.pem *.crt *.cer);;All files (*)</source>
        <translation>Zertifikate (*.pem *.crt *.cer);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>PEM files of certification authorities trusted for this server, besides the system&apos;s</source>
        <translation>PEM-Dateien von Zertifizierungsstellen, denen für diesen Server zusätzlich zu denen des Systems vertraut wird</translation>
    </message>
    <message>
        <source>&amp;Pinned certificates:</source>
        <translation>&amp;Fixierte Zertifikate:</translation>
    </message>
    <message>
        <source>Pin a Certificate</source>
        <translation>Zertifikat fixieren</translation>
    </message>
    <message>
        <source>SHA-256 fingerprint of the server&apos;s certificate:</source>
        <translation>SHA-256-Fingerabdruck des Serverzertifikats:</translation>
    </message>
    <message>
        <source>A SHA-256 fingerprint is 64 hex digits (colons optional).</source>
        <translation>Ein SHA-256-Fingerabdruck hat 64 Hexziffern (Doppelpunkte optional).</translation>
    </message>
    <message>
        <source>Only a certificate with one of these fingerprints is accepted (Trust This Certificate adds one)</source>
        <translation>Nur ein Zertifikat mit einem dieser Fingerabdrücke wird angenommen („Diesem Zertifikat vertrauen“ fügt einen hinzu)</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>PEM files (*.pem *.crt *.key);;All files (*)</source>
        <translation>PEM-Dateien (*.pem *.crt *.key);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Client c&amp;ertificate:</source>
        <translation>Client-&amp;Zertifikat:</translation>
    </message>
    <message>
        <source>PEM file; for servers that want mutual TLS</source>
        <translation>PEM-Datei; für Server, die gegenseitiges TLS verlangen</translation>
    </message>
    <message>
        <source>Client &amp;key:</source>
        <translation>Client-&amp;Schlüssel:</translation>
    </message>
    <message>
        <source>PEM file with its private key</source>
        <translation>PEM-Datei mit seinem privaten Schlüssel</translation>
    </message>
    <message>
        <source>Kept in the keychain; empty for a key without one</source>
        <translation>Im Schlüsselbund gespeichert; leer bei einem Schlüssel ohne</translation>
    </message>
    <message>
        <source>Key pa&amp;ssphrase:</source>
        <translation>Schlüssel-&amp;Passphrase:</translation>
    </message>
    <message>
        <source>System: HTTPS_PROXY, HTTP_PROXY, NO_PROXY, then the desktop&apos;s settings</source>
        <translation>System: HTTPS_PROXY, HTTP_PROXY, NO_PROXY, dann die Einstellungen des Desktops</translation>
    </message>
    <message>
        <source>No proxy</source>
        <translation>Kein Proxy</translation>
    </message>
    <message>
        <source>This proxy:</source>
        <translation>Dieser Proxy:</translation>
    </message>
    <message>
        <source>Pro&amp;xy:</source>
        <translation>Pro&amp;xy:</translation>
    </message>
    <message>
        <source>http://[user@]host:port or socks5://host:port</source>
        <translation>http://[benutzer@]host:port oder socks5://host:port</translation>
    </message>
    <message>
        <source>Proxy &amp;URL:</source>
        <translation>Proxy-&amp;URL:</translation>
    </message>
    <message>
        <source>Proxy pass&amp;word:</source>
        <translation>Proxy-Pass&amp;wort:</translation>
    </message>
    <message>
        <source>Now: straight to %1%2</source>
        <translation>Jetzt: direkt zu %1%2</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <source>Now: through %1 (%2)</source>
        <translation>Jetzt: über %1 (%2)</translation>
    </message>
    <message>
        <source>A client certificate needs both its certificate file and its key file.</source>
        <translation>Ein Client-Zertifikat braucht seine Zertifikatsdatei und seine Schlüsseldatei.</translation>
    </message>
    <message>
        <source>&quot;This proxy&quot; needs the proxy&apos;s URL, such as http://proxy.example:3128.</source>
        <translation>„Dieser Proxy“ braucht die URL des Proxys, etwa http://proxy.example:3128.</translation>
    </message>
    <message>
        <source>&amp;Import Key into Keychain…</source>
        <translation>Schlüssel in den Schlüsselbund &amp;importieren…</translation>
    </message>
    <message>
        <source>Imported into the keychain; a file here replaces it</source>
        <translation>In den Schlüsselbund importiert; eine Datei hier ersetzt ihn</translation>
    </message>
    <message>
        <source>Client Key</source>
        <translation>Client-Schlüssel</translation>
    </message>
    <message>
        <source>%1 could not be read: %2</source>
        <translation>%1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Hinzufügen…</translation>
    </message>
    <message>
        <source>Re&amp;move</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>A&amp;dd…</source>
        <translation>Hin&amp;zufügen…</translation>
    </message>
    <message>
        <source>Remo&amp;ve</source>
        <translation>Ent&amp;fernen</translation>
    </message>
    <message>
        <source>Key passp&amp;hrase:</source>
        <translation>Schlüssel-Pass&amp;phrase:</translation>
    </message>
</context>
    <context>
        <name>Mcp::Ui::ServerListDelegate</name>
        <message>
            <source>stdio</source>
            <translation>stdio</translation>
        </message>
        <message>
            <source>HTTP</source>
            <translation>HTTP</translation>
        </message>
        <message>
            <source>SSE</source>
            <translation>SSE</translation>
        </message>
        <message>
            <source>HTTP (auto)</source>
            <translation>HTTP (automatisch)</translation>
        </message>
        <message>
            <source>&lt; 1 ms</source>
            <translation>&lt; 1 ms</translation>
        </message>
        <message>
            <source>%1 ms</source>
            <translation>%1 ms</translation>
        </message>
        <message>
            <source>project</source>
            <translation>Projekt</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ServerPage</name>
        <message>
            <source>none</source>
            <translation>keine</translation>
        </message>
        <message>
            <source>Connect</source>
            <translation>Verbinden</translation>
        </message>
        <message>
            <source>Disconnect</source>
            <translation>Trennen</translation>
        </message>
        <message>
            <source>Restart</source>
            <translation>Neu starten</translation>
        </message>
        <message>
            <source>Instructions</source>
            <translation>Anweisungen</translation>
        </message>
        <message>
            <source>Server: %1, version %2</source>
            <translation>Server: %1, Version %2</translation>
        </message>
        <message>
            <source>Protocol %1</source>
            <translation>Protokoll %1</translation>
        </message>
        <message>
            <source>Transport: %1</source>
            <translation>Transport: %1</translation>
        </message>
        <message>
            <source>Session %1</source>
            <translation>Sitzung %1</translation>
        </message>
        <message>
            <source>PID %1</source>
            <translation>PID %1</translation>
        </message>
        <message>
            <source>Server offers: %1
Client offers: %2</source>
            <translation>Server bietet: %1
Client bietet: %2</translation>
        </message>
        <message>
            <source>Not connected.</source>
            <translation>Nicht verbunden.</translation>
        </message>
        <message>
            <source>Ping &lt; 1 ms</source>
            <translation>Ping &lt; 1 ms</translation>
        </message>
        <message>
            <source>Ping %1 ms</source>
            <translation>Ping %1 ms</translation>
        </message>
        <message>
            <source>The server process %1.</source>
            <translation>Der Serverprozess ist %1.</translation>
        </message>
        <message>
            <source>Connection failed: %1</source>
            <translation>Verbindung fehlgeschlagen: %1</translation>
        </message>
        <message>
            <source>Last seen at %1: %2</source>
            <translation>Zuletzt gesehen um %1: %2</translation>
        </message>
        <message>
            <source>Filter the traffic</source>
            <translation>Verkehr filtern</translation>
        </message>
        <message>
            <source>The protocol era this connection speaks, its version and how it was decided: probed (server/discover), pinned in the server's settings, or remembered from an earlier connection.</source>
            <translation>Die Protokoll-Ära dieser Verbindung, ihre Version und wie sie bestimmt wurde: ermittelt (server/discover), in den Servereinstellungen festgelegt oder von einer früheren Verbindung gemerkt.</translation>
        </message>
        <message>
            <source>Re-probe</source>
            <translation>Neu ermitteln</translation>
        </message>
        <message>
            <source>Connect again and detect the protocol era anew</source>
            <translation>Neu verbinden und die Protokoll-Ära erneut erkennen</translation>
        </message>
        <message>
            <source>Discovery</source>
            <translation>Discovery</translation>
        </message>
        <message>
            <source>The full server/discover result: versions, capabilities, extensions, identity and instructions</source>
            <translation>Das vollständige server/discover-Ergebnis: Versionen, Fähigkeiten, Erweiterungen, Identität und Anweisungen</translation>
        </message>
        <message>
            <source>Extensions: server %1 · client %2</source>
            <translation>Erweiterungen: Server %1 · Client %2</translation>
        </message>
        <message>
            <source>Modern</source>
            <translation>Modern</translation>
        </message>
        <message>
            <source>Legacy</source>
            <translation>Alt</translation>
        </message>
        <message>
            <source>probed</source>
            <translation>ermittelt</translation>
        </message>
        <message>
            <source>pinned</source>
            <translation>festgelegt</translation>
        </message>
        <message>
            <source>cached</source>
            <translation>gemerkt</translation>
        </message>
        <message>
            <source>%1 %2 · %3</source>
            <translation>%1 %2 · %3</translation>
        </message>
        <message>
            <source>Capabilities</source>
            <translation>Fähigkeiten</translation>
        </message>
        <message>
            <source>What the server and the client offer, and the extensions each side advertised</source>
            <translation>Was Server und Client anbieten, und die Erweiterungen, die jede Seite angekündigt hat</translation>
        </message>
        <message>
            <source>⚠ Deprecated in %1: %2</source>
            <translation>⚠ Veraltet in %1: %2</translation>
        </message>
        <message>
            <source>The server relies on features this revision deprecates: %1. Hosts may drop them; the pages that use them say what replaces them.</source>
            <translation>Der Server verwendet Funktionen, die diese Revision für veraltet erklärt: %1. Hosts lassen sie womöglich weg; die Seiten, die sie nutzen, sagen, was sie ersetzt.</translation>
        </message>
        <message numerus="yes">
            <source>%n extension(s)</source>
            <translation>
                <numerusform>%n Erweiterung</numerusform>
                <numerusform>%n Erweiterungen</numerusform>
            </translation>
        </message>
        <message>
            <source>Server offers %1</source>
            <translation>Server bietet %1</translation>
        </message>
        <message>
            <source>Show the %1 tab</source>
            <translation>Reiter %1 anzeigen</translation>
        </message>
        <message>
            <source>%1 (%2 s)</source>
            <translation>%1 (%2 s)</translation>
        </message>
        <message>
            <source>Connecting for %1 s</source>
            <translation>Verbindungsaufbau seit %1 s</translation>
        </message>
        <message>
            <source>waiting for the server's answer to %1 (sent %2 s ago)</source>
            <translation>warte auf die Antwort des Servers auf %1 (vor %2 s gesendet)</translation>
        </message>
        <message>
            <source>starting the server process</source>
            <translation>Serverprozess wird gestartet</translation>
        </message>
        <message>
            <source>opening the connection</source>
            <translation>Verbindung wird geöffnet</translation>
        </message>
        <message numerus="yes">
            <source>the server printed %n line(s) on stdout that are not JSON-RPC (see the Console tab)</source>
            <translation>
                <numerusform>der Server hat %n Zeile auf stdout ausgegeben, die kein JSON-RPC ist (siehe Reiter Konsole)</numerusform>
                <numerusform>der Server hat %n Zeilen auf stdout ausgegeben, die kein JSON-RPC sind (siehe Reiter Konsole)</numerusform>
            </translation>
        </message>
        <message>
            <source>Connection failed after %1 s without an answer from the server to %2.</source>
            <translation>Verbindung nach %1 s fehlgeschlagen, ohne Antwort des Servers auf %2.</translation>
        </message>
        <message>
            <source>Connection failed after %1 s: %2</source>
            <translation>Verbindung nach %1 s fehlgeschlagen: %2</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ServerRequestDialog</name>
        <message>
            <source>Sampling Request from %1</source>
            <translation>Sampling-Anfrage von %1</translation>
        </message>
        <message>
            <source>Question from %1</source>
            <translation>Frage von %1</translation>
        </message>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt; asks for an LLM completion (sampling/createMessage). Write the answer the server should get, or decline.</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; bittet um eine LLM-Antwort (sampling/createMessage). Schreiben Sie die Antwort, die der Server erhalten soll, oder lehnen Sie ab.</translation>
        </message>
        <message>
            <source>&lt;b&gt;%1&lt;/b&gt; asks for input (elicitation/create): %2</source>
            <translation>&lt;b&gt;%1&lt;/b&gt; bittet um eine Eingabe (elicitation/create): %2</translation>
        </message>
        <message>
            <source>Request:</source>
            <translation>Anfrage:</translation>
        </message>
        <message>
            <source>Answer (JSON):</source>
            <translation>Antwort (JSON):</translation>
        </message>
        <message>
            <source>The server withdrew this request.</source>
            <translation>Der Server hat diese Anfrage zurückgezogen.</translation>
        </message>
        <message>
            <source>The server withdrew this request: %1</source>
            <translation>Der Server hat diese Anfrage zurückgezogen: %1</translation>
        </message>
        <message>
            <source>The answer is not valid JSON: %1</source>
            <translation>Die Antwort ist kein gültiges JSON: %1</translation>
        </message>
        <message>
            <source>The answer must be a JSON object.</source>
            <translation>Die Antwort muss ein JSON-Objekt sein.</translation>
        </message>
        <message>
            <source>The user declined the request.</source>
            <translation>Der Benutzer hat die Anfrage abgelehnt.</translation>
        </message>
        <message>
            <source>The user closed the request.</source>
            <translation>Der Benutzer hat die Anfrage geschlossen.</translation>
        </message>
        <message>
            <source>&amp;Send Answer</source>
            <translation>Antwort &amp;senden</translation>
        </message>
        <message>
            <source>&amp;Accept</source>
            <translation>&amp;Annehmen</translation>
        </message>
        <message>
            <source>&amp;Decline</source>
            <translation>A&amp;blehnen</translation>
        </message>
        <message>
            <source>&amp;Cancel</source>
            <translation>Abbre&amp;chen</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::SubscriptionsPage</name>
        <message>
            <source>tool list changes</source>
            <translation>Änderungen der Werkzeugliste</translation>
        </message>
        <message>
            <source>prompt list changes</source>
            <translation>Änderungen der Prompt-Liste</translation>
        </message>
        <message>
            <source>resource list changes</source>
            <translation>Änderungen der Ressourcenliste</translation>
        </message>
        <message>
            <source>updates of %1</source>
            <translation>Aktualisierungen von %1</translation>
        </message>
        <message>
            <source>nothing</source>
            <translation>nichts</translation>
        </message>
        <message>
            <source>off</source>
            <translation>aus</translation>
        </message>
        <message>
            <source>opening (sent, not acknowledged yet)</source>
            <translation>wird geöffnet (gesendet, noch nicht bestätigt)</translation>
        </message>
        <message>
            <source>open (acknowledged)</source>
            <translation>offen (bestätigt)</translation>
        </message>
        <message>
            <source>reconnecting (the stream dropped)</source>
            <translation>verbindet neu (der Stream ist abgebrochen)</translation>
        </message>
        <message>
            <source>closed by the server</source>
            <translation>vom Server geschlossen</translation>
        </message>
        <message>
            <source>refused by the server</source>
            <translation>vom Server abgelehnt</translation>
        </message>
        <message>
            <source>What the stream asks for</source>
            <translation>Was der Stream anfordert</translation>
        </message>
        <message>
            <source>Tool list changes</source>
            <translation>Änderungen der Werkzeugliste</translation>
        </message>
        <message>
            <source>Prompt list changes</source>
            <translation>Änderungen der Prompt-Liste</translation>
        </message>
        <message>
            <source>Resource list changes</source>
            <translation>Änderungen der Ressourcenliste</translation>
        </message>
        <message>
            <source>Apply</source>
            <translation>Anwenden</translation>
        </message>
        <message>
            <source>Reopen the stream with this filter</source>
            <translation>Den Stream mit diesem Filter neu öffnen</translation>
        </message>
        <message>
            <source>Default</source>
            <translation>Standard</translation>
        </message>
        <message>
            <source>Every list change the server offers, and the resources subscribed on the Resources page</source>
            <translation>Jede Listenänderung, die der Server anbietet, und die auf der Seite Ressourcen abonnierten Ressourcen</translation>
        </message>
        <message>
            <source>Resource subscriptions (updates of these URIs):</source>
            <translation>Ressourcen-Abonnements (Aktualisierungen dieser URIs):</translation>
        </message>
        <message>
            <source>Resource URI</source>
            <translation>Ressourcen-URI</translation>
        </message>
        <message>
            <source>Add</source>
            <translation>Hinzufügen</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>Entfernen</translation>
        </message>
        <message>
            <source>What arrived:</source>
            <translation>Was angekommen ist:</translation>
        </message>
        <message>
            <source>Time</source>
            <translation>Zeit</translation>
        </message>
        <message>
            <source>Notification</source>
            <translation>Benachrichtigung</translation>
        </message>
        <message>
            <source>Detail</source>
            <translation>Detail</translation>
        </message>
        <message>
            <source>stream acknowledged</source>
            <translation>Stream bestätigt</translation>
        </message>
        <message>
            <source>stream %1</source>
            <translation>Stream %1</translation>
        </message>
        <message>
            <source>Not connected.</source>
            <translation>Nicht verbunden.</translation>
        </message>
        <message>
            <source>Legacy era: no listen stream; notifications arrive on the session.</source>
            <translation>Alte Ära: kein listen-Stream; Benachrichtigungen kommen über die Sitzung an.</translation>
        </message>
        <message>
            <source>Listen stream: %1</source>
            <translation>listen-Stream: %1</translation>
        </message>
        <message>
            <source>The 2026-07-28 revision delivers list changes and resource updates only on a subscriptions/listen stream, and only what its filter asks for. Changing the filter reopens the stream.</source>
            <translation>Die Revision 2026-07-28 liefert Listenänderungen und Ressourcenaktualisierungen nur über einen subscriptions/listen-Stream, und nur das, was dessen Filter anfordert. Eine Änderung des Filters öffnet den Stream neu.</translation>
        </message>
        <message>
            <source>Resources are subscribed with resources/subscribe on the Resources page; the server sends every list change it offers.</source>
            <translation>Ressourcen werden mit resources/subscribe auf der Seite Ressourcen abonniert; der Server sendet jede Listenänderung, die er anbietet.</translation>
        </message>
        <message>
            <source>Acknowledged by the server: %1</source>
            <translation>Vom Server bestätigt: %1</translation>
        </message>
        <message>
            <source>Not acknowledged yet.</source>
            <translation>Noch nicht bestätigt.</translation>
        </message>
        <message>
            <source>Subscriptions</source>
            <translation>Abonnements</translation>
        </message>
        <message>
            <source>Not acknowledged, so not coming: %1</source>
            <translation>Nicht bestätigt, kommt also nicht: %1</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::TasksPage</name>
        <message>
            <source>Refresh</source>
            <translation>Aktualisieren</translation>
        </message>
        <message>
            <source>Cancel Task</source>
            <translation>Aufgabe abbrechen</translation>
        </message>
        <message>
            <source>Task</source>
            <translation>Aufgabe</translation>
        </message>
        <message>
            <source>Status</source>
            <translation>Status</translation>
        </message>
        <message>
            <source>Message</source>
            <translation>Nachricht</translation>
        </message>
        <message>
            <source>Created</source>
            <translation>Erstellt</translation>
        </message>
        <message>
            <source>Updated</source>
            <translation>Aktualisiert</translation>
        </message>
        <message>
            <source>This server does not offer tasks.</source>
            <translation>Dieser Server bietet keine Aufgaben an.</translation>
        </message>
        <message>
            <source>Listing tasks failed: %1</source>
            <translation>Auflisten der Aufgaben fehlgeschlagen: %1</translation>
        </message>
        <message numerus="yes">
            <source>%n task(s)</source>
            <translation>
                <numerusform>%n Aufgabe</numerusform>
                <numerusform>%n Aufgaben</numerusform>
            </translation>
        </message>
        <message>
            <source>Cancelling failed: %1</source>
            <translation>Abbrechen fehlgeschlagen: %1</translation>
        </message>
        <message>
            <source>Tasks</source>
            <translation>Aufgaben</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>Ergebnis</translation>
        </message>
        <message>
            <source>tasks/result: the outcome of the selected task (waits until it ends)</source>
            <translation>tasks/result: das Ergebnis der gewählten Aufgabe (wartet, bis sie endet)</translation>
        </message>
        <message>
            <source>Waiting for the result of %1…</source>
            <translation>Warte auf das Ergebnis von %1…</translation>
        </message>
        <message>
            <source>tasks/result for %1 failed: %2</source>
            <translation>tasks/result für %1 fehlgeschlagen: %2</translation>
        </message>
        <message>
            <source>Result of %1</source>
            <translation>Ergebnis von %1</translation>
        </message>
        <message>
            <source>Tasks extension: there is no way to list a server's tasks, so this page lists the tasks this window followed (tool calls the server turned into tasks), as it followed them.</source>
            <translation>Tasks-Erweiterung: Die Aufgaben eines Servers lassen sich nicht auflisten, daher zeigt diese Seite die Aufgaben, die dieses Fenster verfolgt hat (Werkzeugaufrufe, die der Server zu Aufgaben gemacht hat), so wie es sie verfolgt hat.</translation>
        </message>
        <message>
            <source>From</source>
            <translation>Von</translation>
        </message>
        <message>
            <source>Poll</source>
            <translation>Abfrage</translation>
        </message>
        <message>
            <source>Input</source>
            <translation>Eingabe</translation>
        </message>
        <message>
            <source>The tasks extension has no tasks/list: the list fills as this window follows tasks</source>
            <translation>Die Tasks-Erweiterung hat kein tasks/list: Die Liste füllt sich, während dieses Fenster Aufgaben verfolgt</translation>
        </message>
        <message>
            <source>The result of the selected task, as the window received it when the task ended</source>
            <translation>Das Ergebnis der gewählten Aufgabe, wie das Fenster es am Ende der Aufgabe erhalten hat</translation>
        </message>
        <message numerus="yes">
            <source>%n task(s) followed</source>
            <translation>
                <numerusform>%n Aufgabe verfolgt</numerusform>
                <numerusform>%n Aufgaben verfolgt</numerusform>
            </translation>
        </message>
        <message>
            <source>%1 ms</source>
            <translation>%1 ms</translation>
        </message>
        <message>
            <source>%1 %2</source>
            <translation>%1 %2</translation>
        </message>
        <message>
            <source>%1 (no longer followed)</source>
            <translation>%1 (nicht mehr verfolgt)</translation>
        </message>
        <message numerus="yes">
            <source>tasks/get every %1 ms; %n status(es) received</source>
            <translation>
                <numerusform>tasks/get alle %1 ms; %n Status empfangen</numerusform>
                <numerusform>tasks/get alle %1 ms; %n Status empfangen</numerusform>
            </translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1: %2</translation>
        </message>
        <message>
            <source>%1 asked, %2 waiting</source>
            <translation>%1 angefragt, %2 ausstehend</translation>
        </message>
        <message>
            <source>%1 asked, %2 answered</source>
            <translation>%1 angefragt, %2 beantwortet</translation>
        </message>
        <message>
            <source>%1 (task %2) is %3.</source>
            <translation>%1 (Aufgabe %2) ist %3.</translation>
        </message>
        <message>
            <source>tasks/cancel sent for %1; the next poll shows where it stands.</source>
            <translation>tasks/cancel für %1 gesendet; die nächste Abfrage zeigt, wo sie steht.</translation>
        </message>
        <message>
            <source>Result of %1 (task %2)</source>
            <translation>Ergebnis von %1 (Aufgabe %2)</translation>
        </message>
        <message>
            <source>Task %1 ended without a result.</source>
            <translation>Aufgabe %1 endete ohne Ergebnis.</translation>
        </message>
        <message>
            <source>%1 (task %2): %3</source>
            <translation>%1 (Aufgabe %2): %3</translation>
        </message>
        <message>
            <source>%1: %2. The result shows here when the task ends.</source>
            <translation>%1: %2. Das Ergebnis erscheint hier, wenn die Aufgabe endet.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ToolList</name>
        <message>
            <source>Search tools</source>
            <translation>Werkzeuge durchsuchen</translation>
        </message>
        <message>
            <source>Refresh</source>
            <translation>Aktualisieren</translation>
        </message>
        <message>
            <source>destructive</source>
            <translation>destruktiv</translation>
        </message>
        <message>
            <source>task %1</source>
            <translation>Aufgabe %1</translation>
        </message>
        <message>
            <source>This server has no tools.</source>
            <translation>Dieser Server hat keine Werkzeuge.</translation>
        </message>
        <message>
            <source>tools/list again, from the server even while a cached list is fresh</source>
            <translation>tools/list erneut, vom Server, auch wenn eine gemerkte Liste noch gültig ist</translation>
        </message>
        <message>
            <source>⚠ cannot be called: %1</source>
            <translation>⚠ kann nicht aufgerufen werden: %1</translation>
        </message>
        <message>
            <source>Not callable, its x-mcp-header annotations are invalid: %1</source>
            <translation>Nicht aufrufbar, seine x-mcp-header-Annotationen sind ungültig: %1</translation>
        </message>
        <message>
            <source>app view</source>
            <translation>App-Ansicht</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ToolPanel</name>
        <message>
            <source>read-only</source>
            <translation>nur lesend</translation>
        </message>
        <message>
            <source>destructive</source>
            <translation>destruktiv</translation>
        </message>
        <message>
            <source>idempotent</source>
            <translation>idempotent</translation>
        </message>
        <message>
            <source>open-world</source>
            <translation>offene Welt</translation>
        </message>
        <message>
            <source>Select a tool</source>
            <translation>Wählen Sie ein Werkzeug</translation>
        </message>
        <message>
            <source>Run</source>
            <translation>Ausführen</translation>
        </message>
        <message>
            <source>Call the tool (Ctrl+Enter)</source>
            <translation>Das Werkzeug aufrufen (Strg+Eingabe)</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Abbrechen</translation>
        </message>
        <message>
            <source>Stop waiting and tell the server (notifications/cancelled, or tasks/cancel for a task)</source>
            <translation>Nicht länger warten und den Server informieren (notifications/cancelled oder tasks/cancel bei einer Aufgabe)</translation>
        </message>
        <message>
            <source>Run as task</source>
            <translation>Als Aufgabe ausführen</translation>
        </message>
        <message>
            <source>Call with params.task: the server answers with a task that is polled until it ends</source>
            <translation>Mit params.task aufrufen: Der Server antwortet mit einer Aufgabe, die bis zu ihrem Ende abgefragt wird</translation>
        </message>
        <message>
            <source>task: %1</source>
            <translation>Aufgabe: %1</translation>
        </message>
        <message>
            <source>The JSON text does not parse: %1</source>
            <translation>Der JSON-Text lässt sich nicht parsen: %1</translation>
        </message>
        <message>
            <source>The arguments do not match the tool's schema (marked in the form). Run again to send them anyway.
%1</source>
            <translation>Die Argumente passen nicht zum Schema des Werkzeugs (im Formular markiert). Führen Sie erneut aus, um sie trotzdem zu senden.
%1</translation>
        </message>
        <message>
            <source>Running…</source>
            <translation>Läuft…</translation>
        </message>
        <message>
            <source>Progress: %1</source>
            <translation>Fortschritt: %1</translation>
        </message>
        <message>
            <source>Creating the task…</source>
            <translation>Aufgabe wird erstellt…</translation>
        </message>
        <message>
            <source>Task %1: %2%3</source>
            <translation>Aufgabe %1: %2%3</translation>
        </message>
        <message>
            <source>tasks/get failed: %1</source>
            <translation>tasks/get fehlgeschlagen: %1</translation>
        </message>
        <message>
            <source>(task %1)</source>
            <translation>(Aufgabe %1)</translation>
        </message>
        <message>
            <source>Cancelled by the user</source>
            <translation>Vom Benutzer abgebrochen</translation>
        </message>
        <message>
            <source>Cancelling task %1…</source>
            <translation>Aufgabe %1 wird abgebrochen…</translation>
        </message>
        <message>
            <source>Task %1 was cancelled</source>
            <translation>Aufgabe %1 wurde abgebrochen</translation>
        </message>
        <message>
            <source>Run the selected tool</source>
            <translation>Ausgewähltes Tool ausführen</translation>
        </message>
        <message>
            <source>Run again after reload</source>
            <translation>Nach dem Neuladen erneut ausführen</translation>
        </message>
        <message>
            <source>When the server reloads (watch mode or Restart), send this call again and show its result beside the one from before</source>
            <translation>Wenn der Server neu lädt (Beobachtungsmodus oder Neustart), diesen Aufruf erneut senden und sein Ergebnis neben dem vorherigen zeigen</translation>
        </message>
        <message>
            <source>Hide</source>
            <translation>Ausblenden</translation>
        </message>
        <message>
            <source>Not run again: the reload removed the tool %1</source>
            <translation>Nicht erneut ausgeführt: das Neuladen hat das Werkzeug %1 entfernt</translation>
        </message>
        <message>
            <source>After it (%1)</source>
            <translation>Danach (%1)</translation>
        </message>
        <message>
            <source>Before the reload (%1)</source>
            <translation>Vor dem Neuladen (%1)</translation>
        </message>
        <message>
            <source>Pick a tool on the left: its arguments appear here, and Run (Ctrl+Enter) calls it.</source>
            <translation>Links ein Werkzeug wählen: seine Argumente erscheinen hier, und „Ausführen“ (Strg+Eingabe) ruft es auf.</translation>
        </message>
        <message>
            <source>Save to Collection…</source>
            <translation>In Sammlung speichern…</translation>
        </message>
        <message>
            <source>Add this call, with assertions its last result satisfies, to a collection file that `mcpscope test` runs</source>
            <translation>Diesen Aufruf mit Zusicherungen, die sein letztes Ergebnis erfüllt, zu einer Sammlungsdatei hinzufügen, die `mcpscope test` ausführt</translation>
        </message>
        <message>
            <source>another tool was selected</source>
            <translation>ein anderes Werkzeug wurde ausgewählt</translation>
        </message>
        <message>
            <source>⚠ This tool cannot be run: its x-mcp-header annotations break the 2026-07-28 rules, so a client must not call it. %1</source>
            <translation>⚠ Dieses Werkzeug kann nicht ausgeführt werden: Seine x-mcp-header-Annotationen verstoßen gegen die Regeln von 2026-07-28, daher darf ein Client es nicht aufrufen. %1</translation>
        </message>
        <message>
            <source>(its view %1 could not be read: %2)</source>
            <translation>(seine Ansicht %1 konnte nicht gelesen werden: %2)</translation>
        </message>
        <message>
            <source>no HTML</source>
            <translation>kein HTML</translation>
        </message>
        <message>
            <source>cancelled by the user</source>
            <translation>vom Benutzer abgebrochen</translation>
        </message>
        <message>
            <source>Task %1: %2%3 (followed with tasks/get)</source>
            <translation>Task %1: %2%3 (mit tasks/get verfolgt)</translation>
        </message>
        <message>
            <source>Preparing the result…</source>
            <translation>Ergebnis wird vorbereitet…</translation>
        </message>
        <message>
            <source>Drag up for the host controls: the messages between MCP Scope and the view</source>
            <translation>Nach oben ziehen für die Host-Steuerung: die Nachrichten zwischen MCP Scope und der Ansicht</translation>
        </message>
        <message>
            <source>Cancelled after %1</source>
            <translation>Nach %1 abgebrochen</translation>
        </message>
        <message>
            <source>Error %1: %2 (after %3)</source>
            <translation>Fehler %1: %2 (nach %3)</translation>
        </message>
        <message>
            <source>Failed after %1</source>
            <translation>Nach %1 fehlgeschlagen</translation>
        </message>
        <message>
            <source>The tool reported an error (isError) after %1, as a task (see the Tasks page)</source>
            <translation>Das Werkzeug hat nach %1 einen Fehler gemeldet (isError), als Aufgabe (siehe die Seite Aufgaben)</translation>
        </message>
        <message>
            <source>Done in %1, as a task (see the Tasks page)</source>
            <translation>Fertig in %1, als Aufgabe (siehe die Seite Aufgaben)</translation>
        </message>
        <message>
            <source>The tool reported an error (isError) after %1</source>
            <translation>Das Werkzeug hat nach %1 einen Fehler gemeldet (isError)</translation>
        </message>
        <message>
            <source>Done in %1</source>
            <translation>Fertig in %1</translation>
        </message>
        <message>
            <source>No arguments: the value is an empty object.</source>
            <translation>Keine Argumente: Der Wert ist ein leeres Objekt.</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::ToolsPage</name>
        <message>
            <source>Loading…</source>
            <translation>Wird geladen…</translation>
        </message>
        <message>
            <source>Listing tools failed: %1</source>
            <translation>Auflisten der Werkzeuge fehlgeschlagen: %1</translation>
        </message>
        <message>
            <source>Tools</source>
            <translation>Werkzeuge</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::TrafficPage</name>
        <message>
            <source>Traffic</source>
            <translation>Verkehr</translation>
        </message>
    </context>
    <context>
        <name>Mcp::Ui::TrafficView</name>
        <message>
            <source>… %1 more bytes not shown</source>
            <translation>… %1 weitere Bytes nicht angezeigt</translation>
        </message>
        <message>
            <source>All servers</source>
            <translation>Alle Server</translation>
        </message>
        <message>
            <source>Both directions</source>
            <translation>Beide Richtungen</translation>
        </message>
        <message>
            <source>Client → server</source>
            <translation>Client → Server</translation>
        </message>
        <message>
            <source>Server → client</source>
            <translation>Server → Client</translation>
        </message>
        <message>
            <source>Local events</source>
            <translation>Lokale Ereignisse</translation>
        </message>
        <message>
            <source>All kinds</source>
            <translation>Alle Arten</translation>
        </message>
        <message>
            <source>Method</source>
            <translation>Methode</translation>
        </message>
        <message>
            <source>Search text</source>
            <translation>Text suchen</translation>
        </message>
        <message>
            <source>JSON: /params/name=echo</source>
            <translation>JSON: /params/name=echo</translation>
        </message>
        <message>
            <source>Match JSON content: a path (JSON pointer or dotted) with an optional =value, e.g. /params/name=echo, result.isError=true, params.arguments</source>
            <translation>JSON-Inhalt abgleichen: ein Pfad (JSON-Pointer oder mit Punkten) mit optionalem =Wert, z. B. /params/name=echo, result.isError=true, params.arguments</translation>
        </message>
        <message>
            <source>Follow</source>
            <translation>Folgen</translation>
        </message>
        <message>
            <source>Keep the newest message in view</source>
            <translation>Die neueste Nachricht sichtbar halten</translation>
        </message>
        <message>
            <source>Pause</source>
            <translation>Anhalten</translation>
        </message>
        <message>
            <source>Stop updating the view; recording goes on</source>
            <translation>Ansicht nicht mehr aktualisieren; die Aufzeichnung läuft weiter</translation>
        </message>
        <message>
            <source>Clear</source>
            <translation>Leeren</translation>
        </message>
        <message>
            <source>Go to Pair</source>
            <translation>Zum Gegenstück</translation>
        </message>
        <message>
            <source>Jump between a request and its response (Ctrl+J)</source>
            <translation>Zwischen einer Anfrage und ihrer Antwort springen (Strg+J)</translation>
        </message>
        <message>
            <source>Copy</source>
            <translation>Kopieren</translation>
        </message>
        <message>
            <source>Copy the selected message</source>
            <translation>Die gewählte Nachricht kopieren</translation>
        </message>
        <message>
            <source>Export…</source>
            <translation>Exportieren…</translation>
        </message>
        <message>
            <source>Select a message to see it here.</source>
            <translation>Wählen Sie eine Nachricht, um sie hier zu sehen.</translation>
        </message>
        <message>
            <source>Pretty</source>
            <translation>Formatiert</translation>
        </message>
        <message>
            <source>Tree</source>
            <translation>Baum</translation>
        </message>
        <message>
            <source>Raw</source>
            <translation>Roh</translation>
        </message>
        <message>
            <source>Details</source>
            <translation>Details</translation>
        </message>
        <message>
            <source>Resume</source>
            <translation>Fortsetzen</translation>
        </message>
        <message>
            <source>Copy as Pretty JSON</source>
            <translation>Als formatiertes JSON kopieren</translation>
        </message>
        <message numerus="yes">
            <source>%1 of %n message(s)</source>
            <translation>
                <numerusform>%1 von %n Nachricht</numerusform>
                <numerusform>%1 von %n Nachrichten</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n message(s)</source>
            <translation>
                <numerusform>%n Nachricht</numerusform>
                <numerusform>%n Nachrichten</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n oldest dropped (cap %1)</source>
            <translation>
                <numerusform>%n älteste verworfen (Obergrenze %1)</numerusform>
                <numerusform>%n älteste verworfen (Obergrenze %1)</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>paused, %n new</source>
            <translation>
                <numerusform>angehalten, %n neu</numerusform>
                <numerusform>angehalten, %n neu</numerusform>
            </translation>
        </message>
        <message>
            <source>offline capture</source>
            <translation>Offline-Mitschnitt</translation>
        </message>
        <message>
            <source>This message has no paired request or response.</source>
            <translation>Diese Nachricht hat keine zugehörige Anfrage oder Antwort.</translation>
        </message>
        <message>
            <source>The paired message is hidden by the filter.</source>
            <translation>Die zugehörige Nachricht ist durch den Filter ausgeblendet.</translation>
        </message>
            <message>
            <source>Text:</source>
            <translation>Text:</translation>
        </message>
        <message>
            <source>Time: %1</source>
            <translation>Zeit: %1</translation>
        </message>
        <message>
            <source>Direction: %1</source>
            <translation>Richtung: %1</translation>
        </message>
        <message>
            <source>Kind: %1</source>
            <translation>Art: %1</translation>
        </message>
        <message>
            <source>Size: %1 bytes</source>
            <translation>Größe: %1 Bytes</translation>
        </message>
        <message>
            <source>Latency: %1 ms</source>
            <translation>Latenz: %1 ms</translation>
        </message>
        <message>
            <source>Server: %1</source>
            <translation>Server: %1</translation>
        </message>
        <message>
            <source>Note: %1</source>
            <translation>Hinweis: %1</translation>
        </message>
        <message>
            <source>HTTP method: %1</source>
            <translation>HTTP-Methode: %1</translation>
        </message>
        <message>
            <source>URL: %1</source>
            <translation>URL: %1</translation>
        </message>
        <message>
            <source>HTTP status: %1</source>
            <translation>HTTP-Status: %1</translation>
        </message>
        <message>
            <source>SSE event: %1 id %2</source>
            <translation>SSE-Ereignis: %1, ID %2</translation>
        </message>
        <message>
            <source>Headers:</source>
            <translation>Header:</translation>
        </message>
        <message>
            <source>Could not write %1: %2</source>
            <translation>%1 konnte nicht geschrieben werden: %2</translation>
        </message>
        <message>
            <source>Export Traffic</source>
            <translation>Verkehr exportieren</translation>
        </message>
        <message>
            <source>JSON Lines (every event, re-openable in MCP Scope)</source>
            <translation>JSON Lines (jedes Ereignis, in MCP Scope wieder zu öffnen)</translation>
        </message>
        <message>
            <source>HAR 1.2 (HTTP exchanges, for browser tools)</source>
            <translation>HAR 1.2 (HTTP-Austausche, für Browser-Werkzeuge)</translation>
        </message>
        <message>
            <source>The whole log</source>
            <translation>Das gesamte Protokoll</translation>
        </message>
        <message>
            <source>Only the rows the filters show</source>
            <translation>Nur die Zeilen, die die Filter zeigen</translation>
        </message>
        <message>
            <source>Include secrets (tokens, Authorization headers, secret environment values)</source>
            <translation>Geheimnisse einschließen (Token, Authorization-Header, geheime Umgebungswerte)</translation>
        </message>
        <message>
            <source>Secrets are replaced by "[REDACTED]" unless you include them.</source>
            <translation>Geheimnisse werden durch „[REDACTED]“ ersetzt, sofern Sie sie nicht einschließen.</translation>
        </message>
        <message>
            <source>Format:</source>
            <translation>Format:</translation>
        </message>
        <message>
            <source>Rows:</source>
            <translation>Zeilen:</translation>
        </message>
        <message>
            <source>Careful: the file will contain credentials in plain text.</source>
            <translation>Vorsicht: Die Datei wird Zugangsdaten im Klartext enthalten.</translation>
        </message>
        <message>
            <source>HAR files (*.har)</source>
            <translation>HAR-Dateien (*.har)</translation>
        </message>
        <message>
            <source>JSON Lines (*.jsonl)</source>
            <translation>JSON Lines (*.jsonl)</translation>
        </message>
        <message>
            <source>Hide pings</source>
            <translation>Pings ausblenden</translation>
        </message>
        <message>
            <source>Leave out the keep-alive traffic: ping, and server/discover (the modern era has no ping)</source>
            <translation>Keep-alive-Verkehr ausblenden: ping und server/discover (die moderne Ära hat kein ping)</translation>
        </message>
        <message>
            <source>Only the rounds of one multi round-trip request are shown; click to show everything</source>
            <translation>Nur die Runden einer Anfrage mit mehreren Runden werden angezeigt; klicken Sie, um alles anzuzeigen</translation>
        </message>
        <message>
            <source>Header</source>
            <translation>Header</translation>
        </message>
        <message>
            <source>Value</source>
            <translation>Wert</translation>
        </message>
        <message>
            <source>Meaning</source>
            <translation>Bedeutung</translation>
        </message>
        <message>
            <source>Headers</source>
            <translation>Header</translation>
        </message>
        <message>
            <source>Show Rounds of This Request</source>
            <translation>Runden dieser Anfrage anzeigen</translation>
        </message>
        <message>
            <source>Only the requests and answers of this multi round-trip request</source>
            <translation>Nur die Anfragen und Antworten dieser Anfrage mit mehreren Runden</translation>
        </message>
        <message>
            <source>the protocol version (equal to the _meta version in the modern era)</source>
            <translation>die Protokollversion (gleich der _meta-Version in der modernen Ära)</translation>
        </message>
        <message>
            <source>the JSON-RPC method (modern era)</source>
            <translation>die JSON-RPC-Methode (moderne Ära)</translation>
        </message>
        <message>
            <source>params.name or params.uri (modern era)</source>
            <translation>params.name oder params.uri (moderne Ära)</translation>
        </message>
        <message>
            <source>a tool argument annotated x-mcp-header "%1"</source>
            <translation>ein Werkzeugargument, annotiert mit x-mcp-header „%1“</translation>
        </message>
        <message>
            <source>the legacy era's HTTP session</source>
            <translation>die HTTP-Sitzung der alten Ära</translation>
        </message>
        <message>
            <source>resumes an event stream after this event</source>
            <translation>setzt einen Ereignisstrom nach diesem Ereignis fort</translation>
        </message>
        <message>
            <source>%1 (Base64 of "%2")</source>
            <translation>%1 (Base64 von „%2“)</translation>
        </message>
        <message numerus="yes">
            <source>%n round(s) of request %1 ✕</source>
            <translation>
                <numerusform>%n Runde der Anfrage %1 ✕</numerusform>
                <numerusform>%n Runden der Anfrage %1 ✕</numerusform>
            </translation>
        </message>
        <message>
            <source>All</source>
            <translation>Alles</translation>
        </message>
        <message>
            <source>Everything: the connection and its MCP Apps views</source>
            <translation>Alles: die Verbindung und ihre MCP-Apps-Ansichten</translation>
        </message>
        <message>
            <source>Server</source>
            <translation>Server</translation>
        </message>
        <message>
            <source>What crossed the connection, and local events; no MCP Apps view traffic</source>
            <translation>Was über die Verbindung ging, und lokale Ereignisse; kein Verkehr der MCP-Apps-Ansichten</translation>
        </message>
        <message>
            <source>App</source>
            <translation>App</translation>
        </message>
        <message>
            <source>Only the messages between the window and MCP Apps views (ui/initialize, the tools/call a view makes...), paired</source>
            <translation>Nur die Nachrichten zwischen dem Fenster und MCP-Apps-Ansichten (ui/initialize, die tools/call einer Ansicht …), gepaart</translation>
        </message>
        <message>
            <source>Host → app view</source>
            <translation>Host → App-Ansicht</translation>
        </message>
        <message>
            <source>App view → host</source>
            <translation>App-Ansicht → Host</translation>
        </message>
        <message>
            <source>MCP Apps view: %1</source>
            <translation>MCP-Apps-Ansicht: %1</translation>
        </message>
        <message>
            <source>The filters show no rows: nothing was exported.</source>
            <translation>Die Filter zeigen keine Zeilen: Es wurde nichts exportiert.</translation>
        </message>
        <message>
            <source>The log is empty: nothing was exported.</source>
            <translation>Das Protokoll ist leer: Es wurde nichts exportiert.</translation>
        </message>
        <message>
            <source>HAR holds only what crossed HTTP: a stdio connection's messages are not in it.</source>
            <translation>HAR enthält nur, was über HTTP lief: Die Nachrichten einer stdio-Verbindung sind nicht enthalten.</translation>
        </message>
        <message>
            <source>Not exported: %1</source>
            <translation>Nicht exportiert: %1</translation>
        </message>
        <message numerus="yes">
            <source>Exported %n HTTP exchange(s) to %1</source>
            <translation>
                <numerusform>%n HTTP-Austausch nach %1 exportiert</numerusform>
                <numerusform>%n HTTP-Austausche nach %1 exportiert</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Exported %n event(s) to %1</source>
            <translation>
                <numerusform>%n Ereignis nach %1 exportiert</numerusform>
                <numerusform>%n Ereignisse nach %1 exportiert</numerusform>
            </translation>
        </message>
        <message>
        <source>Where the time went: every call as a bar from sent to answered, latency per method, and trace exports</source>
        <translation>Wohin die Zeit ging: jeder Aufruf als Balken vom Senden bis zur Antwort, Latenz pro Methode und Trace-Exporte</translation>
    </message>
    <message>
        <source>Only %1 ✕</source>
        <translation>Nur %1 ✕</translation>
    </message>
    <message>
        <source>Nothing crossed the wire in that range</source>
        <translation>In diesem Bereich wurde nichts übertragen</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>All Text</source>
        <translation>Ganzer Text</translation>
    </message>
    <message>
        <source>This message is %1 bytes long: too big to format here. The All Text tab shows all of it as it came; Copy or Export gets all of it.</source>
        <translation>Diese Nachricht ist %1 Bytes lang: zu groß zum Formatieren. Der Reiter Ganzer Text zeigt sie vollständig, wie sie kam; Kopieren oder Exportieren liefert alles.</translation>
    </message>
</context>
    <context>
        <name>Mcp::parseFrame</name>
        <message>
            <source>not a JSON object</source>
            <translation>kein JSON-Objekt</translation>
        </message>
        <message>
            <source>not valid JSON: %1</source>
            <translation>kein gültiges JSON: %1</translation>
        </message>
        <message>
            <source>batch element %1: %2</source>
            <translation>Stapelelement %1: %2</translation>
        </message>
        <message>
            <source>empty batch</source>
            <translation>leerer Stapel</translation>
        </message>
        <message>
            <source>invalid UTF-8 read as U+FFFD (the raw bytes are kept)</source>
            <translation>ungültiges UTF-8 als U+FFFD gelesen (die Rohbytes bleiben erhalten)</translation>
        </message>
    </context>
    <context>
        <name>Units</name>
        <message>
            <source>%1 ms</source>
            <translation>%1 ms</translation>
        </message>
        <message>
            <source>%1 s</source>
            <translation>%1 s</translation>
        </message>
        <message>
            <source>%1 min %2 s</source>
            <translation>%1 min %2 s</translation>
        </message>
        <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1 ns</source>
        <translation>%1 ns</translation>
    </message>
</context>
    <context>
        <name>Mcp::HostConfig</name>
        <message>
            <source>the file cannot be rewritten in place</source>
            <translation>die Datei kann nicht an Ort und Stelle umgeschrieben werden</translation>
        </message>
        <message>
            <source>the file is not a JSON object</source>
            <translation>die Datei ist kein JSON-Objekt</translation>
        </message>
        <message>
            <source>&quot;%1&quot; is not an object</source>
            <translation>„%1“ ist kein Objekt</translation>
        </message>
        <message>
            <source>mcpServers (Claude, Cursor, Cline, LM Studio)</source>
            <translation>mcpServers (Claude, Cursor, Cline, LM Studio)</translation>
        </message>
        <message>
            <source>VS Code servers</source>
            <translation>VS-Code-Server</translation>
        </message>
        <message>
            <source>Map of servers</source>
            <translation>Server-Zuordnung</translation>
        </message>
        <message>
            <source>Single server</source>
            <translation>Einzelner Server</translation>
        </message>
        <message>
            <source>Unknown format</source>
            <translation>Unbekanntes Format</translation>
        </message>
        <message>
            <source>cannot read %1: %2</source>
            <translation>%1 kann nicht gelesen werden: %2</translation>
        </message>
        <message>
            <source>cannot write %1: %2</source>
            <translation>%1 kann nicht geschrieben werden: %2</translation>
        </message>
        <message>
            <source>the file is laid out in a way MCP Scope cannot rewrite safely; it was left as it was</source>
            <translation>die Datei ist so aufgebaut, dass MCP Scope sie nicht sicher umschreiben kann; sie blieb, wie sie war</translation>
        </message>
    </context>
<context>
    <name>Mcp::InstallLink</name>
    <message>
        <source>This is not an install link (mcpscope://install, vscode:mcp/install or cursor://anysphere.cursor-deeplink/mcp/install).</source>
        <translation>Dies ist kein Installationslink (mcpscope://install, vscode:mcp/install oder cursor://anysphere.cursor-deeplink/mcp/install).</translation>
    </message>
    <message>
        <source>The link is %1 characters long; install links of more than %2 are refused.</source>
        <translation>Der Link ist %1 Zeichen lang; Installationslinks mit mehr als %2 werden abgelehnt.</translation>
    </message>
    <message>
        <source>The link carries no server configuration (nothing after &quot;?&quot;).</source>
        <translation>Der Link enthält keine Serverkonfiguration (nichts nach „?“).</translation>
    </message>
    <message>
        <source>The link has no &quot;config&quot; parameter.</source>
        <translation>Der Link hat keinen Parameter „config“.</translation>
    </message>
    <message>
        <source>The link&apos;s &quot;config&quot; parameter is not base64.</source>
        <translation>Der Parameter „config“ des Links ist kein Base64.</translation>
    </message>
    <message>
        <source>not an object</source>
        <translation>kein Objekt</translation>
    </message>
    <message>
        <source>The link&apos;s configuration is not a JSON object: %1 (at character %2).</source>
        <translation>Die Konfiguration des Links ist kein JSON-Objekt: %1 (bei Zeichen %2).</translation>
    </message>
    <message>
        <source>The link&apos;s configuration has neither a &quot;command&quot; nor a &quot;url&quot;.</source>
        <translation>Die Konfiguration des Links hat weder „command“ noch „url“.</translation>
    </message>
    <message>
        <source>The link&apos;s configuration is not one server.</source>
        <translation>Die Konfiguration des Links ist nicht genau ein Server.</translation>
    </message>
    <message>
        <source>The link&apos;s configuration has an empty command.</source>
        <translation>Die Konfiguration des Links hat einen leeren Befehl.</translation>
    </message>
    <message>
        <source>The link&apos;s URL &quot;%1&quot; is not an http:// or https:// URL.</source>
        <translation>Die URL „%1“ des Links ist keine http://- oder https://-URL.</translation>
    </message>
    <message>
        <source>The link&apos;s OAuth key and workload token files are ignored: a link does not choose local files. Set them in the server&apos;s settings if you want them.</source>
        <translation>Die OAuth-Schlüssel- und Workload-Token-Dateien des Links werden ignoriert: Ein Link wählt keine lokalen Dateien. Legen Sie sie bei Bedarf in den Einstellungen des Servers fest.</translation>
    </message>
</context>
<context>
    <name>Mcp::RegistryServer</name>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation>Zeichenkette erwartet</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>darf nicht leer sein</translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation>true oder false erwartet</translation>
    </message>
    <message>
        <source>expected an object</source>
        <translation>Objekt erwartet</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one of string, number, boolean, filepath</source>
        <translation>„%1“ ist keines von string, number, boolean, filepath</translation>
    </message>
    <message>
        <source>expected a list of strings</source>
        <translation>Liste von Zeichenketten erwartet</translation>
    </message>
    <message>
        <source>expected an object of variables</source>
        <translation>Objekt mit Variablen erwartet</translation>
    </message>
    <message>
        <source>expected a list</source>
        <translation>Liste erwartet</translation>
    </message>
    <message>
        <source>expected a list of arguments</source>
        <translation>Liste von Argumenten erwartet</translation>
    </message>
    <message>
        <source>a positional argument needs a &quot;value&quot; or a &quot;valueHint&quot;</source>
        <translation>ein Positionsargument braucht „value“ oder „valueHint“</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is neither &quot;positional&quot; nor &quot;named&quot;</source>
        <translation>„%1“ ist weder „positional“ noch „named“</translation>
    </message>
    <message>
        <source>missing (&quot;positional&quot; or &quot;named&quot;)</source>
        <translation>fehlt („positional“ oder „named“)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a remote transport (streamable-http or sse)</source>
        <translation>„%1“ ist kein entfernter Transport (streamable-http oder sse)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one of stdio, streamable-http, sse</source>
        <translation>„%1“ ist keines von stdio, streamable-http, sse</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an http:// or https:// URL</source>
        <translation>„%1“ ist keine http://- oder https://-URL</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not one of %3</source>
        <translation>%1: „%2“ ist keines von %3</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number</source>
        <translation>%1: „%2“ ist keine Zahl</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is neither true nor false</source>
        <translation>%1: „%2“ ist weder true noch false</translation>
    </message>
    <message>
        <source>Cannot open the file: %1</source>
        <translation>Die Datei lässt sich nicht öffnen: %1</translation>
    </message>
    <message>
        <source>Not valid JSON: %1.</source>
        <translation>Kein gültiges JSON: %1.</translation>
    </message>
    <message>
        <source>A server.json is a JSON object; this is a list or a value.</source>
        <translation>Eine server.json ist ein JSON-Objekt; dies ist eine Liste oder ein Wert.</translation>
    </message>
    <message>
        <source>This is an mcp.json (it has &quot;mcpServers&quot; or &quot;servers&quot;), not a registry server.json: import it with Import mcp.json.</source>
        <translation>Dies ist eine mcp.json (mit „mcpServers“ oder „servers“), keine server.json einer Registry: Importieren Sie sie mit „mcp.json importieren“.</translation>
    </message>
    <message>
        <source>This server.json uses the snake_case names of the first registry schema (%1); MCP Scope reads the camelCase schema of 2025-09-29 and later.</source>
        <translation>Diese server.json verwendet die snake_case-Namen des ersten Registry-Schemas (%1); MCP Scope liest das camelCase-Schema ab 2025-09-29.</translation>
    </message>
    <message>
        <source>The name &quot;%1&quot; is not in the registry&apos;s reverse-DNS form (namespace/name).</source>
        <translation>Der Name „%1“ hat nicht die Reverse-DNS-Form der Registry (Namensraum/Name).</translation>
    </message>
    <message>
        <source>&quot;$schema&quot; is %1, not a registry server.json schema.</source>
        <translation>„$schema“ ist %1, kein server.json-Schema der Registry.</translation>
    </message>
    <message>
        <source>%1: expected a list</source>
        <translation>%1: Liste erwartet</translation>
    </message>
    <message>
        <source>This server.json lists no packages and no remotes: there is nothing to run.</source>
        <translation>Diese server.json nennt weder Pakete noch entfernte Server: Es gibt nichts auszuführen.</translation>
    </message>
    <message>
        <source>This server.json lists no packages and no remotes: %1 says how to install it.</source>
        <translation>Diese server.json nennt weder Pakete noch entfernte Server: %1 beschreibt die Installation.</translation>
    </message>
    <message>
        <source>%1: expected an object</source>
        <translation>%1: Objekt erwartet</translation>
    </message>
    <message>
        <source>%1 uses the snake_case names of the first registry schema (%2).</source>
        <translation>%1 verwendet die snake_case-Namen des ersten Registry-Schemas (%2).</translation>
    </message>
    <message>
        <source>%1: missing (an object with &quot;type&quot;: stdio, streamable-http or sse)</source>
        <translation>%1: fehlt (ein Objekt mit „type“: stdio, streamable-http oder sse)</translation>
    </message>
    <message>
        <source>%1: version &quot;latest&quot; is not pinned: whatever is newest runs.</source>
        <translation>%1: Version „latest“ ist nicht festgelegt: Es läuft, was gerade am neuesten ist.</translation>
    </message>
    <message>
        <source>There is no such package or remote.</source>
        <translation>Dieses Paket bzw. diesen entfernten Server gibt es nicht.</translation>
    </message>
    <message>
        <source>From the server.json of %1 %2: %3.</source>
        <translation>Aus der server.json von %1 %2: %3.</translation>
    </message>
    <message>
        <source>%1 is an MCP bundle (.mcpb). A bundle is a zip archive that must be downloaded, checked against its SHA-256 (%2) and unpacked; MCP Scope does not install bundles. Install it in a host that does, or unpack it and add its command with Add Server.</source>
        <translation>%1 ist ein MCP-Bundle (.mcpb). Ein Bundle ist ein ZIP-Archiv, das heruntergeladen, mit seinem SHA-256 (%2) geprüft und entpackt werden muss; MCP Scope installiert keine Bundles. Installieren Sie es in einem Host, der das kann, oder entpacken Sie es und fügen Sie seinen Befehl mit „Server hinzufügen“ hinzu.</translation>
    </message>
    <message>
        <source>none given</source>
        <translation>keiner angegeben</translation>
    </message>
    <message>
        <source>Packages of the registry type &quot;%1&quot; cannot be run by MCP Scope (it runs npm, pypi, oci and nuget packages).</source>
        <translation>Pakete des Registry-Typs „%1“ kann MCP Scope nicht ausführen (es führt npm-, pypi-, oci- und nuget-Pakete aus).</translation>
    </message>
    <message>
        <source>This package serves %1 itself: start it with %2 before connecting.</source>
        <translation>Dieses Paket stellt %1 selbst bereit: Starten Sie es vor dem Verbinden mit %2.</translation>
    </message>
    <message>
        <source>Start the server first: %1</source>
        <translation>Zuerst den Server starten: %1</translation>
    </message>
    <message>
        <source>Needs a value for: %1</source>
        <translation>Braucht einen Wert für: %1</translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::InstallLinkDialog</name>
    <message>
        <source>Add Server from Link?</source>
        <translation>Server aus Link hinzufügen?</translation>
    </message>
    <message>
        <source>A %1 install link proposes this server. Once added, it starts this program on your computer, with your user&apos;s rights, when you connect. Add it only if you trust where the link came from.</source>
        <translation>Ein %1-Installationslink schlägt diesen Server vor. Einmal hinzugefügt, startet er beim Verbinden dieses Programm auf Ihrem Computer, mit den Rechten Ihres Benutzers. Fügen Sie ihn nur hinzu, wenn Sie der Herkunft des Links vertrauen.</translation>
    </message>
    <message>
        <source>A %1 install link proposes this server. Once added, MCP Scope connects to this URL when you connect, sending the headers listed. Add it only if you trust where the link came from.</source>
        <translation>Ein %1-Installationslink schlägt diesen Server vor. Einmal hinzugefügt, verbindet sich MCP Scope beim Verbinden mit dieser URL und sendet die aufgeführten Header. Fügen Sie ihn nur hinzu, wenn Sie der Herkunft des Links vertrauen.</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>&amp;Add Server</source>
        <translation>Server &amp;hinzufügen</translation>
    </message>
    <message>
        <source>%1 (secret)</source>
        <translation>%1 (geheim)</translation>
    </message>
    <message>
        <source>Command line:</source>
        <translation>Befehlszeile:</translation>
    </message>
    <message>
        <source>Program: %1</source>
        <translation>Programm: %1</translation>
    </message>
    <message>
        <source>Argument %1: %2</source>
        <translation>Argument %1: %2</translation>
    </message>
    <message>
        <source>Environment: %1</source>
        <translation>Umgebung: %1</translation>
    </message>
    <message>
        <source>Working directory: %1</source>
        <translation>Arbeitsverzeichnis: %1</translation>
    </message>
    <message>
        <source>Starts without the rest of your environment.</source>
        <translation>Startet ohne den Rest Ihrer Umgebung.</translation>
    </message>
    <message>
        <source>URL: %1</source>
        <translation>URL: %1</translation>
    </message>
    <message>
        <source>Transport: %1</source>
        <translation>Transport: %1</translation>
    </message>
    <message>
        <source>Headers: %1</source>
        <translation>Header: %1</translation>
    </message>
    <message>
        <source>Bearer token: set (secret)</source>
        <translation>Bearer-Token: gesetzt (geheim)</translation>
    </message>
    <message>
        <source>%1 (hidden)</source>
        <translation>%1 (verdeckt)</translation>
    </message>
    <message>
        <source>Asked for when connecting: %1</source>
        <translation>Beim Verbinden erfragt: %1</translation>
    </message>
    <message>
        <source>Authorization: %1</source>
        <translation>Autorisierung: %1</translation>
    </message>
    <message>
        <source>OAuth client: %1</source>
        <translation>OAuth-Client: %1</translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::RegistryServerDialog</name>
    <message>
        <source>Open server.json</source>
        <translation>server.json öffnen</translation>
    </message>
    <message>
        <source>A server.json describes a server of the MCP Registry: the packages that run it and the remote endpoints that serve it. Choose one and fill in what it asks for; its command runs only after you have confirmed it.</source>
        <translation>Eine server.json beschreibt einen Server der MCP Registry: die Pakete, die ihn ausführen, und die entfernten Endpunkte, die ihn bereitstellen. Wählen Sie eines aus und füllen Sie das Verlangte aus; sein Befehl läuft erst, nachdem Sie ihn bestätigt haben.</translation>
    </message>
    <message>
        <source>File path or https:// URL of a server.json</source>
        <translation>Dateipfad oder https://-URL einer server.json</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>&amp;Load</source>
        <translation>&amp;Laden</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>Quelle:</translation>
    </message>
    <message>
        <source>Run with:</source>
        <translation>Ausführen mit:</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>&amp;Add Server</source>
        <translation>Server &amp;hinzufügen</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Choose a server.json file or give its URL.</source>
        <translation>Wählen Sie eine server.json-Datei oder geben Sie ihre URL an.</translation>
    </message>
    <message>
        <source>Refused: %1 is plain http. A server.json is fetched over https only (or from this computer).</source>
        <translation>Abgelehnt: %1 ist unverschlüsseltes http. Eine server.json wird nur über https abgerufen (oder von diesem Computer).</translation>
    </message>
    <message>
        <source>Fetching %1…</source>
        <translation>%1 wird abgerufen…</translation>
    </message>
    <message>
        <source>Refused: %1 is larger than a server.json can be (1 MiB).</source>
        <translation>Abgelehnt: %1 ist größer, als eine server.json sein kann (1 MiB).</translation>
    </message>
    <message>
        <source>Could not fetch %1: %2</source>
        <translation>%1 konnte nicht abgerufen werden: %2</translation>
    </message>
    <message>
        <source>Remote: %1</source>
        <translation>Entfernt: %1</translation>
    </message>
    <message>
        <source>Package: %1</source>
        <translation>Paket: %1</translation>
    </message>
    <message>
        <source>Asked for (hidden) each time you connect.</source>
        <translation>Wird bei jedem Verbinden (verdeckt) erfragt.</translation>
    </message>
    <message>
        <source>Use it: asked for (hidden) each time you connect</source>
        <translation>Verwenden: wird bei jedem Verbinden (verdeckt) erfragt</translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>(nicht gesetzt)</translation>
    </message>
    <message>
        <source>Required</source>
        <translation>Erforderlich</translation>
    </message>
    <message>
        <source>Optional</source>
        <translation>Optional</translation>
    </message>
    <message>
        <source>Ready to add. Secret values go to the keychain, never into the server list file.</source>
        <translation>Bereit zum Hinzufügen. Geheime Werte kommen in den Schlüsselbund, nie in die Serverlisten-Datei.</translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::ShareServerDialog</name>
    <message>
        <source>Share %1</source>
        <translation>%1 teilen</translation>
    </message>
    <message>
        <source>Links that add this server to MCP Scope, VS Code or Cursor. Secret values are left out: whoever adds the server is asked for them.</source>
        <translation>Links, die diesen Server zu MCP Scope, VS Code oder Cursor hinzufügen. Geheime Werte sind nicht enthalten: Wer den Server hinzufügt, wird danach gefragt.</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the %1 link</source>
        <translation>Den %1-Link kopieren</translation>
    </message>
    <message>
        <source>The %1 link is on the clipboard.</source>
        <translation>Der %1-Link ist in der Zwischenablage.</translation>
    </message>
</context>
<context>
    <name>Mcp::TraceExport</name>
    <message>
        <source>cannot write the trace %1: %2</source>
        <translation>kann den Trace %1 nicht schreiben: %2</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2</source>
        <translation>%1 antwortete mit HTTP %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::LatencyModel</name>
    <message>
        <source>(all)</source>
        <translation>(alle)</translation>
    </message>
    <message>
        <source>%1 – %2: %3</source>
        <translation>%1 – %2: %3</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <source>Tool, prompt or resource</source>
        <translation>Werkzeug, Prompt oder Ressource</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>Max.</translation>
    </message>
    <message>
        <source>Distribution</source>
        <translation>Verteilung</translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::LatencyScatter</name>
    <message>
        <source>Latency over the session</source>
        <translation>Latenz über die Sitzung</translation>
    </message>
    <message>
        <source>No finished calls yet</source>
        <translation>Noch keine beendeten Aufrufe</translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::TimelinePanel</name>
    <message>
        <source>Fit All</source>
        <translation>Alles zeigen</translation>
    </message>
    <message>
        <source>Show the whole session (Home)</source>
        <translation>Die ganze Sitzung zeigen (Pos1)</translation>
    </message>
    <message>
        <source>Zoom In</source>
        <translation>Vergrößern</translation>
    </message>
    <message>
        <source>Zoom in (+, or the mouse wheel)</source>
        <translation>Vergrößern (+ oder Mausrad)</translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation>Verkleinern</translation>
    </message>
    <message>
        <source>Zoom out (-)</source>
        <translation>Verkleinern (-)</translation>
    </message>
    <message>
        <source>Follow Live End</source>
        <translation>Dem Live-Ende folgen</translation>
    </message>
    <message>
        <source>Keep the newest calls in view (End)</source>
        <translation>Die neuesten Aufrufe im Blick behalten (Ende)</translation>
    </message>
    <message>
        <source>Export Traces</source>
        <translation>Traces exportieren</translation>
    </message>
    <message>
        <source>OpenTelemetry (OTLP JSON)…</source>
        <translation>OpenTelemetry (OTLP JSON)…</translation>
    </message>
    <message>
        <source>Chrome Trace for Perfetto…</source>
        <translation>Chrome-Trace für Perfetto…</translation>
    </message>
    <message>
        <source>Send to an OpenTelemetry Collector…</source>
        <translation>An einen OpenTelemetry-Collector senden…</translation>
    </message>
    <message>
        <source>Send Trace Context to Servers</source>
        <translation>Trace-Kontext an Server senden</translation>
    </message>
    <message>
        <source>From the next connection on, each request carries a W3C traceparent in its _meta, so a server with OpenTelemetry continues the trace</source>
        <translation>Ab der nächsten Verbindung trägt jede Anfrage einen W3C-traceparent in ihrem _meta, damit ein Server mit OpenTelemetry den Trace fortsetzt</translation>
    </message>
    <message>
        <source>One Trace per Session</source>
        <translation>Ein Trace pro Sitzung</translation>
    </message>
    <message>
        <source>One trace for the whole session instead of one per call</source>
        <translation>Ein Trace für die ganze Sitzung statt einem pro Aufruf</translation>
    </message>
    <message>
        <source>Latency per method</source>
        <translation>Latenz pro Methode</translation>
    </message>
    <message>
        <source>&amp;Method:</source>
        <translation>&amp;Methode:</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>Latency over Time</source>
        <translation>Latenz im Zeitverlauf</translation>
    </message>
    <message numerus="yes">
        <source>Reading %n event(s)…</source>
        <translation>
            <numerusform>Lese %n Ereignis…</numerusform>
            <numerusform>Lese %n Ereignisse…</numerusform>
        </translation>
    </message>
    <message>
        <source>All methods</source>
        <translation>Alle Methoden</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s)</source>
        <translation>
            <numerusform>%n Aufruf</numerusform>
            <numerusform>%n Aufrufe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed</source>
        <translation>
            <numerusform>%n fehlgeschlagen</numerusform>
            <numerusform>%n fehlgeschlagen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 bis %2</translation>
    </message>
    <message>
        <source>Export Chrome Trace</source>
        <translation>Chrome-Trace exportieren</translation>
    </message>
    <message>
        <source>Export OpenTelemetry Traces</source>
        <translation>OpenTelemetry-Traces exportieren</translation>
    </message>
    <message>
        <source>Chrome traces (*.json *.trace)</source>
        <translation>Chrome-Traces (*.json *.trace)</translation>
    </message>
    <message>
        <source>OTLP JSON Lines (*.jsonl *.json)</source>
        <translation>OTLP JSON Lines (*.jsonl *.json)</translation>
    </message>
    <message>
        <source>Traces written to %1</source>
        <translation>Traces in %1 geschrieben</translation>
    </message>
    <message>
        <source>Send to an OpenTelemetry Collector</source>
        <translation>An einen OpenTelemetry-Collector senden</translation>
    </message>
    <message>
        <source>OTLP/HTTP address of the collector (traces go to /v1/traces, the metric to /v1/metrics):</source>
        <translation>OTLP/HTTP-Adresse des Collectors (Traces gehen an /v1/traces, die Metrik an /v1/metrics):</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an http or https address.</source>
        <translation>&quot;%1&quot; ist keine http- oder https-Adresse.</translation>
    </message>
    <message>
        <source>Sending to %1…</source>
        <translation>Sende an %1…</translation>
    </message>
    <message>
        <source>Sent to %1</source>
        <translation>An %1 gesendet</translation>
    </message>
    <message>
        <source>Not sent</source>
        <translation>Nicht gesendet</translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::TimelineView</name>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>answered</source>
        <translation>beantwortet</translation>
    </message>
    <message>
        <source>tool error</source>
        <translation>Werkzeugfehler</translation>
    </message>
    <message>
        <source>error %1</source>
        <translation>Fehler %1</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Zeit überschritten</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>verloren</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>round</source>
        <translation>Runde</translation>
    </message>
    <message>
        <source>sent again</source>
        <translation>erneut gesendet</translation>
    </message>
    <message>
        <source>task poll</source>
        <translation>Aufgabenabfrage</translation>
    </message>
    <message>
        <source>version retry</source>
        <translation>neuer Versuch mit anderer Version</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1 nach %2</translation>
    </message>
    <message>
        <source>%1 for %2 so far</source>
        <translation>%1, bisher %2</translation>
    </message>
    <message>
        <source>asked by the server</source>
        <translation>vom Server gestellt</translation>
    </message>
    <message>
        <source>id %1</source>
        <translation>ID %1</translation>
    </message>
    <message numerus="yes">
        <source>%n progress notification(s)</source>
        <translation>
            <numerusform>%n Fortschrittsmeldung</numerusform>
            <numerusform>%n Fortschrittsmeldungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n part(s) inside</source>
        <translation>
            <numerusform>%n Teil darin</numerusform>
            <numerusform>%n Teile darin</numerusform>
        </translation>
    </message>
    <message>
        <source>started %1 after the first event</source>
        <translation>begann %1 nach dem ersten Ereignis</translation>
    </message>
    <message>
        <source>No traffic yet: calls appear here as bars from sent to answered.</source>
        <translation>Noch kein Verkehr: Aufrufe erscheinen hier als Balken vom Senden bis zur Antwort.</translation>
    </message>
    <message>
        <source>Live end</source>
        <translation>Live-Ende</translation>
    </message>
    <message>
        <source>Span %1</source>
        <translation>Spanne %1</translation>
    </message>
    <message>
        <source>server requests</source>
        <translation>Serveranfragen</translation>
    </message>
</context>
<context>
    <name>Mcp::NetworkTrust</name>
    <message>
        <source>The certificate of %1 is not the one trusted for this server. It presented SHA-256 %2; trusted: %3.</source>
        <translation>Das Zertifikat von %1 ist nicht das für diesen Server vertrauenswürdige. Vorgelegt wurde SHA-256 %2; vertraut: %3.</translation>
    </message>
    <message>
        <source>The TLS connection to %1 could not be trusted: %2 (certificate SHA-256 %3)</source>
        <translation>Der TLS-Verbindung zu %1 konnte nicht vertraut werden: %2 (Zertifikat SHA-256 %3)</translation>
    </message>
    <message>
        <source>The CA file %1 could not be read: %2</source>
        <translation>Die CA-Datei %1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>The CA file %1 holds no certificate (PEM or DER).</source>
        <translation>Die CA-Datei %1 enthält kein Zertifikat (PEM oder DER).</translation>
    </message>
    <message>
        <source>A client certificate needs both its certificate file and its key file.</source>
        <translation>Ein Client-Zertifikat braucht seine Zertifikatsdatei und seine Schlüsseldatei.</translation>
    </message>
    <message>
        <source>The client certificate %1 could not be read (a PEM file is expected).</source>
        <translation>Das Client-Zertifikat %1 konnte nicht gelesen werden (erwartet wird eine PEM-Datei).</translation>
    </message>
    <message>
        <source>The client key %1 could not be read: %2</source>
        <translation>Der Client-Schlüssel %1 konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>The client key %1 did not open: its passphrase is missing or wrong.</source>
        <translation>Der Client-Schlüssel %1 ließ sich nicht öffnen: Seine Passphrase fehlt oder ist falsch.</translation>
    </message>
    <message>
        <source>The client key %1 is not a PEM private key (RSA, EC or DSA).</source>
        <translation>Der Client-Schlüssel %1 ist kein privater PEM-Schlüssel (RSA, EC oder DSA).</translation>
    </message>
    <message>
        <source>this server&apos;s settings</source>
        <translation>den Einstellungen dieses Servers</translation>
    </message>
    <message>
        <source>the system settings</source>
        <translation>den Systemeinstellungen</translation>
    </message>
    <message>
        <source>imported into the keychain</source>
        <translation>im Schlüsselbund importiert</translation>
    </message>
</context>
<context>
    <name>Mcp::Ui::CertificateTrustDialog</name>
    <message>
        <source>This server&apos;s certificate changed.</source>
        <translation>Das Zertifikat dieses Servers hat sich geändert.</translation>
    </message>
    <message>
        <source>Trusted (pinned):</source>
        <translation>Vertraut (fixiert):</translation>
    </message>
    <message>
        <source>Presented now:</source>
        <translation>Jetzt vorgelegt:</translation>
    </message>
    <message>
        <source>What verification found:</source>
        <translation>Was die Prüfung fand:</translation>
    </message>
    <message>
        <source>Certificates the server sent:</source>
        <translation>Zertifikate, die der Server sandte:</translation>
    </message>
    <message>
        <source>Server certificate</source>
        <translation>Serverzertifikat</translation>
    </message>
    <message>
        <source>Issuer %1</source>
        <translation>Aussteller %1</translation>
    </message>
    <message>
        <source>Subject</source>
        <translation>Inhaber</translation>
    </message>
    <message>
        <source>Issuer</source>
        <translation>Aussteller</translation>
    </message>
    <message>
        <source>Valid</source>
        <translation>Gültig</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 bis %2</translation>
    </message>
    <message>
        <source>Names</source>
        <translation>Namen</translation>
    </message>
    <message>
        <source>SHA-256</source>
        <translation>SHA-256</translation>
    </message>
    <message>
        <source>Self-signed</source>
        <translation>Selbst signiert</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Certificate Changed</source>
        <translation>Zertifikat geändert</translation>
    </message>
    <message>
        <source>Untrusted Certificate</source>
        <translation>Nicht vertrauenswürdiges Zertifikat</translation>
    </message>
    <message>
        <source>%1 (%2) presented a different certificate from the one trusted for it. Nothing was sent. Trust the new one only if you know why it changed.</source>
        <translation>%1 (%2) hat ein anderes Zertifikat vorgelegt als das, dem für ihn vertraut wird. Nichts wurde gesendet. Vertrauen Sie dem neuen nur, wenn Sie wissen, warum es sich geändert hat.</translation>
    </message>
    <message>
        <source>MCP Scope did not trust the certificate of %1 (%2), so nothing was sent. Trust it only if you know this server.</source>
        <translation>MCP Scope hat dem Zertifikat von %1 (%2) nicht vertraut, daher wurde nichts gesendet. Vertrauen Sie ihm nur, wenn Sie diesen Server kennen.</translation>
    </message>
    <message>
        <source>&amp;Trust the New Certificate</source>
        <translation>Dem neuen Zertifikat &amp;vertrauen</translation>
    </message>
    <message>
        <source>&amp;Trust This Certificate</source>
        <translation>Diesem Zertifikat &amp;vertrauen</translation>
    </message>
    <message>
        <source>Keep this certificate&apos;s SHA-256 fingerprint with the server: it is trusted for this server only, and a different certificate later is refused.</source>
        <translation>Den SHA-256-Fingerabdruck dieses Zertifikats beim Server speichern: Ihm wird nur für diesen Server vertraut, und ein anderes Zertifikat wird später abgelehnt.</translation>
    </message>
    <message>
        <source>Add &amp;CA File…</source>
        <translation>&amp;CA-Datei hinzufügen…</translation>
    </message>
    <message>
        <source>Trust the certification authority that issued this server&apos;s certificate (a PEM file), for this server or for all servers.</source>
        <translation>Der Zertifizierungsstelle vertrauen, die das Zertifikat dieses Servers ausgestellt hat (eine PEM-Datei), für diesen Server oder für alle Server.</translation>
    </message>
    <message>
        <source>For This Server…</source>
        <translation>Für diesen Server…</translation>
    </message>
    <message>
        <source>For All Servers…</source>
        <translation>Für alle Server…</translation>
    </message>
    <message>
        <source>CA Certificate</source>
        <translation>CA-Zertifikat</translation>
    </message>
    <message>
        <source>Certificates (*.pem *.crt *.cer);;All files (*)</source>
        <translation>Zertifikate (*.pem *.crt *.cer);;Alle Dateien (*)</translation>
    </message>
</context>
    <context>
        <name>Mcp::Record::WebSocketRecorder</name>
        <message>
            <source>the client</source>
            <translation>der Client</translation>
        </message>
        <message>
            <source>the server</source>
            <translation>der Server</translation>
        </message>
        <message>
            <source>The recorder could not reach %1: %2</source>
            <translation>Der Rekorder konnte %1 nicht erreichen: %2</translation>
        </message>
        <message>
            <source>a binary frame of %1 bytes (MCP messages travel as text frames)</source>
            <translation>ein Binär-Frame mit %1 Bytes (MCP-Nachrichten reisen als Text-Frames)</translation>
        </message>
        <message>
            <source>WebSocket closed by %1: %2</source>
            <translation>WebSocket geschlossen von %1: %2</translation>
        </message>
        <message>
            <source>the target must be a ws or wss URL</source>
            <translation>das Ziel muss eine ws- oder wss-URL sein</translation>
        </message>
    </context>
    <context>
        <name>Mcp::WebSocketTransport</name>
        <message>
            <source>The server did not answer the close frame within %1 ms; the connection was cut.</source>
            <translation>Der Server hat den Close-Frame nicht innerhalb von %1 ms beantwortet; die Verbindung wurde getrennt.</translation>
        </message>
        <message>
            <source>Closed by the client; the server did not answer the close frame.</source>
            <translation>Vom Client geschlossen; der Server hat den Close-Frame nicht beantwortet.</translation>
        </message>
        <message>
            <source>The TLS settings for %1 cannot be used: %2</source>
            <translation>Die TLS-Einstellungen für %1 können nicht verwendet werden: %2</translation>
        </message>
        <message>
            <source>WebSocket handshake with %1 (subprotocol %2)</source>
            <translation>WebSocket-Handshake mit %1 (Subprotokoll %2)</translation>
        </message>
        <message>
            <source>Switching Protocols: WebSocket open, subprotocol %1</source>
            <translation>Switching Protocols: WebSocket offen, Subprotokoll %1</translation>
        </message>
        <message>
            <source>Switching Protocols: WebSocket open, but the server chose no subprotocol (asked for %1)</source>
            <translation>Switching Protocols: WebSocket offen, aber der Server hat kein Subprotokoll gewählt (angefragt: %1)</translation>
        </message>
        <message>
            <source>Switching Protocols: WebSocket open, but the server chose the subprotocol %1 (asked for %2)</source>
            <translation>Switching Protocols: WebSocket offen, aber der Server hat das Subprotokoll %1 gewählt (angefragt: %2)</translation>
        </message>
        <message>
            <source>The TLS connection to %1 could not be trusted: %2</source>
            <translation>Der TLS-Verbindung zu %1 konnte nicht vertraut werden: %2</translation>
        </message>
        <message>
            <source>%1 refused the WebSocket handshake with HTTP %2 %3</source>
            <translation>%1 hat den WebSocket-Handshake mit HTTP %2 %3 abgelehnt</translation>
        </message>
        <message>
            <source>Could not reach %1 over WebSocket: %2</source>
            <translation>%1 war über WebSocket nicht erreichbar: %2</translation>
        </message>
        <message>
            <source>%1, reason "%2"</source>
            <translation>%1, Grund „%2“</translation>
        </message>
        <message>
            <source>WebSocket closed: %1</source>
            <translation>WebSocket geschlossen: %1</translation>
        </message>
        <message>
            <source>Closed by the client (%1).</source>
            <translation>Vom Client geschlossen (%1).</translation>
        </message>
        <message>
            <source>The server closed the WebSocket connection: %1.</source>
            <translation>Der Server hat die WebSocket-Verbindung geschlossen: %1.</translation>
        </message>
        <message>
            <source>The WebSocket connection was closed: %1. A message was larger than one side accepts (this side accepts up to %2 bytes).</source>
            <translation>Die WebSocket-Verbindung wurde geschlossen: %1. Eine Nachricht war größer, als eine Seite annimmt (diese Seite nimmt bis zu %2 Bytes an).</translation>
        </message>
        <message>
            <source>empty text frame</source>
            <translation>leerer Text-Frame</translation>
        </message>
        <message>
            <source>a binary frame of %1 bytes: MCP messages travel as text frames, so it was not read</source>
            <translation>ein Binär-Frame mit %1 Bytes: MCP-Nachrichten reisen als Text-Frames, daher wurde er nicht gelesen</translation>
        </message>
        <message>
            <source>WebSocket pong after %1 ms</source>
            <translation>WebSocket-Pong nach %1 ms</translation>
        </message>
        <message>
            <source>The server did not answer a WebSocket ping within %1 ms: the connection is taken as lost.</source>
            <translation>Der Server hat einen WebSocket-Ping nicht innerhalb von %1 ms beantwortet: Die Verbindung gilt als verloren.</translation>
        </message>
        <message>
            <source>WebSocket ping</source>
            <translation>WebSocket-Ping</translation>
        </message>
        <message>
            <source>Cannot send: the WebSocket connection to %1 is not open.</source>
            <translation>Senden nicht möglich: Die WebSocket-Verbindung zu %1 ist nicht offen.</translation>
        </message>
        <message>
            <source>Closed by the client before the WebSocket opened.</source>
            <translation>Vom Client geschlossen, bevor der WebSocket offen war.</translation>
        </message>
        <message>
            <source>Closing the WebSocket: %1</source>
            <translation>WebSocket wird geschlossen: %1</translation>
        </message>
    </context>
</TS>
