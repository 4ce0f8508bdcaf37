//! Dice: the faces, the phases that roll them, and reading typed faces against the pool a
//! roll must have.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::decision::{FleetRefusal, Illegal};
use crate::games::fleet::{BoatFace, FleetRules, TownFace};

/// The face a die shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Face {
    /// A boat type (index into `FleetRules::boat_types`).
    Boat(usize),
    /// The boat die's 3-coins face.
    Coins,
    /// The town die's harbor face: mark a harbor ship.
    Harbor,
    /// The town die's wharf face: mark a wharf building.
    Wharf,
    /// The town die's market face: coins by the fish on all boats.
    Market,
}

impl Face {
    /// A face of the boat dice (a boat type or the 3-coins face).
    pub(crate) fn is_boat_die(self) -> bool {
        matches!(self, Face::Boat(_) | Face::Coins)
    }

    /// Language-neutral key: a boat type id, `coins`, `harbor`, `wharf` or `market`.
    pub fn key(self, rules: &FleetRules) -> Cow<'_, str> {
        match self {
            Face::Boat(t) => Cow::Borrowed(&rules.boat_types[t].id),
            Face::Coins => Cow::Borrowed("coins"),
            Face::Harbor => Cow::Borrowed("harbor"),
            Face::Wharf => Cow::Borrowed("wharf"),
            Face::Market => Cow::Borrowed("market"),
        }
    }

    /// The face a key names (case ignored; `3coins`, `harbour` accepted).
    pub fn parse(rules: &FleetRules, key: &str) -> Option<Face> {
        let key = key.trim().to_lowercase();
        match key.as_str() {
            "coins" | "3coins" | "3-coins" => Some(Face::Coins),
            "harbor" | "harbour" => Some(Face::Harbor),
            "wharf" => Some(Face::Wharf),
            "market" => Some(Face::Market),
            _ => rules.boat_type_index(&key).map(Face::Boat),
        }
    }

    /// The faces a die of this kind can show.
    pub fn faces_of_kind(rules: &FleetRules, boat_die: bool) -> Vec<Face> {
        if boat_die {
            rules
                .dice
                .boat_faces
                .iter()
                .map(|f| match f {
                    BoatFace::Type(t) => Face::Boat(*t),
                    BoatFace::Coins => Face::Coins,
                })
                .collect()
        } else {
            rules
                .dice
                .town_faces
                .iter()
                .map(|f| match f {
                    TownFace::Harbor => Face::Harbor,
                    TownFace::Wharf => Face::Wharf,
                    TownFace::Market => Face::Market,
                })
                .collect()
        }
    }
}

/// Faces for a roll of `spec` dice drawn with `rng`: town dice first, then boat dice (the
/// order `random::roll` types them in, and draws them).
pub(crate) fn roll_faces(rules: &FleetRules, spec: RollSpec, rng: &mut crate::rng::Rng) -> Vec<Face> {
    let mut faces = Vec::with_capacity((spec.town + spec.boat) as usize);
    for (count, boat) in [(spec.town, false), (spec.boat, true)] {
        if count == 0 {
            continue;
        }
        let options = Face::faces_of_kind(rules, boat);
        for _ in 0..count {
            faces.push(options[rng.below(options.len())]);
        }
    }
    faces
}

/// The two dice phases of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DicePhase {
    /// The boat phase: the boat pool is rolled.
    Boat,
    /// The town phase: the town pool (town dice and a boat die) is rolled.
    Town,
}

/// Dice to type in: how many boat dice and town dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RollSpec {
    /// Boat dice.
    pub boat: u32,
    /// Town dice.
    pub town: u32,
}

impl RollSpec {
    /// The one die of a reroll.
    pub fn one(boat_die: bool) -> RollSpec {
        if boat_die {
            RollSpec { boat: 1, town: 0 }
        } else {
            RollSpec { boat: 0, town: 1 }
        }
    }
}

/// The keys a roll of `spec` may contain: the boat faces, then the town faces.
pub(crate) fn legal_face_keys(rules: &FleetRules, spec: RollSpec) -> Vec<String> {
    let mut legal: Vec<String> = Face::faces_of_kind(rules, true).iter().map(|f| f.key(rules).into_owned()).collect();
    if spec.town > 0 {
        for f in Face::faces_of_kind(rules, false) {
            let key = f.key(rules).into_owned();
            if !legal.contains(&key) {
                legal.push(key);
            }
        }
    }
    legal.dedup();
    legal
}

/// Typed faces (keys) for a roll of `spec` dice: every face must exist, and there must be
/// exactly as many boat and town dice as the spec says.
pub fn parse_faces(rules: &FleetRules, faces: &[String], spec: RollSpec) -> Result<Vec<Face>, Illegal> {
    let mut out = Vec::with_capacity(faces.len());
    for f in faces {
        match Face::parse(rules, f) {
            Some(face) => out.push(face),
            None => {
                return Err(Illegal {
                    refusal: FleetRefusal::UnknownFace { face: f.clone() },
                    legal: legal_face_keys(rules, spec),
                })
            }
        }
    }
    let boat = out.iter().filter(|f| f.is_boat_die()).count() as u32;
    let town = out.len() as u32 - boat;
    if boat != spec.boat || town != spec.town {
        return Err(Illegal {
            refusal: FleetRefusal::WrongDice { spec, boat, town },
            legal: legal_face_keys(rules, spec),
        });
    }
    Ok(out)
}
