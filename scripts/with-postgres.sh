#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL server (Debian's package) on 127.0.0.1.
# Usage: scripts/with-postgres.sh <command...>   — the command sees DATABASE_URL.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bash "$here/ensure-system-deps.sh" postgresql
bin="$(dirname "$(ls /usr/lib/postgresql/*/bin/pg_ctl | sort -V | tail -n 1)")"
port="${PGTEST_PORT:-54329}"
dir="$(mktemp -d)"
run_as=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres:postgres "$dir"
  run_as=(runuser -u postgres --)
fi
cleanup() { "${run_as[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT
"${run_as[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
"${run_as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c max_connections=200 -c fsync=off" start >/dev/null
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" "$@"
