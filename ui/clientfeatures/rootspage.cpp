#include "clientfeatures/rootspage.h"

#include "clientfeatures/rootseditor.h"
#include "clientfeatures/savedanswers.h"
#include "widgets/jsontext.h"
#include "theme.h"
#include "widgets/commonwidgets.h"
#include "widgets/fittinglabel.h"

#include <QCheckBox>
#include <QFileDialog>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace Mcp::Ui {

RootsPage::RootsPage(Connection *connection, QWidget *parent)
    : Page(connection, {tr("Roots"), Theme::icon(QStringLiteral("roots")), true}, parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    // Roots and sampling are deprecated in the modern revision, as logging is (the Logs page says
    // that of logging): said here when a modern server relies on them.
    m_deprecation = hiddenNote<QLabel>(Theme::Role::Warning, QStringLiteral("rootsDeprecation"), this);
    layout->addWidget(m_deprecation);
    m_editor = new RootsEditor(this);
    m_editor->setRoots(connection->roots());
    layout->addWidget(m_editor, 1);
    m_status = new FittingLabel(this);
    m_status->setObjectName(QStringLiteral("rootsStatus"));
    layout->addWidget(m_status);
    connect(m_editor, &RootsEditor::changed, this, &RootsPage::apply);

    auto *scripted = new QGroupBox(tr("Scripted answers for this server"), this);
    auto *scriptedLayout = new QVBoxLayout(scripted);
    m_scriptedSampling = new QCheckBox(scripted);
    m_scriptedSampling->setObjectName(QStringLiteral("scriptedSampling"));
    m_scriptedElicitation = new QCheckBox(scripted);
    m_scriptedElicitation->setObjectName(QStringLiteral("scriptedElicitation"));
    scriptedLayout->addWidget(m_scriptedSampling);
    scriptedLayout->addWidget(m_scriptedElicitation);
    layout->addWidget(scripted);
    for (QCheckBox *box : {m_scriptedSampling, m_scriptedElicitation}) {
        connect(box, &QCheckBox::toggled, this, [this] {
            SavedAnswers answers = SavedAnswers::load(this->connection()->name());
            answers.samplingEnabled = m_scriptedSampling->isChecked();
            answers.elicitationEnabled = m_scriptedElicitation->isChecked();
            answers.save(this->connection()->name());
        });
    }
    showScriptedAnswers();
    connect(connection, &Connection::sessionInfoChanged, this, &RootsPage::showDeprecation);
    connect(connection, &Connection::deprecatedFeatureUsed, this, &RootsPage::showDeprecation);
    showDeprecation();
}

void RootsPage::showDeprecation()
{
    const SessionInfo info = connection()->sessionInfo();
    QStringList used;
    if (info.era.era == Modern::Era::Modern)
        for (const QString &feature : info.deprecatedFeatures)
            if (feature == QLatin1String("roots") || feature == QLatin1String("sampling"))
                used << feature;
    m_deprecation->setText(used.isEmpty() ? QString()
                                          : tr("Protocol revision %1 deprecates %2; this server still asks for it.")
                                                .arg(info.protocolVersion, used.join(tr(" and "))));
    m_deprecation->setVisible(!used.isEmpty());
}

void RootsPage::showScriptedAnswers()
{
    // Saved from the sampling and elicitation dialogs ("Save as scripted answer").
    const SavedAnswers answers = SavedAnswers::load(connection()->name());
    const QSignalBlocker a(m_scriptedSampling);
    const QSignalBlocker b(m_scriptedElicitation);
    m_scriptedSampling->setEnabled(!answers.sampling.isEmpty());
    m_scriptedSampling->setChecked(answers.samplingEnabled);
    m_scriptedSampling->setText(answers.sampling.isEmpty()
                                    ? tr("Sampling: none saved (use \"Save as scripted answer\" in the sampling dialog)")
                                    : tr("Answer sampling with: %1").arg(JsonText::compact(answers.sampling).left(160)));
    m_scriptedElicitation->setEnabled(!answers.elicitation.isEmpty());
    m_scriptedElicitation->setChecked(answers.elicitationEnabled);
    m_scriptedElicitation->setText(answers.elicitation.isEmpty()
                                       ? tr("Elicitation: none saved (use \"Save as scripted answer\" in the form)")
                                       : tr("Answer elicitation with: %1").arg(JsonText::compact(answers.elicitation).left(160)));
}


QJsonArray RootsPage::roots() const
{
    return m_editor->roots();
}

void RootsPage::addFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Add a root folder"));
    if (!folder.isEmpty())
        m_editor->addFolder(folder);
}

void RootsPage::showEvent(QShowEvent *event)
{
    showScriptedAnswers(); // they may have been saved from a dialog meanwhile
    Page::showEvent(event);
}

void RootsPage::apply()
{
    connection()->setRoots(roots());
    m_status->setText(connection()->isConnected() ? tr("Sent notifications/roots/list_changed to the server.")
                                                  : tr("Saved; the server gets them when it asks (roots/list)."));
}

} // namespace Mcp::Ui
