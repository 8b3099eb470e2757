#!/usr/bin/env bash
# Concurrency check against running services (loopback only): C clients send N identical adds of
# one profile, spread round-robin over every --url given (several instances on one PostgreSQL:
# pass each), then C opposite decisions about one entity. Prints the statuses, the final weight
# (must be N) and the active decisions (must be 1).
#
# usage: bench/concurrent-adds.sh [--url http://127.0.0.1:8080 ...] [--clients 24] [--adds 240]
set -euo pipefail
URLS=()
CLIENTS=24
ADDS=240
while [ $# -gt 0 ]; do
  case "$1" in
    --url) URLS+=("$2"); shift 2 ;;
    --clients) CLIENTS=$2; shift 2 ;;
    --adds) ADDS=$2; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
[ ${#URLS[@]} -gt 0 ] || URLS=(http://127.0.0.1:8080)
for u in "${URLS[@]}"; do
  case "$u" in http://127.0.0.1:*|http://localhost:*) ;; *) echo "loopback only: $u" >&2; exit 2 ;; esac
done
export URL_LIST="${URLS[*]}"
RUN=$(date +%s%N)

send() { # n profile message
  local urls=($URL_LIST)
  local u=${urls[$(($1 % ${#urls[@]}))]}
  curl -s -o /dev/null -w '%{http_code}\n' --max-time 60 -H 'Content-Type: application/json' \
    -d "{\"message\": \"$3\"}" "$u/v1/profiles/$2/feedback"
}
export -f send

P=dedup-$RUN
echo "identical adds: $ADDS from $CLIENTS clients over ${#URLS[@]} instance(s)"
seq 0 $((ADDS - 1)) | xargs -P "$CLIENTS" -I{} bash -c "send {} $P 'OpenAI 估值高！'" | sort | uniq -c
curl -s "${URLS[0]}/v1/profiles/$P/memories?limit=50" | python3 -c '
import json, sys
items = json.load(sys.stdin)["items"]
print("  memories:", len(items), "weight:", [m["weight"] for m in items], "sources:", [len(m["source_message_ids"]) for m in items])'

Q=decisions-$RUN
echo "opposite decisions on one entity: $CLIENTS at once"
seq 0 $((CLIENTS - 1)) | xargs -P "$CLIENTS" -I{} bash -c \
  'if [ $(({} % 2)) = 0 ]; then m="Anthropic 可以推进"; else m="Anthropic 商业化弱"; fi; send {} '"$Q"' "$m"' | sort | uniq -c
curl -s "${URLS[0]}/v1/profiles/$Q/memories?limit=50&status=active" | python3 -c '
import json, sys
items = [m for m in json.load(sys.stdin)["items"] if m["type"] in ("project_advance", "project_negative")]
print("  active decisions:", len(items), [m["type"] for m in items])'
