#!/usr/bin/env bash
# Steady-state adds against the packaged jar (issue 13, bench/RESULTS.md "The SQLite write lane"): a long
# warm-up of adds, then one measured window, reporting what the short points of bench/load/run.sh cannot
# tell apart: whether the machine's cores are saturated (busy %), the service's CPU per add, and the
# store's file syscalls per add (perf stat, all processes: pread64/pwrite64/fsync/fdatasync).
#
# usage: bench/writes/steady.sh [--store sqlite|postgres] [--connections 8] [--warmup 25] [--seconds 15]
#                               [--jar PATH] [--java-opts "..."] [--pg-url jdbc:postgresql://127.0.0.1:5432/<db>]
#   compare two builds by running it alternately with --jar (copy bootstrap/target/quarkus-app first);
#   SERVICE_LOG=FILE keeps the service's output (it is deleted with the run's folder otherwise)
# Needs: wrk, curl, perf (Debian linux-perf; syscall counts are left out without it).
set -euo pipefail
cd "$(dirname "$0")/../.."
STORE=sqlite C=8 WARM=25 SECS=15 JAR=bootstrap/target/quarkus-app/quarkus-run.jar JAVA_OPTS="" PG_URL=""
while [ $# -gt 0 ]; do
  case "$1" in
    --store) STORE=$2; shift 2 ;;
    --connections) C=$2; shift 2 ;;
    --warmup) WARM=$2; shift 2 ;;
    --seconds) SECS=$2; shift 2 ;;
    --jar) JAR=$2; shift 2 ;;
    --java-opts) JAVA_OPTS=$2; shift 2 ;;
    --pg-url) PG_URL=$2; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
PORT=18323 URL=http://127.0.0.1:18323
WORK=$(mktemp -d /tmp/pm-steady.XXXX)
env=(QUARKUS_HTTP_PORT=$PORT MEMORY_STORE=$STORE MEMORY_JOBS_SWEEP_ENABLED=false MEMORY_JOBS_PURGE_ENABLED=false
     MEMORY_JOBS_COMPACT_ENABLED=false MEMORY_SQLITE_PATH=$WORK/pm.db)
if [ "$STORE" = postgres ]; then
  [ -n "$PG_URL" ] || { echo "--pg-url is needed for PostgreSQL" >&2; exit 2; }
  env+=(QUARKUS_DATASOURCE_JDBC_URL=$PG_URL QUARKUS_DATASOURCE_USERNAME=postgres)
fi
# shellcheck disable=SC2086
env "${env[@]}" java $JAVA_OPTS -jar "$JAR" > "${SERVICE_LOG:-$WORK/service.log}" 2>&1 &
SP=$!
trap 'kill $SP 2>/dev/null; wait $SP 2>/dev/null || true; rm -rf "$WORK"' EXIT
for _ in $(seq 1 120); do curl -sf -o /dev/null $URL/q/health/ready && break; sleep 0.5; done
tag=st$(date +%s%N | cut -c8-13)
wrk -t 2 -c "$C" -d "${WARM}s" -s bench/load/pm.lua $URL -- add 20 "$tag" 90000000 2 > /dev/null
read -r _ u0 n0 s0 i0 w0 q0 sq0 _ < /proc/stat
c0=$(awk '{ print $14 + $15 }' /proc/$SP/stat)
measure=(wrk -t 2 -c "$C" -d "${SECS}s" -s bench/load/pm.lua $URL -- add 20 "$tag" 1000000 2)
if command -v perf > /dev/null; then
  perf stat -a -x, -o "$WORK/perf.txt" -e syscalls:sys_enter_pread64,syscalls:sys_enter_pwrite64,syscalls:sys_enter_fsync,syscalls:sys_enter_fdatasync -- \
    "${measure[@]}" > "$WORK/wrk.log"
else
  "${measure[@]}" > "$WORK/wrk.log"; : > "$WORK/perf.txt"
fi
read -r _ u1 n1 s1 i1 w1 q1 sq1 _ < /proc/stat
c1=$(awk '{ print $14 + $15 }' /proc/$SP/stat)
req=$(sed -n 's/.*RESULT requests=\([0-9]*\).*/\1/p' "$WORK/wrk.log")
p50=$(sed -n 's/.*p50_us=\([0-9]*\).*/\1/p' "$WORK/wrk.log"); p99=$(sed -n 's/.*p99_us=\([0-9]*\).*/\1/p' "$WORK/wrk.log")
busy=$(( (u1+n1+s1+q1+sq1) - (u0+n0+s0+q0+sq0) )); idle=$(( (i1+w1) - (i0+w0) ))
sys=$(awk -F, -v r="$req" '/pread64/ {pr=$1} /pwrite64/ {pw=$1} /_fsync/ {fs=$1} /fdatasync/ {fd=$1}
  END { if (pr != "") printf " pread/add=%.1f pwrite/add=%.1f fsync/add=%.3f fdatasync/add=%.3f", pr/r, pw/r, fs/r, fd/r }' "$WORK/perf.txt")
echo "store=$STORE connections=$C adds/s=$((req / SECS)) p50_ms=$(awk -v v="$p50" 'BEGIN{printf "%.1f", v/1000}') p99_ms=$(awk -v v="$p99" 'BEGIN{printf "%.1f", v/1000}')" \
  "service_cpu_ms/add=$(awk -v a="$c0" -v b="$c1" -v r="$req" 'BEGIN{printf "%.2f", (b-a)*10/r}')" \
  "machine_busy=$(awk -v b=$busy -v i=$idle 'BEGIN{printf "%.0f%%", 100*b/(b+i)}')" \
  "rss_mb=$(( $(awk '/VmRSS/ {print $2}' /proc/$SP/status) / 1024 ))$sys"
