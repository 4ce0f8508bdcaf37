//! Keys under the prompts: waiting for one while a phone may answer first (the terminal
//! handing them over one by one meanwhile), and Ctrl-U and Escape for dialoguer's `Input`,
//! which ignores both (docs/dialoguer.md). Off Unix, console's keys as they come.

use console::{Key, Term};

#[cfg(unix)]
pub use unix::{restore_after_signal, with_ctrl_u, OneByOne};

#[cfg(not(unix))]
pub use elsewhere::*;

/// The next key, or None as soon as `overtaken()` is true (checked every 50 ms while no key
/// is waiting; off Unix, only before waiting).
pub fn next(term: &Term, overtaken: Option<&dyn Fn() -> bool>) -> std::io::Result<Option<Key>> {
    let Some(overtaken) = overtaken else { return term.read_key().map(Some) };
    loop {
        if overtaken() {
            return Ok(None);
        }
        #[cfg(unix)]
        let waiting = unix::waiting(libc::STDIN_FILENO, 50)?;
        #[cfg(not(unix))]
        let waiting = true;
        if waiting {
            return term.read_key().map(Some);
        }
    }
}

#[cfg(not(unix))]
mod elsewhere {
    pub struct OneByOne;

    impl OneByOne {
        pub fn enter() -> OneByOne {
            OneByOne
        }
    }

    pub fn with_ctrl_u<T>(ask: impl FnOnce() -> T) -> T {
        ask()
    }
}

#[cfg(unix)]
mod unix {
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
    use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
    use std::sync::Arc;

    /// Whether a key waits on `fd`, waiting at most `ms` milliseconds.
    pub(super) fn waiting(fd: i32, ms: i32) -> std::io::Result<bool> {
        let mut fd = libc::pollfd { fd, events: libc::POLLIN, revents: 0 };
        // SAFETY: poll on one valid pollfd.
        if unsafe { libc::poll(&mut fd, 1, ms) } >= 0 {
            return Ok(fd.revents != 0);
        }
        let e = std::io::Error::last_os_error();
        if e.kind() == std::io::ErrorKind::Interrupted {
            Ok(false)
        } else {
            Err(e)
        }
    }

    /// While it lives, the terminal hands over keys one by one, unechoed, Ctrl-C a key
    /// (console makes it an interruption), so `poll` sees each key as it is typed. The
    /// terminal's own mode comes back on drop, and on SIGINT (`restore_after_signal`).
    pub struct OneByOne {
        original: Option<(i32, libc::termios)>,
    }

    static SAVED: AtomicBool = AtomicBool::new(false);
    static SAVED_FD: AtomicI32 = AtomicI32::new(0);
    static mut MODE: std::mem::MaybeUninit<libc::termios> = std::mem::MaybeUninit::uninit();

    /// Put the terminal's own mode back (from the SIGINT handler: atomics and tcsetattr).
    pub fn restore_after_signal() {
        if SAVED.load(Ordering::SeqCst) {
            // SAFETY: MODE was fully written before SAVED became true.
            unsafe {
                libc::tcsetattr(SAVED_FD.load(Ordering::SeqCst), libc::TCSANOW, (*std::ptr::addr_of!(MODE)).as_ptr())
            };
        }
    }

    impl OneByOne {
        pub fn enter() -> OneByOne {
            Self::on(libc::STDIN_FILENO)
        }

        fn on(fd: i32) -> OneByOne {
            let mut t = std::mem::MaybeUninit::<libc::termios>::uninit();
            // SAFETY: tcgetattr/tcsetattr on an open descriptor with a termios we own; MODE
            // is written only while SAVED is false, so the signal handler never reads it
            // half-written (one thread, the terminal's, asks questions).
            unsafe {
                if libc::isatty(fd) != 1 || libc::tcgetattr(fd, t.as_mut_ptr()) != 0 {
                    return OneByOne { original: None };
                }
                let original = t.assume_init();
                let mut raw = original;
                raw.c_lflag &= !(libc::ICANON | libc::ECHO | libc::ISIG | libc::IEXTEN);
                (raw.c_cc[libc::VMIN], raw.c_cc[libc::VTIME]) = (1, 0);
                SAVED.store(false, Ordering::SeqCst);
                SAVED_FD.store(fd, Ordering::SeqCst);
                (*std::ptr::addr_of_mut!(MODE)).write(original);
                SAVED.store(true, Ordering::SeqCst);
                libc::tcsetattr(fd, libc::TCSADRAIN, &raw);
                OneByOne { original: Some((fd, original)) }
            }
        }
    }

    impl Drop for OneByOne {
        fn drop(&mut self) {
            if let Some((fd, original)) = &self.original {
                // SAFETY: restoring the mode read in `on`, on the same open descriptor.
                unsafe { libc::tcsetattr(*fd, libc::TCSADRAIN, original) };
                SAVED.store(false, Ordering::SeqCst);
            }
        }
    }

    /// Run `ask` (a dialoguer `Input`) with Ctrl-U and Escape deleting what stands before
    /// the cursor, as in a shell. `Input` drops both, and console reads standard input
    /// itself: so while `ask` runs, standard input is a pseudo-terminal a thread feeds with
    /// the keys typed, a Ctrl-U or lone Escape given as Backspaces (with nothing before the
    /// cursor, `Input` ignores one), until Enter (typing ahead stays for the next question).
    /// Without a pseudo-terminal, `ask` runs on the terminal as it is.
    pub fn with_ctrl_u<T>(ask: impl FnOnce() -> T) -> T {
        let _feed = Feed::start();
        ask()
    }

    /// The Backspaces a Ctrl-U is given as: more than any line typed at `enter` (a few
    /// milliseconds of `Input`'s system calls together).
    const CTRL_U_AS: usize = 1024;

    /// Standard input as a pseudo-terminal fed from the terminal, while it lives. Dropped,
    /// standard input is the terminal again, then its mode comes back, then the
    /// descriptors close (the fields drop in this order).
    struct Feed {
        _mode: OneByOne,
        /// The terminal (standard input as it was), the pseudo-terminal's two ends.
        fds: [OwnedFd; 3],
        stop: Arc<AtomicBool>,
        thread: Option<std::thread::JoinHandle<()>>,
    }

    impl Feed {
        fn start() -> Option<Feed> {
            let mut t = std::mem::MaybeUninit::<libc::termios>::uninit();
            // SAFETY: plain descriptor calls; each descriptor opened is owned at once.
            unsafe {
                if libc::isatty(libc::STDIN_FILENO) != 1 || libc::tcgetattr(libc::STDIN_FILENO, t.as_mut_ptr()) != 0 {
                    return None;
                }
                // The pseudo-terminal passes bytes as they come (as console sets it to read).
                let mut raw = t.assume_init();
                libc::cfmakeraw(&mut raw);
                let (mut master, mut slave) = (-1, -1);
                if libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), &raw, std::ptr::null()) != 0 {
                    return None;
                }
                let (master, slave) = (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave));
                let tty = libc::dup(libc::STDIN_FILENO);
                if tty < 0 {
                    return None;
                }
                let tty = OwnedFd::from_raw_fd(tty);
                if libc::dup2(slave.as_raw_fd(), libc::STDIN_FILENO) < 0 {
                    return None;
                }
                let (mode, stop) = (OneByOne::on(tty.as_raw_fd()), Arc::new(AtomicBool::new(false)));
                let (from, to, until) = (tty.as_raw_fd(), master.as_raw_fd(), stop.clone());
                let thread = Some(std::thread::spawn(move || feeding(from, to, &until)));
                Some(Feed { _mode: mode, fds: [tty, master, slave], stop, thread })
            }
        }
    }

    impl Drop for Feed {
        fn drop(&mut self) {
            self.stop.store(true, Ordering::SeqCst);
            if let Some(thread) = self.thread.take() {
                let _ = thread.join();
            }
            // SAFETY: the terminal's descriptor, open until the fields drop.
            unsafe { libc::dup2(self.fds[0].as_raw_fd(), libc::STDIN_FILENO) };
        }
    }

    /// Pass the keys typed on `tty` to `master` until Enter has been passed (or `stop`); an
    /// escape sequence whole (as console reads it), so it is not taken for Escape and letters.
    fn feeding(tty: i32, master: i32, stop: &AtomicBool) {
        use std::io::{Read, Write};
        // SAFETY: views of descriptors `Feed` owns and closes once this thread has ended.
        let [input, output] =
            [tty, master].map(|fd| std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(fd) }));
        let byte = || {
            let mut b = [0u8];
            ((&*input).read(&mut b).ok() == Some(1)).then_some(b[0])
        };
        let whole = |k: &[u8]| {
            k[0] != 0x1b || k.len() == 4 || k.len() >= 2 && k[1] != b'[' || k.len() == 3 && b"ABCDHFZ".contains(&k[2])
        };
        while !stop.load(Ordering::SeqCst) {
            if !waiting(tty, 50).unwrap_or(false) {
                continue;
            }
            let Some(mut key) = byte().map(|b| vec![b]) else { return };
            while !whole(&key) && waiting(tty, 0).unwrap_or(false) {
                match byte() {
                    Some(b) => key.push(b),
                    None => break,
                }
            }
            let enter = key == [b'\r'] || key == [b'\n'];
            if key == [0x15] || key == [0x1b] {
                key = vec![0x7f; CTRL_U_AS];
            }
            if (&*output).write_all(&key).is_err() || enter {
                return;
            }
        }
    }
}
