#pragma once

#include "pages/page.h"

QT_BEGIN_NAMESPACE
class QLabel;
class QLineEdit;
class QPushButton;
class QTabWidget;
QT_END_NAMESPACE

namespace Mcp {
namespace Ui {

class ItemList;
class JsonTextView;

// Resources and resource templates; read a URI and show the result as pretty JSON.
// (Issue 5 adds template completion, blob saving and subscriptions.)
class ResourcesPage : public Page
{
    Q_OBJECT

public:
    explicit ResourcesPage(Connection *connection, QWidget *parent = nullptr);

    QString title() const override { return tr("Resources"); }
    QIcon icon() const override;

    ItemList *resourceList() const { return m_resources; }
    ItemList *templateList() const { return m_templates; }

public Q_SLOTS:
    void refresh();
    void read();

protected:
    void connectionStateChanged(Connection::State state) override;

private:
    QTabWidget *m_tabs;
    ItemList *m_resources;
    ItemList *m_templates;
    QLineEdit *m_uri;
    QPushButton *m_read;
    QLabel *m_status;
    JsonTextView *m_result;
};

} // namespace Ui
} // namespace Mcp
