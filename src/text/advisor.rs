//! The advisor's answers in words: each answer as the table says it (at a pick, the die
//! and its use), the estimates as numbers a player reads, and the words around the tables
//! of `advise`, `review`, `selfplay` and `lab` (their columns and how the figures were
//! made; the tables themselves are laid out by the commands).

use crate::games::fleet::advisor::lab::WinRate;
use crate::games::fleet::advisor::review::{PlayerReview, Weighed};
use crate::games::fleet::advisor::selfplay::Seat;
use crate::games::fleet::advisor::{after_pick, Advice, Estimate, Policy, Settings};
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

/// Why the terminal's hint has no weighing: the table's advisor runs are all under way,
/// or the run stopped without one (`games::runs::NoRun`).
pub fn no_run(why: crate::games::runs::NoRun, lang: Lang) -> String {
    use crate::games::runs::NoRun;
    match why {
        NoRun::Busy => t!(lang, "cli.play.hint_busy"),
        NoRun::Failed => t!(lang, "cli.play.hint_failed"),
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
            best_points = decimal(w.best_points, 1, lang),
            chosen = answer_label(rules, game, advice, chosen, lang),
            chosen_points = decimal(w.chosen_points, 1, lang),
            lost = decimal(w.lost(), 1, lang)
        );
    }
    t!(
        lang,
        "cli.play.coach",
        name = game.players[advice.player].name.as_str(),
        best = answer_label(rules, game, advice, best, lang),
        best_points = decimal(w.best_points, 1, lang),
        best_win = chance(best.win, lang),
        chosen = answer_label(rules, game, advice, chosen, lang),
        chosen_points = decimal(w.chosen_points, 1, lang),
        chosen_win = chance(chosen.win, lang),
        lost = decimal(w.lost(), 1, lang)
    )
}

/// A hint's line for a button that asks a further question: the answer to it the figure
/// is for (`then oyster 1`).
pub fn hint_then(answer: &str, lang: Lang) -> String {
    t!(lang, "web.hint_then", answer = answer)
}

/// A hint's expected lead over the best other player with its standard error
/// (`lead +3.2 ± 1.5`), what aiming to win ranks by.
pub fn hint_lead(e: &Estimate, lang: Lang) -> String {
    let spread = decimal(e.lead_stderr.unwrap_or(0.0), 1, lang);
    t!(lang, "web.hint_lead", lead = t!(lang, "cli.advise.points", mean = lead(e, lang), stderr = spread))
}

/// The best answer in one line, with its chance to win where there is one (`Best:
/// swordfish → swordfish 4 (52 % to win, 113.8 ± 0.8 points expected)`): what a terminal's
/// hint ends with, so the answer stands just above the question asked again when a long
/// table has scrolled away.
pub fn best_line(rules: &FleetRules, game: &Game, advice: &Advice, lang: Lang) -> Option<String> {
    let e = advice.estimates.get(advice.best)?;
    let answer = answer_label(rules, game, advice, e, lang);
    let points = points(e, lang);
    Some(match e.win {
        Some(win) if game.players.len() > 1 => {
            t!(lang, "cli.advise.best_line_win", answer = answer, win = chance(Some(win), lang), points = points)
        }
        _ => t!(lang, "cli.advise.best_line", answer = answer, points = points),
    })
}

/// The expected points of an answer with its standard error (`43.2 ± 0.4`).
pub fn points(e: &Estimate, lang: Lang) -> String {
    mean(e.mean, e.stderr, lang)
}

/// A mean with its spread (`43.2 ± 0.4`).
pub fn mean(mean: f64, spread: f64, lang: Lang) -> String {
    t!(lang, "cli.advise.points", mean = decimal(mean, 1, lang), stderr = decimal(spread, 1, lang))
}

/// An expected lead over the best other player, signed (`+3.2`), or a dash (solo).
pub fn lead(e: &Estimate, lang: Lang) -> String {
    match e.lead {
        Some(l) => format!("{}{}", if l >= 0.0 { "+" } else { "−" }, decimal(l.abs(), 1, lang)),
        None => "—".to_string(),
    }
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
    let mut s = format!("{x:.places$}");
    // What rounds to zero is 0, not -0 (an empty sum of f64 is -0.0).
    if s.starts_with('-') && s[1..].chars().all(|c| c == '0' || c == '.') {
        s.remove(0);
    }
    match lang {
        Lang::En => s,
        Lang::De | Lang::Fr => s.replace('.', ","),
    }
}

/// A number with its sign (`+3.2`, `−1.0`).
fn signed(x: f64, lang: Lang) -> String {
    // What rounds to 0.0 is +0.0, not −0.0.
    if x >= -0.05 {
        format!("+{}", decimal(x.max(0.0), 1, lang))
    } else {
        format!("−{}", decimal(-x, 1, lang))
    }
}

/// The headings of `advise`'s table: the answer, its expected points, its chance to win
/// (not in a solo game), its expected lead (aiming to win) and the column of the best
/// answer's mark.
pub fn advice_columns(solo: bool, to_win: bool, lang: Lang) -> Vec<String> {
    let mut header = vec![t!(lang, "cli.advise.col_answer"), t!(lang, "cli.advise.col_points")];
    if !solo {
        header.push(t!(lang, "cli.advise.col_win"));
    }
    if to_win {
        header.push(t!(lang, "cli.advise.col_lead"));
    }
    header.push(String::new());
    header
}

/// The mark beside the best answer.
pub fn best(lang: Lang) -> String {
    t!(lang, "cli.advise.best")
}

/// How `advise`'s figures were made: playouts, policy, seed; or, where the rest of the
/// game was searched, that the figures are exact.
pub fn advice_how(settings: &Settings, exact: bool, lang: Lang) -> String {
    let policy = match settings.policy {
        Policy::Random => t!(lang, "cli.advise.policy_random"),
        Policy::Greedy => t!(lang, "cli.advise.policy_greedy"),
    };
    if exact {
        return t!(lang, "cli.advise.how_exact", policy = policy);
    }
    t!(lang, "cli.advise.how", n = settings.budget.playouts, policy = policy, seed = settings.seed)
}

/// One player's review: their score in its parts (start, luck, skill, edge, table,
/// noise), then the costliest of the first `top` decisions weighed, each with what the
/// advisor preferred. `name` is the player's.
pub fn review(rules: &FleetRules, name: &str, r: &PlayerReview, top: usize, lang: Lang) -> String {
    let mut out = review_player(name, r, lang) + "\n";
    for w in r.decisions.iter().take(top).filter(|w| w.lost() > 0.0) {
        out += &review_decision(rules, w, lang);
        out.push('\n');
    }
    out
}

/// One player's review in two lines, as the final screens of a served game show it (issue
/// #33 item 5): skill and luck, then the costliest decision with what the advisor preferred
/// (or that no choice lost points). The same words as `review`'s.
pub fn review_lines(rules: &FleetRules, name: &str, r: &PlayerReview, lang: Lang) -> [String; 2] {
    let costliest = match r.decisions.first().filter(|w| w.lost() > 0.0) {
        Some(w) => review_decision(rules, w, lang),
        None => t!(lang, "cli.review.none"),
    };
    let brief = t!(
        lang,
        "cli.review.brief",
        name = name,
        choices = choices(r.skill, lang).1,
        luck = signed(r.luck, lang),
        n = r.decisions.len()
    );
    [brief, costliest.trim().to_string()]
}

/// What the choices did, with the sign it takes in the sum: points lost (`−`), or, where
/// they beat the reference policy's own answers (skill below 0), points gained (`+`), never
/// "−35.2 points lost".
fn choices(skill: f64, lang: Lang) -> (&'static str, String) {
    if skill < -0.05 {
        ("+", t!(lang, "cli.review.choices_gained", points = decimal(-skill, 1, lang)))
    } else {
        ("−", t!(lang, "cli.review.choices_lost", points = decimal(skill.max(0.0), 1, lang)))
    }
}

/// A review's first line: the points lost to choices, the decisions weighed, the luck.
fn review_player(name: &str, r: &PlayerReview, lang: Lang) -> String {
    let (sign, choices) = choices(r.skill, lang);
    t!(
        lang,
        "cli.review.player",
        name = name,
        score = decimal(r.score, 1, lang),
        start = decimal(r.start, 1, lang),
        luck = signed(r.luck, lang),
        sign = sign,
        choices = choices,
        edge = signed(r.edge, lang),
        table = signed(r.table, lang),
        noise = signed(r.noise, lang),
        n = r.decisions.len()
    )
}

/// A decision of a review: when, the question, the answer given and the advisor's, and the
/// points it lost.
fn review_decision(rules: &FleetRules, w: &Weighed, lang: Lang) -> String {
    let chosen = answer_label(rules, &w.game, &w.advice, &w.advice.estimates[w.chosen], lang);
    let best = answer_label(rules, &w.game, &w.advice, &w.advice.estimates[w.advice.best], lang);
    t!(
        lang,
        "cli.review.decision",
        round = w.round,
        question = super::fleet::prompt(rules, &w.game, &w.advice.decision, lang),
        chosen = chosen,
        best = best,
        lost = decimal(w.lost(), 1, lang)
    )
}

/// How `review`'s figures were made.
pub fn review_how(playouts: u32, seed: u64, policy: Policy, lang: Lang) -> String {
    let policy = match policy {
        Policy::Random => t!(lang, "cli.advise.policy_random"),
        Policy::Greedy => t!(lang, "cli.advise.policy_greedy"),
    };
    t!(lang, "cli.review.how", n = playouts, seed = seed, policy = policy)
}

/// How a seat plays: random, greedy or the advisor.
pub fn plays(seat: &Seat, lang: Lang) -> String {
    match seat {
        Seat::Policy(Policy::Random) => t!(lang, "cli.selfplay.random"),
        Seat::Policy(Policy::Greedy) => t!(lang, "cli.selfplay.greedy"),
        Seat::Advisor(_) => t!(lang, "cli.selfplay.advisor"),
    }
}

/// The playouts per answer of the first advisor seat, if any seat is the advisor.
fn advisor_playouts(seats: &[Seat]) -> Option<u32> {
    seats.iter().find_map(|s| match s {
        Seat::Advisor(settings) => Some(settings.budget.playouts),
        Seat::Policy(_) => None,
    })
}

/// The headings of `selfplay`'s table: seat, how it plays, its mean score and (with
/// several seats) its wins.
pub fn selfplay_columns(seats: usize, lang: Lang) -> Vec<String> {
    let mut header =
        vec![t!(lang, "cli.selfplay.col_seat"), t!(lang, "cli.selfplay.col_plays"), t!(lang, "cli.selfplay.col_mean")];
    if seats > 1 {
        header.push(t!(lang, "cli.selfplay.col_wins"));
    }
    header
}

/// A seat's wins in `games` games, and their share (`12 (24 %)`).
pub fn selfplay_wins(wins: u32, games: u32, lang: Lang) -> String {
    let share = f64::from(wins) / f64::from(games.max(1));
    t!(lang, "cli.selfplay.wins", n = wins, share = chance(Some(share), lang))
}

/// How `selfplay`'s games were played: games, seed, the advisor's playouts, and how a
/// shared win counts where several seats play.
pub fn selfplay_how(games: u32, seed: u64, seats: &[Seat], lang: Lang) -> String {
    let how = match advisor_playouts(seats) {
        Some(playouts) => t!(lang, "cli.selfplay.how_advisor", games = games, seed = seed, playouts = playouts),
        None => t!(lang, "cli.selfplay.how", games = games, seed = seed),
    };
    let shared = if seats.len() > 1 { format!(" {}", t!(lang, "cli.selfplay.shared")) } else { String::new() };
    let to_win = seats.len() > 1
        && seats
            .iter()
            .any(|s| matches!(s, Seat::Advisor(settings) if settings.aim == crate::games::described::Aim::Win));
    let aim = if to_win { format!(" {}", t!(lang, "cli.selfplay.how_aim_win")) } else { String::new() };
    format!("{how}{aim}{shared}")
}

/// The headings of `lab`'s table: the variant, seat 1's mean score and (with several
/// seats) its wins.
pub fn lab_columns(players: u32, lang: Lang) -> Vec<String> {
    let mut header = vec![t!(lang, "cli.lab.col_variant"), t!(lang, "cli.selfplay.col_mean")];
    if players > 1 {
        header.push(t!(lang, "cli.lab.col_wins"));
    }
    header
}

/// The built-in rules as a variant of `lab`.
pub fn lab_built_in(lang: Lang) -> String {
    t!(lang, "cli.lab.built_in")
}

/// A named option's reading as a variant of `lab` (`casino_reroll = unlimited`).
pub fn lab_option(key: &str, value: &str, lang: Lang) -> String {
    t!(lang, "cli.lab.option", key = key, value = value)
}

/// A win rate with its 95% interval (`24 % (21 %–27 %)`).
pub fn lab_wins(w: &WinRate, lang: Lang) -> String {
    t!(
        lang,
        "cli.lab.win_rate",
        share = chance(Some(w.rate), lang),
        low = chance(Some(w.ci95.0), lang),
        high = chance(Some(w.ci95.1), lang)
    )
}

/// How `lab`'s games were played: games, seed, seats and how every seat plays.
pub fn lab_how(games: u32, seed: u64, players: u32, seat: &Seat, lang: Lang) -> String {
    let how = t!(lang, "cli.lab.how", games = games, seed = seed, players = players, policy = plays(seat, lang));
    let wins = if players > 1 { format!(" {}", t!(lang, "cli.lab.how_wins")) } else { String::new() };
    let advisor = match advisor_playouts(std::slice::from_ref(seat)) {
        Some(playouts) => format!(" {}", t!(lang, "cli.lab.how_advisor", playouts = playouts)),
        None => String::new(),
    };
    format!("{how}{wins}{advisor}")
}
