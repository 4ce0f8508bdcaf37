//! The exact solitaire solver of the five-dice game (Glenn 2006; Verhoeff 1999): retrograde
//! analysis over the turn-start states (the boxes filled, the upper total capped at the
//! threshold, whether the five-of-a-kind box holds its points), each state's value the
//! optimal expected score still to come, computed from its successors by one turn's
//! "widget" of rolls, keeps and box choices.
//!
//! The official rules' value from the start depends on how the joker is read (tests check
//! each; BENCHMARKS.md, "The five-dice solver"):
//! - 254.5896 (254.589609…) with Verhoeff's convention, option `open_joker`
//!   ([`Joker::UpperFilled`]: a further five of a kind may go into any open box, a full
//!   house or straight taking it at full value only when its upper box is filled). This is
//!   the figure of Verhoeff 1999 and Glenn 2006.
//! - 254.5877 (254.587728…) with the rule as printed with the commercial editions, the
//!   default ([`Joker::ForcedUpper`]: the matching upper box first, else any lower box at
//!   full value, else a zero in an upper box): being forced costs 0.0019 points a game.
//! - 245.8708 without the joker and its extra bonus (`no_joker`); Scandinavian Yatzy
//!   (`scandinavian`) 248.44, dlangk/yatzy's EV-optimal mean.
//!
//! The arithmetic (dice tables, the batched widgets, the build over the cores, a turn's
//! values) is the crate `deckhand-dice` (crates/dice), optimised in the debug and test
//! builds too; this file says what the rules mean to it ([`deckhand_dice::Shape`] and the
//! joker's offers), keeps the table in the data folder (checked by its SHA-256, rebuilt
//! when missing or damaged) and answers hints and reviews.

use std::path::{Path, PathBuf};

use std::cell::RefCell;
use std::collections::HashMap;

use deckhand_dice::win::{Dist, Field};
use deckhand_dice::{dice_tables, roll_index, Shape};

#[cfg(doc)]
use super::Joker;
use super::{Kind, Needs, Roll, Ruleset, Sheet, DICE, FACES, ROLLS};
use crate::games::live::Replay;
use crate::message::Message;
use crate::msg;

const _: () = assert!(super::MAX_BOXES == deckhand_dice::MAX_BOXES && DICE == deckhand_dice::DICE);

// ---------------------------------------------------------------------------------------
// The table.

/// Why the solver cannot serve a ruleset, or its table could not be kept.
#[derive(Debug)]
pub enum SolverError {
    /// The ruleset is outside what the solver takes (its table would be too large).
    Unsupported {
        /// Boxes of the ruleset.
        boxes: usize,
    },
    /// The data folder or the table file could not be written.
    Write {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        cause: std::io::Error,
    },
}

impl SolverError {
    /// The problem as a message for the text layer.
    pub fn message(&self) -> Message {
        match self {
            SolverError::Unsupported { boxes } => {
                msg!("games.yacht.solver.unsupported", n = boxes, max = MAX_SOLVED_BOXES)
            }
            SolverError::Write { path, cause } => {
                msg!("games.yacht.solver.write", path = path.display(), cause = cause.to_string())
            }
        }
    }
}

/// The most boxes a ruleset may have for the solver (2^15 sets of filled boxes × 64 upper
/// totals is 16 MiB of values).
pub const MAX_SOLVED_BOXES: usize = 15;

/// Where a table came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Provenance {
    /// Read from the data folder, its hash checked.
    Loaded,
    /// Built now: there was no table.
    BuiltMissing,
    /// Built now: the file there was damaged (wrong size, header or hash).
    BuiltDamaged,
    /// Built now, in memory only.
    Built,
}

/// The exact solver of one ruleset: the value of every turn-start state.
#[derive(Debug, Clone)]
pub struct Solver {
    rules: Ruleset,
    /// The ruleset as the arithmetic sees it.
    shape: Shape,
    /// `V(filled, flag, upper)`, row by row.
    values: Vec<f64>,
    /// The variance of the points still to come under optimal play, laid out as `values`
    /// (None until asked for: [`Solver::with_spread`]).
    spread: Option<Vec<f32>>,
    /// The last turn solved to win ([`Solver::win_hint`]).
    last_win: LastWin,
}

/// The last turn [`Solver::win_hint`] solved, by the players' states it was solved for (the
/// asking player's first). A copy of the solver starts without one.
#[derive(Debug, Default)]
struct LastWin(std::sync::Mutex<Option<(Vec<State>, Turn)>>);

/// A player's state as a turn to win is solved for it: filled boxes, bonus flag, upper
/// total, points so far.
type State = (u32, usize, usize, i64);

impl Clone for LastWin {
    fn clone(&self) -> Self {
        LastWin::default()
    }
}

/// A ruleset as the arithmetic sees it: its table's shape and each roll's points per box.
fn shape(rules: &Ruleset) -> Result<Shape, SolverError> {
    if rules.boxes.len() > MAX_SOLVED_BOXES {
        return Err(SolverError::Unsupported { boxes: rules.boxes.len() });
    }
    let (lanes, cap) =
        if rules.upper_bonus > 0 { (deckhand_dice::LANES, rules.upper_threshold as usize) } else { (1, 0) };
    let flags = if rules.extra_bonus > 0 && rules.extra_needs == Needs::Points { 2 } else { 1 };
    let points = (dice_tables().rolls.iter())
        .map(|r| {
            let mut row = [0.0; super::MAX_BOXES];
            for (b, c) in rules.boxes.iter().enumerate() {
                row[b] = c.kind.score(r) as f64;
            }
            row
        })
        .collect();
    let upper_face =
        rules.boxes.iter().map(|c| if let Kind::Face(f) = c.kind { Some(f) } else { None }).collect::<Vec<_>>();
    debug_assert!(rules.boxes.iter().zip(&upper_face).all(|(c, f)| c.kind.upper() == f.is_some()));
    Ok(Shape {
        boxes: rules.boxes.len(),
        upper_face,
        points,
        lanes,
        flags,
        cap,
        upper_bonus: rules.upper_bonus as f64,
        five_box: rules.five_box,
    })
}

impl Solver {
    /// Build the table of a ruleset in memory, on every core.
    pub fn build(rules: &Ruleset) -> Result<Solver, SolverError> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        Self::build_with(rules, threads)
    }

    /// Build the table on `threads` threads (the result does not depend on how many).
    pub fn build_with(rules: &Ruleset, threads: usize) -> Result<Solver, SolverError> {
        let shape = shape(rules)?;
        let rolls = &dice_tables().rolls;
        let joker = |mask: u32, five_points: bool, r: usize| -> Vec<deckhand_dice::Offer> {
            (rules.offers(mask, five_points, &rolls[r]).into_iter())
                .map(|o| deckhand_dice::Offer { box_index: o.box_index, points: o.points, extra: o.extra })
                .collect()
        };
        let values = shape.build(&joker, threads);
        Ok(Solver { rules: rules.clone(), shape, values, spread: None, last_win: LastWin::default() })
    }

    /// Build the table and the spread table ([`Solver::spread_of`]) on `threads` threads.
    pub fn build_spread_with(rules: &Ruleset, threads: usize) -> Result<Solver, SolverError> {
        let shape = shape(rules)?;
        let rolls = &dice_tables().rolls;
        let joker = |mask: u32, five_points: bool, r: usize| -> Vec<deckhand_dice::Offer> {
            (rules.offers(mask, five_points, &rolls[r]).into_iter())
                .map(|o| deckhand_dice::Offer { box_index: o.box_index, points: o.points, extra: o.extra })
                .collect()
        };
        let (values, second) = shape.build_moments(&joker, threads);
        let spread = values.iter().zip(&second).map(|(v, m)| (m - v * v).max(0.0) as f32).collect();
        Ok(Solver { rules: rules.clone(), shape, values, spread: Some(spread), last_win: LastWin::default() })
    }

    /// Whether the spread table is here (a hint that aims to win needs it).
    pub fn has_spread(&self) -> bool {
        self.spread.is_some()
    }

    /// The standard deviation of the points still to come from a turn-start state under
    /// optimal play (0 without the spread table).
    fn sd_at(&self, mask: u32, flag: usize, up: usize) -> f64 {
        let Some(spread) = &self.spread else { return 0.0 };
        let at = self.shape.row(mask, flag.min(self.shape.flags - 1)) + up.min(self.shape.cap);
        f64::from(spread[at]).sqrt()
    }

    /// A sheet's final score at the start of its next turn under optimal solitaire play:
    /// its expected value and its exact standard deviation (0 without the spread table).
    pub fn spread_of(&self, sheet: &Sheet) -> (f64, f64) {
        let (mask, flag, up, base) = self.state_of(sheet);
        (base + self.value_at(mask, flag, up), self.sd_at(mask, flag, up))
    }

    /// The ruleset solved.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// `V` of a turn-start state: the filled boxes, whether the five box holds its points,
    /// the upper total (capped).
    fn value_at(&self, mask: u32, flag: usize, up: usize) -> f64 {
        self.shape.value_at(&self.values, mask, flag, up)
    }

    /// The optimal expected final score of a whole game from the start.
    pub fn start_value(&self) -> f64 {
        self.value_at(0, 0, 0)
    }

    /// A sheet's turn-start state: (filled boxes, flag, capped upper total) and the points
    /// it holds outside the upper bonus (boxes and extra bonuses).
    fn state_of(&self, sheet: &Sheet) -> (u32, usize, usize, f64) {
        let s = super::score_sheet(&self.rules, sheet);
        let flag = usize::from(self.shape.flags > 1 && sheet.five_points(&self.rules));
        let up = if self.shape.lanes > 1 { (s.upper.max(0) as usize).min(self.shape.cap) } else { 0 };
        (sheet.filled(), flag, up, (s.upper + s.lower + s.extra) as f64)
    }

    /// The optimal expected final score of a sheet at the start of its next turn.
    pub fn expected_final(&self, sheet: &Sheet) -> f64 {
        let (mask, flag, up, base) = self.state_of(sheet);
        base + self.value_at(mask, flag, up)
    }
}

// ---------------------------------------------------------------------------------------
// Keeping the table in the data folder.

const MAGIC: &[u8; 8] = b"DHYACHT1";
const HEADER: usize = 8 + 4 * 3 + 32;

/// A ruleset's fingerprint for its table's file name: what changes the values only.
fn fingerprint(rules: &Ruleset) -> String {
    let kinds: Vec<String> = rules.boxes.iter().map(|c| format!("{:?}", c.kind)).collect();
    let text = format!(
        "{}|{}|{}|{}|{:?}|{:?}|{:?}|{:?}",
        kinds.join(","),
        rules.upper_threshold,
        rules.upper_bonus,
        rules.extra_bonus,
        rules.extra_needs,
        rules.extra_where,
        rules.joker,
        rules.five_box
    );
    format!("{:016x}", crate::games::fnv1a(&text))
}

/// The file a ruleset's table is kept in, inside `dir`.
pub fn table_path(rules: &Ruleset, dir: &Path) -> PathBuf {
    dir.join(format!("yacht-{}.bin", fingerprint(rules)))
}

/// The folder the tables are kept in: `solver` in the platform's data folder
/// (`~/.local/share/deckhand/solver` on Linux); `None` on a platform without one.
pub fn tables_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "deckhand").map(|d| d.data_dir().join("solver"))
}

impl Solver {
    /// The solver of a ruleset from its table in `dir`; built (and written there) when the
    /// table is missing or damaged.
    pub fn load_or_build(rules: &Ruleset, dir: &Path) -> Result<(Solver, Provenance), SolverError> {
        let shape = shape(rules)?;
        let path = table_path(rules, dir);
        let dims = [rules.boxes.len(), shape.lanes, shape.flags];
        let provenance = match std::fs::read(&path) {
            Ok(bytes) => match parse_table(&bytes, MAGIC, dims, shape.size() * 8) {
                Some(body) => {
                    let values = body.chunks_exact(8).map(|c| f64::from_le_bytes(c.try_into().expect("8 bytes")));
                    let values = values.collect();
                    return Ok((
                        Solver { rules: rules.clone(), shape, values, spread: None, last_win: LastWin::default() },
                        Provenance::Loaded,
                    ));
                }
                None => Provenance::BuiltDamaged,
            },
            Err(_) => Provenance::BuiltMissing,
        };
        let solver = Solver::build(rules)?;
        solver.save(&path)?;
        Ok((solver, provenance))
    }

    /// The solver of a ruleset from the data folder ([`tables_dir`]), built and kept there
    /// the first time; built in memory only on a platform without a data folder.
    pub fn from_data_folder(rules: &Ruleset) -> Result<(Solver, Provenance), SolverError> {
        match tables_dir() {
            Some(dir) => Self::load_or_build(rules, &dir),
            None => Ok((Self::build(rules)?, Provenance::Built)),
        }
    }

    /// The solver of a ruleset for this process: from the data folder (built and kept there
    /// the first time, [`Solver::from_data_folder`]), then kept in memory.
    pub fn shared(rules: &Ruleset) -> Result<std::sync::Arc<Solver>, SolverError> {
        static KEPT: std::sync::Mutex<Vec<std::sync::Arc<Solver>>> = std::sync::Mutex::new(Vec::new());
        let mut kept = KEPT.lock().unwrap_or_else(|p| p.into_inner());
        let print = fingerprint(rules);
        if let Some(s) = kept.iter().find(|s| fingerprint(&s.rules) == print) {
            return Ok(std::sync::Arc::clone(s));
        }
        let solver = std::sync::Arc::new(Self::from_data_folder(rules)?.0);
        kept.push(std::sync::Arc::clone(&solver));
        Ok(solver)
    }

    /// The solver of a ruleset with its spread table ([`Solver::spread_of`]), both from
    /// `dir`; both built (and written there) when either is missing or damaged.
    pub fn load_or_build_spread(rules: &Ruleset, dir: &Path) -> Result<(Solver, Provenance), SolverError> {
        let shape = shape(rules)?;
        let dims = [rules.boxes.len(), shape.lanes, shape.flags];
        let read = |path: PathBuf, magic, width| match std::fs::read(path) {
            Ok(bytes) => parse_table(&bytes, magic, dims, shape.size() * width)
                .map(<[u8]>::to_vec)
                .ok_or(Provenance::BuiltDamaged),
            Err(_) => Err(Provenance::BuiltMissing),
        };
        let provenance = match (read(table_path(rules, dir), MAGIC, 8), read(spread_path(rules, dir), SPREAD_MAGIC, 4))
        {
            (Ok(values), Ok(spread)) => {
                let values = values.chunks_exact(8).map(|c| f64::from_le_bytes(c.try_into().expect("8 bytes")));
                let spread = spread.chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")));
                let (values, spread) = (values.collect(), Some(spread.collect()));
                let solver = Solver { rules: rules.clone(), shape, values, spread, last_win: LastWin::default() };
                return Ok((solver, Provenance::Loaded));
            }
            (Err(p), _) | (_, Err(p)) => p,
        };
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let solver = Solver::build_spread_with(rules, threads)?;
        solver.save(&table_path(rules, dir))?;
        let spread = solver.spread.as_deref().unwrap_or_default();
        let body: Vec<u8> = spread.iter().flat_map(|v| v.to_le_bytes()).collect();
        write_table(&spread_path(rules, dir), SPREAD_MAGIC, dims, &body)?;
        Ok((solver, provenance))
    }

    /// The solver of a ruleset with its spread table, for this process: from the data
    /// folder (built and kept there the first time), then kept in memory.
    pub fn shared_with_spread(rules: &Ruleset) -> Result<std::sync::Arc<Solver>, SolverError> {
        static KEPT: std::sync::Mutex<Vec<std::sync::Arc<Solver>>> = std::sync::Mutex::new(Vec::new());
        let mut kept = KEPT.lock().unwrap_or_else(|p| p.into_inner());
        let print = fingerprint(rules);
        if let Some(s) = kept.iter().find(|s| fingerprint(&s.rules) == print) {
            return Ok(std::sync::Arc::clone(s));
        }
        let solver = match tables_dir() {
            Some(dir) => Self::load_or_build_spread(rules, &dir)?.0,
            None => Self::build_spread_with(rules, std::thread::available_parallelism().map_or(1, |n| n.get()))?,
        };
        let solver = std::sync::Arc::new(solver);
        kept.push(std::sync::Arc::clone(&solver));
        Ok(solver)
    }

    /// Write the table to `path`: a header (magic, boxes, lanes, flags, SHA-256 of the
    /// values) and the values; through a temporary file, so a reader never sees half.
    pub fn save(&self, path: &Path) -> Result<(), SolverError> {
        let body: Vec<u8> = self.values.iter().flat_map(|v| v.to_le_bytes()).collect();
        write_table(path, MAGIC, [self.rules.boxes.len(), self.shape.lanes, self.shape.flags], &body)
    }
}

/// The file a ruleset's spread table is kept in, inside `dir`.
pub fn spread_path(rules: &Ruleset, dir: &Path) -> PathBuf {
    dir.join(format!("yacht-{}-spread.bin", fingerprint(rules)))
}

const SPREAD_MAGIC: &[u8; 8] = b"DHYSPRD1";

/// Write a table file: a header (magic, the dimensions, SHA-256 of the body) and the body;
/// through a temporary file, so a reader never sees half.
fn write_table(path: &Path, magic: &[u8; 8], dims: [usize; 3], body: &[u8]) -> Result<(), SolverError> {
    use sha2::{Digest, Sha256};
    use std::io::Write;
    let err = |cause| SolverError::Write { path: path.to_path_buf(), cause };
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(err)?;
    let mut bytes = Vec::with_capacity(HEADER + body.len());
    bytes.extend_from_slice(magic);
    for n in dims {
        bytes.extend_from_slice(&(n as u32).to_le_bytes());
    }
    bytes.extend_from_slice(&Sha256::digest(body));
    bytes.extend_from_slice(body);
    let mut temp = tempfile::Builder::new().prefix(".deckhand-").suffix(".tmp").tempfile_in(dir).map_err(err)?;
    temp.write_all(&bytes).map_err(err)?;
    temp.as_file().sync_all().map_err(err)?;
    temp.persist(path).map_err(|e| err(e.error))?;
    Ok(())
}

/// The body of a table file (`len` bytes), when its magic, dimensions, size and hash hold.
fn parse_table<'a>(bytes: &'a [u8], magic: &[u8; 8], dims: [usize; 3], len: usize) -> Option<&'a [u8]> {
    use sha2::{Digest, Sha256};
    if bytes.len() != HEADER + len || &bytes[..8] != magic {
        return None;
    }
    let got: Vec<usize> = (0..3)
        .map(|i| u32::from_le_bytes(bytes[8 + 4 * i..12 + 4 * i].try_into().expect("4 bytes")) as usize)
        .collect();
    if got != dims {
        return None;
    }
    let body = &bytes[HEADER..];
    (Sha256::digest(body).as_slice() == &bytes[20..52]).then_some(body)
}

// ---------------------------------------------------------------------------------------
// Hints: every choice of one decision with its exact expected final score.

/// A choice of a decision and what it is worth: the expected final score it leads to with
/// optimal play, or (a hint that aims to win) the chance of winning after it.
#[derive(Debug, Clone, PartialEq)]
pub struct Valued<C> {
    /// The choice.
    pub choice: C,
    /// The expected final score (boxes, bonuses, all) with optimal play after it; or the
    /// chance of winning (0 to 1), for [`Aim::Win`].
    pub value: f64,
}

/// What a player may do with the dice showing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Move {
    /// Keep these faces (0 to 4) and roll the rest.
    Keep(Vec<u8>),
    /// Score this box.
    Score(usize),
}

/// Every choice of a decision, best first.
#[derive(Debug, Clone, PartialEq)]
pub struct Hint {
    /// Every keep (when a roll is left) and every box allowed, each with its expected final
    /// score, best first.
    pub choices: Vec<Valued<Move>>,
}

impl Hint {
    /// The best choice.
    pub fn best(&self) -> &Valued<Move> {
        &self.choices[0]
    }

    /// The expected final score of a choice, if it is one.
    pub fn value_of(&self, m: &Move) -> Option<f64> {
        self.choices.iter().find(|c| &c.choice == m).map(|c| c.value)
    }
}

// ---------------------------------------------------------------------------------------
// One turn of one sheet, solved: hints, optimal play, reviews.

/// One turn of one sheet, solved exactly: the value (the optimal expected final score) of
/// holding each roll with 0, 1 or 2 rolls left, and of each keep with 1 or 2 rolls left. A
/// turn that aims to win ([`Solver::win_turn`]) holds chances of winning instead.
#[derive(Debug, Clone)]
pub struct Turn {
    /// Points on the sheet outside the upper bonus (boxes and extra bonuses).
    base: f64,
    mask: u32,
    flag: usize,
    up: usize,
    /// The other players' final scores, for a turn that aims to win (None: the score).
    field: Option<Field>,
    /// The distributions of the points still to come from the states met so far (exact
    /// near the end of a sheet: [`Solver::remaining`]).
    dists: RefCell<HashMap<(u32, usize, usize), Dist>>,
    /// `hold[j][r]`: the value of roll `r` held with `j` rolls left, less
    /// [`Turn::offset`] (the expected score still to come; or the chance of winning).
    hold: Vec<Vec<f64>>,
    /// `keep[j][k]`: keep `k` with `j` rolls left (`keep[0]` unused).
    keep: Vec<Vec<f64>>,
}

/// What the advisor maximises for a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aim {
    /// The expected final score (the solitaire optimum).
    Score,
    /// The chance of finishing above every other player (a tie for the top counts half).
    Win,
}

/// Boxes open at most for a state whose points to come a hint that aims to win takes
/// exactly (beyond, the normal curve of their mean and variance).
pub const EXACT_OPEN: usize = 2;

/// A box a roll may go into now and the turn-start state after it.
struct Successor {
    box_index: usize,
    /// Its points and extra bonus.
    gain: f64,
    mask: u32,
    flag: usize,
    up: usize,
}

impl Solver {
    /// The turn a sheet is about to play, solved.
    pub fn turn(&self, sheet: &Sheet) -> Turn {
        let (mask, flag, up, base) = self.state_of(sheet);
        self.solve_turn(Turn::new(base, mask, flag, up, None))
    }

    /// The turn `sheet` is about to play, each choice weighed by the chance that its final
    /// score ends above every one of `others` (the other players' sheets, between their
    /// turns). The turn's own rolls, keeps and box are searched exactly, as is each other
    /// player's next turn; after those, every player plays the solitaire optimum, each
    /// final score taken as a whole
    /// number: its exact distribution when at most [`EXACT_OPEN`] boxes are open, else the
    /// normal curve of its exact mean and variance under that play ([`Solver::spread_of`]);
    /// the players independent. This is the kind of heuristic Pawlewicz (2010) proposed
    /// for multi-player games: solitaire-optimal score distributions per state, the move
    /// that maximises the chance of beating the others. Needs the spread table
    /// ([`Solver::build_spread_with`]); without it every spread is taken as 0.
    pub fn win_turn(&self, sheet: &Sheet, others: &[&Sheet]) -> Turn {
        let (mask, flag, up, base) = self.state_of(sheet);
        let mut dists = HashMap::new();
        let others: Vec<Dist> = (others.iter())
            .map(|o| {
                // Their next turn taken outcome by outcome, as this player's is, then the
                // rest spread as this player's is after this turn: the same footing.
                let (mask, flag, up, base) = self.state_of(o);
                let rest = self.remaining_after_a_turn(mask, flag, up, &mut dists);
                Dist::mix(&[(1.0, base.round() as i64, &rest)])
            })
            .collect();
        let turn = Turn { dists: RefCell::new(dists), ..Turn::new(base, mask, flag, up, Some(Field::new(&others))) };
        self.solve_turn(turn)
    }

    /// The turn with its values filled in: per roll the best box, then the keeps.
    fn solve_turn(&self, mut turn: Turn) -> Turn {
        let d = dice_tables();
        let mut memo: HashMap<(usize, i64, usize, usize), f64> = HashMap::new();
        let stop: Vec<f64> = (d.rolls.iter())
            .map(|r| {
                let next = self.successors(turn.mask, turn.flag, turn.up, r);
                next.iter()
                    .map(|n| {
                        let key = (n.box_index, n.gain as i64, n.flag, n.up);
                        *memo.entry(key).or_insert_with(|| turn.box_value(self, n))
                    })
                    .fold(f64::NEG_INFINITY, f64::max)
            })
            .collect();
        (turn.hold, turn.keep) = deckhand_dice::turn_values(stop);
        turn
    }

    /// The distribution of the points still to come from a turn-start state (the upper
    /// bonus included, as in `V`) under optimal solitaire play: exact, by each turn's
    /// outcomes, when at most [`EXACT_OPEN`] boxes are open; else the normal curve of its
    /// exact mean and variance.
    fn remaining(&self, mask: u32, flag: usize, up: usize, memo: &mut HashMap<(u32, usize, usize), Dist>) -> Dist {
        let open = self.rules.boxes.len() - mask.count_ones() as usize;
        if open > EXACT_OPEN {
            return Dist::normal(self.value_at(mask, flag, up), self.sd_at(mask, flag, up));
        }
        if let Some(d) = memo.get(&(mask, flag, up)) {
            return d.clone();
        }
        let d = if open == 0 {
            Dist::known(self.value_at(mask, flag, up).round() as i64)
        } else {
            let parts: Vec<(f64, i64, Dist)> = (self.turn_outcomes(mask, flag, up).into_iter())
                .map(|(p, n)| (p, n.gain as i64, self.remaining(n.mask, n.flag, n.up, memo)))
                .collect();
            Dist::mix(&parts.iter().map(|(p, g, d)| (*p, *g, d)).collect::<Vec<_>>())
        };
        memo.insert((mask, flag, up), d.clone());
        d
    }

    /// [`Solver::remaining`] with the next turn always taken outcome by outcome.
    fn remaining_after_a_turn(
        &self,
        mask: u32,
        flag: usize,
        up: usize,
        memo: &mut HashMap<(u32, usize, usize), Dist>,
    ) -> Dist {
        if self.rules.boxes.len() - mask.count_ones() as usize <= EXACT_OPEN {
            return self.remaining(mask, flag, up, memo);
        }
        let parts: Vec<(f64, i64, Dist)> = (self.turn_outcomes(mask, flag, up).into_iter())
            .map(|(p, n)| (p, n.gain as i64, self.remaining(n.mask, n.flag, n.up, memo)))
            .collect();
        Dist::mix(&parts.iter().map(|(p, g, d)| (*p, *g, d)).collect::<Vec<_>>())
    }

    /// The ways one turn from a turn-start state can end under optimal solitaire play: each
    /// box with its points and the state after it, with its chance.
    fn turn_outcomes(&self, mask: u32, flag: usize, up: usize) -> Vec<(f64, Successor)> {
        let d = dice_tables();
        let turn = self.solve_turn(Turn::new(0.0, mask, flag, up, None));
        // The chance of each roll showing with `j` rolls left, `j` from 2 down; a roll is
        // kept (scored) where no keep is worth more.
        let mut showing = d.first.clone();
        let mut scored = vec![0.0; showing.len()];
        for j in (1..usize::from(ROLLS)).rev() {
            let mut next = vec![0.0; showing.len()];
            for (r, p) in showing.iter().enumerate().filter(|(_, p)| **p > 0.0) {
                let best = (d.roll_keeps[r].iter().map(|k| usize::from(*k)))
                    .fold(None, |b: Option<usize>, k| match b {
                        Some(b) if turn.keep[j][b] >= turn.keep[j][k] => Some(b),
                        _ => Some(k),
                    })
                    .filter(|k| turn.keep[j][*k] > turn.hold[0][r]);
                match best {
                    Some(k) => {
                        let (s, t) = d.keep_rows[k];
                        for (o, q) in &d.outcomes[s as usize..t as usize] {
                            next[usize::from(*o)] += p * q;
                        }
                    }
                    None => scored[r] += p,
                }
            }
            showing = next;
        }
        let mut out: Vec<(f64, Successor)> = Vec::new();
        for (r, p) in scored.iter().zip(&showing).map(|(a, b)| a + b).enumerate().filter(|(_, p)| *p > 0.0) {
            let best = (self.successors(mask, flag, up, &d.rolls[r]).into_iter())
                .map(|n| (n.gain + self.value_at(n.mask, n.flag, n.up), n))
                .fold(None, |b: Option<(f64, Successor)>, c| match b {
                    Some(b) if b.0 >= c.0 => Some(b),
                    _ => Some(c),
                });
            let Some((_, n)) = best else { continue };
            match out
                .iter_mut()
                .find(|(_, o)| (o.box_index, o.gain, o.flag, o.up) == (n.box_index, n.gain, n.flag, n.up))
            {
                Some(o) => o.0 += p,
                None => out.push((p, n)),
            }
        }
        out
    }

    /// Each box `roll` may go into now, with the turn-start state after it.
    fn successors(&self, mask: u32, flag: usize, up: usize, roll: &Roll) -> Vec<Successor> {
        (self.rules.offers(mask, flag == 1, roll).into_iter())
            .map(|o| {
                let upper = self.rules.boxes[o.box_index].kind.upper();
                let five_now = Some(o.box_index) == self.rules.five_box && o.points > 0 && self.shape.flags > 1;
                Successor {
                    box_index: o.box_index,
                    gain: (o.points + o.extra) as f64,
                    mask: mask | (1 << o.box_index),
                    flag: if five_now { 1 } else { flag },
                    up: if upper && self.shape.lanes > 1 { up + o.points as usize } else { up },
                }
            })
            .collect()
    }

    /// Every keep and every box for `dice` on `sheet` with `rolls_left` rolls left this
    /// turn, each with its exact expected final score, best first.
    pub fn hint(&self, sheet: &Sheet, dice: &Roll, rolls_left: u8) -> Hint {
        self.turn(sheet).hint(self, dice, rolls_left)
    }

    /// [`Solver::win_turn`]'s hint for `dice` with `rolls_left` rolls left, the turn solved
    /// once and kept for the next hint of the same position (the same sheets: a turn's later
    /// rolls, a review's next decision); the same figures as solving it again.
    pub fn win_hint(&self, sheet: &Sheet, others: &[&Sheet], dice: &Roll, rolls_left: u8) -> Hint {
        let states = std::iter::once(sheet).chain(others.iter().copied()).map(|s| self.state_of(s));
        let key: Vec<State> = states.map(|(m, f, u, b)| (m, f, u, b as i64)).collect();
        let lock = || self.last_win.0.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((_, turn)) = lock().as_ref().filter(|(k, _)| *k == key) {
            return turn.hint(self, dice, rolls_left);
        }
        let turn = self.win_turn(sheet, others);
        let hint = turn.hint(self, dice, rolls_left);
        *lock() = Some((key, turn));
        hint
    }
}

impl Turn {
    /// What a box choice is worth, less [`Turn::offset`]: the expected score still to come
    /// after it with its points, or the chance of winning after it.
    fn box_value(&self, solver: &Solver, n: &Successor) -> f64 {
        match &self.field {
            None => n.gain + solver.value_at(n.mask, n.flag, n.up),
            Some(field) => {
                let rest = solver.remaining(n.mask, n.flag, n.up, &mut self.dists.borrow_mut());
                field.win_chance((self.base + n.gain).round() as i64, &rest)
            }
        }
    }

    /// What `hold` and `keep` leave out: the points on the sheet, for a turn that weighs
    /// the expected score; none for chances of winning.
    fn offset(&self) -> f64 {
        if self.field.is_some() {
            0.0
        } else {
            self.base
        }
    }

    fn new(base: f64, mask: u32, flag: usize, up: usize, field: Option<Field>) -> Turn {
        let dists = RefCell::new(HashMap::new());
        Turn { base, mask, flag, up, field, dists, hold: Vec::new(), keep: Vec::new() }
    }

    /// What the turn aims at.
    pub fn aim(&self) -> Aim {
        if self.field.is_some() {
            Aim::Win
        } else {
            Aim::Score
        }
    }

    /// Every choice for `dice` with `rolls_left` rolls left, best first.
    pub fn hint(&self, solver: &Solver, dice: &Roll, rolls_left: u8) -> Hint {
        let d = dice_tables();
        let mut choices: Vec<Valued<Move>> = (solver.successors(self.mask, self.flag, self.up, dice).iter())
            .map(|n| Valued { choice: Move::Score(n.box_index), value: self.offset() + self.box_value(solver, n) })
            .collect();
        let j = usize::from(rolls_left.min(ROLLS - 1));
        if j > 0 {
            for &k in &d.roll_keeps[roll_index(dice)] {
                let value = self.offset() + self.keep[j][usize::from(k)];
                choices.push(Valued { choice: Move::Keep(d.keeps[usize::from(k)].clone()), value });
            }
        }
        choices.sort_by(|a, b| b.value.total_cmp(&a.value));
        Hint { choices }
    }

    /// The expected final score at the start of the turn (before its first roll); for a
    /// turn that aims to win, the chance of winning.
    pub fn expected(&self) -> f64 {
        let d = dice_tables();
        let last = &self.hold[self.hold.len() - 1];
        self.offset() + d.first.iter().zip(last).map(|(p, v)| p * v).sum::<f64>()
    }
}

/// One decision of a game, reviewed: what was chosen, the best choice, and the expected
/// final score of each with optimal play after it.
#[derive(Debug, Clone, PartialEq)]
pub struct Reviewed {
    /// The player.
    pub seat: usize,
    /// Their turn (1-based).
    pub turn: u32,
    /// The dice showing.
    pub dice: Roll,
    /// Rolls left when deciding.
    pub rolls_left: u8,
    /// What was chosen.
    pub chosen: Move,
    /// Its expected final score.
    pub chosen_expected: f64,
    /// The best choice.
    pub best: Move,
    /// Its expected final score.
    pub best_expected: f64,
}

impl Reviewed {
    /// Expected points the choice cost against optimal play (0 for an optimal choice).
    pub fn cost(&self) -> f64 {
        (self.best_expected - self.chosen_expected).max(0.0)
    }
}

impl Solver {
    /// Every decision of a live game's entries, reviewed against optimal solitaire play of
    /// each player's own sheet.
    pub fn review(
        &self,
        rules: &super::YachtRules,
        players: &[String],
        setup: &super::live::YachtSetup,
        entries: &[super::live::Entry],
    ) -> Result<Vec<Reviewed>, Replay<super::live::SetupProblem, super::live::Refusal>> {
        use super::live::{Entry, Game, Phase};
        use crate::games::live::LiveGame;
        let mut game = Game::start(rules, players, setup).map_err(Replay::Setup)?;
        // Each entry's decision, kept until an undo takes it back.
        let mut decided: Vec<Option<Reviewed>> = Vec::new();
        for (i, entry) in entries.iter().enumerate() {
            if *entry == Entry::Undo {
                game.undo(rules).map_err(|e| Replay::Entry(i, e))?;
                decided.pop();
                continue;
            }
            // The choice as a hint lists it: a keep by its sorted faces, a box by its index.
            let chosen = match entry {
                Entry::Keep(k) => {
                    let mut k = k.clone();
                    k.sort_unstable();
                    Some(Move::Keep(k))
                }
                Entry::Score(id) => game.ruleset.box_index(id).map(Move::Score),
                _ => None,
            };
            let review = match (&game.state.phase, chosen) {
                (Phase::Decide { dice }, Some(chosen)) => {
                    let seat = game.state.seat;
                    let rolls_left = ROLLS - game.state.rolls;
                    let hint = self.hint(game.sheet(seat), dice, rolls_left);
                    hint.value_of(&chosen).map(|chosen_expected| Reviewed {
                        seat,
                        turn: game.turn(),
                        dice: *dice,
                        rolls_left,
                        chosen,
                        chosen_expected,
                        best: hint.best().choice.clone(),
                        best_expected: hint.best().value,
                    })
                }
                _ => None,
            };
            let (seat, choice) = game.choice_of(entry).map_err(|e| Replay::Entry(i, e))?;
            game.apply(rules, seat, choice).map_err(|e| Replay::Entry(i, e))?;
            decided.push(review);
        }
        Ok(decided.into_iter().flatten().collect())
    }

    /// One solitaire game played optimally with dice from `rng`: its final sheet's total.
    pub fn play_optimal(&self, rng: &mut crate::rng::Rng) -> i64 {
        let mut sheet = Sheet::new(&self.rules, "");
        self.play_partial(&mut sheet, self.rules.boxes.len(), rng);
        super::score_sheet(&self.rules, &sheet).total
    }

    /// Play up to `turns` turns of `sheet` optimally with dice from `rng` (fewer when the
    /// sheet fills up first).
    pub fn play_partial(&self, sheet: &mut Sheet, turns: usize, rng: &mut crate::rng::Rng) {
        for _ in 0..turns {
            if sheet.filled().count_ones() as usize == self.rules.boxes.len() {
                return;
            }
            let turn = self.turn(sheet);
            self.play_turn(sheet, &turn, rng);
        }
    }

    /// Play one turn of `sheet` (not full) by `turn`'s best choices ([`Solver::turn`] or
    /// [`Solver::win_turn`] of that sheet) with dice from `rng`.
    pub fn play_turn(&self, sheet: &mut Sheet, turn: &Turn, rng: &mut crate::rng::Rng) {
        let roll = |kept: &[u8], rng: &mut crate::rng::Rng| -> Roll {
            let mut dice = [0u8; DICE];
            for (i, d) in dice.iter_mut().enumerate() {
                *d = kept.get(i).copied().unwrap_or_else(|| 1 + rng.below(usize::from(FACES)) as u8);
            }
            dice.sort_unstable();
            dice
        };
        let filled = sheet.filled().count_ones();
        let mut dice = roll(&[], rng);
        let mut left = ROLLS - 1;
        loop {
            match turn.hint(self, &dice, left).best().choice.clone() {
                Move::Keep(k) => {
                    dice = roll(&k, rng);
                    left -= 1;
                }
                Move::Score(b) => {
                    let o = self.rules.offers(sheet.filled(), sheet.five_points(&self.rules), &dice);
                    let points = o.iter().find(|o| o.box_index == b).map_or(0, |o| o.points);
                    sheet.boxes[b] = Some(super::Entry { points, dice: Some(dice), turn: Some(filled + 1) });
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    /// A small ruleset that still has every mechanism: upper boxes toward a bonus, a full
    /// house and a straight for the joker, the five-of-a-kind box and its extra bonus.
    fn small(joker: super::super::Joker) -> Ruleset {
        let base = crate::games::yacht::tests::rules().base;
        let pick = ["ones", "threes", "full_house", "small_straight", "five_of_a_kind"];
        let mut r = base.clone();
        r.boxes = pick.iter().map(|id| base.boxes[base.box_index(id).unwrap()].clone()).collect();
        r.upper_threshold = 9;
        r.upper_bonus = 35;
        r.joker = joker;
        r.five_box = r.box_index("five_of_a_kind");
        r
    }

    /// The dice as the plain recursion below sees them: the sorted rolls, and per roll its
    /// distinct keeps, each with its outcomes found by enumerating every ordered throw of
    /// the dice rolled (no lattice, no batching).
    struct PlainDice {
        rolls: Vec<Roll>,
        first: Vec<(usize, f64)>,
        keeps: Vec<Vec<Vec<(usize, f64)>>>,
    }

    fn plain_dice() -> PlainDice {
        let rolls = super::super::all_rolls();
        let at: HashMap<Roll, usize> = rolls.iter().enumerate().map(|(i, r)| (*r, i)).collect();
        let mut cache: HashMap<Vec<u8>, Vec<(usize, f64)>> = HashMap::new();
        let mut outcomes = |kept: Vec<u8>| -> Vec<(usize, f64)> {
            cache
                .entry(kept.clone())
                .or_insert_with(|| {
                    let k = DICE - kept.len();
                    let total = 6usize.pow(k as u32);
                    let mut out: HashMap<usize, f64> = HashMap::new();
                    for code in 0..total {
                        let mut dice = kept.clone();
                        let mut c = code;
                        for _ in 0..k {
                            dice.push((c % 6) as u8 + 1);
                            c /= 6;
                        }
                        *out.entry(at[&super::super::roll_of(&dice).unwrap()]).or_default() += 1.0 / total as f64;
                    }
                    out.into_iter().collect()
                })
                .clone()
        };
        let first = outcomes(Vec::new());
        let keeps = rolls
            .iter()
            .map(|r| {
                let mut kept: Vec<Vec<u8>> =
                    (0u32..31).map(|m| (0..DICE).filter(|i| m & (1 << i) != 0).map(|i| r[i]).collect()).collect();
                kept.sort();
                kept.dedup();
                kept.into_iter().map(&mut outcomes).collect()
            })
            .collect();
        PlainDice { rolls, first, keeps }
    }

    /// The optimal expected score still to come from a turn-start state, by plain
    /// recursion over the real upper total (the bonus added at the end) and the dice's
    /// outcomes enumerated one by one: shares nothing with the batched table but the
    /// rules' offers.
    fn reference(
        rules: &Ruleset,
        dice: &PlainDice,
        mask: u32,
        five_points: bool,
        upper: i64,
        memo: &mut HashMap<(u32, bool, i64), f64>,
    ) -> f64 {
        let n = rules.boxes.len();
        if mask == (1 << n) - 1 {
            return rules.upper_bonus_of(upper) as f64;
        }
        if let Some(v) = memo.get(&(mask, five_points, upper)) {
            return *v;
        }
        let stop: Vec<f64> = dice
            .rolls
            .iter()
            .map(|r| {
                rules
                    .offers(mask, five_points, r)
                    .iter()
                    .map(|o| {
                        let up = if rules.boxes[o.box_index].kind.upper() { upper + o.points } else { upper };
                        let fp = five_points || (Some(o.box_index) == rules.five_box && o.points > 0);
                        (o.points + o.extra) as f64 + reference(rules, dice, mask | (1 << o.box_index), fp, up, memo)
                    })
                    .fold(f64::NEG_INFINITY, f64::max)
            })
            .collect();
        let mut hold = stop.clone();
        for _ in 1..ROLLS {
            hold = (0..dice.rolls.len())
                .map(|r| {
                    dice.keeps[r]
                        .iter()
                        .map(|outs| outs.iter().map(|(o, p)| p * hold[*o]).sum::<f64>())
                        .fold(stop[r], f64::max)
                })
                .collect();
        }
        let v = dice.first.iter().map(|(o, p)| p * hold[*o]).sum();
        memo.insert((mask, five_points, upper), v);
        v
    }

    #[test]
    fn the_table_agrees_with_a_plain_recursion_under_every_joker_rule() {
        use super::super::Joker;
        let dice = plain_dice();
        for joker in [Joker::ForcedUpper, Joker::UpperFilled, Joker::Free, Joker::None] {
            let rules = small(joker);
            let solver = Solver::build_with(&rules, 2).unwrap();
            let mut memo = HashMap::new();
            let want = reference(&rules, &dice, 0, false, 0, &mut memo);
            assert!((solver.start_value() - want).abs() < 1e-9, "{joker:?}: {} against {want}", solver.start_value());
            // Every state the recursion met, at its capped upper total.
            for ((mask, fp, up), v) in &memo {
                let got = solver.value_at(*mask, usize::from(*fp && solver.shape.flags > 1), *up as usize);
                assert!((got - v).abs() < 1e-9, "{joker:?} {mask:b} {fp} {up}: {got} against {v}");
            }
            // One thread or two: the same table.
            assert_eq!(Solver::build_with(&rules, 1).unwrap().values, solver.values);
        }
    }

    /// The second moment of the points to come from a turn-start state under the policy
    /// that maximises `V` (its first best choice taken), by the plain recursion of
    /// [`reference`]: `(V, M)`.
    fn reference_moments(
        rules: &Ruleset,
        dice: &PlainDice,
        mask: u32,
        five_points: bool,
        upper: i64,
        memo: &mut HashMap<(u32, bool, i64), (f64, f64)>,
    ) -> (f64, f64) {
        let n = rules.boxes.len();
        if mask == (1 << n) - 1 {
            let b = rules.upper_bonus_of(upper) as f64;
            return (b, b * b);
        }
        if let Some(v) = memo.get(&(mask, five_points, upper)) {
            return *v;
        }
        let better = |a: (f64, f64), b: (f64, f64)| if b.0 > a.0 { b } else { a };
        let stop: Vec<(f64, f64)> = (dice.rolls.iter())
            .map(|r| {
                (rules.offers(mask, five_points, r).iter())
                    .map(|o| {
                        let up = if rules.boxes[o.box_index].kind.upper() { upper + o.points } else { upper };
                        let fp = five_points || (Some(o.box_index) == rules.five_box && o.points > 0);
                        let g = (o.points + o.extra) as f64;
                        let (v, m) = reference_moments(rules, dice, mask | (1 << o.box_index), fp, up, memo);
                        (g + v, g * g + 2.0 * g * v + m)
                    })
                    .fold((f64::NEG_INFINITY, 0.0), better)
            })
            .collect();
        let mut hold = stop.clone();
        for _ in 1..ROLLS {
            hold = (0..dice.rolls.len())
                .map(|r| {
                    (dice.keeps[r].iter())
                        .map(|outs| {
                            outs.iter().fold((0.0, 0.0), |(v, m), (o, p)| (v + p * hold[*o].0, m + p * hold[*o].1))
                        })
                        .fold(stop[r], better)
                })
                .collect();
        }
        let vm = dice.first.iter().fold((0.0, 0.0), |(v, m), (o, p)| (v + p * hold[*o].0, m + p * hold[*o].1));
        memo.insert((mask, five_points, upper), vm);
        vm
    }

    #[test]
    fn the_spread_table_is_the_variance_of_optimal_play_by_a_plain_recursion_and_by_each_turns_outcomes() {
        let dice = plain_dice();
        let rules = small(super::super::Joker::ForcedUpper);
        let solver = Solver::build_spread_with(&rules, 2).unwrap();
        // The values are the plain table's.
        assert_eq!(solver.values, Solver::build_with(&rules, 1).unwrap().values);
        let mut memo = HashMap::new();
        reference_moments(&rules, &dice, 0, false, 0, &mut memo);
        for ((mask, fp, up), (v, m)) in &memo {
            let (flag, up) = (usize::from(*fp), (*up as usize).min(solver.shape.cap));
            let sd = solver.sd_at(*mask, flag, up);
            assert!((solver.value_at(*mask, flag, up) - v).abs() < 1e-9);
            assert!(
                (sd * sd - (m - v * v)).abs() < 1e-3 * (1.0 + m - v * v),
                "{mask:b} {fp} {up}: {sd} against {m} {v}"
            );
        }
        // Near the end, each turn's outcomes give the whole distribution: its mean is `V`
        // and its variance the table's.
        let mut dists = HashMap::new();
        let full = (1u32 << rules.boxes.len()) - 1;
        for mask in (0..=full).filter(|m| m.count_ones() as usize + EXACT_OPEN >= rules.boxes.len()) {
            // The upper totals a sheet can hold (ones and threes: 5 and 15 at most).
            let reach =
                [5, 15].iter().enumerate().filter(|(b, _)| mask & (1 << b) != 0).map(|(_, r)| *r).sum::<usize>();
            for up in [0, 3, 9].into_iter().filter(|u| *u <= reach) {
                let d = solver.remaining(mask, 0, up, &mut dists);
                assert!((d.p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
                let mean = d.mean();
                let var: f64 = d.p.iter().enumerate().map(|(i, q)| q * ((d.lo + i as i64) as f64 - mean).powi(2)).sum();
                assert!((mean - solver.value_at(mask, 0, up)).abs() < 1e-9, "{mask:b} {up}");
                let sd = solver.sd_at(mask, 0, up);
                assert!((var - sd * sd).abs() < 1e-3 * (1.0 + var), "{mask:b} {up}: {var} against {}", sd * sd);
            }
        }
    }

    /// A ruleset of four boxes for end-of-game positions: ones, three of a kind, chance and
    /// five of a kind (no upper bonus within reach).
    fn four_boxes() -> Ruleset {
        let base = crate::games::yacht::tests::rules().base;
        let pick = ["ones", "three_of_a_kind", "chance", "five_of_a_kind"];
        let mut r = base.clone();
        r.boxes = pick.iter().map(|id| base.boxes[base.box_index(id).unwrap()].clone()).collect();
        r.five_box = r.box_index("five_of_a_kind");
        r
    }

    /// A sheet of `rules` with these boxes filled.
    fn filled(rules: &Ruleset, name: &str, boxes: &[(&str, i64)]) -> Sheet {
        let mut sheet = Sheet::new(rules, name);
        for (id, points) in boxes {
            sheet.boxes[rules.box_index(id).unwrap()] =
                Some(super::super::Entry { points: *points, dice: None, turn: None });
        }
        sheet
    }

    #[test]
    fn behind_by_forty_with_two_boxes_left_the_win_hint_keeps_five_of_a_kind_open() {
        let rules = four_boxes();
        let solver = Solver::build_spread_with(&rules, 2).unwrap();
        // Bob has finished with 50; Ann has 10 and chance and five of a kind open, and her
        // last roll is 1 1 2 2 3 (9 points).
        let bob = filled(&rules, "Bob", &[("ones", 3), ("three_of_a_kind", 25), ("chance", 22), ("five_of_a_kind", 0)]);
        let ann = filled(&rules, "Ann", &[("ones", 2), ("three_of_a_kind", 8)]);
        let (chance, five) = (Move::Score(rules.box_index("chance").unwrap()), Move::Score(rules.five_box.unwrap()));
        // The expected score says: write the 0 in five of a kind, keep chance for the last
        // turn (about 23 points against 9 + 2.3).
        let score = solver.hint(&ann, &[1, 1, 2, 2, 3], 0);
        assert_eq!(score.best().choice, five, "{score:?}");
        // To win she needs five of a kind next turn: chance now, whatever it gives. The
        // chance is exactly that of five alike in one turn of optimal keeps.
        let win = solver.win_turn(&ann, &[&bob]).hint(&solver, &[1, 1, 2, 2, 3], 0);
        assert_eq!(win.best().choice, chance, "{win:?}");
        assert_eq!(win.value_of(&five), Some(0.0));
        let yacht = {
            let only = filled(&rules, "", &[("ones", 2), ("three_of_a_kind", 8), ("chance", 9)]);
            solver.turn(&only).expected() - 19.0
        };
        assert!((win.best().value - yacht / 50.0).abs() < 1e-12, "{} against {}", win.best().value, yacht / 50.0);
        assert!((win.best().value - 0.046).abs() < 0.001, "{}", win.best().value);
        // Kept for the next hint of the same position, and the same figures; another
        // position is solved again.
        assert_eq!(solver.win_hint(&ann, &[&bob], &[1, 1, 2, 2, 3], 0), win);
        let fresh = |a: &Sheet, dice: &Roll, left| solver.win_turn(a, &[&bob]).hint(&solver, dice, left);
        assert_eq!(solver.win_hint(&ann, &[&bob], &[1, 1, 2, 6, 6], 2), fresh(&ann, &[1, 1, 2, 6, 6], 2));
        let later = filled(&rules, "Ann", &[("ones", 2), ("three_of_a_kind", 8), ("chance", 9)]);
        assert_eq!(solver.win_hint(&later, &[&bob], &[1, 6, 6, 6, 6], 1), fresh(&later, &[1, 6, 6, 6, 6], 1));
        assert_eq!(solver.win_hint(&ann, &[&bob], &[1, 1, 2, 2, 3], 0), win);
    }

    #[test]
    fn with_one_box_left_the_win_hint_values_each_keep_by_its_exact_chance_to_pass() {
        let rules = four_boxes();
        let solver = Solver::build_spread_with(&rules, 2).unwrap();
        // Only chance is left; Ann (24) needs 27 to pass Bob (50; 26 ties). On 6 6 5 1 1 with
        // one roll left, 6 6 5 passes on 10+ with two dice (6/36; 9 ties, 4/36); 6 6 on 15+
        // with three (20/216; 14 ties, 15/216); a tie counts half.
        let bob = filled(&rules, "Bob", &[("ones", 3), ("three_of_a_kind", 25), ("chance", 22), ("five_of_a_kind", 0)]);
        let ann = filled(&rules, "Ann", &[("ones", 2), ("three_of_a_kind", 22), ("five_of_a_kind", 0)]);
        let win = solver.win_turn(&ann, &[&bob]).hint(&solver, &[1, 1, 5, 6, 6], 1);
        assert_eq!(win.best().choice, Move::Keep(vec![5, 6, 6]), "{win:?}");
        assert!((win.best().value - (6.0 + 2.0) / 36.0).abs() < 1e-12, "{win:?}");
        assert!((win.value_of(&Move::Keep(vec![6, 6])).unwrap() - (20.0 + 7.5) / 216.0).abs() < 1e-12);
        // Scoring chance now (19) loses for sure.
        assert_eq!(win.value_of(&Move::Score(rules.box_index("chance").unwrap())), Some(0.0));
    }

    #[test]
    fn a_hint_values_every_keep_and_box_and_its_best_is_the_tables_value() {
        let rules = small(super::super::Joker::ForcedUpper);
        let solver = Solver::build(&rules).unwrap();
        let sheet = Sheet::new(&rules, "Ann");
        let turn = solver.turn(&sheet);
        assert!((turn.expected() - solver.start_value()).abs() < 1e-9);
        // Five 3s on the first roll: score them in the five-of-a-kind box, worth more than
        // anything else; every keep of 0 to 4 of the dice is listed too.
        let hint = solver.hint(&sheet, &[3, 3, 3, 3, 3], 2);
        assert_eq!(hint.best().choice, Move::Score(rules.five_box.unwrap()));
        assert_eq!(hint.choices.iter().filter(|c| matches!(c.choice, Move::Keep(_))).count(), 5);
        assert_eq!(hint.choices.iter().filter(|c| matches!(c.choice, Move::Score(_))).count(), 5);
        assert!(hint.choices.windows(2).all(|w| w[0].value >= w[1].value));
        // The mean over the first roll of the best choice is the turn's value.
        let d = dice_tables();
        let mean: f64 = d.rolls.iter().zip(&d.first).map(|(r, p)| p * solver.hint(&sheet, r, 2).best().value).sum();
        assert!((mean - solver.start_value()).abs() < 1e-9);
    }

    #[test]
    fn the_table_is_kept_in_the_data_folder_checked_by_its_hash() {
        let dir = tempfile::tempdir().unwrap();
        let rules = small(super::super::Joker::ForcedUpper);
        let (built, p) = Solver::load_or_build(&rules, dir.path()).unwrap();
        assert_eq!(p, Provenance::BuiltMissing);
        let (loaded, p) = Solver::load_or_build(&rules, dir.path()).unwrap();
        assert_eq!(p, Provenance::Loaded);
        assert_eq!(loaded.values, built.values);
        // A flipped byte, or a cut file: rebuilt, and the same again.
        let path = table_path(&rules, dir.path());
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 3;
        bytes[last] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let (again, p) = Solver::load_or_build(&rules, dir.path()).unwrap();
        assert_eq!((p, &again.values), (Provenance::BuiltDamaged, &built.values));
        std::fs::write(&path, &bytes[..100]).unwrap();
        assert_eq!(Solver::load_or_build(&rules, dir.path()).unwrap().1, Provenance::BuiltDamaged);
        assert_eq!(Solver::load_or_build(&rules, dir.path()).unwrap().1, Provenance::Loaded);
        // Other rules, another file.
        let other = small(super::super::Joker::Free);
        assert_ne!(table_path(&other, dir.path()), path);
    }

    #[test]
    fn optimal_solitaire_games_average_the_start_value() {
        let rules = small(super::super::Joker::ForcedUpper);
        let solver = Solver::build(&rules).unwrap();
        let mut rng = crate::rng::Rng::new(2026);
        let games = 2000;
        let scores: Vec<f64> = (0..games).map(|_| solver.play_optimal(&mut rng) as f64).collect();
        let mean = scores.iter().sum::<f64>() / games as f64;
        let var = scores.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (games - 1) as f64;
        let half = 1.96 * (var / games as f64).sqrt();
        assert!((mean - solver.start_value()).abs() < half, "{mean} ± {half} against {}", solver.start_value());
    }

    #[test]
    fn a_review_prices_each_decision_against_optimal_play() {
        use crate::games::live::LiveGame;
        use crate::games::yacht::live::{Entry, Game, YachtSetup};
        let y = crate::games::yacht::tests::rules();
        let mut rules = y.clone();
        // A live game takes the forced joker only with all six upper boxes: the free one.
        rules.base = small(super::super::Joker::Free);
        let solver = Solver::build(&rules.base).unwrap();
        let players = vec!["Ann".to_string()];
        let setup = YachtSetup::default();
        // Turn 1: 3 3 3 3 3 straight away, scored as ones (0 points): a costly choice.
        let mut entries = vec![Entry::Roll(vec![3, 3, 3, 3, 3]), Entry::Score("ones".into())];
        let game = Game::replay(&rules, &players, &setup, &entries).unwrap();
        assert_eq!(game.sheet(0).boxes[0].as_ref().unwrap().points, 0);
        // Turn 2: keep the 6, roll, then score the best box.
        // (A keep typed in any order is reviewed as the sorted keep a hint lists.)
        entries.extend([Entry::Roll(vec![1, 2, 3, 4, 6]), Entry::Keep(vec![4, 2, 3, 1]), Entry::Roll(vec![5])]);
        let g = Game::replay(&rules, &players, &setup, &entries).unwrap();
        let best = solver.hint(g.sheet(0), &[1, 2, 3, 4, 5], 1).best().choice.clone();
        let Move::Score(b) = best else { panic!("scores a straight: {best:?}") };
        entries.push(Entry::Score(rules.base.boxes[b].id.clone()));
        let reviewed = solver.review(&rules, &players, &setup, &entries).unwrap();
        assert_eq!(reviewed.len(), 3);
        assert_eq!(reviewed[0].chosen, Move::Score(0));
        assert_eq!(reviewed[0].best, Move::Score(rules.base.five_box.unwrap()));
        assert!(reviewed[0].cost() > 40.0, "{:?}", reviewed[0]);
        assert_eq!(reviewed[1].chosen, Move::Keep(vec![1, 2, 3, 4]));
        assert_eq!(reviewed[2].cost(), 0.0);
        // An undone decision is not reviewed: ones taken back, then threes chosen.
        let undone = [entries[0].clone(), entries[1].clone(), Entry::Undo, Entry::Score("threes".into())];
        let again = solver.review(&rules, &players, &setup, &undone).unwrap();
        assert_eq!(again.len(), 1, "{again:?}");
        assert_eq!((&again[0].chosen, &again[0].best), (&Move::Score(1), &reviewed[0].best));
        assert!(again[0].cost() > 0.0 && again[0].cost() < reviewed[0].cost(), "{again:?}");
    }

    /// The official rules with Verhoeff's reading of the joker, as the app keeps them: built
    /// in a temporary data folder the first time, loaded the second.
    /// (The table's arithmetic is optimised in the test build too: crates/dice.)
    #[test]
    fn the_official_rules_with_verhoeffs_joker_are_worth_254_5896() {
        let y = crate::games::yacht::tests::rules();
        let rules = y.ruleset(&["open_joker".into()]).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let (built, p) = Solver::load_or_build(&rules, dir.path()).unwrap();
        assert_eq!(p, Provenance::BuiltMissing);
        assert!((built.start_value() - 254.5896).abs() < 1e-4, "{}", built.start_value());
        assert!((built.start_value() - 254.589_609_482).abs() < 1e-8, "{}", built.start_value());
        let size = std::fs::metadata(table_path(&rules, dir.path())).unwrap().len();
        assert!(size <= 20 << 20, "{size} bytes");
        let (loaded, p) = Solver::load_or_build(&rules, dir.path()).unwrap();
        assert_eq!(p, Provenance::Loaded);
        assert_eq!(loaded.start_value(), built.start_value());
        // A hint at the start: the best choice's value is the table's expectation of the
        // position, and a turn's mean over its first roll is the start value.
        let sheet = Sheet::new(&rules, "Ann");
        let turn = loaded.turn(&sheet);
        assert!((turn.expected() - loaded.start_value()).abs() < 1e-9);
    }

    /// The rule as printed with the commercial editions (the default rules file): the
    /// forced joker, 254.5877.
    #[test]
    fn the_printed_joker_is_worth_254_5877() {
        let y = crate::games::yacht::tests::rules();
        let printed = Solver::build(&y.base).unwrap();
        assert!((printed.start_value() - 254.587_728_734_5).abs() < 1e-6, "{}", printed.start_value());
    }

    /// The other families, each against its figure: no joker 245.8708, Scandinavian Yatzy
    /// 248.44 (dlangk/yatzy's EV-optimal mean 248.4). Two more full tables (Yatzy's 15
    /// boxes the largest): about 6 s of CPU in the test build, over CI's budget for one
    /// test, so run with `cargo test --lib yacht::solver -- --ignored`.
    #[test]
    #[ignore = "two full tables: run with `cargo test --lib yacht::solver -- --ignored`"]
    fn the_other_families_are_worth_their_figures() {
        let y = crate::games::yacht::tests::rules();
        let nordic = Solver::build(&y.ruleset(&["scandinavian".into()]).unwrap()).unwrap();
        assert!((nordic.start_value() - 248.44).abs() < 1e-2, "{}", nordic.start_value());
        let none = Solver::build(&y.ruleset(&["no_joker".into()]).unwrap()).unwrap();
        assert!((none.start_value() - 245.870_775).abs() < 1e-5, "{}", none.start_value());
    }

    #[test]
    #[ignore = "100,000 games: run with `cargo test --release --lib yacht::solver -- --ignored --nocapture`"]
    fn a_hundred_thousand_optimal_games_average_254_5896() {
        let y = crate::games::yacht::tests::rules();
        let solver = Solver::build(&y.ruleset(&["open_joker".into()]).unwrap()).unwrap();
        let games = 100_000usize;
        let threads = 2;
        let scores: Vec<f64> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let solver = &solver;
                    s.spawn(move || {
                        let mut rng = crate::rng::Rng::new(0x5eed + t as u64);
                        (0..games / threads).map(|_| solver.play_optimal(&mut rng) as f64).collect::<Vec<_>>()
                    })
                })
                .collect();
            handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
        });
        let n = scores.len() as f64;
        let mean = scores.iter().sum::<f64>() / n;
        let sd = (scores.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
        let half = 1.96 * sd / n.sqrt();
        eprintln!("{} games: mean {mean:.4} ± {half:.4} (sd {sd:.4}); exact {:.4}", scores.len(), solver.start_value());
        assert!((mean - solver.start_value()).abs() < half);
    }

    #[test]
    /// (crates/dice has no tests of its own: `cargo test` runs deckhand's.)
    fn the_dice_tables_add_up() {
        let d = deckhand_dice::dice_tables();
        assert_eq!(d.rolls.len(), deckhand_dice::ROLL_COUNT);
        assert_eq!(d.keeps.len(), 1 + 6 + 21 + 56 + 126);
        assert!((d.first.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        for (s, t) in &d.keep_rows {
            let p: f64 = d.outcomes[*s as usize..*t as usize].iter().map(|(_, p)| p).sum();
            assert!((p - 1.0).abs() < 1e-12);
        }
        // Five different faces make 31 keeps of 0 to 4 dice; five alike make 5.
        assert_eq!(d.roll_keeps[roll_index(&[1, 2, 3, 4, 5])].len(), 31);
        assert_eq!(d.roll_keeps[roll_index(&[6, 6, 6, 6, 6])].len(), 5);
        assert_eq!(d.rolls[roll_index(&[2, 2, 3, 5, 6])], [2, 2, 3, 5, 6]);
    }
}
