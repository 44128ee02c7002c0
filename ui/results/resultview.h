#pragma once

#include "jsonrpc/jsontext.h"
#include "protocol/types.h"
#include "results/textsource.h"
#include "session/modern/multiroundtrip.h"
#include "theme.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QTreeWidget>
#include <QWidget>

#include <optional>

QT_BEGIN_NAMESPACE
class QLabel;
class QScrollArea;
class QToolButton;
class QVBoxLayout;
QT_END_NAMESPACE

namespace Mcp::Ui {

class FlowLayout;

// A JSON value as a tree whose children are made when a node is opened, so a value with a
// million members costs nothing until someone looks inside.
class LazyJsonTree : public QTreeWidget
{
    Q_OBJECT

public:
    explicit LazyJsonTree(QWidget *parent = nullptr);
    void setJson(const QJsonValue &value);
    static constexpr int ChildrenPerNode = 2000; // more are summarised in one row

private:
    void populate(QTreeWidgetItem *item);
    QTreeWidgetItem *makeItem(const QString &key, const QJsonValue &value);
};

// Renders MCP content: a tools/call result (content blocks, structuredContent checked against
// the tool's outputSchema, isError), prompt or sampling messages, and resources/read contents.
// Everything it shows is bounded: big texts show their first 256 KiB until asked for all (then
// a BigTextView prepares all of it off the GUI thread), JSON trees open lazily, images are scaled, SVG never loads anything external.
// It hides itself while it has nothing to show (no result and no status), so the form gets the room.
class ResultView : public QWidget
{
    Q_OBJECT

public:
    explicit ResultView(QWidget *parent = nullptr);

    void clear();
    // result of tools/call; outputSchema of the tool (Undefined when it declares none).
    void setToolResult(const QJsonObject &result, const QJsonValue &outputSchema = QJsonValue::Undefined);

    // A tool result made ready to show, on any thread (a big one in the thread pool): the texts of
    // its text blocks as TextSources, a big text left in the frame it came in and indexed there
    // (converting a 64 MiB text to a QString held the GUI thread for over 100 ms, and cost twice
    // its size), every other part converted.
    struct PreparedResult
    {
        QJsonObject shown;                      // the result (a big text block's text is a marker)
        QList<std::optional<TextSource>> texts; // per content block: its text, for text blocks
        ResultTexts json;                       // the whole result, for Copy JSON and Save JSON
    };
    static PreparedResult prepare(const ResultTexts &result);
    void setToolResult(const PreparedResult &prepared, const QJsonValue &outputSchema = QJsonValue::Undefined);
    // messages of prompts/get or sampling/createMessage: [{role, content}] (content one block or a list).
    void setMessages(const QJsonArray &messages, const QString &description = QString());
    // result of prompts/get: its description and messages, as setMessages shows them.
    void setPromptResult(const GetPromptResult &result);
    // result of resources/read: each of its contents (text or blob).
    void setResourceContents(const ReadResourceResult &result);
    // A protocol error (the request failed, no result).
    void setError(const QString &message, const QJsonValue &details = QJsonValue::Undefined);
    // Any other answer (a list, an empty result): its JSON as a tree.
    void setValue(const QJsonValue &value);
    // A short line above the result (elapsed time, task id, ...).
    void setStatusText(const QString &text);
    // A control of the caller's in the row above the result, before Copy JSON (costs no row).
    void addBarWidget(QWidget *widget);
    // The rounds of a modern multi round-trip request (Response::rounds), as a timeline above
    // the result: what the server asked in each round, what was answered, the retry, latency.
    // Shown when the request took more than one round or asked for input; set after the result.
    void setRounds(const QList<Modern::RoundRecord> &rounds);
    // The timeline: one row per round (hidden when there is none).
    QTreeWidget *roundsView() const { return m_rounds; }
    // Where a running multi round-trip request stands ("Round 2: the server asked for
    // elicitation/create; waiting for your answer"); empty before the first input request.
    static QString runningRoundText(const QList<Modern::RoundRecord> &rounds);
    enum RoundsColumn { RoundColumn, SentColumn, AskedColumn, AnsweredColumn, LatencyColumn, RoundsColumnCount };

    // The result shown, converted whole (its big texts too).
    QJsonValue resultJson() const;
    // Verdict of structuredContent against outputSchema: "valid", "invalid", "unchecked", or "" when none.
    QString structuredVerdict() const { return m_verdict; }
    bool saveJson(const QString &fileName) const;

    // One content block as a widget (text, image, audio, resource_link, resource); used by the
    // sampling dialog and the prompt page too. Links emit openResourceRequested on `owner`.
    static QWidget *createContentWidget(const QJsonObject &block, ResultView *owner, QWidget *parent);

    static constexpr qsizetype EagerTextLimit = 256 * 1024;

Q_SIGNALS:
    void openResourceRequested(const QString &uri);

private:
    // text: the block's text already prepared, or null to read it from block.
    static QWidget *createContentWidget(const QJsonObject &block, ResultView *owner, QWidget *parent, const TextSource *text);
    void begin(const QJsonValue &json, const QList<Mcp::JsonText> &texts = {});
    void addWidget(QWidget *widget);
    void addBanner(const QString &text, Theme::Badge badge);
    void addStructured(const QJsonValue &structured, const QJsonValue &outputSchema, bool isError);

    QLabel *m_status = nullptr;
    FlowLayout *m_barButtons = nullptr;
    QToolButton *m_copyJson = nullptr;
    QToolButton *m_saveJson = nullptr;
    QTreeWidget *m_rounds = nullptr;
    QScrollArea *m_scroll = nullptr;
    QWidget *m_page = nullptr;
    QVBoxLayout *m_layout = nullptr;
    QJsonValue m_json;
    QList<Mcp::JsonText> m_texts; // m_json's big texts, left in their frame (ResultTexts)
    QString m_verdict;
};

} // namespace Mcp::Ui
