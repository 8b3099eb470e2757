#!/usr/bin/env bash
# CPU profile of adds on the packaged jar (issue 13, bench/RESULTS.md "Where an add's CPU goes"):
# starts the service, runs bench/load/run.sh's warm-up (5 s adds, 5 s context at 4 connections), then
# records JFR (2 ms CPU sampling) while wrk adds for <seconds> at <connections>; prints adds/s, service
# CPU per add (all threads, and by thread group), RSS and load average. Then aggregate with
#   jfr print --json --stack-depth 300 --events jdk.ExecutionSample OUT.jfr > OUT.json
#   python3 bench/profile/jfr_areas.py OUT.json     # areas, top self frames, our frames
#   python3 bench/profile/jfr_nearest.py OUT.json   # self time by nearest dev.pmmemory frame and line
# usage: bench/profile/profile.sh <sqlite|postgres> <connections> <seconds> <out-prefix> [jar]
#   PG_DB=postgresql://127.0.0.1:5432/<scratch db> (dropped and re-created!)  JAVA_OPTS=... for the service
set -euo pipefail
cd "$(dirname "$0")/../.."
STORE=$1 C=$2 SECS=$3 OUT=$4 JAR=${5:-bootstrap/target/quarkus-app/quarkus-run.jar}
PORT=18313 URL=http://127.0.0.1:18313 PROFILES=20
WORK=$(mktemp -d /tmp/pm-profile.XXXX)
env=(QUARKUS_HTTP_PORT=$PORT MEMORY_STORE=$STORE MEMORY_JOBS_SWEEP_ENABLED=false MEMORY_JOBS_PURGE_ENABLED=false MEMORY_JOBS_COMPACT_ENABLED=false)
if [ "$STORE" = sqlite ]; then env+=(MEMORY_SQLITE_PATH=$WORK/pm.db); else
  psql -q -U postgres -d ${PG_DB:-postgresql://127.0.0.1:5432/pm_profile} -c 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;'
  env+=(QUARKUS_DATASOURCE_JDBC_URL=jdbc:${PG_DB:-postgresql://127.0.0.1:5432/pm_profile} QUARKUS_DATASOURCE_USERNAME=postgres); fi
env "${env[@]}" java ${JAVA_OPTS:-} -XX:StartFlightRecording=filename=$OUT.startup.jfr,settings=profile,maxage=1s -jar "$JAR" > $WORK/service.log 2>&1 &
SP=$!
trap 'kill $SP 2>/dev/null; wait $SP 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do curl -sf -o /dev/null $URL/q/health/ready && break; sleep 0.5; done
tag=p$(date +%s)
# the bench's warm-up: 5 s adds at 4, 5 s context at 4
wrk -t 2 -c 4 -d 5s -s bench/load/pm.lua $URL -- add $PROFILES $tag 90000000 2 | grep RESULT
wrk -t 2 -c 4 -d 5s -s bench/load/pm.lua $URL -- context $PROFILES $tag 91000000 2 | grep RESULT
JFC=$WORK/fast.jfc # the JDK's profile settings, CPU samples every 2 ms instead of 10
JH=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
sed '/<event name="jdk.ExecutionSample">/,/<\/event>/ s/>10 ms</>2 ms</' "$JH/lib/jfr/profile.jfc" > "$JFC"
jcmd $SP JFR.start name=win settings=$JFC filename=$OUT.jfr >/dev/null
bench/profile/threadcpu.sh $SP > $WORK/cpu0
c0=$(awk '{ print $14 + $15 }' /proc/$SP/stat); l0=$(cut -d' ' -f1-3 /proc/loadavg)
t=$(( C < 2 ? 1 : 2 ))
wrk -t $t -c $C -d ${SECS}s --timeout 30s -s bench/load/pm.lua $URL -- add $PROFILES $tag 1000000 $t > $WORK/wrk.log
c1=$(awk '{ print $14 + $15 }' /proc/$SP/stat); l1=$(cut -d' ' -f1-3 /proc/loadavg)
bench/profile/threadcpu.sh $SP > $WORK/cpu1
jcmd $SP JFR.stop name=win >/dev/null
rss=$(awk '/VmRSS/ {print $2}' /proc/$SP/status)
req=$(sed -n 's/.*RESULT requests=\([0-9]*\).*/\1/p' $WORK/wrk.log)
grep RESULT $WORK/wrk.log
echo "store=$STORE c=$C secs=$SECS requests=$req adds_per_s=$(( req / SECS )) cpu_ms_per_add=$(awk -v a=$c0 -v b=$c1 -v r=$req 'BEGIN{printf "%.3f", (b-a)*10/r}') rss_mb=$((rss/1024)) load_before=\"$l0\" load_after=\"$l1\""
join $WORK/cpu0 $WORK/cpu1 | awk -v r=$req '{ d=$3-$2; if (d>0) printf "  %-28s %8.1f us/add\n", $1, d*10000/r }' | sort -k2 -n -r
