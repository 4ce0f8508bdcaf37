#!/usr/bin/env bash
# The advisor's speed at the table (issue 34, item 4), for BENCHMARKS.md:
# 1. `deckhand review tests/saves/four.jsonl` (the reference 4-player game) at its default
#    budget: wall and CPU time (user + system) of RUNS runs (default 5), median and best.
# 2. A hint's latency with the chain search: `deckhand advise` at the hint's budget
#    (`--playouts 200`, what the table's `hint` uses) at every STEP-th cut of the same game
#    (default 1: every cut with a question open); wall and CPU time per question, p50, p95,
#    max. On a loaded machine the CPU time is the steadier figure.
# Needs python3. Run from the repository root; BIN=path/to/deckhand to skip the release
# build.
set -euo pipefail
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
  BIN=./target/release/deckhand
fi
RUNS=${RUNS:-5}
STEP=${STEP:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Nothing a benchmark runs reaches the user's home, data folder or history.
export HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/.local/share" XDG_CONFIG_HOME="$tmp/home/.config" \
  XDG_CACHE_HOME="$tmp/home/.cache" XDG_STATE_HOME="$tmp/home/.local/state" DECKHAND_DB="$tmp/history.sqlite3"
mkdir -p "$HOME"
python3 - "$BIN" "$tmp" "$RUNS" "$STEP" <<'PY'
import os, resource, statistics, subprocess, sys, time
bin, tmp, runs, step = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])

def timed(args):
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    now = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (now.ru_utime - used.ru_utime) + (now.ru_stime - used.ru_stime)
    return done.returncode, wall, cpu

def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]

print(f"load average at the start: {os.getloadavg()[0]:.1f}")
walls, cpus = [], []
for _ in range(runs):
    rc, wall, cpu = timed([bin, "review", "tests/saves/four.jsonl", "--quiet", "--format", "json"])
    assert rc == 0, rc
    walls.append(wall)
    cpus.append(cpu)
print(f"review four.jsonl, {runs} runs: wall median {statistics.median(walls):.2f} s (best {min(walls):.2f}), "
      f"CPU median {statistics.median(cpus):.2f} s (best {min(cpus):.2f})")

lines = open("tests/saves/four.jsonl").read().splitlines(keepends=True)
walls, cpus, slow = [], [], []
for cut in range(2, len(lines) + 1, step):
    q = f"{tmp}/q.jsonl"
    with open(q, "w") as f:
        f.writelines(lines[:cut])
    rc, wall, cpu = timed([bin, "advise", q, "--quiet", "--playouts", "200"])
    if rc != 0:
        continue  # no question open there (a roll, the end)
    walls.append(wall)
    cpus.append(cpu)
    slow.append((cpu, cut))
print(f"hint (advise --playouts 200) at {len(cpus)} cuts: CPU p50 {pct(cpus, .5):.3f} s, p95 {pct(cpus, .95):.3f} s, "
      f"max {max(cpus):.3f} s; wall p50 {pct(walls, .5):.3f} s, p95 {pct(walls, .95):.3f} s, max {max(walls):.3f} s")
print("slowest cuts (CPU s, lines):", ", ".join(f"{c:.2f} @{n}" for c, n in sorted(slow, reverse=True)[:5]))
print(f"load average at the end: {os.getloadavg()[0]:.1f}")
PY
