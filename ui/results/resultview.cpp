#include "resultview.h"

#include "bigtextview.h"
#include "widgets/jsontext.h"
#include "widgets/imagedecode.h"
#include "imageviewer.h"
#include "schema/schemavalidator.h"

#include "protocol/clienttypes.h"
#include "protocol/keys.h"
#include "protocol/methods.h"
#include "protocol/types.h"
#include "widgets/fittinglabel.h"
#include "widgets/flowlayout.h"
#include "widgets/units.h"
#include <QApplication>
#include <QBoxLayout>
#include <QBuffer>
#include <QClipboard>
#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QFrame>
#include <QHeaderView>
#include <QImage>
#include <QImageReader>
#include <QJsonDocument>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QRegularExpression>
#include <QSaveFile>
#include <QScrollArea>
#include <QStackedWidget>
#include <QSvgRenderer>
#include <QTemporaryFile>
#include <QTextBrowser>
#include <QToolButton>
#include <QUrl>

#ifdef MCPSCOPE_HAVE_MULTIMEDIA
#include <QAudioOutput>
#include <QAudioDevice>
#include <QMediaDevices>
#include <QMediaPlayer>
#endif

namespace Mcp::Ui {

namespace {

constexpr int MaxImageSide = 480;
constexpr qsizetype JsonSniffLimit = 4 * 1024 * 1024;    // texts bigger than this are not parsed to show a tree
constexpr qsizetype MarkdownLimit = 512 * 1024;          // bigger texts are shown as plain text


QString sizeText(qint64 bytes)
{
    return Units::size(bytes);
}

// Bytes of `text` in UTF-8, without converting megabytes just to count them: ASCII, what most big
// results are, is one byte a character (isAscii is Qt's own vectorised check, public in qstringalgorithms.h).
qsizetype utf8Size(QStringView text)
{
    return QtPrivate::isAscii(text) ? text.size() : text.toUtf8().size();
}

QLabel *smallLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setForegroundRole(QPalette::PlaceholderText);
    QFont font = label->font();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    label->setFont(font);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

// A browser for Markdown that never loads anything: no files, no network, no resources.
class SafeTextBrowser : public QTextBrowser
{
public:
    using QTextBrowser::QTextBrowser;
    QVariant loadResource(int, const QUrl &) override { return QVariant(); }
};

bool looksLikeMarkdown(const QString &text)
{
    static const QRegularExpression markers(QStringLiteral(
        "(^|\\n)(#{1,6} \\S|```|[-*+] \\S|\\d+\\. \\S|> \\S)|\\*\\*\\S[^*\\n]*\\*\\*|\\[[^\\]\\n]+\\]\\([^)\\s]+\\)"));
    return text.size() <= MarkdownLimit && markers.match(text).hasMatch();
}

// Asks where to save, and saves what `write` writes there (nothing is left of a failed save).
void saveWith(QWidget *parent, const QString &suggestedName, const std::function<bool(QIODevice &)> &write)
{
    const QString fileName = QFileDialog::getSaveFileName(parent, ResultView::tr("Save"), suggestedName);
    if (fileName.isEmpty())
        return;
    QSaveFile file(fileName);
    if (!file.open(QIODevice::WriteOnly) || !write(file) || !file.commit())
        QMessageBox::warning(parent, ResultView::tr("Save"),
                             ResultView::tr("Could not save %1: %2").arg(fileName, file.errorString()));
}

void saveBytes(QWidget *parent, const QByteArray &bytes, const QString &suggestedName)
{
    saveWith(parent, suggestedName, [&bytes](QIODevice &file) { return file.write(bytes) == bytes.size(); });
}

// A sink (Mcp::JsonText::Sink) writing to a file: false once a write fails.
Mcp::JsonText::Sink fileSink(QIODevice &file)
{
    return [&file](QByteArrayView piece) { return file.write(piece.data(), piece.size()) == piece.size(); };
}

QString suffixFor(const QString &mimeType)
{
    static const QHash<QString, QString> suffixes = {
        {QStringLiteral("image/png"), QStringLiteral("png")},   {QStringLiteral("image/jpeg"), QStringLiteral("jpg")},  {QStringLiteral("image/gif"), QStringLiteral("gif")},
        {QStringLiteral("image/webp"), QStringLiteral("webp")}, {QStringLiteral("image/svg+xml"), QStringLiteral("svg")}, {QStringLiteral("audio/wav"), QStringLiteral("wav")},
        {QStringLiteral("audio/x-wav"), QStringLiteral("wav")}, {QStringLiteral("audio/mpeg"), QStringLiteral("mp3")},  {QStringLiteral("audio/ogg"), QStringLiteral("ogg")},
        {QStringLiteral("audio/webm"), QStringLiteral("webm")}, {QStringLiteral("audio/mp4"), QStringLiteral("m4a")},  {QStringLiteral("application/json"), QStringLiteral("json")},
        {QStringLiteral("text/plain"), QStringLiteral("txt")},  {QStringLiteral("text/markdown"), QStringLiteral("md")}, {QStringLiteral("application/pdf"), QStringLiteral("pdf")},
    };
    return suffixes.value(mimeType.section(u';', 0, 0).trimmed().toLower(), QStringLiteral("bin"));
}

QString suggestedName(const QString &uri, const QString &mimeType, const char *fallback)
{
    QString name = QUrl(uri).fileName();
    if (name.isEmpty())
        name = QString::fromLatin1(fallback) + QLatin1Char('.') + suffixFor(mimeType);
    return name;
}

QToolButton *toolButton(const QString &text, const QString &name, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setText(text);
    button->setObjectName(name);
    return button;
}

// The Save… button of a blob: its bytes go to a file the user picks, named after the URI, or
// after the kind of data (fallback) where the URI names no file.
QToolButton *saveButton(const QByteArray &bytes, const QString &uri, const QString &mimeType, const char *fallback,
                        QWidget *box)
{
    auto *save = toolButton(ResultView::tr("Save…"), QStringLiteral("save"), box);
    QObject::connect(save, &QToolButton::clicked, box, [box, bytes, uri, mimeType, fallback] {
        saveBytes(box, bytes, suggestedName(uri, mimeType, fallback));
    });
    return save;
}

QImage decodeImage(const QByteArray &bytes, const QString &mimeType, QString *problem)
{
    return ImageDecode::decode(bytes, mimeType, problem, 4096);
}

QString annotationText(const QJsonObject &annotations)
{
    QStringList parts;
    const QJsonArray audience = annotations.value(Key::Audience).toArray();
    if (!audience.isEmpty()) {
        QStringList who;
        for (const QJsonValue &a : audience)
            who.append(a.toString());
        parts.append(ResultView::tr("audience: %1").arg(who.join(QLatin1String(", "))));
    }
    if (annotations.contains(Key::Priority))
        parts.append(ResultView::tr("priority %1").arg(annotations.value(Key::Priority).toDouble()));
    if (annotations.contains(Key::LastModified))
        parts.append(ResultView::tr("modified %1").arg(annotations.value(Key::LastModified).toString()));
    return parts.join(QStringLiteral(" · "));
}

// Text: Markdown rendered when it looks like Markdown, JSON as a tree, big texts capped.
QWidget *textWidget(const TextSource &source, const QString &mimeType, QWidget *parent)
{
    auto *box = new QWidget(parent);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);

    auto plainView = [](const QString &shown, QWidget *owner) {
        auto *view = new QPlainTextEdit(owner);
        view->setObjectName(QStringLiteral("textView"));
        view->setReadOnly(true);
        view->setFont(JsonText::monospaceFont());
        const bool wrap = shown.size() <= 64 * 1024; // wrapping megabytes of text is what makes views slow
        view->setLineWrapMode(wrap ? QPlainTextEdit::WidgetWidth : QPlainTextEdit::NoWrap);
        if (wrap)
            view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        view->setPlainText(shown);
        // Roughly as tall as the text (long lines wrap), within bounds.
        const int wrapped = int(qMin<qsizetype>(shown.size() / 90, 40));
        const int lines = qBound(1, int(qMin<qsizetype>(shown.count(u'\n'), 40)) + 1 + wrapped, 25);
        const int frame = 2 * view->frameWidth() + 2 * int(view->document()->documentMargin()) + 10;
        view->setMinimumHeight(view->fontMetrics().lineSpacing() * qMin(lines, 8) + frame);
        view->setMaximumHeight(view->fontMetrics().lineSpacing() * lines + frame);
        return view;
    };

    if (source.size() > ResultView::EagerTextLimit) {
        // Big texts: the first 256 KiB at once; all of it on request, prepared off the GUI thread
        // by a view that paints only the visible rows (QPlainTextEdit stalls for seconds on
        // megabytes, and for minutes on one giant line of minified JSON).
        auto *info = new QHBoxLayout;
        const QString truncatedText = ResultView::tr("Showing the first %1 of %2 (%3 characters).")
                                          .arg(sizeText(ResultView::EagerTextLimit), sizeText(source.size()))
                                          .arg(source.size());
        auto *label = new QLabel(truncatedText, box);
        label->setObjectName(QStringLiteral("truncated"));
        auto *all = new QPushButton(ResultView::tr("Show all"), box);
        all->setObjectName(QStringLiteral("showAll"));
        auto *cancel = new QPushButton(ResultView::tr("Cancel"), box);
        cancel->setObjectName(QStringLiteral("cancelShowAll"));
        cancel->hide();
        auto *save = new QPushButton(ResultView::tr("Save…"), box);
        info->addWidget(label, 1);
        info->addWidget(all);
        info->addWidget(cancel);
        info->addWidget(save);
        layout->addLayout(info);
        auto *view = new BigTextView(box);
        view->setObjectName(QStringLiteral("bigTextView"));
        view->setText(source.mid(0, ResultView::EagerTextLimit));
        view->setMinimumHeight(300);
        layout->addWidget(view);
        QObject::connect(all, &QPushButton::clicked, view, [view, all, cancel, source] {
            all->setEnabled(false);
            cancel->show();
            view->setText(source);
        });
        QObject::connect(view, &BigTextView::progressChanged, label, [label, source](int percent) {
            label->setText(ResultView::tr("Preparing all %1… (%2 %)").arg(sizeText(source.size())).arg(percent));
        });
        QObject::connect(view, &BigTextView::textShown, label, [view, label, cancel, source] {
            if (view->textSize() != source.size())
                return;
            cancel->hide();
            label->setText(ResultView::tr("Showing all %1 (%2 characters).").arg(sizeText(source.size())).arg(source.size()));
        });
        QObject::connect(cancel, &QPushButton::clicked, view, [view, all, cancel, label, truncatedText] {
            view->cancel();
            cancel->hide();
            all->setEnabled(true);
            label->setText(truncatedText);
        });
        QObject::connect(save, &QPushButton::clicked, box, [box, source, mimeType] {
            // Written from where the text is, in pieces: a big one from its frame, never whole.
            saveWith(box, QLatin1String("result.") + suffixFor(mimeType.isEmpty() ? QStringLiteral("text/plain") : mimeType),
                     [&source](QIODevice &file) { return source.writeUtf8(fileSink(file)); });
        });
        return box;
    }
    const QString text = source.mid(0, source.size());

    const bool jsonMime = mimeType.contains(QLatin1String("json"));
    const QString trimmed = text.trimmed();
    std::optional<QJsonValue> json;
    if ((jsonMime || trimmed.startsWith(u'{') || trimmed.startsWith(u'[')) && text.size() <= JsonSniffLimit) {
        json = JsonText::parse(text);
        if (json && !json->isObject() && !json->isArray())
            json.reset();
    }
    const bool markdown = !json && (mimeType == QLatin1String("text/markdown")
                                    || (mimeType.isEmpty() && looksLikeMarkdown(text)));
    if (!json && !markdown) {
        layout->addWidget(plainView(text, box));
        return box;
    }

    // Rendered view and its source, with a switch (hidden widgets take no room, unlike stack pages).
    auto *toggle = new QToolButton(box);
    toggle->setObjectName(QStringLiteral("sourceToggle"));
    toggle->setCheckable(true);
    toggle->setText(ResultView::tr("Source"));
    toggle->setToolTip(ResultView::tr("Show the text as it was sent"));
    auto *row = new QHBoxLayout;
    row->addWidget(smallLabel(json ? ResultView::tr("JSON text, shown as a tree") : ResultView::tr("Markdown, rendered"), box), 1);
    row->addWidget(toggle);
    layout->addLayout(row);
    QWidget *rendered = nullptr;
    if (json) {
        auto *tree = new LazyJsonTree(box);
        tree->setJson(*json);
        tree->setMinimumHeight(160);
        rendered = tree;
    } else {
        auto *browser = new SafeTextBrowser(box);
        browser->setObjectName(QStringLiteral("markdownView"));
        browser->setOpenLinks(false);
        browser->setMarkdown(text);
        browser->document()->setTextWidth(700);
        const int height = int(browser->document()->size().height()) + 2 * browser->frameWidth() + 8;
        browser->setMinimumHeight(qBound(60, height, 300));
        browser->setMaximumHeight(qBound(60, height, 600));
        QObject::connect(browser, &QTextBrowser::anchorClicked, browser, [](const QUrl &url) {
            // Only web links leave the application, and only because the user clicked one.
            if (url.scheme() == QLatin1String("https") || url.scheme() == QLatin1String("http"))
                QDesktopServices::openUrl(url);
        });
        rendered = browser;
    }
    QWidget *sourceView = plainView(json ? JsonText::pretty(*json) : text, box);
    sourceView->hide();
    layout->addWidget(rendered);
    layout->addWidget(sourceView);
    QObject::connect(toggle, &QToolButton::toggled, box, [rendered, sourceView](bool on) {
        rendered->setVisible(!on);
        sourceView->setVisible(on);
    });
    return box;
}

QWidget *imageWidget(const QByteArray &bytes, const QString &mimeType, const QString &uri, QWidget *parent)
{
    auto *box = new QWidget(parent);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    QString problem;
    const QImage image = decodeImage(bytes, mimeType, &problem);
    auto *row = new QHBoxLayout;
    if (image.isNull()) {
        auto *label = new QLabel(problem, box);
        label->setObjectName(QStringLiteral("imageProblem"));
        label->setWordWrap(true);
        row->addWidget(label, 1);
    } else {
        auto *label = new QLabel(box);
        label->setObjectName(QStringLiteral("image"));
        QPixmap pixmap = QPixmap::fromImage(image);
        if (pixmap.width() > MaxImageSide || pixmap.height() > MaxImageSide)
            pixmap = pixmap.scaled(MaxImageSide, MaxImageSide, Qt::KeepAspectRatio, Qt::SmoothTransformation);
        label->setPixmap(pixmap);
        label->setToolTip(ResultView::tr("%1 × %2 pixels").arg(image.width()).arg(image.height()));
        row->addWidget(label);
        row->addWidget(smallLabel(ResultView::tr("%1 × %2 px, %3").arg(image.width()).arg(image.height()).arg(sizeText(bytes.size())), box), 1, Qt::AlignBottom);
        auto *view = toolButton(ResultView::tr("Full Size…"), QStringLiteral("viewImage"), box);
        view->setToolTip(ResultView::tr("Open the image at full size, to zoom in"));
        QObject::connect(view, &QToolButton::clicked, box, [box, image, uri] {
            auto *viewer = new ImageViewer(image, uri.isEmpty() ? ResultView::tr("Image") : uri, box->window());
            viewer->show();
        });
        row->addWidget(view, 0, Qt::AlignBottom);
    }
    row->addWidget(saveButton(bytes, uri, mimeType, "image", box), 0, Qt::AlignBottom);
    layout->addLayout(row);
    return box;
}

QWidget *audioWidget(const QByteArray &bytes, const QString &mimeType, const QString &uri, QWidget *parent)
{
    auto *box = new QWidget(parent);
    // The buttons on one line, a note under it across the whole width (beside them it wrapped
    // into a narrow column).
    auto *column = new QVBoxLayout(box);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(2);
    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    column->addLayout(row);
    auto *label = new QLabel(ResultView::tr("Audio (%1, %2)").arg(mimeType, sizeText(bytes.size())), box);
    label->setObjectName(QStringLiteral("audio"));
    row->addWidget(label, 1);
#ifdef MCPSCOPE_HAVE_MULTIMEDIA
    auto *play = toolButton(ResultView::tr("Play"), QStringLiteral("play"), box);
    play->setCheckable(true);
    if (QMediaDevices::audioOutputs().isEmpty()) {
        // Said before a click, not found out by a Play that makes no sound. Play still decodes
        // it (its length and any decoding error show), into no device.
        auto *note = smallLabel(ResultView::tr("no audio output device: plays silently; save it to hear it elsewhere"), box);
        note->setObjectName(QStringLiteral("noAudioOutput"));
        column->addWidget(note);
        play->setToolTip(ResultView::tr("This computer has no audio output device"));
    }
    // The player and its temporary file are made on the first Play, not for every result.
    QObject::connect(play, &QToolButton::toggled, box, [box, play, bytes, mimeType](bool on) {
        auto *player = box->findChild<QMediaPlayer *>();
        if (!player) {
            auto *file = new QTemporaryFile(QDir::tempPath() + QLatin1String("/mcpscope-audio-XXXXXX.") + suffixFor(mimeType), box);
            if (!file->open() || file->write(bytes) != bytes.size()) {
                play->setText(ResultView::tr("Cannot play"));
                play->setEnabled(false);
                return;
            }
            file->flush();
            player = new QMediaPlayer(box);
            auto *output = new QAudioOutput(player);
            player->setAudioOutput(output);
            player->setSource(QUrl::fromLocalFile(file->fileName()));
            QObject::connect(player, &QMediaPlayer::playbackStateChanged, play, [play](QMediaPlayer::PlaybackState state) {
                const QSignalBlocker blocker(play);
                play->setChecked(state == QMediaPlayer::PlayingState);
                play->setText(state == QMediaPlayer::PlayingState ? ResultView::tr("Stop") : ResultView::tr("Play"));
            });
            QObject::connect(player, &QMediaPlayer::errorOccurred, play, [play](QMediaPlayer::Error, const QString &message) {
                // GStreamer's own words ("Internal data stream error.") rarely say that a decoder is missing.
                play->setToolTip(ResultView::tr("The audio could not be played: %1\nSave it to play it elsewhere. On Linux, "
                                                "Qt plays audio through GStreamer, whose WAV, MP3 and FLAC decoders come "
                                                "with its \"good\" plugins (gstreamer1.0-plugins-good).")
                                     .arg(message.isEmpty() ? ResultView::tr("unknown error") : message));
                play->setText(ResultView::tr("Cannot play"));
            });
        }
        if (on)
            player->play();
        else
            player->stop();
    });
    row->addWidget(play);
#else
    column->addWidget(smallLabel(ResultView::tr("(playback needs Qt Multimedia)"), box));
#endif
    row->addWidget(saveButton(bytes, uri, mimeType, "audio", box));
    return box;
}

QWidget *blobWidget(const QByteArray &bytes, const QString &mimeType, const QString &uri, QWidget *parent)
{
    if (mimeType.startsWith(QLatin1String("image/")))
        return imageWidget(bytes, mimeType, uri, parent);
    if (mimeType.startsWith(QLatin1String("audio/")))
        return audioWidget(bytes, mimeType, uri, parent);
    auto *box = new QWidget(parent);
    auto *row = new QHBoxLayout(box);
    row->setContentsMargins(0, 0, 0, 0);
    auto *label = new QLabel(ResultView::tr("Binary data: %1, %2").arg(mimeType.isEmpty() ? ResultView::tr("unknown type") : mimeType,
                                                                       sizeText(bytes.size())),
                             box);
    label->setObjectName(QStringLiteral("blob"));
    row->addWidget(label, 1);
    row->addWidget(saveButton(bytes, uri, mimeType, "data", box));
    return box;
}

QFrame *blockFrame(const QString &title, const QString &detail, const QJsonObject &annotations, QWidget *parent,
                   QVBoxLayout **body)
{
    auto *frame = new QFrame(parent);
    frame->setFrameShape(QFrame::StyledPanel);
    auto *layout = new QVBoxLayout(frame);
    layout->setContentsMargins(6, 4, 6, 6);
    layout->setSpacing(3);
    auto *header = new QHBoxLayout;
    auto *name = new QLabel(title, frame);
    QFont font = name->font();
    font.setBold(true);
    name->setFont(font);
    header->addWidget(name);
    if (!detail.isEmpty()) {
        QLabel *label = smallLabel(detail, frame);
        label->setWordWrap(false);
        header->addWidget(label);
    }
    header->addStretch(1);
    const QString annotationLine = annotationText(annotations);
    if (!annotationLine.isEmpty()) {
        QLabel *label = smallLabel(annotationLine, frame);
        label->setObjectName(QStringLiteral("annotations"));
        label->setWordWrap(false);
        header->addWidget(label);
    }
    layout->addLayout(header);
    *body = layout;
    return frame;
}

} // namespace

// ---------------------------------------------------------------------------------

LazyJsonTree::LazyJsonTree(QWidget *parent)
    : QTreeWidget(parent)
{
    setObjectName(QStringLiteral("jsonTree"));
    setColumnCount(2);
    setHeaderLabels({tr("Key"), tr("Value")});
    setUniformRowHeights(true);
    header()->setSectionResizeMode(0, QHeaderView::Interactive);
    header()->resizeSection(0, 200);
    connect(this, &QTreeWidget::itemExpanded, this, [this](QTreeWidgetItem *item) { populate(item); });
}

void LazyJsonTree::setJson(const QJsonValue &value)
{
    clear();
    if (value.isObject() || value.isArray()) {
        QTreeWidgetItem root;
        root.setData(0, Qt::UserRole, QVariant::fromValue(value));
        const QJsonObject object = value.toObject();
        const QJsonArray array = value.toArray();
        int count = 0;
        if (value.isObject()) {
            for (auto it = object.begin(); it != object.end() && count < ChildrenPerNode; ++it, ++count)
                addTopLevelItem(makeItem(it.key(), it.value()));
        } else {
            for (qsizetype i = 0; i < array.size() && count < ChildrenPerNode; ++i, ++count)
                addTopLevelItem(makeItem(QString::number(i), array.at(i)));
        }
        const qsizetype total = value.isObject() ? object.size() : array.size();
        if (total > count)
            addTopLevelItem(new QTreeWidgetItem(QStringList{tr("…"), tr("%n more (copy or save the JSON to see them)", nullptr, int(total - count))}));
        // Small documents open fully; big ones stay closed until asked.
        if (total <= 20)
            for (int i = 0; i < topLevelItemCount(); ++i)
                if (topLevelItem(i)->childIndicatorPolicy() == QTreeWidgetItem::ShowIndicator)
                    topLevelItem(i)->setExpanded(topLevelItemCount() <= 8);
    } else {
        addTopLevelItem(makeItem(QString(), value));
    }
}

QTreeWidgetItem *LazyJsonTree::makeItem(const QString &name, const QJsonValue &value)
{
    auto *item = new QTreeWidgetItem(QStringList{name});
    if (value.isObject()) {
        item->setText(1, tr("{%n member(s)}", nullptr, int(value.toObject().size())));
        item->setForeground(1, palette().brush(QPalette::PlaceholderText));
    } else if (value.isArray()) {
        item->setText(1, tr("[%n item(s)]", nullptr, int(value.toArray().size())));
        item->setForeground(1, palette().brush(QPalette::PlaceholderText));
    } else {
        QString text = JsonText::compact(value);
        if (text.size() > 500)
            text = text.left(500) + QStringLiteral("…");
        item->setText(1, text);
        item->setToolTip(1, text.left(2000));
    }
    const bool container = (value.isObject() && !value.toObject().isEmpty()) || (value.isArray() && !value.toArray().isEmpty());
    if (container) {
        item->setData(0, Qt::UserRole, QVariant::fromValue(value));
        item->setChildIndicatorPolicy(QTreeWidgetItem::ShowIndicator);
    }
    return item;
}

void LazyJsonTree::populate(QTreeWidgetItem *item)
{
    if (item->childCount() > 0)
        return;
    const QJsonValue value = item->data(0, Qt::UserRole).toJsonValue();
    int count = 0;
    qsizetype total = 0;
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        total = object.size();
        for (auto it = object.begin(); it != object.end() && count < ChildrenPerNode; ++it, ++count)
            item->addChild(makeItem(it.key(), it.value()));
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        total = array.size();
        for (qsizetype i = 0; i < array.size() && count < ChildrenPerNode; ++i, ++count)
            item->addChild(makeItem(QString::number(i), array.at(i)));
    }
    if (total > count)
        item->addChild(new QTreeWidgetItem(QStringList{tr("…"), tr("%n more", nullptr, int(total - count))}));
    item->setChildIndicatorPolicy(QTreeWidgetItem::DontShowIndicatorWhenChildless);
}

// ---------------------------------------------------------------------------------

ResultView::ResultView(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *bar = new QHBoxLayout;
    m_status = new FittingLabel(this);
    m_status->setObjectName(QStringLiteral("resultStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *copy = m_copyJson = toolButton(tr("Copy JSON"), QStringLiteral("copyJson"), this);
    copy->setToolTip(tr("Copy the whole result as JSON"));
    auto *save = m_saveJson = toolButton(tr("Save…"), QStringLiteral("saveJson"), this);
    save->setToolTip(tr("Save the whole result as a JSON file"));
    // The buttons wrap onto more rows rather than setting a wide minimum (beside an MCP App view).
    auto *buttons = new QWidget(this);
    m_barButtons = new FlowLayout(buttons);
    m_barButtons->setSpacing(bar->spacing() >= 0 ? bar->spacing() : 6);
    m_barButtons->addWidget(copy);
    m_barButtons->addWidget(save);
    bar->addWidget(m_status, 1);
    bar->addWidget(buttons);
    layout->addLayout(bar);
    m_rounds = new QTreeWidget(this);
    m_rounds->setObjectName(QStringLiteral("roundsTimeline"));
    m_rounds->setColumnCount(RoundsColumnCount);
    m_rounds->setHeaderLabels({tr("Round"), tr("Sent"), tr("Server asked"), tr("Answered"), tr("Latency")});
    m_rounds->setRootIsDecorated(false);
    m_rounds->setUniformRowHeights(true);
    m_rounds->setWordWrap(false);
    m_rounds->setTextElideMode(Qt::ElideRight);
    m_rounds->setSelectionMode(QAbstractItemView::NoSelection);
    m_rounds->setFocusPolicy(Qt::NoFocus);
    m_rounds->setToolTip(tr("The request went out more than once: each time the server answered input_required, "
                            "its questions were answered and the request was sent again with the answers"));
    // Round and latency as wide as they need; the three texts share the rest (elided, whole in
    // their tooltips), so the timeline never scrolls sideways.
    m_rounds->header()->setStretchLastSection(false);
    m_rounds->header()->setSectionResizeMode(QHeaderView::Stretch);
    m_rounds->header()->setSectionResizeMode(RoundColumn, QHeaderView::ResizeToContents);
    m_rounds->header()->setSectionResizeMode(LatencyColumn, QHeaderView::ResizeToContents);
    m_rounds->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_rounds->hide();
    layout->addWidget(m_rounds);
    m_scroll = new QScrollArea(this);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    layout->addWidget(m_scroll, 1);
    connect(copy, &QToolButton::clicked, this, [this] {
        if (!m_json.isUndefined())
            QApplication::clipboard()->setText(JsonText::pretty(resultJson()));
    });
    connect(save, &QToolButton::clicked, this, [this] {
        if (m_json.isUndefined())
            return;
        const QString fileName = QFileDialog::getSaveFileName(this, tr("Save result"), QStringLiteral("result.json"),
                                                              tr("JSON (*.json);;All files (*)"));
        if (!fileName.isEmpty() && !saveJson(fileName))
            QMessageBox::warning(this, tr("Save result"), tr("Could not save %1.").arg(fileName));
    });
    clear();
}

void ResultView::clear()
{
    begin(QJsonValue::Undefined);
}

QJsonValue ResultView::resultJson() const
{
    return m_texts.isEmpty() ? m_json : ResultTexts{m_json, m_texts}.resolved();
}

void ResultView::begin(const QJsonValue &json, const QList<Mcp::JsonText> &texts)
{
    m_json = json;
    m_texts = texts;
    m_verdict.clear();
    m_page = new QWidget;
    m_layout = new QVBoxLayout(m_page);
    m_layout->setContentsMargins(2, 2, 2, 2);
    m_layout->setSpacing(6);
    m_layout->addStretch(1);
    QWidget *old = m_scroll->takeWidget();
    m_scroll->setWidget(m_page);
    if (old)
        old->deleteLater();
    m_status->clear();
    m_rounds->clear();
    m_rounds->hide();
    // An empty result area takes no room: until there is a result, the form above or beside it has it.
    setVisible(!json.isUndefined());
    // Nothing to copy or save until there is a result.
    m_copyJson->setEnabled(!json.isUndefined());
    m_saveJson->setEnabled(!json.isUndefined());
}

void ResultView::setStatusText(const QString &text)
{
    m_status->setText(text);
    if (!text.isEmpty())
        show();
}

namespace {
QString shortJson(const QJsonValue &value, int limit = 120)
{
    const QString text = JsonText::compact(value);
    return text.size() > limit ? text.left(limit - 1) + QChar(0x2026) : text;
}

// What an input request asked, in a few words: the elicitation's message, the sampling
// request's last message, or that the roots were wanted.
QString askedText(const Modern::InputExchange &input)
{
    QString detail;
    if (input.method == Method::ElicitationCreate) {
        detail = ElicitRequestParams::fromJson(input.params).message;
    } else if (input.method == Method::SamplingCreateMessage) {
        const QJsonArray messages = CreateMessageParams::fromJson(input.params).messages;
        const QJsonValue content = messages.isEmpty() ? QJsonValue() : messages.last().toObject().value(Key::Content);
        detail = content.isObject() ? content.toObject().value(Key::Text).toString() : shortJson(content);
    }
    detail = detail.simplified();
    if (detail.size() > 80)
        detail = detail.left(79) + QChar(0x2026);
    return detail.isEmpty() ? QStringLiteral("%1 [%2]").arg(input.method, input.key)
                            : QStringLiteral("%1 [%2]: %3").arg(input.method, input.key, detail);
}

QString answeredText(const Modern::InputExchange &input)
{
    if (input.latencyMs < 0)
        return ResultView::tr("[%1] waiting for an answer").arg(input.key);
    if (!input.answered)
        return ResultView::tr("[%1] declined (left out of inputResponses)").arg(input.key);
    const QJsonObject &r = input.response;
    QString what;
    if (input.method == QLatin1String("elicitation/create")) {
        what = r.value(Key::Action).toString();
        if (r.contains(Key::Content))
            what += QLatin1Char(' ') + shortJson(r.value(Key::Content), 100);
    } else if (input.method == QLatin1String("sampling/createMessage")) {
        const QJsonValue content = r.value(Key::Content);
        what = content.isObject() ? content.toObject().value(Key::Text).toString().simplified() : shortJson(content, 100);
        if (r.contains(Key::Model))
            what = ResultView::tr("%1 (model %2)").arg(what, r.value(Key::Model).toString());
    } else if (input.method == Method::RootsList) {
        what = ResultView::tr("%n root(s)", nullptr, int(ListRootsResult::fromJson(r).roots.size()));
    } else {
        what = shortJson(r, 100);
    }
    return QStringLiteral("[%1] %2").arg(input.key, what);
}
} // namespace

void ResultView::addBarWidget(QWidget *widget)
{
    m_barButtons->insertWidget(m_barButtons->count() - 2, widget); // before Copy JSON and Save…
}

QString ResultView::runningRoundText(const QList<Modern::RoundRecord> &rounds)
{
    if (rounds.isEmpty() || (rounds.size() == 1 && !rounds.first().inputRequired))
        return {};
    const Modern::RoundRecord &round = rounds.last();
    const int number = int(rounds.size());
    if (round.inputRequired) {
        QStringList waiting;
        for (const Modern::InputExchange &input : round.inputs)
            if (!input.answered)
                waiting << input.method;
        if (!waiting.isEmpty())
            return tr("Round %1: the server asked for %2; waiting for the answer").arg(number).arg(waiting.join(QStringLiteral(", ")));
        return tr("Round %1: every input answered; sending the request again with the answers").arg(number);
    }
    if (round.answeredAtMs < 0)
        return tr("Round %1: sent again with the answers; waiting for the server").arg(number);
    return {};
}

void ResultView::setRounds(const QList<Modern::RoundRecord> &rounds)
{
    m_rounds->clear();
    const bool askedForInput = std::any_of(rounds.cbegin(), rounds.cend(),
                                           [](const Modern::RoundRecord &round) { return round.inputRequired; });
    if (rounds.size() < 2 && !askedForInput) {
        m_rounds->hide();
        return;
    }
    const int count = int(rounds.size());
    for (int i = 0; i < count; ++i) {
        const Modern::RoundRecord &round = rounds.at(i);
        QStringList asked, answered, answerLatency;
        for (const Modern::InputExchange &input : round.inputs) {
            asked << askedText(input);
            answered << answeredText(input);
            if (input.latencyMs >= 0)
                answerLatency << Units::duration(input.latencyMs);
        }
        QString sent;
        if (round.taskPoll) {
            // Asked by a task in a poll's answer; its answers went out with tasks/update.
            sent = tr("tasks/get, id %1; answered by tasks/update").arg(round.requestId.toDisplayString());
        } else if (i == 0) {
            sent = tr("request, id %1").arg(round.requestId.toDisplayString());
        } else {
            // The retry carries what the previous round's questions were answered with.
            QStringList keys;
            for (const Modern::InputExchange &input : rounds.at(i - 1).inputs)
                if (input.answered)
                    keys << input.key;
            QStringList carried;
            if (!keys.isEmpty())
                carried << tr("inputResponses [%1]").arg(keys.join(QLatin1String(", ")));
            if (round.carriedRequestState)
                carried << tr("requestState echoed");
            sent = carried.isEmpty() ? tr("retry, id %1").arg(round.requestId.toDisplayString())
                                     : tr("retry, id %1: %2").arg(round.requestId.toDisplayString(), carried.join(QLatin1String(" + ")));
        }
        if (asked.isEmpty() && round.becameTask)
            asked << tr("a task, followed with tasks/get");
        if (asked.isEmpty())
            asked << (round.answeredAtMs < 0 ? tr("waiting for the server")
                      : round.inputRequired ? tr("input_required, nothing to answer (state only)")
                      : i == count - 1     ? tr("the final result")
                                           : tr("no input asked"));
        // A task's question came in a poll's answer: no request of its own to time.
        QString latency = round.answeredAtMs >= 0 && round.sentAtMs >= 0 && !round.taskPoll
            ? tr("server %1").arg(Units::duration(round.answeredAtMs - round.sentAtMs)) : QString();
        if (!answerLatency.isEmpty())
            latency += (latency.isEmpty() ? QString() : QStringLiteral(" · ")) + tr("answer %1").arg(answerLatency.join(QLatin1String(", ")));
        auto *item = new QTreeWidgetItem(m_rounds, {tr("%1 of %2").arg(i + 1).arg(count), sent,
                                                    asked.join(QLatin1String("; ")), answered.join(QLatin1String("; ")), latency});
        for (int column = 0; column < RoundsColumnCount; ++column)
            item->setToolTip(column, item->text(column));
    }
    // As tall as its rows (a handful), so the result below keeps the room.
    const int rows = qMin(count, 6);
    const int rowHeight = m_rounds->fontMetrics().height() + 6;
    m_rounds->setFixedHeight(m_rounds->header()->sizeHint().height() + rows * rowHeight + 2 * m_rounds->frameWidth() + 2);
    m_rounds->show();
    show();
}

void ResultView::addWidget(QWidget *widget)
{
    m_layout->insertWidget(m_layout->count() - 1, widget);
}

void ResultView::addBanner(const QString &text, Theme::Badge badge)
{
    auto *banner = new QLabel(text, m_page);
    banner->setObjectName(QStringLiteral("banner"));
    banner->setWordWrap(true);
    banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    banner->setStyleSheet(Theme::badgeStyleSheet(badge, 6));
    addWidget(banner);
}

bool ResultView::saveJson(const QString &fileName) const
{
    QSaveFile file(fileName);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    // The result with markers in place of its big texts, each written from its frame where its
    // marker stands: the same bytes as writing the converted result, without converting it.
    const QByteArray skeleton = JsonText::pretty(m_json).toUtf8();
    const QByteArray marker = '"' + ResultTexts::markerPrefix().toLatin1();
    const Mcp::JsonText::Sink sink = fileSink(file);
    qsizetype from = 0;
    qsizetype at;
    while (!m_texts.isEmpty() && (at = skeleton.indexOf(marker, from)) >= 0) {
        qsizetype end = at + marker.size();
        while (end < skeleton.size() && skeleton.at(end) >= '0' && skeleton.at(end) <= '9')
            ++end;
        const qsizetype index = skeleton.mid(at + marker.size(), end - at - marker.size()).toLongLong();
        if (!sink(QByteArrayView(skeleton).sliced(from, at + 1 - from)) || !m_texts.value(index).writeEscaped(sink))
            return false;
        from = end; // the closing quote is the next byte
    }
    if (!sink(QByteArrayView(skeleton).sliced(from)))
        return false;
    return file.commit();
}

QWidget *ResultView::createContentWidget(const QJsonObject &block, ResultView *owner, QWidget *parent)
{
    return createContentWidget(block, owner, parent, nullptr);
}

QWidget *ResultView::createContentWidget(const QJsonObject &json, ResultView *owner, QWidget *parent, const TextSource *preparedText)
{
    QVBoxLayout *body = nullptr;
    if (preparedText) { // a text block whose text was prepared off the GUI thread: not read again here
        QFrame *frame = blockFrame(tr("Text"), sizeText(preparedText->utf8Size()), json.value(Key::Annotations).toObject(), parent, &body);
        body->addWidget(textWidget(*preparedText, QString(), frame));
        return frame;
    }
    const ContentBlock block = ContentBlock::fromJson(json);
    const QJsonObject &annotations = block.annotations;
    const ContentBlock::Type type = block.type;
    if (type == ContentBlock::Type::Text) {
        QFrame *frame = blockFrame(tr("Text"), sizeText(utf8Size(block.text)), annotations, parent, &body);
        body->addWidget(textWidget(block.text, QString(), frame));
        return frame;
    }
    if (type == ContentBlock::Type::Image || type == ContentBlock::Type::Audio) {
        const QString &mimeType = block.mimeType;
        const QByteArray bytes = QByteArray::fromBase64(block.data.toLatin1());
        const bool image = type == ContentBlock::Type::Image;
        QFrame *frame = blockFrame(image ? tr("Image") : tr("Audio"), mimeType, annotations, parent, &body);
        body->addWidget(image ? imageWidget(bytes, mimeType, QString(), frame) : audioWidget(bytes, mimeType, QString(), frame));
        return frame;
    }
    if (type == ContentBlock::Type::ResourceLink) {
        const QString uri = block.link.uri;
        const QString title = block.link.displayName();
        QFrame *frame = blockFrame(tr("Resource link"), block.link.mimeType, annotations, parent, &body);
        auto *row = new QHBoxLayout;
        auto *link = new QLabel(frame);
        link->setObjectName(QStringLiteral("resourceLink"));
        link->setTextFormat(Qt::RichText);
        link->setText(QStringLiteral("<a href=\"%1\">%2</a> <span>%3</span>")
                          .arg(uri.toHtmlEscaped(), (title.isEmpty() ? uri : title).toHtmlEscaped(),
                               title.isEmpty() ? QString() : uri.toHtmlEscaped()));
        link->setToolTip(tr("Open %1 on the Resources page").arg(uri));
        auto *open = toolButton(tr("Open"), QStringLiteral("openResource"), frame);
        QPointer<ResultView> view(owner);
        auto request = [view, uri] {
            if (view)
                Q_EMIT view->openResourceRequested(uri);
        };
        QObject::connect(link, &QLabel::linkActivated, frame, request);
        QObject::connect(open, &QToolButton::clicked, frame, request);
        row->addWidget(link, 1);
        row->addWidget(open);
        body->addLayout(row);
        const QString &description = block.link.description;
        if (!description.isEmpty())
            body->addWidget(smallLabel(description, frame));
        return frame;
    }
    if (type == ContentBlock::Type::EmbeddedResource) {
        const ResourceContent &resource = block.resource;
        const QString &uri = resource.uri;
        const QString &mimeType = resource.mimeType;
        QFrame *frame = blockFrame(tr("Embedded resource"), uri + (mimeType.isEmpty() ? QString() : QStringLiteral(" · ") + mimeType),
                                   annotations, parent, &body);
        if (resource.text)
            body->addWidget(textWidget(*resource.text, mimeType, frame));
        else
            body->addWidget(blobWidget(QByteArray::fromBase64(resource.blob.value_or(QString()).toLatin1()), mimeType, uri, frame));
        return frame;
    }
    // Unknown or future content types: shown as JSON, never dropped.
    QFrame *frame = blockFrame(block.typeName.isEmpty() ? tr("Content") : block.typeName, tr("not a known content type"),
                               annotations, parent, &body);
    auto *tree = new LazyJsonTree(frame);
    tree->setJson(json);
    tree->setMinimumHeight(120);
    body->addWidget(tree);
    return frame;
}

void ResultView::setToolResult(const QJsonObject &result, const QJsonValue &outputSchema)
{
    setToolResult(prepare(ResultTexts{result, {}}), outputSchema);
}

ResultView::PreparedResult ResultView::prepare(const ResultTexts &result)
{
    PreparedResult prepared;
    prepared.json = result;
    // The big texts of text blocks stay in the frame, indexed; every other big string (an
    // image's data, structured content) is converted, as whoever shows it reads it whole.
    QJsonObject skeleton = result.value.toObject();
    QJsonArray content = skeleton.value(Key::Content).toArray();
    QList<Mcp::JsonText> others = result.texts;
    for (qsizetype i = 0; i < content.size(); ++i) {
        QJsonObject block = content.at(i).toObject();
        if (block.value(Key::Type).toString() != QLatin1String("text")) {
            prepared.texts.append(std::nullopt);
            continue;
        }
        const QString text = block.value(Key::Text).toString();
        const qsizetype index = result.indexOf(text);
        if (index < 0) {
            prepared.texts.append(TextSource(text));
            continue;
        }
        const Mcp::JsonText &big = result.texts.at(index);
        prepared.texts.append(TextSource(big, big.index(TextSource::BlockUnits)));
        others[index] = Mcp::JsonText(); // not converted below (an empty string): the block shows its TextSource
    }
    if (!result.texts.isEmpty())
        skeleton = ResultTexts{skeleton, others}.resolved().toObject();
    prepared.shown = skeleton;
    return prepared;
}

void ResultView::setToolResult(const PreparedResult &prepared, const QJsonValue &outputSchema)
{
    const QJsonObject &result = prepared.shown;
    begin(prepared.json.value, prepared.json.texts);
    const bool isError = result.value(Key::IsError).toBool();
    if (isError)
        addBanner(tr("The tool reported an error (isError: true)"), Theme::Badge::Error);
    const QJsonArray content = result.value(Key::Content).toArray();
    for (qsizetype i = 0; i < content.size(); ++i) {
        const std::optional<TextSource> &text = prepared.texts.value(i);
        addWidget(createContentWidget(content.at(i).toObject(), this, m_page, text ? &*text : nullptr));
    }
    if (content.isEmpty() && !result.contains(Key::StructuredContent))
        addWidget(smallLabel(tr("The result has no content."), m_page));
    addStructured(result.value(Key::StructuredContent), outputSchema, isError);
}

void ResultView::addStructured(const QJsonValue &structured, const QJsonValue &outputSchema, bool isError)
{
    const bool hasSchema = outputSchema.isObject() || outputSchema.isBool();
    if (structured.isUndefined() && (!hasSchema || isError))
        return;
    auto *frame = new QFrame(m_page);
    frame->setFrameShape(QFrame::StyledPanel);
    auto *layout = new QVBoxLayout(frame);
    layout->setContentsMargins(6, 4, 6, 6);
    auto *title = new QLabel(tr("Structured content"), frame);
    QFont font = title->font();
    font.setBold(true);
    title->setFont(font);
    layout->addWidget(title);

    auto *verdict = new QLabel(frame);
    verdict->setObjectName(QStringLiteral("verdict"));
    verdict->setWordWrap(true);
    verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    const QString good = Theme::badgeStyleSheet(Theme::Badge::Ok, 4);
    const QString bad = Theme::badgeStyleSheet(Theme::Badge::Error, 4);
    if (!hasSchema) {
        m_verdict = QStringLiteral("unchecked");
        // Null: the schema was not read (a collection run reads it only when asked to check it).
        verdict->setText(outputSchema.isNull() ? tr("Not checked: the tool's outputSchema was not read")
                                               : tr("Not checked: the tool declares no outputSchema"));
    } else if (structured.isUndefined()) {
        m_verdict = QStringLiteral("invalid");
        verdict->setText(tr("INVALID: the tool declares an outputSchema but the result has no structuredContent"));
        verdict->setStyleSheet(bad);
    } else {
        const ValidationResult result = SchemaValidator(outputSchema).validate(structured);
        m_verdict = result.valid ? QStringLiteral("valid") : QStringLiteral("invalid");
        verdict->setText(result.valid ? tr("VALID against the tool's outputSchema")
                                      : tr("INVALID against the tool's outputSchema: %n problem(s)", nullptr, int(result.issues.size())));
        verdict->setStyleSheet(result.valid ? good : bad);
        if (!result.issues.isEmpty()) {
            QStringList lines;
            for (const ValidationIssue &issue : result.issues)
                lines.append(QStringLiteral("• ") + (issue.path.isEmpty() ? tr("(whole value)") : issue.path)
                             + QLatin1String(": ") + issue.message);
            auto *issues = new QLabel(lines.join(u'\n'), frame);
            issues->setObjectName(QStringLiteral("verdictIssues"));
            issues->setWordWrap(true);
            issues->setTextFormat(Qt::PlainText);
            issues->setTextInteractionFlags(Qt::TextSelectableByMouse);
            layout->addWidget(verdict);
            layout->addWidget(issues);
            verdict = nullptr;
        }
        if (!result.schemaProblem.isEmpty())
            layout->addWidget(smallLabel(tr("Note: %1").arg(result.schemaProblem), frame));
    }
    if (verdict)
        layout->addWidget(verdict);
    if (!structured.isUndefined()) {
        auto *tree = new LazyJsonTree(frame);
        tree->setObjectName(QStringLiteral("structuredTree"));
        tree->setJson(structured);
        tree->setMinimumHeight(140);
        layout->addWidget(tree);
    }
    addWidget(frame);
}

void ResultView::setMessages(const QJsonArray &messages, const QString &description)
{
    begin(messages);
    if (!description.isEmpty())
        addWidget(smallLabel(description, m_page));
    for (const QJsonValue &messageValue : messages) {
        const QJsonObject message = messageValue.toObject();
        const QString role = message.value(Key::Role).toString();
        auto *roleLabel = new QLabel(role.isEmpty() ? tr("(no role)") : role, m_page);
        roleLabel->setObjectName(QStringLiteral("role"));
        QFont font = roleLabel->font();
        font.setBold(true);
        font.setCapitalization(QFont::Capitalize);
        roleLabel->setFont(font);
        addWidget(roleLabel);
        const QJsonValue content = message.value(Key::Content);
        const QJsonArray blocks = content.isArray() ? content.toArray() : QJsonArray{content};
        for (const QJsonValue &block : blocks)
            addWidget(createContentWidget(block.toObject(), this, m_page));
    }
    if (messages.isEmpty())
        addWidget(smallLabel(tr("No messages."), m_page));
}

void ResultView::setPromptResult(const GetPromptResult &result)
{
    // The messages as sent: a raw view shows what crossed the wire.
    setMessages(result.json.value(Key::Messages).toArray(), result.description);
}

void ResultView::setResourceContents(const ReadResourceResult &result)
{
    begin(result.json);
    for (const ResourceContent &content : result.contents) {
        // Each shown as an embedded resource block, its annotations with it.
        QJsonObject block{{Key::Type, QStringLiteral("resource")}, {Key::Resource, content.json}};
        const auto annotations = content.json.constFind(Key::Annotations);
        if (annotations != content.json.constEnd())
            block.insert(Key::Annotations, *annotations);
        addWidget(createContentWidget(block, this, m_page));
    }
    if (result.contents.isEmpty())
        addWidget(smallLabel(tr("The resource has no contents."), m_page));
}

void ResultView::setValue(const QJsonValue &value)
{
    begin(value);
    auto *tree = new LazyJsonTree(m_page);
    tree->setJson(value);
    tree->setMinimumHeight(100);
    addWidget(tree);
}

void ResultView::setError(const QString &message, const QJsonValue &details)
{
    begin(details.isUndefined() ? QJsonValue(QJsonObject{{QStringLiteral("error"), message}}) : details);
    addBanner(message, Theme::Badge::Failure);
    // The banner says the code and message; the tree is for what else the error holds (its data).
    bool saysMore = !details.isObject();
    const QJsonObject object = details.toObject();
    for (auto it = object.begin(); it != object.end(); ++it)
        saysMore = saysMore || (it.key() != QLatin1String("code") && it.key() != Key::Message);
    if (!details.isUndefined() && saysMore) {
        auto *tree = new LazyJsonTree(m_page);
        tree->setJson(details);
        tree->setMinimumHeight(100);
        addWidget(tree);
    }
}

} // namespace Mcp::Ui
