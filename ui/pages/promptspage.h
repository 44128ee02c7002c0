#pragma once

#include "pages/page.h"

QT_BEGIN_NAMESPACE
class QLabel;
class QPlainTextEdit;
class QPushButton;
QT_END_NAMESPACE

namespace Mcp {
namespace Ui {

class ItemList;
class JsonTextView;

// Prompts: the list, arguments as a JSON object of strings, prompts/get, the result as
// pretty JSON. (Issue 5 adds argument forms with completion and rendered messages.)
class PromptsPage : public Page
{
    Q_OBJECT

public:
    explicit PromptsPage(Connection *connection, QWidget *parent = nullptr);

    QString title() const override { return tr("Prompts"); }
    QIcon icon() const override;

    ItemList *list() const { return m_list; }

public Q_SLOTS:
    void refresh();
    void get();

protected:
    void connectionStateChanged(Connection::State state) override;

private:
    void showPrompt(const QJsonObject &prompt);

    ItemList *m_list;
    QLabel *m_description;
    QPlainTextEdit *m_arguments;
    QPushButton *m_get;
    QLabel *m_status;
    JsonTextView *m_result;
};

} // namespace Ui
} // namespace Mcp
