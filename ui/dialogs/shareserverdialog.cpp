#include "dialogs/shareserverdialog.h"

#include "theme.h"
#include "widgets/screenfit.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Mcp::Ui {

ShareServerDialog::ShareServerDialog(const ServerConfig &config, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Share %1").arg(config.name));
    ScreenFit::resizeWithin(this, QSize(640, 280));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Links that add this server to MCP Scope, VS Code or Cursor. Secret values are left "
                                "out: whoever adds the server is asked for them."), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto *grid = new QGridLayout;
    const InstallLink::Format formats[] = {InstallLink::Format::McpScope, InstallLink::Format::VsCode,
                                           InstallLink::Format::VsCodeInsiders, InstallLink::Format::Cursor};
    int row = 0;
    for (const InstallLink::Format format : formats) {
        auto *field = new QLineEdit(InstallLink::build(config, format), this);
        field->setReadOnly(true);
        field->setCursorPosition(0);
        auto *copyButton = new QPushButton(tr("Copy"), this);
        copyButton->setAccessibleName(tr("Copy the %1 link").arg(InstallLink::formatName(format)));
        grid->addWidget(new QLabel(InstallLink::formatName(format) + QLatin1Char(':'), this), row, 0);
        grid->addWidget(field, row, 1);
        grid->addWidget(copyButton, row, 2);
        connect(copyButton, &QPushButton::clicked, this, [this, format] { copy(format); });
        m_links.append({format, field});
        ++row;
    }
    grid->setColumnStretch(1, 1);
    layout->addLayout(grid);
    m_status = new QLabel(this);
    Theme::setTextColor(m_status, Theme::Role::Muted);
    layout->addWidget(m_status);
    layout->addStretch();
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

QString ShareServerDialog::link(InstallLink::Format format) const
{
    for (const auto &[known, field] : m_links) {
        if (known == format)
            return field->text();
    }
    return QString();
}

void ShareServerDialog::copy(InstallLink::Format format)
{
    QApplication::clipboard()->setText(link(format));
    m_status->setText(tr("The %1 link is on the clipboard.").arg(InstallLink::formatName(format)));
}

} // namespace Mcp::Ui
