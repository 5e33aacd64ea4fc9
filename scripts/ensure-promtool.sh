#!/usr/bin/env bash
# Installs promtool from Debian's prometheus package, once: a test checks the example alert rules
# in docs/prometheus with `promtool check rules`. Idempotent; waits for another apt run to finish.
set -euo pipefail
command -v promtool >/dev/null 2>&1 && exit 0
echo "installing prometheus (for promtool) from Debian's packages"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq
$SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends prometheus >/dev/null
