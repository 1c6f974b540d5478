#!/usr/bin/env bash
# Makes sure the Debian tools a test run needs are present.
# As root it installs what is missing from Debian's packages; otherwise it stops with a one-line instruction.
# Usage: ensure-system-deps.sh chromium|postgresql|clang|haproxy|promtool ...
set -euo pipefail
missing=()
for tool in "$@"; do
  case "$tool" in
    chromium) command -v chromium >/dev/null 2>&1 || missing+=(chromium) ;;
    postgresql) { command -v pg_ctl >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; } || missing+=(postgresql) ;;
    clang) { command -v clang-19 >/dev/null 2>&1 && command -v llvm-objdump-19 >/dev/null 2>&1; } || missing+=(clang-19 llvm-19) ;;
    haproxy) [ -x /usr/sbin/haproxy ] || missing+=(haproxy) ;;
    promtool) command -v promtool >/dev/null 2>&1 || missing+=(prometheus) ;;
    *) echo "ensure-system-deps: unknown tool '$tool'" >&2; exit 2 ;;
  esac
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing from Debian: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "Missing system packages: run 'sudo apt-get install -y ${missing[*]}' and try again." >&2
  exit 1
fi
