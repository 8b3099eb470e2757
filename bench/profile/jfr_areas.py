#!/usr/bin/env python3
"""Aggregate JFR ExecutionSample (jfr print --json) into areas of an add, top self frames and our frames."""
import json, sys, collections, re
data = json.load(open(sys.argv[1]))
events = data["recording"]["events"]
total = 0
selfc = collections.Counter(); ours_self = collections.Counter(); ours_incl = collections.Counter()
incl = collections.Counter(); areas = collections.Counter(); threads = collections.Counter()
def fname(f):
    m = f["method"]; return (m["type"]["name"] + "." + m["name"]).replace("/", ".")
def area(stack):
    """The phase of an add a sample belongs to, by the frames on its stack (first rule that matches)."""
    names = [fname(f) for f in stack]
    def has(*subs): return any(any(x in n for x in subs) for n in names)
    leaf_jdbc = has("org.sqlite.", "org.postgresql.")
    if has("AccessLog.finish", "AccessLog.start"): return "access log"
    if has("Redactor.redact"): return "prepare: redact"
    if has("TextAnalyzer.analyze"): return "prepare: analyse"
    if has("Classifier.classify", "ClassifierChain", "RuleClassifier"): return "prepare: classify"
    if has("FeedbackIntake.prepare"): return "prepare: other"
    if has("MemoryStore.write"):
        if has("UUID.", "newId"): return "tx: ids (UUID)"
        if leaf_jdbc: return "tx: jdbc driver"
        near = next((n for n in names if n.startswith("dev.pmmemory")), "")
        if ".adapters." in near: return "tx: store adapter (binding, mapping)"
        return "tx: rules (application+domain)"
    if has("MessageBodyReader", "readFrom", "JacksonBasicMessageBodyReader"): return "json read (request)"
    if has("MessageBodyWriter", "writeResponse", "Serialisers.invokeWriter") and has("jackson"): return "json write (response)"
    if has("org.jboss.logmanager", "org.jboss.logging"): return "logging"
    if has("io.micrometer", "MicrometerRecorder", "VertxHttpServerMetrics"): return "metrics"
    if names[0].startswith("dev.pmmemory.adapters.rest"): return "rest adapter (ours, self)"
    if has("org.jboss.resteasy"): return "resteasy"
    if has("io.vertx", "io.netty"): return "vertx/netty"
    if has("org.jboss.threads", "java.util.concurrent"): return "thread pool hand-off"
    return "other"
for e in events:
    st = e["values"].get("stackTrace")
    if not st: continue
    frames = st["frames"]
    if not frames: continue
    total += 1
    threads[e["values"]["sampledThread"].get("javaName") or "?"] += 1
    selfc[fname(frames[0])] += 1
    seen = set()
    for f in frames:
        n = fname(f)
        if n in seen: continue
        seen.add(n); incl[n] += 1
        if n.startswith("dev.pmmemory."): ours_incl[n] += 1
    for f in frames:
        n = fname(f)
        if n.startswith("dev.pmmemory."):
            ours_self[n] += 1; break
    tg = re.sub(r'\d+','N',e['values']['sampledThread'].get('javaName') or '?')
    areas[tg[:15]+' | '+area(frames)] += 1
def show(title, c, k=25):
    print(f"\n== {title}")
    for n, v in c.most_common(k): print(f"{100*v/total:6.1f}% {v:6d} {n}")
print("total samples", total)
tc = collections.Counter()
for k,v in threads.items(): tc[re.sub(r'\d+','N',k)] += v
show("threads", tc, 15)
show("areas (first match by priority, inclusive)", areas, 20)
show("top self frames", selfc, 30)
show("top inclusive frames dev.pmmemory.*", ours_incl, 60)
show("top first-ours frame (self attributed to nearest ours)", ours_self, 30)
