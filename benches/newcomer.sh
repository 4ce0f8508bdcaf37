#!/usr/bin/env bash
# A newcomer's game at the terminal (issue 33's measure): a 3-player Fleet game with
# deckhand's dice, played in a real terminal (tmux, 100x30) by someone who reads only the
# screen: where a menu marks the rules' usual answer ("← Enter") they press Enter; at any
# other menu they take the first option listed (its number, then Enter); at a line that
# says Enter is for everyone (the shared die) they press Enter. Counts the entries (lines
# sent) and the keys, per player and round, and prints the screen where it stopped if
# the game did not end. Needs tmux and python3. Run from the repository root;
# BIN=path/to/deckhand to skip the release build; SEEDS="3 4 5" for the games played.
set -euo pipefail
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
  BIN=./target/release/deckhand
fi
BIN=$(realpath "$BIN")
SEEDS=${SEEDS:-"3 4 5"}
tmp=$(mktemp -d)
socket="newcomer-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$tmp"' EXIT
# Nothing a benchmark runs reaches the user's home, data folder or history.
export HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/.local/share" XDG_CONFIG_HOME="$tmp/home/.config" \
  XDG_CACHE_HOME="$tmp/home/.cache" XDG_STATE_HOME="$tmp/home/.local/state" DECKHAND_DB="$tmp/history.sqlite3"
mkdir -p "$HOME"
python3 - "$BIN" "$tmp" "$socket" $SEEDS <<'PY'
import re, subprocess, sys, time
bin, tmp, socket, seeds = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
players, rounds = 3, 10

def tmux(*args):
    return subprocess.run(["tmux", "-L", socket, *args], capture_output=True, text=True).stdout

def screen():
    return tmux("capture-pane", "-p", "-t", "g")

def settled(before):
    """The screen once it has stopped changing after a key (at most 10 s)."""
    start, last, same = time.time(), None, 0
    while time.time() - start < 10:
        now = screen()
        if now == last and now != before:
            same += 1
            if same >= 2:
                return now
        else:
            same = 0
        last = now
        time.sleep(0.05)
    return last

totals = []
for seed in seeds:
    save = f"{tmp}/g{seed}.jsonl"
    cmd = f"{bin} play fleet-dice --players Ann,Bob,Cy --dice digital --seed {seed} --save {save}; echo __GAME_OVER__ exit $?; sleep 600"
    tmux("kill-session", "-t", "g")
    tmux("new-session", "-d", "-s", "g", "-x", "100", "-y", "30", cmd)
    now = settled("")
    entries = keys = 0
    while "__GAME_OVER__" not in now:
        lines = [l for l in now.rstrip().splitlines() if l.strip()]
        if not lines:
            break
        if any("← Enter" in l for l in lines) or "Enter for everyone" in now.split("\n")[-1] + lines[-1]:
            tmux("send-keys", "-t", "g", "Enter"); keys += 1
        elif any(re.match(r"^\s*›?\s*1\s", l) for l in lines[-24:]):
            tmux("send-keys", "-t", "g", "1"); time.sleep(0.05)
            tmux("send-keys", "-t", "g", "Enter"); keys += 2
        else:
            tmux("send-keys", "-t", "g", "Enter"); keys += 1
        entries += 1
        after = settled(now)
        if after == now:
            print(f"seed {seed}: stuck after {entries} entries at:\n{now}")
            break
        now = after
        if entries > 2000:
            print(f"seed {seed}: over 2,000 entries, stopped at:\n{now}")
            break
    done = "__GAME_OVER__ exit 0" in now
    per = entries / (players * rounds)
    totals.append((seed, done, entries, keys, per))
    print(f"seed {seed}: {'game over' if done else 'NOT finished'}, {entries} entries, {keys} keys, "
          f"{per:.2f} entries per player and round")
finished = [t for t in totals if t[1]]
if finished:
    mean = sum(t[4] for t in finished) / len(finished)
    print(f"mean over {len(finished)} finished games: {mean:.2f} entries per player and round")
if len(finished) != len(totals):
    sys.exit(1)
PY
