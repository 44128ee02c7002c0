#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (AddressSanitizer) into build-fuzz/ and runs each one
# for a bounded time on a scratch copy of its seed corpus (tests/fuzz/<name>/corpus).
# Usage: scripts/fuzz.sh [seconds per target, default 30]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
build_dir=${MCPSCOPE_FUZZ_BUILD_DIR:-build-fuzz}
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
CC=clang CXX=clang++ cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DMCPSCOPE_BUILD_TESTS=OFF -DMCPSCOPE_BUILD_BENCHMARKS=OFF -DMCPSCOPE_BUILD_FUZZERS=ON \
    "-DCMAKE_CXX_FLAGS=-fsanitize=address,fuzzer-no-link" "${launcher[@]}" >/dev/null
targets=(fuzz_jsonrpc fuzz_sseparser)
cmake --build "$build_dir" --parallel "$(nproc)" --target "${targets[@]}"

declare -A corpus=([fuzz_jsonrpc]=tests/fuzz/jsonrpc/corpus [fuzz_sseparser]=tests/fuzz/sse/corpus)
failed=0
for target in "${targets[@]}"; do
    binary=$(find "$build_dir/tests/fuzz" -type f -name "$target" -perm -u+x | head -n 1)
    scratch=$(mktemp -d)
    cp -r "${corpus[$target]}/." "$scratch/"
    echo "fuzz.sh: running $target for ${seconds}s"
    if "$binary" "$scratch" -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$build_dir/$target-" \
        > "$build_dir/$target.log" 2>&1; then
        echo "fuzz.sh: $target: $(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$build_dir/$target.log" || echo 'no stats') , no crash"
    else
        echo "fuzz.sh: $target FOUND A PROBLEM; the input is in $build_dir/$target-*; log follows" >&2
        tail -n 60 "$build_dir/$target.log" >&2
        failed=1
    fi
    rm -rf "$scratch"
done
exit $failed
