#!/usr/bin/env bash
# npm run verify:program -w @jelly/escrow
# Rebuilds the escrow program from its C sources into a temporary folder and fails unless the result is
# byte-for-byte the committed packages/escrow/program/jelly_escrow.so (a verifiable build).
set -euo pipefail
package_dir="$(cd "$(dirname "$0")/.." && pwd)"
repo_root="$(cd "$package_dir/../.." && pwd)"
committed="$package_dir/program/jelly_escrow.so"

bash "$repo_root/scripts/ensure-system-deps.sh" clang
if [ ! -f "$committed" ]; then
  echo "verify:program: $committed is missing; run 'npm run build:program -w @jelly/escrow' and commit it." >&2
  exit 1
fi
if git -C "$repo_root" rev-parse --git-dir >/dev/null 2>&1 \
  && ! git -C "$repo_root" diff --quiet HEAD -- "$committed" 2>/dev/null; then
  echo "verify:program: note: program/jelly_escrow.so has uncommitted changes; checking the working copy." >&2
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$package_dir" && npx tsx tools/build-program.ts --out "$work/jelly_escrow.so")

# The program's sha256 by the rule of src/program-hash.ts (for a linked .so, sha256sum of the whole file): the hash
# the proof of escrow and `npm run escrow -- deploy | upgrade` print for the deployed copy.
hashes="$(cd "$package_dir" && npx tsx tools/program-sha256.ts "$committed" "$work/jelly_escrow.so")"
expected="$(sed -n 1p <<<"$hashes" | cut -d' ' -f1)"
actual="$(sed -n 2p <<<"$hashes" | cut -d' ' -f1)"
echo "committed sha256: $expected  program/jelly_escrow.so ($(stat -c %s "$committed") bytes)"
echo "rebuilt   sha256: $actual  ($(stat -c %s "$work/jelly_escrow.so") bytes)"
if [ "$expected" != "$actual" ] || ! cmp -s "$committed" "$work/jelly_escrow.so"; then
  echo "verify:program: FAILED: the committed program is not what its sources build to." >&2
  echo "Run 'npm run build:program -w @jelly/escrow' and commit program/jelly_escrow.so." >&2
  exit 1
fi
echo "verify:program: OK, the committed program matches its sources."
