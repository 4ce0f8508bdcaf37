#!/usr/bin/env bash
# Long rules files (issue 30, item 12): a 4-player Fleet game of 50, 100, 200 and 400
# rounds, played to the end by `deckhand play` with digital dice and an answers file that
# takes the first option at every question, as the probe that found it measured. Prints
# each game's wall time and CPU time (user + system; medians of RUNS, default 3), its
# save's lines and the times per round, and the ratio of the 400-round game's time per
# round to the 50-round game's (target: at most 1.5). On a loaded machine the CPU time is
# the steadier figure (the wall time waits for the other processes and for each save
# line's fsync). Needs python3. Run from the repository root;
# BIN=path/to/deckhand to skip the release build.
set -euo pipefail
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
  BIN=./target/release/deckhand
fi
RUNS=${RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Nothing a benchmark runs reaches the user's home, data folder or history.
export HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/.local/share" XDG_CONFIG_HOME="$tmp/home/.config" \
  XDG_CACHE_HOME="$tmp/home/.cache" XDG_STATE_HOME="$tmp/home/.local/state" DECKHAND_DB="$tmp/history.sqlite3"
mkdir -p "$HOME"
printf '1\n%.0s' $(seq 60000) > "$tmp/ones.txt"
# The built-in rules with `rounds` rounds, fishing in every even one (rounds is data).
for n in 50 100 200 400; do
  sed -e "s/^rounds = 10\$/rounds = $n/" -e "s/^fishing_rounds = .*/fishing_rounds = [$(seq -s, 2 2 $n)]/" \
    rules/fleet-dice.toml > "$tmp/fleet-$n.toml"
  grep -q "^rounds = $n\$" "$tmp/fleet-$n.toml"
done
python3 - "$BIN" "$tmp" "$RUNS" <<'PY'
import os, resource, statistics, subprocess, sys, time
bin, tmp, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
per_round, cpu_round = {}, {}
for n in (50, 100, 200, 400):
    times, cpus = [], []
    for run in range(runs):
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        save = f"{tmp}/g-{n}-{run}.jsonl"
        start = time.perf_counter()
        subprocess.run([bin, "play", "fleet-dice", "--rules", f"{tmp}/fleet-{n}.toml", "--players", "A,B,C,D",
                        "--dice", "digital", "--seed", "1", "--save", save, "--answers", f"{tmp}/ones.txt",
                        "--no-record"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime)
        lines = sum(1 for _ in open(save))
        os.remove(save)
    t, c = statistics.median(times), statistics.median(cpus)
    per_round[n], cpu_round[n] = t / n, c / n
    print(f"{n:4} rounds: wall {t:7.2f} s (runs {', '.join(f'{x:.2f}' for x in times)}), CPU {c:6.2f} s, "
          f"{lines} save lines; per round: wall {t / n * 1e3:6.1f} ms, CPU {c / n * 1e3:5.1f} ms")
print(f"per round, 400 rounds against 50: wall {per_round[400] / per_round[50]:.2f}x, "
      f"CPU {cpu_round[400] / cpu_round[50]:.2f}x (target <= 1.5x); load average {os.getloadavg()[0]:.1f}")
PY
