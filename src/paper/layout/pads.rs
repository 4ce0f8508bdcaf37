//! The pads of each game laid out: Fleet's sheet, an end-game sheet, the five-dice sheet.

use super::*;

/// A row of `n` boxes from `x` at `y`.
#[allow(clippy::too_many_arguments)]
fn row(
    b: &mut Builder,
    x: f32,
    y: f32,
    n: usize,
    outline: impl Fn(usize) -> Outline,
    target: impl Fn(usize) -> Target,
    group: usize,
) -> f32 {
    for i in 0..n {
        b.add(target(i), outline(i), x + i as f32 * PITCH, y, group, i + 1);
    }
    x + n as f32 * PITCH
}

/// The highest number of fish a Fleet boat of a section can ever hold: its capacity, or
/// the oyster license's highest when that raises it.
fn fish_boxes(rules: &FleetRules, section: usize, slot: usize) -> (usize, usize) {
    let slots = crate::games::fleet::sheet::boat_slots_of(rules, section);
    let base = slots[slot].spec.capacity as usize;
    if let SectionKind::Boats(t) = rules.sections[section].kind {
        if rules.boat_types[t].license_effect == LicenseEffect::Oyster {
            let most = rules.boat_types[t].license_levels.iter().map(|l| l.capacity as usize).max().unwrap_or(0);
            return (base, most.max(base));
        }
    }
    (base, base)
}

/// Boats of a section, each its launch box (boat-type boats) and its fish boxes, flowed
/// from `x` to `right`; returns the y under them.
fn boats(b: &mut Builder, rules: &FleetRules, words: &Words, section: usize, x0: f32, y0: f32, right: f32) -> f32 {
    let slots = crate::games::fleet::sheet::boat_slots_of(rules, section);
    let own_launch = matches!(rules.sections[section].kind, SectionKind::Boats(_));
    let (mut x, mut y) = (x0, y0);
    let mut any = false;
    for (slot, spec) in slots.iter().enumerate() {
        let (base, most) = fish_boxes(rules, section, slot);
        if !own_launch && most == 0 {
            continue;
        }
        any = true;
        let width = PITCH * (most + usize::from(own_launch)) as f32 + 2.5;
        if x + width > right && x > x0 {
            x = x0;
            y += PITCH + 3.0;
        }
        let name = words.boat.replace("{}", &(slot + 1).to_string());
        let group = b.group(&format!("{} — {name}", words.names[section]));
        let vp = format!("{}", spec.spec.vp);
        b.text(x, y - 0.6, SMALL, false, &format!("{}:{vp}", slot + 1));
        if own_launch {
            b.add(Target::Mark { section, index: slot }, Outline::Square, x, y, group, 0);
            x += PITCH;
        }
        for n in 0..most {
            b.add(Target::Fish { section, slot, n }, Outline::Circle, x, y, group, n + 1);
            if n >= base {
                b.boxes.last_mut().expect("just added").dashed = true;
            }
            x += PITCH;
        }
        x += 2.5;
    }
    if any {
        y + PITCH
    } else {
        y0
    }
}

/// The page of a Fleet pad.
pub fn fleet(rules: &FleetRules, words: &Words, paper: Paper, payload: Payload) -> Page {
    let mut b = Builder::new();
    // The boat sheet, left: per boat type its column, its licenses, its boats.
    let label_w = 24.0;
    let boat_right = 150.0;
    let mut y = 4.0;
    b.text(0.0, y, 3.4, true, words.headings.first().map_or("", String::as_str));
    y += 6.0;
    for (t, bt) in rules.boat_types.iter().enumerate() {
        let col = rules.section_of(SectionKind::Column(t));
        let lic = rules.section_of(SectionKind::Licenses(t));
        let boat = rules.section_of(SectionKind::Boats(t));
        b.label(0.0, y + 4.3, label_w - 1.0, true, &words.names[col]);
        let group = b.group(&words.names[col]);
        for (i, kind) in bt.column.iter().enumerate() {
            let letter = match kind {
                ColumnBox::Plain => "",
                ColumnBox::License => "L",
                ColumnBox::Boat => "B",
                ColumnBox::Choice => "?",
            };
            let x = label_w + i as f32 * PITCH;
            if !letter.is_empty() {
                b.centred(x + BOX / 2.0, y - 0.5, SMALL, letter);
            }
            let outline = if *kind == ColumnBox::Plain { Outline::Square } else { Outline::Circle };
            b.add(Target::Mark { section: col, index: i }, outline, x, y, group, i + 1);
        }
        let lx = label_w + bt.column.len() as f32 * PITCH + 4.0;
        b.text(lx, y - 0.5, SMALL, false, &words.licenses);
        let group = b.group(&words.names[lic]);
        row(
            &mut b,
            lx,
            y,
            rules.sections[lic].len,
            |_| Outline::Square,
            |i| Target::Mark { section: lic, index: i },
            group,
        );
        y += PITCH + 3.2;
        y = boats(&mut b, rules, words, boat, label_w, y, boat_right) + 2.5;
        b.ink.push(Ink::Line { x1: 0.0, y1: y - 1.6, x2: boat_right, y2: y - 1.6, width: 0.15 });
        y += 1.5;
    }
    // The town sheet, right.
    let x0 = boat_right + 6.0;
    let right = x0 + 134.0;
    let name_w = 28.0;
    let mut y = 4.0;
    b.ink.push(Ink::Line { x1: x0 - 3.0, y1: 0.0, x2: x0 - 3.0, y2: 150.0, width: 0.2 });
    b.text(x0, y, 3.4, true, words.headings.get(1).map_or("", String::as_str));
    y += 6.0;
    for h in 0..rules.harbor.len() {
        let s = rules.section_of(SectionKind::Harbor(h));
        b.label(x0, y + 4.3, x0 + name_w - 1.0, false, &words.names[s]);
        let group = b.group(&words.names[s]);
        let circles = &rules.harbor[h].circles;
        let end = row(
            &mut b,
            x0 + name_w,
            y,
            circles.len(),
            |i| if circles[i] { Outline::Circle } else { Outline::Square },
            |i| Target::Mark { section: s, index: i },
            group,
        );
        let below = boats(&mut b, rules, words, s, end + 3.0, y, right);
        y = below.max(y + PITCH) + 3.0;
    }
    // The king crab bonus: one bubble per bonus.
    if !rules.king_crab_bonuses.is_empty() {
        b.label(x0, y + 4.3, x0 + name_w - 1.0, true, words.headings.get(4).map_or("", String::as_str));
        let group = b.group(words.headings.get(4).map_or("", String::as_str));
        // Fixed slots, three to a line, whatever the names' lengths.
        let slot = (right - x0 - name_w) / 3.0;
        for i in 0..rules.king_crab_bonuses.len() {
            let (x, yy) = (x0 + name_w + (i % 3) as f32 * slot, y + (i / 3) as f32 * (PITCH + 1.0));
            b.add(Target::Bonus(i), Outline::Circle, x, yy, group, i + 1);
            let name = words.bonuses.get(i).map_or("", String::as_str);
            b.label(x + BOX + 1.0, yy + 3.8, x + slot - 1.0, false, name);
        }
        y += (rules.king_crab_bonuses.len().div_ceil(3).max(1) - 1) as f32 * (PITCH + 1.0);
        y += PITCH + 4.0;
    }
    // The wharf: two columns of buildings.
    b.text(x0, y, 3.0, true, words.headings.get(3).map_or("", String::as_str));
    y += 2.0;
    let half = rules.wharf.len().div_ceil(2);
    let col_w = 69.0;
    for w in 0..rules.wharf.len() {
        let s = rules.section_of(SectionKind::Wharf(w));
        let (cx, cy) = (x0 + (w / half) as f32 * col_w, y + (w % half) as f32 * (PITCH + 1.5));
        let name_w = 26.0;
        b.label(cx, cy + 4.3, cx + name_w - 1.0, false, &words.names[s]);
        let group = b.group(&words.names[s]);
        let circles = &rules.wharf[w].circles;
        row(
            &mut b,
            cx + name_w,
            cy,
            circles.len(),
            |i| if circles[i] { Outline::Circle } else { Outline::Square },
            |i| Target::Mark { section: s, index: i },
            group,
        );
    }
    y += half as f32 * (PITCH + 1.5) + 3.0;
    // The buffet hexes and the salvage stars.
    let hexes = rules.section_of(SectionKind::BuffetHexes);
    let stars = rules.section_of(SectionKind::SalvageStars);
    b.label(x0, y + 4.3, x0 + name_w - 1.0, false, &words.names[hexes]);
    let group = b.group(&words.names[hexes]);
    let end = row(
        &mut b,
        x0 + name_w,
        y,
        rules.sections[hexes].len,
        |_| Outline::Hex,
        |i| Target::Mark { section: hexes, index: i },
        group,
    );
    let sx = end + 4.0;
    b.label(sx, y + 4.3, sx + 25.0, false, &words.names[stars]);
    let group = b.group(&words.names[stars]);
    let sx = sx + 26.0;
    row(
        &mut b,
        sx,
        y,
        rules.sections[stars].len,
        |_| Outline::Square,
        |i| Target::Mark { section: stars, index: i },
        group,
    );
    for i in 0..rules.sections[stars].len {
        b.ink.push(Ink::Star { cx: sx + i as f32 * PITCH + BOX - 0.3, cy: y - 0.2, r: 0.9 });
    }
    y += PITCH + 4.0;
    // The coin track: rows of 20 boxes, stars above their boxes.
    let coins = rules.section_of(SectionKind::Coins);
    b.text(x0, y, 3.0, true, &words.names[coins]);
    y += 2.0;
    let group = b.group(&words.names[coins]);
    let per_row = 20;
    for (i, star) in rules.coin_stars.iter().enumerate() {
        let (cx, cy) = (x0 + (i % per_row) as f32 * PITCH, y + (i / per_row) as f32 * (PITCH + 1.0));
        b.add(Target::Mark { section: coins, index: i }, Outline::Square, cx, cy, group, i + 1);
        // A star box: a star in the gap above it (its inside stays clear for the mark).
        if *star {
            b.ink.push(Ink::Star { cx: cx + BOX / 2.0, cy: cy - 0.5, r: 0.75 });
        }
    }
    finish(b, words, paper, payload)
}

/// The number of decimal digits a value up to `n` needs.
fn digits(n: i64) -> u32 {
    let mut d = 1;
    let mut v = n.unsigned_abs();
    while v >= 10 {
        v /= 10;
        d += 1;
    }
    d
}

/// What an end-game input is printed as: per counted item (None for a number), the
/// number of digit rows.
pub fn endgame_rows(shape: InputShape) -> Vec<(Option<i64>, u32)> {
    match shape {
        InputShape::Number { min, max } => vec![(None, digits(min.abs().max(max)))],
        InputShape::List { item_min, item_max, max_items } => {
            (item_min..=item_max).map(|v| (Some(v), digits(max_items as i64))).collect()
        }
    }
}

/// Whether an end-game input can be printed as bubbles: a number, or a list of few
/// different item values (counted per value).
pub fn endgame_printable(shape: InputShape) -> bool {
    match shape {
        InputShape::Number { .. } => true,
        InputShape::List { item_min, item_max, .. } => item_max - item_min < 10,
    }
}

/// The page of an end-game calculator's pad: every input as rows of digit bubbles (one row
/// per decimal place, a bubble per digit), a minus bubble where the input may be negative,
/// and a list input as one count per item value.
pub fn endgame(rules: &EndgameRules, words: &Words, paper: Paper, payload: Payload) -> Page {
    let mut b = Builder::new();
    let columns = 3;
    let col_w = 92.0;
    let label_w = 14.0;
    let rows_of = |i: usize| -> f32 {
        let rows: u32 = endgame_rows(rules.sheet.inputs[i].shape).iter().map(|(_, d)| d).sum();
        let counts = endgame_rows(rules.sheet.inputs[i].shape).len() as f32;
        rows as f32 * PITCH + counts * 3.5 + 3.0
    };
    let total: f32 = (0..rules.sheet.inputs.len()).map(rows_of).sum();
    let per_column = total / columns as f32;
    let (mut col, mut y) = (0usize, 0.0f32);
    for (i, input) in rules.sheet.inputs.iter().enumerate() {
        if !endgame_printable(input.shape) {
            continue;
        }
        if y > 0.0 && y + rows_of(i) > per_column + 10.0 && col + 1 < columns {
            col += 1;
            y = 0.0;
        }
        let x0 = col as f32 * col_w;
        let name = &words.names[i];
        let group = b.group(name);
        y += 3.5;
        // The heading a little above where the boxes' places leave room: its descenders
        // touched the digits under it.
        b.label(x0, y - 0.9, x0 + col_w, true, name);
        for (item, rows) in endgame_rows(input.shape) {
            if let Some(v) = item {
                b.text(x0 + label_w + 10.0 * PITCH + 1.5, y + 3.4, SMALL, false, &format!("= {v}"));
            }
            y += 1.0;
            for d in 0..10u8 {
                b.centred(x0 + label_w + d as f32 * PITCH + BOX / 2.0, y + 1.8, SMALL, &d.to_string());
            }
            y += 2.5;
            for r in 0..rows {
                let place = rows - 1 - r;
                if r == 0 {
                    if let InputShape::Number { min, .. } = input.shape {
                        if min < 0 {
                            let mx = x0 + label_w + 10.0 * PITCH + 1.5;
                            b.centred(mx + BOX / 2.0, y - 0.7, SMALL, "−");
                            b.add(Target::Minus { input: i }, Outline::Circle, mx, y, group, 0);
                        }
                    }
                }
                b.text(x0, y + 4.0, SMALL, false, &format!("{}", 10u64.pow(place)));
                row(
                    &mut b,
                    x0 + label_w,
                    y,
                    10,
                    |_| Outline::Circle,
                    |d| Target::Digit { input: i, item, place, digit: d as u8 },
                    group,
                );
                y += PITCH;
            }
        }
        y += 2.0;
    }
    finish(b, words, paper, payload)
}

/// How a five-dice box's points are marked: a bubble per value it can hold, or (more than
/// [`YACHT_ROW`] values) its tens and its ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum YachtMarks {
    /// One bubble per value, ascending.
    Values(Vec<i64>),
    /// A tens row (1 to `tens`) and a ones row (0 to 9).
    Digits {
        /// The highest tens digit.
        tens: u8,
    },
}

/// The most value bubbles a five-dice box gets in one row.
pub const YACHT_ROW: usize = 10;
/// The most extra bonuses the pad has bubbles for.
pub const YACHT_EXTRA: u8 = 9;

/// How box `i` of a five-dice ruleset is marked on its pad.
pub fn yacht_marks(rules: &crate::games::yacht::Ruleset, i: usize) -> YachtMarks {
    let values: Vec<i64> = rules.possible(i).into_iter().collect();
    if values.len() <= YACHT_ROW {
        YachtMarks::Values(values)
    } else {
        let most = values.last().copied().unwrap_or(0).clamp(0, 99);
        YachtMarks::Digits { tens: (most / 10) as u8 }
    }
}

/// A five-dice pad for one player: the ruleset's upper boxes and their bonus on the left,
/// the others and the extra bonus on the right, each box a row of bubbles labelled with
/// the points they stand for (or its tens and ones).
pub fn yacht(rules: &crate::games::yacht::Ruleset, words: &Words, paper: Paper, payload: Payload) -> Page {
    let mut b = Builder::new();
    let col_w = 112.0;
    let label_w = 34.0;
    let mut y = [0.0f32, 0.0];
    // A row of bubbles, each with its words above it.
    let bubbles = |b: &mut Builder, x: f32, y: f32, labels: &[String], targets: &[Target], group: usize| {
        for (k, (l, t)) in labels.iter().zip(targets).enumerate() {
            let bx = x + label_w + k as f32 * PITCH;
            b.centred(bx + BOX / 2.0, y + 1.8, SMALL, l);
            b.add(*t, Outline::Circle, bx, y + 2.5, group, k + 1);
        }
    };
    for (i, c) in rules.boxes.iter().enumerate() {
        let col = usize::from(!c.kind.upper());
        let x0 = col as f32 * col_w;
        let group = b.group(&words.names[i]);
        b.label(x0, y[col] + 7.0, x0 + label_w - 1.0, true, &words.names[i]);
        match yacht_marks(rules, i) {
            YachtMarks::Values(values) => {
                let labels: Vec<String> = values.iter().map(i64::to_string).collect();
                let targets: Vec<Target> = values.iter().map(|v| Target::Points { category: i, value: *v }).collect();
                bubbles(&mut b, x0, y[col], &labels, &targets, group);
                y[col] += 2.5 + PITCH + 2.0;
            }
            YachtMarks::Digits { tens } => {
                let labels: Vec<String> = (1..=tens).map(|d| format!("{}", d as u32 * 10)).collect();
                let targets: Vec<Target> =
                    (1..=tens).map(|d| Target::PointsDigit { category: i, place: 1, digit: d }).collect();
                bubbles(&mut b, x0, y[col], &labels, &targets, group);
                y[col] += 2.5 + PITCH;
                let labels: Vec<String> = (0..10u8).map(|d| format!("+{d}")).collect();
                let targets: Vec<Target> =
                    (0..10u8).map(|d| Target::PointsDigit { category: i, place: 0, digit: d }).collect();
                bubbles(&mut b, x0, y[col], &labels, &targets, group);
                y[col] += 2.5 + PITCH + 2.0;
            }
        }
    }
    // The bonuses as the player writes them, under their sections.
    y[0] += 2.0;
    b.ink.push(Ink::Line { x1: 0.0, y1: y[0], x2: col_w - 6.0, y2: y[0], width: 0.3 });
    if rules.upper_bonus > 0 {
        let group = b.group(&words.bonuses[0]);
        b.label(0.0, y[0] + 7.0, label_w - 1.0, true, &words.bonuses[0]);
        let labels = vec!["0".to_string(), rules.upper_bonus.to_string()];
        let targets = vec![Target::UpperBonus { value: 0 }, Target::UpperBonus { value: rules.upper_bonus }];
        bubbles(&mut b, 0.0, y[0], &labels, &targets, group);
    }
    if rules.extra_bonus > 0 {
        y[1] += 2.0;
        b.ink.push(Ink::Line { x1: col_w, y1: y[1], x2: 2.0 * col_w - 6.0, y2: y[1], width: 0.3 });
        let group = b.group(&words.bonuses[1]);
        b.label(col_w, y[1] + 7.0, col_w + label_w - 1.0, true, &words.bonuses[1]);
        let labels: Vec<String> = (1..=YACHT_EXTRA).map(|n| (i64::from(n) * rules.extra_bonus).to_string()).collect();
        let targets: Vec<Target> = (1..=YACHT_EXTRA).map(|n| Target::ExtraBonus { count: n }).collect();
        bubbles(&mut b, col_w, y[1], &labels, &targets, group);
    }
    finish(b, words, paper, payload)
}
