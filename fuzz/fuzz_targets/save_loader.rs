//! Any bytes as a Fleet save file: reading must give entries or a clear error; entries
//! that read are replayed (illegal ones are reported). Never a panic or a hang.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::io::Write;
use std::sync::OnceLock;

use deckhand::games::fleet::session::{Entry, Session};
use deckhand::games::fleet::setup::FleetSetup;
use deckhand::store::save::Header;

static RULES: OnceLock<deckhand::games::FleetRules> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let rules = RULES.get_or_init(|| deckhand::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone());
    let path = std::env::temp_dir().join(format!("deckhand-fuzz-{}.jsonl", std::process::id()));
    std::fs::File::create(&path).unwrap().write_all(data).unwrap();
    if let Ok(read) = deckhand::store::Journal::read::<serde_json::Value, Entry>(&path) {
        if let Ok(header) = Header::from_json(read.header) {
            let fleet = header.setup.engine == "fleet";
            if let Some(setup) = fleet.then(|| header.setup.decode::<FleetSetup>().ok()).flatten() {
                if (1..=4).contains(&header.players.len()) && read.entries.len() < 2000 {
                    let _ = Session::replay(rules, &header.players, setup.options(), &read.entries);
                }
            }
        }
    }
    let _ = std::fs::remove_file(&path);
});
