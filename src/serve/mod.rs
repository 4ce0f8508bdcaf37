//! Serving a live game to the players' phones (`play … --serve`, `resume … --serve`): the
//! laptop stays the host and keeps the one save; every player opens their own seat's page
//! (their sheet, the roll, whose turn, their decisions as large buttons, undo) and a
//! television shows the dashboard. A front-end beside the terminal, above `report`, that
//! only translates HTTP into the calls of the library's table (`Hosted`):
//!
//! - `state` and `view` — Fleet's table as served (the library's `FleetTable` behind its
//!   lock, its views as JSON in the table's language); `generic` — any described game's.
//! - `http` — the routes (axum on a small tokio runtime), body limits, tokens, server-sent
//!   events.
//! - `pages` — the HTML shells and the sheet drawn like the pad.
//! - `tokens` — the game's and the seats' secret tokens, kept beside the save.
//! - `assets/` — the script and stylesheet, inside the binary.
//! - `desk` — `scan --serve`: a paper game's end on the phones (each pad photographed,
//!   read, corrected; the final table on the dashboard).

mod assets;
mod conns;
#[cfg(feature = "paper")]
pub mod desk;
pub mod generic;
pub mod http;
mod pages;
pub mod state;
mod streams;
pub mod tokens;
mod view;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

pub use state::{FleetShared, Served};
pub use tokens::Tokens;

use crate::games::table::shared::Watched;
use crate::games::table::Said;
use crate::report::Standings;
use crate::text::Lang;
use crate::Error;

/// The port when `--bind` names none.
pub const DEFAULT_PORT: u16 = 7373;

/// A served game's table as the server uses it: the library table's one door in HTTP's
/// terms (a seat, the version its page saw, what it said), its views as JSON in the
/// table's language, and its final table. Fleet's (`Served`) and any described game's
/// (`generic::AnyServed`).
pub trait Hosted: Send + Sync {
    /// The players' names, in seat order.
    fn names(&self) -> &[String];
    /// The table's language.
    fn lang(&self) -> Lang;
    /// Whether deckhand plays `seat` (`--bots`): it has no page to give out.
    fn deckhand_plays(&self, _seat: usize) -> bool {
        false
    }
    /// The shared table the pages wait on (`games::table::Shared`, whatever the game).
    fn watched(&self) -> &dyn Watched;
    /// The state's version (without the lock).
    fn version(&self) -> u64 {
        self.watched().version()
    }
    /// Wait until the version differs from `seen`, or `timeout` passes; the version.
    fn wait_change(&self, seen: u64, timeout: std::time::Duration) -> u64 {
        self.watched().wait_change(seen, timeout)
    }
    /// Wake every waiting screen (the host stops).
    fn notify(&self) {
        self.watched().notify();
    }
    /// A seat's view (None: the dashboard's) as JSON, with the table's version; `frame` is
    /// what it shows beyond the table (the final page's address, the finale).
    fn view(&self, seat: Option<usize>, frame: &Frame) -> (u64, Arc<String>);
    /// A seat's answer from its page, which saw version `seen`.
    fn answer(&self, seat: usize, seen: u64, said: Said) -> Result<(), Rejected>;
    /// What a seat's page asks after the first links of a chain, as JSON (None: the links
    /// end the chain).
    fn ahead(&self, seat: usize, seen: u64, links: &[Vec<String>]) -> Result<Option<String>, Rejected>;
    /// A seat's undo from its page, which saw version `seen`.
    fn undo(&self, seat: usize, seen: u64) -> Result<(), Rejected>;
    /// The advisor's weighing of a seat's open question, as the page lists it, or why not
    /// (nothing to weigh; the advisor busy): a future, so that a page waiting for a run
    /// under way holds no thread (`games::runs`).
    fn hint(&self, seat: usize) -> HintReply<'_>;
    /// The final table, once the game is over.
    fn final_standings(&self) -> Option<Standings>;
}

/// A hint as the page gets it (`Hosted::hint`): the JSON, or the refusal in the table's
/// language.
pub type HintReply<'a> = std::pin::Pin<Box<dyn std::future::Future<Output = Result<String, String>> + Send + 'a>>;

/// What a view shows beyond the table: the final page's address and the finale (each
/// player's review, the BG Stats block), with how often the finale changed (views are
/// rendered once per version of the table and of the finale).
pub struct Frame {
    /// The final page's address.
    pub final_url: String,
    /// The finale's blocks (HTML), empty before the game is over.
    pub finale: String,
    /// How often the finale changed.
    pub generation: u64,
}

/// The table's refusal of an answer, an ahead or an undo, as a page is told it: its HTTP
/// status, the sentence in the table's language and the legal answers it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected {
    /// How HTTP tells it apart.
    pub status: Status,
    /// The sentence.
    pub text: String,
    /// The legal answers, where the refusal names them.
    pub legal: Vec<String>,
}

/// A refusal's kind, as HTTP tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// The save could not be written: the table takes no more answers.
    Stopped,
    /// Another seat's question.
    Theirs,
    /// Anything else: nothing changed.
    Conflict,
}

/// `--bind ADDR[:PORT]`: an IP address, with the default port when none is given.
pub fn parse_bind(text: &str) -> Result<SocketAddr, Error> {
    let text = text.trim();
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok(addr);
    }
    let bare = text.trim_start_matches('[').trim_end_matches(']');
    bare.parse::<IpAddr>()
        .map(|ip| SocketAddr::new(ip, DEFAULT_PORT))
        .map_err(|_| Error::Usage(crate::msg!("web.bad_bind", bind = text)))
}

/// The address to bind when none is given: this computer only.
pub fn default_bind() -> SocketAddr {
    SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), DEFAULT_PORT)
}

/// What a served game knows besides its table.
pub struct Site {
    /// The table, shared with the host terminal.
    pub table: Box<dyn Hosted>,
    pub tokens: Tokens,
    game: String,
    /// The join address, absolute (for the QR code and the terminal).
    join_url: String,
    qr_svg: String,
    streams: streams::Streams,
    /// Per seat: its page was given out (claimed on the join page, or opened by its own
    /// address); the join page then offers it no more. Kept in the tokens file beside the
    /// save, so a restarted host does not give a seat out again; the host may release one.
    claimed: Vec<AtomicBool>,
    /// The save, beside which the tokens and the seats taken are kept.
    save: PathBuf,
    /// One writer of the seats taken at a time (the file is replaced whole).
    taken_file: std::sync::Mutex<()>,
    /// Open connections, capped below the file limit.
    conns: conns::Conns,
    /// What the final screens and the final page show below the table once the game is
    /// over: each player's review, the BG Stats block.
    finale: std::sync::Mutex<Finale>,
    /// How often the finale changed: added to the version the event streams push by, so
    /// every screen shows it.
    finale_changes: AtomicU64,
    /// The final page written beside the save (`write_final_page`), rewritten when the
    /// review comes in; held while it is written.
    final_file: std::sync::Mutex<Option<PathBuf>>,
    /// The table's version, for the event streams to wait on.
    changes: tokio::sync::watch::Sender<u64>,
    closing: AtomicBool,
}

impl Site {
    fn seat_path(&self, seat: usize) -> String {
        format!("/g/{}/seat/{seat}/{}", self.tokens.game, self.tokens.seats[seat])
    }

    fn final_url(&self) -> String {
        format!("/g/{}/final.html", self.tokens.game)
    }

    /// The view of a seat (or the dashboard), with the version it shows (the table's, and
    /// the changes of the finale after it).
    fn view(&self, seat: Option<usize>) -> (u64, Arc<String>) {
        let generation = self.finale_changes.load(Ordering::SeqCst);
        let frame = Frame { final_url: self.final_url(), finale: self.finale_blocks(), generation };
        let (version, json) = self.table.view(seat, &frame);
        (version + generation, json)
    }

    /// The finale as it stands (its blocks, in the order the screens show them).
    fn finale_blocks(&self) -> String {
        let finale = self.finale.lock().unwrap_or_else(|p| p.into_inner());
        [&finale.review, &finale.bgstats].into_iter().flatten().cloned().collect()
    }

    /// The finale changed: every screen is rendered (its views are cached by the finale's
    /// changes too) and pushed again.
    fn finale_changed(&self) {
        self.finale_changes.fetch_add(1, Ordering::SeqCst);
        self.changes.send_modify(|v| *v = v.wrapping_add(1));
    }

    /// The follow-up a seat's chain leads to after its first `links`, asked by a page that
    /// saw its question at version `seen`, as JSON for the page (`{"ahead": null}` when
    /// the links end the chain).
    fn ahead(&self, seat: usize, seen: u64, links: &[String]) -> Result<String, Rejected> {
        let links: Vec<Vec<String>> = links.iter().map(|l| l.split_whitespace().map(String::from).collect()).collect();
        let rendered = self.table.ahead(seat, seen, &links)?;
        Ok(format!("{{\"ahead\":{}}}", rendered.as_deref().unwrap_or("null")))
    }

    /// The join page; `taken`: the seat someone tapped was claimed meanwhile.
    fn join_page(&self, taken: Option<usize>) -> String {
        let seats: Vec<pages::JoinSeat> = (self.table.names().iter().enumerate())
            .filter(|(i, _)| !self.table.deckhand_plays(*i))
            .map(|(i, n)| pages::JoinSeat {
                name: n.clone(),
                claim: (!self.claimed[i].load(Ordering::SeqCst)).then(|| format!("/g/{}/claim/{i}", self.tokens.game)),
            })
            .collect();
        let dashboard = format!("/g/{}/dashboard", self.tokens.game);
        let taken = taken.map(|s| self.table.names()[s].as_str());
        pages::join(&self.game, &seats, taken, &dashboard, self.table.lang())
    }

    /// Claim a seat from the join page: its address the first time, None once taken. The
    /// seat is written down as taken before its address is given.
    fn claim(&self, seat: usize) -> Option<String> {
        if self.claimed[seat].swap(true, Ordering::SeqCst) {
            return None;
        }
        self.keep_taken();
        Some(self.seat_path(seat))
    }

    /// A seat's page was opened by its own address: the join page offers it no more.
    fn opened(&self, seat: usize) {
        if !self.claimed[seat].swap(true, Ordering::SeqCst) {
            self.keep_taken();
        }
    }

    /// The host gives a seat back to the join page (a player lost their phone): true when
    /// it was taken.
    pub fn release(&self, seat: usize) -> bool {
        let was = self.claimed.get(seat).is_some_and(|c| c.swap(false, Ordering::SeqCst));
        if was {
            self.keep_taken();
        }
        was
    }

    /// Whether a seat's page was given out.
    pub fn taken(&self, seat: usize) -> bool {
        self.claimed.get(seat).is_some_and(|c| c.load(Ordering::SeqCst))
    }

    /// Write the seats taken beside the save. A write that fails leaves the file as it
    /// was; the seats stay taken while this host runs.
    fn keep_taken(&self) {
        let _one = self.taken_file.lock().unwrap_or_else(|p| p.into_inner());
        let taken = (0..self.claimed.len()).filter(|s| self.claimed[*s].load(Ordering::SeqCst)).collect();
        let _ = Tokens { taken, ..self.tokens.clone() }.write_taken(&self.save);
    }

    fn seat_page(&self, seat: usize) -> String {
        let base = self.seat_path(seat);
        pages::seat(
            &self.game,
            &self.table.names()[seat],
            &format!("{base}/events"),
            &format!("{base}/answer"),
            &format!("{base}/undo"),
            self.table.lang(),
        )
    }

    fn dashboard_page(&self) -> String {
        let events = format!("/g/{}/dashboard/events", self.tokens.game);
        pages::dashboard(&self.game, &events, &self.join_url, &self.qr_svg, self.table.lang())
    }

    /// The final table as a page worth sharing, once the game is over, with what the
    /// finale holds so far (each player's review, the BG Stats block).
    pub fn final_page(&self) -> Option<String> {
        let standings = self.table.final_standings()?;
        let page = crate::report::html::page(&standings, &crate::report::html::today(), self.table.lang());
        let blocks = self.finale_blocks();
        Some(if blocks.is_empty() { page } else { crate::report::html::with_block(&page, &blocks) })
    }

    /// Write the final page beside the save (`path`, or the next free name beside it), once
    /// the game is over; it is written again, in place, when the review comes in.
    pub fn write_final_page(&self, path: &Path) -> Result<Option<PathBuf>, crate::store::StoreError> {
        let mut file = self.final_file.lock().unwrap_or_else(|p| p.into_inner());
        let Some(page) = self.final_page() else { return Ok(None) };
        let written = crate::store::files::write_sheet(path, &page)?;
        *file = Some(written.clone());
        Ok(Some(written))
    }

    /// A block the final screens and page show below the table once the game was recorded
    /// (its BG Stats link and QR code), the same in the pages served and the file written.
    pub fn set_final_block(&self, block: String) {
        self.finale.lock().unwrap_or_else(|p| p.into_inner()).bgstats = Some(block);
        self.finale_changed();
    }

    /// Each player's review (its block, `report::html::review_block`) on the final screens,
    /// and in the final page written, which is replaced whole (a failure leaves it as it
    /// was: the review is on the screens, and `deckhand review` gives it again).
    pub fn set_review(&self, block: String) {
        self.finale.lock().unwrap_or_else(|p| p.into_inner()).review = Some(block);
        self.finale_changed();
        let file = self.final_file.lock().unwrap_or_else(|p| p.into_inner());
        if let (Some(path), Some(page)) = (file.as_ref(), self.final_page()) {
            let _ = crate::store::files::write_atomic(path, &page);
        }
    }
}

/// What the final screens show below the table.
#[derive(Default)]
struct Finale {
    /// Each player's review (or that it is being worked out).
    review: Option<String>,
    /// The recorded play's BG Stats link and QR code.
    bgstats: Option<String>,
}

/// A game being served.
pub struct Serving {
    pub site: Arc<Site>,
    /// Where the server listens.
    pub addr: SocketAddr,
    shutdown: tokio::sync::watch::Sender<bool>,
    /// Says when the server has stopped.
    stopped: std::sync::mpsc::Receiver<()>,
}

impl Serving {
    /// The address players join with (scan its QR code).
    pub fn join_url(&self) -> &str {
        &self.site.join_url
    }

    /// The dashboard's address (for a television).
    pub fn dashboard_url(&self) -> String {
        format!("{}/g/{}/dashboard", origin(self.addr), self.site.tokens.game)
    }

    /// Each seat's own address (for a player who cannot scan).
    pub fn seat_urls(&self) -> Vec<String> {
        let origin = origin(self.addr);
        (0..self.site.table.names().len()).map(|s| format!("{origin}{}", self.site.seat_path(s))).collect()
    }

    /// Stop serving: end the event streams, close the listening socket, and give open
    /// requests a moment to finish.
    pub fn stop(self) {
        self.site.closing.store(true, Ordering::SeqCst);
        self.site.table.notify();
        self.site.changes.send_modify(|v| *v = v.wrapping_add(1));
        let _ = self.shutdown.send(true);
        let _ = self.stopped.recv_timeout(std::time::Duration::from_secs(2));
    }
}

/// The address phones reach this computer at: the bound address, or, when bound to every
/// interface, the first IPv4 address of a network interface that is up and not loopback.
fn origin(addr: SocketAddr) -> String {
    let ip =
        if addr.ip().is_unspecified() { lan_address().unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST)) } else { addr.ip() };
    format!("http://{}", SocketAddr::new(ip, addr.port()))
}

#[cfg(unix)]
fn lan_address() -> Option<IpAddr> {
    let mut list: *mut libc::ifaddrs = std::ptr::null_mut();
    // SAFETY: getifaddrs fills a list we free with freeifaddrs; we only read addresses of
    // family AF_INET, which are sockaddr_in.
    unsafe {
        if libc::getifaddrs(&mut list) != 0 {
            return None;
        }
        let mut found = None;
        let mut at = list;
        while !at.is_null() {
            let ifa = &*at;
            let up = ifa.ifa_flags & (libc::IFF_UP as libc::c_uint) != 0;
            let loopback = ifa.ifa_flags & (libc::IFF_LOOPBACK as libc::c_uint) != 0;
            if up && !loopback && !ifa.ifa_addr.is_null() && i32::from((*ifa.ifa_addr).sa_family) == libc::AF_INET {
                let sin = &*(ifa.ifa_addr as *const libc::sockaddr_in);
                found = Some(IpAddr::V4(Ipv4Addr::from(u32::from_be(sin.sin_addr.s_addr))));
                break;
            }
            at = ifa.ifa_next;
        }
        libc::freeifaddrs(list);
        found
    }
}

#[cfg(not(unix))]
fn lan_address() -> Option<IpAddr> {
    None
}

/// The join address as a QR code for the terminal (Unicode half blocks, light on dark as
/// terminals usually are; a quiet zone around it).
pub fn qr_for_terminal(url: &str) -> String {
    use qrcode::render::unicode::Dense1x2;
    match qrcode::QrCode::new(url.as_bytes()) {
        Ok(code) => code.render::<Dense1x2>().dark_color(Dense1x2::Light).light_color(Dense1x2::Dark).build(),
        Err(_) => String::new(),
    }
}

/// A QR code of `url` as an inline SVG (the dashboard's join address, the final page's BG Stats
/// link); empty when the text is too long for one.
pub fn qr_svg(url: &str) -> String {
    use qrcode::render::svg;
    match qrcode::QrCode::new(url.as_bytes()) {
        Ok(code) => {
            let svg = code.render::<svg::Color>().min_dimensions(180, 180).build();
            // Inline in the page: without the XML declaration.
            match svg.find("<svg") {
                Some(i) => svg[i..].to_string(),
                None => svg,
            }
        }
        Err(_) => String::new(),
    }
}

/// A listening socket, before the game it serves exists (so a port in use is reported
/// before a save is created).
pub struct Listener {
    listener: std::net::TcpListener,
    addr: SocketAddr,
}

/// Listen on `bind`. Fails at once, with the address, when it cannot.
pub fn listen(bind: SocketAddr) -> Result<Listener, Error> {
    let fail = |e: std::io::Error| {
        Error::Usage(crate::msg!("web.cannot_listen", bind = bind.to_string(), cause = e.to_string()))
    };
    let listener = std::net::TcpListener::bind(bind).map_err(fail)?;
    listener.set_nonblocking(true).map_err(fail)?;
    let addr = listener.local_addr().map_err(fail)?;
    Ok(Listener { listener, addr })
}

impl Listener {
    /// Where it listens (the port the system chose for port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Serve `table` (shared with the host terminal): a runtime on a thread of its own answers requests and pushes views
    /// (changes to the table, which flush the save, run on its blocking threads); another
    /// thread passes the table's changes on to the event streams.
    pub fn serve(self, table: Box<dyn Hosted>, tokens: Tokens, save: &Path, game: &str) -> Result<Serving, Error> {
        let addr = self.addr;
        let join_url = format!("{}/g/{}", origin(addr), tokens.game);
        let (changes, _) = tokio::sync::watch::channel(table.version());
        let table_seats = table.names().len();
        let tokens_taken = tokens.taken.clone();
        let site = Arc::new(Site {
            table,
            tokens,
            game: game.to_string(),
            qr_svg: qr_svg(&join_url),
            join_url,
            streams: streams::Streams::new(table_seats),
            claimed: (0..table_seats).map(|s| AtomicBool::new(tokens_taken.contains(&s))).collect(),
            save: save.to_path_buf(),
            taken_file: std::sync::Mutex::new(()),
            conns: conns::Conns::new(conns::cap_for_file_limit()),
            finale: std::sync::Mutex::new(Finale::default()),
            finale_changes: AtomicU64::new(0),
            final_file: std::sync::Mutex::new(None),
            changes,
            closing: AtomicBool::new(false),
        });
        let failed = |e: std::io::Error| {
            Error::Usage(crate::msg!("web.cannot_listen", bind = addr.to_string(), cause = e.to_string()))
        };
        // The table wakes threads waiting on its condition variable; the streams wait on a
        // watch channel.
        let watching = Arc::clone(&site);
        std::thread::Builder::new()
            .name("deckhand-changes".into())
            .spawn(move || {
                let mut seen = watching.table.version();
                while !watching.closing.load(Ordering::SeqCst) {
                    let now = watching.table.wait_change(seen, std::time::Duration::from_secs(1));
                    if now != seen {
                        seen = now;
                        watching.changes.send_replace(now);
                    }
                }
            })
            .map_err(failed)?;
        let app = axum::Router::new().fallback(http::handle).with_state(Arc::clone(&site));
        let (shutdown, stopped) = self.run(app, Arc::clone(&site))?;
        Ok(Serving { site, addr, shutdown, stopped })
    }
}

/// A running server's stop signal, and how it says it has stopped.
type Running = (tokio::sync::watch::Sender<bool>, std::sync::mpsc::Receiver<()>);

impl Listener {
    /// Answer requests with `app` on a small runtime on a thread of its own, the
    /// connections kept by `owner` (a game's site, the paper desk), until the signal.
    fn run<S: conns::Owner>(self, app: axum::Router, owner: Arc<S>) -> Result<Running, Error> {
        let addr = self.addr;
        let failed = |e: std::io::Error| {
            Error::Usage(crate::msg!("web.cannot_listen", bind = addr.to_string(), cause = e.to_string()))
        };
        let runtime = tokio::runtime::Builder::new_current_thread()
            .thread_name("deckhand-http")
            .enable_io()
            .enable_time()
            .build()
            .map_err(failed)?;
        let listener = {
            let _entered = runtime.enter();
            tokio::net::TcpListener::from_std(self.listener).map_err(failed)?
        };
        let (shutdown, stop_signal) = tokio::sync::watch::channel(false);
        let (stopped_tx, stopped) = std::sync::mpsc::channel();
        std::thread::Builder::new()
            .name("deckhand-serve".into())
            .spawn(move || {
                runtime.block_on(conns::accept(listener, app, owner, stop_signal));
                let _ = stopped_tx.send(());
            })
            .map_err(failed)?;
        Ok((shutdown, stopped))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bind_takes_an_address_with_or_without_a_port() {
        assert_eq!(parse_bind("127.0.0.1:8080").unwrap(), "127.0.0.1:8080".parse().unwrap());
        assert_eq!(parse_bind("0.0.0.0").unwrap(), SocketAddr::new(Ipv4Addr::UNSPECIFIED.into(), DEFAULT_PORT));
        assert_eq!(parse_bind("[::1]").unwrap().port(), DEFAULT_PORT);
        assert!(parse_bind("localhost:80").is_err(), "a name is not looked up");
        assert!(parse_bind("1.2.3.4:99999").is_err());
    }

    #[test]
    fn the_qr_code_is_drawn_for_the_terminal_and_the_page() {
        let text = qr_for_terminal("http://192.168.1.20:7373/g/0123456789abcdef0123456789abcdef");
        assert!(text.lines().count() > 10 && text.contains('█'));
        assert!(qr_svg("http://x").starts_with("<svg"));
    }

    /// A recorded play of four players with long names at a long location.
    fn long_play(name: &str, location: &str) -> crate::history::Play {
        use crate::history::{Date, Outcome, Play, PlayRecord, PlaySource, PlayerRecord};
        let players = (0..4)
            .map(|i| PlayerRecord {
                name: format!("{i}{}", name.repeat(31)),
                score: Some(50 + i),
                rank: Some(4 - i as u32),
                winner: i == 3,
                categories: vec![("fish".into(), 10 + i), ("boats".into(), 20)],
            })
            .collect();
        let record = PlayRecord {
            game_id: "fleet-dice".into(),
            game_name: "Fleet: The Dice Game".into(),
            bgg_id: None,
            started_at: Some(1_700_000_000),
            utc_offset: 0,
            night: Date::from_days(20_000),
            duration_s: Some(3_600),
            source: PlaySource::Live,
            players,
            start_player: Some(0),
            rules_fingerprint: "0123456789abcdef".into(),
            save_hash: Some("a".repeat(64)),
            outcome: Outcome::Ranked,
            location: Some(location.repeat(100)),
            deal: None,
        };
        Play { id: 7, record }
    }

    /// Issue 30: when the BG Stats link was longer than a QR code holds, the final page
    /// showed the link alone, without a word; it says the play is too long for a code and
    /// to open the link (in the table's language), and a play that fits keeps its code.
    #[test]
    fn a_link_too_long_for_a_code_says_so_on_the_final_page() {
        use crate::text::Lang;
        let long = crate::history::export::bgstats_link(&long_play("🎲", "🎲"));
        assert!(long.len() > 2_953, "{} bytes", long.len());
        assert!(qr_svg(&long).is_empty(), "too long for a QR code");
        for (lang, says) in [
            (Lang::En, "too long for a code"),
            (Lang::De, "zu lang für einen Code"),
            (Lang::Fr, "trop longue pour un code"),
        ] {
            let block = crate::report::html::bgstats_block(&long, &qr_svg(&long), lang);
            assert!(block.contains(says) && block.contains("href=\"https://app.bgstatsapp.com/"), "{block}");
            assert!(!block.contains("<svg"), "{block}");
        }
        let short = crate::history::export::bgstats_link(&long_play("a", "b"));
        let block = crate::report::html::bgstats_block(&short, &qr_svg(&short), Lang::En);
        assert!(block.contains("<svg") && !block.contains("too long for a code"), "{block}");
    }
}
