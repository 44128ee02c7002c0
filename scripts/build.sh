#!/usr/bin/env bash
# Configures and builds MCP Scope into build/ (or $MCPSCOPE_BUILD_DIR); extra arguments go to cmake.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${MCPSCOPE_BUILD_DIR:-build}
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=${MCPSCOPE_BUILD_TYPE:-RelWithDebInfo} "${launcher[@]}" "$@"
# MCPSCOPE_BUILD_TARGETS (space-separated) builds only those targets; everything by default.
targets=()
for t in ${MCPSCOPE_BUILD_TARGETS:-}; do targets+=(--target "$t"); done
cmake --build "$build_dir" --parallel "$(nproc)" "${targets[@]}"
