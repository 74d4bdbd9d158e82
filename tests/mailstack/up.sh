#!/usr/bin/env bash
# Starts a private mail system on loopback for arbitre's integration tests:
# Postfix (SMTP with STARTTLS + SASL, SMTPS) delivering by LMTP to Dovecot
# (IMAP with STARTTLS and IDLE, IMAPS), for the virtual domain example.test.
#
# Usage: up.sh [DIR] [--players N] [--owner-pid PID] [--remove]
#   DIR            where everything lives (created; default: a new /tmp dir)
#   --players N    create player1..playerN (default 40)
#   --owner-pid P  stop the stack (down.sh) when process P exits
#   --remove       with --owner-pid: also delete DIR then
#
# Writes DIR/env (shell-sourceable):
#   MAILSTACK_DIR MAILSTACK_HOST MAILSTACK_SMTP_PORT (STARTTLS) MAILSTACK_SMTPS_PORT
#   MAILSTACK_IMAP_PORT (STARTTLS) MAILSTACK_IMAPS_PORT MAILSTACK_LMTP_PORT
#   MAILSTACK_CA_FILE (self-signed cert to trust) MAILSTACK_DOMAIN MAILSTACK_REFEREE
#   MAILSTACK_PLAYERS MAILSTACK_PASSWORD MAILSTACK_PASSWORD_FILE
#   MAILSTACK_DOVECOT_CONF MAILSTACK_POSTFIX_DIR
#   MAILSTACK_MX_PORT (SMTP as an MX receives mail: no AUTH, so it keeps
#   taking mail while Dovecot, which authenticates SMTP clients, is down)
# Users: arbitre@example.test and player1..N@example.test, password "secret".
# More users: tests/mailstack/add-user.sh DIR NAME.
# Stop: tests/mailstack/down.sh DIR [--remove].
#
# Needs root (Postfix). Installs dovecot-imapd dovecot-lmtpd postfix openssl
# with apt-get when missing, without starting the system services.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
DOMAIN=example.test
PASSWORD=secret
DIR=""
PLAYERS=40
OWNER=""
REMOVE=0

while [ $# -gt 0 ]; do
    case "$1" in
        --players) PLAYERS=$2; shift 2 ;;
        --owner-pid) OWNER=$2; shift 2 ;;
        --remove) REMOVE=1; shift ;;
        -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
        -*) echo "up.sh: unknown option $1" >&2; exit 2 ;;
        *) DIR=$1; shift ;;
    esac
done
case "$PLAYERS" in ''|*[!0-9]*) echo "up.sh: --players needs a number" >&2; exit 2 ;; esac

log() { echo "up.sh: $*" >&2; }
die() { log "$*"; exit 1; }

[ "$(id -u)" = 0 ] || die "must run as root (Postfix needs it)"

# ---------------------------------------------------------------- packages
have_packages() {
    command -v openssl >/dev/null 2>&1 &&
    [ -x /usr/sbin/postfix ] && [ -x /usr/sbin/dovecot ] && [ -x /usr/bin/doveadm ] &&
    [ -x /usr/lib/dovecot/imap ] && [ -x /usr/lib/dovecot/lmtp ]
}

install_packages() {
    # One installer at a time (several test binaries may start together).
    exec 9>/tmp/arbitre-mailstack-apt.lock
    flock 9
    if have_packages; then exec 9>&-; return 0; fi
    log "installing dovecot-imapd dovecot-lmtpd postfix openssl"
    # Keep the Debian system services from starting (they would listen on
    # the standard ports); policy-rc.d is the Debian mechanism for that.
    local made_policy=0
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
        chmod 755 /usr/sbin/policy-rc.d
        made_policy=1
    fi
    local rc=0 svc
    # Which system services this run brings in (never touch ones that were
    # already installed: they may be the machine's real mail system).
    local new_services=()
    for svc in postfix dovecot-core; do
        dpkg-query -W -f='${Status}' "$svc" 2>/dev/null | grep -q "install ok installed" \
            || new_services+=("${svc%-core}")
    done
    export DEBIAN_FRONTEND=noninteractive
    # Wait for a dpkg lock held by someone else rather than failing.
    local lock_wait=(-o DPkg::Lock::Timeout=300)
    # Needed on a fresh machine whose package lists are empty or stale; a
    # failing mirror is not fatal if the lists already name the packages.
    apt-get "${lock_wait[@]}" update -q >&2 || log "apt-get update failed; trying the install anyway"
    apt-get "${lock_wait[@]}" install -y -q --no-install-recommends \
        dovecot-imapd dovecot-lmtpd postfix openssl >&2 || rc=$?
    [ $made_policy = 1 ] && rm -f /usr/sbin/policy-rc.d
    # The system services just installed stay stopped and disabled (if one
    # started anyway, e.g. a policy-rc.d that was not honoured, stop it).
    for svc in "${new_services[@]}"; do
        if [ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1; then
            systemctl stop "$svc" >/dev/null 2>&1 || true
            systemctl disable "$svc" >/dev/null 2>&1 || true
        elif [ -x "/etc/init.d/$svc" ]; then
            "/etc/init.d/$svc" stop >/dev/null 2>&1 || true
        fi
    done
    exec 9>&-
    [ $rc -eq 0 ] || die "apt-get failed ($rc)"
    have_packages || die "packages installed but binaries missing"
}

have_packages || install_packages

# ---------------------------------------------------------------- directory
if [ -z "$DIR" ]; then
    DIR=$(mktemp -d /tmp/arbitre-mailstack-XXXXXX)
fi
mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)

port_answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Already running from this DIR: nothing to do.
if [ -f "$DIR/env" ]; then
    # shellcheck disable=SC1091
    . "$DIR/env"
    if port_answers "$MAILSTACK_SMTP_PORT" && port_answers "$MAILSTACK_IMAP_PORT"; then
        log "already running in $DIR"
        echo "$DIR/env"
        exit 0
    fi
    log "stale stack in $DIR: restarting"
    bash "$HERE/down.sh" "$DIR" || true
    rm -f "$DIR/env"
fi

chmod 755 "$DIR"       # postfix and dovecot users must traverse it
touch "$DIR/.arbitre-mailstack"
mkdir -p "$DIR/tls" "$DIR/mail" "$DIR/auth" "$DIR/dovecot" "$DIR/postfix"

# ---------------------------------------------------------------- certificate
if [ ! -s "$DIR/tls/cert.pem" ]; then
    # SAN for name checks; CA:FALSE or rustls rejects it (CaUsedAsEndEntity).
    openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj /CN=localhost \
        -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
        -addext "basicConstraints=critical,CA:FALSE" \
        -keyout "$DIR/tls/key.pem" -out "$DIR/tls/cert.pem" >/dev/null 2>&1 \
        || die "openssl failed"
fi
chmod 644 "$DIR/tls/cert.pem"
chown root:postfix "$DIR/tls/key.pem"
chmod 640 "$DIR/tls/key.pem"

# ---------------------------------------------------------------- users
printf '%s\n' "$PASSWORD" > "$DIR/password"
chmod 644 "$DIR/password"
USERS="$DIR/dovecot/users"
{
    echo "arbitre@$DOMAIN:{PLAIN}$PASSWORD"
    i=1
    while [ $i -le "$PLAYERS" ]; do
        echo "player$i@$DOMAIN:{PLAIN}$PASSWORD"
        i=$((i + 1))
    done
} > "$USERS.new"
# Keep users added earlier with add-user.sh.
[ -f "$USERS" ] && grep -vxFf "$USERS.new" "$USERS" >> "$USERS.new" || true
mv "$USERS.new" "$USERS"
chmod 644 "$USERS"
chown nobody:nogroup "$DIR/mail"

# ---------------------------------------------------------------- ports
declare -A TAKEN=()
pick_port() { # VAR: sets VAR to a free loopback port not picked before
    local p tries=0
    while :; do
        p=$(( (RANDOM * 32768 + RANDOM) % 25000 + 30000 ))
        tries=$((tries + 1))
        [ $tries -lt 500 ] || die "no free port found"
        [ -z "${TAKEN[$p]:-}" ] || continue
        port_answers "$p" && continue
        TAKEN[$p]=1
        printf -v "$1" '%s' "$p"
        return 0
    done
}

write_configs() {
    # ------------------------------------------------------------ dovecot
    local dh=""
    [ -f /usr/share/dovecot/dh.pem ] && dh="ssl_dh = </usr/share/dovecot/dh.pem"
    cat > "$DIR/dovecot/dovecot.conf" <<EOF
# Private Dovecot for arbitre's tests (generated by up.sh).
instance_name = arbitre-mailstack-$(basename "$DIR")
base_dir = $DIR/dovecot/run
state_dir = $DIR/dovecot/state
log_path = $DIR/dovecot.log
info_log_path = $DIR/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
ssl = yes
ssl_cert = <$DIR/tls/cert.pem
ssl_key = <$DIR/tls/key.pem
$dh
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
# A non-root mail uid: with uid 0 every delivery fails.
first_valid_uid = 1
mail_location = maildir:~/Maildir
# '/' as the hierarchy separator, as most public servers use.
namespace inbox {
  inbox = yes
  separator = /
}
# Wake IDLE clients quickly even if inotify is unavailable.
mailbox_idle_check_interval = 1 secs
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $USERS
}
userdb {
  driver = static
  args = uid=nobody gid=nogroup home=$DIR/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $IMAP_PORT
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = $IMAPS_PORT
    ssl = yes
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = $LMTP_PORT
  }
}
service auth {
  # Postfix authenticates SMTP clients against Dovecot (SASL).
  unix_listener $DIR/auth/dovecot-auth {
    mode = 0660
    user = postfix
    group = postfix
  }
}
protocol lmtp {
  postmaster_address = postmaster@$DOMAIN
}
EOF

    # ------------------------------------------------------------ postfix
    local pf="$DIR/postfix"
    mkdir -p "$pf/queue" "$pf/data"
    chown postfix "$pf/data"
    cat > "$pf/main.cf" <<EOF
# Private Postfix for arbitre's tests (generated by up.sh).
compatibility_level = 3.6
queue_directory = $pf/queue
data_directory = $pf/data
meta_directory = /etc/postfix
myhostname = mailstack.localhost
mydomain = localhost
myorigin = \$myhostname
inet_interfaces = loopback-only
inet_protocols = ipv4
mydestination =
local_recipient_maps =
alias_maps =
alias_database =
biff = no
append_dot_mydomain = no
virtual_mailbox_domains = $DOMAIN
virtual_transport = lmtp:inet:127.0.0.1:$LMTP_PORT
# Nothing leaves the machine.
default_transport = error:outside mail is disabled in the test stack
relay_transport = error:outside mail is disabled in the test stack
mynetworks = 127.0.0.0/8
smtpd_relay_restrictions = permit_mynetworks, permit_sasl_authenticated, reject_unauth_destination
smtpd_tls_cert_file = $DIR/tls/cert.pem
smtpd_tls_key_file = $DIR/tls/key.pem
smtpd_tls_security_level = may
smtpd_tls_auth_only = yes
smtpd_sasl_auth_enable = yes
smtpd_sasl_type = dovecot
smtpd_sasl_path = $DIR/auth/dovecot-auth
smtp_dns_support_level = disabled
lmtp_host_lookup = native
maillog_file = $DIR/maillog
maillog_file_prefixes = $DIR
# Fast retries and no throttling: tests and the intake-rush benchmark.
in_flow_delay = 0
queue_run_delay = 2s
minimal_backoff_time = 2s
maximal_backoff_time = 10s
smtpd_client_connection_count_limit = 0
smtpd_client_connection_rate_limit = 0
smtpd_client_message_rate_limit = 0
default_process_limit = 200
smtpd_error_sleep_time = 0
# A service that failed to start (smtpd while Dovecot's auth socket is down,
# in the outage tests) is retried after 2 s, not the default minute.
service_throttle_time = 2s
EOF
    local master_src=/etc/postfix/master.cf
    [ -f "$master_src" ] || master_src=/usr/share/postfix/master.cf.dist
    # No chroot (the queue is in a temp dir), the smtp listener moved to a
    # loopback port, plus an SMTPS listener.
    awk -v smtp="127.0.0.1:$SMTP_PORT" '
        /^[#[:space:]]/ || NF < 8 { print; next }
        {
            if ($1 == "smtp" && $2 == "inet") { $1 = smtp }
            $5 = "n"
            print
        }' "$master_src" > "$pf/master.cf"
    cat >> "$pf/master.cf" <<EOF
127.0.0.1:$SMTPS_PORT inet n - n - - smtpd
  -o smtpd_tls_wrappermode=yes
  -o smtpd_tls_security_level=encrypt
127.0.0.1:$MX_PORT inet n - n - - smtpd
  -o smtpd_sasl_auth_enable=no
  -o smtpd_tls_auth_only=no
EOF
    for f in dynamicmaps.cf; do
        [ -f "/etc/postfix/$f" ] && cp "/etc/postfix/$f" "$pf/$f"
    done
    [ -d /etc/postfix/dynamicmaps.cf.d ] && cp -r /etc/postfix/dynamicmaps.cf.d "$pf/" || true
}

wait_banner() { # port expected-prefix: waits for the server's greeting
    local port=$1 want=$2 line
    for _ in $(seq 1 100); do
        line=$( (exec 3<>"/dev/tcp/127.0.0.1/$port" && IFS= read -r -t 3 l <&3 && printf '%s' "$l") 2>/dev/null || true)
        case "$line" in "$want"*) return 0 ;; esac
        sleep 0.2
    done
    return 1
}

wait_tls() {
    local port=$1
    for _ in $(seq 1 50); do
        if echo | timeout 5 openssl s_client -connect "127.0.0.1:$port" -CAfile "$DIR/tls/cert.pem" \
            -verify_return_error -brief >/dev/null 2>&1; then
            return 0
        fi
        sleep 0.2
    done
    return 1
}

start_once() {
    pick_port SMTP_PORT; pick_port SMTPS_PORT
    pick_port IMAP_PORT; pick_port IMAPS_PORT; pick_port LMTP_PORT; pick_port MX_PORT
    write_configs
    dovecot -c "$DIR/dovecot/dovecot.conf" || return 1
    postfix -c "$DIR/postfix" start >>"$DIR/postfix-start.log" 2>&1 || return 1
    wait_banner "$IMAP_PORT" "* OK" || { log "IMAP does not answer"; return 1; }
    wait_banner "$LMTP_PORT" "220" || { log "LMTP does not answer"; return 1; }
    wait_banner "$SMTP_PORT" "220" || { log "SMTP does not answer"; return 1; }
    wait_banner "$MX_PORT" "220" || { log "SMTP (MX) does not answer"; return 1; }
    wait_tls "$IMAPS_PORT" || { log "IMAPS does not answer"; return 1; }
    wait_tls "$SMTPS_PORT" || { log "SMTPS does not answer"; return 1; }
    [ -S "$DIR/auth/dovecot-auth" ] || { log "no Dovecot auth socket"; return 1; }
}

started=0
for attempt in 1 2 3; do
    if start_once; then started=1; break; fi
    log "start attempt $attempt failed; see $DIR/dovecot.log $DIR/maillog $DIR/postfix-start.log"
    tail -n 20 "$DIR/dovecot.log" "$DIR/maillog" "$DIR/postfix-start.log" >&2 2>/dev/null || true
    bash "$HERE/down.sh" "$DIR" >/dev/null 2>&1 || true
done
[ $started = 1 ] || die "could not start the mail stack in $DIR"

cat > "$DIR/env" <<EOF
MAILSTACK_DIR='$DIR'
MAILSTACK_HOST='127.0.0.1'
MAILSTACK_SMTP_PORT=$SMTP_PORT
MAILSTACK_SMTPS_PORT=$SMTPS_PORT
MAILSTACK_IMAP_PORT=$IMAP_PORT
MAILSTACK_IMAPS_PORT=$IMAPS_PORT
MAILSTACK_LMTP_PORT=$LMTP_PORT
MAILSTACK_CA_FILE='$DIR/tls/cert.pem'
MAILSTACK_DOMAIN='$DOMAIN'
MAILSTACK_REFEREE='arbitre@$DOMAIN'
MAILSTACK_PLAYERS=$PLAYERS
MAILSTACK_PASSWORD='$PASSWORD'
MAILSTACK_PASSWORD_FILE='$DIR/password'
MAILSTACK_DOVECOT_CONF='$DIR/dovecot/dovecot.conf'
MAILSTACK_POSTFIX_DIR='$DIR/postfix'
MAILSTACK_MX_PORT=$MX_PORT
EOF

if [ -n "$OWNER" ]; then
    # Stops (and removes) the stack when the owner process exits. Detached
    # and with no inherited descriptors, so the caller's pipes close.
    remove_flag=""
    [ $REMOVE = 1 ] && remove_flag="--remove"
    MAILSTACK_FROM_WATCHER=1 setsid nohup bash -c '
        while kill -0 "$1" 2>/dev/null; do sleep 1; done
        bash "$2/down.sh" "$3" $4
    ' mailstack-watcher "$OWNER" "$HERE" "$DIR" "$remove_flag" \
        </dev/null >>"/tmp/arbitre-mailstack-watcher.log" 2>&1 &
    echo $! > "$DIR/watcher.pid"
fi

log "mail stack up in $DIR (smtp $SMTP_PORT, smtps $SMTPS_PORT, mx $MX_PORT, imap $IMAP_PORT, imaps $IMAPS_PORT, lmtp $LMTP_PORT)"
echo "$DIR/env"
