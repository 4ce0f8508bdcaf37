//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use deckhand::engine::fleet::Sheet;
use deckhand::rules::{FleetRules, Source};

pub fn fleet() -> FleetRules {
    deckhand::rules::built_in("fleet-dice").unwrap().fleet().unwrap().clone()
}

/// A sheet from transcription-file text (panics with the parse error).
pub fn sheet(rules: &FleetRules, text: &str) -> Sheet {
    let text = if text.contains("player =") { text.to_string() } else { format!("player = \"P\"\n{text}") };
    match deckhand::transcript::parse(rules, &Source::new("test.toml", text)) {
        Ok(p) => p.sheet,
        Err(e) => panic!("{e}"),
    }
}

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `deckhand` in a hermetic environment: no inherited variables, a temp HOME, no colour,
/// a fixed width, run in `dir`.
pub fn deckhand(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("deckhand").unwrap();
    cmd.env_clear().env("HOME", dir).env("NO_COLOR", "1").env("COLUMNS", "100").env("LANG", "C").current_dir(dir);
    cmd
}

/// A copy of the examples folder in a temp dir, so tests can add files beside them.
pub fn examples_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&repo().join("examples"), &dir.path().join("examples"));
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// The built-in rules of an `endgame` game (Nauticus, Titania).
pub fn endgame(id: &str) -> deckhand::rules::EndgameRules {
    deckhand::rules::built_in(id).unwrap().endgame().unwrap().clone()
}

/// Write `text` to `dir/name` and return the name (for command lines).
pub fn write(dir: &Path, name: &str, text: &str) -> String {
    std::fs::write(dir.join(name), text).unwrap();
    name.to_string()
}

/// Standard output of a finished command, as text.
pub fn stdout(out: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// Standard error of a finished command, as text.
pub fn stderr(out: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(out.get_output().stderr.clone()).unwrap()
}
