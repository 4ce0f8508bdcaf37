//! `deckhand play fischerspiel …` and `deckhand resume FILE` for co-operative games tracked
//! event by event (`cli::mod` dispatches here on the game, and on the save's header format);
//! each event is appended to the journal (`log::Journal`) before the next prompt.

use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use crate::engine::fischerspiel::{fish_size, Effect, Event, Outcome, Setup, Side, State, Timeline};
use crate::log::Journal;
use crate::rules::fischerspiel::{FischerspielRules, WindSource};
use crate::rules::{self, Game, Rules};
use crate::ui::{self, Prompter};
use crate::Error;

/// The first line of a co-op game's save (the events follow, one per line).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Header {
    pub format: String,
    pub schema: u32,
    /// The game id (`fischerspiel`), which picks the code that resumes it.
    pub game: String,
    /// `rules::fnv1a` of the rules text the game started with, as 16 hex digits.
    pub rules_hash: String,
    /// One entry per player or seat, as the game names them.
    pub players: Vec<String>,
    pub variant: String,
    /// Anything else the game needs to rebuild its start (e.g. the fish mix).
    #[serde(default)]
    pub setup: serde_json::Value,
}

/// The `format` of a co-op save header.
pub const FORMAT: &str = "deckhand-journal";
pub const SCHEMA: u32 = 1;

impl Header {
    pub fn new(game: &str, rules_hash: u64, players: Vec<String>, variant: &str, setup: serde_json::Value) -> Header {
        Header {
            format: FORMAT.into(),
            schema: SCHEMA,
            game: game.into(),
            rules_hash: hash_text(rules_hash),
            players,
            variant: variant.into(),
            setup,
        }
    }
}

pub fn hash_text(hash: u64) -> String {
    format!("{hash:016x}")
}

/// Is this save file a co-op game's (as opposed to a Fleet game's)?
pub fn is_coop_save(path: &std::path::Path) -> Result<bool, Error> {
    let text = crate::rules::source::read_source(path)?.text;
    let first = text.lines().next().unwrap_or("");
    let format = serde_json::from_str::<serde_json::Value>(first)
        .ok()
        .and_then(|v| v.get("format").and_then(|f| f.as_str()).map(String::from));
    Ok(format.as_deref() == Some(FORMAT))
}

/// `--players` for a co-op game: one number.
pub fn player_count(players: &[String]) -> Result<Option<u32>, Error> {
    match players {
        [] => Ok(None),
        [n] => {
            n.trim().parse::<u32>().map(Some).map_err(|_| {
                Error::Usage(format!("fischerspiel takes the number of players: `--players 3`, not `{n}`"))
            })
        }
        _ => Err(Error::Usage("fischerspiel takes the number of players: `--players 3`".into())),
    }
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Game id (see `deckhand games`)
    pub game: String,
    /// Number of players
    #[arg(long)]
    pub players: Option<u32>,
    /// Rules variant (fischerspiel: base, strategy1, strategy2)
    #[arg(long)]
    pub variant: Option<String>,
    /// The boats in play, e.g. `--boats red,grey` (default: the rulebook's first set)
    #[arg(long, value_delimiter = ',')]
    pub boats: Option<Vec<String>>,
    /// A fish mix of your own for a harder or easier game, e.g. `--fish small=2,medium=6,large=1`
    #[arg(long, value_delimiter = ',')]
    pub fish: Option<Vec<String>>,
    /// Save file (default: GAME.jsonl); an existing file is never overwritten
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Read the events from FILE, one per line (`-` for standard input)
    #[arg(long, value_name = "FILE")]
    pub answers: Option<PathBuf>,
    /// Use this rules file instead of the built-in rules
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ResumeArgs {
    /// A save file written by `deckhand play`
    pub file: PathBuf,
    /// Read the events from FILE, one per line (`-` for standard input)
    #[arg(long, value_name = "FILE")]
    pub answers: Option<PathBuf>,
    /// Use this rules file instead of the built-in rules
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// Resume even though the rules file differs from the one the game started with
    #[arg(long)]
    pub allow_rules_change: bool,
}

pub fn play(args: PlayArgs, lang: &str) -> anyhow::Result<i32> {
    let rules = rules::resolve(Some(&args.game), args.rules.as_deref())?;
    match &rules.game {
        Game::Fischerspiel(r) => new_fischerspiel(&rules, r, args, lang),
        _ => Err(Error::Usage(format!(
            "`play` tracks games move by move (fischerspiel); {} is scored at the end: \
             `deckhand enter {} --player NAME -o FILE`, then `deckhand score`",
            rules.name(lang),
            rules.id()
        ))
        .into()),
    }
}

pub fn resume(args: ResumeArgs, lang: &str) -> anyhow::Result<i32> {
    let head = Journal::read::<Header, serde_json::Value>(&args.file)?.header;
    let rules = rules::resolve(Some(&head.game), args.rules.as_deref())?;
    let hash = hash_text(rules.hash);
    if hash != head.rules_hash && !args.allow_rules_change {
        return Err(Error::Usage(format!(
            "{} was started with other rules (hash {}) than {} (hash {hash}); resuming could change what its events \
             mean. Pass the original file with --rules, or resume anyway with --allow-rules-change",
            args.file.display(),
            head.rules_hash,
            rules.source.name
        ))
        .into());
    }
    match &rules.game {
        Game::Fischerspiel(r) => resume_fischerspiel(r, &args, head, lang),
        _ => Err(Error::Usage(format!("`resume` does not support {} saves yet", head.game)).into()),
    }
}

fn new_fischerspiel(rules: &Rules, r: &FischerspielRules, args: PlayArgs, lang: &str) -> anyhow::Result<i32> {
    let players = args
        .players
        .ok_or_else(|| Error::Usage(format!("{} needs --players N ({} to {})", r.id, r.min_players, r.max_players)))?;
    let variant = args.variant.as_deref().unwrap_or("base");
    let fish = match &args.fish {
        None => None,
        Some(items) => Some(
            items
                .iter()
                .map(|it| {
                    let (k, v) = it.split_once('=').ok_or_else(|| {
                        Error::Usage(format!("--fish takes size=count pairs, e.g. small=2,medium=6; got `{it}`"))
                    })?;
                    let n =
                        v.trim().parse::<u32>().map_err(|_| Error::Usage(format!("`{v}` is not a number of fish")))?;
                    Ok((k.trim().to_string(), n))
                })
                .collect::<Result<Vec<_>, Error>>()?,
        ),
    };
    let setup = Setup::new(r, players, variant, args.boats.as_deref(), fish.as_deref()).map_err(Error::Usage)?;
    let mut prompter = ui::prompter_for(args.answers.as_deref(), "play")?;
    let path = args.output.clone().unwrap_or_else(|| PathBuf::from(format!("{}.jsonl", r.id)));
    let fish_map: serde_json::Map<String, serde_json::Value> =
        r.fish.iter().zip(&setup.fish).map(|(f, n)| (f.id.clone(), (*n).into())).collect();
    let header = Header::new(
        &r.id,
        rules.hash,
        setup.boats.iter().map(|b| r.boats[*b].id.clone()).collect(),
        &r.variants[setup.variant].id,
        serde_json::json!({ "fish": fish_map }),
    );
    let mut journal = Journal::create(&path, &header)?;
    let p = prompter.as_mut();
    p.say(&setup_text(r, &setup, lang));
    p.say(&format!("Saving every event to {}.", path.display()));
    let mut timeline = Timeline::new(State::new(setup));
    session(r, &mut journal, &mut timeline, p, lang)
}

fn resume_fischerspiel(r: &FischerspielRules, args: &ResumeArgs, head: Header, lang: &str) -> anyhow::Result<i32> {
    // The fish mix the game started with (the rulebook's when the header has none).
    let fish: Option<Vec<(String, u32)>> = head.setup.get("fish").and_then(|f| f.as_object()).map(|m| {
        m.iter().filter_map(|(k, v)| v.as_u64().map(|n| (k.clone(), n.min(u64::from(u32::MAX)) as u32))).collect()
    });
    let setup = Setup::new(r, head.players.len() as u32, &head.variant, Some(&head.players), fish.as_deref())
        .map_err(|why| Error::Usage(format!("{}: its setup does not fit these rules: {why}", args.file.display())))?;
    let opened = Journal::open::<Header, Event>(&args.file)?;
    let mut journal = opened.journal;
    let mut timeline =
        crate::engine::fischerspiel::replay(r, setup, &opened.entries).map_err(|(i, v)| Error::Input {
            path: args.file.display().to_string(),
            count: 1,
            report: format!(
                "error: {}:{}: this event cannot happen at this point: {}\n  = help: the file was changed by hand, or \
             the rules differ from the ones it was played with\n",
                args.file.display(),
                i + 2,
                v.message
            ),
        })?;
    if let Some(torn) = &opened.dropped_tail {
        eprintln!("notice: {torn}");
    }
    if timeline.current().outcome.is_some() {
        eprintln!("{}", status_text(r, timeline.current(), lang));
        super::emit(&(outcome_text(r, timeline.current()) + "\n"))?;
        return Ok(0);
    }
    let mut prompter = ui::prompter_for(args.answers.as_deref(), "resume")?;
    let p = prompter.as_mut();
    p.say(&format!("Resuming {} after {} event(s).", args.file.display(), opened.entries.len()));
    session(r, &mut journal, &mut timeline, p, lang)
}

enum Cmd {
    Event(Event),
    Status,
    Help,
    Quit,
}

fn parse_side(word: &str) -> Result<Side, String> {
    match word.to_lowercase().as_str() {
        "north" | "n" | "nord" => Ok(Side::North),
        "east" | "e" | "ost" | "est" => Ok(Side::East),
        "south" | "s" | "süd" | "sued" | "sud" => Ok(Side::South),
        "west" | "w" | "ouest" => Ok(Side::West),
        other => Err(format!("`{other}` is not a board edge; use north, east, south or west")),
    }
}

fn parse_command(r: &FischerspielRules, state: &State, text: &str) -> Result<Cmd, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some(first) = words.first() else { return Err("type an event, or `help` for the list".into()) };
    let need = |n: usize, usage: &str| -> Result<(), String> {
        if words.len() == n + 1 {
            Ok(())
        } else {
            Err(format!("write it as `{usage}`"))
        }
    };
    let boat = |w: &str| state.boat(r, w).map(|b| r.boats[state.boats[b].colour].id.clone()).map_err(|v| v.message);
    let fish = |w: &str| fish_size(r, w).map(|f| r.fish[f].id.clone()).map_err(|v| v.message);
    let event = match first.to_lowercase().as_str() {
        "help" | "?" => return Ok(Cmd::Help),
        "status" => return Ok(Cmd::Status),
        "quit" | "exit" | "save" => return Ok(Cmd::Quit),
        "wind" | "crest" => match words.len() {
            1 => Event::Wind { side: None },
            2 => Event::Wind { side: Some(parse_side(words[1])?) },
            _ => return Err("write it as `wind` or `wind SIDE`".into()),
        },
        "direction" => {
            need(1, "direction SIDE")?;
            Event::Direction { side: parse_side(words[1])? }
        }
        "sail" => {
            need(1, "sail BOAT")?;
            Event::Sail { boat: boat(words[1])? }
        }
        "home" => {
            need(1, "home BOAT")?;
            Event::Home { boat: boat(words[1])? }
        }
        "catch" => {
            need(2, "catch BOAT SIZE")?;
            Event::Catch { boat: boat(words[1])?, fish: fish(words[2])? }
        }
        "dump" => {
            need(2, "dump BOAT SIZE")?;
            Event::Dump { boat: boat(words[1])?, fish: fish(words[2])? }
        }
        "transfer" => {
            need(3, "transfer FROM TO SIZE")?;
            Event::Transfer { from: boat(words[1])?, to: boat(words[2])?, fish: fish(words[3])? }
        }
        "stuck" => Event::Stuck,
        "undo" => Event::Undo,
        other => return Err(format!("`{other}` is not an event; type `help` for the list")),
    };
    Ok(Cmd::Event(event))
}

fn session(
    r: &FischerspielRules,
    journal: &mut Journal,
    timeline: &mut Timeline,
    p: &mut dyn Prompter,
    lang: &str,
) -> anyhow::Result<i32> {
    let path = journal.path().display().to_string();
    let saved_hint = || format!("the game so far is saved in {path}; continue it with `deckhand resume {path}`");
    p.say(&status_text(r, timeline.current(), lang));
    loop {
        if timeline.current().outcome.is_some() {
            super::emit(&(outcome_text(r, timeline.current()) + "\n"))?;
            return Ok(0);
        }
        let s = timeline.current();
        let prompt = format!(
            "Event (wind {}/{}, {} of {} fish landed; `help` lists the events)",
            s.wind,
            r.wind.hurricane,
            s.landed_total(),
            s.setup.total_fish()
        );
        let validate = |text: &str| -> Result<(), String> {
            match parse_command(r, timeline.current(), text)? {
                Cmd::Event(e) => timeline.peek(r, &e).map(|_| ()).map_err(|v| v.message),
                _ => Ok(()),
            }
        };
        let answer = p.input(&prompt, &validate).with_context(saved_hint)?;
        match parse_command(r, timeline.current(), &answer).map_err(Error::Usage)? {
            Cmd::Help => p.say(&help_text(r, timeline.current())),
            Cmd::Status => p.say(&status_text(r, timeline.current(), lang)),
            Cmd::Quit => {
                p.say(&format!(
                    "Saved {path} after {} event(s); continue with `deckhand resume {path}`.",
                    timeline.len()
                ));
                return Ok(0);
            }
            Cmd::Event(e) => {
                journal.append(&e)?;
                let s = timeline.push(r, &e).map_err(|v| Error::Usage(v.message))?;
                if e == Event::Undo {
                    p.say(&format!("Took back the last event.\n{}", status_text(r, s, lang)));
                    continue;
                }
                for effect in s.effects.iter().filter(|e| !matches!(e, Effect::Over(_))) {
                    p.say(&effect_text(r, s, effect, lang));
                }
            }
        }
    }
}

fn boat_name<'a>(r: &'a FischerspielRules, s: &State, boat: usize, lang: &str) -> &'a str {
    r.boats[s.boats[boat].colour].name.get(lang)
}

fn effect_text(r: &FischerspielRules, s: &State, effect: &Effect, lang: &str) -> String {
    let w = &r.wind;
    match effect {
        Effect::WindUp { wind } => format!("Wind {wind} of {}.", w.hurricane),
        Effect::Relief { landed, wind } => format!("{landed} fish landed: one wind marker comes off. Wind {wind}."),
        Effect::ReliefNoMarker { landed } => {
            format!("{landed} fish landed, but no wind marker lies at the board's edge: the wind stays at 0.")
        }
        Effect::Landed { boat, fish, total } => format!(
            "The {} boat lands {fish} fish: {total} of {} landed.",
            boat_name(r, s, *boat, lang),
            s.setup.total_fish()
        ),
        Effect::Capacity { fish } if *fish < w.capacity => {
            format!("Wind {}: from now on a boat carries only {fish} fish.", w.storm_from)
        }
        Effect::Capacity { fish } => format!("Below wind {} again: boats carry {fish} fish.", w.storm_from),
        Effect::MustDump { boat } => {
            let b = &s.boats[*boat];
            let id = &r.boats[b.colour].id;
            format!(
                "WARNING: the {} boat holds {} fish: it throws one back (`dump {id} SIZE`); the fish drifts straight to \
                 the nearest current square and is turned face down.",
                boat_name(r, s, *boat, lang),
                b.load.len()
            )
        }
        Effect::Drift { squares: 0 } => "No more drift.".into(),
        Effect::Drift { squares } => {
            let toward = s.direction.map(|d| format!(" toward the {}", d.downwind().id())).unwrap_or_default();
            format!(
                "Drift: at the end of its move the moving boat is blown {squares} square(s) downwind{toward}; \
                 not on a move that ends exactly in harbour."
            )
        }
        Effect::MayTurn => {
            let now = s.direction.map(|d| format!(" (they lie {} now)", d.id())).unwrap_or_default();
            format!("The wind changed: you may move the markers to another edge with `direction SIDE`{now}.")
        }
        Effect::Over(_) => String::new(),
    }
}

fn status_text(r: &FischerspielRules, s: &State, lang: &str) -> String {
    let mut o = String::new();
    let v = &r.variants[s.setup.variant];
    let _ = write!(
        o,
        "{}, {}: wind {} of {} (boats carry {} fish)",
        r.name.get(lang),
        v.name.get(lang),
        s.wind,
        r.wind.hurricane,
        s.capacity(r)
    );
    if v.drift {
        let dir = s.direction.map_or("not placed yet".to_string(), |d| format!("from the {}", d.id()));
        let _ = write!(o, "; markers {dir}; drift {}", r.wind.drift_at(s.wind));
    }
    let sea: Vec<String> =
        r.fish.iter().zip(&s.sea).filter(|(_, n)| **n > 0).map(|(f, n)| format!("{n} {}", f.name.get(lang))).collect();
    let _ = write!(
        o,
        "\nFish: {} on the current{}, {} on boats, {} of {} landed",
        s.at_sea_total(),
        if sea.is_empty() { String::new() } else { format!(" ({})", sea.join(", ")) },
        s.on_boats_total(),
        s.landed_total(),
        s.setup.total_fish()
    );
    let boats: Vec<String> = s
        .boats
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let name = boat_name(r, s, i, lang);
            if b.home {
                format!("{name} in harbour")
            } else if b.load.is_empty() {
                format!("{name} at sea, empty")
            } else {
                let load: Vec<&str> = b.load.iter().map(|f| r.fish[*f].name.get(lang)).collect();
                format!("{name} at sea with {}", load.join(", "))
            }
        })
        .collect();
    let _ = write!(o, "\nBoats: {}", boats.join("; "));
    o
}

fn outcome_text(r: &FischerspielRules, s: &State) -> String {
    match s.outcome {
        Some(Outcome::Won) => format!(
            "WON — everyone wins: all {} fish landed and every boat home, with the wind at {} of {}.",
            s.setup.total_fish(),
            s.wind,
            r.wind.hurricane
        ),
        Some(Outcome::LostToHurricane) => format!(
            "LOST — the wind reached {}: a hurricane sinks every boat. {} fish were not landed; {} boat(s) at sea.",
            r.wind.hurricane,
            s.setup.total_fish() - s.landed_total(),
            s.boats.iter().filter(|b| !b.home).count()
        ),
        Some(Outcome::LostStuck) => "LOST — no boat could make a legal move.".into(),
        None => String::new(),
    }
}

fn help_text(r: &FischerspielRules, s: &State) -> String {
    let v = &r.variants[s.setup.variant];
    let wind = match (v.wind, v.drift) {
        (WindSource::Die, _) => "wind                   the die shows the wind face (wind +1)",
        (WindSource::Crest, false) => "wind                   a fish crossed a foam crest (wind +1; also `crest`)",
        (WindSource::Crest, true) => {
            "wind [SIDE]            a fish crossed a foam crest (wind +1); SIDE = the edge the markers lie on"
        }
    };
    let boats: Vec<&str> = s.boats.iter().map(|b| r.boats[b.colour].id.as_str()).collect();
    let sizes: Vec<&str> = r.fish.iter().map(|f| f.id.as_str()).collect();
    let mut o = format!(
        "Events:\n  {wind}\n  sail BOAT              a boat leaves its harbour\n  catch BOAT SIZE        a boat loads a fish\n  \
         transfer FROM TO SIZE  a fish handed to a boat next to it\n  dump BOAT SIZE         a fish thrown back into the current\n  \
         home BOAT              a boat enters its harbour and lands its fish\n  undo                   take back the last event\n"
    );
    if v.drift {
        o.push_str("  direction SIDE         move the markers right after the wind changed\n  stuck                  no boat can make a legal move (everyone loses)\n");
    }
    let _ = write!(
        o,
        "Also: status, help, quit (the game is saved after every event).\nBoats: {}. Sizes: {}.",
        boats.join(", "),
        sizes.join(", ")
    );
    o
}

fn setup_text(r: &FischerspielRules, setup: &Setup, lang: &str) -> String {
    let fish: Vec<String> = r
        .fish
        .iter()
        .zip(&setup.fish)
        .filter(|(_, n)| **n > 0)
        .map(|(f, n)| format!("{n} {} (lifted by {} boat(s))", f.name.get(lang), f.boats))
        .collect();
    let boats: Vec<&str> = setup.boats.iter().map(|b| r.boats[*b].name.get(lang)).collect();
    format!(
        "{}: {} players, {}.\nSetup: shuffle {} fish face down on the current, at most one between two foam crests: {}.\n\
         Boats: {}, each in the harbour of its colour. The youngest player starts.",
        r.name.get(lang),
        setup.boats.len(),
        r.variants[setup.variant].name.get(lang),
        setup.total_fish(),
        fish.join(", "),
        boats.join(", ")
    )
}
