//! A described live game in words (`games::described`, played through the generic table
//! `games::table::any`): its messages said, what the table told, its refusals, a question's
//! answers as the terminal lists them, a sheet as lines, and the words typed answers are
//! matched against (every language). The generic terminal view and pages only pick what to
//! say.

use crate::games::described::{Advice, Advised, Form, Opt, Question, Sheet};
use crate::games::table::any::{Refused, Told, Words};
use crate::message::Message;
use crate::t;
use crate::text::Lang;

/// The words a typed line is matched against: a message in every language.
pub fn vocabulary() -> Words {
    Box::new(|m: &Message| Lang::ALL.into_iter().map(|l| m.text(l)).collect())
}

/// The labels of the keys of an answer to `question`: each option, item or face it names.
pub fn answer(question: &Question, keys: &[String], lang: Lang) -> String {
    let label = |key: &String| {
        question
            .forms
            .iter()
            .find_map(|form| match form {
                Form::One(opts) | Form::Faces { faces: opts, .. } => opts.iter().find(|o| &o.key == key),
                Form::Some { action, items } => std::iter::once(action).chain(items).find(|o| &o.key == key),
            })
            .map(|o| o.label.text(lang))
            .unwrap_or_else(|| key.clone())
    };
    keys.iter().map(label).collect::<Vec<_>>().join(" ")
}

/// What the table told, as lines: a page's answer as the player's (`Ann (phone): …`), then
/// what happened; an undo.
pub fn told(names: &[String], told: &Told, lang: Lang) -> Vec<String> {
    match told {
        Told::Answered { by, question, keys, happened, .. } => {
            let mut lines = Vec::new();
            if let Some(crate::games::table::Screen::Seat(s)) = by {
                let name = names.get(*s).map(String::as_str).unwrap_or_default();
                lines.push(t!(lang, "cli.entry.from_phone", name = name, answer = answer(question, keys, lang)));
            }
            lines.extend(happened.iter().map(|m| m.text(lang)));
            lines
        }
        Told::Undone { whose, rolls, bots } => {
            let answer = match whose.and_then(|s| names.get(s)) {
                Some(name) => t!(lang, "games.table.undone_answer_of", name = name),
                None => t!(lang, "games.table.undone_answer"),
            };
            vec![match (rolls, bots) {
                (0, _) => t!(lang, "games.table.undone", answer = answer),
                (n, false) => t!(lang, "games.table.undone_rolls", answer = answer, n = n),
                (n, true) => t!(lang, "games.table.undone_deckhand", answer = answer, n = n),
            }]
        }
    }
}

/// Why the generic table refused an answer or an undo, as a sentence, with the answers it
/// names (`stopped`: why the table stopped, when it did).
pub fn refused(
    names: &[String],
    r: &Refused,
    stopped: Option<&crate::games::live::AppendError>,
    lang: Lang,
) -> (String, Vec<String>) {
    let name = |p: usize| names.get(p).cloned().unwrap_or_default();
    match r {
        Refused::Stale => (t!(lang, "web.taken"), Vec::new()),
        Refused::Theirs(p) => (t!(lang, "web.not_yours", name = name(*p)), Vec::new()),
        Refused::Unknown(word, question) => (unknown(word, question, lang), keys(question)),
        Refused::Item(word, question) => {
            let text = match action_form(question) {
                Some((action, items)) => {
                    let items: Vec<String> = items.iter().map(|i| i.label.text(lang)).collect();
                    let example: Vec<String> =
                        std::iter::once(action.label.text(lang)).chain(items.iter().take(2).cloned()).collect();
                    t!(
                        lang,
                        "games.table.not_an_item",
                        word = word,
                        items = items.join(" "),
                        example = example.join(" ")
                    )
                }
                None => unknown(word, question, lang),
            };
            (text, keys(question))
        }
        Refused::ActionFirst(typed, question) => {
            let text = match action_form(question) {
                Some((action, _)) => {
                    t!(lang, "games.table.action_first", action = action.label.text(lang), typed = typed)
                }
                None => unknown(typed, question, lang),
            };
            (text, keys(question))
        }
        Refused::Ambiguous(typed, keys_of, question) => {
            // Each as the menu names it, with the word that starts so when it is another
            // language's (`Fives — 5 (Fünfer)`).
            let named: Vec<String> = (question.options())
                .filter_map(|o| {
                    let (_, word) = keys_of.iter().find(|(k, _)| *k == o.key)?;
                    let label = o.label.text(lang);
                    // (`typed` is folded already, as `read` reads it.)
                    Some(match crate::words::fold_word(&label).starts_with(typed.as_str()) {
                        true => label,
                        // (The word without the points a label shows after a dash.)
                        false => format!("{label} ({})", crate::words::label_name(word)),
                    })
                })
                .collect();
            (t!(lang, "games.table.ambiguous", word = typed, answers = named.join(", ")), keys(question))
        }
        Refused::Game(m) => (crate::text::sentence(&m.text(lang)), Vec::new()),
        Refused::NoUndo => (t!(lang, "cli.play.cannot_undo", why = t!(lang, "engine.undo_nothing")), Vec::new()),
        Refused::NotYourAnswer(whose) => {
            let whose = whose.map_or_else(|| t!(lang, "web.the_table"), name);
            (t!(lang, "web.undo_not_yours", name = whose), Vec::new())
        }
        Refused::Stopped => (stopped.map(|e| e.message(lang)).unwrap_or_default(), Vec::new()),
    }
}

/// That `word` answers nothing, with the answers in the table's words.
fn unknown(word: &str, question: &Question, lang: Lang) -> String {
    t!(lang, "games.table.unknown", word = word, answers = labels(question, lang).join(", "))
}

/// What `help` adds to the typing hint: the action typed alone (`keep`: no die kept, all
/// rolled again).
pub fn typing_help(question: &Question, lang: Lang) -> Option<String> {
    action_form(question).map(|(action, _)| t!(lang, "games.table.some_alone", action = action.label.text(lang)))
}

/// A question's action and its items (`keep` and the dice), if it takes one.
fn action_form(question: &Question) -> Option<(&Opt, &[Opt])> {
    question.forms.iter().find_map(|form| match form {
        Form::Some { action, items } => Some((action, items.as_slice())),
        _ => None,
    })
}

/// The keys a question takes: its options', an action's and its items', the faces'.
pub fn keys(question: &Question) -> Vec<String> {
    question
        .forms
        .iter()
        .flat_map(|form| match form {
            Form::One(opts) | Form::Faces { faces: opts, .. } => opts.iter().map(|o| o.key.clone()).collect::<Vec<_>>(),
            Form::Some { action, .. } => vec![action.key.clone()],
        })
        .collect()
}

/// The answers a question takes in the table's words, as a person reads them in a list:
/// its options', an action's (`keep`), the faces'.
pub fn labels(question: &Question, lang: Lang) -> Vec<String> {
    question
        .forms
        .iter()
        .flat_map(|form| match form {
            Form::One(opts) | Form::Faces { faces: opts, .. } => opts.iter().map(|o| o.label.text(lang)).collect(),
            Form::Some { action, .. } => vec![action.label.text(lang)],
        })
        .collect()
}

/// How a question is answered by typing, under its prompt: the action with its items
/// (`keep` and the dice), the faces of the dice to enter.
pub fn typing_hint(question: &Question, lang: Lang) -> Option<String> {
    let parts: Vec<String> = question
        .forms
        .iter()
        .filter_map(|form| match form {
            Form::One(_) => None,
            Form::Some { action, items } => {
                let items: Vec<String> = items.iter().map(|i| i.label.text(lang)).collect();
                Some(t!(lang, "games.table.type_some", action = action.label.text(lang), items = items.join(" ")))
            }
            Form::Faces { count, faces } => {
                let faces: Vec<String> = faces.iter().map(|f| f.label.text(lang)).collect();
                Some(t!(lang, "games.table.type_faces", n = count, faces = faces.join(" ")))
            }
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// A seat's sheet as lines: its player, then each row's words and what it holds.
pub fn sheet_lines(player: &str, sheet: &Sheet, lang: Lang) -> Vec<String> {
    sheets_lines(&[(player, sheet)], lang)
}

/// A game's sheets (one layout) as one table, as on the printed pad: the rows' words, then
/// a column per player under their name (one sheet: its player above it).
pub fn sheets_lines(together: &[(&str, &Sheet)], lang: Lang) -> Vec<String> {
    let Some((_, first)) = together.first() else { return Vec::new() };
    let labels: Vec<String> = first.rows.iter().map(|r| r.label.text(lang)).collect();
    let width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    // (One sheet: its values in four places, its name above the sheet.)
    let one = together.len() == 1;
    let columns: Vec<usize> =
        together.iter().map(|(name, _)| if one { 4 } else { name.chars().count().max(4) }).collect();
    let mut out = match together[..] {
        [(name, _)] => vec![name.to_string()],
        _ => {
            let names = together.iter().zip(&columns).map(|((name, _), w)| format!("  {name:>w$}"));
            vec![format!("  {:width$}{}", "", names.collect::<String>())]
        }
    };
    for (r, label) in labels.iter().enumerate() {
        let values = together.iter().zip(&columns).map(|((_, sheet), w)| {
            let value = sheet.rows[r].value.map(|v| v.to_string()).unwrap_or_else(|| "·".into());
            format!("  {value:>w$}")
        });
        out.push(format!("  {label:<width$}{}", values.collect::<String>()));
    }
    out
}

/// The coach's line (`--coach N`): what the advisor preferred to `chosen`, both in expected
/// points, and what the choice lost.
pub fn coach_line(name: &str, chosen: &Advised, best: &Advised, lang: Lang) -> String {
    use crate::text::advisor::decimal;
    t!(
        lang,
        "cli.play.coach_exact",
        name = name,
        best = best.label.text(lang),
        best_points = decimal(best.value, 2, lang),
        chosen = chosen.label.text(lang),
        chosen_points = decimal(chosen.value, 2, lang),
        lost = decimal(best.value - chosen.value, 2, lang)
    )
}

/// One weighed choice as a screen shows it: its words, its value, how far behind the best
/// it is (None: it is the best).
pub struct AdviceLine {
    /// The choice in words.
    pub label: String,
    /// Its value (`251.37`).
    pub value: String,
    /// `1.25 behind` (None for the best).
    pub behind: Option<String>,
}

/// The advisor's weighing as lines for a screen, best first: points to two places, chances
/// as percentages to one.
pub fn advice_lines(advice: &Advice, lang: Lang) -> Vec<AdviceLine> {
    use crate::games::described::Unit;
    use crate::text::advisor::decimal;
    let best = advice.choices.first().map_or(0.0, |c| c.value);
    (advice.choices.iter())
        .map(|c| {
            let diff = best - c.value;
            let (value, behind) = match advice.unit {
                Unit::Points => (
                    decimal(c.value, 2, lang),
                    (diff >= 0.005).then(|| t!(lang, "games.table.advice.behind", diff = decimal(diff, 2, lang))),
                ),
                Unit::Chance => (
                    t!(lang, "games.table.advice.percent", p = decimal(100.0 * c.value, 1, lang)),
                    (diff >= 0.0005)
                        .then(|| t!(lang, "games.table.advice.behind_chance", diff = decimal(100.0 * diff, 1, lang))),
                ),
            };
            AdviceLine { label: c.label.text(lang), value, behind }
        })
        .collect()
}

/// The advisor's weighing as the terminal prints it: a head, then one line per choice,
/// numbered, best first, each with its value and how far behind the best it is.
pub fn advice_text(advice: &Advice, lang: Lang) -> String {
    let lines = advice_lines(advice, lang);
    let width = lines.iter().map(|l| l.label.chars().count()).max().unwrap_or(0);
    let mut out = vec![t!(lang, "games.table.advice.head", measure = advice.measure.text(lang))];
    for (i, l) in lines.iter().enumerate() {
        let pad = " ".repeat(width - l.label.chars().count());
        let behind = l.behind.clone().unwrap_or_else(|| t!(lang, "games.table.advice.best"));
        out.push(format!("{:>3}. {}{pad}  {:>7}  {behind}", i + 1, l.label, l.value));
    }
    out.join("\n")
}

/// The best choice in one line (`Best: keep 3 3, roll the rest — Expected final score
/// 251.41`): what a terminal's hint ends with, so the answer stands just above the question
/// asked again when the whole list has scrolled away (None: nothing weighed).
pub fn advice_best_line(advice: &Advice, lang: Lang) -> Option<String> {
    let best = advice_lines(advice, lang).into_iter().next()?;
    Some(t!(
        lang,
        "games.table.advice.best_line",
        answer = best.label,
        measure = advice.measure.text(lang),
        value = best.value
    ))
}

/// A player's review in the two lines the final screens show: the expected points lost to
/// choices against optimal play, then the costliest decision (or that none lost any).
pub fn review_lines(name: &str, decisions: &[&crate::games::described::Reviewed], lang: Lang) -> [String; 2] {
    use crate::text::advisor::decimal;
    let first = review_head(name, decisions, lang);
    let costliest = decisions.iter().filter(|r| r.lost() >= 0.005).max_by(|a, b| a.lost().total_cmp(&b.lost()));
    let second = match costliest {
        Some(r) => t!(
            lang,
            "cli.review.exact_brief",
            question = r.question.text(lang),
            chosen = r.chosen.label.text(lang),
            best = r.best.label.text(lang),
            lost = decimal(r.lost(), 2, lang)
        ),
        None => t!(lang, "cli.review.none"),
    };
    [first, second.trim().to_string()]
}

/// A player's review's first line: the expected points lost to choices against optimal play,
/// over how many decisions, how many of them optimal.
fn review_head(name: &str, decisions: &[&crate::games::described::Reviewed], lang: Lang) -> String {
    let lost = crate::text::advisor::decimal(decisions.iter().map(|r| r.lost()).sum(), 2, lang);
    let optimal = decisions.iter().filter(|r| r.lost() < 0.005).count();
    t!(lang, "cli.review.exact_player", name = name, lost = lost, n = decisions.len(), optimal = optimal)
}

/// A player's decisions reviewed against the game's exact advisor, as the terminal prints
/// them: the total lost and how many decisions, then the `top` costliest (in game order).
/// Where the advisor plays to win, the chance of winning lost too, and the `top` costliest
/// in chance are listed as well, each with its chance beside its points.
pub fn review_text(name: &str, decisions: &[&crate::games::described::Reviewed], top: usize, lang: Lang) -> String {
    use crate::text::advisor::decimal;
    let mut lines = vec![review_head(name, decisions, lang)];
    let chances: Vec<f64> = decisions.iter().filter_map(|r| r.lost_chance()).collect();
    let to_win = !chances.is_empty();
    if to_win {
        lines.push(t!(
            lang,
            "cli.review.win_player",
            lost = decimal(100.0 * chances.iter().sum::<f64>(), 1, lang),
            n = chances.len(),
            best = chances.iter().filter(|c| **c < 0.0005).count()
        ));
    }
    // The `top` costliest in points, and in chance of winning.
    let costliest = |cost: &dyn Fn(&crate::games::described::Reviewed) -> f64, least: f64| {
        let mut c: Vec<&crate::games::described::Reviewed> =
            decisions.iter().copied().filter(|r| cost(r) >= least).collect();
        c.sort_by(|a, b| cost(b).total_cmp(&cost(a)));
        c.truncate(top);
        c
    };
    let mut costly = costliest(&|r| r.lost(), 0.005);
    costly.extend(costliest(&|r| r.lost_chance().unwrap_or(0.0), 0.0005));
    costly.sort_by_key(|r| r.entry);
    costly.dedup_by_key(|r| r.entry);
    if costly.is_empty() {
        lines.push(if to_win { t!(lang, "cli.review.none_win") } else { t!(lang, "cli.review.none") });
    }
    let percent = |p: f64| t!(lang, "games.table.advice.percent", p = decimal(100.0 * p, 1, lang));
    for r in costly {
        let (line, question, chosen) = (r.entry + 2, r.question.text(lang), r.chosen.label.text(lang));
        lines.push(match r.lost() >= 0.005 {
            true => t!(
                lang,
                "cli.review.exact_decision",
                line = line,
                question = question,
                chosen = chosen,
                chosen_value = decimal(r.chosen.value, 2, lang),
                best = r.best.label.text(lang),
                best_value = decimal(r.best.value, 2, lang),
                lost = decimal(r.lost(), 2, lang)
            ),
            false => t!(
                lang,
                "cli.review.exact_best",
                line = line,
                question = question,
                chosen = chosen,
                chosen_value = decimal(r.chosen.value, 2, lang)
            ),
        });
        let Some((mine, best)) = &r.to_win else { continue };
        let lost = best.value - mine.value;
        lines.push(match lost >= 0.0005 {
            true => t!(
                lang,
                "cli.review.win_decision",
                chosen_value = percent(mine.value),
                best = best.label.text(lang),
                best_value = percent(best.value),
                lost = decimal(100.0 * lost, 1, lang)
            ),
            false => t!(lang, "cli.review.win_best", chosen_value = percent(mine.value)),
        });
    }
    lines.join("\n") + "\n"
}
