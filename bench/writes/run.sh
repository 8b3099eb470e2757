#!/usr/bin/env bash
# Write throughput (issue 13): starts the packaged jar on a fresh store, runs bench/LoadDriver.java
# (distinct adds on one profile from C clients, no context calls) and prints adds/s, add p50/p99
# and the service's peak RSS. With --jfr FILE the service records a JFR profile of the run, and
# the main figures of it (hot methods, where threads waited) are printed after.
#
# usage: bench/writes/run.sh [--jar bootstrap/target/quarkus-app/quarkus-run.jar] [--port 18096]
#          [--adds 4000] [--clients 8] [--pg-url jdbc:postgresql://127.0.0.1:5432/<db>] [--pg-user postgres]
#          [--jfr /tmp/adds.jfr]
# Compare two builds in the same run by calling it twice with --jar (before, after) back to back.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR=bootstrap/target/quarkus-app/quarkus-run.jar
PORT=18096
ADDS=4000
CLIENTS=8
PG_URL=
PG_USER=postgres
JFR=
while [ $# -gt 0 ]; do
  case "$1" in
    --jar) JAR=$2; shift 2 ;;
    --port) PORT=$2; shift 2 ;;
    --adds) ADDS=$2; shift 2 ;;
    --clients) CLIENTS=$2; shift 2 ;;
    --pg-url) PG_URL=$2; shift 2 ;;
    --pg-user) PG_USER=$2; shift 2 ;;
    --jfr) JFR=$2; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -f "$JAR" ] || { echo "no runner jar at $JAR: ./mvnw -q -pl bootstrap -am package -DskipTests" >&2; exit 2; }
WORK=$(mktemp -d /tmp/pm-memory-writes.XXXXXX)
STORE_ARGS=(-Dmemory.sqlite.path="$WORK/store.db")
[ -z "$PG_URL" ] || STORE_ARGS=(-Dmemory.store=postgres -Dmemory.postgres.url="$PG_URL" -Dmemory.postgres.username="$PG_USER")
JFR_ARGS=()
[ -z "$JFR" ] || JFR_ARGS=(-XX:StartFlightRecording=filename="$JFR",settings=profile,dumponexit=true)
java -Xmx256m "${JFR_ARGS[@]}" -Dquarkus.http.port="$PORT" "${STORE_ARGS[@]}" -jar "$JAR" >"$WORK/service.log" 2>&1 &
APP_PID=$!
trap 'kill $APP_PID 2>/dev/null; wait $APP_PID 2>/dev/null; rm -rf "$WORK"' EXIT
for _ in $(seq 1 300); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$PORT/q/health/ready" || true)" = 200 ] && break
  kill -0 "$APP_PID" 2>/dev/null || { cat "$WORK/service.log" >&2; exit 1; }
  sleep 0.2
done
# warm-up (JIT, connections) on another profile, then the measured run
java bench/LoadDriver.java --url "http://127.0.0.1:$PORT" --adds 400 --clients "$CLIENTS" --contexts 0 \
  --profile "warm-$(date +%s%N)" >/dev/null
PEAK=0
( while kill -0 "$APP_PID" 2>/dev/null; do
    r=$(awk '/VmRSS/ {print $2}' /proc/$APP_PID/status 2>/dev/null || echo 0); echo "$r"; sleep 0.2
  done ) >"$WORK/rss" &
RSS_PID=$!
echo "store: ${PG_URL:-sqlite} jar: $JAR"
java bench/LoadDriver.java --url "http://127.0.0.1:$PORT" --adds "$ADDS" --clients "$CLIENTS" --contexts 0
kill "$RSS_PID" 2>/dev/null || true
echo "service RSS peak during the run: $(( $(sort -n "$WORK/rss" | tail -1) / 1024 )) MB"
if [ -n "$JFR" ]; then
  kill "$APP_PID"; wait "$APP_PID" 2>/dev/null || true
  JFR_TOOL=jfr
  for j in /usr/lib/jvm/temurin-2*/bin/jfr; do [ -x "$j" ] && JFR_TOOL=$j; done
  "$JFR_TOOL" view --width 160 hot-methods "$JFR" 2>/dev/null | head -30 || true
  "$JFR_TOOL" view --width 160 contention-by-site "$JFR" 2>/dev/null | head -20 || true
fi
