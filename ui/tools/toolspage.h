#pragma once

#include "tools/toollist.h" // list() callers use it
#include "connection/page.h"
#include "widgets/cachenote.h"

#include <QJsonObject>

namespace Mcp::Ui {

class ToolPanel;

// Tools: the searchable list (icons, title and name, annotation and task badges; refreshed on
// list_changed) and, for the selected tool, the ToolPanel: schema form with Edit as JSON and
// remembered inputs, Run (Ctrl+Enter), Cancel, progress, elapsed time, run as task, result.
class ToolsPage : public Page
{
    Q_OBJECT

public:
    explicit ToolsPage(Connection *connection, QWidget *parent = nullptr);


    ToolList *list() const { return m_list; }
    ToolPanel *panel() const { return m_panel; }
    // Replaces the form's value with this JSON text (what "Edit as JSON" would do).
    void setArgumentsText(const QString &json);
    // The last result (or error) as indented JSON.
    QString resultText() const;

public Q_SLOTS:
    void refresh();
    // Refresh asked for by the user: the server answers even while a cached list is fresh.
    void forceRefresh();
    void run();
    void cancel();

Q_SIGNALS:
    void callFinished(bool isError);
    void openResourceRequested(const QString &uri);
    void saveToCollectionRequested(const QJsonObject &call); // ToolPanel's

protected:
    void connectionStateChanged(Connection::State state) override;

private:
    void list(bool forceRefresh);

    ToolList *m_list;
    ListingCacheNote m_cacheNote;
    ToolPanel *m_panel;
};

} // namespace Mcp::Ui
