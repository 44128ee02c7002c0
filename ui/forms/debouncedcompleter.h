#pragma once

#include "widgets/latestonly.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <functional>

QT_BEGIN_NAMESPACE
class QCompleter;
class QLineEdit;
class QStringListModel;
class QTimer;
QT_END_NAMESPACE

namespace Mcp::Ui {

class Connection;

// Offers completions for a line edit from the server (completion/complete), asked for only
// after the user paused typing; answers to older text are dropped.
class DebouncedCompleter : public QObject
{
    Q_OBJECT

public:
    // fetch(text, reply): ask for completions of text; call reply(values) when they arrive.
    using Fetch = std::function<void(const QString &text, std::function<void(const QStringList &)> reply)>;

    DebouncedCompleter(QLineEdit *edit, Fetch fetch, int delayMs = 250);
    QStringList values() const;
    int requestCount() const { return m_requests; }

protected:
    // Focus on an empty field asks at once: the suggestions are there before the first key.
    bool eventFilter(QObject *watched, QEvent *event) override;

Q_SIGNALS:
    void completionsArrived(const QStringList &values);

private:
    void ask();

    QPointer<QLineEdit> m_edit;
    Fetch m_fetch;
    QTimer *m_timer;
    QStringListModel *m_model;
    QCompleter *m_completer;
    LatestOnly m_fetching;
    int m_requests = 0;
};

// Asks the server for completion/complete of `argumentName` = `value` for `ref` (a ref/prompt
// or ref/resource object), with the other filled arguments as context. reply(values) runs
// in `receiver`'s thread and never after `receiver` is gone. Shared by the prompt and
// resource-template forms.
void requestCompletion(Connection *connection, QObject *receiver, const QJsonObject &ref,
                       const QString &argumentName, const QString &value, const QJsonObject &otherArguments,
                       std::function<void(const QStringList &)> reply);

} // namespace Mcp::Ui
