//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use deckhand::games::fleet::game::{Decision, Game, Input};
use deckhand::games::fleet::Sheet;
use deckhand::games::{FleetRules, Source};
use deckhand::text::Lang;

pub fn fleet() -> FleetRules {
    deckhand::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone()
}

/// The built-in Fleet rules with one `[options]` line changed, e.g.
/// `fleet_with("shrimp_coins_face", "\"whole_die\"")`.
pub fn fleet_with(key: &str, value: &str) -> FleetRules {
    let text = deckhand::games::built_in("fleet-dice").unwrap().source.text.clone();
    let line = text.lines().find(|l| l.starts_with(&format!("{key} ="))).unwrap_or_else(|| panic!("no option {key}"));
    let text = text.replace(line, &format!("{key} = {value}"));
    match deckhand::games::from_source(Source::new("options.toml", text)) {
        Ok(r) => r.fleet().unwrap().clone(),
        Err(e) => panic!("{e}"),
    }
}

/// A sheet from transcription-file text (panics with the parse error).
pub fn sheet(rules: &FleetRules, text: &str) -> Sheet {
    let text = if text.contains("player =") { text.to_string() } else { format!("player = \"P\"\n{text}") };
    match deckhand::games::fleet::sheet_file::parse(rules, &Source::new("test.toml", text)) {
        Ok(p) => p.sheet,
        Err(e) => panic!("{e}"),
    }
}

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `deckhand` in a hermetic environment (`child::deckhand_in`: no inherited variables,
/// HOME, the XDG folders and the history in `dir`, no colour), a fixed width, run in `dir`.
/// A finished game is recorded in `history.sqlite3` beside the test's files.
pub fn deckhand(dir: &Path) -> Command {
    let mut cmd = Command::from_std(crate::child::deckhand_in(dir));
    cmd.env("COLUMNS", "100");
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

/// Drives a `Game` through `apply`, like the CLI does, for scenario tests.
pub struct Table {
    pub rules: FleetRules,
    pub g: Game,
}

impl Table {
    /// Players P0 (start player), P1, … with the given sheets, at the start of `round`.
    pub fn new(round: u32, sheets: &[&str]) -> Table {
        Table::with_rules(fleet(), round, sheets)
    }

    /// As `new`, under other rules (e.g. `fleet_with` an option changed).
    pub fn with_rules(rules: FleetRules, round: u32, sheets: &[&str]) -> Table {
        let sheets: Vec<Sheet> =
            sheets.iter().enumerate().map(|(i, text)| sheet(&rules, &format!("player = \"P{i}\"\n{text}"))).collect();
        let g = Game::from_sheets(&rules, sheets, round);
        Table { rules, g }
    }

    pub fn roll(&mut self, faces: &str) {
        let input = Input::Roll { faces: faces.split_whitespace().map(String::from).collect(), digital: false };
        if let Err(e) = self.g.apply(&self.rules, &input) {
            panic!("roll {faces}: {}", deckhand::text::fleet::refusal(&self.rules, &self.g, &e, Lang::En));
        }
    }

    pub fn choose(&mut self, key: &str) {
        let prompt = self.prompt();
        if let Err(e) = self.g.apply(&self.rules, &Input::Choice(key.into())) {
            let why = deckhand::text::fleet::refusal(&self.rules, &self.g, &e, Lang::En);
            panic!("{prompt} -> {key}: {why}; legal {:?}", e.legal);
        }
    }

    /// Answer several decisions in a row.
    pub fn answers(&mut self, keys: &[&str]) {
        for k in keys {
            self.choose(k);
        }
    }

    pub fn decision(&self) -> Decision {
        self.g.decision(&self.rules).expect("the game waits for a decision")
    }

    /// The decision's question, in English.
    pub fn prompt(&self) -> String {
        self.prompt_in(Lang::En)
    }

    /// The decision's question in a language.
    pub fn prompt_in(&self, lang: Lang) -> String {
        match self.g.decision(&self.rules) {
            Some(d) => deckhand::text::fleet::prompt(&self.rules, &self.g, &d, lang),
            None => "(game over)".into(),
        }
    }

    /// The labels of the decision's options in a language.
    pub fn labels_in(&self, lang: Lang) -> Vec<String> {
        match self.g.decision(&self.rules) {
            Some(d) => d
                .options
                .iter()
                .map(|o| deckhand::text::fleet::option_label(&self.rules, &self.g, &d, o, lang))
                .collect(),
            None => Vec::new(),
        }
    }

    pub fn keys(&self) -> Vec<String> {
        self.decision().keys(&self.rules, &self.g)
    }

    pub fn sheet(&self, p: usize) -> &Sheet {
        &self.g.players[p].sheet
    }

    pub fn marked(&self, p: usize, section: &str) -> usize {
        self.sheet(p).marked_count(self.rules.section_index(section).unwrap())
    }

    pub fn fish(&self, p: usize, section: &str) -> Vec<u32> {
        self.sheet(p).fish[self.rules.section_index(section).unwrap()].to_vec()
    }

    pub fn coins(&self, p: usize) -> u32 {
        self.sheet(p).coins(&self.rules)
    }

    /// What happened since the last call, one line each, in English.
    pub fn notices(&mut self) -> String {
        self.notices_in(Lang::En)
    }

    /// What happened since the last call, one line each, in a language.
    pub fn notices_in(&mut self, lang: Lang) -> String {
        let events = self.g.take_events();
        events
            .iter()
            .map(|e| deckhand::text::fleet::event(&self.rules, &self.g, e, lang))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Table {
    /// A solo game: player P with the given sheet at the start of `round`, Ruth's tokens at
    /// the given loop positions (boat, harbor, wharf).
    pub fn solo(round: u32, text: &str, tokens: [usize; 3]) -> Table {
        let rules = fleet();
        let sheet = sheet(&rules, &format!("player = \"P\"\n{text}"));
        let g = Game::solo_from_sheet(&rules, sheet, round, tokens);
        Table { rules, g }
    }

    /// Box marks of a section as text (`x`, `.`, `/`).
    pub fn marks(&self, p: usize, section: &str) -> String {
        self.sheet(p).boxes[self.rules.section_index(section).unwrap()].iter().map(|m| m.glyph()).collect()
    }
}

/// Events as English lines.
pub fn lines(rules: &FleetRules, game: &Game, events: &[deckhand::games::fleet::game::Event]) -> Vec<String> {
    events.iter().map(|e| deckhand::text::fleet::event(rules, game, e, Lang::En)).collect()
}

/// Why an answer was refused, in English.
pub fn why(rules: &FleetRules, game: &Game, e: &deckhand::games::fleet::game::Illegal) -> String {
    deckhand::text::fleet::refusal(rules, game, e, Lang::En)
}

/// The built-in rules of an `endgame` game (Nauticus, Titania).
pub fn endgame(id: &str) -> deckhand::games::EndgameRules {
    deckhand::games::built_in(id).unwrap().endgame().unwrap().clone()
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

// Helpers of the scripted whole-game tests.

/// The meaningful lines of a written sheet: comment lines, blank lines and trailing
/// comments dropped.
pub fn sheet_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| match l.find("  #") {
            Some(i) => l[..i].trim_end(),
            None => l.trim_end(),
        })
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// (coins earned, coin track afterwards) of every coin notice of `player` on stderr:
/// `Ann: +2 coins (income: …), 9 on the track; 1 star: star action`.
pub fn coin_notices(stderr: &str, player: &str) -> Vec<(u32, u32)> {
    let prefix = format!("{player}: +");
    stderr
        .lines()
        .filter_map(|l| l.strip_prefix(&prefix))
        .filter(|rest| rest.contains(" on the track"))
        .map(|rest| {
            let earned = rest.split(' ').next().unwrap().parse().unwrap();
            let before_track = rest.split(" on the track").next().unwrap();
            let total = before_track.rsplit(' ').next().unwrap().parse().unwrap();
            (earned, total)
        })
        .collect()
}

/// The cells of the table row naming `player`.
pub fn row(table: &str, player: &str) -> Vec<String> {
    let line = table
        .lines()
        .find(|l| l.split(['│', '┆']).any(|c| c.trim() == player))
        .unwrap_or_else(|| panic!("no row for {player} in\n{table}"));
    line.split(['│', '┆']).map(str::trim).filter(|c| !c.is_empty()).map(String::from).collect()
}
