#!/usr/bin/env bash
# The hint button flooded (issue 30, item 3): a served 4-player Fleet game (digital dice)
# where one seat's address asks for a hint 50 times a second for 30 s (each request on its
# own connection, none waiting for the one before), while the game goes on: every 0.6 s
# the seat whose turn it is answers (its first option), the three other phones and the
# dashboard load their page and their state every 100 ms, and the dashboard's and a
# seat's event streams take every update. Measured: page loads and state reads of the
# other seats and the dashboard (p50/p95/max), updates (an answer sent until the new
# version arrives on the dashboard's and Cy's streams), the hint replies by status, and
# the host's threads and resident memory (/proc/PID/status) before, during and after the
# flood. The same without the flood first (BASE seconds, default 10), for comparison.
# Needs python3 and Linux's /proc. Run from the repository root; BIN=path/to/deckhand to
# skip the release build; FLOOD=seconds (default 30), RATE=requests per second (50).
set -euo pipefail
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
  BIN=./target/release/deckhand
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Nothing a benchmark runs reaches the user's home, data folder or history.
export HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/.local/share" XDG_CONFIG_HOME="$tmp/home/.config" \
  XDG_CACHE_HOME="$tmp/home/.cache" XDG_STATE_HOME="$tmp/home/.local/state" DECKHAND_DB="$tmp/history.sqlite3"
mkdir -p "$HOME"
python3 - "$BIN" "$tmp" "${BASE:-10}" "${FLOOD:-30}" "${RATE:-50}" <<'PY'
import http.client, json, statistics, subprocess, sys, threading, time
from urllib.parse import urlparse

bin, tmp, base, flood, rate = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
host = subprocess.Popen([bin, "play", "fleet-dice", "--players", "Ann,Bob,Cy,Dee", "--dice", "digital", "--seed", "1",
                         "--save", f"{tmp}/g.jsonl", "--no-record", "--review-playouts", "0", "--serve",
                         "--bind", "127.0.0.1:0"],
                        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
urls = []
for line in host.stderr:
    urls += [w for w in line.split() if w.startswith("http://")]
    if line.rstrip().endswith("/dashboard"):
        break
threading.Thread(target=lambda: [None for _ in host.stderr], daemon=True).start()
seats = [urlparse(u).path for u in urls if "/seat/" in u]
dashboard = [urlparse(u).path for u in urls if u.endswith("/dashboard")][0]
addr = urlparse(urls[0]).netloc

def request(method, path, body=None, timeout=60):
    conn = http.client.HTTPConnection(addr, timeout=timeout)
    start = time.perf_counter()
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        reply = conn.getresponse()
        data = reply.read()
        return reply.status, data, time.perf_counter() - start
    except Exception as e:  # a refused or dropped connection is a measured outcome too
        return f"error ({type(e).__name__})", b"", time.perf_counter() - start
    finally:
        conn.close()

phase = {"name": "base"}
loads = {"base": [], "flood": [], "after": []}
updates = {"base": [], "flood": [], "after": []}
hints = {}
hint_times = []
status = {"base": [], "flood": [], "after": []}
stop = threading.Event()
lock = threading.Lock()
sent = []  # (time sent, version before) of each answer

def proc_status():
    out = {}
    with open(f"/proc/{host.pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("Threads", "VmRSS"):
                out[key] = int(value.split()[0])
    return out

def sampler():
    while not stop.is_set():
        s = proc_status()
        with lock:
            status[phase["name"]].append((s["Threads"], s["VmRSS"]))
        time.sleep(0.5)

def loader(path):
    while not stop.is_set():
        for p in (path, path + "/state"):
            code, _, took = request("GET", p)
            with lock:
                loads[phase["name"]].append(took if code == 200 else float("inf"))
        time.sleep(0.1)

def listener(path):
    conn = http.client.HTTPConnection(addr, timeout=120)
    conn.request("GET", path + "/events")
    reply = conn.getresponse()
    seen = 0
    while not stop.is_set():
        line = reply.fp.readline()
        if not line:
            break
        if line.startswith(b"data:"):
            v = json.loads(line[5:]).get("v", 0)
            now = time.perf_counter()
            if v > seen:
                seen = v
                with lock:
                    for when, before in sent:
                        if before < v:
                            updates[phase["name"]].append(now - when)
                            break

listeners = {}

def driver():
    while not stop.is_set():
        for s, path in enumerate(seats):
            code, data, _ = request("GET", path + "/state")
            if code != 200:
                continue
            state = json.loads(data)
            d = state.get("decision")
            if d and not state.get("over"):
                option = next((o for o in d["options"] if not o.get("more")), d["options"][0])
                with lock:
                    sent.clear()
                    sent.append((time.perf_counter(), state["v"]))
                request("POST", path + "/answer", {"offer": d["offer"], "key": option["key"]})
                break
        time.sleep(0.6)

def hint_once():
    code, data, took = request("GET", seats[0] + "/hint", timeout=120)
    with lock:
        key = code if code != 409 else f"409 {json.loads(data or b'{}').get('error', data[:60])}"
        hints[key] = hints.get(key, 0) + 1
        hint_times.append(took)

workers = [threading.Thread(target=sampler, daemon=True), threading.Thread(target=driver, daemon=True)]
workers += [threading.Thread(target=loader, args=(p,), daemon=True) for p in seats[1:] + [dashboard]]
workers += [threading.Thread(target=listener, args=(p,), daemon=True) for p in (dashboard, seats[2])]
for w in workers:
    w.start()
time.sleep(base)
phase["name"] = "flood"
start = time.perf_counter()
flooders = []
n = 0
while time.perf_counter() - start < flood:
    t = threading.Thread(target=hint_once, daemon=True)
    t.start()
    flooders.append(t)
    n += 1
    time.sleep(max(0.0, start + n / rate - time.perf_counter()))
phase["name"] = "after"
for t in flooders:
    t.join(timeout=120)
time.sleep(5)
stop.set()
host.stdin.close()
try:
    host.wait(timeout=10)
except subprocess.TimeoutExpired:
    host.terminate()
    host.wait()

def summary(xs):
    if not xs:
        return "none"
    xs = sorted(xs)
    p = lambda q: xs[min(len(xs) - 1, int(q * len(xs)))]
    fmt = lambda x: "failed" if x == float("inf") else f"{x * 1e3:.0f} ms"
    return f"{len(xs)}: p50 {fmt(p(0.5))}, p95 {fmt(p(0.95))}, max {fmt(xs[-1])}"

print(f"hint requests: {n} in {flood:.0f} s from seat 0 ({rate:.0f}/s); replies by status: "
      + ", ".join(f"{k}: {v}" for k, v in sorted(hints.items(), key=lambda kv: -kv[1])))
print(f"  hint reply time {summary(hint_times)}")
for name in ("base", "flood", "after"):
    threads = [t for t, _ in status[name]]
    rss = [r for _, r in status[name]]
    print(f"{name:5}: other pages' loads {summary(loads[name])}")
    print(f"       updates (answer sent to the dashboard's and Cy's stream) {summary(updates[name])}")
    if threads:
        print(f"       host threads {min(threads)}..{max(threads)}, RSS {min(rss) / 1024:.1f}..{max(rss) / 1024:.1f} MB")
PY
