#!/usr/bin/env bash
# Load run of the packaged jar over loopback (issue 13), one command from a clean clone:
#   for each store (SQLite on a temp file, then PostgreSQL on a given database)
#     1. the raw store baseline, same run: single-row committed inserts/s (RawCommits.java);
#     2. the service (java -jar) with that store, a warm-up (30 s of adds, 30 s of context), then wrk at each connection
#        count for adds (every message distinct), context, and a 90/10 context/add mix;
#     throughput, p50/p95/p99 and the service's peak RSS during each run go to bench/results/*.csv.
#
# usage: bench/load/run.sh [--quick] [--duration S] [--warmup S] [--connections "1 2 4 8 16"] [--profiles 20]
#                          [--stores "sqlite postgres"] [--pg-url jdbc:postgresql://127.0.0.1:5432/pm_bench]
#                          [--pg-user postgres] [--pg-fresh] [--port 18080] [--jar PATH] [--java-opts "..."]
#                          [--out bench/results]
#   --quick      2 s per point at 1, 4 and 8 connections (≈ 1.5 min in all) instead of 8 s (≈ 6 min)
#   --pg-url     default $PM_MEMORY_BENCH_POSTGRES_URL; PostgreSQL is skipped when neither is given
#   --pg-fresh   DROP SCHEMA public CASCADE on that database first: a scratch database only!
#   --jar        default bootstrap/target/quarkus-app/quarkus-run.jar, built when missing
# Needs: wrk, curl, java 17+, psql (only with --pg-fresh). Loopback only.
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=8
WARMUP=30 # the JIT is still compiling 10 s in (RESULTS.md): figures of a warm service
CONNECTIONS="1 2 4 8 16"
PROFILES=20
STORES="sqlite postgres"
PG_URL=${PM_MEMORY_BENCH_POSTGRES_URL:-}
PG_USER=${PM_MEMORY_BENCH_POSTGRES_USER:-postgres}
PG_FRESH=false
PORT=18080
JAR=bootstrap/target/quarkus-app/quarkus-run.jar
JAVA_OPTS=""
OUT=bench/results
RAW_PG_CONNECTIONS=4
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) DURATION=2; WARMUP=3; CONNECTIONS="1 4 8"; shift ;;
    --duration) DURATION=$2; shift 2 ;;
    --warmup) WARMUP=$2; shift 2 ;;
    --connections) CONNECTIONS=$2; shift 2 ;;
    --profiles) PROFILES=$2; shift 2 ;;
    --stores) STORES=$2; shift 2 ;;
    --pg-url) PG_URL=$2; shift 2 ;;
    --pg-user) PG_USER=$2; shift 2 ;;
    --pg-fresh) PG_FRESH=true; shift ;;
    --port) PORT=$2; shift 2 ;;
    --jar) JAR=$2; shift 2 ;;
    --java-opts) JAVA_OPTS=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
for tool in wrk curl java; do
  command -v $tool >/dev/null || { echo "needs $tool on the PATH" >&2; exit 2; }
done
if [ ! -f "$JAR" ]; then
  echo "building the packaged jar (./mvnw -pl bootstrap -am package -DskipTests)…"
  ./mvnw -B -ntp -q -pl bootstrap -am package -DskipTests
fi
LIB=$(dirname "$JAR")/lib/main
SQLITE_JDBC=$(ls "$LIB"/org.xerial.sqlite-jdbc-*.jar | head -1)
PG_JDBC=$(ls "$LIB"/org.postgresql.postgresql-*.jar | head -1)

mkdir -p "$OUT"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/pm-bench.XXXXXX")
SERVICE_PID=""
cleanup() {
  if [ -n "$SERVICE_PID" ] && kill -0 "$SERVICE_PID" 2>/dev/null; then
    kill "$SERVICE_PID"; wait "$SERVICE_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

URL=http://127.0.0.1:$PORT
RUN=$(date +%s)
# A store's rows are replaced, the other store's kept: "--stores postgres" re-runs PostgreSQL only.
fresh_csv() { # <file> <header>
  if [ -f "$1" ] && [ "$(head -1 "$1")" = "$2" ]; then
    awk -F, -v stores=" $STORES " 'NR == 1 || index(stores, " " $1 " ") == 0' "$1" > "$1.tmp" && mv "$1.tmp" "$1"
  else
    echo "$2" > "$1"
  fi
}
fresh_csv "$OUT/adds.csv" "store,connections,adds_per_s,p50_ms,p95_ms,p99_ms,raw_commits_per_s,rss_mb,ratio_to_raw,errors,cpu_ms_per_add"
fresh_csv "$OUT/context.csv" "store,connections,requests_per_s,p50_ms,p95_ms,p99_ms,memories_per_profile,rss_mb,errors,cpu_ms_per_request"
fresh_csv "$OUT/mix.csv" "store,connections,requests_per_s,adds_per_s,p50_ms,p95_ms,p99_ms,raw_commits_per_s,rss_mb,errors,cpu_ms_per_request"
# run.txt: the machine and this run; per store its own lines (store.<name>.*), the other store's kept
KEPT=""
[ -f "$OUT/run.txt" ] && KEPT=$(grep '^store\.' "$OUT/run.txt" | awk -F. -v stores=" $STORES " 'index(stores, " " $2 " ") == 0' || true)
{
  [ -n "$KEPT" ] && echo "$KEPT"
  echo "date_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "nproc=$(nproc)"
  echo "memory_mb=$(awk '/MemTotal/ {printf "%d", $2/1024}' /proc/meminfo)"
  echo "cpu=$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)"
  echo "jdk=$(java -version 2>&1 | head -1)"
  echo "wrk=$(wrk -v 2>&1 | head -1 | cut -d' ' -f1-2)"
  echo "profiles=$PROFILES"
  echo "java_opts=$JAVA_OPTS"
} > "$OUT/run.txt"

# CPU time the service has used so far (user + system, clock ticks): CPU per request is what a
# busy machine distorts least (wall-clock figures stretch with every other process's demand).
CLK_TCK=$(getconf CLK_TCK)
cpu_ticks() {
  awk '{ print $14 + $15 }' /proc/"$SERVICE_PID"/stat
}

# wrk_point <mode> <connections> <tag> <base> -> "requests/s p50 p95 p99 errors peak_rss_mb cpu_ms_per_request" on stdout
wrk_point() {
  local mode=$1 c=$2 tag=$3 base=$4 seconds=${5:-$DURATION}
  local threads=$(( c < 2 ? 1 : 2 ))
  local log=$WORK/wrk-$mode-$c.log
  wrk -t "$threads" -c "$c" -d "${seconds}s" --timeout 30s -s bench/load/pm.lua "$URL" \
    -- "$mode" "$PROFILES" "$tag" "$base" "$threads" > "$log" 2>&1 &
  local wrk_pid=$! peak=0 rss cpu0 cpu1
  cpu0=$(cpu_ticks)
  while kill -0 $wrk_pid 2>/dev/null; do
    rss=$(awk '/VmRSS/ {print $2}' /proc/"$SERVICE_PID"/status 2>/dev/null || echo 0)
    [ "${rss:-0}" -gt "$peak" ] && peak=$rss
    sleep 0.25
  done
  wait $wrk_pid || { echo "wrk failed:" >&2; cat "$log" >&2; exit 1; }
  cpu1=$(cpu_ticks)
  grep '^RESULT' "$log" | awk -v peak="$peak" -v cpu_ms=$(( (cpu1 - cpu0) * 1000 / CLK_TCK )) '{
    for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
    # no request completed in the time given: no latency to report (NaN, not 0)
    if (v["requests"] == 0) { printf "0 NaN NaN NaN %d %.0f NaN\n", v["socket_errors"], peak / 1024; exit }
    printf "%.1f %.2f %.2f %.2f %d %.0f %.2f\n", v["requests"] / (v["duration_us"] / 1e6), v["p50_us"] / 1000,
      v["p95_us"] / 1000, v["p99_us"] / 1000, v["non2xx"] + v["socket_errors"], peak / 1024, cpu_ms / v["requests"] }'
}

start_service() { # <store>
  local env=(QUARKUS_HTTP_PORT=$PORT MEMORY_STORE=$1 MEMORY_JOBS_SWEEP_ENABLED=false
             MEMORY_JOBS_PURGE_ENABLED=false MEMORY_JOBS_COMPACT_ENABLED=false)
  if [ "$1" = sqlite ]; then
    env+=(MEMORY_SQLITE_PATH=$WORK/pm-memory.db)
  else
    env+=(QUARKUS_DATASOURCE_JDBC_URL=$PG_URL QUARKUS_DATASOURCE_USERNAME=$PG_USER QUARKUS_DATASOURCE_PASSWORD=${PGPASSWORD:-})
  fi
  # shellcheck disable=SC2086
  env "${env[@]}" java $JAVA_OPTS -jar "$JAR" > "$WORK/service-$1.log" 2>&1 &
  SERVICE_PID=$!
  for _ in $(seq 1 120); do
    if curl -sf -o /dev/null "$URL/q/health/ready"; then return 0; fi
    kill -0 "$SERVICE_PID" 2>/dev/null || break
    sleep 0.5
  done
  echo "the service did not become ready; its log:" >&2; tail -30 "$WORK/service-$1.log" >&2; exit 1
}

stop_service() {
  kill "$SERVICE_PID"; wait "$SERVICE_PID" 2>/dev/null || true; SERVICE_PID=""
}

run_store() { # <store>
  local store=$1 raw tag=b$RUN-$1 base=0 added=0 line res rps p50 p95 p99 errors rss cpu
  {
    echo "store.$store.date_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "store.$store.commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
    echo "store.$store.load_before=$(cut -d' ' -f1-3 /proc/loadavg)"
    echo "store.$store.duration_s=$DURATION"
    echo "store.$store.warmup_s=$WARMUP"
    echo "store.$store.connections=$CONNECTIONS"
  } >> "$OUT/run.txt"
  echo "== $store: raw store baseline (${DURATION}s)"
  if [ "$store" = sqlite ]; then
    raw=$(java -cp "$SQLITE_JDBC" bench/load/RawCommits.java sqlite "$WORK/raw.db" "$DURATION" | sed -n 's/^RAW commits_per_s=//p')
  else
    raw=$(java -cp "$PG_JDBC" bench/load/RawCommits.java postgres "$PG_URL" "$DURATION" "$PG_USER" "$RAW_PG_CONNECTIONS" \
      | sed -n 's/^RAW commits_per_s=//p')
  fi
  echo "   $raw single-row commits/s"
  start_service "$store"
  echo "== $store: service up (pid $SERVICE_PID); warm-up ${WARMUP}s of adds, then of context, at 4 connections (not recorded)"
  res=$(wrk_point add 4 "$tag" 90000000 "$WARMUP"); read -r rps _ <<< "$res"
  added=$(awk -v r="$rps" -v d="$WARMUP" 'BEGIN { printf "%d", r * d }')
  res=$(wrk_point context 4 "$tag" 91000000 "$WARMUP") # the read path's JIT and caches too
  for c in $CONNECTIONS; do
    base=$((base + 1000000))
    res=$(wrk_point add "$c" "$tag" "$base"); read -r rps p50 p95 p99 errors rss cpu <<< "$res"
    added=$(awk -v a="$added" -v r="$rps" -v d="$DURATION" 'BEGIN { printf "%d", a + r * d }')
    line="$store,$c,$rps,$p50,$p95,$p99,$raw,$rss,$(awk -v a="$rps" -v r="$raw" 'BEGIN { printf "%.4f", a / r }'),$errors,$cpu"
    echo "   adds    $line"; echo "$line" >> "$OUT/adds.csv"
  done
  for c in $CONNECTIONS; do
    base=$((base + 1000000))
    res=$(wrk_point context "$c" "$tag" "$base"); read -r rps p50 p95 p99 errors rss cpu <<< "$res"
    line="$store,$c,$rps,$p50,$p95,$p99,$((added / PROFILES)),$rss,$errors,$cpu"
    echo "   context $line"; echo "$line" >> "$OUT/context.csv"
  done
  for c in $CONNECTIONS; do
    base=$((base + 1000000))
    res=$(wrk_point mix "$c" "$tag" "$base"); read -r rps p50 p95 p99 errors rss cpu <<< "$res"
    line="$store,$c,$rps,$(awk -v r="$rps" 'BEGIN { printf "%.1f", r / 10 }'),$p50,$p95,$p99,$raw,$rss,$errors,$cpu"
    echo "   mix     $line"; echo "$line" >> "$OUT/mix.csv"
  done
  stop_service
  echo "store.$store.load_after=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/run.txt"
}

for store in $STORES; do
  if [ "$store" = postgres ]; then
    if [ -z "$PG_URL" ]; then echo "== postgres skipped: no --pg-url (or PM_MEMORY_BENCH_POSTGRES_URL)"; continue; fi
    case "$PG_URL" in jdbc:postgresql://127.0.0.1[:/]*|jdbc:postgresql://localhost[:/]*) ;;
      *) echo "loopback PostgreSQL only: $PG_URL" >&2; exit 2 ;; esac
    if $PG_FRESH; then
      psql -q -U "$PG_USER" -d "${PG_URL#jdbc:}" -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;'
    fi
  fi
  run_store "$store"
done
echo "done: $OUT/adds.csv, context.csv, mix.csv, run.txt"
