#!/usr/bin/env bash
# `npm test`: every check the project has, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
echo "== typecheck"; bash scripts/typecheck.sh
echo "== lint"; npm run -s lint
echo "== dependency check"; npm run -s depcheck
echo "== unit and API tests"; node_modules/.bin/vitest run --project contract --project web --project server
echo "== build"; npm run -s build
echo "== browser tests"; node_modules/.bin/vitest run --project e2e
