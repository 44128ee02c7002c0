#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (AddressSanitizer, UndefinedBehaviorSanitizer) into
# build-fuzz/ and runs each one for a bounded time on a scratch copy of its seed corpus
# (tests/fuzz/<folder>/corpus), printing its execution count. Any crash, sanitizer report,
# broken invariant or input that runs longer than MCPSCOPE_FUZZ_TIMEOUT seconds (default 10)
# fails the run; the input is kept as build-fuzz/<target>-crash-… (or timeout-…).
# Usage: scripts/fuzz.sh [seconds per target, default 10] [target ...]
#   With all fourteen targets the default spends over two minutes fuzzing (CI's budget: scripts/test.sh).
#   A longer run before closing a parser change: scripts/fuzz.sh 1800 fuzz_schema
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
shift || true
timeout=${MCPSCOPE_FUZZ_TIMEOUT:-10}
build_dir=${MCPSCOPE_FUZZ_BUILD_DIR:-build-fuzz}
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
# The library is instrumented for coverage and both sanitizers too; UB stops the run (a finding).
CC=clang CXX=clang++ cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DMCPSCOPE_BUILD_TESTS=OFF -DMCPSCOPE_BUILD_BENCHMARKS=OFF -DMCPSCOPE_BUILD_FUZZERS=ON \
    "-DCMAKE_CXX_FLAGS=-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize=vptr -fno-sanitize-recover=undefined" \
    "${launcher[@]}" >/dev/null

# target -> folder of tests/fuzz/ (its seed corpus is <folder>/corpus)
declare -A folder=([fuzz_jsonrpc]=jsonrpc [fuzz_sseparser]=sse [fuzz_lineframer]=lineframer
    [fuzz_mcpjson]=mcpjson [fuzz_serverconfig]=serverconfig [fuzz_capture]=capture [fuzz_schema]=schema
    [fuzz_uritemplate]=uritemplate [fuzz_auth]=auth [fuzz_modern]=modern [fuzz_collection]=collection
    [fuzz_capturedmessages]=capturedmessages [fuzz_registry]=registry [fuzz_hostconfigs]=hostconfigs)
all=(fuzz_jsonrpc fuzz_sseparser fuzz_lineframer fuzz_mcpjson fuzz_serverconfig fuzz_capture fuzz_schema
    fuzz_uritemplate fuzz_auth fuzz_modern fuzz_collection fuzz_capturedmessages fuzz_registry fuzz_hostconfigs)
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=("${all[@]}"); fi
cmake --build "$build_dir" --parallel "$(nproc)" --target "${targets[@]}"

export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
failed=0
for target in "${targets[@]}"; do
    binary=$(find "$build_dir/tests/fuzz" -type f -name "$target" -perm -u+x | head -n 1)
    scratch=$(mktemp -d)
    cp -r "tests/fuzz/${folder[$target]}/corpus/." "$scratch/"
    echo "fuzz.sh: running $target for ${seconds}s"
    if "$binary" "$scratch" -max_total_time="$seconds" -timeout="$timeout" -print_final_stats=1 \
        -artifact_prefix="$build_dir/$target-" > "$build_dir/$target.log" 2>&1; then
        runs=$(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$build_dir/$target.log" | grep -o '[0-9]*$' || echo '?')
        echo "fuzz.sh: $target: $runs executions in ${seconds}s, no crash"
    else
        echo "fuzz.sh: $target FOUND A PROBLEM; the input is in $build_dir/$target-*; log follows" >&2
        tail -n 60 "$build_dir/$target.log" >&2
        failed=1
    fi
    rm -rf "$scratch"
done
exit $failed
