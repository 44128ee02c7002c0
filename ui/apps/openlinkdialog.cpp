#include "apps/openlinkdialog.h"

#include "clientfeatures/elicitationdialog.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace Mcp::Ui {

namespace {
std::function<bool(const QUrl &)> &opener()
{
    static std::function<bool(const QUrl &)> function = [](const QUrl &url) { return QDesktopServices::openUrl(url); };
    return function;
}
} // namespace

OpenLinkDialog::OpenLinkDialog(const QUrl &url, const QString &viewUri, QWidget *parent) : QDialog(parent), m_url(url)
{
    setObjectName(QStringLiteral("openLinkDialog"));
    setWindowTitle(tr("Open a link from a view"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("The view %1 asks to open this link in your browser:").arg(viewUri.toHtmlEscaped()), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    ElicitationDialog::addUrlPreview(layout, this, url, QStringLiteral("openLinkDomain"), QStringLiteral("openLinkUrl"));
    auto *buttons = new QDialogButtonBox(this);
    QPushButton *open = buttons->addButton(tr("&Open"), QDialogButtonBox::AcceptRole);
    open->setObjectName(QStringLiteral("openLinkOpen"));
    QPushButton *cancel = buttons->addButton(QDialogButtonBox::Cancel);
    cancel->setObjectName(QStringLiteral("openLinkCancel"));
    cancel->setDefault(true); // Enter does not open a link by accident
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

void OpenLinkDialog::setUrlOpener(std::function<bool(const QUrl &)> function)
{
    opener() = std::move(function);
}

bool OpenLinkDialog::openUrl(const QUrl &url)
{
    return opener()(url);
}

} // namespace Mcp::Ui
