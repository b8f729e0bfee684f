#!/usr/bin/env bash
# Quick start: set up everything, then start the platform with embedded defaults
# (PGlite + local blobs + built-in ledger + SMS in the log) on http://localhost:${PORT:-8080}.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec npm start
