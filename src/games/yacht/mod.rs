//! The five-dice game of the Yacht family (`rules/yacht.toml`): five six-sided dice, up to
//! three rolls a turn keeping any dice, then one box of the sheet scored.
//!
//! Rules are data: every box is one scoring kind of a closed vocabulary (`Kind`: face
//! sums, n of a kind, full house, straights by length or by faces, pairs, chance, five of
//! a kind) parameterised in TOML, with the upper bonus, the extra five-of-a-kind bonus and
//! the joker rule as keys of `[rules]`; other families are named `[options.<id>]` overlays
//! (`YachtRules::ruleset` applies them). The modules, by concern: `scoring` the scoring
//! kinds and a roll in a box, `rules` the rules file (schema, compile with diagnostics,
//! the ruleset options make), `sheet` the sheet and its file, `check` (every violation a
//! typed value) and `score`, `paper` what the rules say of themselves to the commands;
//! `live.rs` is the game played live and `solver.rs` the exact solitaire solver.

mod check;
pub mod live;
mod paper;
mod rules;
mod scoring;
mod sheet;
pub mod solver;

#[cfg(test)]
mod tests;

pub use check::*;
pub use paper::*;
pub use rules::*;
pub use scoring::*;
pub use sheet::*;

/// Dice rolled.
pub const DICE: usize = 5;
/// Faces of a die (1 to 6).
pub const FACES: u8 = 6;
/// Rolls a turn at most.
pub const ROLLS: u8 = 3;
/// The most boxes a sheet may have (the solver's table is indexed by the open boxes).
pub const MAX_BOXES: usize = 16;

/// Five dice, sorted ascending (the order the dice lie in does not matter).
pub type Roll = [u8; DICE];

/// How many dice show each face: `counts(r)[f]` for f in 1..=6 (index 0 unused).
pub fn counts(dice: &[u8]) -> [u8; 7] {
    let mut c = [0u8; 7];
    for &d in dice {
        c[usize::from(d.min(6))] += 1;
    }
    c
}

/// Five dice as a sorted roll, when they are five faces 1 to 6.
pub fn roll_of(dice: &[u8]) -> Option<Roll> {
    let mut r: Roll = dice.try_into().ok()?;
    if r.iter().any(|d| !(1..=FACES).contains(d)) {
        return None;
    }
    r.sort_unstable();
    Some(r)
}

/// The face of a five of a kind.
pub fn five_face(roll: &Roll) -> Option<u8> {
    (roll[0] == roll[4]).then_some(roll[0])
}
