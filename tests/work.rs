//! Work that must not grow with a game's length, counted rather than timed (timings belong
//! in `benches/`): the heap bytes a Fleet table allocates per answer, on the test's own
//! thread. A table that copied the game's whole history at every answer allocated more
//! per answer the longer the game (issue 30, item 12: rules files of 50/100/200/400 rounds
//! played in 2.2/5.1/9.7/29.1 s). Its own test binary: the counting allocator is global.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use deckhand::games::fleet::game::Dice;
use deckhand::games::fleet::session::{Entry, Session};
use deckhand::games::fleet::setup::{BotLevel, Bots, FleetSetup};
use deckhand::games::fleet::table::{FleetTable, Save};
use deckhand::games::live::AppendError;
use deckhand::source::Source;

struct Counting;

thread_local! {
    static BYTES: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: every call goes to the system allocator unchanged; the count is a side note.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = BYTES.try_with(|b| b.set(b.get() + layout.size() as u64));
        // SAFETY: the caller's layout, as GlobalAlloc requires.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: ptr came from System.alloc/realloc with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = BYTES.try_with(|b| b.set(b.get() + new_size as u64));
        // SAFETY: as for dealloc; new_size is the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// A save that keeps only how many lines it was given.
struct Count(u64);

impl Save<Entry> for Count {
    fn append(&mut self, _: &Entry) -> Result<(), AppendError> {
        self.0 += 1;
        Ok(())
    }
}

/// The built-in Fleet rules with `rounds` rounds, fishing in every even one.
fn rules_of(rounds: u32) -> deckhand::games::fleet::FleetRules {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/fleet-dice.toml")).unwrap();
    let fishing: Vec<String> = (2..=rounds).step_by(2).map(|r| r.to_string()).collect();
    let text = text.replacen("rounds = 10\n", &format!("rounds = {rounds}\n"), 1).replacen(
        "fishing_rounds = [2, 4, 6, 8, 10]",
        &format!("fishing_rounds = [{}]", fishing.join(", ")),
        1,
    );
    let rules = deckhand::games::fleet::compile(&Source::new("long.toml", text)).expect("the long rules compile");
    assert_eq!(rules.rounds, rounds);
    rules
}

/// A whole game of four random bots with digital dice: the save's lines and the heap bytes
/// the table allocated per line.
fn bytes_per_answer(rounds: u32) -> (u64, f64) {
    let rules = rules_of(rounds);
    let names: Vec<String> = ["Ann", "Bob", "Cy", "Dee"].iter().map(|n| n.to_string()).collect();
    let bots = Bots { first: 0, level: BotLevel::Random, seed: 7 };
    let setup = FleetSetup { dice: Dice::Digital, seed: Some(1), bots: Some(bots), ..FleetSetup::default() };
    let session = Session::with_setup(&rules, &names, setup.options());
    let words = deckhand::text::fleet_entry::vocabulary(&rules, deckhand::text::Lang::En);
    let before = BYTES.with(Cell::get);
    // Everything is deckhand's to answer: the table plays the game to its end as it opens.
    let table = FleetTable::new(rules, setup, Default::default(), session, Count(0), 0, words);
    let bytes = BYTES.with(Cell::get) - before;
    assert!(table.session().game.decision(&table.rules).is_none(), "the {rounds}-round game ended");
    let lines = table.save().0;
    (lines, bytes as f64 / lines as f64)
}

#[test]
fn an_answer_costs_the_same_in_round_10_and_in_round_120() {
    let (short_lines, short) = bytes_per_answer(30);
    let (long_lines, long) = bytes_per_answer(120);
    assert!(long_lines > 3 * short_lines, "{long_lines} lines against {short_lines}");
    assert!(
        long <= 1.5 * short,
        "a 120-round game allocated {long:.0} bytes per answer, a 30-round game {short:.0}: \
         something copies the game's history at every answer"
    );
}
