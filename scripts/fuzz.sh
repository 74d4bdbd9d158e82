#!/usr/bin/env bash
# Runs every cargo-fuzz target of fuzz/ for a bounded time each.
#
#   scripts/fuzz.sh [seconds-per-target] [target…]     (default: 60 s, all targets)
#
# Needs `cargo install cargo-fuzz` and a C++ compiler (libFuzzer is built
# from source by libfuzzer-sys). Works on STABLE Rust: the targets are built
# with `--sanitizer none` (AddressSanitizer needs `-Zsanitizer`, i.e. nightly;
# the crate has no `unsafe` of its own, and Rust's own checks plus debug
# assertions and overflow checks, which cargo-fuzz turns on, catch the rest).
# Set FUZZ_SANITIZER=address on a nightly toolchain to add ASan; on stable,
# RUSTC_BOOTSTRAP=1 is then exported so that the -Z flags are accepted.
#
# The checked-in seeds are fuzz/corpus/<target>/seed-* (fuzz/seeds.py makes
# them from tests/data/); libFuzzer adds what it finds there (git-ignored).
# A crash leaves its input in fuzz/artifacts/<target>/ and makes this script
# fail: turn it into a regression test in tests/hostile_mail.rs.
#
# Environment: CARGO_TARGET_DIR (build directory; default fuzz/target),
# FUZZ_JOBS (parallel libFuzzer jobs per target; default 1),
# FUZZ_MAX_LEN (largest input; default 65536).
set -euo pipefail

secs="${1:-60}"
shift || true
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root/fuzz"

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo fuzz list)
fi

sanitizer="${FUZZ_SANITIZER:-none}"
if [ "$sanitizer" != none ] && ! rustc --version | grep -q nightly; then
    export RUSTC_BOOTSTRAP=1
fi
jobs=()
if [ "${FUZZ_JOBS:-1}" -gt 1 ]; then
    # libFuzzer then logs each job to fuzz-<n>.log in fuzz/.
    jobs=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS")
fi
target_dir=()
if [ -n "${CARGO_TARGET_DIR:-}" ]; then
    target_dir=(--target-dir "$CARGO_TARGET_DIR")
fi

cargo fuzz build --sanitizer "$sanitizer" --codegen-units 16 "${target_dir[@]}"

status=0
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t" "artifacts/$t"
    echo "== $t: ${secs}s"
    log="$(mktemp)"
    if ! cargo fuzz run --sanitizer "$sanitizer" --codegen-units 16 "${target_dir[@]}" "$t" "corpus/$t" -- \
        -max_total_time="$secs" -max_len="${FUZZ_MAX_LEN:-65536}" "${jobs[@]}" \
        -rss_limit_mb=2048 -timeout=30 -print_final_stats=1 2>&1 | tee "$log" | grep -E "^#[0-9]+ +(INITED|DONE)|stat::number_of_executed_units|stat::peak_rss_mb|ERROR|panicked|SUMMARY"; then
        :
    fi
    if grep -qE "ERROR: libFuzzer|panicked at|SUMMARY: libFuzzer" "$log"; then
        echo "!! $t crashed; input in fuzz/artifacts/$t/" >&2
        status=1
    fi
    rm -f "$log"
done
exit $status
