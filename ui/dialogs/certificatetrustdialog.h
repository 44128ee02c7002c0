#pragma once

#include "transport/networksettings.h"

#include <QDialog>

QT_BEGIN_NAMESPACE
class QPushButton;
class QTextBrowser;
QT_END_NAMESPACE

namespace Mcp::Ui {

// What a person decides when a server's TLS certificate was refused: the chain the server sent
// (subject, issuer, validity, names, SHA-256 fingerprints) and exactly what was wrong, then trust
// this certificate for this server (a pin kept with its entry), add a CA file for this server or
// for every server, or cancel. There is no "ignore errors".
class CertificateTrustDialog : public QDialog
{
    Q_OBJECT

public:
    enum class Decision : quint8 { Cancel, TrustCertificate, AddCaForServer, AddCaForAll };

    CertificateTrustDialog(const TlsFailure &failure, const QString &serverName, QWidget *parent = nullptr);

    Decision decision() const { return m_decision; }
    // The CA file chosen for AddCaForServer and AddCaForAll.
    QString caFile() const { return m_caFile; }

    // The chain and the errors as the dialog shows them (HTML), for tests and for copying.
    static QString describeChain(const TlsFailure &failure);

    QPushButton *trustButton() const { return m_trust; }
    QPushButton *caButton() const { return m_addCa; }
    QTextBrowser *details() const { return m_details; }

    // Answers the CA file question without a file dialog (tests).
    void chooseCaFile(const QString &path, Decision scope);

private:
    void askForCaFile();

    Decision m_decision = Decision::Cancel;
    QString m_caFile;
    QPushButton *m_trust = nullptr;
    QPushButton *m_addCa = nullptr;
    QTextBrowser *m_details = nullptr;
};

} // namespace Mcp::Ui
