#include "samplingdialog.h"

#include "widgets/jsontext.h"
#include "results/resultview.h"
#include "theme.h"
#include "widgets/commonwidgets.h"
#include "widgets/screenfit.h"

#include "protocol/clienttypes.h"
#include "protocol/keys.h"
#include <QBoxLayout>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>

namespace Mcp::Ui {

namespace {

QLabel *wrapped(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}
}

SamplingDialog::SamplingDialog(const Asked &asked, const QString &serverName, QWidget *parent)
    : PendingRequestDialog(asked, serverName, parent)
{
    setUp();
}

void SamplingDialog::setDeprecatedIn(const QString &version)
{
    m_deprecation->setText(tr("Sampling is deprecated in protocol revision %1; this server still asks for it, and "
                              "hosts may stop answering.").arg(version));
    m_deprecation->setVisible(!version.isEmpty());
}

void SamplingDialog::setUp()
{
    const QString serverName = this->serverName();
    const CreateMessageParams p = CreateMessageParams::fromJson(params());
    setWindowTitle(tr("%1 asks for an LLM answer").arg(serverName));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(makeServerBanner(tr("asks your LLM for a message (sampling/createMessage). You are the model: "
                                          "write the answer, or reject the request.")));
    m_deprecation = hiddenNote<QLabel>(Theme::Role::Warning, QStringLiteral("samplingDeprecation"), this);
    layout->addWidget(m_deprecation);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    auto *top = new QWidget(splitter);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);

    // What was asked; a long system prompt or tool list scrolls, the dialog stays on the screen.
    auto *requestScroll = new QScrollArea(top);
    requestScroll->setObjectName(QStringLiteral("requestScroll"));
    requestScroll->setWidgetResizable(true);
    requestScroll->setFrameShape(QFrame::NoFrame);
    requestScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *request_ = new QGroupBox(tr("Request"));
    auto *form = new QFormLayout(request_);
    if (!p.systemPrompt.isEmpty()) {
        auto *system = wrapped(p.systemPrompt, request_);
        system->setObjectName(QStringLiteral("systemPrompt"));
        form->addRow(tr("System prompt:"), system);
    }
    const ModelPreferences preferences = p.modelPreferences.value_or(ModelPreferences());
    const QStringList &hints = preferences.hints;
    QStringList priorities;
    for (const auto &[name, priority] : {std::pair(QStringLiteral("intelligence"), preferences.intelligencePriority),
                                         std::pair(QStringLiteral("speed"), preferences.speedPriority),
                                         std::pair(QStringLiteral("cost"), preferences.costPriority)})
        if (priority)
            priorities.append(QStringLiteral("%1 %2").arg(name).arg(*priority));
    if (!hints.isEmpty() || !priorities.isEmpty()) {
        auto *prefs = wrapped((hints.isEmpty() ? QString() : tr("hints: %1").arg(hints.join(QLatin1String(", "))))
                                  + (hints.isEmpty() || priorities.isEmpty() ? QString() : QStringLiteral("; "))
                                  + priorities.join(QLatin1String(", ")),
                              request_);
        prefs->setObjectName(QStringLiteral("preferences"));
        form->addRow(tr("Model preferences:"), prefs);
    }
    QStringList limits;
    if (p.maxTokens)
        limits.append(tr("max tokens %1").arg(*p.maxTokens));
    if (p.temperature)
        limits.append(tr("temperature %1").arg(*p.temperature));
    if (p.stopSequences)
        limits.append(tr("stop sequences %1").arg(JsonText::compact(QJsonArray::fromStringList(*p.stopSequences))));
    if (!p.includeContext.isEmpty())
        limits.append(tr("include context: %1").arg(p.includeContext));
    if (!limits.isEmpty()) {
        auto *limitLabel = wrapped(limits.join(QStringLiteral(" · ")), request_);
        limitLabel->setObjectName(QStringLiteral("limits"));
        form->addRow(tr("Limits:"), limitLabel);
    }
    if (!p.tools.isEmpty()) {
        QStringList names;
        for (const Tool &tool : p.tools)
            names.append(tool.name + (tool.description.isEmpty() ? QString() : QLatin1String(": ") + tool.description));
        auto *toolLabel = wrapped(names.join(u'\n'), request_);
        toolLabel->setObjectName(QStringLiteral("tools"));
        form->addRow(tr("Tools offered:"), toolLabel);
        if (p.toolChoice)
            form->addRow(tr("Tool choice:"), wrapped(JsonText::compact(*p.toolChoice), request_));
    }
    if (p.metadata)
        form->addRow(tr("Metadata:"), wrapped(JsonText::compact(*p.metadata), request_));
    requestScroll->setWidget(request_);
    // As tall as the request needs, up to a third of the screen; the rest scrolls.
    requestScroll->setMaximumHeight(qMax(120, request_->sizeHint().height() + 4));
    topLayout->addWidget(requestScroll);
    m_messages = new ResultView(top);
    m_messages->setObjectName(QStringLiteral("samplingMessages"));
    m_messages->setMessages(p.messages);
    topLayout->addWidget(m_messages, 1);
    splitter->addWidget(top);

    // The answer.
    auto *answerBox = new QGroupBox(tr("Your answer"), splitter);
    auto *answerLayout = new QFormLayout(answerBox);
    m_role = new QComboBox(answerBox);
    m_role->setObjectName(QStringLiteral("role"));
    m_role->addItems({QStringLiteral("assistant"), QStringLiteral("user")});
    m_model = new QLineEdit(hints.isEmpty() ? QStringLiteral("mcpscope-human") : hints.first(), answerBox);
    m_model->setObjectName(QStringLiteral("model"));
    m_stopReason = new QComboBox(answerBox);
    m_stopReason->setObjectName(QStringLiteral("stopReason"));
    m_stopReason->setEditable(true);
    m_stopReason->addItems({QStringLiteral("endTurn"), QStringLiteral("stopSequence"), QStringLiteral("maxTokens"), QStringLiteral("toolUse")});
    m_text = new QPlainTextEdit(answerBox);
    m_text->setObjectName(QStringLiteral("answerText"));
    m_text->setPlaceholderText(tr("Write what the model answers…"));
    // Tab goes on to Send; the answer is prose, and a tab typed by mistake would trap the keyboard.
    m_text->setTabChangesFocus(true);
    answerLayout->addRow(tr("Role:"), m_role);
    answerLayout->addRow(tr("Model:"), m_model);
    answerLayout->addRow(tr("Stop reason:"), m_stopReason);
    answerLayout->addRow(tr("Text:"), m_text);
    splitter->addWidget(answerBox);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);

    auto *buttons = new QDialogButtonBox(this);
    auto *send = buttons->addButton(tr("&Send answer"), QDialogButtonBox::AcceptRole);
    send->setObjectName(QStringLiteral("send"));
    send->setDefault(true);
    auto *rejectButton = buttons->addButton(tr("&Reject"), QDialogButtonBox::RejectRole);
    rejectButton->setObjectName(QStringLiteral("reject"));
    rejectButton->setToolTip(tr("Answer with error -1 (the user rejected the request)"));
    addScriptedAnswerButton(buttons, tr("Answer this server's later sampling requests with this answer automatically"),
                            [this] { return answer(); });
    connect(send, &QPushButton::clicked, this, &SamplingDialog::sendAnswer);
    connect(rejectButton, &QPushButton::clicked, this, &SamplingDialog::rejectRequest);
    layout->addWidget(buttons);
    m_text->setFocus();
    ScreenFit::resizeWithin(this, QSize(760, 820));
}

QJsonObject SamplingDialog::answer() const
{
    return {{Key::Role, m_role->currentText()},
            {Key::Content, QJsonObject{{Key::Type, QStringLiteral("text")}, {Key::Text, m_text->toPlainText()}}},
            {Key::Model, m_model->text()},
            {Key::StopReason, m_stopReason->currentText()}};
}

void SamplingDialog::setAnswerText(const QString &text)
{
    m_text->setPlainText(text);
}

void SamplingDialog::sendAnswer()
{
    respond(answer());
    done(QDialog::Accepted);
}

void SamplingDialog::rejectRequest()
{
    rejectWith(RejectedCode, tr("The user rejected the sampling request"));
    done(QDialog::Rejected);
}

void SamplingDialog::reject()
{
    if (!isAnswered())
        rejectWith(RejectedCode, tr("The user rejected the sampling request"));
    QDialog::reject();
}

} // namespace Mcp::Ui
