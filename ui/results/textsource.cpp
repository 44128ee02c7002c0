#include "textsource.h"

namespace Mcp::Ui {

TextSource::TextSource(const QString &text) : m_string(text) {}

TextSource::TextSource(const Mcp::JsonText &text, const Mcp::JsonText::Index &index)
    : m_paged(std::make_shared<const Paged>(Paged{text, {}, index}))
{
}

TextSource TextSource::fromUtf8(const QByteArray &bytes, const std::function<bool(int)> &progress)
{
    // Blocks of about BlockUnits bytes, each starting at a character's first byte, counted by
    // converting them as the reader will: the index stays exact even for bytes that are not UTF-8.
    Paged paged{{}, bytes, {}};
    Mcp::JsonText::Index &index = paged.index;
    qsizetype units = 0;
    qsizetype from = 0;
    int lastPercent = -1;
    while (from < bytes.size()) {
        qsizetype to = qMin(bytes.size(), from + BlockUnits);
        while (to < bytes.size() && (uchar(bytes.at(to)) & 0xc0) == 0x80 && to - from < BlockUnits + 4)
            ++to;
        index.rawStarts.append(from);
        index.unitStarts.append(units);
        units += QString::fromUtf8(QByteArrayView(bytes).sliced(from, to - from)).size();
        from = to;
        const int percent = int(from * 100 / bytes.size());
        if (progress && percent != lastPercent && !progress(lastPercent = percent))
            return {};
    }
    if (index.rawStarts.isEmpty()) {
        index.rawStarts.append(0);
        index.unitStarts.append(0);
    }
    index.size = units;
    index.utf8Size = bytes.size();
    TextSource source;
    source.m_paged = std::make_shared<const Paged>(std::move(paged));
    return source;
}

QString TextSource::Paged::block(qsizetype block) const
{
    const qsizetype start = index.rawStarts.at(block);
    if (json.isNull())
        return QString::fromUtf8(QByteArrayView(utf8).sliced(start, index.rawEnd(block, utf8.size()) - start));
    return json.sliced(start, index.rawEnd(block, json.rawSize()) - start).toString();
}

qsizetype TextSource::size() const
{
    return m_paged ? m_paged->index.size : m_string.size();
}

qsizetype TextSource::utf8Size() const
{
    if (m_paged)
        return m_paged->index.utf8Size;
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
    if (!m_paged)
        return m_string.mid(position, n);
    TextReader reader(*this);
    return reader.window(position, n).toString();
}

bool TextSource::writeUtf8(const Mcp::JsonText::Sink &sink) const
{
    if (m_paged && !m_paged->json.isNull())
        return m_paged->json.writeUtf8(sink);
    if (m_paged) {
        const QByteArray &bytes = m_paged->utf8;
        for (qsizetype at = 0; at < bytes.size(); at += Mcp::JsonText::PieceSize) {
            if (!sink(QByteArrayView(bytes).sliced(at, qMin(Mcp::JsonText::PieceSize, bytes.size() - at))))
                return false;
        }
        return true;
    }
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
    if (!m_source.m_paged)
        return QStringView(m_source.m_string).mid(position, n);
    if (position < m_bufferStart || position + n > m_bufferStart + m_buffer.size()) {
        // Converts the blocks the window touches, from the bytes.
        const TextSource::Paged &paged = *m_source.m_paged;
        const qsizetype first = paged.index.blockOf(position);
        const qsizetype last = paged.index.blockOf(qMax<qsizetype>(position, position + n - 1));
        m_buffer.clear();
        for (qsizetype block = first; block <= last; ++block)
            m_buffer += paged.block(block);
        m_bufferStart = paged.index.unitStarts.at(first);
    }
    return QStringView(m_buffer).mid(position - m_bufferStart, n);
}

} // namespace Mcp::Ui
