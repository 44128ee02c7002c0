#!/usr/bin/env bash
# Sets up (Debian packages and npm test peers), builds, and runs the whole test suite with ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test-peers
scripts/build.sh
build_dir=${MCPSCOPE_BUILD_DIR:-build}
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
ctest --test-dir "$build_dir" --output-on-failure --timeout 600 -j "$(nproc)" "$@"
