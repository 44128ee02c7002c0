#include "imageviewer.h"

#include <QBoxLayout>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QKeySequence>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QShortcut>
#include <QWheelEvent>

#include <cmath>

namespace Mcp::Ui {

namespace {
constexpr double MinZoom = 0.05;
constexpr double MaxZoom = 16.0;
constexpr double ZoomStep = 1.25;
}

ImageViewer::ImageViewer(const QImage &image, const QString &title, QWidget *parent)
    : QDialog(parent)
    , m_image(image)
{
    setWindowTitle(title);
    setAttribute(Qt::WA_DeleteOnClose);
    auto *layout = new QVBoxLayout(this);
    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(QStringLiteral("imageScroll"));
    m_scroll->setAlignment(Qt::AlignCenter);
    m_scroll->setBackgroundRole(QPalette::Dark);
    m_picture = new QLabel(m_scroll);
    m_picture->setObjectName(QStringLiteral("fullImage"));
    m_scroll->setWidget(m_picture);
    m_scroll->viewport()->installEventFilter(this);
    layout->addWidget(m_scroll, 1);

    auto *bar = new QHBoxLayout;
    auto *fit = new QPushButton(tr("Fit"), this);
    fit->setObjectName(QStringLiteral("zoomFit"));
    auto *actual = new QPushButton(tr("100 %"), this);
    actual->setObjectName(QStringLiteral("zoomActual"));
    auto *out = new QPushButton(tr("−"), this);
    out->setToolTip(tr("Zoom out (Ctrl+-)"));
    auto *in = new QPushButton(tr("+"), this);
    in->setToolTip(tr("Zoom in (Ctrl++)"));
    m_zoomLabel = new QLabel(this);
    m_zoomLabel->setObjectName(QStringLiteral("zoomLevel"));
    auto *size = new QLabel(tr("%1 × %2 px").arg(image.width()).arg(image.height()), this);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    for (QWidget *w : std::initializer_list<QWidget *>{fit, actual, out, in, m_zoomLabel, size})
        bar->addWidget(w);
    bar->addStretch(1);
    bar->addWidget(buttons);
    layout->addLayout(bar);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(fit, &QPushButton::clicked, this, &ImageViewer::fitToWindow);
    connect(actual, &QPushButton::clicked, this, [this] { setZoom(1.0); });
    connect(in, &QPushButton::clicked, this, [this] { setZoom(m_zoom * ZoomStep); });
    connect(out, &QPushButton::clicked, this, [this] { setZoom(m_zoom / ZoomStep); });
    for (const QKeySequence &key : {QKeySequence(QKeySequence::ZoomIn), QKeySequence(Qt::CTRL | Qt::Key_Equal)})
        connect(new QShortcut(key, this), &QShortcut::activated, this, [this] { setZoom(m_zoom * ZoomStep); });
    connect(new QShortcut(QKeySequence::ZoomOut, this), &QShortcut::activated, this, [this] { setZoom(m_zoom / ZoomStep); });
    connect(new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_0), this), &QShortcut::activated, this, [this] { setZoom(1.0); });

    // As large as the image, within most of the screen.
    const QRect available = (parent ? parent->screen() : QGuiApplication::primaryScreen())->availableGeometry();
    resize(QSize(image.width() + 40, image.height() + 90).boundedTo(available.size() * 0.9).expandedTo(QSize(360, 240)));
    setZoom(1.0);
    if (image.width() > width() - 40 || image.height() > height() - 90)
        fitToWindow();
}

void ImageViewer::setZoom(double zoom)
{
    m_zoom = std::clamp(zoom, MinZoom, MaxZoom);
    const QSize size(qMax(1, int(std::lround(m_image.width() * m_zoom))), qMax(1, int(std::lround(m_image.height() * m_zoom))));
    // Scaled up, pixels stay sharp (a screenshot is read pixel by pixel); scaled down, smooth.
    const Qt::TransformationMode mode = m_zoom >= 1.0 ? Qt::FastTransformation : Qt::SmoothTransformation;
    m_picture->setPixmap(QPixmap::fromImage(m_zoom == 1.0 ? m_image : m_image.scaled(size, Qt::KeepAspectRatio, mode)));
    m_picture->resize(size);
    m_zoomLabel->setText(tr("%1 %").arg(std::lround(m_zoom * 100)));
}

void ImageViewer::fitToWindow()
{
    const QSize room = m_scroll->viewport()->size() - QSize(4, 4);
    if (m_image.isNull() || room.isEmpty())
        return;
    setZoom(qMin(double(room.width()) / m_image.width(), double(room.height()) / m_image.height()));
}

bool ImageViewer::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_scroll->viewport() && event->type() == QEvent::Wheel) {
        auto *wheel = static_cast<QWheelEvent *>(event);
        if (wheel->modifiers() & Qt::ControlModifier) {
            const int steps = wheel->angleDelta().y() / 120;
            if (steps)
                setZoom(m_zoom * std::pow(ZoomStep, steps));
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

} // namespace Mcp::Ui
