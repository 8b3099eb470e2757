import json, sys, collections
# self samples attributed to the nearest dev.pmmemory frame (with line), optional filter on the leaf frames up to that frame
data = json.load(open(sys.argv[1])); filt = sys.argv[2] if len(sys.argv) > 2 else ""
def fname(f):
    m = f["method"]; return (m["type"]["name"] + "." + m["name"]).replace("/", ".") + ":" + str(f.get("lineNumber"))
c = collections.Counter(); n = 0; all_ = 0
for e in data["recording"]["events"]:
    st = e["values"].get("stackTrace")
    if not st or not st["frames"]: continue
    all_ += 1
    names = [fname(f) for f in st["frames"]]
    i = next((k for k, x in enumerate(names) if x.startswith("dev.pmmemory")), None)
    if i is None: continue
    if filt and not any(filt in x for x in names[:i]): continue
    n += 1; c[names[i]] += 1
print(f"filter {filt!r}: {n} samples = {100*n/all_:.1f}%")
for k, v in c.most_common(40): print(f"{100*v/all_:6.2f}% {v:5d} {k}")
