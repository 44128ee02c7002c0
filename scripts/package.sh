#!/usr/bin/env bash
# Builds the Debian package of MCP Scope from the same CMake build as scripts/build.sh (build/, or
# $MCPSCOPE_BUILD_DIR) and prints its path: build/package/mcpscope_VERSION_ARCH.deb.
# Install it with: sudo apt install ./build/package/mcpscope_*.deb
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${MCPSCOPE_BUILD_DIR:-build}
scripts/setup.sh
scripts/build.sh
# The package is what `cmake --install` installs: built above, packed by CPack (cmake/Packaging.cmake).
(cd "$build_dir" && cpack -G DEB -B "$PWD/package" >/dev/null)
ls "$build_dir"/package/mcpscope_*.deb
