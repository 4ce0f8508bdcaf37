#!/usr/bin/env bash
# `deckhand scan` on a 12-megapixel photo of a filled Fleet pad, in the release build:
# decode, find, read, the sheet file, check and score, as a user runs it. For BENCHMARKS.md
# ("Paper in, paper out"). Needs hyperfine. Run from the repository root.
#   benches/scan_speed.sh [PHOTO_NUMBER | PHOTO.jpg]   # default 30: 3994 × 2995 (12.0 MP), seed 1
set -euo pipefail
n=${1:-30}
cargo build --release --quiet --bin deckhand
bin=$PWD/target/release/deckhand
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Nothing a benchmark runs reaches the user's home, data folder or history.
export HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/.local/share" XDG_CONFIG_HOME="$tmp/home/.config" \
  XDG_CACHE_HOME="$tmp/home/.cache" XDG_STATE_HOME="$tmp/home/.local/state" DECKHAND_DB="$tmp/history.sqlite3"
if [ -f "$n" ]; then
  photo=$n
else
  # The benchmark's photo number n (the test build's generator draws the same photo).
  cargo test --quiet --bench paper -- --photos 0 --first "$n" --threads 1 --save "$tmp" > /dev/null 2>&1
  photo=$(printf '%s/photo-%04d.jpg' "$tmp" "$n")
fi
# Every box the reader is unsure of answered "empty" (the time is the reading's, not a person's).
for _ in $(seq 400); do echo .; done > "$tmp/answers"
echo "== deckhand scan $(basename "$photo") ($(stat -c %s "$photo") bytes), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
hyperfine -N -i --warmup 2 --runs "${RUNS:-10}" \
  "$bin scan $photo --out $tmp/out --answers $tmp/answers"
# CPU time of one run (user + system), which a loaded machine inflates less than wall time.
/usr/bin/time -f "one run: %e s wall, %U s user, %S s system, %M KB max resident" \
  "$bin" scan "$photo" --out "$tmp/out" --answers "$tmp/answers" > /dev/null 2> "$tmp/time" || true
tail -n 1 "$tmp/time"
