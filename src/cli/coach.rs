//! `--coach N` at the table: after a person's answer, the advisor weighs the choice (with
//! a small budget) and, when it lost more than N expected points against the best answer,
//! one line says what the advisor preferred, in the pad's words, and what each was worth.

use crate::cli::commands::advise::PolicyArg;
use crate::games::fleet::advisor::review::weigh_since;
use crate::games::fleet::session::Session;
use crate::games::FleetRules;
use crate::text::advisor::coach_line;
use crate::text::Lang;

/// Playouts per answer when the coach weighs a choice.
pub(crate) const COACH_PLAYOUTS: u32 = 100;

/// The coach's lines for the `typed` answers of a person's act, the first of them
/// `session.inputs[from]` (what the table answered itself after them is not weighed): one
/// per choice that lost more than `threshold` expected points; none without `--coach`.
pub(crate) fn lines(
    rules: &FleetRules,
    session: &Session,
    (from, typed): (usize, usize),
    threshold: Option<f64>,
    lang: Lang,
) -> Vec<String> {
    let Some(threshold) = threshold else { return Vec::new() };
    let to = (from + typed).min(session.inputs.len());
    if from >= to {
        return Vec::new();
    }
    let settings = PolicyArg::Greedy.settings(COACH_PLAYOUTS, 0);
    let weighed = weigh_since(rules, &session.names, session.setup, &session.inputs, (from, to), &settings);
    weighed.iter().filter(|w| w.lost() > threshold).map(|w| coach_line(rules, w, lang)).collect()
}
