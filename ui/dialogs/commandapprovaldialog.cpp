#include "dialogs/commandapprovaldialog.h"

#include "theme.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Mcp::Ui {

CommandApprovalDialog::CommandApprovalDialog(const ServerConfig &config, QWidget *parent)
    : QDialog(parent), m_config(config)
{
    setWindowTitle(tr("Run This Command?"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("<b>%1</b> will start this program on your computer, with your user's rights. "
                                "Run it only if you trust where this configuration came from.")
                                 .arg(config.name.toHtmlEscaped()), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_commandLine = new QPlainTextEdit(this);
    m_commandLine->setReadOnly(true);
    m_commandLine->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_commandLine->setPlainText(config.commandLineForDisplay(ServerConfig::SecretDisplay::Mask));
    m_commandLine->setMinimumSize(560, 110);
    layout->addWidget(m_commandLine, 1);
    m_reveal = new QCheckBox(tr("Show secret values"), this);
    bool hasSecrets = false;
    for (const ConfigEntry &entry : config.env)
        hasSecrets = hasSecrets || entry.secret;
    m_reveal->setVisible(hasSecrets);
    layout->addWidget(m_reveal);
    auto *note = new QLabel(tr("You are asked again whenever the command, its arguments, environment or working "
                               "directory change."), this);
    note->setWordWrap(true);
    Theme::setTextColor(note, Theme::Role::Muted);
    layout->addWidget(note);
    auto *buttons = new QDialogButtonBox(this);
    QPushButton *run = buttons->addButton(tr("&Run Command"), QDialogButtonBox::AcceptRole);
    buttons->addButton(QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    run->setAutoDefault(false);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_reveal, &QCheckBox::toggled, this, [this](bool reveal) {
        m_commandLine->setPlainText(m_config.commandLineForDisplay(reveal ? ServerConfig::SecretDisplay::Reveal
                                                                          : ServerConfig::SecretDisplay::Mask));
    });
}

QString CommandApprovalDialog::commandLineText() const
{
    return m_commandLine->toPlainText();
}

} // namespace Mcp::Ui
