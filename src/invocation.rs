//! How to run this deckhand again, as the person can type it where they are: the command
//! a hint prints (`… resume FILE` after Ctrl-C, when a game stops, when a save exists). Not
//! words: a command line, the same in every language. Worked out once from how this
//! process was started:
//!
//! - by `cargo run` (cargo gives the program it runs `CARGO` and `CARGO_MANIFEST_DIR`):
//!   `cargo run --release --` (`cargo run --` for a debug build), with `--manifest-path`
//!   when the working folder is outside the project;
//! - as `deckhand` from the `PATH` (the first `deckhand` there is this very file):
//!   `deckhand`;
//! - otherwise the full path of the running binary.
//!
//! Paths are quoted for the shell when they need it.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The program part of a command that runs this deckhand (`deckhand`, `cargo run
/// --release --`, `/opt/deckhand/bin/deckhand`).
pub fn program() -> &'static str {
    static PROGRAM: OnceLock<String> = OnceLock::new();
    PROGRAM.get_or_init(|| {
        let started = Started {
            exe: std::env::current_exe().ok(),
            cargo: std::env::var_os("CARGO").is_some()
                && std::env::var("CARGO_PKG_NAME").is_ok_and(|n| n == "deckhand"),
            manifest_dir: std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from),
            cwd: std::env::current_dir().ok(),
            path: std::env::var_os("PATH"),
        };
        started.program(cfg!(debug_assertions))
    })
}

/// `PROGRAM resume FILE`: the command that continues the saved game `file`.
pub fn resume(file: &Path) -> String {
    on_file("resume", file)
}

/// `PROGRAM replay FILE`: the command that prints the table of the saved Fleet game `file`.
pub fn replay(file: &Path) -> String {
    on_file("replay", file)
}

/// `PROGRAM review FILE`: the command that reviews the saved game `file`.
pub fn review(file: &Path) -> String {
    on_file("review", file)
}

/// `PROGRAM score FILE`: the command that scores the sheet file `file`.
pub fn score(file: &Path) -> String {
    on_file("score", file)
}

/// `PROGRAM COMMAND FILE`, the file quoted for a shell.
fn on_file(command: &str, file: &Path) -> String {
    format!("{} {command} {}", program(), shell_word(&file.display().to_string()))
}

/// What the process knows of how it was started.
struct Started {
    exe: Option<PathBuf>,
    cargo: bool,
    manifest_dir: Option<PathBuf>,
    cwd: Option<PathBuf>,
    path: Option<std::ffi::OsString>,
}

impl Started {
    fn program(&self, debug: bool) -> String {
        if let (true, Some(dir)) = (self.cargo, &self.manifest_dir) {
            let release = if debug { "" } else { " --release" };
            if self.cwd.as_ref().is_some_and(|c| c.starts_with(dir)) {
                return format!("cargo run{release} --");
            }
            let manifest = shell_word(&dir.join("Cargo.toml").display().to_string());
            return format!("cargo run{release} --manifest-path {manifest} --");
        }
        let Some(exe) = &self.exe else { return "deckhand".into() };
        let name = format!("deckhand{}", std::env::consts::EXE_SUFFIX);
        let on_path = self
            .path
            .iter()
            .flat_map(std::env::split_paths)
            .map(|d| d.join(&name))
            .find(|candidate| candidate.is_file());
        let same = |a: &Path, b: &Path| {
            std::fs::canonicalize(a).ok().zip(std::fs::canonicalize(b).ok()).is_some_and(|(a, b)| a == b)
        };
        if on_path.is_some_and(|found| same(&found, exe)) {
            return "deckhand".into();
        }
        shell_word(&exe.display().to_string())
    }
}

/// `text` as one word of a shell command: as it is when it has nothing a shell reads
/// specially, else quoted (single quotes on Unix, double quotes on Windows).
pub fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_alphanumeric() || "_-./:@%+=,~".contains(c);
    if !text.is_empty() && text.chars().all(plain) && !text.starts_with('~') {
        return text.to_string();
    }
    if cfg!(windows) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn started(cargo: bool, cwd: &str, path: Option<&str>) -> Started {
        Started {
            exe: Some(PathBuf::from("/opt/my tools/deckhand")),
            cargo,
            manifest_dir: Some(PathBuf::from("/src/deckhand")),
            cwd: Some(PathBuf::from(cwd)),
            path: path.map(Into::into),
        }
    }

    #[test]
    fn cargo_run_when_cargo_started_it_and_the_binary_otherwise() {
        assert_eq!(started(true, "/src/deckhand/tests", None).program(false), "cargo run --release --");
        assert_eq!(started(true, "/src/deckhand", None).program(true), "cargo run --");
        assert_eq!(
            started(true, "/home/ann", None).program(false),
            "cargo run --release --manifest-path /src/deckhand/Cargo.toml --"
        );
        #[cfg(unix)]
        assert_eq!(started(false, "/home/ann", Some("/usr/bin")).program(false), "'/opt/my tools/deckhand'");
    }

    #[test]
    fn deckhand_when_the_path_finds_this_very_binary() {
        let dir = tempfile::tempdir().unwrap();
        let exe = dir.path().join(format!("deckhand{}", std::env::consts::EXE_SUFFIX));
        std::fs::write(&exe, b"").unwrap();
        let other = tempfile::tempdir().unwrap();
        std::fs::write(other.path().join(format!("deckhand{}", std::env::consts::EXE_SUFFIX)), b"").unwrap();
        let with = |path: &[&Path]| Started {
            exe: Some(exe.clone()),
            cargo: false,
            manifest_dir: None,
            cwd: None,
            path: Some(std::env::join_paths(path).unwrap()),
        };
        assert_eq!(with(&[dir.path()]).program(false), "deckhand");
        // Another deckhand comes first on the PATH: the full path of this one.
        assert_eq!(with(&[other.path(), dir.path()]).program(false), shell_word(&exe.display().to_string()));
    }

    #[test]
    fn words_a_shell_reads_specially_are_quoted() {
        assert_eq!(shell_word("g.jsonl"), "g.jsonl");
        assert_eq!(
            shell_word("/home/ann/.local/share/deckhand/games/fleet-dice-2025-03-14.jsonl"),
            "/home/ann/.local/share/deckhand/games/fleet-dice-2025-03-14.jsonl"
        );
        #[cfg(unix)]
        {
            assert_eq!(shell_word("my game.jsonl"), "'my game.jsonl'");
            assert_eq!(shell_word("Ann's $game"), "'Ann'\\''s $game'");
            assert_eq!(shell_word(""), "''");
        }
    }
}
