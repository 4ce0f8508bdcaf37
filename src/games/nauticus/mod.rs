//! The numbers behind Nauticus's table helpers (`[helpers.nauticus]` in rules/nauticus.toml):
//! crown scoring, round-end pass penalties, the purchase calculator and the ship-completion
//! reward check. The mechanisms are in `helpers`.

pub mod helpers;

use std::collections::HashSet;

use crate::source::spanned::Spanned;
use serde::Deserialize;

use crate::games::names::Names;
use crate::message::Message;
use crate::msg;
use crate::source::{Diagnostic, Source};

pub(crate) mod raw {
    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Nauticus {
        pub crown_cap_per_round: Spanned<u32>,
        pub max_crowns: u32,
        /// Crown masts and crown sails in the box (default: no limit beyond `max_crowns`).
        #[serde(default)]
        pub crown_masts: Option<u32>,
        #[serde(default)]
        pub crown_sails: Option<u32>,
        pub pass_penalties: Spanned<Vec<u32>>,
        pub crowns_per_flipped_pass: u32,
        pub workers_per_item: u32,
        pub max_slot_price: u32,
        pub duplicate_price: Spanned<u32>,
        pub extra_action_price: u32,
        pub extra_action_workers: u32,
        pub free_items_for_all_kinds: u32,
        pub max_blue_workers: u32,
        pub rewards_per_mast: Spanned<u32>,
        pub max_same_reward: Spanned<u32>,
        pub max_masts: u32,
        pub action: Vec<Action>,
        pub reward: Vec<Reward>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Action {
        pub id: Spanned<String>,
        pub name: Names,
        pub items: Spanned<Vec<Item>>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Item {
        pub id: String,
        pub name: Names,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Reward {
        pub id: Spanned<String>,
        pub name: Names,
        /// A tile received for free goes to the warehouse (golden rule).
        pub warehouse: bool,
    }
}

/// The numbers of `[helpers.nauticus]`, checked.
#[derive(Debug, Clone)]
pub struct NauticusHelpers {
    /// The most VP one crown scoring gives (15); at least 1.
    pub crown_cap_per_round: u32,
    /// The most crowns a player can have (crown masts, crown sails and flipped pass tiles).
    pub max_crowns: u32,
    /// Crown masts in the box.
    pub crown_masts: u32,
    /// Crown sails in the box.
    pub crown_sails: u32,
    /// VP lost at round end for each pass tile still unflipped, in the advised flip order.
    pub pass_penalties: Vec<u32>,
    /// Crowns each flipped pass tile gives for the rest of the round.
    pub crowns_per_flipped_pass: u32,
    /// Workers each bought item costs.
    pub workers_per_item: u32,
    /// The highest price on an action's slots, in Taler (slots show 0 up to it).
    pub max_slot_price: u32,
    /// Taler for a second or later copy of a kind in one purchase; at least
    /// `max_slot_price`.
    pub duplicate_price: u32,
    /// Taler per item bought with the extra action.
    pub extra_action_price: u32,
    /// Workers the extra action (once per game) costs before anything else.
    pub extra_action_workers: u32,
    /// Free items for buying every kind of an action in one purchase.
    pub free_items_for_all_kinds: u32,
    /// The most blue workers the wheel shows.
    pub max_blue_workers: u32,
    /// Rewards a completed ship earns per mast; at least 1.
    pub rewards_per_mast: u32,
    /// How often one reward may be taken for one ship; at least 1.
    pub max_same_reward: u32,
    /// The most masts a ship has.
    pub max_masts: u32,
    /// The purchase actions (hulls, masts, sails, goods), in file order.
    pub actions: Vec<Action>,
    /// The rewards for completing a ship, in file order.
    pub rewards: Vec<Reward>,
}

/// A purchase action: which kinds of items it sells.
#[derive(Debug, Clone)]
pub struct Action {
    /// The action's id (`hulls`), as typed on the command line.
    pub id: String,
    /// What it is called, per language.
    pub name: Names,
    /// The kinds it sells, in slot order; at least 2, ids unique.
    pub items: Vec<Item>,
}

/// A kind of item an action sells (a hull piece, a crest, a good).
#[derive(Debug, Clone)]
pub struct Item {
    /// The item's id: lower-case letters, digits and `_`.
    pub id: String,
    /// What it is called, per language.
    pub name: Names,
}

/// A reward for completing a ship.
#[derive(Debug, Clone)]
pub struct Reward {
    /// The reward's id (`crown_mast`), as typed on the command line.
    pub id: String,
    /// What it is called, per language.
    pub name: Names,
    /// A tile received for free, so it goes to the warehouse (golden rule).
    pub warehouse: bool,
}

impl NauticusHelpers {
    /// The action with this id.
    pub fn action(&self, id: &str) -> Option<&Action> {
        self.actions.iter().find(|a| a.id == id)
    }
}

/// Check `[helpers.nauticus]`; on failure every diagnostic found.
pub(crate) fn compile(n: &raw::Nauticus, source: &Source) -> Result<NauticusHelpers, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let mut err = |at: std::ops::Range<usize>, msg: Message| diags.push(Diagnostic::new(msg, Some(at)));
    if *n.crown_cap_per_round.get_ref() == 0 {
        err(n.crown_cap_per_round.span(), msg!("rules.nauticus.crown_cap"));
    }
    if n.pass_penalties.get_ref().is_empty() {
        err(n.pass_penalties.span(), msg!("rules.nauticus.pass_empty"));
    }
    if *n.duplicate_price.get_ref() < n.max_slot_price {
        err(
            n.duplicate_price.span(),
            msg!("rules.nauticus.duplicate_price", price = n.duplicate_price.get_ref(), max = n.max_slot_price),
        );
    }
    if *n.rewards_per_mast.get_ref() == 0 || *n.max_same_reward.get_ref() == 0 {
        err(n.rewards_per_mast.span(), msg!("rules.nauticus.rewards_min"));
    }
    let mut seen = HashSet::new();
    for a in &n.action {
        if !seen.insert(a.id.get_ref().clone()) {
            err(a.id.span(), msg!("rules.nauticus.duplicate_action", id = a.id.get_ref()));
        }
        let items = a.items.get_ref();
        let ids: HashSet<&str> = items.iter().map(|i| i.id.as_str()).collect();
        if items.len() < 2 || ids.len() != items.len() {
            err(a.items.span(), msg!("rules.nauticus.action_items", id = a.id.get_ref()));
        }
        for i in items {
            if i.id.is_empty() || !i.id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') {
                let at = crate::games::endgame::word_span(&source.text, &a.items.span(), &i.id);
                err(at, msg!("rules.nauticus.item_id", id = &i.id));
            }
        }
    }
    if n.action.is_empty() {
        diags.push(Diagnostic::new(msg!("rules.nauticus.no_actions"), None));
    }
    let mut seen = HashSet::new();
    for r in &n.reward {
        if !seen.insert(r.id.get_ref().clone()) {
            diags
                .push(Diagnostic::new(msg!("rules.nauticus.duplicate_reward", id = r.id.get_ref()), Some(r.id.span())));
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    Ok(NauticusHelpers {
        crown_cap_per_round: *n.crown_cap_per_round.get_ref(),
        max_crowns: n.max_crowns,
        crown_masts: n.crown_masts.unwrap_or(n.max_crowns),
        crown_sails: n.crown_sails.unwrap_or(n.max_crowns),
        pass_penalties: n.pass_penalties.get_ref().clone(),
        crowns_per_flipped_pass: n.crowns_per_flipped_pass,
        workers_per_item: n.workers_per_item,
        max_slot_price: n.max_slot_price,
        duplicate_price: *n.duplicate_price.get_ref(),
        extra_action_price: n.extra_action_price,
        extra_action_workers: n.extra_action_workers,
        free_items_for_all_kinds: n.free_items_for_all_kinds,
        max_blue_workers: n.max_blue_workers,
        rewards_per_mast: *n.rewards_per_mast.get_ref(),
        max_same_reward: *n.max_same_reward.get_ref(),
        max_masts: n.max_masts,
        actions: n
            .action
            .iter()
            .map(|a| Action {
                id: a.id.get_ref().clone(),
                name: a.name.clone(),
                items: a.items.get_ref().iter().map(|i| Item { id: i.id.clone(), name: i.name.clone() }).collect(),
            })
            .collect(),
        rewards: n
            .reward
            .iter()
            .map(|r| Reward { id: r.id.get_ref().clone(), name: r.name.clone(), warehouse: r.warehouse })
            .collect(),
    })
}
