#include "elicitationdialog.h"

#include "forms/schemaform.h"
#include "theme.h"

#include "protocol/clienttypes.h"
#include "protocol/keys.h"
#include "widgets/commonwidgets.h"
#include "widgets/fittinglabel.h"
#include "widgets/screenfit.h"

#include <QBoxLayout>
#include <QClipboard>
#include <QGuiApplication>
#include <QDesktopServices>
#include <QAbstractScrollArea>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QToolButton>

namespace Mcp::Ui {

namespace {
std::function<bool(const QUrl &)> &urlOpener()
{
    static std::function<bool(const QUrl &)> opener = [](const QUrl &url) { return QDesktopServices::openUrl(url); };
    return opener;
}
}

void ElicitationDialog::setUrlOpener(std::function<bool(const QUrl &)> opener)
{
    urlOpener() = std::move(opener);
}

QString ElicitationDialog::highlightedUrl(const QUrl &url)
{
    const QString full = url.toString(QUrl::FullyEncoded);
    const QString host = url.host(QUrl::FullyEncoded);
    const int at = host.isEmpty() ? -1 : full.indexOf(host, full.indexOf(QLatin1String("//")) + 2);
    if (at < 0)
        return full.toHtmlEscaped();
    return full.left(at).toHtmlEscaped() + QLatin1String("<b>") + host.toHtmlEscaped() + QLatin1String("</b>")
        + full.mid(at + host.size()).toHtmlEscaped();
}

void ElicitationDialog::addUrlPreview(QBoxLayout *layout, QWidget *parent, const QUrl &url, const QString &domainObjectName,
                                      const QString &urlObjectName)
{
    auto *domain = new QLabel(parent);
    domain->setObjectName(domainObjectName);
    domain->setTextFormat(Qt::RichText);
    domain->setText(tr("Domain: <b>%1</b>").arg(url.host().toHtmlEscaped()));
    QFont big = domain->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    domain->setFont(big);
    layout->addWidget(domain);
    auto *full = new QLabel(parent);
    full->setObjectName(urlObjectName);
    full->setTextFormat(Qt::RichText);
    full->setWordWrap(true);
    full->setTextInteractionFlags(Qt::TextSelectableByMouse);
    full->setText(highlightedUrl(url));
    layout->addWidget(full);
}

ElicitationDialog::ElicitationDialog(const Asked &asked, const QString &serverName, QWidget *parent)
    : PendingRequestDialog(asked, serverName, parent)
{
    setUp();
}

void ElicitationDialog::setUp()
{
    const QString serverName = this->serverName();
    const ElicitRequestParams p = ElicitRequestParams::fromJson(params());
    m_urlMode = p.isUrlMode();
    setWindowTitle(tr("%1 asks for information").arg(serverName));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(makeServerBanner(m_urlMode ? tr("asks you to open a web page (elicitation, URL mode).")
                                                 : tr("asks you for information (elicitation).")));
    auto *message = new QLabel(p.message, this);
    message->setObjectName(QStringLiteral("elicitationMessage"));
    message->setWordWrap(true);
    message->setTextFormat(Qt::PlainText);
    message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont font = message->font();
    font.setPointSizeF(font.pointSizeF() * 1.1);
    message->setFont(font);
    layout->addWidget(message);

    auto *buttons = new QDialogButtonBox(this);
    if (m_urlMode) {
        m_url = QUrl(p.url, QUrl::TolerantMode);
        addUrlPreview(layout, this, m_url, QStringLiteral("urlDomain"), QStringLiteral("urlText"));
        QStringList warnings;
        if (!m_url.isValid())
            warnings.append(tr("The URL is not valid."));
        if (m_url.scheme() != QLatin1String("https"))
            warnings.append(tr("The URL does not use https."));
        if (!m_url.userInfo().isEmpty())
            warnings.append(tr("The URL carries a user name or password before the domain: check the domain carefully."));
        if (m_url.host().contains(QLatin1String("xn--")) || m_url.host(QUrl::FullyDecoded) != m_url.host(QUrl::FullyEncoded))
            warnings.append(tr("The domain contains international characters (%1): check it is the site you expect.")
                                .arg(m_url.host(QUrl::FullyDecoded)));
        if (!warnings.isEmpty()) {
            auto *warning = new QLabel(warnings.join(u'\n'), this);
            warning->setObjectName(QStringLiteral("urlWarning"));
            warning->setWordWrap(true);
            Theme::setTextColor(warning, Theme::Role::Error);
            layout->addWidget(warning);
        }
        layout->addWidget(new QLabel(tr("Nothing is opened until you click \"Open in browser\"."), this));
        layout->addStretch(1);
        auto *open = buttons->addButton(tr("Open in &browser"), QDialogButtonBox::AcceptRole);
        open->setObjectName(QStringLiteral("openUrl"));
        open->setEnabled(m_url.isValid() && (m_url.scheme() == QLatin1String("https") || m_url.scheme() == QLatin1String("http")));
        connect(open, &QPushButton::clicked, this, &ElicitationDialog::openUrl);
        m_open = open;
        // Where no browser can be started, the person may open the page elsewhere and then say so.
        m_copyLink = buttons->addButton(tr("Copy &Link"), QDialogButtonBox::ActionRole);
        m_copyLink->setObjectName(QStringLiteral("copyLink"));
        m_copyLink->setToolTip(tr("Copy the URL, to open it in a browser yourself"));
        m_copyLink->setEnabled(m_url.isValid());
        connect(m_copyLink, &QPushButton::clicked, this, [this] {
            QGuiApplication::clipboard()->setText(m_url.toString(QUrl::FullyEncoded));
            m_problem->setText(tr("Link copied. Once you have opened it, answer with \"I Opened It\"."));
            m_problem->show();
            m_openedElsewhere->show();
        });
        m_openedElsewhere = buttons->addButton(tr("I &Opened It"), QDialogButtonBox::AcceptRole);
        m_openedElsewhere->setObjectName(QStringLiteral("openedElsewhere"));
        m_openedElsewhere->setToolTip(tr("Accept: tell the server you opened the page yourself"));
        m_openedElsewhere->hide();
        connect(m_openedElsewhere, &QPushButton::clicked, this, [this] {
            respond({{Key::Action, ElicitActionValue::Accept}});
            done(QDialog::Accepted);
        });
    } else {
        m_form = new SchemaFormWidget(this);
        m_form->setObjectName(QStringLiteral("elicitationForm"));
        m_form->setSchema(p.requestedSchema);
        m_form->applyDefaults(); // the user sees (and may change) what omitted fields would become
        layout->addWidget(m_form, 1);
        auto *accept = buttons->addButton(tr("&Accept"), QDialogButtonBox::AcceptRole);
        accept->setObjectName(QStringLiteral("accept"));
        accept->setDefault(true);
        connect(accept, &QPushButton::clicked, this, &ElicitationDialog::acceptRequest);
        addScriptedAnswerButton(buttons, tr("Answer this server's later form requests with these values automatically"), [this] {
            return QJsonObject{{Key::Action, ElicitActionValue::Accept}, {Key::Content, content()}};
        });
    }
    m_problem = hiddenNote<FittingLabel>(Theme::Role::Error, QStringLiteral("problem"), this);
    layout->addWidget(m_problem);
    auto *decline = buttons->addButton(tr("&Decline"), QDialogButtonBox::DestructiveRole);
    decline->setObjectName(QStringLiteral("decline"));
    decline->setToolTip(tr("Say no: the server learns you declined"));
    auto *cancel = buttons->addButton(tr("Cancel"), QDialogButtonBox::RejectRole);
    cancel->setObjectName(QStringLiteral("cancel"));
    cancel->setToolTip(tr("Dismiss without choosing"));
    connect(decline, &QPushButton::clicked, this, &ElicitationDialog::declineRequest);
    connect(cancel, &QPushButton::clicked, this, &ElicitationDialog::cancelRequest);
    layout->addWidget(buttons);
    // The first field (not the form's tool buttons) starts with the focus, so the user types, then answers with Enter (Accept is
    // the default button); otherwise the focus lands on a button and Enter presses that one.
    if (m_form) {
        for (QWidget *field = m_form->nextInFocusChain(); field && m_form->isAncestorOf(field);
             field = field->nextInFocusChain()) {
            if ((field->focusPolicy() & Qt::TabFocus) && field->isVisibleTo(m_form)
                && !qobject_cast<QAbstractScrollArea *>(field) && !qobject_cast<QToolButton *>(field)) {
                field->setFocus();
                break;
            }
        }
    }
    fitToContent();
}

void ElicitationDialog::fitToContent()
{
    // As tall as the message and the fields need (one field: a small dialog), at most 640 px and
    // the screen; a longer form scrolls inside.
    QSize preferred = layout()->sizeHint();
    if (m_form) {
        // The form's fields scroll in a stack with its JSON editor: count the fields' own height
        // instead of what the stack would like.
        const auto *stack = m_form->findChild<QStackedWidget *>();
        const auto *scroll = m_form->findChild<QScrollArea *>();
        if (stack && scroll && scroll->widget())
            preferred.rheight() += scroll->widget()->sizeHint().height() + 2 * scroll->frameWidth() + 4
                - stack->sizeHint().height();
    }
    preferred = preferred.expandedTo(QSize(480, 0)).boundedTo(QSize(720, 640));
    preferred.setWidth(qMax(preferred.width(), 560));
    ScreenFit::resizeWithin(this, preferred);
}

QJsonObject ElicitationDialog::content() const
{
    if (!m_form)
        return {};
    // Omitted fields come back with their defaults (what the conformance suite expects).
    FormState state = m_form->formState();
    state.applyDefaults();
    return state.toJson().toObject();
}

void ElicitationDialog::acceptRequest()
{
    if (m_urlMode) {
        openUrl();
        return;
    }
    const ValidationResult result = m_form->validateAndShow();
    if (!result.valid) {
        m_problem->setText(tr("Please fix the marked fields first:\n%1").arg(m_form->describe(result)));
        m_problem->show();
        return;
    }
    respond({{Key::Action, ElicitActionValue::Accept}, {Key::Content, content()}});
    done(QDialog::Accepted);
}

void ElicitationDialog::openUrl()
{
    if (!m_url.isValid())
        return;
    if (!urlOpener()(m_url)) {
        // Nothing was opened, so nothing is accepted: the dialog stays, and the person chooses.
        m_problem->setText(tr("No browser could be started to open the page. Copy the link to open it yourself, "
                              "or Decline or Cancel."));
        m_problem->show();
        if (m_open)
            m_open->setText(tr("Try &Again"));
        if (m_copyLink)
            m_copyLink->setFocus();
        return;
    }
    // Opening the page is the user's consent: the interaction continues in the browser.
    respond({{Key::Action, ElicitActionValue::Accept}});
    done(QDialog::Accepted);
}

void ElicitationDialog::declineRequest()
{
    respond({{Key::Action, ElicitActionValue::Decline}});
    done(QDialog::Rejected);
}

void ElicitationDialog::cancelRequest()
{
    respond({{Key::Action, ElicitActionValue::Cancel}});
    done(QDialog::Rejected);
}

void ElicitationDialog::reject()
{
    if (!isAnswered())
        respond({{Key::Action, ElicitActionValue::Cancel}});
    QDialog::reject();
}

} // namespace Mcp::Ui
