//! Rule checks of finished Fleet sheets. A violation is a value, not an error: `check`
//! reports every one it finds, each with the box, the rule and what would make it legal.

use serde::Serialize;

use super::score::boat_name;
use super::sheet::{is_barge, Mark, Sheet};
use crate::rules::fleet::{BuildingEffect, ColumnBox, FleetRules, HarborEffect, Metal, SectionKind};

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
    list: Vec<Violation>,
}

impl Out<'_> {
    fn push(&mut self, box_id: String, rule: Rule, message: String, fix: String) {
        self.list.push(Violation { player: self.player.to_string(), box_id, rule, message, fix });
    }
}

/// Check one sheet on its own.
pub fn check_sheet(rules: &FleetRules, sheet: &Sheet) -> Vec<Violation> {
    let mut out = Out { player: &sheet.player, list: Vec::new() };
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
                    format!("{} marks {} at setup, but it is not marked", captain.name.en, rules.box_id(s, 0)),
                    format!("mark {}", rules.box_id(s, 0)),
                );
            }
        }
    }
    for &t in &sheet.trophies {
        let trophy = &rules.trophies[t];
        let have = sheet.quantity(rules, trophy.quantity);
        if have < trophy.at_least {
            out.push(
                format!("trophy.{}", trophy.id),
                Rule::TrophyNotEarned,
                format!(
                    "{} needs at least {} {:?}, the sheet shows {have}",
                    trophy.name.en, trophy.at_least, trophy.quantity
                )
                .to_lowercase(),
                "remove the trophy, or correct the sheet".into(),
            );
        }
    }
}

/// Check the sheets of one game: each sheet, then what sheets of one table cannot share.
pub fn check_game(rules: &FleetRules, sheets: &[Sheet]) -> Vec<Violation> {
    let mut all: Vec<Violation> = sheets.iter().flat_map(|s| check_sheet(rules, s)).collect();
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
                        message: format!(
                            "the silver trophy \"{}\" goes to the first player only, and {} has it too",
                            trophy.name.en, holders[0].player
                        ),
                        fix: "keep it on the sheet of the player who reached it first".into(),
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
                        message: format!(
                            "the gold trophy \"{}\" goes to the best result ({best}); {} has less",
                            trophy.name.en, s.player
                        ),
                        fix: "give it to the player(s) with the best result".into(),
                    });
                }
            }
            _ => {}
        }
    }
    for (i, sheet) in sheets.iter().enumerate() {
        let Some(bonus) = sheet.king_crab_bonus else { continue };
        if let Some(first) = sheets[..i].iter().find(|s| s.king_crab_bonus == Some(bonus)) {
            let name = rules.king_crab_bonuses[bonus].name.get("en");
            all.push(Violation {
                player: sheet.player.clone(),
                box_id: "king_crab_bonus".into(),
                rule: Rule::KingCrabBonusTaken,
                message: format!("king crab bonus \"{name}\" was already chosen by {}; a bonus chosen by one player is gone for the others", first.player),
                fix: "one of the two sheets must name the bonus its player really took".into(),
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
                format!(
                    "{} marked below the empty box {}: golden rule 1 says a mark always goes in the topmost free box",
                    plural_boxes(&ids),
                    rules.box_id(s, first_empty)
                ),
                format!(
                    "mark {} (the boxes above {}) or erase the marks below it",
                    range_text(rules, s, first_empty, last, marks),
                    rules.box_id(s, last)
                ),
            );
        }
    }
}

fn plural_boxes(ids: &[String]) -> String {
    if ids.len() == 1 {
        format!("{} is", ids[0])
    } else {
        format!("{} are", ids.join(", "))
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
                format!(
                    "{} is crossed off, but only Captain Ruth crosses boxes off, in a solo game",
                    rules.box_id(s, i)
                ),
                "write `solo = true` in the sheet file if this was a solo game, or mark the box `x` or `.`".into(),
            );
        } else if !ruth_may_cross {
            out.push(
                rules.box_id(s, i),
                Rule::CrossedNotAllowed,
                format!("{} is crossed off, but Captain Ruth never crosses off boxes of the {}", rules.box_id(s, i), rules.section_name(s, "en")),
                "she crosses boat columns, harbor ships, wharf buildings and coin-track stars only; use `x` or `.` here".into(),
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
            format!("no boat-type column has its first {n} boxes marked, but the start roll marks them in one column"),
            format!("mark the first {n} boxes of the column of your start die"),
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
    let circles = format!("{l} L, {b} B and {q} ? circle(s) marked in the {} column", bt.name.get("en"));
    let totals = (0..=q).map(|ql| (l + ql).min(max_l) + (b + q - ql).min(max_b));
    let (lo_total, hi_total) = totals.fold((usize::MAX, 0), |(lo, hi), t| (lo.min(t), hi.max(t)));
    let type_name = bt.name.get("en");
    let next_license = rules.box_id(lic_sec, licenses.min(max_l - 1));
    let next_boat = rules.box_id(boat_sec, boats.min(max_b - 1));
    let (at, rule, message, fix) = if licenses > (l + q).min(max_l) {
        (
            rules.box_id(lic_sec, licenses - 1),
            Rule::LicensesVsCircles,
            format!("{licenses} {type_name} license(s) marked, more than the {circles} can grant"),
            format!("erase the extra license marks, or mark the circles that granted them in the {type_name} column"),
        )
    } else if boats > (b + q).min(max_b) || licenses + boats > hi_total {
        (
            rules.box_id(boat_sec, boats - 1),
            Rule::BoatsVsCircles,
            format!("{boats} {type_name} boat(s) launched and {licenses} license(s), more than the {circles} can grant (a ? circle grants one of the two, not both)"),
            format!("erase the extra boat marks, or mark the circles that launched them in the {type_name} column"),
        )
    } else if licenses < l.min(max_l) {
        (
            next_license.clone(),
            Rule::LicensesVsCircles,
            format!("only {licenses} {type_name} license(s) marked, but the {circles} activate more"),
            format!("mark {next_license}: a marked L circle always activates the next license"),
        )
    } else if boats < b.min(max_b) {
        (
            next_boat.clone(),
            Rule::BoatsVsCircles,
            format!("only {boats} {type_name} boat(s) launched, but the {circles} launch more"),
            format!("mark {next_boat}: a marked B circle always launches the next boat"),
        )
    } else {
        // Within every bound, yet no way of giving each ? circle a license or a boat
        // produces these counts (e.g. a ? circle that granted nothing while both were left).
        (
            next_boat.clone(),
            Rule::BoatsVsCircles,
            format!(
                "{licenses} license(s) and {boats} boat(s) of {type_name} cannot come from the {circles} (they grant {lo_total} to {hi_total} in all): each L gives a license and each B a boat while any is left, and each ? one of the two"
            ),
            format!("mark the license or boat each ? circle gave ({next_license} or {next_boat})"),
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
        let name = boat_name(rules, &boat, "en");
        let box_id = format!("{}.fish", rules.box_id(boat.section, boat.slot));
        if !sheet.is_launched(&boat) {
            out.push(
                box_id,
                Rule::FishOnUnlaunchedBoat,
                format!(
                    "{name} holds {fish} fish but was never launched ({} is not marked)",
                    rules.box_id(boat.section, boat.launch_box)
                ),
                format!(
                    "launch it by marking {} or move the fish to the boat that caught them",
                    rules.box_id(boat.section, boat.launch_box)
                ),
            );
            continue;
        }
        let cap = sheet.capacity(rules, &boat);
        if fish > cap {
            let why = if cap == 0 { " (it catches no fish)".to_string() } else { String::new() };
            out.push(
                box_id,
                Rule::FishOverCapacity,
                format!("{name} holds {fish} fish, but its capacity is {cap}{why}"),
                format!("a boat never holds more than its fish boxes: at most {cap}"),
            );
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
            out.push(
                box_id,
                Rule::FishOverFishing,
                format!(
                    "{name} holds {fish} fish, but {phases} fishing phase(s) ({} in a {}-round game plus {} private) yield at most {max}",
                    rules.fishing_phases(sheet.rounds(rules)),
                    sheet.rounds(rules),
                    sheet.private_fishings(rules)
                ),
                format!("correct the fish count to at most {max}, or mark the captain's club circles that gave private fishing"),
            );
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
                    format!(
                        "{} is filled, but the {} is not complete; hexes are filled only once its circle is marked",
                        rules.box_id(hex_sec, i),
                        rules.wharf[b].name.get("en")
                    ),
                    format!("complete the {} or erase the hex", rules.wharf[b].name.get("en")),
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
                format!(
                    "{} star(s) of the {} are marked, but the building is not complete",
                    sheet.marked_count(star_sec),
                    rules.wharf[b].name.get("en")
                ),
                format!("complete the {} or erase its stars", rules.wharf[b].name.get("en")),
            );
        }
    }
}

fn king_crab(rules: &FleetRules, sheet: &Sheet, out: &mut Out) {
    let Some(h) = rules.harbor_with(HarborEffect::KingCrab) else { return };
    let name = rules.harbor[h].name.get("en");
    let section = rules.section_of(SectionKind::Harbor(h));
    let circle = rules.harbor[h].circles.iter().position(|c| *c).unwrap_or(0);
    match (sheet.king_crab_license(rules), sheet.king_crab_bonus) {
        (true, None) => out.push(
            "king_crab_bonus".into(),
            Rule::KingCrabBonusMissing,
            format!("the {name} license is active ({} marked) but no king crab bonus is chosen; the license always comes with one", rules.box_id(section, circle)),
            format!("add `king_crab_bonus = \"...\"` with one of: {}", rules.king_crab_bonuses.iter().map(|b| b.id.as_str()).collect::<Vec<_>>().join(", ")),
        ),
        (false, Some(b)) => out.push(
            "king_crab_bonus".into(),
            Rule::KingCrabBonusWithoutLicense,
            format!("king crab bonus \"{}\" is chosen, but the {name} license is not active ({} is not marked)", rules.king_crab_bonuses[b].name.get("en"), rules.box_id(section, circle)),
            format!("mark {} or remove the bonus", rules.box_id(section, circle)),
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
            format!(
                "{have} coin(s) on the coin track, but {rounds} income phases (at least {} each) and {second_licenses} second license(s) ({} coins each) pay at least {least}",
                rules.income_base, rules.second_license_coins
            ),
            format!("mark the coin track up to at least {}", rules.box_id(section, least as usize - 1)),
        );
    }
}
