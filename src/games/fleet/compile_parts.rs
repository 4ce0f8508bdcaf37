//! The checks of a Fleet rules file's parts: cards, boat types, harbor ships, wharf
//! buildings and the named options (`compile.rs` holds the whole file's checks).

use std::collections::HashSet;

use super::compile::{span, Checker};
use super::model::*;
use super::schema as raw;
use crate::msg;
use crate::source::spanned::Spanned;

impl Checker {
    pub(super) fn quantity(&mut self, q: &Spanned<String>) -> Quantity {
        Quantity::parse(q.get_ref()).unwrap_or_else(|| {
            self.err(span(q), msg!("rules.quantity_unknown", name = q.get_ref()), Some(msg!("rules.quantity_help")));
            Quantity::Fish
        })
    }

    pub(super) fn cards(
        &mut self,
        cards: &raw::Cards,
        boat_types: &[BoatType],
        sections: &[Section],
    ) -> (Vec<Captain>, Vec<Trophy>) {
        let mut seen = HashSet::new();
        self.unique_ids(
            "card",
            cards.captains.iter().map(|c| &c.id).chain(cards.trophies.iter().map(|t| &t.id)),
            &mut seen,
        );
        let mut captains = Vec::new();
        for c in &cards.captains {
            let boat_type = boat_types.iter().position(|t| &t.id == c.boat_type.get_ref()).unwrap_or_else(|| {
                self.err(span(&c.boat_type), msg!("rules.captain_boat_type", id = c.boat_type.get_ref()), None);
                0
            });
            let mut marks = Vec::new();
            for m in &c.marks {
                match sections.iter().position(|s| {
                    &s.id == m.get_ref() && matches!(s.kind, SectionKind::Harbor(_) | SectionKind::Wharf(_))
                }) {
                    Some(i) => marks.push(i),
                    None => self.err(span(m), msg!("rules.captain_marks", id = m.get_ref()), None),
                }
            }
            if *c.bonus.every.get_ref() == 0 {
                self.err(span(&c.bonus.every), msg!("rules.every_zero"), None);
            }
            let per = self.quantity(&c.bonus.per);
            captains.push(Captain {
                id: c.id.get_ref().clone(),
                name: c.name.clone(),
                boat_type,
                marks,
                bonus: CardBonus {
                    per,
                    every: (*c.bonus.every.get_ref()).max(1),
                    points: c.bonus.points,
                    cap: c.bonus.cap,
                },
            });
        }
        let mut trophies = Vec::new();
        for t in &cards.trophies {
            let metal = match t.metal.get_ref().as_str() {
                "gold" => Metal::Gold,
                "silver" => Metal::Silver,
                other => {
                    self.err(span(&t.metal), msg!("rules.trophy_metal", metal = other), None);
                    Metal::Gold
                }
            };
            let quantity = self.quantity(&t.quantity);
            trophies.push(Trophy {
                id: t.id.get_ref().clone(),
                name: t.name.clone(),
                metal,
                quantity,
                at_least: t.at_least,
                vp: t.vp,
            });
        }
        (captains, trophies)
    }

    pub(super) fn boat_type(&mut self, t: &raw::BoatType, start_boxes: usize, start_span: &Spanned<usize>) -> BoatType {
        let id = t.id.get_ref().clone();
        let column: Vec<ColumnBox> = self
            .tokens(&t.column, ".LB?", msg!("rules.what_column_of", id = &id))
            .into_iter()
            .map(|c| match c {
                'L' => ColumnBox::License,
                'B' => ColumnBox::Boat,
                '?' => ColumnBox::Choice,
                _ => ColumnBox::Plain,
            })
            .collect();
        if column.len() < start_boxes {
            self.err(
                span(start_span),
                msg!("rules.start_boxes_short", start = start_boxes, id = &id, len = column.len()),
                None,
            );
        } else {
            let start = &column[..start_boxes];
            let lic = start.iter().filter(|b| **b == ColumnBox::License).count();
            let boat = start.iter().filter(|b| **b == ColumnBox::Boat).count();
            let choice = start.iter().filter(|b| **b == ColumnBox::Choice).count();
            if lic != 1 || boat != 1 || choice != 0 {
                self.err(
                    span(&t.column),
                    msg!(
                        "rules.start_boxes_grant",
                        start = start_boxes,
                        id = &id,
                        lic = lic,
                        boat = boat,
                        choice = choice
                    ),
                    Some(msg!("rules.start_boxes_grant_help")),
                );
            }
        }
        let effect = match t.license_effect.get_ref().as_str() {
            "flex_die" => LicenseEffect::FlexDie,
            "launch_coins" => LicenseEffect::LaunchCoins,
            "income" => LicenseEffect::Income,
            "after_fishing" => LicenseEffect::AfterFishing,
            "oyster" => LicenseEffect::Oyster,
            other => {
                self.err(
                    span(&t.license_effect),
                    msg!("rules.license_effect_unknown", effect = other),
                    Some(msg!("rules.license_effect_unknown_help")),
                );
                LicenseEffect::Income
            }
        };
        let needed: &[&str] = match effect {
            LicenseEffect::FlexDie => &["types", "stars"],
            LicenseEffect::LaunchCoins | LicenseEffect::Income => &["coins"],
            LicenseEffect::AfterFishing => &["stars", "coins"],
            LicenseEffect::Oyster => &["capacity"],
        };
        let mut levels = Vec::new();
        for (n, l) in t.license_levels.get_ref().iter().enumerate() {
            let given = [("types", l.types), ("stars", l.stars), ("coins", l.coins), ("capacity", l.capacity)];
            for (key, value) in given {
                if value.is_some() && !needed.contains(&key) {
                    self.err(
                        span(&t.license_levels),
                        msg!(
                            "rules.level_key_unused",
                            level = n + 1,
                            id = &id,
                            key = key,
                            effect = t.license_effect.get_ref()
                        ),
                        Some(msg!("rules.level_key_unused_help", keys = needed.join(", "))),
                    );
                }
                if value.is_none() && needed.contains(&key) {
                    self.err(
                        span(&t.license_levels),
                        msg!("rules.level_key_missing", level = n + 1, id = &id, key = key),
                        None,
                    );
                }
            }
            levels.push(LicenseLevel {
                types: l.types.unwrap_or(0),
                stars: l.stars.unwrap_or(0),
                coins: l.coins.unwrap_or(0),
                capacity: l.capacity.unwrap_or(0),
            });
        }
        if levels.is_empty() {
            self.err(span(&t.license_levels), msg!("rules.no_license_levels", id = &id), None);
        }
        if effect == LicenseEffect::FlexDie && levels.iter().any(|l| l.types == 0) {
            self.err(span(&t.license_levels), msg!("rules.flex_die_types"), None);
        }
        if effect == LicenseEffect::Oyster && levels.windows(2).any(|w| w[0].capacity > w[1].capacity) {
            self.err(span(&t.license_levels), msg!("rules.oyster_shrink"), None);
        }
        if t.license_vp.get_ref().len() != levels.len() {
            self.err(
                span(&t.license_vp),
                msg!("rules.license_vp_count", vp = t.license_vp.get_ref().len(), levels = levels.len()),
                None,
            );
        }
        let boats: Vec<BoatSpec> =
            t.boats.get_ref().iter().map(|b| BoatSpec { capacity: b.capacity, vp: b.vp }).collect();
        if boats.is_empty() {
            self.err(span(&t.boats), msg!("rules.no_boats", id = &id), None);
        }
        if boats.iter().any(|b| b.capacity == 0) {
            self.err(
                span(&t.boats),
                msg!("rules.boat_capacity_zero", id = &id),
                Some(msg!("rules.boat_capacity_zero_help")),
            );
        }
        let per_catch = t.fish_per_catch.unwrap_or(1);
        if per_catch == 0 {
            self.err(span(&t.id), msg!("rules.fish_per_catch"), None);
        }
        let grants = column.iter().filter(|b| **b != ColumnBox::Plain).count();
        if grants < levels.len() + boats.len() {
            self.err(
                span(&t.column),
                msg!("rules.column_grants", id = &id, grants = grants, licenses = levels.len(), boats = boats.len()),
                Some(msg!("rules.column_grants_help")),
            );
        }
        self.provisional_keys(
            &t.provisional,
            &["column", "license_levels", "license_vp", "boats", "fish_per_catch", "name"],
        );
        BoatType {
            id,
            name: t.name.clone(),
            column,
            license_effect: effect,
            license_levels: levels,
            license_vp: t.license_vp.get_ref().clone(),
            fish_per_catch: per_catch.max(1),
            boats,
        }
    }

    pub(super) fn harbor_ship(&mut self, h: &raw::HarborShip) -> HarborShip {
        let id = h.id.get_ref().clone();
        let circles: Vec<bool> =
            self.tokens(&h.boxes, ".O", msg!("rules.what_boxes_of", id = &id)).into_iter().map(|c| c == 'O').collect();
        let n_circles = circles.iter().filter(|c| **c).count();
        let effect = match h.effect.get_ref().as_str() {
            "king_crab" => HarborEffect::KingCrab,
            "private_fishing" => HarborEffect::PrivateFishing,
            "launch" => HarborEffect::Launch,
            "barge" => HarborEffect::Barge,
            other => {
                self.err(
                    span(&h.effect),
                    msg!("rules.harbor_effect_unknown", effect = other),
                    Some(msg!("rules.harbor_effect_unknown_help")),
                );
                HarborEffect::Launch
            }
        };
        if n_circles == 0 {
            self.err(span(&h.boxes), msg!("rules.harbor_no_circle", id = &id), None);
        }
        let boats: Vec<BoatSpec> = h
            .boats
            .as_ref()
            .map(|b| b.get_ref().iter().map(|b| BoatSpec { capacity: b.capacity, vp: b.vp }).collect())
            .unwrap_or_default();
        let launching = match effect {
            HarborEffect::KingCrab => n_circles.saturating_sub(1),
            HarborEffect::PrivateFishing => 0,
            HarborEffect::Launch | HarborEffect::Barge => n_circles,
        };
        let boats_at = h.boats.as_ref().map(span).unwrap_or_else(|| span(&h.effect));
        if boats.len() != launching {
            self.err(
                boats_at.clone(),
                msg!("rules.harbor_boats_count", id = &id, launching = launching, listed = boats.len()),
                Some(msg!("rules.harbor_boats_count_help")),
            );
        }
        if effect == HarborEffect::Barge && n_circles != 1 {
            self.err(span(&h.boxes), msg!("rules.barge_circles"), None);
        }
        if effect == HarborEffect::Barge && boats.iter().any(|b| b.capacity == 0) {
            self.err(boats_at, msg!("rules.barge_capacity"), None);
        }
        let license_vp = h.license_vp.unwrap_or(0);
        if effect != HarborEffect::KingCrab && h.license_vp.is_some() {
            self.err(span(&h.id), msg!("rules.license_vp_not_king_crab", id = &id), None);
        }
        self.provisional_keys(&h.provisional, &["boxes", "boats", "license_vp", "name"]);
        HarborShip { id, name: h.name.clone(), circles, effect, counts_as_boat: h.counts_as_boat, license_vp, boats }
    }

    pub(super) fn building(&mut self, b: &raw::Building) -> Building {
        let id = b.id.get_ref().clone();
        let circles: Vec<bool> =
            self.tokens(&b.boxes, ".O", msg!("rules.what_boxes_of", id = &id)).into_iter().map(|c| c == 'O').collect();
        let effect = match b.effect.get_ref().as_str() {
            "reroll" => BuildingEffect::Reroll,
            "none" => BuildingEffect::None,
            "buffet" => BuildingEffect::Buffet,
            "salvage" => BuildingEffect::Salvage,
            "die_as_coins" => BuildingEffect::DieAsCoins,
            "market_bonus" => BuildingEffect::MarketBonus,
            "income_per_full_boat" => BuildingEffect::IncomePerFullBoat,
            other => {
                self.err(
                    span(&b.effect),
                    msg!("rules.wharf_effect_unknown", effect = other),
                    Some(msg!("rules.wharf_effect_unknown_help")),
                );
                BuildingEffect::None
            }
        };
        if effect != BuildingEffect::None && circles.last() != Some(&true) {
            self.err(
                span(&b.boxes),
                msg!("rules.wharf_last_circle", id = &id),
                Some(msg!("rules.wharf_last_circle_help")),
            );
        }
        if circles.iter().filter(|c| **c).count() > 1 {
            self.err(span(&b.boxes), msg!("rules.wharf_circles", id = &id), None);
        }
        let vp = match b.vp.kind.get_ref().as_str() {
            "complete" => BuildingVp::Complete(b.vp.points),
            "per_box" => BuildingVp::PerBox(b.vp.points),
            "all_boxes" => BuildingVp::AllBoxes(b.vp.points),
            other => {
                self.err(
                    span(&b.vp.kind),
                    msg!("rules.building_vp_unknown", kind = other),
                    Some(msg!("rules.building_vp_unknown_help")),
                );
                BuildingVp::Complete(0)
            }
        };
        let needs_coins = matches!(
            effect,
            BuildingEffect::DieAsCoins | BuildingEffect::MarketBonus | BuildingEffect::IncomePerFullBoat
        );
        if needs_coins != b.coins.is_some() {
            let msg = if needs_coins {
                msg!("rules.wharf_needs_coins", id = &id, effect = b.effect.get_ref())
            } else {
                msg!("rules.wharf_coins_unused", id = &id)
            };
            self.err(span(&b.effect), msg, None);
        }
        if (effect == BuildingEffect::Salvage) != b.stars.is_some() {
            self.err(span(&b.effect), msg!("rules.salvage_stars", id = &id), None);
        }
        if (effect == BuildingEffect::Buffet) != b.hex_vp.is_some() {
            self.err(span(&b.effect), msg!("rules.buffet_hex_vp", id = &id), None);
        }
        if let Some(hv) = &b.hex_vp {
            if hv.get_ref().windows(2).any(|w| w[0] > w[1]) {
                self.err(span(hv), msg!("rules.hex_vp_down"), None);
            }
        }
        self.provisional_keys(&b.provisional, &["boxes", "vp", "coins", "stars", "hex_vp", "name"]);
        Building {
            id,
            name: b.name.clone(),
            circles,
            effect,
            vp,
            coins: b.coins.unwrap_or(0),
            stars: b.stars.unwrap_or(0),
            hex_vp: b.hex_vp.as_ref().map(|h| h.get_ref().clone()).unwrap_or_default(),
        }
    }

    pub(super) fn options(&mut self, o: &raw::Options) -> Options {
        let pick = |v: &Option<Spanned<String>>, allowed: &[&str], key: &str, me: &mut Self| -> usize {
            match v {
                None => 0,
                Some(s) => match allowed.iter().position(|a| *a == s.get_ref()) {
                    Some(i) => i,
                    None => {
                        me.err(
                            span(s),
                            msg!("rules.option_value", key = key, value = s.get_ref()),
                            Some(msg!("rules.option_value_help", values = allowed.join(", "))),
                        );
                        0
                    }
                },
            }
        };
        let _ = pick(&o.coin_track_overflow, &["lost"], "coin_track_overflow", self);
        let casino = pick(&o.casino_reroll, &["once_per_phase", "unlimited"], "casino_reroll", self);
        let ruth = pick(&o.ruth_star_die, &["market", "harbor"], "ruth_star_die", self);
        let shrimp = pick(&o.shrimp_coins_face, &["one_of_two", "whole_die"], "shrimp_coins_face", self);
        let star = pick(&o.star_action_targets, &["columns_and_town", "any_top_box"], "star_action_targets", self);
        let joker = pick(&o.ruth_town_joker, &["before_market", "after_market"], "ruth_town_joker", self);
        let sword =
            pick(&o.swordfish_timing, &["before_deferred_stars", "after_deferred_stars"], "swordfish_timing", self);
        Options {
            barge_can_be_full: o.barge_can_be_full.unwrap_or(true),
            star_action_may_activate_king_crab: o.star_action_may_activate_king_crab.unwrap_or(true),
            coin_track_overflow: CoinOverflow::Lost,
            casino_reroll: if casino == 0 { CasinoReroll::OncePerPhase } else { CasinoReroll::Unlimited },
            oyster_coin_needs_license: o.oyster_coin_needs_license.unwrap_or(false),
            ruth_star_die: if ruth == 0 { RuthStarDie::Market } else { RuthStarDie::Harbor },
            shrimp_coins_face: if shrimp == 0 { ShrimpCoinsFace::OneOfTwo } else { ShrimpCoinsFace::WholeDie },
            star_action_targets: if star == 0 { StarTargets::ColumnsAndTown } else { StarTargets::AnyTopBox },
            start_launch_pays_cod_coin: o.start_launch_pays_cod_coin.unwrap_or(true),
            ruth_town_joker: if joker == 0 { RuthTownJoker::BeforeMarket } else { RuthTownJoker::AfterMarket },
            swordfish_timing: if sword == 0 {
                SwordfishTiming::BeforeDeferredStars
            } else {
                SwordfishTiming::AfterDeferredStars
            },
        }
    }
}
