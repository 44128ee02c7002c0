#include "apps/apphostcontrols.h"

#include "apps/appview.h"
#include "protocol/keys.h"

#include <QDateTime>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Mcp::Ui {

namespace {
enum Column { TimeColumn, DirectionColumn, MethodColumn, IdColumn, NoteColumn, ColumnCount };

QPlainTextEdit *jsonEditor(const QString &objectName, const QString &text, QWidget *parent)
{
    auto *editor = new QPlainTextEdit(text, parent);
    editor->setObjectName(objectName);
    editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    editor->setMaximumHeight(90);
    return editor;
}
} // namespace

AppHostControls::AppHostControls(AppView *view, bool manualControls, QWidget *parent) : QWidget(parent), m_view(view)
{
    setObjectName(QStringLiteral("appHostControls"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    if (manualControls) {
        auto *form = new QFormLayout;
        m_input = jsonEditor(QStringLiteral("appToolInput"), QStringLiteral("{}"), this);
        m_result = jsonEditor(QStringLiteral("appToolResult"),
                              QStringLiteral("{\"content\": [{\"type\": \"text\", \"text\": \"Result\"}]}"), this);
        form->addRow(tr("Tool input (arguments):"), m_input);
        form->addRow(tr("Tool result (CallToolResult):"), m_result);
        layout->addLayout(form);
        auto *buttons = new QHBoxLayout;
        const auto button = [this, buttons](const QString &name, const QString &text, auto slot) {
            auto *push = new QPushButton(text, this);
            push->setObjectName(name);
            connect(push, &QPushButton::clicked, this, slot);
            buttons->addWidget(push);
        };
        button(QStringLiteral("appSendInput"), tr("Send input"), [this] {
            sendJson(m_input, [this](const QJsonObject &arguments) { m_view->bridge()->sendToolInput(arguments); });
        });
        button(QStringLiteral("appSendPartial"), tr("Send partial input"), [this] {
            sendJson(m_input, [this](const QJsonObject &arguments) { m_view->bridge()->sendToolInputPartial(arguments); });
        });
        button(QStringLiteral("appSendResult"), tr("Send result"), [this] {
            sendJson(m_result, [this](const QJsonObject &result) { m_view->bridge()->sendToolResult(result); });
        });
        button(QStringLiteral("appSendCancelled"), tr("Send cancelled"),
               [this] { m_view->bridge()->sendToolCancelled(tr("cancelled by hand in MCP Scope")); });
        button(QStringLiteral("appTearDown"), tr("Tear down"), [this] { m_view->tearDown(tr("closed by hand")); });
        buttons->addStretch(1);
        layout->addLayout(buttons);
    }

    auto *splitter = new QSplitter(Qt::Vertical, this);
    m_log = new QTreeWidget(splitter);
    m_log->setObjectName(QStringLiteral("appMessageLog"));
    m_log->setColumnCount(ColumnCount);
    m_log->setHeaderLabels({tr("Time"), tr("Direction"), tr("Method"), tr("Id"), tr("Note")});
    m_log->setRootIsDecorated(false);
    m_log->setUniformRowHeights(true);
    m_log->header()->setSectionResizeMode(NoteColumn, QHeaderView::Stretch);
    m_activity = new QPlainTextEdit(splitter);
    m_activity->setObjectName(QStringLiteral("appActivity"));
    m_activity->setReadOnly(true);
    m_activity->setMaximumBlockCount(2000);
    m_activity->setPlaceholderText(tr("Messages, model context and log lines from the view, and blocked requests"));
    layout->addWidget(splitter, 1);

    attach();
    connect(view, &AppView::activity, this, &AppHostControls::addActivity);
    connect(view, &AppView::requestBlocked, this, [this](const QUrl &url, const QString &why) {
        addActivity(tr("Blocked %1: %2").arg(url.isEmpty() ? tr("(no URL)") : url.toString(), why));
    });
    // A new view (load() replaces the bridge) is logged too.
    connect(view, &AppView::bridgeReplaced, this, &AppHostControls::attach);
}

void AppHostControls::attach()
{
    Apps::AppHostBridge *bridge = m_view->bridge();
    // Unique: reattaching the same bridge does not log twice.
    connect(bridge, &Apps::AppHostBridge::messageLogged, this, &AppHostControls::addMessage, Qt::UniqueConnection);
}

void AppHostControls::clear()
{
    m_log->clear();
    m_activity->clear();
}

void AppHostControls::addMessage(Apps::AppHostBridge::Direction direction, const QByteArray &json, const QString &note)
{
    const QJsonObject message = QJsonDocument::fromJson(json).object();
    QString method = message.value(Key::Method).toString();
    const QJsonValue id = message.value(QStringLiteral("id"));
    const QString idText = id.isDouble() ? QString::number(id.toInteger())
                           : id.isString() ? QStringLiteral("\"%1\"").arg(id.toString())
                                           : QString();
    if (method.isEmpty() && !json.isEmpty()) {
        // A reply: pair it with its request.
        const bool error = message.contains(Key::Error);
        method = error ? tr("error reply") : tr("reply");
        for (int row = m_log->topLevelItemCount() - 1; row >= 0; --row) {
            QTreeWidgetItem *item = m_log->topLevelItem(row);
            if (item->text(IdColumn) == idText && item->data(DirectionColumn, Qt::UserRole).toInt() != int(direction)
                && !item->text(MethodColumn).isEmpty() && item->data(MethodColumn, Qt::UserRole).toBool()) {
                method = tr("%1 to %2").arg(method, item->text(MethodColumn));
                break;
            }
        }
    }
    auto *item = new QTreeWidgetItem;
    item->setText(TimeColumn, QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss.zzz")));
    item->setText(DirectionColumn, direction == Apps::AppHostBridge::Direction::HostToView ? tr("host → view") : tr("view → host"));
    item->setData(DirectionColumn, Qt::UserRole, int(direction));
    item->setText(MethodColumn, method);
    item->setData(MethodColumn, Qt::UserRole, message.contains(Key::Method) && !id.isUndefined());
    item->setText(IdColumn, idText);
    item->setText(NoteColumn, note);
    item->setToolTip(NoteColumn, QString::fromUtf8(json.left(4000)));
    m_log->addTopLevelItem(item);
    m_log->scrollToItem(item);
}

void AppHostControls::addActivity(const QString &text)
{
    m_activity->appendPlainText(QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss ")) + text);
}

void AppHostControls::sendJson(QPlainTextEdit *editor, const std::function<void(const QJsonObject &)> &send)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(editor->toPlainText().toUtf8(), &error);
    if (!document.isObject()) {
        addActivity(tr("Not sent: the JSON is not an object (%1).").arg(error.errorString()));
        return;
    }
    send(document.object());
}

AppPane makeAppPane(Session *session, bool manualControls, const QString &objectName, QWidget *parent)
{
    auto *box = new QSplitter(Qt::Vertical, parent);
    box->setObjectName(objectName);
    auto *view = new AppView(box);
    view->setSession(session);
    auto *controls = new AppHostControls(view, manualControls, box);
    box->addWidget(view);
    box->addWidget(controls);
    return {box, view, controls};
}

} // namespace Mcp::Ui
