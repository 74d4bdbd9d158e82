#!/usr/bin/env bash
# Adds mail users to a running stack, password "secret" (or $MAILSTACK_NEW_PASSWORD).
# Usage: add-user.sh DIR NAME...   -> prints NAME@example.test for each
set -euo pipefail
DIR=${1:?usage: add-user.sh DIR NAME...}
shift
[ $# -gt 0 ] || { echo "usage: add-user.sh DIR NAME..." >&2; exit 2; }
PASS=${MAILSTACK_NEW_PASSWORD:-secret}
case "$PASS" in *:*|*[[:space:]]*|'') echo "add-user.sh: bad password" >&2; exit 2 ;; esac
USERS="$DIR/dovecot/users"
[ -f "$USERS" ] || { echo "add-user.sh: no stack in $DIR" >&2; exit 1; }
exec 9>>"$USERS.lock"
flock 9
for NAME in "$@"; do
    case "$NAME" in *[!A-Za-z0-9._+-]*|'') echo "add-user.sh: bad name $NAME" >&2; exit 2 ;; esac
    ADDR="$NAME@example.test"
    grep -q "^$ADDR:" "$USERS" || echo "$ADDR:{PLAIN}$PASS" >> "$USERS"
    echo "$ADDR"
done
# Dovecot looks at its user file at most once a second: after this pause
# the next lookup sees the new users.
sleep 1.1
