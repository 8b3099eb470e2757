#!/usr/bin/env bash
# Add-path latency before/after (issue 12, 2nd and 3rd rounds): redact + analyse + classify per
# message, in process, over the labelled development messages of bench/eval. Builds the domain module
# of BEFORE (a commit) and of the work tree with javac only (the domain depends on the JDK only), then
# runs before/after alternately ROUNDS times. "after" is the rules alone; "after+link" (when the work
# tree has adapters/classifier-ngram) adds the n-gram link, compiled with the application module.
#   bench/phrasing/latency.sh [BEFORE_COMMIT] [ROUNDS]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
before=${1:-fcd7fd5}
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
link=false
if [ -d "$root/adapters/classifier-ngram" ]; then
  link=true
  javac -nowarn -encoding UTF-8 -cp "$work/after" -d "$work/after" \
    $(find "$root/application/src/main/java" "$root/adapters/classifier-ngram/src/main/java" -name '*.java') 2>/dev/null
  cp -r "$root/adapters/classifier-ngram/src/main/resources/." "$work/after/"
  javac -nowarn -encoding UTF-8 -cp "$work/after" -d "$work/after" "$root/bench/phrasing/AddLatencyWithLink.java"
fi
for i in $(seq "$rounds"); do
  java -Xms256m -cp "$work/before" AddLatency "$root/bench/eval" before
  java -Xms256m -cp "$work/after" AddLatency "$root/bench/eval" after
  if [ "$link" = true ]; then
    java -Xms256m -cp "$work/after" AddLatencyWithLink "$root/bench/eval" after+link
  fi
done
