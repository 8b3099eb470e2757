#!/usr/bin/env bash
# threadcpu.sh PID -> "name ticks" per thread group (digits collapsed)
pid=$1
for t in /proc/$pid/task/*; do
  n=$(cat $t/comm 2>/dev/null | sed 's/[0-9]\+/N/g; s/ /_/g')
  awk -v n="$n" '{ s=$0; sub(/^.*\) /, "", s); split(s, f, " "); print n, f[12] + f[13] }' $t/stat 2>/dev/null
done | awk '{ a[$1] += $2 } END { for (k in a) print k, a[k] }' | sort
