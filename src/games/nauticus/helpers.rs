//! Nauticus table helpers: crown scoring, round-end pass penalties, the purchase
//! calculator (slot prices, the second-copy price, the free item for all kinds, the extra
//! action's price, the golden rule) and the ship-completion reward check. Pure functions
//! over the numbers in `[helpers.nauticus]`; a bad request is a `NauticusRefusal` saying what is
//! wrong with it, for the text layer (`text::nauticus`) to put into words.

use crate::games::nauticus::{Action, NauticusHelpers};

/// Why a helper cannot answer: the request breaks the game's numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NauticusRefusal {
    /// More crowns than anyone can have (`max`).
    TooManyCrowns {
        /// The crowns given.
        crowns: u32,
        /// `NauticusHelpers::max_crowns`.
        max: u32,
    },
    /// More crown masts than the box has (`max`).
    TooManyCrownMasts {
        /// The crown masts given.
        n: u32,
        /// Crown masts in the box.
        max: u32,
    },
    /// More crown sails than the box has (`max`).
    TooManyCrownSails {
        /// The crown sails given.
        n: u32,
        /// Crown sails in the box.
        max: u32,
    },
    /// More passes than there are pass tiles (`tiles`).
    TooManyPasses {
        /// How many pass tiles there are.
        tiles: usize,
    },
    /// The pass tile with this penalty was named twice.
    FlippedTwice {
        /// The tile's penalty (VP).
        tile: u32,
    },
    /// No pass tile has this penalty.
    NoSuchTile {
        /// The penalty named (VP).
        tile: u32,
    },
    /// `given` slot prices for an action (by id) with `kinds` kinds.
    PriceCount {
        /// The action's id.
        action: String,
        /// How many kinds it sells.
        kinds: usize,
        /// How many prices were given.
        given: usize,
    },
    /// A slot price above the board's highest, `max`.
    PriceRange {
        /// `NauticusHelpers::max_slot_price`.
        max: u32,
        /// The price given.
        price: u32,
    },
    /// The slot prices repeat one, though each slot shows 0 to `max` once.
    PriceRepeat {
        /// `NauticusHelpers::max_slot_price`.
        max: u32,
        /// The prices given, in item order.
        prices: Vec<u32>,
    },
    /// More blue workers than the wheel shows (`max`).
    Blue {
        /// `NauticusHelpers::max_blue_workers`.
        max: u32,
    },
    /// Nothing to buy.
    NoItems,
    /// An item index outside the action's (by id) items.
    NotItem {
        /// The index given.
        item: usize,
        /// The action's id.
        action: String,
    },
    /// A free item named without buying all `kinds` kinds.
    FreeNeedsAll {
        /// How many kinds the action sells.
        kinds: usize,
    },
    /// A ship has 1 to `max` masts.
    Masts {
        /// `NauticusHelpers::max_masts`.
        max: u32,
    },
    /// A ship with `masts` masts earns `due` rewards; `named` were named.
    RewardCount {
        /// The ship's masts.
        masts: u32,
        /// Rewards it earns.
        due: u32,
        /// Rewards named.
        named: usize,
    },
    /// A reward (index into `rewards`) taken `taken` times, more than `max`.
    RewardTwice {
        /// Index into `NauticusHelpers::rewards`.
        reward: usize,
        /// How often it was named.
        taken: u32,
        /// `NauticusHelpers::max_same_reward`.
        max: u32,
    },
}

/// One crown scoring worked out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrownScore {
    /// Crowns the player has.
    pub crowns: u32,
    /// Workers spent on the scoring.
    pub workers: u32,
    /// crowns × workers before the cap.
    pub raw: u64,
    /// The VP scored: `raw`, at most `crown_cap_per_round`.
    pub points: u32,
    /// The cap took some of `raw` away.
    pub capped: bool,
    /// Fewest workers that reach the cap with these crowns (None with 0 crowns).
    pub workers_for_cap: Option<u32>,
}

/// VP for scoring crowns: crowns × workers, at most the cap per round. The extra action
/// allows one more scoring in a round, with its own cap.
pub fn crowns(h: &NauticusHelpers, crowns: u32, workers: u32) -> Result<CrownScore, NauticusRefusal> {
    if crowns > h.max_crowns {
        return Err(NauticusRefusal::TooManyCrowns { crowns, max: h.max_crowns });
    }
    let raw = u64::from(crowns) * u64::from(workers);
    let cap = h.crown_cap_per_round;
    Ok(CrownScore {
        crowns,
        workers,
        raw,
        points: raw.min(u64::from(cap)) as u32,
        capped: raw > u64::from(cap),
        workers_for_cap: (crowns > 0).then(|| cap.div_ceil(crowns)),
    })
}

/// A player's crowns from their parts: crown masts and crown sails (no more than the box
/// has) and flipped pass tiles (no more than a player has).
pub fn crowns_owned(
    h: &NauticusHelpers,
    crown_masts: u32,
    crown_sails: u32,
    passed: u32,
) -> Result<u32, NauticusRefusal> {
    if crown_masts > h.crown_masts {
        return Err(NauticusRefusal::TooManyCrownMasts { n: crown_masts, max: h.crown_masts });
    }
    if crown_sails > h.crown_sails {
        return Err(NauticusRefusal::TooManyCrownSails { n: crown_sails, max: h.crown_sails });
    }
    if passed as usize > h.pass_penalties.len() {
        return Err(NauticusRefusal::TooManyPasses { tiles: h.pass_penalties.len() });
    }
    Ok(crown_masts + crown_sails + passed * h.crowns_per_flipped_pass)
}

/// What passing costs at round end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PassPenalty {
    /// Penalties of the tiles still showing their minus side at round end.
    pub unflipped: Vec<u32>,
    /// VP lost: the sum of `unflipped`.
    pub penalty: u32,
    /// Crowns the flipped tiles give for the rest of the round.
    pub crowns: u32,
}

/// Round-end penalty after passing `passes` times, flipping the tiles in the order the
/// rulebook advises (the biggest penalty first).
pub fn pass_penalty(h: &NauticusHelpers, passes: u32) -> Result<PassPenalty, NauticusRefusal> {
    let tiles = h.pass_penalties.len();
    if passes as usize > tiles {
        return Err(NauticusRefusal::TooManyPasses { tiles });
    }
    let mut order = h.pass_penalties.clone();
    order.sort_unstable_by(|a, b| b.cmp(a));
    Ok(penalty_of(h, order[passes as usize..].to_vec(), passes))
}

/// Round-end penalty when the tiles flipped are named by their penalty (e.g. 3 and 1).
pub fn pass_penalty_flipped(h: &NauticusHelpers, flipped: &[u32]) -> Result<PassPenalty, NauticusRefusal> {
    let mut left = h.pass_penalties.clone();
    for f in flipped {
        match left.iter().position(|p| p == f) {
            Some(i) => {
                left.remove(i);
            }
            None if h.pass_penalties.contains(f) => return Err(NauticusRefusal::FlippedTwice { tile: *f }),
            None => return Err(NauticusRefusal::NoSuchTile { tile: *f }),
        }
    }
    Ok(penalty_of(h, left, flipped.len() as u32))
}

fn penalty_of(h: &NauticusHelpers, unflipped: Vec<u32>, flipped: u32) -> PassPenalty {
    PassPenalty { penalty: unflipped.iter().sum(), unflipped, crowns: flipped * h.crowns_per_flipped_pass }
}

/// Where a bought tile may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Destination {
    /// Received for free (0 Taler): the golden rule sends it to the warehouse.
    Warehouse,
    /// Paid with Taler: straight into the shipyard, or the warehouse if it cannot or will
    /// not be placed.
    Shipyard,
}

/// One item bought.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Index into the action's items.
    pub item: usize,
    /// What it costs in Taler: its slot's price, or `duplicate_price` for a second copy.
    pub taler: u32,
    /// Workers it costs (`workers_per_item`).
    pub workers: u32,
    /// A second or later copy of its kind in this purchase.
    pub duplicate: bool,
    /// Where it goes.
    pub to: Destination,
}

/// One purchase worked out: each item's price and the totals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Purchase {
    /// The items, in the order named.
    pub lines: Vec<Line>,
    /// Taler for all of them.
    pub taler: u32,
    /// Workers for all of them.
    pub workers: u32,
    /// Workers to take from your own supply after the wheel's blue workers.
    pub own_workers: u32,
    /// Blue workers from the wheel used: those given, at most `workers`.
    pub blue_used: u32,
    /// Free items for buying every kind (always to the warehouse).
    pub free_items: u32,
    /// The kind chosen for the free item, if named.
    pub free_choice: Option<usize>,
    /// A cheaper basket that completes every kind, as the rulebook's example points out.
    pub tip: Option<Tip>,
}

/// A cheaper basket: one kind missing from a purchase that has a second copy of another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tip {
    /// Buy this kind…
    pub buy: usize,
    /// …at its slot price (Taler)…
    pub buy_price: u32,
    /// …instead of a second copy of this kind.
    pub instead_of: usize,
    /// Taler saved.
    pub saves: u32,
}

/// One paid action. `prices` are the slot's prices in the action's item order, or `None`
/// for the extra action (every item at its base price).
pub fn buy(
    h: &NauticusHelpers,
    action: &Action,
    prices: Option<&[u32]>,
    items: &[usize],
    blue: u32,
    free: Option<usize>,
) -> Result<Purchase, NauticusRefusal> {
    let kinds = action.items.len();
    let prices: Vec<u32> = match prices {
        Some(p) => {
            if p.len() != kinds {
                return Err(NauticusRefusal::PriceCount { action: action.id.clone(), kinds, given: p.len() });
            }
            if let Some(bad) = p.iter().find(|x| **x > h.max_slot_price) {
                return Err(NauticusRefusal::PriceRange { max: h.max_slot_price, price: *bad });
            }
            let mut sorted = p.to_vec();
            sorted.sort_unstable();
            if sorted != (0..kinds as u32).collect::<Vec<_>>() && kinds as u32 == h.max_slot_price + 1 {
                return Err(NauticusRefusal::PriceRepeat { max: h.max_slot_price, prices: p.to_vec() });
            }
            p.to_vec()
        }
        None => vec![h.extra_action_price; kinds],
    };
    if blue > h.max_blue_workers {
        return Err(NauticusRefusal::Blue { max: h.max_blue_workers });
    }
    if items.is_empty() {
        return Err(NauticusRefusal::NoItems);
    }
    let mut seen = vec![0u32; kinds];
    let mut lines = Vec::new();
    for &item in items {
        if item >= kinds {
            return Err(NauticusRefusal::NotItem { item, action: action.id.clone() });
        }
        let duplicate = seen[item] > 0;
        seen[item] += 1;
        let taler = if duplicate { h.duplicate_price } else { prices[item] };
        let to = if taler == 0 { Destination::Warehouse } else { Destination::Shipyard };
        lines.push(Line { item, taler, workers: h.workers_per_item, duplicate, to });
    }
    let all_kinds = seen.iter().all(|n| *n > 0);
    let free_items = if all_kinds { h.free_items_for_all_kinds } else { 0 };
    if free.is_some() && free_items == 0 {
        return Err(NauticusRefusal::FreeNeedsAll { kinds });
    }
    let taler = lines.iter().map(|l| l.taler).sum();
    let workers: u32 = lines.iter().map(|l| l.workers).sum();
    let blue_used = blue.min(workers);
    let tip = if all_kinds {
        None
    } else {
        let missing: Vec<usize> = (0..kinds).filter(|k| seen[*k] == 0).collect();
        let dup = lines.iter().find(|l| l.duplicate).map(|l| l.item);
        match (missing.as_slice(), dup) {
            ([m], Some(d)) if prices[*m] <= h.duplicate_price => {
                Some(Tip { buy: *m, buy_price: prices[*m], instead_of: d, saves: h.duplicate_price - prices[*m] })
            }
            _ => None,
        }
    };
    Ok(Purchase {
        lines,
        taler,
        workers,
        own_workers: workers - blue_used,
        blue_used,
        free_items,
        free_choice: free,
        tip,
    })
}

/// The rewards for a completed ship, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RewardCheck {
    /// Indices into `rewards`, as taken.
    pub taken: Vec<usize>,
    /// Rewards that go to the warehouse (free tiles).
    pub to_warehouse: Vec<usize>,
}

/// The rewards taken for completing a ship with `masts` masts: one per mast, each at
/// most `max_same_reward` times.
pub fn rewards(h: &NauticusHelpers, masts: u32, taken: &[usize]) -> Result<RewardCheck, Vec<NauticusRefusal>> {
    let mut problems = Vec::new();
    if masts == 0 || masts > h.max_masts {
        problems.push(NauticusRefusal::Masts { max: h.max_masts });
    }
    let due = masts * h.rewards_per_mast;
    if taken.len() as u32 != due {
        problems.push(NauticusRefusal::RewardCount { masts, due, named: taken.len() });
    }
    for r in 0..h.rewards.len() {
        let n = taken.iter().filter(|t| **t == r).count() as u32;
        if n > h.max_same_reward {
            problems.push(NauticusRefusal::RewardTwice { reward: r, taken: n, max: h.max_same_reward });
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(RewardCheck {
        taken: taken.to_vec(),
        to_warehouse: taken.iter().copied().filter(|t| h.rewards[*t].warehouse).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn helpers() -> NauticusHelpers {
        crate::games::built_in("nauticus").unwrap().endgame().unwrap().nauticus.clone().unwrap()
    }

    fn item(a: &Action, id: &str) -> usize {
        a.items.iter().position(|i| i.id == id).unwrap()
    }

    #[test]
    fn crown_examples_from_the_rulebook() {
        let h = helpers();
        // 1 crown mast + 1 crown sail + 1 flipped pass tile = 3 crowns, 2 blue + 1 own worker.
        let c = crowns(&h, 3, 3).unwrap();
        assert_eq!((c.points, c.capped, c.workers_for_cap), (9, false, Some(5)));
        // "With 2 more workers he would have had the maximum of 15."
        assert_eq!(crowns(&h, 3, 5).unwrap().points, 15);
        let c = crowns(&h, 3, 6).unwrap();
        assert_eq!((c.raw, c.points, c.capped), (18, 15, true));
        assert!(crowns(&h, 28, 1).is_err());
        assert_eq!(crowns(&h, 27, u32::MAX).unwrap().raw, 27 * u64::from(u32::MAX));
    }

    #[test]
    fn pass_penalties_by_number_of_passes_and_by_tiles() {
        let h = helpers();
        let p: Vec<u32> = (0..=3).map(|n| pass_penalty(&h, n).unwrap().penalty).collect();
        assert_eq!(p, vec![6, 3, 1, 0]);
        assert_eq!(pass_penalty(&h, 2).unwrap().crowns, 2);
        assert!(pass_penalty(&h, 4).is_err());
        assert_eq!(pass_penalty_flipped(&h, &[1]).unwrap().penalty, 5);
        assert_eq!(pass_penalty_flipped(&h, &[1, 2]).unwrap().unflipped, vec![3]);
        assert_eq!(pass_penalty_flipped(&h, &[3, 3]).unwrap_err(), NauticusRefusal::FlippedTwice { tile: 3 });
        assert_eq!(pass_penalty_flipped(&h, &[5]).unwrap_err(), NauticusRefusal::NoSuchTile { tile: 5 });
    }

    #[test]
    fn the_rulebooks_purchase_examples() {
        let h = helpers();
        let hulls = h.action("hulls").unwrap();
        let prices = [0, 1, 2, 3]; // hull, bow, middle, stern
                                   // All 4 hull parts: 6 Taler and 4 workers (2 blue + 2 own), plus a free part.
        let all = [item(hulls, "hull"), item(hulls, "bow"), item(hulls, "middle"), item(hulls, "stern")];
        let p = buy(&h, hulls, Some(&prices), &all, 2, None).unwrap();
        assert_eq!((p.taler, p.workers, p.own_workers, p.free_items), (6, 4, 2, 1));
        assert_eq!(p.lines[0].to, Destination::Warehouse); // the 0-Taler part
        assert!(p.lines[1..].iter().all(|l| l.to == Destination::Shipyard));
        // Bow and stern: 1 + 3 = 4 Taler; the 2 blue workers suffice.
        let p = buy(&h, hulls, Some(&prices), &[item(hulls, "bow"), item(hulls, "stern")], 2, None).unwrap();
        assert_eq!((p.taler, p.own_workers, p.free_items), (4, 0, 0));
        // The free (0-Taler) part: no Taler, no own worker, into the warehouse.
        let p = buy(&h, hulls, Some(&prices), &[item(hulls, "hull")], 2, None).unwrap();
        assert_eq!((p.taler, p.own_workers, p.blue_used, p.lines[0].to), (0, 0, 1, Destination::Warehouse));

        // Masts: whale for 0, an anchor for 1, a second anchor for 4 = 5 Taler, 3 workers.
        let masts = h.action("masts").unwrap();
        let basket = [item(masts, "whale"), item(masts, "anchor"), item(masts, "anchor")];
        let p = buy(&h, masts, Some(&[0, 1, 2, 3]), &basket, 0, None).unwrap();
        assert_eq!((p.taler, p.workers), (5, 3));
        let to: Vec<Destination> = p.lines.iter().map(|l| l.to).collect();
        assert_eq!(to, vec![Destination::Warehouse, Destination::Shipyard, Destination::Shipyard]);

        // Goods: fish, grain and 2 coffee (coffee 0, salt 3) = 7 Taler and 4 workers; the
        // free coffee goes to the warehouse. Salt instead of the 2nd coffee saves 1 Taler.
        let goods = h.action("goods").unwrap();
        let prices = [0, 2, 3, 1]; // coffee, grain, salt, fish
        let basket = [item(goods, "fish"), item(goods, "grain"), item(goods, "coffee"), item(goods, "coffee")];
        let p = buy(&h, goods, Some(&prices), &basket, 0, None).unwrap();
        assert_eq!((p.taler, p.workers, p.free_items), (7, 4, 0));
        assert_eq!(p.lines[2].to, Destination::Warehouse);
        assert_eq!((p.lines[3].taler, p.lines[3].to), (4, Destination::Shipyard));
        let tip = p.tip.unwrap();
        assert_eq!((tip.buy, tip.buy_price, tip.saves), (item(goods, "salt"), 3, 1));
    }

    #[test]
    fn the_extra_action_prices_every_item_at_2() {
        let h = helpers();
        let sails = h.action("sails").unwrap();
        let basket = [0, 1, 2, 3, 0];
        let p = buy(&h, sails, None, &basket, 0, Some(1)).unwrap();
        // 4 kinds at 2, the second whale at 4, plus a free item.
        assert_eq!((p.taler, p.workers, p.free_items, p.free_choice), (12, 5, 1, Some(1)));
        assert!(p.lines.iter().all(|l| l.to == Destination::Shipyard));
    }

    #[test]
    fn bad_purchases_say_why() {
        let h = helpers();
        let goods = h.action("goods").unwrap();
        let refused = |prices: &[u32], items: &[usize], blue: u32, free: Option<usize>| {
            buy(&h, goods, Some(prices), items, blue, free).unwrap_err()
        };
        let count = NauticusRefusal::PriceCount { action: "goods".into(), kinds: 4, given: 3 };
        assert_eq!(refused(&[0, 1, 2], &[0], 0, None), count);
        assert_eq!(refused(&[0, 1, 2, 4], &[0], 0, None), NauticusRefusal::PriceRange { max: 3, price: 4 });
        assert_eq!(
            refused(&[0, 1, 1, 3], &[0], 0, None),
            NauticusRefusal::PriceRepeat { max: 3, prices: vec![0, 1, 1, 3] }
        );
        assert_eq!(refused(&[0, 1, 2, 3], &[0], 4, None), NauticusRefusal::Blue { max: 3 });
        assert_eq!(refused(&[0, 1, 2, 3], &[0, 1], 0, Some(2)), NauticusRefusal::FreeNeedsAll { kinds: 4 });
    }

    #[test]
    fn rewards_one_per_mast_each_at_most_twice() {
        let h = helpers();
        let id = |s: &str| h.rewards.iter().position(|r| r.id == s).unwrap();
        let ok = rewards(&h, 4, &[id("crown_mast"), id("crown_mast"), id("crown_sail"), id("crown_sail")]).unwrap();
        assert_eq!(ok.to_warehouse.len(), 4);
        let err = rewards(&h, 3, &[id("vp"), id("vp"), id("vp")]).unwrap_err();
        assert_eq!(err, vec![NauticusRefusal::RewardTwice { reward: id("vp"), taken: 3, max: 2 }]);
        let err = rewards(&h, 2, &[id("vp")]).unwrap_err();
        assert_eq!(err, vec![NauticusRefusal::RewardCount { masts: 2, due: 2, named: 1 }]);
    }
}
