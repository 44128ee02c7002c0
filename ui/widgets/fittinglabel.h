#pragma once

#include <QLabel>

namespace Mcp::Ui {

// A label for text of any length, such as an error message: it never asks for more width than a
// short line, so a long message cannot widen the window past the screen. A single line that does
// not fit is elided, a wrapped one breaks where it can and is clipped where it cannot; the whole
// text is in its tooltip, and can be selected and copied.
class FittingLabel : public QLabel
{
public:
    explicit FittingLabel(QWidget *parent = nullptr);

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;
    // Middle by default (both ends of a message or path say something); right for a line whose
    // beginning matters most.
    void setElideMode(Qt::TextElideMode mode) { m_elideMode = mode; update(); }

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    Qt::TextElideMode m_elideMode = Qt::ElideMiddle;
};

} // namespace Mcp::Ui
