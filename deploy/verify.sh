#!/usr/bin/env bash
# Builds the image and proves it on this machine, as a multi-node product: an API container and a
# worker container against a PostgreSQL and an S3-protocol store started here. A user signs up
# (the code arrives by SMTP), an operator is granted and cubes are added with the admin CLI inside
# the API container, a task is submitted, its worker is stopped with SIGTERM while it generates,
# another worker takes the task up, and the task completes exactly once: one set of results, in
# the object store and served by the API node, and one charge. It also checks what the image
# holds (no tests, no development dependencies, a non-root user, pg_dump, a health check), backs
# up with pg_dump from the API container and restores into an empty database, and checks that
# compose refuses to start without a required secret. Ends with PASS or FAIL; cleans up.
#
#   deploy/verify.sh                       # needs root (PostgreSQL runs as the postgres user)
#
#   BASE_IMAGE  the image's base (default docker.io/library/node:24-bookworm-slim; on a machine
#               without a registry, deploy/local-base.sh makes local/bookworm)
#   CONTAINER   the container command (default podman; e.g. "podman --runtime /usr/bin/runc" or docker)
#   IMAGE       the tag built and tested (default localhost/turing-design:verify; kept afterwards)
#   NPM_CA_FILE a certificate authority npm must trust while building (default NODE_EXTRA_CA_CERTS)
#   PG_BIN      PostgreSQL's programs (default the newest /usr/lib/postgresql/*/bin)
#
# Not part of `npm test`: it builds an image and starts containers. Uses the checkout's
# node_modules for the stand-ins (the S3 fake of apps/server/test-support and an SMTP sink).
set -Eeuo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BASE_IMAGE=${BASE_IMAGE:-docker.io/library/node:24-bookworm-slim}
read -r -a CLI <<<"${CONTAINER:-podman}"
IMAGE=${IMAGE:-localhost/turing-design:verify}
NPM_CA_FILE=${NPM_CA_FILE:-${NODE_EXTRA_CA_CERTS:-}}
PG_BIN=${PG_BIN:-$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin 2>/dev/null | sort -V | tail -1)}
NODE="$REPO/node_modules/.bin/node"
PREFIX="turing-verify-$$"
# A task takes this long on the preview engine: time enough to stop its worker in the middle.
PACE_MS=20000

STARTED=$(date +%s)
WORK=""
SERVICES_PID=""
PG_STARTED=""
CONTAINERS=()
STEP=""

log() { printf '%s [%4ss] %s\n' "$(date +%H:%M:%S)" "$(($(date +%s) - STARTED))" "$*"; }
step() {
  STEP=$*
  echo
  log "== $*"
}
ok() { log "   ok: $*"; }
fail() {
  log "   FAILED: $*"
  exit 1
}

cleanup() {
  local code=$?
  set +e
  if ((code != 0)); then
    for name in "${CONTAINERS[@]}"; do
      echo
      log "-- last lines of $name's log"
      "${CLI[@]}" logs --tail 25 "$name" 2>&1 | sed 's/^/   | /'
    done
  fi
  for name in "${CONTAINERS[@]}"; do "${CLI[@]}" rm -f -v "$name" >/dev/null 2>&1; done
  [[ -n $SERVICES_PID ]] && kill "$SERVICES_PID" 2>/dev/null && wait "$SERVICES_PID" 2>/dev/null
  [[ -n $PG_STARTED ]] && runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$WORK/pg" -m fast stop >/dev/null 2>&1
  [[ -n $WORK ]] && rm -rf "$WORK"
  echo
  if ((code == 0)); then
    log "PASS (image $IMAGE kept)"
  else
    log "FAIL at: $STEP"
  fi
  exit "$code"
}
trap cleanup EXIT
trap 'fail "command failed (line $LINENO): $BASH_COMMAND"' ERR

# A free TCP port on the loopback.
free_port() {
  "$NODE" -e 'const s = require("node:net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'
}
# Reads a dotted path (data.state) from the JSON on stdin; objects come out as JSON.
jget() {
  "$NODE" -e '
    let d = "";
    process.stdin.on("data", (c) => (d += c)).on("end", () => {
      const v = process.argv[1].split(".").reduce((o, k) => (o == null ? o : o[k]), JSON.parse(d));
      console.log(typeof v === "object" ? JSON.stringify(v) : String(v));
    });' "$1"
}
api() { # api METHOD PATH [BODY]
  local args=(-sS -X "$1" -H 'x-requested-with: XMLHttpRequest' -H "cookie: ${COOKIE:-}")
  [[ $# -ge 3 ]] && args+=(-H 'content-type: application/json' --data "$3")
  curl "${args[@]}" "http://127.0.0.1:$API_PORT/turing$2"
}
sql() { PGPASSWORD=$PG_PASSWORD "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d turing -tAX -c "$1"; }
# wait_for SECONDS DESCRIPTION COMMAND...: retries COMMAND every half second.
wait_for() {
  local deadline=$(($(date +%s) + $1)) what=$2
  shift 2
  until "$@" >/dev/null 2>&1; do
    (($(date +%s) < deadline)) || fail "$what: not within the time allowed"
    sleep 0.5
  done
}
ready() { [[ $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$1/turing/health/ready") == 200 ]]; }
task_field() { api GET "/design/task/get?id=$TASK_ID" | jget "data.$1"; }
task_is() { [[ $(task_field state) == "$1" ]]; }
task_ended() { [[ $(task_field state) =~ ^(complete|cancelled|timed_out|lost)$ ]]; }

start_node() { # start_node NAME ROLE PORT [extra run arguments...]
  local name=$1 role=$2 port=$3
  shift 3
  # Read-only, as the Kubernetes example runs it: only /data (the image's volume) and /tmp are written.
  # podman's complaints about health-check timers where systemd is not the init go to a file.
  "${CLI[@]}" run -d --name "$name" --network host --read-only --tmpfs /tmp \
    --env-file "$WORK/app.env" -e ROLE="$role" -e PORT="$port" -e NODE_ID="$name" "$@" "$IMAGE" \
    >/dev/null 2>"$WORK/run-$name.log" || fail "starting $name: $(cat "$WORK/run-$name.log")"
  CONTAINERS+=("$name")
}

step "preflight"
[[ $(id -u) -eq 0 ]] || fail "run as root: PostgreSQL is started as the postgres user"
"${CLI[@]}" --version >/dev/null || fail "no container command: ${CLI[*]}"
[[ -x $PG_BIN/initdb ]] || fail "no PostgreSQL server programs (apt-get install postgresql), or set PG_BIN"
for tool in curl openssl runuser; do command -v "$tool" >/dev/null || fail "$tool is missing"; done
[[ -x $NODE ]] || fail "no $NODE: run npm ci in $REPO first"
[[ -d $REPO/node_modules/smtp-server ]] || fail "no smtp-server in node_modules: run npm ci in $REPO first"
WORK=$(mktemp -d /tmp/turing-verify.XXXXXX)
chmod 755 "$WORK"
# One-shot containers need no health check.
ONCE=(--rm --network host --no-healthcheck)
ok "$("${CLI[@]}" --version), PostgreSQL from $PG_BIN, Node $("$NODE" --version) for the stand-ins"

step "build the image ($IMAGE from BASE_IMAGE=$BASE_IMAGE)"
build=(build --network host --build-arg "BASE_IMAGE=$BASE_IMAGE" -t "$IMAGE" -f "$REPO/Containerfile")
# podman's default (OCI) image format has no HEALTHCHECK.
[[ ${CLI[0]} == *podman* ]] && build+=(--format docker)
[[ -n $NPM_CA_FILE && -f $NPM_CA_FILE ]] && build+=(--secret "id=npm_ca,src=$NPM_CA_FILE")
built_at=$(date +%s)
if ! "${CLI[@]}" "${build[@]}" "$REPO" >"$WORK/build.log" 2>&1; then
  tail -40 "$WORK/build.log" | sed 's/^/   | /'
  fail "the build failed"
fi
ok "built in $(($(date +%s) - built_at)) s"
"${CLI[@]}" image ls "$IMAGE" | sed 's/^/   | /'

step "what the image holds"
inspect() { "${CLI[@]}" image inspect --format "$1" "$IMAGE"; }
[[ $(inspect '{{.Config.User}}') == turing ]] || fail "the image does not run as the turing user"
[[ $(inspect '{{json .Config.Entrypoint}}') == *tini* ]] || fail "tini is not the entrypoint"
[[ $(inspect '{{json .Config.Healthcheck}}') == */turing/health/ready* ]] || fail "no HEALTHCHECK on /turing/health/ready"
[[ $(inspect '{{json .Config.Volumes}}') == *'"/data"'* ]] || fail "/data is not a volume"
ok "user turing, tini as PID 1, HEALTHCHECK on /turing/health/ready, /data a volume"
# shellcheck disable=SC2016 # expanded by the container's shell
"${CLI[@]}" run "${ONCE[@]}" --entrypoint sh "$IMAGE" -c '
  set -e
  echo "uid $(id -u), node $(node --version), npm $(npm --version), $(pg_dump --version), $(pg_restore --version)"
  test "$(id -u)" != 0
  node -e "process.exit(Number(process.versions.node.split(\".\")[0]) >= 24 ? 0 : 1)"
  found=$(find /app -path /app/node_modules -prune -o \( -name "*.test.ts" -o -name "*.test.tsx" -o -name test-support \) -print)
  found="$found$(ls -d /app/tests /app/bench /app/apps/web/src /app/apps/web/node_modules 2>/dev/null || true)"
  test -z "$found" || { echo "test or web sources in the image: $found"; exit 1; }
  for dev in vite vitest @playwright/test eslint typescript drizzle-kit node/bin/node; do
    test ! -e "node_modules/$dev" || { echo "development dependency in the image: $dev"; exit 1; }
  done
  test -f apps/web/dist/index.html
  test -d node_modules/@upscalerjs/esrgan-slim/models && test -d node_modules/@upscalerjs/esrgan-medium/models
' 2>&1 | sed 's/^/   | /'
ok "no tests, test helpers, web sources or development dependencies; the web app built; the upscaler's weights inside"

step "PostgreSQL on the host"
PG_PORT=$(free_port)
PG_PASSWORD=$(openssl rand -hex 16)
install -d -o postgres -g postgres -m 700 "$WORK/pg" "$WORK/pg-run"
printf '%s\n' "$PG_PASSWORD" >"$WORK/pg-password"
chown postgres "$WORK/pg-password"
runuser -u postgres -- "$PG_BIN/initdb" -D "$WORK/pg" -U postgres --auth=scram-sha-256 \
  --pwfile="$WORK/pg-password" >"$WORK/initdb.log" 2>&1 || fail "initdb: $(tail -3 "$WORK/initdb.log")"
runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$WORK/pg" -l "$WORK/pg-run/postgres.log" -w \
  -o "-p $PG_PORT -c listen_addresses=127.0.0.1 -k $WORK/pg-run" start >/dev/null
PG_STARTED=1
PGPASSWORD=$PG_PASSWORD "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres turing
ok "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT, database turing"

step "S3-protocol store and SMTP server on the host"
cd "$REPO"
# shellcheck disable=SC2016 # JavaScript
"$NODE" --input-type=module -e '
  import fs from "node:fs";
  import http from "node:http";
  import { pathToFileURL } from "node:url";
  import { SMTPServer } from "smtp-server";
  const [repo, work] = process.argv.slice(1);
  const { fakeS3 } = await import(pathToFileURL(`${repo}/apps/server/test-support/fake-s3.ts`).href);
  const s3 = await fakeS3("turing");
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, done) {
      let raw = "";
      stream.on("data", (c) => (raw += c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        fs.appendFileSync(`${work}/mail.jsonl`, JSON.stringify({ to, raw }) + "\n");
        done();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  // What the bucket holds, for the checks.
  const listing = http.createServer((req, res) => res.end(JSON.stringify([...s3.objects.keys()])));
  await new Promise((resolve) => listing.listen(0, "127.0.0.1", resolve));
  fs.writeFileSync(`${work}/services.json`, JSON.stringify({
    s3: s3.url,
    smtp: `smtp://127.0.0.1:${smtp.server.address().port}`,
    listing: `http://127.0.0.1:${listing.address().port}`,
  }));
  process.on("SIGTERM", () => process.exit(0));
' "$REPO" "$WORK" >"$WORK/services.log" 2>&1 &
SERVICES_PID=$!
wait_for 30 "the stand-ins start" test -s "$WORK/services.json"
S3_URL=$(jget s3 <"$WORK/services.json")
SMTP_URL=$(jget smtp <"$WORK/services.json")
LISTING_URL=$(jget listing <"$WORK/services.json")
ok "S3 at $S3_URL (bucket turing, path-style), SMTP at $SMTP_URL"

API_PORT=$(free_port)
ADMIN_PORT=$(free_port)
METRICS_PORT=$(free_port)
W1_PORT=$(free_port)
W2_PORT=$(free_port)
cat >"$WORK/app.env" <<EOF
NODE_ENV=production
DATABASE_URL=postgres://postgres:$PG_PASSWORD@127.0.0.1:$PG_PORT/turing
PUBLIC_URL=http://127.0.0.1:$API_PORT
FILE_URL_SECRET=$(openssl rand -hex 32)
ADMIN_TOKEN=$(openssl rand -hex 32)
S3_BUCKET=turing
S3_ENDPOINT=$S3_URL
S3_FORCE_PATH_STYLE=true
S3_ACCESS_KEY_ID=verify
S3_SECRET_ACCESS_KEY=verify-secret
SMTP_URL=$SMTP_URL
DEMO_CONTENT=false
PREVIEW_PACE_MS=$PACE_MS
TASK_STALE_MS=600000
EOF

step "migrations, once, as a one-shot container (npm run migrate)"
"${CLI[@]}" run "${ONCE[@]}" --read-only --tmpfs /tmp --env-file "$WORK/app.env" "$IMAGE" npm run migrate \
  >"$WORK/migrate.log" 2>&1 || fail "npm run migrate: $(tail -5 "$WORK/migrate.log")"
grep -q 'Migrations applied (postgres)' "$WORK/migrate.log" || fail "npm run migrate said: $(tail -3 "$WORK/migrate.log")"
ok "$(grep 'Migrations applied' "$WORK/migrate.log") — $(sql 'select count(*) from drizzle.__drizzle_migrations') migrations"

step "API node (ROLE=api) and worker node 1 (ROLE=worker)"
install -d -o 10001 -g 10001 "$WORK/backups"
start_node "$PREFIX-api" api "$API_PORT" -e ADMIN_LISTEN="127.0.0.1:$ADMIN_PORT" -e METRICS_LISTEN="127.0.0.1:$METRICS_PORT" \
  -v "$WORK/backups:/backups"
start_node "$PREFIX-worker-1" worker "$W1_PORT"
wait_for 180 "the API node is ready" ready "$API_PORT"
ok "API ready on :$API_PORT ($(curl -s "http://127.0.0.1:$API_PORT/turing/health/ready" | jget data.database))"
wait_for 180 "worker 1 is ready" ready "$W1_PORT"
wait_for 60 "worker 1 says it is ready" sh -c "${CLI[*]} logs $PREFIX-worker-1 2>&1 | grep -q 'worker ready'"
ok "worker 1 ready (health on :$W1_PORT)"
if [[ ${CLI[0]} == *podman* ]]; then
  "${CLI[@]}" healthcheck run "$PREFIX-api" >/dev/null || fail "the image's health check failed on the API node"
  ok "the image's HEALTHCHECK passes on the API node"
fi
# compose.yml's own health check (the image's may be dropped by an OCI build), on this node's port.
compose_health=$(cd "$REPO" && "$NODE" -e '
  const { parse } = require("yaml");
  const compose = parse(require("node:fs").readFileSync("deploy/compose.yml", "utf8"), { merge: true });
  console.log(compose.services.api.healthcheck.test.at(-1));')
"${CLI[@]}" exec "$PREFIX-api" node -e "${compose_health//:8080/:$API_PORT}" || fail "compose's health check fails on a ready node"
ok "compose.yml's health check passes on the API node"
[[ $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$W1_PORT/turing/user/info") == 404 ]] ||
  fail "the worker serves the API"
[[ $(curl -s "http://127.0.0.1:$API_PORT/" | grep -c '<div id="root"') -ge 1 ]] || fail "the API node does not serve the web app"
ok "the API node serves the web app; the worker serves only its health checks"
if metrics=$(curl -sf "http://127.0.0.1:$METRICS_PORT/metrics"); then
  ok "GET /metrics answers on METRICS_LISTEN ($(grep -vc '^#' <<<"$metrics") samples)"
else
  log "   note: nothing answers GET /metrics on METRICS_LISTEN in this build"
fi

step "a user signs up (the code arrives over SMTP)"
EMAIL="verify-$$@example.com"
COOKIE=""
api POST /unauthorized/verCode "{\"channel\":\"email\",\"email\":\"$EMAIL\",\"purpose\":\"register\"}" | jget status | grep -qx 200 ||
  fail "asking for a code"
wait_for 30 "the code's e-mail" grep -q "$EMAIL" "$WORK/mail.jsonl"
CODE=$(grep "$EMAIL" "$WORK/mail.jsonl" | tail -1 | grep -oE 'verification code is [0-9]{6}' | grep -oE '[0-9]{6}$') ||
  fail "no code in the e-mail"
body="{\"email\":\"$EMAIL\",\"code\":\"$CODE\",\"username\":\"verify$$\",\"password\":\"secret123\",\"confirmPassword\":\"secret123\",\"occupation\":\"architect\",\"agree\":true}"
COOKIE=$(curl -sS -D - -o "$WORK/reg.json" -X POST -H 'x-requested-with: XMLHttpRequest' -H 'content-type: application/json' \
  --data "$body" "http://127.0.0.1:$API_PORT/turing/unauthorized/reg" | grep -i '^set-cookie:' | head -1 | sed -E 's/^[^:]+: *([^;]+).*/\1/')
[[ $(jget status <"$WORK/reg.json") == 200 && -n $COOKIE ]] || fail "registering: $(cat "$WORK/reg.json")"
ok "$EMAIL registered with code $CODE; balance $(api GET /design/balance | jget data.cubes) cubes"

step "the admin CLI inside the API container (npm run admin)"
admin() { "${CLI[@]}" exec "$PREFIX-api" npm run --silent admin -- --url "http://127.0.0.1:$ADMIN_PORT" "$@"; }
admin operator:grant "$EMAIL" owner 2>&1 | sed 's/^/   | /'
admin credits:grant "$EMAIL" 10 --key verify-grant 2>&1 | sed 's/^/   | /'
BEFORE=$(api GET /design/balance | jget data.cubes)
[[ $BEFORE == 30 ]] || fail "after the welcome cubes and the grant the balance is $BEFORE, not 30"
ok "owner granted; 10 cubes granted; balance $BEFORE"

step "a task (2 images, preview engine, ${PACE_MS} ms each task) is submitted"
TASK_ID=$(api POST /design/task/submit '{"mode":"text","prompt":"a courtyard house at dusk","count":2}' | jget data.id)
[[ $TASK_ID =~ ^[0-9a-f-]{36}$ ]] || fail "submitting: $TASK_ID"
ok "task $TASK_ID; balance now $(api GET /design/balance | jget data.cubes)"
wait_for 60 "worker 1 starts the task" task_is generating
sleep 3
ok "generating on worker 1: progress $(task_field progress)%"

step "worker 1 is stopped with SIGTERM mid-task (stop -t 30)"
stop_at=$(date +%s)
"${CLI[@]}" stop -t 30 "$PREFIX-worker-1" >/dev/null 2>"$WORK/stop.log" || fail "stop: $(cat "$WORK/stop.log")"
took=$(($(date +%s) - stop_at))
code=$("${CLI[@]}" inspect --format '{{.State.ExitCode}}' "$PREFIX-worker-1")
"${CLI[@]}" logs "$PREFIX-worker-1" >"$WORK/worker-1.log" 2>&1
grep -E "shutting down|$TASK_ID|\"stopped\"|took too long" "$WORK/worker-1.log" | cut -c1-220 | sed 's/^/   | /'
[[ $code == 0 ]] || fail "worker 1 exited with $code"
((took < 20)) || fail "worker 1 took ${took} s to stop: it was killed, not drained"
grep -q 'shutting down: draining' "$WORK/worker-1.log" || fail "worker 1 did not drain"
state=$(task_field state)
[[ $state == queued ]] || fail "the task is $state after its worker stopped, not back in the queue"
ok "drained and exited 0 in ${took} s; the task is back in the queue ($state)"

step "worker 2 starts and takes the task up"
start_node "$PREFIX-worker-2" worker "$W2_PORT"
wait_for 180 "worker 2 is ready" ready "$W2_PORT"
ok "worker 2 ready"
wait_for 180 "the task ends" task_ended
api GET "/design/task/get?id=$TASK_ID" >"$WORK/task.json"
ok "state $(jget data.state <"$WORK/task.json"), $(jget data.results.length <"$WORK/task.json") results, cost $(jget data.cost <"$WORK/task.json")"

step "the task completed exactly once"
[[ $(jget data.state <"$WORK/task.json") == complete ]] || fail "the task ended $(jget data.state <"$WORK/task.json")"
[[ $(jget data.results.length <"$WORK/task.json") == 2 ]] || fail "the task has $(jget data.results.length <"$WORK/task.json") results, not 2"
[[ $(jget data.cost.refunded <"$WORK/task.json") == false ]] || fail "the task was refunded"
results=$(sql "select count(*) from uploads where task_id = '$TASK_ID' and kind = 'result'")
[[ $results == 2 ]] || fail "$results result images stored, not 2"
charges=$(sql "select string_agg(kind || ' ' || cubes, ', ' order by created_at) from ledger where task_id = '$TASK_ID'")
[[ $charges == 'charge -2' ]] || fail "the task's ledger: $charges (one charge of 2 cubes expected)"
AFTER=$(api GET /design/balance | jget data.cubes)
((AFTER == BEFORE - 2)) || fail "balance $BEFORE before, $AFTER after: not charged exactly once"
ok "2 results in the database, ledger: $charges, balance $BEFORE → $AFTER"
keys=$(curl -s "$LISTING_URL")
for key in $(sql "select key from uploads where task_id = '$TASK_ID' and kind = 'result'"); do
  [[ $keys == *"\"$key\""* ]] || fail "result $key is not in the bucket"
done
for i in 0 1; do
  url=$(jget "data.results.$i.url" <"$WORK/task.json")
  got=$(curl -s -o /dev/null -w '%{http_code} %{content_type} %{size_download}' -H "cookie: $COOKIE" "http://127.0.0.1:$API_PORT$url")
  [[ $got == 200\ image/* ]] || fail "result $i from the API node: $got"
  log "   result $i: $got bytes"
done
ok "both results are in the bucket and the API node serves them"

step "a backup from the API container (npm run backup: pg_dump), restored into an empty database"
"${CLI[@]}" exec "$PREFIX-api" npm run --silent backup -- /backups/verify.tar.gz 2>&1 | sed 's/^/   | /'
[[ -s $WORK/backups/verify.tar.gz ]] || fail "no archive was written"
PGPASSWORD=$PG_PASSWORD "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres turing_restored
"${CLI[@]}" run "${ONCE[@]}" --read-only --tmpfs /tmp --env-file "$WORK/app.env" \
  -e DATABASE_URL="postgres://postgres:$PG_PASSWORD@127.0.0.1:$PG_PORT/turing_restored" \
  -v "$WORK/backups:/backups:ro" "$IMAGE" npm run --silent restore -- /backups/verify.tar.gz 2>&1 | sed 's/^/   | /'
count() { PGPASSWORD=$PG_PASSWORD "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d "$1" -tAX -c "$2"; }
for query in "select count(*) from ledger" "select count(*) from uploads" "select state from tasks where id = '$TASK_ID'"; do
  [[ $(count turing "$query") == "$(count turing_restored "$query")" ]] || fail "the restored database differs: $query"
done
ok "archive of $(du -h "$WORK/backups/verify.tar.gz" | cut -f1); the restored database has the same ledger, images and task"

step "compose refuses to start with a required secret missing"
compose_dir="$WORK/compose"
mkdir -p "$compose_dir"
cp "$REPO/deploy/compose.yml" "$compose_dir/compose.yml"
sed -e "s/^POSTGRES_PASSWORD=.*/POSTGRES_PASSWORD=$(openssl rand -hex 8)/" \
  -e "s/^FILE_URL_SECRET=.*/FILE_URL_SECRET=$(openssl rand -hex 16)/" \
  -e "s/^ADMIN_TOKEN=.*/ADMIN_TOKEN=$(openssl rand -hex 16)/" \
  -e "s/^S3_SECRET_ACCESS_KEY=.*/S3_SECRET_ACCESS_KEY=$(openssl rand -hex 8)/" \
  "$REPO/deploy/.env.example" >"$compose_dir/.env.full"
if docker compose version >/dev/null 2>&1; then
  compose_check() { (cd "$compose_dir" && docker compose -f compose.yml config -q); }
  how="docker compose config"
  missing() { sed 's/^POSTGRES_PASSWORD=.*/POSTGRES_PASSWORD=/' "$compose_dir/.env.full"; } # empty
elif command -v podman-compose >/dev/null; then
  # podman-compose interpolates when it loads the file; 1.0 refuses an unset variable (not an empty one).
  compose_check() { (cd "$compose_dir" && podman-compose -f compose.yml --dry-run ps); }
  how="podman-compose --dry-run"
  missing() { grep -v '^POSTGRES_PASSWORD=' "$compose_dir/.env.full"; } # unset
fi
if [[ -n ${how:-} ]]; then
  cp "$compose_dir/.env.full" "$compose_dir/.env"
  compose_check >"$WORK/compose-ok.log" 2>&1 || fail "$how with every value set: $(tail -3 "$WORK/compose-ok.log")"
  missing >"$compose_dir/.env"
  if compose_check >"$WORK/compose-missing.log" 2>&1; then fail "$how accepted a missing POSTGRES_PASSWORD"; fi
  grep -q 'POSTGRES_PASSWORD' "$WORK/compose-missing.log" || fail "$how refused without naming the variable"
  ok "$how with every value: accepted; without POSTGRES_PASSWORD: refused — $(grep -o 'set POSTGRES_PASSWORD[^)]*)' "$WORK/compose-missing.log" | head -1)"
else
  log "   note: no docker compose or podman-compose here; apps/server/src/deploy-files.test.ts checks the file"
fi
