//! Ctrl-C at a prompt: a terminal library may hide the cursor while a menu is shown, and a
//! plain SIGINT would leave the user's terminal without one. The handler restores the cursor, says what
//! was kept, and exits with the documented code 130. It only calls async-signal-safe
//! functions (`write`, `_exit`) on data prepared before the signal can arrive.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicUsize, Ordering};

use crate::text::Lang;

static RESTORE_CURSOR: AtomicBool = AtomicBool::new(false);
static NOTE_PTR: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());
static NOTE_LEN: AtomicUsize = AtomicUsize::new(0);

/// Install the handler once, at start-up, with its note in a language.
pub fn install_in(lang: Lang) {
    RESTORE_CURSOR.store(std::io::stderr().is_terminal(), Ordering::SeqCst);
    set_note(&format!("\n{}\n", crate::text::error::interrupted(lang)));
    #[cfg(unix)]
    // SAFETY: `on_sigint` only uses async-signal-safe calls and atomics.
    unsafe {
        libc::signal(libc::SIGINT, on_sigint as *const () as libc::sighandler_t);
    }
}

/// What to print when interrupted (e.g. where the game is saved). Leaks the text, which
/// lives until the process ends anyway.
pub fn set_note(text: &str) {
    let bytes: &'static mut [u8] = Box::leak(text.as_bytes().to_vec().into_boxed_slice());
    NOTE_LEN.store(0, Ordering::SeqCst);
    NOTE_PTR.store(bytes.as_mut_ptr(), Ordering::SeqCst);
    NOTE_LEN.store(bytes.len(), Ordering::SeqCst);
}

#[cfg(unix)]
extern "C" fn on_sigint(_: libc::c_int) {
    const SHOW_CURSOR: &[u8] = b"\x1b[?25h";
    // SAFETY: write(2) and _exit(2) are async-signal-safe; the note is a leaked, never
    // freed buffer whose pointer and length were published before the handler ran.
    unsafe {
        crate::ui::keys::restore_after_signal();
        if RESTORE_CURSOR.load(Ordering::SeqCst) {
            libc::write(2, SHOW_CURSOR.as_ptr().cast(), SHOW_CURSOR.len());
        }
        let len = NOTE_LEN.load(Ordering::SeqCst);
        let ptr = NOTE_PTR.load(Ordering::SeqCst);
        if !ptr.is_null() && len > 0 {
            libc::write(2, ptr.cast(), len);
        }
        libc::_exit(130);
    }
}
