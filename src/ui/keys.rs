//! Keys at the terminal, under the prompts: reading them while a phone may answer first
//! (the menus' loop), the terminal handing them over one by one meanwhile, and Ctrl-U and
//! Escape for dialoguer's `Input`, which ignores both (docs/dialoguer.md).

use console::{Key, Term};

/// The next key, or None as soon as `overtaken()` is true (checked every 50 ms while no
/// key is waiting).
pub fn next(term: &Term, overtaken: Option<&dyn Fn() -> bool>) -> std::io::Result<Option<Key>> {
    let Some(overtaken) = overtaken else { return term.read_key().map(Some) };
    loop {
        if overtaken() {
            return Ok(None);
        }
        if waiting(libc_stdin(), 50)? {
            return term.read_key().map(Some);
        }
    }
}

#[cfg(unix)]
fn libc_stdin() -> i32 {
    libc::STDIN_FILENO
}

#[cfg(not(unix))]
fn libc_stdin() -> i32 {
    0
}

/// Whether a key waits on `fd`, waiting at most `ms` milliseconds.
#[cfg(unix)]
fn waiting(fd: i32, ms: i32) -> std::io::Result<bool> {
    let mut fd = libc::pollfd { fd, events: libc::POLLIN, revents: 0 };
    // SAFETY: poll on one valid pollfd.
    let n = unsafe { libc::poll(&mut fd, 1, ms) };
    if n < 0 {
        let e = std::io::Error::last_os_error();
        return if e.kind() == std::io::ErrorKind::Interrupted { Ok(false) } else { Err(e) };
    }
    Ok(n > 0)
}

#[cfg(not(unix))]
fn waiting(_fd: i32, _ms: i32) -> std::io::Result<bool> {
    Ok(true)
}

/// While it lives, the terminal hands over keys one by one, unechoed (the prompt draws
/// them), with Ctrl-C as a key that console's reader turns into an interruption — so
/// `poll` sees each key as it is typed, not only after Enter. The terminal's own mode
/// comes back when it is dropped, and on SIGINT (`restore_after_signal`).
pub struct OneByOne {
    #[cfg(unix)]
    original: Option<(i32, libc::termios)>,
}

#[cfg(unix)]
mod saved {
    use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

    static SAVED: AtomicBool = AtomicBool::new(false);
    static FD: AtomicI32 = AtomicI32::new(0);
    static mut MODE: std::mem::MaybeUninit<libc::termios> = std::mem::MaybeUninit::uninit();

    pub fn keep(fd: i32, t: libc::termios) {
        SAVED.store(false, Ordering::SeqCst);
        FD.store(fd, Ordering::SeqCst);
        // SAFETY: written only here, while SAVED is false, so the signal handler never
        // reads it half-written; one thread (the terminal's) asks questions.
        unsafe { (*std::ptr::addr_of_mut!(MODE)).write(t) };
        SAVED.store(true, Ordering::SeqCst);
    }

    pub fn forget() {
        SAVED.store(false, Ordering::SeqCst);
    }

    /// Async-signal-safe: atomic loads and tcsetattr.
    pub fn restore() {
        if SAVED.load(Ordering::SeqCst) {
            // SAFETY: MODE was fully written before SAVED became true.
            unsafe { libc::tcsetattr(FD.load(Ordering::SeqCst), libc::TCSANOW, (*std::ptr::addr_of!(MODE)).as_ptr()) };
        }
    }
}

/// Put the terminal's own mode back (from the SIGINT handler).
#[cfg(unix)]
pub fn restore_after_signal() {
    saved::restore();
}

impl OneByOne {
    /// Keys one by one from standard input.
    pub fn enter() -> OneByOne {
        Self::on(libc_stdin())
    }

    #[cfg(unix)]
    fn on(fd: i32) -> OneByOne {
        // SAFETY: tcgetattr/tcsetattr on an open descriptor with a termios we own.
        unsafe {
            if libc::isatty(fd) != 1 {
                return OneByOne { original: None };
            }
            let mut t = std::mem::MaybeUninit::<libc::termios>::uninit();
            if libc::tcgetattr(fd, t.as_mut_ptr()) != 0 {
                return OneByOne { original: None };
            }
            let original = t.assume_init();
            let mut raw = original;
            raw.c_lflag &= !(libc::ICANON | libc::ECHO | libc::ISIG | libc::IEXTEN);
            raw.c_cc[libc::VMIN] = 1;
            raw.c_cc[libc::VTIME] = 0;
            saved::keep(fd, original);
            libc::tcsetattr(fd, libc::TCSADRAIN, &raw);
            OneByOne { original: Some((fd, original)) }
        }
    }

    #[cfg(not(unix))]
    fn on(_fd: i32) -> OneByOne {
        OneByOne {}
    }
}

impl Drop for OneByOne {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Some((fd, original)) = &self.original {
            // SAFETY: restoring the mode read in `on`, on the same open descriptor.
            unsafe { libc::tcsetattr(*fd, libc::TCSADRAIN, original) };
            saved::forget();
        }
    }
}

/// Run `ask` (a dialoguer `Input`) with Ctrl-U and Escape deleting what stands before the
/// cursor, as Ctrl-U does in a shell. `Input` drops control characters and Escape, and
/// console's `read_key` reads standard input itself, so no reader can stand in front of
/// it: while `ask` runs, standard input is a pseudo-terminal that a thread feeds with the
/// keys typed, a Ctrl-U or a lone Escape given as Backspaces (at a place where there is
/// nothing before the cursor, `Input` does nothing with a Backspace). The feeding stops
/// after Enter, so what is typed ahead stays for the next question. Where no
/// pseudo-terminal can be had, `ask` runs on the terminal as it is.
pub fn with_ctrl_u<T>(ask: impl FnOnce() -> T) -> T {
    #[cfg(unix)]
    let _feed = feed::Feed::start();
    ask()
}

#[cfg(unix)]
mod feed {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    use super::{waiting, OneByOne};

    /// The Backspaces a Ctrl-U is given as: more than any line typed at `enter` (a line of
    /// up to 1,024 characters clears at once). They cost `Input` a few system calls each,
    /// a few milliseconds together.
    const CTRL_U_AS: usize = 1024;

    /// Standard input as a pseudo-terminal fed from the terminal, while it lives.
    pub struct Feed {
        /// The terminal (standard input as it was).
        tty: i32,
        master: i32,
        slave: i32,
        mode: Option<OneByOne>,
        stop: Arc<AtomicBool>,
        thread: Option<std::thread::JoinHandle<()>>,
    }

    impl Feed {
        pub fn start() -> Option<Feed> {
            // SAFETY: plain descriptor calls on descriptors this function opens or checks;
            // every one it opens is closed on each way out (here, or in `drop`).
            unsafe {
                if libc::isatty(libc::STDIN_FILENO) != 1 {
                    return None;
                }
                let mut t = std::mem::MaybeUninit::<libc::termios>::uninit();
                if libc::tcgetattr(libc::STDIN_FILENO, t.as_mut_ptr()) != 0 {
                    return None;
                }
                // The pseudo-terminal passes bytes as they come (console sets it so
                // itself while reading a key).
                let mut raw = t.assume_init();
                libc::cfmakeraw(&mut raw);
                let (mut master, mut slave) = (-1, -1);
                if libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), &raw, std::ptr::null()) != 0 {
                    return None;
                }
                let tty = libc::dup(libc::STDIN_FILENO);
                if tty < 0 {
                    libc::close(master);
                    libc::close(slave);
                    return None;
                }
                let mode = OneByOne::on(tty);
                let stop = Arc::new(AtomicBool::new(false));
                let mut feed = Feed { tty, master, slave, mode: Some(mode), stop: stop.clone(), thread: None };
                if libc::dup2(slave, libc::STDIN_FILENO) < 0 {
                    return None;
                }
                feed.thread = Some(std::thread::spawn(move || feeding(tty, master, &stop)));
                Some(feed)
            }
        }
    }

    impl Drop for Feed {
        fn drop(&mut self) {
            self.stop.store(true, Ordering::SeqCst);
            if let Some(thread) = self.thread.take() {
                let _ = thread.join();
            }
            // SAFETY: the descriptors opened in `start`, each closed once; standard input
            // is the terminal again before the terminal's mode comes back.
            unsafe {
                libc::dup2(self.tty, libc::STDIN_FILENO);
                drop(self.mode.take());
                libc::close(self.tty);
                libc::close(self.slave);
                libc::close(self.master);
            }
        }
    }

    /// One byte from `fd`, if one can be read.
    fn byte(fd: i32) -> Option<u8> {
        let mut b = 0u8;
        // SAFETY: reading one byte into a byte we own.
        (unsafe { libc::read(fd, (&mut b as *mut u8).cast(), 1) } == 1).then_some(b)
    }

    fn write_all(fd: i32, mut bytes: &[u8]) -> bool {
        while !bytes.is_empty() {
            // SAFETY: writing from a slice we own, at most its length.
            let n = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
            if n < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            if n <= 0 {
                return false;
            }
            bytes = &bytes[n as usize..];
        }
        true
    }

    /// Pass the keys typed on `tty` to `master` until Enter has been passed (or `stop`).
    /// An escape sequence goes over whole, as console reads it (Escape, then what follows
    /// at once: `[`, a letter, or a digit and `~`), so that it is not taken for Escape and
    /// letters.
    fn feeding(tty: i32, master: i32, stop: &AtomicBool) {
        let more = || waiting(tty, 0).unwrap_or(false);
        while !stop.load(Ordering::SeqCst) {
            if !waiting(tty, 50).unwrap_or(false) {
                continue;
            }
            let Some(b) = byte(tty) else { return };
            let mut key = vec![b];
            if b == 0x1b {
                if let Some(c1) = more().then(|| byte(tty)).flatten() {
                    key.push(c1);
                    if let Some(c2) = (c1 == b'[' && more()).then(|| byte(tty)).flatten() {
                        key.push(c2);
                        if let Some(c3) = (!b"ABCDHFZ".contains(&c2) && more()).then(|| byte(tty)).flatten() {
                            key.push(c3);
                        }
                    }
                }
            }
            if key == [0x15] || key == [0x1b] {
                key = vec![0x7f; CTRL_U_AS];
            }
            if !write_all(master, &key) || b == b'\r' || b == b'\n' {
                return;
            }
        }
    }
}
