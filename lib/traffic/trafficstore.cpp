#include "trafficstore.h"

#include <QHash>

#include <lz4.h>

#if defined(Q_OS_UNIX)
#include <sys/mman.h>
#endif

#include <cstring>

namespace Mcp {

void TrafficChunkBytesDeleter::operator()(char *bytes) const
{
#if defined(Q_OS_UNIX)
    if (mapped) {
        munmap(bytes, size);
        return;
    }
#endif
    delete[] bytes;
}

TrafficChunkBytes allocateTrafficChunkBytes(size_t size)
{
    size = qMax<size_t>(size, 1);
#if defined(Q_OS_UNIX)
    void *mapped = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped != MAP_FAILED)
        return TrafficChunkBytes(static_cast<char *>(mapped), TrafficChunkBytesDeleter{size, true});
#endif
    return TrafficChunkBytes(new char[size], TrafficChunkBytesDeleter{size, false});
}

namespace {

// Chunks are packed in independent LZ4 blocks of this many bytes, each after its packed size (4
// bytes): packing a 64 MiB event then needs 1 MiB of scratch, not a second 64 MiB buffer per
// log (two logs packing one big result took twice its size at once, and kept it).
constexpr int PackBlockBytes = 1024 * 1024;

} // namespace

std::shared_ptr<TrafficChunk> TrafficChunk::packedCopy() const
{
    if (isPacked() || used == 0)
        return nullptr;
    // One scratch buffer per packing thread: no big temporary allocation per chunk.
    thread_local std::vector<char> scratch(size_t(LZ4_compressBound(PackBlockBytes)));
    // Keep already-compressed payloads (base64 images...) plain: packing them saves little
    // and costs every reader an unpack. Given up on as soon as the packed part is too big.
    auto worthIt = [](qsizetype packed, qsizetype plain) { return packed <= plain - plain / 8; };
    QByteArray packed;
    for (quint32 from = 0; from < used; from += PackBlockBytes) {
        const int n = int(qMin<quint32>(PackBlockBytes, used - from));
        const int size = LZ4_compress_default(plain() + from, scratch.data(), n, int(scratch.size()));
        if (size <= 0)
            return nullptr;
        const quint32 header = quint32(size);
        packed.append(reinterpret_cast<const char *>(&header), sizeof header);
        packed.append(scratch.data(), size);
        if (!worthIt(packed.size(), qsizetype(from) + n))
            return nullptr;
    }
    packed.squeeze();
    auto copy = std::make_shared<TrafficChunk>();
    copy->packed = std::move(packed);
    copy->capacity = used;
    copy->used = used;
    copy->lastAbs = lastAbs;
    return copy;
}

TrafficChunkCache::TrafficChunkCache(int slotCount)
    : m_slots(size_t(qMax(1, slotCount)))
{
}

const char *TrafficChunkCache::bytes(const std::shared_ptr<const TrafficChunk> &chunk)
{
    if (!chunk->isPacked())
        return chunk->plain();
    Slot *victim = &m_slots[0];
    for (Slot &slot : m_slots) {
        if (slot.chunk == chunk) {
            slot.lastUse = ++m_tick;
            return slot.buffer.get();
        }
        if (slot.lastUse < victim->lastUse)
            victim = &slot;
    }
    if (victim->capacity < chunk->used) {
        victim->buffer.reset(new char[chunk->used]);
        victim->capacity = chunk->used;
    }
    // Block after block (see packedCopy()).
    const char *in = chunk->packed.constData();
    const char *const end = in + chunk->packed.size();
    quint32 out = 0;
    while (in + sizeof(quint32) <= end) {
        quint32 size = 0;
        std::memcpy(&size, in, sizeof size);
        in += sizeof size;
        const int n = LZ4_decompress_safe(in, victim->buffer.get() + out, int(size), int(chunk->used - out));
        Q_ASSERT(n > 0);
        if (n <= 0)
            break;
        in += size;
        out += quint32(n);
    }
    Q_ASSERT(out == chunk->used);
    victim->chunk = chunk;
    victim->lastUse = ++m_tick;
    return victim->buffer.get();
}

void TrafficChunkCache::clear()
{
    for (Slot &slot : m_slots) {
        slot.chunk.reset();
        slot.lastUse = 0;
    }
}

TrafficStore::TrafficStore()
{
    m_methods.append(QString()); // index 0: no method
}

TrafficRecord &TrafficStore::append(TrafficRecord record, const QByteArray &raw, QByteArrayView noteUtf8,
                                    QByteArrayView extra)
{
    const qint64 abs = m_end;
    const quint64 bytes = quint64(raw.size()) + quint64(noteUtf8.size()) + quint64(extra.size());
    Q_ASSERT(bytes <= 0xffffffffu);

    // An array over borrowed memory (fromRawData, whose capacity() is 0) must be copied: its
    // owner may free it as soon as this returns.
    if (raw.size() >= SharedRawThreshold && raw.capacity() >= raw.size() && noteUtf8.isEmpty() && extra.isEmpty()) {
        auto chunk = std::make_shared<TrafficChunk>();
        chunk->shared = raw;
        chunk->capacity = quint32(raw.size());
        chunk->used = quint32(raw.size());
        chunk->lastAbs = abs;
        m_chunks.push_back(chunk);
        const quint32 number = m_firstChunk + quint32(m_chunks.size() - 1);
        m_sealed.push_back(number);
        record.chunk = number;
        record.offset = 0;
        record.rawSize = quint32(raw.size());
        record.noteSize = 0;
        record.extraSize = 0;
        place(record, abs);
        return m_blocks.back()->records[abs & (TrafficRecordBlock::Size - 1)];
    }

    // Small events share the current regular chunk; big ones get an exact-size chunk so
    // that the regular chunk keeps filling (a chunk may therefore be older than its last event).
    TrafficChunk *target = nullptr;
    quint32 targetNumber = 0;
    if (bytes >= OversizeThreshold) {
        auto chunk = std::make_shared<TrafficChunk>();
        chunk->capacity = quint32(bytes);
        chunk->data = allocateTrafficChunkBytes(bytes);
        m_chunks.push_back(chunk);
        target = chunk.get();
        targetNumber = m_firstChunk + quint32(m_chunks.size() - 1);
        m_sealed.push_back(targetNumber); // complete once written below
    } else {
        if (m_currentChunk >= 0) {
            TrafficChunk *current = m_chunks[size_t(quint32(m_currentChunk) - m_firstChunk)].get();
            if (current->capacity - current->used >= bytes) {
                target = current;
                targetNumber = quint32(m_currentChunk);
            }
        }
        if (!target) {
            if (m_currentChunk >= 0)
                m_sealed.push_back(quint32(m_currentChunk));
            auto chunk = std::make_shared<TrafficChunk>();
            chunk->capacity = ChunkCapacity;
            chunk->data = allocateTrafficChunkBytes(ChunkCapacity);
            m_chunks.push_back(chunk);
            target = chunk.get();
            targetNumber = m_firstChunk + quint32(m_chunks.size() - 1);
            m_currentChunk = targetNumber;
        }
    }
    record.chunk = targetNumber;
    record.offset = target->used;
    record.rawSize = quint32(raw.size());
    record.noteSize = quint32(noteUtf8.size());
    record.extraSize = quint32(extra.size());
    char *out = target->data.get() + target->used;
    if (!raw.isEmpty())
        std::memcpy(out, raw.data(), size_t(raw.size()));
    if (!noteUtf8.isEmpty())
        std::memcpy(out + raw.size(), noteUtf8.data(), size_t(noteUtf8.size()));
    if (!extra.isEmpty())
        std::memcpy(out + raw.size() + noteUtf8.size(), extra.data(), size_t(extra.size()));
    target->used += quint32(bytes);
    target->lastAbs = abs;
    place(record, abs);
    return m_blocks.back()->records[abs & (TrafficRecordBlock::Size - 1)];
}

void TrafficStore::place(const TrafficRecord &record, qint64 abs)
{
    if ((abs & (TrafficRecordBlock::Size - 1)) == 0 || m_blocks.empty())
        m_blocks.push_back(std::make_shared<TrafficRecordBlock>());
    m_blocks.back()->records[abs & (TrafficRecordBlock::Size - 1)] = record;
    ++m_end;
}

quint32 TrafficStore::internMethod(QByteArrayView method)
{
    if (method.isEmpty())
        return 0;
    // fromRawData: look up without allocating.
    const QByteArray key = QByteArray::fromRawData(method.data(), method.size());
    const auto it = m_methodIndex.constFind(key);
    if (it != m_methodIndex.constEnd())
        return it.value();
    const quint32 index = quint32(m_methods.size());
    m_methods.append(QString::fromUtf8(method));
    m_methodIndex.insert(method.toByteArray(), index);
    return index;
}

void TrafficStore::dropBefore(qint64 newBegin)
{
    newBegin = qBound(m_begin, newBegin, m_end);
    m_begin = newBegin;
    if (m_begin == m_end) {
        // Everything is gone: start fresh chunks and blocks, keep the numbering going.
        m_firstChunk += quint32(m_chunks.size());
        m_chunks.clear();
        m_currentChunk = -1;
        m_sealed.clear();
        m_cache.clear();
        m_blocks.clear();
        m_firstBlock = m_end >> TrafficRecordBlock::Shift;
        if (m_end & (TrafficRecordBlock::Size - 1)) {
            // The next append lands in the middle of a block: give it one.
            m_blocks.push_back(std::make_shared<TrafficRecordBlock>());
        }
        return;
    }
    const qint64 firstNeededBlock = m_begin >> TrafficRecordBlock::Shift;
    const qint64 blocksToDrop = firstNeededBlock - m_firstBlock;
    if (blocksToDrop > 0) {
        m_blocks.erase(m_blocks.begin(), m_blocks.begin() + blocksToDrop);
        m_firstBlock = firstNeededBlock;
    }
    size_t chunksToDrop = 0;
    while (chunksToDrop < m_chunks.size() && m_chunks[chunksToDrop]->lastAbs < m_begin
           && qint64(m_firstChunk + chunksToDrop) != m_currentChunk)
        ++chunksToDrop;
    if (chunksToDrop) {
        m_chunks.erase(m_chunks.begin(), m_chunks.begin() + qptrdiff(chunksToDrop));
        m_firstChunk += quint32(chunksToDrop);
    }
}

std::vector<std::pair<quint32, std::shared_ptr<const TrafficChunk>>> TrafficStore::takeSealedChunks()
{
    std::vector<std::pair<quint32, std::shared_ptr<const TrafficChunk>>> sealed;
    for (quint32 number : m_sealed) {
        if (number >= m_firstChunk && number - m_firstChunk < m_chunks.size())
            sealed.emplace_back(number, m_chunks[size_t(number - m_firstChunk)]);
    }
    m_sealed.clear();
    return sealed;
}

void TrafficStore::replaceChunk(quint32 number, const TrafficChunk *original, std::shared_ptr<TrafficChunk> packed)
{
    if (number < m_firstChunk || number - m_firstChunk >= m_chunks.size())
        return; // dropped meanwhile
    std::shared_ptr<TrafficChunk> &slot = m_chunks[size_t(number - m_firstChunk)];
    if (slot.get() != original || !packed)
        return;
    // Snapshots holding the plain chunk keep it alive; new readers get the packed one.
    slot = std::move(packed);
}

TrafficSnapshot TrafficStore::snapshot(qint64 end) const
{
    TrafficSnapshot s;
    s.m_begin = m_begin;
    s.m_end = qBound(m_begin, end, m_end);
    s.m_firstBlock = m_firstBlock;
    s.m_firstChunk = m_firstChunk;
    s.m_blocks.assign(m_blocks.begin(), m_blocks.end());
    s.m_chunks.assign(m_chunks.begin(), m_chunks.end());
    s.m_methods = m_methods;
    return s;
}

qint64 TrafficStore::allocatedBytes() const
{
    qint64 total = qint64(m_blocks.size()) * qint64(sizeof(TrafficRecordBlock));
    for (const auto &chunk : m_chunks)
        total += chunk->residentBytes();
    return total;
}

} // namespace Mcp
