//! Issue #22's parity: the reference 4-player game played (a) at the terminal from its
//! entries and (b) on the seats' pages over HTTP, answering the questions the pages ask
//! with the options they offer, gives the same save byte for byte (the start time aside).

use std::path::Path;

use deckhand::games::fleet::entry::{plan_links, together, Entries, How};
use deckhand::games::fleet::game::Ask;
use deckhand::games::fleet::session::{Entry, Session};
use deckhand::games::fleet::setup::FleetSetup;
use deckhand::games::fleet::table::{FleetTable, Save, Told};
use deckhand::games::table::{Said, Screen};
use deckhand::text::fleet_entry::vocabulary;
use deckhand::text::Lang;
use serde_json::{json, Value};

use crate::common::{deckhand, repo};
use crate::host::Host;

const PLAYERS: [&str; 4] = ["Ann", "Bob", "Cy", "Dee"];

/// A save's entries (its lines after the header).
pub(crate) fn entries(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path).unwrap().lines().skip(1).map(String::from).collect()
}

/// The reference game played at the terminal from its entries file (`answers.txt` and
/// `a.jsonl` in `d`): its save's entries.
pub(crate) fn at_the_terminal(d: &Path) -> Vec<String> {
    let compact = std::fs::read_to_string(repo().join("tests/games/four_players.compact.answers")).unwrap();
    std::fs::write(d.join("answers.txt"), compact).unwrap();
    deckhand(d)
        .args(["play", "fleet-dice", "--players", "Ann,Bob,Cy,Dee", "--answers", "answers.txt", "--save", "a.jsonl"])
        .assert()
        .success();
    entries(&d.join("a.jsonl"))
}

/// A save that keeps nothing (the terminal's questions are counted, not saved).
struct Nowhere;

impl Save<Entry> for Nowhere {
    fn append(&mut self, _: &Entry) -> Result<(), deckhand::games::live::AppendError> {
        Ok(())
    }
}

/// The lines the terminal takes for each player in the reference game: its entries file
/// read line by line as the terminal reads it (a roll by letters; everyone's line for the
/// shared die and the oyster boats; else the player's entry), handed to the same table's
/// door. A line asks each player it gives a typed or usual answer; what the rules force
/// asks nobody.
fn terminal_questions() -> ([usize; 4], [usize; 4]) {
    let rules = deckhand::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
    let names: Vec<String> = PLAYERS.iter().map(|n| n.to_string()).collect();
    let setup = FleetSetup::default();
    let session = Session::with_setup(&rules, &names, setup.options());
    let words = vocabulary(&rules, Lang::En);
    let mut t = FleetTable::new(rules.clone(), setup, Entries::default(), session, Nowhere, 0, words);
    let compact = std::fs::read_to_string(repo().join("tests/games/four_players.compact.answers")).unwrap();
    let mut asked = [0usize; 4];
    let mut rolls = [0usize; 4];
    for line in compact.lines().map(|l| l.split(" #").next().unwrap().trim()) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let text = if line == "-" { "" } else { line };
        t.take_told();
        let d = t.offers(Screen::Host).remove(0).decision;
        let rolled = d.roll.is_some();
        if rolled {
            // A roll is the roller's to enter (a page counts it apart).
            let roller = match d.ask {
                Ask::Roll { roller, .. } => Some(roller),
                _ => d.player,
            };
            rolls[roller.expect("a roll has a roller")] += 1;
        }
        let v = t.version();
        let said = match Said::everyone(text) {
            everyone if d.roll.is_none() && d.player.is_some() && together(&d) => {
                match t.check(Screen::Host, v, &everyone).unwrap() {
                    0 => Said::entry(text),
                    _ => everyone,
                }
            }
            _ => Said::entry(text),
        };
        t.answer(Screen::Host, v, said).map_err(|e| format!("{e:?}")).unwrap();
        let mut seats: Vec<usize> = t
            .take_told()
            .iter()
            .filter_map(|told| match told {
                Told::Step { step, .. } if !rolled && matches!(step.how, How::Typed | How::Usual) => {
                    step.decision.player
                }
                _ => None,
            })
            .collect();
        seats.sort();
        seats.dedup();
        for p in seats {
            asked[p] += 1;
        }
    }
    (asked, rolls)
}

/// A save's header without its start time.
fn header(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap();
    let mut head: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    head.as_object_mut().unwrap().retain(|k, _| !k.contains("start") && k != "started");
    head
}

/// The save lines a chain of answers of `seat` writes (its links: options of its page, the
/// first to its question, each next to the follow-up the one before leads to), as the
/// table service plans it on the game of `done`. None: not the seat's own question.
pub(crate) fn planned(done: &[String], seat: usize, links: &[String]) -> Option<Vec<String>> {
    let rules = deckhand::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
    let names: Vec<String> = PLAYERS.iter().map(|n| n.to_string()).collect();
    let parsed: Vec<Entry> = done.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    let session = Session::replay(&rules, &names, Default::default(), &parsed).ok()?;
    let links: Vec<Vec<&str>> = links.iter().map(|l| l.split_whitespace().collect()).collect();
    let steps = plan_links(&rules, &session.game, seat, &links, Entries::default()).ok()?;
    Some(steps.into_iter().map(|s| serde_json::to_string(&Entry::answer(s.by, s.input)).unwrap()).collect())
}

/// What the question open for `seat` after the save lines `done` is: a die pick, the
/// shared die, or another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Pick,
    Shared,
    Other,
}

pub(crate) fn asked_kind(done: &[String], seat: usize) -> Kind {
    let rules = deckhand::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
    let names: Vec<String> = PLAYERS.iter().map(|n| n.to_string()).collect();
    let parsed: Vec<Entry> = done.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    let session = Session::replay(&rules, &names, Default::default(), &parsed).unwrap();
    match session.game.pending(&rules).into_iter().find(|d| d.player == Some(seat)).map(|d| d.ask) {
        Some(Ask::Pick { .. }) => Kind::Pick,
        Some(Ask::Use { shared: true, .. }) => Kind::Shared,
        _ => Kind::Other,
    }
}

/// The seat whose decision is at the front of the queue after the save lines `done`.
pub(crate) fn front_seat(done: &[String]) -> Option<usize> {
    let rules = deckhand::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
    let names: Vec<String> = PLAYERS.iter().map(|n| n.to_string()).collect();
    let parsed: Vec<Entry> = done.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    let session = Session::replay(&rules, &names, Default::default(), &parsed).unwrap();
    session.game.decision(&rules).and_then(|d| d.player)
}

/// A chain's links so far: each option's key and the option as the page showed it.
pub(crate) type Links = Vec<(String, Value)>;

/// What a seat's page answers its question with when the answer writes the terminal's next
/// save lines (`want` after `done`): the chain of options it taps — each option of the
/// question, or of a follow-up the page asked ahead (`/ahead`, nothing sent) — the longest
/// whose lines fit; with each link's option as the page showed it. `Err(key)`: the
/// table's own question (who starts), answered by that key.
pub(crate) fn chain(
    host: &Host,
    want: &[String],
    done: &[String],
    seat: usize,
    decision: &Value,
) -> Option<Result<Links, String>> {
    let offer = decision["offer"].as_u64().unwrap();
    let rest = &want[done.len()..];
    let mut best: Option<(usize, Links)> = None;
    // The answers the rules gave before a question are links the page sends untapped.
    let given = |links: &mut Links, view: &Value| {
        for g in view["given"].as_array().into_iter().flatten() {
            links.push((g["key"].as_str().unwrap().to_string(), json!({"given": true})));
        }
    };
    let mut first = Vec::new();
    given(&mut first, decision);
    // Depth first: (the links so far, the options of the question they lead to).
    let mut open: Vec<(Links, Vec<Value>)> = vec![(first, decision["options"].as_array().unwrap().clone())];
    while let Some((links, options)) = open.pop() {
        for o in options {
            let key = o["key"].as_str().unwrap().to_string();
            let mut next = links.clone();
            next.push((key.clone(), o.clone()));
            let keys: Vec<String> = next.iter().map(|(k, _)| k.clone()).collect();
            let Some(lines) = planned(done, seat, &keys) else {
                // The table's question: its option is the next line.
                if links.is_empty()
                    && decision["given"].is_null()
                    && decision["early"] != json!(true)
                    && rest.first() == Some(&format!(r#"{{"do":{{"Choice":"{key}"}}}}"#))
                {
                    return Some(Err(key));
                }
                continue;
            };
            if lines.is_empty() || !rest.starts_with(&lines) {
                continue;
            }
            if o["more"].as_bool() == Some(true) {
                let r = host.post(&format!("{}/ahead", host.seats[seat]), &json!({"offer": offer, "links": keys}));
                assert_eq!(r.status, 200, "{}", r.body);
                let ahead = r.json();
                let follow = ahead["ahead"]["options"].as_array().expect("a follow-up for an option that leads on");
                assert!(follow.len() >= 2, "a forced follow-up asked: {ahead}");
                let mut next = next;
                given(&mut next, &ahead["ahead"]);
                open.push((next, follow.clone()));
            } else if best.as_ref().is_none_or(|(n, _)| lines.len() > *n) {
                best = Some((lines.len(), next));
            }
        }
    }
    best.map(|(_, links)| Ok(links))
}

/// The reference game's save at the terminal (`a.jsonl` in `d`), and a host serving it to
/// the pages (`b.jsonl`).
fn served_reference(d: &Path) -> (Vec<String>, Host) {
    let want = at_the_terminal(d);
    let bin = crate::child::bin();
    let args =
        ["play", "fleet-dice", "--players", "Ann,Bob,Cy,Dee", "--save", "b.jsonl", "--serve", "--bind", "127.0.0.1:0"];
    (want, Host::start(&bin, d, &args, "b.jsonl"))
}

/// The save so far and the terminal's next line (None: the pages' save is the terminal's
/// whole save); the save so far must be the terminal's first lines.
fn next_line(host: &Host, want: &[String]) -> Option<(Vec<String>, Value)> {
    let done = entries(&host.save);
    assert_eq!(want[..done.len()], done[..], "the pages' save left the terminal's");
    let next = serde_json::from_str(want.get(done.len())?).unwrap();
    Some((done, next))
}

/// Enter the roll the terminal's next line holds on a seat's page (its question `offer` is
/// a roll); false when the next line is no roll.
fn enter_roll(host: &Host, seat: usize, offer: u64, next: &Value) -> bool {
    let Some(faces) = next["do"]["Roll"]["faces"].as_array() else { return false };
    let r = host.post(&format!("{}/answer", host.seats[seat]), &json!({"offer": offer, "faces": faces}));
    assert_eq!(r.status, 200, "{}", r.body);
    true
}

#[test]
fn the_reference_game_on_the_pages_saves_what_the_terminal_saves() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // (a) At the terminal, from the entries file; (b) on the pages: each question a page
    // asks answered with one of its options.
    let (want, mut host) = served_reference(d);
    let mut asked = [0usize; 4];
    let mut rolls = [0usize; 4];
    while let Some((done, next)) = next_line(&host, &want) {
        // What the rules force is never asked: every question a page shows has two
        // answers at least.
        for seat in 0..4 {
            let decision = &host.state(seat)["decision"];
            if !decision.is_null() && decision["roll"].is_null() {
                assert!(decision["options"].as_array().unwrap().len() >= 2, "a forced question asked: {decision}");
            }
        }
        // Every seat's page; the first whose question an offered option answers as the
        // terminal did.
        let mut answered = false;
        for seat in 0..4 {
            let state = host.state(seat);
            let decision = &state["decision"];
            if decision.is_null() {
                continue;
            }
            let offer = decision["offer"].as_u64().unwrap();
            if !decision["roll"].is_null() {
                if !enter_roll(&host, seat, offer, &next) {
                    continue;
                }
                rolls[seat] += 1;
                answered = true;
                break;
            }
            // The longest chain of options (asked ahead on the page, sent as one answer)
            // whose save lines are the terminal's next ones.
            let Some(found) = chain(&host, &want, &done, seat, decision) else { continue };
            let r = match found {
                Ok(links) => {
                    let links: Vec<String> = links.into_iter().map(|(k, _)| k).collect();
                    asked[seat] += 1;
                    host.post(&format!("{}/answer", host.seats[seat]), &json!({"offer": offer, "links": links}))
                }
                Err(key) => host.answer(seat, offer, &key),
            };
            assert_eq!(r.status, 200, "{}", r.body);
            answered = true;
            break;
        }
        assert!(answered, "no page offers the terminal's next answer {next} after {} lines", done.len());
    }
    assert_eq!(header(&host.save), header(&d.join("a.jsonl")));
    assert_eq!(std::fs::read_to_string(&host.save).unwrap().lines().count(), want.len() + 1);
    // Questions per seat: a page asks what the terminal asks, one question for what one
    // terminal line answers (a chain ahead, `h i c` or `cy $ l`, is asked on the page
    // link by link and sent as one answer).
    let (terminal, entered) = terminal_questions();
    eprintln!(
        "questions per seat: pages {asked:?} (and rolls {rolls:?}), terminal lines {terminal:?} (and rolls {entered:?})"
    );
    assert_eq!(asked, terminal, "questions per seat, pages against the terminal");
    assert_eq!(rolls, entered, "rolls entered per seat, pages against the terminal");
    // The host terminal shows each phone's answer in its log, as its own.
    let said = host.said();
    for name in PLAYERS {
        assert!(said.contains(&format!("{name} (phone): ")), "{said}");
    }
    host.finish();
}

/// Early picks over HTTP: in the reference game on the pages, whenever a picker's chain is
/// open on its page (its first link asked ahead, nothing sent), the next pickers answer
/// their picks and chains at once, and once the last pick is known the other seats their
/// uses of the shared die; their answers are held, shown as held on their pages, applied
/// in turn order when the chain before them is sent, and the save is the terminal's byte
/// for byte.
#[test]
fn early_picks_on_the_pages_save_what_the_terminal_saves() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (want, mut host) = served_reference(d);
    let mut early = [0usize; 4];
    let mut shared = [0usize; 4];
    while let Some((done, next)) = next_line(&host, &want) {
        let mut answered = false;
        for seat in 0..4 {
            let decision = host.state(seat)["decision"].clone();
            if decision.is_null() {
                continue;
            }
            let offer = decision["offer"].as_u64().unwrap();
            if !decision["roll"].is_null() {
                if !enter_roll(&host, seat, offer, &next) {
                    continue;
                }
                answered = true;
                break;
            }
            let Some(found) = chain(&host, &want, &done, seat, &decision) else { continue };
            let links: Vec<String> = match found {
                Ok(links) => links.into_iter().map(|(k, _)| k).collect(),
                Err(key) => {
                    let r = host.answer(seat, offer, &key);
                    assert_eq!(r.status, 200, "{}", r.body);
                    answered = true;
                    break;
                }
            };
            // A pick whose chain has follow-ups: while it is open on the page (its first
            // link asked ahead), the next pickers answer early.
            let mut held = Vec::new();
            if links.len() > 1 && asked_kind(&done, seat) == Kind::Pick {
                let r =
                    host.post(&format!("{}/ahead", host.seats[seat]), &json!({"offer": offer, "links": &links[..1]}));
                assert_eq!(r.status, 200, "{}", r.body);
                let mut then = done.clone();
                then.extend(planned(&done, seat, &links).unwrap());
                for q in (1..4).map(|k| (seat + k) % 4) {
                    let theirs = host.state(q)["decision"].clone();
                    if theirs.is_null() || asked_kind(&then, q) != Kind::Pick {
                        break;
                    }
                    let Some(Ok(mine)) = chain(&host, &want, &then, q, &theirs) else { break };
                    let mine: Vec<String> = mine.into_iter().map(|(k, _)| k).collect();
                    let first = early.iter().sum::<usize>() == 0;
                    hold_early(&host, q, &theirs, &mine, first, "Your pick is held: ", PLAYERS.get(seat).unwrap());
                    assert_eq!(entries(&host.save).len(), done.len(), "an early pick writes nothing");
                    then.extend(planned(&then, q, &mine).unwrap());
                    held.push(q);
                    early[q] += 1;
                }
                // The die left over is known: every other seat answers its use of the
                // shared die early, in the order the terminal writes them (from the front).
                while let Some(q) = front_seat(&then).filter(|q| *q != seat) {
                    let theirs = host.state(q)["decision"].clone();
                    if theirs["early"] != json!(true) || asked_kind(&then, q) != Kind::Shared {
                        break;
                    }
                    let Some(Ok(mine)) = chain(&host, &want, &then, q, &theirs) else { break };
                    let mine: Vec<String> = mine.into_iter().map(|(k, _)| k).collect();
                    let first = shared.iter().sum::<usize>() == 0;
                    let said = "Your use of the shared die is held: ";
                    hold_early(&host, q, &theirs, &mine, first, said, PLAYERS.get(seat).unwrap());
                    assert_eq!(entries(&host.save).len(), done.len(), "an early answer writes nothing");
                    then.extend(planned(&then, q, &mine).unwrap());
                    held.push(q);
                    shared[q] += 1;
                }
            }
            let r = host.post(&format!("{}/answer", host.seats[seat]), &json!({"offer": offer, "links": links}));
            assert_eq!(r.status, 200, "{}", r.body);
            for q in held {
                assert!(host.state(q)["held"].is_null(), "applied");
            }
            answered = true;
            break;
        }
        assert!(answered, "no page offers the terminal's next answer {next} after {} lines", done.len());
    }
    assert_eq!(header(&host.save), header(&d.join("a.jsonl")));
    assert_eq!(std::fs::read_to_string(&host.save).unwrap().lines().count(), want.len() + 1);
    eprintln!("early picks per seat: {early:?}; early uses of the shared die: {shared:?}");
    assert!(early.iter().sum::<usize>() >= 10, "early picks: {early:?}");
    assert!(shared.iter().sum::<usize>() >= 10, "early uses of the shared die: {shared:?}");
    let said = host.said();
    assert!(!said.contains("no longer fits"), "{said}");
    host.finish();
}

/// Seat `q` answers its early question `theirs` with the links `mine` (the `first` one is
/// taken back from its page, nothing written, and answered again); its page shows it held
/// (`said`, after the turn of `after`), asks nothing and offers undo.
fn hold_early(host: &Host, q: usize, theirs: &Value, mine: &[String], first: bool, said: &str, after: &str) {
    let body = json!({"offer": theirs["offer"], "links": mine});
    let r = host.post(&format!("{}/answer", host.seats[q]), &body);
    assert_eq!(r.status, 200, "{}", r.body);
    if first {
        let v = host.state(q)["v"].clone();
        let r = host.post(&format!("{}/undo", host.seats[q]), &json!({ "v": v }));
        assert_eq!(r.status, 200, "{}", r.body);
        let again = host.state(q);
        assert!(again["held"].is_null() && again["decision"]["early"] == json!(true), "{again}");
        let body = json!({"offer": again["decision"]["offer"], "links": mine});
        let r = host.post(&format!("{}/answer", host.seats[q]), &body);
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let state = host.state(q);
    let text = state["held"].as_str().unwrap_or_default();
    assert!(text.starts_with(said) && text.contains(&format!("after {after}'s turn")), "{state}");
    assert!(state["decision"].is_null() && state["undo"] == json!(true), "{state}");
}

/// A page's chain answered through `/ahead`: `first` (an option of its question), then the
/// first option of each follow-up; the links sent.
fn first_chain(host: &Host, seat: usize, offer: &Value, first: &Value) -> Vec<String> {
    let mut links = vec![first["key"].as_str().unwrap().to_string()];
    let mut more = first["more"] == json!(true);
    while more {
        let r = host.post(&format!("{}/ahead", host.seats[seat]), &json!({"offer": offer, "links": links}));
        assert_eq!(r.status, 200, "{}", r.body);
        let ahead = r.json()["ahead"].clone();
        for g in ahead["given"].as_array().into_iter().flatten() {
            links.push(g["key"].as_str().unwrap().to_string());
        }
        let next = &ahead["options"][0];
        links.push(next["key"].as_str().unwrap().to_string());
        more = next["more"] == json!(true);
    }
    links
}

/// An early pick the chain before it makes illegal over HTTP: Bob picks a die early while
/// Ann's chain is open; Ann sends a chain that takes that very die. Bob's pick is dropped,
/// nothing of it is written, his page says so in the table's words, the host's log too, and
/// Bob picks in turn.
#[test]
fn an_early_pick_the_picker_takes_away_is_dropped_and_its_page_told() {
    let dir = tempfile::tempdir().unwrap();
    let (want, mut host) = served_reference(dir.path());
    let rules = deckhand::games::built_in("fleet-dice").unwrap().fleet().unwrap().clone();
    let names: Vec<String> = PLAYERS.iter().map(|n| n.to_string()).collect();
    while let Some((done, next)) = next_line(&host, &want) {
        // The seat whose page answers the terminal's next line, and its answer.
        let (seat, decision, found) = (0..4)
            .find_map(|seat| {
                let decision = host.state(seat)["decision"].clone();
                if decision.is_null() {
                    return None;
                }
                if !decision["roll"].is_null() {
                    return next["do"]["Roll"].is_object().then_some((seat, decision, None));
                }
                let found = chain(&host, &want, &done, seat, &decision)?;
                Some((seat, decision, Some(found)))
            })
            .expect("a page answers the next line");
        let offer = decision["offer"].as_u64().unwrap();
        let Some(found) = found else {
            assert!(enter_roll(&host, seat, offer, &next));
            continue;
        };
        let parsed: Vec<Entry> = done.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
        let session = Session::replay(&rules, &names, Default::default(), &parsed).unwrap();
        let pool = match session.game.decision(&rules).map(|d| (d.player, d.ask)) {
            Some((Some(p), Ask::Pick { pool })) if p == seat => pool,
            _ => Vec::new(),
        };
        let face_of = |o: &Value| o["key"].as_str().unwrap().split(' ').next().unwrap().to_string();
        let options = decision["options"].as_array().cloned().unwrap_or_default();
        // Ann's pick that leads on, and another she could take: the only die of its face.
        let unique = |f: &str| pool.iter().filter(|p| p.key(&rules) == f).count() == 1;
        let leads = options.iter().find(|o| o["more"] == json!(true));
        let pair = leads.and_then(|lead| {
            let other = options.iter().find(|o| face_of(o) != face_of(lead) && unique(&face_of(o)))?;
            Some((lead.clone(), other.clone()))
        });
        let Some((lead, other)) = pair.filter(|_| !pool.is_empty()) else {
            let r = match found {
                Ok(links) => {
                    let links: Vec<String> = links.into_iter().map(|(k, _)| k).collect();
                    host.post(&format!("{}/answer", host.seats[seat]), &json!({"offer": offer, "links": links}))
                }
                Err(key) => host.answer(seat, offer, &key),
            };
            assert_eq!(r.status, 200, "{}", r.body);
            continue;
        };
        // Ann's chain opens on her page; Bob picks early the die she will take.
        let r = host.post(&format!("{}/ahead", host.seats[seat]), &json!({"offer": offer, "links": [lead["key"]]}));
        assert_eq!(r.status, 200, "{}", r.body);
        let bob = (seat + 1) % 4;
        let theirs = host.state(bob)["decision"].clone();
        assert_eq!(theirs["early"], json!(true), "{theirs}");
        let taken = face_of(&other);
        let Some(mine) = theirs["options"].as_array().unwrap().iter().find(|o| face_of(o) == taken).cloned() else {
            panic!("{taken} not offered early: {theirs}")
        };
        let links = first_chain(&host, bob, &theirs["offer"], &mine);
        let r = host.post(&format!("{}/answer", host.seats[bob]), &json!({"offer": theirs["offer"], "links": links}));
        assert_eq!(r.status, 200, "{}", r.body);
        assert!(!host.state(bob)["held"].is_null());
        let lines = entries(&host.save).len();
        // Ann takes it.
        let links = first_chain(&host, seat, &json!(offer), &other);
        let r = host.post(&format!("{}/answer", host.seats[seat]), &json!({"offer": offer, "links": links}));
        assert_eq!(r.status, 200, "{}", r.body);
        let state = host.state(bob);
        let said =
            format!("{}'s early pick no longer fits the game: dropped, {} picks in turn", names[bob], names[bob]);
        assert_eq!(state["note"], json!(said), "{state}");
        assert!(state["held"].is_null(), "{state}");
        let written = entries(&host.save);
        assert!(written.len() > lines && !written[lines..].iter().any(|l| l.contains("\"by\"")), "{written:?}");
        let started = std::time::Instant::now();
        while !host.said().contains(&said) {
            assert!(started.elapsed() < std::time::Duration::from_secs(10), "{}", host.said());
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        host.kill9();
        return;
    }
    panic!("no pick in the reference game where Ann could take Bob's early die");
}

/// The host terminal in phone mode takes what it takes without phones: the same entries
/// file, given with `--answers` while the game is served, plays the whole game to the same
/// save.
#[test]
fn an_entries_file_plays_the_served_game_as_at_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let want = at_the_terminal(d);
    let bin = crate::child::bin();
    let args = [
        "play",
        "fleet-dice",
        "--players",
        "Ann,Bob,Cy,Dee",
        "--answers",
        "answers.txt",
        "--save",
        "b.jsonl",
        "--serve",
        "--bind",
        "127.0.0.1:0",
    ];
    let mut host = Host::start(&bin, d, &args, "b.jsonl");
    let started = std::time::Instant::now();
    while entries(&host.save).len() < want.len() {
        assert!(started.elapsed() < std::time::Duration::from_secs(30), "stopped at {:?}", entries(&host.save).last());
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(entries(&host.save), want);
    assert_eq!(header(&host.save), header(&d.join("a.jsonl")));
    host.finish();
}

/// Issue #31 item 3's parity for the five-dice game, played through the registry with no
/// view of its own: the 4-player game of `yacht_live::four_player_script` typed at the
/// terminal and tapped on the seats' pages (the faces of the table's dice tapped in, the
/// dice kept by toggles and the action, a box by its key, the undo from the phone that
/// kept) gives the same save byte for byte; one undo on the phone is the one line one undo
/// at the terminal writes.
#[test]
fn the_five_dice_game_on_the_pages_saves_what_the_terminal_saves() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let script = crate::yacht_live::four_player_script();
    std::fs::write(d.join("answers.txt"), script.join("\n") + "\n").unwrap();
    deckhand(d)
        .args(["play", "yacht", "--players", "Ann,Bob,Cy,Dee", "--answers", "answers.txt", "--save", "a.jsonl"])
        .args(["--no-record"])
        .assert()
        .success();
    let want = entries(&d.join("a.jsonl"));
    let bin = crate::child::bin();
    let args = ["play", "yacht", "--players", "Ann,Bob,Cy,Dee", "--save", "b.jsonl", "--no-record"];
    let mut host = Host::start(&bin, d, &[&args[..], &["--serve", "--bind", "127.0.0.1:0"]].concat(), "b.jsonl");
    for line in &script {
        let written = entries(&host.save).len();
        // The one page that is asked: the seat at turn (the table's dice are entered on it).
        let (seat, state) = (0..4)
            .map(|s| (s, host.state(s)))
            .find(|(_, v)| !v["decision"].is_null())
            .unwrap_or_else(|| panic!("no page is asked for `{line}`"));
        let decision = &state["decision"];
        let offer = decision["offer"].as_u64().unwrap();
        let path = &host.seats[seat];
        let reply = if line == "undo" {
            host.post(&format!("{path}/undo"), &json!({ "v": state["v"] }))
        } else if !decision["roll"].is_null() {
            let faces: Vec<&str> = line.split_whitespace().collect();
            host.post(&format!("{path}/answer"), &json!({ "offer": offer, "faces": faces }))
        } else if let Some(kept) = line.strip_prefix("keep ") {
            // Each face kept toggles the first die showing it not toggled yet.
            let items = decision["keep"]["items"].as_array().unwrap();
            let mut taken = vec![false; items.len()];
            let mut keys = vec![decision["keep"]["key"].as_str().unwrap().to_string()];
            for face in kept.split_whitespace() {
                let i = (0..items.len()).find(|i| !taken[*i] && items[*i]["label"] == face).unwrap();
                taken[i] = true;
                keys.push(items[i]["key"].as_str().unwrap().to_string());
            }
            host.post(&format!("{path}/answer"), &json!({ "offer": offer, "links": [keys.join(" ")] }))
        } else {
            host.answer(seat, offer, line)
        };
        assert_eq!(reply.status, 200, "`{line}`: {}", reply.body);
        assert_eq!(entries(&host.save).len(), written + 1, "`{line}` is one line");
    }
    assert_eq!(entries(&host.save), want);
    assert_eq!(header(&host.save), header(&d.join("a.jsonl")));
    // The final screens carry each player's review in two lines (the exact advisor's: the
    // points lost against optimal play, the costliest decision), as Fleet's carry theirs.
    let started = std::time::Instant::now();
    loop {
        let result = host.state(0)["result"].as_str().unwrap_or_default().to_string();
        if result.contains("<h2>Choices against optimal play</h2><ul class=\"review-lines\">") {
            for name in ["Ann", "Bob", "Cy", "Dee"] {
                let first = format!("<li><span class=\"l1\">{name}: ");
                assert!(result.contains(&first), "{name}: {result}");
            }
            assert!(result.contains("expected points lost to choices against optimal play"), "{result}");
            assert!(result.contains("<span class=\"l2\">costliest: "), "{result}");
            break;
        }
        assert!(started.elapsed() < std::time::Duration::from_secs(30), "no review on the final screen: {result}");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    host.finish();
}
