//! deckhand's five-dice arithmetic: the numbers behind the exact solitaire solver of the
//! five-dice game (deckhand's `src/games/yacht/solver.rs`). The rolls of five dice, the
//! keeps between rolls and the chances between them; the batched "widget" that values one
//! set of filled boxes at every upper total at once; the build of a whole table over the
//! cores; and one turn's values for hints. It lives in a crate of its own so the debug and
//! test builds can optimise it alone (deckhand's Cargo.toml,
//! `[profile.dev.package.deckhand-dice]`); what a box, a rule or a sheet means stays in
//! deckhand, which describes a ruleset here by numbers ([`Shape`]) and by its joker offers
//! (a callback, asked for five of a kind only).
//!
//! The value stored is `V = future + B·[upper ≥ threshold]` (B the upper bonus): the bonus
//! counted at the state where the threshold is reached, so a widget adds no bonus of its
//! own — reaching the threshold is the clamped read `V(next, min(up + points, T))`.

use std::sync::OnceLock;

pub mod win;

/// Dice rolled.
pub const DICE: usize = 5;
/// Faces of a die (1 to 6).
pub const FACES: u8 = 6;
/// Rolls a turn at most.
pub const ROLLS: u8 = 3;
/// The most boxes a sheet may have.
pub const MAX_BOXES: usize = 16;
/// The number of sorted rolls of five dice.
pub const ROLL_COUNT: usize = 252;
/// Lanes of a row: the upper totals 0..=63 (a table without an upper bonus has one lane).
pub const LANES: usize = 64;
/// The most points an upper box takes in one turn (five sixes).
const MAX_UPPER_POINTS: usize = 30;

/// Five dice, sorted ascending.
pub type Roll = [u8; DICE];

// ---------------------------------------------------------------------------------------
// The dice: rolls, keeps and the chances between them (the same for every ruleset).

/// The rolls of five dice and the keeps between rolls.
pub struct DiceTables {
    /// The 252 sorted rolls, in lexicographic order.
    pub rolls: Vec<Roll>,
    /// The chance of each roll when all five dice are rolled.
    pub first: Vec<f64>,
    /// The keeps (0 to 4 dice, as sorted faces), in order of size.
    pub keeps: Vec<Vec<u8>>,
    /// Per keep, its outcomes: (roll, chance), as ranges into `outcomes`.
    pub keep_rows: Vec<(u32, u32)>,
    /// The outcomes of every keep: (roll index, chance).
    pub outcomes: Vec<(u16, f64)>,
    /// Per roll, the keeps it can make (each sub-multiset of 0 to 4 of its dice, once).
    pub roll_keeps: Vec<Vec<u16>>,
    /// Per keep, the keep (or, from 4 dice, the roll) with one more die of each face:
    /// rolling n dice is rolling one, then n - 1.
    plus: Vec<[u16; 6]>,
    /// Per keep, the distinct keeps with one die fewer (the subset lattice).
    children: Vec<Vec<u16>>,
    /// Per roll, the distinct keeps of 4 of its dice.
    roll_children: Vec<Vec<u16>>,
}

/// The 252 sorted rolls of five dice, in lexicographic order.
pub fn all_rolls() -> Vec<Roll> {
    multisets(DICE).into_iter().map(|m| m.try_into().expect("five dice")).collect()
}

/// A sorted roll's index among the 252 sorted rolls.
pub fn roll_index(roll: &Roll) -> usize {
    static INDEX: OnceLock<Vec<u16>> = OnceLock::new();
    let index = INDEX.get_or_init(|| {
        let mut index = vec![u16::MAX; 7 * 7 * 7 * 7 * 7];
        for (i, r) in all_rolls().iter().enumerate() {
            index[code(r)] = i as u16;
        }
        index
    });
    usize::from(index[code(roll)])
}

fn code(dice: &[u8]) -> usize {
    dice.iter().fold(0, |c, d| c * 7 + usize::from(*d))
}

/// The face of a five of a kind.
fn five_face(roll: &Roll) -> Option<u8> {
    (roll[0] == roll[4]).then_some(roll[0])
}

/// Sorted multisets of `n` faces, in lexicographic order.
fn multisets(n: usize) -> Vec<Vec<u8>> {
    fn go(n: usize, from: u8, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if cur.len() == n {
            out.push(cur.clone());
            return;
        }
        for f in from..=FACES {
            cur.push(f);
            go(n, f, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(n, 1, &mut Vec::new(), &mut out);
    out
}

/// The chance of rolling this sorted multiset with `faces.len()` dice.
fn chance(faces: &[u8]) -> f64 {
    let mut c = [0usize; 7];
    for f in faces {
        c[usize::from(*f)] += 1;
    }
    let fact = |n: usize| (1..=n).product::<usize>() as f64;
    let ways = fact(faces.len()) / c[1..].iter().map(|k| fact(*k)).product::<f64>();
    ways / f64::from(FACES).powi(faces.len() as i32)
}

/// The dice tables, built once.
pub fn dice_tables() -> &'static DiceTables {
    static TABLES: OnceLock<DiceTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let rolls = all_rolls();
        let first = rolls.iter().map(|r| chance(r)).collect();
        let keeps: Vec<Vec<u8>> = (0..DICE).flat_map(multisets).collect();
        let mut keep_rows = Vec::new();
        let mut outcomes = Vec::new();
        for k in &keeps {
            let start = outcomes.len() as u32;
            for rest in multisets(DICE - k.len()) {
                let mut all: Vec<u8> = k.iter().chain(&rest).copied().collect();
                all.sort_unstable();
                let roll: Roll = all.try_into().expect("five dice");
                outcomes.push((roll_index(&roll) as u16, chance(&rest)));
            }
            keep_rows.push((start, outcomes.len() as u32));
        }
        let keep_id = |faces: &[u8]| keeps.iter().position(|k| k == faces).expect("a keep of 0 to 4 dice") as u16;
        let roll_keeps = rolls
            .iter()
            .map(|r| {
                let mut ids: Vec<u16> = (0u32..31)
                    .map(|mask| {
                        r.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, d)| *d).collect::<Vec<u8>>()
                    })
                    .map(|k| keep_id(&k))
                    .collect();
                ids.sort_unstable();
                ids.dedup();
                ids
            })
            .collect();
        let with = |k: &[u8], f: u8| -> Vec<u8> {
            let mut v: Vec<u8> = k.iter().copied().chain([f]).collect();
            v.sort_unstable();
            v
        };
        let plus = keeps
            .iter()
            .map(|k| {
                let mut row = [0u16; 6];
                for f in 1..=FACES {
                    let v = with(k, f);
                    row[usize::from(f - 1)] = match <Roll>::try_from(v.as_slice()) {
                        Ok(roll) => roll_index(&roll) as u16,
                        Err(_) => keep_id(&v),
                    };
                }
                row
            })
            .collect();
        let fewer = |k: &[u8]| -> Vec<u16> {
            let mut ids: Vec<u16> = (0..k.len())
                .map(|i| k.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, d)| *d).collect::<Vec<u8>>())
                .map(|c| keep_id(&c))
                .collect();
            ids.sort_unstable();
            ids.dedup();
            ids
        };
        let children = keeps.iter().map(|k| fewer(k)).collect();
        let roll_children = rolls.iter().map(|r| fewer(r)).collect();
        DiceTables { rolls, first, keeps, keep_rows, outcomes, roll_keeps, plus, children, roll_children }
    })
}

// ---------------------------------------------------------------------------------------
// A ruleset as numbers, and its table.

/// A box a roll may go into, and what it brings there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Offer {
    /// The box.
    pub box_index: usize,
    /// The points written in the box.
    pub points: i64,
    /// The extra bonus earned besides.
    pub extra: i64,
}

/// The boxes a five of a kind may go into: `(filled boxes, five box holds points, roll
/// index)` to its offers (the joker rule and the extra bonus applied). Asked for rolls of
/// five alike only, and only when the ruleset has a five-of-a-kind box.
pub type JokerOffers<'a> = dyn Fn(u32, bool, usize) -> Vec<Offer> + Sync + 'a;

/// A ruleset as the table sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Shape {
    /// Boxes of the sheet (at most [`MAX_BOXES`]).
    pub boxes: usize,
    /// Per box, its face when it is an upper box (its points count toward the bonus).
    pub upper_face: Vec<Option<u8>>,
    /// Per roll, each box's points (no joker).
    pub points: Vec<[f64; MAX_BOXES]>,
    /// Lanes per row: 64, or 1 without an upper bonus.
    pub lanes: usize,
    /// Rows per set of filled boxes: 2 when the extra bonus needs the five-of-a-kind box to
    /// hold its points, else 1.
    pub flags: usize,
    /// The upper total at which the bonus is earned (the cap of the lanes); 0 with one lane.
    pub cap: usize,
    /// The upper bonus.
    pub upper_bonus: f64,
    /// The five-of-a-kind box.
    pub five_box: Option<usize>,
}

impl Shape {
    /// Where the row of `mask` and `flag` starts in a table's values.
    pub fn row(&self, mask: u32, flag: usize) -> usize {
        ((mask as usize) * self.flags + flag) * self.lanes
    }

    /// The number of values in a table.
    pub fn size(&self) -> usize {
        (1usize << self.boxes) * self.flags * self.lanes
    }

    /// `V` of a turn-start state in `values`: the filled boxes, whether the five box holds
    /// its points, the upper total (capped).
    pub fn value_at(&self, values: &[f64], mask: u32, flag: usize, up: usize) -> f64 {
        values[self.row(mask, flag.min(self.flags - 1)) + up.min(self.cap)]
    }

    fn five_filled(&self, mask: u32) -> bool {
        self.five_box.is_some_and(|b| mask & (1 << b) != 0)
    }

    /// The value of every turn-start state, built on `threads` threads (the result does
    /// not depend on how many).
    pub fn build(&self, joker: &JokerOffers, threads: usize) -> Vec<f64> {
        let full = |up: usize| vec![if self.lanes > 1 && up >= self.cap { self.upper_bonus } else { 0.0 }];
        let widget = |tables: &[Vec<f64>], work: &mut Work, mask: u32, flag: usize| {
            vec![vectorised(
                #[inline(always)]
                || self.widget(&tables[0], joker, work, mask, flag),
            )]
        };
        self.sweep(1, &full, &widget, threads).remove(0)
    }

    /// The value `V` of every turn-start state and the second moment `M` of the points
    /// still to come under the policy that maximises `V` (its choices are `V`'s argmax, ties
    /// to the first), so that the variance of a state's final score is `M - V²`; built on
    /// `threads` threads. `V` is [`Shape::build`]'s table exactly.
    pub fn build_moments(&self, joker: &JokerOffers, threads: usize) -> (Vec<f64>, Vec<f64>) {
        let full = |up: usize| {
            let v = if self.lanes > 1 && up >= self.cap { self.upper_bonus } else { 0.0 };
            vec![v, v * v]
        };
        let widget = |tables: &[Vec<f64>], work: &mut Work, mask: u32, flag: usize| {
            let (v, m) = vectorised(
                #[inline(always)]
                || self.widget_pair(&tables[0], &tables[1], joker, work, mask, flag),
            );
            vec![v, m]
        };
        let mut tables = self.sweep(2, &full, &widget, threads);
        let m = tables.pop().expect("two tables");
        (tables.pop().expect("two tables"), m)
    }

    /// `count` tables over every turn-start state, from the full sheet back to the empty
    /// one: `full(up)` the full sheet's values at an upper total, `widget` one set of
    /// filled boxes' rows (every upper total at once) from the rows after it.
    fn sweep(
        &self,
        count: usize,
        full: &(dyn Fn(usize) -> Vec<f64> + Sync),
        widget: &RowsOf,
        threads: usize,
    ) -> Vec<Vec<f64>> {
        assert!(self.boxes <= 15 && self.boxes == self.upper_face.len() && self.points.len() == ROLL_COUNT);
        let (n, lanes) = (self.boxes, self.lanes);
        let mut tables = vec![vec![0.0; self.size()]; count];
        // The full sheet: only the upper bonus is left, if reached.
        let last = (1u32 << n) - 1;
        for flag in 0..self.flags {
            let at = self.row(last, flag);
            for up in 0..lanes {
                for (t, v) in tables.iter_mut().zip(full(up)) {
                    t[at + up] = v;
                }
            }
        }
        for filled in (0..n).rev() {
            let masks: Vec<u32> = (0..last).filter(|m| m.count_ones() as usize == filled).collect();
            let threads = threads.clamp(1, masks.len());
            type Rows = Vec<(usize, Vec<Vec<f64>>)>;
            let done: Vec<Rows> = std::thread::scope(|s| {
                let tables = &tables;
                let masks = &masks;
                let handles: Vec<_> = (0..threads)
                    .map(|t| {
                        s.spawn(move || {
                            let mut work = Work::new(count);
                            let mut out = Vec::new();
                            for &mask in masks.iter().skip(t).step_by(threads) {
                                for flag in 0..self.flags {
                                    // Flag 1 with the five box open is no state: its row
                                    // is flag 0's, copied below.
                                    if flag == 0 || self.five_filled(mask) {
                                        out.push((self.row(mask, flag), widget(tables, &mut work, mask, flag)));
                                    }
                                }
                            }
                            out
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().expect("a solver thread panicked")).collect()
            });
            for (at, rows) in done.into_iter().flatten() {
                for (t, row) in tables.iter_mut().zip(rows) {
                    t[at..at + lanes].copy_from_slice(&row);
                }
            }
            if self.flags > 1 {
                for &mask in &masks {
                    if !self.five_filled(mask) {
                        let (a, b) = (self.row(mask, 0), self.row(mask, 1));
                        for t in tables.iter_mut() {
                            t.copy_within(a..a + lanes, b);
                        }
                    }
                }
            }
        }
        tables
    }
}

/// A sweep's widget: from the tables so far, one set of filled boxes' rows (one per
/// table) for a flag, every upper total at once.
type RowsOf<'a> = dyn Fn(&[Vec<f64>], &mut Work, u32, usize) -> Vec<Vec<f64>> + Sync + 'a;

/// One thread's buffers for widgets: two rows per roll, one row per keep; with second
/// moments (`count` 2), as many again for them.
struct Work {
    a: Vec<[f64; LANES]>,
    b: Vec<[f64; LANES]>,
    keep: Vec<[f64; LANES]>,
    /// Per upper box, its successor row padded for the shifted read `up + points`.
    pads: Vec<[f64; LANES + MAX_UPPER_POINTS + 1]>,
    /// The second moments' rows, matching `a`, `b`, `keep` and `pads` (empty for `count` 1).
    am: Vec<[f64; LANES]>,
    bm: Vec<[f64; LANES]>,
    keepm: Vec<[f64; LANES]>,
    padsm: Vec<[f64; LANES + MAX_UPPER_POINTS + 1]>,
}

impl Work {
    fn new(count: usize) -> Work {
        let d = dice_tables();
        let m = |n: usize| if count > 1 { n } else { 0 };
        Work {
            a: vec![[0.0; LANES]; ROLL_COUNT],
            b: vec![[0.0; LANES]; ROLL_COUNT],
            keep: vec![[0.0; LANES]; d.keeps.len()],
            pads: vec![[0.0; LANES + MAX_UPPER_POINTS + 1]; MAX_BOXES],
            am: vec![[0.0; LANES]; m(ROLL_COUNT)],
            bm: vec![[0.0; LANES]; m(ROLL_COUNT)],
            keepm: vec![[0.0; LANES]; m(d.keeps.len())],
            padsm: vec![[0.0; LANES + MAX_UPPER_POINTS + 1]; m(MAX_BOXES)],
        }
    }
}

/// `body` compiled for AVX2 and FMA when the CPU has them (checked at run time), else as
/// plain code: the one dispatch of the widgets. `body` is an `#[inline(always)]` closure
/// calling an `#[inline(always)]` widget, so the whole loop nest is built again inside the
/// AVX2 function (without the closure's attribute it is not: no ymm instruction there).
#[inline(always)]
fn vectorised<R>(body: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
            // SAFETY: the CPU has AVX2 and FMA, checked just above.
            return unsafe { with_avx2(body) };
        }
    }
    body()
}

/// `body`, with AVX2 and FMA enabled in the code it inlines.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn with_avx2<R>(body: impl FnOnce() -> R) -> R {
    body()
}

impl Shape {
    /// The lanes a widget computes: the upper totals the filled upper boxes can reach
    /// (five dice of their face each, at most the cap), in whole blocks of 8.
    fn lanes_of(&self, mask: u32) -> usize {
        if self.lanes == 1 {
            return 1;
        }
        let reach: usize = (self.upper_face.iter().enumerate())
            .filter(|(b, _)| mask & (1 << b) != 0)
            .map(|(_, f)| f.map_or(0, |f| DICE * usize::from(f)))
            .sum();
        (reach.min(self.cap) + 1).div_ceil(BLOCK).saturating_mul(BLOCK).min(self.lanes)
    }

    /// `V` of the turn-start states of `mask` and `flag`, every upper total at once (called
    /// through [`vectorised`]).
    #[inline(always)]
    fn widget(&self, values: &[f64], joker: &JokerOffers, work: &mut Work, mask: u32, flag: usize) -> Vec<f64> {
        let d = dice_tables();
        let nl = self.lanes_of(mask);
        let open: Vec<usize> = (0..self.boxes).filter(|b| mask & (1 << b) == 0).collect();
        let upper: Vec<usize> = open.iter().copied().filter(|b| self.upper_face[*b].is_some()).collect();
        let lower: Vec<usize> = open.iter().copied().filter(|b| self.upper_face[*b].is_none()).collect();
        // The successor rows of upper boxes, padded: pad[i] = V(next, min(i, cap)).
        for &b in &upper {
            let at = self.row(mask | (1 << b), flag);
            let pad = &mut work.pads[b];
            for (i, p) in pad.iter_mut().enumerate() {
                *p = values[at + i.min(self.cap).min(self.lanes - 1)];
            }
        }
        // After the last roll: the best box for each roll, at every upper total.
        let five_points = flag == 1;
        for (r, roll) in d.rolls.iter().enumerate() {
            if five_face(roll).is_some() && self.five_box.is_some() {
                let row = &mut work.a[r][..nl];
                row.fill(f64::NEG_INFINITY);
                for o in joker(mask, five_points, r) {
                    let gain = (o.points + o.extra) as f64;
                    let five_now = Some(o.box_index) == self.five_box && o.points > 0 && self.flags > 1;
                    let at = self.row(mask | (1 << o.box_index), if five_now { 1 } else { flag });
                    let shift = if self.upper_face[o.box_index].is_some() { o.points as usize } else { 0 };
                    for (up, x) in row.iter_mut().enumerate() {
                        *x = x.max(gain + values[at + (up + shift).min(self.cap).min(self.lanes - 1)]);
                    }
                }
            } else {
                let points = &self.points[r];
                let mut terms: Terms = Terms::new();
                for &b in &lower {
                    let at = self.row(mask | (1 << b), flag);
                    terms.push(&values[at..at + nl], points[b]);
                }
                for &b in &upper {
                    let gain = points[b];
                    terms.push(&work.pads[b][gain as usize..gain as usize + nl], gain);
                }
                best_of(&mut work.a[r][..nl], &terms);
            }
        }
        // Each roll with rolls left: the best of stopping and every keep. A keep's value is
        // the mean over one more die's face (from 4 dice: the rolls), and the best keep
        // within a roll is found on the subset lattice.
        for _ in 1..ROLLS {
            for k in (0..d.keeps.len()).rev() {
                let (head, tail) = work.keep.split_at_mut(k + 1);
                let four = d.keeps[k].len() == DICE - 1;
                let mut terms = Terms::new();
                for &next in &d.plus[k] {
                    let next = usize::from(next);
                    terms.push(if four { &work.a[next][..nl] } else { &tail[next - k - 1][..nl] }, 0.0);
                }
                mean_of(&mut head[k][..nl], &terms);
            }
            for k in 0..d.keeps.len() {
                let (head, tail) = work.keep.split_at_mut(k);
                let mut terms = Terms::new();
                for &c in &d.children[k] {
                    terms.push(&head[usize::from(c)][..nl], 0.0);
                }
                max_in(&mut tail[0][..nl], &terms);
            }
            for (r, children) in d.roll_children.iter().enumerate() {
                let mut terms = Terms::new();
                for &c in children {
                    terms.push(&work.keep[usize::from(c)][..nl], 0.0);
                }
                let b = &mut work.b[r][..nl];
                b.copy_from_slice(&work.a[r][..nl]);
                max_in(b, &terms);
            }
            std::mem::swap(&mut work.a, &mut work.b);
        }
        // The first roll of the turn: all five dice.
        let mut out = vec![0.0; self.lanes];
        for (row, p) in work.a.iter().zip(&d.first) {
            for (x, v) in out[..nl].iter_mut().zip(&row[..nl]) {
                *x += p * v;
            }
        }
        // Lanes no sheet reaches: the last computed one's value, so the row stays finite.
        let last = out[nl - 1];
        out[nl..].fill(last);
        out
    }
}

impl Shape {
    /// `V` and `M` of the turn-start states of `mask` and `flag`, every upper total at
    /// once: the widget of [`Shape::widget`], each choice carrying the second moment of the
    /// points to come along with its value (`M` of `c + X` is `c² + 2c·V + M`); called
    /// through [`vectorised`].
    #[inline(always)]
    fn widget_pair(
        &self,
        values: &[f64],
        second: &[f64],
        joker: &JokerOffers,
        work: &mut Work,
        mask: u32,
        flag: usize,
    ) -> (Vec<f64>, Vec<f64>) {
        let d = dice_tables();
        let nl = self.lanes_of(mask);
        let open: Vec<usize> = (0..self.boxes).filter(|b| mask & (1 << b) == 0).collect();
        let upper: Vec<usize> = open.iter().copied().filter(|b| self.upper_face[*b].is_some()).collect();
        let lower: Vec<usize> = open.iter().copied().filter(|b| self.upper_face[*b].is_none()).collect();
        let clamp = |i: usize| i.min(self.cap).min(self.lanes - 1);
        for &b in &upper {
            let at = self.row(mask | (1 << b), flag);
            for i in 0..LANES + MAX_UPPER_POINTS + 1 {
                work.pads[b][i] = values[at + clamp(i)];
                work.padsm[b][i] = second[at + clamp(i)];
            }
        }
        let five_points = flag == 1;
        for (r, roll) in d.rolls.iter().enumerate() {
            let (v, m) = (&mut work.a[r][..nl], &mut work.am[r][..nl]);
            if five_face(roll).is_some() && self.five_box.is_some() {
                v.fill(f64::NEG_INFINITY);
                for o in joker(mask, five_points, r) {
                    let gain = (o.points + o.extra) as f64;
                    let five_now = Some(o.box_index) == self.five_box && o.points > 0 && self.flags > 1;
                    let at = self.row(mask | (1 << o.box_index), if five_now { 1 } else { flag });
                    let shift = if self.upper_face[o.box_index].is_some() { o.points as usize } else { 0 };
                    for up in 0..nl {
                        let j = at + clamp(up + shift);
                        if gain + values[j] > v[up] {
                            v[up] = gain + values[j];
                            m[up] = gain * gain + 2.0 * gain * values[j] + second[j];
                        }
                    }
                }
            } else {
                let points = &self.points[r];
                let mut terms = PairTerms::new();
                for &b in &lower {
                    let at = self.row(mask | (1 << b), flag);
                    terms.push(&values[at..at + nl], &second[at..at + nl], points[b]);
                }
                for &b in &upper {
                    let g = points[b] as usize;
                    terms.push(&work.pads[b][g..g + nl], &work.padsm[b][g..g + nl], points[b]);
                }
                v.fill(f64::NEG_INFINITY);
                max_pair_in(v, m, &terms);
            }
        }
        for _ in 1..ROLLS {
            for k in (0..d.keeps.len()).rev() {
                let (head, tail) = work.keep.split_at_mut(k + 1);
                let (headm, tailm) = work.keepm.split_at_mut(k + 1);
                let four = d.keeps[k].len() == DICE - 1;
                let mut terms = PairTerms::new();
                for &next in &d.plus[k] {
                    let next = usize::from(next);
                    match four {
                        true => terms.push(&work.a[next][..nl], &work.am[next][..nl], 0.0),
                        false => terms.push(&tail[next - k - 1][..nl], &tailm[next - k - 1][..nl], 0.0),
                    }
                }
                mean_pair(&mut head[k][..nl], &mut headm[k][..nl], &terms);
            }
            for k in 0..d.keeps.len() {
                let (head, tail) = work.keep.split_at_mut(k);
                let (headm, tailm) = work.keepm.split_at_mut(k);
                let mut terms = PairTerms::new();
                for &c in &d.children[k] {
                    terms.push(&head[usize::from(c)][..nl], &headm[usize::from(c)][..nl], 0.0);
                }
                max_pair_in(&mut tail[0][..nl], &mut tailm[0][..nl], &terms);
            }
            for (r, children) in d.roll_children.iter().enumerate() {
                let mut terms = PairTerms::new();
                for &c in children {
                    terms.push(&work.keep[usize::from(c)][..nl], &work.keepm[usize::from(c)][..nl], 0.0);
                }
                work.b[r][..nl].copy_from_slice(&work.a[r][..nl]);
                work.bm[r][..nl].copy_from_slice(&work.am[r][..nl]);
                max_pair_in(&mut work.b[r][..nl], &mut work.bm[r][..nl], &terms);
            }
            std::mem::swap(&mut work.a, &mut work.b);
            std::mem::swap(&mut work.am, &mut work.bm);
        }
        let (mut v, mut m) = (vec![0.0; self.lanes], vec![0.0; self.lanes]);
        for ((row, rowm), p) in work.a.iter().zip(&work.am).zip(&d.first) {
            for i in 0..nl {
                v[i] += p * row[i];
                m[i] += p * rowm[i];
            }
        }
        let (lv, lm) = (v[nl - 1], m[nl - 1]);
        v[nl..].fill(lv);
        m[nl..].fill(lm);
        (v, m)
    }
}

/// The rows of values and second moments a pairwise reduction reads, each with a constant
/// (points scored on the way): at most one per box (16).
struct PairTerms<'a> {
    rows: [(&'a [f64], &'a [f64], f64); MAX_BOXES],
    len: usize,
}

impl<'a> PairTerms<'a> {
    fn new() -> PairTerms<'a> {
        PairTerms { rows: [(&[], &[], 0.0); MAX_BOXES], len: 0 }
    }

    fn push(&mut self, v: &'a [f64], m: &'a [f64], c: f64) {
        self.rows[self.len] = (v, m, c);
        self.len += 1;
    }
}

/// Lane by lane, the larger of `v` and every term's `c + V`, carrying the second moment of
/// the one taken (`c² + 2c·V + M`; on a tie the earlier stays).
#[inline(always)]
fn max_pair_in(v: &mut [f64], m: &mut [f64], terms: &PairTerms) {
    for (rv, rm, c) in &terms.rows[..terms.len] {
        let (rv, rm) = (&rv[..v.len()], &rm[..v.len()]);
        for i in 0..v.len() {
            let cand = c + rv[i];
            let cm = c * c + 2.0 * c * rv[i] + rm[i];
            let take = cand > v[i];
            v[i] = if take { cand } else { v[i] };
            m[i] = if take { cm } else { m[i] };
        }
    }
}

/// Lane by lane, the mean of the terms' values and of their second moments.
#[inline(always)]
fn mean_pair(v: &mut [f64], m: &mut [f64], terms: &PairTerms) {
    v.fill(0.0);
    m.fill(0.0);
    for (rv, rm, _) in &terms.rows[..terms.len] {
        let (rv, rm) = (&rv[..v.len()], &rm[..v.len()]);
        for i in 0..v.len() {
            v[i] += rv[i];
            m[i] += rm[i];
        }
    }
    let n = terms.len as f64;
    for i in 0..v.len() {
        v[i] /= n;
        m[i] /= n;
    }
}

/// Lanes handled together by the vector loops below.
const BLOCK: usize = 8;

/// The rows a lane-wise reduction reads, each with a constant: at most one per box (16).
struct Terms<'a> {
    rows: [(&'a [f64], f64); MAX_BOXES],
    len: usize,
}

impl<'a> Terms<'a> {
    fn new() -> Terms<'a> {
        Terms { rows: [(&[], 0.0); MAX_BOXES], len: 0 }
    }

    fn push(&mut self, row: &'a [f64], c: f64) {
        self.rows[self.len] = (row, c);
        self.len += 1;
    }

    fn all(&self) -> &[(&'a [f64], f64)] {
        &self.rows[..self.len]
    }
}

/// The larger of two values, written so that the loops below vectorise (`f64::max` must
/// look after NaN, which blocks it; no NaN arises here).
#[inline(always)]
fn larger(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

/// `dst[i] = fold(init(dst[i]), row[i] with its constant)` over every term, block by block
/// of `BLOCK` lanes: the block's accumulator stays in vector registers while every row is
/// read into it, and is stored once.
#[inline(always)]
fn reduce(dst: &mut [f64], terms: &Terms, init: impl Fn(f64) -> f64, fold: impl Fn(f64, f64, f64) -> f64) {
    let n = dst.len();
    let (blocks, rest) = dst.as_chunks_mut::<BLOCK>();
    for (b, block) in blocks.iter_mut().enumerate() {
        let mut acc = block.map(&init);
        for (row, c) in terms.all() {
            let v: &[f64; BLOCK] = row[b * BLOCK..][..BLOCK].try_into().expect("whole blocks");
            for j in 0..BLOCK {
                acc[j] = fold(acc[j], v[j], *c);
            }
        }
        *block = acc;
    }
    let done = n - rest.len();
    for (i, x) in rest.iter_mut().enumerate() {
        let mut acc = init(*x);
        for (row, c) in terms.all() {
            acc = fold(acc, row[done + i], *c);
        }
        *x = acc;
    }
}

/// `dst[i] = max over terms of (c + row[i])`.
#[inline(always)]
fn best_of(dst: &mut [f64], terms: &Terms) {
    reduce(dst, terms, |_| f64::NEG_INFINITY, |acc, v, c| larger(acc, c + v));
}

/// `dst[i] = the mean of the rows' lanes i`.
#[inline(always)]
fn mean_of(dst: &mut [f64], terms: &Terms) {
    let n = terms.len as f64;
    reduce(dst, terms, |_| 0.0, |acc, v, _| acc + v);
    for x in dst {
        *x /= n;
    }
}

/// `dst[i] = max(dst[i], every row's lane i)`.
#[inline(always)]
fn max_in(dst: &mut [f64], terms: &Terms) {
    reduce(dst, terms, |x| x, |acc, v, _| larger(acc, v));
}

// ---------------------------------------------------------------------------------------
// One turn's values.

/// One turn's values from `stop` (per roll, the best box after it): `hold[j][r]` is roll
/// `r` held with `j` rolls left (`hold[0]` is `stop`), `keep[j][k]` keep `k` with `j`
/// rolls left (`keep[0]` empty).
pub fn turn_values(stop: Vec<f64>) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
    let d = dice_tables();
    let mut hold = vec![stop];
    let mut keep = vec![Vec::new()];
    for j in 1..usize::from(ROLLS) {
        let kv: Vec<f64> = d
            .keep_rows
            .iter()
            .map(|(s, t)| {
                d.outcomes[*s as usize..*t as usize].iter().map(|(r, p)| p * hold[j - 1][usize::from(*r)]).sum()
            })
            .collect();
        let held = d
            .roll_keeps
            .iter()
            .enumerate()
            .map(|(r, ks)| ks.iter().map(|k| kv[usize::from(*k)]).fold(hold[0][r], f64::max))
            .collect();
        hold.push(held);
        keep.push(kv);
    }
    (hold, keep)
}
