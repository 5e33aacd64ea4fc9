#!/usr/bin/env bash
# Installs HAProxy from Debian's packages, once: `npm run proof` puts it in front of the API
# replicas, as a provider would. Idempotent.
set -euo pipefail
command -v haproxy >/dev/null 2>&1 && exit 0
[ -x /usr/sbin/haproxy ] && exit 0
echo "installing haproxy from Debian's packages"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends haproxy >/dev/null
