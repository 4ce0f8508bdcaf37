//! The Nauticus table helpers in words: their answers (crowns, pass penalties, purchases,
//! rewards) and why a request is refused. The arithmetic is `games::nauticus::helpers`.

use std::fmt::Write as _;

use crate::games::nauticus::helpers::{CrownScore, Destination, NauticusRefusal, PassPenalty, Purchase, RewardCheck};
use crate::games::nauticus::{Action, NauticusHelpers};
use crate::t;
use crate::text::Lang;

/// Why a helper refuses a request.
pub fn refusal(h: &NauticusHelpers, r: &NauticusRefusal, lang: Lang) -> String {
    let tiles = || h.pass_penalties.iter().map(|p| format!("-{p}")).collect::<Vec<_>>().join(", ");
    match r {
        NauticusRefusal::TooManyCrowns { crowns, max } => {
            t!(lang, "games.nauticus.calc.too_many_crowns", crowns = crowns, max = max)
        }
        NauticusRefusal::TooManyCrownMasts { n, max } => {
            t!(lang, "games.nauticus.calc.too_many_crown_masts", n = n, max = max)
        }
        NauticusRefusal::TooManyCrownSails { n, max } => {
            t!(lang, "games.nauticus.calc.too_many_crown_sails", n = n, max = max)
        }
        NauticusRefusal::TooManyPasses { tiles } => t!(lang, "games.nauticus.calc.too_many_passes", n = tiles),
        NauticusRefusal::FlippedTwice { tile } => {
            t!(lang, "games.nauticus.calc.flipped_twice", f = tile, list = tiles())
        }
        NauticusRefusal::NoSuchTile { tile } => t!(lang, "games.nauticus.calc.no_such_tile", f = tile, list = tiles()),
        NauticusRefusal::PriceCount { action, kinds, given } => {
            let items: Vec<&str> =
                h.action(action).map(|a| a.items.iter().map(|i| i.id.as_str()).collect()).unwrap_or_default();
            t!(
                lang,
                "games.nauticus.calc.price_count",
                action = action,
                kinds = kinds,
                list = items.join(", "),
                n = given
            )
        }
        NauticusRefusal::PriceRange { max, price } => {
            t!(lang, "games.nauticus.calc.price_range", max = max, bad = price)
        }
        NauticusRefusal::PriceRepeat { max, prices } => {
            t!(lang, "games.nauticus.calc.price_repeat", max = max, prices = format!("{prices:?}"))
        }
        NauticusRefusal::Blue { max } => t!(lang, "games.nauticus.calc.blue", n = max),
        NauticusRefusal::NoItems => t!(lang, "games.nauticus.calc.no_items"),
        NauticusRefusal::NotItem { item, action } => {
            t!(lang, "games.nauticus.calc.not_item", item = item, action = action)
        }
        NauticusRefusal::FreeNeedsAll { kinds } => t!(lang, "games.nauticus.calc.free_needs_all", kinds = kinds),
        NauticusRefusal::Masts { max } => t!(lang, "games.nauticus.calc.masts", max = max),
        NauticusRefusal::RewardCount { masts, due, named } => {
            t!(lang, "games.nauticus.calc.reward_count", masts = masts, due = due, n = named)
        }
        NauticusRefusal::RewardTwice { reward, taken, max } => {
            t!(lang, "games.nauticus.calc.reward_twice", id = h.rewards[*reward].id, n = taken, max = max)
        }
    }
}

/// A crown scoring: the VP, how many workers reach the cap, the workers from the wheel and
/// what the extra action changes.
pub fn crowns_text(h: &NauticusHelpers, c: &CrownScore, blue: u32, extra: bool, lang: Lang) -> String {
    let mut o = String::new();
    let cap = h.crown_cap_per_round;
    if c.crowns == 0 {
        let _ = writeln!(o, "{}", t!(lang, "games.nauticus.crowns_zero"));
        return o;
    }
    if c.capped {
        let _ = writeln!(
            o,
            "{}",
            t!(
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
            t!(lang, "games.nauticus.crowns", crowns = c.crowns, workers = c.workers, vp = c.points, cap = cap)
        );
    }
    if let Some(need) = c.workers_for_cap {
        if c.workers > need {
            let _ =
                writeln!(o, "{}", t!(lang, "games.nauticus.crowns_over", need = need, cap = cap, n = c.workers - need));
        } else if c.workers < need {
            let _ = writeln!(o, "{}", t!(lang, "games.nauticus.crowns_under", n = need, cap = cap));
        }
    }
    let own = c.workers.saturating_sub(blue);
    if blue > 0 {
        let _ = writeln!(o, "{}", t!(lang, "games.nauticus.crowns_blue", blue = blue.min(c.workers), own = own));
    }
    if extra {
        let _ = writeln!(o, "{}", t!(lang, "games.nauticus.crowns_extra", workers = h.extra_action_workers, cap = cap));
    } else {
        let _ = writeln!(o, "{}", t!(lang, "games.nauticus.crowns_second"));
    }
    o
}

/// The round-end pass penalty, the VP track before and after (when given) and what follows.
pub fn pass_text(p: &PassPenalty, track: Option<i64>, lang: Lang) -> String {
    let mut o = String::new();
    let left: Vec<String> = p.unflipped.iter().map(|x| format!("-{x}")).collect();
    if p.unflipped.is_empty() {
        let _ = writeln!(o, "{}", t!(lang, "games.nauticus.pass_none"));
    } else {
        let _ = writeln!(o, "{}", t!(lang, "games.nauticus.pass_penalty", tiles = left.join(" "), n = p.penalty));
    }
    if let Some(t) = track {
        let _ = writeln!(o, "{}", t!(lang, "games.nauticus.pass_track", from = t, to = t - i64::from(p.penalty)));
    }
    let _ = writeln!(o, "{}", t!(lang, "games.nauticus.pass_then", n = p.crowns));
    o
}

/// A purchase: the slot prices, each item's cost and where it goes, the free item, the
/// total and the tip.
pub fn buy_text(
    h: &NauticusHelpers,
    a: &Action,
    prices: Option<&[u32]>,
    p: &Purchase,
    extra: bool,
    lang: Lang,
) -> String {
    let mut o = String::new();
    let name = |i: usize| a.items[i].name.get(lang);
    match prices {
        Some(prices) => {
            // Each slot in the table's language, with the id `--items` takes where the two differ.
            let list: Vec<String> = a
                .items
                .iter()
                .zip(prices)
                .map(|(i, p)| match i.name.get(lang) {
                    n if n == i.id => format!("{n} {p}"),
                    n => format!("{n} ({}) {p}", i.id),
                })
                .collect();
            let _ = writeln!(
                o,
                "{}",
                t!(lang, "games.nauticus.buy_prices", action = a.name.get(lang), list = list.join(", "))
            );
        }
        None => {
            let _ = writeln!(
                o,
                "{}",
                t!(
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
            Destination::Warehouse => t!(lang, "games.nauticus.to_warehouse"),
            Destination::Shipyard => t!(lang, "games.nauticus.to_shipyard"),
        };
        let dup = if l.duplicate {
            t!(lang, "games.nauticus.duplicate", price = taler(lang, h.duplicate_price))
        } else {
            String::new()
        };
        let cost = t!(lang, "games.nauticus.item_cost", taler = taler(lang, l.taler), n = l.workers);
        let _ = writeln!(o, "  {:<w$}  {cost}{dup}  {to}", name(l.item));
    }
    if p.free_items > 0 {
        let which = p.free_choice.map_or(t!(lang, "games.nauticus.free_any"), |i| name(i).to_string());
        let _ = writeln!(o, "  {}", t!(lang, "games.nauticus.free_item", item = which, n = p.free_items));
    }
    let workers = if p.blue_used > 0 {
        t!(lang, "games.nauticus.workers_blue", n = p.workers, blue = p.blue_used, own = p.own_workers)
    } else {
        t!(lang, "games.nauticus.workers", n = p.workers)
    };
    let _ = writeln!(o, "{}", t!(lang, "games.nauticus.total", taler = taler(lang, p.taler), workers = workers));
    if let Some(t) = &p.tip {
        let _ = writeln!(
            o,
            "{}",
            t!(
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
        let _ = writeln!(o, "{}", t!(lang, "games.nauticus.extra_done"));
    }
    o
}

/// The rewards of a completed ship, allowed, and those that go to the warehouse.
pub fn rewards_text(h: &NauticusHelpers, masts: u32, check: &RewardCheck, lang: Lang) -> String {
    let names: Vec<&str> = check.taken.iter().map(|r| h.rewards[*r].name.get(lang)).collect();
    let mut o = t!(lang, "games.nauticus.rewards_ok", masts = masts, list = names.join(", ")) + "\n";
    if !check.to_warehouse.is_empty() {
        let w: Vec<&str> = check.to_warehouse.iter().map(|r| h.rewards[*r].name.get(lang)).collect();
        let _ = writeln!(o, "{}", t!(lang, "games.nauticus.rewards_warehouse", list = w.join(", ")));
    }
    o
}

/// An amount of money: "3 Taler", "1 thaler", "3 thalers".
pub fn taler(lang: Lang, n: impl Into<i64>) -> String {
    t!(lang, "games.nauticus.taler", n = n.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nauticus::helpers::{buy, pass_penalty, pass_penalty_flipped, rewards};

    fn helpers() -> NauticusHelpers {
        crate::games::built_in("nauticus").unwrap().endgame().unwrap().nauticus.clone().unwrap()
    }

    #[test]
    fn refusals_say_why() {
        let h = helpers();
        let said = |r: NauticusRefusal| refusal(&h, &r, Lang::En);
        assert!(said(pass_penalty_flipped(&h, &[3, 3]).unwrap_err()).contains("the -3 tile can be flipped only once"));
        assert!(said(pass_penalty_flipped(&h, &[5]).unwrap_err()).contains("there is no -5 pass tile"));
        assert!(said(pass_penalty(&h, 4).unwrap_err()).contains("3 pass tiles"));
        let goods = h.action("goods").unwrap();
        let refused = |prices: &[u32], items: &[usize], blue: u32, free: Option<usize>| {
            said(buy(&h, goods, Some(prices), items, blue, free).unwrap_err())
        };
        assert!(refused(&[0, 1, 2], &[0], 0, None).contains("needs 4 prices"));
        assert!(refused(&[0, 1, 2, 4], &[0], 0, None).contains("0 to 3"));
        assert!(refused(&[0, 1, 1, 3], &[0], 0, None).contains("repeats"));
        assert!(refused(&[0, 1, 2, 3], &[0], 4, None).contains("blue"));
        assert!(refused(&[0, 1, 2, 3], &[0, 1], 0, Some(2)).contains("all 4 kinds"));
        let id = |s: &str| h.rewards.iter().position(|r| r.id == s).unwrap();
        let err: Vec<String> =
            rewards(&h, 3, &[id("vp"), id("vp"), id("vp")]).unwrap_err().into_iter().map(said).collect();
        assert!(err[0].contains("vp taken 3 times"), "{err:?}");
        let err: Vec<String> = rewards(&h, 2, &[id("vp")]).unwrap_err().into_iter().map(said).collect();
        assert!(err[0].contains("earns 2 rewards; 1 named"), "{err:?}");
    }
}
