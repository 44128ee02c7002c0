#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringView>

#include <functional>

namespace Mcp {

// A JSON string value left in the bytes of the frame it came in: its contents between the
// quotes, escapes and all, sharing the frame (the traffic log's copy of it) instead of being
// converted. A big text or base64 blob of a result is one (Message::resultWithTexts()): it is
// unescaped on demand, in pieces, by whoever shows or writes it.
class JsonText
{
public:
    JsonText() = default;
    // The contents are frame[offset, offset + size); they must be a valid JSON string's
    // (checked by the frame parser: valid UTF-8, escapes, no raw control characters).
    JsonText(const QByteArray &frame, qsizetype offset, qsizetype size)
        : m_frame(frame), m_offset(offset), m_size(size)
    {
    }

    bool isNull() const { return m_frame.isNull(); }
    // Part of the contents, from raw byte `from` for `size` bytes: both ends must fall between
    // characters (where Index puts its blocks), never inside an escape or a UTF-8 sequence.
    JsonText sliced(qsizetype from, qsizetype size) const { return JsonText(m_frame, m_offset + from, size); }
    // The escaped contents, as they came.
    QByteArrayView raw() const { return QByteArrayView(m_frame).sliced(m_offset, m_size); }
    qsizetype rawSize() const { return m_size; }
    QByteArray frame() const { return m_frame; }

    // Piece by piece: a sink gets consecutive pieces of about PieceSize bytes (at most one
    // character's escape more) and returns false to stop (a full disk, a closed pipe); the
    // writers then return false too.
    static constexpr qsizetype PieceSize = 64 * 1024;
    using Sink = std::function<bool(QByteArrayView piece)>;
    // The contents as QJsonDocument::toJson() writes them between the quotes: the same bytes
    // as converting the text to a QString and writing that.
    bool writeEscaped(const Sink &sink) const;
    // The text itself in UTF-8 (a lone surrogate, which UTF-8 cannot hold, as U+FFFD).
    bool writeUtf8(const Sink &sink) const;

    // Where the characters of the text are, for reading it from the middle without converting
    // it all: blocks of about blockUnits UTF-16 units, each starting between two characters.
    struct Index
    {
        QList<qsizetype> rawStarts;  // each block's first raw byte (the first is 0)
        QList<qsizetype> unitStarts; // each block's first UTF-16 unit, ascending
        qsizetype size = 0;          // of toString(), in UTF-16 units
        qsizetype utf8Size = 0;      // of writeUtf8()'s output

        // The block holding UTF-16 unit `unit` (the last block for the end).
        qsizetype blockOf(qsizetype unit) const;
        qsizetype rawEnd(qsizetype block, qsizetype rawSize) const
        {
            return block + 1 < rawStarts.size() ? rawStarts.at(block + 1) : rawSize;
        }
    };
    // `progress(percent)` now and then; it returns false to cancel (the index is then empty).
    Index index(qsizetype blockUnits, const std::function<bool(int)> &progress = {}) const;

    // The whole text, converted at once.
    QString toString() const;
    // As a Qt JSON value: 8-bit when the text is ASCII (as Qt's own parser keeps it), else UTF-16.
    QJsonValue toJsonValue() const;

private:
    QByteArray m_frame;
    qsizetype m_offset = 0;
    qsizetype m_size = 0;
};

// A result with its big texts left in the frame: in `value` each of them is a marker string
// (a fixed, random-per-process prefix and the text's index), and `texts` holds them in order.
// A result without big texts is its value and no texts.
struct ResultTexts
{
    QJsonValue value = QJsonValue::Undefined;
    QList<JsonText> texts;

    // The index into texts of the text a string of value stands for, or -1.
    qsizetype indexOf(QStringView string) const;
    // The marker of texts[index], as it stands in value.
    static QString marker(qsizetype index);
    // What every marker begins with.
    static const QString &markerPrefix();
    // The value with every marker replaced by its text, converted (Message::result() gives the
    // same, read from the whole frame).
    QJsonValue resolved() const;
};

namespace Json::Internal {
// The ranges (offset, size) of the string values of at least minSize escaped bytes in a frame
// (keys are never taken), in the order they appear. False when a string is not valid JSON (a
// raw control character, a bad escape) or is cut off: the caller then reads the frame whole,
// for the usual diagnostics. The frame's UTF-8 must have been validated.
bool findBigStrings(QByteArrayView frame, qsizetype minSize, QList<std::pair<qsizetype, qsizetype>> *ranges);
}

} // namespace Mcp
