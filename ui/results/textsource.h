#pragma once

#include "jsonrpc/jsontext.h"

#include <QString>
#include <QStringView>

#include <functional>
#include <memory>

namespace Mcp::Ui {

// The characters a BigTextView shows: a QString, or a big JSON string left in the frame it came
// in (Mcp::JsonText) with an index of where its blocks start, or UTF-8 bytes (a message as the
// traffic log holds it) indexed the same way. The last two are converted a block at
// a time, as rows are painted, cut or searched: a 64 MiB text then costs its frame (which the
// traffic log holds anyway) and a few kilobytes of index, not a 128 MiB QString.
// Immutable and cheap to copy; read it through a TextReader, one per thread.
class TextSource
{
public:
    static constexpr qsizetype BlockUnits = 16 * 1024; // UTF-16 units in a block of a JSON text

    TextSource() = default;
    TextSource(const QString &text); // NOLINT: a QString is a source
    // `index` is text.index(BlockUnits) (built off the GUI thread: it reads the whole text).
    TextSource(const Mcp::JsonText &text, const Mcp::JsonText::Index &index);
    // UTF-8 bytes, shared (bytes that are not UTF-8 show as U+FFFD). Reads them all to index
    // them: off the GUI thread for big ones. `progress(percent)` returning false cancels (an
    // empty source is returned).
    static TextSource fromUtf8(const QByteArray &bytes, const std::function<bool(int)> &progress = {});

    qsizetype size() const;
    bool isEmpty() const { return size() == 0; }
    // Whether the text is read from bytes (converted on demand) rather than a QString.
    bool isPaged() const { return bool(m_paged); }
    // The size of the text in UTF-8.
    qsizetype utf8Size() const;
    // Units [position, position + n), converted (the whole text for mid(0, size())).
    QString mid(qsizetype position, qsizetype n) const;
    // The text in UTF-8, in pieces (Mcp::JsonText::Sink): for saving it without converting it whole.
    bool writeUtf8(const Mcp::JsonText::Sink &sink) const;

private:
    friend class TextReader;
    // A JsonText, or UTF-8 bytes (json is null), and where their blocks start.
    struct Paged
    {
        Mcp::JsonText json;
        QByteArray utf8;
        Mcp::JsonText::Index index;
        QString block(qsizetype block) const; // converted
    };
    QString m_string;
    std::shared_ptr<const Paged> m_paged;
};

// Windows into a TextSource for one thread: a view into its QString, or into the blocks it
// converted last (kept until a window outside them is asked for).
class TextReader
{
public:
    explicit TextReader(const TextSource &source = {}) : m_source(source) {}
    const TextSource &source() const { return m_source; }
    // Units [position, position + n) clipped to the text; valid until the next call.
    QStringView window(qsizetype position, qsizetype n);
    QChar at(qsizetype position) { return window(position, 1).at(0); }

private:
    TextSource m_source;
    QString m_buffer; // blocks converted, from unit m_bufferStart
    qsizetype m_bufferStart = 0;
};

} // namespace Mcp::Ui
