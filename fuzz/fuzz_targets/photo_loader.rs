//! Any bytes as a photo of a pad: decode (JPEG, PNG, bounded), then look for the corner
//! codes and read a Fleet page where they are found. Never a panic, never unbounded memory.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(img) = deckhand::paper::photo::load(data) else { return };
    // The search is linear in pixels; keep each run quick.
    if img.width * img.height > 1_000_000 {
        return;
    }
    let found = deckhand::paper::read::locate(&img);
    if found.is_empty() {
        return;
    }
    let Ok(rules) = deckhand::games::resolve(Some(&found[0].payload.game), None) else { return };
    let Some(fleet) = rules.fleet() else { return };
    let words = deckhand::paper::layout::Words {
        names: vec![String::new(); fleet.sections.len()],
        bonuses: vec![String::new(); fleet.king_crab_bonuses.len()],
        ..Default::default()
    };
    let page = deckhand::paper::layout::fleet(fleet, &words, found[0].payload.paper, found[0].payload.clone());
    let _ = deckhand::paper::read::read(&img, &page, &found);
});
