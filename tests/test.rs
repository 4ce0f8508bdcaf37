//! A small builder for exact command tests, in the style of `just`'s `tests/test.rs`: the
//! arguments, the files in the working folder, standard input, and the expected standard
//! output, standard error and exit code — each compared whole, not by fragments. Runs the
//! binary in a hermetic environment (no inherited variables, a temporary HOME, no colour,
//! a fixed width, `LANG=C`).

use std::collections::BTreeMap;
use std::io::Write;
use std::process::Stdio;

use crate::common::repo;

/// One run of `deckhand` and what it must print.
#[must_use]
pub struct Test {
    args: Vec<String>,
    env: BTreeMap<String, String>,
    stdin: String,
    stdout: Option<String>,
    stderr: Option<String>,
    status: i32,
    dir: tempfile::TempDir,
}

/// What a run printed, for further checks.
pub struct Output {
    pub stdout: String,
    pub stderr: String,
    pub dir: tempfile::TempDir,
}

impl Test {
    pub fn new() -> Test {
        Test {
            args: Vec::new(),
            env: BTreeMap::new(),
            stdin: String::new(),
            stdout: None,
            stderr: None,
            status: 0,
            dir: tempfile::tempdir().unwrap(),
        }
    }

    /// One more argument.
    pub fn arg(mut self, arg: impl Into<String>) -> Test {
        self.args.push(arg.into());
        self
    }

    /// The working folder the run will use (to put a file there by other means).
    #[allow(dead_code)]
    pub fn dir(&self) -> &std::path::Path {
        self.dir.path()
    }

    /// More arguments.
    pub fn args<'a>(mut self, args: impl IntoIterator<Item = &'a str>) -> Test {
        self.args.extend(args.into_iter().map(String::from));
        self
    }

    /// An environment variable.
    pub fn env(mut self, key: &str, value: &str) -> Test {
        self.env.insert(key.into(), value.into());
        self
    }

    /// A file in the working folder.
    pub fn file(self, name: &str, content: impl AsRef<[u8]>) -> Test {
        let path = self.dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, content).unwrap();
        self
    }

    /// A file of the repository (e.g. `examples/linda.toml`), copied under the same name.
    pub fn repo_file(self, name: &str) -> Test {
        let content = std::fs::read(repo().join(name)).unwrap();
        self.file(name, content)
    }

    /// Standard input.
    pub fn stdin(mut self, stdin: impl Into<String>) -> Test {
        self.stdin = stdin.into();
        self
    }

    /// The whole expected standard output.
    pub fn stdout(mut self, stdout: impl Into<String>) -> Test {
        self.stdout = Some(stdout.into());
        self
    }

    /// The whole expected standard error.
    pub fn stderr(mut self, stderr: impl Into<String>) -> Test {
        self.stderr = Some(stderr.into());
        self
    }

    /// The expected exit code (0 unless said).
    pub fn status(mut self, status: i32) -> Test {
        self.status = status;
        self
    }

    /// Run and compare; panics with a line diff of whatever differs.
    #[track_caller]
    pub fn run(self) -> Output {
        // A finished game is recorded in `history.sqlite3` beside the test's files.
        let mut child = crate::child::deckhand_in(self.dir.path())
            .args(&self.args)
            .env("COLUMNS", "100")
            .envs(&self.env)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(self.stdin.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        let mut wrong = Vec::new();
        if out.status.code() != Some(self.status) {
            wrong.push(format!("exit code {:?}, expected {}", out.status.code(), self.status));
        }
        if let Some(want) = &self.stdout {
            if &stdout != want {
                wrong.push(format!("standard output differs:\n{}", diff(want, &stdout)));
            }
        }
        if let Some(want) = &self.stderr {
            if &stderr != want {
                wrong.push(format!("standard error differs:\n{}", diff(want, &stderr)));
            }
        }
        if !wrong.is_empty() {
            panic!("deckhand {:?}:\n{}\n--- stdout\n{stdout}--- stderr\n{stderr}", self.args, wrong.join("\n"));
        }
        Output { stdout, stderr, dir: self.dir }
    }
}

impl Output {
    /// A file the run left in the working folder.
    pub fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.dir.path().join(name)).unwrap()
    }
}

/// A line diff: `-` expected, `+` got, with the lines around them.
fn diff(want: &str, got: &str) -> String {
    let mut out = String::new();
    for change in similar::TextDiff::from_lines(want, got).iter_all_changes() {
        let sign = match change.tag() {
            similar::ChangeTag::Delete => '-',
            similar::ChangeTag::Insert => '+',
            similar::ChangeTag::Equal => ' ',
        };
        out.push_str(&format!("{sign} {change}"));
        if !change.to_string().ends_with('\n') {
            out.push('\n');
        }
    }
    out
}
