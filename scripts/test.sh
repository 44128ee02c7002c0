#!/usr/bin/env bash
# Sets up (Debian packages and npm test peers), builds, and runs the whole test suite with ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
# --sanitize: the same suite built with AddressSanitizer and UndefinedBehaviorSanitizer, in
# build-sanitize/ (a separate tree; the fuzzers are skipped, they carry their own sanitizers).
sanitize=0
if [ "${1:-}" = "--sanitize" ]; then
    sanitize=1
    shift
fi
scripts/setup.sh --test-peers
if ((sanitize)); then
    export MCPSCOPE_BUILD_DIR=${MCPSCOPE_BUILD_DIR:-build-sanitize}
    export MCPSCOPE_FUZZ_SECONDS=0
    # Leaks at exit (Qt's and the platform's one-time allocations) are not what this run looks
    # for; every report of memory misuse or undefined behaviour fails the test that made it.
    # System libraries' own reports that are not ours to fix: tests/sanitize/asan.supp.
    export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:strict_string_checks=1:suppressions=$PWD/tests/sanitize/asan.supp}
    export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
    scripts/build.sh -DMCPSCOPE_SANITIZE=ON -DMCPSCOPE_BUILD_BENCHMARKS=OFF
else
    scripts/build.sh
fi
build_dir=${MCPSCOPE_BUILD_DIR:-build}
# The parsers' fuzz targets, each for a short bounded time: fourteen targets at 10 s keep CI's fuzzing
# near two minutes (MCPSCOPE_FUZZ_SECONDS=0 skips them).
fuzz_seconds=${MCPSCOPE_FUZZ_SECONDS:-10}
if [ "$fuzz_seconds" -gt 0 ]; then
    scripts/fuzz.sh "$fuzz_seconds"
fi
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
ctest --test-dir "$build_dir" --output-on-failure --timeout 600 -j "$(nproc)" "$@"
