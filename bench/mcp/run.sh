#!/usr/bin/env bash
# bench/mcp: recall latency over MCP beside REST's context, one profile of N memories, on the packaged jar
# with a fresh SQLite file (bench/mcp/README.md): bench/LoadDriver.java --mcp. Build the jar first:
#   ./mvnw -q -pl bootstrap -am package -DskipTests
#   bench/mcp/run.sh [--adds 10000] [--contexts 1000] [--clients 2]      (PM_MEMORY_BENCH_PORT, default 18090)
set -euo pipefail
cd "$(dirname "$0")/../.."
jar=bootstrap/target/quarkus-app/quarkus-run.jar
[ -f "$jar" ] || { echo "no $jar: ./mvnw -q -pl bootstrap -am package -DskipTests" >&2; exit 2; }
port=${PM_MEMORY_BENCH_PORT:-18090}
work=$(mktemp -d "${TMPDIR:-/tmp}/pm-memory-mcp-bench.XXXXXX")
QUARKUS_HTTP_PORT=$port MEMORY_SQLITE_PATH="$work/pm-memory.db" MEMORY_JOBS_SWEEP_ENABLED=false \
  MEMORY_JOBS_PURGE_ENABLED=false MEMORY_JOBS_COMPACT_ENABLED=false java -jar "$jar" >"$work/service.log" 2>&1 &
pid=$!
trap 'kill -TERM $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 120); do
  curl -sf -o /dev/null "http://127.0.0.1:$port/q/health/ready" && break
  kill -0 $pid 2>/dev/null || { tail -20 "$work/service.log" >&2; exit 1; }
  sleep 0.5
done
java bench/LoadDriver.java --url "http://127.0.0.1:$port" --adds 10000 --clients 2 --contexts 1000 --mcp "$@"
