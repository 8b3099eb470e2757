#!/usr/bin/env bash
# Encryption at rest, off versus on, same run (docs/encryption.md): the packaged jar on a fresh SQLite file,
# once without a key and once with memory.encryption.key, each warmed up and then driven by bench/LoadDriver.java
# (distinct adds on one profile, then context calls on it). Prints add and context p50 / p99 per mode.
#
# usage: bench/encryption/run.sh [--adds 3000] [--contexts 1000] [--warmup-adds 1000] [--port 18934] [--jar PATH]
# Needs: java 17+, curl. Loopback only. The key is a throw-away one made here.
set -euo pipefail
cd "$(dirname "$0")/../.."

ADDS=3000
CONTEXTS=1000
WARMUP_ADDS=1000
PORT=18934
JAR=bootstrap/target/quarkus-app/quarkus-run.jar
while [ $# -gt 0 ]; do
  case "$1" in
    --adds) ADDS=$2; shift 2 ;;
    --contexts) CONTEXTS=$2; shift 2 ;;
    --warmup-adds) WARMUP_ADDS=$2; shift 2 ;;
    --port) PORT=$2; shift 2 ;;
    --jar) JAR=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
[ -f "$JAR" ] || ./mvnw -q -B -ntp -pl bootstrap -am package -DskipTests
TMP=$(mktemp -d)
KEY=$(head -c 32 /dev/urandom | base64)
PID=
trap '[ -n "$PID" ] && kill "$PID" 2>/dev/null; rm -rf "$TMP"' EXIT

run_mode() { # $1 = off | on
  local mode=$1 extra=()
  [ "$mode" = on ] && extra=(-Dmemory.encryption.key="$KEY")
  java -Dquarkus.http.port="$PORT" -Dmemory.sqlite.path="$TMP/$mode.db" "${extra[@]}" -jar "$JAR" \
      > "$TMP/$mode.log" 2>&1 &
  PID=$!
  for _ in $(seq 1 120); do
    curl -fs "http://127.0.0.1:$PORT/q/health/ready" > /dev/null && break
    sleep 1
  done
  java bench/LoadDriver.java --url "http://127.0.0.1:$PORT" --adds "$WARMUP_ADDS" --contexts 300 \
      --profile "warmup-$mode" > /dev/null
  echo "== encryption $mode ($(grep -o 'encryption at rest: on[^,]*' "$TMP/$mode.log" || echo 'no key'))"
  java bench/LoadDriver.java --url "http://127.0.0.1:$PORT" --adds "$ADDS" --contexts "$CONTEXTS" \
      --profile "bench-$mode" | grep -E "adds:|p50"
  kill "$PID"; wait "$PID" 2>/dev/null || true; PID=
}
run_mode off
run_mode on
