// Audio content plays through Qt Multimedia: the Play button writes the bytes to a temporary
// file, loads it into a QMediaPlayer and follows the player's state.
#include "results/resultview.h"

#include <QFile>
#include <QAudioDevice>
#include <QLabel>
#include <QMediaDevices>
#include <QMediaPlayer>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>
#include <QtEndian>
#include <cmath>

using namespace Mcp::Ui;

namespace {

// A mono 16-bit PCM WAV of a sine tone.
QByteArray wavTone(int milliseconds, int sampleRate = 8000)
{
    const int samples = sampleRate * milliseconds / 1000;
    QByteArray pcm(samples * 2, Qt::Uninitialized);
    for (int i = 0; i < samples; ++i)
        qToLittleEndian<qint16>(qint16(8000 * std::sin(2 * M_PI * 440 * i / sampleRate)), pcm.data() + 2 * i);
    QByteArray wav;
    auto u32 = [&wav](quint32 v) { char b[4]; qToLittleEndian(v, b); wav.append(b, 4); };
    auto u16 = [&wav](quint16 v) { char b[2]; qToLittleEndian(v, b); wav.append(b, 2); };
    wav.append("RIFF");
    u32(36 + pcm.size());
    wav.append("WAVEfmt ");
    u32(16); u16(1); u16(1); u32(sampleRate); u32(sampleRate * 2); u16(2); u16(16);
    wav.append("data");
    u32(pcm.size());
    wav.append(pcm);
    return wav;
}

} // namespace

class tst_AudioPlayback : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void playLoadsTheExactBytes()
    {
        const QByteArray wav = wavTone(1500);
        const QJsonObject block{{QStringLiteral("type"), QStringLiteral("audio")},
                                {QStringLiteral("mimeType"), QStringLiteral("audio/wav")},
                                {QStringLiteral("data"), QString::fromLatin1(wav.toBase64())}};
        ResultView owner;
        std::unique_ptr<QWidget> widget(ResultView::createContentWidget(block, &owner, nullptr));
        widget->show();
        auto *play = widget->findChild<QToolButton *>(QStringLiteral("play"));
        QVERIFY(play);
        QVERIFY(!widget->findChild<QMediaPlayer *>()); // nothing is made until Play
        play->click();
        auto *player = widget->findChild<QMediaPlayer *>();
        QVERIFY(player);
        QFile file(player->source().toLocalFile());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), wav);
        // The tone was decoded (its length is known), the button follows the player, and the
        // end of the tone turns it back into Play. Needs gstreamer1.0-plugins-good (WAV); no
        // sound card is needed: GStreamer plays into a null sink when there is none.
        QTRY_COMPARE_WITH_TIMEOUT(player->duration(), qint64(1500), 20000);
        QCOMPARE(player->error(), QMediaPlayer::NoError);
        QTRY_COMPARE_WITH_TIMEOUT(play->text(), ResultView::tr("Stop"), 20000);
        QVERIFY(play->isChecked());
        QTRY_COMPARE_WITH_TIMEOUT(player->mediaStatus(), QMediaPlayer::EndOfMedia, 20000);
        QCOMPARE(play->text(), ResultView::tr("Play"));
        QVERIFY(!play->isChecked());

        // Play again, then Stop before the end.
        play->click();
        QTRY_COMPARE_WITH_TIMEOUT(player->playbackState(), QMediaPlayer::PlayingState, 20000);
        play->click();
        QTRY_COMPARE_WITH_TIMEOUT(player->playbackState(), QMediaPlayer::StoppedState, 20000);
        QCOMPARE(play->text(), ResultView::tr("Play"));
    }

    void undecodableAudioSaysSo()
    {
        const QJsonObject block{{QStringLiteral("type"), QStringLiteral("audio")},
                                {QStringLiteral("mimeType"), QStringLiteral("audio/wav")},
                                {QStringLiteral("data"), QString::fromLatin1(QByteArray("RIFF not really a wave file").toBase64())}};
        ResultView owner;
        std::unique_ptr<QWidget> widget(ResultView::createContentWidget(block, &owner, nullptr));
        auto *play = widget->findChild<QToolButton *>(QStringLiteral("play"));
        QVERIFY(play);
        play->click();
        auto *player = widget->findChild<QMediaPlayer *>();
        QVERIFY(player);
        QTRY_VERIFY_WITH_TIMEOUT(player->error() != QMediaPlayer::NoError, 20000);
        QCOMPARE(play->text(), ResultView::tr("Cannot play"));
        QVERIFY2(play->toolTip().contains(player->errorString()) && play->toolTip().contains(QLatin1String("Save")), qPrintable(play->toolTip()));
        QVERIFY(widget->findChild<QToolButton *>(QStringLiteral("save"))); // the bytes can still be saved
    }

    void noOutputDeviceIsSaid()
    {
        // Without an audio output device, the row says so before anyone presses Play.
        const QJsonObject block{{QStringLiteral("type"), QStringLiteral("audio")},
                                {QStringLiteral("mimeType"), QStringLiteral("audio/wav")},
                                {QStringLiteral("data"), QString::fromLatin1(wavTone(100).toBase64())}};
        ResultView owner;
        std::unique_ptr<QWidget> widget(ResultView::createContentWidget(block, &owner, nullptr));
        const bool noDevice = QMediaDevices::audioOutputs().isEmpty();
        QCOMPARE(widget->findChild<QLabel *>(QStringLiteral("noAudioOutput")) != nullptr, noDevice);
    }
};

QTEST_MAIN(tst_AudioPlayback)
#include "tst_audioplayback.moc"
