#include "dialogs/installlinkdialog.h"

#include "theme.h"
#include "widgets/fittinglabel.h"
#include "widgets/screenfit.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Mcp::Ui {

InstallLinkDialog::InstallLinkDialog(const ServerConfig &config, InstallLink::Format format, const QStringList &warnings,
                                     QWidget *parent)
    : QDialog(parent), m_config(config)
{
    setWindowTitle(tr("Add Server from Link?"));
    ScreenFit::resizeWithin(this, QSize(680, 460));
    auto *layout = new QVBoxLayout(this);
    const QString intro = config.usesCommand()
        ? tr("A %1 install link proposes this server. Once added, it starts this program on your computer, with your "
             "user's rights, when you connect. Add it only if you trust where the link came from.")
        : tr("A %1 install link proposes this server. Once added, MCP Scope connects to this URL when you connect, "
             "sending the headers listed. Add it only if you trust where the link came from.");
    auto *label = new QLabel(intro.arg(InstallLink::formatName(format)), this);
    label->setWordWrap(true);
    layout->addWidget(label);
    auto *form = new QFormLayout;
    m_name = new QLineEdit(config.name, this);
    form->addRow(tr("Name:"), m_name);
    layout->addLayout(form);
    m_details = new QPlainTextEdit(this);
    m_details->setReadOnly(true);
    m_details->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_details->setPlainText(describe(config));
    layout->addWidget(m_details, 1);
    if (!warnings.isEmpty()) {
        auto *notes = new FittingLabel(this);
        notes->setText(warnings.join(QLatin1Char('\n')));
        notes->setWordWrap(true);
        Theme::setTextColor(notes, Theme::Role::Warning);
        layout->addWidget(notes);
    }
    auto *buttons = new QDialogButtonBox(this);
    m_add = buttons->addButton(tr("&Add Server"), QDialogButtonBox::AcceptRole);
    buttons->addButton(QDialogButtonBox::Cancel);
    // Enter must not add what the user has not read: Cancel is the default.
    buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    m_add->setAutoDefault(false);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_name, &QLineEdit::textChanged, this, [this](const QString &text) { m_add->setEnabled(!text.trimmed().isEmpty()); });
}

ServerConfig InstallLinkDialog::config() const
{
    ServerConfig config = m_config;
    config.name = m_name->text().trimmed();
    return config;
}

QString InstallLinkDialog::detailsText() const
{
    return m_details->toPlainText();
}

QString InstallLinkDialog::describe(const ServerConfig &config)
{
    QStringList lines;
    const auto entryNames = [](const QList<ConfigEntry> &entries) {
        QStringList names;
        for (const ConfigEntry &entry : entries)
            names << (entry.secret ? tr("%1 (secret)").arg(entry.name) : entry.name);
        return names.join(QStringLiteral(", "));
    };
    if (config.usesCommand()) {
        lines << tr("Command line:") << QStringLiteral("  ") + config.commandLineForDisplay(ServerConfig::SecretDisplay::Mask)
              << QString() << tr("Program: %1").arg(config.command);
        for (int i = 0; i < config.args.size(); ++i)
            lines << tr("Argument %1: %2").arg(i + 1).arg(config.args.at(i));
        if (!config.env.isEmpty())
            lines << tr("Environment: %1").arg(entryNames(config.env));
        if (!config.workingDirectory.isEmpty())
            lines << tr("Working directory: %1").arg(config.workingDirectory);
        if (!config.inheritEnvironment)
            lines << tr("Starts without the rest of your environment.");
    } else {
        lines << tr("URL: %1").arg(config.url) << tr("Transport: %1").arg(ServerConfig::displayName(config.transport));
        if (!config.headers.isEmpty())
            lines << tr("Headers: %1").arg(entryNames(config.headers));
        if (!config.bearerToken.isEmpty())
            lines << tr("Bearer token: set (secret)");
        if (!config.auth.isDefault()) {
            lines << tr("Authorization: %1").arg(ServerAuth::modeToString(config.auth.mode));
            if (!config.auth.clientId.isEmpty())
                lines << tr("OAuth client: %1").arg(config.auth.clientId);
        }
    }
    QStringList asked;
    for (const InputPrompt &input : config.inputs)
        asked << (input.password ? tr("%1 (hidden)").arg(input.id) : input.id);
    if (!asked.isEmpty())
        lines << tr("Asked for when connecting: %1").arg(asked.join(QStringLiteral(", ")));
    return lines.join(QLatin1Char('\n'));
}

} // namespace Mcp::Ui
