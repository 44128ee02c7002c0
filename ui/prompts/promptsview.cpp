#include "promptsview.h"

#include "widgets/cachenote.h"
#include "widgets/commonwidgets.h"

#include "forms/debouncedcompleter.h"
#include "forms/toolinputstore.h"
#include "results/resultview.h"

#include "protocol/keys.h"
#include "protocol/methods.h"
#include "protocol/requests.h"
#include "protocol/types.h"
#include "widgets/fittinglabel.h"
#include "widgets/itemlist.h"
#include "widgets/markdown.h"
#include "widgets/twolinedelegate.h"
#include "widgets/units.h"

#include <QBoxLayout>
#include <QElapsedTimer>
#include <QFormLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>

namespace Mcp::Ui {

namespace {
QString promptText(const QJsonObject &json)
{
    const Prompt prompt = Prompt::fromJson(json);
    return TwoLineDelegate::itemText(displayName(json), prompt.name, prompt.description);
}

QString toolTipOf(const QJsonObject &json)
{
    return Prompt::fromJson(json).description;
}
}

PromptsView::PromptsView(Connection *connection, QWidget *parent)
    : QWidget(parent)
    , m_connection(connection)
{
    const ListAndDetails columns = splitListAndDetails(this);
    QWidget *left = columns.listColumn;
    QVBoxLayout *leftLayout = columns.listLayout;
    auto *filter = searchField(QStringLiteral("promptFilter"), tr("Search"), left);
    m_list = new ItemList({Key::Name, &promptText, &toolTipOf}, left);
    m_list->setObjectName(QStringLiteral("promptList"));
    auto *refreshButton = new QPushButton(tr("Refresh"), left);
    m_listMessage = new FittingLabel(left);
    m_listMessage->setWordWrap(true);
    leftLayout->addWidget(filter);
    leftLayout->addWidget(m_list, 1);
    leftLayout->addWidget(refreshButton, 0, Qt::AlignLeft);
    leftLayout->addWidget(m_listMessage);

    QWidget *right = columns.detailsColumn;
    QVBoxLayout *rightLayout = columns.detailsLayout;
    m_heading = headingLabel(tr("Select a prompt"), right);
    m_description = new QLabel(tr("Pick a prompt on the left: its arguments appear here, and Get prompt "
                                  "(Ctrl+Enter) shows the messages it makes."), right);
    m_description->setWordWrap(true);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_argumentsBox = new QWidget(right);
    m_form = new QFormLayout(m_argumentsBox);
    m_form->setContentsMargins(0, 0, 0, 0);
    auto *buttons = new QHBoxLayout;
    m_get = new QPushButton(tr("Get prompt"), right);
    m_get->setObjectName(QStringLiteral("getPrompt"));
    m_get->setToolTip(tr("prompts/get (Ctrl+Enter)"));
    buttons->addWidget(m_get);
    buttons->addStretch(1);
    m_status = new FittingLabel(right);
    m_status->setObjectName(QStringLiteral("promptStatus"));
    m_status->setWordWrap(true);
    m_result = new ResultView(right);
    rightLayout->addWidget(m_heading);
    rightLayout->addWidget(m_description);
    rightLayout->addWidget(m_argumentsBox);
    rightLayout->addLayout(buttons);
    rightLayout->addWidget(m_status);
    rightLayout->addWidget(m_result, 1);
    rightLayout->addStretch(0); // keeps the form at the top while there is no result

    auto *shortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this);
    shortcut->setContext(Qt::WidgetWithChildrenShortcut);
    shortcut->setWhatsThis(tr("Get the prompt"));
    connect(shortcut, &QShortcut::activated, this, &PromptsView::get);
    connect(filter, &QLineEdit::textChanged, m_list, &ItemList::setFilterText);
    connect(m_list, &ItemList::currentItemChanged, this, [this](const QJsonObject &item) {
        if (!item.isEmpty())
            showPrompt(Prompt::fromJson(item));
    });
    // The chosen prompt stays chosen across a refresh; a new definition of it renews the form.
    connect(m_list, &ItemList::itemsReplaced, this, [this] {
        const QJsonObject current = m_list->currentItem();
        if (!current.isEmpty())
            showPrompt(Prompt::fromJson(current));
    });
    connect(refreshButton, &QPushButton::clicked, this, [this] { refresh(true); });
    connect(m_get, &QPushButton::clicked, this, &PromptsView::get);
    connect(m_result, &ResultView::openResourceRequested, this, &PromptsView::openResourceRequested);
    if (connection) {
        connect(connection, &Connection::promptsListChanged, this, [this] { refresh(); });
        connect(connection, &Connection::stateChanged, this, [this](Connection::State state) {
            if (state != Connection::State::Connected)
                m_cacheNote.sessionEnded();
        });
    }
}

void PromptsView::refresh(bool forced)
{
    if (!m_connection || !m_connection->isConnected())
        return;
    Client::ListOptions options;
    options.forceRefresh = forced;
    m_listMessage->setText(tr("Loading…"));
    m_connection->listAll(Lists::Prompts, this, options,
                          [this](const QJsonArray &items, const std::optional<RpcError> &error, const CacheStatus &cache) {
        m_list->setItems(items);
        m_listMessage->setText(error ? tr("Listing prompts failed: %1").arg(error->message)
                                     : withCacheNote(tr("%n prompt(s)", nullptr, int(items.size())), m_cacheNote.shown(cache)));
    });
}

bool PromptsView::selectByName(const QString &name)
{
    return m_list->selectByKey(name);
}

QLineEdit *PromptsView::argumentEdit(const QString &name) const
{
    for (const auto &argument : m_arguments)
        if (argument.first == name)
            return argument.second;
    return nullptr;
}

QJsonObject PromptsView::arguments() const
{
    // Prompt arguments are strings; empty optional ones are left out.
    QJsonObject out;
    for (const auto &argument : m_arguments)
        if (!argument.second->text().isEmpty())
            out.insert(argument.first, argument.second->text());
    return out;
}

void PromptsView::showPrompt(const Prompt &prompt)
{
    // The same prompt again (a list refresh) keeps its last answer; a new definition of it
    // only renews the form.
    const bool samePrompt = !m_prompt.json.isEmpty() && prompt.name == m_prompt.name;
    if (samePrompt && prompt.json == m_prompt.json)
        return;
    m_prompt = prompt;
    m_forceNextGet = false;
    const QString name = prompt.name;
    const QString title = prompt.displayName();
    m_heading->setText(title == name ? name : QStringLiteral("%1 — %2").arg(title, name));
    setMarkdownText(m_description, prompt.description);
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
    m_arguments.clear();
    const QJsonObject saved = m_connection ? ToolInputStore::load(m_connection->name(), QStringLiteral("prompt"), name).toObject() : QJsonObject();
    const bool completions = m_connection && m_connection->sessionInfo().serverCapabilities.contains(Key::Completions);
    for (const PromptArgument &argument : prompt.arguments) {
        const QString argName = argument.name;
        auto *edit = new QLineEdit(saved.value(argName).toString(), m_argumentsBox);
        edit->setObjectName(QLatin1String("argument:") + argName);
        edit->setPlaceholderText(argument.description);
        edit->setToolTip(argument.description);
        QString label = argument.displayName();
        if (argument.required)
            label += QLatin1String(" *");
        m_form->addRow(label + QLatin1Char(':'), edit);
        m_arguments.append({argName, edit});
        // Return gets the prompt, as Return in a resource template's field reads it.
        connect(edit, &QLineEdit::returnPressed, this, [this] {
            if (m_get->isEnabled())
                get();
        });
        connect(edit, &QLineEdit::textChanged, this, [this, name] {
            m_forceNextGet = false; // what was checked has changed
            if (m_connection)
                ToolInputStore::save(m_connection->name(), QStringLiteral("prompt"), name, arguments());
        });
        if (completions) {
            QPointer<PromptsView> self(this);
            new DebouncedCompleter(edit, [self, name, argName](const QString &text, std::function<void(const QStringList &)> reply) {
                if (!self || !self->m_connection)
                    return;
                QJsonObject context = self->arguments();
                context.remove(argName);
                requestCompletion(self->m_connection, self, Requests::promptReference(name),
                                  argName, text, context, std::move(reply));
            });
        }
    }
    m_argumentsBox->setVisible(!m_arguments.isEmpty());
    if (samePrompt)
        return;
    m_getting.cancel();
    m_status->clear();
    m_result->clear();
}

QString PromptsView::statusText() const
{
    return m_status->text();
}

void PromptsView::get()
{
    if (m_prompt.json.isEmpty() || !m_connection || !m_connection->isConnected())
        return;
    // Checked before sending, as a tool's arguments are: the first Get stops and says what is
    // missing; a second one sends anyway, to see what the server says.
    QStringList missing;
    QLineEdit *firstMissing = nullptr;
    for (const PromptArgument &argument : std::as_const(m_prompt.arguments)) {
        if (argument.required && !arguments().contains(argument.name)) {
            missing.append(argument.displayName());
            if (!firstMissing)
                firstMissing = argumentEdit(argument.name);
        }
    }
    if (!missing.isEmpty() && !m_forceNextGet) {
        m_status->setText(tr("Required argument(s) left empty: %1. Get again to send anyway.").arg(missing.join(QLatin1String(", "))));
        m_forceNextGet = true;
        if (firstMissing)
            firstMissing->setFocus();
        return;
    }
    m_forceNextGet = false;
    m_status->setText(tr("Getting…"));
    const Request request = Requests::getPrompt(m_prompt.name, arguments());
    QElapsedTimer clock;
    clock.start();
    OutgoingRequest *call = m_connection->send(request);
    const quint64 generation = m_getting.start();
    connect(call, &OutgoingRequest::finished, this, [this, call, clock, generation] {
        if (!m_getting.isLatest(generation))
            return; // another prompt was chosen, or got again, since
        if (call->isError()) {
            // Said once, in the result's banner; the status line only says how it ended.
            m_status->setText(tr("Failed after %1").arg(Units::duration(clock.elapsed())));
            m_result->setError(tr("prompts/get failed: %1 (%2)").arg(call->error().message).arg(call->error().code),
                               call->error().toJson());
            m_result->setRounds(call->rounds());
            Q_EMIT getFinished(true);
            return;
        }
        const GetPromptResult result = GetPromptResult::fromJson(call->result().toObject());
        m_result->setPromptResult(result);
        m_result->setRounds(call->rounds());
        m_status->setText(tr("%n message(s) in %1", nullptr, int(result.messages.size())).arg(Units::duration(clock.elapsed())));
        Q_EMIT getFinished(false);
    });
}

} // namespace Mcp::Ui
