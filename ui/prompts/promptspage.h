#pragma once

#include "connection/page.h"

namespace Mcp::Ui {

class PromptsView;

// Prompts: list, argument fields with completion, rendered messages (PromptsView).
class PromptsPage : public Page
{
    Q_OBJECT

public:
    explicit PromptsPage(Connection *connection, QWidget *parent = nullptr);

    PromptsView *view() const { return m_view; }

Q_SIGNALS:
    void openResourceRequested(const QString &uri);

protected:
    void connectionStateChanged(Connection::State state) override;

private:
    PromptsView *m_view;
};

} // namespace Mcp::Ui
