#pragma once

#include "pendingrequestdialog.h"

QT_BEGIN_NAMESPACE
class QLabel;
class QComboBox;
class QLineEdit;
class QPlainTextEdit;
QT_END_NAMESPACE

namespace Mcp::Ui {

class ResultView;

// sampling/createMessage: shows which server asks, the messages (every content type), the
// system prompt, model preferences, limits and tools; the user writes or edits the answer
// (role, model, text, stop reason) and sends it, or rejects the request (error -1).
class SamplingDialog : public PendingRequestDialog
{
    Q_OBJECT

public:
    SamplingDialog(const Asked &asked, const QString &serverName, QWidget *parent = nullptr);

    // The result Send would answer with now.
    QJsonObject answer() const;
    void setAnswerText(const QString &text);
    ResultView *messagesView() const { return m_messages; }
    // A modern server asked (revision `version`, which deprecates sampling): say so under the banner.
    void setDeprecatedIn(const QString &version);
    QLabel *deprecationLabel() const { return m_deprecation; }

    static constexpr int RejectedCode = -1;

public Q_SLOTS:
    void sendAnswer();
    void rejectRequest();

protected:
    void reject() override; // Esc or closing the window rejects too

private:
    void setUp();
    ResultView *m_messages = nullptr;
    QLabel *m_deprecation = nullptr;
    QComboBox *m_role = nullptr;
    QLineEdit *m_model = nullptr;
    QComboBox *m_stopReason = nullptr;
    QPlainTextEdit *m_text = nullptr;
};

} // namespace Mcp::Ui
