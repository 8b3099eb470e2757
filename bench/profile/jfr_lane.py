#!/usr/bin/env python3
"""How much of an add's request-thread CPU runs inside the write lane (issue 13).

The lane is GroupCommit.runOneGroup: only one thread of a lane runs it at a time, so its share
bounds adds/s by Amdahl; the rest (prepare: redact, analyse, classify; HTTP and JSON) already runs
on every request thread at once.
usage: jfr print --json --stack-depth 300 --events jdk.ExecutionSample OUT.jfr > OUT.json
       python3 bench/profile/jfr_lane.py OUT.json
"""
import json
import sys
from collections import Counter

PREPARE_PARTS = ["Classifier", "TextAnalyzer", "Redactor", "normalise", "Lexicon"]
OTHER_PARTS = ["AccessLog", "jackson", "Validation", "resteasy", "vertx"]


def frames(event):
    return [f["method"]["type"]["name"] + "." + f["method"]["name"]
            for f in event["values"]["stackTrace"]["frames"]]


def first_match(stack, parts):
    for part in parts:
        if any(part.lower() in frame.lower() for frame in stack):
            return part
    return "(rest)"


def main(path):
    events = json.load(open(path))["recording"]["events"]
    areas, prepare, other = Counter(), Counter(), Counter()
    for event in events:
        thread = event["values"]["sampledThread"]["javaName"] or ""
        if not thread.startswith("executor-thread"):
            continue
        stack = frames(event)
        if any("GroupCommit.runOneGroup" in f for f in stack):
            areas["write lane (GroupCommit.runOneGroup)"] += 1
        elif any("FeedbackIntake.prepare" in f for f in stack):
            areas["prepare (outside the lane)"] += 1
            prepare[first_match(stack, PREPARE_PARTS)] += 1
        else:
            areas["HTTP, JSON, log (outside the lane)"] += 1
            other[first_match(stack, OTHER_PARTS)] += 1
    total = sum(areas.values())
    print(f"request-thread samples: {total}")
    for name, n in areas.most_common():
        print(f"  {name:40s} {n:6d}  {100 * n / total:5.1f} %")
    for title, parts in (("prepare", prepare), ("HTTP, JSON, log", other)):
        print(f"  {title}:")
        for name, n in parts.most_common():
            print(f"    {name:38s} {n:6d}  {100 * n / total:5.1f} %")


if __name__ == "__main__":
    main(sys.argv[1])
