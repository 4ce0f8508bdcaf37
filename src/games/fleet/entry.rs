//! Entries typed at the table, made into the answers they stand for. On paper only the die
//! picks happen one after another; everything else is done at once by everyone. So one
//! entry says as much as one player decides at a time:
//!
//! - a pick and its use in one entry (`cod` marks the next cod box when taking coins is
//!   the only other use; `cod coin`, `harbor king_crab`, `wharf casino`), and the words
//!   after it answer what the pick leads to (`harbor inuit cod`: the Inuit ship, then the
//!   star action on the cod column);
//! - the decisions everyone makes at the same moment (the shared die, the oyster boats)
//!   in one entry: nothing accepts every player's usual answer, and only the exceptions
//!   are typed (`bob coin, cy hex`);
//! - what the rules decide is never asked (`forced`): a single legal answer, the 3-coins
//!   face (3 coins, never "1 coin instead"), a pick among identical dice.
//!
//! Words are matched against the options of the decision they answer: an option's key,
//! and the words the text layer gives for it in every language (`words`), whole or by a
//! prefix only one option has; a word that matches nothing comes back with the nearest
//! word it may have meant. No language is chosen here.

use super::game::{Ask, Choice, Decision, FleetRefusal, Game, Illegal, Input};
use super::live::Answer;
use super::FleetRules;
use crate::words::fold_word;

/// How a step of an entry came about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum How {
    /// A word of the entry said it.
    Typed,
    /// The player's usual answer, as nothing else was said.
    Usual,
    /// The rules leave nothing else (see `forced`).
    Forced(Forced),
}

/// Why an answer is forced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forced {
    /// It is the only legal answer (a single option, or a pick among identical dice).
    Only,
    /// Every other answer gives the same and less: the 3-coins face or the market against
    /// taking a die as fewer coins.
    Better,
}

/// One answer an entry stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The player it is for, answered out of seat order when not at the front (`apply_by`);
    /// None: the decision at the front of the queue.
    pub by: Option<usize>,
    /// The decision it answers.
    pub decision: Decision,
    /// The answer, as it is applied: an option by value, or the dice's faces.
    pub answer: Answer,
    /// The answer as the save line records it and the views echo it (the option's key in
    /// the game before it, or the faces): never what is applied.
    pub input: Input,
    /// Typed, usual or forced.
    pub how: How,
}

impl Step {
    /// The step answering `decision` (open in `game`) with `answer`, given by `by` out of
    /// seat order (None: at the front); its save line made from the answer.
    pub fn new(
        rules: &FleetRules,
        game: &Game,
        by: Option<usize>,
        decision: Decision,
        answer: Answer,
        how: How,
    ) -> Step {
        let input = answer.input(rules, game);
        Step { by, decision, answer, input, how }
    }
}

/// The typed answer a key or faces stand for at `decision`, open at the front of `game`
/// (a line typed at the table, a page's tap, deckhand's own draw): an option found by its
/// key as the engine finds it (case ignored), or the faces; the engine's refusal for a key
/// that names no option.
pub fn read(rules: &FleetRules, game: &Game, decision: &Decision, input: Input) -> Result<Answer, Illegal> {
    let Input::Choice(key) = &input else { return Ok(Answer::Roll(input)) };
    if decision.roll.is_some() {
        return Err(Illegal { refusal: FleetRefusal::NeedsDice, legal: Vec::new() });
    }
    let key = key.trim();
    match decision.options.iter().find(|o| o.key(rules, game).eq_ignore_ascii_case(key)) {
        Some(choice) => Ok(Answer::Option(*choice)),
        None => Err(Illegal {
            refusal: FleetRefusal::NotAnOption { answer: key.to_string(), decision: Box::new(decision.clone()) },
            legal: decision.keys(rules, game),
        }),
    }
}

/// Why an entry cannot be answered as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntryError {
    /// A word that names no option of the decision it would answer; `nearest` is the word
    /// it is most likely a typo of.
    Unknown {
        /// The word as typed.
        word: String,
        /// The decision it would answer.
        decision: Box<Decision>,
        /// The option word it is most likely a typo of, if one is close.
        nearest: Option<String>,
    },
    /// A word (a prefix) that several options share: their keys.
    Ambiguous {
        /// The word as typed.
        word: String,
        /// The decision it would answer.
        decision: Box<Decision>,
        /// The keys of the options it could be.
        keys: Vec<String>,
    },
    /// Words left over when the player has nothing more to decide now.
    NothingToAnswer {
        /// The first word left over.
        word: String,
        /// The player (seat index).
        player: usize,
    },
    /// A player named in an entry for everyone who has nothing to decide in it.
    NotWaiting {
        /// The player (seat index).
        player: usize,
    },
    /// A player named twice in one entry.
    Twice {
        /// The player (seat index).
        player: usize,
    },
}

/// Options for making entries into answers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Entries {
    /// `--ask-all`: nothing is answered that was not typed (no forced or usual answers).
    pub ask_all: bool,
}

/// The answer the rules leave at a decision, if any: its only option; the 3-coins face's
/// coins or the market's coins over taking the die as fewer coins. Rolls are never forced.
pub fn forced(d: &Decision) -> Option<(Choice, Forced)> {
    if d.roll.is_some() || d.options.is_empty() {
        return None;
    }
    if d.options.len() == 1 {
        return Some((d.options[0], Forced::Only));
    }
    if let Ask::Use { .. } = d.ask {
        let as_coins = d.options.iter().find_map(|o| match o {
            Choice::DieAsCoins(n) => Some(*n),
            _ => None,
        });
        let others: Vec<&Choice> = d.options.iter().filter(|o| !matches!(o, Choice::DieAsCoins(_))).collect();
        if let (Some(fewer), [better]) = (as_coins, others.as_slice()) {
            match **better {
                Choice::CoinsFace(n) | Choice::Market(n) if n >= fewer => return Some((**better, Forced::Better)),
                _ => {}
            }
        }
    }
    None
}

/// The answer a player gives when they say nothing more: a die used for its own column
/// when the only other use is taking it as coins, and two fish on an oyster boat (on
/// every one of them waiting, when there are several). None
/// where a real choice is left (a harbor ship, the shrimp license, a building's use…).
pub fn usual(d: &Decision) -> Option<Choice> {
    if let Some((choice, _)) = forced(d) {
        return Some(choice);
    }
    match d.ask {
        Ask::Use { .. } => {
            let mark = d.options.iter().find(|o| matches!(o, Choice::Mark { .. }))?;
            d.options.iter().all(|o| matches!(o, Choice::Mark { .. } | Choice::DieAsCoins(_))).then_some(*mark)
        }
        // Two fish on every oyster boat waiting, else on this one.
        Ask::Oyster { .. } => d
            .options
            .iter()
            .find(|o| matches!(o, Choice::EveryOyster { coin: false, .. }))
            .or_else(|| d.options.iter().find(|o| matches!(o, Choice::TwoFish)))
            .copied(),
        _ => None,
    }
}

/// The words an option may be typed as (its key is always one).
pub type Words<'a> = &'a dyn Fn(&Game, &Decision, &Choice) -> Vec<String>;

/// The decision a player can answer now: at the front of the queue, or pending in the
/// window of decisions made at the same moment.
fn decision_of(rules: &FleetRules, game: &Game, player: usize) -> Option<(Decision, bool)> {
    let front = game.decision(rules)?;
    if front.player == Some(player) {
        return Some((front, true));
    }
    game.pending(rules).into_iter().find(|d| d.player == Some(player)).map(|d| (d, false))
}

/// Apply one answer to the scratch game, as the step says (by value).
fn step(
    rules: &FleetRules,
    game: &mut Game,
    player: usize,
    front: bool,
    d: Decision,
    choice: Choice,
    how: How,
) -> Step {
    let by = (!front).then_some(player);
    let step = Step::new(rules, game, by, d, Answer::Option(choice), how);
    let done = step.answer.apply_to(rules, game, by);
    debug_assert!(done.is_ok(), "an option of the decision is always legal: {done:?}");
    step
}

/// Which option a word names: the key or a word of it exactly (the usual answer first
/// when several have it), else the one option a prefix of its words fits.
fn choose(rules: &FleetRules, game: &Game, d: &Decision, typed: &str, words: Words) -> Result<Choice, EntryError> {
    let word = fold_word(typed.trim());
    if let Ok(n) = word.parse::<usize>() {
        if let Some(choice) = n.checked_sub(1).and_then(|i| d.options.get(i)) {
            return Ok(*choice);
        }
    }
    let all: Vec<(Choice, Vec<String>)> = d
        .options
        .iter()
        .map(|o| {
            let mut w: Vec<String> = words(game, d, o).iter().map(|x| fold_word(x)).collect();
            let key = fold_word(&o.key(rules, game));
            if let Some(rest) = key.strip_prefix("as:") {
                w.push(rest.to_string());
            }
            w.push(key);
            (*o, w)
        })
        .collect();
    let exact: Vec<Choice> = all.iter().filter(|(_, w)| w.contains(&word)).map(|(o, _)| *o).collect();
    let prefix: Vec<Choice> = all
        .iter()
        .filter(|(_, w)| {
            w.iter().any(|x| x.starts_with(&word) || x.split(['-', ' ', '_']).any(|p| p.starts_with(&word)))
        })
        .map(|(o, _)| *o)
        .collect();
    for found in [exact, prefix] {
        match found.as_slice() {
            [] => continue,
            [one] => return Ok(*one),
            many => {
                if let Some(u) = usual(d).filter(|u| many.contains(u)) {
                    return Ok(u);
                }
                return Err(EntryError::Ambiguous {
                    word: typed.to_string(),
                    decision: Box::new(d.clone()),
                    keys: many.iter().map(|o| o.key(rules, game).into_owned()).collect(),
                });
            }
        }
    }
    let nearest = all
        .iter()
        .flat_map(|(_, w)| w.iter())
        .filter(|w| w.chars().count() > 1)
        .map(|w| (crate::source::edit_distance(&word, w), w))
        .filter(|(dist, w)| *dist <= 2 && *dist < w.chars().count())
        .min_by_key(|(dist, _)| *dist)
        .map(|(_, w)| w.clone());
    Err(EntryError::Unknown { word: typed.to_string(), decision: Box::new(d.clone()), nearest })
}

/// The answers of one player's entry, from the decision they face now: each word answers
/// the next of their decisions (forced ones are answered on the way), and after the last
/// word a picked die gets its usual use. `game` is not changed; the steps are applied in
/// order by the caller.
pub fn plan(
    rules: &FleetRules,
    game: &Game,
    player: usize,
    entry: &[&str],
    words: Words,
    opts: Entries,
) -> Result<Vec<Step>, EntryError> {
    let said: Vec<&str> = entry.iter().copied().filter(|w| !w.trim().is_empty()).collect();
    let by_word = |g: &Game, d: &Decision, w: &&str| choose(rules, g, d, w, words);
    plan_by(rules, game, player, &said, &by_word, false, opts)
}

/// `plan` for an answer given by the options' keys (a tap on a page: `cod`, `cod coin`):
/// each key answers the next decision of the player, matched exactly.
pub fn plan_keys(
    rules: &FleetRules,
    game: &Game,
    player: usize,
    keys: &[&str],
    opts: Entries,
) -> Result<Vec<Step>, EntryError> {
    let by_key = |g: &Game, d: &Decision, key: &&str| -> Result<Choice, EntryError> {
        d.options.iter().find(|o| o.key(rules, g) == *key).copied().ok_or_else(|| EntryError::Unknown {
            word: key.to_string(),
            decision: Box::new(d.clone()),
            nearest: None,
        })
    };
    plan_by(rules, game, player, keys, &by_key, true, opts)
}

/// Each answer a player may give now in one go, as the steps it stands for: every option
/// of their decision, where a picked die is answered with its use — its usual use and each
/// other use (`cod`, `cod coin`), or, when the die has no usual use, each of its uses (`sh
/// as:swordfish`, `w amas_bank`). What a page offers, so that a pick and its use are one
/// answer there as in a terminal's entry.
pub fn answers(rules: &FleetRules, game: &Game, player: usize, opts: Entries) -> Vec<Vec<Step>> {
    let Some((d, _)) = decision_of(rules, game, player) else { return Vec::new() };
    let mut out = Vec::new();
    for o in &d.options {
        let key = o.key(rules, game).into_owned();
        let Ok(steps) = plan_keys(rules, game, player, &[key.as_str()], opts) else { continue };
        let is_pick = matches!(d.ask, Ask::Pick { .. }) && !opts.ask_all;
        // The use the pick leads to: the one its usual answer answered, else the one asked
        // next of the same player.
        let (head, usual_key) = match steps.last() {
            Some(last) if last.how == How::Usual && steps.len() >= 2 => {
                let key = match &last.input {
                    Input::Choice(k) => Some(k.clone()),
                    Input::Roll { .. } => None,
                };
                (&steps[..steps.len() - 1], key)
            }
            _ => (&steps[..], None),
        };
        let mut g = game.clone();
        apply_steps(rules, &mut g, head);
        let then = decision_of(rules, &g, player)
            .filter(|(u, front)| *front && matches!(u.ask, Ask::Use { shared: false, .. }))
            .map(|(u, _)| u)
            .filter(|_| is_pick);
        let Some(then) = then else {
            out.push(steps);
            continue;
        };
        let before = out.len();
        if usual_key.is_some() {
            out.push(steps.clone());
        }
        let typed = typed_keys(head);
        for u in &then.options {
            let ukey = u.key(rules, &g).into_owned();
            if Some(&ukey) == usual_key.as_ref() {
                continue;
            }
            let mut keys: Vec<&str> = typed.iter().map(String::as_str).collect();
            keys.push(&ukey);
            if let Ok(more) = plan_keys(rules, game, player, &keys, opts) {
                out.push(more);
            }
        }
        if out.len() == before {
            // No use to join it with: the pick alone, its use asked after.
            out.push(steps);
        }
    }
    out
}

/// Apply steps to a scratch game, in order, by value (each was planned on it, so each is
/// legal).
pub fn apply_steps(rules: &FleetRules, game: &mut Game, steps: &[Step]) {
    for s in steps {
        let done = s.answer.apply_to(rules, game, s.by);
        debug_assert!(done.is_ok(), "a planned step is legal: {done:?}");
    }
}

/// The question a page asks at once after an answer of `player`, before anything is sent:
/// the player's next decision in `after` (the game after the answer, `before` the game
/// before it) when the answer started it — it is neither a roll, a new die pick nor the
/// shared die, and it is at the front of the queue (the chain the answer pushed there),
/// or, answered out of seat order, the answer gave nobody else a new question (no other
/// seat's, not the table's). What a terminal's line answers ahead (`h i c`: the harbor die
/// for the Inuit ship, then its star action; `cy $ l` in everyone's line), so that a page
/// asks, as the terminal does, one question for the whole chain; the last pick before
/// everyone's shared die leads to no follow-up (the shared die is everyone's at once).
pub fn follow_up(rules: &FleetRules, before: &Game, after: &Game, player: usize) -> Option<Decision> {
    let (d, front) = decision_of(rules, after, player)?;
    // A roll, a new pick and the shared die (everyone's at once) start new questions.
    if d.roll.is_some() || matches!(d.ask, Ask::Pick { .. } | Ask::Use { shared: true, .. }) {
        return None;
    }
    if front {
        return Some(d);
    }
    let others = |g: &Game| -> Vec<Option<usize>> {
        g.pending(rules).iter().map(|x| x.player).filter(|p| *p != Some(player)).collect()
    };
    let had = others(before);
    others(after).iter().all(|p| had.contains(p)).then_some(d)
}

/// Whether an answer of `player` (its steps, planned on `game`) leads to a `follow_up`: a
/// page then asks it at once instead of sending the answer.
pub fn leads_on(rules: &FleetRules, game: &Game, player: usize, steps: &[Step]) -> bool {
    let mut after = game.clone();
    apply_steps(rules, &mut after, steps);
    follow_up(rules, game, &after, player).is_some()
}

/// The steps of a page's chain of answers: each link an answer of `answers` by its keys
/// (`typed_keys`), the first to the player's question now, each next one to the
/// `follow_up` the one before it leads to. `game` is not changed.
pub fn plan_links(
    rules: &FleetRules,
    game: &Game,
    player: usize,
    links: &[Vec<&str>],
    opts: Entries,
) -> Result<Vec<Step>, EntryError> {
    let mut g = game.clone();
    let mut steps = Vec::new();
    let mut before: Option<Game> = None;
    for link in links {
        if let Some(before) = &before {
            if follow_up(rules, before, &g, player).is_none() {
                let word = link.first().copied().unwrap_or_default().to_string();
                return Err(EntryError::NothingToAnswer { word, player });
            }
        }
        let planned = plan_keys(rules, &g, player, link, opts)?;
        before = Some(g.clone());
        apply_steps(rules, &mut g, &planned);
        steps.extend(planned);
    }
    Ok(steps)
}

/// The keys a page sends for an answer of `answers`: the typed steps' keys.
pub fn typed_keys(steps: &[Step]) -> Vec<String> {
    steps
        .iter()
        .filter(|s| s.how == How::Typed)
        .filter_map(|s| match &s.input {
            Input::Choice(k) => Some(k.clone()),
            Input::Roll { .. } => None,
        })
        .collect()
}

/// The answers of one player's entry, each word chosen among the options by `choose`.
/// `keys`: the words are keys (a tap), so one that names a forced answer is that answer.
fn plan_by<W: AsRef<str>>(
    rules: &FleetRules,
    game: &Game,
    player: usize,
    entry: &[W],
    choose: &dyn Fn(&Game, &Decision, &W) -> Result<Choice, EntryError>,
    keys: bool,
    opts: Entries,
) -> Result<Vec<Step>, EntryError> {
    let mut g = game.clone();
    let mut steps = Vec::new();
    let mut picked = false;
    let mut rest = entry.iter().peekable();
    while let Some((d, front)) = decision_of(rules, &g, player) {
        // Nothing more said: the entry stops at the front of the queue (what waits later
        // for the same player is asked, or forced, when it gets there).
        if d.roll.is_some() || (!front && rest.peek().is_none()) {
            break;
        }
        if !opts.ask_all {
            if let Some((choice, why)) = forced(&d) {
                picked = matches!(d.ask, Ask::Pick { .. });
                let tapped = keys && rest.peek().is_some_and(|w| choose(&g, &d, w).ok() == Some(choice));
                if tapped {
                    rest.next();
                }
                let how = if tapped { How::Typed } else { How::Forced(why) };
                steps.push(step(rules, &mut g, player, front, d, choice, how));
                continue;
            }
        }
        match rest.peek() {
            Some(word) => match choose(&g, &d, word) {
                Ok(choice) => {
                    rest.next();
                    picked = matches!(d.ask, Ask::Pick { .. });
                    steps.push(step(rules, &mut g, player, front, d, choice, How::Typed));
                }
                // A word that answers not this use of a die but the question its usual use
                // leads to (`bo lic` at a shared die whose box is a license-or-boat
                // circle): the usual use, then the word answers what follows.
                Err(e) => {
                    let usual_use = usual(&d).filter(|_| !keys && !opts.ask_all && matches!(d.ask, Ask::Use { .. }));
                    let Some(choice) = usual_use else { return Err(e) };
                    let mut after = g.clone();
                    let usual_step = step(rules, &mut after, player, front, d, choice, How::Usual);
                    let answers_next = decision_of(rules, &after, player)
                        .is_some_and(|(next, _)| next.roll.is_none() && choose(&after, &next, word).is_ok());
                    if !answers_next {
                        return Err(e);
                    }
                    picked = false;
                    steps.push(usual_step);
                    g = after;
                }
            },
            None => {
                // A picked die and nothing more said: its usual use.
                let follows_pick = picked && matches!(d.ask, Ask::Use { shared: false, .. });
                match usual(&d).filter(|_| follows_pick && !opts.ask_all) {
                    Some(choice) => {
                        picked = false;
                        steps.push(step(rules, &mut g, player, front, d, choice, How::Usual));
                    }
                    None => break,
                }
            }
        }
    }
    if let Some(word) = rest.next() {
        return Err(EntryError::NothingToAnswer { word: word.as_ref().to_string(), player });
    }
    Ok(steps)
}

/// The answers of an entry for everyone at once (the shared die, the oyster boats): the
/// players named say their own answers (`bob coin, cy hex`: each name, then its words up
/// to the next name; words before any name are the first waiting player's); everyone else
/// waiting in the window gives their usual answer, and whoever has none is asked
/// afterwards. Players are named by name, case and accents ignored, or by a prefix only
/// one of them has.
pub fn plan_together(
    rules: &FleetRules,
    game: &Game,
    entry: &str,
    words: Words,
    opts: Entries,
) -> Result<Vec<Step>, EntryError> {
    let names: Vec<String> = game.players.iter().map(|p| fold_word(&p.name)).collect();
    let is_name = |token: &str| -> Option<usize> {
        let t = fold_word(token);
        if let Some(p) = names.iter().position(|n| *n == t) {
            return Some(p);
        }
        let starts: Vec<usize> =
            (0..names.len()).filter(|p| t.chars().count() >= 2 && names[*p].starts_with(&t)).collect();
        (starts.len() == 1).then(|| starts[0])
    };
    let waiting: Vec<usize> = game.pending(rules).iter().filter_map(|d| d.player).collect();
    let mut said: Vec<(usize, Vec<&str>)> = Vec::new();
    for token in entry.split(|c: char| c.is_whitespace() || c == ',' || c == ';').filter(|t| !t.is_empty()) {
        match (is_name(token), said.last_mut()) {
            (Some(p), _) => {
                if said.iter().any(|(q, _)| *q == p) {
                    return Err(EntryError::Twice { player: p });
                }
                said.push((p, Vec::new()));
            }
            (None, Some((_, w))) => w.push(token),
            (None, None) => match waiting.first() {
                Some(first) => said.push((*first, vec![token])),
                None => return Err(EntryError::NothingToAnswer { word: token.to_string(), player: 0 }),
            },
        }
    }
    if let Some((p, _)) = said.iter().find(|(p, _)| !waiting.contains(p)) {
        return Err(EntryError::NotWaiting { player: *p });
    }
    let mut g = game.clone();
    let mut steps = Vec::new();
    for p in waiting {
        let planned = match said.iter().find(|(q, _)| *q == p) {
            Some((_, w)) => plan(rules, &g, p, w, words, opts)?,
            None => {
                let Some((d, front)) = decision_of(rules, &g, p) else { continue };
                match usual(&d).filter(|_| !opts.ask_all) {
                    Some(choice) => {
                        let how = match forced(&d) {
                            Some((_, why)) => How::Forced(why),
                            None => How::Usual,
                        };
                        vec![step(rules, &mut g.clone(), p, front, d, choice, how)]
                    }
                    None => Vec::new(),
                }
            }
        };
        apply_steps(rules, &mut g, &planned);
        steps.extend(planned);
    }
    Ok(steps)
}

/// Whether the decision at the front is one everyone makes at the same moment, so that a
/// single entry answers it for all (`plan_together`): a shared die, an oyster boat.
pub fn together(d: &Decision) -> bool {
    matches!(d.ask, Ask::Use { shared: true, .. } | Ask::Oyster { .. })
}

/// A word of a roll entry that names no face, and the face word it may be a typo of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadFace {
    /// The word as typed.
    pub(crate) token: String,
    /// The nearest face word, if one is close.
    pub(crate) nearest: Option<String>,
}

/// The faces a roll entry names. Each word is a face, maybe with a count before it:
/// `2c l s` is cod, cod, lobster, shrimp; `3` or `$` alone is the 3-coins face. A face is
/// named by any of its `words` (its key, its names, its letter in the table's language),
/// whole or by a prefix only one face has. Every word that names no face is reported at
/// once, with the nearest face word. Whether the faces fit the roll is the engine's check
/// (`parse_faces`).
pub fn roll(
    rules: &FleetRules,
    typed: &str,
    words: &dyn Fn(super::game::Face) -> Vec<String>,
) -> Result<Vec<super::game::Face>, Vec<BadFace>> {
    use super::game::Face;
    let faces: Vec<Face> =
        Face::faces_of_kind(rules, true).into_iter().chain(Face::faces_of_kind(rules, false)).collect();
    let mut faces_unique: Vec<Face> = Vec::new();
    for f in faces {
        if !faces_unique.contains(&f) {
            faces_unique.push(f);
        }
    }
    let all: Vec<(Face, Vec<String>)> = faces_unique
        .iter()
        .map(|f| {
            let mut w: Vec<String> = words(*f).iter().map(|x| fold_word(x)).collect();
            w.push(fold_word(&f.key(rules)));
            (*f, w)
        })
        .collect();
    let coins = faces_unique.contains(&Face::Coins);
    let name = |word: &str| -> Option<Face> {
        if coins && (word == "$" || word == "3") {
            return Some(Face::Coins);
        }
        if let Some(f) = Face::parse(rules, word) {
            return Some(f);
        }
        if let Some((f, _)) = all.iter().find(|(_, w)| w.iter().any(|x| x == word)) {
            return Some(*f);
        }
        let starts: Vec<Face> =
            all.iter().filter(|(_, w)| w.iter().any(|x| x.starts_with(word))).map(|(f, _)| *f).collect();
        (starts.len() == 1).then(|| starts[0])
    };
    let mut out = Vec::new();
    let mut bad = Vec::new();
    for token in typed.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()) {
        let word = fold_word(token);
        // A whole word first (`3coins` is a face, not three of `coins`), then a count.
        let (count, face) = match name(&word) {
            Some(face) => (1, Some(face)),
            None => {
                let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
                let rest = &word[digits.len()..];
                match (digits.parse::<usize>(), rest.is_empty()) {
                    (Ok(n), false) if (1..=12).contains(&n) => (n, name(rest)),
                    _ => (1, None),
                }
            }
        };
        match face {
            Some(face) => out.extend(std::iter::repeat_n(face, count)),
            None => {
                let nearest = all
                    .iter()
                    .flat_map(|(_, w)| w.iter())
                    .filter(|w| w.chars().count() > 2)
                    .map(|w| (crate::source::edit_distance(&word, w), w))
                    .filter(|(d, w)| *d <= 2 && *d < w.chars().count())
                    .min_by_key(|(d, _)| *d)
                    .map(|(_, w)| w.clone());
                bad.push(BadFace { token: token.to_string(), nearest });
            }
        }
    }
    if bad.is_empty() {
        Ok(out)
    } else {
        Err(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fleet::game::Face;

    fn rules() -> FleetRules {
        crate::games::fleet::precompiled::fleet().expect("the precompiled rules are fresh")
    }

    /// Words as the text layer gives them, for English tests: keys, ids and names.
    fn words(rules: &FleetRules) -> impl Fn(&Game, &Decision, &Choice) -> Vec<String> + '_ {
        move |g: &Game, _d: &Decision, c: &Choice| match *c {
            Choice::Die(f) => vec![
                f.key(rules).into_owned(),
                if f == Face::Coins { "$".into() } else { f.key(rules)[..1].to_string() },
            ],
            Choice::Mark { section, .. } | Choice::Section { section, .. } => vec![rules.sections[section].id.clone()],
            Choice::Player(p) => vec![g.players[p].name.clone()],
            _ => Vec::new(),
        }
    }

    /// Ann and Bob after the start dice (Ann cod, Bob lobster), Ann starting, and a boat
    /// roll of `faces`.
    fn game(rules: &FleetRules, faces: &[&str]) -> Game {
        let mut g = Game::new(rules, &["Ann".to_string(), "Bob".to_string()], Default::default());
        for k in ["cod", "lobster", "Ann"] {
            g.apply(rules, &Input::Choice(k.into())).unwrap();
        }
        g.apply(rules, &Input::Roll { faces: faces.iter().map(|f| f.to_string()).collect(), digital: false }).unwrap();
        g
    }

    fn inputs(steps: &[Step]) -> Vec<(Option<usize>, String, How)> {
        steps
            .iter()
            .map(|s| match &s.input {
                Input::Choice(k) => (s.by, k.clone(), s.how),
                Input::Roll { faces, .. } => (s.by, faces.join(" "), s.how),
            })
            .collect()
    }

    #[test]
    fn a_pick_said_alone_gets_its_usual_use_and_more_words_answer_what_follows() {
        let r = rules();
        let w = words(&r);
        let g = game(&r, &["cod", "shrimp", "oyster"]);
        let plan = |entry: &[&str]| plan(&r, &g, 0, entry, &w, Entries::default());
        assert_eq!(
            inputs(&plan(&["c"]).unwrap()),
            [(None, "cod".into(), How::Typed), (None, "mark".into(), How::Usual)]
        );
        assert_eq!(
            inputs(&plan(&["cod", "coin"]).unwrap()),
            [(None, "cod".into(), How::Typed), (None, "coin".into(), How::Typed)]
        );
        // `--ask-all`: the pick only.
        let asked = super::plan(&r, &g, 0, &["c"], &w, Entries { ask_all: true }).unwrap();
        assert_eq!(inputs(&asked), [(None, "cod".into(), How::Typed)]);
        // A typo is told with the word it may have meant; words left over are refused.
        match plan(&["cdo"]).unwrap_err() {
            EntryError::Unknown { word, nearest, .. } => {
                assert_eq!((word.as_str(), nearest.as_deref()), ("cdo", Some("cod")))
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(plan(&["c", "mark", "x"]).unwrap_err(), EntryError::NothingToAnswer { player: 0, .. }));
    }

    #[test]
    fn identical_dice_and_the_three_coins_face_are_forced() {
        let r = rules();
        let w = words(&r);
        let mut g = game(&r, &["cod", "coins", "coins"]);
        g.apply(&r, &Input::Choice("cod".into())).unwrap();
        g.apply(&r, &Input::Choice("mark".into())).unwrap();
        // Bob: two 3-coins dice left, and the 3-coins face against "1 coin instead".
        let pick = g.decision(&r).unwrap();
        assert_eq!(forced(&pick).map(|(_, why)| why), Some(Forced::Only));
        let steps = plan(&r, &g, 1, &[], &w, Entries::default()).unwrap();
        assert_eq!(
            inputs(&steps),
            [(None, "coins".into(), How::Forced(Forced::Only)), (None, "coins".into(), How::Forced(Forced::Better))]
        );
        assert!(plan(&r, &g, 1, &[], &w, Entries { ask_all: true }).unwrap().is_empty(), "--ask-all asks");
    }

    #[test]
    fn the_shared_die_in_one_entry_for_everyone() {
        let r = rules();
        let w = words(&r);
        let mut g = game(&r, &["cod", "shrimp", "lobster"]);
        for k in ["cod", "mark", "shrimp", "mark"] {
            g.apply(&r, &Input::Choice(k.into())).unwrap();
        }
        let d = g.decision(&r).unwrap();
        assert!(together(&d), "{d:?}");
        let all = |entry: &str| inputs(&plan_together(&r, &g, entry, &w, Entries::default()).unwrap());
        // Nothing typed: everyone marks the lobster column, in seat order.
        assert_eq!(all(""), [(None, "mark".into(), How::Usual), (None, "mark".into(), How::Usual)]);
        // Only the exceptions, by name (case ignored, or a prefix only one name has).
        assert_eq!(all("BOB coin"), [(None, "mark".into(), How::Usual), (None, "coin".into(), How::Typed)]);
        assert_eq!(all("an coin, bo coin"), [(None, "coin".into(), How::Typed), (None, "coin".into(), How::Typed)]);
        // Words before any name are the first waiting player's.
        assert_eq!(all("coin"), [(None, "coin".into(), How::Typed), (None, "mark".into(), How::Usual)]);
        assert!(matches!(
            plan_together(&r, &g, "bob coin bob mark", &w, Entries::default()),
            Err(EntryError::Twice { player: 1 })
        ));
    }

    #[test]
    fn the_last_pick_before_the_shared_die_leads_to_no_follow_up_whoever_starts() {
        let r = rules();
        for starts in ["Ann", "Bob"] {
            let mut g = Game::new(&r, &["Ann".to_string(), "Bob".to_string()], Default::default());
            for k in ["cod", "lobster", starts] {
                g.apply(&r, &Input::Choice(k.into())).unwrap();
            }
            let faces = ["cod", "shrimp", "lobster"].iter().map(|f| f.to_string()).collect();
            g.apply(&r, &Input::Roll { faces, digital: false }).unwrap();
            let first = g.decision(&r).unwrap().player.unwrap();
            let steps = plan_keys(&r, &g, first, &["cod"], Entries::default()).unwrap();
            assert!(!leads_on(&r, &g, first, &steps), "{starts} starts: the next pick is the other's");
            apply_steps(&r, &mut g, &steps);
            let last = 1 - first;
            let steps = plan_keys(&r, &g, last, &["shrimp", "mark"], Entries::default()).unwrap();
            let mut after = g.clone();
            apply_steps(&r, &mut after, &steps);
            assert!(
                decision_of(&r, &after, last).is_some(),
                "{starts} starts: the shared die is open for the last picker"
            );
            assert_eq!(follow_up(&r, &g, &after, last), None, "{starts} starts: the shared die is everyone's");
            // Links after a pick that leads nowhere are refused.
            let links = [vec!["shrimp", "mark"], vec!["mark"]];
            assert!(matches!(
                plan_links(&r, &g, last, &links, Entries::default()),
                Err(EntryError::NothingToAnswer { player, .. }) if player == last
            ));
        }
    }

    #[test]
    fn rolls_by_letters_and_counts_report_every_bad_word() {
        let r = rules();
        let words = |f: Face| vec![f.key(&r).into_owned()];
        let keys = |text: &str| {
            roll(&r, text, &words).map(|faces| faces.iter().map(|f| f.key(&r).into_owned()).collect::<Vec<_>>())
        };
        assert_eq!(keys("2cod lob $").unwrap(), ["cod", "cod", "lobster", "coins"]);
        assert_eq!(keys("3").unwrap(), ["coins"], "3 alone is the 3-coins face");
        assert_eq!(keys("3coins").unwrap(), ["coins"], "a whole word before a count");
        assert_eq!(keys("2harbor wharf").unwrap(), ["harbor", "harbor", "wharf"]);
        let bad = keys("cdo cod xyzzy lobstr").unwrap_err();
        assert_eq!(
            bad,
            [
                BadFace { token: "cdo".into(), nearest: Some("cod".into()) },
                BadFace { token: "xyzzy".into(), nearest: None },
                BadFace { token: "lobstr".into(), nearest: Some("lobster".into()) },
            ]
        );
    }
}
