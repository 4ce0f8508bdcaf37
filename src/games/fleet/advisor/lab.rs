//! The lab for rule variants: the same seeded games played under each variant of the rules
//! (a rules file, or a named `[options]` reading) by the same policy at every seat, and the
//! first seat's mean score and win rate with their 95% intervals. Game `g` of every variant
//! starts from the same seed (common random numbers), so variants differ by their rules.

use super::selfplay::{selfplay_with, Seat};
use crate::games::fleet::model::{
    CasinoReroll, CoinOverflow, Options, RuthStarDie, RuthTownJoker, ShrimpCoinsFace, StarTargets, SwordfishTiming,
};
use crate::games::FleetRules;

/// One variant's results, for the first seat (every seat plays alike).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LabResult {
    /// Games played.
    pub games: u32,
    /// The first seat's mean final score.
    pub mean: f64,
    /// Half the width of the 95% confidence interval of `mean`.
    pub ci95: f64,
    /// How often the first seat won; None in a solo game (Captain Ruth scores no points:
    /// a solo game is measured by its score alone).
    pub wins: Option<WinRate>,
}

/// How often a seat won.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WinRate {
    /// Games it finished first in (a shared first place counts).
    pub wins: u32,
    /// The share of games won, `wins / games`.
    pub rate: f64,
    /// The 95% interval of `rate` (Wilson score interval): (low, high).
    pub ci95: (f64, f64),
}

/// Play `games` games of each variant with `players` seats all playing as `seat` (one
/// seat: solo against Captain Ruth), seeded by `seed`; each variant's results, in order.
pub fn lab(variants: &[&FleetRules], seat: Seat, players: usize, games: u32, seed: u64) -> Vec<LabResult> {
    lab_with(variants, seat, players, games, seed, &|| {})
}

/// `lab`, telling `played` each time a game is over (from any thread).
pub fn lab_with(
    variants: &[&FleetRules],
    seat: Seat,
    players: usize,
    games: u32,
    seed: u64,
    played: &(dyn Fn() + Sync),
) -> Vec<LabResult> {
    let seats = vec![seat; players.max(1)];
    variants
        .iter()
        .map(|rules| {
            let first = selfplay_with(rules, &seats, games, seed, played)[0];
            let wins = (players > 1).then(|| WinRate {
                wins: first.wins,
                rate: f64::from(first.wins) / f64::from(first.games.max(1)),
                ci95: wilson(first.wins, first.games),
            });
            LabResult { games: first.games, mean: first.mean, ci95: first.ci95, wins }
        })
        .collect()
}

/// Why a named option could not be set (`set_option`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionError {
    /// No option has this key.
    UnknownKey,
    /// The option has no such value; these are the values it allows.
    UnknownValue(&'static [&'static str]),
}

/// Set the named option `key` to `value`, both as `[options]` writes them
/// (`casino_reroll`, `unlimited`): a variant of the rules for the lab.
pub fn set_option(options: &mut Options, key: &str, value: &str) -> Result<(), OptionError> {
    let question = options.questions().into_iter().find(|q| q.key == key).ok_or(OptionError::UnknownKey)?;
    let i = question.values.iter().position(|v| *v == value).ok_or(OptionError::UnknownValue(question.values))?;
    // Every option lists its values in the order (first, second) matched below; a
    // true/false option lists true first.
    let first = i == 0;
    match key {
        "barge_can_be_full" => options.barge_can_be_full = first,
        "star_action_may_activate_king_crab" => options.star_action_may_activate_king_crab = first,
        "coin_track_overflow" => options.coin_track_overflow = CoinOverflow::Lost,
        "casino_reroll" => {
            options.casino_reroll = if first { CasinoReroll::OncePerPhase } else { CasinoReroll::Unlimited }
        }
        "oyster_coin_needs_license" => options.oyster_coin_needs_license = first,
        "ruth_star_die" => options.ruth_star_die = if first { RuthStarDie::Market } else { RuthStarDie::Harbor },
        "shrimp_coins_face" => {
            options.shrimp_coins_face = if first { ShrimpCoinsFace::OneOfTwo } else { ShrimpCoinsFace::WholeDie }
        }
        "star_action_targets" => {
            options.star_action_targets = if first { StarTargets::ColumnsAndTown } else { StarTargets::AnyTopBox }
        }
        "start_launch_pays_cod_coin" => options.start_launch_pays_cod_coin = first,
        "ruth_town_joker" => {
            options.ruth_town_joker = if first { RuthTownJoker::BeforeMarket } else { RuthTownJoker::AfterMarket }
        }
        "swordfish_timing" => {
            options.swordfish_timing =
                if first { SwordfishTiming::BeforeDeferredStars } else { SwordfishTiming::AfterDeferredStars }
        }
        _ => return Err(OptionError::UnknownKey),
    }
    Ok(())
}

/// The 95% Wilson score interval of a share of `wins` in `n` trials: (low, high), within
/// 0..=1 even at 0 or `n` wins.
pub fn wilson(wins: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let n = f64::from(n);
    let p = f64::from(wins) / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::wilson;

    #[test]
    fn wilson_interval_holds_the_share_and_stays_within_0_and_1() {
        let (lo, hi) = wilson(50, 100);
        assert!((lo - 0.404).abs() < 0.001 && (hi - 0.596).abs() < 0.001, "{lo} {hi}");
        let (lo, hi) = wilson(0, 20);
        assert_eq!(lo, 0.0);
        assert!(hi > 0.1 && hi < 0.2, "{hi}");
        let (lo, hi) = wilson(20, 20);
        assert!(lo > 0.8 && lo < 0.9 && (hi - 1.0).abs() < 1e-12, "{lo} {hi}");
    }
}
