#!/usr/bin/env bash
# Whole-command speed and memory, for BENCHMARKS.md. Needs hyperfine and GNU time
# (Debian: apt-get install hyperfine time) and python3. Run from the repository root.
set -euo pipefail
cargo build --release --quiet
bin=./target/release/deckhand
sheets="examples/ann.toml examples/bob.toml examples/jerome.toml examples/linda.toml"

echo "== deckhand score on four sheets vs. an empty process (medians; 3 rounds of 1000 runs each)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for round in 1 2 3; do
  hyperfine -N --warmup 100 --runs 1000 --export-json "$tmp/round.json" 'true' "$bin score $sheets" > /dev/null 2>&1
  python3 - "$tmp/round.json" "$round" <<'PY'
import json, sys
empty, score = json.load(open(sys.argv[1]))["results"]
e, s = empty["median"] * 1e3, score["median"] * 1e3
print(f"round {sys.argv[2]}: true {e:.3f} ms, deckhand score {s:.3f} ms, ratio {s / e:.2f}")
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
