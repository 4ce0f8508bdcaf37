//! Checking a Fleet rules file: every problem in one run (unknown ids, missing
//! references, the first column boxes granting one license and one boat, capacities,
//! sorted brackets, duplicate ids, option values…), each pointing into the file.

use std::collections::{BTreeMap, HashSet};
use std::ops::Range;

use super::model::*;
use super::schema as raw;
use crate::message::{Arg, Message};
use crate::msg;
use crate::source::spanned::Spanned;
use crate::source::{Diagnostic, Source};

// Loading and semantic checks.
// ------------------------------------------------------------------------------------

/// The largest number a Fleet rules file may hold (every number is 0 to this).
pub(crate) const MAX_NUMBER: u32 = 1_000_000;

/// Parse and check a Fleet rules file. On failure returns every diagnostic found (the text
/// layer, `text::diag`, says them in a language).
pub fn compile(source: &Source) -> Result<FleetRules, Vec<Diagnostic>> {
    // Every number is a count, a number of coins, VP or a position: 0 to MAX_NUMBER, so
    // no sum or product in scoring can wrap.
    let out_of_range: Vec<Diagnostic> = crate::source::integers_outside(&source.text, 0, i128::from(MAX_NUMBER))
        .into_iter()
        .map(|(span, written)| {
            Diagnostic::new(msg!("rules.number_out_of_range", value = written, max = MAX_NUMBER), Some(span))
                .help(msg!("rules.number_out_of_range_help", max = MAX_NUMBER))
        })
        .collect();
    if !out_of_range.is_empty() {
        return Err(out_of_range);
    }
    // A syntax error is the `toml` crate's (quoted in our frame); a key, type or range
    // mistake is found by our reader (`source::de`).
    let file: raw::File = crate::source::de::from_str(&source.text).map_err(|e| vec![e.diagnostic()])?;
    let mut c = Checker { diags: Vec::new() };
    let rules = c.compile(file);
    if c.diags.is_empty() {
        Ok(rules)
    } else {
        Err(c.diags)
    }
}

pub(super) struct Checker {
    pub(super) diags: Vec<Diagnostic>,
}

pub(super) fn span<T>(s: &Spanned<T>) -> Option<Range<usize>> {
    Some(s.span())
}

impl Checker {
    /// What a part of the rules is called in messages (`unique_ids`, the solo checks).
    pub(super) fn what(&self, what: &str) -> Arg {
        Arg::from(match what {
            "boat type" => msg!("rules.what_boat_type"),
            "harbor ship" => msg!("rules.what_harbor_ship"),
            "wharf building" => msg!("rules.what_wharf_building"),
            "card" => msg!("rules.what_card"),
            "boat loop" => msg!("rules.what_boat_loop"),
            "harbor loop" => msg!("rules.what_harbor_loop"),
            "wharf loop" => msg!("rules.what_wharf_loop"),
            other => return Arg::from(other),
        })
    }

    pub(super) fn err(&mut self, at: Option<Range<usize>>, message: Message, help: Option<Message>) {
        let mut d = Diagnostic::new(message, at);
        if let Some(h) = help {
            d = d.help(h);
        }
        self.diags.push(d);
    }

    pub(super) fn unique_ids<'a>(
        &mut self,
        what: &str,
        ids: impl Iterator<Item = &'a Spanned<String>>,
        seen: &mut HashSet<String>,
    ) {
        let what = self.what(what);
        for id in ids {
            let v = id.get_ref();
            if v.is_empty() || !v.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') {
                self.err(
                    span(id),
                    msg!("rules.id_format", what = what.clone(), id = v),
                    Some(msg!("rules.id_format_help")),
                );
            }
            if !seen.insert(v.clone()) {
                self.err(span(id), msg!("rules.duplicate_id", id = v), Some(msg!("rules.duplicate_id_help")));
            }
        }
    }

    pub(super) fn tokens(&mut self, layout: &Spanned<String>, allowed: &str, what: impl Into<Arg>) -> Vec<char> {
        let what = what.into();
        let mut out = Vec::new();
        for tok in layout.get_ref().split_whitespace() {
            let mut chars = tok.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if allowed.contains(c) => out.push(c),
                _ => {
                    self.err(
                        span(layout),
                        msg!(
                            "rules.not_a_box",
                            what = what.clone(),
                            token = tok,
                            allowed = allowed.chars().map(String::from).collect::<Vec<_>>().join("`, `")
                        ),
                        None,
                    );
                    return out;
                }
            }
        }
        if out.is_empty() {
            self.err(span(layout), msg!("rules.no_boxes", what = what), None);
        }
        out
    }

    pub(super) fn provisional_keys(&mut self, keys: &[Spanned<String>], allowed: &[&str]) {
        for k in keys {
            if !allowed.contains(&k.get_ref().as_str()) {
                self.err(
                    span(k),
                    msg!("rules.provisional_unknown", key = k.get_ref()),
                    Some(msg!("rules.provisional_unknown_help", keys = allowed.join(", "))),
                );
            }
        }
    }

    fn compile(&mut self, f: raw::File) -> FleetRules {
        let mut seen = HashSet::new();
        self.unique_ids("boat type", f.boat_types.iter().map(|t| &t.id), &mut seen);
        self.unique_ids("harbor ship", f.harbor_ships.iter().map(|t| &t.id), &mut seen);
        self.unique_ids("wharf building", f.wharf_buildings.iter().map(|t| &t.id), &mut seen);

        if f.game.engine.get_ref() != "fleet" {
            self.err(span(&f.game.engine), msg!("rules.engine_mismatch", engine = f.game.engine.get_ref()), None);
        }
        let players = f.game.players.get_ref();
        if players.min < 1 || players.min > players.max {
            self.err(span(&f.game.players), msg!("rules.players_range", min = players.min, max = players.max), None);
        }
        let rounds = *f.game.rounds.get_ref();
        if rounds == 0 {
            self.err(span(&f.game.rounds), msg!("rules.no_rounds"), None);
        }
        let fishing_rounds = f.game.fishing_rounds.get_ref().clone();
        if fishing_rounds.windows(2).any(|w| w[0] >= w[1]) || fishing_rounds.iter().any(|r| *r == 0 || *r > rounds) {
            self.err(span(&f.game.fishing_rounds), msg!("rules.fishing_rounds", rounds = rounds), None);
        }
        if *f.income.cap.get_ref() < f.income.base {
            self.err(
                span(&f.income.cap),
                msg!("rules.income_cap", cap = f.income.cap.get_ref(), base = f.income.base),
                None,
            );
        }

        // Boat types.
        let mut boat_types = Vec::new();
        for t in &f.boat_types {
            boat_types.push(self.boat_type(t, *f.game.start_boxes.get_ref(), &f.game.start_boxes));
        }
        if boat_types.is_empty() {
            self.err(None, msg!("rules.no_boat_types"), Some(msg!("rules.no_boat_types_help")));
        }
        let type_index = |id: &str| boat_types.iter().position(|t: &BoatType| t.id == id);

        // Dice.
        let mut boat_faces = Vec::new();
        for face in &f.dice.boat_faces {
            match face.get_ref().as_str() {
                "coins" => boat_faces.push(BoatFace::Coins),
                id => match type_index(id) {
                    Some(i) => boat_faces.push(BoatFace::Type(i)),
                    None => self.err(
                        span(face),
                        msg!("rules.boat_face_unknown", face = id),
                        Some(msg!(
                            "rules.boat_face_unknown_help",
                            types = boat_types.iter().map(|t| t.id.as_str()).collect::<Vec<_>>().join(", ")
                        )),
                    ),
                },
            }
        }
        for (i, t) in boat_types.iter().enumerate() {
            if !boat_faces.contains(&BoatFace::Type(i)) {
                self.err(None, msg!("rules.boat_face_missing", id = &t.id), Some(msg!("rules.boat_face_missing_help")));
            }
        }
        let mut town_faces = Vec::new();
        for face in &f.dice.town_faces {
            match face.get_ref().as_str() {
                "harbor" => town_faces.push(TownFace::Harbor),
                "wharf" => town_faces.push(TownFace::Wharf),
                "market" => town_faces.push(TownFace::Market),
                other => self.err(span(face), msg!("rules.town_face_unknown", face = other), None),
            }
        }
        let mut pools = BTreeMap::new();
        for p in f.dice.pools.get_ref() {
            if pools.insert(p.players, Pool { boat: p.boat, town: p.town, town_boat: p.town_boat }).is_some() {
                self.err(span(&f.dice.pools), msg!("rules.pool_twice", players = p.players), None);
            }
            if p.boat + p.town_boat > f.dice.boat_dice_in_box || p.town > f.dice.town_dice_in_box {
                self.err(
                    span(&f.dice.pools),
                    msg!(
                        "rules.pool_too_big",
                        players = p.players,
                        boat = p.boat + p.town_boat,
                        town = p.town,
                        boat_box = f.dice.boat_dice_in_box,
                        town_box = f.dice.town_dice_in_box
                    ),
                    None,
                );
            }
            if p.boat < 2 {
                self.err(span(&f.dice.pools), msg!("rules.pool_boat_small", players = p.players), None);
            }
        }
        for n in f.game.players.get_ref().min..=f.game.players.get_ref().max {
            if !pools.contains_key(&n) {
                self.err(
                    span(&f.dice.pools),
                    msg!("rules.pool_missing", players = n),
                    Some(msg!("rules.pool_missing_help")),
                );
            }
        }

        // Coin track.
        let coin_tokens = self.tokens(&f.coin_track.boxes, ".*", "coin_track.boxes");
        let coin_stars: Vec<bool> = coin_tokens.iter().map(|c| *c == '*').collect();
        self.provisional_keys(&f.coin_track.provisional, &["boxes", "name"]);

        // Market: sorted brackets starting at 0.
        let brackets: Vec<(u32, u32)> = f.market.brackets.get_ref().iter().map(|b| (b.from, b.coins)).collect();
        if brackets.first().map(|b| b.0) != Some(0) {
            self.err(span(&f.market.brackets), msg!("rules.market_start"), None);
        }
        if brackets.windows(2).any(|w| w[0].0 >= w[1].0) {
            self.err(span(&f.market.brackets), msg!("rules.market_sorted"), Some(msg!("rules.market_sorted_help")));
        }
        if brackets.windows(2).any(|w| w[0].1 > w[1].1) {
            self.err(span(&f.market.brackets), msg!("rules.market_coins_down"), None);
        }
        self.provisional_keys(&f.market.provisional, &["brackets", "name"]);

        // Harbor ships.
        let mut harbor = Vec::new();
        for h in &f.harbor_ships {
            harbor.push(self.harbor_ship(h));
        }
        for effect in [HarborEffect::KingCrab, HarborEffect::Barge] {
            if harbor.iter().filter(|h| h.effect == effect).count() > 1 {
                self.err(None, msg!("rules.harbor_effect_twice", effect = format!("{effect:?}")), None);
            }
        }

        // King crab bonuses.
        let mut bonuses = Vec::new();
        let mut bonus_ids = HashSet::new();
        for b in f.king_crab.bonuses.get_ref() {
            if !bonus_ids.insert(b.id.get_ref().clone()) {
                self.err(span(&b.id), msg!("rules.bonus_duplicate", id = b.id.get_ref()), None);
            }
            let per = Quantity::parse(b.per.get_ref());
            if per.is_none() {
                self.err(
                    span(&b.per),
                    msg!("rules.bonus_per_unknown", per = b.per.get_ref()),
                    Some(msg!("rules.quantity_help")),
                );
            }
            if *b.every.get_ref() == 0 {
                self.err(span(&b.every), msg!("rules.every_zero"), None);
            }
            bonuses.push(KingCrabBonus {
                id: b.id.get_ref().clone(),
                name: b.name.clone(),
                per: per.unwrap_or(Quantity::Fish),
                every: (*b.every.get_ref()).max(1),
                points: b.points,
            });
        }
        let max_players = f.game.players.get_ref().max as usize;
        if harbor.iter().any(|h| h.effect == HarborEffect::KingCrab) && bonuses.len() < max_players {
            self.err(
                span(&f.king_crab.bonuses),
                msg!("rules.bonuses_too_few", count = bonuses.len(), max = max_players),
                Some(msg!("rules.bonuses_too_few_help")),
            );
        }
        self.provisional_keys(&f.king_crab.provisional, &["bonuses", "cap"]);

        // Wharf buildings.
        let mut wharf = Vec::new();
        for b in &f.wharf_buildings {
            wharf.push(self.building(b));
        }
        for effect in [BuildingEffect::Buffet, BuildingEffect::Salvage] {
            if wharf.iter().filter(|b| b.effect == effect).count() > 1 {
                self.err(None, msg!("rules.wharf_effect_twice", effect = format!("{effect:?}")), None);
            }
        }
        if let Some(buffet) = wharf.iter().find(|b| b.effect == BuildingEffect::Buffet) {
            if buffet.hex_vp.len() != boat_types.len() {
                let at = f
                    .wharf_buildings
                    .iter()
                    .find(|b| b.effect.get_ref() == "buffet")
                    .and_then(|b| b.hex_vp.as_ref().map(span))
                    .flatten();
                self.err(at, msg!("rules.buffet_hex_count", need = boat_types.len(), have = buffet.hex_vp.len()), None);
            }
        }

        // Scoring.
        let mut tie_breaks = Vec::new();
        for t in &f.scoring.tie_breaks {
            match t.get_ref().as_str() {
                "fish" => tie_breaks.push(TieBreak::Fish),
                other => self.err(
                    span(t),
                    msg!("rules.tie_break_unknown", name = other),
                    Some(msg!("rules.tie_break_unknown_help")),
                ),
            }
        }
        let mut categories = Vec::new();
        for c in CATEGORIES {
            match f.scoring.categories.get(c) {
                Some(n) => categories.push((c.to_string(), n.clone())),
                None => {
                    self.err(None, msg!("rules.category_missing", category = c), Some(msg!("rules.categories_help")))
                }
            }
        }
        for c in f.scoring.categories.keys() {
            if !CATEGORIES.contains(&c.as_str()) {
                self.err(None, msg!("rules.category_unknown", category = c), Some(msg!("rules.categories_help")));
            }
        }

        // Solo.
        let loop_of = |ids: &[Spanned<String>],
                       find: &dyn Fn(&str) -> Option<usize>,
                       what: &str,
                       me: &mut Self|
         -> Vec<usize> {
            let what = me.what(what);
            ids.iter()
                .filter_map(|id| {
                    let i = find(id.get_ref());
                    if i.is_none() {
                        me.err(span(id), msg!("rules.solo_loop_unknown", what = what.clone(), id = id.get_ref()), None);
                    }
                    i
                })
                .collect()
        };
        let harbor_ids: Vec<String> = harbor.iter().map(|h| h.id.clone()).collect();
        let wharf_ids: Vec<String> = wharf.iter().map(|h| h.id.clone()).collect();
        let type_ids: Vec<String> = boat_types.iter().map(|h| h.id.clone()).collect();
        let boat_loop = loop_of(&f.solo.boat_loop, &|s| type_ids.iter().position(|x| x == s), "boat loop", self);
        let harbor_loop =
            loop_of(&f.solo.harbor_loop, &|s| harbor_ids.iter().position(|x| x == s), "harbor loop", self);
        let wharf_loop = loop_of(&f.solo.wharf_loop, &|s| wharf_ids.iter().position(|x| x == s), "wharf loop", self);
        let mut tokens = Vec::new();
        if f.solo.tokens.len() != 3 {
            self.err(None, msg!("rules.solo_tokens_three"), None);
        } else {
            let finders: [(&Vec<String>, &str); 3] =
                [(&type_ids, "boat type"), (&harbor_ids, "harbor ship"), (&wharf_ids, "wharf building")];
            for (id, (ids, what)) in f.solo.tokens.iter().zip(finders) {
                match ids.iter().position(|x| x == id.get_ref()) {
                    Some(i) => tokens.push(i),
                    None => {
                        let what = self.what(what);
                        self.err(span(id), msg!("rules.solo_token_unknown", id = id.get_ref(), what = what), None)
                    }
                }
            }
        }
        let ratings: Vec<Rating> =
            f.solo.ratings.get_ref().iter().map(|r| Rating { min: r.min, name: r.name.clone() }).collect();
        if ratings.windows(2).any(|w| w[0].min <= w[1].min) || ratings.last().map(|r| r.min) != Some(0) {
            self.err(span(&f.solo.ratings), msg!("rules.solo_ratings"), None);
        }
        self.provisional_keys(
            &f.solo.provisional,
            &["ratings", "rounds", "tokens", "boat_loop", "harbor_loop", "wharf_loop"],
        );

        let options = self.options(&f.options);

        // Sections, in the order a person reads the paper: boat sheet, then town sheet.
        let mut sections = Vec::new();
        for (i, t) in boat_types.iter().enumerate() {
            sections.push(Section { id: t.id.clone(), kind: SectionKind::Column(i), len: t.column.len() });
            sections.push(Section {
                id: format!("{}_license", t.id),
                kind: SectionKind::Licenses(i),
                len: t.license_levels.len(),
            });
            sections.push(Section { id: format!("{}_boat", t.id), kind: SectionKind::Boats(i), len: t.boats.len() });
        }
        for (i, h) in harbor.iter().enumerate() {
            sections.push(Section { id: h.id.clone(), kind: SectionKind::Harbor(i), len: h.circles.len() });
        }
        for (i, b) in wharf.iter().enumerate() {
            sections.push(Section { id: b.id.clone(), kind: SectionKind::Wharf(i), len: b.circles.len() });
        }
        sections.push(Section { id: "buffet_hex".into(), kind: SectionKind::BuffetHexes, len: boat_types.len() });
        let salvage_stars = wharf.iter().find(|b| b.effect == BuildingEffect::Salvage).map_or(0, |b| b.stars as usize);
        sections.push(Section { id: "salvage_star".into(), kind: SectionKind::SalvageStars, len: salvage_stars });
        sections.push(Section { id: "coin".into(), kind: SectionKind::Coins, len: coin_stars.len() });
        let mut section_ids = HashSet::new();
        for s in &sections {
            if !section_ids.insert(s.id.clone()) {
                self.err(None, msg!("rules.section_twice", id = &s.id), Some(msg!("rules.section_twice_help")));
            }
        }

        let (captains, trophies) = self.cards(&f.cards, &boat_types, &sections);

        let index = SectionIndex::build(&sections, &boat_types, &harbor, &wharf);
        FleetRules {
            id: f.game.id.get_ref().clone(),
            name: f.game.name,
            year: f.game.year,
            bgg_id: f.game.bgg_id,
            min_players: f.game.players.get_ref().min,
            max_players: f.game.players.get_ref().max,
            rounds,
            fishing_rounds,
            start_boxes: *f.game.start_boxes.get_ref(),
            income_base: f.income.base,
            income_cap: *f.income.cap.get_ref(),
            second_license_coins: f.licenses.second_license_coins,
            dice: Dice {
                boat_faces,
                town_faces,
                coins_face: f.dice.coins_face,
                die_as_coins: f.dice.die_as_coins,
                boat_dice_in_box: f.dice.boat_dice_in_box,
                town_dice_in_box: f.dice.town_dice_in_box,
                pools,
            },
            boat_types,
            coin_name: f.coin_track.name,
            coin_stars,
            market_name: f.market.name,
            market: brackets,
            harbor,
            king_crab_cap: f.king_crab.cap,
            king_crab_bonuses: bonuses,
            wharf,
            tie_breaks,
            categories,
            solo: Solo { rounds: f.solo.rounds, tokens, boat_loop, harbor_loop, wharf_loop, ratings },
            options,
            captains,
            trophies,
            cards_example: f.cards.example,
            index,
            sections,
        }
    }
}
