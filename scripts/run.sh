#!/usr/bin/env bash
# Sets up, builds and opens MCP Scope on the bundled demo server.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# The app and the demo server it opens on (the tests are built by scripts/test.sh).
MCPSCOPE_BUILD_TARGETS="mcpscope mcpscope-demo-server" scripts/build.sh
build_dir=${MCPSCOPE_BUILD_DIR:-build}
if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
    echo "run.sh: no display found; starting under xvfb-run (set DISPLAY to see the window)" >&2
    exec xvfb-run -a "$build_dir/app/mcpscope/mcpscope" "$@"
fi
exec "$build_dir/app/mcpscope/mcpscope" "$@"
