#pragma once

// Flat storage behind TrafficLog (Wireshark's packet list is the model): one small packed
// record per event in fixed-size blocks, and the raw bytes of all events in one arena of
// fixed-capacity chunks. Blocks and chunks never move once allocated and are only appended
// to, so a snapshot (a list of shared pointers) can be read by a filter thread while the
// GUI thread keeps appending past the snapshot's end.

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QStringList>

#include <memory>
#include <vector>

namespace Mcp {

// What the Kind column shows: the transport's TrafficEvent::Kind refined by a look at the bytes.
enum class TrafficKind : quint8 {
    Request,
    Response,
    Error,          // a JSON-RPC error response
    Notification,
    Batch,          // a JSON array of messages (2025-03-26)
    Stderr,
    InvalidMessage, // raw stdout pollution or a body that is not JSON-RPC
    HttpRequest,
    HttpResponse,
    SseEvent,
    ProcessStarted,
    ProcessExited,
    TransportError,
    Note,
    Count
};

// 64 bytes per event. Text (method names, ids) is not copied here: methods are interned
// in a table, ids are a slice of the raw bytes (their exact JSON form). The arena holds,
// per event, the raw bytes, then the note (UTF-8), then the HTTP metadata (encoded), so
// that HTTP-heavy logs pay for URLs and headers only in packed chunks.
struct TrafficRecord
{
    qint64 wallClockMs = 0;
    qint64 monotonicNs = 0;
    quint32 chunk = 0;     // absolute chunk number in the arena
    quint32 offset = 0;    // of the raw bytes in that chunk; the note (UTF-8) follows them
    quint32 rawSize = 0;
    quint32 noteSize = 0;
    quint32 extraSize = 0; // encoded HTTP metadata after the note
    quint32 idOffset = 0;  // JSON token of the id inside the raw bytes
    qint32 connectionId = -1;
    qint32 errorCode = 0;  // error responses only
    quint32 method = 0;    // index into the method table; 0 is "no method"
    quint16 idSize = 0;    // 0: no id
    quint8 direction = 0;  // TrafficEvent::Direction
    quint8 eventKind = 0;  // TrafficEvent::Kind as the transport said
    TrafficKind kind = TrafficKind::Note;
    quint8 flags = 0;

    // MayTakeRounds: a modern tools/call, prompts/get or resources/read (its answer may be input_required).
    enum Flag : quint8 { HasExtra = 1, HasErrorCode = 2, MayTakeRounds = 4 };
};
static_assert(sizeof(TrafficRecord) == 64, "keep the per-event record small");

struct TrafficRecordBlock
{
    static constexpr int Shift = 12;
    static constexpr qint64 Size = qint64(1) << Shift;
    TrafficRecord records[Size];
};

// A piece of the arena. Plain while it is being filled; once sealed it is replaced (never
// modified) by an LZ4-packed copy made on a worker thread: JSON text shrinks about 2x, and a
// million events would otherwise not fit the memory budget. Readers use a TrafficChunkCache.
// Plain chunk bytes come straight from mmap where available, so that a chunk freed after
// packing goes back to the system instead of fragmenting the heap.
struct TrafficChunkBytesDeleter
{
    size_t size = 0;
    bool mapped = false;
    void operator()(char *bytes) const;
};
using TrafficChunkBytes = std::unique_ptr<char[], TrafficChunkBytesDeleter>;
TrafficChunkBytes allocateTrafficChunkBytes(size_t size);

struct TrafficChunk
{
    TrafficChunkBytes data;       // plain bytes, or null when packed or shared
    // Instead of data: the raw bytes of one big event without note or extra, shared with the
    // event rather than copied (see TrafficStore::SharedRawThreshold).
    QByteArray shared;
    QByteArray packed;            // LZ4 block of the first `used` bytes
    quint32 capacity = 0;
    quint32 used = 0;             // written only by the owning store
    qint64 lastAbs = -1;          // absolute index of the last event stored here

    bool isPacked() const { return !data && shared.isNull(); }
    // The plain bytes (not packed).
    const char *plain() const { return data ? data.get() : shared.constData(); }
    qint64 residentBytes() const { return isPacked() ? packed.size() : capacity; }
    // An LZ4-packed copy, or null when packing does not pay (already compressed data).
    std::shared_ptr<TrafficChunk> packedCopy() const;
};

// Unpacked chunks for one reader (one thread): a few slots, the least recently used goes.
// A pointer returned by bytes() stays valid until `slotCount` other chunks have been read.
class TrafficChunkCache
{
public:
    explicit TrafficChunkCache(int slotCount = 2);
    const char *bytes(const std::shared_ptr<const TrafficChunk> &chunk);
    void clear();

private:
    struct Slot
    {
        std::shared_ptr<const TrafficChunk> chunk;
        std::unique_ptr<char[]> buffer;
        quint32 capacity = 0;
        quint64 lastUse = 0;
    };
    std::vector<Slot> m_slots;
    quint64 m_tick = 0;
};

class TrafficStore;

// A consistent, read-only view of rows [begin, end) that may be used from any thread
// (each thread with its own TrafficChunkCache).
class TrafficSnapshot
{
public:
    qint64 begin() const { return m_begin; }
    qint64 end() const { return m_end; }
    bool isEmpty() const { return m_begin >= m_end; }

    const TrafficRecord &record(qint64 abs) const
    {
        return m_blocks[size_t((abs >> TrafficRecordBlock::Shift) - m_firstBlock)]
            ->records[abs & (TrafficRecordBlock::Size - 1)];
    }
    QByteArrayView raw(qint64 abs, TrafficChunkCache &cache) const
    {
        const TrafficRecord &r = record(abs);
        return QByteArrayView(cache.bytes(chunk(r.chunk)) + r.offset, r.rawSize);
    }
    QByteArrayView noteUtf8(qint64 abs, TrafficChunkCache &cache) const
    {
        const TrafficRecord &r = record(abs);
        return QByteArrayView(cache.bytes(chunk(r.chunk)) + r.offset + r.rawSize, r.noteSize);
    }
    const QStringList &methods() const { return m_methods; }

private:
    friend class TrafficStore;
    const std::shared_ptr<const TrafficChunk> &chunk(quint32 number) const
    {
        return m_chunks[size_t(number - m_firstChunk)];
    }

    qint64 m_begin = 0;
    qint64 m_end = 0;
    qint64 m_firstBlock = 0;
    quint32 m_firstChunk = 0;
    std::vector<std::shared_ptr<const TrafficRecordBlock>> m_blocks;
    std::vector<std::shared_ptr<const TrafficChunk>> m_chunks;
    QStringList m_methods;
};

// Single-threaded owner of the storage (the GUI thread in practice).
class TrafficStore
{
public:
    static constexpr quint32 ChunkCapacity = 256 * 1024;
    // Events at least this big get a chunk of their own, so chunks waste little space.
    static constexpr quint32 OversizeThreshold = 64 * 1024;

    TrafficStore();

    qint64 begin() const { return m_begin; }
    qint64 end() const { return m_end; }
    qint64 size() const { return m_end - m_begin; }

    // Events at least this big without note or extra keep their raw bytes where they are (the
    // QByteArray is shared, not copied): copying a 64 MiB result into fresh pages held the GUI
    // thread for longer than everything else its arrival costs there. Packing replaces the chunk
    // as it does any other, and then the shared bytes are let go.
    static constexpr qsizetype SharedRawThreshold = 1024 * 1024;

    // Stores one event. noteUtf8 and extra follow raw in the arena; record.idOffset/idSize
    // locate the id token inside raw.
    TrafficRecord &append(TrafficRecord record, const QByteArray &raw, QByteArrayView noteUtf8,
                          QByteArrayView extra = {});

    const TrafficRecord &record(qint64 abs) const
    {
        return m_blocks[size_t((abs >> TrafficRecordBlock::Shift) - m_firstBlock)]
            ->records[abs & (TrafficRecordBlock::Size - 1)];
    }
    // Reads through the store's own cache: a view stays valid until three other chunks
    // have been read.
    QByteArrayView raw(qint64 abs) const
    {
        const TrafficRecord &r = record(abs);
        return QByteArrayView(chunkData(r.chunk) + r.offset, r.rawSize);
    }
    QByteArrayView noteUtf8(qint64 abs) const
    {
        const TrafficRecord &r = record(abs);
        return QByteArrayView(chunkData(r.chunk) + r.offset + r.rawSize, r.noteSize);
    }
    QByteArrayView idToken(qint64 abs) const
    {
        const TrafficRecord &r = record(abs);
        return QByteArrayView(chunkData(r.chunk) + r.offset + r.idOffset, r.idSize);
    }
    QByteArrayView extra(qint64 abs) const
    {
        const TrafficRecord &r = record(abs);
        return QByteArrayView(chunkData(r.chunk) + r.offset + r.rawSize + r.noteSize, r.extraSize);
    }

    quint32 internMethod(QByteArrayView method);
    const QStringList &methods() const { return m_methods; }

    // Forgets the oldest rows so that begin() becomes newBegin; frees whole blocks and chunks.
    void dropBefore(qint64 newBegin);

    // Rows [begin(), end) of the current storage, readable from any thread.
    TrafficSnapshot snapshot(qint64 end) const;

    // Chunks that filled up since the last call: candidates for packing.
    std::vector<std::pair<quint32, std::shared_ptr<const TrafficChunk>>> takeSealedChunks();
    // Swaps in a packed copy made from `original`, if that chunk is still stored.
    void replaceChunk(quint32 number, const TrafficChunk *original, std::shared_ptr<TrafficChunk> packed);

    // Bytes held by the arena (packed or not) and the record blocks.
    qint64 allocatedBytes() const;

private:
    void place(const TrafficRecord &record, qint64 abs);
    const char *chunkData(quint32 number) const
    {
        const std::shared_ptr<TrafficChunk> &chunk = m_chunks[size_t(number - m_firstChunk)];
        return chunk->isPacked() ? m_cache.bytes(chunk) : chunk->plain();
    }

    qint64 m_begin = 0;
    qint64 m_end = 0;
    qint64 m_firstBlock = 0;
    quint32 m_firstChunk = 0;
    std::vector<std::shared_ptr<TrafficRecordBlock>> m_blocks; // front erased rarely: a few hundred entries
    std::vector<std::shared_ptr<TrafficChunk>> m_chunks;
    qint64 m_currentChunk = -1; // number of the regular chunk small events go to
    std::vector<quint32> m_sealed;
    mutable TrafficChunkCache m_cache{4};
    QStringList m_methods;
    QHash<QByteArray, quint32> m_methodIndex;
};

} // namespace Mcp
