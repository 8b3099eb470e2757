#!/usr/bin/env bash
# Add-path latency before/after the long-tail rules (issue 12, 2nd round): redact + analyse + classify
# per message, in process, over every labelled message of bench/eval. Builds the domain module of
# BEFORE (a commit, default: the one before this round) and of the work tree with javac only (the
# domain depends on the JDK only), then runs before/after alternately ROUNDS times.
#   bench/phrasing/latency.sh [BEFORE_COMMIT] [ROUNDS]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
before=${1:-12c6f5f}
rounds=${2:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build() { # $1 = source root of the domain module, $2 = output dir
  mkdir -p "$2"
  javac -nowarn -encoding UTF-8 -d "$2" $(find "$1/src/main/java" -name '*.java') 2>/dev/null
  cp -r "$1/src/main/resources/." "$2/"
  javac -nowarn -encoding UTF-8 -cp "$2" -d "$2" "$root/bench/phrasing/AddLatency.java"
}
mkdir -p "$work/src-before"
git -C "$root" archive "$before" domain | tar -x -C "$work/src-before"
build "$work/src-before/domain" "$work/before"
build "$root/domain" "$work/after"
for i in $(seq "$rounds"); do
  java -Xms256m -cp "$work/before" AddLatency "$root/bench/eval" before
  java -Xms256m -cp "$work/after" AddLatency "$root/bench/eval" after
done
