#!/usr/bin/env bash
# Every benchmark of bench/RESULTS.md, one command from a clean clone (issue 13):
#   1. bench/load/run.sh   load runs of the packaged jar, SQLite then PostgreSQL (when a URL is given)
#   2. bench/jmh/run.sh    JMH: the domain hot paths
#   3. bench/charts/plot.sh and bench/report.py: the PNGs and the tables of bench/RESULTS.md
# ≈ 11 min in all; --quick ≈ 3 min. Options not listed here go to bench/load/run.sh.
#
# usage: bench/run-all.sh [--quick] [--pg-url jdbc:postgresql://127.0.0.1:5432/scratch [--pg-fresh]] [...]
set -euo pipefail
cd "$(dirname "$0")/.."
QUICK=()
LOAD=()
for a in "$@"; do
  case "$a" in
    --quick) QUICK=(--quick); LOAD+=(--quick) ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) LOAD+=("$a") ;;
  esac
done
bench/load/run.sh "${LOAD[@]}"
bench/jmh/run.sh "${QUICK[@]}"
bench/charts/plot.sh
python3 bench/report.py --command "bench/run-all.sh $*"
