#pragma once

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

Q_SIGNALS:
    void completionsArrived(const QStringList &values);

private:
    void ask();

    QPointer<QLineEdit> m_edit;
    Fetch m_fetch;
    QTimer *m_timer;
    QStringListModel *m_model;
    QCompleter *m_completer;
    quint64 m_generation = 0;
    int m_requests = 0;
};

} // namespace Mcp::Ui
