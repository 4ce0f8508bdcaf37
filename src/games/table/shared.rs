//! A table shared by the terminal and the phones: behind one lock, with a condition
//! variable that wakes every waiting screen, the version readable without the lock, and
//! the stream of what the table told: every item until the table's own screen has read it
//! (`unread`), and the last `KEPT` for the pages' logs.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

use super::Table;

/// How many items of what happened are kept for screens that read them late.
pub const KEPT: usize = 60;

/// A table behind one lock, with what it told.
pub struct Shared<T: Table> {
    inner: Mutex<Inner<T>>,
    changed: Condvar,
    version: AtomicU64,
}

struct Inner<T: Table> {
    table: T,
    told: VecDeque<(u64, T::Told)>,
    /// The number of the next item told.
    next: u64,
    /// The number of the first item the table's own screen has not read.
    unread: u64,
}

/// What a screen waits on, whatever the table's game: the version, a wait for it to
/// change, a wake-up (`Shared`'s own methods, for a screen that holds any table).
pub trait Watched: Send + Sync {
    /// The state's version, without the lock.
    fn version(&self) -> u64;
    /// Wait until the version differs from `seen`, or `timeout` passes; the version.
    fn wait_change(&self, seen: u64, timeout: Duration) -> u64;
    /// Wake every waiting screen.
    fn notify(&self);
}

impl<T: Table + Send> Watched for Shared<T>
where
    T::Told: Send,
{
    fn version(&self) -> u64 {
        Shared::version(self)
    }

    fn wait_change(&self, seen: u64, timeout: Duration) -> u64 {
        Shared::wait_change(self, seen, timeout)
    }

    fn notify(&self) {
        Shared::notify(self)
    }
}

impl<T: Table> Shared<T> {
    /// `table`, shared; what it told so far is the stream's start.
    pub fn new(table: T) -> Shared<T> {
        let version = table.version();
        let shared = Shared {
            inner: Mutex::new(Inner { table, told: VecDeque::new(), next: 0, unread: 0 }),
            changed: Condvar::new(),
            version: AtomicU64::new(version),
        };
        shared.publish(&mut shared.lock());
        shared
    }

    fn lock(&self) -> MutexGuard<'_, Inner<T>> {
        // A panic while the lock was held cannot leave a half-applied answer: a table
        // replaces its game only after the save line is on disk.
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Read the table.
    pub fn read<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        f(&self.lock().table)
    }

    /// Change the table (answer, undo, …); then what it told joins the stream, and every
    /// waiting screen is woken when its version moved.
    pub fn change<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        let mut inner = self.lock();
        let r = f(&mut inner.table);
        self.publish(&mut inner);
        r
    }

    fn publish(&self, inner: &mut Inner<T>) {
        for told in inner.table.take_told() {
            inner.told.push_back((inner.next, told));
            inner.next += 1;
        }
        while inner.told.len() > KEPT && inner.told.front().is_some_and(|(n, _)| *n < inner.unread) {
            inner.told.pop_front();
        }
        let version = inner.table.version();
        if self.version.swap(version, Ordering::SeqCst) != version {
            self.changed.notify_all();
        }
    }

    /// The state's version, without the lock.
    pub fn version(&self) -> u64 {
        self.version.load(Ordering::SeqCst)
    }

    /// Wait until the version differs from `seen`, or `timeout` passes; returns the version.
    pub fn wait_change(&self, seen: u64, timeout: Duration) -> u64 {
        let inner = self.lock();
        let (inner, _) = self
            .changed
            .wait_timeout_while(inner, timeout, |i| i.table.version() == seen)
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        inner.table.version()
    }

    /// Wake every waiting screen (when the host stops).
    pub fn notify(&self) {
        self.changed.notify_all();
    }

    /// What the table told that its own screen has not read yet, first first (every item:
    /// nothing is dropped before it is read here).
    pub fn unread(&self) -> Vec<T::Told>
    where
        T::Told: Clone,
    {
        let mut inner = self.lock();
        let from = inner.unread;
        inner.unread = inner.next;
        let told: Vec<T::Told> = inner.told.iter().filter(|(n, _)| *n >= from).map(|(_, t)| t.clone()).collect();
        while inner.told.len() > KEPT && inner.told.front().is_some_and(|(n, _)| *n < inner.unread) {
            inner.told.pop_front();
        }
        told
    }

    /// Read the table together with the last `n` items it told, first first.
    pub fn read_with_told<R>(&self, n: usize, f: impl FnOnce(&T, Vec<&T::Told>) -> R) -> R {
        let inner = self.lock();
        let skip = inner.told.len().saturating_sub(n);
        let told: Vec<&T::Told> = inner.told.iter().skip(skip).map(|(_, t)| t).collect();
        f(&inner.table, told)
    }
}
