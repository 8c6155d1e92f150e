#!/usr/bin/env bash
# Runs every test: lint, types, unit + API on PGlite, API on a throw-away PostgreSQL, and the
# Playwright journeys in Debian's Chromium (headless shell). Ends with one "N passed, N failed" line.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
# Node keeps the code it compiled (V8's cache, checked against each file's source) for the next
# process: the run starts the server, its CLIs, tsc and the linters dozens of times, and each start
# then skips most of its compiling (a third of a server process's start-up CPU).
export NODE_COMPILE_CACHE=${NODE_COMPILE_CACHE:-$PWD/node_modules/.cache/node-compile-cache}

fail() { echo "error: $*" >&2; exit 1; }
# The journeys run in Chromium's headless shell (the same Blink without the browser's window
# machinery: about half the CPU per journey); the full browser works too.
CHROMIUM=${CHROMIUM_PATH:-}
for candidate in /usr/bin/chromium-headless-shell /usr/bin/chromium; do
  [ -z "$CHROMIUM" ] && [ -x "$candidate" ] && CHROMIUM=$candidate
done
[ -n "$CHROMIUM" ] && [ -x "$CHROMIUM" ] ||
  fail "Chromium is missing: install Debian's package with 'apt-get install -y chromium-headless-shell' (or chromium)."
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
[ -n "$PG_BIN" ] && [ -x "$PG_BIN/initdb" ] || fail "PostgreSQL is missing: install Debian's package with 'apt-get install -y postgresql'."

REPORTS=$(mktemp -d)
LOGS=$(mktemp -d)
PGTMP=""
cleanup() {
  if [ -n "$PGTMP" ] && [ -f "$PGTMP/data/postmaster.pid" ]; then
    $AS "$PG_BIN/pg_ctl" -D "$PGTMP/data" -m immediate stop >/dev/null 2>&1 || true
  fi
  [ -n "$PGTMP" ] && rm -rf "$PGTMP"
  rm -rf "$REPORTS" "$LOGS"
}
trap cleanup EXIT

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
now() { date +%s; }
took() { printf '(%ss)\n' $(($(now) - $1)); }

# Runs named commands side by side (the machine's cores would otherwise idle through single-threaded
# tools), shows each one's output once it ends, and fails if any of them failed.
side_by_side() {
  local names=() pids=() status=0
  while [ $# -gt 0 ]; do
    names+=("$1")
    bash -c "$2" >"$LOGS/$1.log" 2>&1 &
    pids+=($!)
    shift 2
  done
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then echo "-- ${names[$i]}: ok"; else echo "-- ${names[$i]}: FAILED"; status=1; fi
    cat "$LOGS/${names[$i]}.log"
  done
  return $status
}

# initdb refuses to run as root, so the server runs as the postgres user in a temporary directory.
if [ "$(id -u)" = 0 ]; then AS="runuser -u postgres --"; else AS=""; fi
PGTMP=$(mktemp -d /tmp/turing-pg.XXXXXX)
chmod 755 "$PGTMP"
[ -n "$AS" ] && chown postgres "$PGTMP"
PGPORT=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
$AS "$PG_BIN/initdb" -D "$PGTMP/data" -U postgres -A trust --no-sync >/dev/null
$AS "$PG_BIN/pg_ctl" -D "$PGTMP/data" -w -l "$PGTMP/log" \
  -o "-p $PGPORT -k $PGTMP -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null

# A failing stage does not stop the others: the closing line counts every test of the run. Each
# test stage leaves its report and its exit status, each check its exit status, for
# scripts/test-summary.mjs.
stage() {
  local name=$1 status=0
  shift
  "$@" || status=$?
  echo "$status" >"$REPORTS/$name.status"
}
check() {
  local name=$1 status=0
  shift
  "$@" || status=$?
  echo "$status" >"$REPORTS/$name.check"
  return $status
}
export -f stage check
export REPORTS PGPORT CHROMIUM

start=$(now)
step "unit, component and API tests (PGlite, and PostgreSQL for the files that use a database) beside lint, types, the web build and then the Chromium journeys"
# Everything runs at once, since the API tests mostly wait (on their databases, the processes they
# start, timers) and so do the journeys (on the browser and the generation pace): together they keep
# both cores busy. The journeys need the web build; the API tests need nothing, so they start first.
# Lint and the type check only compute and wait on nothing: they run at a lower priority and fill
# the gaps, so the API tests (the longest stage) are not slowed by them.
# vitest: server-postgres (vitest.config.ts) repeats on PostgreSQL the server tests that reach the
# test app; the others do not depend on the database and run once.
side_by_side \
  vitest 'stage vitest env TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres" \
    vitest run --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest.json"' \
  lint 'check lint nice -n 10 bash -c "eslint . --max-warnings 0 && prettier --check . --log-level warn && npm run --silent cycles && knip --no-progress"' \
  types 'check types nice -n 10 npm run --silent typecheck' \
  journeys 'check build npm run --silent build >/dev/null && \
    stage playwright env PW_JSON="$REPORTS/playwright.json" CHROMIUM_PATH="$CHROMIUM" \
    playwright test -c tests/e2e/playwright.config.ts' || true
took "$start"

node scripts/test-summary.mjs "$REPORTS"
