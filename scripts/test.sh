#!/usr/bin/env bash
# Runs every test: lint, types, unit + API on PGlite, API on a throw-away PostgreSQL, and the
# Playwright journeys in Debian's Chromium. Ends with one "N passed, N failed" line.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

fail() { echo "error: $*" >&2; exit 1; }
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] || fail "Chromium is missing: install Debian's package with 'apt-get install -y chromium'."
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
[ -n "$PG_BIN" ] && [ -x "$PG_BIN/initdb" ] || fail "PostgreSQL is missing: install Debian's package with 'apt-get install -y postgresql'."

REPORTS=$(mktemp -d)
PGTMP=""
cleanup() {
  if [ -n "$PGTMP" ] && [ -f "$PGTMP/data/postmaster.pid" ]; then
    $AS "$PG_BIN/pg_ctl" -D "$PGTMP/data" -m immediate stop >/dev/null 2>&1 || true
  fi
  [ -n "$PGTMP" ] && rm -rf "$PGTMP"
  rm -rf "$REPORTS"
}
trap cleanup EXIT

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "lint"
eslint . --max-warnings 0
prettier --check . --log-level warn

step "type check"
npm run --silent typecheck

step "unit, component and API tests (PGlite)"
vitest run --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest-pglite.json"

step "API tests (PostgreSQL)"
# initdb refuses to run as root, so the server runs as the postgres user in a temporary directory.
if [ "$(id -u)" = 0 ]; then AS="runuser -u postgres --"; else AS=""; fi
PGTMP=$(mktemp -d /tmp/turing-pg.XXXXXX)
chmod 755 "$PGTMP"
[ -n "$AS" ] && chown postgres "$PGTMP"
PGPORT=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
$AS "$PG_BIN/initdb" -D "$PGTMP/data" -U postgres -A trust --no-sync >/dev/null
$AS "$PG_BIN/pg_ctl" -D "$PGTMP/data" -w -l "$PGTMP/log" \
  -o "-p $PGPORT -k $PGTMP -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
# server-postgres (vitest.config.ts) holds the server test files that use a database, and *.pg.test.ts.
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres" \
  vitest run --project server-postgres --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest-postgres.json"

step "end-to-end journeys (Chromium)"
npm run --silent build >/dev/null
PW_JSON="$REPORTS/playwright.json" CHROMIUM_PATH="$CHROMIUM" playwright test -c tests/e2e/playwright.config.ts

node scripts/test-summary.mjs "$REPORTS"
