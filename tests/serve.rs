//! `--serve` over HTTP: the real binary on a loopback port, spoken to as the pages do.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::host::{drive, Host};

use crate::child::bin;

fn start(dir: &std::path::Path, players: &str, seed: &str) -> Host {
    Host::start(
        &bin(),
        dir,
        &[
            "play",
            "fleet-dice",
            "--players",
            players,
            "--dice",
            "digital",
            "--seed",
            seed,
            "--save",
            "g.jsonl",
            "--serve",
            "--bind",
            "127.0.0.1:0",
        ],
        "g.jsonl",
    )
}

fn save_lines(host: &Host) -> Vec<String> {
    std::fs::read_to_string(&host.save).unwrap().lines().map(String::from).collect()
}

/// Answer until both seats have a decision at the same time (the shared die).
fn until_both_decide(host: &Host) -> Vec<Value> {
    let mut both = Vec::new();
    drive(host, |states| {
        let all = states.iter().all(|s| !s["decision"].is_null() && s["decision"]["early"].is_null());
        if all {
            both = states.to_vec();
        }
        all
    });
    both
}

#[test]
fn two_seats_answer_the_shared_die_at_once_and_a_second_answer_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut host = start(dir.path(), "Ann,Bob", "7");
    let states = until_both_decide(&host);
    assert_eq!(states.len(), 2, "both seats had a decision at once");
    for s in &states {
        assert!(s["decision"]["prompt"].as_str().unwrap().contains("shared"), "{}", s["decision"]);
        // Asked of both at once: one line of the status names them both.
        let turn = s["turn"].as_array().unwrap();
        assert_eq!(turn.len(), 1, "{turn:?}");
        let line = turn[0].as_str().unwrap();
        assert!(
            line.starts_with("Ann, Bob: use the shared ") || line.starts_with("Bob, Ann: use the shared "),
            "{turn:?}"
        );
    }
    let before = save_lines(&host).len();
    // Both phones answer at the same moment.
    let barrier = std::sync::Barrier::new(2);
    let replies: Vec<(u16, Value)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2)
            .map(|seat| {
                let (host, barrier, d) = (&host, &barrier, &states[seat]["decision"]);
                scope.spawn(move || {
                    let key = d["options"][0]["key"].as_str().unwrap().to_string();
                    barrier.wait();
                    let r = host.answer(seat, d["offer"].as_u64().unwrap(), &key);
                    (r.status, r.json())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (status, body) in &replies {
        assert_eq!(*status, 200, "{body}");
    }
    let lines = save_lines(&host);
    assert!(lines.len() >= before + 2, "both answers are in the save");
    // The same answer again (a double tap, a second phone) is refused politely.
    let d = &states[1]["decision"];
    let again = host.answer(1, d["offer"].as_u64().unwrap(), d["options"][0]["key"].as_str().unwrap());
    assert_eq!(again.status, 409);
    assert!(again.json()["error"].as_str().unwrap().contains("already answered"), "{}", again.body);
    assert_eq!(save_lines(&host).len(), lines.len(), "nothing written for it");
    // At the next shared die the second seat answers first: out of seat order, saved as such.
    let states = until_both_decide(&host);
    // `turn` lists the decision at the front of the queue first.
    let front = states[0]["turn"][0].clone();
    let order = if states[0]["decision"]["prompt"] == front { [1, 0] } else { [0, 1] };
    let before = save_lines(&host).len();
    for seat in order {
        let d = &states[seat]["decision"];
        let r = host.answer(seat, d["offer"].as_u64().unwrap(), d["options"][0]["key"].as_str().unwrap());
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let lines = save_lines(&host);
    assert!(lines[before].contains("\"by\""), "answered out of seat order: {:?}", &lines[before..]);
    // The save replays to what the pages show.
    let sheet = host.state(0)["sheet"].clone();
    host.kill9();
    let mut again = Host::start(&bin(), dir.path(), &["resume", "g.jsonl", "--serve"], "g.jsonl");
    assert_eq!(again.state(0)["sheet"], sheet);
    again.kill9();
}

#[test]
fn wrong_seat_bad_token_oversized_body_and_bad_requests_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let host = start(dir.path(), "Ann,Bob", "3");
    let ann = host.seats[0].clone();
    let bob = host.seats[1].clone();
    let ann_token = ann.rsplit('/').next().unwrap();
    let game = ann.split('/').nth(2).unwrap();
    // Ann's page cannot answer for Bob's seat.
    let r = host.get(&format!("/g/{game}/seat/1/{ann_token}/state"));
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(r.json()["error"].as_str().unwrap().contains("another seat"));
    let r = host.post(&format!("/g/{game}/seat/1/{ann_token}/answer"), &json!({"offer": 1, "key": "cod"}));
    assert_eq!(r.status, 403);
    // A bad game token, a seat that does not exist, a path that is not ours.
    assert_eq!(host.get(&format!("/g/{}/seat/0/{ann_token}/state", "0".repeat(32))).status, 404);
    assert_eq!(host.get(&format!("/g/{game}/seat/9/{ann_token}/state")).status, 404);
    assert_eq!(host.get("/assets/../Cargo.toml").status, 404);
    assert_eq!(host.get("/assets/%2e%2e%2fCargo.toml").status, 404);
    assert_eq!(host.get("/").status, 404);
    // Opened in a browser, a wrong address is a page in the table's language saying to
    // ask the host, never JSON — a seat's address with a wrong token too.
    for path in [format!("/g/{game}/seat/1/{ann_token}"), format!("/g/{}", "0".repeat(32)), "/".to_string()] {
        let r = host.browse(&path);
        assert_eq!(r.status, 404, "{path}: {}", r.body);
        assert!(r.headers.to_ascii_lowercase().contains("content-type: text/html"), "{}", r.headers);
        assert!(r.body.contains("<h1>No page here</h1>") && r.body.contains("Ask the host"), "{}", r.body);
    }
    // An oversized body, a body that is not JSON, an unknown field, the wrong method.
    let big = vec![b'x'; 5000];
    let r = host.request("POST", &format!("{bob}/answer"), "application/json", &big);
    assert_eq!(r.status, 413, "{}", r.body);
    let r = host.request("POST", &format!("{bob}/answer"), "text/plain", b"{\"offer\":1,\"key\":\"cod\"}");
    assert_eq!(r.status, 415);
    let r = host.request("POST", &format!("{bob}/answer"), "application/json", b"{\"offer\":");
    assert_eq!(r.status, 400);
    assert_eq!(host.post(&format!("{bob}/answer"), &json!({"offer": 1, "key": "cod", "x": 1})).status, 400);
    assert_eq!(host.post(&format!("{bob}/answer"), &json!({"offer": 1, "key": "cod", "faces": ["cod"]})).status, 400);
    assert_eq!(host.get(&format!("{bob}/answer")).status, 405);
    // An answer that is not an option goes through the engine's checks: refused with the
    // legal keys, nothing written.
    let state = host.state(0);
    let d = &state["decision"];
    let before = save_lines(&host).len();
    let r = host.answer(0, d["offer"].as_u64().unwrap(), "kraken");
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(!r.json()["legal"].as_array().unwrap().is_empty(), "{}", r.body);
    assert_eq!(save_lines(&host).len(), before);
    // Bob has nothing to decide while Ann picks.
    let bob_state = host.state(1);
    assert!(bob_state["decision"].is_null(), "{bob_state}");
    // Ann's question answered from Bob's page: refused as Ann's, not as "already answered".
    let r = host.answer(1, d["offer"].as_u64().unwrap(), d["options"][0]["key"].as_str().unwrap());
    assert_eq!(r.status, 403, "{}", r.body);
    assert_eq!(r.json()["error"], "This is Ann's question: Ann answers it on their own page.");
    assert_eq!(save_lines(&host).len(), before);
    // Every response forbids caching and foreign scripts.
    let page = host.get(&ann);
    assert_eq!(page.status, 200);
    let headers = page.headers.to_ascii_lowercase();
    assert!(headers.contains("content-security-policy: default-src 'none'; script-src 'self'"), "{headers}");
    assert!(headers.contains("cache-control: no-store"), "{headers}");
    assert!(page.body.contains("/assets/app.js") && !page.body.contains("http"), "no outside asset");
}

#[test]
fn a_decision_on_one_page_is_pushed_to_the_others_and_undo_is_the_deciders_own() {
    let dir = tempfile::tempdir().unwrap();
    let host = start(dir.path(), "Ann,Bob", "11");
    let mut watcher = host.events(Some(1));
    let mut dashboard = host.events(None);
    let first = watcher.next().expect("the view at once");
    let dash = dashboard.next().expect("the dashboard at once");
    assert_eq!(first["v"], dash["v"]);
    assert_eq!(dash["sheets"].as_array().unwrap().len(), 2);
    // The start player picks a die.
    let (me, other) = if host.state(0)["decision"].is_null() { (1, 0) } else { (0, 1) };
    let state = host.state(me);
    let d = &state["decision"];
    let sent = Instant::now();
    let r = host.answer(me, d["offer"].as_u64().unwrap(), d["options"][0]["key"].as_str().unwrap());
    assert_eq!(r.status, 200);
    let pushed = watcher.next().expect("pushed");
    assert!(pushed["v"].as_u64() > first["v"].as_u64());
    assert!(sent.elapsed() < Duration::from_secs(5));
    assert!(dashboard.next().unwrap()["v"].as_u64() > dash["v"].as_u64());
    // The decider may take the decision back; the other player may not.
    let mine = r.json();
    assert_eq!(mine["undo"], true, "{mine}");
    let theirs = host.state(other);
    assert_eq!(theirs["undo"], false);
    let r = host.post(&format!("{}/undo", host.seats[other]), &json!({"v": theirs["v"]}));
    assert_eq!(r.status, 409);
    let name = mine["player"].as_str().unwrap();
    assert!(r.json()["error"].as_str().unwrap().contains(name), "{}", r.body);
    let r = host.post(&format!("{}/undo", host.seats[me]), &json!({"v": mine["v"]}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["decision"]["prompt"], d["prompt"], "asked again");
    // A second undo with the same version (a double tap) is refused.
    let r = host.post(&format!("{}/undo", host.seats[me]), &json!({"v": mine["v"]}));
    assert_eq!(r.status, 409);
    // One line for the undo, also when it takes back the pick's usual use with it.
    let last = save_lines(&host).last().unwrap().clone();
    assert!(last.contains("undo") || last.contains("back"), "{last}");
}

#[test]
fn kill_9_loses_no_accepted_decision_and_resume_serve_brings_the_pages_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut host = start(dir.path(), "Ann,Bob,Cy", "5");
    let mut accepted = 0;
    drive(&host, |_| {
        accepted += 1;
        accepted > 25
    });
    let before: Vec<Value> = (0..3).map(|s| host.state(s)).collect();
    let version = before[0]["v"].as_u64().unwrap();
    let (seats, join) = (host.seats.clone(), host.join.clone());
    host.kill9();
    let saved = save_lines(&host).len() as u64 - 1;
    assert_eq!(saved, version, "every accepted decision is in the save");
    // Resume on the address and with the tokens kept beside the save.
    let mut again = Host::start(&bin(), dir.path(), &["resume", "g.jsonl", "--serve"], "g.jsonl");
    assert_eq!(again.seats, seats, "the same seat addresses");
    assert_eq!(again.join, join);
    for (s, was) in before.iter().enumerate() {
        let now = again.state(s);
        assert_eq!(now["v"], was["v"]);
        assert_eq!(now["sheet"], was["sheet"]);
        assert_eq!(now["decision"]["prompt"], was["decision"]["prompt"]);
    }
    // A reconnecting page gets the current view at once, and the game goes on to its end.
    let mut events = again.events(Some(2));
    assert_eq!(events.next().unwrap()["v"], before[2]["v"]);
    drive(&again, |_| false);
    let over = again.state(0);
    assert_eq!(over["over"], true);
    assert!(over["result"].as_str().unwrap().contains("deckhand-table"));
    let page = again.get(&format!("{}/final.html", again.seats[0].split("/seat/").next().unwrap()));
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<!doctype html>") && page.body.contains("Cy"));
    assert_eq!(again.finish(), Some(0), "{}", again.said());
    assert!(again.printed().contains("TOTAL"), "the final table on standard output");
    assert!(dir.path().join("g-final.html").exists());
    assert!(dir.path().join("g-ann.toml").exists());
}

#[test]
fn serve_options_are_checked_before_anything_is_created() {
    let dir = tempfile::tempdir().unwrap();
    let out = crate::common::deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "A,B", "--bind", "127.0.0.1:0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "--bind needs --serve");
    let out = crate::common::deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "A,B", "--serve", "--bind", "localhost:99", "--save", "x.jsonl"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not an address to serve on"));
    assert!(!dir.path().join("x.jsonl").exists(), "no save left behind");
    let out = crate::common::deckhand(dir.path())
        .args(["play", "fischerspiel", "--players", "3", "--serve"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("--serve serves Fleet and the five-dice game; The Fishing Game is played at the terminal"));
}

#[test]
fn physical_dice_are_tapped_in_on_the_rollers_page_and_checked_by_the_engine() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["play", "fleet-dice", "--players", "Ann,Bob", "--save", "g.jsonl", "--serve", "--bind", "127.0.0.1:0"];
    let host = Host::start(&bin(), dir.path(), &args, "g.jsonl");
    // Each player answers their start die on their own page.
    for seat in 0..2 {
        let d = host.state(seat)["decision"].clone();
        assert!(d["prompt"].as_str().unwrap().contains("start roll"), "{d}");
        let r = host.answer(seat, d["offer"].as_u64().unwrap(), "cod");
        assert_eq!(r.status, 200, "{}", r.body);
    }
    // Who starts is the table's question: any page may answer it, once.
    let (a, b) = (host.state(0)["decision"].clone(), host.state(1)["decision"].clone());
    assert_eq!(a["prompt"], "Who is the start player?");
    assert_eq!(a["offer"], b["offer"]);
    assert_eq!(host.answer(1, a["offer"].as_u64().unwrap(), "Bob").status, 200);
    assert_eq!(host.answer(0, a["offer"].as_u64().unwrap(), "Ann").status, 409, "taken already");
    // Bob rolls: his page gets the faces to tap; Ann's page has nothing to decide.
    let d = host.state(1)["decision"].clone();
    assert!(host.state(0)["decision"].is_null());
    assert_eq!(d["roll"]["boat"], 3, "{d}");
    assert!(d["roll"]["faces"].as_array().unwrap().iter().any(|f| f["key"] == "cod"));
    let roll =
        |faces: Value| host.post(&format!("{}/answer", host.seats[1]), &json!({"offer": d["offer"], "faces": faces}));
    let r = roll(json!(["cod", "kraken", "cod"]));
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.json()["error"].as_str().unwrap().contains("kraken"), "{}", r.body);
    assert_eq!(roll(json!(["cod", "cod"])).status, 409, "three dice are rolled");
    let r = roll(json!(["cod", "shrimp", "oyster"]));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(host.state(1)["roll"], "Dice: cod, shrimp, oyster");
    let save = std::fs::read_to_string(&host.save).unwrap();
    assert!(save.contains(r#"{"do":{"Roll":{"faces":["cod","shrimp","oyster"],"digital":false}}}"#), "{save}");
    // A die tapped in wrong is taken back from the roller's own page (one save line), and
    // the roll is asked again; the other page cannot.
    let bob = host.state(1);
    assert_eq!((bob["undo"].clone(), host.state(0)["undo"].clone()), (json!(true), json!(false)), "{bob}");
    let r = host.post(&format!("{}/undo", host.seats[1]), &json!({"v": bob["v"]}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.json()["decision"]["roll"].is_object(), "the roll asked again: {}", r.body);
    let last = save_lines(&host).last().unwrap().clone();
    assert!(last.contains("undo") || last.contains("back"), "one line: {last}");
    let d = host.state(1)["decision"].clone();
    let r = host.post(
        &format!("{}/answer", host.seats[1]),
        &json!({"offer": d["offer"], "faces": ["cod", "shrimp", "lobster"]}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    // What a page asks ahead of a chain, before sending: refused for another seat's
    // question, nothing for an answer that leads nowhere, bad requests told apart.
    let picker = (0..2).find(|s| !host.state(*s)["decision"].is_null()).unwrap();
    let d = host.state(picker)["decision"].clone();
    let ahead = |seat: usize, body: Value| host.post(&format!("{}/ahead", host.seats[seat]), &body);
    let r = ahead(1 - picker, json!({"offer": d["offer"], "links": ["cod"]}));
    assert_eq!(r.status, 403, "{}", r.body);
    let r = ahead(picker, json!({"offer": d["offer"], "links": ["cod coin"]}));
    assert_eq!((r.status, r.json()), (200, json!({"ahead": null})), "{}", r.body);
    let r = ahead(picker, json!({"offer": d["offer"], "links": ["cod coin", "cod"]}));
    assert_eq!(r.status, 409, "a link after one that leads nowhere: {}", r.body);
    assert_eq!(ahead(picker, json!({"offer": d["offer"], "links": []})).status, 400);
    assert_eq!(host.get(&format!("{}/ahead", host.seats[picker])).status, 405);
    let before = save_lines(&host);
    let r = ahead(picker, json!({"offer": d["offer"], "links": ["kraken"]}));
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(save_lines(&host), before, "asking ahead changes nothing");
}

#[test]
fn score_format_html_is_a_self_contained_page_worth_sharing() {
    let dir = crate::common::examples_dir();
    let out = crate::common::deckhand(dir.path())
        .args(["score", "examples/ann.toml", "examples/bob.toml", "examples/jerome.toml", "examples/linda.toml"])
        .args(["--format", "html"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.starts_with("<!doctype html>"), "{page}");
    assert!(page.contains("Linda wins with 73 points"), "{page}");
    assert!(page.contains("Played on ") && page.contains("Ann, Bob, Jerome, Linda"), "{page}");
    assert!(page.contains("<tr class=\"winner\"><td>1</td><td class=\"player\">Linda</td>"), "{page}");
    assert!(page.contains("class=\"bar\""), "a bar per category");
    assert!(page.contains("decided by most fish"), "the tie note");
    for outside in ["http://", "https://", "<script", "<link", "@import", "url("] {
        assert!(!page.contains(outside), "self-contained: no `{outside}`");
    }
    let de = crate::common::deckhand(dir.path())
        .args(["--lang", "de", "score", "examples/linda.toml", "examples/bob.toml", "--format", "html"])
        .output()
        .unwrap();
    let de = String::from_utf8(de.stdout).unwrap();
    assert!(de.contains("<html lang=\"de\">") && de.contains("Linda gewinnt mit 73 Punkten"), "{de}");
}

#[test]
fn the_pages_speak_the_tables_language() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--lang",
        "fr",
        "play",
        "fleet-dice",
        "--players",
        "Anne,Bruno",
        "--dice",
        "digital",
        "--seed",
        "2",
        "--save",
        "g.jsonl",
        "--serve",
        "--bind",
        "127.0.0.1:0",
    ];
    // The host's own lines are French too: find the addresses by their shape.
    let host = Host::start(&bin(), dir.path(), &args, "g.jsonl");
    let page = host.get(&host.seats[0]);
    assert!(page.body.contains("<html lang=\"fr\">") && page.body.contains("Annuler ma dernière décision"));
    let state = host.state(0);
    assert_eq!(state["round"], "Manche 1 sur 10");
    assert!(state["sheet"].as_str().unwrap().contains("Crevette"), "{}", state["sheet"]);
    let join = host.get(&crate::host::path_of(&host.join));
    assert!(join.body.contains("Qui êtes-vous ?"), "{}", join.body);
}

#[test]
fn a_client_that_stalls_in_its_body_holds_up_nobody() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let host = start(dir.path(), "Ann,Bob", "4");
    // Ten connections announce a body and never send it.
    let stalled: Vec<std::net::TcpStream> = (0..10)
        .map(|_| {
            let mut s = std::net::TcpStream::connect(&host.addr).unwrap();
            let head = format!(
                "POST {}/answer HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{",
                host.seats[0]
            );
            s.write_all(head.as_bytes()).unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let started = Instant::now();
    drive(&host, |_| started.elapsed() > Duration::from_millis(300));
    assert!(host.state(1)["v"].as_u64().unwrap() > 5, "the game went on");
    drop(stalled);
}

#[test]
fn a_solo_games_final_page_gives_its_rating_against_ruth() {
    let dir = tempfile::tempdir().unwrap();
    let mut host = start(dir.path(), "Ann", "4");
    drive(&host, |_| false);
    let over = host.state(0);
    assert_eq!(over["over"], true);
    let result = over["result"].as_str().unwrap();
    assert!(result.contains("Solo rating against Captain Ruth"), "{result}");
    let page = host.get(&format!("{}/final.html", host.seats[0].split("/seat/").next().unwrap()));
    assert!(page.body.contains("Solo rating against Captain Ruth"), "{}", page.body);
    assert!(!page.body.contains(" wins with "), "{}", page.body);
    // Once the play is recorded, the page served carries its BG Stats link too.
    let started = Instant::now();
    while !host.said().contains("g-final.html") {
        assert!(started.elapsed() < Duration::from_secs(20), "{}", host.said());
        std::thread::sleep(Duration::from_millis(20));
    }
    let served = host.get(&format!("{}/final.html", host.seats[0].split("/seat/").next().unwrap()));
    assert!(served.body.contains("https://app.bgstatsapp.com/createPlay.html?data="), "{}", served.body);
    assert_eq!(host.finish(), Some(0), "{}", host.said());
    assert!(host.printed().contains("Solo rating against Captain Ruth"), "{}", host.printed());
    let shared = std::fs::read_to_string(dir.path().join("g-final.html")).unwrap();
    assert!(shared.contains("Solo rating against Captain Ruth"), "{shared}");
    // The recorded play's BG Stats link, to tap or to scan (issue 25).
    let link = shared.split("href=\"").nth(1).and_then(|s| s.split('"').next()).unwrap_or_default();
    assert!(link.starts_with("https://app.bgstatsapp.com/createPlay.html?data=%7B%22"), "{shared}");
    assert!(link.contains("%22sourceName%22%3A%22deckhand%22"), "{link}");
    assert!(shared.contains("Log this play in BG Stats") && shared.contains("<svg"), "{shared}");
}

#[test]
fn score_of_a_solo_sheet_gives_its_rating_in_the_table_markdown_and_html() {
    let dir = tempfile::tempdir().unwrap();
    let sheet = dir.path().join("solo.toml");
    std::fs::write(
        &sheet,
        "game = \"fleet-dice\"\nplayer = \"Ann\"\nsolo = true\n[marks]\ncod = 3\ncod_license = 1\ncod_boat = 1\ncoin = 8\n",
    )
    .unwrap();
    for format in ["html", "table", "markdown"] {
        let out =
            crate::common::deckhand(dir.path()).args(["score", "solo.toml", "--format", format]).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("Solo rating against Captain Ruth: "), "{format}: {text}");
        assert!(!text.contains("wins with"), "{format}: {text}");
    }
    // JSON keeps its shape: the total, from which a program finds the rating.
    let out = crate::common::deckhand(dir.path()).args(["score", "solo.toml", "--format", "json"]).output().unwrap();
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(json.get("headline").is_none(), "{json}");
}

#[test]
fn the_join_page_gives_each_seat_once_and_never_shows_a_seats_secret() {
    let dir = tempfile::tempdir().unwrap();
    let host = start(dir.path(), "Ann,Bob,Cy", "6");
    let join = crate::host::path_of(&host.join);
    let game = join.trim_end_matches('/').rsplit('/').next().unwrap().to_string();
    let secret = |seat: usize| host.seats[seat].rsplit('/').next().unwrap().to_string();
    let page = host.get(&join);
    assert_eq!(page.status, 200);
    for seat in 0..3 {
        assert!(!page.body.contains(&secret(seat)), "seat {seat}'s secret is on the join page: {}", page.body);
        assert!(page.body.contains(&format!("action=\"/g/{game}/claim/{seat}\"")), "{}", page.body);
    }
    // A tap on Ann: her page's address, once.
    let claim = |seat: usize| host.post(&format!("/g/{game}/claim/{seat}"), &json!({}));
    let first = claim(0);
    assert_eq!(first.status, 303, "{} {}", first.headers, first.body);
    assert!(first.headers.to_ascii_lowercase().contains(&format!("location: {}", host.seats[0])), "{}", first.headers);
    let again = claim(0);
    assert_eq!(again.status, 409);
    assert!(again.body.contains("Ann&#39;s page is already open on another phone"), "{}", again.body);
    assert!(!again.body.contains(&secret(0)));
    // Bob opened his page by the address the terminal printed: taken as well.
    assert_eq!(host.get(&host.seats[1]).status, 200);
    let page = host.get(&join);
    assert!(!page.body.contains("claim/0\"") && !page.body.contains("claim/1\""), "{}", page.body);
    assert!(page.body.contains("claim/2\""), "Cy is still free: {}", page.body);
    assert_eq!(page.body.matches("class=\"seat taken\"").count(), 2, "{}", page.body);
    // Only a form's POST claims (no link preview takes a seat); no such seat, no game.
    assert_eq!(host.get(&format!("/g/{game}/claim/2")).status, 405);
    assert_eq!(claim(2).status, 303);
    assert_eq!(claim(3).status, 404);
    assert_eq!(host.post(&format!("/g/{}/claim/0", "0".repeat(32)), &json!({})).status, 404);
}

/// What a building, a harbor ship or a license does is on the phone, under its option (as
/// `help` says it at the terminal), in words, never ids.
#[test]
fn buildings_ships_and_licenses_have_their_help_on_the_phone() {
    let dir = tempfile::tempdir().unwrap();
    let host = start(dir.path(), "Ann,Bob", "5");
    let mut helped: Option<Value> = None;
    drive(&host, |states| {
        helped = states
            .iter()
            .filter_map(|s| s["decision"]["options"].as_array())
            .flatten()
            .find(|o| o["help"].is_string())
            .cloned();
        helped.is_some()
    });
    let option = helped.expect("an option with its help before the game ends");
    let help = option["help"].as_str().unwrap();
    assert!(!help.is_empty() && !help.contains('_'), "{option}");
    assert_ne!(help, option["label"].as_str().unwrap(), "{option}");
}

#[test]
fn a_seats_hint_weighs_its_open_question_and_commits_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let host = start(dir.path(), "Ann,Bob", "8");
    let seat = (0..2).find(|s| !host.state(*s)["decision"].is_null()).expect("a seat decides");
    let idle = 1 - seat;
    let before = save_lines(&host);
    let r = host.get(&format!("{}/hint", host.seats[seat]));
    assert_eq!(r.status, 200, "{}", r.body);
    let hint = r.json();
    let answers = hint["hint"].as_array().unwrap();
    assert!(answers.len() >= 2, "{hint}");
    assert_eq!(answers.iter().filter(|a| a["best"] == true).count(), 1, "{hint}");
    assert!(answers.iter().all(|a| a["points"].as_str().unwrap().contains('±')), "{hint}");
    // With other players the hint aims to win: each line shows its expected lead, and the
    // lines go from the highest lead down.
    let leads: Vec<f64> = answers
        .iter()
        .map(|a| {
            a["lead"]
                .as_str()
                .unwrap()
                .trim_start_matches("lead ")
                .split(" ± ")
                .next()
                .unwrap()
                .replace('−', "-")
                .parse()
                .unwrap()
        })
        .collect();
    assert!(leads.windows(2).all(|w| w[0] >= w[1]), "{hint}");
    // The same question gets the same hint (seeded by the state).
    assert_eq!(host.get(&format!("{}/hint", host.seats[seat])).json(), hint);
    assert_eq!(save_lines(&host), before, "a hint commits nothing");
    // A seat with nothing to decide is told so; a POST is not a hint.
    let r = host.get(&format!("{}/hint", host.seats[idle]));
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.json()["error"].as_str().unwrap().contains("nothing to weigh"));
    assert_eq!(host.post(&format!("{}/hint", host.seats[seat]), &json!({})).status, 405);
}

#[test]
fn bots_play_their_seats_in_a_served_game_and_show_on_the_dashboard() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["play", "fleet-dice", "--players", "Ann", "--bots", "1", "--bot-level", "greedy", "--dice", "digital"];
    let args: Vec<&str> =
        args.into_iter().chain(["--seed", "5", "--save", "g.jsonl", "--serve", "--bind", "127.0.0.1:0"]).collect();
    let mut host = Host::start(&bin(), dir.path(), &args, "g.jsonl");
    assert_eq!(host.seats.len(), 1, "a page for Ann, none for the bot's seat");
    // Only Ann is ever asked, to the game's end: the bot's seat answers itself.
    drive(&host, |_| false);
    let board = host.get(&format!("{}/state", host.dashboard));
    assert!(board.body.contains("Bot 1"), "the bot's sheet on the dashboard: {}", board.body);
    assert_eq!(host.finish(), Some(0), "{}", host.said());
    assert!(host.printed().contains("Bot 1"), "the bot in the final table: {}", host.printed());
}

/// The host's threads now (Linux).
#[cfg(target_os = "linux")]
fn threads_of(host: &Host) -> usize {
    let status = std::fs::read_to_string(format!("/proc/{}/status", host.pid())).unwrap();
    status.lines().find_map(|l| l.strip_prefix("Threads:")).unwrap().trim().parse().unwrap()
}

/// Issue 30, item 3: every hint request started an advisor run on a thread of its own, and
/// one phone asking 50 times a second grew the host to ~600 threads and froze the table.
/// Sixteen requests at once for one question now wait for one run: the host grows by that
/// run's threads at most (its own and the advisor's, one per core), and all sixteen get
/// the same advice.
#[cfg(target_os = "linux")]
#[test]
fn a_flood_of_hint_requests_for_one_question_waits_for_one_advisor_run() {
    let dir = tempfile::tempdir().unwrap();
    let host = start(dir.path(), "Ann,Bob", "8");
    let seat = (0..2).find(|s| !host.state(*s)["decision"].is_null()).expect("a seat decides");
    let path = format!("{}/hint", host.seats[seat]);
    let before = threads_of(&host);
    let addr = host.addr.clone();
    let asks: Vec<_> = (0..16)
        .map(|_| {
            let (addr, path) = (addr.clone(), path.clone());
            std::thread::spawn(move || crate::host::request(&addr, "GET", &path, "text/plain", b""))
        })
        .collect();
    let mut most = before;
    while !asks.iter().all(|a| a.is_finished()) {
        most = most.max(threads_of(&host));
        std::thread::sleep(Duration::from_millis(10));
    }
    let replies: Vec<_> = asks.into_iter().map(|a| a.join().unwrap()).collect();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert!(
        most <= before + 2 * cores + 4,
        "16 hint requests grew the host from {before} to {most} threads ({cores} cores): one run each?"
    );
    for r in &replies {
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(r.body, replies[0].body, "one question, one advice");
    }
}

/// The seats deckhand plays (`--bots`) have no page to give out: the terminal prints no
/// address for them and the join page does not offer them — Fleet's and the five-dice
/// game's alike (a newcomer scanning the table's code was offered `Bot 1`).
#[test]
fn the_seats_deckhand_plays_are_not_offered_to_the_phones() {
    for game in ["fleet-dice", "yacht"] {
        let dir = tempfile::tempdir().unwrap();
        let args: Vec<&str> = ["play", game, "--players", "Ann", "--bots", "1", "--dice", "digital"]
            .into_iter()
            .chain(["--seed", "3", "--save", "g.jsonl", "--serve", "--bind", "127.0.0.1:0"])
            .collect();
        let host = Host::start(&bin(), dir.path(), &args, "g.jsonl");
        assert_eq!(host.seats.len(), 1, "{game}: {:?}", host.seats);
        assert!(host.seats[0].contains("/seat/0/"), "{game}: {:?}", host.seats);
        let page = host.get(&crate::host::path_of(&host.join));
        assert_eq!(page.status, 200);
        assert!(page.body.contains("/claim/0\"") && page.body.contains("Ann"), "{game}: {}", page.body);
        assert!(!page.body.contains("/claim/1\"") && !page.body.contains("Bot 1"), "{game}: {}", page.body);
    }
}
