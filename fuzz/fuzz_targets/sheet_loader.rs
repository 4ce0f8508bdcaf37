//! Any text as a sheet file (Fleet, and an endgame game): parse, then check and score
//! what parses. Never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

static RULES: OnceLock<(deckhand::games::FleetRules, deckhand::games::Rules)> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let (fleet, nauticus) = RULES.get_or_init(|| {
        let fleet = deckhand::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
        (fleet, deckhand::games::built_in("nauticus").unwrap())
    });
    let Ok(text) = std::str::from_utf8(data) else { return };
    let source = deckhand::source::Source::new("fuzz.toml", text);
    if let Ok(parsed) = deckhand::games::fleet::sheet_file::parse(fleet, &source) {
        let _ = deckhand::games::fleet::check_game(fleet, std::slice::from_ref(&parsed.sheet));
        let _ = deckhand::games::fleet::score(fleet, &parsed.sheet);
        let _ = deckhand::text::sheet_file::write_fleet(fleet, &parsed.sheet, None, deckhand::text::Lang::En);
    }
    if let Some(r) = nauticus.endgame() {
        let _ = deckhand::games::endgame::sheet_file::parse(r, &source);
    }
});
