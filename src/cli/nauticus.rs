//! `deckhand nauticus crowns|pass|buy|rewards`: Nauticus helpers at the table. The numbers
//! come from `[helpers.nauticus]` in the rules file; the arithmetic is `engine::nauticus`.

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::emit;
use crate::games as rules;
use crate::games::nauticus::helpers::{self as calc, Destination};
use crate::games::nauticus::{Action, NauticusHelpers};
use crate::Error;

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

pub fn run(args: NauticusArgs, lang: &str) -> anyhow::Result<i32> {
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
            let from_parts = crown_masts + crown_sails + passed * h.crowns_per_flipped_pass;
            let n = crowns.unwrap_or(from_parts);
            let c = calc::crowns_in(h, n, workers, lang).map_err(Error::said)?;
            crowns_text(h, &c, blue, extra, lang)
        }
        NauticusCommand::Pass { passes, flipped, track } => {
            let p = match (passes, flipped) {
                (Some(n), _) => calc::pass_penalty_in(h, n, lang),
                (None, Some(f)) => calc::pass_penalty_flipped_in(h, &f, lang),
                (None, None) => calc::pass_penalty_in(h, 0, lang),
            }
            .map_err(Error::said)?;
            let mut o = String::new();
            let left: Vec<String> = p.unflipped.iter().map(|x| format!("-{x}")).collect();
            if p.unflipped.is_empty() {
                let _ = writeln!(o, "{}", crate::t!(lang, "games.nauticus.pass_none"));
            } else {
                let _ = writeln!(
                    o,
                    "{}",
                    crate::t!(lang, "games.nauticus.pass_penalty", tiles = left.join(" "), n = p.penalty)
                );
            }
            if let Some(t) = track {
                let _ = writeln!(
                    o,
                    "{}",
                    crate::t!(lang, "games.nauticus.pass_track", from = t, to = t - i64::from(p.penalty))
                );
            }
            let _ = writeln!(o, "{}", crate::t!(lang, "games.nauticus.pass_then", n = p.crowns));
            o
        }
        NauticusCommand::Buy { action, prices, items, blue, extra, free } => {
            let a = h.action(&action).ok_or_else(|| {
                let ids: Vec<&str> = h.actions.iter().map(|a| a.id.as_str()).collect();
                Error::Usage(crate::msg!("games.nauticus.err.unknown_action", action = action, list = ids.join(", ")))
            })?;
            if extra && blue > 0 {
                return Err(Error::Usage(crate::msg!("games.nauticus.err.blue_extra")).into());
            }
            let prices = match (prices, extra) {
                (Some(_), true) => {
                    return Err(Error::Usage(crate::msg!(
                        "games.nauticus.err.extra_prices",
                        price = taler(lang, h.extra_action_price)
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
            let p = calc::buy_in(h, a, prices.as_deref(), &basket, blue, free, lang).map_err(Error::said)?;
            buy_text(h, a, prices.as_deref(), &p, extra, lang)
        }
        NauticusCommand::Rewards { masts, take } => {
            let taken: Vec<usize> = take
                .iter()
                .map(|t| {
                    h.rewards.iter().position(|r| r.id == t.trim()).ok_or_else(|| {
                        let ids: Vec<&str> = h.rewards.iter().map(|r| r.id.as_str()).collect();
                        Error::Usage(crate::msg!("games.nauticus.err.unknown_reward", t = t, list = ids.join(", ")))
                    })
                })
                .collect::<Result<_, _>>()?;
            let check = calc::rewards_in(h, masts, &taken, lang).map_err(|p| Error::said(p.join("\n")))?;
            let names: Vec<&str> = check.taken.iter().map(|r| h.rewards[*r].name.get(lang)).collect();
            let mut o = crate::t!(lang, "games.nauticus.rewards_ok", masts = masts, list = names.join(", ")) + "\n";
            if !check.to_warehouse.is_empty() {
                let w: Vec<&str> = check.to_warehouse.iter().map(|r| h.rewards[*r].name.get(lang)).collect();
                let _ = writeln!(o, "{}", crate::t!(lang, "games.nauticus.rewards_warehouse", list = w.join(", ")));
            }
            o
        }
    };
    emit(&text)?;
    Ok(0)
}

fn crowns_text(h: &NauticusHelpers, c: &calc::CrownScore, blue: u32, extra: bool, lang: &str) -> String {
    let mut o = String::new();
    let cap = h.crown_cap_per_round;
    if c.crowns == 0 {
        let _ = writeln!(o, "{}", crate::t!(lang, "games.nauticus.crowns_zero"));
        return o;
    }
    if c.capped {
        let _ = writeln!(
            o,
            "{}",
            crate::t!(
                lang,
                "games.nauticus.crowns_capped",
                crowns = c.crowns,
                workers = c.workers,
                raw = c.raw,
                vp = c.points,
                cap = cap
            )
        );
    } else {
        let _ = writeln!(
            o,
            "{}",
            crate::t!(lang, "games.nauticus.crowns", crowns = c.crowns, workers = c.workers, vp = c.points, cap = cap)
        );
    }
    if let Some(need) = c.workers_for_cap {
        if c.workers > need {
            let _ = writeln!(
                o,
                "{}",
                crate::t!(lang, "games.nauticus.crowns_over", need = need, cap = cap, n = c.workers - need)
            );
        } else if c.workers < need {
            let _ = writeln!(o, "{}", crate::t!(lang, "games.nauticus.crowns_under", n = need, cap = cap));
        }
    }
    let own = c.workers.saturating_sub(blue);
    if blue > 0 {
        let _ = writeln!(o, "{}", crate::t!(lang, "games.nauticus.crowns_blue", blue = blue.min(c.workers), own = own));
    }
    if extra {
        let _ = writeln!(
            o,
            "{}",
            crate::t!(lang, "games.nauticus.crowns_extra", workers = h.extra_action_workers, cap = cap)
        );
    } else {
        let _ = writeln!(o, "{}", crate::t!(lang, "games.nauticus.crowns_second"));
    }
    o
}

fn item_index(a: &Action, id: &str) -> Result<usize, Error> {
    let want = id.trim().to_lowercase();
    a.items
        .iter()
        .position(|i| i.id == want || ["en", "de", "fr"].iter().any(|l| i.name.get(l).to_lowercase() == want))
        .ok_or_else(|| {
            let ids: Vec<&str> = a.items.iter().map(|i| i.id.as_str()).collect();
            Error::Usage(crate::msg!("games.nauticus.err.not_sold", id = id, action = &a.id, list = ids.join(", ")))
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

fn buy_text(
    h: &NauticusHelpers,
    a: &Action,
    prices: Option<&[u32]>,
    p: &calc::Purchase,
    extra: bool,
    lang: &str,
) -> String {
    let mut o = String::new();
    let name = |i: usize| a.items[i].name.get(lang);
    match prices {
        Some(prices) => {
            let list: Vec<String> = a.items.iter().zip(prices).map(|(i, p)| format!("{} {p}", i.id)).collect();
            let _ = writeln!(
                o,
                "{}",
                crate::t!(lang, "games.nauticus.buy_prices", action = a.name.get(lang), list = list.join(", "))
            );
        }
        None => {
            let _ = writeln!(
                o,
                "{}",
                crate::t!(
                    lang,
                    "games.nauticus.buy_extra",
                    action = a.name.get(lang),
                    workers = h.extra_action_workers,
                    price = taler(lang, h.extra_action_price)
                )
            );
        }
    }
    let w = p.lines.iter().map(|l| name(l.item).chars().count()).max().unwrap_or(0);
    for l in &p.lines {
        let to = match l.to {
            Destination::Warehouse => crate::t!(lang, "games.nauticus.to_warehouse"),
            Destination::Shipyard => crate::t!(lang, "games.nauticus.to_shipyard"),
        };
        let dup = if l.duplicate {
            crate::t!(lang, "games.nauticus.duplicate", price = taler(lang, h.duplicate_price))
        } else {
            String::new()
        };
        let cost = crate::t!(lang, "games.nauticus.item_cost", taler = taler(lang, l.taler), n = l.workers);
        let _ = writeln!(o, "  {:<w$}  {cost}{dup}  {to}", name(l.item));
    }
    if p.free_items > 0 {
        let which = p.free_choice.map_or(crate::t!(lang, "games.nauticus.free_any"), |i| name(i).to_string());
        let _ = writeln!(o, "  {}", crate::t!(lang, "games.nauticus.free_item", item = which, n = p.free_items));
    }
    let workers = if p.blue_used > 0 {
        crate::t!(lang, "games.nauticus.workers_blue", n = p.workers, blue = p.blue_used, own = p.own_workers)
    } else {
        crate::t!(lang, "games.nauticus.workers", n = p.workers)
    };
    let _ = writeln!(o, "{}", crate::t!(lang, "games.nauticus.total", taler = taler(lang, p.taler), workers = workers));
    if let Some(t) = &p.tip {
        let _ = writeln!(
            o,
            "{}",
            crate::t!(
                lang,
                "games.nauticus.tip",
                item = name(t.buy),
                price = taler(lang, t.buy_price),
                instead = name(t.instead_of),
                saves = taler(lang, t.saves),
                kinds = a.items.len()
            )
        );
    }
    if extra {
        let _ = writeln!(o, "{}", crate::t!(lang, "games.nauticus.extra_done"));
    }
    o
}

/// An amount of money: "3 Taler", "1 thaler", "3 thalers".
pub(crate) fn taler(lang: &str, n: impl Into<i64>) -> String {
    crate::t!(lang, "games.nauticus.taler", n = n.into())
}
