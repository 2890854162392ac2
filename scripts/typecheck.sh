#!/usr/bin/env bash
# Typechecks the six TypeScript projects in two lanes at once (CI machines have two cores; each
# project is a program of its own, the server's sources checked again in bench/ and integration/).
# Fails when any project fails, after printing every lane's output.
set -uo pipefail
cd "$(dirname "$0")/.."
tsc=node_modules/.bin/tsc
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
lane() {
  local name=$1
  shift
  for project in "$@"; do
    "$tsc" -p "$project" >>"$out/$name" 2>&1 || { echo "typecheck failed in $project" >>"$out/$name"; return 1; }
  done
}
lane a apps/server integration &
a=$!
lane b apps/web bench e2e packages/contract &
b=$!
status=0
wait "$a" || status=1
wait "$b" || status=1
cat "$out"/* 2>/dev/null
exit "$status"
