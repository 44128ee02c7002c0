#include "pages/promptspage.h"

#include "theme.h"
#include "widgets/itemlist.h"
#include "widgets/jsonview.h"

#include <QFontDatabase>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

namespace Mcp {
namespace Ui {

PromptsPage::PromptsPage(Connection *connection, QWidget *parent) : Page(connection, parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    m_list = new ItemList(splitter);
    auto *right = new QWidget(splitter);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(6, 0, 0, 0);
    m_description = new QLabel(tr("Select a prompt"), right);
    m_description->setWordWrap(true);
    rightLayout->addWidget(m_description);
    rightLayout->addWidget(new QLabel(tr("Arguments (JSON object of strings):"), right));
    m_arguments = new QPlainTextEdit(right);
    m_arguments->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_arguments->setPlainText(QStringLiteral("{}"));
    rightLayout->addWidget(m_arguments, 1);
    m_get = new QPushButton(Theme::icon(QStringLiteral("run")), tr("Get Prompt"), right);
    rightLayout->addWidget(m_get, 0, Qt::AlignLeft);
    m_status = new QLabel(right);
    m_status->setWordWrap(true);
    rightLayout->addWidget(m_status);
    m_result = new JsonTextView(right);
    rightLayout->addWidget(m_result, 2);
    splitter->addWidget(m_list);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    layout->addWidget(splitter);

    connect(m_list, &ItemList::refreshRequested, this, &PromptsPage::refresh);
    connect(m_list, &ItemList::currentItemChanged, this, &PromptsPage::showPrompt);
    connect(m_get, &QPushButton::clicked, this, &PromptsPage::get);
    connect(connection, &Connection::promptsListChanged, this, &PromptsPage::refresh);
}

QIcon PromptsPage::icon() const { return Theme::icon(QStringLiteral("prompts")); }

void PromptsPage::connectionStateChanged(Connection::State state)
{
    m_get->setEnabled(state == Connection::State::Connected);
    if (state == Connection::State::Connected)
        refresh();
}

void PromptsPage::refresh()
{
    if (!connection()->isConnected())
        return;
    m_list->setMessage(tr("Loading…"));
    connection()->listAll(QStringLiteral("prompts/list"), QStringLiteral("prompts"), this,
                          [this](const QJsonArray &items, const std::optional<RpcError> &error) {
        m_list->setItems(items);
        if (error)
            m_list->setMessage(tr("Listing prompts failed: %1").arg(error->message));
    });
}

void PromptsPage::showPrompt(const QJsonObject &prompt)
{
    if (prompt.isEmpty())
        return;
    m_description->setText(prompt.value(QStringLiteral("description")).toString());
    QJsonObject skeleton;
    for (const QJsonValue &argument : prompt.value(QStringLiteral("arguments")).toArray())
        skeleton.insert(argument.toObject().value(QStringLiteral("name")).toString(), QString());
    m_arguments->setPlainText(JsonTextView::prettyText(skeleton));
}

void PromptsPage::get()
{
    const QJsonObject prompt = m_list->currentItem();
    if (prompt.isEmpty())
        return;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(m_arguments->toPlainText().toUtf8(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        m_status->setText(tr("The arguments must be a JSON object."));
        return;
    }
    QJsonObject params{{QStringLiteral("name"), prompt.value(QStringLiteral("name"))}};
    if (!doc.object().isEmpty())
        params.insert(QStringLiteral("arguments"), doc.object());
    m_status->setText(tr("Getting…"));
    PendingCall *call = connection()->call(QStringLiteral("prompts/get"), params);
    connect(call, &PendingCall::finished, this, [this, call] {
        if (call->isError()) {
            m_status->setText(tr("Error %1: %2").arg(call->error().code).arg(call->error().message));
            m_result->setJson(call->error().toJson());
        } else {
            m_status->setText(tr("Done in %1 ms").arg(call->elapsedMs()));
            m_result->setJson(call->result());
        }
    });
}

} // namespace Ui
} // namespace Mcp
