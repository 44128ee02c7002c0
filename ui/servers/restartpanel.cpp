#include "servers/restartpanel.h"
#include "widgets/screenfit.h"

#include "connection/connection.h"
#include "widgets/fittinglabel.h"
#include "widgets/listdiffview.h"

#include <QDateTime>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

namespace Mcp::Ui {

RestartPanel::RestartPanel(Connection *connection, QWidget *parent) : QWidget(parent), m_connection(connection)
{
    auto *rows = new QVBoxLayout(this);
    rows->setContentsMargins(0, 0, 0, 0);
    auto *layout = new QHBoxLayout;
    rows->addLayout(layout);
    // A reason or a list of changes of any length wraps; it never widens the window.
    m_reload = new FittingLabel(this);
    m_reload->setObjectName(QStringLiteral("reloadDiff"));
    m_reload->setWordWrap(true);
    m_reload->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_reload->hide();
    m_changes = new QPushButton(tr("Changes…"), this);
    m_changes->setObjectName(QStringLiteral("reloadChanges"));
    m_changes->setToolTip(tr("What the last reload changed, field by field, before and after"));
    m_changes->hide();
    auto *reloadRow = new QHBoxLayout;
    reloadRow->addWidget(m_reload, 1);
    reloadRow->addWidget(m_changes, 0, Qt::AlignTop);
    rows->addLayout(reloadRow);
    m_text = new FittingLabel(this);
    m_text->setObjectName(QStringLiteral("restartText"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_restartNow = new QPushButton(tr("Restart Now"), this);
    m_stopRetrying = new QPushButton(tr("Stop Retrying"), this);
    m_history = new QPushButton(tr("Exit History…"), this);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_restartNow);
    layout->addWidget(m_stopRetrying);
    layout->addWidget(m_history);

    // The countdown ticks while a restart waits.
    m_countdown = new QTimer(this);
    m_countdown->setInterval(1000);
    connect(m_countdown, &QTimer::timeout, this, &RestartPanel::update);

    connect(m_restartNow, &QPushButton::clicked, connection, &Session::restartNow);
    connect(m_stopRetrying, &QPushButton::clicked, connection, &Session::stopRetrying);
    connect(m_history, &QPushButton::clicked, this, &RestartPanel::showHistory);
    connect(m_changes, &QPushButton::clicked, this, &RestartPanel::showChanges);
    connect(connection, &Session::restartScheduleChanged, this, &RestartPanel::update);
    connect(connection, &Session::stateChanged, this, &RestartPanel::update);
    connect(connection, &Session::exitRecorded, this, &RestartPanel::update);
    connect(connection, &Connection::reloadStarted, this, [this](const QStringList &files) {
        m_reload->setText(tr("Reloading after a change to %1…").arg(files.join(QStringLiteral(", "))));
        m_reload->show();
        update();
    });
    connect(connection, &Connection::reloaded, this, [this](const ReloadDiff &diff) {
        // A plain reconnect that changed nothing is not worth a line.
        if (diff.changedFiles.isEmpty() && diff.isEmpty())
            return;
        m_reload->setText(describe(diff));
        m_reload->show();
        m_changes->setVisible(!diff.isEmpty());
        update();
    });
    update();
}

QString RestartPanel::text() const
{
    return m_text->text();
}

QString RestartPanel::reloadText() const
{
    return m_reload->isHidden() ? QString() : m_reload->text();
}

QString RestartPanel::describe(const ReloadDiff &diff)
{
    QStringList parts;
    for (const ListDiff *list : {&diff.tools, &diff.prompts, &diff.resources, &diff.resourceTemplates}) {
        for (const ItemChange &item : list->items) {
            switch (item.kind) {
            case ItemChange::Kind::Added: parts.append(tr("added %1").arg(item.key)); break;
            case ItemChange::Kind::Removed: parts.append(tr("removed %1").arg(item.key)); break;
            case ItemChange::Kind::Changed: {
                QStringList fields;
                for (const FieldChange &field : item.fields)
                    fields.append(field.path.join(u'.'));
                parts.append(tr("changed %1 (%2)").arg(item.key, fields.join(QStringLiteral(", "))));
                break;
            }
            }
        }
    }
    const QString changes = parts.isEmpty() ? tr("no change to tools, prompts or resources") : parts.join(QStringLiteral("; "));
    if (diff.changedFiles.isEmpty())
        return tr("Reconnected: %1").arg(changes);
    return tr("Reloaded after a change to %1: %2").arg(diff.changedFiles.join(QStringLiteral(", ")), changes);
}

void RestartPanel::update()
{
    const bool pending = m_connection->restartAttempt() > 0;
    m_text->setText(m_connection->restartText());
    m_restartNow->setVisible(pending);
    m_stopRetrying->setVisible(pending);
    const int exits = int(m_connection->exitHistory().size());
    m_history->setVisible(exits > 0);
    m_history->setToolTip(tr("%n unexpected end(s) of this server so far", nullptr, exits));
    if (pending && !m_countdown->isActive())
        m_countdown->start();
    else if (!pending)
        m_countdown->stop();
    setVisible(pending || exits > 0 || !m_text->text().isEmpty() || !m_reload->isHidden());
}

void RestartPanel::showChanges()
{
    const ReloadDiff diff = m_connection->lastReload();
    auto *dialog = new QDialog(this);
    dialog->setObjectName(QStringLiteral("reloadChangesDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("What the Reload Changed"));
    auto *layout = new QVBoxLayout(dialog);
    auto *summary = new QLabel(describe(diff), dialog);
    summary->setWordWrap(true);
    summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(summary);
    auto *view = new ListDiffView(dialog);
    view->setSections({{tr("Tools"), diff.tools, QStringLiteral("tools")},
                       {tr("Prompts"), diff.prompts, QStringLiteral("prompts")},
                       {tr("Resources"), diff.resources, QStringLiteral("resources")},
                       {tr("Resource templates"), diff.resourceTemplates, QStringLiteral("resourceTemplates")}});
    layout->addWidget(view, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(buttons);
    ScreenFit::resizeWithin(dialog, QSize(720, 420));
    dialog->show();
}

void RestartPanel::showHistory()
{
    QStringList entries;
    const QList<ExitRecord> history = m_connection->exitHistory();
    // Newest first: the one just seen is the one looked for.
    for (auto it = history.crbegin(); it != history.crend(); ++it) {
        QString entry = QLocale().toString(QDateTime::fromMSecsSinceEpoch(it->wallClockMs), QLocale::LongFormat)
            + QStringLiteral("  ") + it->description;
        if (!it->pendingRequests.isEmpty())
            entry += u'\n' + tr("Unanswered: %1").arg(it->pendingRequests.join(QStringLiteral(", ")));
        if (!it->stderrTail.isEmpty())
            entry += u'\n' + it->stderrTail.join(u'\n');
        entries.append(entry);
    }

    auto *dialog = new QDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("exitHistoryDialog"));
    dialog->setWindowTitle(tr("Exit History of %1").arg(m_connection->name()));
    auto *layout = new QVBoxLayout(dialog);
    auto *view = new QPlainTextEdit(dialog);
    view->setObjectName(QStringLiteral("exitHistory"));
    view->setReadOnly(true);
    view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    view->setPlainText(entries.join(QStringLiteral("\n\n")));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    layout->addWidget(view);
    layout->addWidget(buttons);
    ScreenFit::resizeWithin(dialog, QSize(720, 420));
    dialog->show();
}

} // namespace Mcp::Ui
