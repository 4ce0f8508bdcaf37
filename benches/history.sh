#!/usr/bin/env bash
# The history at club scale, for BENCHMARKS.md (issue 25): `history` and `stats` over
# 1,000, 10,000 and 100,000 plays (time and peak memory), merging one 10,000-play history
# into another, and a club's year (50 tables of 200 plays merged into one history).
# Needs hyperfine, GNU time and python3 (Debian: apt-get install hyperfine time python3).
# Run from the repository root; BIN=path/to/deckhand to skip the release build.
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

# N made-up 2-4 player Fleet plays as a deckhand export (`export --format deckhand`), each
# with its own content hash (PREFIX keeps two sets apart).
plays() {
  python3 - "$1" "$2" <<'PY'
import json, random, sys
n, prefix = int(sys.argv[1]), sys.argv[2]
names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou"]
rng = random.Random(prefix)
print(json.dumps({"format": "deckhand-history", "version": 1}))
for i in range(n):
    count = rng.randint(2, 4)
    first = rng.randrange(len(names))
    seats = []
    for s in range(count):
        cats = [[c, rng.randrange(30)] for c in ["fish", "boats", "licenses", "buildings", "bonus"]]
        seats.append({"name": names[(first + s) % len(names)], "score": sum(v for _, v in cats),
                      "rank": None, "winner": False, "categories": cats})
    if i == 0 and prefix == "a":
        # One player of the oldest play only: a filter's worst case for its first row.
        seats.append({"name": "Rae", "score": 0, "rank": None, "winner": False, "categories": [["fish", 0]]})
    for p in seats:
        p["rank"] = 1 + sum(o["score"] > p["score"] for o in seats)
        p["winner"] = p["rank"] == 1
    start = 1_700_000_000 + i * 3_000
    print(json.dumps({"id": i + 1, "game_id": "fleet-dice", "game_name": "Fleet: The Dice Game", "bgg_id": None,
        "started_at": start, "utc_offset": 0, "night": "2024-%02d-%02d" % (1 + i // 28 % 12, 1 + i % 28),
        "duration_s": 1800, "source": "live", "mode": "ranked", "result": None, "final_wind": None,
        "solo_rating_min": None, "start_player": 0, "rules_fingerprint": "0123456789abcdef",
        "save_hash": "%s-%08d" % (prefix, i), "location": "Table %d" % (1 + i % 50), "deal": None,
        "players": seats}, separators=(",", ":")))
PY
}

peak() { /usr/bin/time -f "%M" "$@" 2>&1 > /dev/null | tail -1; }

# Seconds until the first play's row of the terminal table is written.
first_row() {
  python3 - "$@" <<'PY'
import subprocess, sys, time
start = time.perf_counter()
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE)
lines = 0
for line in p.stdout:
    if line.startswith("│".encode()):
        lines += 1
        if lines == 2:  # the head, then the first play
            print("%.1f ms" % ((time.perf_counter() - start) * 1e3))
            break
else:
    print("%.1f ms (no row: the whole listing)" % ((time.perf_counter() - start) * 1e3))
p.kill()
p.wait()
PY
}

for n in 1000 10000 100000; do
  db="$tmp/h$n.sqlite3"
  plays "$n" a > "$tmp/p$n.deckhand"
  /usr/bin/time -f "import of $n plays: %e s, %M kB" "$BIN" import "$tmp/p$n.deckhand" --db "$db" 2>&1 | grep -v "plays recorded\|new players"
  echo "$n plays: $(stat -c %s "$db") bytes"
  for cmd in "history" "history --format json" "history --limit 20" "stats"; do
    hyperfine -N --warmup 2 --runs 10 --export-json "$tmp/r.json" "$BIN $cmd --db $db" > /dev/null 2>&1
    mean=$(python3 -c "import json; r = json.load(open('$tmp/r.json'))['results'][0]; print('%.1f ms ± %.1f' % (r['mean'] * 1e3, r['stddev'] * 1e3))")
    echo "  $cmd: $mean, peak $(peak $BIN $cmd --db "$db") kB"
  done
  echo "  history: first row after $(first_row "$BIN" history --db "$db")"
done

# Mean of 10 runs, in ms.
mean_ms() {
  hyperfine -N --warmup 2 --runs 10 --export-json "$tmp/r.json" "$*" > /dev/null 2>&1
  python3 -c "import json; print('%.1f' % (json.load(open('$tmp/r.json'))['results'][0]['mean'] * 1e3))"
}

echo "== filters at 100,000 plays (issue 30: --player took 33.6 s): first row of the terminal table, total (mean of 10), total / unfiltered"
db="$tmp/h100000.sqlite3"
all=$(mean_ms "$BIN" history --db "$db")
echo "  history: total $all ms, first row after $(first_row "$BIN" history --db "$db")"
for f in "--player Ann" "--player Rae" "--game fleet-dice" "--game titania" "--since 2024-12-01" "--player Ann --since 2024-06-01" "--player Ann --game fleet-dice --limit 20"; do
  # shellcheck disable=SC2086
  total=$(mean_ms "$BIN" history $f --db "$db")
  # shellcheck disable=SC2086
  echo "  history $f: total $total ms ($(python3 -c "print('%.2f' % ($total / $all))")x), first row after $(first_row "$BIN" history $f --db "$db")"
done
csv=$(mean_ms "$BIN" export --format csv --db "$db")
csv_ann=$(mean_ms "$BIN" export --format csv --player Ann --db "$db")
echo "  export --format csv: $csv ms; --player Ann: $csv_ann ms ($(python3 -c "print('%.2f' % ($csv_ann / $csv))")x)"

echo "== the quick check before every write (issue 30): score --record of a play already recorded (open, check, look up its hash)"
sheets="examples/ann.toml examples/bob.toml examples/jerome.toml examples/linda.toml"
for n in 1000 100000; do
  # shellcheck disable=SC2086
  "$BIN" score $sheets --record --db "$tmp/h$n.sqlite3" > /dev/null 2>&1
  # shellcheck disable=SC2086
  echo "  $n plays ($(stat -c %s "$tmp/h$n.sqlite3") bytes): $(mean_ms "$BIN" score $sheets --record --db "$tmp/h$n.sqlite3") ms"
done
python3 - "$tmp/h100000.sqlite3" <<'PY'
import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1])
for _ in range(2):
    t = time.perf_counter(); c.execute("PRAGMA quick_check(1)").fetchall(); took = time.perf_counter() - t
print("  PRAGMA quick_check alone at 100,000 plays (Python's SQLite, warm cache): %.0f ms" % (took * 1e3))
PY

echo "== merging a 10,000-play history into another"
plays 10000 b > "$tmp/b.deckhand"
"$BIN" import "$tmp/b.deckhand" --db "$tmp/b.sqlite3" 2> /dev/null
for run in 1 2 3; do
  cp "$tmp/b.sqlite3" "$tmp/into.sqlite3"
  /usr/bin/time -f "  run $run: %e s, %M kB" "$BIN" import "$tmp/h10000.sqlite3" --db "$tmp/into.sqlite3" 2>&1 | grep -v "plays recorded\|new players"
done
/usr/bin/time -f "  again (nothing new): %e s" "$BIN" import "$tmp/h10000.sqlite3" --db "$tmp/into.sqlite3" 2>&1 | grep -v "new players"

echo "== a club's year: 50 tables of 200 plays each, merged into one history"
for t in $(seq 50); do
  plays 200 "t$t" > "$tmp/t$t.deckhand"
  "$BIN" import "$tmp/t$t.deckhand" --db "$tmp/t$t.sqlite3" 2> /dev/null
done
/usr/bin/time -f "  merging 50 tables: %e s, %M kB" "$BIN" import "$tmp"/t*.sqlite3 --db "$tmp/club.sqlite3" 2>&1 | tail -1
echo "  the club's history: $(stat -c %s "$tmp/club.sqlite3") bytes; one table's: $(stat -c %s "$tmp/t1.sqlite3") bytes"
/usr/bin/time -f "  export --format deckhand of the year: %e s" "$BIN" export --format deckhand --db "$tmp/club.sqlite3" 2>&1 > "$tmp/club.deckhand" | tail -1
echo "  the export: $(stat -c %s "$tmp/club.deckhand") bytes"
