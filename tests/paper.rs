//! Paper in, paper out: `deckhand pad` prints pads, `deckhand scan` reads photos of them
//! (made here by the benchmark's synthetic camera, small so the suite stays fast).

use deckhand::games::fleet::sheet_file;
use deckhand::games::{FleetRules, Source};
use deckhand::paper::layout::{self, Paper, Payload, Words};
use deckhand::paper::{read, sheet, synth};

use crate::common::fleet;
use crate::test::Test;

fn payload(rules_id: &str, fingerprint: &str, page: &str, player: &str) -> Payload {
    Payload {
        game: rules_id.into(),
        rules: fingerprint.into(),
        layout: layout::LAYOUT_VERSION,
        page: page.into(),
        corner: 0,
        paper: Paper::A4,
        player: player.into(),
    }
}

pub(crate) fn fleet_page(rules: &FleetRules, page: &str, player: &str) -> layout::Page {
    fleet_page_on(rules, page, player, Paper::A4)
}

fn fleet_page_on(rules: &FleetRules, page: &str, player: &str, paper: Paper) -> layout::Page {
    let fingerprint = deckhand::games::built_in("fleet-dice").unwrap().fingerprint();
    let words = Words {
        names: vec![String::new(); rules.sections.len()],
        bonuses: vec![String::new(); rules.king_crab_bonuses.len()],
        ..Words::default()
    };
    let p = Payload { paper, ..payload(&rules.id, &fingerprint, page, player) };
    layout::fleet(rules, &words, paper, p)
}

/// A photo (JPEG bytes) of a pad marked with `truth`, by a camera of the usual kind but
/// small (3 megapixels) and mild, so reading it in a debug build takes a second or two.
pub(crate) fn photo_of(page: &layout::Page, truth: &[bool], seed: u64) -> Vec<u8> {
    let mut d = synth::Dice::new(seed);
    let mut canvas = synth::paint(page, 7.0);
    synth::mark_boxes(&mut canvas, page, truth, &mut d, false);
    let mut cam = synth::camera(&mut d, None);
    cam.size = (2000, 1500);
    cam.blur = cam.blur.min(0.8);
    cam.motion.0 = 0.0;
    cam.noise = cam.noise.min(2.0);
    cam.quality = cam.quality.max(75);
    cam.fill = 0.92;
    let grey = synth::photograph(&canvas, page, &cam, &mut d);
    synth::jpeg(&grey, cam.quality, None)
}

/// A synthetic photo of `page` marked as `truth` says, read back: no box read wrong, and the
/// truth of every box the reader asks about added to `answers` (`x` or `.`, one a line).
fn photographed_and_read(page: &layout::Page, truth: &[bool], seed: u64, answers: &mut String) -> Vec<u8> {
    let jpeg = photo_of(page, truth, seed);
    let img = deckhand::paper::photo::load(&jpeg).unwrap();
    let reading = read::read(&img, page, &read::locate(&img)).unwrap();
    for (k, (b, t)) in reading.boxes.iter().zip(truth).enumerate() {
        let what = (page.boxes[k].target, b, t);
        assert!(b.state == read::State::Unsure || (b.state == read::State::Marked) == *t, "read wrong: {what:?}");
        if b.state == read::State::Unsure {
            answers.push_str(if *t { "x\n" } else { ".\n" });
        }
    }
    jpeg
}

#[test]
fn a_played_game_printed_marked_photographed_and_scanned_gives_back_its_sheets_and_table() {
    // Play a whole game from its answers: the sheets and the final table.
    let played = Test::new()
        .repo_file("tests/games/two_players.answers")
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--save", "g.jsonl"])
        .args(["--answers", "tests/games/two_players.answers"])
        .run();
    let rules = fleet();
    // Print the players' pads.
    let printed = Test::new().args(["pad", "fleet-dice", "--players", "Ann,Bob", "-o", "pads.pdf"]).run();
    let pdf = std::fs::read_to_string(printed.dir.path().join("pads.pdf")).unwrap();
    assert!(
        pdf.starts_with("%PDF-1.4") && pdf.contains("/Count 2") && pdf.contains("(Fleet: The Dice Game \\227 Ann)")
    );
    // Mark each pad from the game's sheet, photograph it, and scan the photos.
    let dir = played.dir.path();
    let mut sheets = Vec::new();
    // The boxes the reader will not be sure of (an erased mark, a faint one), in the order
    // `scan` asks them, answered from the truth as the players would.
    let mut answers = String::new();
    for (i, name) in ["ann", "bob"].iter().enumerate() {
        let text = played.read(&format!("g-{name}.toml"));
        let sheet = sheet_file::parse(&rules, &Source::new("s.toml", text)).unwrap().sheet;
        let page = fleet_page(&rules, &format!("rt-{}", i + 1), &sheet.player);
        let truth = sheet::fleet_truth(&rules, &page, &sheet);
        assert!(truth.iter().filter(|t| **t).count() > 40, "a finished game marks many boxes");
        let jpeg = photographed_and_read(&page, &truth, 7 + i as u64, &mut answers);
        std::fs::write(dir.join(format!("{name}.jpg")), jpeg).unwrap();
        sheets.push(sheet);
    }
    std::fs::write(dir.join("answers.txt"), &answers).unwrap();
    let asked = answers.lines().count();
    assert!(asked <= 6, "at most a few questions for two clear photos, not {asked}");
    let mut cmd = crate::common::deckhand(dir);
    let out =
        cmd.args(["scan", "ann.jpg", "bob.jpg", "--out", "scanned", "--answers", "answers.txt"]).output().unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    for (name, sheet) in ["ann", "bob"].iter().zip(&sheets) {
        let text = std::fs::read_to_string(dir.join("scanned").join(format!("{name}.toml"))).unwrap();
        let back = sheet_file::parse(&rules, &Source::new("s.toml", text.clone())).unwrap().sheet;
        assert_eq!(&back, sheet, "{name}: the scanned sheet is the played one\n{text}");
    }
    // The scan's final table is the game's own.
    let table_of = |text: &str| -> Vec<String> {
        text.lines().filter(|l| l.contains("Ann") || l.contains("Bob")).map(|l| l.trim().to_string()).collect()
    };
    let played_rows: Vec<String> =
        table_of(&played.stdout).into_iter().filter(|l| l.starts_with('│') || l.starts_with('|')).collect();
    let scanned_rows: Vec<String> =
        table_of(&stdout).into_iter().filter(|l| l.starts_with('│') || l.starts_with('|')).collect();
    assert!(!scanned_rows.is_empty(), "{stdout}");
    for row in &scanned_rows {
        assert!(played_rows.contains(row), "row {row:?} not in the played table:\n{}", played.stdout);
    }
}

#[test]
fn an_unclear_box_is_asked_with_its_pad_words_and_the_answer_is_kept() {
    let rules = fleet();
    let page = fleet_page(&rules, "ask-1", "Ann");
    let mut truth = vec![false; page.boxes.len()];
    // The first cod column box: marked, but with a very faint pencil (at 20 % grey, about
    // as dark as an erased mark: a 36 % pencil stroke is read marked).
    let cod = rules.section_index("cod").unwrap();
    let i = page.boxes.iter().position(|b| b.target == layout::Target::Mark { section: cod, index: 0 }).unwrap();
    truth[i] = true;
    let mut d = synth::Dice::new(3);
    let mut canvas = synth::paint(&page, 7.0);
    let (cx, cy) = page.boxes[i].centre();
    let faint = synth::Pen { width: 0.45, dark: 0.2 };
    synth::mark(
        &mut canvas,
        &mut d,
        (cx as f64, cy as f64),
        page.boxes[i].size as f64,
        synth::Stroke::Slash,
        faint,
        0.0,
    );
    let mut cam = synth::camera(&mut d, None);
    (cam.size, cam.blur, cam.motion.0, cam.noise, cam.quality, cam.fill) = ((2000, 1500), 0.5, 0.0, 1.5, 90, 0.92);
    let grey = synth::photograph(&canvas, &page, &cam, &mut d);
    let out = Test::new()
        .file("ann.jpg", synth::jpeg(&grey, 90, None))
        .file("answers.txt", "x\n")
        .args(["scan", "ann.jpg", "--answers", "answers.txt", "--format", "json"])
        .run();
    assert!(out.stderr.contains("Ann: cod 1 (ink"), "{}", out.stderr);
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let boxes = json["pages"][0]["boxes"].as_array().unwrap();
    let cod1 = boxes.iter().find(|b| b["id"] == "cod.1").unwrap();
    assert_eq!(
        (cod1["read"].as_str(), cod1["answered"].as_bool(), cod1["marked"].as_bool()),
        (Some("unsure"), Some(true), Some(true))
    );
    assert!(boxes.iter().all(|b| b["confidence"].as_f64().is_some()));
    let written = out.read("ann.toml");
    assert!(written.contains("cod = \"x . . ."), "{written}");
}

#[test]
fn photos_that_are_no_pad_or_broken_or_twice_the_same_page_are_refused_by_name() {
    let blank = {
        let img = deckhand::paper::photo::Grey::new(400, 300, 200);
        synth::jpeg(&img, 80, None)
    };
    Test::new()
        .file("table.jpg", &blank)
        .args(["scan", "table.jpg"])
        .stderr("deckhand: no deckhand pad found in table.jpg: is the whole page in the picture?\n")
        .status(2)
        .run();
    // A pad photographed far out of focus: its codes cannot be read, and scan says so
    // (not "no pad") and asks for another photo.
    let rules = fleet();
    let page = fleet_page(&rules, "blur-1", "Ann");
    let mut d = synth::Dice::new(21);
    let canvas = synth::paint(&page, 6.0);
    let mut cam = synth::camera(&mut d, None);
    (cam.size, cam.blur, cam.motion.0, cam.noise, cam.quality) = ((1600, 1200), 4.0, 0.0, 1.5, 85);
    let grey = synth::photograph(&canvas, &page, &cam, &mut d);
    let out = Test::new().file("blur.jpg", synth::jpeg(&grey, 85, None)).args(["scan", "blur.jpg"]).status(2).run();
    assert!(out.stderr.contains("blur.jpg is too blurred to read: none of the pad's corner codes"), "{}", out.stderr);
    let png = {
        let img = image::GrayImage::from_pixel(300, 200, image::Luma([200]));
        let mut out = Vec::new();
        img.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png).unwrap();
        out
    };
    Test::new()
        .file("cut.png", &png[..png.len() / 2])
        .args(["scan", "cut.png"])
        .stderr("deckhand: cut.png could not be decoded: the file is damaged or cut short; copy the photo again\n")
        .status(2)
        .run();
    Test::new()
        .file("notes.png", "just text")
        .args(["scan", "notes.png"])
        .stderr("deckhand: notes.png is not a JPEG or PNG photo\n")
        .status(2)
        .run();
    let big = Test::new().args(["scan", "big.jpg"]);
    let file = std::fs::File::create(big_path(&big)).unwrap();
    file.set_len(100 * 1024 * 1024).unwrap();
    big.stderr("deckhand: big.jpg is 100 MB; deckhand reads photos up to 40 MB: export a smaller JPEG\n")
        .status(2)
        .run();
}

/// Where a `Test`'s file of this name is (to make a sparse 100 MB file without writing it).
fn big_path(t: &Test) -> std::path::PathBuf {
    t.dir().join("big.jpg")
}

#[test]
fn pads_of_another_rules_version_two_photos_of_one_page_and_a_cut_off_page_are_named() {
    let rules = fleet();
    let page = fleet_page(&rules, "dup-1", "Ann");
    let truth = vec![false; page.boxes.len()];
    let photo = photo_of(&page, &truth, 11);
    Test::new()
        .file("a.jpg", &photo)
        .file("b.jpg", &photo)
        .args(["scan", "a.jpg", "b.jpg"])
        .stderr("deckhand: b.jpg and a.jpg are photos of the same page (dup-1); keep one of them\n")
        .status(2)
        .run();
    // The same pad printed for other rules (another fingerprint).
    let mut other = page.clone();
    for q in &mut other.qrs {
        q.payload.rules = "0000000000000000".into();
        q.modules = layout::qr_modules(&q.payload.encode());
    }
    let out = Test::new().file("old.jpg", photo_of(&other, &truth, 12)).args(["scan", "old.jpg"]).status(2).run();
    assert!(
        out.stderr.contains("old.jpg was printed for other rules of Fleet: The Dice Game (rules 0000000000000000;"),
        "{}",
        out.stderr
    );
    // Half the page outside the photo.
    let mut d = synth::Dice::new(5);
    let canvas = synth::paint(&page, 6.0);
    let mut cam = synth::camera(&mut d, None);
    (cam.size, cam.rotation, cam.tilt, cam.fill, cam.blur, cam.motion.0) = ((2000, 1500), 0.0, 0.0, 0.9, 0.5, 0.0);
    let grey = synth::photograph(&canvas, &page, &cam, &mut d);
    let mut cut = deckhand::paper::photo::Grey::new(grey.width * 55 / 100, grey.height, 0);
    for y in 0..grey.height {
        for x in 0..cut.width {
            cut.pixels[y * cut.width + x] = grey.get(x, y);
        }
    }
    let out = Test::new().file("half.jpg", synth::jpeg(&cut, 85, None)).args(["scan", "half.jpg"]).status(2).run();
    assert!(
        out.stderr.contains(
            "the page in half.jpg is cut off (the top right corner, the bottom right corner outside the photo)"
        ),
        "{}",
        out.stderr
    );
    // A quarter of the page: one code read, the far corners placed by it alone are not
    // claimed to be outside (they may be in the photo, their codes blurred or covered).
    let mut quarter = deckhand::paper::photo::Grey::new(grey.width * 55 / 100, grey.height * 55 / 100, 0);
    for y in 0..quarter.height {
        for x in 0..quarter.width {
            quarter.pixels[y * quarter.width + x] = grey.get(x, y);
        }
    }
    let out =
        Test::new().file("quarter.jpg", synth::jpeg(&quarter, 85, None)).args(["scan", "quarter.jpg"]).status(2).run();
    assert!(
        out.stderr.contains(
            "only 1 of the 4 corner codes of the page in quarter.jpg could be read (the top right corner, the bottom \
             right corner, the bottom left corner: outside the photo, covered or too blurred)"
        ),
        "{}",
        out.stderr
    );
}

#[test]
fn a_phone_photo_stored_sideways_is_turned_upright_by_its_exif_orientation() {
    let img = deckhand::paper::photo::Grey::new(60, 40, 255);
    let mut marked = img.clone();
    marked.pixels[0] = 0;
    let bytes = synth::jpeg(&marked, 95, Some(6));
    let back = deckhand::paper::photo::load(&bytes).unwrap();
    assert_eq!((back.width, back.height), (60, 40), "turned back upright");
    assert!(back.get(0, 0) < 100, "the dark corner is where it was");
}

#[test]
fn pad_prints_pdf_and_svg_and_refuses_what_it_cannot_do() {
    let out = Test::new().args(["pad", "titania", "--count", "2", "-o", "t.svg", "--lang", "de"]).run();
    assert!(out.stderr.contains("t-1.svg, t-2.svg geschrieben (2 Seiten)"), "{}", out.stderr);
    let svg = out.read("t-1.svg");
    assert!(svg.starts_with("<svg") && svg.contains("Ruhmesleiste"), "the German input names");
    Test::new()
        .args(["pad", "fleet-dice", "--players", "Ann", "--count", "2", "-o", "x.pdf"])
        .stderr("deckhand: give either --players (a page per player) or --count (blank pages), not both\n")
        .status(2)
        .run();
    Test::new()
        .args(["pad", "fleet-dice", "-o", "x.pdf", "--format", "svg"])
        .stderr("deckhand: x.pdf's extension says one format and --format another; make them agree\n")
        .status(2)
        .run();
    // An extension deckhand does not write is refused (a PDF named pads.png would mislead),
    // nothing written; with --format the name is the user's choice.
    let out = Test::new()
        .args(["pad", "fleet-dice", "-o", "pads.png"])
        .stderr(
            "deckhand: pads.png: deckhand writes pads as PDF or SVG, not `.png`; name the file .pdf or .svg, or \
             choose with --format pdf|svg\n",
        )
        .status(2)
        .run();
    assert!(!out.dir.path().join("pads.png").exists(), "nothing written");
    let out = Test::new().args(["pad", "yacht", "-o", "pads.png", "--format", "pdf"]).run();
    let pdf = std::fs::read(out.dir.path().join("pads.png")).unwrap();
    assert!(pdf.starts_with(b"%PDF"), "the format asked for");
    Test::new()
        .args(["pad", "fischerspiel", "-o", "x.pdf"])
        .stderr("deckhand: The Fishing Game has no score sheet to print\n")
        .status(2)
        .run();
    // A folder that does not exist, said as such in the table's language (the system said
    // "No such file or directory (os error 2)" in every language).
    Test::new()
        .args(["pad", "yacht", "-o", "gone/x.pdf", "--lang", "fr"])
        .stderr("deckhand: impossible d'écrire gone/x.pdf : son dossier n'existe pas\n")
        .status(2)
        .run();
    let out = Test::new().file("x.pdf", "mine").args(["pad", "fleet-dice", "-o", "x.pdf"]).status(2).run();
    assert_eq!(out.read("x.pdf"), "mine", "an existing file is never replaced");
}

#[test]
fn every_box_of_every_pad_is_at_least_5_mm_and_none_overlap_on_a4_and_letter() {
    for id in ["fleet-dice", "nauticus", "titania"] {
        let rules = deckhand::games::built_in(id).unwrap();
        for paper in [Paper::A4, Paper::Letter] {
            let p = payload(id, &rules.fingerprint(), "x-1", "Ann");
            let page = match (rules.fleet(), rules.endgame()) {
                (Some(f), _) => fleet_page_on(f, "x-1", "Ann", paper),
                (_, Some(e)) => {
                    let words = Words { names: vec![String::new(); e.sheet.inputs.len()], ..Words::default() };
                    layout::endgame(e, &words, paper, p)
                }
                _ => unreachable!(),
            };
            for (i, a) in page.boxes.iter().enumerate() {
                assert!(a.size >= layout::MIN_BOX_MM, "{id} {paper:?}: box {i} is {} mm", a.size);
                assert!(a.x >= 0.0 && a.y >= 0.0 && a.x + a.size <= page.width && a.y + a.size <= page.height);
                for b in &page.boxes[i + 1..] {
                    let apart = (a.x - b.x).abs() >= a.size.min(b.size) || (a.y - b.y).abs() >= a.size.min(b.size);
                    assert!(apart, "{id} {paper:?}: {:?} and {:?} overlap", a.target, b.target);
                }
                for q in &page.qrs {
                    let clear =
                        a.x > q.x + q.side() || a.x + a.size < q.x || a.y > q.y + q.side() || a.y + a.size < q.y;
                    assert!(clear, "{id} {paper:?}: box {i} under a corner code");
                }
            }
        }
    }
}

/// A five-dice page for a player, as `deckhand pad yacht` prints it (words left out: they
/// never move a box).
pub(crate) fn yacht_page(page: &str, player: &str) -> (deckhand::games::yacht::YachtRules, layout::Page) {
    let built = deckhand::games::built_in("yacht").unwrap();
    let rules = built.yacht().unwrap().clone();
    let words = Words {
        names: vec![String::new(); rules.base.boxes.len()],
        bonuses: vec![String::new(); 2],
        ..Words::default()
    };
    let p = payload(&rules.id, &built.fingerprint(), page, player);
    let page = layout::yacht(&rules.base, &words, Paper::A4, p);
    (rules, page)
}

#[test]
fn five_dice_pads_printed_marked_photographed_and_scanned_give_back_the_sheets_and_table() {
    use deckhand::games::yacht;
    // The pads print: one page per player, the box names in the table's language.
    let printed = Test::new().args(["pad", "yacht", "--players", "Ann,Bob", "-o", "pads.pdf"]).run();
    let pdf = std::fs::read_to_string(printed.dir.path().join("pads.pdf")).unwrap();
    assert!(pdf.contains("/Count 2") && pdf.contains("(Yacht \\227 Ann)") && pdf.contains("(Full house)"), "{pdf}");
    let de = Test::new().args(["--lang", "de", "pad", "yacht", "--count", "1", "-o", "de.svg"]).run();
    assert!(de.read("de.svg").contains("Kleine Stra"), "{}", de.read("de.svg"));
    // Two finished sheets (an upper bonus, an extra bonus, a value box, a zero, digit
    // boxes), marked on their pads, photographed and scanned.
    let t = Test::new().file("ann-played.toml", crate::yacht::ANN).file("bob-played.toml", crate::yacht::BOB);
    let dir = t.dir().to_path_buf();
    let mut answers = String::new();
    let mut sheets = Vec::new();
    for (i, (name, text)) in [("ann", crate::yacht::ANN), ("bob", crate::yacht::BOB)].into_iter().enumerate() {
        let (rules, _) = yacht_page("x", "x");
        let sheet = yacht::parse_sheet(&rules, &Source::new("s.toml", text.to_string())).unwrap().sheet;
        let (_, page) = yacht_page(&format!("y-{}", i + 1), &sheet.player);
        let truth = sheet::yacht_truth(&rules.base, &page, &sheet);
        assert_eq!(
            truth.iter().filter(|t| **t).count(),
            16 + 2 * i,
            "{name}: a bubble per box (a digit box two, or one for a zero), the bonuses"
        );
        let jpeg = photographed_and_read(&page, &truth, 40 + i as u64, &mut answers);
        std::fs::write(dir.join(format!("{name}.jpg")), jpeg).unwrap();
        sheets.push(sheet);
    }
    std::fs::write(dir.join("answers.txt"), &answers).unwrap();
    let mut cmd = crate::common::deckhand(&dir);
    let out =
        cmd.args(["scan", "ann.jpg", "bob.jpg", "--out", "scanned", "--answers", "answers.txt"]).output().unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    let (rules, _) = yacht_page("x", "x");
    for (name, sheet) in ["ann", "bob"].iter().zip(&sheets) {
        let text = std::fs::read_to_string(dir.join("scanned").join(format!("{name}.toml"))).unwrap();
        let back = yacht::parse_sheet(&rules, &Source::new("s.toml", text.clone())).unwrap().sheet;
        let points =
            |s: &yacht::Sheet| -> Vec<Option<i64>> { s.boxes.iter().map(|e| e.as_ref().map(|e| e.points)).collect() };
        assert_eq!(
            (points(&back), back.upper_claim, back.extra_claim, &back.player),
            (points(sheet), sheet.upper_claim, sheet.extra_claim, &sheet.player),
            "{name}: the scanned sheet is the played one\n{text}"
        );
    }
    // The scan's final table is the one `score` gives for the sheets as played.
    let played = t.args(["score", "ann-played.toml", "bob-played.toml"]).run();
    let rows = |text: &str| -> Vec<String> {
        text.lines().filter(|l| l.contains("Ann") || l.contains("Bob")).map(String::from).collect()
    };
    assert_eq!(
        rows(&stdout).iter().filter(|l| l.starts_with('│')).cloned().collect::<Vec<_>>(),
        rows(&played.stdout),
        "{stdout}"
    );
}

/// Issue 33 item 8: `scan` of several photos (a second or two each) shows a bar on a
/// terminal, a step per photo with the time left, and clears it before what it prints;
/// `--quiet` (shared with the other long commands, tested there) shows none.
#[cfg(unix)]
#[test]
fn scanning_several_photos_shows_a_bar_on_a_terminal() {
    let rules = fleet();
    let dir = tempfile::tempdir().unwrap();
    // Eight photos: the bar shows once a run passes a second, which two small photos no
    // longer did on a quiet machine (five took about 1.5 s here: too near the second for
    // a faster machine).
    let names = ["ann", "bob", "cy", "dan", "eve", "fay", "gus", "hal"];
    for (i, name) in names.iter().enumerate() {
        let page = fleet_page(&rules, &format!("bar-{}", i + 1), name);
        let truth = vec![false; page.boxes.len()];
        std::fs::write(dir.path().join(format!("{name}.jpg")), photo_of(&page, &truth, 31 + i as u64)).unwrap();
    }
    // Any box the reader is unsure of: empty, as painted.
    std::fs::write(dir.path().join("answers.txt"), ".\n".repeat(250)).unwrap();
    let photos: Vec<String> = names.iter().map(|n| format!("{n}.jpg")).collect();
    let args: Vec<&str> = [
        &["scan"][..],
        &photos.iter().map(String::as_str).collect::<Vec<_>>(),
        &["--out", "s", "--answers", "answers.txt"],
    ]
    .concat();
    let mut p = crate::child::deckhand_pty(dir.path(), &args, 60_000);
    let out = p.exp_eof().expect("scan ends");
    assert!(out.contains("reading photos") && out.contains("/8") && out.contains(" left"), "a bar: {out}");
    let sheets: Vec<String> = names.iter().map(|n| format!("s/{n}.toml")).collect();
    let wrote =
        out.find(&format!("wrote {}", sheets.join(", "))).unwrap_or_else(|| panic!("the sheets written: {out}"));
    assert!(!out[wrote..].contains("reading photos"), "the bar is gone before the sheets are told: {out}");
}
