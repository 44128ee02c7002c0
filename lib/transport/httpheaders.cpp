#include "httpheaders.h"

namespace Mcp {

QByteArray headerValue(const HttpHeaders &headers, QByteArrayView name)
{
    for (const auto &header : headers) {
        if (QByteArrayView(header.first).compare(name, Qt::CaseInsensitive) == 0)
            return header.second;
    }
    return {};
}

} // namespace Mcp
