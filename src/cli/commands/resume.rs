//! `deckhand resume`: continue a saved game exactly where it stopped, whatever the game.

use std::path::{Path, PathBuf};

use clap::Args;

use crate::cli::args::{Answers, SavedRules};
use crate::cli::plays::LiveArgs;
use crate::cli::saves;
use crate::cli::served::ServeArgs;
use crate::text::table::Resume;
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
    ("resume", "review_playouts", "web.help.review_playouts"),
];

pub fn run(args: ResumeArgs, lang: Lang) -> anyhow::Result<i32> {
    let file = match args.file.clone() {
        Some(file) => file,
        None => choose_unfinished(lang)?,
    };
    let (header, _) = saves::read(&file)?;
    let view = saves::view_of(&file, &header)?;
    (view.resume)(args, file, header, lang)
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
    let (header, read) = saves::read(path).ok()?;
    let view = saves::view_of(path, &header).ok()?;
    let progress = (view.progress)(path, &header, &read, lang)?;
    let game = crate::games::resolve(Some(&header.game), None).map(|r| r.names().get(lang).to_string());
    let file = path.file_name().map(|f| f.to_string_lossy()).unwrap_or_default();
    let game = game.unwrap_or_else(|_| header.game.clone());
    Some(crate::text::table::unfinished_game(&file, &game, &(view.players)(&header, lang), &progress, lang))
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
            let i = p.select(&Resume::Pick.text(lang), &choices)?;
            Ok(games[i].path.clone())
        }
        Err(_) => Err(crate::Error::NoSaveChosen { dir, games: games.into_iter().map(|g| g.line).collect() }.into()),
    }
}
