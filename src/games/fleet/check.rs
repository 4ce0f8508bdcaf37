//! Rule checks of finished Fleet sheets. A violation is a value, not an error: `check`
//! reports every one it finds, each with the box, the rule and what would make it legal.

use serde::Serialize;

use super::sheet::{is_barge, Mark, Sheet};
use crate::games::fleet::{BuildingEffect, ColumnBox, FleetRules, HarborEffect, Metal, SectionKind};

/// Which rule a violation breaks. The id is stable (for scripts and tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    GoldenRule,
    CrossedWithoutSolo,
    CrossedNotAllowed,
    StartBoxes,
    LicensesVsCircles,
    BoatsVsCircles,
    FishOnUnlaunchedBoat,
    FishOverCapacity,
    FishOverFishing,
    BuffetIncomplete,
    SalvageIncomplete,
    KingCrabBonusMissing,
    KingCrabBonusWithoutLicense,
    KingCrabBonusTaken,
    TooFewCoins,
    CaptainMarks,
    TrophyNotEarned,
    TrophyShared,
}

impl Rule {
    pub fn id(self) -> &'static str {
        match self {
            Rule::GoldenRule => "golden-rule",
            Rule::CrossedWithoutSolo => "crossed-without-solo",
            Rule::CrossedNotAllowed => "crossed-not-allowed",
            Rule::StartBoxes => "start-boxes",
            Rule::LicensesVsCircles => "licenses-vs-circles",
            Rule::BoatsVsCircles => "boats-vs-circles",
            Rule::FishOnUnlaunchedBoat => "fish-on-unlaunched-boat",
            Rule::FishOverCapacity => "fish-over-capacity",
            Rule::FishOverFishing => "fish-over-fishing",
            Rule::BuffetIncomplete => "buffet-incomplete",
            Rule::SalvageIncomplete => "salvage-incomplete",
            Rule::KingCrabBonusMissing => "king-crab-bonus-missing",
            Rule::KingCrabBonusWithoutLicense => "king-crab-bonus-without-license",
            Rule::KingCrabBonusTaken => "king-crab-bonus-taken",
            Rule::TooFewCoins => "too-few-coins",
            Rule::CaptainMarks => "captain-marks",
            Rule::TrophyNotEarned => "trophy-not-earned",
            Rule::TrophyShared => "trophy-shared",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Violation {
    pub player: String,
    /// The box the problem is at, e.g. `cod.6` or `cod_boat.2.fish`.
    pub box_id: String,
    pub rule: Rule,
    /// The rule broken, in plain words.
    pub message: String,
    /// What would make the sheet legal.
    pub fix: String,
}

struct Out<'a> {
    player: &'a str,
    lang: &'a str,
    list: Vec<Violation>,
}

impl Out<'_> {
    fn push(&mut self, box_id: String, rule: Rule, message: String, fix: String) {
        self.list.push(Violation { player: self.player.to_string(), box_id, rule, message, fix });
    }
}

/// Check one sheet on its own.
pub fn check_sheet(rules: &FleetRules, sheet: &Sheet) -> Vec<Violation> {
    check_sheet_in(rules, sheet, "en")
}

/// `check_sheet` with messages and fixes in `lang` (rule ids stay English).
pub fn check_sheet_in(rules: &FleetRules, sheet: &Sheet, lang: &str) -> Vec<Violation> {
    let mut out = Out { player: &sheet.player, lang, list: Vec::new() };
    golden_rule(rules, sheet, &mut out);
    crossings(rules, sheet, &mut out);
    start_boxes(rules, sheet, &mut out);
    for t in 0..rules.boat_types.len() {
        column_grants(rules, sheet, t, &mut out);
    }
    fish(rules, sheet, &mut out);
    wharf_extras(rules, sheet, &mut out);
    king_crab(rules, sheet, &mut out);
    coins(rules, sheet, &mut out);
    cards(rules, sheet, &mut out);
    out.list
}

/// A captain card marks its sections' top boxes at setup; a trophy's condition must hold.
fn cards(rules: &FleetRules, sheet: &Sheet, out: &mut Out) {
    if let Some(c) = sheet.captain {
        let captain = &rules.captains[c];
        for &s in &captain.marks {
            if !sheet.is_marked(s, 0) {
                out.push(
                    rules.box_id(s, 0),
                    Rule::CaptainMarks,
                    crate::t!(
                        out.lang,
                        "engine.check_captain_marks",
                        captain = captain.name.get(out.lang),
                        id = rules.box_id(s, 0)
                    ),
                    crate::t!(out.lang, "engine.check_fix_mark", id = rules.box_id(s, 0)),
                );
            }
        }
    }
    for &t in &sheet.trophies {
        let trophy = &rules.trophies[t];
        let have = sheet.quantity(rules, trophy.quantity);
        if have < trophy.at_least {
            let message = crate::t!(
                out.lang,
                "engine.check_trophy_not_earned",
                trophy = trophy.name.get(out.lang),
                n = trophy.at_least,
                quantity = crate::text::fleet::quantity_name(trophy.quantity, out.lang),
                have = have
            );
            let message = if out.lang == "en" { message.to_lowercase() } else { message };
            let fix = crate::t!(out.lang, "engine.check_fix_trophy");
            out.push(format!("trophy.{}", trophy.id), Rule::TrophyNotEarned, message, fix);
        }
    }
}

/// Check the sheets of one game: each sheet, then what sheets of one table cannot share.
pub fn check_game(rules: &FleetRules, sheets: &[Sheet]) -> Vec<Violation> {
    check_game_in(rules, sheets, "en")
}

/// `check_game` with messages and fixes in `lang` (rule ids stay English).
pub fn check_game_in(rules: &FleetRules, sheets: &[Sheet], lang: &str) -> Vec<Violation> {
    let mut all: Vec<Violation> = sheets.iter().flat_map(|s| check_sheet_in(rules, s, lang)).collect();
    for (t, trophy) in rules.trophies.iter().enumerate() {
        let holders: Vec<&Sheet> = sheets.iter().filter(|s| s.trophies.contains(&t)).collect();
        let id = format!("trophy.{}", trophy.id);
        match trophy.metal {
            Metal::Silver if holders.len() > 1 => {
                for s in &holders[1..] {
                    all.push(Violation {
                        player: s.player.clone(),
                        box_id: id.clone(),
                        rule: Rule::TrophyShared,
                        message: crate::t!(
                            lang,
                            "engine.check_silver_shared",
                            trophy = trophy.name.get(lang),
                            player = holders[0].player
                        ),
                        fix: crate::t!(lang, "engine.check_fix_silver_shared"),
                    });
                }
            }
            Metal::Gold if !holders.is_empty() => {
                let best = sheets.iter().map(|s| s.quantity(rules, trophy.quantity)).max().unwrap_or(0);
                for s in holders.iter().filter(|s| s.quantity(rules, trophy.quantity) < best) {
                    all.push(Violation {
                        player: s.player.clone(),
                        box_id: id.clone(),
                        rule: Rule::TrophyShared,
                        message: crate::t!(
                            lang,
                            "engine.check_gold_shared",
                            trophy = trophy.name.get(lang),
                            best = best,
                            player = s.player
                        ),
                        fix: crate::t!(lang, "engine.check_fix_gold_shared"),
                    });
                }
            }
            _ => {}
        }
    }
    for (i, sheet) in sheets.iter().enumerate() {
        let Some(bonus) = sheet.king_crab_bonus else { continue };
        if let Some(first) = sheets[..i].iter().find(|s| s.king_crab_bonus == Some(bonus)) {
            let name = rules.king_crab_bonuses[bonus].name.get(lang);
            all.push(Violation {
                player: sheet.player.clone(),
                box_id: "king_crab_bonus".into(),
                rule: Rule::KingCrabBonusTaken,
                message: crate::t!(lang, "engine.check_bonus_taken", bonus = name, player = first.player),
                fix: crate::t!(lang, "engine.check_fix_bonus_taken"),
            });
        }
    }
    all
}

fn golden_rule(rules: &FleetRules, sheet: &Sheet, out: &mut Out) {
    for (s, section) in rules.sections.iter().enumerate() {
        if !section.ordered() {
            continue;
        }
        let marks = &sheet.boxes[s];
        let Some(first_empty) = marks.iter().position(|m| *m == Mark::Empty) else { continue };
        let below: Vec<usize> = (first_empty + 1..marks.len()).filter(|i| marks[*i] == Mark::Marked).collect();
        if let Some(&last) = below.last() {
            let ids: Vec<String> = below.iter().map(|i| rules.box_id(s, *i)).collect();
            out.push(
                rules.box_id(s, below[0]),
                Rule::GoldenRule,
                crate::t!(
                    out.lang,
                    "engine.check_golden_rule",
                    n = ids.len(),
                    ids = ids.join(", "),
                    empty = rules.box_id(s, first_empty)
                ),
                crate::t!(
                    out.lang,
                    "engine.check_fix_golden_rule",
                    ids = range_text(rules, s, first_empty, last, marks),
                    last = rules.box_id(s, last)
                ),
            );
        }
    }
}

/// The empty boxes between `from` and `to` (inclusive of `from`), as text.
fn range_text(rules: &FleetRules, s: usize, from: usize, to: usize, marks: &[Mark]) -> String {
    let empties: Vec<String> = (from..to).filter(|i| marks[*i] == Mark::Empty).map(|i| rules.box_id(s, i)).collect();
    empties.join(", ")
}

fn crossings(rules: &FleetRules, sheet: &Sheet, out: &mut Out) {
    for (s, section) in rules.sections.iter().enumerate() {
        let Some(i) = sheet.boxes[s].iter().position(|m| *m == Mark::Crossed) else { continue };
        let ruth_may_cross =
            matches!(section.kind, SectionKind::Column(_) | SectionKind::Harbor(_) | SectionKind::Wharf(_))
                || (section.kind == SectionKind::Coins && rules.coin_stars[i]);
        if !sheet.solo {
            out.push(
                rules.box_id(s, i),
                Rule::CrossedWithoutSolo,
                crate::t!(out.lang, "engine.check_crossed_without_solo", id = rules.box_id(s, i)),
                crate::t!(out.lang, "engine.check_fix_crossed_without_solo"),
            );
        } else if !ruth_may_cross {
            out.push(
                rules.box_id(s, i),
                Rule::CrossedNotAllowed,
                crate::t!(
                    out.lang,
                    "engine.check_crossed_not_allowed",
                    id = rules.box_id(s, i),
                    section = crate::text::fleet::section_name(rules, s, out.lang)
                ),
                crate::t!(out.lang, "engine.check_fix_crossed_not_allowed"),
            );
        }
    }
}

fn start_boxes(rules: &FleetRules, sheet: &Sheet, out: &mut Out) {
    let n = rules.start_boxes;
    let started = rules.boat_types.iter().enumerate().any(|(t, _)| {
        let s = rules.section_of(SectionKind::Column(t));
        (0..n).all(|i| sheet.is_marked(s, i))
    });
    if !started {
        out.push(
            format!("{}.1", rules.boat_types[0].id),
            Rule::StartBoxes,
            crate::t!(out.lang, "engine.check_start_boxes", n = n),
            crate::t!(out.lang, "engine.check_fix_start_boxes", n = n),
        );
    }
}

/// Licenses and boats of a type must be exactly what the column's marked circles granted:
/// each L gives a license, each B a boat, each ? one of the two, as long as any is left.
fn column_grants(rules: &FleetRules, sheet: &Sheet, t: usize, out: &mut Out) {
    let bt = &rules.boat_types[t];
    let col = rules.section_of(SectionKind::Column(t));
    let count =
        |kind: ColumnBox| bt.column.iter().enumerate().filter(|(i, b)| **b == kind && sheet.is_marked(col, *i)).count();
    let (l, b, q) = (count(ColumnBox::License), count(ColumnBox::Boat), count(ColumnBox::Choice));
    let lic_sec = rules.section_of(SectionKind::Licenses(t));
    let boat_sec = rules.section_of(SectionKind::Boats(t));
    let licenses = sheet.marked_count(lic_sec);
    let boats = sheet.marked_count(boat_sec);
    let (max_l, max_b) = (bt.license_levels.len(), bt.boats.len());
    let explained = (0..=q).any(|ql| licenses == (l + ql).min(max_l) && boats == (b + q - ql).min(max_b));
    if explained {
        return;
    }
    let lang = out.lang;
    let circles = crate::t!(lang, "engine.check_circles", l = l, b = b, n = q, boat_type = bt.name.get(lang));
    let totals = (0..=q).map(|ql| (l + ql).min(max_l) + (b + q - ql).min(max_b));
    let (lo_total, hi_total) = totals.fold((usize::MAX, 0), |(lo, hi), t| (lo.min(t), hi.max(t)));
    let type_name = bt.name.get(lang);
    let next_license = rules.box_id(lic_sec, licenses.min(max_l - 1));
    let next_boat = rules.box_id(boat_sec, boats.min(max_b - 1));
    let (at, rule, message, fix) = if licenses > (l + q).min(max_l) {
        (
            rules.box_id(lic_sec, licenses - 1),
            Rule::LicensesVsCircles,
            crate::t!(lang, "engine.check_too_many_licenses", n = licenses, boat_type = type_name, circles = circles),
            crate::t!(lang, "engine.check_fix_too_many_licenses", boat_type = type_name),
        )
    } else if boats > (b + q).min(max_b) || licenses + boats > hi_total {
        (
            rules.box_id(boat_sec, boats - 1),
            Rule::BoatsVsCircles,
            crate::t!(
                lang,
                "engine.check_too_many_boats",
                n = boats,
                licenses = licenses,
                boat_type = type_name,
                circles = circles
            ),
            crate::t!(lang, "engine.check_fix_too_many_boats", boat_type = type_name),
        )
    } else if licenses < l.min(max_l) {
        (
            next_license.clone(),
            Rule::LicensesVsCircles,
            crate::t!(lang, "engine.check_too_few_licenses", n = licenses, boat_type = type_name, circles = circles),
            crate::t!(lang, "engine.check_fix_too_few_licenses", id = next_license),
        )
    } else if boats < b.min(max_b) {
        (
            next_boat.clone(),
            Rule::BoatsVsCircles,
            crate::t!(lang, "engine.check_too_few_boats", n = boats, boat_type = type_name, circles = circles),
            crate::t!(lang, "engine.check_fix_too_few_boats", id = next_boat),
        )
    } else {
        // Within every bound, yet no way of giving each ? circle a license or a boat
        // produces these counts (e.g. a ? circle that granted nothing while both were left).
        (
            next_boat.clone(),
            Rule::BoatsVsCircles,
            crate::t!(
                lang,
                "engine.check_grants_mismatch",
                licenses = licenses,
                boats = boats,
                boat_type = type_name,
                circles = circles,
                lo = lo_total,
                hi = hi_total
            ),
            crate::t!(lang, "engine.check_fix_grants_mismatch", license = next_license, boat = next_boat),
        )
    };
    out.push(at, rule, message, fix);
}

fn fish(rules: &FleetRules, sheet: &Sheet, out: &mut Out) {
    let phases = rules.fishing_phases(sheet.rounds(rules)) + sheet.private_fishings(rules);
    let launched = sheet.launched_boats(rules);
    for boat in Sheet::all_boats(rules) {
        let fish = sheet.fish_on(&boat);
        if fish == 0 {
            continue;
        }
        // Built only for a violation: this loop runs for every boat of every sheet checked.
        let lang = out.lang;
        let name = || crate::text::fleet::boat_name(rules, &boat, lang);
        let box_id = || format!("{}.fish", rules.box_id(boat.section, boat.slot));
        if !sheet.is_launched(&boat) {
            out.push(
                box_id(),
                Rule::FishOnUnlaunchedBoat,
                crate::t!(
                    out.lang,
                    "engine.check_fish_unlaunched",
                    boat = name(),
                    n = fish,
                    id = rules.box_id(boat.section, boat.launch_box)
                ),
                crate::t!(
                    out.lang,
                    "engine.check_fix_fish_unlaunched",
                    id = rules.box_id(boat.section, boat.launch_box)
                ),
            );
            continue;
        }
        let cap = sheet.capacity(rules, &boat);
        if fish > cap {
            let why = if cap == 0 { crate::t!(out.lang, "engine.check_catches_no_fish") } else { String::new() };
            let message =
                crate::t!(out.lang, "engine.check_fish_capacity", boat = name(), n = fish, cap = cap, why = why);
            let fix = crate::t!(out.lang, "engine.check_fix_fish_capacity", cap = cap);
            out.push(box_id(), Rule::FishOverCapacity, message, fix);
            continue;
        }
        let per_phase = if is_barge(rules, &boat) {
            // The barge catches one fish per full boat at each fishing phase.
            launched.iter().filter(|b| !is_barge(rules, b) && sheet.capacity(rules, b) > 0).count() as u32
        } else if let SectionKind::Boats(t) = rules.sections[boat.section].kind {
            rules.boat_types[t].fish_per_catch
        } else {
            1
        };
        let max = phases * per_phase;
        if fish > max {
            let message = crate::t!(
                out.lang,
                "engine.check_fish_fishing",
                boat = name(),
                fish = fish,
                n = phases,
                regular = rules.fishing_phases(sheet.rounds(rules)),
                rounds = sheet.rounds(rules),
                private = sheet.private_fishings(rules),
                max = max
            );
            let fix = crate::t!(out.lang, "engine.check_fix_fish_fishing", max = max);
            out.push(box_id(), Rule::FishOverFishing, message, fix);
        }
    }
}

fn wharf_extras(rules: &FleetRules, sheet: &Sheet, out: &mut Out) {
    let hex_sec = rules.section_of(SectionKind::BuffetHexes);
    if let Some(b) = rules.building_with(BuildingEffect::Buffet) {
        if !sheet.building_complete(rules, b) {
            for i in (0..rules.boat_types.len()).filter(|i| sheet.is_marked(hex_sec, *i)) {
                out.push(
                    rules.box_id(hex_sec, i),
                    Rule::BuffetIncomplete,
                    crate::t!(
                        out.lang,
                        "engine.check_buffet",
                        id = rules.box_id(hex_sec, i),
                        building = rules.wharf[b].name.get(out.lang)
                    ),
                    crate::t!(out.lang, "engine.check_fix_buffet", building = rules.wharf[b].name.get(out.lang)),
                );
            }
        }
    }
    let star_sec = rules.section_of(SectionKind::SalvageStars);
    if let Some(b) = rules.building_with(BuildingEffect::Salvage) {
        if !sheet.building_complete(rules, b) && sheet.marked_count(star_sec) > 0 {
            out.push(
                rules.box_id(star_sec, 0),
                Rule::SalvageIncomplete,
                crate::t!(
                    out.lang,
                    "engine.check_salvage",
                    n = sheet.marked_count(star_sec),
                    building = rules.wharf[b].name.get(out.lang)
                ),
                crate::t!(out.lang, "engine.check_fix_salvage", building = rules.wharf[b].name.get(out.lang)),
            );
        }
    }
}

fn king_crab(rules: &FleetRules, sheet: &Sheet, out: &mut Out) {
    let Some(h) = rules.harbor_with(HarborEffect::KingCrab) else { return };
    let lang = out.lang;
    let name = rules.harbor[h].name.get(lang);
    let section = rules.section_of(SectionKind::Harbor(h));
    let circle = rules.harbor[h].circles.iter().position(|c| *c).unwrap_or(0);
    match (sheet.king_crab_license(rules), sheet.king_crab_bonus) {
        (true, None) => out.push(
            "king_crab_bonus".into(),
            Rule::KingCrabBonusMissing,
            crate::t!(lang, "engine.check_bonus_missing", name = name, id = rules.box_id(section, circle)),
            crate::t!(
                lang,
                "engine.check_fix_bonus_missing",
                ids = rules.king_crab_bonuses.iter().map(|b| b.id.as_str()).collect::<Vec<_>>().join(", ")
            ),
        ),
        (false, Some(b)) => out.push(
            "king_crab_bonus".into(),
            Rule::KingCrabBonusWithoutLicense,
            crate::t!(
                lang,
                "engine.check_bonus_without_license",
                bonus = rules.king_crab_bonuses[b].name.get(lang),
                name = name,
                id = rules.box_id(section, circle)
            ),
            crate::t!(lang, "engine.check_fix_bonus_without_license", id = rules.box_id(section, circle)),
        ),
        _ => {}
    }
}

fn coins(rules: &FleetRules, sheet: &Sheet, out: &mut Out) {
    let section = rules.section_of(SectionKind::Coins);
    let room = sheet.boxes[section].iter().filter(|m| **m != Mark::Crossed).count() as u32;
    let second_licenses = (0..rules.boat_types.len()).filter(|t| sheet.license_level(rules, *t) >= 2).count() as u32;
    let rounds = sheet.rounds(rules);
    let least = (rounds * rules.income_base + second_licenses * rules.second_license_coins).min(room);
    let have = sheet.coins(rules);
    if have < least {
        let first_empty = sheet.next_free(section).unwrap_or(0);
        out.push(
            rules.box_id(section, first_empty),
            Rule::TooFewCoins,
            crate::t!(
                out.lang,
                "engine.check_too_few_coins",
                n = have,
                rounds = rounds,
                base = rules.income_base,
                second = second_licenses,
                each = rules.second_license_coins,
                least = least
            ),
            crate::t!(out.lang, "engine.check_fix_too_few_coins", id = rules.box_id(section, least as usize - 1)),
        );
    }
}
