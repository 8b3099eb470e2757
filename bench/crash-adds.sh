#!/usr/bin/env bash
# Crash check (issue 13): SIGKILL the service while C clients send adds (distinct message_ids), start it
# again on the same store, and check that every add that was acknowledged (200/201) is stored — group
# commit answers an add only after the commit that holds it, so 0 acknowledged adds may be lost. Also
# re-sends every acknowledged add with its message_id: each must come back "replayed" (stored once).
#
# SQLite by default (a temporary file); --pg-url jdbc:postgresql://127.0.0.1:5432/<db> runs it on PostgreSQL
# (user postgres, or --pg-user). Needs curl, python3, java 17 and the runner jar:
#   ./mvnw -q -pl bootstrap -am package -DskipTests
#
# usage: bench/crash-adds.sh [--jar bootstrap/target/quarkus-app/quarkus-run.jar] [--port 18095]
#                            [--clients 8] [--seconds 4] [--pg-url URL] [--pg-user postgres]
set -euo pipefail
cd "$(dirname "$0")/.."

JAR=bootstrap/target/quarkus-app/quarkus-run.jar
PORT=18095
CLIENTS=8
SECONDS_BEFORE_KILL=4
PG_URL=
PG_USER=postgres
while [ $# -gt 0 ]; do
  case "$1" in
    --jar) JAR=$2; shift 2 ;;
    --port) PORT=$2; shift 2 ;;
    --clients) CLIENTS=$2; shift 2 ;;
    --seconds) SECONDS_BEFORE_KILL=$2; shift 2 ;;
    --pg-url) PG_URL=$2; shift 2 ;;
    --pg-user) PG_USER=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -f "$JAR" ] || { echo "no runner jar at $JAR: ./mvnw -q -pl bootstrap -am package -DskipTests" >&2; exit 2; }

WORK=$(mktemp -d /tmp/pm-memory-crash.XXXXXX)
BASE=http://127.0.0.1:$PORT
PROFILE=crash-$(date +%s%N)
APP_PID=
CLIENT_PIDS=
STORE_ARGS=(-Dmemory.sqlite.path="$WORK/store.db")
[ -z "$PG_URL" ] || STORE_ARGS=(-Dmemory.store=postgres -Dquarkus.datasource.jdbc.url="$PG_URL" -Dquarkus.datasource.username="$PG_USER")

cleanup() {
  for p in $CLIENT_PIDS; do kill "$p" 2>/dev/null || true; done
  [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null && wait "$APP_PID" 2>/dev/null || true
}
trap cleanup EXIT

start() {
  java -Xmx256m -Dquarkus.http.port="$PORT" "${STORE_ARGS[@]}" -jar "$JAR" >>"$WORK/service.log" 2>&1 &
  APP_PID=$!
  for _ in $(seq 1 300); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$BASE/q/health/ready" || true)" = 200 ] && return 0
    kill -0 "$APP_PID" 2>/dev/null || { tail -20 "$WORK/service.log" >&2; echo "service died" >&2; exit 1; }
    sleep 0.2
  done
  echo "service not ready within 60 s" >&2; exit 1
}

client() { # c: sends adds until killed, logs "<message_id> <status>" once answered
  local c=$1 n=0
  while true; do
    local id="crash-$c-$n"
    local status
    status=$(curl -s -o /dev/null -w '%{http_code}' --max-time 30 -H 'Content-Type: application/json' \
      -d "{\"message\": \"Company$c$n 估值高\", \"message_id\": \"$id\"}" \
      "$BASE/v1/profiles/$PROFILE/feedback" || true)
    echo "$id $status" >>"$WORK/acks-$c.log"
    n=$((n + 1))
  done
}

start
for c in $(seq 1 "$CLIENTS"); do client "$c" & CLIENT_PIDS="$CLIENT_PIDS $!"; done
# kill once adds are flowing (a cold service may take a while for its first answers), mid-stream
for _ in $(seq 1 600); do
  [ "$(cat "$WORK"/acks-*.log 2>/dev/null | grep -c ' 20[01]$' || true)" -ge 10 ] && break
  sleep 0.1
done
sleep "$SECONDS_BEFORE_KILL"
kill -KILL "$APP_PID"
wait "$APP_PID" 2>/dev/null || true
APP_PID=
sleep 0.5
for p in $CLIENT_PIDS; do kill "$p" 2>/dev/null || true; done
CLIENT_PIDS=
cat "$WORK"/acks-*.log | awk '$2 == 200 || $2 == 201 { print $1 }' | sort >"$WORK/acked"
echo "acknowledged before SIGKILL: $(wc -l <"$WORK/acked") adds from $CLIENTS clients"
[ -s "$WORK/acked" ] || { echo "no add was acknowledged before the kill: nothing checked (raise --seconds)" >&2; exit 1; }

start
curl -s --max-time 60 "$BASE/v1/profiles/$PROFILE/export" >"$WORK/export.json"
python3 - "$WORK/acked" "$WORK/export.json" <<'EOF'
import json, sys
acked = set(open(sys.argv[1]).read().split())
doc = json.load(open(sys.argv[2]))
stored = {m.get("message_id") for m in doc.get("raw_messages", [])}  # no profile yet: nothing stored
lost = sorted(acked - stored)
print(f"stored after restart: {len(stored)} raw messages; acknowledged but lost: {len(lost)}", lost[:10])
sys.exit(1 if lost else 0)
EOF
replayed=0
for id in $(head -50 "$WORK/acked"); do
  c=${id#crash-}; n=${c#*-}; c=${c%%-*}
  out=$(curl -s --max-time 30 -H 'Content-Type: application/json' \
    -d "{\"message\": \"Company$c$n 估值高\", \"message_id\": \"$id\"}" "$BASE/v1/profiles/$PROFILE/feedback")
  case "$out" in *'"outcome":"replayed"'*) replayed=$((replayed + 1)) ;; *) echo "not replayed: $id $out" >&2; exit 1 ;; esac
done
echo "re-sent $replayed acknowledged adds: all replayed (stored exactly once)"
echo "crash check passed"
rm -rf "$WORK"
