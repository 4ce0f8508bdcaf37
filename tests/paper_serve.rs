//! `deckhand scan --serve` over HTTP: each player's phone sends a photo of their own pad
//! (made by the benchmark's synthetic camera), gets the read pad back with the boxes to
//! ask, answers them, corrects a box, and the dashboard shows the final table once every
//! pad is in; the sheet files are written and the host prints the check and the table.

use deckhand::games::fleet::{sheet_file, Sheet};
use deckhand::games::Source;
use deckhand::paper::layout::Target;
use deckhand::paper::sheet;
use serde_json::{json, Value};

use crate::child::bin;
use crate::common::fleet;
use crate::host::{request, Host, Reply};
use crate::paper::{fleet_page, photo_of};

/// A photo of a pad filled as the example sheet `examples/NAME.toml` (a finished game's),
/// printed on page `page`; its truth per box, and the sheet.
pub(crate) fn pad_photo(name: &str, page: &str, seed: u64) -> (Vec<u8>, Vec<bool>, Sheet) {
    let rules = fleet();
    let text = std::fs::read_to_string(crate::common::repo().join(format!("examples/{name}.toml"))).unwrap();
    let s = sheet_file::parse(&rules, &Source::new("s.toml", text)).unwrap().sheet;
    let layout = fleet_page(&rules, page, &s.player);
    let truth = sheet::fleet_truth(&rules, &layout, &s);
    (photo_of(&layout, &truth, seed), truth, s)
}

/// `scan --serve` in `dir` with these extra arguments, on a free loopback port.
pub(crate) fn start_desk(dir: &std::path::Path, more: &[&str]) -> (Host, String) {
    let mut args = vec!["scan", "--serve", "--bind", "127.0.0.1:0", "--out", "sheets"];
    args.extend_from_slice(more);
    let host = Host::start(&bin(), dir, &args, "unused");
    let base = crate::host::path_of(&host.join);
    (host, base)
}

fn photo(host: &Host, path: &str, bytes: &[u8]) -> Reply {
    request(&host.addr, "POST", path, "image/jpeg", bytes)
}

/// Answer every question of a seat's view from the truth; the last view.
pub(crate) fn answer_all(host: &Host, seat_path: &str, mut view: Value, truth: &[bool]) -> Value {
    let mut asked = 0;
    while let Some(q) = view["pad"]["questions"].as_array().and_then(|q| q.first()).cloned() {
        let i = q["i"].as_u64().unwrap() as usize;
        assert!(!q["what"].as_str().unwrap().is_empty(), "a question names its box: {q}");
        let r = host.post(&format!("{seat_path}/box"), &json!({ "i": i, "marked": truth[i] }));
        assert_eq!(r.status, 200, "{}", r.body);
        view = r.json();
        asked += 1;
        assert!(asked < 40, "questions do not end");
    }
    view
}

#[test]
fn each_phone_sends_its_pad_corrects_a_box_and_the_dashboard_shows_the_final_table() {
    let dir = tempfile::tempdir().unwrap();
    let (ann_photo, ann_truth, ann_sheet) = pad_photo("ann", "web-1", 11);
    let (bob_photo, bob_truth, _) = pad_photo("bob", "web-2", 12);
    let (mut host, base) = start_desk(dir.path(), &["--players", "Ann,Bob"]);
    // Each seat's page carries its own token (the host printed both addresses).
    let (ann, bob) = (host.seats[0].clone(), host.seats[1].clone());
    assert!(ann.starts_with(&format!("{base}/pad/0/")) && bob.starts_with(&format!("{base}/pad/1/")), "{ann} {bob}");
    // The join page gives each seat's page out once, by a tap (a form's POST).
    let join = host.browse(&base);
    assert!(join.body.contains(&format!("action=\"{base}/claim/0\"")), "{}", join.body);
    assert!(!join.body.contains(&ann), "no seat's token on the join page: {}", join.body);
    let r = host.request("POST", &format!("{base}/claim/1"), "application/x-www-form-urlencoded", b"");
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(r.headers.to_ascii_lowercase().contains(&format!("location: {bob}")), "{}", r.headers);
    let r = host.request("POST", &format!("{base}/claim/1"), "application/x-www-form-urlencoded", b"");
    assert_eq!(r.status, 409, "a seat is given out once: {}", r.body);
    // The pages are served in the table's language, with the camera input.
    let page = host.browse(&ann);
    assert_eq!(page.status, 200);
    assert!(page.body.contains("type=\"file\"") && page.body.contains("capture=\"environment\""), "{}", page.body);
    // A file that is no photo, and Bob's pad sent from Ann's page, are refused by name.
    let r = photo(&host, &format!("{bob}/photo"), b"not a photo at all");
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.json()["error"], "Bob's photo is not a JPEG or PNG photo");
    let r = photo(&host, &format!("{ann}/photo"), &bob_photo);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.json()["error"].as_str().unwrap().contains("shows Bob's pad"), "{}", r.body);
    // A photo larger than the bound is refused from its announced length, unread.
    {
        use std::io::{Read, Write};
        let mut stream = std::net::TcpStream::connect(&host.addr).unwrap();
        let head = format!(
            "POST {ann}/photo HTTP/1.0\r\nHost: {}\r\nContent-Type: image/jpeg\r\nContent-Length: 50000000\r\n\r\n",
            host.addr
        );
        stream.write_all(head.as_bytes()).unwrap();
        let mut reply = String::new();
        let _ = stream.read_to_string(&mut reply);
        assert!(reply.starts_with("HTTP/1.0 413") || reply.starts_with("HTTP/1.1 413"), "{reply}");
        assert!(reply.contains("The photo is larger than 40 MB"), "{reply}");
    }
    // Ann's pad: read, drawn with every box a tap target, the unclear ones asked.
    let r = photo(&host, &format!("{ann}/photo"), &ann_photo);
    assert_eq!(r.status, 200, "{}", r.body);
    let view = r.json();
    let svg = view["pad"]["svg"].as_str().unwrap();
    assert_eq!(svg.matches("data-i=").count(), ann_truth.len(), "every box drawn");
    let view = answer_all(&host, &ann, view, &ann_truth);
    let file = dir.path().join("sheets").join("ann.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    let rules = fleet();
    let read = sheet_file::parse(&rules, &Source::new("ann.toml", text)).unwrap().sheet;
    assert_eq!(read, ann_sheet, "Ann's sheet is her pad");
    assert!(view["pad"]["file"].as_str().unwrap().ends_with("ann.toml"));
    // Not every pad is in: the dashboard lists who is missing and shows no table yet.
    let dash = host.get(&format!("{base}/dashboard/state")).json();
    assert!(dash["seats"].as_str().unwrap().contains("waiting for a photo"), "{dash}");
    assert_eq!(dash["result"], "");
    assert_eq!(view["pad"]["score"], 31, "{}", view["pad"]);
    assert_eq!(view["pad"]["findings"], json!([]), "{}", view["pad"]);
    // Ann taps a marked box of her first column to empty it: the sheet is written again,
    // checked and scored; a second tap marks it again.
    let first = ann_truth.iter().position(|t| *t).expect("a box marked");
    let r = host.post(&format!("{ann}/box"), &json!({ "i": first, "marked": false }));
    assert_eq!(r.status, 200, "{}", r.body);
    let view = r.json();
    let svg = view["pad"]["svg"].as_str().unwrap();
    let at = svg.find(&format!("data-i=\"{first}\"")).unwrap();
    let class = &svg[svg[..at].rfind("class=").unwrap()..at];
    assert!(class.starts_with("class=\"pb e t"), "the box shows empty, set on the phone: {class}");
    assert!(view["pad"]["score"] != 31 || view["pad"]["findings"] != json!([]), "{}", view["pad"]);
    let text = std::fs::read_to_string(&file).unwrap();
    let changed = sheet_file::parse(&rules, &Source::new("ann.toml", text)).unwrap().sheet;
    assert_ne!(changed, ann_sheet, "the correction is in the sheet file");
    let r = host.post(&format!("{ann}/box"), &json!({ "i": first, "marked": true }));
    assert_eq!(r.json()["pad"]["score"], 31);
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(sheet_file::parse(&rules, &Source::new("ann.toml", text)).unwrap().sheet, ann_sheet);
    // A box that does not exist is refused.
    let r = host.post(&format!("{ann}/box"), &json!({ "i": 100_000, "marked": true }));
    assert_eq!(r.status, 400, "{}", r.body);
    // Bob's seat with Ann's token (or none): a photo or a correction for his pad is refused.
    let ann_token = ann.rsplit('/').next().unwrap();
    let not_bobs = format!("{base}/pad/1/{ann_token}");
    for r in [
        photo(&host, &format!("{not_bobs}/photo"), &bob_photo),
        host.post(&format!("{not_bobs}/box"), &json!({ "i": 0, "marked": true })),
    ] {
        assert_eq!(r.status, 403, "{}", r.body);
        assert_eq!(
            r.json()["error"],
            "This is not Bob's page: send photos and corrections from your own page (tap your name on the join \
             page, or open the address the host gave you)."
        );
    }
    assert_eq!(host.get(&format!("{base}/pad/1/state")).status, 403, "a seat's page without its token");
    let opened = host.browse(&not_bobs);
    assert_eq!(opened.status, 403, "{}", opened.body);
    assert!(opened.body.contains("<html") && opened.body.contains("This is not Bob&#39;s page"), "{}", opened.body);
    assert!(host.get(&format!("{bob}/state")).json()["pad"].is_null(), "Bob's pad untouched");
    // Bob's pad: then every pad is in, and the dashboard shows the final table.
    let r = photo(&host, &format!("{bob}/photo"), &bob_photo);
    assert_eq!(r.status, 200, "{}", r.body);
    answer_all(&host, &bob, r.json(), &bob_truth);
    let dash = host.get(&format!("{base}/dashboard/state")).json();
    let result = dash["result"].as_str().unwrap();
    assert!(result.contains("deckhand-table") && result.contains("Ann") && result.contains("Bob"), "{dash}");
    assert!(result.contains("Bob wins with 42 points"), "{result}");
    assert!(!dash["seats"].as_str().unwrap().contains("waiting"), "{dash}");
    // The host printed the check and the final table; Enter (here: the end of its input)
    // stops it.
    let code = host.finish();
    let printed = host.printed();
    assert!(printed.contains("Ann") && printed.contains("Bob"), "{printed}\n{}", host.said());
    assert!(host.said().contains("Every pad is in"), "{}", host.said());
    assert_eq!(code, Some(0), "the check finds nothing wrong");
    assert!(printed.contains("2 sheets checked: no rule violations"), "{printed}");
}

/// A photo of an end-game pad (Titania) filled as `examples/titania/NAME.toml`, printed for
/// `player` (empty: a blank pad); its truth per box.
fn titania_photo(name: &str, player: &str, page: &str, seed: u64) -> (Vec<u8>, Vec<bool>) {
    use deckhand::paper::layout::{self, Paper, Payload, Words};
    let rules = deckhand::games::built_in("titania").unwrap();
    let e = rules.endgame().unwrap();
    let path = crate::common::repo().join(format!("examples/titania/{name}.toml"));
    let text = std::fs::read_to_string(path).unwrap();
    let s = deckhand::games::endgame::sheet_file::parse(e, &Source::new("s.toml", text)).unwrap();
    let words = Words { names: vec![String::new(); e.sheet.inputs.len()], ..Words::default() };
    let payload = Payload {
        game: "titania".into(),
        rules: rules.fingerprint(),
        layout: layout::LAYOUT_VERSION,
        page: page.into(),
        corner: 0,
        paper: Paper::A4,
        player: player.into(),
    };
    let page = layout::endgame(e, &words, Paper::A4, payload);
    let truth = sheet::endgame_truth(e, &page, &s.inputs(e));
    (photo_of(&page, &truth, seed), truth)
}

#[test]
fn without_players_each_pad_takes_a_seat_as_it_comes_and_a_retake_on_its_page_replaces_it_in_german() {
    let dir = tempfile::tempdir().unwrap();
    let (ann_photo, ann_truth) = titania_photo("ann", "Ann", "ti-1", 31);
    let (blank_photo, blank_truth) = titania_photo("ben", "", "ti-2", 32);
    let (mut host, base) = start_desk(dir.path(), &["--lang", "de"]);
    // The join page offers a page for a new pad, in the table's language; a file that is
    // no photo is refused in it too.
    let join = host.browse(&base);
    assert!(join.body.contains(&format!("href=\"{base}/pad/new\">Ein neues Blatt")), "{}", join.body);
    let r = photo(&host, &format!("{base}/pad/new/photo"), b"GIF89a");
    assert_eq!((r.status, r.json()["error"].as_str()), (422, Some("Das Foto ist kein JPEG- oder PNG-Foto")));
    // Ann's printed pad takes the first seat, under her name, at an address with its own
    // token; the blank pad the second, as "Player 2". The blank pad photographed again on
    // the new pad's page is refused (it would replace a pad already in); on its own seat's
    // page it replaces it.
    let r = photo(&host, &format!("{base}/pad/new/photo"), &ann_photo);
    assert_eq!(r.status, 200, "{}", r.body);
    let ann = r.json();
    assert_eq!((ann["seat"].as_u64(), ann["player"].as_str()), (Some(0), Some("Ann")), "{ann}");
    let ann_page = ann["url"].as_str().unwrap().to_string();
    assert!(ann_page.starts_with(&format!("{base}/pad/0/")) && ann_page.len() > base.len() + 30, "{ann_page}");
    answer_all(&host, &ann_page, ann, &ann_truth);
    let r = photo(&host, &format!("{base}/pad/new/photo"), &blank_photo);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["player"], "Spieler 2");
    let blank_page = r.json()["url"].as_str().unwrap().to_string();
    assert_ne!(blank_page.rsplit('/').next(), ann_page.rsplit('/').next(), "a token per seat");
    let r = photo(&host, &format!("{base}/pad/new/photo"), &blank_photo);
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(
        r.json()["error"],
        "Das Foto zeigt das Blatt von Spieler 2, das schon da ist: um es noch einmal zu schicken, fotografiere es \
         auf der eigenen Seite von Spieler 2"
    );
    let r = photo(&host, &format!("{blank_page}/photo"), &blank_photo);
    assert_eq!(r.json()["seat"], 1, "a retake replaces the pad: {}", r.body);
    answer_all(&host, &blank_page, r.json(), &blank_truth);
    let dash = host.get(&format!("{base}/dashboard/state")).json();
    assert_eq!(dash["game"], "Titania");
    let result = dash["result"].as_str().unwrap();
    assert!(result.contains("deckhand-table") && result.contains("Spieler 2"), "{dash}");
    for file in ["ann.toml", "spieler-2.toml"] {
        assert!(dir.path().join("sheets").join(file).is_file(), "{file} written");
    }
    host.finish();
    assert!(host.printed().contains("Spieler 2"), "{}\n{}", host.printed(), host.said());
}

/// A name longer than the 30 bytes a corner code holds (26 letters, 6 of them two bytes):
/// its pad carries the name's start, and is still that player's.
#[test]
fn a_long_names_pad_is_that_players_though_its_codes_hold_the_names_start() {
    let dir = tempfile::tempdir().unwrap();
    let long = "Björn-Sören Käßmann-Öztürk";
    // What `pad` puts in its codes: the name cut at a character within 30 bytes.
    let printed: String = long.char_indices().take_while(|(i, c)| i + c.len_utf8() <= 30).map(|(_, c)| c).collect();
    assert!(printed.len() < long.len() && long.starts_with(&printed), "{printed}");
    let (photo_bytes, truth) = titania_photo("ann", &printed, "ti-1", 33);
    let (mut host, _) = start_desk(dir.path(), &["--players", &format!("{long},Ann")]);
    let seat = host.seats[0].clone();
    let r = photo(&host, &format!("{seat}/photo"), &photo_bytes);
    assert_eq!(r.status, 200, "{}", r.body);
    answer_all(&host, &seat, r.json(), &truth);
    let r = photo(&host, &format!("{}/photo", host.seats[1]), &photo_bytes);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.json()["error"].as_str().unwrap().contains(&format!("shows {printed}'s pad")), "{}", r.body);
    host.finish();
}

/// A photo of a five-dice pad printed for `sheet`'s player and marked as the sheet says;
/// its truth per box, and the page.
pub(crate) fn yacht_photo(text: &str, page: &str, seed: u64) -> (Vec<u8>, Vec<bool>, deckhand::paper::layout::Page) {
    let (rules, _) = crate::paper::yacht_page("x", "x");
    let sheet = deckhand::games::yacht::parse_sheet(&rules, &Source::new("s.toml", text.to_string())).unwrap().sheet;
    let (_, layout) = crate::paper::yacht_page(page, &sheet.player);
    let truth = sheet::yacht_truth(&rules.base, &layout, &sheet);
    (photo_of(&layout, &truth, seed), truth, layout)
}

#[test]
fn five_dice_pads_are_read_corrected_and_scored_on_the_phones() {
    let dir = tempfile::tempdir().unwrap();
    let (ann_photo, ann_truth, layout) = yacht_photo(crate::yacht::ANN, "yd-1", 51);
    let (bob_photo, bob_truth, _) = yacht_photo(crate::yacht::BOB, "yd-2", 52);
    let (mut host, base) = start_desk(dir.path(), &["--players", "Ann,Bob"]);
    let (ann, bob) = (host.seats[0].clone(), host.seats[1].clone());
    // Ann's pad: read, drawn with every bubble a tap target, her points as the pad says.
    let r = photo(&host, &format!("{ann}/photo"), &ann_photo);
    assert_eq!(r.status, 200, "{}", r.body);
    let view = r.json();
    assert_eq!(view["pad"]["svg"].as_str().unwrap().matches("data-i=").count(), ann_truth.len(), "every bubble drawn");
    let view = answer_all(&host, &ann, view, &ann_truth);
    assert_eq!((view["pad"]["score"].as_i64(), &view["pad"]["findings"]), (Some(289), &json!([])), "{}", view["pad"]);
    let file = dir.path().join("sheets").join("ann.toml");
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.contains("chance = 22") && written.contains("upper = 35"), "{written}");
    // A tap empties Ann's 25 in the full house: the box is open, the check says so and
    // names the row; a second tap marks it again.
    let (rules, _) = crate::paper::yacht_page("x", "x");
    let full_house = rules.base.box_index("full_house").unwrap();
    let full = (layout.boxes.iter())
        .position(|b| b.target == Target::Points { category: full_house, value: 25 })
        .expect("the full house's 25 bubble");
    assert!(ann_truth[full]);
    let r = host.post(&format!("{ann}/box"), &json!({ "i": full, "marked": false }));
    assert_eq!(r.status, 200, "{}", r.body);
    let pad = &r.json()["pad"];
    let findings = pad["findings"].as_array().unwrap();
    assert_eq!(findings.len(), 1, "{pad}");
    assert!(findings[0].as_str().unwrap().contains("a finished game fills every box"), "{pad}");
    assert!(pad["svg"].as_str().unwrap().contains(&format!("class=\"pb e t bad\" data-i=\"{full}\"")), "{pad}");
    let r = host.post(&format!("{ann}/box"), &json!({ "i": full, "marked": true }));
    assert_eq!((r.json()["pad"]["score"].as_i64(), &r.json()["pad"]["findings"]), (Some(289), &json!([])));
    // Bob's pad, then the final table on the dashboard, as `score` gives it.
    let r = photo(&host, &format!("{bob}/photo"), &bob_photo);
    assert_eq!(r.status, 200, "{}", r.body);
    answer_all(&host, &bob, r.json(), &bob_truth);
    let dash = host.get(&format!("{base}/dashboard/state")).json();
    assert_eq!(dash["game"], "Yacht");
    let result = dash["result"].as_str().unwrap();
    assert!(result.contains("deckhand-table") && result.contains("Bob wins with 384 points"), "{result}");
    let code = host.finish();
    assert_eq!(code, Some(0), "{}\n{}", host.printed(), host.said());
    assert!(host.printed().contains("2 sheets checked: no rule violations"), "{}", host.printed());
}

/// Issue #32 item 3 under `play`: a game played on its printed pads (`--paper`) ends on the
/// phones. Each player photographs their own pad on their seat's page, the dashboard shows
/// the final table, the host prints it; a correction made after that is printed again when
/// the host is done, and the game goes into the history once, as its sheets stand, with
/// its start and duration.
#[test]
fn a_game_played_on_paper_ends_on_the_phones_and_goes_into_the_history_once() {
    let dir = tempfile::tempdir().unwrap();
    let (ann_photo, ann_truth, _) = pad_photo("ann", "pp-1", 13);
    let (bob_photo, bob_truth, _) = pad_photo("bob", "pp-2", 14);
    let args = ["play", "fleet-dice", "--players", "Ann,Bob", "--serve", "--paper", "--bind", "127.0.0.1:0"];
    let mut host = Host::start(&bin(), dir.path(), &args, "unused");
    let games = dir.path().join(".local/share/deckhand/games");
    assert!(std::fs::read_dir(&games).map_or(true, |mut d| d.next().is_none()), "no folder before a sheet");
    assert!(
        host.said().contains("Play on your printed pads (`deckhand pad fleet-dice --players Ann,Bob` prints them)"),
        "{}",
        host.said()
    );
    let (ann, bob) = (host.seats[0].clone(), host.seats[1].clone());
    let r = photo(&host, &format!("{ann}/photo"), &ann_photo);
    assert_eq!(r.status, 200, "{}", r.body);
    answer_all(&host, &ann, r.json(), &ann_truth);
    let r = photo(&host, &format!("{bob}/photo"), &bob_photo);
    assert_eq!(r.status, 200, "{}", r.body);
    answer_all(&host, &bob, r.json(), &bob_truth);
    let dash = host.get(&format!("{base}/dashboard/state", base = crate::host::path_of(&host.join))).json();
    assert!(dash["result"].as_str().unwrap().contains("Bob wins with 42 points"), "{dash}");
    // The host printed the table and waits for Enter; Ann corrects a box meanwhile.
    let started = std::time::Instant::now();
    while !host.said().contains("Press Enter when the table is final") {
        assert!(started.elapsed().as_secs() < 20, "{}", host.said());
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // The first marked box whose emptying changes her points (others only break a rule).
    let mut ann_score = 31;
    for i in (0..ann_truth.len()).filter(|i| ann_truth[*i]) {
        let r = host.post(&format!("{ann}/box"), &json!({ "i": i, "marked": false }));
        assert_eq!(r.status, 200, "{}", r.body);
        ann_score = r.json()["pad"]["score"].as_i64().unwrap();
        if ann_score != 31 {
            break;
        }
        host.post(&format!("{ann}/box"), &json!({ "i": i, "marked": true }));
    }
    assert_ne!(ann_score, 31, "a correction changes Ann's points");
    host.finish();
    assert!(host.said().contains("Pads were corrected meanwhile"), "{}", host.said());
    // The table printed when every pad was in (Bob 42, Ann 31), and again as corrected.
    let printed = host.printed();
    assert_eq!(printed.matches("Fleet: The Dice Game").count(), 2, "{printed}");
    assert!(printed.contains("2 sheets checked: no rule violations"), "{printed}");
    assert!(printed.contains(&format!("{ann_score} │")), "{printed}");
    assert!(host.said().contains("Recorded in the history as play #1"), "{}", host.said());
    // The sheets are in a folder of their own in the games folder.
    let folder = std::fs::read_dir(&games).unwrap().next().unwrap().unwrap().path();
    assert!(folder.file_name().unwrap().to_string_lossy().starts_with("fleet-dice-"), "{folder:?}");
    assert!(folder.join("ann.toml").is_file() && folder.join("bob.toml").is_file(), "{folder:?}");
    // One play, from paper, with Ann's corrected points.
    let out = crate::common::deckhand(dir.path()).args(["history", "--format", "json"]).output().unwrap();
    let list: Value = serde_json::from_slice(&out.stdout).unwrap();
    let plays = list.as_array().unwrap();
    assert_eq!(plays.len(), 1, "{list}");
    let p = &plays[0];
    assert_eq!((p["game_id"].as_str(), p["source"].as_str()), (Some("fleet-dice"), Some("paper")), "{p}");
    assert!(p["started_at"].is_string() && p["duration_min"].is_u64(), "{p}");
    let score =
        |name: &str| p["players"].as_array().unwrap().iter().find(|x| x["name"] == name).unwrap()["score"].clone();
    assert_eq!((score("Ann"), score("Bob")), (json!(ann_score), json!(42)), "{p}");
}

#[test]
fn a_paper_game_needs_its_players_and_a_pad_and_refuses_the_flags_of_a_tracked_game() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str], said: &str| {
        let mut all = vec!["play"];
        all.extend_from_slice(args);
        crate::common::deckhand(dir.path())
            .args(&all)
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!("deckhand: {said}\n"));
    };
    run(
        &["fleet-dice", "--players", "Ann,Bob", "--serve", "--paper", "--captains"],
        "--captains does not go with --paper: the game is played on the printed pads, and only its end is on the \
         phones; leave it out",
    );
    run(
        &["yacht", "--players", "Ann,Bob", "--serve", "--paper", "--review-playouts", "0"],
        "--review-playouts does not go with --paper: the game is played on the printed pads, and only its end is on \
         the phones; leave it out",
    );
    run(
        &["fleet-dice", "--serve", "--paper"],
        "name the players with --players (`--players Ann,Bob`): each gets a page to photograph their own pad",
    );
    run(
        &["fleet-dice", "--players", "Ann", "--serve", "--paper"],
        "a solo game of Fleet: The Dice Game is not on the pad (Captain Ruth's crossings are not told apart): play \
         it with deckhand, `deckhand play fleet-dice --players NAME`",
    );
    run(&["fischerspiel", "--players", "3", "--serve", "--paper"], "The Fishing Game has no score sheet to print");
    let out =
        crate::common::deckhand(dir.path()).args(["play", "yacht", "--players", "Ann", "--paper"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "--paper without --serve");
    assert!(!dir.path().join(".local/share/deckhand/games").exists(), "nothing written");
}
