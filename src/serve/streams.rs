//! Who may hold an event stream. Each seat has slots of its own, which nobody else can
//! take (a seat's page learns of its questions through its stream); the pages opened with
//! the join address (the dashboard) share theirs. A class that is full gives the new
//! page a stream and ends its oldest one (a page reloaded, a television left on), so a
//! seat's own page always gets a stream, and a flood of dashboards only pushes out
//! dashboards. A page whose stream ends falls back to polling until it can stream again.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::Notify;

/// Streams a seat's pages may hold at once (a phone, a reload, a second device).
pub const PER_SEAT: usize = 4;
/// Streams the dashboards may hold at once.
pub const SHARED: usize = 32;

/// The open streams of one class, oldest first: each with what ends it.
type Class = VecDeque<(u64, Arc<Notify>)>;

/// The open streams per class: each seat, then the dashboards.
pub struct Streams {
    classes: Mutex<Vec<Class>>,
    next: AtomicU64,
}

/// One open stream; it ends when `ended()` resolves. Dropping it frees its slot.
pub struct Slot {
    site: Arc<super::Site>,
    class: usize,
    id: u64,
    end: Arc<Notify>,
}

impl Streams {
    pub fn new(seats: usize) -> Streams {
        Streams { classes: Mutex::new(vec![VecDeque::new(); seats + 1]), next: AtomicU64::new(0) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Class>> {
        self.classes.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// A stream for a seat's page (Some) or a dashboard (None): always given; the oldest of
/// its class ends when the class is full.
pub fn open(site: &Arc<super::Site>, seat: Option<usize>) -> Slot {
    let streams = &site.streams;
    let mut classes = streams.lock();
    let last = classes.len() - 1;
    let class = seat.filter(|s| *s < last).unwrap_or(last);
    let most = if class == last { SHARED } else { PER_SEAT };
    let id = streams.next.fetch_add(1, Ordering::SeqCst);
    let end = Arc::new(Notify::new());
    let queue = &mut classes[class];
    while queue.len() >= most {
        if let Some((_, oldest)) = queue.pop_front() {
            // A permit is kept if the stream is not waiting right now.
            oldest.notify_one();
        }
    }
    queue.push_back((id, Arc::clone(&end)));
    Slot { site: Arc::clone(site), class, id, end }
}

impl Slot {
    /// The served game.
    pub fn site(&self) -> Arc<super::Site> {
        Arc::clone(&self.site)
    }

    /// Resolves when a newer page of the same class took this stream's slot.
    pub async fn ended(&self) {
        self.end.notified().await
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut classes = self.site.streams.lock();
        classes[self.class].retain(|(id, _)| *id != self.id);
    }
}
