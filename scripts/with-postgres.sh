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
# In the data folder's own settings (not the command line), so `$PGTEST_PG_CTL -w start` starts it again as it was.
printf '%s\n' "listen_addresses = '127.0.0.1'" "port = $port" "unix_socket_directories = '$dir'" "max_connections = 200" "fsync = off" \
  | "${run_as[@]}" tee -a "$dir/data/postgresql.auto.conf" >/dev/null
"${run_as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w start >/dev/null
# A fault bench stops and starts the server (bench:faults restarts it mid-payout).
export PGTEST_PG_CTL="${run_as[*]} $bin/pg_ctl -D $dir/data -l $dir/server.log"
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" "$@"
