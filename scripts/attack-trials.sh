#!/usr/bin/env bash
# Attack trials (issue #25): each class of attack a stranger or a player
# tried against the referee, replayed against the real `arbitre serve`
# (embedded Maildir transport, web pages on loopback, game time from a
# clock file): idle web connections beyond the daemon's open-file limit
# across a deadline, slow headers and bodies, anonymous press read header
# by header, a backlog of 9 MiB mails, X-Forwarded-For rotation, a
# registration flood. Prints one
# line per attack and a total:
#
#   attack: descriptors across a deadline   held  1024 connections held, ...
#   ...
#   attacks: 6 tried, 6 held
#
#   scripts/attack-trials.sh              the size cargo test and CI run
#   scripts/attack-trials.sh --scale 4    four times the connections and mails
#
# Traffic goes to loopback addresses only. Exit status 0 when every attack held.
set -euo pipefail
cd "$(dirname "$0")/.."
SCALE=${ATTACK_SCALE:-1}
while [ $# -gt 0 ]; do
    case "$1" in
        --scale) SCALE=${2:?--scale needs a number}; shift 2 ;;
        --scale=*) SCALE=${1#--scale=}; shift ;;
        -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
        *) echo "attack-trials.sh: unknown argument $1 (usage: attack-trials.sh [--scale N])" >&2; exit 2 ;;
    esac
done
case "$SCALE" in ''|*[!0-9]*|0) echo "attack-trials.sh: --scale needs a positive whole number" >&2; exit 2 ;; esac
echo "== arbitre attack trials: scale ${SCALE}, $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"
export ATTACK_SCALE=$SCALE
exec cargo test --locked --test attack_trials -- --nocapture
