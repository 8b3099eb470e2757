#!/usr/bin/env bash
# Regenerates the PNG charts of bench/RESULTS.md from the CSVs in bench/results/ (gnuplot):
#   adds-vs-connections.png    adds/s against connections, SQLite and PostgreSQL, with each store's
#                              raw single-row commits/s (same run) and the issue 13 targets
#   latency-vs-connections.png add and context p99 against connections
#   context-p99-vs-memories.png context p99 against memories per profile, from
#                              context-latency.csv (store,memories,query_kind,semantic,p50_ms,p99_ms);
#                              context-latency.sample.csv when that file is not there yet
#
# usage: bench/charts/plot.sh [--results bench/results]
set -euo pipefail
cd "$(dirname "$0")/../.."
RESULTS=bench/results
while [ $# -gt 0 ]; do
  case "$1" in
    --results) RESULTS=$2; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
command -v gnuplot >/dev/null || { echo "needs gnuplot (Debian: gnuplot-nox)" >&2; exit 2; }
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT

# rows of one store, without the header: connections then the wanted columns
store_rows() { # <csv> <store> <columns…>
  local csv=$1 store=$2; shift 2
  awk -F, -v s="$store" -v cols="$*" 'NR > 1 && $1 == s { n = split(cols, c, " "); line = "";
    for (i = 1; i <= n; i++) line = line (i > 1 ? " " : "") $c[i]; print line }' "$csv"
}

ADDS=$RESULTS/adds.csv
if [ -f "$ADDS" ]; then
  store_rows "$ADDS" sqlite 2 3 7 6 > "$TMP/sqlite.dat"
  store_rows "$ADDS" postgres 2 3 7 6 > "$TMP/postgres.dat"
  SQLITE_RAW=$(awk 'NR == 1 { print $3 }' "$TMP/sqlite.dat"); SQLITE_RAW=${SQLITE_RAW:-0}
  PG_RAW=$(awk 'NR == 1 { print $3 }' "$TMP/postgres.dat"); PG_RAW=${PG_RAW:-0}
  plots=()
  [ -s "$TMP/sqlite.dat" ] && plots+=("'$TMP/sqlite.dat' using 1:2 with linespoints lw 2 pt 7 lc rgb '#1f77b4' title 'SQLite adds/s'"
    "'$TMP/sqlite.dat' using 1:3 with lines dt 2 lc rgb '#1f77b4' title sprintf('SQLite raw commits/s (%.0f)', $SQLITE_RAW)"
    "'+' using (8):($SQLITE_RAW * 0.15) every ::0::0 with points pt 9 ps 2 lc rgb '#1f77b4' title 'target SQLite, 8 conn: 0.15 × raw'")
  [ -s "$TMP/postgres.dat" ] && plots+=("'$TMP/postgres.dat' using 1:2 with linespoints lw 2 pt 5 lc rgb '#d62728' title 'PostgreSQL adds/s'"
    "'$TMP/postgres.dat' using 1:3 with lines dt 2 lc rgb '#d62728' title sprintf('PostgreSQL raw commits/s, 4 conn (%.0f)', $PG_RAW)"
    "'+' using (4):(1500) every ::0::0 with points pt 11 ps 2 lc rgb '#d62728' title 'target PostgreSQL, 4 conn: 1,500'")
  if [ ${#plots[@]} -gt 0 ]; then
    joined=$(printf '%s, ' "${plots[@]}"); joined=${joined%, }
    gnuplot <<GP
set terminal pngcairo size 900,560 font 'sans,10' noenhanced
set output '$RESULTS/adds-vs-connections.png'
set title 'Adds/s against connections (packaged jar, loopback, wrk; dashed: raw store, same run)'
set xlabel 'connections'; set ylabel 'per second (log scale)'
set logscale x 2; set logscale y 10; set grid; set key outside bottom center horizontal maxrows 3
set xrange [0.8:20]; set samples 2
plot $joined
GP
    echo "wrote $RESULTS/adds-vs-connections.png"
  fi
  CONTEXT=$RESULTS/context.csv
  plots=()
  for s in sqlite postgres; do
    colour="#1f77b4"; [ "$s" = postgres ] && colour="#d62728"
    [ -s "$TMP/$s.dat" ] && plots+=("'$TMP/$s.dat' using 1:4 with linespoints lw 2 pt 7 lc rgb '$colour' title '$s add p99'")
    if [ -f "$CONTEXT" ]; then
      store_rows "$CONTEXT" "$s" 2 6 > "$TMP/$s-context.dat"
      [ -s "$TMP/$s-context.dat" ] && plots+=("'$TMP/$s-context.dat' using 1:2 with linespoints lw 2 dt 3 pt 6 lc rgb '$colour' title '$s context p99'")
    fi
  done
  if [ ${#plots[@]} -gt 0 ]; then
    joined=$(printf '%s, ' "${plots[@]}"); joined=${joined%, }
    gnuplot <<GP
set terminal pngcairo size 900,520 font 'sans,10' noenhanced
set output '$RESULTS/latency-vs-connections.png'
set title 'p99 latency against connections (issue 13 target: add p99 ≤ 20 ms)'
set xlabel 'connections'; set ylabel 'p99 (ms, log scale)'
set logscale x 2; set logscale y 10; set grid; set key top left
set xrange [0.8:20]
plot $joined, 20 with lines dt 2 lc rgb 'black' title 'target 20 ms'
GP
    echo "wrote $RESULTS/latency-vs-connections.png"
  fi
fi

LATENCY=$RESULTS/context-latency.csv
[ -f "$LATENCY" ] || LATENCY=$RESULTS/context-latency.sample.csv
if [ -f "$LATENCY" ]; then
  # one gnuplot data block per (store, query_kind, semantic), sorted by memories
  awk -F, 'NR > 1 { print $1 "/" $3 "/semantic=" $4 "," $2 "," $6 }' "$LATENCY" | sort -t, -k1,1 -k2,2n > "$TMP/lat.csv"
  awk -F, '$1 != last { if (NR > 1) printf "\n\n"; printf "\"%s\"\n", $1; last = $1 } { print $2, $3 }' "$TMP/lat.csv" > "$TMP/lat.dat"
  blocks=$(cut -d, -f1 "$TMP/lat.csv" | uniq | wc -l)
  note=""; [ "$LATENCY" = "$RESULTS/context-latency.sample.csv" ] && note=' — SAMPLE DATA, not measured'
  gnuplot <<GP
set terminal pngcairo size 900,560 font 'sans,10' noenhanced
set output '$RESULTS/context-p99-vs-memories.png'
set title 'Context p99 against memories per profile$note'
set xlabel 'memories per profile (log scale)'; set ylabel 'p99 (ms)'
set logscale x 10; set grid; set key outside bottom center horizontal maxrows 4
plot for [i=0:$((blocks - 1))] '$TMP/lat.dat' index i using 1:2 with linespoints lw 2 title columnheader(1)
GP
  echo "wrote $RESULTS/context-p99-vs-memories.png (from $LATENCY)"
fi
