#include "democontent.h"

#include <QJsonDocument>
#include <QJsonParseError>
#include <QtEndian>

#include <array>
#include <cmath>

namespace DemoContent {

QJsonObject json(const char *text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray(text), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        qFatal("demo server: bad JSON literal at offset %d: %s", error.offset, qPrintable(error.errorString()));
    return document.object();
}

namespace {
quint32 crc32(const QByteArray &data)
{
    static const auto table = [] {
        std::array<quint32, 256> t{};
        for (quint32 n = 0; n < 256; ++n) {
            quint32 c = n;
            for (int k = 0; k < 8; ++k)
                c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
            t[n] = c;
        }
        return t;
    }();
    quint32 crc = 0xffffffffu;
    for (char byte : data)
        crc = table[(crc ^ quint8(byte)) & 0xff] ^ (crc >> 8);
    return crc ^ 0xffffffffu;
}

void appendBigEndian(QByteArray &out, quint32 value)
{
    char bytes[4];
    qToBigEndian(value, bytes);
    out.append(bytes, 4);
}

void appendLittleEndian16(QByteArray &out, quint16 value)
{
    char bytes[2];
    qToLittleEndian(value, bytes);
    out.append(bytes, 2);
}

void appendLittleEndian32(QByteArray &out, quint32 value)
{
    char bytes[4];
    qToLittleEndian(value, bytes);
    out.append(bytes, 4);
}

void appendChunk(QByteArray &png, const char *type, const QByteArray &data)
{
    appendBigEndian(png, quint32(data.size()));
    const QByteArray typed = QByteArray(type, 4) + data;
    png.append(typed);
    appendBigEndian(png, crc32(typed));
}
}

QByteArray png(int width, int height)
{
    QByteArray raw;
    raw.reserve((width * 3 + 1) * height);
    const double cx = width / 2.0, cy = height / 2.0, radius = qMin(width, height) / 3.0;
    for (int y = 0; y < height; ++y) {
        raw.append(char(0)); // filter: none
        for (int x = 0; x < width; ++x) {
            const bool inDisc = std::hypot(x - cx, y - cy) < radius;
            raw.append(char(inDisc ? 255 : 40 + 200 * x / qMax(1, width - 1)));
            raw.append(char(inDisc ? 200 : 60 + 150 * y / qMax(1, height - 1)));
            raw.append(char(inDisc ? 40 : 180));
        }
    }
    QByteArray header;
    appendBigEndian(header, quint32(width));
    appendBigEndian(header, quint32(height));
    header.append(char(8)).append(char(2)).append(char(0)).append(char(0)).append(char(0)); // 8-bit RGB

    QByteArray result = QByteArray::fromHex("89504e470d0a1a0a");
    appendChunk(result, "IHDR", header);
    // qCompress() is a zlib stream behind a 4-byte length prefix; PNG wants the zlib stream.
    appendChunk(result, "IDAT", qCompress(raw, 9).mid(4));
    appendChunk(result, "IEND", {});
    return result;
}

QByteArray wav(double frequencyHz, int milliseconds, int sampleRate)
{
    const int samples = sampleRate * milliseconds / 1000;
    const int fade = qMax(1, sampleRate / 50);
    QByteArray pcm;
    pcm.reserve(samples * 2);
    for (int i = 0; i < samples; ++i) {
        const double envelope = qMin(1.0, qMin(i, samples - 1 - i) / double(fade));
        const double value = 0.5 * envelope * std::sin(2 * M_PI * frequencyHz * i / sampleRate);
        appendLittleEndian16(pcm, quint16(qint16(value * 32767)));
    }
    QByteArray result("RIFF");
    appendLittleEndian32(result, quint32(36 + pcm.size()));
    result.append("WAVEfmt ");
    appendLittleEndian32(result, 16);
    appendLittleEndian16(result, 1); // PCM
    appendLittleEndian16(result, 1); // mono
    appendLittleEndian32(result, quint32(sampleRate));
    appendLittleEndian32(result, quint32(sampleRate * 2));
    appendLittleEndian16(result, 2);
    appendLittleEndian16(result, 16);
    result.append("data");
    appendLittleEndian32(result, quint32(pcm.size()));
    return result + pcm;
}

QByteArray svgIcon(const char *letter, const char *colour)
{
    return QByteArray("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"48\" height=\"48\" viewBox=\"0 0 48 48\">"
                      "<rect width=\"48\" height=\"48\" rx=\"10\" fill=\"")
        + colour
        + "\"/><text x=\"24\" y=\"33\" font-family=\"sans-serif\" font-size=\"26\" text-anchor=\"middle\" "
          "fill=\"white\">"
        + letter + "</text></svg>";
}

} // namespace DemoContent
