#!/bin/sh
# bench/context: context latency in one profile at 1k / 10k / 100k memories, SQLite and PostgreSQL,
# shared-term and rare-term queries, semantic recall off and on. Writes bench/results/context-latency.csv.
# The PostgreSQL database given is EMPTIED. Extra arguments go to Maven, e.g.
#   -Dpm.bench.context.sizes=1000,10000  -Dpm.bench.context.queries=100  -Dpm.bench.context.semantic-max=10000
#   -Dtest=SqliteContextBenchTest   (one store only; the CSV keeps the other store's rows)
set -e
cd "$(dirname "$0")/../.."
: "${PM_MEMORY_TEST_POSTGRES_URL:?set PM_MEMORY_TEST_POSTGRES_URL (and PM_MEMORY_TEST_POSTGRES_USERNAME); that database is emptied}"
./mvnw -B -ntp -o -q test -pl bootstrap -am -Dtest='SqliteContextBenchTest,PostgresContextBenchTest' \
    -Dsurefire.failIfNoSpecifiedTests=false -Dpm.bench.context=true "$@" 2>&1 \
    | grep -E 'CONTEXT-BENCH|ERROR|FAIL|Tests run' || true
