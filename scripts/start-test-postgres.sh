#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the tests (installing Debian's package when run as root)
# and prints its URL. `.ci/run` exports it as TEST_DATABASE_URL; locally the PostgreSQL tests skip
# with a visible message when that variable is unset.
set -euo pipefail
dir=${TEST_PGDATA:-/tmp/wizard-test-pg}
port=${TEST_PGPORT:-54329}
find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
bin=$(find_bin)
if [ -z "$bin" ]; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  bin=$(find_bin)
fi
if ! su postgres -c "$bin/pg_ctl -D $dir status" >/dev/null 2>&1; then
  rm -rf "$dir" && mkdir -p "$dir" && chown postgres "$dir"
  su postgres -c "$bin/initdb -D $dir -U postgres --auth=trust" >/dev/null
  su postgres -c "$bin/pg_ctl -D $dir -l $dir/server.log -w -o \"-p $port -k /tmp -c listen_addresses=127.0.0.1\" start" >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$port/postgres"
