#!/usr/bin/env bash
# Installs what the platform needs on a fresh Debian machine of this kind: system packages
# (Chromium for PDFs and captures, CJK fonts, poppler-utils for PDF checks, ffmpeg for process-evidence video), npm dependencies
# (including the pinned Node 24), and builds the web app. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
command -v certutil >/dev/null 2>&1 || need+=(libnss3-tools)
command -v openssl >/dev/null 2>&1 || need+=(openssl)
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
if [ ${#need[@]} -gt 0 ]; then
  echo "==> apt-get install ${need[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}"
fi

# `npm ci` installs exactly what package-lock.json records, as CI does. It must succeed: there is no
# `npm install` fallback, which could resolve versions CI never tested (issue 8 §2). If it refuses the
# lock, regenerate it (`npm install --package-lock-only` under the pinned Node) and commit it.
ci_or_die() {
  if ! "$@"; then
    echo "" >&2
    echo "ERROR: 'npm ci' refused package-lock.json (see the npm error above)." >&2
    echo "       Set-up stops here rather than install versions the lock does not record." >&2
    exit 1
  fi
}
if [ ! -x node_modules/.bin/node ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "==> npm ci"
  ci_or_die npm ci --no-audit --no-fund
fi
# npm judges optional packages' "engines" by the Node that runs npm (Debian's Node 20 here) and silently
# skips Hardhat's EDR binary (node >= 22), which the anchoring tests' local EVM node needs: run `npm ci`
# again under the pinned Node 24 when it is missing (still from the lock only, never `npm install`).
if [ ! -d node_modules/@nomicfoundation/edr-linux-x64-gnu ] && [ "$(uname -sm)" = "Linux x86_64" ]; then
  echo "==> npm ci under Node 24 (optional binaries that need Node >= 22)"
  ci_or_die env PATH="$PWD/node_modules/.bin:$PATH" npm ci --no-audit --no-fund
  if [ ! -d node_modules/@nomicfoundation/edr-linux-x64-gnu ]; then
    echo "ERROR: Hardhat's EDR binary (@nomicfoundation/edr-linux-x64-gnu) is still missing after npm ci under Node 24." >&2
    exit 1
  fi
fi
echo "==> build web app"
npm run build
