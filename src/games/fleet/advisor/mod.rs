//! The advisor: for a game as it stands and a player's open question, what each legal
//! answer is worth — the player's expected final score, its standard error and the chance
//! of winning. The asking player's own decisions that follow an answer before the next
//! roll or the next other player's decision (its chain) are searched, the value of an
//! answer being the best over its chain (`search`); where the chain ends, many playouts to
//! the end of the game with the dice drawn at random and every seat (the asking player's
//! too) played by a playout policy (`policy`). Where no roll of the pool is left before
//! the end, the rest of the game is searched instead and every value is exact. No text, no
//! I/O: values in, values out.
//!
//! Deterministic for a seed whatever the number of threads: playout `k` of every position
//! draws its dice from generators derived from the seed, `k` and when each roll happens
//! (the round and dice phase) alone, so every answer meets the same dice futures (common
//! random numbers: their difference is measured on alike futures), and results are summed
//! as integers. Answers clearly worse than the best after a batch get no further playouts
//! (and so, inside a chain, do decisions' clearly worse options), so the budget goes to
//! those still in question; a pruned one is then valued on the futures it met, against an
//! answer played out on all of them (`paired`). Parallel with `std::thread::scope` over
//! the machine's cores. At a pick, the answers are the pick-and-use pairs (the die and
//! what to do with it); `Advice::per_answer` keeps each die's best use.

pub mod bots;
pub mod brute;
pub mod hints;
pub mod lab;
pub mod policy;
pub mod review;
pub(crate) mod search;
pub mod selfplay;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

pub use policy::{playout, step, Policy};

use super::game::{Ask, Choice, Decision, Game, Kind};
use super::score;
pub use crate::games::described::Aim;
use crate::games::FleetRules;
use crate::rng::Rng;
use search::{Tree, Value, CHAIN_LIMIT, NODE_PLAYOUTS};

/// How much work an answer gets: at most `playouts` each, and no new batch once `time`
/// has passed. With `Settings::prune`, an answer far below the best after a batch (the
/// first of 10, then each as large as all before it, at most 50) gets no more (its `Estimate::playouts` says how many it had).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Playouts per answer.
    pub playouts: u32,
    /// Wall time after which no further batch starts (None: no limit).
    pub time: Option<Duration>,
}

/// How the advisor works: its budget, the policy of the playouts, the seed, the threads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// Playouts per answer, and time.
    pub budget: Budget,
    /// How every seat plays in the playouts.
    pub policy: Policy,
    /// The seed every playout's generator is derived from.
    pub seed: u64,
    /// Threads to use (0: as many as the machine has cores).
    pub threads: usize,
    /// Stop playing out an answer once it is far below the best after a batch (what the
    /// commands do; false gives every answer the whole budget).
    pub prune: bool,
    /// Search the asking player's chains, and the rest of the game where only rerolls are
    /// left to chance (what the commands do); false: playouts right after each answer, the
    /// asking player's follow-ups played by the policy (the first advisor, kept to measure
    /// against).
    pub chains: bool,
    /// What the advice maximises: the expected final score (the default here, and what a
    /// review weighs), or, with other players, to win: the expected lead over the best
    /// other player at the end (`search`), what `advise` and the hints do unless told.
    pub aim: Aim,
}

/// Playouts per answer of a hint at the table (the terminal's `hint`, a phone's hint
/// button): about a third of a second for an 8-answer question on two cores.
pub const HINT_PLAYOUTS: u32 = 200;

impl Settings {
    /// A hint's settings: `HINT_PLAYOUTS` greedy playouts per answer, no time limit (the
    /// same question gets the same hint whatever the load), pruned, on every core, aiming
    /// to win (with other players; alone, at the score): what wins head to head
    /// (BENCHMARKS.md, issue 34).
    pub fn hint(seed: u64) -> Settings {
        Settings { budget: Budget { playouts: HINT_PLAYOUTS, time: None }, seed, aim: Aim::Win, ..Settings::default() }
    }

    /// These settings for a game of `players`: alone, the lead is the score, so aiming to
    /// win is aiming at the score (and the advice says so).
    pub fn for_players(self, players: usize) -> Settings {
        Settings { aim: if players == 1 { Aim::Score } else { self.aim }, ..self }
    }
}

impl Default for Settings {
    /// 1,000 playouts per answer with greedy playouts, on every core, pruned, chains
    /// searched.
    fn default() -> Settings {
        Settings {
            budget: Budget { playouts: 1000, time: None },
            policy: Policy::Greedy,
            seed: 0,
            threads: 0,
            prune: true,
            chains: true,
            aim: Aim::Score,
        }
    }
}

/// One answer the advisor weighed: an option of the question (its place in
/// `Decision::options`), and at a pick the use of the die that follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answer {
    /// The option of the question.
    pub choice: Choice,
    /// Its place in the question's options.
    pub index: usize,
    /// At a pick: the use of the picked die (option and its place among the use's options).
    pub then: Option<(Choice, usize)>,
}

/// What an answer is worth, estimated from `playouts` playouts (0: exact).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// The answer.
    pub answer: Answer,
    /// Playouts it was estimated from (0: valued exactly, by searching the rest of the
    /// game).
    pub playouts: u32,
    /// The asking player's mean final score.
    pub mean: f64,
    /// Their mean lead over the best other player at the end (their score less that
    /// player's); None in a solo game.
    pub lead: Option<f64>,
    /// The standard error of `lead` (0 when exact); None in a solo game.
    pub lead_stderr: Option<f64>,
    /// The standard error of `mean` (0 when exact).
    pub stderr: f64,
    /// How often the asking player finished first (a shared first place counts); None in a
    /// solo game, where nobody else scores.
    pub win: Option<f64>,
    /// Cut early in the race: clearly below another answer after its first `playouts`,
    /// it got no more, and its figures rest on those alone; it ranks below every answer
    /// played out to the end, whatever its figures (the best is one of those).
    pub cut: bool,
}

/// The advisor's answer to a question.
#[derive(Debug, Clone, PartialEq)]
pub struct Advice {
    /// The asking player (seat index).
    pub player: usize,
    /// The question.
    pub decision: Decision,
    /// Every answer weighed, in the order of the question's options (and of the uses).
    pub estimates: Vec<Estimate>,
    /// The best answer for `aim`: the highest mean score (then the highest chance to win,
    /// then the first), or the highest mean lead (then the highest chance to win, the
    /// highest mean score, the first); an index into `estimates`.
    pub best: usize,
    /// What `best` maximises.
    pub aim: Aim,
    /// Every value is exact: nothing but rerolls was left to chance, and the rest of the
    /// game was searched.
    pub exact: bool,
}

impl Advice {
    /// One estimate per option of the question: at a pick, each die with its best use.
    pub fn per_answer(&self) -> Vec<Estimate> {
        let mut out: Vec<Estimate> = Vec::new();
        for e in &self.estimates {
            match out.iter_mut().find(|o| o.answer.index == e.answer.index) {
                Some(o) if better(e, o, self.aim) => *o = *e,
                Some(_) => {}
                None => out.push(*e),
            }
        }
        out
    }
}

impl Estimate {
    /// What ranks this answer for `aim`, the larger the better (`rank`).
    pub fn rank(&self, aim: Aim) -> (f64, f64, f64) {
        rank(aim, self.mean, self.win.unwrap_or(0.0), self.lead.unwrap_or(self.mean))
    }

    /// How this answer compares with `other` for `aim` (Greater: better): an answer cut
    /// early is below those played out to the end, then by `rank`.
    pub fn cmp_for(&self, other: &Estimate, aim: Aim) -> std::cmp::Ordering {
        (!self.cut)
            .cmp(&!other.cut)
            .then_with(|| self.rank(aim).partial_cmp(&other.rank(aim)).unwrap_or(std::cmp::Ordering::Equal))
    }

    /// The figure `aim` maximises and its standard error: the expected final score, or the
    /// expected lead (alone, the score).
    pub fn key(&self, aim: Aim) -> (f64, f64) {
        match (aim, self.lead, self.lead_stderr) {
            (Aim::Win, Some(lead), Some(err)) => (lead, err),
            _ => (self.mean, self.stderr),
        }
    }
}

/// `a` is a better answer than `b` for `aim` (as `Value::better`).
fn better(a: &Estimate, b: &Estimate, aim: Aim) -> bool {
    a.cmp_for(b, aim).is_gt()
}

/// What comes first when `aim` compares answers (the larger the better): the expected
/// score, then the chance to win; or the expected lead, then the chance to win, then the
/// score. The advisor's values, its estimates and the plain check all rank by it.
pub(crate) fn rank(aim: Aim, mean: f64, win: f64, lead: f64) -> (f64, f64, f64) {
    match aim {
        Aim::Score => (mean, win, 0.0),
        Aim::Win => (lead, win, mean),
    }
}

/// Why there is nothing to advise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoQuestion {
    /// The game is over.
    Over,
    /// The table rolls the dice or draws a card: chance, not a choice.
    Chance,
    /// This player has no decision to make now (seat index).
    NotWaiting(usize),
}

/// The question `player` (None: whoever's decision is at the front) has open now.
pub fn question(rules: &FleetRules, game: &Game, player: Option<usize>) -> Result<Decision, NoQuestion> {
    let front = game.decision(rules).ok_or(NoQuestion::Over)?;
    let d = match player {
        None => front,
        Some(p) if front.player == Some(p) => front,
        Some(p) => game.pending(rules).into_iter().find(|d| d.player == Some(p)).ok_or(NoQuestion::NotWaiting(p))?,
    };
    if d.roll.is_some() || matches!(d.kind(), Kind::StartDie | Kind::StartPlayer | Kind::Draw) || d.player.is_none() {
        return Err(NoQuestion::Chance);
    }
    Ok(d)
}

/// Answer option `i` of `player`'s question: at the front, or in the window of
/// simultaneous decisions.
fn answer(rules: &FleetRules, game: &mut Game, player: usize, front: bool, i: usize) {
    let done = if front { game.apply_index(rules, i) } else { game.apply_index_by(rules, player, i) };
    done.expect("the advisor answers with an option");
}

/// A question searched: its tree, each answer with its node, and every node's value.
pub(crate) struct Searched<'a> {
    /// The question.
    pub decision: Decision,
    /// The tree of its answers' chains.
    pub tree: Tree<'a>,
    /// Each answer and its node in the tree.
    pub answers: Vec<(Answer, usize)>,
    /// Every node's value (empty before the playouts).
    pub values: Vec<Value>,
    /// Every value is exact (before the playouts: the rest of the game is searched).
    pub exact: bool,
}

impl Searched<'_> {
    /// Every answer's estimate, in the order of the answers (after the playouts); an
    /// answer cut early in the race (`Tree::most_playouts`) says so, with the most
    /// playouts it had.
    pub(crate) fn estimates(&self, solo: bool) -> Vec<Estimate> {
        let full = self.tree.fullest_playouts(&self.values);
        let estimate = |(a, n): &(Answer, usize)| {
            let mut e = estimate(*a, &self.values[*n], solo);
            if let Some(most) = self.tree.most_playouts(*n, &self.values).filter(|&most| most < full) {
                (e.cut, e.playouts) = (true, most);
            }
            e
        };
        self.answers.iter().map(estimate).collect()
    }
}

/// The tree of `player`'s open question (None: the question at the front) and its
/// answers' nodes, not played out yet (no values).
pub(crate) fn tree<'a>(
    rules: &'a FleetRules,
    game: &Game,
    player: Option<usize>,
    settings: &Settings,
) -> Result<Searched<'a>, NoQuestion> {
    let decision = question(rules, game, player)?;
    let p = decision.player.expect("a player's question");
    let front = game.decision(rules).is_some_and(|f| f.player == Some(p));
    let mut root = game.clone();
    root.set_quiet(true);
    let exact = settings.chains && !root.rolls_ahead();
    let mut shallow = Tree::new(rules, p, settings.policy, settings.chains);
    shallow.aim = settings.aim;
    (shallow.window, shallow.depth) = (!front, 0);
    let build = |tree| answers_of(rules, &root, &decision, front, tree, exact);
    let (mut tree, mut answers) = build(shallow);
    // The nodes a tree may have: `CHAIN_LIMIT`, and with few playouts fewer, in
    // proportion to the playouts of all answers (at 10 a review's 8 answers get 40).
    tree.limit =
        CHAIN_LIMIT.min((answers.len() * settings.budget.playouts as usize / NODE_PLAYOUTS).max(answers.len()));
    if tree.cut {
        let (whole, all) = build(tree.anew(usize::MAX));
        // Past the limit, the chains are searched one level deeper at a time while the
        // tree keeps within it: every answer's chain to the same depth (cut where the limit
        // fell, the answers searched last would be valued by playouts at once).
        if !whole.over {
            (tree, answers) = (whole, all);
        }
    }
    while tree.cut {
        let (deeper, more) = build(tree.anew(tree.depth + 1));
        if deeper.over {
            break;
        }
        (tree, answers) = (deeper, more);
    }
    Ok(Searched { decision, tree, answers, values: Vec::new(), exact })
}

/// The answers to `decision` in `root` and their nodes in `tree`.
fn answers_of<'a>(
    rules: &'a FleetRules,
    root: &Game,
    decision: &Decision,
    front: bool,
    mut tree: Tree<'a>,
    exact: bool,
) -> (Tree<'a>, Vec<(Answer, usize)>) {
    let p = tree.p;
    let mut answers: Vec<(Answer, usize)> = Vec::new();
    for (index, choice) in decision.options.iter().enumerate() {
        let mut g = root.clone();
        answer(rules, &mut g, p, front, index);
        let uses = match (&decision.ask, g.decision(rules)) {
            (Ask::Pick { .. }, Some(d)) if d.player == Some(p) && matches!(d.ask, Ask::Use { .. }) => d.options,
            _ => Vec::new(),
        };
        for (j, use_) in uses.iter().enumerate() {
            let mut h = g.clone();
            h.apply_index(rules, j).expect("a use of the picked die");
            answers.push((Answer { choice: *choice, index, then: Some((*use_, j)) }, tree.expand(h, exact)));
        }
        if uses.is_empty() {
            answers.push((Answer { choice: *choice, index, then: None }, tree.expand(g, exact)));
        }
    }
    (tree, answers)
}

/// Search `player`'s open question (None: the question at the front): its tree, played
/// out with `settings` (pruned as they say).
pub(crate) fn search<'a>(
    rules: &'a FleetRules,
    game: &Game,
    player: Option<usize>,
    settings: &Settings,
) -> Result<Searched<'a>, NoQuestion> {
    let settings = &settings.for_players(game.players.len());
    let Searched { decision, tree, answers, .. } = tree(rules, game, player, settings)?;
    let p = tree.p;
    let roots: Vec<usize> = answers.iter().map(|(_, n)| *n).collect();
    let seats = vec![settings.policy; game.players.len()];
    let keep = settings.prune.then_some(p);
    let (tallies, scores) = run(rules, &tree.leaves, &seats, settings, keep, |_, scores, n| {
        if !settings.prune {
            return (0..tree.leaves.len()).collect();
        }
        tree.active(&roots, scores, n, PRUNE)
    });
    let mut leaves: Vec<Value> = of_player(&tallies, p).iter().map(Tally::value).collect();
    paired(&mut leaves, &scores, settings.aim);
    // A decision inside a chain is valued held out (`Tree::values_held_out`): the largest
    // of many noisy means would favour the answers followed by many options.
    let values = tree.values_held_out(&leaves, &scores).unwrap_or_else(|| tree.values(&leaves));
    let exact = tree.leaves.is_empty();
    Ok(Searched { decision, tree, answers, values, exact })
}

/// Leaves pruned early, valued on the futures they met against a leaf played out to the
/// end (common random numbers): a pruned leaf's own mean is over its first playouts only,
/// whose dice may have been kind or harsh to every leaf alike, and is not comparable with
/// the mean of a leaf played out over all of them (a pruned answer could show a mean above
/// the best's). Its value becomes the fullest leaf's mean plus their mean paired
/// difference over the playouts they share, so every mean is over the same dice futures.
/// `scores[leaf][k]`: the asking player's score in playout `k` (empty without pruning);
/// aiming to win, their lead (`kept`), and it is the mean lead that is paired.
fn paired(leaves: &mut [Value], scores: &[Vec<u16>], aim: Aim) {
    let Some(full) = search::fullest(leaves) else {
        return;
    };
    let reference = leaves[full];
    if scores.len() != leaves.len() || reference.playouts < 2 {
        return;
    }
    for (l, v) in leaves.iter_mut().enumerate() {
        let n = v.playouts as usize;
        if n < 2 || n >= reference.playouts as usize {
            continue;
        }
        let d: Vec<f64> =
            scores[l][..n].iter().zip(&scores[full][..n]).map(|(a, b)| f64::from(*a) - f64::from(*b)).collect();
        let (mean, var) = search::mean_and_variance(&d);
        *v.key_mut(aim) = reference.key(aim) + mean;
        let err = |reference: f64| (var / n as f64 + reference.powi(2)).sqrt();
        match aim {
            Aim::Score => v.stderr = err(reference.stderr),
            Aim::Win => v.lead_stderr = err(reference.lead_stderr),
        }
    }
}

/// Player `p`'s tallies of every start.
pub(crate) fn of_player(tallies: &[Vec<Tally>], p: usize) -> Vec<Tally> {
    tallies.iter().map(|t| t[p]).collect()
}

/// Weigh every answer to `player`'s open question (None: the question at the front).
pub fn advise(
    rules: &FleetRules,
    game: &Game,
    player: Option<usize>,
    settings: &Settings,
) -> Result<Advice, NoQuestion> {
    let s = search(rules, game, player, settings)?;
    let solo = game.players.len() == 1;
    let estimates = s.estimates(solo);
    let best = best_estimate(&estimates, s.tree.aim);
    Ok(Advice { player: s.tree.p, decision: s.decision, estimates, best, exact: s.exact, aim: s.tree.aim })
}

/// The best of `estimates` for `aim` (the first of equals; never one cut early, unless
/// all are).
pub(crate) fn best_estimate(estimates: &[Estimate], aim: Aim) -> usize {
    let mut best = 0;
    for (i, e) in estimates.iter().enumerate() {
        if better(e, &estimates[best], aim) {
            best = i;
        }
    }
    best
}

/// An answer's estimate from its node's value (not cut early).
pub(crate) fn estimate(answer: Answer, v: &Value, solo: bool) -> Estimate {
    let (win, lead, lead_stderr) =
        ((!solo).then_some(v.win), (!solo).then_some(v.lead), (!solo).then_some(v.lead_stderr));
    Estimate { answer, playouts: v.playouts, mean: v.mean, lead, lead_stderr, stderr: v.stderr, win, cut: false }
}

/// At a pick, the game after the die of `e` was picked and the question of its use, to
/// name that use in the state it is asked in; None for any other answer.
pub fn after_pick(rules: &FleetRules, game: &Game, advice: &Advice, e: &Estimate) -> Option<(Game, Decision)> {
    e.answer.then?;
    let mut g = game.clone();
    g.set_quiet(true);
    g.apply_index(rules, e.answer.index).ok()?;
    let d = g.decision(rules)?;
    (d.player == Some(advice.player)).then_some((g, d))
}

/// Integer sums of a player's final scores and wins: the same whatever order they come in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    n: u64,
    sum: u64,
    squares: u64,
    wins: u64,
    /// The sum of the leads over the best other player (`result`), and of their squares.
    lead: i64,
    lead_squares: u64,
}

impl Tally {
    fn add(&mut self, score: u32, won: bool, lead: i32) {
        self.n += 1;
        self.lead += i64::from(lead);
        self.lead_squares += u64::from(lead.unsigned_abs()).pow(2);
        self.sum += u64::from(score);
        self.squares += u64::from(score) * u64::from(score);
        self.wins += u64::from(won);
    }

    fn merge(&mut self, other: &Tally) {
        self.n += other.n;
        self.sum += other.sum;
        self.squares += other.squares;
        self.wins += other.wins;
        self.lead += other.lead;
        self.lead_squares += other.lead_squares;
    }

    /// The mean, its standard error, the share of wins and the playouts.
    pub(crate) fn value(&self) -> Value {
        let n = self.n.max(1) as f64;
        let stderr = |sum: f64, squares: f64| {
            let mean = sum / n;
            let var = if self.n > 1 { ((squares - n * mean * mean) / (n - 1.0)).max(0.0) } else { 0.0 };
            (mean, (var / n).sqrt())
        };
        let (mean, score_err) = stderr(self.sum as f64, self.squares as f64);
        let (lead, lead_stderr) = stderr(self.lead as f64, self.lead_squares as f64);
        Value { mean, stderr: score_err, win: self.wins as f64 / n, lead, lead_stderr, playouts: self.n as u32 }
    }
}

/// Playouts in one batch per answer between looks at the clock.
const BATCH: u32 = 50;
/// Playouts in the first batch when pruning (at most a third of the budget, at least 3):
/// enough to see the answers far behind (a die taken as a coin at a pick) on the same dice
/// futures, which then get no more.
const FIRST: u32 = 10;

/// A worker's share of a batch: its tallies per start and player, and the kept player's
/// score of each of its playouts (start, playout, score).
type Worked = (Vec<Vec<Tally>>, Vec<(usize, u32, u16)>);

/// The first batch's playouts for a budget of `playouts` when pruning.
fn first_batch(playouts: u32) -> u32 {
    FIRST.min((playouts / 3).max(3)).min(playouts)
}

/// The generator of playout `k` of a question asked with `seed`.
pub(crate) fn playout_rng(seed: u64, k: u64) -> Rng {
    Rng::for_roll(seed ^ 0xA5A5_5A5A_0F0F_F0F0, k)
}

/// The threads to use: `threads`, or the machine's cores.
pub(crate) fn threads(threads: usize) -> usize {
    if threads > 0 {
        threads
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
}

/// Standard errors of an answer's paired difference from the best one (on the same dice
/// futures) beyond which it gets no more playouts.
const PRUNE: f64 = 4.0;

/// Play out every start `budget.playouts` times (or until the time is up, in whole
/// batches), on every thread; every player's tally per start. After each batch,
/// `active` says which starts are still in question (given the tallies so far, and with
/// `keep` the final score of that player in each playout `k` of each start so far,
/// `scores[start][k]` for `k` below the playouts done); the others get no further
/// playouts. Also returns those scores (`scores[start][k]`; empty rows without `keep`).
pub(crate) fn run(
    rules: &FleetRules,
    starts: &[Game],
    seats: &[Policy],
    settings: &Settings,
    keep: Option<usize>,
    mut active: impl FnMut(&[Vec<Tally>], &[Vec<u16>], usize) -> Vec<usize>,
) -> (Vec<Vec<Tally>>, Vec<Vec<u16>>) {
    let began = Instant::now();
    let players = starts.first().map_or(0, |g| g.players.len());
    let mut tallies = vec![vec![Tally::default(); players]; starts.len()];
    let width = if keep.is_some() { settings.budget.playouts as usize } else { 0 };
    let mut scores: Vec<Vec<u16>> = vec![vec![0; width]; starts.len()];
    let mut live: Vec<usize> = (0..starts.len()).collect();
    let threads = threads(settings.threads);
    let mut done = 0u32;
    while done < settings.budget.playouts && !live.is_empty() {
        // Batches are there to look at the clock and to prune; with neither, one batch
        // (the workers never wait for each other: a worker the system preempts holds up
        // no one). The same playouts either way: `k` runs over the whole budget.
        let whole = !settings.prune && settings.budget.time.is_none();
        let batch = match (whole, done) {
            (true, _) => settings.budget.playouts,
            (false, 0) if settings.prune => first_batch(settings.budget.playouts),
            // Pruning: each batch as large as all before it (at most `BATCH`), so the
            // answers in question are looked at again while few playouts are spent.
            (false, _) if settings.prune => done.min(BATCH).min(settings.budget.playouts - done),
            (false, _) => BATCH.min(settings.budget.playouts - done),
        };
        let items = live.len() * batch as usize;
        let next = AtomicUsize::new(0);
        // Each worker sums its own tallies (integers: the same whatever order the playouts
        // end in); the calling thread is one of the workers.
        let work = || {
            let mut mine = vec![vec![Tally::default(); players]; starts.len()];
            let mut kept: Vec<(usize, u32, u16)> = Vec::new();
            let mut options = Vec::new();
            loop {
                let item = next.fetch_add(1, Ordering::Relaxed);
                if item >= items {
                    break (mine, kept);
                }
                let start = live[item / batch as usize];
                let k = done + (item % batch as usize) as u32;
                let mut g = starts[start].clone();
                policy::playout_keyed(rules, &mut g, seats, playout_seed(settings.seed, k), &mut options);
                if let Some(score) = add_outcome(rules, &g, &mut mine[start], keep, settings.aim) {
                    kept.push((start, k, score));
                }
            }
        };
        let sums: Vec<Worked> = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads.min(items)).map(|_| scope.spawn(work)).collect();
            let mut sums = vec![work()];
            sums.extend(helpers.into_iter().map(|w| w.join().expect("a playout does not panic")));
            sums
        });
        for (sum, kept) in sums {
            for (start, k, score) in kept {
                scores[start][k as usize] = score;
            }
            for (t, s) in tallies.iter_mut().zip(sum) {
                for (a, b) in t.iter_mut().zip(&s) {
                    a.merge(b);
                }
            }
        }
        done += batch;
        if settings.budget.time.is_some_and(|t| began.elapsed() >= t) {
            break;
        }
        if done < settings.budget.playouts {
            // A start once out stays out (its later scores are not there to compare).
            let mut was = vec![false; starts.len()];
            live.iter().for_each(|&s| was[s] = true);
            live = active(&tallies, &scores, done as usize).into_iter().filter(|&s| was[s]).collect();
        }
    }
    (tallies, scores)
}

/// The seed of playout `k` of a question asked with `seed`: its dice are drawn from
/// generators derived from it and when each roll happens.
pub(crate) fn playout_seed(seed: u64, k: u32) -> u64 {
    playout_rng(seed, u64::from(k)).next_u64()
}

/// Every player's final score, first place and lead in a finished game, added to their
/// tallies; player `keep`'s final score, or aiming to win their lead (as `kept` reads it).
fn add_outcome(rules: &FleetRules, game: &Game, tallies: &mut [Tally], keep: Option<usize>, aim: Aim) -> Option<u16> {
    let (totals, places) = totals_and_places(rules, game);
    for (p, t) in tallies.iter_mut().enumerate() {
        t.add(totals[p], places[p] == 1, lead(&totals, p));
    }
    keep.map(|p| match aim {
        Aim::Score => u16::try_from(totals[p]).unwrap_or(u16::MAX),
        Aim::Win => u16::try_from(lead(&totals, p) + LEAD_ZERO).unwrap_or(0),
    })
}

/// What `kept` adds to a lead to keep it in a playout's score (a lead is no lower).
const LEAD_ZERO: i32 = 30_000;

/// A playout's kept figure (`run`'s scores) as `aim` reads it: a score, or a lead.
pub(crate) fn kept(x: u16, aim: Aim) -> f64 {
    match aim {
        Aim::Score => f64::from(x),
        Aim::Win => f64::from(i32::from(x) - LEAD_ZERO),
    }
}

/// Every player's final score and place in a finished game.
fn totals_and_places(rules: &FleetRules, game: &Game) -> (Vec<u32>, Vec<usize>) {
    let sheets: Vec<&crate::games::fleet::Sheet> = game.players.iter().map(|pl| &pl.sheet).collect();
    let totals: Vec<u32> = sheets.iter().map(|s| score::total(rules, s)).collect();
    let places = score::places(rules, &sheets, &totals);
    (totals, places)
}

/// Player `p`'s lead over the best other player (alone: their score).
fn lead(totals: &[u32], p: usize) -> i32 {
    let best_other = (0..totals.len()).filter(|&q| q != p).map(|q| totals[q]).max().unwrap_or(0);
    totals[p] as i32 - best_other as i32
}

/// Player `p`'s final score in a finished game, and whether they finished first (with the
/// rules' tie-break; a shared first place counts).
pub fn outcome(rules: &FleetRules, game: &Game, p: usize) -> (u32, bool) {
    let (totals, places) = totals_and_places(rules, game);
    (totals[p], places[p] == 1)
}

/// Player `p`'s final score, first place (1 or 0) and lead over the best other player in a
/// finished game, as a search values it.
pub(crate) fn result(rules: &FleetRules, game: &Game, p: usize) -> (f64, f64, f64) {
    let (totals, places) = totals_and_places(rules, game);
    (f64::from(totals[p]), f64::from(u8::from(places[p] == 1)), f64::from(lead(&totals, p)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(scores: &[u16]) -> Value {
        let mut t = Tally::default();
        scores.iter().for_each(|s| t.add(u32::from(*s), false, 0));
        t.value()
    }

    #[test]
    fn a_leaf_pruned_on_kind_dice_is_valued_on_the_futures_it_shares_with_the_fullest() {
        // Playouts 0 and 1 were kind to every leaf (30 points), 2 and 3 harsh (10): the
        // full leaf's mean is 20. The leaf pruned after 2 playouts, 1 point below on each
        // of them, shows 29 by its own playouts; on the shared futures it is worth 19.
        let scores = vec![vec![30, 30, 10, 10], vec![29, 29, 0, 0], vec![30, 30, 10, 10]];
        let mut leaves = vec![value(&scores[0]), value(&scores[1][..2]), value(&scores[2])];
        assert_eq!((leaves[0].mean, leaves[1].mean), (20.0, 29.0));
        paired(&mut leaves, &scores, Aim::Score);
        assert_eq!((leaves[0].mean, leaves[1].mean, leaves[2].mean), (20.0, 19.0, 20.0));
        assert!(leaves[1].stderr >= leaves[0].stderr && leaves[1].playouts == 2);
        // Without the scores (no pruning), nothing changes.
        let mut flat = vec![value(&scores[0]), value(&scores[1][..2])];
        paired(&mut flat, &[], Aim::Score);
        assert_eq!(flat[1].mean, 29.0);
    }
}
