#pragma once

#include <QDialog>
#include <QImage>

QT_BEGIN_NAMESPACE
class QLabel;
class QScrollArea;
QT_END_NAMESPACE

namespace Mcp::Ui {

// An image of a result at full size, zoomable: Fit, 100 %, Ctrl+wheel or Ctrl+plus/minus.
class ImageViewer : public QDialog
{
    Q_OBJECT

public:
    ImageViewer(const QImage &image, const QString &title, QWidget *parent = nullptr);

    double zoom() const { return m_zoom; }
    void setZoom(double zoom);      // 1.0 is one image pixel per device-independent pixel
    void fitToWindow();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QImage m_image;
    QScrollArea *m_scroll;
    QLabel *m_picture;
    QLabel *m_zoomLabel;
    double m_zoom = 1.0;
};

} // namespace Mcp::Ui
