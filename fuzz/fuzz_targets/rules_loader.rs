//! Any text as a rules file: loading must give rules or a clear error, never panic or hang.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Err(e) = deckhand::games::from_source(deckhand::source::Source::new("fuzz.toml", text)) {
            assert!(!e.to_string().is_empty());
        }
    }
});
