//! Rule checks of finished Fleet sheets. A violation is a value, not an error: `check`
//! reports every one it finds, each with the box, the rule and what would make it legal.

use serde::Serialize;

use super::sheet::{is_barge, BoatSlot, Mark, Sheet};
use crate::games::fleet::{
    BuildingEffect, ColumnBox, FleetRules, HarborEffect, Metal, Quantity, SectionKind, StarTargets,
};

/// Which rule a violation breaks. The id is stable (for scripts and tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// A box is marked below an empty box of its section (golden rule 1: topmost free box first).
    GoldenRule,
    /// A box is crossed off outside a solo game: only Captain Ruth crosses boxes off.
    CrossedWithoutSolo,
    /// A box is crossed off in a section Captain Ruth never crosses (solo).
    CrossedNotAllowed,
    /// Captain Ruth's crossings are not the lowest open boxes of their section, or not the next
    /// open star of the coin track.
    RuthNotLowest,
    /// No boat-type column has the start die's boxes marked.
    StartBoxes,
    /// A boat type's licenses are not what the circles marked in its column grant.
    LicensesVsCircles,
    /// A boat type's boats (or its licenses and boats together) are not what the circles marked
    /// in its column grant.
    BoatsVsCircles,
    /// Fish on a boat that was never launched.
    FishOnUnlaunchedBoat,
    /// More fish on a boat than it holds.
    FishOverCapacity,
    /// More fish on a boat than the game's fishing phases can have caught.
    FishOverFishing,
    /// A seafood buffet hex filled while the buffet is not complete.
    BuffetIncomplete,
    /// A salvage yard star used while the yard is not complete.
    SalvageIncomplete,
    /// The king crab license without a king crab bonus chosen.
    KingCrabBonusMissing,
    /// A king crab bonus chosen without the king crab license.
    KingCrabBonusWithoutLicense,
    /// A king crab bonus another player at the table chose first.
    KingCrabBonusTaken,
    /// Fewer coins marked than the income phases and the second licenses paid at least.
    TooFewCoins,
    /// A box the captain card marks at setup is not marked.
    CaptainMarks,
    /// A trophy whose condition the sheet does not meet.
    TrophyNotEarned,
    /// A trophy held by a player who cannot have won it: a silver one another player won first,
    /// or a gold one without the best result.
    TrophyShared,
}

impl Rule {
    /// The rule's stable id, in kebab case (`golden-rule`), as scripts and the JSON output see it.
    pub fn id(self) -> &'static str {
        match self {
            Rule::GoldenRule => "golden-rule",
            Rule::CrossedWithoutSolo => "crossed-without-solo",
            Rule::CrossedNotAllowed => "crossed-not-allowed",
            Rule::RuthNotLowest => "ruth-not-lowest",
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

/// One broken rule of a sheet: a value with everything that was found, for the text layer
/// to put into words (`text::fleet_check`) and for scripts to read (rule id, box ids).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The player whose sheet breaks the rule.
    pub player: String,
    /// Every box involved, e.g. `cod.6` or `cod_boat.2.fish`; the first is where the
    /// problem is.
    pub boxes: Vec<String>,
    /// The rule broken.
    pub rule: Rule,
    /// What was found, with its numbers, boxes and indices into the rules.
    pub(crate) found: Found,
}

impl Violation {
    /// The box the problem is at (the first of `boxes`).
    pub fn box_id(&self) -> &str {
        &self.boxes[0]
    }
}

/// The circles marked in a boat type's column, by kind: `L`, `B` and `?`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Circles {
    /// Marked `L` circles (each activates a license).
    pub license: usize,
    /// Marked `B` circles (each launches a boat).
    pub boat: usize,
    /// Marked `?` circles (each one or the other).
    pub choice: usize,
}

/// What a check found. Sections, boat types, buildings, harbor ships, bonuses, captains
/// and trophies are indices into `FleetRules`; boxes are ids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// `marked` boxes lie below the empty box `first_empty`; marking `fill` (the empty
    /// boxes above `last`, the lowest marked one) would make them legal.
    GoldenRule {
        /// The marked boxes below the first empty one.
        marked: Vec<String>,
        /// The section's first empty box.
        first_empty: String,
        /// The empty boxes above `last`: marking them makes the section legal.
        fill: Vec<String>,
        /// The lowest marked box.
        last: String,
    },
    /// A crossed-off box outside a solo game.
    CrossedWithoutSolo {
        /// The section's first crossed-off box.
        id: String,
    },
    /// A crossed-off box in a section Captain Ruth never crosses off.
    CrossedNotAllowed {
        /// The section's first crossed-off box.
        id: String,
        /// The section (index into `FleetRules::sections`).
        section: usize,
    },
    /// Captain Ruth's crossings `crossed` (section `section`) lie above boxes she did not
    /// cross off (`below`): she crosses off only the lowest open boxes, so her `n`
    /// crossings there are the bottom boxes `lowest`.
    RuthNotLowest {
        /// The section (index into `FleetRules::sections`).
        section: usize,
        /// Her crossings that lie above boxes she did not cross off.
        crossed: Vec<String>,
        /// The boxes below them that are not crossed off.
        below: Vec<String>,
        /// The bottom boxes of the section, as many as she crossed off: where her crossings go.
        lowest: Vec<String>,
    },
    /// Captain Ruth crossed off the coin-track star `crossed` while the star `open` before it
    /// was still open: she crosses off the next available star box.
    RuthStarSkipped {
        /// The star box she crossed off.
        crossed: String,
        /// The earlier star box still open.
        open: String,
    },
    /// No boat-type column has its first `n` boxes marked.
    StartBoxes {
        /// Boxes the start die marks at the top of a column (`FleetRules::start_boxes`).
        n: usize,
    },
    /// More licenses of a boat type than its marked circles grant.
    TooManyLicenses {
        /// The boat type (index into `FleetRules::boat_types`).
        boat_type: usize,
        /// Its licenses marked.
        licenses: usize,
        /// The circles marked in its column.
        circles: Circles,
    },
    /// More boats (or licenses and boats together) than the marked circles grant.
    TooManyBoats {
        /// The boat type (index into `FleetRules::boat_types`).
        boat_type: usize,
        /// Its boats marked (launched).
        boats: usize,
        /// Its licenses marked.
        licenses: usize,
        /// The circles marked in its column.
        circles: Circles,
    },
    /// Fewer licenses than the marked `L` circles activate; `next` is the next license box.
    TooFewLicenses {
        /// The boat type (index into `FleetRules::boat_types`).
        boat_type: usize,
        /// Its licenses marked.
        licenses: usize,
        /// The circles marked in its column.
        circles: Circles,
        /// The next license box to mark.
        next: String,
    },
    /// Fewer boats than the marked `B` circles launch; `next` is the next boat box.
    TooFewBoats {
        /// The boat type (index into `FleetRules::boat_types`).
        boat_type: usize,
        /// Its boats marked (launched).
        boats: usize,
        /// The circles marked in its column.
        circles: Circles,
        /// The next boat box to mark.
        next: String,
    },
    /// Counts within every bound that no choice for the `?` circles produces; they grant
    /// `least` to `most` in all.
    GrantsMismatch {
        /// The boat type (index into `FleetRules::boat_types`).
        boat_type: usize,
        /// Its licenses marked.
        licenses: usize,
        /// Its boats marked (launched).
        boats: usize,
        /// The circles marked in its column.
        circles: Circles,
        /// The fewest licenses and boats, in all, the circles can grant.
        least: usize,
        /// The most licenses and boats, in all, the circles can grant.
        most: usize,
        /// The next license box.
        next_license: String,
        /// The next boat box.
        next_boat: String,
    },
    /// Fish on a boat whose launch box `launch` is not marked.
    FishOnUnlaunchedBoat {
        /// The boat.
        boat: BoatSlot,
        /// Fish on it.
        fish: u32,
        /// The box whose mark would launch it.
        launch: String,
    },
    /// More fish than the boat's capacity.
    FishOverCapacity {
        /// The boat.
        boat: BoatSlot,
        /// Fish on it.
        fish: u32,
        /// The most fish it holds (the oyster license counted).
        cap: u32,
    },
    /// More fish than `phases` fishing phases (`regular` of a `rounds`-round game plus
    /// `private` ones) can yield (`max`).
    FishOverFishing {
        /// The boat.
        boat: BoatSlot,
        /// Fish on it.
        fish: u32,
        /// Fishing phases in all: `regular` plus `private`.
        phases: u32,
        /// Fishing phases of the game's rounds.
        regular: u32,
        /// Rounds of the game (solo: `Solo::rounds`).
        rounds: u32,
        /// Private fishing phases: captain's club circles marked.
        private: u32,
        /// The most fish those phases can put on this boat.
        max: u32,
    },
    /// A buffet hex filled while the building is not complete.
    BuffetIncomplete {
        /// The hex filled.
        hex: String,
        /// The seafood buffet (index into `FleetRules::wharf`).
        building: usize,
    },
    /// `stars` salvage stars marked while the building is not complete.
    SalvageIncomplete {
        /// Salvage stars marked.
        stars: usize,
        /// The salvage yard (index into `FleetRules::wharf`).
        building: usize,
    },
    /// The king crab license (its circle `circle` on harbor ship `harbor`) without a bonus.
    KingCrabBonusMissing {
        /// The king crab ship (index into `FleetRules::harbor`).
        harbor: usize,
        /// The circle that activates its license.
        circle: String,
    },
    /// A king crab bonus without the license.
    KingCrabBonusWithoutLicense {
        /// The bonus chosen (index into `FleetRules::king_crab_bonuses`).
        bonus: usize,
        /// The king crab ship (index into `FleetRules::harbor`).
        harbor: usize,
        /// The circle that activates its license, not marked.
        circle: String,
    },
    /// A bonus already chosen by the player `first`.
    KingCrabBonusTaken {
        /// The bonus (index into `FleetRules::king_crab_bonuses`).
        bonus: usize,
        /// The player who chose it first, in the order the sheets were given.
        first: String,
    },
    /// `coins` on the track, but `rounds` income phases (at least `base` each) and
    /// `second_licenses` second licenses (`each` coins each) pay at least `least`, up to
    /// box `up_to`.
    TooFewCoins {
        /// Coins marked on the track.
        coins: u32,
        /// Rounds of the game: one income phase each.
        rounds: u32,
        /// The least coins an income phase pays (`FleetRules::income_base`).
        base: u32,
        /// Boat types with a second license.
        second_licenses: u32,
        /// Coins a second license pays (`FleetRules::second_license_coins`).
        each: u32,
        /// The fewest coins the sheet can hold: what those pay, at most the boxes not crossed off.
        least: u32,
        /// The coin box the track must be marked up to.
        up_to: String,
    },
    /// A box the captain card marks at setup is not marked.
    CaptainMarks {
        /// The captain card (index into `FleetRules::captains`).
        captain: usize,
        /// The box it marks, empty.
        id: String,
    },
    /// A trophy whose condition (`at_least` of `quantity`) the sheet does not meet.
    TrophyNotEarned {
        /// The trophy (index into `FleetRules::trophies`).
        trophy: usize,
        /// How many of `quantity` its condition needs.
        at_least: u32,
        /// What its condition counts.
        quantity: Quantity,
        /// How many the sheet has.
        have: u32,
    },
    /// A silver trophy also held by a later player; `first` has it.
    SilverShared {
        /// The silver trophy (index into `FleetRules::trophies`).
        trophy: usize,
        /// The player who holds it first, in the order the sheets were given.
        first: String,
    },
    /// A gold trophy held with less than the best result.
    GoldShared {
        /// The gold trophy (index into `FleetRules::trophies`).
        trophy: usize,
        /// The best result at the table.
        best: u32,
        /// The player who holds it with less.
        player: String,
    },
}

struct Out<'a> {
    player: &'a str,
    list: Vec<Violation>,
}

impl Out<'_> {
    fn push(&mut self, rule: Rule, boxes: Vec<String>, found: Found) {
        self.list.push(Violation { player: self.player.to_string(), boxes, rule, found });
    }
}

/// Check one sheet on its own.
pub fn check_sheet(rules: &FleetRules, sheet: &Sheet) -> Vec<Violation> {
    let mut out = Out { player: &sheet.player, list: Vec::new() };
    golden_rule(rules, sheet, &mut out);
    crossings(rules, sheet, &mut out);
    ruth_crossings(rules, sheet, &mut out);
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
        for &s in &rules.captains[c].marks {
            if !sheet.is_marked(s, 0) {
                let id = rules.box_id(s, 0);
                out.push(Rule::CaptainMarks, vec![id.clone()], Found::CaptainMarks { captain: c, id });
            }
        }
    }
    for &t in &sheet.trophies {
        let trophy = &rules.trophies[t];
        let have = sheet.quantity(rules, trophy.quantity);
        if have < trophy.at_least {
            out.push(
                Rule::TrophyNotEarned,
                vec![format!("trophy.{}", trophy.id)],
                Found::TrophyNotEarned { trophy: t, at_least: trophy.at_least, quantity: trophy.quantity, have },
            );
        }
    }
}

/// How many of `violations` are on each of `sheets`, in their order (a table flags those
/// rows).
pub fn per_sheet(sheets: &[Sheet], violations: &[Violation]) -> Vec<usize> {
    sheets.iter().map(|s| violations.iter().filter(|v| v.player == s.player).count()).collect()
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
                        boxes: vec![id.clone()],
                        rule: Rule::TrophyShared,
                        found: Found::SilverShared { trophy: t, first: holders[0].player.clone() },
                    });
                }
            }
            Metal::Gold if !holders.is_empty() => {
                let best = sheets.iter().map(|s| s.quantity(rules, trophy.quantity)).max().unwrap_or(0);
                for s in holders.iter().filter(|s| s.quantity(rules, trophy.quantity) < best) {
                    all.push(Violation {
                        player: s.player.clone(),
                        boxes: vec![id.clone()],
                        rule: Rule::TrophyShared,
                        found: Found::GoldShared { trophy: t, best, player: s.player.clone() },
                    });
                }
            }
            _ => {}
        }
    }
    for (i, sheet) in sheets.iter().enumerate() {
        let Some(bonus) = sheet.king_crab_bonus else { continue };
        if let Some(first) = sheets[..i].iter().find(|s| s.king_crab_bonus == Some(bonus)) {
            all.push(Violation {
                player: sheet.player.clone(),
                boxes: vec!["king_crab_bonus".into()],
                rule: Rule::KingCrabBonusTaken,
                found: Found::KingCrabBonusTaken { bonus, first: first.player.clone() },
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
            let marked: Vec<String> = below.iter().map(|i| rules.box_id(s, *i)).collect();
            // The empty boxes from the first empty one down to the last marked one.
            let fill: Vec<String> =
                (first_empty..last).filter(|i| marks[*i] == Mark::Empty).map(|i| rules.box_id(s, i)).collect();
            let boxes = marked.iter().chain(&fill).cloned().collect();
            out.push(
                Rule::GoldenRule,
                boxes,
                Found::GoldenRule {
                    marked,
                    first_empty: rules.box_id(s, first_empty),
                    fill,
                    last: rules.box_id(s, last),
                },
            );
        }
    }
}

/// Every crossed box: outside solo none at all; in solo only where Ruth crosses (boat
/// columns, harbor ships, wharf buildings, coin-track stars). One violation per section,
/// naming every offending box.
fn crossings(rules: &FleetRules, sheet: &Sheet, out: &mut Out) {
    for (s, section) in rules.sections.iter().enumerate() {
        let crossed: Vec<usize> = (0..sheet.boxes[s].len()).filter(|i| sheet.boxes[s][*i] == Mark::Crossed).collect();
        let ruth_may_cross = |i: usize| {
            matches!(section.kind, SectionKind::Column(_) | SectionKind::Harbor(_) | SectionKind::Wharf(_))
                || (section.kind == SectionKind::Coins && rules.coin_stars.get(i).copied().unwrap_or(false))
        };
        let bad: Vec<usize> =
            if sheet.solo { crossed.into_iter().filter(|i| !ruth_may_cross(*i)).collect() } else { crossed };
        let Some(&first) = bad.first() else { continue };
        let boxes: Vec<String> = bad.iter().map(|i| rules.box_id(s, *i)).collect();
        let id = rules.box_id(s, first);
        if !sheet.solo {
            out.push(Rule::CrossedWithoutSolo, boxes, Found::CrossedWithoutSolo { id });
        } else {
            out.push(Rule::CrossedNotAllowed, boxes, Found::CrossedNotAllowed { id, section: s });
        }
    }
}

/// Captain Ruth crosses off "die zwei untersten offenen Kästchen" (one with the shared die,
/// the lowest with her joker) of a column, harbor ship or wharf building, and "das nächste
/// verfügbare Sternenkästchen" of the coin track. Whatever the player marks later goes in
/// the topmost free box, so at the end every box below one she crossed off is crossed off
/// too, and every star box before a crossed one is marked or crossed.
fn ruth_crossings(rules: &FleetRules, sheet: &Sheet, out: &mut Out) {
    if !sheet.solo {
        return;
    }
    for (s, section) in rules.sections.iter().enumerate() {
        let marks = &sheet.boxes[s];
        match section.kind {
            SectionKind::Column(_) | SectionKind::Harbor(_) | SectionKind::Wharf(_) => {
                let Some(last_open) = marks.iter().rposition(|m| *m != Mark::Crossed) else { continue };
                let crossed: Vec<usize> = (0..last_open).filter(|i| marks[*i] == Mark::Crossed).collect();
                let Some(&first) = crossed.first() else { continue };
                let n = marks.iter().filter(|m| **m == Mark::Crossed).count();
                let ids = |range: Vec<usize>| range.into_iter().map(|i| rules.box_id(s, i)).collect::<Vec<_>>();
                let below = ids((first + 1..marks.len()).filter(|i| marks[*i] != Mark::Crossed).collect());
                let crossed = ids(crossed);
                let lowest = ids((marks.len() - n..marks.len()).collect());
                let boxes = crossed.iter().chain(&below).cloned().collect();
                out.push(Rule::RuthNotLowest, boxes, Found::RuthNotLowest { section: s, crossed, below, lowest });
            }
            SectionKind::Coins => {
                let star = |i: usize| rules.coin_stars.get(i).copied().unwrap_or(false);
                for i in (0..marks.len()).filter(|i| marks[*i] == Mark::Crossed && star(*i)) {
                    if let Some(j) = (0..i).find(|j| star(*j) && marks[*j] == Mark::Empty) {
                        let (crossed, open) = (rules.box_id(s, i), rules.box_id(s, j));
                        out.push(
                            Rule::RuthNotLowest,
                            vec![crossed.clone(), open.clone()],
                            Found::RuthStarSkipped { crossed, open },
                        );
                    }
                }
            }
            _ => {}
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
        let first = rules.section_of(SectionKind::Column(0));
        let boxes = (0..n.max(1)).map(|i| rules.box_id(first, i)).collect();
        out.push(Rule::StartBoxes, boxes, Found::StartBoxes { n });
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
    // With `star_action_targets = "any_top_box"` a star action may also have marked a
    // license or a boat box, which the sheet does not record: the circles then explain at
    // least, not exactly, what is marked.
    let stars_add = rules.options.star_action_targets == StarTargets::AnyTopBox;
    let explained = (0..=q).any(|ql| {
        let (want_l, want_b) = ((l + ql).min(max_l), (b + q - ql).min(max_b));
        if stars_add {
            licenses >= want_l && boats >= want_b
        } else {
            licenses == want_l && boats == want_b
        }
    });
    if explained {
        return;
    }
    let circles = Circles { license: l, boat: b, choice: q };
    let totals = (0..=q).map(|ql| (l + ql).min(max_l) + (b + q - ql).min(max_b));
    let (least, most) = totals.fold((usize::MAX, 0), |(lo, hi), t| (lo.min(t), hi.max(t)));
    let next_license = rules.box_id(lic_sec, licenses.min(max_l - 1));
    let next_boat = rules.box_id(boat_sec, boats.min(max_b - 1));
    // Licenses and boats are each checked against what the circles can grant: a sheet with
    // too many licenses and too many boats shows both.
    let before = out.list.len();
    if licenses > (l + q).min(max_l) && !stars_add {
        let at = rules.box_id(lic_sec, licenses - 1);
        out.push(Rule::LicensesVsCircles, vec![at], Found::TooManyLicenses { boat_type: t, licenses, circles });
    }
    if boats > (b + q).min(max_b) && !stars_add {
        let at = rules.box_id(boat_sec, boats - 1);
        out.push(Rule::BoatsVsCircles, vec![at], Found::TooManyBoats { boat_type: t, boats, licenses, circles });
    }
    if licenses < l.min(max_l) {
        let found = Found::TooFewLicenses { boat_type: t, licenses, circles, next: next_license.clone() };
        out.push(Rule::LicensesVsCircles, vec![next_license.clone()], found);
    }
    if boats < b.min(max_b) {
        let found = Found::TooFewBoats { boat_type: t, boats, circles, next: next_boat.clone() };
        out.push(Rule::BoatsVsCircles, vec![next_boat.clone()], found);
    }
    if out.list.len() > before {
        return;
    }
    if !stars_add && licenses + boats > most {
        // Each within its own bound, but more in all than the ? circles grant.
        let at = rules.box_id(boat_sec, boats - 1);
        out.push(Rule::BoatsVsCircles, vec![at], Found::TooManyBoats { boat_type: t, boats, licenses, circles });
    } else {
        // Within every bound, yet no way of giving each ? circle a license or a boat
        // produces these counts (e.g. a ? circle that granted nothing while both were left).
        let boxes = vec![next_boat.clone(), next_license.clone()];
        let found =
            Found::GrantsMismatch { boat_type: t, licenses, boats, circles, least, most, next_license, next_boat };
        out.push(Rule::BoatsVsCircles, boxes, found);
    }
}

fn fish(rules: &FleetRules, sheet: &Sheet, out: &mut Out) {
    let rounds = sheet.rounds(rules);
    let (regular, private) = (rules.fishing_phases(rounds), sheet.private_fishings(rules));
    let phases = regular + private;
    let launched = sheet.launched_boats(rules);
    for boat in Sheet::all_boats(rules) {
        let fish = sheet.fish_on(&boat);
        if fish == 0 {
            continue;
        }
        let box_id = || format!("{}.fish", rules.box_id(boat.section, boat.slot));
        if !sheet.is_launched(&boat) {
            let launch = rules.box_id(boat.section, boat.launch_box);
            out.push(
                Rule::FishOnUnlaunchedBoat,
                vec![box_id(), launch.clone()],
                Found::FishOnUnlaunchedBoat { boat, fish, launch },
            );
        }
        let cap = sheet.capacity(rules, &boat);
        if fish > cap {
            out.push(Rule::FishOverCapacity, vec![box_id()], Found::FishOverCapacity { boat, fish, cap });
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
            let found = Found::FishOverFishing { boat, fish, phases, regular, rounds, private, max };
            out.push(Rule::FishOverFishing, vec![box_id()], found);
        }
    }
}

fn wharf_extras(rules: &FleetRules, sheet: &Sheet, out: &mut Out) {
    let hex_sec = rules.section_of(SectionKind::BuffetHexes);
    if let Some(b) = rules.building_with(BuildingEffect::Buffet) {
        if !sheet.building_complete(rules, b) {
            for i in (0..rules.boat_types.len()).filter(|i| sheet.is_marked(hex_sec, *i)) {
                let hex = rules.box_id(hex_sec, i);
                out.push(Rule::BuffetIncomplete, vec![hex.clone()], Found::BuffetIncomplete { hex, building: b });
            }
        }
    }
    let star_sec = rules.section_of(SectionKind::SalvageStars);
    if let Some(b) = rules.building_with(BuildingEffect::Salvage) {
        let stars = sheet.marked_count(star_sec);
        if !sheet.building_complete(rules, b) && stars > 0 {
            // The first star box, then every marked one.
            let mut boxes = vec![rules.box_id(star_sec, 0)];
            for i in (0..sheet.boxes[star_sec].len()).filter(|i| sheet.is_marked(star_sec, *i)) {
                let id = rules.box_id(star_sec, i);
                if !boxes.contains(&id) {
                    boxes.push(id);
                }
            }
            out.push(Rule::SalvageIncomplete, boxes, Found::SalvageIncomplete { stars, building: b });
        }
    }
}

fn king_crab(rules: &FleetRules, sheet: &Sheet, out: &mut Out) {
    let Some(h) = rules.harbor_with(HarborEffect::KingCrab) else { return };
    let section = rules.section_of(SectionKind::Harbor(h));
    let circle = rules.harbor[h].circles.iter().position(|c| *c).unwrap_or(0);
    let circle = rules.box_id(section, circle);
    let boxes = vec!["king_crab_bonus".to_string(), circle.clone()];
    match (sheet.king_crab_license(rules), sheet.king_crab_bonus) {
        (true, None) => out.push(Rule::KingCrabBonusMissing, boxes, Found::KingCrabBonusMissing { harbor: h, circle }),
        (false, Some(bonus)) => out.push(
            Rule::KingCrabBonusWithoutLicense,
            boxes,
            Found::KingCrabBonusWithoutLicense { bonus, harbor: h, circle },
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
    let coins = sheet.coins(rules);
    if coins < least {
        let first_empty = rules.box_id(section, sheet.next_free(section).unwrap_or(0));
        let up_to = rules.box_id(section, least as usize - 1);
        let mut boxes = vec![first_empty];
        if up_to != boxes[0] {
            boxes.push(up_to.clone());
        }
        let found = Found::TooFewCoins {
            coins,
            rounds,
            base: rules.income_base,
            second_licenses,
            each: rules.second_license_coins,
            least,
            up_to,
        };
        out.push(Rule::TooFewCoins, boxes, found);
    }
}
