#!/usr/bin/env bash
# Write throughput (issue 13): starts the packaged jar on a fresh store, runs bench/LoadDriver.java
# (distinct adds on one profile from C clients, no context calls) and prints adds/s, add p50/p99,
# the service's CPU per add (in all and by thread group; on PostgreSQL also the backends' CPU),
# the load average and the service's peak RSS. With --jfr FILE the service records a JFR profile of the run, and
# the main figures of it (hot methods, where threads waited) are printed after.
#
# usage: bench/writes/run.sh [--jar bootstrap/target/quarkus-app/quarkus-run.jar] [--port 18096]
#          [--adds 4000] [--warmup 400] [--clients 8] [--pg-url jdbc:postgresql://127.0.0.1:5432/<db>] [--pg-user postgres]
#          [--jfr /tmp/adds.jfr]
# Compare two builds in the same run by calling it twice with --jar (before, after) back to back.
set -euo pipefail
cd "$(dirname "$0")/../.."
JAR=bootstrap/target/quarkus-app/quarkus-run.jar
PORT=18096
ADDS=4000
WARMUP=400
CLIENTS=8
PG_URL=
PG_USER=postgres
JFR=
while [ $# -gt 0 ]; do
  case "$1" in
    --jar) JAR=$2; shift 2 ;;
    --port) PORT=$2; shift 2 ;;
    --adds) ADDS=$2; shift 2 ;;
    --warmup) WARMUP=$2; shift 2 ;;
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
[ -z "$PG_URL" ] || STORE_ARGS=(-Dmemory.store=postgres -Dquarkus.datasource.jdbc.url="$PG_URL" -Dquarkus.datasource.username="$PG_USER")
JFR_ARGS=()
[ -z "$JFR" ] || JFR_ARGS=(-XX:StartFlightRecording=filename="$JFR",settings=profile,dumponexit=true${JFR_SETTINGS:+,$JFR_SETTINGS})
java -Xmx256m ${SERVICE_JAVA_OPTS:-} "${JFR_ARGS[@]}" -Dquarkus.http.port="$PORT" "${STORE_ARGS[@]}" -jar "$JAR" >"$WORK/service.log" 2>&1 &
APP_PID=$!
trap 'kill $APP_PID 2>/dev/null; wait $APP_PID 2>/dev/null; rm -rf "$WORK"' EXIT
for _ in $(seq 1 300); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$PORT/q/health/ready" || true)" = 200 ] && break
  kill -0 "$APP_PID" 2>/dev/null || { cat "$WORK/service.log" >&2; exit 1; }
  sleep 0.2
done
# warm-up (JIT, connections) on another profile, then the measured run
java bench/LoadDriver.java --url "http://127.0.0.1:$PORT" --adds "$WARMUP" --clients "$CLIENTS" --contexts 0 \
  --profile "warm-$(date +%s%N)" >/dev/null
PEAK=0
# pg_ticks: CPU ticks of the PostgreSQL backends serving this run's database (0 on SQLite)
pg_ticks() {
  local db=${PG_URL##*/} sum=0 p
  db=${db%%\?*}
  [ -n "$PG_URL" ] || { echo 0; return; }
  for p in $(pgrep -f "postgres: .* $db " || true); do
    sum=$(( sum + $(sed 's/.*) //' /proc/$p/stat 2>/dev/null | awk '{ print $12 + $13 }' || echo 0) ))
  done
  echo "$sum"
}
# thread_ticks FILE: "<thread id>:<thread name> <user + system ticks>" of every service thread
thread_ticks() {
  for t in /proc/$APP_PID/task/*; do
    [ -r "$t/stat" ] || continue
    printf '%s:%s %s\n' "${t##*/}" "$(tr ' ' '_' <"$t/comm")" "$(sed 's/.*) //' "$t/stat" | awk '{ print $12 + $13 }')"
  done >"$1" 2>/dev/null
}
( while kill -0 "$APP_PID" 2>/dev/null; do
    r=$(awk '/VmRSS/ {print $2}' /proc/$APP_PID/status 2>/dev/null || echo 0); echo "$r"; sleep 0.2
  done ) >"$WORK/rss" &
RSS_PID=$!
echo "store: ${PG_URL:-sqlite} jar: $JAR"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
# the service's CPU (user + system, clock ticks) over the measured adds: CPU per add is the figure a
# shared machine distorts least (adds/s and latency stretch with every other process's demand)
CPU0=$(awk '{ print $14 + $15 }' /proc/$APP_PID/stat)
PG0=$(pg_ticks)
thread_ticks "$WORK/threads0"
java bench/LoadDriver.java --url "http://127.0.0.1:$PORT" --adds "$ADDS" --clients "$CLIENTS" --contexts 0
CPU1=$(awk '{ print $14 + $15 }' /proc/$APP_PID/stat)
PG1=$(pg_ticks)
thread_ticks "$WORK/threads1"
kill "$RSS_PID" 2>/dev/null || true
echo "service CPU: $(( (CPU1 - CPU0) * 1000 / $(getconf CLK_TCK) )) ms for $ADDS adds = $(awk -v t=$(( CPU1 - CPU0 )) -v hz=$(getconf CLK_TCK) -v n="$ADDS" 'BEGIN { printf "%.0f", t * 1e6 / hz / n }') us/add"
[ -z "$PG_URL" ] || echo "PostgreSQL backends' CPU (this database's connections): $(awk -v t=$(( PG1 - PG0 )) -v hz=$(getconf CLK_TCK) -v n="$ADDS" 'BEGIN { printf "%.0f", t * 1e6 / hz / n }') us/add"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
# the same CPU by thread group (request threads, event loops, JIT, GC, the rest), in us per add
LC_ALL=C join -a 2 -e 0 -o 0,1.2,2.2 <(LC_ALL=C sort "$WORK/threads0") <(LC_ALL=C sort "$WORK/threads1") | awk -v hz=$(getconf CLK_TCK) -v n="$ADDS" '{
    name = $1; sub(/^[0-9]+:/, "", name); sub(/[-_]?[0-9]+$/, "", name); d[name] += $3 - $2 }
  END { for (k in d) if (d[k] > 0) printf "  %-36s %6.0f us/add\n", k, d[k] * 1e6 / hz / n }' | sort -k2 -n -r
echo "service RSS peak during the run: $(( $(sort -n "$WORK/rss" | tail -1) / 1024 )) MB"
if [ -n "$JFR" ]; then
  kill "$APP_PID"; wait "$APP_PID" 2>/dev/null || true
  JFR_TOOL=jfr
  for j in /usr/lib/jvm/temurin-2*/bin/jfr; do [ -x "$j" ] && JFR_TOOL=$j; done
  "$JFR_TOOL" view --width 160 hot-methods "$JFR" 2>/dev/null | head -30 || true
  "$JFR_TOOL" view --width 160 contention-by-site "$JFR" 2>/dev/null | head -20 || true
fi
