#!/usr/bin/env bash
# Sets up (Debian packages and npm test peers), builds, and runs the whole test suite with ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test-peers
scripts/build.sh
build_dir=${MCPSCOPE_BUILD_DIR:-build}
# The parsers' fuzz targets, each for a short bounded time (MCPSCOPE_FUZZ_SECONDS=0 skips them).
fuzz_seconds=${MCPSCOPE_FUZZ_SECONDS:-30}
if [ "$fuzz_seconds" -gt 0 ]; then
    scripts/fuzz.sh "$fuzz_seconds"
fi
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
ctest --test-dir "$build_dir" --output-on-failure --timeout 600 -j "$(nproc)" "$@"
