#pragma once

#include "connection/connection.h"
#include "widgets/cachenote.h"
#include "widgets/latestonly.h"

#include <QJsonObject>
#include <QPointer>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
QT_END_NAMESPACE

namespace Mcp::Ui {

class ItemList;
class ResultView;

// Prompts of one server: a searchable list, a field per argument (required ones marked,
// completion/complete as you type, debounced; values remembered per server), Get
// (prompts/get) and the messages rendered with every content type; list_changed refreshes.
// The list is an ItemList: 200,000 prompts are listed without a stall.
class PromptsView : public QWidget
{
    Q_OBJECT

public:
    explicit PromptsView(Connection *connection, QWidget *parent = nullptr);

    ItemList *list() const { return m_list; }
    ResultView *resultView() const { return m_result; }
    QLineEdit *argumentEdit(const QString &name) const;
    QString statusText() const;
    bool selectByName(const QString &name);
    QJsonObject arguments() const;

public Q_SLOTS:
    // Lists again; forced (the user asked), the server answers even while a cached list is fresh.
    void refresh(bool forced = false);
    void get();

Q_SIGNALS:
    void getFinished(bool isError);
    void openResourceRequested(const QString &uri);

private:
    void showPrompt(const Prompt &prompt);

    QPointer<Connection> m_connection;
    ItemList *m_list;
    QLabel *m_listMessage;
    ListingCacheNote m_cacheNote;
    QLabel *m_heading;
    QLabel *m_description;
    QWidget *m_argumentsBox;
    QFormLayout *m_form;
    QPushButton *m_get;
    QLabel *m_status;
    ResultView *m_result;
    Prompt m_prompt;
    LatestOnly m_getting; // a prompts/get answer shows only under the prompt that asked for it
    bool m_forceNextGet = false; // the last Get stopped on missing arguments: the next one sends
    QList<QPair<QString, QLineEdit *>> m_arguments;
};

} // namespace Mcp::Ui
