#!/usr/bin/env bash
# PostgreSQL outage check: stops PostgreSQL under a running pm-memory (memory.store=postgres) that
# is taking adds, starts it again, and checks what the issue asks for:
#   - readiness goes DOWN while the database is away and UP again by itself, no restart;
#   - no request gets a 500 (only 200/201, or 503 problem responses), none waits past a bound;
#   - no half-written add: every stored raw message has its memory and audit event, every memory's
#     sources exist and its weight counts them; every acknowledged add is stored; adds that got a
#     503, retried with the same message_id afterwards, are stored exactly once.
#
# It runs its own PostgreSQL cluster (initdb in a temporary folder, on --pg-port), so the machine's
# shared server, and whoever's tests use it, is never stopped. Keep --pg-port below the ephemeral
# range (Linux: 32768+): while the server is down, a client socket may take its port, and the
# restart would then fail to bind. Needs the PostgreSQL server binaries
# (pg_ctl, initdb; Debian: package postgresql), psql, curl, java 17, and the runner jar:
#   ./mvnw -q -pl bootstrap -am package -DskipTests
#
# usage: bench/pg-outage.sh [--jar bootstrap/target/quarkus-app/quarkus-run.jar] [--port 18090]
#                           [--pg-port 25432] [--down-seconds 10] [--max-request-seconds 10]
#                           [--writers 4]
set -euo pipefail
cd "$(dirname "$0")/.."

JAR=bootstrap/target/quarkus-app/quarkus-run.jar
PORT=18090
PG_PORT=25432
DOWN_SECONDS=10
MAX_REQUEST_SECONDS=10
WRITERS=4
while [ $# -gt 0 ]; do
  case "$1" in
    --jar) JAR=$2; shift 2 ;;
    --port) PORT=$2; shift 2 ;;
    --pg-port) PG_PORT=$2; shift 2 ;;
    --down-seconds) DOWN_SECONDS=$2; shift 2 ;;
    --max-request-seconds) MAX_REQUEST_SECONDS=$2; shift 2 ;;
    --writers) WRITERS=$2; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -f "$JAR" ] || { echo "no runner jar at $JAR: ./mvnw -q -pl bootstrap -am package -DskipTests" >&2; exit 2; }
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$PG_BIN/pg_ctl" ] || { echo "PostgreSQL server binaries (pg_ctl, initdb) not found under /usr/lib/postgresql" >&2; exit 2; }

WORK=$(mktemp -d /tmp/pm-memory-pg-outage.XXXXXX)
chmod 755 "$WORK"
BASE=http://127.0.0.1:$PORT
PROFILE=outage-$(date +%s)
APP_PID=
WRITER_PIDS=

as_pg() { # the server refuses to run as root
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
pg() {
  as_pg "$PG_BIN/pg_ctl" -D "$WORK/pgdata" -o "-p $PG_PORT -k $WORK -c listen_addresses=127.0.0.1" \
    -l "$WORK/postgres.log" -w "$@" >/dev/null || { tail -5 "$WORK/postgres.log" >&2; return 1; }
}
sql() { psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -d pm_memory -Atq -c "$1"; }
ready() { curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$BASE/q/health/ready" || true; }
say() { printf '%s  %s\n' "$(date +%T)" "$*"; }

cleanup() {
  for p in $WRITER_PIDS; do kill "$p" 2>/dev/null || true; done
  [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null && wait "$APP_PID" 2>/dev/null || true
  pg stop -m fast 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# --- a private PostgreSQL -------------------------------------------------------------------
if [ "$(id -u)" = 0 ]; then chown postgres "$WORK"; fi
as_pg "$PG_BIN/initdb" -D "$WORK/pgdata" -A trust -U postgres >/dev/null
pg start
psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -Atq -c "CREATE DATABASE pm_memory"
say "private PostgreSQL on 127.0.0.1:$PG_PORT ($WORK/pgdata)"

# --- the service ----------------------------------------------------------------------------
MEMORY_STORE=postgres QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PG_PORT/pm_memory" \
  QUARKUS_DATASOURCE_USERNAME=postgres QUARKUS_HTTP_PORT=$PORT \
  java -jar "$JAR" >"$WORK/service.log" 2>&1 &
APP_PID=$!
for _ in $(seq 1 240); do
  [ "$(ready)" = 200 ] && break
  kill -0 "$APP_PID" 2>/dev/null || { cat "$WORK/service.log"; echo "service died" >&2; exit 1; }
  sleep 0.5
done
[ "$(ready)" = 200 ] || { echo "service not ready" >&2; exit 1; }
say "service ready on $BASE (pid $APP_PID)"

# --- adds all along: --writers clients, each add with its own message_id -------------------------
# Every third message repeats one text, so dedup (an update of one memory, contended by every
# writer) is exercised under the outage too; the others create memories.
writer() {
  local w=$1 i=0 text code
  while [ ! -f "$WORK/stop" ]; do
    i=$((i + 1))
    if [ $((i % 3)) = 0 ]; then text="OpenAI 估值高"; else text="Company$w-$i 估值高"; fi
    code=$(curl -s -o "$WORK/body-$w" -w '%{http_code} %{time_total}' --max-time 30 \
      -H 'Content-Type: application/json' \
      -d "{\"message\": \"$text\", \"message_id\": \"m-$w-$i\"}" \
      "$BASE/v1/profiles/$PROFILE/feedback" || echo "000 30")
    echo "m-$w-$i $code $text" >>"$WORK/adds"
    if [ "${code%% *}" != 200 ] && [ "${code%% *}" != 201 ]; then cp "$WORK/body-$w" "$WORK/last-error-body" 2>/dev/null || true; fi
    sleep 0.05
  done
}
for w in $(seq 1 "$WRITERS"); do
  writer "$w" &
  WRITER_PIDS="$WRITER_PIDS $!"
done

for _ in $(seq 1 120); do
  [ "$(awk '$2 == 201 || $2 == 200' "$WORK/adds" 2>/dev/null | wc -l)" -ge 10 ] && break; sleep 0.5
done
say "adds before the outage: $(wc -l <"$WORK/adds")"
say "stopping PostgreSQL"
pg stop -m fast
t0=$(date +%s)
down=
for _ in $(seq 1 60); do
  r=$(ready); if [ "$r" = 503 ]; then down=$(( $(date +%s) - t0 )); break; fi; sleep 0.5
done
[ -n "$down" ] || { echo "FAIL: readiness did not go DOWN" >&2; exit 1; }
say "readiness DOWN after ${down}s"
sleep "$DOWN_SECONDS"
say "adds so far: $(wc -l <"$WORK/adds"); starting PostgreSQL"
pg start
t1=$(date +%s)
up=
for _ in $(seq 1 120); do
  r=$(ready); if [ "$r" = 200 ]; then up=$(( $(date +%s) - t1 )); break; fi; sleep 0.5
done
[ -n "$up" ] || { echo "FAIL: readiness did not come back UP" >&2; exit 1; }
say "readiness UP after ${up}s"
sleep 3
touch "$WORK/stop"
for p in $WRITER_PIDS; do wait "$p" || true; done
WRITER_PIDS=

# --- verdict --------------------------------------------------------------------------------
fail=0
total=$(wc -l <"$WORK/adds")
ok=$(awk '$2 == 200 || $2 == 201' "$WORK/adds" | wc -l)
unavailable=$(awk '$2 == 503' "$WORK/adds" | wc -l)
other=$(awk '$2 != 200 && $2 != 201 && $2 != 503' "$WORK/adds" | wc -l)
slowest=$(awk 'BEGIN { m = 0 } { if ($3 > m) m = $3 } END { printf "%.2f", m }' "$WORK/adds")
say "adds: $total sent, $ok stored (200/201), $unavailable got 503, $other other; slowest ${slowest}s"
if [ "$other" -gt 0 ]; then
  echo "FAIL: responses other than 200/201/503:"; awk '$2 != 200 && $2 != 201 && $2 != 503' "$WORK/adds" | head
  cat "$WORK/last-error-body" 2>/dev/null; echo; fail=1
fi
if [ "$unavailable" -eq 0 ]; then echo "FAIL: no add met the outage (no 503)"; fail=1; fi
if awk -v max="$MAX_REQUEST_SECONDS" '$3 > max { bad = 1 } END { exit bad ? 0 : 1 }' "$WORK/adds"; then
  echo "FAIL: a request took longer than ${MAX_REQUEST_SECONDS}s"; fail=1
fi

# every acknowledged add is stored
acked=$(awk '$2 == 200 || $2 == 201 { printf "%s\x27%s\x27", sep, $1; sep = "," }' "$WORK/adds")
missing=$(sql "SELECT count(*) FROM unnest(ARRAY[$acked]::text[]) AS a(mid)
  WHERE NOT EXISTS (SELECT 1 FROM raw_messages r WHERE r.profile_id = '$PROFILE' AND r.message_id = a.mid)")
say "acknowledged adds missing from the database: $missing"
[ "$missing" = 0 ] || fail=1

# no half-written add, whatever the outage cut
check() { # name, query counting violations
  local n; n=$(sql "$2"); say "$1: $n"; [ "$n" = 0 ] || fail=1
}
check "raw messages whose memory is missing or does not list them" "
  SELECT count(*) FROM raw_messages r WHERE r.profile_id = '$PROFILE' AND r.outcome IN ('created', 'deduplicated', 'pending')
    AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.id = r.memory_id
      AND r.id = ANY (string_to_array(m.source_message_ids, chr(31)))))"
check "raw messages without their audit event" "
  SELECT count(*) FROM raw_messages r WHERE r.profile_id = '$PROFILE'
    AND NOT EXISTS (SELECT 1 FROM audit_events e WHERE e.raw_message_id = r.id)"
check "memories whose sources are missing or whose weight does not count them" "
  SELECT count(*) FROM memories m WHERE m.profile_id = '$PROFILE'
    AND (m.weight <> cardinality(string_to_array(m.source_message_ids, chr(31)))
    OR EXISTS (SELECT 1 FROM unnest(string_to_array(m.source_message_ids, chr(31))) s(id)
      WHERE NOT EXISTS (SELECT 1 FROM raw_messages r WHERE r.id = s.id)))"
check "active memories per dedup key above one" "
  SELECT count(*) FROM (SELECT 1 FROM memories WHERE profile_id = '$PROFILE' AND status = 'active'
    GROUP BY type, normalized_content HAVING count(*) > 1) d"

# the adds that got a 503, sent again with the same message_id: stored once each
retried=0
while read -r mid code _ text; do
  [ "$code" = 503 ] || continue
  c=$(curl -s -o /dev/null -w '%{http_code}' --max-time 30 -H 'Content-Type: application/json' \
    -d "{\"message\": \"$text\", \"message_id\": \"$mid\"}" "$BASE/v1/profiles/$PROFILE/feedback")
  case "$c" in 200|201) retried=$((retried + 1)) ;; *) echo "FAIL: retry of $mid got $c"; fail=1 ;; esac
done <"$WORK/adds"
dupes=$(sql "SELECT count(*) FROM (SELECT message_id FROM raw_messages WHERE profile_id = '$PROFILE'
  GROUP BY message_id HAVING count(*) > 1) d")
stored=$(sql "SELECT count(*) FROM raw_messages WHERE profile_id = '$PROFILE'")
weight=$(sql "SELECT weight FROM memories WHERE profile_id = '$PROFILE' AND normalized_content = 'openai估值高' AND status = 'active'")
expected_weight=$(awk '$4 == "OpenAI"' "$WORK/adds" | wc -l)
say "503'd adds retried: $retried ok; raw messages stored: $stored of $total sent; message ids stored twice: $dupes"
say "repeated message: weight $weight, sent $expected_weight times"
[ "$dupes" = 0 ] && [ "$stored" = "$total" ] && [ "$weight" = "$expected_weight" ] || fail=1
s500=$(grep -c 'status=500' "$WORK/service.log" || true)
say "500s in the service's access log: $s500"
[ "$s500" = 0 ] || fail=1

if [ "$fail" = 0 ]; then
  say "PASS"
else
  cp "$WORK/service.log" /tmp/pm-memory-pg-outage-service.log
  say "FAIL (service log kept in /tmp/pm-memory-pg-outage-service.log)"
  exit 1
fi
