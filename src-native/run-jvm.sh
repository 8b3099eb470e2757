#!/usr/bin/env bash
# The lean JVM sidecar launch (docs/sidecar.md "Run as a sidecar", JVM fallback): the packaged jar with a small
# heap, SerialGC, C1 only, and a class-data archive trained once — an AppCDS archive on Java 17-24, the
# AOT cache (JEP 483/514) on Java 25+. Configuration is the jar's: every environment variable it honours
# (QUARKUS_HTTP_PORT, QUARKUS_HTTP_HOST, MEMORY_STORE, MEMORY_SQLITE_PATH, MEMORY_AUTH_KEYS, …) passes
# through unchanged, as do extra arguments.
#
#   src-native/run-jvm.sh --train   # once per build and JDK: start, exercise, stop; writes the archive
#                                   # (and a copy of SQLite's native library beside it)
#   src-native/run-jvm.sh           # every start: uses the archive when it exists (plain start otherwise)
#
# Environment of this script (all optional):
#   JAVA_HOME / JAVA        the JDK (java on PATH otherwise); the archive is per JDK major version
#   PM_MEMORY_APP           the quarkus-app directory (default: bootstrap/target/quarkus-app of this repo)
#   PM_MEMORY_ARCHIVE_DIR   where the archive lives (default: PM_MEMORY_APP; must be writable to --train)
#   PM_MEMORY_HEAP          maximum heap (default 64m: the live set after start is ≈ 43 MB — HanLP's
#                           dictionary, the n-gram model, Hibernate ORM's boot metadata — so 48m ran out)
#   PM_MEMORY_JAVA_OPTS     more JVM options, appended (e.g. -XX:TieredStopAtLevel=4 for peak throughput)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
app=${PM_MEMORY_APP:-$here/../bootstrap/target/quarkus-app}
java=${JAVA:-${JAVA_HOME:+$JAVA_HOME/bin/java}}
java=${java:-java}
jar="$app/quarkus-run.jar"
[ -f "$jar" ] || { echo "run-jvm: no $jar (build with ./mvnw package -DskipTests, or set PM_MEMORY_APP)" >&2; exit 2; }

# The JDK's major version from its release file (JAVA_VERSION="25.0.3"): asking the JVM itself would start
# a second one before the service (≈ 70-100 ms of every launch). Falls back to asking when there is none.
java_home=$(cd "$(dirname "$(readlink -f "$(command -v "$java")")")/.." 2>/dev/null && pwd || true)
version=$(sed -n 's/^JAVA_VERSION="\([0-9.]*\).*/\1/p' "$java_home/release" 2>/dev/null || true)
major=${version%%.*}
if [ -z "$major" ]; then
  major=$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  major=${major%%.*}
fi
archive_dir=${PM_MEMORY_ARCHIVE_DIR:-$app}
if [ "$major" -ge 25 ]; then
  archive="$archive_dir/pm-memory-jdk$major.aot"
  use_archive=(-XX:AOTCache="$archive")
  train_archive=(-XX:AOTCacheOutput="$archive")
else
  archive="$archive_dir/pm-memory-jdk$major.jsa"
  use_archive=(-XX:SharedArchiveFile="$archive")
  train_archive=(-XX:ArchiveClassesAtExit="$archive")
fi

# Why these: a sidecar serves one bot, so a small heap and the serial collector (no GC threads, least
# RSS); C1 only (TieredStopAtLevel=1) compiles less and sooner, which is what a short-lived, lightly
# loaded process needs; one compiler thread leaves the second core to start-up itself (measured on 2
# cores: ready median 0.96 s against 1.04 s with the default two, 0.84 against 0.91 in a second run);
# a smaller code cache and thread stacks follow. A stale archive (new build, other JDK) is ignored with
# a warning (the JVM default, -Xshare:auto), never a failed start. The heap gives memory back after a
# collection (free ratios), so RSS follows the live set.
opts=(-XX:+UseSerialGC -Xmx"${PM_MEMORY_HEAP:-64m}" -Xms16m -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=20
      -Xss512k -XX:TieredStopAtLevel=1 -XX:CICompilerCount=1 -XX:ReservedCodeCacheSize=32m -XX:MaxMetaspaceSize=128m
      -XX:+ExitOnOutOfMemoryError)
# malloc's free pages handed back to the system every second (glibc malloc_trim): −1 to −2 MB after load;
# the option exists from 17.0.9 and 21.0.1 (an unknown option would stop the start), experimental in the
# first of those updates (hence the unlock, which changes nothing where it is a product option)
update=0 # the third number of 17.0.15, matched in bash rather than by a pipeline (this runs at every start)
[[ $version =~ ^[0-9]+\.[0-9]+\.([0-9]+) ]] && update=${BASH_REMATCH[1]}
if [ "$major" -ge 22 ] || { [ "$major" -eq 21 ] && [ "$update" -ge 1 ]; } \
    || { [ "$major" -eq 17 ] && [ "$update" -ge 9 ]; }; then
  opts+=(-XX:+UnlockExperimentalVMOptions -XX:TrimNativeHeapInterval=1000)
fi
# Java 25: 8-byte object headers (JEP 519), a smaller heap for the same objects; the AOT cache is
# trained with the same flags, as it must be
if [ "$major" -ge 25 ]; then opts+=(-XX:+UseCompactObjectHeaders); fi
# one glibc malloc arena: the service mallocs little (SQLite's page cache), and each extra arena
# keeps its own free pages resident
export MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-1}
# shellcheck disable=SC2206 # PM_MEMORY_JAVA_OPTS is a list of options
extra=(${PM_MEMORY_JAVA_OPTS:-})

# sqlite-jdbc copies its native library (≈ 1 MB) out of its jar into java.io.tmpdir at every start and
# reads both back to compare them; a copy made once by --train (glibc Linux, per sqlite-jdbc version) is
# loaded directly instead, through sqlite-jdbc's own org.sqlite.lib.path / org.sqlite.lib.name.
sqlite_jar=$(ls "$app"/lib/main/org.xerial.sqlite-jdbc-*.jar 2>/dev/null | head -n 1 || true)
sqlite_dir="$archive_dir/$(basename "${sqlite_jar:-none}" .jar)-native"
if [ "${1:-}" != "--train" ]; then
  [ -f "$archive" ] && opts+=("${use_archive[@]}")
  [ -n "$sqlite_jar" ] && [ -f "$sqlite_dir/libsqlitejdbc.so" ] \
    && opts+=(-Dorg.sqlite.lib.path="$sqlite_dir" -Dorg.sqlite.lib.name=libsqlitejdbc.so)
  exec "$java" "${opts[@]}" "${extra[@]}" -jar "$jar" "$@"
fi

# --train: one run on a temporary port and SQLite file, through start, a write and a read, then a
# clean stop (the JVM writes the archive as it exits).
shift
mkdir -p "$archive_dir"
rm -f "$archive"
rm -rf "$archive_dir"/org.xerial.sqlite-jdbc-*-native
if [ -n "$sqlite_jar" ] && [ "$(uname -s)" = Linux ] && ! ls /lib/ld-musl-* >/dev/null 2>&1 && command -v unzip >/dev/null; then
  unzip -q -o -j "$sqlite_jar" "org/sqlite/native/Linux/$(uname -m)/libsqlitejdbc.so" -d "$sqlite_dir" 2>/dev/null \
    || rm -rf "$sqlite_dir" # no library for this machine in the jar: sqlite-jdbc finds its own at start
fi
[ -f "$sqlite_dir/libsqlitejdbc.so" ] && opts+=(-Dorg.sqlite.lib.path="$sqlite_dir" -Dorg.sqlite.lib.name=libsqlitejdbc.so)
work=$(mktemp -d "${TMPDIR:-/tmp}/pm-memory-train.XXXXXX")
trap 'rm -rf "$work"' EXIT
port=$(( 20000 + RANDOM % 40000 ))
QUARKUS_HTTP_PORT=$port QUARKUS_HTTP_HOST=127.0.0.1 MEMORY_STORE=sqlite MEMORY_SQLITE_PATH="$work/train.db" \
  MEMORY_JOBS_SWEEP_ENABLED=false MEMORY_JOBS_PURGE_ENABLED=false \
  "$java" "${opts[@]}" "${extra[@]}" "${train_archive[@]}" -jar "$jar" "$@" >"$work/train.log" 2>&1 &
pid=$!
for _ in $(seq 1 1200); do
  curl -sf -o /dev/null "http://127.0.0.1:$port/q/health/ready" && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/train.log" >&2; echo "run-jvm: the training run exited" >&2; exit 1; }
  sleep 0.05
done
base="http://127.0.0.1:$port/v1/profiles/train"
for i in 1 2 3; do
  curl -sf -o /dev/null -X POST -H 'Content-Type: application/json' \
    --data-binary "{\"message\":\"Company$i 估值太高了，先不看\"}" "$base/feedback"
  curl -sf -o /dev/null -G --data-urlencode "query=Company$i 估值" "$base/context"
done
kill -TERM "$pid"
wait "$pid" || true
[ -f "$archive" ] || { cat "$work/train.log" >&2; echo "run-jvm: no archive written at $archive" >&2; exit 1; }
echo "run-jvm: trained $archive ($(du -h "$archive" | cut -f1), Java $major)"
