#pragma once

#include "session/modern/eradetector.h"

#include <QPointer>
#include <QString>

#include <optional>

namespace Mcp {

class ClientPrivate;
class EraLifecycle;
class OutgoingRequest;

// Decides at connect which protocol era the connection speaks, and starts that lifecycle: an
// EraDetector told what came back from the server/discover probe, unless the configuration
// pins the era or a record cached for this server (ClientOptions::cachedEra) says it; a cached
// record that turns out wrong means probing again. It belongs to neither lifecycle: it runs
// before either speaks, and chooses between them.
class EraNegotiator
{
public:
    explicit EraNegotiator(ClientPrivate *d) : d(d) {}

    // A new connection: nothing decided yet.
    void reset();
    // The transport is open: decide the era.
    void start();
    // The lifecycle the connection speaks: the modern one once chosen, else the legacy one
    // (which also queues what the caller sends while the era is being decided).
    EraLifecycle &lifecycle() const;

    Modern::EraRecord record() const { return m_record; }
    void setProbeTimeout(int timeoutMs) { m_probeTimeoutMs = timeoutMs; }
    // The server/discover probe while it waits for its answer (else null).
    OutgoingRequest *probe() const { return m_probe; }
    // The legacy initialize failed: when the era came from the cache, probe again (true).
    bool legacyInitializeFailed();

private:
    static QString sourceText(const Modern::EraRecord &record);
    void step(const Modern::EraStep &next);
    void sendProbe(const QString &version);
    void onProbeFinished(OutgoingRequest *handle);

    ClientPrivate *d;
    Modern::EraRecord m_record;
    std::optional<Modern::EraDetector> m_detector;
    QPointer<OutgoingRequest> m_probe;
    int m_probeTimeoutMs = 10000;
};

} // namespace Mcp
