//! The table service's tests: policy, chains, early answers, undo, saves.

use super::*;

/// A save in memory.
#[derive(Default)]
struct Lines(Vec<Entry>);

impl Save<Entry> for Lines {
    fn append(&mut self, entry: &Entry) -> Result<(), crate::games::live::AppendError> {
        self.0.push(entry.clone());
        Ok(())
    }
}

fn rules() -> FleetRules {
    crate::games::fleet::precompiled::fleet().expect("the precompiled rules are fresh")
}

/// Ann and Bob with physical dice, after the start dice (Ann cod, Bob lobster), Ann
/// starting, and the boat roll `faces`.
fn table(opts: Entries, faces: &[&str]) -> Table<Lines> {
    let r = rules();
    let names = vec!["Ann".to_string(), "Bob".to_string()];
    let setup = FleetSetup::default();
    let session = Session::with_setup(&r, &names, setup.options());
    let mut t = Table::new(r, setup, opts, session, Lines::default(), 0);
    for (seat, key) in [(0, "cod"), (1, "lobster")] {
        let steps = t.tap(seat, &[key]).unwrap();
        t.answer(steps, From::Seat(seat)).unwrap();
    }
    let d = t.session().game.decision(&t.rules).unwrap();
    let who = t.read(d, Input::Choice("Ann".into())).unwrap();
    t.answer(vec![who], From::Here).unwrap();
    let d = t.session().game.decision(&t.rules).unwrap();
    let faces = faces.iter().map(|f| f.to_string()).collect();
    let roll = t.read(d, Input::Roll { faces, digital: false }).unwrap();
    t.answer(vec![roll], From::Here).unwrap();
    t.take_told();
    t
}

fn keys(entries: &[Entry]) -> Vec<String> {
    entries
        .iter()
        .map(|e| match e {
            Entry::Do(Input::Choice(k)) | Entry::By { input: Input::Choice(k), .. } => k.clone(),
            other => format!("{other:?}"),
        })
        .collect()
}

#[test]
fn a_tapped_pick_is_the_pick_with_its_usual_use_and_the_page_offers_the_other_uses() {
    let mut t = table(Entries::default(), &["cod", "shrimp", "oyster"]);
    let offered: Vec<Vec<String>> = t.answers(0).iter().map(|s| entry::typed_keys(s)).collect();
    assert!(offered.contains(&vec!["cod".to_string()]), "{offered:?}");
    assert!(offered.contains(&vec!["cod".to_string(), "coin".to_string()]), "{offered:?}");
    let before = t.save().0.len();
    let steps = t.tap(0, &["cod"]).unwrap();
    t.answer(steps, From::Seat(0)).unwrap();
    assert_eq!(keys(&t.save().0[before..]), ["cod", "mark"], "one tap, the pick and its use");
    let told = t.take_told();
    assert!(told.iter().any(|x| matches!(x, Told::Step { from: From::Seat(0), .. })));
    // --ask-all: the pick alone; its use is asked.
    let mut all = table(Entries { ask_all: true }, &["cod", "shrimp", "oyster"]);
    let before = all.save().0.len();
    let steps = all.tap(0, &["cod"]).unwrap();
    all.answer(steps, From::Seat(0)).unwrap();
    assert_eq!(keys(&all.save().0[before..]), ["cod"]);
}

#[test]
fn a_planned_step_is_applied_by_its_option_never_by_its_key() {
    let mut t = table(Entries::default(), &["cod", "shrimp", "oyster"]);
    let planned = t.tap(0, &["cod"]).unwrap();
    let want: Vec<Input> = planned.iter().map(|s| s.input.clone()).collect();
    // Each step's echo says another option of its decision, or nothing the game knows:
    // applied by key, the pick would be the shrimp die and the use refused.
    let mut steps = planned.clone();
    steps[0].input = Input::Choice("shrimp".into());
    steps[1..].iter_mut().for_each(|s| s.input = Input::Choice("no such key".into()));
    // The planner's scratch game goes by value too.
    let (mut by_value, mut by_plan) = (t.session().game.clone(), t.session().game.clone());
    entry::apply_steps(&t.rules, &mut by_value, &steps);
    entry::apply_steps(&t.rules, &mut by_plan, &planned);
    assert_eq!(by_value, by_plan);
    let before = t.save().0.len();
    t.answer(steps, From::Seat(0)).unwrap();
    // The save records the key of the option applied, made from the game before it.
    let saved: Vec<Input> = t.save().0[before..]
        .iter()
        .map(|e| match e {
            Entry::Do(input) | Entry::By { input, .. } => input.clone(),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(saved[..want.len()], want[..]);
    assert_eq!(keys(&t.save().0[before..before + 2]), ["cod", "mark"]);
    assert_eq!(t.session().game, by_plan);
}

#[test]
fn forced_answers_are_applied_with_a_typed_note_and_an_undo_takes_them_back_in_one_line() {
    let mut t = table(Entries::default(), &["cod", "coins", "coins"]);
    let steps = t.tap(0, &["cod"]).unwrap();
    t.answer(steps, From::Seat(0)).unwrap();
    // Bob: two 3-coins dice left — the pick and the 3 coins are the rules', not his.
    let told = t.take_told();
    let forced = told.iter().filter(|x| matches!(x, Told::Step { step: Step { how: How::Forced(_), .. }, .. }));
    assert!(forced.count() >= 2, "{told:?}");
    // The last answer is the rules' for Bob, but an undo reaches Ann's pick: her page
    // offers it, Bob's does not, and Bob cannot take it back; the host can, in one line.
    assert_eq!(t.undo_reaches(), Some(Some(0)));
    assert!(matches!(t.undo(UndoBy::Seat(1)), Err(Refusal::NotYours(_))));
    let lines = t.save().0.len();
    t.undo(UndoBy::Host).unwrap();
    assert_eq!(t.save().0.len(), lines + 1, "one line");
    assert!(matches!(t.save().0.last(), Some(Entry::Back(n)) if *n >= 4), "{:?}", t.save().0.last());
    assert_eq!(t.question(0).map(|(d, front)| (d.player, front)), Some((Some(0), true)), "Ann asked again");
}

/// Four seats with digital dice, each answering its question with one of the answers
/// its page offers: an answer leads on exactly when `ahead` finds a follow-up; a chain
/// of links (each follow-up answered with its first answer) writes the steps of each
/// link planned on the game the link before leaves, as one answer; a chain cut short
/// after a link that leads nowhere is refused. A page never asks a question with one
/// answer: one that leads on is given on the way (the page asks what follows), one
/// that leads nowhere is left to the rules (answered when it reaches the front).
#[test]
fn a_chain_of_follow_ups_is_planned_ahead_and_answered_as_one() {
    let r = rules();
    let names: Vec<String> = ["Ann", "Bob", "Cy", "Dee"].iter().map(|n| n.to_string()).collect();
    let setup = FleetSetup { dice: Dice::Digital, seed: Some(5), ..FleetSetup::default() };
    let session = Session::with_setup(&r, &names, setup.options());
    let mut t = Table::new(r, setup, Entries::default(), session, Lines::default(), 0);
    t.settle().unwrap();
    let mut chains = 0;
    let keys = |steps: &[Step]| entry::typed_keys(steps);
    let leads_on = |t: &Table<Lines>, seat, steps: &[Step]| entry::leads_on(&t.rules, &t.session().game, seat, steps);
    let mut given_seen = 0;
    let mut left_to_the_rules = 0;
    for turn in 0..400 {
        // A question whose only answer leads nowhere is not a page's to ask.
        for s in 0..4 {
            if t.question(s).is_some() && t.page_question(s).is_none() {
                left_to_the_rules += 1;
                assert!(matches!(t.answers(s).as_slice(), [only] if !leads_on(&t, s, only)));
            }
        }
        let Some(seat) = (0..4).find(|s| t.page_question(*s).is_some()) else { break };
        for steps in &t.answers(seat) {
            let owned = keys(steps);
            let link = vec![owned.iter().map(String::as_str).collect::<Vec<_>>()];
            let ahead = t.ahead(seat, &link).unwrap();
            assert_eq!(leads_on(&t, seat, steps), ahead.is_some(), "{link:?}");
            if ahead.is_none() {
                let more = vec![link[0].clone(), vec!["cod"]];
                assert!(matches!(t.tap_links(seat, &more), Err(Refusal::Entry(_))), "{link:?} then more");
            }
        }
        // The page's question, after what the rules leave no choice in; each level
        // answered with one of its answers (every third turn the last one offered).
        let mut asked = t.page_question(seat).expect("a question for the seat");
        let mut links: Vec<Vec<String>> = Vec::new();
        let mut game = t.session().game.clone();
        let mut want = Vec::new();
        loop {
            assert!(asked.answers.len() >= 2 || !asked.answers[0].1, "a single answer that leads on is given");
            for given in &asked.given {
                links.push(keys(given));
                given_seen += 1;
            }
            let pick = if turn % 3 == 0 { asked.answers.last() } else { asked.answers.first() };
            links.push(keys(&pick.expect("an answer").0));
            // The links' steps, each planned on the game the one before leaves.
            for link in &links[links.len() - 1 - asked.given.len()..] {
                let link: Vec<&str> = link.iter().map(String::as_str).collect();
                let planned = entry::plan_keys(&t.rules, &game, seat, &link, t.opts).unwrap();
                entry::apply_steps(&t.rules, &mut game, &planned);
                want.extend(planned.into_iter().map(|s| s.input));
            }
            let link: Vec<Vec<&str>> = links.iter().map(|l| l.iter().map(String::as_str).collect()).collect();
            match t.ahead(seat, &link).unwrap() {
                Some(ahead) => asked = ahead,
                None => break,
            }
            let mut g = game.clone();
            for given in &asked.given {
                entry::apply_steps(&t.rules, &mut g, given);
            }
            assert_eq!(asked.game, g, "the game as the links leave it");
        }
        chains += usize::from(links.len() > 1);
        let link: Vec<Vec<&str>> = links.iter().map(|l| l.iter().map(String::as_str).collect()).collect();
        let steps = t.tap_links(seat, &link).unwrap();
        assert_eq!(steps.iter().map(|s| s.input.clone()).collect::<Vec<_>>(), want);
        t.answer(steps, From::Seat(seat)).unwrap();
    }
    assert!(given_seen >= 1, "no answer the rules leave alone before a follow-up in this game");
    assert!(left_to_the_rules >= 1, "no question the rules alone answer in this game");
    assert!(chains >= 3, "chains answered: {chains}");
}

/// Links as the table takes them.
fn refs(links: &[Vec<String>]) -> Vec<Vec<&str>> {
    links.iter().map(|l| l.iter().map(String::as_str).collect()).collect()
}

/// The links of a chain a page sends: at each question (after what it gives on the
/// way) the answer `choose` picks, then the follow-up `next` asks after the links so far.
fn chain(first: Ahead, mut next: impl FnMut(&[Vec<&str>]) -> Option<Ahead>, choose: usize) -> Vec<Vec<String>> {
    let mut asked = first;
    let mut links: Vec<Vec<String>> = Vec::new();
    loop {
        links.extend(asked.given.iter().map(|g| entry::typed_keys(g)));
        links.push(entry::typed_keys(&asked.answers[choose % asked.answers.len()].0));
        match next(&refs(&links)) {
            Some(a) => asked = a,
            None => return links,
        }
    }
}

fn four(seed: u64) -> Table<Lines> {
    let r = rules();
    let names: Vec<String> = ["Ann", "Bob", "Cy", "Dee"].iter().map(|n| n.to_string()).collect();
    let setup = FleetSetup { dice: Dice::Digital, seed: Some(seed), ..FleetSetup::default() };
    let session = Session::with_setup(&r, &names, setup.options());
    let mut t = Table::new(r, setup, Entries::default(), session, Lines::default(), 0);
    t.settle().unwrap();
    t
}

/// Two tables of one seeded game: at one every seat answers in turn; at the other, while
/// a picker's chain is open on its page (its first link answered), the next pickers
/// answer their picks and chains early. The early answers are held, applied in turn
/// order as soon as the chain before them is sent, told as the seat's, and the saves
/// are the same line for line — the next pickers' questions did not depend on how the
/// open chain ends.
#[test]
fn early_picks_are_held_and_applied_in_turn_order_with_the_save_of_answering_in_turn() {
    let (mut early, mut turn) = (four(7), four(7));
    let mut held = 0;
    for step in 0..400 {
        let Some(seat) = (0..4).find(|s| turn.page_question(*s).is_some()) else { break };
        let first = turn.page_question(seat).unwrap();
        let is_pick = matches!(first.decision.ask, Ask::Pick { .. });
        let links = chain(first, |l| turn.ahead(seat, l).unwrap(), step);
        let mut ahead_of_turn = Vec::new();
        if links.len() > 1 && is_pick {
            early.draft(seat, &refs(&links[..1]));
            for q in (1..4).map(|k| (seat + k) % 4) {
                let Some(asked) = early.early_question(q).filter(|_| early_shared(&early, q).is_none()) else {
                    break;
                };
                assert!(matches!(asked.decision.ask, Ask::Pick { .. }) || !asked.given.is_empty());
                let mine = chain(asked, |l| early.early_ahead(q, l).unwrap(), step + q);
                early.hold(q, mine.clone()).unwrap();
                assert_eq!(early.holds(q), Some(&mine[..]));
                assert!(early.early_question(q).is_none(), "held: not asked again");
                let (_, planned) = early.held_steps(q).unwrap();
                ahead_of_turn.push((q, mine, planned));
            }
        }
        let lines = early.save().0.len();
        let steps = early.tap_links(seat, &refs(&links)).unwrap();
        early.answer(steps, From::Seat(seat)).unwrap();
        let steps = turn.tap_links(seat, &refs(&links)).unwrap();
        turn.answer(steps, From::Seat(seat)).unwrap();
        for (q, mine, planned) in &ahead_of_turn {
            let (d, front) = turn.question(*q).expect("its turn");
            assert!(front, "{d:?}");
            let steps = if matches!(d.ask, Ask::Pick { .. }) {
                turn.tap_links(*q, &refs(mine)).unwrap()
            } else {
                // The rules answered its pick in turn: the same answers after it.
                let keys: Vec<String> = planned[1..]
                    .iter()
                    .filter(|s| !matches!(s.how, How::Forced(_)))
                    .filter_map(|s| match &s.input {
                        Input::Choice(k) => Some(k.clone()),
                        Input::Roll { .. } => None,
                    })
                    .collect();
                turn.tap(*q, &keys.iter().map(String::as_str).collect::<Vec<_>>()).unwrap()
            };
            turn.answer(steps, From::Seat(*q)).unwrap();
            held += 1;
        }
        assert_eq!(early.save().0, turn.save().0, "the save of answering in turn");
        let told = early.take_told();
        assert!(!told.iter().any(|t| matches!(t, Told::Dropped { .. })), "nothing dropped");
        for (q, ..) in &ahead_of_turn {
            assert!(told.iter().any(|t| matches!(t, Told::Step { from: From::Seat(s), .. } if s == q)));
            assert!(early.holds(*q).is_none(), "applied");
        }
        assert!(early.save().0.len() > lines);
    }
    assert!(turn.session().game.finished(), "the game was played to its end");
    assert!(held >= 6, "early picks: {held}");
}

/// The face of the shared die a seat's early question uses (None: a pick, or none).
fn early_shared(t: &Table<Lines>, seat: usize) -> Option<Face> {
    match t.early_game(seat) {
        Early::At(_, d) => shared_face(&d),
        _ => None,
    }
}

/// Two tables of one seeded game: at one every seat answers in turn; at the other,
/// while the last picker's chain is open on its page (its first link answered), every
/// other seat answers its use of the shared die and its chain early. The early answers
/// are held, applied in turn order as each seat reaches the front of the queue (one
/// behind a seat that did not answer early waits for it), and the saves are the same
/// line for line.
#[test]
fn early_uses_of_the_shared_die_are_held_and_applied_in_turn_order_with_the_save_of_answering_in_turn() {
    let (mut early, mut turn) = (four(7), four(7));
    let mut held = 0;
    let mut behind = 0;
    // Per seat: the links it holds at `early`, given at `turn` when its turn comes.
    let mut waiting: Vec<Option<Vec<Vec<String>>>> = vec![None; 4];
    for step in 0..600 {
        let front = |t: &Table<Lines>| t.session().game.decision(&t.rules).and_then(|d| d.player);
        while let Some(q) = front(&turn).filter(|q| waiting[*q].is_some()) {
            let mine = waiting[q].take().unwrap();
            // The rules answered its use in turn where it was their only answer (the
            // shared 3 coins): the page asks what follows.
            let steps = turn.tap_links(q, &refs(&mine)).or_else(|_| turn.tap_links(q, &refs(&mine[1..]))).unwrap();
            turn.answer(steps, From::Seat(q)).unwrap();
            held += 1;
        }
        assert_eq!(early.save().0, turn.save().0, "the save of answering in turn");
        for (q, w) in waiting.iter().enumerate() {
            assert_eq!(early.holds(q).is_some(), w.is_some(), "held until its turn: seat {q}");
            behind += usize::from(w.is_some() && early.question(q).is_some());
        }
        assert!(!early.take_told().iter().any(|t| matches!(t, Told::Dropped { .. })), "nothing dropped");
        // The seat at the front answers; else the first one with a question not held.
        let open = |s: &usize| waiting[*s].is_none() && turn.page_question(*s).is_some();
        let Some(seat) = front(&turn).filter(open).or_else(|| (0..4).find(open)) else { break };
        let first = turn.page_question(seat).unwrap();
        let is_pick = matches!(first.decision.ask, Ask::Pick { .. });
        let links = chain(first, |l| turn.ahead(seat, l).unwrap(), step);
        if links.len() > 1 && is_pick {
            early.draft(seat, &refs(&links[..1]));
            for q in (0..4).filter(|q| *q != seat) {
                let Some(face) = early_shared(&early, q) else { continue };
                let Some(asked) = early.early_question(q) else { continue };
                let mine = chain(asked, |l| early.early_ahead(q, l).unwrap(), step + q);
                early.hold(q, mine.clone()).unwrap();
                assert!(early.holds_shared(q) && early.early_question(q).is_none(), "held: not asked again");
                assert_eq!(early.held[early.held.len() - 1].shared, Some(face));
                waiting[q] = Some(mine);
            }
        }
        // Every other time the seat after the last picker (the first to use the shared
        // die) takes its early answer back: the ones after it wait behind it.
        let next = (seat + 1) % 4;
        if waiting[next].is_some() && step % 2 == 0 {
            assert!(early.unhold(next));
            waiting[next] = None;
        }
        for t in [&mut early, &mut turn] {
            let steps = t.tap_links(seat, &refs(&links)).unwrap();
            t.answer(steps, From::Seat(seat)).unwrap();
        }
    }
    assert!(turn.session().game.finished(), "the game was played to its end");
    assert!(held >= 8, "early uses of the shared die: {held}");
    assert!(behind >= 1, "no held answer waited behind a seat answering in turn");
}

/// Ann's page has answered the first link of a chain (`draft`) and Bob holds an early
/// pick of another die: the roll, Ann's first link, Bob's links and the face of Bob's
/// die. Found among a few rolls (physical dice, two players).
fn bob_early() -> (Vec<&'static str>, Vec<String>, Vec<Vec<String>>, String) {
    let rolls: [[&str; 3]; 6] = [
        ["coins", "cod", "lobster"],
        ["coins", "shrimp", "oyster"],
        ["cod", "coins", "shrimp"],
        ["lobster", "coins", "oyster"],
        ["shrimp", "oyster", "cod"],
        ["swordfish", "coins", "shrimp"],
    ];
    for roll in rolls {
        let t = table(Entries::default(), &roll);
        for answer in t.answers(0) {
            let first = entry::typed_keys(&answer);
            if t.ahead(0, &refs(std::slice::from_ref(&first))).unwrap().is_none() {
                continue;
            }
            let mut t = table(Entries::default(), &roll);
            t.draft(0, &refs(std::slice::from_ref(&first)));
            let Some(asked) = t.early_question(1) else { continue };
            for (steps, _) in &asked.answers {
                let face = entry::typed_keys(steps)[0].clone();
                // Bob's die is another than Ann's, and the only one of its face.
                if face != first[0] && roll.iter().filter(|f| **f == face).count() == 1 {
                    let bob = chain(asked.clone(), |l| t.early_ahead(1, l).unwrap(), 0);
                    return (roll.to_vec(), first, bob, face);
                }
            }
        }
    }
    panic!("no roll where Ann's pick leads on and Bob may pick early")
}

/// An early pick that no longer fits is dropped and told: Ann sends a chain that takes
/// the die Bob picked early, or the host takes the roll back. Bob's own undo takes back
/// his early pick without a line in the save.
#[test]
fn an_early_pick_that_no_longer_fits_is_dropped_and_told() {
    let (roll, first, bob, face) = bob_early();
    let held = |t: &mut Table<Lines>| {
        t.draft(0, &refs(std::slice::from_ref(&first)));
        t.hold(1, bob.clone()).unwrap();
        assert_eq!(t.holds(1), Some(&bob[..]));
        assert!(t.early_question(1).is_none());
    };
    // Bob takes his early pick back: nothing written; he may pick early again.
    let mut t = table(Entries::default(), &roll);
    held(&mut t);
    let lines = t.save().0.len();
    t.undo(UndoBy::Seat(1)).unwrap();
    assert_eq!((t.holds(1), t.save().0.len()), (None, lines));
    assert!(t.early_question(1).is_some());
    // A pick held before its time is refused; one without an early question too.
    assert!(matches!(t.hold(0, bob.clone()), Err(Refusal::Entry(_))), "Ann's pick is asked now");
    // Ann takes Bob's die instead: his pick is dropped when her chain is sent.
    held(&mut t);
    let mine = t.answers(0).into_iter().find(|s| entry::typed_keys(s)[0] == face).expect("Bob's die for Ann");
    t.take_told();
    t.answer(mine, From::Seat(0)).unwrap();
    // Ann's chain may still be open at the front (answered step by step); finish it.
    while let Some((d, true)) = t.question(0) {
        assert!(!matches!(d.ask, Ask::Pick { .. }));
        let steps = t.answers(0).remove(0);
        t.answer(steps, From::Seat(0)).unwrap();
    }
    let told = t.take_told();
    assert!(told.iter().any(|x| matches!(x, Told::Dropped { seat: 1, .. })), "{told:?}");
    assert_eq!(t.holds(1), None);
    assert!(matches!(t.question(1), Some((Decision { ask: Ask::Pick { .. }, .. }, true))), "Bob picks in turn");
    let said = crate::text::fleet_entry::told(&t.rules, told.last().unwrap(), crate::text::Lang::En);
    assert_eq!(said.as_deref(), Some("Bob's early pick no longer fits the game: dropped, Bob picks in turn"));
    // The host takes back the roll: Bob's pick is no longer ahead.
    let mut t = table(Entries::default(), &roll);
    held(&mut t);
    t.take_told();
    t.undo(UndoBy::Host).unwrap();
    assert!(t.session().game.decision(&t.rules).is_some_and(|d| d.roll.is_some()), "the roll asked again");
    assert!(t.take_told().iter().any(|x| matches!(x, Told::Dropped { seat: 1, .. })));
    assert_eq!(t.holds(1), None);
}

/// A seeded four-seat game answered in turn up to the first last pick whose first link
/// leads on (and whose die another answer does not take) with another seat's use of
/// the shared die open early after it: the table, the last picker, that link, the
/// other answer's link, and the seat.
fn at_a_last_pick() -> (Table<Lines>, usize, Vec<String>, Vec<String>, usize) {
    let mut t = four(7);
    for step in 0..400 {
        let front = t.session().game.decision(&t.rules).and_then(|d| d.player);
        let open = |s: &usize| t.page_question(*s).is_some();
        let Some(seat) = front.filter(open).or_else(|| (0..4).find(open)) else { break };
        let asked = t.page_question(seat).unwrap();
        if matches!(asked.decision.ask, Ask::Pick { .. }) && asked.given.is_empty() {
            let firsts: Vec<Vec<String>> = t.answers(seat).iter().map(|s| entry::typed_keys(s)).collect();
            let leads = |f: &&Vec<String>| t.ahead(seat, &refs(std::slice::from_ref(*f))).unwrap().is_some();
            if let Some(first) = firsts.iter().find(leads).cloned() {
                if let Some(other) = firsts.iter().find(|f| f[0] != first[0]).cloned() {
                    t.draft(seat, &refs(std::slice::from_ref(&first)));
                    let q = (0..4).find(|q| early_shared(&t, *q).is_some() && t.early_question(*q).is_some());
                    t.drafts[seat] = None;
                    if let Some(q) = q {
                        return (t, seat, first, other, q);
                    }
                }
            }
        }
        let links = chain(asked, |l| t.ahead(seat, l).unwrap(), step);
        let steps = t.tap_links(seat, &refs(&links)).unwrap();
        t.answer(steps, From::Seat(seat)).unwrap();
    }
    panic!("no last pick leading on with a use of the shared die open early")
}

/// The last picker has answered the first link of a chain (`draft`), so the die left
/// over is known and another seat holds its use of it early. The seat's own undo takes
/// it back (nothing written); it is dropped and told when the last picker sends a chain
/// with another die (another die left over), or when the host takes an answer back.
#[test]
fn an_early_use_of_the_shared_die_that_no_longer_fits_is_dropped_and_told() {
    let held = || {
        let (mut t, last, first, other, q) = at_a_last_pick();
        t.draft(last, &refs(std::slice::from_ref(&first)));
        let asked = t.early_question(q).expect("an early use of the shared die");
        let mine = chain(asked, |l| t.early_ahead(q, l).unwrap(), 0);
        t.hold(q, mine).unwrap();
        assert!(t.holds_shared(q) && t.early_question(q).is_none());
        t.take_told();
        (t, last, other, q)
    };
    // The seat takes it back: nothing written; it may answer early again.
    let (mut t, _, _, q) = held();
    let lines = t.save().0.len();
    t.undo(UndoBy::Seat(q)).unwrap();
    assert_eq!((t.holds(q), t.save().0.len()), (None, lines));
    assert!(t.early_question(q).is_some());
    // The last picker sends a chain with another die: another die is left over.
    let (mut t, last, other, q) = held();
    let steps = t.tap_links(last, &refs(std::slice::from_ref(&other))).unwrap();
    t.answer(steps, From::Seat(last)).unwrap();
    while let Some((d, true)) = t.question(last) {
        if matches!(d.ask, Ask::Use { shared: true, .. }) {
            break;
        }
        let steps = t.answers(last).remove(0);
        t.answer(steps, From::Seat(last)).unwrap();
    }
    let told = t.take_told();
    let dropped = told.iter().find(|x| matches!(x, Told::Dropped { shared: true, .. })).expect("dropped");
    assert!(matches!(dropped, Told::Dropped { seat, .. } if *seat == q));
    assert_eq!(t.holds(q), None);
    let said = crate::text::fleet_entry::told(&t.rules, dropped, crate::text::Lang::En).unwrap();
    let name = &t.session().names[q];
    assert_eq!(
        said,
        format!("{name}'s early use of the shared die no longer fits the game: dropped, {name} answers in turn")
    );
    // The host takes back the answer before: the last pick is not known.
    let (mut t, _, _, q) = held();
    t.undo(UndoBy::Host).unwrap();
    assert!(t.take_told().iter().any(|x| matches!(x, Told::Dropped { seat, shared: true, .. } if *seat == q)));
    assert_eq!(t.holds(q), None);
}

/// Enter for everyone's shared die (every player's usual use, nothing typed) is one
/// person's act: an undo takes those uses back on their own, not the last pick with them.
#[test]
fn an_undo_after_enter_for_everyone_takes_back_the_shared_die_alone() {
    let mut t = table(Entries::default(), &["cod", "shrimp", "oyster"]);
    for (seat, key) in [(0, "cod"), (1, "shrimp")] {
        let steps = t.tap(seat, &[key]).unwrap();
        t.answer(steps, From::Seat(seat)).unwrap();
    }
    let game = t.session().game.clone();
    let d = game.decision(&t.rules).unwrap();
    assert!(matches!(d.ask, Ask::Use { shared: true, .. }), "{d:?}");
    let words = |g: &Game, d: &Decision, c: &Choice| {
        crate::text::fleet_entry::choice_words(&t.rules, g, d, c, crate::text::Lang::En)
    };
    let steps = entry::plan_together(&t.rules, &game, "", &words, Entries::default()).unwrap();
    assert!(steps.len() == 2 && steps.iter().all(|s| s.how == How::Usual), "{steps:?}");
    t.answer(steps, From::Here).unwrap();
    let picked = t.session().inputs.len() - 2;
    t.undo(UndoBy::Host).unwrap();
    assert_eq!(t.session().inputs.len(), picked, "the two uses of the shared die, and nothing before them");
    assert_eq!(t.session().game.decision(&t.rules), Some(d), "the shared die asked again");
}
