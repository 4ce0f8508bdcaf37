#!/usr/bin/env bash
# Whole-command speed and memory, for BENCHMARKS.md. Needs hyperfine and GNU time
# (Debian: apt-get install hyperfine time) and python3. Run from the repository root.
set -euo pipefail
cargo build --release --quiet
bin=./target/release/deckhand
sheets="examples/ann.toml examples/bob.toml examples/jerome.toml examples/linda.toml"

echo "== deckhand score on four sheets vs. an empty process"
# 3 rounds; in each, 10 alternating blocks of 200 runs of each command, so that the
# machine's drifting load hits both alike; medians over the round's 2,000 runs of each.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Nothing a benchmark runs reaches the user's home, data folder or history.
export HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/.local/share" XDG_CONFIG_HOME="$tmp/home/.config" \
  XDG_CACHE_HOME="$tmp/home/.cache" XDG_STATE_HOME="$tmp/home/.local/state" DECKHAND_DB="$tmp/history.sqlite3"
for round in 1 2 3; do
  for block in $(seq 10); do
    hyperfine -N --warmup 20 --runs 200 --export-json "$tmp/$round-$block.json" 'true' "$bin score $sheets" > /dev/null 2>&1
  done
  python3 - "$round" "$tmp"/"$round"-*.json <<'PY'
import json, statistics, sys
empty, score = [], []
for path in sys.argv[2:]:
    e, s = json.load(open(path))["results"]
    empty += e["times"]
    score += s["times"]
e, s = statistics.median(empty) * 1e3, statistics.median(score) * 1e3
print(f"round {sys.argv[1]}: true {e:.3f} ms, deckhand score {s:.3f} ms, ratio {s / e:.2f} (medians of {len(empty)} runs each)")
PY
done
echo "== peak memory (maximum resident set size, kB)"
printf '1\n%.0s' $(seq 3000) > "$tmp/ones.txt"
peak() { /usr/bin/time -f "%M kB  $*" "$@" > /dev/null 2>> "$tmp/mem.txt" || true; tail -1 "$tmp/mem.txt"; }
peak "$bin" score $sheets
peak "$bin" check examples/bad/carl.toml examples/bad/dora.toml examples/bad/erik.toml examples/bad/fay.toml
peak "$bin" rules check rules/fleet-dice.toml
peak "$bin" play fleet-dice --players A,B,C,D --dice digital --seed 1 --save "$tmp/g.jsonl" --answers "$tmp/ones.txt"
peak "$bin" replay "$tmp/g.jsonl"
peak "$bin" score examples/nauticus/ann.toml examples/nauticus/ben.toml examples/nauticus/cleo.toml
