//! The one way a test or a benchmark starts a process: nothing it does may reach the
//! user's home, data folder or history, nor the working tree. Every child gets a cleared
//! environment with `HOME`, the XDG folders and `DECKHAND_DB` inside the test's own
//! temporary folder (`tests/hermetic.rs` holds every file under `tests/` and `benches/` to
//! starting processes only through here).

#![allow(dead_code)]

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The binary under test.
pub fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_deckhand"))
}

/// `program` with `HOME`, the XDG folders and the history database in `dir`, the rest of
/// the environment inherited (for programs such as ChromeDriver that need it).
pub fn homed_in(program: impl AsRef<OsStr>, dir: &Path) -> Command {
    let mut cmd = Command::new(program);
    isolate(&mut cmd, dir);
    cmd
}

fn isolate(cmd: &mut Command, dir: &Path) {
    cmd.env("HOME", dir)
        .env("XDG_DATA_HOME", dir.join(".local/share"))
        .env("XDG_CONFIG_HOME", dir.join(".config"))
        .env("XDG_CACHE_HOME", dir.join(".cache"))
        .env("XDG_STATE_HOME", dir.join(".local/state"))
        .env("XDG_RUNTIME_DIR", dir.join(".run"))
        // Relative: in `dir`, the working folder of `command_in`, and said short in outputs.
        .env("DECKHAND_DB", "history.sqlite3");
}

/// `program` run in `dir` with nothing inherited but what `isolate` sets, `LANG=C`,
/// `NO_COLOR=1` and a `PATH` of the binary's folder alone (deckhand as installed: its hints
/// say `deckhand resume …`).
pub fn command_in(program: impl AsRef<OsStr>, dir: &Path) -> Command {
    let mut cmd = Command::new(program);
    cmd.env_clear().current_dir(dir).env("LANG", "C").env("NO_COLOR", "1");
    if let Some(folder) = bin().parent() {
        cmd.env("PATH", folder);
    }
    isolate(&mut cmd, dir);
    cmd
}

/// `deckhand` run in `dir`, hermetic (`command_in`).
pub fn deckhand_in(dir: &Path) -> Command {
    command_in(bin(), dir)
}

/// `deckhand args` at a terminal — a pseudo-terminal, `TERM=xterm` — run in `dir`,
/// hermetic (`deckhand_in`); each expectation waits at most `ms` milliseconds.
#[cfg(unix)]
pub fn deckhand_pty(dir: &Path, args: &[&str], ms: u64) -> rexpect::session::PtySession {
    let mut cmd = deckhand_in(dir);
    cmd.args(args).env("TERM", "xterm");
    rexpect::session::spawn_command(cmd, Some(ms)).expect("spawn deckhand in a pty")
}

/// The exit code of a process at a pseudo-terminal, once it ended (a panic if it did not
/// exit by itself).
#[cfg(unix)]
pub fn pty_exit_code(p: &rexpect::session::PtySession) -> i32 {
    match p.process.wait().unwrap() {
        rexpect::process::wait::WaitStatus::Exited(_, code) => code,
        other => panic!("deckhand did not exit normally: {other:?}"),
    }
}
