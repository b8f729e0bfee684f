#!/usr/bin/env bash
# Sets up everything, then runs lint, type-check and the whole test suite:
# contract unit tests, server suite (PGlite; and PostgreSQL too when TEST_DATABASE_URL is set),
# web component tests and the Playwright end-to-end flow in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "==> lint";      npm run lint
echo "==> typecheck"; npm run typecheck
echo "==> test";      npm test
echo "==> e2e";       npm run e2e
