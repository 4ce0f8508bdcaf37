//! Any described live game served to the phones without pages of its own: the library's
//! generic table (`games::table::any`) behind its lock, its questions as the pages' views
//! (options as buttons and as the boxes of the drawn sheet, dice to keep as toggles, dice to
//! enter as faces to tap) and its sheets as tables with a box per row. The same JSON shape
//! as Fleet's views, so the same script places them.

use std::sync::{Arc, Mutex};

use serde::Serialize;

use super::{Frame, Hosted, Rejected, Status};
use crate::games::described::{Form, Question, Sheet};
use crate::games::table::any::{AnyTable, Refused};
use crate::games::table::shared::Watched;
use crate::games::table::{Said, Screen, Shared};
use crate::report::html::{self, escape};
use crate::report::Standings;
use crate::store::Journal;
use crate::text::Lang;

/// The generic table of a game with its save, shared by the server and the terminal.
pub type AnyShared = Shared<AnyTable<Journal>>;

/// How many lines of what happened the pages show.
const LOG_LINES: usize = 30;

/// A described game's table as served.
pub struct AnyServed {
    /// The table behind its lock (the host terminal holds it too).
    pub shared: Arc<AnyShared>,
    /// The game's name in the table's language.
    pub game: String,
    pub lang: Lang,
    pub names: Vec<String>,
    /// Rendered views by (version, view).
    cache: Mutex<Vec<(u64, usize, Arc<String>)>>,
}

#[derive(Serialize)]
struct OptionView {
    key: String,
    label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    help: Option<String>,
    #[serde(rename = "box", skip_serializing_if = "Option::is_none")]
    mark: Option<String>,
    /// What tapping the box writes in it, shown faintly there.
    #[serde(skip_serializing_if = "Option::is_none")]
    fills: Option<String>,
}

#[derive(Serialize)]
struct FaceView {
    key: String,
    label: String,
    boat: bool,
}

#[derive(Serialize)]
struct RollView {
    boat: usize,
    town: usize,
    faces: Vec<FaceView>,
}

#[derive(Serialize)]
struct ItemView {
    key: String,
    label: String,
    on: bool,
}

#[derive(Serialize)]
struct KeepView {
    key: String,
    label: String,
    items: Vec<ItemView>,
}

#[derive(Serialize)]
struct DecisionView {
    offer: u64,
    prompt: String,
    options: Vec<OptionView>,
    roll: Option<RollView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    keep: Option<KeepView>,
}

#[derive(Serialize)]
struct SeatView {
    v: u64,
    seat: usize,
    player: String,
    round: String,
    turn: Vec<String>,
    roll: String,
    decision: Option<DecisionView>,
    undo: bool,
    held: Option<String>,
    note: Option<String>,
    sheet: String,
    log: Vec<String>,
    over: bool,
    result: String,
    stopped: Option<String>,
}

#[derive(Serialize)]
struct SheetView {
    player: String,
    /// What the dashboard shows of a sheet it does not draw: the player and the points.
    head: String,
    html: String,
}

#[derive(Serialize)]
struct DashboardView {
    v: u64,
    round: String,
    turn: Vec<String>,
    roll: String,
    sheets: Vec<SheetView>,
    /// The sheets are a row per box, narrower than Fleet's: more stand side by side.
    narrow: bool,
    /// The seat whose sheet comes first and stands out: the one a question waits for.
    #[serde(skip_serializing_if = "Option::is_none")]
    focus: Option<usize>,
    scores: String,
    log: Vec<String>,
    over: bool,
    result: String,
    stopped: Option<String>,
}

type Table = AnyTable<Journal>;

impl AnyServed {
    /// The served table of `shared` (a game called `game`, its seats `names`), said in `lang`.
    pub fn new(shared: Arc<AnyShared>, game: String, names: Vec<String>, lang: Lang) -> AnyServed {
        AnyServed { shared, game, lang, names, cache: Mutex::new(Vec::new()) }
    }

    fn rejected(&self, t: &Table, r: &Refused) -> Rejected {
        let (text, legal) = crate::text::described::refused(&self.names, r, t.stopped(), self.lang);
        let status = match r {
            Refused::Stopped => Status::Stopped,
            Refused::Theirs(_) => Status::Theirs,
            _ => Status::Conflict,
        };
        Rejected { status, text, legal }
    }

    /// The question as a page asks it.
    fn decision(&self, offer: u64, q: &Question) -> DecisionView {
        let lang = self.lang;
        let mut view = DecisionView { offer, prompt: q.prompt.text(lang), options: Vec::new(), roll: None, keep: None };
        for form in &q.forms {
            match form {
                Form::One(opts) => view.options.extend(opts.iter().map(|o| OptionView {
                    key: o.key.clone(),
                    label: o.label.text(lang),
                    help: o.help.as_ref().map(|h| h.text(lang)),
                    mark: o.mark.clone(),
                    fills: o.fills.clone(),
                })),
                Form::Some { action, items } => {
                    view.keep = Some(KeepView {
                        key: action.key.clone(),
                        label: action.label.text(lang),
                        items: items
                            .iter()
                            .map(|i| ItemView { key: i.key.clone(), label: i.label.text(lang), on: i.on })
                            .collect(),
                    })
                }
                Form::Faces { count, faces } => {
                    let faces = faces
                        .iter()
                        .map(|f| FaceView { key: f.key.clone(), label: f.label.text(lang), boat: true })
                        .collect();
                    view.roll = Some(RollView { boat: *count, town: 0, faces });
                }
            }
        }
        view
    }

    /// The final table (or the table so far).
    fn standings(&self, t: &Table) -> Standings {
        Standings::of_game(&self.game, &self.names, t.game(), self.lang)
    }

    /// A seat's sheet as a table, a row per box (`data-box`: the box an option fills).
    fn sheet_html(&self, player: &str, sheet: &Sheet) -> String {
        let mut out = format!("<div class=\"sheet-head\">{}</div><table class=\"rows\">", escape(player));
        for row in &sheet.rows {
            let value = row.value.map(|v| v.to_string()).unwrap_or_default();
            let at = row.key.as_ref().map(|k| format!(" data-box=\"{}\"", escape(k))).unwrap_or_default();
            let class = if row.key.is_none() { " class=\"sum\"" } else { "" };
            out.push_str(&format!(
                "<tr{class}><th>{}</th><td{at}>{}</td></tr>",
                escape(&row.label.text(self.lang)),
                escape(&value)
            ));
        }
        out.push_str("</table>");
        out
    }

    /// Every open question: each seat's, then the table's own.
    fn open_questions(&self, t: &Table) -> Vec<Question> {
        let game = t.game();
        (0..self.names.len()).flat_map(|s| game.questions(Some(s))).chain(game.questions(None)).collect()
    }

    /// The open questions' prompts, one line each.
    fn turn_lines(&self, open: &[Question]) -> Vec<String> {
        open.iter().map(|q| q.prompt.text(self.lang)).collect()
    }

    fn log(&self, told: &[&crate::games::table::any::Told]) -> Vec<String> {
        let mut lines: Vec<String> =
            told.iter().flat_map(|t| crate::text::described::told(&self.names, t, self.lang)).collect();
        lines.reverse();
        lines.truncate(LOG_LINES);
        lines
    }

    fn result(&self, t: &Table, frame: &Frame) -> String {
        match t.finished() {
            true => super::view::result_html(&self.standings(t), frame, self.lang),
            false => String::new(),
        }
    }

    fn seat_view(&self, t: &Table, log: Vec<String>, seat: usize, frame: &Frame) -> String {
        let offer = t.offers(Screen::Seat(seat)).into_iter().next();
        let view = SeatView {
            v: t.version(),
            seat,
            player: self.names[seat].clone(),
            round: String::new(),
            turn: self.turn_lines(&self.open_questions(t)),
            roll: String::new(),
            decision: offer.map(|o| self.decision(o.since, &o.question)),
            undo: t.undo_reaches() == Some(Some(seat)),
            held: None,
            note: None,
            sheet: self.sheet_html(&self.names[seat], &t.game().sheet(seat)),
            log,
            over: t.finished(),
            result: self.result(t, frame),
            stopped: t.stopped().map(|e| e.message(self.lang)),
        };
        serde_json::to_string(&view).expect("views serialise")
    }

    fn dashboard_view(&self, t: &Table, log: Vec<String>, frame: &Frame) -> String {
        let standings = self.standings(t);
        let points = |name: &str| standings.rows.iter().find(|r| r.player == name).map_or(0, |r| r.total);
        let open = self.open_questions(t);
        let view = DashboardView {
            v: t.version(),
            round: String::new(),
            turn: self.turn_lines(&open),
            roll: String::new(),
            sheets: (0..self.names.len())
                .map(|s| SheetView {
                    player: self.names[s].clone(),
                    head: crate::t!(
                        self.lang,
                        "web.sheet_head",
                        name = &self.names[s],
                        points = points(&self.names[s])
                    ),
                    html: self.sheet_html(&self.names[s], &t.game().sheet(s)),
                })
                .collect(),
            narrow: true,
            // The seat the first open question is about (the roller of the table's dice too).
            focus: open.iter().find_map(|q| q.seat),
            scores: html::running(&standings, self.lang),
            log,
            over: t.finished(),
            result: self.result(t, frame),
            stopped: t.stopped().map(|e| e.message(self.lang)),
        };
        serde_json::to_string(&view).expect("views serialise")
    }
}

impl Hosted for AnyServed {
    fn names(&self) -> &[String] {
        &self.names
    }

    fn deckhand_plays(&self, seat: usize) -> bool {
        self.shared.read(|t| t.plays(seat))
    }

    fn lang(&self) -> Lang {
        self.lang
    }

    fn watched(&self) -> &dyn Watched {
        &*self.shared
    }

    fn view(&self, seat: Option<usize>, frame: &Frame) -> (u64, Arc<String>) {
        let index = seat.unwrap_or(self.names.len());
        self.shared.read_with_told(crate::games::table::shared::KEPT, |t, told| {
            let version = t.version();
            let key = version + frame.generation;
            let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
            if let Some((_, _, json)) = cache.iter().find(|(v, i, _)| *v == key && *i == index) {
                return (version, Arc::clone(json));
            }
            let log = self.log(told.as_slice());
            let json = Arc::new(match seat {
                Some(s) => self.seat_view(t, log, s, frame),
                None => self.dashboard_view(t, log, frame),
            });
            cache.retain(|(v, _, _)| *v == key);
            cache.push((key, index, Arc::clone(&json)));
            (version, json)
        })
    }

    fn answer(&self, seat: usize, seen: u64, said: Said) -> Result<(), Rejected> {
        self.shared.change(|t| t.answer(Screen::Seat(seat), seen, said).map_err(|r| self.rejected(t, &r)))
    }

    fn ahead(&self, _seat: usize, _seen: u64, _links: &[Vec<String>]) -> Result<Option<String>, Rejected> {
        // No answer of a described game leads on to a follow-up asked on the page.
        Ok(None)
    }

    fn undo(&self, seat: usize, seen: u64) -> Result<(), Rejected> {
        self.shared.change(|t| t.undo(Screen::Seat(seat), seen).map_err(|r| self.rejected(t, &r)))
    }

    /// The game's advisor on the seat's open decision (`Described::advice`), weighed off
    /// the async threads (a table built the first time takes seconds): one line per
    /// choice, best first, each with its value and how far behind the best it is.
    fn hint(&self, seat: usize) -> super::HintReply<'_> {
        use crate::text::serve::Declined;
        let lang = self.lang;
        let (version, game) = self.shared.read(|t| (t.version(), t.game().boxed()));
        Box::pin(async move {
            let advice = tokio::task::spawn_blocking(move || game.advice(seat, crate::games::described::Aim::Win))
                .await
                .map_err(|_| Declined::HintFailed.text(lang))?;
            let advice = match advice {
                Some(Ok(advice)) => advice,
                Some(Err(why)) => return Err(why.text(lang)),
                None => return Err(Declined::HintNothing.text(lang)),
            };
            let lines = crate::text::described::advice_lines(&advice, lang);
            let hint: Vec<serde_json::Value> = (advice.choices.iter().zip(lines))
                .enumerate()
                .map(|(i, (c, l))| {
                    serde_json::json!({
                        "key": c.keys.join(" "),
                        "label": l.label,
                        "points": l.value,
                        "behind": l.behind,
                        "best": i == 0,
                    })
                })
                .collect();
            Ok(serde_json::to_string(&serde_json::json!({ "v": version, "hint": hint })).expect("views serialise"))
        })
    }

    fn final_standings(&self) -> Option<Standings> {
        self.shared.read(|t| t.finished().then(|| self.standings(t)))
    }
}
