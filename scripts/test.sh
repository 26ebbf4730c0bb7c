#!/usr/bin/env bash
# `npm test`: unit and API tests on the embedded database, then browser tests in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-packages.sh
npx vitest run
# Browser tests run against the production build, rebuilt when sources changed.
node scripts/build-if-stale.mjs
npx playwright test
