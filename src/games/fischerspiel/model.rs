//! Fischerspiel (a co-operative game): fish sizes, boats, setup by player count, the wind
//! rules and the variants, as a typed and checked rules file. The tracker that uses them
//! is `state`.

use std::collections::{BTreeMap, HashSet};

use crate::source::spanned::Spanned;
use serde::Deserialize;

use crate::games::names::{CardFile, CardLines, Names, Text};
use crate::message::Message;
use crate::msg;
use crate::source::{Diagnostic, Source};

mod raw {
    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct File {
        pub game: Game,
        pub fish: Vec<Fish>,
        pub boat: Vec<Boat>,
        pub setup: Vec<Setup>,
        pub wind: Wind,
        pub variant: Vec<Variant>,
        #[serde(default)]
        pub card: CardFile,
    }

    // The `[game]` header has the same shape as in every endgame rules file.
    pub use crate::games::endgame::schema::Game;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Fish {
        pub id: Spanned<String>,
        pub name: Names,
        /// The one word players type for this size (default: the id).
        #[serde(default)]
        pub word: Option<Names>,
        pub boats: Spanned<u32>,
        pub in_box: u32,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Boat {
        pub id: Spanned<String>,
        pub name: Names,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Setup {
        pub players: Spanned<u32>,
        pub fish: Spanned<BTreeMap<String, u32>>,
        pub boats: Spanned<Vec<Vec<String>>>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Wind {
        pub hurricane: Spanned<u32>,
        pub markers: u32,
        pub capacity: Spanned<u32>,
        pub storm_from: Spanned<u32>,
        pub storm_capacity: Spanned<u32>,
        pub relief_at: Spanned<Vec<u32>>,
        pub drift: Spanned<Vec<Drift>>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Drift {
        pub from: u32,
        pub squares: u32,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Variant {
        pub id: Spanned<String>,
        pub name: Names,
        pub wind: Spanned<String>,
        pub drift: bool,
    }
}

/// A size of fish tile (small, medium, large, giant).
#[derive(Debug, Clone)]
pub struct FishSize {
    /// The size's id in the rules file and in saves (`small`).
    pub id: String,
    /// What it is called, per language ("small fish").
    pub name: Names,
    /// The one word players type for this size, per language (`klein`, `petit`).
    pub word: Names,
    /// Boats that must be next to the fish at once to lift it.
    pub boats: u32,
    /// How many fish of this size the box holds: the most a setup may use.
    pub in_box: u32,
}

/// A boat's colour: one boat and its harbour per colour.
#[derive(Debug, Clone)]
pub struct BoatColour {
    /// The colour's id in the rules file and in saves (`green`).
    pub id: String,
    /// What it is called, per language.
    pub name: Names,
}

/// The rulebook's setup for one player count.
#[derive(Debug, Clone)]
pub struct Setup {
    /// Fish per size (index into `FischerspielRules::fish`).
    pub fish: Vec<u32>,
    /// The sets of boats (indices into `boats`) the rules allow for this player count.
    pub boats: Vec<Vec<usize>>,
}

/// The wind track: how strong wind limits the boats, and when it ends the game.
#[derive(Debug, Clone)]
pub struct Wind {
    /// The wind strength at which every boat sinks and the game is lost; above
    /// `storm_from`, at most `markers`.
    pub hurricane: u32,
    /// How many wind markers the box holds.
    pub markers: u32,
    /// The most fish one boat carries, of any sizes, below `storm_from`.
    pub capacity: u32,
    /// The wind strength from which a boat carries only `storm_capacity`.
    pub storm_from: u32,
    /// The most fish one boat carries from `storm_from` on; less than `capacity`.
    pub storm_capacity: u32,
    /// Fish landed in all harbours together at which one wind marker is taken away;
    /// ascending, each at least 1.
    pub relief_at: Vec<u32>,
    /// (from wind, squares), ascending.
    pub drift: Vec<(u32, u32)>,
}

impl Wind {
    /// The most fish a boat may carry at wind `wind`.
    pub(crate) fn capacity_at(&self, wind: u32) -> u32 {
        if wind >= self.storm_from {
            self.storm_capacity
        } else {
            self.capacity
        }
    }

    /// How many squares the moving boat drifts at wind `wind` (Strategy II; 0 below the
    /// first step).
    pub fn drift_at(&self, wind: u32) -> u32 {
        self.drift.iter().filter(|(from, _)| wind >= *from).map(|(_, s)| *s).next_back().unwrap_or(0)
    }
}

/// What raises the wind in a variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WindSource {
    /// The die's wind face.
    Die,
    /// A fish crossing a foam crest.
    Crest,
}

/// A way to play: the base game with the die, or a strategy game.
#[derive(Debug, Clone)]
pub struct Variant {
    /// The variant's id (`base`, `strategy1`), given as `--variant`.
    pub id: String,
    /// What it is called, per language.
    pub name: Names,
    /// What raises the wind.
    pub wind: WindSource,
    /// Strategy II: boats drift downwind; the wind has a direction.
    pub drift: bool,
}

/// A checked Fischerspiel rules file.
#[derive(Debug, Clone)]
pub struct FischerspielRules {
    /// `[game] id` (`fischerspiel`).
    pub id: String,
    /// The game's name in every language.
    pub name: Names,
    /// The year the game was published, if the file says.
    pub year: Option<u32>,
    /// BoardGameGeek's id of the game, for BG Stats exports of the history.
    pub bgg_id: Option<u32>,
    /// Who made the game, if the file says.
    pub by: Option<Names>,
    /// Fewest players.
    pub min_players: u32,
    /// Most players, at least `min_players`.
    pub max_players: u32,
    /// The fish sizes, in file order (a fish size elsewhere is an index into this).
    pub fish: Vec<FishSize>,
    /// The boat colours, in file order (a colour elsewhere is an index into this).
    pub boats: Vec<BoatColour>,
    /// The setup for each player count from `min_players` to `max_players`.
    pub setups: BTreeMap<u32, Setup>,
    /// The wind track.
    pub wind: Wind,
    /// The ways to play; at least one.
    pub variants: Vec<Variant>,
    /// The rules summary card.
    pub card: CardLines,
}

impl FischerspielRules {
    /// Index into `variants` of the variant with this id.
    pub(crate) fn variant(&self, id: &str) -> Option<usize> {
        self.variants.iter().position(|v| v.id == id)
    }

    /// Index into `fish` of the size with this id.
    pub(crate) fn fish_index(&self, id: &str) -> Option<usize> {
        self.fish.iter().position(|f| f.id == id)
    }

    /// Index into `boats` of the colour with this id.
    pub(crate) fn boat_index(&self, id: &str) -> Option<usize> {
        self.boats.iter().position(|b| b.id == id)
    }
}

/// Parse and check a Fischerspiel rules file; on failure every diagnostic found.
pub fn compile(source: &Source) -> Result<FischerspielRules, Vec<Diagnostic>> {
    let f: raw::File = crate::source::de::from_str(&source.text).map_err(|e| vec![e.diagnostic()])?;
    let mut diags = Vec::new();
    let mut err = |at: std::ops::Range<usize>, msg: Message, help: Option<Message>| {
        let mut d = Diagnostic::new(msg, Some(at));
        if let Some(h) = help {
            d = d.help(h);
        }
        diags.push(d);
    };
    let players = f.game.players.get_ref();
    if players.min == 0 || players.max < players.min {
        err(f.game.players.span(), msg!("rules.game_players", min = players.min, max = players.max), None);
    }
    let mut ids = HashSet::new();
    for fish in &f.fish {
        if !ids.insert(fish.id.get_ref().clone()) {
            err(fish.id.span(), msg!("rules.fischerspiel.duplicate_fish", id = fish.id.get_ref()), None);
        }
        if *fish.boats.get_ref() == 0 {
            err(fish.boats.span(), msg!("rules.fischerspiel.fish_boats"), None);
        }
    }
    let mut ids = HashSet::new();
    for b in &f.boat {
        if !ids.insert(b.id.get_ref().clone()) {
            err(b.id.span(), msg!("rules.fischerspiel.duplicate_boat", id = b.id.get_ref()), None);
        }
    }
    let fish_ids: Vec<&str> = f.fish.iter().map(|x| x.id.get_ref().as_str()).collect();
    let boat_ids: Vec<&str> = f.boat.iter().map(|x| x.id.get_ref().as_str()).collect();
    let mut setups = BTreeMap::new();
    for s in &f.setup {
        let n = *s.players.get_ref();
        if n < players.min || n > players.max {
            err(
                s.players.span(),
                msg!("rules.fischerspiel.setup_players", n = n, min = players.min, max = players.max),
                None,
            );
        }
        let mut fish = vec![0; f.fish.len()];
        for (id, count) in s.fish.get_ref() {
            let at = crate::games::endgame::word_span(&source.text, &s.fish.span(), id);
            match fish_ids.iter().position(|x| x == id) {
                Some(i) => {
                    fish[i] = *count;
                    if *count > f.fish[i].in_box {
                        let message =
                            msg!("rules.fischerspiel.setup_box", count = count, id = id, in_box = f.fish[i].in_box);
                        err(at.clone(), message, None);
                    }
                    if *count > 0 && *f.fish[i].boats.get_ref() > n {
                        err(
                            at,
                            msg!("rules.fischerspiel.setup_lift", n = n, id = id, boats = f.fish[i].boats.get_ref()),
                            None,
                        );
                    }
                }
                None => err(
                    at,
                    msg!("rules.fischerspiel.unknown_fish", id = id),
                    Some(msg!("rules.fischerspiel.fish_list", list = fish_ids.join(", "))),
                ),
            }
        }
        let mut boats = Vec::new();
        for set in s.boats.get_ref() {
            let mut idx = Vec::new();
            for id in set {
                match boat_ids.iter().position(|x| x == id) {
                    Some(i) => idx.push(i),
                    None => err(
                        crate::games::endgame::word_span(&source.text, &s.boats.span(), id),
                        msg!("rules.fischerspiel.unknown_boat", id = id),
                        Some(msg!("rules.fischerspiel.boat_list", list = boat_ids.join(", "))),
                    ),
                }
            }
            if set.len() != n as usize || idx.iter().collect::<HashSet<_>>().len() != set.len() {
                err(s.boats.span(), msg!("rules.fischerspiel.boat_set", n = n), None);
            }
            boats.push(idx);
        }
        if boats.is_empty() {
            err(s.boats.span(), msg!("rules.fischerspiel.no_boat_set", n = n), None);
        }
        if setups.insert(n, Setup { fish, boats }).is_some() {
            err(s.players.span(), msg!("rules.fischerspiel.second_setup", n = n), None);
        }
    }
    for n in players.min..=players.max {
        if !setups.contains_key(&n) {
            err(f.game.players.span(), msg!("rules.fischerspiel.no_setup", n = n), None);
        }
    }
    let w = &f.wind;
    if *w.storm_capacity.get_ref() >= *w.capacity.get_ref() {
        err(w.storm_capacity.span(), msg!("rules.fischerspiel.storm_capacity"), None);
    }
    if *w.storm_from.get_ref() >= *w.hurricane.get_ref() || *w.hurricane.get_ref() > w.markers {
        err(w.hurricane.span(), msg!("rules.fischerspiel.hurricane"), None);
    }
    if w.relief_at.get_ref().windows(2).any(|p| p[0] >= p[1]) || w.relief_at.get_ref().contains(&0) {
        err(w.relief_at.span(), msg!("rules.fischerspiel.relief"), None);
    }
    let drift: Vec<(u32, u32)> = w.drift.get_ref().iter().map(|d| (d.from, d.squares)).collect();
    if drift.windows(2).any(|p| p[0].0 >= p[1].0 || p[0].1 > p[1].1) {
        err(w.drift.span(), msg!("rules.fischerspiel.drift"), None);
    }
    let mut variants = Vec::new();
    let mut ids = HashSet::new();
    for v in &f.variant {
        if !ids.insert(v.id.get_ref().clone()) {
            err(v.id.span(), msg!("rules.fischerspiel.duplicate_variant", id = v.id.get_ref()), None);
        }
        let wind = match v.wind.get_ref().as_str() {
            "die" => WindSource::Die,
            "crest" => WindSource::Crest,
            other => {
                err(
                    v.wind.span(),
                    msg!("rules.fischerspiel.unknown_wind", source = other),
                    Some(msg!("rules.fischerspiel.unknown_wind_help")),
                );
                WindSource::Die
            }
        };
        if v.drift && drift.is_empty() {
            err(v.id.span(), msg!("rules.fischerspiel.drift_empty"), None);
        }
        variants.push(Variant { id: v.id.get_ref().clone(), name: v.name.clone(), wind, drift: v.drift });
    }
    if variants.is_empty() {
        diags.push(Diagnostic::new(msg!("rules.fischerspiel.no_variant"), None));
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    Ok(FischerspielRules {
        id: f.game.id.get_ref().clone(),
        name: f.game.name.clone(),
        year: f.game.year,
        bgg_id: f.game.bgg_id,
        by: f.game.by.as_ref().map(Text::names),
        min_players: players.min,
        max_players: players.max,
        fish: f
            .fish
            .iter()
            .map(|x| FishSize {
                id: x.id.get_ref().clone(),
                name: x.name.clone(),
                word: x.word.clone().unwrap_or_else(|| Names { en: x.id.get_ref().clone(), de: None, fr: None }),
                boats: *x.boats.get_ref(),
                in_box: x.in_box,
            })
            .collect(),
        boats: f.boat.iter().map(|b| BoatColour { id: b.id.get_ref().clone(), name: b.name.clone() }).collect(),
        setups,
        wind: Wind {
            hurricane: *w.hurricane.get_ref(),
            markers: w.markers,
            capacity: *w.capacity.get_ref(),
            storm_from: *w.storm_from.get_ref(),
            storm_capacity: *w.storm_capacity.get_ref(),
            relief_at: w.relief_at.get_ref().clone(),
            drift,
        },
        variants,
        card: f.card.lines(),
    })
}
