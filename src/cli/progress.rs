//! A progress bar on standard error for the commands that may run long (`review`,
//! `selfplay`, `lab`, `advise`, `import`, `scan`): it appears only
//! once a run has taken over a second, only when standard error is a terminal, and never
//! with `--quiet`; it is cleared when the work is done, so what the command prints stays
//! as it was.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use indicatif::{HumanDuration, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use crate::text::Lang;

/// How long a run goes before its progress is shown.
const AFTER: Duration = Duration::from_secs(1);

/// The progress of one run: a bar of `len` steps, or (without a length) a spinner.
pub(crate) struct Progress {
    bar: ProgressBar,
    done: Arc<(Mutex<bool>, Condvar)>,
    shown: Arc<AtomicBool>,
    waiter: Option<std::thread::JoinHandle<()>>,
    /// The table's word after the estimate of the time left ("left", "übrig", "restant").
    left: String,
}

impl Progress {
    /// A run of `len` steps (None: of no known length) saying `what`; hidden with `quiet`
    /// or off a terminal.
    pub(crate) fn new(len: Option<u64>, what: String, quiet: bool, lang: Lang) -> Progress {
        let left = crate::t!(lang, "cli.progress.left");
        let bar = match len {
            Some(n) => {
                ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::hidden()).with_style(bar_style(&left))
            }
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden())
                .with_style(ProgressStyle::with_template("{spinner} {msg} {elapsed}").expect("a valid template")),
        };
        bar.set_message(what);
        let done = Arc::new((Mutex::new(false), Condvar::new()));
        let shown = Arc::new(AtomicBool::new(false));
        let waiter = (!quiet && std::io::stderr().is_terminal()).then(|| {
            let (bar, done, shown) = (bar.clone(), done.clone(), shown.clone());
            std::thread::spawn(move || {
                let (lock, cvar) = &*done;
                let finished = lock.lock().map(|g| *g).unwrap_or(true);
                let finished = finished
                    || cvar
                        .wait_timeout_while(lock.lock().expect("not poisoned"), AFTER, |d| !*d)
                        .map_or(true, |(g, _)| *g);
                if !finished {
                    bar.set_draw_target(ProgressDrawTarget::stderr());
                    bar.enable_steady_tick(Duration::from_millis(120));
                    shown.store(true, Ordering::Release);
                }
            })
        });
        Progress { bar, done, shown, waiter, left }
    }

    /// The run has `len` steps (a spinner becomes a bar).
    pub(crate) fn size(&self, len: u64) {
        if self.bar.length() != Some(len) {
            self.bar.set_length(len);
            self.bar.set_style(bar_style(&self.left));
        }
    }

    /// `done` steps of the run are done.
    pub(crate) fn set(&self, done: u64) {
        self.bar.set_position(done);
    }

    /// A line said on standard error while the bar is shown: the bar steps aside for it and
    /// is drawn again below it.
    pub(crate) fn say(&self, line: &str) {
        self.bar.suspend(|| crate::ui::say(line));
    }

    /// One more step is done.
    pub(crate) fn step(&self) {
        self.bar.inc(1);
    }

    /// The run is over: the bar, if shown, is cleared.
    pub(crate) fn finish(mut self) {
        self.end();
    }

    fn end(&mut self) {
        let (lock, cvar) = &*self.done;
        if let Ok(mut d) = lock.lock() {
            *d = true;
        }
        cvar.notify_all();
        if let Some(w) = self.waiter.take() {
            let _ = w.join();
        }
        if self.shown.load(Ordering::Acquire) {
            self.bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.end();
    }
}

/// A bar: what is done, how far, the time so far and an estimate of the time left (once a
/// step is done: before it, there is nothing to estimate from, and "0s left" would mislead).
fn bar_style(left: &str) -> ProgressStyle {
    let left = left.to_string();
    ProgressStyle::with_template("{msg} {wide_bar} {pos}/{len} {elapsed}{left}")
        .expect("a valid template")
        .with_key("left", move |s: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = w.write_str(&estimate(s.pos(), s.eta(), &left));
        })
        .progress_chars("█▌ ")
}

/// The estimate of the time left after the time so far (` · 6s left`), once `done` steps
/// are more than none.
fn estimate(done: u64, eta: Duration, left: &str) -> String {
    match done {
        0 => String::new(),
        _ => format!(" · {:#} {left}", HumanDuration(eta)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_left_is_estimated_once_a_step_is_done() {
        assert_eq!(estimate(0, Duration::ZERO, "left"), "");
        assert_eq!(estimate(1, Duration::from_secs(6), "left"), " · 6s left");
        assert_eq!(estimate(3, Duration::from_secs(150), "übrig"), " · 3m übrig");
    }
}
