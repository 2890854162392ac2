#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (test tools cannot download their own browser here): its
# headless shell (package chromium-headless-shell) when installed, which costs a third less CPU per
# test on the 2-core CI machine (e2e/lib/browser.ts), and Chromium itself for the web benchmarks.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] && exit 0
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file." >&2
  exit 1
fi
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} (needed for the browser tests)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
if [ -x /usr/bin/chromium ] || [ -x /usr/bin/chromium-headless-shell ]; then
  echo "Note: ${missing[*]} not installed (not root): the browser tests use what is there." >&2
  exit 0
fi
echo "Chromium is required for the browser tests but was not found at /usr/bin/chromium." >&2
echo "Install it as root with:  apt-get update && apt-get install -y chromium chromium-headless-shell" >&2
echo "(or point CHROMIUM_PATH at a Chromium/Chrome binary), then run npm test again." >&2
exit 1
