#include "pages/toolspage.h"

#include "theme.h"
#include "widgets/itemlist.h"
#include "widgets/jsonview.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

namespace Mcp {
namespace Ui {

ToolsPage::ToolsPage(Connection *connection, QWidget *parent) : Page(connection, parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    m_list = new ItemList(splitter);

    auto *right = new QWidget(splitter);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(6, 0, 0, 0);
    m_heading = new QLabel(right);
    QFont headingFont = m_heading->font();
    headingFont.setBold(true);
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.2);
    m_heading->setFont(headingFont);
    m_heading->setText(tr("Select a tool"));
    m_description = new QLabel(right);
    m_description->setWordWrap(true);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    rightLayout->addWidget(m_heading);
    rightLayout->addWidget(m_description);
    rightLayout->addWidget(new QLabel(tr("Arguments (JSON object):"), right));
    m_arguments = new QPlainTextEdit(right);
    m_arguments->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_arguments->setPlainText(QStringLiteral("{}"));
    m_arguments->setTabChangesFocus(true);
    rightLayout->addWidget(m_arguments, 1);

    auto *buttons = new QHBoxLayout;
    m_run = new QPushButton(Theme::icon(QStringLiteral("run")), tr("Run"), right);
    m_run->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    m_run->setToolTip(tr("Call the tool (Ctrl+Enter)"));
    m_cancel = new QPushButton(tr("Cancel"), right);
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar(right);
    m_progress->setVisible(false);
    m_progress->setTextVisible(true);
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_progress, 1);
    buttons->addStretch();
    rightLayout->addLayout(buttons);
    m_status = new QLabel(right);
    m_status->setWordWrap(true);
    rightLayout->addWidget(m_status);
    rightLayout->addWidget(new QLabel(tr("Result:"), right));
    m_result = new JsonTextView(right);
    rightLayout->addWidget(m_result, 2);

    splitter->addWidget(m_list);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    layout->addWidget(splitter);

    connect(m_list, &ItemList::refreshRequested, this, &ToolsPage::refresh);
    connect(m_list, &ItemList::currentItemChanged, this, &ToolsPage::showTool);
    connect(m_run, &QPushButton::clicked, this, &ToolsPage::run);
    connect(m_cancel, &QPushButton::clicked, this, &ToolsPage::cancel);
    connect(connection, &Connection::toolsListChanged, this, &ToolsPage::refresh);
}

QIcon ToolsPage::icon() const { return Theme::icon(QStringLiteral("tools")); }

void ToolsPage::connectionStateChanged(Connection::State state)
{
    m_run->setEnabled(state == Connection::State::Connected && !m_call);
    if (state == Connection::State::Connected)
        refresh();
}

void ToolsPage::refresh()
{
    if (!connection()->isConnected())
        return;
    m_list->setMessage(tr("Loading…"));
    connection()->listAll(QStringLiteral("tools/list"), QStringLiteral("tools"), this,
                          [this](const QJsonArray &items, const std::optional<RpcError> &error) {
        m_list->setItems(items);
        if (error)
            m_list->setMessage(tr("Listing tools failed: %1").arg(error->message));
        else if (!items.isEmpty())
            m_list->setMessage({});
    });
}

void ToolsPage::showTool(const QJsonObject &tool)
{
    if (tool.isEmpty())
        return;
    const QString name = tool.value(QStringLiteral("name")).toString();
    const QString title = tool.value(QStringLiteral("title")).toString();
    m_heading->setText(title.isEmpty() ? name : QStringLiteral("%1 (%2)").arg(title, name));
    m_description->setText(tool.value(QStringLiteral("description")).toString());
    // A skeleton with every property's default (or an empty placeholder of its type).
    QJsonObject skeleton;
    const QJsonObject properties = tool.value(QStringLiteral("inputSchema")).toObject()
                                       .value(QStringLiteral("properties")).toObject();
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        const QJsonObject property = it.value().toObject();
        if (property.contains(QStringLiteral("default"))) {
            skeleton.insert(it.key(), property.value(QStringLiteral("default")));
            continue;
        }
        const QString type = property.value(QStringLiteral("type")).toString();
        if (type == QLatin1String("string"))
            skeleton.insert(it.key(), QString());
        else if (type == QLatin1String("number") || type == QLatin1String("integer"))
            skeleton.insert(it.key(), 0);
        else if (type == QLatin1String("boolean"))
            skeleton.insert(it.key(), false);
        else if (type == QLatin1String("array"))
            skeleton.insert(it.key(), QJsonArray());
        else if (type == QLatin1String("object"))
            skeleton.insert(it.key(), QJsonObject());
        else
            skeleton.insert(it.key(), QJsonValue::Null);
    }
    m_arguments->setPlainText(JsonTextView::prettyText(skeleton));
}

void ToolsPage::setArgumentsText(const QString &json)
{
    m_arguments->setPlainText(json);
}

QString ToolsPage::resultText() const
{
    return m_result->toPlainText();
}

void ToolsPage::run()
{
    const QJsonObject tool = m_list->currentItem();
    if (tool.isEmpty() || m_call)
        return;
    QJsonParseError parseError;
    const QByteArray text = m_arguments->toPlainText().trimmed().toUtf8();
    const QJsonDocument doc = QJsonDocument::fromJson(text.isEmpty() ? QByteArray("{}") : text, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        m_status->setText(parseError.error != QJsonParseError::NoError
                              ? tr("The arguments are not valid JSON: %1 (at offset %2)")
                                    .arg(parseError.errorString()).arg(parseError.offset)
                              : tr("The arguments must be a JSON object."));
        return;
    }
    QJsonObject params;
    params.insert(QStringLiteral("name"), tool.value(QStringLiteral("name")));
    params.insert(QStringLiteral("arguments"), doc.object());
    m_call = connection()->call(QStringLiteral("tools/call"), params);
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_progress->setVisible(true);
    m_progress->setRange(0, 0);
    m_status->setText(tr("Running…"));
    connect(m_call, &PendingCall::progress, this, [this](double progress, double total, const QString &message) {
        if (total > 0) {
            m_progress->setRange(0, 1000);
            m_progress->setValue(int(1000 * progress / total));
        }
        m_status->setText(message.isEmpty() ? tr("Progress: %1").arg(progress) : message);
    });
    PendingCall *call = m_call;
    connect(call, &PendingCall::finished, this, [this, call] {
        m_call = nullptr;
        m_progress->setVisible(false);
        m_cancel->setEnabled(false);
        m_run->setEnabled(connection()->isConnected());
        if (call->isError()) {
            m_status->setText(tr("Error %1: %2 (%3 ms)").arg(call->error().code).arg(call->error().message)
                                  .arg(call->elapsedMs()));
            m_result->setJson(call->error().toJson());
            Q_EMIT callFinished(true);
            return;
        }
        const bool toolError = call->result().toObject().value(QStringLiteral("isError")).toBool();
        m_status->setText(toolError ? tr("The tool reported an error (isError) after %1 ms").arg(call->elapsedMs())
                                    : tr("Done in %1 ms").arg(call->elapsedMs()));
        m_result->setJson(call->result());
        Q_EMIT callFinished(toolError);
    });
}

void ToolsPage::cancel()
{
    if (m_call)
        m_call->cancel(tr("Cancelled by the user"));
}

} // namespace Ui
} // namespace Mcp
