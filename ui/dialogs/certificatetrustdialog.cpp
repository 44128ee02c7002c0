#include "dialogs/certificatetrustdialog.h"

#include "widgets/screenfit.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSslCertificateExtension>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace Mcp::Ui {

namespace {

QString nameOf(const QSslCertificate &certificate, bool issuer)
{
    const QStringList parts = issuer ? certificate.issuerInfo(QSslCertificate::CommonName)
                                     : certificate.subjectInfo(QSslCertificate::CommonName);
    const QStringList organization = issuer ? certificate.issuerInfo(QSslCertificate::Organization)
                                            : certificate.subjectInfo(QSslCertificate::Organization);
    QString text = parts.join(QStringLiteral(", "));
    if (!organization.isEmpty())
        text += QStringLiteral(" (") + organization.join(QStringLiteral(", ")) + u')';
    if (text.isEmpty())
        text = issuer ? certificate.issuerDisplayName() : certificate.subjectDisplayName();
    return text;
}

QString namesOf(const QSslCertificate &certificate)
{
    QStringList names;
    const auto alternates = certificate.subjectAlternativeNames();
    for (auto it = alternates.begin(); it != alternates.end(); ++it)
        names << (it.key() == QSsl::IpAddressEntry ? QStringLiteral("IP ") : QString()) + it.value();
    return names.join(QStringLiteral(", "));
}

} // namespace

QString CertificateTrustDialog::describeChain(const TlsFailure &failure)
{
    QString html;
    if (failure.isPinMismatch()) {
        html += QStringLiteral("<p><b>%1</b></p>").arg(tr("This server's certificate changed.").toHtmlEscaped());
        html += QStringLiteral("<p>%1<br><code>%2</code></p>")
                    .arg(tr("Trusted (pinned):").toHtmlEscaped(),
                         [&failure] {
                             QStringList pins;
                             for (const QByteArray &pin : failure.pinnedSha256)
                                 pins << NetworkTrust::displayFingerprint(pin);
                             return pins.join(QStringLiteral("<br>"));
                         }());
        html += QStringLiteral("<p>%1<br><code>%2</code></p>")
                    .arg(tr("Presented now:").toHtmlEscaped(), NetworkTrust::displayFingerprint(failure.presentedSha256));
    }
    if (!failure.errors.isEmpty()) {
        html += QStringLiteral("<p><b>%1</b></p><ul>").arg(tr("What verification found:").toHtmlEscaped());
        QStringList seen;
        for (const QSslError &error : failure.errors) {
            if (seen.contains(error.errorString()))
                continue;
            seen << error.errorString();
            html += QStringLiteral("<li>%1</li>").arg(error.errorString().toHtmlEscaped());
        }
        html += QStringLiteral("</ul>");
    }
    html += QStringLiteral("<p><b>%1</b></p>").arg(tr("Certificates the server sent:").toHtmlEscaped());
    for (qsizetype i = 0; i < failure.chain.size(); ++i) {
        const QSslCertificate &certificate = failure.chain.at(i);
        const QString role = i == 0 ? tr("Server certificate") : tr("Issuer %1").arg(i);
        html += QStringLiteral("<p><b>%1</b><br>").arg(role.toHtmlEscaped());
        const QList<QPair<QString, QString>> rows = {
            {tr("Subject"), nameOf(certificate, false)},
            {tr("Issuer"), nameOf(certificate, true)},
            {tr("Valid"), tr("%1 to %2").arg(QLocale().toString(certificate.effectiveDate().toLocalTime(), QLocale::ShortFormat),
                                             QLocale().toString(certificate.expiryDate().toLocalTime(), QLocale::ShortFormat))},
            {tr("Names"), namesOf(certificate)},
            {tr("SHA-256"), NetworkTrust::displayFingerprint(NetworkTrust::sha256Of(certificate))},
            {tr("Self-signed"), certificate.isSelfSigned() ? tr("yes") : tr("no")},
        };
        for (const auto &[label, value] : rows) {
            if (value.isEmpty())
                continue;
            html += QStringLiteral("%1: %2<br>").arg(label.toHtmlEscaped(),
                                                   label == tr("SHA-256") ? QStringLiteral("<code>%1</code>").arg(value)
                                                                          : value.toHtmlEscaped());
        }
        html += QStringLiteral("</p>");
    }
    return html;
}

CertificateTrustDialog::CertificateTrustDialog(const TlsFailure &failure, const QString &serverName, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(failure.isPinMismatch() ? tr("Certificate Changed") : tr("Untrusted Certificate"));
    auto *layout = new QVBoxLayout(this);
    const QString where = failure.port > 0 ? QStringLiteral("%1:%2").arg(failure.host).arg(failure.port) : failure.host;
    auto *headline = new QLabel(failure.isPinMismatch()
                                    ? tr("%1 (%2) presented a different certificate from the one trusted for it. "
                                         "Nothing was sent. Trust the new one only if you know why it changed.")
                                          .arg(serverName, where)
                                    : tr("MCP Scope did not trust the certificate of %1 (%2), so nothing was sent. "
                                         "Trust it only if you know this server.")
                                          .arg(serverName, where),
                                this);
    headline->setWordWrap(true);
    headline->setObjectName(QStringLiteral("trustHeadline"));
    layout->addWidget(headline);
    m_details = new QTextBrowser(this);
    m_details->setObjectName(QStringLiteral("certificateDetails"));
    m_details->setOpenLinks(false);
    m_details->setHtml(describeChain(failure));
    layout->addWidget(m_details, 1);

    auto *buttons = new QDialogButtonBox(this);
    m_trust = buttons->addButton(failure.isPinMismatch() ? tr("&Trust the New Certificate") : tr("&Trust This Certificate"),
                                 QDialogButtonBox::AcceptRole);
    m_trust->setObjectName(QStringLiteral("trustCertificate"));
    m_trust->setToolTip(tr("Keep this certificate's SHA-256 fingerprint with the server: it is trusted for this server "
                           "only, and a different certificate later is refused."));
    m_trust->setEnabled(!failure.presentedSha256.isEmpty());
    m_addCa = buttons->addButton(tr("Add &CA File…"), QDialogButtonBox::ActionRole);
    m_addCa->setObjectName(QStringLiteral("addCaFile"));
    m_addCa->setToolTip(tr("Trust the certification authority that issued this server's certificate (a PEM file), "
                           "for this server or for all servers."));
    auto *cancel = buttons->addButton(QDialogButtonBox::Cancel);
    cancel->setDefault(true); // Enter does not trust by accident
    layout->addWidget(buttons);

    connect(m_trust, &QPushButton::clicked, this, [this] {
        m_decision = Decision::TrustCertificate;
        accept();
    });
    connect(m_addCa, &QPushButton::clicked, this, &CertificateTrustDialog::askForCaFile);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    ScreenFit::resizeWithin(this, QSize(640, 520));
}

void CertificateTrustDialog::askForCaFile()
{
    QMenu scope(this);
    QAction *forServer = scope.addAction(tr("For This Server…"));
    QAction *forAll = scope.addAction(tr("For All Servers…"));
    QAction *chosen = scope.exec(m_addCa->mapToGlobal(QPoint(0, m_addCa->height())));
    if (!chosen)
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("CA Certificate"), QString(),
                                                      tr("Certificates (*.pem *.crt *.cer);;All files (*)"));
    if (path.isEmpty())
        return;
    chooseCaFile(path, chosen == forAll ? Decision::AddCaForAll : Decision::AddCaForServer);
}

void CertificateTrustDialog::chooseCaFile(const QString &path, Decision scope)
{
    m_caFile = path;
    m_decision = scope;
    accept();
}

} // namespace Mcp::Ui
