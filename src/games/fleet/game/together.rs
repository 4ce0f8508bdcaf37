//! Decisions that are simultaneous on paper. Everyone uses the shared die at the same
//! moment, catches fish, takes the star actions the fishing deferred; one player's answer
//! there does not depend on another's. The queue keeps the rulebook's order (seat order),
//! and the tasks of different players at its front form a *window*: each player's first
//! decision in it may be answered at any moment (`pending`, `apply_by`), and the result is
//! the same as answering in seat order. Where the rules give priority, seat order decides:
//! a king crab bonus (taken by one, gone for the others) is asked only at the front of the
//! queue, and a silver trophy is awarded in turn order once nobody before can still reach
//! it in the window.

use std::collections::VecDeque;

use super::{Choice, Decision, FleetRefusal, Game, Illegal, Input, Task};
use crate::games::fleet::FleetRules;

impl Task {
    /// The player a task belongs to, if it is one player's alone.
    pub(super) fn player(&self) -> Option<usize> {
        match *self {
            Task::StartDie(p)
            | Task::KingCrabBonus(p)
            | Task::Star(p)
            | Task::PrivateFishing(p)
            | Task::PrivateFishingEnd(p)
            | Task::Use { player: p, .. }
            | Task::Reroll { player: p, .. }
            | Task::FlexType { player: p, .. }
            | Task::ChoiceCircle { player: p, .. }
            | Task::Oyster { player: p, .. } => Some(p),
            _ => None,
        }
    }

    /// Whether the task may be carried out before the tasks of other players ahead of it.
    fn independent(&self) -> bool {
        match self {
            // A picked die's use follows the pick; the pool is everyone's.
            Task::Use { shared, .. } => *shared,
            // Taken by one, gone for the others: seat order decides.
            Task::KingCrabBonus(_) => false,
            other => other.player().is_some(),
        }
    }
}

impl Game {
    /// The length of the window: the tasks at the front of the queue that belong to single
    /// players and may be carried out out of order.
    fn window(&self) -> usize {
        let mut n = 0;
        for (i, task) in self.queue.iter().enumerate() {
            // The front task is always answerable; the others must be independent.
            let ok = if i == 0 { task.player().is_some() } else { task.independent() };
            if !ok {
                break;
            }
            n += 1;
        }
        n
    }

    /// Where a player's oyster boats wait in the window for their catch to be chosen.
    pub(super) fn oysters_waiting(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        let n = self.window();
        self.queue.iter().take(n).enumerate().filter_map(move |(i, t)| match t {
            Task::Oyster { player, .. } if *player == p => Some(i),
            _ => None,
        })
    }

    /// Whether a player still has something to do in the current window.
    pub(super) fn has_window_task(&self, p: usize) -> bool {
        self.queue.iter().take(self.window()).any(|t| t.player() == Some(p))
    }

    /// Where a player's first task in the window is, if it can be answered now.
    fn window_position(&self, p: usize) -> Option<usize> {
        let n = self.window();
        let i = self.queue.iter().take(n).position(|t| t.player() == Some(p))?;
        (i == 0 || self.queue[i].independent()).then_some(i)
    }

    /// Every decision that can be answered now: the one at the front of the queue, and
    /// the first one of each other player in the window (seat order).
    pub fn pending(&self, rules: &FleetRules) -> Vec<Decision> {
        let Some(front) = self.queue.front() else { return Vec::new() };
        let mut out = vec![self.decision_for(rules, front)];
        let mut seen: Vec<usize> = front.player().into_iter().collect();
        for (i, task) in self.queue.iter().enumerate().take(self.window()).skip(1) {
            let Some(p) = task.player() else { continue };
            if seen.contains(&p) {
                continue;
            }
            seen.push(p);
            if self.window_position(p) == Some(i) {
                out.push(self.decision_for(rules, task));
            }
        }
        out
    }

    /// Answer player `p`'s pending decision, wherever it is in the window. The front of
    /// the queue is answered as by `apply`; a later one is carried out in place, with the
    /// chain it starts, as if everyone before it had answered already.
    pub fn apply_by(&mut self, rules: &FleetRules, p: usize, input: &Input) -> Result<(), Illegal> {
        if self.queue.front().and_then(Task::player) == Some(p) {
            return self.apply(rules, input);
        }
        let every = self.every_oyster(rules, p, |g, options| match input {
            Input::Choice(key) => options.iter().copied().find(|o| o.key(rules, g).eq_ignore_ascii_case(key.trim())),
            Input::Roll { .. } => None,
        });
        self.answer_by(rules, p, every, |g| g.answer(rules, input))
    }

    /// `apply_by` with the option's number in `Decision::options` instead of its key (as
    /// `apply_index` is to `apply`).
    pub fn apply_index_by(&mut self, rules: &FleetRules, p: usize, i: usize) -> Result<(), Illegal> {
        if self.queue.front().and_then(Task::player) == Some(p) {
            return self.apply_index(rules, i);
        }
        // The option as the window shows it (with every oyster boat at once among them),
        // carried out on the task alone.
        let Some(w) = self.window_position(p) else {
            return Err(Illegal { refusal: FleetRefusal::NotWaitingFor { player: p }, legal: Vec::new() });
        };
        let decision = self.decision_for(rules, &self.queue[w]);
        let Some(choice) = decision.options.get(i).copied() else {
            let legal = decision.keys(rules, self);
            return Err(Illegal {
                refusal: FleetRefusal::NotAnOption { answer: i.to_string(), decision: Box::new(decision) },
                legal,
            });
        };
        let every = self.every_oyster(rules, p, |_, _| Some(choice));
        self.answer_by(rules, p, every, |g| {
            let task = g.queue.pop_front().expect("the task is there");
            g.choose(rules, &task, choice);
            Ok(())
        })
    }

    /// The answer to `p`'s decision in the window when it is an oyster boat's and the
    /// answer (`pick` among its options) is one for every oyster boat at once.
    fn every_oyster(
        &self,
        rules: &FleetRules,
        p: usize,
        pick: impl FnOnce(&Game, &[Choice]) -> Option<Choice>,
    ) -> Option<Choice> {
        let i = self.window_position(p)?;
        let Task::Oyster { .. } = &self.queue[i] else { return None };
        let options = self.decision_for(rules, &self.queue[i]).options;
        pick(self, &options).filter(|o| matches!(o, Choice::EveryOyster { .. }))
    }

    /// Player `p`'s decision in the window, answered by `answer` in its place (or, for every
    /// oyster boat at once, each boat of the player's answered in turn, in place), then the
    /// steps of the chain that need no answer.
    fn answer_by(
        &mut self,
        rules: &FleetRules,
        p: usize,
        every: Option<Choice>,
        answer: impl FnOnce(&mut Game) -> Result<(), Illegal>,
    ) -> Result<(), Illegal> {
        let Some(i) = self.window_position(p) else {
            return Err(Illegal { refusal: FleetRefusal::NotWaitingFor { player: p }, legal: Vec::new() });
        };
        match every {
            Some(Choice::EveryOyster { coin, .. }) => {
                let each = Input::Choice(if coin { "coin" } else { "fish" }.to_string());
                loop {
                    let Some(j) = self.oysters_waiting(p).next() else { break };
                    self.at(j, |g| g.answer(rules, &each))?;
                }
            }
            _ => self.at(i, answer)?,
        }
        // The steps that follow in the player's chain and need no answer happen now too.
        while let Some(j) = self.queue.iter().take(self.window()).position(|t| t.player() == Some(p)) {
            let ran = self.at(j, |g| {
                let task = g.queue.front().cloned().expect("the task is there");
                Ok(g.run_automatic(rules, &task))
            })?;
            if !ran {
                break;
            }
        }
        self.award_silver(rules);
        Ok(())
    }

    /// Run `step` on task `i` of the queue alone (a queue of its own for the moment), then
    /// put what it leads to back in its place.
    pub(super) fn at<T>(&mut self, i: usize, step: impl FnOnce(&mut Game) -> Result<T, Illegal>) -> Result<T, Illegal> {
        let rest = self.queue.split_off(i);
        let before = std::mem::replace(&mut self.queue, rest);
        let after = self.queue.split_off(1);
        let result = step(self);
        let mine = std::mem::take(&mut self.queue);
        let mut queue: VecDeque<Task> = before;
        queue.extend(mine);
        queue.extend(after);
        self.queue = queue;
        result
    }
}
