//! What a screen shows, as JSON pushed to it: a seat's view (its sheet, the roll, whose
//! turn, its decision with the legal options, undo) and the dashboard's (every sheet, the
//! scores, the roll, whose turn, the final table). Texts are rendered here, in the table's
//! language, from the engine's values; the page only places them.

use serde::Serialize;

use super::state::Served;
use super::Frame;
use crate::games::fleet::advisor::{after_pick, Advice, Aim, Estimate};
use crate::games::fleet::entry::{typed_keys, How, Step};
use crate::games::fleet::game::{Choice, Decision, Face, Game, Input};
use crate::games::fleet::table::{Ahead, FleetTable, Offer, Slot};
use crate::games::fleet::Sheet;
use crate::games::table::Screen;
use crate::store::Journal;

/// The table as a view reads it.
type Table = FleetTable<Journal>;
use crate::report::{html, Standings};
use crate::text::fleet as fleet_text;

#[derive(Debug, Serialize)]
pub struct OptionView {
    pub key: String,
    pub label: String,
    /// What the option does (a building's effect, VP and boxes; a ship's; a license's
    /// bonus), as `help` says it at the terminal; None where the label says it all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    /// The box on the drawn sheet this answer marks (`SECTION-INDEX`, as the sheet's
    /// `data-box`), when it is the only answer that marks it: tapping the box answers.
    #[serde(rename = "box", skip_serializing_if = "Option::is_none")]
    pub mark: Option<String>,
    /// Choosing it leads to a follow-up question of the same seat, which the page asks at
    /// once (`ahead`) and sends with it as one answer.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub more: bool,
}

/// An answer the rules left no choice in, a link of the chain the page sends.
#[derive(Debug, Serialize)]
pub struct GivenView {
    pub key: String,
    pub label: String,
}

/// The follow-up question of a chain, asked on the page before anything is sent.
#[derive(Debug, Serialize)]
pub struct AheadView {
    /// Links the rules give after the one tapped, before the follow-up.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub given: Vec<GivenView>,
    pub prompt: String,
    pub options: Vec<OptionView>,
    /// The seat's sheet as the chain's links so far leave it.
    pub sheet: String,
}

#[derive(Debug, Serialize)]
pub struct FaceView {
    pub key: String,
    pub label: String,
    /// A face of the boat dice (else of the town die).
    pub boat: bool,
}

#[derive(Debug, Serialize)]
pub struct RollView {
    /// How many boat dice and town dice to enter.
    pub boat: u32,
    pub town: u32,
    pub faces: Vec<FaceView>,
}

#[derive(Debug, Serialize)]
pub struct DecisionView {
    /// The version it was offered at: sent back with the answer as the version the page
    /// saw, so an answer to a question answered or changed meanwhile is refused as stale.
    pub offer: u64,
    /// Answers the rules left no choice in before the question (the shared 3 coins before
    /// their star action): the first links of the chain the page sends, not asked.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub given: Vec<GivenView>,
    pub prompt: String,
    pub options: Vec<OptionView>,
    pub roll: Option<RollView>,
    /// Asked before the seat's turn (an early pick): its answer is held, not written, until
    /// the turns before it end.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub early: bool,
}

#[derive(Debug, Serialize)]
pub struct SeatView {
    /// The state's version (entries in the save); sent back with an undo.
    pub v: u64,
    pub seat: usize,
    pub player: String,
    pub round: String,
    /// Who decides what now, one line each.
    pub turn: Vec<String>,
    pub roll: String,
    pub decision: Option<DecisionView>,
    /// This seat made the last decision (or holds an early pick) and may take it back.
    pub undo: bool,
    /// The seat's early pick, held until the turn before it ends, in words.
    pub held: Option<String>,
    /// What the seat is told once (its early pick was dropped).
    pub note: Option<String>,
    pub sheet: String,
    pub log: Vec<String>,
    pub over: bool,
    /// The final table (HTML) once the game is over.
    pub result: String,
    /// Set when the host could not write the save and takes no more answers.
    pub stopped: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct SheetView {
    pub player: String,
    /// The sheet's head line (the player, coins, fish, income, full boats): what the
    /// dashboard shows of a sheet it does not draw.
    pub head: String,
    pub html: String,
}

#[derive(Debug, Serialize)]
pub struct DashboardView {
    pub v: u64,
    pub round: String,
    pub turn: Vec<String>,
    /// The player whose turn it is (the one player with a question open), whose sheet the
    /// dashboard shows first; None when several decide at once or nobody does.
    pub focus: Option<usize>,
    pub roll: String,
    pub sheets: Vec<SheetView>,
    /// The table so far (HTML), or the final one.
    pub scores: String,
    pub log: Vec<String>,
    pub over: bool,
    pub result: String,
    pub stopped: Option<String>,
}

fn round_line(served: &Served, t: &Table) -> String {
    crate::text::serve::round_line(&t.session().game, served.lang)
}

fn turn_lines(table: &Served, t: &Table) -> Vec<String> {
    let game = &t.session().game;
    // The same question of several players at once (the shared die, fishing) is one line
    // that names them all, so that a television's header stays one or two lines.
    let pending = game.pending(&table.rules);
    let mut groups: Vec<(&Decision, Vec<&str>)> = Vec::new();
    for d in pending.iter() {
        let name = d.player.map(|p| game.players[p].name.as_str());
        match (groups.iter_mut().find(|(g, _)| g.ask == d.ask && g.player.is_some()), name) {
            (Some((_, names)), Some(name)) => names.push(name),
            _ => groups.push((d, name.into_iter().collect())),
        }
    }
    groups
        .into_iter()
        .map(|(d, names)| match names.len() {
            0 | 1 => fleet_text::prompt(&table.rules, game, d, table.lang),
            _ => fleet_text::prompt_for(&table.rules, game, d, &names.join(", "), table.lang),
        })
        .collect()
}

fn roll_line(served: &Served, t: &Table) -> String {
    crate::text::serve::roll_line(&served.rules, &t.session().game, served.lang)
}

fn decision_view(table: &Served, t: &Table, offered: &Offer, asked: Option<&Ahead>) -> DecisionView {
    let (rules, game, lang) = (&table.rules, &t.session().game, table.lang);
    let d = &offered.decision;
    let roll = d.roll.map(|spec| {
        let faces = [true, false]
            .into_iter()
            .filter(|boat| if *boat { spec.boat > 0 } else { spec.town > 0 })
            .flat_map(|boat| {
                Face::faces_of_kind(rules, boat).into_iter().map(move |f| FaceView {
                    key: f.key(rules).into_owned(),
                    label: fleet_text::face_label(rules, f, lang),
                    boat,
                })
            })
            .collect();
        RollView { boat: spec.boat, town: spec.town, faces }
    });
    // A seat's own question as its page asks it (after what the rules give); a roll has
    // no answers to offer but its faces.
    let own = asked.filter(|a| !a.answers.is_empty());
    if let (Some(asked), Slot::Seat(seat)) = (own, offered.slot) {
        return DecisionView {
            offer: offered.since,
            given: given_views(table, asked),
            prompt: fleet_text::prompt(rules, &asked.game, &asked.decision, lang),
            options: answer_views(table, &asked.game, seat, &asked.answers),
            roll,
            early: offered.early,
        };
    }
    DecisionView {
        offer: offered.since,
        given: Vec::new(),
        prompt: fleet_text::prompt(rules, game, d, lang),
        options: options(table, t, offered),
        roll,
        early: false,
    }
}

/// The answers the rules gave before a page's question, in words.
fn given_views(table: &Served, asked: &Ahead) -> Vec<GivenView> {
    let mut g = asked.start.clone();
    asked
        .given
        .iter()
        .map(|steps| {
            let label = steps
                .iter()
                .map(|s| crate::text::fleet_entry::step_label(&table.rules, &g, s, table.lang))
                .collect::<Vec<_>>()
                .join(" → ");
            crate::games::fleet::entry::apply_steps(&table.rules, &mut g, steps);
            GivenView { key: typed_keys(steps).join(" "), label }
        })
        .collect()
}

/// The options of a decision as they are (the table's questions: who starts, a card
/// drawn); a seat's own question offers its answers in one go instead (`answer_views`).
fn options(table: &Served, t: &Table, offered: &Offer) -> Vec<OptionView> {
    let (rules, game, lang) = (&table.rules, &t.session().game, table.lang);
    let d = &offered.decision;
    let option = |o: &Choice| OptionView {
        key: o.key(rules, game).into_owned(),
        label: fleet_text::option_label(rules, game, d, o, lang),
        help: fleet_text::option_help(rules, game, d, o, lang),
        mark: box_of(o),
        more: false,
    };
    unique_boxes(d.options.iter().map(option).collect())
}

/// The views of a seat's answers in one go, on `game`: each labelled by its steps (`cod →
/// take 1 coin instead`), with the box it marks and whether it leads on to a follow-up the
/// page asks before sending.
fn answer_views(table: &Served, game: &Game, seat: usize, answers: &[(Vec<Step>, bool)]) -> Vec<OptionView> {
    unique_boxes(answers.iter().filter_map(|(steps, more)| answer_view(table, game, seat, steps, *more)).collect())
}

/// One answer of a seat as its page offers it (`answer_views`), None for steps without a
/// typed answer.
fn answer_view(table: &Served, game: &Game, seat: usize, steps: &[Step], more: bool) -> Option<OptionView> {
    let (rules, lang) = (&table.rules, table.lang);
    let keys = typed_keys(steps);
    let first = steps.iter().find(|s| s.how == How::Typed)?;
    let d = &first.decision;
    let choice = d.options.iter().find(|o| Some(o.key(rules, game).as_ref()) == keys.first().map(String::as_str))?;
    let after: Vec<String> = steps
        .iter()
        .skip_while(|s| !std::ptr::eq(*s, first))
        .skip(1)
        .filter(|s| s.decision.player == Some(seat))
        .map(|s| crate::text::fleet_entry::step_label(rules, game, s, lang))
        .collect();
    let mut label = fleet_text::option_label(rules, game, d, choice, lang);
    if !after.is_empty() {
        label = format!("{label} → {}", after.join(" → "));
    }
    Some(OptionView {
        key: keys.join(" "),
        label,
        help: fleet_text::option_help(rules, game, d, choice, lang),
        // The box the answer marks: the seat's first mark among its steps.
        mark: steps.iter().filter(|s| s.decision.player == Some(seat)).find_map(|s| {
            let Input::Choice(key) = &s.input else { return None };
            s.decision.options.iter().find(|o| o.key(rules, game) == *key).and_then(box_of)
        }),
        more,
    })
}

/// The question a seat's page asks now (its own, or its early pick), with its answers;
/// None when the page asks nothing of its own (another's question, a roll to tap in, a
/// question the rules alone answer).
pub(super) fn page_question(t: &Table, seat: usize) -> Option<Ahead> {
    t.offers(Screen::Seat(seat)).into_iter().find(|o| o.slot == Slot::Seat(seat))?;
    t.asked(seat).filter(|a| !a.answers.is_empty())
}

/// One line of a hint, as the page lists it: an answer the page offers (its button's key
/// and label), what the advisor makes of it, and how to go on where its button leads to a
/// further question.
#[derive(Debug, Serialize)]
pub struct HintLine {
    /// The key of the answer's button (`data-key`).
    pub key: String,
    /// The button's label.
    pub label: String,
    /// Where the button asks a further question: the advisor's answer to it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub then: Option<String>,
    /// Expected points ± one standard error (`43.2 ± 0.4`).
    pub points: String,
    /// The chance to win (`57 %`; a dash in a solo game).
    pub win: String,
    /// Aiming to win (with other players): the expected lead over the best other player
    /// (`lead +3.2`), which ranks the lines.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lead: Option<String>,
    /// The best answer (the first line).
    pub best: bool,
    /// Not the best, but within the noise of the best: the two could swap places with
    /// more playouts.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub close: bool,
    /// The figures the line shows (for whoever reads the JSON).
    pub mean: f64,
    pub stderr: f64,
}

/// The advisor's hint at a seat's question as its page lists it (issue #33 item 4): one
/// line per button the page has — the answer that button sends, weighed — best first,
/// each with its spread, the answers within noise of the best marked. An answer the
/// advisor weighed that no button sends is left out; a button that leads to a further
/// question says which answer to it the figure is for.
pub fn hint(table: &Served, seat: usize, asked: &Ahead, advice: &Advice, version: u64) -> String {
    let lines = hint_lines(table, seat, asked, advice);
    serde_json::to_string(&serde_json::json!({ "v": version, "hint": lines })).expect("views serialise")
}

fn hint_lines(table: &Served, seat: usize, asked: &Ahead, advice: &Advice) -> Vec<HintLine> {
    let (rules, lang, game) = (&table.rules, table.lang, &asked.game);
    let mut weighed: Vec<(HintLine, &Estimate)> = Vec::new();
    for (steps, more) in &asked.answers {
        let Some(view) = answer_view(table, game, seat, steps, *more) else { continue };
        // The seat's answers the button sends: its first typed one, and the one after it
        // (a picked die's use).
        let mine: Vec<&Choice> = steps
            .iter()
            .skip_while(|s| s.how != How::Typed)
            .filter(|s| s.decision.player == Some(seat))
            .filter_map(|s| match &s.answer {
                crate::games::fleet::live::Answer::Option(c) => Some(c),
                crate::games::fleet::live::Answer::Roll(_) => None,
            })
            .collect();
        let Some(first) = mine.first() else { continue };
        let fits = |e: &&Estimate| {
            e.answer.choice == **first
                && match (e.answer.then, mine.get(1)) {
                    (Some((then, _)), Some(used)) => then == **used,
                    _ => true,
                }
        };
        let Some(e) = advice.estimates.iter().filter(fits).max_by(|a, b| a.cmp_for(b, advice.aim)) else {
            continue;
        };
        // A pick whose use the page asks after: the figure is for the advisor's use.
        let then = match (e.answer.then, mine.len()) {
            (Some((then, _)), 1) => after_pick(rules, game, advice, e).map(|(after, d)| {
                crate::text::advisor::hint_then(&fleet_text::option_label(rules, &after, &d, &then, lang), lang)
            }),
            _ => None,
        };
        let line = HintLine {
            key: view.key,
            label: view.label,
            then,
            points: crate::text::advisor::points(e, lang),
            win: crate::text::advisor::chance(e.win, lang),
            lead: (advice.aim == Aim::Win && e.lead.is_some()).then(|| crate::text::advisor::hint_lead(e, lang)),
            best: false,
            close: false,
            mean: e.mean,
            stderr: e.stderr,
        };
        weighed.push((line, e));
    }
    // Best first as the advice ranks them (the highest expected lead aiming to win, the
    // highest mean aiming at the score; then the chance to win), then the page's order.
    weighed.sort_by(|(_, a), (_, b)| b.cmp_for(a, advice.aim));
    let best = weighed.first().map(|(_, e)| **e);
    weighed
        .into_iter()
        .enumerate()
        .map(|(i, (mut line, e))| {
            line.best = i == 0;
            line.close = i > 0 && best.is_some_and(|b| within_noise(&b, e, advice.aim));
            line
        })
        .collect()
}

/// Whether two answers' estimates are within noise of each other in what `aim` maximises
/// (the expected score or lead): their difference is no more than twice its standard
/// error (about 95 % of the differences two equal answers would show).
pub fn within_noise(a: &Estimate, b: &Estimate, aim: Aim) -> bool {
    let ((a, a_err), (b, b_err)) = (a.key(aim), b.key(aim));
    (a - b).abs() <= 2.0 * (a_err * a_err + b_err * b_err).sqrt()
}

/// What a seat's page asks next in a chain, before sending (`Table::ahead`): the
/// follow-up's prompt and answers, and the seat's sheet as the chain so far leaves it.
pub fn ahead(table: &Served, seat: usize, ahead: &Ahead) -> String {
    let (rules, lang) = (&table.rules, table.lang);
    let view = AheadView {
        given: given_views(table, ahead),
        prompt: fleet_text::prompt(rules, &ahead.game, &ahead.decision, lang),
        options: answer_views(table, &ahead.game, seat, &ahead.answers),
        sheet: super::pages::sheet(rules, &ahead.game.players[seat].sheet, lang),
    };
    serde_json::to_string(&view).expect("views serialise")
}

/// The box a choice marks on the drawn sheet (`SECTION-INDEX`), if it marks one.
fn box_of(choice: &Choice) -> Option<String> {
    match *choice {
        Choice::Mark { section, index } | Choice::Section { section, index } => Some(format!("{section}-{index}")),
        _ => None,
    }
}

/// Only a box one answer marks answers by a tap: where several would mark it (a die's
/// column or the same column by a star action), the buttons say which.
fn unique_boxes(mut views: Vec<OptionView>) -> Vec<OptionView> {
    let boxes: Vec<Option<String>> = views.iter().map(|v| v.mark.clone()).collect();
    for v in &mut views {
        if v.mark.is_some() && boxes.iter().filter(|b| **b == v.mark).count() > 1 {
            v.mark = None;
        }
    }
    views
}

fn sheets(t: &Table) -> Vec<&Sheet> {
    t.session().game.players.iter().map(|p| &p.sheet).collect()
}

/// The final standings (with their headline: the winner, or a solo game's rating), once
/// the game is over.
pub(super) fn final_standings(table: &Served, game: &Game) -> Option<Standings> {
    if !game.finished() {
        return None;
    }
    let sheets: Vec<&Sheet> = game.players.iter().map(|p| &p.sheet).collect();
    let owned: Vec<Sheet> = sheets.iter().map(|s| (*s).clone()).collect();
    let violations = crate::games::fleet::check_game(&table.rules, &owned);
    let counts = crate::games::fleet::per_sheet(&owned, &violations);
    Some((table.standings)(&table.rules, &sheets, &counts, table.lang))
}

/// The final screen, once the game is over (empty before): the winner, the final table,
/// each player's review and the BG Stats block as far as they are known (the finale), and
/// the link to the final page.
fn result(table: &Served, frame: &Frame, t: &Table) -> String {
    match final_standings(table, &t.session().game) {
        Some(standings) => result_html(&standings, frame, table.lang),
        None => String::new(),
    }
}

/// A final screen as the pages show it: the winner (or the headline), the final table,
/// the finale, and the link to the final page.
pub(super) fn result_html(standings: &Standings, frame: &Frame, lang: crate::text::Lang) -> String {
    let headline = standings.headline.clone().unwrap_or_else(|| html::winner_line(standings, lang));
    format!(
        "<p class=\"win\">{}</p><div class=\"final-table\">{}</div>{}<p class=\"keep\"><a href=\"{}\" download>{}</a></p>",
        html::escape(&headline),
        html::fragment(standings, lang),
        frame.finale,
        html::escape(&frame.final_url),
        html::escape(&crate::text::serve::Label::FinalPage.text(lang))
    )
}

/// A seat's view, as JSON.
pub fn seat(table: &Served, frame: &Frame, t: &Table, log: &[String], seat: usize) -> String {
    let offered = t.offers(Screen::Seat(seat)).into_iter().next();
    let asked = offered.as_ref().filter(|o| o.slot == Slot::Seat(seat)).and_then(|_| t.asked(seat));
    // A seat's own question the rules alone answer is not asked (`page_question`).
    let offered = offered.filter(|o| o.slot != Slot::Seat(seat) || asked.is_some());
    let sheet = match &asked {
        Some(a) => &a.game.players[seat].sheet,
        None => &t.session().game.players[seat].sheet,
    };
    let view = SeatView {
        v: t.version(),
        seat,
        player: table.names[seat].clone(),
        round: round_line(table, t),
        turn: turn_lines(table, t),
        roll: roll_line(table, t),
        decision: offered.as_ref().map(|o| decision_view(table, t, o, asked.as_ref())),
        undo: t.undo_reaches() == Some(Some(seat)) || t.holds(seat).is_some(),
        held: held(table, t, seat),
        note: t.dropped(seat).map(|shared| crate::text::fleet_entry::dropped(&table.names[seat], shared, table.lang)),
        sheet: super::pages::sheet(&table.rules, sheet, table.lang),
        log: log.to_vec(),
        over: t.finished(),
        result: result(table, frame, t),
        stopped: t.stopped().map(|e| e.message(table.lang)),
    };
    serde_json::to_string(&view).expect("views serialise")
}

/// A seat's early pick (or use of the shared die) as its page shows it while held: its
/// answers, after whose turn.
fn held(table: &Served, t: &Table, seat: usize) -> Option<String> {
    let links = t.holds(seat)?;
    let front = t.session().game.decision(&table.rules);
    let after = front.and_then(|d| d.player).map(|p| table.names[p].as_str())?;
    let answer: Vec<String> = match t.held_steps(seat) {
        Some((game, steps)) => steps
            .iter()
            .filter(|s| s.decision.player == Some(seat))
            .map(|s| crate::text::fleet_entry::step_label(&table.rules, &game, s, table.lang))
            .collect(),
        // An earlier pick is not known yet (its page's chain begins again): its keys.
        None => links.iter().map(|l| l.join(" ")).collect(),
    };
    let answer = answer.join(" → ");
    let shared = t.holds_shared(seat);
    Some(crate::text::serve::Label::Held { answer: &answer, after, shared }.text(table.lang))
}

/// The one player with a question open now, if there is one.
fn focus(table: &Served, t: &Table) -> Option<usize> {
    let mut players = t.session().game.pending(&table.rules).into_iter().filter_map(|d| d.player);
    let first = players.next()?;
    players.all(|p| p == first).then_some(first)
}

/// The dashboard's view, as JSON.
pub fn dashboard(table: &Served, frame: &Frame, t: &Table, log: &[String]) -> String {
    let all = sheets(t);
    let standings = (table.standings)(&table.rules, &all, &vec![0; all.len()], table.lang);
    let view = DashboardView {
        v: t.version(),
        round: round_line(table, t),
        turn: turn_lines(table, t),
        focus: focus(table, t),
        roll: roll_line(table, t),
        sheets: all
            .iter()
            .map(|s| SheetView {
                player: s.player.clone(),
                head: crate::text::pad::header(&table.rules, s, &s.player, table.lang),
                html: super::pages::sheet(&table.rules, s, table.lang),
            })
            .collect(),
        scores: html::running(&standings, table.lang),
        log: log.to_vec(),
        over: t.finished(),
        result: result(table, frame, t),
        stopped: t.stopped().map(|e| e.message(table.lang)),
    };
    serde_json::to_string(&view).expect("views serialise")
}
