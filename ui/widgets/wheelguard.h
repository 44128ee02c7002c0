#pragma once

#include <QtGlobal>

namespace Mcp::Ui::WheelGuard {

// The mouse wheel never changes a value the pointer merely passes over: combo boxes, spin boxes
// (numbers, dates, times) and sliders take the wheel only while they have the keyboard focus;
// otherwise it scrolls whatever scroll area holds them. They also no longer take the focus from
// the wheel. Installed once on the application, so every form and dialog follows it, including
// widgets created later. Further calls do nothing.
void install();

} // namespace Mcp::Ui::WheelGuard
