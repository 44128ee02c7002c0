#include "config/serverconfig.h"
#include "config/transportfactory.h"
#include "transport/transport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Mcp;

class tst_ServerConfig : public QObject
{
    Q_OBJECT

private:
    static ServerConfig fullConfig()
    {
        ServerConfig c = ServerConfig::create(QStringLiteral("Everything \"quoted\" ü"));
        c.transport = ServerConfig::TransportType::Sse;
        c.command = QStringLiteral("/usr/bin/node");
        c.args = {QStringLiteral("server.js"), QStringLiteral("two words"), QString(), QStringLiteral("${HOME}/x")};
        c.env = {{QStringLiteral("PLAIN"), QStringLiteral("1"), false},
                 {QStringLiteral("API_TOKEN"), QStringLiteral("s3cr3t"), true},
                 {QStringLiteral("A_FIRST"), QStringLiteral("order kept"), false}};
        c.inheritEnvironment = false;
        c.workingDirectory = QStringLiteral("/tmp/work dir");
        c.url = QStringLiteral("https://example.com/${PATH_PART}/mcp");
        c.headers = {{QStringLiteral("X-Trace"), QStringLiteral("on"), false},
                     {QStringLiteral("Authorization"), QStringLiteral("Basic abc"), true}};
        c.bearerToken = QStringLiteral("tok-123");
        c.timeouts = {1234, false, 99999, 4321};
        c.pingIntervalMs = 15000;
        c.autoRestart = {true, 250, 8000, 3};
        c.notes = QStringLiteral("Line one\nline two");
        c.era = QStringLiteral("modern:2026-07-28");
        c.scope = ServerConfig::Scope::Project;
        c.inputs = {{QStringLiteral("key"), QStringLiteral("The key"), QStringLiteral("dflt"), true}};
        return c;
    }

private Q_SLOTS:
    // The words of the transport, authorization mode and grant: each value written is read back as
    // itself, other clients' names for Streamable HTTP read as it, and an unknown word reads as the
    // default and says so.
    void enumWordsRoundTrip()
    {
        using T = ServerConfig::TransportType;
        for (const T transport : {T::Stdio, T::StreamableHttp, T::Sse, T::Auto}) {
            bool ok = false;
            QCOMPARE(ServerConfig::transportFromString(ServerConfig::transportToString(transport), &ok), transport);
            QVERIFY(ok);
        }
        QCOMPARE(ServerConfig::transportToString(T::StreamableHttp), QStringLiteral("http"));
        for (const QString &alias : {QStringLiteral("streamable-http"), QStringLiteral(" Streamable_HTTP "),
                                     QStringLiteral("streamablehttp")})
            QCOMPARE(ServerConfig::transportFromString(alias), T::StreamableHttp);
        bool ok = true;
        QCOMPARE(ServerConfig::transportFromString(QStringLiteral("websocket"), &ok), T::Stdio);
        QVERIFY(!ok);

        using M = ServerAuth::Mode;
        for (const M mode : {M::Automatic, M::None, M::Bearer, M::OAuth})
            QCOMPARE(ServerAuth::modeFromString(ServerAuth::modeToString(mode)), mode);
        QCOMPARE(ServerAuth::modeToString(M::OAuth), QStringLiteral("oauth"));
        QCOMPARE(ServerAuth::modeFromString(QStringLiteral("kerberos")), M::Automatic);
        using G = ServerAuth::Grant;
        for (const G grant : {G::Automatic, G::AuthorizationCode, G::ClientCredentials})
            QCOMPARE(ServerAuth::grantFromString(ServerAuth::grantToString(grant)), grant);
        QCOMPARE(ServerAuth::grantToString(G::ClientCredentials), QStringLiteral("client_credentials"));
        QCOMPARE(ServerAuth::grantFromString(QStringLiteral("password")), G::Automatic);
    }

    // The era choice is written as "era" when set, left out when it is the default (Auto).
    void eraRoundTrip()
    {
        ServerConfig c = ServerConfig::create(QStringLiteral("e"));
        QVERIFY(!c.toJson().contains(QLatin1String("era")));
        QVERIFY(ServerConfig::fromJson(c.toJson()).era.isEmpty());
        c.era = QStringLiteral("legacy:2025-06-18");
        QCOMPARE(c.toJson().value(QLatin1String("era")).toString(), QStringLiteral("legacy:2025-06-18"));
        const ServerConfig back = ServerConfig::fromJson(c.toJson());
        QCOMPARE(back.era, c.era);
        QVERIFY(!back.extra.contains(QLatin1String("era")));
        QCOMPARE(back, c);
        ServerConfig other = c;
        other.era = QStringLiteral("modern");
        QVERIFY(other != c);
    }
    void roundTripEveryField()
    {
        const ServerConfig original = fullConfig();
        const QByteArray bytes = QJsonDocument(original.toJson()).toJson();
        QStringList warnings;
        const ServerConfig back = ServerConfig::fromJson(QJsonDocument::fromJson(bytes).object(), &warnings);
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(QLatin1Char('\n'))));
        QCOMPARE(back, original);
        // Every field really differs from the default, so the comparison proves something.
        const ServerConfig defaults;
        QVERIFY(back.transport != defaults.transport);
        QVERIFY(!(back.timeouts == defaults.timeouts));
        QVERIFY(!(back.autoRestart == defaults.autoRestart));
        QCOMPARE(back.env.at(2).name, QStringLiteral("A_FIRST"));
        QCOMPARE(back.args.size(), 4);
    }

    void jsonTextIsQtsLayout_data()
    {
        QTest::addColumn<ServerConfig>("config");
        QTest::newRow("defaults") << ServerConfig();
        QTest::newRow("created") << ServerConfig::create(QStringLiteral("plain"));
        QTest::newRow("every field") << fullConfig();
        ServerConfig record = fullConfig();
        record.eraRecord = QJsonObject{{QStringLiteral("era"), QStringLiteral("modern")}, {QStringLiteral("nested"), QJsonArray{1.5, QJsonObject(), QJsonArray()}}};
        record.env.clear();
        record.inputs.clear();
        QTest::newRow("era record, no env, no inputs") << record;
        ServerConfig auth = fullConfig();
        auth.auth.mode = ServerAuth::Mode::OAuth;
        auth.auth.clientId = QStringLiteral("id");
        auth.auth.clientSecret = QStringLiteral("shh");
        QTest::newRow("auth") << auth;
        ServerConfig kept = fullConfig();
        kept.extra = QJsonObject{{QStringLiteral("zzz"), true},
                                 {QStringLiteral("Aaa"), QJsonArray{QStringLiteral("\u00e9")}},
                                 {QStringLiteral("timeouts"), QJsonObject{{QStringLiteral("later"), 1}}}};
        QTest::newRow("kept keys") << kept;
    }
    // appendJsonText() is toJson() as QJsonDocument::Indented writes it, at any depth.
    void jsonTextIsQtsLayout()
    {
        QFETCH(ServerConfig, config);
        for (const auto secrets : {ServerConfig::SecretHandling::Include, ServerConfig::SecretHandling::Omit}) {
            QByteArray text;
            config.appendJsonText(text, 0, secrets);
            QCOMPARE(text + '\n', QJsonDocument(config.toJson(secrets)).toJson(QJsonDocument::Indented));
            QByteArray nested = "[\n    ";
            config.appendJsonText(nested, 1, secrets);
            nested += "\n]\n";
            QCOMPARE(nested, QJsonDocument(QJsonArray{config.toJson(secrets)}).toJson(QJsonDocument::Indented));
            // Deep down too (each level of the layout is four more blanks).
            QByteArray deep;
            config.appendJsonText(deep, 40, secrets);
            QCOMPARE(deep, QByteArray(text).replace("\n", QByteArray("\n" + QByteArray(160, ' '))));
        }
    }

    void newIdsAreRandomUuids()
    {
        QSet<QUuid> ids;
        for (int i = 0; i < 1000; ++i) {
            const QUuid id = ServerConfig::create().id;
            QCOMPARE(id.version(), QUuid::Random);
            QCOMPARE(id.variant(), QUuid::DCE);
            ids.insert(id);
        }
        QCOMPARE(ids.size(), 1000);
    }

    void transportsRoundTrip_data()
    {
        QTest::addColumn<ServerConfig::TransportType>("transport");
        QTest::addColumn<QString>("text");
        QTest::newRow("stdio") << ServerConfig::TransportType::Stdio << "stdio";
        QTest::newRow("http") << ServerConfig::TransportType::StreamableHttp << "http";
        QTest::newRow("sse") << ServerConfig::TransportType::Sse << "sse";
        QTest::newRow("auto") << ServerConfig::TransportType::Auto << "auto";
    }
    void transportsRoundTrip()
    {
        QFETCH(ServerConfig::TransportType, transport);
        QFETCH(QString, text);
        ServerConfig c = ServerConfig::create(QStringLiteral("t"));
        c.transport = transport;
        QCOMPARE(c.toJson().value(QLatin1String("transport")).toString(), text);
        QCOMPARE(ServerConfig::fromJson(c.toJson()).transport, transport);
    }

    void unknownKeysPreserved()
    {
        QJsonObject object = fullConfig().toJson();
        object.insert(QLatin1String("futureFeature"), QJsonObject{{QLatin1String("a"), 1}});
        QJsonObject timeouts = object.value(QLatin1String("timeouts")).toObject();
        timeouts.insert(QLatin1String("idleMs"), 77);
        object.insert(QLatin1String("timeouts"), timeouts);
        QJsonObject restart = object.value(QLatin1String("autoRestart")).toObject();
        restart.insert(QLatin1String("jitter"), true);
        object.insert(QLatin1String("autoRestart"), restart);

        const ServerConfig parsed = ServerConfig::fromJson(object);
        QCOMPARE(parsed.toJson(), object);
        QCOMPARE(parsed.toJson().value(QLatin1String("timeouts")).toObject().value(QLatin1String("idleMs")).toInt(), 77);
    }

    void secretsOmitted()
    {
        const QJsonObject object = fullConfig().toJson(ServerConfig::SecretHandling::Omit);
        const QByteArray text = QJsonDocument(object).toJson();
        QVERIFY(!text.contains("s3cr3t"));
        QVERIFY(!text.contains("Basic abc"));
        QVERIFY(!text.contains("tok-123"));
        QVERIFY(text.contains("order kept"));
        const ServerConfig back = ServerConfig::fromJson(object);
        QVERIFY(back.env.at(1).secret);
        QVERIFY(back.env.at(1).value.isEmpty());
        QVERIFY(back.hasMissingSecrets());
        QVERIFY(!fullConfig().hasMissingSecrets());
    }

    void authRoundTrip_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<int>("grant");
        QTest::addColumn<QString>("modeText");
        QTest::newRow("none") << int(ServerAuth::Mode::None) << int(ServerAuth::Grant::Automatic) << "none";
        QTest::newRow("bearer") << int(ServerAuth::Mode::Bearer) << int(ServerAuth::Grant::Automatic) << "bearer";
        QTest::newRow("oauth code") << int(ServerAuth::Mode::OAuth) << int(ServerAuth::Grant::AuthorizationCode) << "oauth";
        QTest::newRow("oauth client credentials")
            << int(ServerAuth::Mode::OAuth) << int(ServerAuth::Grant::ClientCredentials) << "oauth";
        QTest::newRow("auto with client id") << int(ServerAuth::Mode::Automatic) << int(ServerAuth::Grant::Automatic) << "auto";
    }
    void authRoundTrip()
    {
        QFETCH(int, mode);
        QFETCH(int, grant);
        QFETCH(QString, modeText);
        ServerConfig c = ServerConfig::create(QStringLiteral("a"));
        c.transport = ServerConfig::TransportType::StreamableHttp;
        c.url = QStringLiteral("http://127.0.0.1:1/mcp");
        c.auth.mode = ServerAuth::Mode(mode);
        c.auth.grant = ServerAuth::Grant(grant);
        c.auth.clientId = QStringLiteral("client-7");
        c.auth.clientSecret = QStringLiteral("cl1ent-s3cret");
        c.auth.scopes = QStringLiteral("read write");
        const QJsonObject json = c.toJson();
        QCOMPARE(json.value(QLatin1String("auth")).toObject().value(QLatin1String("mode")).toString(), modeText);
        const QByteArray bytes = QJsonDocument(json).toJson();
        QCOMPARE(ServerConfig::fromJson(QJsonDocument::fromJson(bytes).object()), c);

        // The secret stays out of plain files; everything else is kept.
        const QByteArray omitted = QJsonDocument(c.toJson(ServerConfig::SecretHandling::Omit)).toJson();
        QVERIFY(!omitted.contains("cl1ent-s3cret"));
        const ServerConfig back = ServerConfig::fromJson(QJsonDocument::fromJson(omitted).object());
        QVERIFY(back.auth.clientSecret.isEmpty());
        QCOMPARE(back.auth.clientId, c.auth.clientId);
        QCOMPARE(back.auth.scopes, c.auth.scopes);
        QCOMPARE(back.auth.mode, c.auth.mode);
        QCOMPARE(back.auth.grant, c.auth.grant);
    }

    void authExtensionSettingsRoundTrip()
    {
        ServerConfig c = ServerConfig::create(QStringLiteral("x"));
        c.transport = ServerConfig::TransportType::StreamableHttp;
        c.url = QStringLiteral("http://127.0.0.1:1/mcp");
        c.auth.clientId = QStringLiteral("client-7");
        c.auth.clientIssuer = QStringLiteral("https://as.example/tenant");
        c.auth.clientKeyFile = QStringLiteral("/keys/client.pem");
        c.auth.clientMetadataUrl = QStringLiteral("https://app.example/client.json");
        c.auth.workloadTokenFile = QStringLiteral("${env:TOKEN_FILE}");
        c.auth.dpop = false;
        const QJsonObject auth = c.toJson().value(QLatin1String("auth")).toObject();
        QCOMPARE(auth.value(QLatin1String("clientIssuer")).toString(), c.auth.clientIssuer);
        QCOMPARE(auth.value(QLatin1String("dpop")).toBool(true), false);
        const ServerConfig back = ServerConfig::fromJson(QJsonDocument::fromJson(QJsonDocument(c.toJson()).toJson()).object());
        QCOMPARE(back, c);
        QVERIFY(back.extra.value(QLatin1String("auth")).toObject().isEmpty()); // all known, none kept as unknown
        // The file paths take ${env:...} like every other value.
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("TOKEN_FILE"), QStringLiteral("/run/token"));
        QCOMPARE(c.resolved(environment, {}, nullptr).auth.workloadTokenFile, QStringLiteral("/run/token"));

        // Unset, they are not written: older files stay as they were.
        c.auth = ServerAuth();
        c.auth.clientId = QStringLiteral("client-7");
        const QJsonObject plain = c.toJson().value(QLatin1String("auth")).toObject();
        for (const char *key : {"clientIssuer", "clientKeyFile", "clientMetadataUrl", "workloadTokenFile", "dpop"})
            QVERIFY2(!plain.contains(QLatin1String(key)), key);
        QVERIFY(ServerConfig::fromJson(c.toJson()).auth.dpop);
    }

    void defaultAuthNotWritten()
    {
        ServerConfig c = ServerConfig::create(QStringLiteral("d"));
        c.transport = ServerConfig::TransportType::StreamableHttp;
        QVERIFY(!c.toJson().contains(QLatin1String("auth")));
        QCOMPARE(ServerConfig::fromJson(c.toJson()).auth.mode, ServerAuth::Mode::Automatic);
        QVERIFY(c.auth.usesOAuth(QString()));
        QVERIFY(!c.auth.usesOAuth(QStringLiteral("tok")));
        c.auth.mode = ServerAuth::Mode::Bearer;
        QVERIFY(!c.auth.usesOAuth(QString()));
    }

    void tolerantParsing()
    {
        QStringList warnings;
        const ServerConfig c = ServerConfig::fromJson(
            QJsonObject{{QLatin1String("id"), QLatin1String("not-a-uuid")},
                        {QLatin1String("transport"), QLatin1String("carrier-pigeon")},
                        {QLatin1String("args"), QJsonArray{QLatin1String("--port"), 8080, true}},
                        {QLatin1String("env"), 5}},
            &warnings);
        QVERIFY(!c.id.isNull());
        QCOMPARE(c.transport, ServerConfig::TransportType::Stdio);
        QCOMPARE(c.args, QStringList({QStringLiteral("--port"), QStringLiteral("8080"), QStringLiteral("true")}));
        QCOMPARE(warnings.size(), 2);
        QVERIFY(warnings.join(QString()).contains(QLatin1String("carrier-pigeon")));
    }

    void expansion_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QStringList>("unresolved");
        QTest::newRow("plain") << "no refs $HOME" << "no refs $HOME" << QStringList();
        QTest::newRow("var") << "${FOO}/bin" << "foo-value/bin" << QStringList();
        QTest::newRow("env:") << "a${env:FOO}b" << "afoo-valueb" << QStringList();
        QTest::newRow("empty var is set") << "[${EMPTY}]" << "[]" << QStringList();
        QTest::newRow("default unused") << "${FOO:-dflt}" << "foo-value" << QStringList();
        QTest::newRow("default used for unset") << "${NOPE:-https://x.org}" << "https://x.org" << QStringList();
        QTest::newRow("default used for empty") << "${EMPTY:-d}" << "d" << QStringList();
        QTest::newRow("missing") << "x ${NOPE} y ${NOPE}" << "x ${NOPE} y ${NOPE}" << QStringList{"${NOPE}"};
        QTest::newRow("missing env:") << "${env:NOPE}" << "${env:NOPE}" << QStringList{"${env:NOPE}"};
        QTest::newRow("input given") << "Bearer ${input:tok}" << "Bearer typed" << QStringList();
        QTest::newRow("input default") << "${input:withDefault}" << "the-default" << QStringList();
        QTest::newRow("input missing") << "${input:other}" << "${input:other}" << QStringList{"${input:other}"};
        QTest::newRow("workspace") << "${workspaceFolder}/s.py" << "/proj/s.py" << QStringList();
        QTest::newRow("userHome from HOME") << "${userHome}/.x" << "/home/tester/.x" << QStringList();
        QTest::newRow("unknown form") << "${pathSeparator}" << "${pathSeparator}" << QStringList{"${pathSeparator}"};
        QTest::newRow("unterminated") << "${FOO" << "${FOO" << QStringList();
        QTest::newRow("two unresolved") << "${A1}${B2}" << "${A1}${B2}" << QStringList{"${A1}", "${B2}"};
        QTest::newRow("adjacent") << "${FOO}${FOO}" << "foo-valuefoo-value" << QStringList();
    }
    void expansion()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QFETCH(QStringList, unresolved);
        QProcessEnvironment env;
        env.insert(QStringLiteral("FOO"), QStringLiteral("foo-value"));
        env.insert(QStringLiteral("EMPTY"), QString());
        env.insert(QStringLiteral("HOME"), QStringLiteral("/home/tester"));
        const QHash<QString, QString> inputs{{QStringLiteral("tok"), QStringLiteral("typed")},
                                             {QStringLiteral("workspaceFolder"), QStringLiteral("/proj")}};
        const QList<InputPrompt> prompts{{QStringLiteral("withDefault"), QString(), QStringLiteral("the-default"), false}};
        QStringList actualUnresolved;
        QCOMPARE(expandVariables(text, env, inputs, prompts, &actualUnresolved), expected);
        QCOMPARE(actualUnresolved, unresolved);
    }

    void resolvedTouchesEveryField()
    {
        ServerConfig c = ServerConfig::create(QStringLiteral("${X}"));
        c.command = QStringLiteral("${X}/cmd");
        c.args = {QStringLiteral("--a=${X}"), QStringLiteral("${input:k}")};
        c.env = {{QStringLiteral("E"), QStringLiteral("${X}"), false}};
        c.workingDirectory = QStringLiteral("${X}");
        c.url = QStringLiteral("http://${X}/");
        c.headers = {{QStringLiteral("H"), QStringLiteral("v${X}"), true}};
        c.bearerToken = QStringLiteral("${TOKEN}");
        QProcessEnvironment env;
        env.insert(QStringLiteral("X"), QStringLiteral("x"));
        QStringList unresolved;
        const ServerConfig r = c.resolved(env, {}, &unresolved);
        QCOMPARE(r.name, QStringLiteral("${X}")); // names are not expanded
        QCOMPARE(r.command, QStringLiteral("x/cmd"));
        QCOMPARE(r.args, QStringList({QStringLiteral("--a=x"), QStringLiteral("${input:k}")}));
        QCOMPARE(r.env.at(0).value, QStringLiteral("x"));
        QCOMPARE(r.workingDirectory, QStringLiteral("x"));
        QCOMPARE(r.url, QStringLiteral("http://x/"));
        QCOMPARE(r.headers.at(0).value, QStringLiteral("vx"));
        QCOMPARE(unresolved, QStringList({QStringLiteral("${input:k}"), QStringLiteral("${TOKEN}")}));
        // What the window asks for at connect: the input ids among them, nothing else.
        QCOMPARE(ServerConfig::inputIdOf(unresolved.at(0)), QStringLiteral("k"));
        QCOMPARE(ServerConfig::inputIdOf(unresolved.at(1)), QString());
        QCOMPARE(ServerConfig::inputIdOf(QStringLiteral("${input:api-key}")), QStringLiteral("api-key"));
        QCOMPARE(ServerConfig::inputIdOf(QStringLiteral("${input:unclosed")), QString());
        // The stored text stays as written.
        QCOMPARE(c.command, QStringLiteral("${X}/cmd"));
    }

    void secretValuesAreTheSecretsThatHaveValues()
    {
        ServerConfig c = ServerConfig::create(QStringLiteral("s"));
        c.env = {{QStringLiteral("API_KEY"), QStringLiteral("env-secret"), true},
                 {QStringLiteral("PLAIN"), QStringLiteral("not-secret"), false},
                 {QStringLiteral("EMPTY_KEY"), QString(), true}};
        c.headers = {{QStringLiteral("X-Token"), QStringLiteral("header-secret"), true},
                     {QStringLiteral("Accept"), QStringLiteral("text/plain"), false}};
        QCOMPARE(c.secretValues(), QStringList({QStringLiteral("env-secret"), QStringLiteral("header-secret")}));
        c.bearerToken = QStringLiteral("bearer");
        c.auth.clientSecret = QStringLiteral("client-secret");
        QCOMPARE(c.secretValues(), QStringList({QStringLiteral("env-secret"), QStringLiteral("header-secret"),
                                                QStringLiteral("bearer"), QStringLiteral("client-secret")}));
    }

    void shellQuoting_data()
    {
        QTest::addColumn<QString>("word");
        QTest::addColumn<QString>("quoted");
        QTest::newRow("safe") << "/usr/bin/node" << "/usr/bin/node";
        QTest::newRow("empty") << "" << "''";
        QTest::newRow("space") << "two words" << "'two words'";
        QTest::newRow("single quote") << "it's" << "'it'\\''s'";
        QTest::newRow("dollar") << "${HOME}" << "'${HOME}'";
        QTest::newRow("glob") << "*.txt" << "'*.txt'";
        QTest::newRow("semicolon") << "a;rm -rf /" << "'a;rm -rf /'";
        QTest::newRow("newline") << "a\nb" << "'a\nb'";
        QTest::newRow("tilde") << "~/x" << "'~/x'";
        QTest::newRow("flag") << "--db-path=/x" << "--db-path=/x";
    }
    void shellQuoting()
    {
        QFETCH(QString, word);
        QFETCH(QString, quoted);
        QCOMPARE(shellQuote(word), quoted);
    }

    // One splitting rule for a command line typed or pasted as one string (the Add Server dialog,
    // `mcpscope "COMMAND ARGS"`, diff, replay, imports): a POSIX shell's word splitting.
    void splitCommandLine_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("words");
        QTest::newRow("plain") << "npx -y server" << QStringList{"npx", "-y", "server"};
        QTest::newRow("single quotes keep a script whole") << "sh -c 'sleep 2; exit 3'"
                                                           << QStringList{"sh", "-c", "sleep 2; exit 3"};
        QTest::newRow("double quotes") << "node \"my server.js\" --name \"a b\""
                                       << QStringList{"node", "my server.js", "--name", "a b"};
        QTest::newRow("escapes in double quotes") << "echo \"say \\\"hi\\\" \\\\ \\$HOME \\x\""
                                                  << QStringList{"echo", "say \"hi\" \\ $HOME \\x"};
        QTest::newRow("backslash outside quotes") << "cat my\\ file.txt \\'q" << QStringList{"cat", "my file.txt", "'q"};
        QTest::newRow("single quotes keep backslashes") << "printf '%s\\n'" << QStringList{"printf", "%s\\n"};
        QTest::newRow("adjacent parts make one word") << "--opt='a b'\"c d\"e" << QStringList{"--opt=a bc de"};
        QTest::newRow("empty quotes are an empty word") << "prog '' \"\"" << QStringList{"prog", "", ""};
        QTest::newRow("blanks of every kind") << "  a\t b \n c  " << QStringList{"a", "b", "c"};
        QTest::newRow("nothing") << "   " << QStringList{};
    }
    void splitCommandLine()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, words);
        const std::optional<QStringList> split = Mcp::splitCommandLine(text);
        QVERIFY(split);
        QCOMPARE(*split, words);
        // shellQuote() is the inverse: the words, quoted and joined, split back into themselves.
        QStringList quoted;
        for (const QString &word : words)
            quoted.append(shellQuote(word));
        QCOMPARE(Mcp::splitCommandLine(quoted.join(u' ')).value_or(QStringList{"(failed)"}), words);
    }

    void splitCommandLineRefusesUnclosedQuotes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("single") << "sh -c 'sleep 2";
        QTest::newRow("double") << "node \"my server.js";
        QTest::newRow("trailing backslash") << "node server.js \\";
    }
    void splitCommandLineRefusesUnclosedQuotes()
    {
        QFETCH(QString, text);
        QString error;
        QVERIFY(!Mcp::splitCommandLine(text, &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(looksLikeCommandLine(text)); // still a command line being typed, not a program
    }

    void commandLineOrProgram()
    {
        QVERIFY(looksLikeCommandLine(QStringLiteral("npx -y server")));
        QVERIFY(!looksLikeCommandLine(QStringLiteral("/usr/bin/node")));
        QVERIFY(!looksLikeCommandLine(QStringLiteral("'one word'")));
        // An existing path with a blank in it is a program.
        QTemporaryDir dir;
        const QString spaced = dir.filePath(QStringLiteral("my server"));
        QFile file(spaced);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        QVERIFY(!looksLikeCommandLine(spaced));
        QVERIFY(looksLikeUrl(QStringLiteral(" https://example.com/mcp ")));
        QVERIFY(looksLikeUrl(QStringLiteral("HTTP://127.0.0.1:3001/mcp")));
        QVERIFY(!looksLikeUrl(QStringLiteral("npx https://example.com")));
        QVERIFY(!looksLikeUrl(QStringLiteral("httpserver")));
        QVERIFY(looksLikeUrl(QStringLiteral("ws://127.0.0.1:3001/mcp")));
        QVERIFY(looksLikeUrl(QStringLiteral("WSS://example.com/mcp")));
        QVERIFY(!looksLikeUrl(QStringLiteral("wsserver")));
    }

    // The URL's scheme chooses the transport: ws:// and wss:// make a WebSocket transport with the
    // entry's headers, whatever URL type the entry has; neither is an HTTP endpoint for probes.
    void webSocketFromTheScheme()
    {
        ServerConfig config = ServerConfig::create(QStringLiteral("ws"));
        config.transport = ServerConfig::TransportType::Auto;
        config.url = QStringLiteral("wss://example.com/mcp");
        config.headers = {ConfigEntry{QStringLiteral("X-Team"), QStringLiteral("a"), false}};
        QString error;
        const TransportFactory factory = transportFactoryFor(config, &error);
        QVERIFY2(factory, qPrintable(error));
        const std::unique_ptr<Transport> transport(factory());
        QCOMPARE(transport->transportName(), QStringLiteral("websocket"));
        QCOMPARE(transport->endpointDescription(), QStringLiteral("wss://example.com/mcp"));
        QVERIFY(!httpEndpointFor(config));
        config.url = QStringLiteral("ftp://example.com/mcp");
        QVERIFY(!transportFactoryFor(config, &error));
        QVERIFY2(error.contains(QLatin1String("ws://")), qPrintable(error));
    }

    void commandLine_data()
    {
        QTest::addColumn<ServerConfig>("config");
        QTest::addColumn<QString>("masked");
        QTest::addColumn<QString>("revealed");
        ServerConfig simple;
        simple.command = QStringLiteral("npx");
        simple.args = {QStringLiteral("-y"), QStringLiteral("@scope/pkg"), QStringLiteral("/My Documents")};
        QTest::newRow("simple") << simple << "npx -y @scope/pkg '/My Documents'" << "npx -y @scope/pkg '/My Documents'";
        ServerConfig full = simple;
        full.workingDirectory = QStringLiteral("/srv/a b");
        full.inheritEnvironment = false;
        full.env = {{QStringLiteral("A"), QStringLiteral("1 2"), false}, {QStringLiteral("TOKEN"), QStringLiteral("xyz"), true}};
        QTest::newRow("full") << full
                              << QStringLiteral("cd '/srv/a b' && env -i A='1 2' TOKEN=\u2022\u2022\u2022\u2022 npx -y @scope/pkg '/My Documents'")
                              << "cd '/srv/a b' && env -i A='1 2' TOKEN=xyz npx -y @scope/pkg '/My Documents'";
        ServerConfig assignment;
        assignment.command = QStringLiteral("A=b");
        QTest::newRow("command looks like assignment") << assignment << "'A=b'" << "'A=b'";
    }
    void commandLine()
    {
        QFETCH(ServerConfig, config);
        QFETCH(QString, masked);
        QFETCH(QString, revealed);
        QCOMPARE(config.commandLineForDisplay(), masked);
        QCOMPARE(config.commandLineForDisplay(ServerConfig::SecretDisplay::Reveal), revealed);
    }

    void fingerprint_data()
    {
        QTest::addColumn<int>("change");
        QTest::addColumn<bool>("changesFingerprint");
        QTest::newRow("command") << 0 << true;
        QTest::newRow("arg added") << 1 << true;
        QTest::newRow("arg split differently") << 2 << true;
        QTest::newRow("env value") << 3 << true;
        QTest::newRow("env name") << 4 << true;
        QTest::newRow("cwd") << 5 << true;
        QTest::newRow("transport") << 6 << true;
        QTest::newRow("inherit environment") << 7 << true;
        QTest::newRow("name") << 8 << false;
        QTest::newRow("notes and timeouts") << 9 << false;
        QTest::newRow("id") << 10 << false;
    }
    void fingerprint()
    {
        QFETCH(int, change);
        QFETCH(bool, changesFingerprint);
        ServerConfig c = ServerConfig::create(QStringLiteral("n"));
        c.command = QStringLiteral("node");
        c.args = {QStringLiteral("a b")};
        c.env = {{QStringLiteral("K"), QStringLiteral("v"), false}};
        const QByteArray before = c.commandFingerprint();
        QCOMPARE(before.size(), 64);
        switch (change) {
        case 0: c.command = QStringLiteral("nodejs"); break;
        case 1: c.args << QStringLiteral("--evil"); break;
        case 2: c.args = {QStringLiteral("a"), QStringLiteral("b")}; break;
        case 3: c.env[0].value = QStringLiteral("w"); break;
        case 4: c.env[0].name = QStringLiteral("LD_PRELOAD"); break;
        case 5: c.workingDirectory = QStringLiteral("/tmp"); break;
        case 6: c.transport = ServerConfig::TransportType::Auto; break;
        case 7: c.inheritEnvironment = false; break;
        case 8: c.name = QStringLiteral("other"); break;
        case 9: c.notes = QStringLiteral("x"); c.timeouts.requestMs = 1; break;
        case 10: c.id = QUuid::createUuid(); break;
        }
        QCOMPARE(c.commandFingerprint() != before, changesFingerprint);
    }
};

QTEST_GUILESS_MAIN(tst_ServerConfig)
#include "tst_serverconfig.moc"
