//! The advisor's answers in words: each answer as the table says it (at a pick, the die
//! and its use), the estimates as numbers a player reads, and selfplay's seats.

use crate::games::fleet::advisor::{after_pick, Advice, Estimate};
use crate::games::fleet::game::Game;
use crate::games::FleetRules;
use crate::t;
use crate::text::Lang;

/// An answer in words: the option, and at a pick the use of the die after it
/// (`cod → mark cod 3 (launch a boat)`).
pub fn answer_label(rules: &FleetRules, game: &Game, advice: &Advice, e: &Estimate, lang: Lang) -> String {
    let first = super::fleet::option_label(rules, game, &advice.decision, &e.answer.choice, lang);
    match (e.answer.then, after_pick(rules, game, advice, e)) {
        (Some((then, _)), Some((after, d))) => {
            let then = super::fleet::option_label(rules, &after, &d, &then, lang);
            t!(lang, "cli.advise.then", first = first, then = then)
        }
        _ => first,
    }
}

/// Why `hint` at the table has nothing to weigh: the game is over, a roll is asked, or
/// the question waits for another player.
pub fn nothing_to_weigh(why: crate::games::fleet::advisor::NoQuestion, game: &Game, lang: Lang) -> String {
    use crate::games::fleet::advisor::NoQuestion;
    match why {
        NoQuestion::Over => t!(lang, "cli.play.hint_over"),
        NoQuestion::Chance => t!(lang, "cli.play.hint_chance"),
        NoQuestion::NotWaiting(p) => t!(lang, "cli.play.hint_not_waiting", name = game.players[p].name.as_str()),
    }
}

/// The coach's line (`--coach N`) for a choice that lost points: what the advisor
/// preferred and what each was worth (in a solo game without the chances to win).
pub fn coach_line(rules: &FleetRules, w: &crate::games::fleet::advisor::review::Weighed, lang: Lang) -> String {
    let (advice, game) = (&w.advice, &w.game);
    let (best, chosen) = (&advice.estimates[advice.best], &advice.estimates[w.chosen]);
    if game.players.len() == 1 {
        return t!(
            lang,
            "cli.play.coach_solo",
            best = answer_label(rules, game, advice, best, lang),
            best_points = decimal(best.mean, 1, lang),
            chosen = answer_label(rules, game, advice, chosen, lang),
            chosen_points = decimal(chosen.mean, 1, lang),
            lost = decimal(w.lost(), 1, lang)
        );
    }
    t!(
        lang,
        "cli.play.coach",
        name = game.players[advice.player].name.as_str(),
        best = answer_label(rules, game, advice, best, lang),
        best_points = decimal(best.mean, 1, lang),
        best_win = chance(best.win, lang),
        chosen = answer_label(rules, game, advice, chosen, lang),
        chosen_points = decimal(chosen.mean, 1, lang),
        chosen_win = chance(chosen.win, lang),
        lost = decimal(w.lost(), 1, lang)
    )
}

/// The expected points of an answer with its standard error (`43.2 ± 0.4`).
pub fn points(e: &Estimate, lang: Lang) -> String {
    t!(lang, "cli.advise.points", mean = decimal(e.mean, 1, lang), stderr = decimal(e.stderr, 1, lang))
}

/// A chance as a percentage (`57 %`), or a dash where there is none (solo).
pub fn chance(p: Option<f64>, lang: Lang) -> String {
    match p {
        Some(p) => t!(lang, "cli.advise.percent", p = decimal(p * 100.0, 0, lang)),
        None => "—".to_string(),
    }
}

/// A number with `places` decimals, with the language's decimal sign.
pub fn decimal(x: f64, places: usize, lang: Lang) -> String {
    let s = format!("{x:.places$}");
    match lang {
        Lang::En => s,
        Lang::De | Lang::Fr => s.replace('.', ","),
    }
}
