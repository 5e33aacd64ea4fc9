#!/usr/bin/env bash
# Installs what the end-to-end tests need from Debian, once: Chromium and fonts with CJK glyphs
# (the zh_CN pages must render, and axe measures contrast on real glyphs). Idempotent.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
[ ${#need[@]} -eq 0 ] && exit 0
echo "installing ${need[*]} from Debian's packages"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
