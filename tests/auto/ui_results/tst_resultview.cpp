#include "forms/jsontext.h"
#include "results/resultview.h"

#include "interophelpers.h"

#include <QElapsedTimer>
#include <QImage>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QToolButton>

using namespace Mcp;
using namespace Mcp::Ui;
using namespace Interop;

namespace {

QJsonObject findTool(const QJsonArray &tools, const QString &name)
{
    for (const QJsonValue &tool : tools)
        if (tool.toObject().value(QLatin1String("name")).toString() == name)
            return tool.toObject();
    return {};
}

QStringList texts(QWidget *root, const QString &objectName)
{
    QStringList result;
    const QList<QLabel *> labels = root->findChildren<QLabel *>(objectName);
    for (QLabel *label : labels)
        result.append(label->text());
    return result;
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
        m_tools = listAll(m_client.get(), QStringLiteral("tools/list"), QStringLiteral("tools"));
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
        view.setToolResult(result);
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
        const QJsonObject tool = findTool(m_tools, QStringLiteral("get_weather"));
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
        auto *textView = view.findChild<QPlainTextEdit *>(QStringLiteral("textView"));
        QVERIFY(textView);
        QCOMPARE(textView->toPlainText().size(), ResultView::EagerTextLimit);
        QVERIFY(view.findChild<QLabel *>(QStringLiteral("truncated"))->text().contains(QLatin1String("16")));
        timer.start();
        view.findChild<QPushButton *>(QStringLiteral("showAll"))->click();
        QCoreApplication::processEvents();
        const qint64 all = timer.elapsed();
        QCOMPARE(textView->document()->characterCount() - 1, size);
        qInfo("16 MiB text: shown (first 256 KiB) in %lld ms, all of it in %lld ms", qlonglong(shown), qlonglong(all));
        QVERIFY(shown < 1500);
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
        const QJsonObject result{{QStringLiteral("content"),
                                  QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("image")},
                                                         {QStringLiteral("mimeType"), QStringLiteral("image/svg+xml")},
                                                         {QStringLiteral("data"), QString::fromLatin1(svg.toBase64())}}}}};
        ResultView view;
        view.setToolResult(result);
        auto *image = view.findChild<QLabel *>(QStringLiteral("image"));
        QVERIFY(image);
        const QImage rendered = image->pixmap().toImage();
        QCOMPARE(rendered.size(), QSize(32, 32));
        QCOMPARE(QColor(rendered.pixel(16, 16)), QColor(0, 255, 0));

        // An image type nobody can decode is offered for saving, with a reason.
        const QJsonObject unknown{{QStringLiteral("content"),
                                   QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("image")},
                                                          {QStringLiteral("mimeType"), QStringLiteral("image/x-nothing")},
                                                          {QStringLiteral("data"), QStringLiteral("AAAA")}}}}};
        view.setToolResult(unknown);
        QVERIFY(view.findChild<QLabel *>(QStringLiteral("imageProblem")));
        QVERIFY(view.findChild<QToolButton *>(QStringLiteral("save")));
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
            view.setResourceContents(read);
            QVERIFY(view.findChild<QLabel *>(QStringLiteral("image")));
        }
    }
};

QTEST_MAIN(tst_ResultView)
#include "tst_resultview.moc"
