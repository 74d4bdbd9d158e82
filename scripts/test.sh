#!/usr/bin/env bash
# The project's test command (README): installs the system packages the
# integration tests need (a real Postfix and Dovecot on loopback), then runs
# every test: unit, rules cases, mail samples, and the mail-server suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cargo test --locked "$@"
