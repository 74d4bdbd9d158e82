#!/usr/bin/env bash
# Stops a mail stack started by up.sh. Idempotent.
# Usage: down.sh DIR [--remove]   (--remove also deletes DIR)
set -uo pipefail

DIR=""
REMOVE=0
for a in "$@"; do
    case "$a" in
        --remove) REMOVE=1 ;;
        -*) echo "down.sh: unknown option $a" >&2; exit 2 ;;
        *) DIR=$a ;;
    esac
done
[ -n "$DIR" ] || { echo "usage: down.sh DIR [--remove]" >&2; exit 2; }
[ -d "$DIR" ] || exit 0
DIR=$(cd "$DIR" && pwd)
# Only ever touch directories made by up.sh.
[ -f "$DIR/.arbitre-mailstack" ] || { echo "down.sh: $DIR is not a mail stack directory" >&2; exit 1; }

wait_gone() { # pidfile
    local pid
    [ -f "$1" ] || return 0
    pid=$(tr -dc '0-9' < "$1")
    [ -n "$pid" ] || return 0
    for _ in $(seq 1 50); do
        kill -0 "$pid" 2>/dev/null || return 0
        sleep 0.2
    done
    kill -9 "$pid" 2>/dev/null || true
}

if [ -f "$DIR/postfix/main.cf" ] && [ -f "$DIR/postfix/queue/pid/master.pid" ]; then
    postfix -c "$DIR/postfix" stop >/dev/null 2>&1 || true
    wait_gone "$DIR/postfix/queue/pid/master.pid"
fi
if [ -f "$DIR/dovecot/dovecot.conf" ] && [ -f "$DIR/dovecot/run/master.pid" ]; then
    doveadm -c "$DIR/dovecot/dovecot.conf" stop >/dev/null 2>&1 \
        || dovecot -c "$DIR/dovecot/dovecot.conf" stop >/dev/null 2>&1 || true
    wait_gone "$DIR/dovecot/run/master.pid"
fi

# The watcher of up.sh --owner-pid (if any) is left running: when its
# owner exits it runs this script again, with --remove if it was asked to.
rm -f "$DIR/env"

if [ $REMOVE = 1 ]; then
    rm -rf "$DIR"
fi
exit 0
