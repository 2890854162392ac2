#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (test tools cannot download their own browser here).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package (needed for the browser tests)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is required for the browser tests but was not found at $CHROMIUM." >&2
echo "Install it as root with:  apt-get update && apt-get install -y chromium" >&2
echo "(or point CHROMIUM_PATH at a Chromium/Chrome binary), then run npm test again." >&2
exit 1
