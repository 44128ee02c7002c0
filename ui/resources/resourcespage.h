#pragma once

#include "connection/page.h"

namespace Mcp::Ui {

class ResourcesView;

// Resources: paged list, templates with completion, read (text and blobs), subscribe with
// live updates, list_changed (ResourcesView).
class ResourcesPage : public Page
{
    Q_OBJECT

public:
    explicit ResourcesPage(Connection *connection, QWidget *parent = nullptr);

    ResourcesView *view() const { return m_view; }

public Q_SLOTS:
    void openUri(const QString &uri);

protected:
    void connectionStateChanged(Connection::State state) override;

private:
    ResourcesView *m_view;
};

} // namespace Mcp::Ui
