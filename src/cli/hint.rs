//! `hint` at a question of a Fleet game: the advisor weighs every answer to the open
//! question — expected points ± one standard error, chance to win, the best marked — and
//! nothing is played or saved. The weighing is the table's (`advisor::hints`): asked once
//! per question and version, shared with the phones of a served game, a few runs at a time.

use crate::cli::commands::advise::table as answers_table;
use crate::games::fleet::advisor::Settings;
use crate::games::fleet::game::Decision;
use crate::games::runs::Ticket;
use crate::games::FleetRules;
use crate::serve::FleetShared;
use crate::text::Lang;

/// The advisor's view of `decision` (the question asked; None once the game is over) in
/// the game as `table` holds it, in words: a table of every answer, or why there is
/// nothing to weigh, or that the advisor is busy.
pub(crate) fn hint_text(table: &FleetShared, rules: &FleetRules, decision: Option<&Decision>, lang: Lang) -> String {
    let player = decision.and_then(|d| d.player);
    let (game, version, asked) = table.read(|t| {
        let (game, version) = (t.session().game.clone(), t.version());
        let asked = t.hints().ask(&game, player, version);
        (game, version, asked)
    });
    // Waited for after letting go of the table: the phones keep answering meanwhile. A
    // spinner shows once the weighing takes over a second (as the generic table's hint).
    let progress = super::progress::Progress::new(None, crate::t!(lang, "games.table.advice.thinking"), false, lang);
    let waited = asked.and_then(Ticket::wait);
    progress.finish();
    match waited {
        Ok(Ok(advice)) => {
            let table = answers_table(rules, &game, &advice, &Settings::hint(version), lang);
            let best = crate::text::advisor::best_line(rules, &game, &advice, lang);
            table.trim_end().lines().chain(best.as_deref()).collect::<Vec<_>>().join("\n")
        }
        Ok(Err(why)) => crate::text::advisor::nothing_to_weigh(why, &game, lang),
        Err(why) => crate::text::advisor::no_run(why, lang),
    }
}
