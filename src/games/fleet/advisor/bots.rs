//! Seats played by deckhand (`play --bots N`): a bot seat's decision answered by its
//! level's policy — random, greedy, or the advisor's best answer. Its random choices come
//! from the seat's seed and the number of answers before the decision, so a resumed
//! game's bots answer as they would have; a replay reads their answers from the save.

use super::{advise, question, Budget, Policy, Settings};
use crate::games::fleet::game::{Choice, Decision, Game};
use crate::games::fleet::setup::{BotLevel, Bots};
use crate::games::FleetRules;
use crate::rng::Rng;

/// Playouts per answer of an advisor bot.
pub const BOT_PLAYOUTS: u32 = 100;

/// Whether `d`, a decision open in `game` (at the front, or made at the same moment as
/// others), is a bot's to answer: a choice (not a roll, start die, start player or card) of
/// a bot seat.
pub fn plays(rules: &FleetRules, game: &Game, d: &Decision, bots: Option<Bots>) -> bool {
    bots.zip(d.player).is_some_and(|(b, p)| b.plays(p)) && question(rules, game, d.player).is_ok()
}

/// The bot's answer to `d`, a decision open in `game` after `answered` answers (one of its
/// options, by value); None when it is not a bot's.
pub fn answer(rules: &FleetRules, game: &Game, answered: usize, d: &Decision, bots: Option<Bots>) -> Option<Choice> {
    if !plays(rules, game, d, bots) {
        return None;
    }
    let (bots, player) = (bots?, d.player?);
    let mut rng = Rng::for_roll(bots.seed_of(player), answered as u64);
    let index = match bots.level {
        BotLevel::Random => Policy::Random.choose(rules, game, d, &mut rng),
        BotLevel::Greedy => Policy::Greedy.choose(rules, game, d, &mut rng),
        BotLevel::Advisor => {
            let budget = Budget { playouts: BOT_PLAYOUTS, time: None };
            let seed = rng.next_u64();
            let settings = Settings { budget, policy: Policy::Greedy, seed, ..Settings::default() };
            match advise(rules, game, Some(player), &settings) {
                Ok(advice) => advice.estimates[advice.best].answer.index,
                Err(_) => Policy::Greedy.choose(rules, game, d, &mut rng),
            }
        }
    };
    d.options.get(index).copied()
}
