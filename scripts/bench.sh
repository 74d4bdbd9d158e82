#!/usr/bin/env bash
# Runs every benchmark of arbitre in release, at the sizes of the figures
# quoted in BENCHMARKS.md, and prints the figures with the machine and its
# load. Not part of the tests (CI does not run it).
#
#   scripts/bench.sh                 every benchmark, in the order below
#   scripts/bench.sh galaxy_turn idle_memory   only those
#
# Benchmarks (names for the arguments):
#   intake_rush        1,002 order mails (334 families x 3 revisions) through
#                      a real Postfix + Dovecot on loopback -> arbitre serve ->
#                      acknowledgements back in the players' INBOXes, beside
#                      the MTA's own rate for the same mails. Needs root (it
#                      starts the servers with tests/mailstack/up.sh, which
#                      installs them with apt-get if missing).
#   stellarium_phases  Stellarium phases 0-10 for 1,000 families (criterion).
#   stellarium_turn    a whole Stellarium turn for 1,000 families, if that
#                      benchmark exists in this tree (it prints the foundation
#                      and the order parsing of 1,000 families).
#   render_reports     every family's view, text + HTML report, SVG + PNG map
#                      and the chronicle for 1,000 families, on every core.
#   deadline           the whole deadline through the referee (statuses to
#                      the last report in the outbox): Stellarium 1,000
#                      families, Galaxy 100 and 200 players at turn 10,
#                      two six-party Galactic Destiny steps (the purchases; the
#                      last invasion window, its reports with the battles' odds).
#   galaxy_turn        one Galaxy turn with every view, 16 and 200 players
#                      (criterion).
#   orders_check       `arbitre orders check` as a whole process (30 runs) on
#                      a 100-player Galaxy game made by `arbitre demo`.
#   web_pages          the web pages of a game of 1,000 families (game page,
#                      an earlier turn, a private page, the .ics feed) over
#                      loopback HTTP.
#   idle_memory        `arbitre serve` on the shipped config.toml (embedded
#                      Maildir transport) in a temp dir: VmRSS/VmHWM once idle.
#
# Every benchmark prints its figures as lines
#   FIGURE|<id>|<value>|<unit>|<goal>|<yardstick>
# (BENCHMARKS.md); at the end this script prints them all in one table,
# with whether each goal is met, the machine and the load.
#
# Sizes can be overridden: ARBITRE_BENCH_PLAYERS / ARBITRE_BENCH_ROUNDS for
# intake_rush, ARBITRE_BENCH_FAMILIES for render_reports. CARGO_TARGET_DIR is
# honoured as usual. Exit status: 0 when every benchmark run succeeded.
set -uo pipefail
cd "$(dirname "$0")/.."

ALL=(intake_rush stellarium_phases stellarium_turn render_reports deadline galaxy_turn orders_check web_pages idle_memory)
if [ $# -gt 0 ]; then SELECTED=("$@"); else SELECTED=("${ALL[@]}"); fi
for name in "${SELECTED[@]}"; do
    case " ${ALL[*]} " in *" $name "*) ;; *) echo "bench.sh: unknown benchmark '$name' (one of: ${ALL[*]})" >&2; exit 2 ;; esac
done

load() { cut -d' ' -f1-3 /proc/loadavg; }

# Every benchmark's output is also kept here, for the table at the end.
OUT=$(mktemp /tmp/arbitre-bench-XXXXXX)
trap 'rm -f "$OUT"' EXIT

echo "== arbitre benchmarks, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "   commit:  $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet 2>/dev/null || echo ' (with local changes)')"
echo "   cpu:     $(nproc) x $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "   memory:  $(free -h | awk '/^Mem:/ {print $2 " total, " $7 " available"}')"
echo "   rustc:   $(rustc --version)"
echo "   load:    $(load) (1, 5, 15 min) at the start"

FAILED=()
run_bench() { # NAME [ENV=VALUE...]: cargo bench --bench NAME with that environment
    local name=$1; shift
    echo
    echo "== $name $* (load $(load))"
    local t0=$SECONDS
    if env "$@" cargo bench --locked --bench "$name" 2>&1 | tee -a "$OUT"; then
        echo "== $name done in $((SECONDS - t0)) s (load $(load))"
    else
        echo "== $name FAILED (exit $?) after $((SECONDS - t0)) s"
        FAILED+=("$name")
    fi
}

# ext4 without a journal (as on this project's machines: no /proc/fs/jbd2
# entry for the device) skips, at every new file, each inode freed in the
# last 60 s, or the last 6 min when the block of the inode table holding it
# is dirty -- and creating a file in that block makes it dirty --, looking
# at each in turn from the start of the group: a benchmark just after
# another one deleted its thousands of files pays for them at every file it
# creates (0.62 -> 0.91 s for the 100-player Galaxy deadline; the 200-player
# one 0.87 s after 370 s of settling, 1.07-1.69 s after 65 s behind other
# runs: BENCHMARKS.md). So before the benchmarks that create thousands of
# files, what was deleted is written back and left to age 6 min; a daemon's
# deadline comes hours after the last mass deletion.
settle() {
    local dev; dev=$(findmnt -no SOURCE -T "${TMPDIR:-/tmp}" 2>/dev/null)
    local fstype; fstype=$(findmnt -no FSTYPE -T "${TMPDIR:-/tmp}" 2>/dev/null)
    if [ "$fstype" = ext4 ] && ! ls /proc/fs/jbd2/ 2>/dev/null | grep -q "^$(basename "$dev")-"; then
        echo
        echo "== settling: ${TMPDIR:-/tmp} is on ext4 without a journal ($dev); sync, then 365 s for the inodes freed before to age"
        sync
        sleep 365
    fi
}

idle_memory() {
    echo
    echo "== idle_memory (load $(load))"
    if ! cargo build --locked --release --bin arbitre; then
        echo "== idle_memory FAILED: the release binary did not build"; FAILED+=(idle_memory); return
    fi
    local bin=${CARGO_TARGET_DIR:-target}/release/arbitre
    local dir; dir=$(mktemp -d /tmp/arbitre-idle-XXXXXX)
    cp config.toml "$dir/config.toml"
    ARBITRE_LOG=info "$bin" --config "$dir/config.toml" serve >"$dir/daemon.log" 2>&1 &
    local pid=$!
    local waited=0
    while ! grep -q 'mailbox reachable; ready' "$dir/daemon.log" 2>/dev/null; do
        if ! kill -0 "$pid" 2>/dev/null || [ $waited -ge 600 ]; then
            echo "== idle_memory FAILED: the daemon did not become ready; its log:"; cat "$dir/daemon.log"
            kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
            FAILED+=(idle_memory); rm -rf "$dir"; return
        fi
        sleep 0.1; waited=$((waited + 1))
    done
    echo "   ready after $((waited / 10)).$((waited % 10)) s; idling 15 s (three looks at the outbox)"
    sleep 15
    echo "   arbitre serve, pid $pid, shipped config.toml (Maildir transport, 1 Stellarium game), idle:"
    grep -E '^(VmRSS|VmHWM|VmSize|Threads):' "/proc/$pid/status" | sed 's/^/     /'
    awk '/^VmRSS:/ { printf "FIGURE|memory.idle_rss|%.1f|MB|<= 30 MB|19 MB before #15\n", $2 / 1024 }' "/proc/$pid/status" | tee -a "$OUT"
    kill -TERM "$pid"; wait "$pid"; local rc=$?
    echo "== idle_memory done (daemon exit $rc after SIGTERM)"
    [ $rc -eq 0 ] || FAILED+=(idle_memory)
    rm -rf "$dir"
}

for name in "${SELECTED[@]}"; do
    case $name in
        intake_rush)
            if [ "$(id -u)" -ne 0 ]; then
                echo; echo "== intake_rush SKIPPED: needs root (starts Postfix and Dovecot)"; FAILED+=(intake_rush); continue
            fi
            run_bench intake_rush ARBITRE_BENCH_PLAYERS="${ARBITRE_BENCH_PLAYERS:-334}" ARBITRE_BENCH_ROUNDS="${ARBITRE_BENCH_ROUNDS:-3}" ;;
        stellarium_turn)
            if [ ! -f benches/stellarium_turn.rs ]; then
                echo; echo "== stellarium_turn MISSING: no benches/stellarium_turn.rs in this tree"; FAILED+=(stellarium_turn); continue
            fi
            run_bench stellarium_turn ;;
        render_reports) settle; run_bench render_reports ARBITRE_BENCH_FAMILIES="${ARBITRE_BENCH_FAMILIES:-1000}" ;;
        deadline) settle; run_bench deadline ;;
        web_pages) run_bench web_pages ARBITRE_BENCH_FAMILIES="${ARBITRE_BENCH_FAMILIES:-1000}" ;;
        idle_memory) idle_memory ;;
        *) run_bench "$name" ;;
    esac
done

echo
echo "== load at the end: $(load)"

# The table of every FIGURE line: the value as a share of the goal's bound,
# and met when the value satisfies the goal ("<= 10 s", ">= 50 %", "< 100 MB";
# the value is in the goal's unit).
echo
echo "== figures ($(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) x $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), load at the end $(load))"
grep -a '^FIGURE|' "$OUT" | awk -F'|' '
    BEGIN { printf "| %-28s | %12s | %-11s | %-8s | %-8s | %-45s |\n| %s | %s | %s | %s | %s | %s |\n", "figure", "value", "goal", "of goal", "met", "yardstick", "---", "---:", "---", "---:", "---", "---" }
    {
        id = $2; value = $3; unit = $4; goal = $5; yard = $6
        met = "-"; ratio = "-"
        if (goal ~ /^(<=|>=|<|>) /) {
            split(goal, g, " ")
            if (g[2] + 0 != 0) ratio = sprintf("%.0f %%", 100 * value / g[2])
            if (g[3] != unit) met = "? (unit)"
            else if (g[1] == "<=") met = (value + 0 <= g[2] + 0) ? "yes" : "NO"
            else if (g[1] == ">=") met = (value + 0 >= g[2] + 0) ? "yes" : "NO"
            else if (g[1] == "<") met = (value + 0 < g[2] + 0) ? "yes" : "NO"
            else met = (value + 0 > g[2] + 0) ? "yes" : "NO"
        }
        printf "| %-28s | %12s | %-11s | %8s | %-8s | %-45s |\n", id, value " " unit, goal, ratio, met, yard
    }'

if [ ${#FAILED[@]} -gt 0 ]; then
    echo "== NOT measured or failed: ${FAILED[*]}"
    exit 1
fi
echo "== every benchmark ran"
