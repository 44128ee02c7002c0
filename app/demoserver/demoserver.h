#pragma once

#include "server/server.h"

#include <QString>

class QCommandLineParser;
class QObject;

// What the command line asks of the demo server (everything but the transport).
struct DemoOptions
{
    int pageSize = 0;            // --page-size N: paginate lists (0: one page)
    QString protocolVersion;     // --protocol-version X: answer X whatever the client asks
    bool garbageAtStart = false; // --fault garbage-at-start: a non-JSON line before anything else
    bool crashAfterInit = false; // --fault crash-after-init: exit(3) once notifications/initialized arrives
    bool hangOnInitialize = false;  // --fault hang-on-initialize: never answer initialize
    bool errorOnInitialize = false; // --fault error-on-initialize: answer initialize with -32603
    bool stderrNoise = false;    // --stderr-noise: chatter on stderr, all the time
    bool conformanceFixtures = false; // --conformance: add the fixtures of `conformance server`
    bool extraTool = false;      // --extra-tool: start with extra_tool, as if toggle_extra_tool had run
    Mcp::Era era = Mcp::Era::Dual;    // --era dual|modern|legacy
    int listTtlMs = -1;               // --list-ttl MS: ttlMs of list results (-1: the server's default)
};

// Registers the demo server's options on parser (main adds the transport options).
void addDemoOptions(QCommandLineParser &parser);
// Reads them back; returns false with *error set for a bad value.
bool demoOptionsFromParser(const QCommandLineParser &parser, DemoOptions *options, QString *error);

// The demo server: every feature MCP Scope renders, plus fault switches for tests.
Mcp::Server *buildDemoServer(const DemoOptions &options, QObject *parent);
