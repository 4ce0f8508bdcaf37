//! The connections of a served game: accepted by our own loop (not `axum::serve`, which
//! has no timeouts and no limit), each served by hyper with a timer, so that
//!
//! - a connection must send its request line and headers within `HEADER_TIMEOUT`, and a
//!   kept-alive connection may wait that long for its next request (hyper starts the same
//!   timer whenever it waits for a request head): idle connections end by themselves;
//! - at most `cap` connections are open, a number below the process's file limit that
//!   keeps room for the game's own files (the save, its lock, the sheets, the history
//!   database, the final page). When a new one arrives at the cap, the connection idle
//!   the longest makes room — first one that never sent a request, then a kept-alive one
//!   between requests; an event stream is never closed for it (streams have their own
//!   limit, `streams.rs`). So a flood of idle connections neither locks the phones out
//!   nor takes the files the game's end must write.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;

/// How long a connection may take to send a request's head, and stay idle between
/// requests when kept alive.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// File descriptors kept for the game itself beyond those open when serving starts.
const RESERVE: u64 = 48;
/// More connections than a table of phones ever needs.
const MOST: u64 = 512;
/// The fewest connections allowed whatever the file limit.
const FEWEST: u64 = 8;

/// What a connection has done, shared with its service.
#[derive(Default)]
struct Activity {
    /// Requests begun on it.
    requests: AtomicU64,
    /// When the last request began, in milliseconds since the table started serving.
    last: AtomicU64,
    /// It carries an event stream (never closed to make room).
    streaming: AtomicBool,
}

struct Open {
    accepted: u64,
    activity: Arc<Activity>,
    abort: tokio::task::AbortHandle,
}

/// The open connections, by a number given in order of arrival.
pub struct Conns {
    cap: usize,
    started: Instant,
    open: Mutex<BTreeMap<u64, Open>>,
    next: AtomicU64,
}

/// The most connections under this process's limit on open files.
pub fn cap_for_file_limit() -> usize {
    cap_for(file_limit(), open_files())
}

fn cap_for(limit: Option<u64>, open: u64) -> usize {
    let Some(limit) = limit else { return MOST as usize };
    limit.saturating_sub(open + RESERVE).clamp(FEWEST, MOST) as usize
}

#[cfg(unix)]
fn file_limit() -> Option<u64> {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit writes into the struct we pass.
    let done = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) };
    // rlim_t is not u64 on every Unix.
    #[allow(clippy::unnecessary_cast)]
    let current = limit.rlim_cur as u64;
    (done == 0 && limit.rlim_cur != libc::RLIM_INFINITY).then_some(current)
}

#[cfg(not(unix))]
fn file_limit() -> Option<u64> {
    None
}

/// Files open now (Linux: /proc/self/fd; elsewhere a guess).
fn open_files() -> u64 {
    std::fs::read_dir("/proc/self/fd").map(|d| d.count() as u64).unwrap_or(16)
}

impl Conns {
    pub fn new(cap: usize) -> Conns {
        Conns { cap, started: Instant::now(), open: Mutex::new(BTreeMap::new()), next: AtomicU64::new(0) }
    }

    fn now(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<u64, Open>> {
        self.open.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// How many connections are open.
    pub fn count(&self) -> usize {
        self.lock().len()
    }

    /// Make room for one more connection: close the one idle the longest. False when
    /// every open connection is busy or streaming.
    fn make_room(&self) -> bool {
        let mut open = self.lock();
        if open.len() < self.cap {
            return true;
        }
        // Never used before used; then the longest idle.
        let victim = open
            .iter()
            .filter(|(_, c)| !c.activity.streaming.load(Ordering::SeqCst))
            .min_by_key(|(_, c)| {
                let requests = c.activity.requests.load(Ordering::SeqCst);
                let last = if requests == 0 { c.accepted } else { c.activity.last.load(Ordering::SeqCst) };
                (requests > 0, last)
            })
            .map(|(id, _)| *id);
        match victim.and_then(|id| open.remove(&id)) {
            Some(c) => {
                c.abort.abort();
                true
            }
            None => false,
        }
    }

    fn forget(&self, id: u64) {
        self.lock().remove(&id);
    }
}

/// What serves connections: a game's site, the paper desk.
pub trait Owner: Send + Sync + 'static {
    /// Its open connections.
    fn conns(&self) -> &Conns;
}

impl Owner for super::Site {
    fn conns(&self) -> &Conns {
        &self.conns
    }
}

/// Accept connections until `stop` says so, then close what is still open.
pub async fn accept<S: Owner>(
    listener: tokio::net::TcpListener,
    app: axum::Router,
    site: Arc<S>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stop.wait_for(|s| *s) => break,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            // Out of file descriptors (or a connection reset before it was taken): wait a
            // moment instead of spinning; closing connections frees some.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let conns = site.conns();
        if !conns.make_room() {
            drop(stream);
            continue;
        }
        // Let a connection closed to make room go before the next is taken.
        tokio::task::yield_now().await;
        serve_one(stream, app.clone(), Arc::clone(&site));
    }
    // Stopping: let answers in flight finish, then close the rest.
    let deadline = Instant::now() + Duration::from_secs(1);
    while site.conns().count() > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    for (_, c) in std::mem::take(&mut *site.conns().lock()) {
        c.abort.abort();
    }
}

fn serve_one<S: Owner>(stream: tokio::net::TcpStream, app: axum::Router, site: Arc<S>) {
    let _ = stream.set_nodelay(true);
    let conns = site.conns();
    let id = conns.next.fetch_add(1, Ordering::SeqCst);
    let activity = Arc::new(Activity::default());
    let marks = Arc::clone(&activity);
    let tower = TowerToHyperService::new(app);
    let clock = Arc::clone(&site);
    let service = hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
        marks.requests.fetch_add(1, Ordering::SeqCst);
        marks.last.store(clock.conns().now(), Ordering::SeqCst);
        if request.uri().path().ends_with("/events") {
            marks.streaming.store(true, Ordering::SeqCst);
        }
        hyper::service::Service::call(&tower, request)
    });
    let owner = Arc::clone(&site);
    let task = tokio::spawn(async move {
        let mut http = hyper::server::conn::http1::Builder::new();
        http.timer(TokioTimer::new()).header_read_timeout(HEADER_TIMEOUT).keep_alive(true);
        let _ = http.serve_connection(TokioIo::new(stream), service).await;
        owner.conns().forget(id);
    });
    let accepted = conns.now();
    conns.lock().insert(id, Open { accepted, activity, abort: task.abort_handle() });
    // A connection that ended before it was written down is forgotten now.
    if task.is_finished() {
        conns.forget(id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_keeps_room_for_the_games_own_files() {
        assert_eq!(cap_for(Some(1024), 20), 512, "never more than a table needs");
        assert_eq!(cap_for(Some(256), 20), 256 - 20 - RESERVE as usize);
        assert_eq!(cap_for(Some(40), 20), FEWEST as usize);
        assert_eq!(cap_for(None, 20), 512);
        assert!(cap_for_file_limit() >= FEWEST as usize);
    }
}
