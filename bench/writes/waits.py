#!/usr/bin/env python3
"""Where the request threads waited, from a JFR recording: total time of thread parks, monitor waits
and monitor enters (blocked on a lock), grouped by the innermost frame of our code (dev.pmmemory)
or, without one, the innermost frame outside java.*/jdk.*. usage: waits.py recording.jfr [jfr-tool]"""
import collections, json, re, subprocess, sys

jfr = sys.argv[1]
tool = sys.argv[2] if len(sys.argv) > 2 else "jfr"
out = subprocess.run([tool, "print", "--json", "--stack-depth", "24", "--events",
                      "jdk.ThreadPark,jdk.JavaMonitorWait,jdk.JavaMonitorEnter", jfr],
                     capture_output=True, text=True, check=True).stdout
events = json.loads(out)["recording"]["events"]

def seconds(d):  # ISO-8601 duration "PT0.123S"
    m = re.match(r"PT(?:(\d+)M)?([\d.]+)S", d)
    return (int(m.group(1) or 0) * 60 + float(m.group(2))) if m else 0.0

totals = collections.defaultdict(float)
counts = collections.Counter()
for e in events:
    thread = (e["values"].get("eventThread") or {}).get("javaName") or ""
    if not thread.startswith("executor-thread"):  # the request threads (Quarkus worker pool)
        continue
    frames = [(f["method"]["type"]["name"] + "." + f["method"]["name"]).replace("/", ".")
              for f in (e["values"].get("stackTrace") or {}).get("frames", [])]
    ours = [f for f in frames if f.startswith("dev.pmmemory")]
    site = ours[0] if ours else next((f for f in frames if not re.match(r"(java|jdk|sun)\.", f)), "?")
    key = e["type"].replace("jdk.", "") + "  " + site
    totals[key] += seconds(e["values"]["duration"])
    counts[key] += 1
print(f"{'seconds':>9} {'events':>7}  kind  site (request threads only)")
for key, s in sorted(totals.items(), key=lambda kv: -kv[1])[:15]:
    print(f"{s:9.1f} {counts[key]:7d}  {key}")
