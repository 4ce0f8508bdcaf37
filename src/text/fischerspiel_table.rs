//! Fischerspiel's table at the terminal in words (`cli/fischerspiel.rs` only asks and
//! prints): what it says (`Said`), where the game stands, what an event caused, the help,
//! and the words a typed line is read with in the reader's language (`read`; the reader
//! itself is the engine's, `games::fischerspiel::typed`).

use std::path::Path;

use crate::games::fischerspiel::model::{FischerspielRules, WindSource};
use crate::games::fischerspiel::state::{Effect, Event, FischerspielRefusal, Outcome, Setup, Side, State};
use crate::message::Message;
use crate::t;
use crate::text::Lang;

/// A line the table says.
pub enum Said<'a> {
    /// Where a new game is saved.
    Saving(&'a Path),
    /// A save taken up again, with its events.
    Resuming {
        /// The save.
        file: &'a Path,
        /// Its events.
        n: usize,
    },
    /// A notice about the save (a torn last line dropped).
    Notice(Message),
    /// Where the game is kept, when the input ends.
    SavedHint(&'a Path),
    /// The question: what happened (with the wind and the fish landed), or, once the game
    /// is over, whether to take back the last event.
    Prompt(&'a FischerspielRules, &'a State, bool),
    /// `quit`: the game is saved with its events.
    Saved {
        /// The save.
        file: &'a Path,
        /// Events applied and not undone.
        n: usize,
    },
    /// The last event taken back, and where the game stands now.
    Undone(&'a FischerspielRules, &'a State),
    /// A save's event that does not replay: its line and why.
    BadEvent {
        /// The save.
        file: &'a Path,
        /// The line (1-based; the header is line 1).
        line: usize,
        /// The rules.
        rules: &'a FischerspielRules,
        /// Why it does not replay.
        refusal: &'a FischerspielRefusal,
    },
    /// A co-operative game's players, in the list of unfinished games.
    Players(u32),
    /// How far an unfinished game got, in the list of unfinished games.
    Progress(usize),
}

impl Said<'_> {
    /// What is said, in `lang`.
    pub fn text(self, lang: Lang) -> String {
        match self {
            Said::Saving(path) => t!(lang, "games.fischerspiel.saving", path = path.display()),
            Said::Resuming { file, n } => t!(lang, "games.fischerspiel.resuming", path = file.display(), n = n),
            Said::Notice(note) => t!(lang, "games.fischerspiel.notice", note = note.text(lang)),
            Said::SavedHint(path) => t!(
                lang,
                "games.fischerspiel.cmd.saved_hint",
                path = path.display(),
                resume = crate::invocation::resume(path)
            ),
            Said::Prompt(_, _, false) => t!(lang, "games.fischerspiel.over_prompt"),
            Said::Prompt(r, s, true) => t!(
                lang,
                "games.fischerspiel.prompt",
                wind = s.wind,
                hurricane = r.wind.hurricane,
                landed = s.landed_total(),
                total = s.setup.total_fish()
            ),
            Said::Saved { file, n } => t!(
                lang,
                "games.fischerspiel.saved",
                path = file.display(),
                n = n,
                resume = crate::invocation::resume(file)
            ),
            Said::Undone(r, s) => format!("{}\n{}", t!(lang, "games.fischerspiel.undone"), status(r, s, lang)),
            Said::BadEvent { file, line, rules, refusal } => t!(
                lang,
                "games.fischerspiel.cmd.bad_event",
                path = file.display(),
                line = line,
                why = super::fischerspiel::refusal(rules, refusal, lang)
            ),
            Said::Players(n) => t!(lang, "cli.resume.players_n", n = n),
            Said::Progress(n) => t!(lang, "cli.resume.progress_events", n = n),
        }
    }
}

pub use crate::games::fischerspiel::typed::Typed;
pub use crate::games::fischerspiel::typed::Unread;
use crate::games::fischerspiel::typed::{Usage, Words};

/// The words of a board edge a line may name (in every language).
fn side_words(side: Side) -> Vec<String> {
    let words: &[&str] = match side {
        Side::North => &["north", "n", "nord"],
        Side::East => &["east", "e", "ost", "est"],
        Side::South => &["south", "s", "süd", "sued", "sud"],
        Side::West => &["west", "w", "ouest"],
    };
    words.iter().map(|w| w.to_string()).collect()
}

/// An event's word in `lang` (`sail`, `auslaufen`, `sortir`).
fn event_word(key: &str, lang: Lang) -> String {
    match key {
        "wind" => t!(lang, "games.fischerspiel.word.wind"),
        "crest" => t!(lang, "games.fischerspiel.word.crest"),
        "direction" => t!(lang, "games.fischerspiel.word.direction"),
        "sail" => t!(lang, "games.fischerspiel.word.sail"),
        "home" => t!(lang, "games.fischerspiel.word.home"),
        "catch" => t!(lang, "games.fischerspiel.word.catch"),
        "dump" => t!(lang, "games.fischerspiel.word.dump"),
        "transfer" => t!(lang, "games.fischerspiel.word.transfer"),
        "stuck" => t!(lang, "games.fischerspiel.word.stuck"),
        "undo" => t!(lang, "games.fischerspiel.word.undo"),
        "status" => t!(lang, "games.fischerspiel.word.status"),
        "help" => t!(lang, "games.fischerspiel.word.help"),
        "quit" => t!(lang, "games.fischerspiel.word.quit"),
        other => other.to_string(),
    }
}

/// A typed line read in `lang` (the English words too, as saves and answers files use
/// them) by the engine's reader (`games::fischerspiel::typed`): the event it names with its
/// boats and fish checked against `state`, or why it names none.
pub fn read(r: &FischerspielRules, state: &State, text: &str, lang: Lang) -> Result<Typed, Unread> {
    let line: Vec<String> = text.split_whitespace().map(String::from).collect();
    let event = |key: &str| vec![event_word(key, lang)];
    let words = Words { event: &event, side: &side_words };
    crate::games::fischerspiel::typed::read(r, state, &line, &words)
}

/// Why a line names no event, in words.
pub fn unread(r: &FischerspielRules, why: &Unread, lang: Lang) -> String {
    let (b, size, side) = (
        t!(lang, "games.fischerspiel.cmd.word_boat"),
        t!(lang, "games.fischerspiel.cmd.word_size"),
        t!(lang, "games.fischerspiel.cmd.word_side"),
    );
    let w = |key: &str| event_word(key, lang);
    let usage = |usage: String| t!(lang, "games.fischerspiel.cmd.write_as", usage = usage);
    match why {
        Unread::NeedEvent => t!(lang, "games.fischerspiel.cmd.need_event"),
        Unread::Usage(Usage::Wind) => t!(lang, "games.fischerspiel.cmd.wind_usage"),
        Unread::Usage(Usage::Direction) => usage(format!("{} {side}", w("direction"))),
        Unread::Usage(Usage::Sail) => usage(format!("{} {b}", w("sail"))),
        Unread::Usage(Usage::Home) => usage(format!("{} {b}", w("home"))),
        Unread::Usage(Usage::Catch) => usage(format!("{} {b} {size}", w("catch"))),
        Unread::Usage(Usage::Dump) => usage(format!("{} {b} {size}", w("dump"))),
        Unread::Usage(Usage::Transfer) => usage(t!(lang, "games.fischerspiel.cmd.transfer_usage")),
        Unread::NotASide(word) => t!(lang, "games.fischerspiel.cmd.not_a_side", word = word),
        Unread::NotAnEvent(word) => t!(lang, "games.fischerspiel.cmd.not_an_event", word = word),
        Unread::Refused(v) => super::fischerspiel::refusal(r, v, lang),
    }
}

fn boat_name<'a>(r: &'a FischerspielRules, s: &State, boat: usize, lang: Lang) -> &'a str {
    super::fischerspiel::boat_name(r, s.boats[boat].colour, lang)
}

fn side_name(side: Side, lang: Lang) -> String {
    match side {
        Side::North => t!(lang, "games.fischerspiel.side.north"),
        Side::East => t!(lang, "games.fischerspiel.side.east"),
        Side::South => t!(lang, "games.fischerspiel.side.south"),
        Side::West => t!(lang, "games.fischerspiel.side.west"),
    }
}

/// What an event that moves a boat or a fish did, said after it (`s`: the state after):
/// the boat sailed, the fish it loaded, handed or threw back and what it carries now. None
/// for the events whose effects say it (wind, home) and for those that name no boat.
pub fn event_done(r: &FischerspielRules, s: &State, event: &Event, lang: Lang) -> Option<String> {
    let boat = |id: &str| s.boats.iter().position(|b| r.boats[b.colour].id == id);
    let fish = |id: &str| r.fish.iter().position(|f| f.id == id).map(|f| super::fischerspiel::fish_name(r, f, lang));
    let on_board = |b: usize| s.boats[b].load.len();
    Some(match event {
        Event::Sail { boat: b } => t!(lang, "games.fischerspiel.sailed", boat = boat_name(r, s, boat(b)?, lang)),
        Event::Catch { boat: b, fish: f } => {
            let b = boat(b)?;
            t!(lang, "games.fischerspiel.caught", boat = boat_name(r, s, b, lang), fish = fish(f)?, n = on_board(b))
        }
        Event::Transfer { from, to, fish: f } => {
            let (from, to) = (boat(from)?, boat(to)?);
            t!(
                lang,
                "games.fischerspiel.handed",
                from = boat_name(r, s, from, lang),
                to = boat_name(r, s, to, lang),
                fish = fish(f)?,
                n = on_board(to)
            )
        }
        Event::Dump { boat: b, fish: f } => {
            let b = boat(b)?;
            t!(lang, "games.fischerspiel.dumped", boat = boat_name(r, s, b, lang), fish = fish(f)?, n = on_board(b))
        }
        _ => return None,
    })
}

/// What an event caused, as the table is told.
pub fn effect(r: &FischerspielRules, s: &State, effect: &Effect, lang: Lang) -> String {
    let w = &r.wind;
    match effect {
        Effect::WindUp { wind } => t!(lang, "games.fischerspiel.wind_up", wind = wind, hurricane = w.hurricane),
        Effect::Relief { landed, wind } => t!(lang, "games.fischerspiel.relief", landed = landed, wind = wind),
        Effect::ReliefNoMarker { landed } => t!(lang, "games.fischerspiel.relief_no_marker", landed = landed),
        Effect::Landed { boat, fish, total } => t!(
            lang,
            "games.fischerspiel.landed",
            boat = boat_name(r, s, *boat, lang),
            n = fish,
            landed = total,
            total = s.setup.total_fish()
        ),
        Effect::Capacity { fish } if *fish < w.capacity => {
            t!(lang, "games.fischerspiel.capacity_down", wind = w.storm_from, n = fish)
        }
        Effect::Capacity { fish } => t!(lang, "games.fischerspiel.capacity_up", wind = w.storm_from, n = fish),
        Effect::MustDump { boat } => {
            let b = &s.boats[*boat];
            t!(
                lang,
                "games.fischerspiel.must_dump",
                boat = boat_name(r, s, *boat, lang),
                n = b.load.len(),
                id = r.boats[b.colour].name.get(lang)
            )
        }
        Effect::Drift { squares: 0 } => t!(lang, "games.fischerspiel.drift_none"),
        Effect::Drift { squares } => {
            let toward = s
                .direction
                .map(|d| t!(lang, "games.fischerspiel.drift_toward", side = side_name(d.downwind(), lang)))
                .unwrap_or_default();
            t!(lang, "games.fischerspiel.drift", n = squares, toward = toward)
        }
        Effect::MayTurn => {
            let now = s
                .direction
                .map(|d| t!(lang, "games.fischerspiel.may_turn_now", side = side_name(d, lang)))
                .unwrap_or_default();
            t!(lang, "games.fischerspiel.may_turn", now = now)
        }
        Effect::Over(_) => String::new(),
    }
}

/// Where the game stands: wind, capacity, fish and boats.
pub fn status(r: &FischerspielRules, s: &State, lang: Lang) -> String {
    let mut o = String::new();
    let v = &r.variants[s.setup.variant];
    o.push_str(&t!(
        lang,
        "games.fischerspiel.status",
        game = r.name.get(lang),
        variant = v.name.get(lang),
        wind = s.wind,
        hurricane = r.wind.hurricane,
        n = s.capacity(r)
    ));
    if v.drift {
        let dir = s.direction.map_or(t!(lang, "games.fischerspiel.markers_unplaced"), |d| {
            t!(lang, "games.fischerspiel.markers_from", side = side_name(d, lang))
        });
        o.push_str(&t!(lang, "games.fischerspiel.status_drift", dir = dir, n = r.wind.drift_at(s.wind)));
    }
    let sea: Vec<String> = r
        .fish
        .iter()
        .zip(&s.sea)
        .filter(|(_, n)| **n > 0)
        .map(|(f, n)| t!(lang, "games.fischerspiel.fish_count", n = n, fish = f.name.get(lang)))
        .collect();
    o.push('\n');
    o.push_str(&t!(
        lang,
        "games.fischerspiel.status_fish",
        sea = s.at_sea_total(),
        detail = if sea.is_empty() { String::new() } else { format!(" ({})", sea.join(", ")) },
        boats = s.on_boats_total(),
        landed = s.landed_total(),
        total = s.setup.total_fish()
    ));
    let boats: Vec<String> = s
        .boats
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let name = boat_name(r, s, i, lang);
            if b.home {
                t!(lang, "games.fischerspiel.boat_home", boat = name)
            } else if b.load.is_empty() {
                t!(lang, "games.fischerspiel.boat_empty", boat = name)
            } else {
                let load: Vec<&str> = b.load.iter().map(|f| r.fish[*f].name.get(lang)).collect();
                t!(lang, "games.fischerspiel.boat_load", boat = name, load = load.join(", "))
            }
        })
        .collect();
    o.push('\n');
    o.push_str(&t!(
        lang,
        "games.fischerspiel.status_boats",
        list = boats.join(&t!(lang, "games.fischerspiel.boat_sep"))
    ));
    o
}

/// How the game ended (nothing while it goes on).
pub fn outcome(r: &FischerspielRules, s: &State, lang: Lang) -> String {
    match s.outcome {
        Some(Outcome::Won) => t!(
            lang,
            "games.fischerspiel.won",
            total = s.setup.total_fish(),
            wind = s.wind,
            hurricane = r.wind.hurricane
        ),
        Some(Outcome::LostToHurricane) => t!(
            lang,
            "games.fischerspiel.lost_hurricane",
            hurricane = r.wind.hurricane,
            missing = s.setup.total_fish() - s.landed_total(),
            n = s.boats.iter().filter(|b| !b.home).count()
        ),
        Some(Outcome::LostStuck) => t!(lang, "games.fischerspiel.lost_stuck"),
        None => String::new(),
    }
}

/// The events and words the table takes.
pub fn help(r: &FischerspielRules, s: &State, lang: Lang) -> String {
    let v = &r.variants[s.setup.variant];
    let wind = match (v.wind, v.drift) {
        (WindSource::Die, _) => t!(lang, "games.fischerspiel.cmd.help_wind_die"),
        (WindSource::Crest, false) => t!(lang, "games.fischerspiel.cmd.help_wind_crest"),
        (WindSource::Crest, true) => t!(lang, "games.fischerspiel.cmd.help_wind_side"),
    };
    let boats: Vec<&str> = s.boats.iter().map(|b| r.boats[b.colour].name.get(lang)).collect();
    // The sizes in play (the base game has no giant fish).
    let in_play = |i: usize| s.setup.fish.get(i).is_some_and(|n| *n > 0);
    let sizes: Vec<&str> =
        (r.fish.iter().enumerate()).filter(|(i, _)| in_play(*i)).map(|(_, f)| f.word.get(lang)).collect();
    let mut o = t!(lang, "games.fischerspiel.cmd.help_events", wind = wind);
    if v.drift {
        o.push_str(&t!(lang, "games.fischerspiel.cmd.help_drift"));
    }
    o.push_str(&t!(lang, "games.fischerspiel.cmd.help_also", boats = boats.join(", "), sizes = sizes.join(", ")));
    o
}

/// The game as it is set up.
pub fn setup(r: &FischerspielRules, setup: &Setup, lang: Lang) -> String {
    let fish: Vec<String> = r
        .fish
        .iter()
        .zip(&setup.fish)
        .filter(|(_, n)| **n > 0)
        .map(|(f, n)| t!(lang, "games.fischerspiel.setup_fish", n = n, fish = f.name.get(lang), boats = f.boats))
        .collect();
    let boats: Vec<&str> = setup.boats.iter().map(|b| r.boats[*b].name.get(lang)).collect();
    t!(
        lang,
        "games.fischerspiel.setup",
        game = r.name.get(lang),
        players = setup.boats.len(),
        variant = r.variants[setup.variant].name.get(lang),
        total = setup.total_fish(),
        fish = fish.join(", "),
        boats = boats.join(", ")
    )
}
