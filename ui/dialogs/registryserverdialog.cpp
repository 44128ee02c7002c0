#include "dialogs/registryserverdialog.h"

#include "dialogs/installlinkdialog.h"
#include "theme.h"
#include "widgets/fittinglabel.h"
#include "widgets/quietdestruction.h"
#include "widgets/screenfit.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHostAddress>
#include <QLabel>
#include <QLineEdit>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QUrl>
#include <QVBoxLayout>

namespace Mcp::Ui {

namespace {

bool isLoopbackHost(const QString &host)
{
    return host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0 || QHostAddress(host).isLoopback();
}

} // namespace

RegistryServerDialog::RegistryServerDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Open server.json"));
    ScreenFit::resizeWithin(this, QSize(760, 640));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("A server.json describes a server of the MCP Registry: the packages that run it and the "
                                "remote endpoints that serve it. Choose one and fill in what it asks for; its command "
                                "runs only after you have confirmed it."), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto *sourceRow = new QHBoxLayout;
    m_source = new QLineEdit(this);
    m_source->setPlaceholderText(tr("File path or https:// URL of a server.json"));
    m_browse = new QPushButton(tr("Browse…"), this);
    m_load = new QPushButton(tr("&Load"), this);
    sourceRow->addWidget(new QLabel(tr("Source:"), this));
    sourceRow->addWidget(m_source, 1);
    sourceRow->addWidget(m_browse);
    sourceRow->addWidget(m_load);
    layout->addLayout(sourceRow);

    m_header = new FittingLabel(this);
    m_header->setWordWrap(true);
    m_header->setTextFormat(Qt::PlainText);
    layout->addWidget(m_header);

    auto *top = new QFormLayout;
    m_choice = new QComboBox(this);
    m_name = new QLineEdit(this);
    top->addRow(tr("Run with:"), m_choice);
    top->addRow(tr("Name:"), m_name);
    layout->addLayout(top);

    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_formHost = new QWidget(scroll);
    m_form = new QFormLayout(m_formHost);
    m_form->setContentsMargins(0, 0, 0, 0);
    scroll->setWidget(m_formHost);
    layout->addWidget(scroll, 1);

    m_preview = new QPlainTextEdit(this);
    m_preview->setReadOnly(true);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview->setMaximumHeight(150);
    layout->addWidget(m_preview);
    m_status = new FittingLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    layout->addWidget(m_status);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_add = buttons->addButton(tr("&Add Server"), QDialogButtonBox::AcceptRole);
    m_add->setEnabled(false);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open server.json"), QString(),
                                                          tr("JSON files (*.json);;All files (*)"));
        if (!path.isEmpty())
            setSource(path);
    });
    connect(m_load, &QPushButton::clicked, this, [this] { setSource(m_source->text()); });
    connect(m_source, &QLineEdit::returnPressed, this, [this] { setSource(m_source->text()); });
    connect(m_choice, &QComboBox::currentIndexChanged, this, &RegistryServerDialog::buildForm);
    connect(m_name, &QLineEdit::textEdited, this, &RegistryServerDialog::refresh);
    load(RegistryServer());
    showStatus(tr("Choose a server.json file or give its URL."), false);
}

RegistryServerDialog::~RegistryServerDialog()
{
    if (m_reply)
        m_reply->abort();
    quietEditorsForDestruction(this);
}

void RegistryServerDialog::setSource(const QString &given)
{
    const QString source = given.trimmed();
    m_source->setText(source);
    if (m_reply)
        m_reply->abort();
    if (source.isEmpty())
        return;
    const QUrl url(source);
    const QString scheme = url.scheme().toLower();
    if (scheme == QLatin1String("https") || (scheme == QLatin1String("http") && isLoopbackHost(url.host()))) {
        fetch(url);
    } else if (scheme == QLatin1String("http")) {
        load(RegistryServer());
        showStatus(tr("Refused: %1 is plain http. A server.json is fetched over https only (or from this computer).")
                       .arg(source), true);
        Q_EMIT loaded();
    } else {
        load(RegistryServer::readFile(scheme == QLatin1String("file") ? url.toLocalFile() : source));
        Q_EMIT loaded();
    }
}

void RegistryServerDialog::setText(const QByteArray &text, const QString &source)
{
    m_source->setText(source);
    load(RegistryServer::parse(text, source));
    Q_EMIT loaded();
}

void RegistryServerDialog::fetch(const QUrl &url)
{
    if (!m_network)
        m_network = new QNetworkAccessManager(this);
    QNetworkRequest request(url);
    // Never from https to http on a redirect, and plain http (this computer only) never elsewhere;
    // no cookies or credentials are stored on this manager.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         url.scheme() == QLatin1String("https") ? QNetworkRequest::NoLessSafeRedirectPolicy
                                                                : QNetworkRequest::SameOriginRedirectPolicy);
    request.setTransferTimeout(20000);
    request.setRawHeader("Accept", "application/json");
    QNetworkReply *reply = m_network->get(request);
    m_reply = reply;
    m_load->setEnabled(false);
    showStatus(tr("Fetching %1…").arg(url.toDisplayString()), false);
    connect(reply, &QNetworkReply::downloadProgress, this, [reply](qint64 received, qint64 total) {
        if (received > MaxDownloadBytes || total > MaxDownloadBytes)
            reply->abort();
    });
    connect(reply, &QNetworkReply::finished, this, [this, reply, url] {
        reply->deleteLater();
        m_load->setEnabled(true);
        const QByteArray body = reply->readAll();
        if (reply->bytesAvailable() > 0 || body.size() > MaxDownloadBytes) {
            load(RegistryServer());
            showStatus(tr("Refused: %1 is larger than a server.json can be (1 MiB).").arg(url.toDisplayString()), true);
        } else if (reply->error() != QNetworkReply::NoError) {
            load(RegistryServer());
            showStatus(tr("Could not fetch %1: %2").arg(url.toDisplayString(), reply->errorString()), true);
        } else {
            load(RegistryServer::parse(body, url.toDisplayString()));
        }
        Q_EMIT loaded();
    });
}

void RegistryServerDialog::load(const RegistryServer &server)
{
    m_server = server;
    {
        const QSignalBlocker blocker(m_choice);
        m_choice->clear();
        for (const RegistryChoice &choice : std::as_const(m_server.choices)) {
            m_choice->addItem(choice.kind == RegistryChoice::Kind::Remote ? tr("Remote: %1").arg(choice.label())
                                                                          : tr("Package: %1").arg(choice.label()));
        }
        const int preferred = m_server.defaultChoice();
        if (preferred >= 0)
            m_choice->setCurrentIndex(preferred);
    }
    m_choice->setEnabled(m_server.choices.size() > 1);
    if (!m_server.isValid() || m_server.choices.isEmpty()) {
        m_header->clear();
    } else {
        QString header = m_server.displayName();
        if (!m_server.version.isEmpty())
            header += QLatin1Char(' ') + m_server.version;
        header += QStringLiteral(" (%1)").arg(m_server.name);
        if (!m_server.description.isEmpty())
            header += QLatin1Char('\n') + m_server.description;
        m_header->setText(header);
    }
    m_name->setText(m_server.isValid() ? m_server.displayName() : QString());
    buildForm();
}

void RegistryServerDialog::buildForm()
{
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
    m_fields.clear();
    const int index = m_choice->currentIndex();
    if (index >= 0 && index < m_server.choices.size()) {
        for (const RegistryInput &input : m_server.choices.at(index).inputs) {
            auto *cell = new QWidget(m_formHost);
            auto *cellLayout = new QVBoxLayout(cell);
            cellLayout->setContentsMargins(0, 0, 0, 0);
            cellLayout->setSpacing(2);
            Field field;
            field.key = input.key;
            const bool boolean = input.format == QLatin1String("boolean");
            if (input.askedOnConnect) {
                // On the command line or in the URL a secret cannot be kept: it is asked for each time.
                if (input.required) {
                    auto *note = new QLabel(tr("Asked for (hidden) each time you connect."), cell);
                    cellLayout->addWidget(note);
                } else {
                    field.check = new QCheckBox(tr("Use it: asked for (hidden) each time you connect"), cell);
                    cellLayout->addWidget(field.check);
                    connect(field.check, &QCheckBox::toggled, this, &RegistryServerDialog::refresh);
                }
            } else if (!input.choices.isEmpty() || boolean) {
                field.combo = new QComboBox(cell);
                if (!input.required)
                    field.combo->addItem(tr("(not set)"), QString());
                const QStringList choices = input.choices.isEmpty()
                    ? QStringList{QStringLiteral("true"), QStringLiteral("false")}
                    : input.choices;
                for (const QString &choice : choices)
                    field.combo->addItem(choice, choice);
                const int preset = field.combo->findData(input.defaultValue);
                if (preset >= 0)
                    field.combo->setCurrentIndex(preset);
                cellLayout->addWidget(field.combo);
                connect(field.combo, &QComboBox::currentIndexChanged, this, &RegistryServerDialog::refresh);
            } else {
                field.line = new QLineEdit(input.defaultValue, cell);
                field.line->setPlaceholderText(input.placeholder);
                if (input.secret)
                    field.line->setEchoMode(QLineEdit::Password); // kept in the keychain, never shown
                cellLayout->addWidget(field.line);
                connect(field.line, &QLineEdit::textChanged, this, &RegistryServerDialog::refresh);
            }
            if (!input.description.isEmpty()) {
                auto *description = new QLabel(input.description, cell);
                description->setWordWrap(true);
                description->setTextFormat(Qt::PlainText);
                Theme::setTextColor(description, Theme::Role::Muted);
                cellLayout->addWidget(description);
            }
            QString label = input.label;
            if (input.required)
                label += QStringLiteral(" *");
            if (input.secret)
                label += QStringLiteral(" 🔒");
            auto *rowLabel = new QLabel(label + QLatin1Char(':'), m_formHost);
            rowLabel->setToolTip(input.required ? tr("Required") : tr("Optional"));
            if (QWidget *focus = field.line ? static_cast<QWidget *>(field.line)
                               : field.combo ? static_cast<QWidget *>(field.combo) : field.check)
                rowLabel->setBuddy(focus);
            m_form->addRow(rowLabel, cell);
            m_fields.append(field);
        }
    }
    refresh();
}

void RegistryServerDialog::refresh()
{
    m_config.reset();
    const int index = m_choice->currentIndex();
    if (!m_server.isValid()) {
        m_preview->clear();
        m_add->setEnabled(false);
        if (!m_server.error.isNull())
            showStatus(m_server.error.toString(), true);
        return;
    }
    QHash<QString, QString> values;
    for (const Field &field : std::as_const(m_fields)) {
        if (field.line)
            values.insert(field.key, field.line->text());
        else if (field.combo)
            values.insert(field.key, field.combo->currentData().toString());
        else if (field.check)
            values.insert(field.key, field.check->isChecked() ? QStringLiteral("1") : QString());
    }
    const RegistryConfigResult result = m_server.configFor(index, values);
    if (!result.config) {
        m_preview->clear();
        showStatus(result.error, true);
        m_add->setEnabled(false);
        return;
    }
    ServerConfig config = *result.config;
    if (!m_name->text().trimmed().isEmpty())
        config.name = m_name->text().trimmed();
    m_config = config;
    m_preview->setPlainText(InstallLinkDialog::describe(config));
    const QStringList notes = m_server.warnings + result.warnings;
    if (notes.isEmpty())
        showStatus(tr("Ready to add. Secret values go to the keychain, never into the server list file."), false);
    else
        showStatus(notes.join(QLatin1Char('\n')), true);
    m_add->setEnabled(!m_name->text().trimmed().isEmpty());
}

void RegistryServerDialog::showStatus(const QString &text, bool error)
{
    m_status->setText(text);
    if (error)
        Theme::setTextColor(m_status, m_config ? Theme::Role::Warning : Theme::Role::Error);
    else
        Theme::resetTextColor(m_status);
}

int RegistryServerDialog::currentChoice() const
{
    return m_choice->currentIndex();
}

void RegistryServerDialog::setChoice(int index)
{
    m_choice->setCurrentIndex(index);
}

bool RegistryServerDialog::setValue(const QString &key, const QString &value)
{
    for (const Field &field : std::as_const(m_fields)) {
        if (field.key != key)
            continue;
        if (field.line) {
            field.line->setText(value);
        } else if (field.combo) {
            const int index = field.combo->findData(value);
            if (index < 0)
                return false;
            field.combo->setCurrentIndex(index);
        } else if (field.check) {
            field.check->setChecked(!value.isEmpty());
        }
        return true;
    }
    return false;
}

bool RegistryServerDialog::hasField(const QString &key) const
{
    return std::any_of(m_fields.begin(), m_fields.end(), [&](const Field &field) { return field.key == key; });
}

std::optional<ServerConfig> RegistryServerDialog::config() const
{
    return m_config;
}

QString RegistryServerDialog::statusText() const
{
    return m_status->text();
}

QString RegistryServerDialog::previewText() const
{
    return m_preview->toPlainText();
}

} // namespace Mcp::Ui
