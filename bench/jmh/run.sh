#!/usr/bin/env bash
# JMH benchmarks of the domain hot paths, one command: builds bench/jmh (with the domain module;
# -Pbench, never part of ./mvnw verify) into bench/jmh/target/benchmarks.jar and runs it.
#   MessagePipelineBenchmark: redact + analyse + classify one message (and each step alone)
#   RankBenchmark: rank a profile's 100 / 1,000 memories for a context query (top 3)
# Results: bench/results/jmh.csv (JMH's CSV), jmh.txt (date, options, load) and JMH's report on stdout.
#
# usage: bench/jmh/run.sh [--quick] [--no-build] [-- <more JMH options, e.g. a benchmark regex>]
#   --quick   1 × 1 s warm-up, 3 × 1 s measurement per benchmark (≈ 40 s) instead of 3 × 2 s + 5 × 2 s (≈ 2 min)
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD=true
OPTS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) OPTS+=(-wi 1 -w 1s -i 3 -r 1s); shift ;;
    --no-build) BUILD=false; shift ;;
    --) shift; OPTS+=("$@"); break ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
if $BUILD || [ ! -f bench/jmh/target/benchmarks.jar ]; then
  ./mvnw -B -ntp -q -Pbench -pl bench/jmh -am package -Dmaven.test.skip=true
fi
mkdir -p bench/results
{
  echo "date_utc=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "options=${OPTS[*]:-defaults of the annotations}"
  echo "load_before=$(cut -d' ' -f1-3 /proc/loadavg)"
} > bench/results/jmh.txt
java -jar bench/jmh/target/benchmarks.jar -rf csv -rff bench/results/jmh.csv "${OPTS[@]}"
echo "load_after=$(cut -d' ' -f1-3 /proc/loadavg)" >> bench/results/jmh.txt
