// MCP Scope: runs in every frame of an MCP Apps view (the page's main world, at document
// creation, before any script of the view). It removes the interfaces that send bytes no URL
// request carries, which neither the view's CSP nor the host's request filter sees: WebRTC
// (STUN and TURN to any host and port) and WebTransport. Each name is made a fixed undefined,
// so the view can neither call it nor put it back. (WebTransport is also off in the engine, for
// workers: prepareWebEngine.)
(function () {
  "use strict";
  const names = [
    "RTCPeerConnection", "webkitRTCPeerConnection", "RTCDataChannel", "RTCIceCandidate",
    "RTCSessionDescription", "RTCRtpSender", "RTCRtpReceiver", "RTCRtpTransceiver",
    "RTCDtlsTransport", "RTCIceTransport", "RTCSctpTransport", "RTCCertificate", "RTCDTMFSender",
    "RTCStatsReport", "RTCEncodedAudioFrame", "RTCEncodedVideoFrame", "RTCError", "RTCErrorEvent",
    "RTCPeerConnectionIceEvent", "RTCPeerConnectionIceErrorEvent", "RTCTrackEvent",
    "RTCDataChannelEvent", "RTCDTMFToneChangeEvent", "WebTransport", "WebTransportError",
    "WebTransportBidirectionalStream", "WebTransportDatagramDuplexStream"
  ];
  for (const name of names) {
    try {
      Object.defineProperty(window, name, { value: undefined, writable: false, configurable: false, enumerable: false });
    } catch (error) {
      // Already fixed (a second run in the same document).
    }
  }
})();
