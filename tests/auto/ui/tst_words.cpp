// Words and contrast (issue 30, item 8): text reaches the screen as written, in colours a person can
// read. Source text is UTF-8, so a QLatin1String holding a non-ASCII literal shows mojibake ("â€”"
// for "—"); every text colour of the theme meets WCAG AA (4.5:1) on its ground, in both palettes;
// and colours come from the theme, not from literals in the widgets.
#include "contrast.h"
#include "config/secretstore.h"
#include "config/servercatalog.h"
#include "dialogs/servereditordialog.h"
#include "forms/schemaform.h"
#include "results/resultview.h"
#include "theme.h"
#include "widgets/units.h"

#include <QApplication>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QRegularExpression>
#include <QtTest>

#include "themes.h"

using namespace Mcp;
using namespace Mcp::Ui;

class tst_Words : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noLatin1LiteralHoldsNonAscii();
    void coloursComeFromTheTheme();
    void everyTextPairMeetsAA_data();
    void everyTextPairMeetsAA();
    void errorLabelsUseTheTheme();
    void sizesInBinaryUnits();
    void durations();
    void serverEditorTabsSayWhat();
};

namespace {

// The C++ sources of the window, the library and the executables.
QStringList sources()
{
    QStringList files;
    for (const char *dir : {"ui", "lib", "app"}) {
        QDirIterator it(QStringLiteral(MCPSCOPE_SOURCE_DIR "/") + QLatin1String(dir), {QStringLiteral("*.cpp"), QStringLiteral("*.h")},
                        QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            files.append(it.next());
    }
    return files;
}

QString read(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

// Lines "path:line: text" of every match of pattern in the files.
QStringList findAll(const QStringList &files, const QRegularExpression &pattern, const QString &skipFile = {})
{
    QStringList found;
    for (const QString &path : files) {
        if (!skipFile.isEmpty() && path.endsWith(skipFile))
            continue;
        const QString text = read(path);
        for (auto it = pattern.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch match = it.next();
            const qsizetype line = text.left(match.capturedStart()).count(u'\n') + 1;
            found.append(QStringLiteral("%1:%2: %3").arg(path).arg(line).arg(match.captured()));
        }
    }
    return found;
}

} // namespace

void tst_Words::noLatin1LiteralHoldsNonAscii()
{
    // QLatin1String(" — "), QLatin1StringView("…"), QLatin1Char('·'), QString::fromLatin1("é"),
    // "…"_L1: the literal's UTF-8 bytes read as Latin-1 (an escaped byte above 0x7f is the same mistake).
    const QString literal = QStringLiteral("(\"(?:[^\"\\\\\\n]|\\\\.)*\"|'(?:[^'\\\\\\n]|\\\\.)*')");
    const QString nonAscii = QStringLiteral("(?:[^\\x00-\\x7f]|\\\\x[89a-fA-F][0-9a-fA-F]|\\\\[23][0-7][0-7])");
    const QRegularExpression wrapped(QStringLiteral("(?:QLatin1(?:String|StringView|Char|Literal)|fromLatin1)\\s*\\(\\s*%1").arg(literal));
    const QRegularExpression suffixed(QStringLiteral("%1_L1\\b").arg(literal));
    const QRegularExpression hasNonAscii(nonAscii);
    QStringList found;
    for (const QString &hit : findAll(sources(), wrapped) + findAll(sources(), suffixed)) {
        if (hit.section(u':', 2).contains(hasNonAscii))
            found.append(hit);
    }
    QVERIFY(!sources().isEmpty());
    QVERIFY2(found.isEmpty(), qPrintable(QStringLiteral("non-ASCII text read as Latin-1 (use QStringLiteral or tr()):\n")
                                         + found.join(u'\n')));
}

void tst_Words::coloursComeFromTheTheme()
{
    // A colour written into a widget is checked against neither palette: it goes through ui/theme.
    QStringList files;
    for (const QString &path : sources()) {
        if (path.contains(QLatin1String("/ui/")))
            files.append(path);
    }
    QVERIFY(!files.isEmpty());
    const QRegularExpression hexInText(QStringLiteral("\"[^\"\\n]*#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?\\b[^\"\\n]*\""));
    const QRegularExpression colourLiteral(QStringLiteral(
        "QColor(?:::fromRgb\\w*|::fromHsv\\w*)?\\(\\s*(?:0x|\\d|\"|Qt::)|\\bQt::(?:white|black|red|darkRed|gray|darkGray|lightGray|blue|darkBlue|green|darkGreen|yellow|darkYellow|cyan|magenta)\\b|color:\\s*(?:white|black|red|gr[ae]y)\\b"));
    const QStringList found = findAll(files, hexInText, QStringLiteral("/ui/theme.cpp"))
                              + findAll(files, colourLiteral, QStringLiteral("/ui/theme.cpp"));
    QVERIFY2(found.isEmpty(), qPrintable(QStringLiteral("colours outside ui/theme.cpp:\n") + found.join(u'\n')));
}

void tst_Words::everyTextPairMeetsAA_data()
{
    Mcp::Test::addThemeRows();
}

void tst_Words::everyTextPairMeetsAA()
{
    QFETCH(bool, dark);
    Theme::apply(qApp, dark ? Theme::Choice::Dark : Theme::Choice::Light);
    QCOMPARE(Theme::isDark(), dark);
    const QList<Theme::TextPair> pairs = Theme::textPairs();
    QVERIFY(pairs.size() > 40);
    QStringList failing;
    for (const Theme::TextPair &pair : pairs) {
        const double ratio = Wcag::contrast(pair.text, pair.ground);
        if (ratio < 4.5)
            failing.append(QStringLiteral("%1: %2 on %3 is %4:1").arg(pair.what, pair.text.name(), pair.ground.name()).arg(ratio, 0, 'f', 2));
    }
    QVERIFY2(failing.isEmpty(), qPrintable(QStringLiteral("below WCAG AA (4.5:1):\n") + failing.join(u'\n')));
}

void tst_Words::errorLabelsUseTheTheme()
{
    // A field's message in the dark palette: drawn in the theme's error colour, readable on the
    // window (a fixed #c62828 was 2.5:1 there).
    Theme::apply(qApp, Theme::Choice::Dark);
    SchemaFormWidget form;
    form.setSchema(QJsonDocument::fromJson("{\"type\": \"object\", \"properties\": {\"when\": {\"type\": \"string\", \"format\": \"date\"}}}").object());
    form.show();
    auto *edit = form.findChild<QLineEdit *>(QStringLiteral("field:/when"));
    QVERIFY(edit);
    edit->setText(QStringLiteral("yesterday"));
    form.validateAndShow();
    auto *message = form.findChild<QLabel *>(QStringLiteral("message:/when"));
    QVERIFY(message);
    QTRY_VERIFY(message->isVisible());
    // What the label draws with: a style sheet colour would hide from palette(), so render it and
    // take the glyph pixel farthest from the background.
    QImage image = message->grab().toImage().convertToFormat(QImage::Format_RGB32);
    const QColor ground = message->palette().color(message->backgroundRole());
    QColor ink = ground;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor pixel = image.pixelColor(x, y);
            if (Wcag::contrast(pixel, ground) > Wcag::contrast(ink, ground))
                ink = pixel;
        }
    }
    QVERIFY2(Wcag::contrast(ink, ground) >= 4.5, qPrintable(QStringLiteral("%1 on %2: %3:1").arg(ink.name(), ground.name()).arg(Wcag::contrast(ink, ground))));
    Theme::apply(qApp, Theme::Choice::Light);
}

void tst_Words::sizesInBinaryUnits()
{
    // 3,000,000 bytes is 2.9 MiB; "2.9 MB" would claim 2,900,000.
    QCOMPARE(Units::size(3000000), QStringLiteral("2.9 MiB"));
    QCOMPARE(Units::size(30000000), QStringLiteral("28.6 MiB"));
    QCOMPARE(Units::size(512), QStringLiteral("512 bytes"));
    ResultView view;
    const QByteArray blob(3000000, 'x');
    view.setResourceContents(Mcp::ReadResourceResult::fromJson(QJsonObject{{QStringLiteral("contents"), QJsonArray{QJsonObject{
        {QStringLiteral("uri"), QStringLiteral("demo://blob")}, {QStringLiteral("mimeType"), QStringLiteral("application/octet-stream")},
        {QStringLiteral("blob"), QString::fromLatin1(blob.toBase64())}}}}}));
    auto *label = view.findChild<QLabel *>(QStringLiteral("blob"));
    QVERIFY(label);
    QVERIFY2(label->text().endsWith(QLatin1String(", 2.9 MiB")), qPrintable(label->text()));
}

void tst_Words::durations()
{
    QCOMPARE(Units::duration(850), QStringLiteral("850 ms"));
    QCOMPARE(Units::duration(3500), QStringLiteral("3.5 s"));
    QCOMPARE(Units::duration(10011), QStringLiteral("10.0 s"));
    QCOMPARE(Units::duration(59999), QStringLiteral("59.9 s"));
    QCOMPARE(Units::duration(125000), QStringLiteral("2 min 05 s"));
}

void tst_Words::serverEditorTabsSayWhat()
{
    QTemporaryDir dir;
    ServerCatalog catalog(dir.filePath(QStringLiteral("servers.json")));
    ServerConfig config = ServerConfig::create(QStringLiteral("local"));
    config.transport = ServerConfig::TransportType::Stdio;
    config.command = QStringLiteral("node");
    ServerEditorDialog dialog(config, &catalog);
    dialog.show();
    auto *tabs = dialog.findChild<QTabWidget *>();
    QVERIFY(tabs);
    // Watching files is about restarts, not timeouts.
    QWidget *watch = dialog.findChild<QWidget *>(QStringLiteral("watchEnabled"));
    QVERIFY(watch);
    int watchTab = -1;
    for (int i = 0; i < tabs->count(); ++i) {
        if (tabs->widget(i)->isAncestorOf(watch))
            watchTab = i;
    }
    QVERIFY(watchTab >= 0);
    QVERIFY2(!tabs->tabText(watchTab).contains(QLatin1String("Timeout")), qPrintable(tabs->tabText(watchTab)));
    // A stdio server's Authorization tab says why its fields are off.
    int authTab = -1;
    for (int i = 0; i < tabs->count(); ++i) {
        if (tabs->tabText(i).remove(u'&') == QLatin1String("Authorization"))
            authTab = i;
    }
    QVERIFY(authTab >= 0);
    QVERIFY2(tabs->tabToolTip(authTab).contains(QLatin1String("HTTP")), qPrintable(tabs->tabToolTip(authTab)));
    auto *note = dialog.findChild<QLabel *>(QStringLiteral("authNote"));
    QVERIFY(note);
    tabs->setCurrentIndex(authTab);
    QVERIFY(note->isVisible());
}

QTEST_MAIN(tst_Words)
#include "tst_words.moc"
