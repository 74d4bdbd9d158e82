#!/usr/bin/env bash
# The outage harness, from one command: the real `arbitre serve` on a real
# Postfix + Dovecot on loopback (tests/mailstack/up.sh) through four faults,
# each lasting --outage seconds (default 15): Dovecot stopped during intake,
# Postfix stopped during sending, a full disk, a read-only data directory.
# Prints one line per scenario and a total:
#
#   outage dovecot-during-intake: 15 s down, 9 mails, answered 9, lost 0, duplicated 0, alerts 2
#   ...
#   outages: 4 scenarios, lost 0, duplicated 0
#
#   scripts/outage-trials.sh                 15-second outages (what CI runs)
#   scripts/outage-trials.sh --outage 180    three-minute outages
#
# Needs root (Postfix; tmpfs mounts for the disk faults). Also prints the
# daemon's log lines about each fault and the referee's alert subjects;
# ARBITRE_OUTAGE_SHOW_MAIL=1 prints the alert mails in full. Exit status 0
# when nothing was lost or duplicated and every check passed.
set -euo pipefail
cd "$(dirname "$0")/.."

OUTAGE=${ARBITRE_OUTAGE_SECS:-15}
while [ $# -gt 0 ]; do
    case "$1" in
        --outage) OUTAGE=${2:?--outage needs a number of seconds}; shift 2 ;;
        --outage=*) OUTAGE=${1#--outage=}; shift ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) echo "outage-trials.sh: unknown argument $1 (usage: outage-trials.sh [--outage SECONDS])" >&2; exit 2 ;;
    esac
done
case "$OUTAGE" in ''|*[!0-9]*|0) echo "outage-trials.sh: --outage needs a positive number of seconds" >&2; exit 2 ;; esac

echo "== arbitre outage trials: ${OUTAGE} s outages, $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"
export ARBITRE_OUTAGE_SECS=$OUTAGE
exec cargo test --locked --test outages -- --nocapture
