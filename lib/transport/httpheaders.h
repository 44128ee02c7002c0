#pragma once

#include "transport/trafficevent.h"

#include <QByteArray>
#include <QByteArrayView>

namespace Mcp {

// The value of the first header so named, its name compared without regard to case as HTTP
// means it; empty when there is none.
QByteArray headerValue(const HttpHeaders &headers, QByteArrayView name);

} // namespace Mcp
