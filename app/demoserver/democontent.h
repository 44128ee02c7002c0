#pragma once

#include <QByteArray>
#include <QJsonObject>

// Real media generated in code, so the demo server needs no binary files.
namespace DemoContent {
// Schemas and definitions read best as JSON: they are written as literals and parsed once.
// A literal that does not parse is a programming error and stops the program.
QJsonObject json(const char *text);
// A width x height RGB PNG with a colour gradient and a disc.
QByteArray png(int width, int height);
// A mono 16-bit PCM WAV of a sine tone that fades in and out.
QByteArray wav(double frequencyHz, int milliseconds, int sampleRate = 8000);
// A small SVG icon with one letter on a coloured rounded square.
QByteArray svgIcon(const char *letter, const char *colour);
}
