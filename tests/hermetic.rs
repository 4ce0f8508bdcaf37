//! No test and no benchmark may reach the user's home, data folder or history: every
//! process they start goes through `tests/child.rs`, which clears the environment and
//! points `HOME`, the XDG folders and `DECKHAND_DB` into the test's temporary folder
//! (issue 30: a helper that cleared the environment but set no `HOME` recorded a test's
//! game into the user's real history). `.ci/run` also runs the suite with `HOME` at an
//! empty folder and fails if anything appears there.

use std::path::Path;

use crate::common::repo;

/// Ways to start a process that bypass `child.rs`.
const STARTS: [&str; 4] = ["Command::new(", "cargo_bin(", "CARGO_BIN_EXE_", "current_exe()"];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_process_a_test_or_benchmark_starts_is_hermetic() {
    let mut files = Vec::new();
    rust_files(&repo().join("tests"), &mut files);
    rust_files(&repo().join("benches"), &mut files);
    let mut bypasses = Vec::new();
    for file in &files {
        let name = file.strip_prefix(repo()).unwrap().display().to_string();
        if name == "tests/child.rs" || name == "tests/hermetic.rs" {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            // `current_exe()` handed to `child::command_in` is the test binary, hermetic.
            if STARTS.iter().any(|s| line.contains(s)) && !line.contains("child::command_in(") {
                bypasses.push(format!("{name}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(bypasses.is_empty(), "start processes through tests/child.rs:\n{}", bypasses.join("\n"));
}

#[test]
fn every_benchmark_script_keeps_home_and_the_history_in_its_temp_folder() {
    for entry in std::fs::read_dir(repo().join("benches")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "sh") {
            let text = std::fs::read_to_string(&path).unwrap();
            for var in ["HOME=\"$tmp", "XDG_DATA_HOME=\"$tmp", "XDG_CONFIG_HOME=\"$tmp", "DECKHAND_DB=\"$tmp"] {
                assert!(text.contains(var), "{} sets no {var}…", path.display());
            }
        }
    }
}
