// Words and contrast in the real window (issue 30, item 8), on a real desktop (Xvfb, openbox,
// xcb): what the screen shows, read back from the X server where colour matters.
#include "contrast.h"
#include "desktopfixture.h"

#include "clientfeatures/elicitationdialog.h"
#include "config/secretstore.h"
#include "forms/schemaform.h"
#include "tools/toolpanel.h"
#include "theme.h"

#include <QCheckBox>
#include <QHash>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QtTest>

using namespace Mcp;
using namespace Mcp::Ui;

class tst_DesktopWords : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void taskStatusShowsItsMessageAfterADash();
    void darkErrorTextIsReadableAndSaidOnce();
    void firstListIsNotCalledCached();

private:
    Desktop::WindowFixture m_fixture;
};

void tst_DesktopWords::initTestCase()
{
    if (!m_fixture.setUp("MCPScopeDesktopWordsTest"))
        QSKIP(m_fixture.skipReason);
}

void tst_DesktopWords::cleanup()
{
    for (QWidget *widget : QApplication::topLevelWidgets()) {
        if (auto *dialog = qobject_cast<ElicitationDialog *>(widget))
            dialog->cancelRequest();
    }
    m_fixture.closeWindow();
    Theme::apply(qApp, Theme::Choice::Light);
}

// A task's status message follows its status after a dash, as written: not "â€”" (UTF-8 read as
// Latin-1). The demo server's task waits for the client's answer with a statusMessage.
void tst_DesktopWords::taskStatusShowsItsMessageAfterADash()
{
    MainWindow *window = m_fixture.openWindow(QStringLiteral("task"));
    QVERIFY(window);
    ServerConfig config = m_fixture.demoConfig(QStringLiteral("words-task"));
    config.era = QStringLiteral("legacy"); // the tasks API the panel polls (tasks/get, notifications/tasks/status)
    ServerPage *page = m_fixture.connect(config);
    QVERIFY(page);
    QVERIFY(page->toolsPage()->list()->selectByName(QStringLiteral("ask_user")));
    ToolPanel *panel = page->toolsPage()->panel();
    auto *asTask = panel->findChild<QCheckBox *>(QStringLiteral("runAsTask"));
    QVERIFY(asTask && asTask->isEnabled());
    if (!asTask->isChecked())
        QVERIFY(Desktop::click(asTask));
    QTRY_VERIFY(asTask->isChecked());
    QVERIFY(Desktop::click(panel->runButton()));
    QTRY_VERIFY2_WITH_TIMEOUT(panel->statusText().contains(QLatin1String("input_required")), qPrintable(panel->statusText()), 15000);
    const QString status = panel->statusText();
    m_fixture.shoot(QStringLiteral("desktop-task-status"));
    QVERIFY2(status.contains(QStringLiteral("input_required — Waiting for the client to answer elicitation/create")),
             qPrintable(status));
    QVERIFY2(!status.contains(QChar(0x00e2)), qPrintable(status));
}

// In the dark palette a field's error message is readable (WCAG AA, 4.5:1) as the X server shows
// it, and a bad date is said once, not twice in two wordings.
void tst_DesktopWords::darkErrorTextIsReadableAndSaidOnce()
{
    Theme::apply(qApp, Theme::Choice::Dark);
    MainWindow *window = m_fixture.openWindow(QStringLiteral("dark"));
    QVERIFY(window);
    ServerPage *page = m_fixture.connect(m_fixture.demoConfig(QStringLiteral("words-dark")));
    QVERIFY(page);
    QVERIFY(page->toolsPage()->list()->selectByName(QStringLiteral("rich_form")));
    ToolPanel *panel = page->toolsPage()->panel();
    auto *birthday = panel->findChild<QLineEdit *>(QStringLiteral("field:/birthday"));
    QVERIFY(birthday);
    auto *scroll = panel->form()->findChild<QScrollArea *>();
    QVERIFY(scroll);
    scroll->ensureWidgetVisible(birthday);
    QTest::qWait(100);
    QVERIFY(Desktop::click(birthday));
    QTRY_VERIFY(birthday->hasFocus());
    QVERIFY(Desktop::type(QStringLiteral("9 Dec 1906")));
    auto *message = panel->findChild<QLabel *>(QStringLiteral("message:/birthday"));
    QVERIFY(message);
    QTRY_VERIFY_WITH_TIMEOUT(message->isVisible() && !message->text().isEmpty(), 5000);
    scroll->ensureWidgetVisible(message);
    QTest::qWait(200);
    m_fixture.shoot(QStringLiteral("desktop-dark-error"));
    QVERIFY2(!message->text().contains(u'\n'), qPrintable(message->text()));

    // The label as the screen shows it: its most common pixel is the ground, the one farthest
    // from it the ink.
    const QPoint at = message->mapToGlobal(QPoint(0, 0));
    const QImage image = window->screen()->grabWindow(0, at.x(), at.y(), message->width(), message->height()).toImage();
    QHash<QRgb, int> counts;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            ++counts[image.pixel(x, y) | 0xff000000];
    QVERIFY(!counts.isEmpty());
    QRgb ground = counts.constBegin().key();
    for (auto it = counts.constBegin(); it != counts.constEnd(); ++it)
        if (it.value() > counts.value(ground))
            ground = it.key();
    QColor ink(ground);
    for (auto it = counts.constBegin(); it != counts.constEnd(); ++it)
        if (Wcag::contrast(QColor(it.key()), QColor(ground)) > Wcag::contrast(ink, QColor(ground)))
            ink = QColor(it.key());
    const double ratio = Wcag::contrast(ink, QColor(ground));
    QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("%1 on %2: %3:1").arg(ink.name(), QColor(ground).name()).arg(ratio, 0, 'f', 2)));
}

// The first list a page shows after connecting is not "answered from the cache", even when the
// server lets lists be kept (ttlMs): the person has not seen it before.
void tst_DesktopWords::firstListIsNotCalledCached()
{
    MainWindow *window = m_fixture.openWindow(QStringLiteral("cache"));
    QVERIFY(window);
    ServerConfig config = m_fixture.demoConfig(QStringLiteral("words-cache"), {QStringLiteral("--list-ttl"), QStringLiteral("60000")});
    config.era = QStringLiteral("modern");
    ServerPage *page = m_fixture.connect(config);
    QVERIFY(page);
    ToolList *list = page->toolsPage()->list();
    QTRY_VERIFY2_WITH_TIMEOUT(list->message().contains(QLatin1String("60 s")), qPrintable(list->message()), 5000);
    QTest::qWait(1000); // whatever else lists at connect has done so
    QVERIFY2(!list->message().contains(QLatin1String("from the cache")), qPrintable(list->message()));
}

QTEST_MAIN(tst_DesktopWords)
#include "tst_desktop_words.moc"
