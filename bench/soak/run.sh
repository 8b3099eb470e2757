#!/usr/bin/env bash
# The soak of bench/soak/README.md: 30 minutes of mixed load on the packaged jar (adds from 4 clients,
# contexts from 4, the lifecycle jobs every minute), on PostgreSQL with the database restarted at minute 10,
# or on SQLite without. Then the verdict of SoakLoad: 0 acknowledged adds lost, only 503 + Retry-After while
# the database is away, readiness DOWN then UP, RSS flat (±10 %) after the warm-up.
#
# PostgreSQL runs as a private cluster of its own (initdb in a temporary folder, on --pg-port), so the
# machine's shared server is never stopped. Needs the PostgreSQL server binaries, java 17 and the runner jar:
#   ./mvnw -q -pl bootstrap -am package -DskipTests
#
# usage: bench/soak/run.sh postgres|sqlite [--minutes 30] [--restart-at-minute 10] [--down-seconds 20]
#                          [--port 18091] [--pg-port 25433] [--out /tmp/soak-<store>]
set -euo pipefail
cd "$(dirname "$0")/../.."

STORE=${1:?postgres or sqlite}; shift
MINUTES=30
RESTART_AT=10
DOWN_SECONDS=20
PORT=18091
PG_PORT=25433
OUT=/tmp/soak-$STORE
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) MINUTES=$2; shift 2 ;;
    --restart-at-minute) RESTART_AT=$2; shift 2 ;;
    --down-seconds) DOWN_SECONDS=$2; shift 2 ;;
    --port) PORT=$2; shift 2 ;;
    --pg-port) PG_PORT=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
APP=${SOAK_APP:-bootstrap/target/quarkus-app}
[ -f "$APP/quarkus-run.jar" ] || { echo "no runner jar: ./mvnw -q -pl bootstrap -am package -DskipTests" >&2; exit 2; }
rm -rf "$OUT"; mkdir -p "$OUT"; chmod 755 "$OUT"
BASE=http://127.0.0.1:$PORT
APP_PID=
say() { printf '%s  %s\n' "$(date +%T)" "$*"; }

PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
pg() {
  as_pg "$PG_BIN/pg_ctl" -D "$OUT/pgdata" -o "-p $PG_PORT -k $OUT -c listen_addresses=127.0.0.1" \
    -l "$OUT/postgres.log" -w "$@" >/dev/null
}
cleanup() {
  [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null && wait "$APP_PID" 2>/dev/null || true
  [ "$STORE" = postgres ] && pg stop -m fast 2>/dev/null || true
}
trap cleanup EXIT

case "$STORE" in
  postgres)
    [ -x "$PG_BIN/pg_ctl" ] || { echo "PostgreSQL server binaries not found under /usr/lib/postgresql" >&2; exit 2; }
    if [ "$(id -u)" = 0 ]; then chown postgres "$OUT"; fi
    as_pg "$PG_BIN/initdb" -D "$OUT/pgdata" -A trust -U postgres >/dev/null
    pg start
    psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -Atq -c "CREATE DATABASE pm_memory"
    export MEMORY_STORE=postgres QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://127.0.0.1:$PG_PORT/pm_memory"
    export QUARKUS_DATASOURCE_USERNAME=postgres
    JDBC="jdbc:postgresql://127.0.0.1:$PG_PORT/pm_memory?user=postgres"
    DRIVER=$(ls "$APP"/lib/main/org.postgresql.postgresql-*.jar)
    RESTART=(--restart-at-minute "$RESTART_AT" --restart-command
      "runuser -u postgres -- $PG_BIN/pg_ctl -D $OUT/pgdata -m fast -w stop >/dev/null; sleep $DOWN_SECONDS;
       runuser -u postgres -- $PG_BIN/pg_ctl -D $OUT/pgdata -o '-p $PG_PORT -k $OUT -c listen_addresses=127.0.0.1' -l $OUT/postgres.log -w start >/dev/null")
    ;;
  sqlite)
    export MEMORY_STORE=sqlite MEMORY_SQLITE_PATH="$OUT/pm-memory.db"
    JDBC="jdbc:sqlite:$OUT/pm-memory.db"
    DRIVER=$(ls "$APP"/lib/main/org.xerial.sqlite-jdbc-*.jar)
    RESTART=()
    ;;
  *) echo "postgres or sqlite, not $STORE" >&2; exit 2 ;;
esac

QUARKUS_HTTP_PORT=$PORT java -jar "$APP/quarkus-run.jar" >"$OUT/service.log" 2>&1 &
APP_PID=$!
for _ in $(seq 1 240); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/q/health/ready" || true)" = 200 ] && break
  kill -0 "$APP_PID" 2>/dev/null || { tail -20 "$OUT/service.log"; echo "service died" >&2; exit 1; }
  sleep 0.5
done
say "service on $BASE ($STORE, pid $APP_PID); $MINUTES minutes of load"
java -cp "$DRIVER" bench/soak/SoakLoad.java --url "$BASE" --pid "$APP_PID" --jdbc "$JDBC" --minutes "$MINUTES" \
  --out "$OUT" "${RESTART[@]}"
