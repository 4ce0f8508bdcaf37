//! The search behind an answer's value. From the game after an answer, the asking
//! player's own decisions that follow before the next roll of the pool or the next other
//! player's decision (the chain of a pick: its use, a `?` circle, star actions, building
//! choices) are searched, not played by a policy: the value of an answer is the best over
//! its chain (a `Max` node per decision), and a casino reroll inside it is averaged over
//! its faces (a `Chance` node). Where the chain ends, a `Leaf` is valued by playouts; a
//! decision's best child is then chosen on half the playouts and valued on the other half
//! (`values_held_out`), so that a chain of many options is not overrated by the largest of
//! their noisy means. A
//! tree is kept within a number of nodes (`CHAIN_LIMIT`, fewer with few playouts); past
//! it, every answer's chain is searched to the same depth, the deepest that fits.
//!
//! Where no roll of the pool is left before the end of the game, the whole rest of the
//! game is searched instead (`Exact`): the asking player's every decision is the best one,
//! every other player answers as the playout policy does (the greedy one deterministically,
//! the random one averaged over its options) and every reroll is averaged over its faces;
//! every value is then the exact expected final score, with no playout at all.
//!
//! What is best follows the settings' aim (`Aim`): the expected final score, or to win
//! (with other players): the expected lead over the best other player at the end, whose
//! sign is a win; a smooth stand-in for the chance of winning, which a playout tells only
//! as won or not.

use std::collections::HashMap;

use super::policy::Policy;
use super::{kept, rank, result};
use crate::games::described::Aim;
use crate::games::fleet::game::{Face, FrontRoll, Game, Kind};
use crate::games::FleetRules;
use crate::rng::Rng;

/// A node of the tree of one question.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Node {
    /// The asking player decides: the best of these (the options in order).
    Max(Vec<usize>),
    /// Chance inside the chain (a casino reroll): each child with its weight (how many of
    /// the die's faces give it).
    Chance(Vec<(u32, usize)>),
    /// The chain ends here: a position valued by playouts (index into `Tree::leaves`).
    Leaf(usize),
    /// Valued exactly (the game is over, or nothing but rerolls is left to chance).
    Exact(Value),
}

/// What a node is worth to the asking player.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Value {
    /// Expected final score.
    pub mean: f64,
    /// Its standard error (0 where exact).
    pub stderr: f64,
    /// Chance to finish first (a shared first place counts).
    pub win: f64,
    /// Expected lead over the best other player at the end (the own score less theirs;
    /// alone, the own score): what aiming to win maximises.
    pub lead: f64,
    /// Its standard error (0 where exact).
    pub lead_stderr: f64,
    /// Playouts behind the figure (0 where exact; at a chance node the fewest of its
    /// children's).
    pub playouts: u32,
}

impl Value {
    fn exact((mean, win, lead): (f64, f64, f64)) -> Value {
        Value { mean, stderr: 0.0, win, lead, lead_stderr: 0.0, playouts: 0 }
    }

    /// The figure `aim` maximises: the expected final score, or the expected lead.
    pub(crate) fn key(&self, aim: Aim) -> f64 {
        match aim {
            Aim::Score => self.mean,
            Aim::Win => self.lead,
        }
    }

    /// The figure `aim` maximises, to set.
    pub(crate) fn key_mut(&mut self, aim: Aim) -> &mut f64 {
        match aim {
            Aim::Score => &mut self.mean,
            Aim::Win => &mut self.lead,
        }
    }

    /// Better than `other` for `aim`: the higher expected score, then the higher chance to
    /// win; or the higher expected lead, then the higher chance to win, then score.
    pub(crate) fn better(&self, other: &Value, aim: Aim) -> bool {
        rank(aim, self.mean, self.win, self.lead) > rank(aim, other.mean, other.win, other.lead)
    }

    /// The mean of `parts`, each value with its weight: a chance node's value. Common
    /// random numbers make the parts' errors alike, so their weighted sum bounds the
    /// error of the mean; the playouts are the fewest of any part's.
    fn mixed(parts: &[(u32, Value)]) -> Value {
        let total: f64 = parts.iter().map(|(w, _)| f64::from(*w)).sum();
        let mut v = Value { mean: 0.0, stderr: 0.0, win: 0.0, lead: 0.0, lead_stderr: 0.0, playouts: u32::MAX };
        for (w, part) in parts {
            let share = f64::from(*w) / total;
            v.mean += share * part.mean;
            v.lead += share * part.lead;
            v.stderr += share * part.stderr;
            v.lead_stderr += share * part.lead_stderr;
            v.win += share * part.win;
            v.playouts = v.playouts.min(part.playouts);
        }
        v
    }
}

/// Positions beyond which the exact search of a question gives up (its values are then
/// estimated by playouts like any other question's).
const EXACT_LIMIT: usize = 400_000;
/// Nodes a question's tree may have: several star actions in a row, each with a dozen
/// targets, would otherwise make thousands of leaves. Past it, the chains are searched to
/// the deepest level that keeps the tree within it, the same level under every answer
/// (`Tree::depth`), and valued by playouts from there.
pub(crate) const CHAIN_LIMIT: usize = 300;
/// With few playouts (a review's 10 per answer), a tree is kept smaller still: one node
/// for every this many playouts of all its answers (a leaf gets at least a first batch of
/// playouts, so a tree of many leaves would cost many times the answers' budget).
pub(crate) const NODE_PLAYOUTS: usize = 2;

/// The tree of one question: its nodes (children before their parents), the leaves'
/// positions, and the search's settings.
pub(crate) struct Tree<'a> {
    rules: &'a FleetRules,
    /// The asking player.
    pub p: usize,
    policy: Policy,
    /// What the asking player's decisions maximise.
    pub aim: Aim,
    /// Search the asking player's chains (false: every answer is a leaf at once, the
    /// flat Monte Carlo of the first advisor).
    chains: bool,
    /// The question was answered in the window of simultaneous decisions (not at the
    /// front): the chain goes on with the player's decisions waiting there, its
    /// follow-ups; asked at the front, it ends at another player's decision at the front.
    pub window: bool,
    /// The decisions and rerolls of a chain searched below an answer; deeper ones are
    /// leaves.
    pub depth: usize,
    /// A chain was cut at `depth`.
    pub cut: bool,
    /// The nodes the tree may have (`CHAIN_LIMIT` at most).
    pub limit: usize,
    /// The tree grew past `limit` (it is not used: one of a smaller depth is).
    pub over: bool,
    pub nodes: Vec<Node>,
    pub leaves: Vec<Game>,
    leaf_of: HashMap<u64, usize>,
    /// The node of each position a chain reached (the same position by another order of
    /// the same answers is the same node).
    node_of: HashMap<u64, usize>,
    /// Exact values of positions already searched.
    memo: HashMap<u64, Value>,
    /// Positions the exact search has visited.
    visited: usize,
}

/// What the asking player does next in a chain.
enum Step {
    /// A decision of theirs with `n` options, at the front or (false) in the window of
    /// simultaneous decisions.
    Decide { front: bool, n: usize },
    /// Their casino reroll of one die.
    Reroll { boat_die: bool },
    /// Nothing before the next roll of the pool or another player's decision.
    End,
}

impl<'a> Tree<'a> {
    pub(crate) fn new(rules: &'a FleetRules, p: usize, policy: Policy, chains: bool) -> Tree<'a> {
        Tree {
            rules,
            p,
            policy,
            aim: Aim::Score,
            chains,
            window: false,
            depth: usize::MAX,
            cut: false,
            limit: CHAIN_LIMIT,
            over: false,
            nodes: Vec::new(),
            leaves: Vec::new(),
            leaf_of: HashMap::new(),
            node_of: HashMap::new(),
            memo: HashMap::new(),
            visited: 0,
        }
    }

    /// The same question's tree anew at another `depth`, keeping what the exact search
    /// found.
    pub(crate) fn anew(&mut self, depth: usize) -> Tree<'a> {
        let mut tree = Tree::new(self.rules, self.p, self.policy, self.chains);
        (tree.window, tree.depth, tree.limit, tree.visited) = (self.window, depth, self.limit, self.visited);
        tree.aim = self.aim;
        tree.memo = std::mem::take(&mut self.memo);
        tree
    }

    fn push(&mut self, node: Node) -> usize {
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    /// The node of `game`, a position after an answer of the asking player: exact when the
    /// game is over or (with `exact`) searched to its end, else the chain that follows.
    pub(crate) fn expand(&mut self, game: Game, exact: bool) -> usize {
        self.expand_at(game, exact, 0)
    }

    /// `expand` at `level` decisions and rerolls below the answer.
    fn expand_at(&mut self, game: Game, exact: bool, level: usize) -> usize {
        if game.finished() {
            return self.push(Node::Exact(Value::exact(result(self.rules, &game, self.p))));
        }
        if exact {
            if let Some(v) = self.exact(&game) {
                return self.push(Node::Exact(v));
            }
        }
        if !self.chains {
            return self.leaf(game);
        }
        let key = game.state_hash();
        if let Some(&n) = self.node_of.get(&key) {
            return n;
        }
        let step = self.step(&game);
        if !matches!(step, Step::End) && (level >= self.depth || self.nodes.len() > self.limit) {
            self.cut |= level >= self.depth;
            self.over |= self.nodes.len() > self.limit;
            return self.leaf(game);
        }
        let node = match step {
            Step::End => self.leaf(game),
            Step::Decide { front, n } => {
                let children = (0..n)
                    .map(|i| {
                        let mut g = game.clone();
                        let done =
                            if front { g.apply_index(self.rules, i) } else { g.apply_index_by(self.rules, self.p, i) };
                        done.expect("an option of the asking player's decision");
                        self.expand_at(g, false, level + 1)
                    })
                    .collect();
                self.push(Node::Max(children))
            }
            Step::Reroll { boat_die } => {
                let children = faces(self.rules, boat_die)
                    .into_iter()
                    .map(|(face, weight)| {
                        let mut g = game.clone();
                        g.apply_faces(self.rules, vec![face]);
                        (weight, self.expand_at(g, false, level + 1))
                    })
                    .collect();
                self.push(Node::Chance(children))
            }
        };
        self.node_of.insert(key, node);
        node
    }

    /// A leaf for `game` (the same position reached twice is one leaf).
    fn leaf(&mut self, game: Game) -> usize {
        let key = game.state_hash();
        let leaf = match self.leaf_of.get(&key) {
            Some(&l) => l,
            None => {
                self.leaves.push(game);
                self.leaf_of.insert(key, self.leaves.len() - 1);
                self.leaves.len() - 1
            }
        };
        self.push(Node::Leaf(leaf))
    }

    /// What the asking player does next in `game`.
    fn step(&self, game: &Game) -> Step {
        if let Some(roll) = game.front_roll() {
            return match roll {
                FrontRoll::Reroll { player, boat_die } if player == self.p => Step::Reroll { boat_die },
                _ => Step::End,
            };
        }
        if let Some(d) = game.decision(self.rules) {
            if d.player == Some(self.p) && d.kind() == Kind::Other {
                return Step::Decide { front: true, n: d.options.len() };
            }
        }
        if !self.window {
            return Step::End;
        }
        match game.pending(self.rules).into_iter().skip(1).find(|d| d.player == Some(self.p)) {
            Some(d) if d.kind() == Kind::Other && d.roll.is_none() => Step::Decide { front: false, n: d.options.len() },
            _ => Step::End,
        }
    }

    /// The exact expected final score, chance to win and lead of `game` for the asking
    /// player, when no roll of the pool is left; None past `EXACT_LIMIT` positions.
    fn exact(&mut self, game: &Game) -> Option<Value> {
        if game.finished() {
            return Some(Value::exact(result(self.rules, game, self.p)));
        }
        let key = game.state_hash();
        if let Some(v) = self.memo.get(&key) {
            return Some(*v);
        }
        self.visited += 1;
        if self.visited > EXACT_LIMIT {
            return None;
        }
        let rules = self.rules;
        let mut options = Vec::new();
        let (player, kind) = game.front_options(rules, &mut options).expect("the game is not over");
        let child = |tree: &mut Tree, apply: &dyn Fn(&mut Game)| {
            let mut g = game.clone();
            apply(&mut g);
            tree.exact(&g)
        };
        let value = match (kind, game.front_roll()) {
            (Kind::Roll, Some(FrontRoll::Reroll { boat_die, .. })) => {
                let mut parts = Vec::new();
                for (face, weight) in faces(self.rules, boat_die) {
                    parts.push((weight, child(self, &|g| g.apply_faces(rules, vec![face]))?));
                }
                Value::mixed(&parts)
            }
            (Kind::Roll, _) => unreachable!("a roll of the pool in an exact search"),
            (Kind::Other, _) if player == Some(self.p) => {
                let mut best: Option<Value> = None;
                for &c in &options {
                    let v = child(self, &|g| g.apply_front_choice(rules, c))?;
                    if best.is_none_or(|b| v.better(&b, self.aim)) {
                        best = Some(v);
                    }
                }
                best.expect("a decision has options")
            }
            (Kind::Other, _) if self.policy == Policy::Greedy => {
                let mut unused = Rng::new(0);
                let i = Policy::Greedy.choose_among(self.rules, game, player.unwrap_or(0), &options, &mut unused);
                child(self, &|g| g.apply_front_choice(rules, options[i]))?
            }
            // Chance at setup, or a random seat: every option alike.
            _ => {
                let mut parts = Vec::new();
                for &c in &options {
                    parts.push((1, child(self, &|g| g.apply_front_choice(rules, c))?));
                }
                Value::mixed(&parts)
            }
        };
        self.memo.insert(key, value);
        Some(value)
    }

    /// Every node's value, children first, from the leaves' values to the asking player
    /// (`leaves[leaf]`).
    pub(crate) fn values(&self, leaves: &[Value]) -> Vec<Value> {
        let mut out: Vec<Value> = Vec::with_capacity(self.nodes.len());
        for node in &self.nodes {
            let v = match node {
                Node::Exact(v) => *v,
                Node::Leaf(l) => leaves[*l],
                Node::Max(children) => {
                    let mut best = out[children[0]];
                    for c in &children[1..] {
                        if out[*c].better(&best, self.aim) {
                            best = out[*c];
                        }
                    }
                    best
                }
                Node::Chance(children) => {
                    Value::mixed(&children.iter().map(|(w, c)| (*w, out[*c])).collect::<Vec<_>>())
                }
            };
            out.push(v);
        }
        out
    }

    /// Every node's value as `values` gives it, except that a decision's mean is held out:
    /// its best child is chosen on the even playouts and valued on the odd ones, and the
    /// other way round (the mean of the two), so a decision of many options is not
    /// overrated by the largest of their noisy means. `scores[leaf][k]`: the asking
    /// player's score (or lead, `kept`) in playout `k` of each leaf (a leaf with fewer playouts than the
    /// fullest one has the rest filled with the fullest's scores moved by their difference
    /// in `leaves`' means, its paired value). None without such scores.
    pub(crate) fn values_held_out(&self, leaves: &[Value], scores: &[Vec<u16>]) -> Option<Vec<Value>> {
        let full = fullest(leaves)?;
        let n = leaves[full].playouts as usize;
        if scores.len() != leaves.len() || n < 4 || scores[full].len() < n {
            return None;
        }
        let mut out = self.values(leaves);
        let base: Vec<f64> = scores[full][..n].iter().map(|x| kept(*x, self.aim)).collect();
        let mut per: Vec<Vec<f64>> = Vec::with_capacity(self.nodes.len());
        // The playouts each node's value really rests on: a leaf's own, a decision's
        // fullest child's (the others' later playouts are filled in), a chance node's
        // fewest child's.
        let mut real: Vec<usize> = Vec::with_capacity(self.nodes.len());
        for (i, node) in self.nodes.iter().enumerate() {
            let (v, m): (Vec<f64>, usize) = match node {
                Node::Leaf(l) => {
                    let m = scores[*l].len().min(leaves[*l].playouts as usize).min(n);
                    let shift = leaves[*l].key(self.aim) - leaves[full].key(self.aim);
                    let own = &scores[*l][..m];
                    ((0..n).map(|k| own.get(k).map_or(base[k] + shift, |x| kept(*x, self.aim))).collect(), m)
                }
                Node::Exact(v) => (vec![v.key(self.aim); n], n),
                Node::Chance(children) => {
                    (weighted(children, &per, n), children.iter().map(|(_, c)| real[*c]).min().unwrap_or(n))
                }
                Node::Max(children) => {
                    // Held out over the playouts its fullest child had: a decision whose
                    // every option was cut early is chosen and valued on their own first
                    // playouts, not on the fill-in, on which the luckiest would be chosen
                    // by its early mean and keep it. Its later playouts are filled in as
                    // a leaf's are: the fullest leaf's, moved by their paired difference.
                    let m = children.iter().map(|c| real[*c]).max().unwrap_or(n);
                    let mut v = held_out(children, &per, m);
                    let shift = v.iter().zip(&base).map(|(a, b)| a - b).sum::<f64>() / m.max(1) as f64;
                    v.extend(base[m..].iter().map(|b| b + shift));
                    (v, m)
                }
            };
            if matches!(node, Node::Max(_) | Node::Chance(_)) {
                *out[i].key_mut(self.aim) = v.iter().sum::<f64>() / n as f64;
            }
            per.push(v);
            real.push(m);
        }
        Some(out)
    }

    /// The leaves still in question: those under `roots` and under every decision's
    /// children not clearly below its best, given the asking player's score in each
    /// playout so far (`scores[leaf][k]`, playouts `0..n`); each leaf once, in order.
    /// Every leaf met the same dice in playout `k` (common random numbers), so a child is
    /// compared with the best by their paired differences: it is out once its mean
    /// difference is over `prune` standard errors of the differences less `ZONE` (it
    /// cannot be more than `ZONE` points better).
    pub(crate) fn active(&self, roots: &[usize], scores: &[Vec<u16>], n: usize, prune: f64) -> Vec<usize> {
        // Each node's value in each playout: a leaf's score, a chance node's weighted
        // mean, a decision's best child's held out (chosen on the other half of the
        // playouts). The best child by its mean alone would be the luckiest of many: an
        // answer followed by a dozen options would look far better than it is after the
        // first few playouts, its rivals would be cut on that, and a rival cut early keeps
        // the low mean it was cut for (the chain search lost head to head by it,
        // BENCHMARKS.md, stop 47).
        let mut per: Vec<Vec<f64>> = Vec::with_capacity(self.nodes.len());
        let mut means: Vec<f64> = Vec::with_capacity(self.nodes.len());
        for node in &self.nodes {
            let v: Vec<f64> = match node {
                Node::Leaf(l) => scores[*l][..n].iter().map(|x| kept(*x, self.aim)).collect(),
                Node::Exact(v) => vec![v.key(self.aim); n],
                Node::Max(children) if n >= 4 => held_out(children, &per, n),
                Node::Max(children) => per[best_mean(children, &means)].clone(),
                Node::Chance(children) => weighted(children, &per, n),
            };
            means.push(v.iter().sum::<f64>() / n.max(1) as f64);
            per.push(v);
        }
        let alive = |children: &[usize]| -> Vec<usize> {
            let best = best_mean(children, &means);
            children.iter().copied().filter(|&c| c == best || !clearly_below(&per[c], &per[best], prune)).collect()
        };
        let mut seen = vec![false; self.nodes.len()];
        let mut leaves = vec![false; self.leaves.len()];
        let mut stack: Vec<usize> = alive(roots);
        while let Some(node) = stack.pop() {
            if std::mem::replace(&mut seen[node], true) {
                continue;
            }
            match &self.nodes[node] {
                Node::Leaf(l) => leaves[*l] = true,
                Node::Exact(_) => {}
                Node::Chance(children) => stack.extend(children.iter().map(|(_, c)| *c)),
                Node::Max(children) => stack.extend(alive(children)),
            }
        }
        (0..self.leaves.len()).filter(|l| leaves[*l]).collect()
    }

    /// The most playouts of a leaf under `node` (`values`: every node's; None where it is
    /// valued exactly): an answer whose leaves all have fewer than the fullest leaf
    /// (`fullest_playouts`) was cut early in the race, is valued on its first playouts
    /// only and is never the best (the race's winner is among those left).
    pub(crate) fn most_playouts(&self, node: usize, values: &[Value]) -> Option<u32> {
        // None as soon as a child is valued exactly (and for no children).
        let most = |children: &mut dyn Iterator<Item = usize>| {
            let mut most = None;
            for c in children {
                most = most.max(Some(self.most_playouts(c, values)?));
            }
            most
        };
        match &self.nodes[node] {
            Node::Leaf(_) => Some(values[node].playouts),
            Node::Exact(_) => None,
            Node::Max(children) => most(&mut children.iter().copied()),
            Node::Chance(children) => most(&mut children.iter().map(|(_, c)| *c)),
        }
    }

    /// The most playouts of any leaf (`values`: every node's; 0 without leaves).
    pub(crate) fn fullest_playouts(&self, values: &[Value]) -> u32 {
        self.nodes
            .iter()
            .zip(values)
            .filter(|(n, _)| matches!(n, Node::Leaf(_)))
            .map(|(_, v)| v.playouts)
            .max()
            .unwrap_or(0)
    }

    /// The leaves under `node` along the best choices by `values` (every child of a chance
    /// node): what a re-estimate of the node's value by other playouts needs.
    pub(crate) fn line_leaves(&self, node: usize, values: &[Value], out: &mut Vec<usize>) {
        match &self.nodes[node] {
            Node::Leaf(l) => {
                if !out.contains(l) {
                    out.push(*l)
                }
            }
            Node::Exact(_) => {}
            Node::Chance(children) => children.iter().for_each(|(_, c)| self.line_leaves(*c, values, out)),
            Node::Max(children) => self.line_leaves(best_of(children, values, self.aim), values, out),
        }
    }

    /// The value of `node` played along the best choices by `chosen` (values from one
    /// set of playouts), its leaves valued by `leaf` (from another): a held-out estimate,
    /// free of the upward bias of the maximum.
    pub(crate) fn line_value(&self, node: usize, chosen: &[Value], leaf: &dyn Fn(usize) -> Value) -> Value {
        match &self.nodes[node] {
            Node::Leaf(l) => leaf(*l),
            Node::Exact(v) => *v,
            Node::Max(children) => self.line_value(best_of(children, chosen, self.aim), chosen, leaf),
            Node::Chance(children) => {
                let parts: Vec<(u32, Value)> =
                    children.iter().map(|(w, c)| (*w, self.line_value(*c, chosen, leaf))).collect();
                Value::mixed(&parts)
            }
        }
    }
}

/// A decision's value in each of the first `n` playouts, held out: in the even playouts the child
/// best over the odd ones, in the odd playouts the child best over the even ones (`per`:
/// every node's value in each playout).
fn held_out(children: &[usize], per: &[Vec<f64>], n: usize) -> Vec<f64> {
    let half = |parity: usize| best_by(children, |c| per[c][..n].iter().skip(parity).step_by(2).sum());
    let (even, odd) = (half(0), half(1));
    (0..n).map(|k| if k % 2 == 0 { per[odd][k] } else { per[even][k] }).collect()
}

/// A chance node's value in each of `n` playouts: its children's (`per[c][k]`), weighted.
fn weighted(children: &[(u32, usize)], per: &[Vec<f64>], n: usize) -> Vec<f64> {
    let total: f64 = children.iter().map(|(w, _)| f64::from(*w)).sum();
    let mut v = vec![0.0; n];
    for (w, c) in children {
        let share = f64::from(*w) / total;
        v.iter_mut().zip(&per[*c]).for_each(|(a, b)| *a += share * b);
    }
    v
}

/// The best of `children` by `values` for `aim` (the first of equals).
fn best_of(children: &[usize], values: &[Value], aim: Aim) -> usize {
    let mut best = children[0];
    for c in &children[1..] {
        if values[*c].better(&values[best], aim) {
            best = *c;
        }
    }
    best
}

/// The child of the highest mean (the first of equals).
fn best_mean(children: &[usize], means: &[f64]) -> usize {
    best_by(children, |c| means[c])
}

/// The child of the highest `key` (the first of equals).
fn best_by(children: &[usize], key: impl Fn(usize) -> f64) -> usize {
    let mut best = children[0];
    for c in &children[1..] {
        if key(*c) > key(best) {
            best = *c;
        }
    }
    best
}

/// The leaf played out the most (the first of equals): the reference a leaf pruned early is
/// paired with. None without leaves.
pub(crate) fn fullest(leaves: &[Value]) -> Option<usize> {
    (0..leaves.len()).max_by_key(|&l| (leaves[l].playouts, std::cmp::Reverse(l)))
}

/// Points within which an answer counts as good as the best: an answer is out once it is,
/// at `prune` standard errors, no more than this above the best (indifference-zone
/// racing). Answers alike on every future so far (the same points in every playout: often
/// whole groups of a chain's star-action targets) go out at once but the first.
pub(crate) const ZONE: f64 = 0.5;

/// `a` is clearly no better than `b` (by more than `ZONE`), playout by playout: the mean
/// of `b − a` is over `prune` standard errors of it less `ZONE`.
fn clearly_below(a: &[f64], b: &[f64], prune: f64) -> bool {
    if a.len() < 2 {
        return false;
    }
    let d: Vec<f64> = b.iter().zip(a).map(|(b, a)| b - a).collect();
    let (mean, var) = mean_and_variance(&d);
    mean > prune * (var / d.len() as f64).sqrt() - ZONE
}

/// The mean of `d` and its sample variance (at least 2 values).
pub(crate) fn mean_and_variance(d: &[f64]) -> (f64, f64) {
    let n = d.len() as f64;
    let mean = d.iter().sum::<f64>() / n;
    (mean, d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0))
}

/// The faces one die of a kind can show, each with how many of its sides show it.
fn faces(rules: &FleetRules, boat_die: bool) -> Vec<(Face, u32)> {
    let mut out: Vec<(Face, u32)> = Vec::new();
    for f in Face::faces_of_kind(rules, boat_die) {
        match out.iter_mut().find(|(g, _)| *g == f) {
            Some((_, n)) => *n += 1,
            None => out.push((f, 1)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fleet::advisor::{question, step, tree, Budget, Settings};
    use crate::games::fleet::game::Setup;

    /// Each leaf under `node`, reached `level` decisions and rerolls below its answer:
    /// those whose player still had a decision of the chain to make are cut, and each cut
    /// one's level is pushed to `cut`.
    fn cuts(tree: &Tree, node: usize, level: usize, cut: &mut Vec<usize>) {
        match &tree.nodes[node] {
            Node::Leaf(l) => {
                if !matches!(tree.step(&tree.leaves[*l]), Step::End) {
                    cut.push(level);
                }
            }
            Node::Exact(_) => {}
            Node::Max(children) => children.iter().for_each(|c| cuts(tree, *c, level + 1, cut)),
            Node::Chance(children) => children.iter().for_each(|(_, c)| cuts(tree, *c, level + 1, cut)),
        }
    }

    /// A tree of one decision over `means.len()` leaves, each played out `n` times: leaf
    /// `i` scores `means[i]` plus noise (the same noise for every leaf in half the spread,
    /// as common dice futures give, and its own in the rest); the leaves' values and scores.
    fn one_decision<'a>(
        rules: &'a FleetRules,
        means: &[u16],
        n: usize,
        seed: u64,
    ) -> (Tree<'a>, Vec<Value>, Vec<Vec<u16>>) {
        let mut tree = Tree::new(rules, 0, Policy::Greedy, true);
        let children: Vec<usize> = (0..means.len()).map(|l| tree.push(Node::Leaf(l))).collect();
        tree.push(Node::Max(children));
        let mut rng = Rng::new(seed);
        let common: Vec<i32> = (0..n).map(|_| rng.below(21) as i32 - 10).collect();
        let scores: Vec<Vec<u16>> = means
            .iter()
            .map(|m| common.iter().map(|c| (i32::from(*m) + c + rng.below(21) as i32 - 10) as u16).collect())
            .collect();
        let leaves = scores
            .iter()
            .map(|s| {
                let xs: Vec<f64> = s.iter().map(|x| f64::from(*x)).collect();
                let (mean, var) = mean_and_variance(&xs);
                let stderr = (var / n as f64).sqrt();
                Value { mean, stderr, win: 0.0, lead: mean, lead_stderr: stderr, playouts: n as u32 }
            })
            .collect();
        (tree, leaves, scores)
    }

    /// Takes the last option out of the decision `one_decision` made (the last node): two
    /// answers, the decision of the others and that option alone; their nodes.
    fn last_option_apart(tree: &mut Tree) -> (usize, usize) {
        let a = tree.nodes.len() - 1;
        let Node::Max(children) = &mut tree.nodes[a] else { unreachable!("one_decision's last node") };
        (a, children.pop().expect("options"))
    }

    #[test]
    fn a_decision_of_many_equal_options_is_not_overrated_by_the_largest_noisy_mean() {
        // Twelve options worth 100 each: the largest of their means is above 100 by about
        // 1.6 standard errors in every seed; the held-out value is not biased.
        let rules = crate::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
        let (mut max_bias, mut held_bias) = (0.0, 0.0);
        let seeds = 200;
        for seed in 0..seeds {
            let (tree, leaves, scores) = one_decision(&rules, &[100; 12], 40, seed);
            let root = tree.nodes.len() - 1;
            max_bias += tree.values(&leaves)[root].mean - 100.0;
            held_bias += tree.values_held_out(&leaves, &scores).unwrap()[root].mean - 100.0;
        }
        let (max_bias, held_bias) = (max_bias / seeds as f64, held_bias / seeds as f64);
        // One leaf's own noise has a standard deviation of about 6: a standard error of
        // about 0.95 over 40 playouts, and of 0.07 over 200 seeds.
        assert!(max_bias > 1.0, "the largest mean is biased upward: {max_bias}");
        assert!(held_bias.abs() < 0.25, "the held-out value is not: {held_bias}");
    }

    #[test]
    fn pruning_weighs_a_decision_of_many_equal_options_by_its_held_out_series() {
        // Two answers worth the same: A is followed by a decision of twelve options worth
        // 100 each, B is a leaf worth 100. After 10 playouts, A's luckiest option would be
        // about 1.6 standard errors above 100: compared with it, B would be cut far more
        // often than A. Weighed by A's held-out series, each is cut about as often.
        let rules = crate::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
        let (mut b_cut, mut a_cut) = (0, 0);
        let seeds = 300;
        for seed in 0..seeds {
            let (mut tree, _, scores) = one_decision(&rules, &[100; 13], 10, seed);
            let game = crate::games::fleet::game::Game::new(&rules, &["A".into()], Default::default());
            tree.leaves = vec![game; 13];
            // Leaves 0–11 under A (the decision `one_decision` made), leaf 12 is B.
            let (a, b_node) = last_option_apart(&mut tree);
            let active = tree.active(&[a, b_node], &scores, 10, 1.0);
            b_cut += usize::from(!active.contains(&12));
            a_cut += usize::from(active.iter().all(|l| *l == 12));
        }
        let (b, a) = (b_cut as f64 / seeds as f64, a_cut as f64 / seeds as f64);
        assert!((b - a).abs() < 0.12, "B cut in {b:.2} of the seeds, A in {a:.2}");
    }

    #[test]
    fn a_decision_whose_every_option_was_cut_early_is_not_valued_at_their_largest_early_mean() {
        // Answer A: a decision of twelve options worth 100 each, every one cut after 10
        // playouts; answer B: a leaf worth 100, played out 40 times. Each cut option's
        // later playouts are filled in with B's, moved by the option's paired difference
        // over its first 10: chosen on the fill-in, A would take the luckiest early mean
        // (about 3 points too high); held out over the 10 it rests on, it is not biased.
        let rules = crate::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
        let seeds = 200;
        let mut bias = 0.0;
        for seed in 0..seeds {
            let (mut tree, mut leaves, scores) = one_decision(&rules, &[100; 13], 40, seed);
            let (a, _) = last_option_apart(&mut tree);
            for l in 0..12 {
                let d: f64 = (0..10).map(|k| f64::from(scores[l][k]) - f64::from(scores[12][k])).sum::<f64>() / 10.0;
                leaves[l].playouts = 10;
                (leaves[l].mean, leaves[l].lead) = (leaves[12].mean + d, leaves[12].lead + d);
            }
            bias += tree.values_held_out(&leaves, &scores).unwrap()[a].mean - 100.0;
        }
        let bias = bias / seeds as f64;
        // A held-out value over 10 playouts has a standard error of about 2.7; over 200
        // seeds, about 0.2.
        assert!(bias.abs() < 0.8, "the cut decision is valued {bias:+.2} from its worth");
    }

    #[test]
    fn an_answer_cut_early_is_never_the_best_however_high_its_early_mean() {
        // Two answers: A's leaf was cut after 10 playouts with a mean of 130 (its paired
        // value), B's was played out to 40 with 120. The race's winner is B.
        let rules = crate::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
        let (mut tree, mut leaves, _) = one_decision(&rules, &[130, 120], 40, 1);
        tree.nodes.pop();
        leaves[0].playouts = 10;
        (leaves[0].mean, leaves[1].mean) = (130.0, 120.0);
        let most: Vec<Option<u32>> = [0, 1].iter().map(|n| tree.most_playouts(*n, &leaves)).collect();
        assert_eq!(most, [Some(10), Some(40)]);
        let live = [false, true];
        let answer = |index| crate::games::fleet::advisor::Answer {
            choice: crate::games::fleet::game::Choice::Salvage,
            index,
            then: None,
        };
        let estimate = |l: usize, cut| crate::games::fleet::advisor::Estimate {
            cut,
            ..crate::games::fleet::advisor::estimate(answer(l), &leaves[l], true)
        };
        let best = |e: &[_]| crate::games::fleet::advisor::best_estimate(e, Aim::Score);
        assert_eq!(best(&[estimate(0, !live[0]), estimate(1, !live[1])]), 1);
        // Both played out, the higher mean is best.
        assert_eq!(best(&[estimate(0, false), estimate(1, false)]), 0);
    }

    #[test]
    fn a_clearly_best_option_keeps_its_own_mean_when_held_out() {
        let rules = crate::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
        let (tree, leaves, scores) = one_decision(&rules, &[100, 130, 90], 40, 7);
        let root = tree.nodes.len() - 1;
        let held = tree.values_held_out(&leaves, &scores).unwrap();
        assert_eq!(held[root].mean, leaves[1].mean);
        assert_eq!(tree.values(&leaves)[root], held[root]);
    }

    #[test]
    fn aiming_to_win_a_decision_takes_the_higher_lead_and_its_per_playout_leads() {
        // Two options: the first scores 2 points more, the second leads the best other
        // player by 5 points more (it takes what the other needed).
        let rules = crate::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
        let mut tree = Tree::new(&rules, 0, Policy::Greedy, true);
        let children: Vec<usize> = (0..2).map(|l| tree.push(Node::Leaf(l))).collect();
        let root = tree.push(Node::Max(children));
        let leaf = |mean, lead| Value { mean, stderr: 0.5, win: 0.5, lead, lead_stderr: 0.5, playouts: 40 };
        let leaves = [leaf(120.0, -2.0), leaf(118.0, 3.0)];
        assert_eq!(tree.values(&leaves)[root], leaves[0]);
        tree.aim = Aim::Win;
        assert_eq!(tree.values(&leaves)[root], leaves[1]);
        // The playouts' kept figures are leads then: a clear best keeps its own lead held
        // out, and its own score.
        let kept = |lead: i32| (0..40).map(|k| (30_000 + lead + k % 2 * 2 - 1) as u16).collect::<Vec<u16>>();
        let held = tree.values_held_out(&leaves, &[kept(-2), kept(3)]).unwrap();
        assert_eq!((held[root].lead, held[root].mean), (3.0, 118.0));
    }

    #[test]
    fn a_tree_past_its_limit_searches_every_answers_chain_to_the_same_depth() {
        // Questions of seeded greedy games whose whole tree is past a review's limit (10
        // playouts an answer): no chain is cut above the tree's depth (the answers
        // searched last are not left as bare leaves), and the tree keeps within its limit.
        let rules = crate::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
        let names: Vec<String> = vec!["A".into(), "B".into()];
        let settings = Settings { budget: Budget { playouts: 10, time: None }, ..Settings::default() };
        let mut found = 0;
        for seed in 0..40u64 {
            let mut g = Game::new(&rules, &names, Setup::default());
            g.set_quiet(true);
            let mut rng = Rng::new(seed);
            while g.decision(&rules).is_some() && found < 6 {
                if question(&rules, &g, None).is_ok() {
                    let s = tree(&rules, &g, None, &settings).unwrap();
                    let mut cut = Vec::new();
                    s.answers.iter().for_each(|(_, n)| cuts(&s.tree, *n, 0, &mut cut));
                    if !cut.is_empty() {
                        found += 1;
                        let (depth, nodes) = (s.tree.depth, s.tree.nodes.len());
                        assert!(cut.iter().all(|l| *l >= depth), "seed {seed}: cut at {cut:?}, depth {depth}");
                        assert!(nodes <= s.tree.limit + s.answers.len(), "seed {seed}: {nodes} nodes");
                    }
                }
                step(&rules, &mut g, &[Policy::Greedy; 2], &mut rng);
            }
        }
        assert_eq!(found, 6, "questions past the limit");
    }
}
