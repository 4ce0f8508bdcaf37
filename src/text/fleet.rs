//! Fleet in words: what the engine refers to by index (sections, boats, dice faces) and
//! what it returns as values (decisions, options, events, refusals, Captain Ruth's
//! reasons), as players read them in their language.

use crate::games::fleet::game::{
    Ask, Choice, Decision, DicePhase, Event, Face, FleetRefusal, Game, Happened, Illegal, Input, Kind, Progress, Why,
};
use crate::games::fleet::ruth::{Action, Reason};
use crate::games::fleet::sheet::{boat_slots_of, BoatSlot, Sheet};
use crate::games::fleet::{
    BuildingEffect, BuildingVp, ColumnBox, FleetRules, HarborEffect, LicenseEffect, Metal, Quantity, SectionKind,
    ShrimpCoinsFace,
};
use crate::t;
use crate::text::Lang;

/// A section's name (`cod column`, `Spalte Kabeljau`, `casino`).
pub fn section_name(rules: &FleetRules, section: usize, lang: Lang) -> String {
    match rules.sections[section].kind {
        SectionKind::Column(t) => t!(lang, "engine.column", type = rules.boat_types[t].name.get(lang)),
        SectionKind::Licenses(t) => t!(lang, "engine.licenses", type = rules.boat_types[t].name.get(lang)),
        SectionKind::Boats(t) => t!(lang, "engine.boats", type = rules.boat_types[t].name.get(lang)),
        SectionKind::Coins => rules.coin_name.get(lang).to_string(),
        SectionKind::Harbor(h) => rules.harbor[h].name.get(lang).to_string(),
        SectionKind::Wharf(w) => rules.wharf[w].name.get(lang).to_string(),
        SectionKind::BuffetHexes => t!(lang, "engine.buffet_hexes"),
        SectionKind::SalvageStars => t!(lang, "engine.salvage_stars"),
    }
}

/// A box as the pad names it, in the table's language: `cod 5`, `Lizenz Kabeljau 2`,
/// `King crab 1`, `buffet hex cod` (never a snake_case id).
pub fn box_name(rules: &FleetRules, section: usize, index: usize, lang: Lang) -> String {
    let n = index + 1;
    let bt = |t: usize| rules.boat_types[t].name.get(lang);
    match rules.sections[section].kind {
        SectionKind::Column(t) => t!(lang, "engine.box_column", type = bt(t), n = n),
        SectionKind::Licenses(t) => t!(lang, "engine.box_license", type = bt(t), n = n),
        SectionKind::Boats(t) => t!(lang, "engine.box_boat", type = bt(t), n = n),
        SectionKind::BuffetHexes => t!(lang, "engine.box_hex", type = bt(index)),
        _ => t!(lang, "engine.box_numbered", name = section_name(rules, section, lang), n = n),
    }
}

/// What a card or bonus counts (`fish`, `Fische`, `poissons`).
pub fn quantity_name(quantity: Quantity, lang: Lang) -> String {
    match quantity {
        Quantity::Fish => t!(lang, "engine.quantity.fish"),
        Quantity::Boats => t!(lang, "engine.quantity.boats"),
        Quantity::Licenses => t!(lang, "engine.quantity.licenses"),
        Quantity::Buildings => t!(lang, "engine.quantity.buildings"),
        Quantity::Coins => t!(lang, "engine.quantity.coins"),
    }
}

/// A boat's name: `cod boat 2`, `king crab boat 1`, `barge`.
pub fn boat_name(rules: &FleetRules, boat: &BoatSlot, lang: Lang) -> String {
    match rules.sections[boat.section].kind {
        SectionKind::Boats(t) => {
            t!(lang, "engine.boat_name", boat_type = rules.boat_types[t].name.get(lang), n = boat.slot + 1)
        }
        SectionKind::Harbor(h) if rules.harbor[h].boats.len() == 1 => rules.harbor[h].name.get(lang).to_string(),
        SectionKind::Harbor(h) => format!("{} {}", rules.harbor[h].name.get(lang), boat.slot + 1),
        _ => rules.sections[boat.section].id.clone(),
    }
}

/// A die face's name (`cod`, `Kabeljau`, `3 coins`).
pub fn face_label(rules: &FleetRules, face: Face, lang: Lang) -> String {
    match face {
        Face::Boat(t) => rules.boat_types[t].name.get(lang).to_string(),
        Face::Coins => t!(lang, "engine.face_coins"),
        Face::Harbor => t!(lang, "engine.face_harbor"),
        Face::Wharf => t!(lang, "engine.face_wharf"),
        Face::Market => rules.market_name.get(lang).to_string(),
    }
}

/// A roll's faces, saved as keys, by their names: `cod, cod, 3 coins`.
pub fn faces_label(rules: &FleetRules, faces: &[String], lang: Lang) -> String {
    let names: Vec<String> =
        faces.iter().map(|k| Face::parse(rules, k).map_or(k.clone(), |f| face_label(rules, f, lang))).collect();
    names.join(", ")
}

/// The word a player types for a face in `lang`: its name as one lowercase word
/// (`garnele`, `münzen`, `huître`). In English it is the key.
pub fn face_word(rules: &FleetRules, face: Face, lang: Lang) -> String {
    let word = match face {
        Face::Coins => t!(lang, "engine.face_word_coins"),
        other => face_label(rules, other, lang),
    };
    word.to_lowercase().split_whitespace().collect::<Vec<_>>().join("-")
}

/// A face from what a player typed: its key, or its word in `lang` (then in the other
/// languages), ignoring case and accents (`münzen`, `munzen`, `muenzen`; `huitre`).
pub fn parse_typed_face(rules: &FleetRules, typed: &str, lang: Lang) -> Option<Face> {
    if let Some(face) = Face::parse(rules, typed) {
        return Some(face);
    }
    let faces: Vec<Face> =
        Face::faces_of_kind(rules, true).into_iter().chain(Face::faces_of_kind(rules, false)).collect();
    let langs = std::iter::once(lang).chain(Lang::ALL.into_iter().filter(|l| *l != lang));
    for l in langs {
        if let Some(face) = faces.iter().find(|f| super::same_word(&face_word(rules, **f, l), typed)) {
            return Some(*face);
        }
    }
    None
}

/// The question of a decision.
pub fn prompt(rules: &FleetRules, game: &Game, d: &Decision, lang: Lang) -> String {
    prompt_for(rules, game, d, d.player.map_or("", |p| game.players[p].name.as_str()), lang)
}

/// A decision's question asked of `who` (a player's name, or several players' names when
/// they are asked the same at once: "Ann, Bob: use the shared shrimp").
pub fn prompt_for(rules: &FleetRules, game: &Game, d: &Decision, who: &str, lang: Lang) -> String {
    let name = || who;
    match &d.ask {
        Ask::StartDie => t!(lang, "engine.prompt_start_die", name = name()),
        Ask::Trophy(Metal::Gold) => t!(lang, "engine.prompt_trophy_gold"),
        Ask::Trophy(Metal::Silver) => t!(lang, "engine.prompt_trophy_silver"),
        Ask::Captain => t!(lang, "engine.prompt_captain", name = name()),
        Ask::StartPlayer => t!(lang, "engine.prompt_start_player"),
        Ask::Roll { phase, round, roller } => {
            let roller = &game.players[*roller].name;
            match phase {
                DicePhase::Boat => t!(lang, "engine.prompt_roll_boat", round = round, name = roller),
                DicePhase::Town => t!(lang, "engine.prompt_roll_town", round = round, name = roller),
            }
        }
        Ask::Reroll => t!(lang, "engine.prompt_reroll", name = name()),
        Ask::Pick { pool } => {
            let dice = pool.iter().map(|f| face_label(rules, *f, lang)).collect::<Vec<_>>().join(", ");
            t!(lang, "engine.prompt_pick", name = name(), dice = dice)
        }
        Ask::Use { face, shared } => {
            let face = face_label(rules, *face, lang);
            if *shared {
                t!(lang, "engine.prompt_use_shared", name = name(), face = face)
            } else {
                t!(lang, "engine.prompt_use", name = name(), face = face)
            }
        }
        Ask::FlexType => t!(lang, "engine.prompt_flex", name = name()),
        Ask::ChoiceCircle { boat_type } => {
            t!(lang, "engine.prompt_choice", name = name(), boat_type = rules.boat_types[*boat_type].name.get(lang))
        }
        Ask::KingCrabBonus => t!(lang, "engine.prompt_king_crab", name = name()),
        Ask::Star => t!(lang, "engine.prompt_star", name = name()),
        Ask::Oyster { boat } => t!(lang, "engine.prompt_oyster", name = name(), boat = boat_name(rules, boat, lang)),
    }
}

/// The line shown above each question at the table: the round and phase, who decides,
/// the dice left in the pool and the deciding player's coins and fish
/// (`Round 4/10 · town phase · Bob picks · left: harbor, market · Bob: 23 coins, 14 fish`).
pub fn status_line(rules: &FleetRules, game: &Game, d: &Decision, lang: Lang) -> String {
    let mut parts = vec![if game.round == 0 {
        t!(lang, "engine.status_setup")
    } else {
        t!(lang, "engine.status_round", round = game.round, rounds = game.rounds)
    }];
    // Before its roll, a dice phase is the roll's.
    let phase = match &d.ask {
        Ask::Roll { phase, .. } => Some(*phase),
        _ => game.phase,
    };
    match phase {
        Some(DicePhase::Boat) => parts.push(t!(lang, "engine.status_boat_phase")),
        Some(DicePhase::Town) => parts.push(t!(lang, "engine.status_town_phase")),
        None => {}
    }
    let name = d.player.map(|p| game.players[p].name.as_str());
    let shared = matches!(d.ask, Ask::Use { shared: true, .. });
    match (&d.ask, name) {
        (Ask::Use { face, shared: true }, _) => {
            parts.push(t!(lang, "engine.status_everyone", face = face_label(rules, *face, lang)))
        }
        (Ask::Roll { roller, .. }, _) => parts.push(t!(lang, "engine.status_rolls", name = game.players[*roller].name)),
        (Ask::Pick { .. }, Some(name)) => parts.push(t!(lang, "engine.status_picks", name = name)),
        (_, Some(name)) => parts.push(t!(lang, "engine.status_turn", name = name)),
        (_, None) => {}
    }
    if game.phase.is_some() && !game.pool.is_empty() && !matches!(d.ask, Ask::Roll { .. }) {
        let dice: Vec<String> = game.pool.iter().map(|f| face_label(rules, *f, lang)).collect();
        parts.push(t!(lang, "engine.status_left", dice = dice.join(", ")));
    }
    if let Some(p) = d.player.filter(|_| !shared) {
        let sheet = &game.players[p].sheet;
        parts.push(t!(
            lang,
            "engine.status_player",
            name = game.players[p].name,
            coins = sheet.coins(rules),
            fish = sheet.total_fish()
        ));
    }
    parts.join(" · ")
}

/// What a circle does, after a box id in an option (` (B: launch a boat)`), on the
/// deciding player's sheet: a circle with no license or boat left says so.
fn circle_note(rules: &FleetRules, sheet: Option<&Sheet>, s: usize, i: usize, lang: Lang) -> String {
    match rules.sections[s].kind {
        SectionKind::Column(t) => {
            let left = |kind| sheet.is_none_or(|sh| sh.next_free(rules.section_of(kind)).is_some());
            let (license, boat) = (left(SectionKind::Licenses(t)), left(SectionKind::Boats(t)));
            match (rules.boat_types[t].column[i], license, boat) {
                (ColumnBox::License, true, _) => t!(lang, "engine.note_license"),
                (ColumnBox::License, false, _) => t!(lang, "engine.note_license_none"),
                (ColumnBox::Boat, _, true) => t!(lang, "engine.note_boat"),
                (ColumnBox::Boat, _, false) => t!(lang, "engine.note_boat_none"),
                (ColumnBox::Choice, true, true) => t!(lang, "engine.note_choice"),
                (ColumnBox::Choice, true, false) => t!(lang, "engine.note_choice_license"),
                (ColumnBox::Choice, false, true) => t!(lang, "engine.note_choice_boat"),
                (ColumnBox::Choice, false, false) => t!(lang, "engine.note_choice_none"),
                (ColumnBox::Plain, ..) => String::new(),
            }
        }
        SectionKind::Harbor(h) if rules.harbor[h].circles[i] => t!(lang, "engine.note_circle"),
        SectionKind::Wharf(b) if rules.wharf[b].circles[i] => t!(lang, "engine.note_completes"),
        _ => String::new(),
    }
}

/// Whether an option marks a column box whose circle gains nothing on the deciding
/// player's sheet (a license or a boat circle with none left to take).
pub fn circle_gains_nothing(rules: &FleetRules, game: &Game, d: &Decision, choice: &Choice) -> bool {
    let (Choice::Mark { section, index } | Choice::Section { section, index }) = *choice else { return false };
    let Some(sheet) = d.player.map(|p| &game.players[p].sheet) else { return false };
    let SectionKind::Column(t) = rules.sections[section].kind else { return false };
    let left = |kind| sheet.next_free(rules.section_of(kind)).is_some();
    let (license, boat) = (left(SectionKind::Licenses(t)), left(SectionKind::Boats(t)));
    match rules.boat_types[t].column[index] {
        ColumnBox::License => !license,
        ColumnBox::Boat => !boat,
        ColumnBox::Choice => !license && !boat,
        ColumnBox::Plain => false,
    }
}

/// An option of a decision, as the deciding player reads it.
pub fn option_label(rules: &FleetRules, game: &Game, d: &Decision, choice: &Choice, lang: Lang) -> String {
    let sheet = d.player.map(|p| &game.players[p].sheet);
    let flex_extra = || {
        let level = d
            .player
            .and_then(|p| game.players[p].sheet.license_with(rules, LicenseEffect::FlexDie))
            .unwrap_or_default();
        match (level.types, level.stars) {
            (1, 0) => (String::new(), level.stars),
            (1, s) => (t!(lang, "engine.plus_star_actions", n = s), level.stars),
            (n, s) => (
                t!(lang, "engine.and_more_types", n = n - 1) + &t!(lang, "engine.plus_star_actions", n = s),
                level.stars,
            ),
        }
    };
    match *choice {
        Choice::BoatType(t) => rules.boat_types[t].name.get(lang).to_string(),
        Choice::Trophy(t) => rules.trophies[t].name.get(lang).to_string(),
        Choice::Captain(c) => rules.captains[c].name.get(lang).to_string(),
        Choice::Player(p) => game.players[p].name.clone(),
        Choice::Die(face) => face_label(rules, face, lang),
        Choice::Mark { section, index } | Choice::Section { section, index } => t!(
            lang,
            "engine.opt_mark",
            box = box_name(rules, section, index, lang),
            note = circle_note(rules, sheet, section, index, lang)
        ),
        Choice::FlexAs(t) => {
            t!(lang, "engine.opt_flex_as", boat_type = rules.boat_types[t].name.get(lang), extra = flex_extra().0)
        }
        Choice::FlexCoins => {
            let (extra, stars) = flex_extra();
            let extra = if rules.options.shrimp_coins_face == ShrimpCoinsFace::WholeDie {
                // The 3-coins face takes the whole die: only the star actions come with it.
                if stars > 0 {
                    t!(lang, "engine.plus_star_actions", n = stars)
                } else {
                    String::new()
                }
            } else {
                extra
            };
            t!(lang, "engine.opt_flex_coins", extra = extra)
        }
        Choice::Hex(t) => t!(lang, "engine.opt_hex", boat_type = rules.boat_types[t].name.get(lang)),
        Choice::CoinsFace(n) => t!(lang, "engine.opt_coins", n = n),
        Choice::Market(n) => t!(lang, "engine.opt_market", n = n),
        Choice::Reroll => t!(lang, "engine.opt_reroll"),
        Choice::Salvage => t!(lang, "engine.opt_salvage"),
        Choice::DieAsCoins(n) => t!(lang, "engine.opt_coin", n = n),
        Choice::License => t!(lang, "engine.opt_activate_license"),
        Choice::Boat => t!(lang, "engine.opt_launch_boat"),
        Choice::Bonus(b) => rules.king_crab_bonuses[b].name.get(lang).to_string(),
        Choice::TwoFish => t!(lang, "engine.opt_two_fish"),
        Choice::FishAndCoin => t!(lang, "engine.opt_fish_coin"),
        Choice::EveryOyster { coin: false, boats } => t!(lang, "engine.opt_every_two_fish", n = boats),
        Choice::EveryOyster { coin: true, boats } => t!(lang, "engine.opt_every_fish_coin", n = boats),
    }
}

/// What each die of a pick would do for the picking player now, for `help` at a pick:
/// one line per die, with the uses it would be asked about (the box each marks and what
/// that starts), or what would happen at once when it needs no question.
pub fn pick_help(rules: &FleetRules, game: &Game, d: &Decision, lang: Lang) -> Vec<String> {
    (d.options.iter())
        .map(|die| {
            format!("  {}: {}", option_label(rules, game, d, die, lang), die_help(rules, game, d, die, true, lang))
        })
        .collect()
}

/// What one die of a pick would do for the picking player now: the uses it would be asked
/// about (with what each does, when `detailed`), or what would happen at once. Undetailed,
/// the highlighted die's line under a pick's menu (and its `help N`).
pub fn die_help(rules: &FleetRules, game: &Game, d: &Decision, die: &Choice, detailed: bool, lang: Lang) -> String {
    let mut g = game.clone();
    g.take_events();
    let input = Input::Choice(die.key(rules, game).into_owned());
    match g.apply(rules, &input) {
        Err(illegal) => refusal(rules, game, &illegal, lang),
        Ok(()) => match g.decision(rules) {
            Some(next) if next.player == d.player && matches!(next.ask, Ask::Use { .. }) => {
                let said = |o: &Choice| match option_help(rules, &g, &next, o, lang).filter(|_| detailed) {
                    Some(help) => format!("{} ({help})", option_label(rules, &g, &next, o, lang)),
                    None => option_label(rules, &g, &next, o, lang),
                };
                next.options.iter().map(said).collect::<Vec<_>>().join(" · ")
            }
            _ => g.take_events().iter().map(|e| event(rules, &g, e, lang)).collect::<Vec<_>>().join("; "),
        },
    }
}

/// What an option of a decision does, for `help` at its menu: the license level or boat a
/// column circle gives, a harbor ship's effect, a wharf building's effect, VP and boxes.
/// None where the option's label says it all.
pub fn option_help(rules: &FleetRules, game: &Game, d: &Decision, choice: &Choice, lang: Lang) -> Option<String> {
    let (Choice::Mark { section, index } | Choice::Section { section, index }) = *choice else { return None };
    let sheet = d.player.map(|p| &game.players[p].sheet);
    let next = |kind| sheet.map_or(Some(0), |sh: &Sheet| sh.next_free(rules.section_of(kind)));
    match rules.sections[section].kind {
        SectionKind::Column(t) => {
            let bt = &rules.boat_types[t];
            let license = || match next(SectionKind::Licenses(t)) {
                Some(l) => {
                    t!(lang, "engine.help_license", level = l + 1, reminder = license_reminder(rules, t, l + 1, lang))
                }
                None => t!(lang, "engine.help_no_license"),
            };
            let boat = || match next(SectionKind::Boats(t)) {
                Some(b) => {
                    // The oyster licenses make its boats hold more.
                    let slots = boat_slots_of(rules, rules.section_of(SectionKind::Boats(t)));
                    let capacity = match (sheet, slots.get(b)) {
                        (Some(sh), Some(slot)) => sh.capacity(rules, slot),
                        _ => bt.boats[b].capacity,
                    };
                    t!(lang, "engine.help_boat", n = b + 1, capacity = capacity, vp = bt.boats[b].vp)
                }
                None => t!(lang, "engine.help_no_boat"),
            };
            match bt.column[index] {
                ColumnBox::License => Some(license()),
                ColumnBox::Boat => Some(boat()),
                ColumnBox::Choice => Some(format!("{} · {}", license(), boat())),
                ColumnBox::Plain => None,
            }
        }
        SectionKind::Harbor(h) => {
            let ship = &rules.harbor[h];
            Some(match ship.effect {
                HarborEffect::KingCrab => t!(lang, "engine.help_king_crab", vp = ship.license_vp),
                HarborEffect::PrivateFishing => t!(lang, "engine.help_private_fishing"),
                HarborEffect::Launch => t!(lang, "engine.help_launch"),
                HarborEffect::Barge => t!(lang, "engine.help_barge"),
            })
        }
        SectionKind::Wharf(b) => {
            let building = &rules.wharf[b];
            let vp = match building.vp {
                _ if !building.hex_vp.is_empty() => {
                    let list: Vec<String> = building.hex_vp.iter().map(u32::to_string).collect();
                    t!(lang, "engine.help_vp_hexes", list = list.join("/"))
                }
                BuildingVp::Complete(vp) => t!(lang, "engine.help_vp_complete", vp = vp),
                BuildingVp::PerBox(vp) => t!(lang, "engine.help_vp_per_box", vp = vp),
                BuildingVp::AllBoxes(vp) => t!(lang, "engine.help_vp_all_boxes", vp = vp),
            };
            let effect = building_reminder(rules, b, lang);
            Some(t!(lang, "engine.help_building", effect = effect, vp = vp, n = building.circles.len()))
        }
        _ => None,
    }
}

/// What a license level gives, and its VP.
fn license_reminder(rules: &FleetRules, t: usize, level: usize, lang: Lang) -> String {
    let bt = &rules.boat_types[t];
    let l = bt.license_levels[level - 1];
    let vp = bt.license_vp[level - 1];
    let vp = if vp > 0 { t!(lang, "engine.vp_at_end", vp = vp) } else { String::new() };
    let bonus = match bt.license_effect {
        LicenseEffect::FlexDie => t!(
            lang,
            "engine.license_flex",
            n = l.types,
            stars = if l.stars > 0 { t!(lang, "engine.plus_star_actions", n = l.stars) } else { String::new() }
        ),
        LicenseEffect::LaunchCoins => t!(lang, "engine.license_launch_coins", n = l.coins),
        LicenseEffect::Income => t!(lang, "engine.license_income", n = l.coins),
        LicenseEffect::AfterFishing => t!(
            lang,
            "engine.license_after_fishing",
            n = l.stars,
            coins = if l.coins > 0 { t!(lang, "engine.plus_coins", n = l.coins) } else { String::new() }
        ),
        LicenseEffect::Oyster => t!(lang, "engine.license_oyster", n = l.capacity),
    };
    format!("{bonus}{vp}")
}

/// What a complete wharf building gives.
fn building_reminder(rules: &FleetRules, b: usize, lang: Lang) -> String {
    let building = &rules.wharf[b];
    match building.effect {
        BuildingEffect::Reroll => t!(lang, "engine.building_reroll"),
        BuildingEffect::None => t!(lang, "engine.building_none"),
        BuildingEffect::Buffet => t!(lang, "engine.building_buffet"),
        BuildingEffect::Salvage => t!(lang, "engine.building_salvage", n = building.stars),
        BuildingEffect::DieAsCoins => t!(lang, "engine.building_die_as_coins", n = building.coins),
        BuildingEffect::MarketBonus => t!(lang, "engine.building_market", n = building.coins),
        BuildingEffect::IncomePerFullBoat => t!(lang, "engine.building_income", n = building.coins),
    }
}

fn why_text(why: &Why, lang: Lang) -> String {
    match why {
        Why::Income { base, lobster, canning, capped } => {
            let mut parts = vec![t!(lang, "engine.income_base", n = base)];
            if let Some(coins) = lobster {
                parts.push(t!(lang, "engine.income_lobster", n = coins));
            }
            if let Some((coins, full)) = canning {
                parts.push(t!(lang, "engine.income_canning", coins = coins, n = full));
            }
            let capped = if *capped { t!(lang, "engine.income_capped") } else { String::new() };
            t!(lang, "engine.income", parts = parts.join(" "), capped = capped)
        }
        Why::SecondLicense => t!(lang, "engine.why_second_license"),
        Why::CodLicense => t!(lang, "engine.why_cod"),
        Why::DieAsCoins => t!(lang, "engine.why_die_as_coins"),
        Why::CoinsFace => t!(lang, "engine.face_coins"),
        Why::Market => t!(lang, "engine.why_market"),
        Why::FlexCoins => t!(lang, "engine.why_flex_coins"),
        Why::OysterCoin => t!(lang, "engine.why_oyster_coin"),
        Why::Swordfish => t!(lang, "engine.why_swordfish"),
    }
}

/// An event as one line: `Ann: lobster license L2: +2 income`, `Shared die: cod — …`.
pub fn event(rules: &FleetRules, game: &Game, e: &Event, lang: Lang) -> String {
    let text = happened(rules, game, &e.what, lang);
    match e.player {
        Some(p) => t!(lang, "engine.say_prefix", name = game.players[p].name, text = text),
        None => text,
    }
}

fn happened(rules: &FleetRules, game: &Game, what: &Happened, lang: Lang) -> String {
    let bt = |t: usize| rules.boat_types[t].name.get(lang);
    match what {
        Happened::ExampleCards => t!(lang, "engine.announce_example_cards"),
        Happened::Round { round, rounds, start } => {
            let start = match start {
                Some(p) => game.players[*p].name.clone(),
                None => t!(lang, "engine.captain_ruth"),
            };
            t!(lang, "engine.announce_round", round = round, rounds = rounds, start = start)
        }
        Happened::Shared { face } => t!(lang, "engine.announce_shared", face = face_label(rules, *face, lang)),
        Happened::Fishing { round } => t!(lang, "engine.announce_fishing", round = round),
        Happened::TrophyInPlay { trophy } => {
            let trophy = &rules.trophies[*trophy];
            let when =
                if trophy.metal == Metal::Gold { t!(lang, "engine.when_gold") } else { t!(lang, "engine.when_silver") };
            t!(lang, "engine.announce_trophy", trophy = trophy.name.get(lang), vp = trophy.vp, when = when)
        }
        Happened::Over => t!(lang, "engine.announce_over"),
        Happened::StartDie { boat_type, boxes } => {
            t!(lang, "engine.say_start_die", boat_type = bt(*boat_type), n = boxes)
        }
        Happened::Captain { captain } => {
            let captain = &rules.captains[*captain];
            t!(lang, "engine.say_captain", captain = captain.name.get(lang), boat_type = bt(captain.boat_type))
        }
        Happened::License { boat_type, level } => t!(
            lang,
            "engine.say_license",
            boat_type = bt(*boat_type),
            level = level,
            reminder = license_reminder(rules, *boat_type, *level, lang)
        ),
        Happened::NoLicense { boat_type } => t!(lang, "engine.say_no_license", boat_type = bt(*boat_type)),
        Happened::Launched { boat_type, n } => t!(lang, "engine.say_launched", boat_type = bt(*boat_type), n = n),
        Happened::NoBoat { boat_type } => t!(lang, "engine.say_no_boat", boat_type = bt(*boat_type)),
        Happened::KingCrabLicense { vp } => t!(lang, "engine.say_king_crab", vp = vp),
        Happened::HarborLaunched { harbor, n, section, index } => {
            let ship = &rules.harbor[*harbor];
            let what = if ship.effect == crate::games::fleet::HarborEffect::Barge {
                ship.name.get(lang).to_string()
            } else {
                t!(lang, "engine.harbor_boat", ship = ship.name.get(lang), n = n)
            };
            t!(lang, "engine.say_harbor_launched", what = what, box = box_name(rules, *section, *index, lang))
        }
        Happened::BonusTaken { bonus } => {
            t!(lang, "engine.say_bonus_taken", bonus = rules.king_crab_bonuses[*bonus].name.get(lang))
        }
        Happened::Earned { coins, why, total, lost, stars, after_fishing } => {
            let mut text = t!(lang, "engine.earn", n = coins, why = why_text(why, lang), total = total);
            if *lost > 0 {
                text.push_str(&t!(lang, "engine.earn_lost", n = lost));
            }
            if *stars > 0 {
                let after = if *after_fishing { t!(lang, "engine.after_fishing") } else { String::new() };
                text.push_str(&t!(lang, "engine.earn_stars", n = stars, after = after));
            }
            text
        }
        Happened::BuildingComplete { building } => t!(
            lang,
            "engine.say_building_complete",
            building = rules.wharf[*building].name.get(lang),
            reminder = building_reminder(rules, *building, lang)
        ),
        Happened::SectionFull { section } => {
            t!(lang, "engine.say_section_full", section = section_name(rules, *section, lang))
        }
        Happened::ChoiceNone { section, index } => {
            t!(lang, "engine.say_choice_none", box = box_name(rules, *section, *index, lang))
        }
        Happened::StarLost => t!(lang, "engine.say_star_lost"),
        Happened::NoColumn => t!(lang, "engine.say_no_column"),
        Happened::NoBonus => t!(lang, "engine.say_no_bonus"),
        Happened::Barge { n, full } => t!(lang, "engine.say_barge", n = n, full = full),
        Happened::Caught { n, total } => t!(lang, "engine.say_caught", n = n, total = total),
        Happened::PrivateFishing => t!(lang, "engine.say_private_fishing"),
        Happened::Swordfish { stars, coins } => {
            let coins = if *coins > 0 { t!(lang, "engine.and_coins", n = coins) } else { String::new() };
            t!(lang, "engine.say_swordfish", n = stars, coins = coins)
        }
        Happened::Salvage { n } => t!(lang, "engine.say_salvage", n = n),
        Happened::Hex { boat_type, n } => t!(lang, "engine.say_hex", boat_type = bt(*boat_type), n = n),
        Happened::FlexAs { level, boat_type } => {
            t!(lang, "engine.say_flex_as", level = level, boat_type = bt(*boat_type))
        }
        Happened::Reroll { face } => t!(lang, "engine.say_casino_reroll", face = face_label(rules, *face, lang)),
        Happened::Silver { trophy } => {
            let trophy = &rules.trophies[*trophy];
            t!(lang, "engine.say_silver", trophy = trophy.name.get(lang), vp = trophy.vp)
        }
        Happened::Gold { trophy, best } => {
            let trophy = &rules.trophies[*trophy];
            t!(lang, "engine.say_gold", trophy = trophy.name.get(lang), best = best, vp = trophy.vp)
        }
        Happened::NoGold { trophy } => {
            t!(lang, "engine.announce_no_gold", trophy = rules.trophies[*trophy].name.get(lang))
        }
        Happened::Ruth { action, reason, crossed } => {
            let why = ruth_reason(rules, reason, lang);
            let ids: Vec<String> = crossed.iter().map(|(s, i)| box_name(rules, *s, *i, lang)).collect();
            match (action, ids.len()) {
                (Action::Pass, _) | (_, 0) => why,
                (Action::Star, _) => t!(lang, "engine.ruth_crosses_star", why = why, boxes = ids[0]),
                _ => t!(lang, "engine.ruth_crosses", why = why, boxes = ids.join(&t!(lang, "engine.and"))),
            }
        }
        Happened::RuthTokens { moves } => {
            let moves: Vec<String> = moves
                .iter()
                .map(|(from, to)| format!("{} → {}", ruth_section(rules, *from, lang), ruth_section(rules, *to, lang)))
                .collect();
            t!(lang, "engine.ruth_tokens_move", moves = moves.join(", "))
        }
    }
}

/// A die in Ruth's lines: its id in English (as always), its name in other languages.
fn ruth_die(rules: &FleetRules, face: Face, lang: Lang) -> String {
    if lang == Lang::En {
        match face {
            Face::Boat(t) => rules.boat_types[t].id.clone(),
            Face::Coins => "3 coins".into(),
            other => other.key(rules).into_owned(),
        }
    } else {
        face_label(rules, face, lang)
    }
}

/// A section in Ruth's lines: its id in English (as always), its name in other languages.
fn ruth_section(rules: &FleetRules, s: usize, lang: Lang) -> String {
    match rules.sections[s].kind {
        SectionKind::Column(t) => rules.boat_types[t].name.get(lang).to_string(),
        _ => section_name(rules, s, lang),
    }
}

/// Why Captain Ruth does what she does.
pub fn ruth_reason(rules: &FleetRules, reason: &Reason, lang: Lang) -> String {
    let token = |k: usize| match k {
        0 => t!(lang, "engine.token_boat"),
        1 => t!(lang, "engine.token_harbor"),
        _ => t!(lang, "engine.token_wharf"),
    };
    match reason {
        Reason::HarborStar => t!(lang, "engine.ruth_harbor_star"),
        Reason::MarketStar => t!(lang, "engine.ruth_market_star"),
        Reason::PassNothing { die } => t!(lang, "engine.ruth_pass_nothing", die = ruth_die(rules, *die, lang)),
        Reason::TakesType { boat_type } => {
            t!(lang, "engine.ruth_takes_type", name = ruth_die(rules, Face::Boat(*boat_type), lang))
        }
        Reason::TakesNextType { boat_type, token_type } => t!(
            lang,
            "engine.ruth_takes_next_type",
            name = ruth_die(rules, Face::Boat(*boat_type), lang),
            token = ruth_die(rules, Face::Boat(*token_type), lang)
        ),
        Reason::Joker { section } => t!(lang, "engine.ruth_joker", section = ruth_section(rules, *section, lang)),
        Reason::JokerPass => t!(lang, "engine.ruth_joker_pass"),
        Reason::PassNoBox { die } => t!(lang, "engine.ruth_pass_no_box", die = ruth_die(rules, *die, lang)),
        Reason::TakesDie { die, token: k, section } => t!(
            lang,
            "engine.ruth_takes_die",
            die = ruth_die(rules, *die, lang),
            token = token(*k),
            section = ruth_section(rules, *section, lang)
        ),
        Reason::TakesDieNext { die, token: k, on, next } => t!(
            lang,
            "engine.ruth_takes_die_next",
            die = ruth_die(rules, *die, lang),
            token = token(*k),
            section = ruth_section(rules, *on, lang),
            next = ruth_section(rules, *next, lang)
        ),
        Reason::UsesShared { die } => t!(lang, "engine.ruth_uses_shared", die = ruth_die(rules, *die, lang)),
        Reason::UsesSharedJoker => t!(lang, "engine.ruth_uses_shared_joker"),
        Reason::UsesSharedDie { die } => t!(lang, "engine.ruth_uses_shared_die", die = ruth_die(rules, *die, lang)),
        Reason::NothingOpen(why) => t!(lang, "engine.ruth_nothing_open", why = ruth_reason(rules, why, lang)),
        Reason::PassesMarket => t!(lang, "engine.ruth_passes_market"),
    }
}

/// The solo rating's title for a score.
pub fn rating(rules: &FleetRules, score: u32, lang: Lang) -> String {
    crate::games::fleet::ruth::rating(rules, score)
        .map(|r| rules.solo.ratings[r].name.get(lang).to_string())
        .unwrap_or_default()
}

/// Why an answer was refused (the legal answers are listed by the caller).
pub fn refusal(rules: &FleetRules, game: &Game, illegal: &Illegal, lang: Lang) -> String {
    match &illegal.refusal {
        FleetRefusal::GameOver => t!(lang, "engine.illegal_over"),
        FleetRefusal::NeedsDice => t!(lang, "engine.illegal_needs_dice"),
        FleetRefusal::NotAnOption { answer, decision } => {
            t!(lang, "engine.illegal_answer", key = answer, prompt = prompt(rules, game, decision, lang))
        }
        FleetRefusal::NotARoll { decision } => {
            t!(lang, "engine.illegal_not_roll", prompt = prompt(rules, game, decision, lang))
        }
        FleetRefusal::UnknownFace { face } => t!(lang, "engine.illegal_face", face = face),
        FleetRefusal::WrongDice { spec, boat, town } => {
            let want = match (spec.boat, spec.town) {
                (b, 0) => t!(lang, "engine.want_boat", n = b),
                (0, t) => t!(lang, "engine.want_town", n = t),
                (b, t) => t!(lang, "engine.want_both", n = t, boat = b),
            };
            t!(lang, "engine.illegal_roll_count", want = want, boat = boat, town = town)
        }
        FleetRefusal::NotWaitingFor { player } => {
            t!(lang, "engine.illegal_not_waiting", name = game.players[*player].name)
        }
    }
}

/// An answer as a save stores it (a choice's key, or a roll's faces), in pad words: the
/// label of the option of `decision` with that key, a roll's faces by their names, a
/// section by its name — never an id (`amas_bank` is "Ama's bank 2").
pub fn answer_label(rules: &FleetRules, game: &Game, decision: Option<&Decision>, answer: &str, lang: Lang) -> String {
    if let Some(d) = decision {
        if let Some(o) = d.options.iter().find(|o| o.key(rules, game) == answer) {
            return option_label(rules, game, d, o, lang);
        }
    }
    let faces: Vec<String> = answer.split_whitespace().map(String::from).collect();
    if !faces.is_empty() && faces.iter().all(|f| Face::parse(rules, f).is_some()) {
        return faces_label(rules, &faces, lang);
    }
    match rules.sections.iter().position(|s| s.id == answer) {
        Some(section) => section_name(rules, section, lang),
        None => crate::text::escape_controls(answer).into_owned(),
    }
}

/// What the table is told when deckhand rolls or draws itself: the question and the
/// faces (other languages show the faces' names; English shows the keys, as it always has).
pub fn digital_said(rules: &FleetRules, game: &Game, decision: &Decision, input: &Input, lang: Lang) -> String {
    let prompt = prompt(rules, game, decision, lang);
    match input {
        Input::Roll { faces, .. } => {
            let shown = if lang == Lang::En { faces.join(", ") } else { faces_label(rules, faces, lang) };
            format!("{prompt} {}", crate::t!(lang, "cli.play.deckhand_rolls", faces = shown))
        }
        Input::Choice(key) => {
            let label = decision
                .options
                .iter()
                .find(|o| o.key(rules, game) == key.as_str())
                .map(|o| option_label(rules, game, decision, o, lang))
                .unwrap_or_else(|| key.clone());
            let said = if decision.kind() == Kind::Draw {
                crate::t!(lang, "cli.play.deckhand_draws", pick = label)
            } else {
                crate::t!(lang, "cli.play.deckhand_rolls", faces = label)
            };
            format!("{prompt} {said}")
        }
    }
}

/// The open rule questions of a rules file: every named option of `[options]`, the value
/// in effect, its default and the values allowed, what it decides, and the rulebook
/// sentences behind it (quoted as printed, in German or French).
pub fn open_questions(rules: &FleetRules, lang: Lang) -> String {
    let mut o = t!(lang, "engine.open_questions_head");
    o.push('\n');
    for q in rules.options.questions() {
        let question = match q.key {
            "barge_can_be_full" => t!(lang, "engine.question.barge_can_be_full"),
            "star_action_may_activate_king_crab" => t!(lang, "engine.question.star_action_may_activate_king_crab"),
            "coin_track_overflow" => t!(lang, "engine.question.coin_track_overflow"),
            "casino_reroll" => t!(lang, "engine.question.casino_reroll"),
            "oyster_coin_needs_license" => t!(lang, "engine.question.oyster_coin_needs_license"),
            "ruth_star_die" => t!(lang, "engine.question.ruth_star_die"),
            "shrimp_coins_face" => t!(lang, "engine.question.shrimp_coins_face"),
            "star_action_targets" => t!(lang, "engine.question.star_action_targets"),
            "start_launch_pays_cod_coin" => t!(lang, "engine.question.start_launch_pays_cod_coin"),
            "ruth_town_joker" => t!(lang, "engine.question.ruth_town_joker"),
            "swordfish_timing" => t!(lang, "engine.question.swordfish_timing"),
            other => other.to_string(),
        };
        let shown = |v: &str| {
            if q.values.iter().all(|x| *x == "true" || *x == "false") {
                v.to_string()
            } else {
                format!("\"{v}\"")
            }
        };
        let values: Vec<String> = q.values.iter().map(|v| shown(v)).collect();
        let line = t!(
            lang,
            "engine.open_question",
            key = q.key,
            value = shown(q.value),
            default = shown(q.default),
            values = values.join(", ")
        );
        o.push_str(&format!("  {line}\n    {question}\n"));
        for (source, quote) in q.quotes {
            o.push_str(&format!("    {}\n", t!(lang, "engine.open_question_quote", source = source, quote = quote)));
        }
    }
    o
}

/// The heading of a running score: it never speaks of a round that has not been played.
pub fn scores_heading(game: &Game, lang: Lang) -> String {
    match game.progress() {
        Progress::BeforeFirstRoll => t!(lang, "engine.scores_before_first_roll"),
        Progress::AfterRound(round) => t!(lang, "engine.scores_after_round", round = round),
        Progress::InRound(round) => t!(lang, "engine.scores_during_round", round = round),
        Progress::Over => t!(lang, "engine.scores_final"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_told_in_pad_words_never_as_an_id() {
        let rules = crate::games::fleet::precompiled::fleet().expect("the precompiled rules are fresh");
        let game = Game::new(&rules, &["Ann".to_string(), "Bob".to_string()], Default::default());
        let d = game.decision(&rules).expect("the start die is asked");
        let key = d.options[0].key(&rules, &game).into_owned();
        assert_eq!(
            answer_label(&rules, &game, Some(&d), &key, Lang::En),
            option_label(&rules, &game, &d, &d.options[0], Lang::En)
        );
        assert_eq!(answer_label(&rules, &game, None, "amas_bank", Lang::En), "Ama's bank");
        assert_eq!(answer_label(&rules, &game, None, "amas_bank", Lang::De), "Anna's Bank");
        assert_eq!(answer_label(&rules, &game, None, "cod coins", Lang::En), "cod, 3 coins");
    }

    /// Issue #33 item 10: German uses the German rulebook's own words. Its license levels are
    /// "Level", written as it writes them ("Emma hat eine Level-2-Hummerlizenz", "Wenn du
    /// eine Level-2-Lizenz aktivierst"), and the bank is spelt as printed ("ANNA'S BANK",
    /// "Kasino > Anna's Bank > Wertstoffhof"), apostrophe and all.
    #[test]
    fn german_says_the_rulebooks_level_and_building_names() {
        let rules = crate::games::fleet::precompiled::fleet().expect("the precompiled rules are fresh");
        let game = Game::new(&rules, &["Ann".to_string(), "Bob".to_string()], Default::default());
        let lobster = rules.boat_types.iter().position(|b| b.id == "lobster").unwrap();
        let line = |lang| {
            let license = crate::games::fleet::game::Happened::License { boat_type: lobster, level: 2 };
            let happened = crate::games::fleet::game::Event { player: Some(0), what: license };
            event(&rules, &game, &happened, lang)
        };
        assert!(line(Lang::De).starts_with("Ann: Level-2-Lizenz Hummer: "), "{}", line(Lang::De));
        assert!(line(Lang::En).starts_with("Ann: lobster license L2: "), "{}", line(Lang::En));
        use crate::games::fleet::score::{Item, What};
        let scored = Item { what: What::License { boat_type: lobster, level: 3 }, vp: 5 };
        assert_eq!(crate::text::fleet_score::item_name(&rules, &scored, Lang::De), "Level-3-Lizenz Hummer");
        assert_eq!(answer_label(&rules, &game, None, "amas_bank", Lang::De), "Anna's Bank");
    }
}
