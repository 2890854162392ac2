#!/usr/bin/env bash
# `npm run bench`: every benchmark in this folder, one after another (they load the machine; run them
# on a quiet machine). Each prints a markdown row to copy into bench/RESULTS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
TSX=node_modules/.bin/tsx
# A million people in memory (bench/search-index.ts) needs more than the default heap.
export NODE_OPTIONS="${NODE_OPTIONS:-} --max-old-space-size=6144"
for script in bench/first-route.ts bench/web.ts bench/overhead.ts bench/tokens.ts bench/deletions.ts bench/pglite-thread.ts bench/sessions.ts bench/search.ts bench/search-index.ts \
  bench/realtime.ts bench/reconnect.ts bench/chat.ts bench/scaleout.ts bench/import.ts bench/door.ts bench/badges.ts; do
  if [ -f "$script" ]; then
    echo "== $script"
    "$TSX" "$script"
  fi
done
