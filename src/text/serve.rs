//! What a served game says (`play … --serve`): why a request or an answer was refused,
//! the words of the pages (join page, a seat's page, the dashboard, the script's words),
//! the lines above the pushed view (the round, the dice) and what the host's terminal
//! prints when it starts serving. The server (`serve/`, in the binary) only picks which.

use crate::games::fleet::game::{DicePhase, Game};
use crate::games::fleet::FleetRules;
use crate::t;
use crate::text::Lang;

/// Why the server declined a request (its address, method, body; the final page too early;
/// a hint with nothing to weigh). The table's own refusals are `games::fleet::table::Refused`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Declined {
    /// A POST that did not come from the game's own pages.
    CrossSite,
    /// An address that leads nowhere (asked by a page's script).
    NotFound,
    /// A method the address does not take.
    Method,
    /// The host could not run the change.
    Failed,
    /// The final page before the game is over.
    NotOver,
    /// A seat's address with another seat's token.
    WrongSeat,
    /// A body that is not JSON.
    NotJson,
    /// A body larger than this many bytes.
    TooLarge(usize),
    /// A body that is not an answer.
    BadBody,
    /// A hint asked for once the game is over.
    HintOver,
    /// A hint asked for with nothing to decide.
    HintNothing,
    /// A hint asked for while the table's advisor runs are all under way
    /// (`games::fleet::advisor::hints::AT_ONCE`).
    HintBusy,
    /// A hint whose advisor run stopped without a weighing.
    HintFailed,
}

impl Declined {
    /// The refusal in a language.
    pub fn text(&self, lang: Lang) -> String {
        match *self {
            Declined::CrossSite => t!(lang, "web.http.cross_site"),
            Declined::NotFound => t!(lang, "web.http.not_found"),
            Declined::Method => t!(lang, "web.http.method"),
            Declined::Failed => t!(lang, "web.http.failed"),
            Declined::NotOver => t!(lang, "web.http.not_over"),
            Declined::WrongSeat => t!(lang, "web.http.wrong_seat"),
            Declined::NotJson => t!(lang, "web.http.not_json"),
            Declined::TooLarge(n) => t!(lang, "web.http.too_large", n = n),
            Declined::BadBody => t!(lang, "web.http.bad_body"),
            Declined::HintOver => t!(lang, "web.hint_over"),
            Declined::HintNothing => t!(lang, "web.hint_nothing"),
            Declined::HintBusy => t!(lang, "web.hint_busy"),
            Declined::HintFailed => t!(lang, "web.hint_failed"),
        }
    }
}

/// The page of an address that leads nowhere: its title and its sentence.
pub fn nowhere(lang: Lang) -> (String, String) {
    (t!(lang, "web.http.nowhere_title"), t!(lang, "web.http.nowhere"))
}

/// The words of the pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Label<'a> {
    /// The join page's title.
    JoinTitle(&'a str),
    /// The join page's question.
    JoinPick,
    /// A seat whose page is open already.
    JoinTaken,
    /// The notice when the seat tapped was taken meanwhile.
    JoinTakenNote(&'a str),
    /// The link to the dashboard.
    DashboardLink,
    /// A seat's undo button.
    Undo,
    /// The dashboard's title.
    DashboardTitle(&'a str),
    /// The caption of the join address's QR code.
    ScanToJoin(&'a str),
    /// The heading of the log.
    Log,
    /// The link to the final table as a page.
    FinalPage,
    /// A seat's early pick (or early use of the shared die), held until the turn of the
    /// player named comes to an end.
    Held {
        /// The answer, in words.
        answer: &'a str,
        /// Whose turn is before it.
        after: &'a str,
        /// Whether it is the seat's use of the shared die (else its pick).
        shared: bool,
    },
}

impl Label<'_> {
    /// The words in a language.
    pub fn text(&self, lang: Lang) -> String {
        match *self {
            Label::JoinTitle(game) => t!(lang, "web.join_title", game = game),
            Label::JoinPick => t!(lang, "web.join_pick"),
            Label::JoinTaken => t!(lang, "web.join_taken"),
            Label::JoinTakenNote(player) => t!(lang, "web.join_taken_note", player = player),
            Label::DashboardLink => t!(lang, "web.dashboard_link"),
            Label::Undo => t!(lang, "web.undo"),
            Label::DashboardTitle(game) => t!(lang, "web.dashboard_title", game = game),
            Label::ScanToJoin(url) => t!(lang, "web.scan_to_join", url = url),
            Label::Log => t!(lang, "web.log"),
            Label::FinalPage => t!(lang, "web.final_page"),
            Label::Held { answer, after, shared: false } => t!(lang, "web.held", answer = answer, after = after),
            Label::Held { answer, after, shared: true } => {
                t!(lang, "web.held_shared", answer = answer, after = after)
            }
        }
    }
}

/// The words the pages' script shows, by the name of their data attribute.
pub fn script_words(lang: Lang) -> [(&'static str, String); 14] {
    [
        ("offline", t!(lang, "web.offline")),
        ("sending", t!(lang, "web.sending")),
        ("faces", t!(lang, "web.roll_faces")),
        ("clear", t!(lang, "web.roll_clear")),
        ("send-roll", t!(lang, "web.roll_send")),
        ("roll-auto", t!(lang, "web.roll_auto")),
        ("take-out", t!(lang, "web.roll_take_out")),
        ("back", t!(lang, "web.chain_back")),
        ("nothing", t!(lang, "web.nothing_to_decide")),
        ("tap-box", t!(lang, "web.tap_box")),
        ("hint", t!(lang, "web.hint")),
        ("thinking", t!(lang, "web.hint_thinking")),
        ("best", t!(lang, "web.hint_best")),
        ("close", t!(lang, "web.hint_close")),
    ]
}

/// Where the game stands: over, setting up, or the round.
pub fn round_line(game: &Game, lang: Lang) -> String {
    if game.finished() {
        t!(lang, "web.game_over")
    } else if game.round == 0 {
        t!(lang, "web.setup")
    } else {
        t!(lang, "web.round", round = game.round, rounds = game.rounds)
    }
}

/// The dice on the table (boat dice or town dice); empty when there are none.
pub fn roll_line(rules: &FleetRules, game: &Game, lang: Lang) -> String {
    if game.pool.is_empty() || game.finished() {
        return String::new();
    }
    let dice: Vec<String> = game.pool.iter().map(|f| super::fleet::face_label(rules, *f, lang)).collect();
    match game.phase {
        Some(DicePhase::Town) => t!(lang, "web.town_dice", dice = dice.join(", ")),
        _ => t!(lang, "web.boat_dice", dice = dice.join(", ")),
    }
}

/// What the host's terminal says about serving.
#[derive(Debug, Clone, Copy)]
pub enum Host<'a> {
    /// The join address, above its QR code.
    Serving(&'a str),
    /// A seat's own address.
    SeatLink {
        /// The player.
        name: &'a str,
        /// The seat's address.
        url: &'a str,
    },
    /// The dashboard's address.
    Dashboard(&'a str),
    /// Served on this computer only: how to serve the network, on this port.
    Loopback(u16),
    /// No terminal: the phones answer everything; how to continue this save.
    Headless(&'a std::path::Path),
    /// The final table written as a page.
    FinalWritten(&'a std::path::Path),
    /// The game is over; Enter stops serving.
    Over,
}

impl Host<'_> {
    /// The line in a language.
    pub fn text(&self, lang: Lang) -> String {
        match *self {
            Host::Serving(url) => t!(lang, "web.cli.serving", url = url),
            Host::SeatLink { name, url } => t!(lang, "web.cli.seat_link", name = name, url = url),
            Host::Dashboard(url) => t!(lang, "web.cli.dashboard", url = url),
            Host::Loopback(port) => t!(lang, "web.cli.loopback", port = port),
            Host::Headless(file) => t!(lang, "web.cli.headless", resume = crate::invocation::resume(file)),
            Host::FinalWritten(file) => t!(lang, "web.cli.final_written", file = file.display()),
            Host::Over => t!(lang, "web.cli.over"),
        }
    }
}
