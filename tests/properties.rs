//! Property tests over thousands of random legal games (1–4 players, solo, captain and
//! trophy cards), played by the random player through the same `Session` API the CLI uses.
//! Each game is generated from a seed, so a failure names the seed that reproduces it.
//! (A seeded generator is used instead of proptest: a game is a long chain of dependent
//! decisions, which shrinking cannot simplify meaningfully, and it keeps the build lean.)

use deckhand::games::fleet::game::{Game, Input, Setup};
use deckhand::games::fleet::random::random_input;
use deckhand::games::fleet::session::{Entry, Session};
use deckhand::games::fleet::setup::FleetSetup;
use deckhand::games::fleet::SectionKind;
use deckhand::games::fleet::{check_game, score, Mark, Sheet};
use deckhand::games::{FleetRules, Source};
use deckhand::rng::Rng;
use deckhand::store::save::{Header, RulesStamp, Setup as SaveSetup};
use deckhand::text::Lang;

use crate::common::fleet;

/// How many random games the properties run over (each test runs its own share).
const GAMES: u64 = 1200;

fn setup_for(seed: u64) -> (Vec<String>, Setup) {
    let n = 1 + (seed % 4) as usize;
    let names = (0..n).map(|i| format!("P{i}")).collect();
    (names, Setup { solo: n == 1, captains: seed.is_multiple_of(5), trophies: seed.is_multiple_of(3) })
}

/// Invariants of one sheet at any moment of a game.
fn sheet_invariants(rules: &FleetRules, sheet: &Sheet, seed: u64) {
    for (s, section) in rules.sections.iter().enumerate() {
        let marks = &sheet.boxes[s];
        if section.ordered() {
            // Golden rule: no mark below an empty box.
            if let Some(first_empty) = marks.iter().position(|m| *m == Mark::Empty) {
                assert!(
                    marks[first_empty..].iter().all(|m| *m != Mark::Marked),
                    "seed {seed}: {} breaks the golden rule: {:?}",
                    section.id,
                    marks
                );
            }
        }
        if !sheet.solo {
            assert!(!marks.contains(&Mark::Crossed), "seed {seed}: a crossed box outside solo in {}", section.id);
        }
        if matches!(section.kind, SectionKind::Licenses(_)) {
            assert!(sheet.marked_count(s) <= 3);
        }
    }
    for boat in Sheet::all_boats(rules) {
        let fish = sheet.fish_on(&boat);
        if !sheet.is_launched(&boat) {
            assert_eq!(fish, 0, "seed {seed}: fish on an unlaunched boat");
        }
        assert!(fish <= sheet.capacity(rules, &boat), "seed {seed}: {fish} fish above capacity");
    }
    assert!(sheet.coins(rules) as usize <= rules.coin_stars.len());
}

/// A box never changes once it is marked or crossed off (no box is marked twice).
fn monotonic(before: &Game, after: &Game, seed: u64) {
    for (p, q) in before.players.iter().zip(&after.players) {
        for (s, (a, b)) in p.sheet.boxes.iter().zip(&q.sheet.boxes).enumerate() {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                assert!(*x == Mark::Empty || x == y, "seed {seed}: box {s}.{i} changed from {x:?} to {y:?}");
            }
        }
        for (a, b) in p.sheet.fish.iter().flatten().zip(q.sheet.fish.iter().flatten()) {
            assert!(b >= a, "seed {seed}: fish went down");
        }
    }
}

/// Play one random game, checking the invariants after every decision and sometimes
/// undoing and redoing a decision. Returns the session and its save entries.
fn random_game(rules: &FleetRules, seed: u64) -> (Session, Vec<Entry>) {
    let (names, setup) = setup_for(seed);
    let mut session = Session::with_setup(rules, &names, setup);
    session.game.take_events();
    let mut rng = Rng::new(seed);
    let mut entries = Vec::new();
    let mut steps = 0;
    while let Some(input) = random_input(rules, &session, &mut rng) {
        let input = match input {
            // Typed (physical) dice can be undone; deckhand's own rolls cannot.
            Input::Roll { faces, .. } => Input::Roll { faces, digital: false },
            other => other,
        };
        let before = session.game.clone();
        session.apply(rules, input.clone()).unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
        entries.push(Entry::Do(input.clone()));
        monotonic(&before, &session.game, seed);
        for p in &session.game.players {
            sheet_invariants(rules, &p.sheet, seed);
        }
        // Undo followed by the same decision gives the same state.
        if steps % 37 == (seed % 37) as usize {
            let after = session.game.clone();
            session.undo(rules).unwrap_or_else(|e| panic!("seed {seed}: undo: {e:?}"));
            assert_eq!(session.game, before, "seed {seed}: undo did not restore the state");
            session.apply(rules, input.clone()).unwrap();
            assert_eq!(session.game, after, "seed {seed}: redo gave another state");
            entries.push(Entry::Undo);
            entries.push(Entry::Do(input));
        }
        steps += 1;
    }
    (session, entries)
}

#[test]
fn random_games_keep_the_rules_and_end_with_sheets_that_pass_check() {
    let rules = fleet();
    for seed in 0..GAMES / 2 {
        let (session, _) = random_game(&rules, seed);
        let game = &session.game;
        assert!(game.finished(), "seed {seed}");
        assert_eq!(game.round, if game.ruth.is_some() { rules.solo.rounds } else { rules.rounds });
        let sheets: Vec<Sheet> = game.players.iter().map(|p| p.sheet.clone()).collect();
        assert_eq!(check_game(&rules, &sheets), vec![], "seed {seed}");
        // Fish within what the fishing phases can bring.
        let phases = rules.fishing_phases(game.rounds);
        for s in &sheets {
            let most = (phases + s.private_fishings(&rules)) * 2;
            for boat in Sheet::all_boats(&rules) {
                let is_barge = deckhand::games::fleet::sheet::is_barge(&rules, &boat);
                assert!(is_barge || s.fish_on(&boat) <= most, "seed {seed}");
            }
        }
    }
}

#[test]
fn exported_sheets_score_like_the_live_game_and_replaying_the_save_rebuilds_it_exactly() {
    let rules = fleet();
    for seed in GAMES / 2..GAMES {
        let (session, entries) = random_game(&rules, seed);
        // The sheets the game writes, read back, score exactly like the live sheets.
        for p in &session.game.players {
            let text = deckhand::text::sheet_file::write_fleet(&rules, &p.sheet, None, Lang::En);
            let back =
                deckhand::games::fleet::sheet_file::parse(&rules, &Source::new("export.toml", text)).unwrap().sheet;
            assert_eq!(back, p.sheet, "seed {seed}: the exported sheet differs");
            assert_eq!(score(&rules, &back), score(&rules, &p.sheet));
        }
        // Replaying the entries (undos included) reproduces the state exactly.
        let (names, setup) = setup_for(seed);
        let replayed =
            Session::replay(&rules, &names, setup, &entries).unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
        assert_eq!(replayed.game, session.game, "seed {seed}: replay differs");
    }
}

#[test]
fn a_save_file_written_and_read_back_replays_to_the_same_game() {
    let rules = fleet();
    let dir = tempfile::tempdir().unwrap();
    for seed in 0..20 {
        let (session, entries) = random_game(&rules, 10_000 + seed);
        let (names, setup) = setup_for(10_000 + seed);
        let header = Header::new(
            "fleet-dice",
            RulesStamp { hash: "0".into(), text: None },
            names.clone(),
            SaveSetup::new(
                "fleet",
                FleetSetup {
                    dice: deckhand::games::fleet::game::Dice::Physical,
                    seed: None,
                    solo: setup.solo,
                    captains: setup.captains,
                    trophies: setup.trophies,
                    deal: None,
                    bots: None,
                },
            ),
        );
        let path = dir.path().join(format!("g{seed}.jsonl"));
        let mut journal = deckhand::store::Journal::create(&path, &header).unwrap();
        for e in &entries {
            journal.append(e).unwrap();
        }
        drop(journal);
        let read = deckhand::store::Journal::read::<Header<FleetSetup>, Entry>(&path).unwrap();
        assert_eq!(read.header, header);
        assert_eq!(read.entries, entries);
        let replayed = Session::replay(&rules, &names, setup, &read.entries).unwrap();
        assert_eq!(replayed.game, session.game, "seed {seed}");
    }
}

/// Random sheets (any marks, any fish, random cards) never make check, score or the sheet
/// file round trip panic, and a written sheet always reads back the same.
#[test]
fn random_sheets_never_panic_and_round_trip() {
    let rules = fleet();
    let mut rng = Rng::new(77);
    for n in 0..3000 {
        let mut sheet = Sheet::blank(&rules, &format!("R{n}"));
        sheet.solo = rng.below(4) == 0;
        for s in 0..rules.sections.len() {
            for i in 0..sheet.boxes[s].len() {
                sheet.boxes[s][i] = match rng.below(if sheet.solo { 3 } else { 2 }) {
                    0 => Mark::Empty,
                    1 => Mark::Marked,
                    _ => Mark::Crossed,
                };
            }
            for f in sheet.fish[s].iter_mut() {
                *f = rng.below(12) as u32;
            }
        }
        if rng.below(2) == 0 {
            sheet.king_crab_bonus = Some(rng.below(rules.king_crab_bonuses.len()));
        }
        if rng.below(3) == 0 {
            sheet.captain = Some(rng.below(rules.captains.len()));
        }
        let _ = check_game(&rules, std::slice::from_ref(&sheet));
        let s = score(&rules, &sheet);
        assert_eq!(s.total, s.categories().iter().sum::<u32>());
        let text = deckhand::text::sheet_file::write_fleet(&rules, &sheet, None, Lang::En);
        let back = deckhand::games::fleet::sheet_file::parse(&rules, &Source::new("r.toml", text)).unwrap().sheet;
        assert_eq!(back, sheet);
    }
}

/// A player's answer that depends only on the player's own sheet and the question: the
/// same in any order of answering, as long as the game is order-independent.
fn own_answer(rules: &FleetRules, game: &Game, d: &deckhand::games::fleet::game::Decision) -> String {
    let sheet_marks = d.player.map_or(0, |p| {
        let sheet = &game.players[p].sheet;
        sheet.boxes.iter().flatten().filter(|m| **m == Mark::Marked).count() + sheet.total_fish() as usize
    });
    let i = (sheet_marks * 7 + d.options.len()) % d.options.len();
    d.options[i].key(rules, game).into_owned()
}

/// Play a game to its end; the table's rolls come from `seed`. `shuffle` answers a random
/// one of the pending decisions each time (as phones would, in arrival order), otherwise
/// always the first in seat order. Returns the session.
fn order_game(rules: &FleetRules, names: &[String], setup: Setup, seed: u64, shuffle: Option<u64>) -> Session {
    let mut s = Session::with_setup(rules, names, setup);
    let mut order = shuffle.map(Rng::new);
    let mut rolls = 0u64;
    loop {
        let pending = s.game.pending(rules);
        let Some(front) = pending.first() else { break };
        if let Some(spec) = front.roll {
            let faces = deckhand::games::fleet::random::roll(rules, spec, &mut Rng::for_roll(seed, rolls));
            rolls += 1;
            s.apply(rules, Input::Roll { faces, digital: true }).unwrap();
            continue;
        }
        let k = match &mut order {
            Some(rng) => rng.below(pending.len()),
            None => 0,
        };
        let d = &pending[k];
        let answer = Input::Choice(own_answer(rules, &s.game, d));
        if k == 0 {
            s.apply(rules, answer).unwrap();
        } else {
            s.apply_by(rules, d.player.expect("a player's decision"), answer).unwrap();
        }
    }
    s
}

#[test]
fn simultaneous_decisions_answered_in_any_order_end_like_seat_order() {
    let rules = fleet();
    let mut out_of_order = 0;
    for seed in 0..150u64 {
        let n = 2 + (seed % 3) as usize;
        let names: Vec<String> = (0..n).map(|i| format!("P{i}")).collect();
        let setup = Setup { solo: false, captains: false, trophies: seed.is_multiple_of(2) };
        let seat_order = order_game(&rules, &names, setup, seed, None);
        let shuffled = order_game(&rules, &names, setup, seed, Some(seed * 31 + 7));
        out_of_order += shuffled.inputs.iter().filter(|(by, _)| by.is_some()).count();
        for (a, b) in seat_order.game.players.iter().zip(&shuffled.game.players) {
            assert_eq!(a.sheet, b.sheet, "seed {seed}: {} differs", a.name);
        }
        // The save replays to the same game.
        let entries: Vec<Entry> = shuffled.inputs.iter().map(|(by, input)| Entry::answer(*by, input.clone())).collect();
        let replayed = Session::replay(&rules, &names, setup, &entries).unwrap();
        assert_eq!(replayed.game, shuffled.game, "seed {seed}: replay");
    }
    assert!(out_of_order > 1000, "the test must really answer out of order: {out_of_order}");
}
