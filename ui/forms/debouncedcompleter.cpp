#include "debouncedcompleter.h"

#include "connection/connection.h"

#include "protocol/requests.h"
#include "protocol/types.h"


#include <QCompleter>
#include <QEvent>
#include <QLineEdit>
#include <QStringListModel>
#include <QTimer>

namespace Mcp::Ui {

DebouncedCompleter::DebouncedCompleter(QLineEdit *edit, Fetch fetch, int delayMs)
    : QObject(edit)
    , m_edit(edit)
    , m_fetch(std::move(fetch))
    , m_timer(new QTimer(this))
    , m_model(new QStringListModel(this))
    , m_completer(new QCompleter(m_model, this))
{
    m_timer->setSingleShot(true);
    m_timer->setInterval(delayMs);
    m_completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_completer->setFilterMode(Qt::MatchContains);
    m_completer->setCompletionMode(QCompleter::PopupCompletion);
    edit->setCompleter(m_completer);
    connect(edit, &QLineEdit::textEdited, m_timer, qOverload<>(&QTimer::start));
    connect(m_timer, &QTimer::timeout, this, &DebouncedCompleter::ask);
    edit->installEventFilter(this);
}

bool DebouncedCompleter::eventFilter(QObject *watched, QEvent *event)
{
    // The event type first: a focus-out arrives while the edit is being destroyed.
    if (event->type() == QEvent::FocusIn && watched == m_edit.data() && m_edit->text().isEmpty()) {
        m_timer->stop();
        QTimer::singleShot(0, this, &DebouncedCompleter::ask); // after the focus change has settled
    }
    return QObject::eventFilter(watched, event);
}

QStringList DebouncedCompleter::values() const
{
    return m_model->stringList();
}

void DebouncedCompleter::ask()
{
    if (!m_edit || !m_fetch)
        return;
    const quint64 generation = m_fetching.start();
    ++m_requests;
    QPointer<DebouncedCompleter> self(this);
    m_fetch(m_edit->text(), [self, generation](const QStringList &values) {
        if (!self || !self->m_fetching.isLatest(generation))
            return; // an answer to text the user has since changed
        self->m_model->setStringList(values);
        if (self->m_edit && self->m_edit->hasFocus() && !values.isEmpty())
            self->m_completer->complete();
        Q_EMIT self->completionsArrived(values);
    });
}

void requestCompletion(Connection *connection, QObject *receiver, const QJsonObject &ref,
                       const QString &argumentName, const QString &value, const QJsonObject &otherArguments,
                       std::function<void(const QStringList &)> reply)
{
    const Request request = Requests::complete(ref, argumentName, value, otherArguments);
    OutgoingRequest *call = connection->send(request);
    QObject::connect(call, &OutgoingRequest::finished, receiver, [call, reply = std::move(reply)] {
        reply(CompleteResult::fromJson(call->result().toObject()).values);
    });
}

} // namespace Mcp::Ui
