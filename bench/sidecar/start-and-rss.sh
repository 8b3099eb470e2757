#!/usr/bin/env bash
# Sidecar start-up and memory, before/after in one run (docs/sidecar.md "Run as a sidecar", issue 14):
# for each build given, each JDK and each launch (plain `java -jar`, src-native/run-jvm.sh with its
# class-data archive), starts the service on SQLite with a fresh file, measures the wall time from
# launch to the first 200 of /q/health/ready, the CPU time used by then and RSS idle, sends 1,000 adds
# and 100 context calls (bench/LoadDriver.java), measures RSS again, and stops it. Runs alternate
# between builds, so a busy machine slows both alike; compare ratios, not absolute figures.
#
#   bench/sidecar/start-and-rss.sh [--runs 2] [--adds 1000] [--jdks "17 25"] LABEL=QUARKUS_APP_DIR...
#   bench/sidecar/start-and-rss.sh before=/tmp/old/bootstrap/target/quarkus-app after=bootstrap/target/quarkus-app
#
# Builds: ./mvnw -q -pl bootstrap -am package -DskipTests -Psidecar (README). Archives are trained first
# (src-native/run-jvm.sh --train, into each app dir, replacing any there). JDK 17 is
# /usr/lib/jvm/java-17-openjdk-amd64, JDK 25 /usr/lib/jvm/temurin-25-jdk-amd64 (override: JDK17=…,
# JDK25=…). Output: one tab-separated line per start, then min–max per build, JDK and launch.
# Loopback only; every wait is bounded (ready 120 s); each start is stopped before the next.
set -euo pipefail

here=$(cd "$(dirname "$0")/../.." && pwd)
runs=2
adds=1000
jdks="17 25"
apps=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --adds) adds=$2; shift 2 ;;
    --jdks) jdks=$2; shift 2 ;;
    *=*) apps+=("$1"); shift ;;
    *) echo "usage: $0 [--runs N] [--adds N] [--jdks \"17 25\"] LABEL=QUARKUS_APP_DIR..." >&2; exit 2 ;;
  esac
done
[ ${#apps[@]} -gt 0 ] || { echo "$0: name at least one LABEL=QUARKUS_APP_DIR" >&2; exit 2; }
declare -A jdk_home=([17]=${JDK17:-/usr/lib/jvm/java-17-openjdk-amd64} [25]=${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64})

work=$(mktemp -d "${TMPDIR:-/tmp}/pm-sidecar-bench.XXXXXX")
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
javac -d "$work/driver" "$here/bench/LoadDriver.java"

free_port() { # a port nothing answers on (another helper's service may hold a random one)
  local port
  for _ in $(seq 1 50); do
    port=$(( 20000 + RANDOM % 40000 ))
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return 0; }
  done
  return 1
}
rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status"; }
cpu_ms() { # utime + stime of the process, in ms
  awk -v hz="$(getconf CLK_TCK)" '{print int(($14 + $15) * 1000 / hz)}' "/proc/$1/stat"
}

# one start: prints "label jdk launch ready_ms cpu_ms rss_idle_mb rss_after_mb"
measure() {
  local label=$1 app=$2 jdk=$3 launch=$4 port db
  port=$(free_port)
  db="$work/$label-$jdk-$launch-$RANDOM.db"
  local start=$(date +%s%N)
  if [ "$launch" = jar ]; then
    QUARKUS_HTTP_PORT=$port MEMORY_SQLITE_PATH=$db MEMORY_JOBS_SWEEP_ENABLED=false MEMORY_JOBS_PURGE_ENABLED=false \
      "${jdk_home[$jdk]}/bin/java" -jar "$app/quarkus-run.jar" >"$work/service.log" 2>&1 &
  else
    QUARKUS_HTTP_PORT=$port MEMORY_SQLITE_PATH=$db MEMORY_JOBS_SWEEP_ENABLED=false MEMORY_JOBS_PURGE_ENABLED=false \
      JAVA_HOME=${jdk_home[$jdk]} PM_MEMORY_APP=$app "$here/src-native/run-jvm.sh" >"$work/service.log" 2>&1 &
  fi
  pid=$!
  local ready=""
  for _ in $(seq 1 6000); do
    if curl -sf -o /dev/null "http://127.0.0.1:$port/q/health/ready"; then ready=$(( ($(date +%s%N) - start) / 1000000 )); break; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.02
  done
  if [ -z "$ready" ]; then
    cat "$work/service.log" >&2; echo "$0: $label/$jdk/$launch never became ready" >&2; exit 1
  fi
  local cpu idle after
  cpu=$(cpu_ms "$pid")
  sleep 1
  idle=$(( $(rss_kb "$pid") / 1024 ))
  java -cp "$work/driver" LoadDriver --url "http://127.0.0.1:$port" --adds "$adds" --contexts 100 >/dev/null
  after=$(( $(rss_kb "$pid") / 1024 ))
  kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; pid=""
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$jdk" "$launch" "$ready" "$cpu" "$idle" "$after"
}

for jdk in $jdks; do
  for entry in "${apps[@]}"; do
    app=${entry#*=}
    JAVA_HOME=${jdk_home[$jdk]} PM_MEMORY_APP=$app "$here/src-native/run-jvm.sh" --train >&2
  done
done

echo -e "build\tjava\tlaunch\tready_ms\tcpu_ms\trss_idle_mb\trss_after_${adds}_adds_mb" | tee "$work/results.tsv"
for run in $(seq 1 "$runs"); do
  for jdk in $jdks; do
    for launch in jar run-jvm; do
      for entry in "${apps[@]}"; do
        measure "${entry%%=*}" "${entry#*=}" "$jdk" "$launch" | tee -a "$work/results.tsv"
      done
    done
  done
done

echo
echo "min-max over $runs run(s): build java launch | ready ms | cpu ms | RSS idle MB | RSS after $adds adds MB"
tail -n +2 "$work/results.tsv" | sort -k1,1 -k2,2n -k3,3 | awk -F'\t' '
  function upd(k, i, v) { if (!(k SUBSEP i in lo) || v < lo[k, i]) lo[k, i] = v; if (!(k SUBSEP i in hi) || v > hi[k, i]) hi[k, i] = v }
  { k = $1 " " $2 " " $3; if (!(k in seen)) { seen[k] = 1; order[++n] = k } for (i = 4; i <= 7; i++) upd(k, i, $i) }
  END { for (j = 1; j <= n; j++) { k = order[j]; printf "%-28s", k; for (i = 4; i <= 7; i++) printf " | %s-%s", lo[k, i], hi[k, i]; print "" } }'
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
