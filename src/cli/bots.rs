//! Seats played by deckhand (`play --bots N`): a bot seat's decisions are answered by its
//! level's policy without asking — random, greedy, or the advisor's best answer. Its random
//! choices come from the seat's seed and the number of answers before the decision, so a
//! resumed game's bots answer as they would have; a replay reads their answers from the save.

use crate::cli::commands::advise::PolicyArg;
use crate::games::fleet::advisor::{advise, question, Policy};
use crate::games::fleet::game::{Decision, Game, Input};
use crate::games::fleet::session::Session;
use crate::games::fleet::setup::{BotLevel, Bots};
use crate::games::FleetRules;
use deckhand::rng::Rng;

/// Playouts per answer of an advisor bot.
pub(crate) const BOT_PLAYOUTS: u32 = 100;

/// Whether `d`, the decision at the front of `game`, is a bot's to answer: a choice (not a
/// roll, start die, start player or card) of a bot seat.
pub(crate) fn plays(rules: &FleetRules, game: &Game, d: &Decision, bots: Option<Bots>) -> bool {
    bots.zip(d.player).is_some_and(|(b, p)| b.plays(p)) && question(rules, game, None).is_ok()
}

/// Whether the decision at the front of `session` is a bot's.
pub(crate) fn plays_front(rules: &FleetRules, session: &Session, bots: Option<Bots>) -> bool {
    bots.is_some() && session.game.decision(rules).is_some_and(|d| plays(rules, &session.game, &d, bots))
}

/// The bot's answer to `d`, the decision at the front of `session`; None when it is not a
/// bot's.
pub(crate) fn answer(rules: &FleetRules, session: &Session, d: &Decision, bots: Option<Bots>) -> Option<Input> {
    if !plays(rules, &session.game, d, bots) {
        return None;
    }
    let (bots, player) = (bots?, d.player?);
    let game = &session.game;
    let n = session.inputs.len() as u64;
    let mut rng = Rng::for_roll(bots.seed_of(player), n);
    let seed = bots.seed_of(player) ^ n.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    let index = match bots.level {
        BotLevel::Random => Policy::Random.choose(rules, game, d, &mut rng),
        BotLevel::Greedy => Policy::Greedy.choose(rules, game, d, &mut rng),
        BotLevel::Advisor => {
            let settings = PolicyArg::Greedy.settings(BOT_PLAYOUTS, seed);
            match advise(rules, game, Some(player), &settings) {
                Ok(advice) => advice.estimates[advice.best].answer.index,
                Err(_) => Policy::Greedy.choose(rules, game, d, &mut rng),
            }
        }
    };
    let choice = d.options.get(index)?;
    Some(Input::Choice(choice.key(rules, game).into_owned()))
}

/// The table's names: the people's, then the bots' — as given (`--bot-names`), the rest
/// `Bot N` for the N-th bot (in the table's language).
pub(crate) fn names(
    people: &[String],
    bots: Option<(u32, BotLevel, &[String])>,
    lang: &str,
) -> Result<Vec<String>, crate::Error> {
    let mut names = people.to_vec();
    let Some((n, _, given)) = bots else { return Ok(names) };
    if given.len() > n as usize {
        return Err(crate::Error::Usage(crate::msg!("cli.play.bot_names", given = given.len(), n = n)));
    }
    for i in 0..n as usize {
        names.push(match given.get(i) {
            Some(name) => name.clone(),
            None => crate::t!(lang, "cli.play.bot_name", n = i + 1),
        });
    }
    Ok(names)
}
