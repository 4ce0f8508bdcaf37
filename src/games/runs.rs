//! Work many ask for, done once and bounded (issue 30, item 3: every hint request started
//! its own advisor run, and one phone asking 50 times a second froze the table). `Runs`
//! keeps, for the moment of the game (its `epoch`, e.g. the table's version), one run per
//! question (`key`): whoever asks a question already answered gets the answer, whoever
//! asks one under way waits for that run, and a new question starts a run only while
//! fewer than the limit are under way; beyond it the ask is refused (`NoRun::Busy`). A
//! newer epoch forgets the answers of the older ones (the game moved on); runs under way
//! finish for those already waiting. Each run has its own thread, so at most `limit` are
//! busy at once; a waiter waits on its thread (`Ticket::wait`) or as a future (`Ticket` is
//! a `Future`), which holds no thread. No words: the refusals are typed.

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::pin::Pin;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll, Waker};

/// Why an ask gives no value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoRun {
    /// As many runs as allowed are under way: nothing was started; ask again later.
    Busy,
    /// The run stopped without a value (it panicked, or its thread could not start).
    Failed,
}

/// The runs of one table: see the module's documentation.
pub struct Runs<K, V> {
    shared: Arc<Shared<K, V>>,
}

struct Shared<K, V> {
    limit: usize,
    state: Mutex<State<K, V>>,
}

struct State<K, V> {
    epoch: u64,
    known: HashMap<K, Arc<Slot<V>>>,
    running: usize,
}

/// One run's outcome, and who waits for it.
struct Slot<V> {
    state: Mutex<Outcome<V>>,
    done: Condvar,
}

enum Outcome<V> {
    Running(Vec<Waker>),
    Done(V),
    Failed,
}

/// A claim on a run's value: `wait` for it on this thread, or await it.
pub struct Ticket<V> {
    slot: Arc<Slot<V>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A run that panicked holds no lock of ours while it runs: the data stays whole.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<K, V> Runs<K, V>
where
    K: Hash + Eq + Send + 'static,
    V: Clone + Send + 'static,
{
    /// Runs of which at most `limit` (at least one) are under way at once.
    pub fn new(limit: usize) -> Self {
        let state = State { epoch: 0, known: HashMap::new(), running: 0 };
        Runs { shared: Arc::new(Shared { limit: limit.max(1), state: Mutex::new(state) }) }
    }

    /// The value of `key` at `epoch`: the one known or under way, else `work` started on a
    /// thread of its own if fewer than the limit are under way (else `NoRun::Busy`). An
    /// epoch newer than any before forgets everything known; an ask of an older epoch
    /// (the game moved on meanwhile) is run, bounded alike, but not kept.
    pub fn ask(&self, epoch: u64, key: K, work: impl FnOnce() -> V + Send + 'static) -> Result<Ticket<V>, NoRun> {
        let mut state = lock(&self.shared.state);
        if epoch > state.epoch {
            state.epoch = epoch;
            state.known.clear();
        }
        let current = epoch == state.epoch;
        if current {
            if let Some(slot) = state.known.get(&key).filter(|s| !s.failed()) {
                return Ok(Ticket { slot: Arc::clone(slot) });
            }
        }
        if state.running >= self.shared.limit {
            return Err(NoRun::Busy);
        }
        let slot = Arc::new(Slot { state: Mutex::new(Outcome::Running(Vec::new())), done: Condvar::new() });
        state.running += 1;
        if current {
            state.known.insert(key, Arc::clone(&slot));
        }
        drop(state);
        let finish = Finish { shared: Arc::clone(&self.shared), slot: Arc::clone(&slot), value: None };
        let started = std::thread::Builder::new().name("deckhand-run".into()).spawn(move || {
            let mut finish = finish;
            finish.value = Some(work());
        });
        match started {
            Ok(_) => Ok(Ticket { slot }),
            // The closure and its `Finish` were dropped unrun: the run is failed and uncounted.
            Err(_) => Err(NoRun::Failed),
        }
    }

    /// How many runs are under way.
    pub fn running(&self) -> usize {
        lock(&self.shared.state).running
    }
}

/// Ends a run when dropped: its place under the limit freed, then its value (none: it
/// panicked or never started) to everyone waiting.
struct Finish<K, V> {
    shared: Arc<Shared<K, V>>,
    slot: Arc<Slot<V>>,
    value: Option<V>,
}

impl<K, V> Drop for Finish<K, V> {
    fn drop(&mut self) {
        {
            let mut state = lock(&self.shared.state);
            state.running = state.running.saturating_sub(1);
        }
        let outcome = match self.value.take() {
            Some(v) => Outcome::Done(v),
            None => Outcome::Failed,
        };
        let wakers = match std::mem::replace(&mut *lock(&self.slot.state), outcome) {
            Outcome::Running(wakers) => wakers,
            _ => Vec::new(),
        };
        self.slot.done.notify_all();
        wakers.into_iter().for_each(Waker::wake);
    }
}

impl<V> Slot<V> {
    fn failed(&self) -> bool {
        matches!(*lock(&self.state), Outcome::Failed)
    }
}

impl<V: Clone> Ticket<V> {
    /// The value, waiting on this thread for the run to end.
    pub fn wait(self) -> Result<V, NoRun> {
        let mut state = lock(&self.slot.state);
        loop {
            match &*state {
                Outcome::Running(_) => state = self.slot.done.wait(state).unwrap_or_else(PoisonError::into_inner),
                Outcome::Done(v) => return Ok(v.clone()),
                Outcome::Failed => return Err(NoRun::Failed),
            }
        }
    }

    /// The value if the run has ended, without waiting.
    pub fn now(&self) -> Option<Result<V, NoRun>> {
        match &*lock(&self.slot.state) {
            Outcome::Running(_) => None,
            Outcome::Done(v) => Some(Ok(v.clone())),
            Outcome::Failed => Some(Err(NoRun::Failed)),
        }
    }
}

impl<V: Clone> Future for Ticket<V> {
    type Output = Result<V, NoRun>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let mut state = lock(&self.slot.state);
        match &mut *state {
            Outcome::Running(wakers) => {
                if !wakers.iter().any(|w| w.will_wake(cx.waker())) {
                    wakers.push(cx.waker().clone());
                }
                Poll::Pending
            }
            Outcome::Done(v) => Poll::Ready(Ok(v.clone())),
            Outcome::Failed => Poll::Ready(Err(NoRun::Failed)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc;
    use std::task::Wake;

    /// A run that counts itself and ends when `go` says so, with `value`.
    fn gated(count: &Arc<AtomicUsize>, go: mpsc::Receiver<()>, value: u32) -> impl FnOnce() -> u32 + Send + 'static {
        let count = Arc::clone(count);
        move || {
            count.fetch_add(1, Ordering::SeqCst);
            let _ = go.recv();
            value
        }
    }

    #[test]
    fn concurrent_asks_for_one_question_run_it_once_and_all_get_its_value() {
        let runs: Arc<Runs<&str, u32>> = Arc::new(Runs::new(2));
        let count = Arc::new(AtomicUsize::new(0));
        let (go, gate) = mpsc::channel();
        let first = runs.ask(1, "seat 0", gated(&count, gate, 42)).unwrap();
        // Twenty more asks for the same question while it runs, from threads of their own.
        let waiters: Vec<_> = (0..20)
            .map(|_| {
                let (runs, count) = (Arc::clone(&runs), Arc::clone(&count));
                std::thread::spawn(move || {
                    let (_, never) = mpsc::channel();
                    runs.ask(1, "seat 0", gated(&count, never, 7)).unwrap().wait()
                })
            })
            .collect();
        assert_eq!(first.now(), None, "still running");
        go.send(()).unwrap();
        assert_eq!(first.wait(), Ok(42));
        for w in waiters {
            assert_eq!(w.join().unwrap(), Ok(42));
        }
        assert_eq!(count.load(Ordering::SeqCst), 1, "one run for one question");
        // Asked again at the same epoch: the known value, no run.
        let again = runs.ask(1, "seat 0", || unreachable!("known")).unwrap();
        assert_eq!(again.wait(), Ok(42));
        assert_eq!(runs.running(), 0);
    }

    #[test]
    fn beyond_the_limit_a_new_question_is_refused_busy_and_starts_nothing() {
        let runs: Runs<u32, u32> = Runs::new(2);
        let count = Arc::new(AtomicUsize::new(0));
        let (go_a, gate_a) = mpsc::channel();
        let (go_b, gate_b) = mpsc::channel();
        let a = runs.ask(1, 0, gated(&count, gate_a, 10)).unwrap();
        let b = runs.ask(1, 1, gated(&count, gate_b, 11)).unwrap();
        assert_eq!(runs.ask(1, 2, || unreachable!("over the limit")).err(), Some(NoRun::Busy));
        // Asking a question under way is no new run: it is not refused.
        let a_again = runs.ask(1, 0, || unreachable!("under way")).unwrap();
        assert_eq!(runs.running(), 2);
        go_a.send(()).unwrap();
        assert_eq!(a.wait(), Ok(10));
        assert_eq!(a_again.wait(), Ok(10));
        // A place is free once a run has ended.
        assert_eq!(runs.ask(1, 2, || 12).unwrap().wait(), Ok(12));
        go_b.send(()).unwrap();
        assert_eq!(b.wait(), Ok(11));
        assert_eq!(count.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn a_newer_epoch_forgets_and_an_older_one_is_not_kept() {
        let runs: Runs<u32, u32> = Runs::new(1);
        assert_eq!(runs.ask(1, 0, || 1).unwrap().wait(), Ok(1));
        assert_eq!(runs.ask(1, 0, || unreachable!("known")).unwrap().wait(), Ok(1));
        assert_eq!(runs.ask(2, 0, || 2).unwrap().wait(), Ok(2), "the game moved on: run again");
        // A late ask of epoch 1 is run, but not kept in place of epoch 2's.
        assert_eq!(runs.ask(1, 0, || 3).unwrap().wait(), Ok(3));
        assert_eq!(runs.ask(2, 0, || unreachable!("known")).unwrap().wait(), Ok(2));
    }

    #[test]
    fn a_run_that_panics_fails_its_waiters_frees_its_place_and_is_run_again() {
        let runs: Runs<u32, u32> = Runs::new(1);
        let t = runs.ask(1, 0, || panic!("a run that fails (expected in this test)")).unwrap();
        assert_eq!(t.wait(), Err(NoRun::Failed));
        assert_eq!(runs.running(), 0);
        assert_eq!(runs.ask(1, 0, || 5).unwrap().wait(), Ok(5), "run again");
    }

    struct Unpark(std::thread::Thread, AtomicUsize);

    impl Wake for Unpark {
        fn wake(self: Arc<Self>) {
            self.1.fetch_add(1, Ordering::SeqCst);
            self.0.unpark();
        }
    }

    #[test]
    fn a_ticket_awaited_is_woken_when_its_run_ends() {
        let runs: Runs<u32, u32> = Runs::new(1);
        let count = Arc::new(AtomicUsize::new(0));
        let (go, gate) = mpsc::channel();
        let mut ticket = runs.ask(1, 0, gated(&count, gate, 9)).unwrap();
        let unpark = Arc::new(Unpark(std::thread::current(), AtomicUsize::new(0)));
        let waker = Waker::from(Arc::clone(&unpark));
        let mut cx = Context::from_waker(&waker);
        assert_eq!(Pin::new(&mut ticket).poll(&mut cx), Poll::Pending);
        assert_eq!(Pin::new(&mut ticket).poll(&mut cx), Poll::Pending, "polled twice, one waker kept");
        go.send(()).unwrap();
        let value = loop {
            match Pin::new(&mut ticket).poll(&mut cx) {
                Poll::Ready(v) => break v,
                Poll::Pending => std::thread::park_timeout(std::time::Duration::from_millis(50)),
            }
        };
        assert_eq!(value, Ok(9));
        assert_eq!(unpark.1.load(Ordering::SeqCst), 1, "woken once");
    }
}
