#include "dialogs/recordinhostdialog.h"

#include "config/hostconfigs.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <csignal>

namespace Mcp::Ui {

RecordInHostDialog::RecordInHostDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Record a Server in a Host"));
    m_recorder.program = QCoreApplication::applicationFilePath();
    m_files = new QComboBox(this);
    for (const auto &host : knownHostFiles())
        m_files->addItem(QStringLiteral("%1 — %2").arg(host.first, QDir::toNativeSeparators(host.second)), host.second);
    auto *browseButton = new QPushButton(tr("Other File…"), this);
    m_servers = new QComboBox(this);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *fileRow = new QHBoxLayout;
    fileRow->addWidget(m_files, 1);
    fileRow->addWidget(browseButton);
    auto *form = new QFormLayout;
    form->addRow(tr("Host configuration:"), fileRow);
    form->addRow(tr("Server:"), m_servers);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_recordButton = buttons->addButton(tr("&Record Through MCP Scope"), QDialogButtonBox::ActionRole);
    m_undoButton = buttons->addButton(tr("&Undo"), QDialogButtonBox::ActionRole);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("The host will reach the server through mcpscope record, which passes everything "
                                    "on and records it; an open MCP Scope window shows it live. A stdio server is "
                                    "started through the recorder; an HTTP server's address points at a recording "
                                    "proxy started now. Only this server's entry changes, and a backup of the file "
                                    "is kept."),
                                 this));
    layout->itemAt(0)->widget()->setProperty("wordWrap", true);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browseButton, &QPushButton::clicked, this, &RecordInHostDialog::browse);
    connect(m_files, &QComboBox::currentIndexChanged, this, &RecordInHostDialog::loadServers);
    connect(m_servers, &QComboBox::currentIndexChanged, this, &RecordInHostDialog::findEarlierChange);
    connect(m_recordButton, &QPushButton::clicked, this, &RecordInHostDialog::record);
    connect(m_undoButton, &QPushButton::clicked, this, &RecordInHostDialog::undo);
    loadServers();
}

QList<QPair<QString, QString>> RecordInHostDialog::knownHostFiles()
{
    QList<QPair<QString, QString>> found;
    for (const HostConfig::Location &location : HostConfig::existingLocations(QDir::currentPath()))
        found.append({location.host, location.path});
    return found;
}

void RecordInHostDialog::setFile(const QString &path)
{
    int index = m_files->findData(path);
    if (index < 0) {
        m_files->addItem(QDir::toNativeSeparators(path), path);
        index = m_files->count() - 1;
    }
    m_files->setCurrentIndex(index);
    loadServers();
}

void RecordInHostDialog::selectServer(const QString &name)
{
    m_servers->setCurrentIndex(m_servers->findText(name));
}

void RecordInHostDialog::browse()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Host Configuration"), QDir::homePath(),
                                                      tr("Host configurations (*.json *.jsonc *.toml *.yaml *.yml);;All files (*)"));
    if (!path.isEmpty())
        setFile(path);
}

void RecordInHostDialog::loadServers()
{
    m_servers->clear();
    const QString path = m_files->currentData().toString();
    if (path.isEmpty()) {
        m_status->setText(tr("No host configuration found; choose one with Other File…"));
        updateButtons();
        return;
    }
    const McpJsonImport imported = HostConfig::readFile(path);
    if (!imported.isValid()) {
        m_status->setText(imported.error.toString());
    } else {
        for (const ServerConfig &server : imported.servers) {
            if (!server.command.isEmpty() || !server.url.isEmpty())
                m_servers->addItem(server.name);
        }
        m_status->setText(m_servers->count() ? QString() : tr("This file has no servers."));
    }
    findEarlierChange();
}

void RecordInHostDialog::findEarlierChange()
{
    const bool known = m_change && m_change->serverName == m_servers->currentText()
        && m_change->path == m_files->currentData().toString();
    if (!known)
        m_change = RecordRewrite::pendingChange(m_files->currentData().toString(), m_servers->currentText(),
                                                m_recorder.program);
    // Found from the backup (this dialog did not make it): say so, also after the list reloads.
    if (m_change && m_change->rewritten.isEmpty())
        m_status->setText(tr("“%1” already goes through the recorder (the file as it was is in %2); Undo puts it back.")
                              .arg(m_servers->currentText(), QDir::toNativeSeparators(m_change->backupPath)));
    updateButtons();
}

std::optional<QUrl> RecordInHostDialog::startProxy(const QUrl &target, QString *error)
{
    // A free loopback port, then the recorder on it, detached: it must outlive this window,
    // since the host uses the address in its file whenever it runs.
    quint16 port = 0;
    {
        QTcpServer probe;
        if (!probe.listen(QHostAddress::LocalHost, 0)) {
            *error = probe.errorString();
            return std::nullopt;
        }
        port = probe.serverPort();
    }
    QProcess recorder;
    recorder.setProgram(m_recorder.program);
    recorder.setArguments({QStringLiteral("record"), QStringLiteral("--http"), QStringLiteral("--target"),
                           target.toString(QUrl::FullyEncoded), QStringLiteral("--listen"),
                           QStringLiteral("127.0.0.1:%1").arg(port), QStringLiteral("--name"), m_servers->currentText()});
    recorder.setStandardOutputFile(QProcess::nullDevice());
    recorder.setStandardErrorFile(QProcess::nullDevice());
    qint64 pid = 0;
    if (!recorder.startDetached(&pid)) {
        *error = tr("cannot start %1: %2").arg(m_recorder.program, recorder.errorString());
        return std::nullopt;
    }
    // Ready when it accepts a connection.
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 5000) {
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, port);
        if (socket.waitForConnected(200)) {
            m_proxyPids.insert(changeKey(), pid);
            QUrl proxy;
            proxy.setScheme(QStringLiteral("http"));
            proxy.setHost(QStringLiteral("127.0.0.1"));
            proxy.setPort(port);
            return proxy;
        }
        QThread::msleep(50);
    }
    ::kill(pid_t(pid), SIGTERM);
    *error = tr("the recorder did not start listening on 127.0.0.1:%1").arg(port);
    return std::nullopt;
}

bool RecordInHostDialog::record()
{
    QString error;
    const QString path = m_files->currentData().toString();
    const QString name = m_servers->currentText();
    QFile file(path);
    const auto entry = file.open(QIODevice::ReadOnly)
        ? RecordRewrite::entry(file.readAll(), name, m_recorder.program, &error)
        : std::nullopt;
    if (!entry) {
        m_status->setText(tr("Not changed: %1").arg(error.isEmpty() ? file.errorString() : error));
        return false;
    }
    RecordRewrite::Recorder recorder = m_recorder;
    if (!entry->url.isEmpty() && entry->command.isEmpty()) {
        const auto proxy = startProxy(entry->url, &error);
        if (!proxy) {
            m_status->setText(tr("Not changed: %1").arg(error));
            return false;
        }
        recorder.httpProxy = *proxy;
    }
    const auto change = RecordRewrite::wrapFile(path, name, recorder, &error);
    if (!change) {
        stopProxy();
        m_status->setText(tr("Not changed: %1").arg(error));
        return false;
    }
    m_change = change;
    if (recorder.httpProxy.isValid())
        m_status->setText(tr("“%1” now goes through the recording proxy at %2 (process %3), which must run while the "
                             "host uses it; Undo stops it. Restart the host to start recording. The file as it was is "
                             "in %4.")
                              .arg(name, recorder.httpProxy.toString(), QString::number(m_proxyPids.value(changeKey())),
                                   QDir::toNativeSeparators(change->backupPath)));
    else
        m_status->setText(tr("“%1” now runs through the recorder; restart the host to start recording. The file as it "
                             "was is in %2.")
                              .arg(name, QDir::toNativeSeparators(change->backupPath)));
    updateButtons();
    return true;
}

QString RecordInHostDialog::changeKey() const
{
    return m_files->currentData().toString() + QLatin1Char('\n') + m_servers->currentText();
}

bool RecordInHostDialog::stopProxy()
{
    const qint64 pid = m_proxyPids.take(changeKey());
    if (pid > 0)
        ::kill(pid_t(pid), SIGTERM);
    return pid > 0;
}

bool RecordInHostDialog::undo()
{
    if (!m_change)
        return false;
    QString error;
    if (!RecordRewrite::undo(*m_change, &error)) {
        m_status->setText(tr("Not undone: %1").arg(error));
        return false;
    }
    m_change.reset();
    const bool stopped = stopProxy();
    m_status->setText(stopped ? tr("Undone: the entry is as it was, and the recording proxy is stopped.")
                              : tr("Undone: the entry is as it was."));
    updateButtons();
    return true;
}

QString RecordInHostDialog::statusText() const
{
    return m_status->text();
}

void RecordInHostDialog::updateButtons()
{
    m_recordButton->setEnabled(!m_change && m_servers->count() > 0);
    m_undoButton->setEnabled(bool(m_change));
}

} // namespace Mcp::Ui
