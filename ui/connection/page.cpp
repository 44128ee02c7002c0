#include "connection/page.h"

#include "traffic/trafficcapture.h"
#include "widgets/fittinglabel.h"

#include <QFileDialog>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QTimer>
#include <QVBoxLayout>

namespace Mcp::Ui {

Page::Page(Connection *connection, const Tab &tab, QWidget *parent)
    : QWidget(parent), m_connection(connection), m_tab(tab)
{
    connect(connection, &Connection::stateChanged, this, [this](Connection::State state) {
        updateOfflineNotice();
        deliverState(state);
    });
    // Virtual calls do not reach subclasses from a base constructor: deliver the current state later.
    QTimer::singleShot(0, this, [this] {
        if (!m_connection)
            return;
        updateOfflineNotice();
        deliverState(m_connection->state());
    });
}

void Page::updateOfflineNotice()
{
    if (!m_connection || worksOffline())
        return;
    const Connection::State state = m_connection->state();
    m_hadSession = m_hadSession || state == Connection::State::Connected;
    // Once there was a session, what it listed stays to be read; before, an empty list with
    // "pick one on the left" would only puzzle.
    if (m_hadSession) {
        if (m_offline)
            m_offline->hide();
        return;
    }
    if (!m_offline) {
        m_offline = new QWidget(this);
        m_offline->setObjectName(QStringLiteral("offlineNotice"));
        m_offline->setAutoFillBackground(true);
        auto *layout = new QVBoxLayout(m_offline);
        layout->addStretch(1);
        m_offlineText = new FittingLabel(m_offline); // a long server name wraps or is cut, never widens the window
        m_offlineText->setObjectName(QStringLiteral("offlineText"));
        m_offlineText->setAlignment(Qt::AlignCenter);
        m_offlineText->setWordWrap(true);
        layout->addWidget(m_offlineText);
        m_offlineConnect = new QPushButton(tr("Connect"), m_offline);
        m_offlineConnect->setObjectName(QStringLiteral("offlineConnect"));
        layout->addWidget(m_offlineConnect, 0, Qt::AlignHCenter);
        layout->addStretch(2);
        connect(m_offlineConnect, &QPushButton::clicked, this, &Page::connectRequested);
    }
    const bool connecting = state == Connection::State::Connecting;
    m_offlineText->setText(connecting ? tr("Connecting to %1…").arg(m_connection->name())
                                      : tr("%1 is not connected.\nConnect to see what it offers here.")
                                            .arg(m_connection->name()));
    m_offlineConnect->setVisible(!connecting);
    m_offline->setGeometry(rect());
    m_offline->raise();
    m_offline->show();
}

void Page::setView(QWidget *view, int margin)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(margin, margin, margin, margin);
    layout->addWidget(view);
}

void Page::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (m_offline)
        m_offline->setGeometry(rect());
}

void Page::deliverState(Connection::State state)
{
    if (m_deliveredState == state)
        return;
    m_deliveredState = state;
    connectionStateChanged(state);
}

void Page::saveTextExport(const QString &title, const QString &fileSuffix, const std::function<QString()> &text)
{
    const QString path = QFileDialog::getSaveFileName(this, title, connection()->name() + fileSuffix,
                                                      tr("Text files (*.txt);;All files (*)"));
    if (path.isEmpty())
        return;
    const QByteArray bytes = SecretRedactor(connection()->secretValues()).redactedText(text()).toUtf8();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) < 0 || !file.commit())
        QMessageBox::warning(this, title, tr("Could not write %1: %2").arg(path, file.errorString()));
}

} // namespace Mcp::Ui
