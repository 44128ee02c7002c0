#include "widgets/jsontext.h"
#include "jsonrpc/message.h"
#include "results/bigtextview.h"
#include "results/imageviewer.h"
#include "results/resultview.h"

#include "interophelpers.h"
#include "toollisting.h"

#include <QBuffer>
#include <QElapsedTimer>
#include <QImage>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QThreadPool>
#include <QToolButton>

using namespace Mcp;
using namespace Mcp::Ui;
using namespace Interop;

namespace {

QStringList texts(QWidget *root, const QString &objectName)
{
    QStringList result;
    const QList<QLabel *> labels = root->findChildren<QLabel *>(objectName);
    for (QLabel *label : labels)
        result.append(label->text());
    return result;
}

// A tool result of one image block: base64 data of the type mimeType.
QJsonObject imageResult(const QString &mimeType, const QString &data)
{
    return {{QStringLiteral("content"),
             QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("image")},
                                    {QStringLiteral("mimeType"), mimeType},
                                    {QStringLiteral("data"), data}}}}};
}

} // namespace

class tst_ResultView : public QObject
{
    Q_OBJECT

    std::unique_ptr<Client> m_client;
    QJsonArray m_tools;

    QJsonObject call(const QString &tool, const QJsonObject &arguments = {})
    {
        return resultOf(m_client->callTool(tool, arguments), 60000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        StdioServerParameters parameters;
        parameters.program = QStringLiteral(MCPSCOPE_DEMO_SERVER);
        parameters.closeStdinGraceMs = 1000;
        parameters.terminateGraceMs = 1000;
        m_client = std::make_unique<Client>(new StdioTransport(parameters));
        m_client->connectToServer();
        QTRY_VERIFY_WITH_TIMEOUT(m_client->isReady(), kWait);
        m_tools = listAll(m_client.get(), Lists::Tools);
        QVERIFY(!m_tools.isEmpty());
    }

    void cleanupTestCase()
    {
        if (m_client)
            m_client->disconnectFromServer();
    }

    void contentGallery()
    {
        const QJsonObject result = call(QStringLiteral("content_gallery"));
        QVERIFY(!result.isEmpty());
        ResultView view;
        view.resize(800, 1000);
        view.show();
        auto *copy = view.findChild<QToolButton *>(QStringLiteral("copyJson"));
        QVERIFY(copy && !copy->isEnabled()); // nothing to copy yet
        view.setToolResult(result);
        QVERIFY(copy->isEnabled());
        QVERIFY(view.findChild<QToolButton *>(QStringLiteral("saveJson"))->isEnabled());
        // Plain text, Markdown rendered, an image, audio, a link, embedded text and blob.
        QVERIFY(view.findChild<QTextBrowser *>(QStringLiteral("markdownView")));
        QVERIFY(view.findChild<QTextBrowser *>(QStringLiteral("markdownView"))->toPlainText().contains(QLatin1String("This block is Markdown")));
        const QList<QLabel *> images = view.findChildren<QLabel *>(QStringLiteral("image"));
        QCOMPARE(images.size(), 2); // the image block and the embedded PNG blob
        QCOMPARE(images.first()->pixmap().size(), QSize(64, 64));
        QVERIFY(view.findChild<QLabel *>(QStringLiteral("audio")));
        QVERIFY(view.findChild<QLabel *>(QStringLiteral("audio"))->text().contains(QLatin1String("audio/wav")));
        const QList<QPlainTextEdit *> textViews = view.findChildren<QPlainTextEdit *>(QStringLiteral("textView"));
        bool plain = false, embedded = false;
        for (QPlainTextEdit *text : textViews) {
            plain = plain || text->toPlainText() == QLatin1String("Plain text: every content type follows.");
            embedded = embedded || text->toPlainText().contains(QLatin1String("An embedded text resource."));
        }
        QVERIFY(plain);
        QVERIFY(embedded);
        const QStringList annotations = texts(&view, QStringLiteral("annotations"));
        QVERIFY2(annotations.size() >= 3, qPrintable(annotations.join(u'|')));
        QVERIFY(annotations.join(u'|').contains(QLatin1String("audience: user, assistant")));
        QVERIFY(annotations.join(u'|').contains(QLatin1String("priority 0.9")));
        // The resource link asks the Resources page to open it.
        QSignalSpy open(&view, &ResultView::openResourceRequested);
        auto *openButton = view.findChild<QToolButton *>(QStringLiteral("openResource"));
        QVERIFY(openButton);
        openButton->click();
        QCOMPARE(open.size(), 1);
        QCOMPARE(open.at(0).at(0).toString(), QStringLiteral("demo://docs/readme"));
        QCOMPARE(view.structuredVerdict(), QString()); // no structured content, no schema
        QVERIFY(!view.findChild<QLabel *>(QStringLiteral("banner")));
        QTemporaryDir dir;
        QVERIFY(view.saveJson(dir.filePath(QStringLiteral("r.json"))));
        QFile saved(dir.filePath(QStringLiteral("r.json")));
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(saved.readAll()).object(), result);
        QCoreApplication::processEvents();
        QVERIFY(images.first()->isVisible());
        if (qEnvironmentVariableIsSet("MCPSCOPE_SCREENSHOT_DIR"))
            view.grab().save(qEnvironmentVariable("MCPSCOPE_SCREENSHOT_DIR") + QStringLiteral("/resultview.png"));
    }

    void structuredVerdict()
    {
        const QJsonObject tool = Test::itemNamed(m_tools, QStringLiteral("get_weather"));
        const QJsonValue outputSchema = tool.value(QLatin1String("outputSchema"));
        QVERIFY(outputSchema.isObject());
        QJsonObject result = call(QStringLiteral("get_weather"), {{QStringLiteral("city"), QStringLiteral("Lagos")}});
        ResultView view;
        view.show();
        view.setToolResult(result, outputSchema);
        QCOMPARE(view.structuredVerdict(), QStringLiteral("valid"));
        QVERIFY(view.findChild<QLabel *>(QStringLiteral("verdict"))->text().startsWith(QLatin1String("VALID")));
        QVERIFY(view.findChild<QTreeWidget *>(QStringLiteral("structuredTree")));

        // The same result, broken: the verdict names the fields.
        QJsonObject structured = result.value(QLatin1String("structuredContent")).toObject();
        structured.insert(QStringLiteral("humidity"), 250);
        structured.remove(QStringLiteral("units"));
        result.insert(QStringLiteral("structuredContent"), structured);
        view.setToolResult(result, outputSchema);
        QCOMPARE(view.structuredVerdict(), QStringLiteral("invalid"));
        QVERIFY(view.findChild<QLabel *>(QStringLiteral("verdict"))->text().startsWith(QLatin1String("INVALID")));
        const QString issues = view.findChild<QLabel *>(QStringLiteral("verdictIssues"))->text();
        QVERIFY2(issues.contains(QLatin1String("/humidity")), qPrintable(issues));
        QVERIFY2(issues.contains(QLatin1String("units")), qPrintable(issues));

        // A schema but no structuredContent at all is invalid too.
        result.remove(QStringLiteral("structuredContent"));
        view.setToolResult(result, outputSchema);
        QCOMPARE(view.structuredVerdict(), QStringLiteral("invalid"));
    }

    void toolError()
    {
        const QJsonObject result = call(QStringLiteral("fail"), {{QStringLiteral("message"), QStringLiteral("broken on purpose")}});
        QVERIFY(result.value(QLatin1String("isError")).toBool());
        ResultView view;
        view.setToolResult(result);
        auto *banner = view.findChild<QLabel *>(QStringLiteral("banner"));
        QVERIFY(banner);
        QVERIFY(banner->text().contains(QLatin1String("isError")));
        QCOMPARE(view.findChild<QPlainTextEdit *>(QStringLiteral("textView"))->toPlainText(), QStringLiteral("broken on purpose"));
    }

    void hugeTextStaysResponsive()
    {
        const int size = 16 * 1024 * 1024;
        const QJsonObject result = call(QStringLiteral("blob"), {{QStringLiteral("size"), size}});
        const QString text = result.value(QLatin1String("content")).toArray().at(0).toObject().value(QLatin1String("text")).toString();
        QCOMPARE(text.size(), size);
        ResultView view;
        view.resize(800, 600);
        view.show();
        QElapsedTimer timer;
        timer.start();
        view.setToolResult(result);
        QCoreApplication::processEvents();
        const qint64 shown = timer.elapsed();
        auto *bigView = view.findChild<BigTextView *>(QStringLiteral("bigTextView"));
        QVERIFY(bigView);
        QCOMPARE(bigView->text(), text.left(ResultView::EagerTextLimit));
        QVERIFY(view.findChild<QLabel *>(QStringLiteral("truncated"))->text().contains(QLatin1String("16")));
        timer.start();
        view.findChild<QPushButton *>(QStringLiteral("showAll"))->click();
        const qint64 clicked = timer.elapsed();
        QVERIFY(bigView->isPreparing());
        QTRY_VERIFY_WITH_TIMEOUT(!bigView->isPreparing(), 60000);
        const qint64 all = timer.elapsed();
        QCOMPARE(bigView->text().size(), size);
        QCOMPARE(bigView->text().right(300), text.right(300));
        QVERIFY(view.findChild<QLabel *>(QStringLiteral("truncated"))->text().startsWith(ResultView::tr("Showing all %1").section(u' ', 0, 1)));
        QVERIFY(!view.findChild<QPushButton *>(QStringLiteral("showAll"))->isEnabled());
        QVERIFY(view.findChild<QPushButton *>(QStringLiteral("cancelShowAll"))->isHidden());
        qInfo("16 MiB text: first 256 KiB shown in %lld ms, Show all returned in %lld ms, all shown after %lld ms",
              qlonglong(shown), qlonglong(clicked), qlonglong(all));
    }

    void bigTextsFromTheirFrame()
    {
        // A result whose big texts stayed in the frame (RequestOptions::keepBigTexts): the text
        // block shows and saves from the frame; a big image's data, read whole to draw it, is
        // converted; Copy JSON's value and Save JSON's file are those of the whole result.
        QString text;
        for (int i = 0; text.size() < 3 * 1024 * 1024; ++i)
            text += QStringLiteral("row %1\t\"caf\u00e9\" \\ \u4e2d\n").arg(i);
        QImage image(600, 600, QImage::Format_RGB32);
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                image.setPixel(x, y, qRgb(x * 7 % 256, y * 13 % 256, (x * y) % 256));
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        QVERIFY(image.save(&buffer, "BMP")); // uncompressed: over the 256 KiB a big text starts at
        const QJsonObject result{
            {QStringLiteral("content"),
             QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), text}},
                        QJsonObject{{QStringLiteral("type"), QStringLiteral("image")},
                                    {QStringLiteral("mimeType"), QStringLiteral("image/bmp")},
                                    {QStringLiteral("data"), QString::fromLatin1(png.toBase64())}}}},
            {QStringLiteral("isError"), false}};
        QByteArray frame = QJsonDocument(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                                     {QStringLiteral("id"), 3},
                                                     {QStringLiteral("result"), result}})
                               .toJson(QJsonDocument::Compact);
        frame.replace("\xc3\xa9", "\\u00e9"); // an escape where Qt wrote the character
        const Mcp::ParsedFrame parsed = Mcp::parseSharedFrame(frame);
        QCOMPARE(parsed.messages.size(), 1);
        const Mcp::ResultTexts texts = parsed.messages.first().resultWithTexts();
        QCOMPARE(texts.texts.size(), 2); // the text and the image's data

        const ResultView::PreparedResult prepared = ResultView::prepare(texts);
        QVERIFY(prepared.texts.value(0) && prepared.texts.value(0)->isPaged());
        QVERIFY(!prepared.texts.value(1));
        ResultView view;
        view.resize(800, 600);
        view.show();
        view.setToolResult(prepared);
        auto *bigView = view.findChild<BigTextView *>(QStringLiteral("bigTextView"));
        QVERIFY(bigView);
        QCOMPARE(bigView->text(), text.left(ResultView::EagerTextLimit));
        view.findChild<QPushButton *>(QStringLiteral("showAll"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(!bigView->isPreparing(), 60000);
        QVERIFY(bigView->source().isPaged()); // shown from the frame, not converted
        QCOMPARE(bigView->text(), text);
        const QList<QLabel *> images = view.findChildren<QLabel *>(QStringLiteral("image"));
        QCOMPARE(images.size(), 1);
        QVERIFY(!images.first()->pixmap().isNull()); // the data was decoded: its marker was not

        QCOMPARE(view.resultJson(), QJsonValue(result));
        QTemporaryDir dir;
        const QString saved = dir.filePath(QStringLiteral("result.json"));
        QVERIFY(view.saveJson(saved));
        QFile file(saved);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), JsonText::pretty(result).toUtf8());
    }

    void bigTextScreenshot()
    {
        const QString dir = qEnvironmentVariable("MCPSCOPE_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("MCPSCOPE_SCREENSHOT_DIR not set");
        // What a big minified JSON result looks like in full: one 3 MiB line, cut into rows.
        QString text;
        text.reserve(3 * 1024 * 1024 + 64);
        text += QStringLiteral("{\"items\":[");
        for (int i = 0; text.size() < 3 * 1024 * 1024; ++i)
            text += QStringLiteral("{\"id\":%1,\"name\":\"item-%1\",\"tags\":[\"alpha\",\"beta\"],\"score\":%2},").arg(i).arg(i % 97);
        text += QStringLiteral("{\"id\":\"last\"}]}");
        const QJsonObject result{{QStringLiteral("content"),
                                  QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), text}}}}};
        ResultView view;
        view.resize(900, 520);
        view.show();
        view.setToolResult(result);
        view.findChild<QPushButton *>(QStringLiteral("showAll"))->click();
        auto *bigView = view.findChild<BigTextView *>(QStringLiteral("bigTextView"));
        QTRY_VERIFY_WITH_TIMEOUT(!bigView->isPreparing(), 60000);
        QSignalSpy found(bigView, &BigTextView::findFinished);
        bigView->showFindBar();
        bigView->find(QStringLiteral("item-40000"), BigTextView::FindForward);
        QTRY_COMPARE_WITH_TIMEOUT(found.size(), 1, 60000);
        QVERIFY(found.first().first().toBool());
        QTest::qWait(100);
        QVERIFY(view.grab().save(dir + QStringLiteral("/result-bigtext.png")));
    }

    void bigTextCancelClearOrReplaceWhilePreparing()
    {
        QString text;
        while (text.size() < (24 << 20))
            text += QStringLiteral("{\"id\":1,\"name\":\"giant minified JSON line\"},");
        const QJsonObject big{{QStringLiteral("content"),
                               QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), text}}}}};
        const QJsonObject small{{QStringLiteral("content"),
                                 QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("text")},
                                                        {QStringLiteral("text"), QStringLiteral("the new result")}}}}};
        ResultView view;
        view.resize(800, 600);
        view.show();

        // Cancel: back to the first 256 KiB, Show all offered again.
        view.setToolResult(big);
        auto *showAll = view.findChild<QPushButton *>(QStringLiteral("showAll"));
        auto *cancel = view.findChild<QPushButton *>(QStringLiteral("cancelShowAll"));
        auto *bigView = view.findChild<BigTextView *>(QStringLiteral("bigTextView"));
        QVERIFY(showAll && cancel && bigView);
        showAll->click();
        QVERIFY(bigView->isPreparing());
        QVERIFY(!cancel->isHidden());
        QVERIFY(view.findChild<QLabel *>(QStringLiteral("truncated"))->text().contains(u'%'));
        cancel->click();
        QVERIFY(!bigView->isPreparing());
        QVERIFY(showAll->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(QThreadPool::globalInstance()->activeThreadCount(), 0, 60000);
        QCoreApplication::processEvents();
        QCOMPARE(bigView->text().size(), ResultView::EagerTextLimit);

        // A new result while preparing: the new result is shown, the old text never comes back.
        showAll->click();
        QVERIFY(bigView->isPreparing());
        view.setToolResult(small);
        QTRY_COMPARE_WITH_TIMEOUT(QThreadPool::globalInstance()->activeThreadCount(), 0, 60000);
        QTRY_VERIFY(view.findChildren<BigTextView *>().isEmpty()); // the old page is deleted later
        const QList<QPlainTextEdit *> textViews = view.findChildren<QPlainTextEdit *>(QStringLiteral("textView"));
        QCOMPARE(textViews.size(), 1);
        QCOMPARE(textViews.first()->toPlainText(), QStringLiteral("the new result"));

        // clear() while preparing.
        view.setToolResult(big);
        view.findChild<QPushButton *>(QStringLiteral("showAll"))->click();
        view.clear();
        QTRY_COMPARE_WITH_TIMEOUT(QThreadPool::globalInstance()->activeThreadCount(), 0, 60000);
        QTRY_VERIFY(view.findChildren<BigTextView *>().isEmpty());
        QVERIFY(view.findChildren<QPlainTextEdit *>().isEmpty());
    }

    void svgNeverLoadsExternalFiles()
    {
        // A red PNG on disk, referenced from an SVG: the rendered image must not contain it.
        QTemporaryDir dir;
        QImage red(32, 32, QImage::Format_RGB32);
        red.fill(Qt::red);
        const QString png = dir.filePath(QStringLiteral("red.png"));
        QVERIFY(red.save(png));
        const QByteArray svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
                               "width=\"32\" height=\"32\"><rect width=\"32\" height=\"32\" fill=\"#00ff00\"/>"
                               "<image x=\"0\" y=\"0\" width=\"32\" height=\"32\" xlink:href=\"file://"
            + png.toUtf8() + "\"/><image x=\"0\" y=\"0\" width=\"32\" height=\"32\" href=\"" + png.toUtf8() + "\"/></svg>";
        const QJsonObject result = imageResult(QStringLiteral("image/svg+xml"), QString::fromLatin1(svg.toBase64()));
        ResultView view;
        view.setToolResult(result);
        auto *image = view.findChild<QLabel *>(QStringLiteral("image"));
        QVERIFY(image);
        const QImage rendered = image->pixmap().toImage();
        QCOMPARE(rendered.size(), QSize(32, 32));
        QCOMPARE(QColor(rendered.pixel(16, 16)), QColor(0, 255, 0));

        // An image type nobody can decode is offered for saving, with a reason.
        const QJsonObject unknown = imageResult(QStringLiteral("image/x-nothing"), QStringLiteral("AAAA"));
        view.setToolResult(unknown);
        QVERIFY(view.findChild<QLabel *>(QStringLiteral("imageProblem")));
        QVERIFY(view.findChild<QToolButton *>(QStringLiteral("save")));
    }

    void imageOpensFullSize()
    {
        // A 1200x900 image is shown scaled down; Full Size opens every pixel, zoomable.
        QImage big(1200, 900, QImage::Format_RGB32);
        big.fill(Qt::blue);
        big.setPixel(1199, 899, qRgb(255, 0, 0));
        QByteArray png;
        QBuffer buffer(&png);
        QVERIFY(buffer.open(QIODevice::WriteOnly) && big.save(&buffer, "PNG"));
        const QJsonObject result = imageResult(QStringLiteral("image/png"), QString::fromLatin1(png.toBase64()));
        ResultView view;
        view.setToolResult(result);
        view.show();
        auto *thumbnail = view.findChild<QLabel *>(QStringLiteral("image"));
        QVERIFY(thumbnail);
        QVERIFY(thumbnail->pixmap().width() < 1200);
        auto *open = view.findChild<QToolButton *>(QStringLiteral("viewImage"));
        QVERIFY(open);
        open->click();
        ImageViewer *viewer = nullptr;
        QTRY_VERIFY((viewer = view.findChild<ImageViewer *>()) != nullptr);
        auto *picture = viewer->findChild<QLabel *>(QStringLiteral("fullImage"));
        viewer->findChild<QPushButton *>(QStringLiteral("zoomActual"))->click();
        QCOMPARE(viewer->zoom(), 1.0);
        QCOMPARE(picture->pixmap().size(), QSize(1200, 900));
        QCOMPARE(QColor(picture->pixmap().toImage().pixel(1199, 899)), QColor(255, 0, 0));
        viewer->setZoom(2.0);
        QCOMPARE(picture->pixmap().size(), QSize(2400, 1800));
        viewer->findChild<QPushButton *>(QStringLiteral("zoomFit"))->click();
        QVERIFY(viewer->zoom() < 1.0);
        QVERIFY(picture->width() <= viewer->width());
        viewer->close();
    }

    void promptMessagesAndResources()
    {
        const QJsonObject prompt = resultOf(m_client->getPrompt(QStringLiteral("code_review"), {{QStringLiteral("code"), QStringLiteral("int x;")}}));
        ResultView view;
        if (!prompt.isEmpty()) {
            view.setMessages(prompt.value(QLatin1String("messages")).toArray());
            QVERIFY(!view.findChildren<QLabel *>(QStringLiteral("role")).isEmpty());
        }
        const QJsonArray messages{
            QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                        {QStringLiteral("content"), QJsonObject{{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), QStringLiteral("{\"a\": [1, 2]}")}}}},
            QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                        {QStringLiteral("content"), QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("future_type")}, {QStringLiteral("x"), 1}}}}}};
        view.setMessages(messages);
        QCOMPARE(view.findChildren<QLabel *>(QStringLiteral("role")).size(), 2);
        QVERIFY(view.findChild<QTreeWidget *>(QStringLiteral("jsonTree"))); // JSON text as a tree, the unknown block as JSON

        const QJsonObject read = resultOf(m_client->readResource(QStringLiteral("demo://images/logo.png")));
        if (!read.isEmpty()) {
            view.setResourceContents(ReadResourceResult::fromJson(read));
            QVERIFY(view.findChild<QLabel *>(QStringLiteral("image")));
        }
    }
};

QTEST_MAIN(tst_ResultView)
#include "tst_resultview.moc"
