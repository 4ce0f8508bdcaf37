//! The paper desk (`deckhand scan --serve`): a paper game's end on the phones. Each player
//! photographs their own pad on their phone's page (a file input that opens the camera);
//! the photo is read as `scan` reads it (`cli::commands::scan::identify`), the read pad is
//! drawn next to it with the boxes the reader was unsure of asked as questions, a tap on
//! any box corrects it (the sheet is written again, the check re-run and its findings
//! shown), and the dashboard shows each seat's pad and, once every pad is in and every
//! question answered, the final table.
//!
//! Seats are the players named with `--players` (each a page of its own), or, without
//! them, the pads as they come in (a pad's printed name, a blank pad "Player N"), with a
//! page for a new pad. The pages are plain HTML filled by `assets/desk.js`, which asks for
//! the seat's state after each change it makes and polls the dashboard's.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use axum::body::Body;
use axum::http::{header, HeaderMap, Method, StatusCode, Uri};
use axum::response::Response;
use serde::Deserialize;

use super::http::{self, error, html, json as json_reply, page};
use super::{conns, tokens};
use crate::cli::commands::scan;
use crate::games::Rules;
use crate::paper::layout::{Page, Payload};
use crate::paper::read::BoxReading;
use crate::paper::sheet;
use crate::report::html::escape;
use crate::report::Standings;
use crate::t;
use crate::text::serve::Declined;
use crate::text::Lang;

mod pages;
use pages::pad_svg;

/// One seat's pad as read and corrected.
struct Pad {
    payload: Payload,
    page: Page,
    read: Vec<BoxReading>,
    /// Per box: marked (Some(true)), empty (Some(false)), or still to ask.
    known: Vec<Option<bool>>,
    /// Per box: set on the phone (an answer or a correction), not as read.
    told: Vec<bool>,
    /// How the photo is named in messages.
    photo: String,
}

/// A seat: a player and their pad, once photographed.
struct Seat {
    name: String,
    /// The seat's own secret, in its page's address: only that page sends its photos and
    /// corrections.
    token: String,
    /// Its page was given out (claimed on the join page, or opened by its address): the
    /// join page offers it no more.
    given: bool,
    pad: Option<Pad>,
    /// The sheet file written for it (once every question is answered).
    file: Option<PathBuf>,
}

/// The desk: the game (settled by `--rules` or the first pad), the seats and where their
/// sheet files go.
pub struct Desk {
    lang: Lang,
    token: String,
    /// The players were named: the seats are fixed.
    fixed: bool,
    rules: Mutex<Option<Rules>>,
    /// What the game was taken from (the rules file, or the first photo), for messages.
    rules_from: Mutex<String>,
    seats: Mutex<Vec<Seat>>,
    /// Where the sheet files go.
    out: PathBuf,
    version: AtomicU64,
    changed: Condvar,
    waiting: Mutex<()>,
    conns: conns::Conns,
    /// Photos received and read at once: a photo is up to 40 MB and decodes to up to 50
    /// megapixels, so a table of phones sending together waits its turn rather than fill
    /// the memory.
    reading: tokio::sync::Semaphore,
    closing: AtomicBool,
}

/// Photos read at the same time (the machine's two cores).
const READ_AT_ONCE: usize = 2;

impl conns::Owner for Desk {
    fn conns(&self) -> &conns::Conns {
        &self.conns
    }
}

/// The state of a seat's pad as the dashboard lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PadState {
    /// No photo yet.
    Waiting,
    /// Read; this many boxes still to answer.
    Asking(usize),
    /// Read and answered.
    In,
}

impl Seat {
    fn new(name: String) -> Result<Seat, crate::Error> {
        Ok(Seat { name, token: token()?, given: false, pad: None, file: None })
    }
}

fn token() -> Result<String, crate::Error> {
    tokens::random_token().map_err(|e| crate::Error::Usage(crate::msg!("web.no_random", cause = e.to_string())))
}

impl Desk {
    /// A desk for `players` (empty: seats as pads come in), with the rules given (None:
    /// the first pad's game), writing the sheets into `out`.
    pub fn new(
        rules: Option<Rules>,
        rules_from: String,
        players: &[String],
        out: PathBuf,
        lang: Lang,
    ) -> Result<Desk, crate::Error> {
        let token = token()?;
        let seats = players.iter().map(|n| Seat::new(n.clone())).collect::<Result<_, _>>()?;
        Ok(Desk {
            lang,
            token,
            fixed: !players.is_empty(),
            rules: Mutex::new(rules),
            rules_from: Mutex::new(rules_from),
            seats: Mutex::new(seats),
            out,
            version: AtomicU64::new(1),
            changed: Condvar::new(),
            waiting: Mutex::new(()),
            conns: conns::Conns::new(conns::cap_for_file_limit()),
            reading: tokio::sync::Semaphore::new(READ_AT_ONCE),
            closing: AtomicBool::new(false),
        })
    }

    fn seats(&self) -> std::sync::MutexGuard<'_, Vec<Seat>> {
        self.seats.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The game, once settled (by the rules given or the first pad).
    pub fn rules(&self) -> Option<Rules> {
        self.rules.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// The game's address part (`/g/TOKEN`).
    pub fn base(&self) -> String {
        format!("/g/{}", self.token)
    }

    /// A seat's page, with its token.
    pub fn seat_path(&self, seat: usize) -> String {
        self.seats().get(seat).map(|s| self.path_of(seat, s)).unwrap_or_default()
    }

    fn path_of(&self, seat: usize, s: &Seat) -> String {
        format!("{}/pad/{seat}/{}", self.base(), s.token)
    }

    /// Whether `token` is the seat's own.
    fn seat_token(&self, seat: usize, token: &str) -> bool {
        self.seats().get(seat).is_some_and(|s| tokens::same(token, &s.token))
    }

    /// Claim a seat from the join page: its page's address the first time, None once
    /// given out.
    fn claim(&self, seat: usize) -> Option<String> {
        let mut seats = self.seats();
        let s = seats.get_mut(seat)?;
        if std::mem::replace(&mut s.given, true) {
            return None;
        }
        let path = self.path_of(seat, s);
        drop(seats);
        Some(path)
    }

    /// A seat's page was opened by its own address: the join page offers it no more.
    fn opened(&self, seat: usize) {
        if let Some(s) = self.seats().get_mut(seat) {
            s.given = true;
        }
    }

    /// The seats' names, in order.
    pub fn names(&self) -> Vec<String> {
        self.seats().iter().map(|s| s.name.clone()).collect()
    }

    /// How often anything changed.
    pub fn version(&self) -> u64 {
        self.version.load(Ordering::SeqCst)
    }

    fn bump(&self) {
        let _held = self.waiting.lock().unwrap_or_else(|p| p.into_inner());
        self.version.fetch_add(1, Ordering::SeqCst);
        self.changed.notify_all();
    }

    /// Wait until the version differs from `seen` or `timeout` passes; the version.
    pub fn wait_change(&self, seen: u64, timeout: std::time::Duration) -> u64 {
        let held = self.waiting.lock().unwrap_or_else(|p| p.into_inner());
        let _ = self.changed.wait_timeout_while(held, timeout, |_| self.version() == seen);
        self.version()
    }

    /// Each seat's pad state.
    pub fn pad_states(&self) -> Vec<PadState> {
        let rules = self.rules();
        self.seats()
            .iter()
            .map(|s| match (&s.pad, &rules) {
                (Some(p), Some(r)) => match questions(r, p).len() {
                    0 => PadState::In,
                    n => PadState::Asking(n),
                },
                _ => PadState::Waiting,
            })
            .collect()
    }

    /// Every pad is in and answered (with fixed seats, every seat's).
    pub fn complete(&self) -> bool {
        let states = self.pad_states();
        !states.is_empty() && states.iter().all(|s| *s == PadState::In)
    }

    /// The sheet files written, in seat order (every seat's, once complete).
    pub fn files(&self) -> Vec<PathBuf> {
        self.seats().iter().filter_map(|s| s.file.clone()).collect()
    }

    /// A photo sent from a seat's page (None: from the page of a new pad): read, the seat
    /// given its pad (a photo of a pad already in replaces it); the seat, or why not in the
    /// table's language.
    pub fn upload(&self, seat: Option<usize>, bytes: &[u8]) -> Result<usize, String> {
        // On a page of its own, the message opens a sentence.
        self.read_photo(seat, bytes).map_err(|e| crate::text::sentence(&e))
    }

    fn read_photo(&self, seat: Option<usize>, bytes: &[u8]) -> Result<usize, String> {
        let lang = self.lang;
        let say = |e: anyhow::Error| {
            crate::cli::error::message_of(e.as_ref(), lang).unwrap_or_else(|| Declined::Failed.text(lang))
        };
        let name = match seat {
            Some(s) => match self.seats().get(s) {
                Some(seat) => t!(lang, "paper.desk.photo_of", player = &seat.name),
                None => return Err(Declined::NotFound.text(lang)),
            },
            None => t!(lang, "paper.desk.photo"),
        };
        let img = scan::decode(bytes, &name).map_err(say)?;
        let mut rules = self.rules();
        let from = self.rules_from.lock().unwrap_or_else(|p| p.into_inner()).clone();
        let (payload, page, reading) = scan::identify(&img, &name, &mut rules, &from, lang).map_err(say)?;
        let rules = rules.expect("identify settles the rules");
        {
            let mut kept = self.rules.lock().unwrap_or_else(|p| p.into_inner());
            match &*kept {
                // Another phone's pad settled another game meanwhile.
                Some(r) if r.id() != rules.id() || r.fingerprint() != rules.fingerprint() => {
                    return Err(crate::msg!(
                        "paper.scan.other_game",
                        file = &name,
                        game = rules.id(),
                        first = &from,
                        expected = r.id()
                    )
                    .text(lang));
                }
                Some(_) => {}
                None => {
                    *kept = Some(rules.clone());
                    *self.rules_from.lock().unwrap_or_else(|p| p.into_inner()) = name.clone();
                }
            }
        }
        let mut seats = self.seats();
        let same_page = |s: &Seat| s.pad.as_ref().is_some_and(|p| p.payload.page == payload.page);
        let printed = payload.player.trim();
        let at = match seat {
            Some(s) => {
                if !printed.is_empty() && !printed_for(printed, &seats[s].name) {
                    return Err(t!(
                        lang,
                        "paper.desk.not_theirs",
                        file = &name,
                        printed = printed,
                        player = &seats[s].name
                    ));
                }
                s
            }
            // A pad already in is photographed again from its own seat's page: the page of
            // a new pad never replaces one.
            None => {
                match seats.iter().position(|s| same_page(s) || (!printed.is_empty() && printed_for(printed, &s.name)))
                {
                    Some(s) => return Err(t!(lang, "paper.desk.already_in", file = &name, player = &seats[s].name)),
                    None => {
                        let name = if printed.is_empty() {
                            t!(lang, "paper.scan.blank_player", n = seats.len() + 1)
                        } else {
                            printed.to_string()
                        };
                        let mut seat = Seat::new(name).map_err(|_| Declined::Failed.text(lang))?;
                        // The page that sent it is the seat's page from now on.
                        seat.given = true;
                        seats.push(seat);
                        seats.len() - 1
                    }
                }
            }
        };
        if let Some(other) = seats.iter().enumerate().find(|(i, s)| *i != at && same_page(s)) {
            let other = other.1.pad.as_ref().map(|p| p.photo.clone()).unwrap_or_default();
            return Err(
                crate::msg!("paper.scan.same_page", file = &name, other = other, page = &payload.page).text(lang)
            );
        }
        let known = scan::known(&reading);
        let n = page.boxes.len();
        let photo = t!(lang, "paper.desk.photo_of", player = &seats[at].name);
        seats[at].pad = Some(Pad { payload, page, read: reading.boxes, known, told: vec![false; n], photo });
        self.write_sheet(&rules, &mut seats[at]);
        drop(seats);
        self.bump();
        Ok(at)
    }

    /// A box set on a seat's page: marked or empty. False when there is no such box.
    pub fn set_box(&self, seat: usize, index: usize, marked: bool) -> bool {
        let Some(rules) = self.rules() else { return false };
        let mut seats = self.seats();
        let Some(s) = seats.get_mut(seat) else { return false };
        let Some(pad) = s.pad.as_mut() else { return false };
        if index >= pad.known.len() {
            return false;
        }
        pad.known[index] = Some(marked);
        pad.told[index] = true;
        self.write_sheet(&rules, s);
        drop(seats);
        self.bump();
        true
    }

    /// Write a seat's sheet file once nothing is left to ask (again after each correction);
    /// a pad whose marks cannot be one sheet (two bonuses) is not written.
    fn write_sheet(&self, rules: &Rules, seat: &mut Seat) {
        let Some(pad) = &seat.pad else { return };
        if !questions(rules, pad).is_empty() {
            return;
        }
        let Ok(text) = sheet_text(rules, pad, &seat.name, self.lang) else { return };
        let written = match &seat.file {
            Some(path) => crate::store::files::write_atomic(path, &text).map(|_| path.clone()),
            None => {
                // The folder is made with the first sheet (a game's own folder under `play
                // --paper` is not left empty when no pad came in).
                if !self.out.as_os_str().is_empty() {
                    let _ = std::fs::create_dir_all(&self.out);
                }
                let path = self.out.join(format!("{}.toml", crate::players::file_slug(&seat.name)));
                crate::store::files::write_sheet(&path, &text)
            }
        };
        if let Ok(path) = written {
            seat.file = Some(path);
        }
    }

    /// The sheets of the seats whose pads are in (unanswered boxes as empty), with their
    /// seat numbers.
    fn findings(&self, rules: &Rules, seats: &[Seat]) -> Vec<Vec<(String, Vec<String>)>> {
        let lang = self.lang;
        let mut out: Vec<Vec<(String, Vec<String>)>> = vec![Vec::new(); seats.len()];
        let read: Vec<(usize, &Pad)> =
            seats.iter().enumerate().filter_map(|(i, s)| s.pad.as_ref().map(|p| (i, p))).collect();
        if let Some(f) = rules.fleet() {
            let mut sheets = Vec::new();
            let mut at = Vec::new();
            for (i, p) in &read {
                match sheet::fleet_sheet(f, &p.page, &marks(p), &seats[*i].name) {
                    Ok(s) => {
                        sheets.push(s);
                        at.push(*i);
                    }
                    Err(_) => out[*i].push((t!(lang, "paper.desk.two_bonuses"), Vec::new())),
                }
            }
            for v in crate::games::fleet::check_game(f, &sheets) {
                if let Some(k) = sheets.iter().position(|s| s.player == v.player) {
                    let text = format!(
                        "{} {}",
                        crate::text::fleet_check::message(f, &v, lang),
                        crate::text::fleet_check::fix(f, &v, lang)
                    );
                    out[at[k]].push((text, v.boxes.clone()));
                }
            }
        } else if let Some(y) = rules.yacht() {
            for (i, p) in &read {
                let marked = marks(p);
                match sheet::yacht_sheet(&y.base, &p.page, &marked, &seats[*i].name) {
                    Ok(s) => {
                        for v in crate::games::yacht::check(&y.base, &s) {
                            let boxes = yacht_boxes(rules, &p.page, &marked, v.at);
                            out[*i].push((v.message(&y.base).text(lang), boxes));
                        }
                    }
                    Err(c) => out[*i].push((conflict_text(rules, c, lang), Vec::new())),
                }
            }
        } else if let Some(e) = rules.endgame() {
            let all = vec![true; e.sheet.inputs.len()];
            for (i, p) in &read {
                match sheet::endgame_sheet(e, &p.page, &marks(p), &seats[*i].name) {
                    Ok(s) => {
                        let inputs = s.inputs(e);
                        let players = Some(read.len() as u32);
                        for v in crate::games::endgame::eval::check_sheet_at(&e.sheet, &inputs, &all, players) {
                            out[*i].push((crate::text::endgame::message(&e.sheet, &v, lang), vec![v.id.clone()]));
                        }
                    }
                    Err(c) => out[*i].push((conflict_text(rules, c, lang), Vec::new())),
                }
            }
        }
        out
    }

    /// The final table once every pad is in, or why there is none yet (None: not complete).
    fn final_table(&self, rules: &Rules, seats: &[Seat]) -> Option<Result<Standings, String>> {
        let lang = self.lang;
        if !self.complete_in(rules, seats) {
            return None;
        }
        if let Err(e) = rules.check_table(seats.len(), &[]) {
            return Some(Err(crate::cli::error::Error::from(e).message(lang)));
        }
        if let Some(f) = rules.fleet() {
            let mut sheets = Vec::new();
            for s in seats {
                let p = s.pad.as_ref()?;
                match sheet::fleet_sheet(f, &p.page, &marks(p), &s.name) {
                    Ok(sheet) => sheets.push(sheet),
                    Err(_) => return Some(Err(t!(lang, "paper.desk.two_bonuses"))),
                }
            }
            let violations = crate::games::fleet::check_game(f, &sheets);
            let counts = crate::games::fleet::per_sheet(&sheets, &violations);
            let refs: Vec<&crate::games::fleet::Sheet> = sheets.iter().collect();
            return Some(Ok(crate::cli::score_check::fleet_standings(f, &refs, &counts, lang)));
        }
        if let Some(y) = rules.yacht() {
            // The five-dice sheets as their files say them, scored as `score` scores them.
            let mut files = Vec::new();
            for s in seats {
                let p = s.pad.as_ref()?;
                match sheet::yacht_sheet(&y.base, &p.page, &marks(p), &s.name) {
                    Ok(sheet) => files.push((
                        s.name.clone(),
                        crate::games::Source::new(
                            s.name.clone(),
                            crate::games::yacht::write_sheet(&y.id, &y.base, &sheet),
                        ),
                    )),
                    Err(c) => return Some(Err(conflict_text(rules, c, lang))),
                }
            }
            let paper = rules.game.compiled().paper()?;
            return Some(match paper.read(&files) {
                Ok(sheets) => Ok(crate::cli::score_check::standings_of(rules, sheets.as_ref(), lang)),
                Err(crate::games::paper::Unread::Together(m)) => Err(m.text(lang)),
                Err(crate::games::paper::Unread::Files(_)) => Err(Declined::Failed.text(lang)),
            });
        }
        let e = rules.endgame()?;
        let mut inputs = Vec::new();
        for s in seats {
            let p = s.pad.as_ref()?;
            match sheet::endgame_sheet(e, &p.page, &marks(p), &s.name) {
                Ok(sheet) => inputs.push((s.name.as_str(), sheet.inputs(e))),
                Err(c) => return Some(Err(conflict_text(rules, c, lang))),
            }
        }
        Some(Ok(crate::cli::endgame::standings(e, &inputs, lang)))
    }

    fn complete_in(&self, rules: &Rules, seats: &[Seat]) -> bool {
        !seats.is_empty() && seats.iter().all(|s| s.pad.as_ref().is_some_and(|p| questions(rules, p).is_empty()))
    }

    /// A seat's state for its page, as JSON.
    pub fn seat_view(&self, seat: usize) -> Option<String> {
        let lang = self.lang;
        let rules = self.rules();
        let seats = self.seats();
        let s = seats.get(seat)?;
        let mut view = serde_json::json!({
            "v": self.version(),
            "seat": seat,
            "player": s.name,
            "url": self.path_of(seat, s),
            "pad": null,
        });
        if let (Some(rules), Some(pad)) = (&rules, &s.pad) {
            let findings = self.findings(rules, &seats).swap_remove(seat);
            let bad: Vec<String> = findings.iter().flat_map(|(_, b)| b.clone()).collect();
            let asked = questions(rules, pad);
            let list: Vec<serde_json::Value> = asked
                .iter()
                .map(|q| {
                    let hint = crate::text::paper::hint(q.hint, lang);
                    serde_json::json!({
                        "i": q.box_index,
                        "what": scan::box_words(rules, &pad.page, q.box_index, lang),
                        "hint": hint,
                        "ink": pad.read.get(q.box_index).map_or(0, |b| (b.ink * 100.0).round() as u32),
                    })
                })
                .collect();
            let score = own_score(rules, pad, &s.name);
            view["pad"] = serde_json::json!({
                "svg": pad_svg(rules, pad, &bad),
                "questions": list,
                "findings": findings.iter().map(|(t, _)| t.clone()).collect::<Vec<_>>(),
                "file": s.file.as_ref().map(|f| f.display().to_string()),
                "score": score,
                "status": crate::text::sentence(&if asked.is_empty() {
                    t!(lang, "paper.desk.pad_in")
                } else {
                    t!(lang, "paper.desk.to_check", n = asked.len())
                }),
            });
        }
        Some(view.to_string())
    }

    /// The dashboard's state: each seat's pad, and the final table once every pad is in.
    pub fn dashboard_view(&self) -> String {
        let lang = self.lang;
        let rules = self.rules();
        let states = self.pad_states();
        let seats = self.seats();
        let mut list = String::new();
        for (s, state) in seats.iter().zip(&states) {
            let (class, said) = match state {
                PadState::Waiting => ("waiting", t!(lang, "paper.desk.waiting")),
                PadState::Asking(n) => ("asking", t!(lang, "paper.desk.to_check", n = *n)),
                PadState::In => ("in", t!(lang, "paper.desk.pad_in")),
            };
            let _ =
                write!(list, "<li class=\"{class}\"><b>{}</b> <span>{}</span></li>", escape(&s.name), escape(&said));
        }
        let result = match rules.as_ref().and_then(|r| self.final_table(r, &seats)) {
            Some(Ok(standings)) => {
                let headline =
                    standings.headline.clone().unwrap_or_else(|| crate::report::html::winner_line(&standings, lang));
                format!(
                    "<p class=\"win\">{}</p><div class=\"final-table\">{}</div>",
                    escape(&headline),
                    crate::report::html::fragment(&standings, lang)
                )
            }
            Some(Err(why)) => format!("<p class=\"notice\">{}</p>", escape(&why)),
            None => String::new(),
        };
        let game = rules.as_ref().map(|r| r.names().get(lang).to_string()).unwrap_or_default();
        serde_json::json!({ "v": self.version(), "game": game, "seats": list, "result": result }).to_string()
    }
}

/// A seat's points as its pad stands (None: its marks are not one sheet).
fn own_score(rules: &Rules, pad: &Pad, player: &str) -> Option<i64> {
    if let Some(f) = rules.fleet() {
        let s = sheet::fleet_sheet(f, &pad.page, &marks(pad), player).ok()?;
        return Some(i64::from(crate::games::fleet::score(f, &s).total));
    }
    if let Some(y) = rules.yacht() {
        let s = sheet::yacht_sheet(&y.base, &pad.page, &marks(pad), player).ok()?;
        return Some(crate::games::yacht::score_sheet(&y.base, &s).total);
    }
    let e = rules.endgame()?;
    let s = sheet::endgame_sheet(e, &pad.page, &marks(pad), player).ok()?;
    Some(crate::games::endgame::eval::evaluate(&e.sheet, &s.inputs(e)).total)
}

/// The boxes as marked so far (unanswered ones as empty).
fn marks(p: &Pad) -> Vec<bool> {
    p.known.iter().map(|k| k.unwrap_or(false)).collect()
}

fn questions(rules: &Rules, p: &Pad) -> Vec<sheet::Question> {
    match (rules.fleet(), rules.yacht()) {
        (Some(f), _) => sheet::fleet_questions(f, &p.page, &p.known),
        (_, Some(_)) => sheet::yacht_questions(&p.page, &p.known),
        _ => sheet::endgame_questions(&p.page, &p.known),
    }
}

/// The boxes of a five-dice pad a finding is about, by id: the bubbles marked in its box
/// (or its bonus), or the whole row when none is.
fn yacht_boxes(rules: &Rules, page: &Page, marked: &[bool], at: crate::games::yacht::At) -> Vec<String> {
    use crate::games::yacht::At;
    use crate::paper::layout::Target;
    let of = |i: usize| match (page.boxes[i].target, at) {
        (Target::Points { category, .. } | Target::PointsDigit { category, .. }, At::Box(c)) => category == c,
        (Target::UpperBonus { .. }, At::UpperBonus) | (Target::ExtraBonus { .. }, At::ExtraBonus) => true,
        _ => false,
    };
    let row: Vec<usize> = (0..page.boxes.len()).filter(|i| of(*i)).collect();
    let shown: Vec<usize> = row.iter().copied().filter(|i| marked[*i]).collect();
    let shown = if shown.is_empty() { row } else { shown };
    shown.into_iter().map(|i| scan::box_id(rules, page, i)).collect()
}

fn conflict_text(rules: &Rules, c: sheet::Conflict, lang: Lang) -> String {
    match c {
        sheet::Conflict::Bonuses => t!(lang, "paper.desk.two_bonuses"),
        sheet::Conflict::Digits(i) => {
            let input = rules.endgame().map(|e| e.sheet.inputs[i].name.get(lang).to_string()).unwrap_or_default();
            t!(lang, "paper.desk.two_digits", input = input)
        }
        sheet::Conflict::Points(i) => {
            let category = rules.yacht().map(|y| y.base.boxes[i].name.get(lang).to_string()).unwrap_or_default();
            t!(lang, "paper.desk.two_points", category = category)
        }
    }
}

/// A seat's sheet file, from its pad as answered.
fn sheet_text(rules: &Rules, pad: &Pad, player: &str, lang: Lang) -> Result<String, sheet::Conflict> {
    let marked = marks(pad);
    if let Some(f) = rules.fleet() {
        let s = sheet::fleet_sheet(f, &pad.page, &marked, player)?;
        return Ok(crate::text::sheet_file::write_fleet(f, &s, None, lang));
    }
    if let Some(y) = rules.yacht() {
        let s = sheet::yacht_sheet(&y.base, &pad.page, &marked, player)?;
        return Ok(crate::games::yacht::write_sheet(&y.id, &y.base, &s));
    }
    let e = rules.endgame().expect("pads are of Fleet, five-dice or end-game games");
    let s = sheet::endgame_sheet(e, &pad.page, &marked, player)?;
    Ok(crate::text::sheet_file::write_endgame(e, &s, lang))
}

/// A box set on a seat's page.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetBox {
    i: usize,
    marked: bool,
}

/// The desk's routes: the join page, each seat's page (its state, a photo, a box), a new
/// pad's page and photo, the dashboard and its state.
async fn route(
    desk: &Arc<Desk>,
    join_url: &str,
    method: &Method,
    uri: &Uri,
    headers: &HeaderMap,
    body: Body,
) -> Response {
    let lang = desk.lang;
    if *method == Method::POST && !http::from_our_pages(headers) {
        return error(StatusCode::FORBIDDEN, Declined::CrossSite.text(lang));
    }
    let parts: Vec<&str> = uri.path().split('/').filter(|p| !p.is_empty()).collect();
    let not_found = || error(StatusCode::NOT_FOUND, Declined::NotFound.text(lang));
    let method_error = || error(StatusCode::METHOD_NOT_ALLOWED, Declined::Method.text(lang));
    match parts.as_slice() {
        ["assets", name] if *method == Method::GET => match super::assets::get(name) {
            Some((content_type, bytes)) => page(StatusCode::OK, content_type, axum::body::Bytes::from_static(bytes)),
            None => not_found(),
        },
        ["g", game, rest @ ..] if tokens::same(game, &desk.token) => match (rest, method) {
            ([], &Method::GET) => html(desk.join_page(None)),
            (["dashboard"], &Method::GET) => html(desk.dashboard_page(join_url)),
            (["dashboard", "state"], &Method::GET) => page(StatusCode::OK, "application/json", desk.dashboard_view()),
            (["pad", "new"], &Method::GET) if !desk.fixed => html(desk.seat_page(None).unwrap_or_default()),
            (["pad", "new", "photo"], &Method::POST) if !desk.fixed => photo(desk, None, headers, body).await,
            // A tap on the join page: the seat's own address, once (a form's POST, so that no
            // link preview or prefetch takes a seat).
            (["claim", n], _) => {
                let Some(seat) = n.parse::<usize>().ok().filter(|s| *s < desk.names().len()) else {
                    return not_found();
                };
                if *method != Method::POST {
                    return method_error();
                }
                match desk.claim(seat) {
                    Some(path) => http::see_other(&path),
                    None => page(StatusCode::CONFLICT, "text/html; charset=utf-8", desk.join_page(Some(seat))),
                }
            }
            (["pad", n, token, action @ ..], _) if *n != "new" => {
                let Some(seat) = n.parse::<usize>().ok().filter(|s| *s < desk.names().len()) else {
                    return not_found();
                };
                // Only the seat's own page sends its photos and corrections.
                if !desk.seat_token(seat, token) {
                    let player = desk.names().swap_remove(seat);
                    let said = t!(lang, "paper.desk.wrong_seat", player = player);
                    if action.is_empty() && *method == Method::GET {
                        // A person opened the address: a page that says so.
                        let text = super::pages::message(&t!(lang, "paper.desk.title"), &said, lang);
                        return page(StatusCode::FORBIDDEN, "text/html; charset=utf-8", text);
                    }
                    return error(StatusCode::FORBIDDEN, said);
                }
                match (action, method) {
                    ([], &Method::GET) => {
                        desk.opened(seat);
                        html(desk.seat_page(Some(seat)).unwrap_or_default())
                    }
                    (["state"], &Method::GET) => match desk.seat_view(seat) {
                        Some(v) => page(StatusCode::OK, "application/json", v),
                        None => not_found(),
                    },
                    (["photo"], &Method::POST) => photo(desk, Some(seat), headers, body).await,
                    (["box"], &Method::POST) => {
                        let set: SetBox = match http::json_body(lang, headers, body).await {
                            Ok(s) => s,
                            Err(reply) => return reply,
                        };
                        let d = Arc::clone(desk);
                        match tokio::task::spawn_blocking(move || d.set_box(seat, set.i, set.marked)).await {
                            Ok(true) => match desk.seat_view(seat) {
                                Some(v) => page(StatusCode::OK, "application/json", v),
                                None => not_found(),
                            },
                            Ok(false) => error(StatusCode::BAD_REQUEST, Declined::BadBody.text(lang)),
                            Err(_) => error(StatusCode::INTERNAL_SERVER_ERROR, Declined::Failed.text(lang)),
                        }
                    }
                    ([] | ["state" | "photo" | "box"], _) => method_error(),
                    _ => not_found(),
                }
            }
            _ => not_found(),
        },
        _ => not_found(),
    }
}

/// A photo sent from a page: the raw body (JPEG or PNG), at most the photo bound; read off
/// the async threads. The seat's state, or why the photo could not be read.
async fn photo(desk: &Arc<Desk>, seat: Option<usize>, headers: &HeaderMap, body: Body) -> Response {
    let lang = desk.lang;
    let limit = crate::paper::photo::MAX_FILE_BYTES as usize;
    let too_large = || {
        let mb = crate::paper::photo::MAX_FILE_BYTES / (1024 * 1024);
        error(StatusCode::PAYLOAD_TOO_LARGE, t!(lang, "paper.desk.too_big", max = mb))
    };
    let announced = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if announced.is_some_and(|n| n > limit as u64) {
        return too_large();
    }
    let Ok(_turn) = desk.reading.acquire().await else {
        return error(StatusCode::SERVICE_UNAVAILABLE, Declined::Failed.text(lang));
    };
    let Ok(bytes) = axum::body::to_bytes(body, limit).await else { return too_large() };
    let d = Arc::clone(desk);
    match tokio::task::spawn_blocking(move || d.upload(seat, &bytes)).await {
        Ok(Ok(at)) => match desk.seat_view(at) {
            Some(v) => page(StatusCode::OK, "application/json", v),
            None => error(StatusCode::INTERNAL_SERVER_ERROR, Declined::Failed.text(lang)),
        },
        Ok(Err(why)) => json_reply(StatusCode::UNPROCESSABLE_ENTITY, serde_json::json!({ "error": why })),
        Err(_) => error(StatusCode::INTERNAL_SERVER_ERROR, Declined::Failed.text(lang)),
    }
}

/// The desk being served.
pub struct Serving {
    pub desk: Arc<Desk>,
    pub addr: std::net::SocketAddr,
    join_url: String,
    shutdown: tokio::sync::watch::Sender<bool>,
    stopped: std::sync::mpsc::Receiver<()>,
}

impl Serving {
    /// The address the phones open.
    pub fn join_url(&self) -> &str {
        &self.join_url
    }

    /// The dashboard's address.
    pub fn dashboard_url(&self) -> String {
        format!("{}{}/dashboard", super::origin(self.addr), self.desk.base())
    }

    /// Each seat's address.
    pub fn seat_urls(&self) -> Vec<String> {
        let origin = super::origin(self.addr);
        (0..self.desk.names().len()).map(|s| format!("{origin}{}", self.desk.seat_path(s))).collect()
    }

    /// Stop serving.
    pub fn stop(self) {
        self.desk.closing.store(true, Ordering::SeqCst);
        self.desk.bump();
        let _ = self.shutdown.send(true);
        let _ = self.stopped.recv_timeout(std::time::Duration::from_secs(2));
    }
}

/// Serve `desk` on `listener`: a small runtime on a thread of its own.
pub fn serve(listener: super::Listener, desk: Desk) -> Result<Serving, crate::Error> {
    let addr = listener.addr;
    let desk = Arc::new(desk);
    let join_url = format!("{}{}", super::origin(addr), desk.base());
    let state = (Arc::clone(&desk), join_url.clone());
    let app = axum::Router::new().fallback(handle).with_state(Arc::new(state));
    let (shutdown, stopped) = listener.run(app, Arc::clone(&desk))?;
    Ok(Serving { desk, addr, join_url, shutdown, stopped })
}

async fn handle(
    axum::extract::State(state): axum::extract::State<Arc<(Arc<Desk>, String)>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let (desk, join_url) = &*state;
    http::secure(route(desk, join_url, &method, &uri, &headers, body).await)
}

/// Whether a pad whose corner codes carry the name `printed` is `name`'s: the codes hold a
/// name as `pad::qr_player` cuts it (its first 30 bytes; a shorter name whole).
fn printed_for(printed: &str, name: &str) -> bool {
    printed.eq_ignore_ascii_case(crate::cli::commands::pad::qr_player(name.trim()).trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_read_pad_is_drawn_with_every_box_a_tap_target_in_its_state() {
        let rules = crate::games::built_in("fleet-dice").unwrap();
        let page =
            crate::cli::commands::pad::page_for(&rules, "<Ann>", "t-1", crate::paper::layout::Paper::A4, Lang::En)
                .unwrap();
        let n = page.boxes.len();
        let mut known = vec![Some(false); n];
        known[0] = Some(true);
        known[1] = None;
        let pad = Pad {
            payload: Payload {
                game: rules.id().into(),
                rules: rules.fingerprint(),
                layout: 1,
                page: "t-1".into(),
                corner: 0,
                paper: crate::paper::layout::Paper::A4,
                player: "<Ann>".into(),
            },
            read: vec![],
            told: (0..n).map(|i| i == 2).collect(),
            known,
            page,
            photo: String::new(),
        };
        let svg = pad_svg(&rules, &pad, &[]);
        assert_eq!(svg.matches("class=\"pb ").count(), n, "every box a target");
        assert!(svg.contains("class=\"pb m\" data-i=\"0\""), "{}", &svg[..400]);
        assert!(svg.contains("class=\"pb q\" data-i=\"1\""));
        assert!(svg.contains("class=\"pb e t\" data-i=\"2\""));
        assert!(svg.contains("&lt;Ann&gt;") && !svg.contains("<Ann>"), "names escaped");
    }
}
