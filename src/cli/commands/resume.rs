//! `deckhand resume`: continue a saved game exactly where it stopped, whatever the game.

use std::path::{Path, PathBuf};

use clap::Args;

use crate::cli::args::{Answers, SavedRules};
use crate::cli::record::LiveArgs;
use crate::cli::served::ServeArgs;
use crate::cli::{coop_table, fleet_table, saves};
use crate::log::save::Setup;
use crate::text::Lang;

#[derive(Debug, Args)]
pub struct ResumeArgs {
    /// The save file (without it: choose one of the unfinished games in the games folder)
    pub file: Option<PathBuf>,
    #[command(flatten)]
    pub answers: Answers,
    #[command(flatten)]
    pub rules: SavedRules,
    #[command(flatten)]
    pub history: LiveArgs,
    #[command(flatten)]
    pub serve: ServeArgs,
    /// Fleet: ask every decision, one answer each (see `play --ask-all`)
    #[arg(long)]
    pub ask_all: bool,
    /// Fleet: after a decision that lost more than N expected points, say what the advisor preferred
    #[arg(long, value_name = "N", value_parser = crate::cli::commands::play::coach_points)]
    pub coach: Option<f64>,
}

/// The help texts of the command and its arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[
    ("resume", "", "cli.help.resume.about"),
    ("resume", "file", "cli.help.resume.file"),
    ("resume", "answers", "cli.help.answers"),
    ("resume", "rules", "cli.help.began_with"),
    ("resume", "allow_rules_change", "cli.help.resume.allow_rules_change"),
    ("resume", "ask_all", "cli.help.resume.ask_all"),
    ("resume", "coach", "cli.help.resume.coach"),
    ("resume", "serve", "web.help.serve"),
    ("resume", "bind", "web.help.bind"),
];

pub fn run(args: ResumeArgs, lang: Lang) -> anyhow::Result<i32> {
    let file = match args.file {
        Some(file) => file,
        None => choose_unfinished(lang)?,
    };
    let (header, _) = saves::read(&file, lang)?;
    let (answers, rules, allow) = (args.answers.answers, args.rules.rules, args.rules.allow_rules_change);
    match header.setup {
        Setup::Fischerspiel(_) if args.ask_all => {
            Err(crate::Error::Usage(crate::msg!("cli.play.flag_not_for_game", flag = "--ask-all", game = &header.game))
                .into())
        }
        Setup::Fischerspiel(_) if args.coach.is_some() => {
            Err(crate::Error::Usage(crate::msg!("cli.play.flag_not_for_game", flag = "--coach", game = &header.game))
                .into())
        }
        Setup::Fischerspiel(_) if args.serve.serve => {
            Err(crate::Error::Usage(crate::msg!("web.serve_fleet_only", game = &header.game)).into())
        }
        Setup::Fischerspiel(_) => coop_table::resume(
            coop_table::ResumeArgs { file, answers, rules, allow_rules_change: allow, history: args.history },
            header,
            lang,
        ),
        Setup::Fleet(_) if args.coach.is_some() && args.serve.serve => {
            Err(crate::Error::Usage(crate::msg!("cli.play.coach_served")).into())
        }
        Setup::Fleet(_) => {
            let options = fleet_table::ResumeOptions {
                path: &file,
                answers: answers.as_deref(),
                rules: rules.as_deref(),
                allow_change: allow,
                history: &args.history,
                serve: &args.serve,
                ask_all: args.ask_all,
                coach: args.coach,
            };
            fleet_table::resume(options, lang)
        }
    }
}

/// A game of the games folder that has not ended: its save and a line that tells it apart.
struct Unfinished {
    path: PathBuf,
    line: String,
}

/// The games of the games folder that have not ended, the last played first. A file that
/// is not a save, or does not replay, is left out (`resume FILE` says what is wrong with it).
fn unfinished(dir: &Path, lang: Lang) -> Vec<Unfinished> {
    let mut saves: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl") && p.is_file())
        .map(|p| (std::fs::metadata(&p).and_then(|m| m.modified()).unwrap_or(std::time::UNIX_EPOCH), p))
        .collect();
    saves.sort_by(|a, b| b.cmp(a));
    saves.into_iter().filter_map(|(_, path)| describe(&path, lang).map(|line| Unfinished { path, line })).collect()
}

/// The line of an unfinished game; None for a finished one or one that does not open.
fn describe(path: &Path, lang: Lang) -> Option<String> {
    let (header, read) = saves::read(path, lang).ok()?;
    let progress = match header.setup {
        Setup::Fleet(_) => {
            let entries: Vec<crate::games::fleet::session::Entry> = typed(&read.entries)?;
            let (_, _, _, session) = fleet_table::reopen(path, &read.header, &entries, None, false, lang).ok()?;
            if session.game.finished() {
                return None;
            }
            crate::t!(lang, "cli.resume.progress_rounds", round = session.game.round, rounds = session.game.rounds)
        }
        Setup::Fischerspiel(_) => {
            use crate::games::live::LiveGame;
            let events: Vec<crate::games::fischerspiel::state::Event> = typed(&read.entries)?;
            let (_, _, timeline) = coop_table::reopen(path, &header, &events, None, false, lang).ok()?;
            if timeline.finished() {
                return None;
            }
            crate::t!(lang, "cli.resume.progress_events", n = read.entries.len())
        }
    };
    let game = crate::games::resolve(Some(&header.game), None).map(|r| r.names().get(lang).to_string());
    let players = match &header.setup {
        Setup::Fischerspiel(coop) => crate::t!(lang, "cli.resume.players_n", n = coop.players),
        Setup::Fleet(_) => header.players.join(", "),
    };
    Some(crate::t!(
        lang,
        "cli.resume.game",
        file = path.file_name().map(|f| f.to_string_lossy()).unwrap_or_default(),
        game = game.unwrap_or_else(|_| header.game.clone()),
        players = players,
        progress = progress
    ))
}

/// A save's entries, read once as JSON, as the game's own entry type.
fn typed<E: serde::de::DeserializeOwned>(entries: &[serde_json::Value]) -> Option<Vec<E>> {
    entries.iter().map(|e| serde_json::from_value(e.clone()).ok()).collect()
}

/// `resume` without a file: the unfinished games of the games folder to choose from at a
/// terminal; without one, their list and how to name one.
fn choose_unfinished(lang: Lang) -> anyhow::Result<PathBuf> {
    let dir = saves::games_dir();
    let games = unfinished(&dir, lang);
    if games.is_empty() {
        return Err(crate::Error::Usage(crate::msg!("cli.resume.none", dir = dir.display())).into());
    }
    match crate::ui::prompter_for_in(None, "resume", lang) {
        Ok(mut p) => {
            let choices: Vec<crate::ui::Choice> = games
                .iter()
                .map(|g| crate::ui::Choice::new(g.path.file_name().unwrap_or_default().to_string_lossy(), &g.line))
                .collect();
            let i = p.select(&crate::t!(lang, "cli.resume.pick"), &choices)?;
            Ok(games[i].path.clone())
        }
        Err(_) => {
            let mut lines = vec![crate::t!(lang, "cli.resume.listed", dir = dir.display())];
            lines.extend(games.iter().map(|g| format!("  {}", g.line)));
            lines.push(crate::t!(lang, "cli.resume.give_file"));
            Err(crate::Error::said(lines.join("\n")).into())
        }
    }
}
