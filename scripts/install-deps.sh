#!/usr/bin/env bash
# Installs what building and testing arbitre needs on a fresh Debian machine
# (run as root, or with sudo available). Idempotent: installs only what is missing.
set -euo pipefail
need=()
# chromium + chromium-driver: the browser tests (tests/web_browser.rs) drive it headless over WebDriver.
for pkg in ca-certificates openssl postfix dovecot-imapd dovecot-lmtpd pkg-config chromium chromium-driver fonts-dejavu-core; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
if ((${#need[@]})); then
  SUDO=""
  [[ $(id -u) -eq 0 ]] || SUDO="sudo"
  echo "install-deps: installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  # The packages start system-wide services; the tests run their own private
  # instances on loopback ports, so stop the system ones.
  $SUDO systemctl stop postfix dovecot 2>/dev/null || $SUDO service postfix stop 2>/dev/null || true
  $SUDO service dovecot stop 2>/dev/null || true
fi
if ! command -v cargo >/dev/null; then
  echo "install-deps: cargo is missing: install Rust 1.95 (https://rustup.rs) first" >&2
  exit 1
fi
