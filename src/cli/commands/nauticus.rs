//! `deckhand nauticus crowns|pass|buy|rewards`: Nauticus helpers at the table. The numbers
//! come from `[helpers.nauticus]` in the rules file; the arithmetic is
//! `games::nauticus::helpers`, the words `text::nauticus`.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::cli::emit;
use crate::games as rules;
use crate::games::nauticus::helpers as calc;
use crate::games::nauticus::helpers::NauticusRefusal;
use crate::games::nauticus::{Action, NauticusHelpers};
use crate::text::nauticus as words;
use crate::text::Lang;
use crate::Error;

/// The help texts of the commands and their arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[
    ("nauticus", "", "cli.help.nauticus.about"),
    ("nauticus", "rules", "cli.help.nauticus.rules"),
    ("nauticus/crowns", "", "cli.help.nauticus.crowns.about"),
    ("nauticus/crowns", "crowns", "cli.help.nauticus.crowns.crowns"),
    ("nauticus/crowns", "crown_masts", "cli.help.nauticus.crowns.crown_masts"),
    ("nauticus/crowns", "crown_sails", "cli.help.nauticus.crowns.crown_sails"),
    ("nauticus/crowns", "passed", "cli.help.nauticus.crowns.passed"),
    ("nauticus/crowns", "workers", "cli.help.nauticus.crowns.workers"),
    ("nauticus/crowns", "blue", "cli.help.nauticus.crowns.blue"),
    ("nauticus/crowns", "extra", "cli.help.nauticus.crowns.extra"),
    ("nauticus/pass", "", "cli.help.nauticus.pass.about"),
    ("nauticus/pass", "passes", "cli.help.nauticus.pass.passes"),
    ("nauticus/pass", "flipped", "cli.help.nauticus.pass.flipped"),
    ("nauticus/pass", "track", "cli.help.nauticus.pass.track"),
    ("nauticus/buy", "", "cli.help.nauticus.buy.about"),
    ("nauticus/buy", "action", "cli.help.nauticus.buy.action"),
    ("nauticus/buy", "prices", "cli.help.nauticus.buy.prices"),
    ("nauticus/buy", "items", "cli.help.nauticus.buy.items"),
    ("nauticus/buy", "blue", "cli.help.nauticus.buy.blue"),
    ("nauticus/buy", "extra", "cli.help.nauticus.buy.extra"),
    ("nauticus/buy", "free", "cli.help.nauticus.buy.free"),
    ("nauticus/rewards", "", "cli.help.nauticus.rewards.about"),
    ("nauticus/rewards", "masts", "cli.help.nauticus.rewards.masts"),
    ("nauticus/rewards", "take", "cli.help.nauticus.rewards.take"),
];

#[derive(Debug, Args)]
pub struct NauticusArgs {
    #[command(subcommand)]
    pub command: NauticusCommand,
    /// Use this rules file instead of the built-in Nauticus rules
    #[arg(long, value_name = "FILE", global = true)]
    pub rules: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum NauticusCommand {
    /// VP for scoring crowns: crowns × workers, at most 15 a round
    Crowns {
        /// Your crowns (crown masts + crown sails + flipped pass tiles)
        #[arg(long, conflicts_with_all = ["crown_masts", "crown_sails", "passed"])]
        crowns: Option<u32>,
        /// Crown masts you own (warehouse or ship)
        #[arg(long, default_value_t = 0)]
        crown_masts: u32,
        /// Crown sails you own (warehouse or ship)
        #[arg(long, default_value_t = 0)]
        crown_sails: u32,
        /// Pass tiles you have flipped this round
        #[arg(long, default_value_t = 0)]
        passed: u32,
        /// Workers used for the action (blue ones included)
        #[arg(long)]
        workers: u32,
        /// Blue workers the wheel shows for this action (used first)
        #[arg(long, default_value_t = 0)]
        blue: u32,
        /// This scoring is your extra action (the second crown scoring of a round)
        #[arg(long)]
        extra: bool,
    },
    /// Round-end pass penalty: the VP of the pass tiles still unflipped
    Pass {
        /// How often you passed this round (tiles flipped in the advised order, -3 first)
        #[arg(long, conflicts_with = "flipped")]
        passes: Option<u32>,
        /// The tiles you flipped, by penalty, e.g. `--flipped 3,1`
        #[arg(long, value_delimiter = ',')]
        flipped: Option<Vec<u32>>,
        /// Your VP track position before the penalty
        #[arg(long, allow_negative_numbers = true)]
        track: Option<i64>,
    },
    /// What a purchase costs (Taler, workers) and where each item must go
    Buy {
        /// hulls, masts, sails or goods
        #[arg(long)]
        action: String,
        /// The slot's price of each kind, in the action's order (see `deckhand rules show nauticus`) or as kind=price
        #[arg(long, value_delimiter = ',')]
        prices: Option<Vec<String>>,
        /// The items to buy, e.g. `--items coffee,coffee,fish`
        #[arg(long, value_delimiter = ',', required = true)]
        items: Vec<String>,
        /// Blue workers the wheel shows for this action
        #[arg(long, default_value_t = 0)]
        blue: u32,
        /// Buy with your extra action (every item's base price is 2 Taler)
        #[arg(long)]
        extra: bool,
        /// The kind you take as the free item for buying all four kinds
        #[arg(long)]
        free: Option<String>,
    },
    /// Check the rewards taken for completing a ship
    Rewards {
        /// Masts of the completed ship
        #[arg(long)]
        masts: u32,
        /// The rewards taken, e.g. `--take crown_mast,crown_sail,vp`
        #[arg(long, value_delimiter = ',', required = true)]
        take: Vec<String>,
    },
}

/// The helpers' refusals as the command's error.
fn refused(h: &NauticusHelpers, refusals: Vec<NauticusRefusal>) -> Error {
    Error::Nauticus { helpers: Box::new(h.clone()), refusals }
}

pub fn run(args: NauticusArgs, lang: Lang) -> anyhow::Result<i32> {
    let rules = rules::resolve(Some("nauticus"), args.rules.as_deref())?;
    let h = rules
        .endgame()
        .and_then(|r| r.nauticus.as_ref())
        .ok_or_else(|| Error::Usage(crate::msg!("games.nauticus.err.no_helpers", file = &rules.source.name)))?;
    let text = match args.command {
        NauticusCommand::Crowns { crowns, crown_masts, crown_sails, passed, workers, blue, extra } => {
            if passed > h.pass_penalties.len() as u32 {
                return Err(Error::Usage(crate::msg!(
                    "games.nauticus.err.passed_too_many",
                    n = h.pass_penalties.len(),
                    passed = passed
                ))
                .into());
            }
            if blue > h.max_blue_workers {
                return Err(
                    Error::Usage(crate::msg!("games.nauticus.err.blue_too_many", n = &h.max_blue_workers)).into()
                );
            }
            let from_parts =
                calc::crowns_owned(h, crown_masts, crown_sails, passed).map_err(|r| refused(h, vec![r]))?;
            let n = crowns.unwrap_or(from_parts);
            let c = calc::crowns(h, n, workers).map_err(|r| refused(h, vec![r]))?;
            words::crowns_text(h, &c, blue, extra, lang)
        }
        NauticusCommand::Pass { passes, flipped, track } => {
            let p = match (passes, flipped) {
                (Some(n), _) => calc::pass_penalty(h, n),
                (None, Some(f)) => calc::pass_penalty_flipped(h, &f),
                (None, None) => calc::pass_penalty(h, 0),
            }
            .map_err(|r| refused(h, vec![r]))?;
            words::pass_text(&p, track, lang)
        }
        NauticusCommand::Buy { action, prices, items, blue, extra, free } => {
            let a = action_named(h, &action).ok_or_else(|| {
                let ids: Vec<&str> = h.actions.iter().map(|a| a.id.as_str()).collect();
                let listed: Vec<String> =
                    h.actions.iter().map(|a| format!("{} ({})", a.id, a.name.get(lang))).collect();
                let said = crate::msg!("games.nauticus.err.unknown_action", action = &action, list = listed.join(", "));
                Error::Usage(crate::source::with_meant(said, &action, &ids))
            })?;
            if extra && blue > 0 {
                return Err(Error::Usage(crate::msg!("games.nauticus.err.blue_extra")).into());
            }
            let prices = match (prices, extra) {
                (Some(_), true) => {
                    return Err(Error::Usage(crate::msg!(
                        "games.nauticus.err.extra_prices",
                        price = words::taler(lang, h.extra_action_price)
                    ))
                    .into())
                }
                (None, false) => {
                    let ids: Vec<&str> = a.items.iter().map(|i| i.id.as_str()).collect();
                    return Err(
                        Error::Usage(crate::msg!("games.nauticus.err.need_prices", list = ids.join(", "))).into()
                    );
                }
                (Some(p), false) => Some(parse_prices(a, &p)?),
                (None, true) => None,
            };
            let basket: Vec<usize> = items.iter().map(|i| item_index(a, i)).collect::<Result<_, _>>()?;
            let free = free.map(|f| item_index(a, &f)).transpose()?;
            let p = calc::buy(h, a, prices.as_deref(), &basket, blue, free).map_err(|r| refused(h, vec![r]))?;
            words::buy_text(h, a, prices.as_deref(), &p, extra, lang)
        }
        NauticusCommand::Rewards { masts, take } => {
            let taken: Vec<usize> = take
                .iter()
                .map(|t| {
                    crate::names::the_one_named(&h.rewards, t, |r| &r.id, |r| &r.name).ok_or_else(|| {
                        let ids: Vec<&str> = h.rewards.iter().map(|r| r.id.as_str()).collect();
                        let listed: Vec<String> =
                            h.rewards.iter().map(|r| format!("{} ({})", r.id, r.name.get(lang))).collect();
                        let said = crate::msg!("games.nauticus.err.unknown_reward", t = t, list = listed.join(", "));
                        Error::Usage(crate::source::with_meant(said, t, &ids))
                    })
                })
                .collect::<Result<_, _>>()?;
            let check = calc::rewards(h, masts, &taken).map_err(|problems| refused(h, problems))?;
            words::rewards_text(h, masts, &check, lang)
        }
    };
    emit(&text)?;
    Ok(0)
}

/// A paid action by its id, or by its name or a word of its name that no other action's
/// has (`waren`, `segel`, `coque`; not `kaufen`).
fn action_named<'h>(h: &'h NauticusHelpers, typed: &str) -> Option<&'h Action> {
    crate::names::the_one_named(&h.actions, typed, |a| &a.id, |a| &a.name).map(|i| &h.actions[i])
}

fn item_index(a: &Action, id: &str) -> Result<usize, Error> {
    let want = id.trim().to_lowercase();
    a.items.iter().position(|i| i.id == want || i.name.matches(&want)).ok_or_else(|| {
        let ids: Vec<&str> = a.items.iter().map(|i| i.id.as_str()).collect();
        let said = crate::msg!("games.nauticus.err.not_sold", id = id, action = &a.id, list = ids.join(", "));
        Error::Usage(crate::source::with_meant(said, id, &ids))
    })
}

/// `0,1,2,3` in the action's order, or `coffee=0,grain=2,…`.
fn parse_prices(a: &Action, given: &[String]) -> Result<Vec<u32>, Error> {
    let bad = |p: &str| Error::Usage(crate::msg!("games.nauticus.err.not_price", p = p));
    if given.iter().any(|p| p.contains('=')) {
        let mut prices = vec![None; a.items.len()];
        for p in given {
            let (k, v) =
                p.split_once('=').ok_or_else(|| Error::Usage(crate::msg!("games.nauticus.err.price_pairs", p = p)))?;
            let i = item_index(a, k)?;
            prices[i] = Some(v.trim().parse::<u32>().map_err(|_| bad(v))?);
        }
        let missing: Vec<&str> =
            a.items.iter().zip(&prices).filter(|(_, p)| p.is_none()).map(|(i, _)| i.id.as_str()).collect();
        if !missing.is_empty() {
            return Err(Error::Usage(crate::msg!("games.nauticus.err.prices_lack", list = missing.join(", "))));
        }
        Ok(prices.into_iter().flatten().collect())
    } else {
        given.iter().map(|p| p.trim().parse::<u32>().map_err(|_| bad(p))).collect()
    }
}
