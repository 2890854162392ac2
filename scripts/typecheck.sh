#!/usr/bin/env bash
# Typechecks every TypeScript folder in two lanes at once (CI machines have two cores). The server,
# its tests, the contract and bench/ are one program (tsconfig.node.json: bench/ imports the server,
# so on their own its sources were checked twice); the web app, integration/ and e2e/ have their
# own libraries (DOM) and stay programs of their own. Quiet 2-core machine: 75 s → ~52 s.
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
lane a tsconfig.node.json e2e &
a=$!
lane b apps/web integration &
b=$!
status=0
wait "$a" || status=1
wait "$b" || status=1
cat "$out"/* 2>/dev/null
exit "$status"
