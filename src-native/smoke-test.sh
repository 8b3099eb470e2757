#!/usr/bin/env bash
# Black-box smoke test of any build of pm-memory (docs/sidecar.md "Run as a sidecar"):
#
#   src-native/smoke-test.sh bootstrap/target/pm-memory-bootstrap-0.1.0-SNAPSHOT-runner      # native
#   src-native/smoke-test.sh java -jar bootstrap/target/quarkus-app/quarkus-run.jar          # JVM
#   src-native/smoke-test.sh src-native/run-jvm.sh                                          # lean JVM
#
# Starts CMD on a free loopback port with a temporary SQLite file (QUARKUS_HTTP_PORT,
# MEMORY_SQLITE_PATH), waits until /q/health/ready answers, then: health, add feedback, read it back
# as context, a bad request gets a 400 problem naming the field, the SQLite file holds the data;
# stops the service (SIGTERM) and exits non-zero on any failure, printing the service's log.
# Needs bash and curl only. SMOKE_READY_TIMEOUT (seconds, default 60) bounds the wait for ready.
# With SMOKE_MCP_CLIENT=src-native/mcp-client (after npm ci there; needs node), the official MCP
# TypeScript SDK client also drives /mcp: lists the tools, remembers, recalls, confirms (check.mjs).
set -uo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 CMD [ARG...]   (the command that starts the service)" >&2
  exit 2
fi
command -v curl >/dev/null || { echo "smoke: curl is needed" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/pm-memory-smoke.XXXXXX")
log="$work/service.log"
pid=""
passed=0
failed=0

free_port() {
  local port
  for _ in $(seq 1 50); do
    port=$(( 20000 + RANDOM % 40000 ))
    # nothing answers there (bash's /dev/tcp: no extra tool)
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return 0
    fi
  done
  return 1
}

stop() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && { echo "smoke: the service did not stop within 10 s of SIGTERM" >&2; kill -KILL "$pid"; failed=$((failed + 1)); }
    wait "$pid" 2>/dev/null
  fi
  pid=""
}

finish() {
  stop
  if [ "$failed" -gt 0 ]; then
    echo "--- service log (last 60 lines) ---" >&2
    tail -n 60 "$log" >&2 2>/dev/null
  fi
  rm -rf "$work"
}
trap finish EXIT

ok() { passed=$((passed + 1)); echo "  ok   $1"; }
ko() { failed=$((failed + 1)); echo "  FAIL $1" >&2; }

# check NAME EXPECTED_STATUS BODY_PATTERN curl-args...   (the body is matched as a fixed string)
check() {
  local name=$1 want=$2 pattern=$3; shift 3
  local status
  status=$(curl -sS -o "$work/body" -w '%{http_code}' --max-time 10 "$@" 2>"$work/curl.err") || status="curl: $(cat "$work/curl.err")"
  if [ "$status" != "$want" ]; then
    ko "$name: HTTP $status, expected $want; body: $(head -c 400 "$work/body" 2>/dev/null)"
  elif [ -n "$pattern" ] && ! grep -qF -- "$pattern" "$work/body"; then
    ko "$name: body lacks '$pattern': $(head -c 400 "$work/body")"
  else
    ok "$name"
  fi
}

port=$(free_port) || { echo "smoke: no free port found" >&2; exit 1; }
db="$work/data/pm-memory.db"
base="http://127.0.0.1:$port"
echo "smoke: starting '$*' on port $port, SQLite $db"

started=$(date +%s%N)
QUARKUS_HTTP_PORT=$port QUARKUS_HTTP_HOST=127.0.0.1 MEMORY_SQLITE_PATH=$db MEMORY_STORE=sqlite \
  MEMORY_JOBS_SWEEP_ENABLED=false MEMORY_JOBS_PURGE_ENABLED=false "$@" >"$log" 2>&1 &
pid=$!

deadline=$(( $(date +%s) + ${SMOKE_READY_TIMEOUT:-60} ))
until curl -sf -o /dev/null --max-time 2 "$base/q/health/ready"; do
  if ! kill -0 "$pid" 2>/dev/null; then
    wait "$pid"; ko "the service exited (status $?) before it was ready"; pid=""; exit 1
  fi
  if [ "$(date +%s)" -ge "$deadline" ]; then
    ko "not ready within ${SMOKE_READY_TIMEOUT:-60} s"; exit 1
  fi
  sleep 0.05
done
ok "ready after $(( ($(date +%s%N) - started) / 1000000 )) ms"

profile="smoke-$$"
check "liveness /q/health/live" 200 '"UP"' "$base/q/health/live"
check "readiness /q/health/ready" 200 '"UP"' "$base/q/health/ready"
check "add feedback" 201 '"outcome":"created"' -X POST -H 'Content-Type: application/json' \
  --data-binary '{"message":"OpenAI 估值太高了，先不看","message_id":"smoke-1"}' "$base/v1/profiles/$profile/feedback"
check "the same message again is a replay" 200 '"outcome":"replayed"' -X POST -H 'Content-Type: application/json' \
  --data-binary '{"message":"OpenAI 估值太高了，先不看","message_id":"smoke-1"}' "$base/v1/profiles/$profile/feedback"
check "context recalls it" 200 'OpenAI' -G --data-urlencode 'query=OpenAI 估值' "$base/v1/profiles/$profile/context"
check "context has a prompt block" 200 '"prompt_block"' -G --data-urlencode 'query=OpenAI' "$base/v1/profiles/$profile/context"
check "bad input is a 400 naming the field" 400 '"limit"' "$base/v1/profiles/$profile/context?query=x&limit=abc"
check "OpenAPI document" 200 '"openapi"' -H 'Accept: application/json' "$base/q/openapi"
if [ -n "${SMOKE_MCP_CLIENT:-}" ]; then
  if node "$SMOKE_MCP_CLIENT/check.mjs" "$base/mcp" "$profile-mcp" >"$work/mcp.out" 2>&1; then
    ok "MCP over /mcp with the TypeScript SDK client ($(grep -c '^  ok ' "$work/mcp.out") checks)"
  else
    ko "MCP over /mcp with the TypeScript SDK client: $(grep -E 'FAIL' "$work/mcp.out" | head -3 | tr '\n' ' ')"
    cat "$work/mcp.out" >&2
  fi
fi
if [ -s "$db" ]; then ok "SQLite file written ($db)"; else ko "no SQLite file at $db"; fi

before=$failed
stop
[ "$failed" -eq "$before" ] && ok "stopped within 10 s of SIGTERM"

echo "smoke: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
