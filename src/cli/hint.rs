//! `hint` at a question of a Fleet game: the advisor weighs every answer to the open
//! question — expected points ± one standard error, chance to win, the best marked — and
//! nothing is played or saved.

use crate::cli::commands::advise::table;
use crate::games::fleet::advisor::{advise, Settings};
use crate::games::fleet::game::{Decision, Game};
use crate::games::FleetRules;
use crate::text::Lang;

/// The advisor's view of `decision` (the question asked; None once the game is over), in
/// words: a table of every answer, or why there is nothing to weigh.
pub(crate) fn hint_text(rules: &FleetRules, game: &Game, decision: Option<&Decision>, lang: Lang) -> String {
    let settings = Settings::hint(0);
    let player = decision.and_then(|d| d.player);
    match advise(rules, game, player, &settings) {
        Ok(advice) => table(rules, game, &advice, &settings, lang).trim_end().to_string(),
        Err(why) => crate::text::advisor::nothing_to_weigh(why, game, lang),
    }
}
