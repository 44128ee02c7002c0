#pragma once

#include "answers/scriptedresponder.h"

#include <QJsonObject>
#include <QString>

namespace Mcp::Ui {

// The answers the window keeps for one server's sampling and elicitation requests, saved from
// their dialogs ("Save as scripted answer") and switched on or off on the Roots page. Stored per
// server as JSON (QSettings "scriptedAnswers/<server>"):
// {"sampling": {"enabled": true, ...a CreateMessageResult} or {"enabled": true, "error": {"code": -1, "message": "..."}},
//  "elicitation": {"enabled": true, "action": "accept", "content": {...}}}
struct SavedAnswers
{
    bool samplingEnabled = false;
    QJsonObject sampling;    // the result to send, or {"error": {code, message}}
    bool elicitationEnabled = false;
    QJsonObject elicitation; // {"action": ..., "content": {...}}

    // The answers switched on, for a ScriptedResponder: accepted forms get their defaults, as
    // a person pressing Accept sends them.
    ScriptedAnswers scripted() const;

    QJsonObject toJson() const;
    static SavedAnswers fromJson(const QJsonObject &object);
    static SavedAnswers load(const QString &serverKey);
    void save(const QString &serverKey) const;
};

} // namespace Mcp::Ui
