//! What the terminal says at a Fleet table (`play`, `resume`, `replay`, `show`, served or
//! not): the start and winner lines, the notes around the game, the commands of every
//! prompt, the hint of a roll's prompt, everyone's line, `help` at a question and the
//! recap of a resumed game. The terminal (`cli/`, in the binary) only asks and prints.

use std::path::Path;

use crate::games::fleet::entry;
use crate::games::fleet::game::{Ask, Decision, Face, Game, Input, RollSpec};
use crate::games::fleet::session::{ReplayError, Session};
use crate::games::fleet::setup::FleetSetup;
use crate::games::fleet::FleetRules;
use crate::players::NameProblem;
use crate::t;
use crate::text::Lang;

use super::fleet as fleet_text;
use super::fleet_entry;

/// A line the terminal says around the game.
#[derive(Debug, Clone, Copy)]
pub enum Note<'a> {
    /// Ctrl-C: every confirmed decision is in this save.
    Interrupted(&'a Path),
    /// Where the decisions go, and how to resume.
    SavedTo(&'a Path),
    /// The commands of every prompt.
    AtAnyPrompt,
    /// The commands of every prompt of a served game.
    AtAnyPromptServed,
    /// `release` without phones.
    ReleaseNotServed,
    /// The sheets written at the end.
    SheetsWritten(&'a [String]),
    /// A warning under the final table.
    Warning(&'a str),
    /// A save resumed: in this round, after this many decisions.
    Resumed {
        /// The save.
        file: &'a Path,
        /// The round it stands in (None: a game that counts no rounds).
        round: Option<u32>,
        /// Its decisions so far.
        decisions: usize,
    },
    /// A note (a torn save's tail, when replayed).
    Note(&'a str),
    /// A replayed game that is not over yet.
    Stopped {
        /// The save.
        file: &'a Path,
        /// The round it stopped in.
        round: u32,
        /// The rounds of the game.
        rounds: u32,
    },
    /// A replayed game that is not over yet and counts no rounds: its answers so far.
    StoppedAt {
        /// The save.
        file: &'a Path,
        /// The answers it holds.
        answers: usize,
    },
    /// The question of the menu at the end of a game.
    GameOver,
    /// The question of `release`: whose seat.
    ReleaseWhich,
    /// A seat given back to the join page.
    Released(&'a str),
    /// `release` of a seat nobody took.
    ReleaseNotTaken(&'a str),
    /// A seat in `release`'s menu: taken, or free.
    Seat {
        /// The player.
        name: &'a str,
        /// Whether a phone has the seat's page.
        taken: bool,
    },
}

impl Note<'_> {
    /// The line in a language.
    pub fn text(&self, lang: Lang) -> String {
        match *self {
            Note::Interrupted(file) => t!(lang, "cli.play.interrupted", resume = crate::invocation::resume(file)),
            Note::SavedTo(file) => {
                t!(lang, "cli.play.saved_to", file = file.display(), resume = crate::invocation::resume(file))
            }
            Note::AtAnyPrompt => at_any_prompt(false, lang),
            Note::AtAnyPromptServed => at_any_prompt(true, lang),
            Note::ReleaseNotServed => t!(lang, "cli.play.release_not_served"),
            Note::SheetsWritten(files) => t!(lang, "cli.play.sheets_written", files = files.join(", ")),
            Note::Warning(w) => t!(lang, "cli.report.warning", warning = w),
            Note::Resumed { file, round: Some(round), decisions } => {
                t!(lang, "cli.play.resumed", file = file.display(), round = round, n = decisions)
            }
            Note::Resumed { file, round: None, decisions } => {
                t!(lang, "cli.play.resumed_answers", file = file.display(), n = decisions)
            }
            Note::Note(note) => t!(lang, "cli.play.note", note = note),
            Note::Stopped { file, round, rounds } => {
                t!(lang, "cli.play.stopped", round = round, rounds = rounds, resume = crate::invocation::resume(file))
            }
            Note::StoppedAt { file, answers } => {
                t!(lang, "cli.play.stopped_at", n = answers, resume = crate::invocation::resume(file))
            }
            Note::GameOver => t!(lang, "cli.play.game_over"),
            Note::ReleaseWhich => t!(lang, "cli.play.release_which"),
            Note::Released(name) => t!(lang, "cli.play.released", name = name),
            Note::ReleaseNotTaken(name) => t!(lang, "cli.play.release_not_taken", name = name),
            Note::Seat { name, taken: true } => t!(lang, "cli.play.seat_taken", name = name),
            Note::Seat { name, taken: false } => t!(lang, "cli.play.seat_free", name = name),
        }
    }
}

pub use crate::games::table::Command;
use crate::games::table::{Said, Typed};

/// The word a person types for a command in `lang` (`zurück`, `annuler`); none for `quit`.
pub fn command_word(command: Command, lang: Lang) -> Option<String> {
    command.word().map(|m| m.text(lang))
}

/// A command's line in a menu and in `help` (`undo — take back the last decision`).
pub fn command_line(command: Command, lang: Lang) -> String {
    command.line().text(lang)
}

/// The commands typed at the questions of a table (`release` only at a served one).
pub fn typed_commands(served: bool) -> impl Iterator<Item = Command> {
    Command::typed_at(served)
}

/// The command a typed line names: a command's key, or its word in `lang`.
pub fn command(text: &str, lang: Lang) -> Option<Command> {
    let text = text.trim().to_lowercase();
    Command::typed()
        .find(|c| c.key() == text || command_word(*c, lang).is_some_and(|word| crate::text::same_word(&word, &text)))
}

/// A line typed at a question as a person means it: a command, or the answer `said`
/// makes of it (an entry, everyone's line), for the table to resolve.
pub fn typed(text: &str, lang: Lang, said: fn(&str) -> Said) -> Typed {
    match command(text, lang) {
        Some(c) => Typed::Command(c),
        None => Typed::Said(said(text)),
    }
}

/// The words of every player name no one may take: each command's key and its word in
/// every language.
pub fn reserved_words() -> Vec<String> {
    let mut words: Vec<String> = Command::typed().map(|c| c.key().to_string()).collect();
    for lang in Lang::ALL {
        words.extend(Command::typed().filter_map(|c| command_word(c, lang)));
    }
    words
}

/// The commands of every question, by their words: `At any prompt: undo, sheet, …`.
fn at_any_prompt(served: bool, lang: Lang) -> String {
    let words: Vec<String> = typed_commands(served).filter_map(|c| command_word(c, lang)).collect();
    t!(lang, "cli.play.at_any_prompt", commands = words.join(", "))
}

/// The line that opens a game: the game and its players (a solo game against Captain
/// Ruth).
pub fn start_line(rules: &FleetRules, names: &[String], lang: Lang) -> String {
    if names.len() == 1 {
        t!(lang, "cli.play.start_solo", game = rules.name.get(lang), players = names.join(", "))
    } else {
        t!(lang, "cli.play.start", game = rules.name.get(lang), players = names.join(", "))
    }
}

/// The line that opens a game of any engine: the game and its players.
pub fn start_line_of(game: &crate::games::Names, names: &[String], lang: Lang) -> String {
    t!(lang, "cli.play.start", game = game.get(lang), players = names.join(", "))
}

/// The name of the `n`-th seat deckhand plays (`Bot 2`), counted from 1.
pub fn bot_name(n: usize, lang: Lang) -> String {
    t!(lang, "cli.play.bot_name", n = n)
}

/// Who won, and with how much: `Bob wins with 116`, `Ann and Bob share the win with 80`.
pub fn winner_line(winners: &[&str], total: i64, lang: Lang) -> String {
    match winners.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            let names = format!("{}{}{last}", rest.join(", "), t!(lang, "engine.and"));
            t!(lang, "cli.play.winners_shared", names = names, total = total)
        }
        _ => t!(lang, "cli.play.winner", name = winners.first().copied().unwrap_or_default(), total = total),
    }
}

/// A refused answer with the legal ones: `… — legal: cod, shrimp`.
pub fn with_legal(refusal: &str, legal: &[String], lang: Lang) -> String {
    format!("{refusal} — {}", t!(lang, "cli.play.legal", legal = legal.join(", ")))
}

/// What may be typed at a roll: the faces of the dice asked by their letters and words.
pub fn roll_hint(rules: &FleetRules, spec: RollSpec, lang: Lang) -> String {
    let letters = |boat_die: bool| -> String {
        let kinds = Face::faces_of_kind(rules, boat_die);
        fleet_entry::face_letters(rules, lang)
            .into_iter()
            .filter(|(f, _)| kinds.contains(f))
            .map(|(f, l)| format!("{l} {}", fleet_text::face_word(rules, f, lang)))
            .collect::<Vec<_>>()
            .join(" · ")
    };
    match (spec.boat, spec.town) {
        (b, 0) => t!(lang, "cli.play.type_faces", n = b, faces = letters(true)),
        (0, _) => t!(lang, "cli.play.type_one_face", faces = letters(false)),
        (b, t) => t!(lang, "cli.play.type_town_and_boat", n = t, faces = letters(false), boat = b),
    }
}

/// A roll typed wrong: why, and the letters of the faces.
pub fn wrong_faces(rules: &FleetRules, why: &str, lang: Lang) -> String {
    t!(lang, "cli.play.wrong_faces", why = why, faces = fleet_entry::letters_line(rules, lang))
}

/// The one line for what everyone decides at the same moment: the question, and each
/// player's usual answer (or that they are asked after).
pub fn together_question(rules: &FleetRules, game: &Game, d: &Decision, held: &[usize], lang: Lang) -> String {
    let (mut usual, mut on_phone, mut after) = (Vec::new(), Vec::new(), Vec::new());
    for pd in game.pending(rules) {
        let Some(player) = pd.player else { continue };
        let name = game.players[player].name.clone();
        match entry::usual(&pd) {
            // A phone holds this player's answer (a served game): Enter leaves it.
            _ if held.contains(&player) => on_phone.push(name),
            Some(c) => usual.push(format!("{name} {}", fleet_text::option_label(rules, game, &pd, &c, lang))),
            None => after.push(name),
        }
    }
    // Who is asked after, or holds an answer on a phone, is said once for them all.
    let notes = [t!(lang, "cli.entry.held_on_phone"), t!(lang, "cli.entry.asked_after")];
    for (names, note) in [on_phone, after].into_iter().zip(notes) {
        if !names.is_empty() {
            usual.push(format!("{} {note}", names.join(", ")));
        }
    }
    let question = fleet_text::prompt(rules, game, d, lang);
    let waiting: Vec<usize> = game.pending(rules).iter().filter_map(|pd| pd.player).collect();
    match together_example(game, &waiting) {
        Some((name, short)) => {
            t!(lang, "cli.entry.together", question = question, usual = usual.join(" · "), name = name, short = short)
        }
        None => t!(lang, "cli.entry.together_plain", question = question, usual = usual.join(" · ")),
    }
}

/// The player everyone's line names in its example of an exception (issue #33 item 10: a
/// player at this table, never a made-up one), as typed: their name in lower case, and the
/// shortest start of it (two letters at least) that names them alone. The second player
/// waiting where there is one (words before any name are the first's); None when no name
/// waiting can be typed as one word.
fn together_example(game: &Game, waiting: &[usize]) -> Option<(String, String)> {
    let folded: Vec<String> = game.players.iter().map(|p| crate::words::fold_word(&p.name)).collect();
    let typable = |p: &usize| {
        let name = &game.players[*p].name;
        !name.is_empty() && !name.contains(|c: char| c.is_whitespace() || c == ',' || c == ';')
    };
    let p = waiting.iter().skip(1).chain(waiting.first()).copied().find(typable)?;
    let name = game.players[p].name.to_lowercase();
    let chars: Vec<char> = name.chars().collect();
    let short = (2..chars.len())
        .map(|n| chars[..n].iter().collect::<String>())
        .find(|start| {
            let f = crate::words::fold_word(start);
            folded.iter().enumerate().all(|(q, other)| q == p || !other.starts_with(&f))
        })
        .unwrap_or_else(|| name.clone());
    Some((name, short))
}

/// `help` at a question: what may be answered, the dice letters at a roll, what each die
/// of a pick would do for this player now, and what each option of the question does (a
/// building's effect, VP and boxes; a license's bonus).
pub fn help(rules: &FleetRules, game: &Game, decision: Option<&Decision>, served: bool, lang: Lang) -> String {
    let mut lines = vec![t!(lang, "cli.play.help")];
    lines.extend(typed_commands(served).map(|c| format!("  {}", command_line(c, lang))));
    lines.push(t!(lang, "cli.play.help_dice"));
    match decision {
        Some(d) if d.roll.is_some() => lines.push(fleet_entry::letters_line(rules, lang)),
        Some(d) if matches!(d.ask, Ask::Pick { .. }) => {
            let name = d.player.map(|p| game.players[p].name.as_str()).unwrap_or_default();
            lines.push(t!(lang, "engine.help_pick", name = name));
            lines.extend(fleet_text::pick_help(rules, game, d, lang));
        }
        Some(d) => {
            let explained: Vec<(String, String)> = d
                .options
                .iter()
                .filter_map(|c| {
                    let help = fleet_text::option_help(rules, game, d, c, lang)?;
                    Some((fleet_text::option_label(rules, game, d, c, lang), help))
                })
                .collect();
            if let Some((first, _)) = explained.first() {
                lines.push(t!(lang, "engine.help_options"));
                lines.extend(explained.iter().map(|(label, help)| format!("  {label}: {help}")));
                // Last, so that it stays in view above a long menu drawn again (a star
                // action's 18 options fill 80 × 24): how to ask about one option alone.
                let word = first.split_whitespace().next().unwrap_or_default().to_lowercase();
                let help = command_word(Command::Help, lang).unwrap_or_else(|| "help".into());
                lines.push(t!(lang, "engine.help_one", example = format!("{help} {word}")));
            }
        }
        None => {}
    }
    lines.join("\n")
}

/// Where a resumed game stands: the last roll, and the round, phase and whose turn it is.
pub fn recap(rules: &FleetRules, session: &Session, lang: Lang) -> Vec<String> {
    let mut lines = Vec::new();
    let last_roll = session.inputs.iter().rev().find_map(|(_, input)| match input {
        Input::Roll { faces, .. } => Some(faces),
        Input::Choice(_) => None,
    });
    if let Some(faces) = last_roll {
        lines.push(t!(lang, "cli.play.last_roll", dice = fleet_text::faces_label(rules, faces, lang)));
    }
    if let Some(decision) = session.game.decision(rules) {
        lines.push(fleet_text::status_line(rules, &session.game, &decision, lang));
    }
    lines
}

/// A save whose entry on `line` does not replay, and why (`players` and `setup`: its
/// header's, to name the players in the engine's refusal).
pub fn replay_failed(
    rules: &FleetRules,
    players: &[String],
    setup: &FleetSetup,
    file: &Path,
    line: usize,
    why: ReplayError,
    lang: Lang,
) -> String {
    let why = match why {
        ReplayError::UndoNothing => t!(lang, "engine.undo_nothing_replay"),
        ReplayError::NoSuchPlayer(p) => t!(lang, "engine.no_such_seat", seat = p + 1, n = players.len()),
        ReplayError::Illegal(e) => {
            // The refusal names the players: a game at its start knows them.
            let game = Game::new(rules, players, setup.options());
            fleet_text::refusal(rules, &game, &e, lang)
        }
    };
    t!(lang, "cli.save.replay_illegal", file = file.display(), line = line, why = why)
}

/// A line of `resume`'s list of unfinished games: the file, the game, who plays, how far.
pub fn unfinished_game(file: &str, game: &str, players: &str, progress: &str, lang: Lang) -> String {
    t!(lang, "cli.resume.game", file = file, game = game, players = players, progress = progress)
}

/// How far an unfinished Fleet game got: its round of the rounds.
pub fn progress_rounds(round: u32, rounds: u32, lang: Lang) -> String {
    t!(lang, "cli.resume.progress_rounds", round = round, rounds = rounds)
}

/// How far an unfinished game got: its answers so far.
pub fn progress_answers(n: usize, lang: Lang) -> String {
    t!(lang, "cli.resume.progress_answers", n = n)
}

/// What `resume` without a file says around the unfinished games.
#[derive(Debug, Clone, Copy)]
pub enum Resume<'a> {
    /// The question at a terminal: which game to take up.
    Pick,
    /// The head of the list when no terminal can choose: the games folder.
    Listed(&'a Path),
    /// The end of that list: how to name one.
    GiveFile,
}

impl Resume<'_> {
    /// What is said, in `lang`.
    pub fn text(self, lang: Lang) -> String {
        match self {
            Resume::Pick => t!(lang, "cli.resume.pick"),
            Resume::Listed(dir) => t!(lang, "cli.resume.listed", dir = dir.display()),
            Resume::GiveFile => t!(lang, "cli.resume.give_file"),
        }
    }
}

/// The name of the rules a save carries, as its diagnostics name the source.
pub fn rules_in_save(file: &Path, lang: Lang) -> String {
    t!(lang, "cli.save.rules_in_save", file = file.display())
}

/// Where a save's game began, for the refusal when its rules changed since: the rules in
/// the save, a rules file of an older save (`legacy`), or the built-in rules.
pub fn began(in_save: bool, legacy: Option<&str>, lang: Lang) -> String {
    match (in_save, legacy) {
        (true, _) => t!(lang, "cli.save.began_in_save"),
        (false, Some(f)) => t!(lang, "cli.save.began_file", rules = f),
        (false, None) => t!(lang, "cli.save.began_built_in"),
    }
}

/// What is wrong with the players' names.
pub fn name_problem(p: &NameProblem, lang: Lang) -> String {
    let max = crate::players::MAX_NAME_CHARS;
    match p {
        NameProblem::Empty { seat } => t!(lang, "cli.play.name_empty", seat = seat),
        NameProblem::Control { seat } => t!(lang, "cli.play.name_control", seat = seat),
        NameProblem::TooLong { seat, chars } => t!(lang, "cli.play.name_too_long", seat = seat, n = chars, max = max),
        NameProblem::Same { first, second } => t!(lang, "cli.play.same_name", first = first, second = second),
        NameProblem::SameFile { first, second, slug } => {
            t!(lang, "cli.play.same_file_name", first = first, second = second, slug = slug)
        }
        NameProblem::Reserved { name } => t!(lang, "cli.play.meta_name", name = name),
    }
}

/// `--coach POINTS` that is not a number of points.
pub fn bad_coach_points(value: &str, lang: Lang) -> String {
    t!(lang, "cli.play.coach_points", value = value)
}

/// `--deal CODE` that is not a deal's code.
pub fn bad_deal(max: usize, lang: Lang) -> String {
    t!(lang, "cli.play.bad_deal", max = max)
}
