#include "textsource.h"

namespace Mcp::Ui {

TextSource::TextSource(const QString &text) : m_string(text) {}

TextSource::TextSource(const Mcp::JsonText &text, const Mcp::JsonText::Index &index)
    : m_json(std::make_shared<const Json>(Json{text, index}))
{
}

qsizetype TextSource::size() const
{
    return m_json ? m_json->index.size : m_string.size();
}

qsizetype TextSource::utf8Size() const
{
    if (m_json)
        return m_json->index.utf8Size;
    // Counted, not converted: a UTF-16 unit below U+0080 is one byte, below U+0800 two, a
    // surrogate pair four (two a half), the rest three.
    qsizetype bytes = 0;
    for (const QChar c : m_string) {
        const char16_t unit = c.unicode();
        bytes += unit < 0x80 ? 1 : unit < 0x800 ? 2 : c.isSurrogate() ? 2 : 3;
    }
    return bytes;
}

QString TextSource::mid(qsizetype position, qsizetype n) const
{
    if (!m_json)
        return m_string.mid(position, n);
    TextReader reader(*this);
    return reader.window(position, n).toString();
}

bool TextSource::writeUtf8(const Mcp::JsonText::Sink &sink) const
{
    if (m_json)
        return m_json->text.writeUtf8(sink);
    qsizetype at = 0;
    while (at < m_string.size()) {
        qsizetype n = qMin<qsizetype>(Mcp::JsonText::PieceSize, m_string.size() - at);
        if (at + n < m_string.size() && m_string.at(at + n - 1).isHighSurrogate())
            ++n; // never cut a surrogate pair
        if (!sink(QStringView(m_string).mid(at, n).toUtf8()))
            return false;
        at += n;
    }
    return true;
}

QStringView TextReader::window(qsizetype position, qsizetype n)
{
    const qsizetype size = m_source.size();
    position = qBound<qsizetype>(0, position, size);
    n = qBound<qsizetype>(0, n, size - position);
    if (!m_source.m_json)
        return QStringView(m_source.m_string).mid(position, n);
    if (position < m_bufferStart || position + n > m_bufferStart + m_buffer.size()) {
        // Converts the blocks the window touches, from the frame.
        const TextSource::Json &json = *m_source.m_json;
        const qsizetype first = json.index.blockOf(position);
        const qsizetype last = json.index.blockOf(qMax<qsizetype>(position, position + n - 1));
        const qsizetype rawStart = json.index.rawStarts.at(first);
        const qsizetype rawEnd = json.index.rawEnd(last, json.text.rawSize());
        m_buffer = json.text.sliced(rawStart, rawEnd - rawStart).toString();
        m_bufferStart = json.index.unitStarts.at(first);
    }
    return QStringView(m_buffer).mid(position - m_bufferStart, n);
}

} // namespace Mcp::Ui
