#!/usr/bin/env bash
# Configures and builds MCP Scope into build/ (or $MCPSCOPE_BUILD_DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${MCPSCOPE_BUILD_DIR:-build}
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=${MCPSCOPE_BUILD_TYPE:-RelWithDebInfo} "${launcher[@]}" "$@"
cmake --build "$build_dir" --parallel "$(nproc)"
