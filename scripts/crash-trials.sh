#!/usr/bin/env bash
# Crash trials (issue #7): plays a scripted Stellarium game through a real
# Postfix + Dovecot on loopback with `arbitre serve`, once uninterrupted,
# then again while SIGKILLing the daemon at random instants until at least
# N kills, and compares every player's mailbox and the data directory with
# the uninterrupted run. Prints one line per trial and a summary:
#   crash trials: T trial(s), K SIGKILLs (...): lost 0, duplicated 0, ...
#
# Usage: scripts/crash-trials.sh [--kills N] [--seed S]   (defaults: 100, 7)
# Needs root (Postfix); installs the mail servers if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
KILLS=100
SEED=7
while [ $# -gt 0 ]; do
    case "$1" in
        --kills) KILLS=$2; shift 2 ;;
        --seed) SEED=$2; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "crash-trials.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
scripts/install-deps.sh
export ARBITRE_CRASH_KILLS=$KILLS ARBITRE_CRASH_SEED=$SEED
exec cargo test --locked --test crash_trials -- --nocapture
