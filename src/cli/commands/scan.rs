//! `deckhand scan`: photos of filled pads read back into sheet files, then checked and
//! scored as `check` and `score` do. Every box not read for sure is asked (named in pad
//! words, with a small picture of it on a terminal); nothing is guessed.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use clap::Args;

use crate::cli::args::{Answers, CheckFormat, RulesFile};
use crate::games::{self as rules, Rules};
use crate::paper::layout::{self, Page, Payload, Target};
use crate::paper::read::{self, Reading, State};
use crate::paper::{photo, sheet};
use crate::text::Lang;
use crate::ui::{Choice, Prompter};
use crate::Error;

#[derive(Debug, Args)]
pub struct ScanArgs {
    /// Photos of filled pads (JPEG or PNG), one page each
    #[arg(required_unless_present = "serve", value_name = "PHOTO")]
    pub photos: Vec<PathBuf>,
    /// Write the sheet files into DIR (default: beside each photo)
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Names for blank pads, in the order of the photos: `--players Ann,Bob`
    #[arg(long, value_delimiter = ',', value_name = "NAMES")]
    pub players: Vec<String>,
    /// Output format (json: every box with its confidence)
    #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
    pub format: CheckFormat,
    #[command(flatten)]
    pub answers: Answers,
    #[command(flatten)]
    pub rules: RulesFile,
    /// Serve a page to the players' phones instead: each photographs their own pad, corrects it, and a dashboard shows the final table
    #[arg(long, conflicts_with_all = ["photos", "answers", "format"])]
    pub serve: bool,
    /// Where to serve: an IP address and maybe a port (default 127.0.0.1:7373, this computer only; 0.0.0.0 for phones on your network)
    #[arg(long, value_name = "ADDR[:PORT]", requires = "serve")]
    pub bind: Option<String>,
    /// Show no progress bar (on a terminal, one shows when the command runs over a second)
    #[arg(long, short)]
    pub quiet: bool,
}

/// The help texts of the command and its arguments: (command path, argument, catalog key).
pub const HELP: &[(&str, &str, &str)] = &[
    ("scan", "", "cli.help.scan.about"),
    ("scan", "photos", "cli.help.scan.photos"),
    ("scan", "out", "cli.help.scan.out"),
    ("scan", "players", "cli.help.scan.players"),
    ("scan", "format", "cli.help.scan.format"),
    ("scan", "answers", "cli.help.answers"),
    ("scan", "rules", "cli.help.rules_file"),
    ("scan", "serve", "cli.help.scan.serve"),
    ("scan", "bind", "web.help.bind"),
    ("scan", "quiet", "cli.help.quiet"),
];

/// A photo in which no corner code was read is called too blurred (not "no pad") below this
/// sharpness (`photo::sharpness`): the benchmark's photos were all read down to 0.28, and
/// the one it could not find was at 0.24 (BENCHMARKS.md, "Paper in, paper out").
const BLURRED_PHOTO: f32 = 0.3;

/// The share of a page's boxes that may be unsure before the photo is called too blurred.
const MOST_UNSURE: f64 = 0.25;

/// One photo's page as read.
struct Scanned {
    photo: PathBuf,
    payload: Payload,
    player: String,
    page: Page,
    reading: Reading,
    img: photo::Grey,
    /// Per box: read or answered (Some), or still to ask.
    known: Vec<Option<bool>>,
    answered: Vec<bool>,
}

fn usage(m: crate::message::Message) -> anyhow::Error {
    Error::Usage(m).into()
}

/// Read a photo file within the size bound.
fn load(path: &Path) -> anyhow::Result<photo::Grey> {
    let name = path.display().to_string();
    let meta = std::fs::metadata(path)
        .map_err(|cause| Error::Read(deckhand::source::ReadError::Io { path: name.clone(), cause }))?;
    if !meta.is_file() {
        return Err(usage(crate::msg!("paper.scan.not_a_file", file = &name)));
    }
    if meta.len() > photo::MAX_FILE_BYTES {
        return Err(too_big(&name, meta.len()));
    }
    let bytes = std::fs::read(path)
        .map_err(|cause| Error::Read(deckhand::source::ReadError::Io { path: name.clone(), cause }))?;
    decode(&bytes, &name)
}

fn too_big(name: &str, bytes: u64) -> anyhow::Error {
    usage(crate::msg!(
        "paper.scan.too_big",
        file = name,
        mb = bytes / (1024 * 1024),
        max = photo::MAX_FILE_BYTES / (1024 * 1024)
    ))
}

/// Decode a photo's bytes (JPEG or PNG, within the size bounds), named `name` in errors:
/// the file `scan` was given, or a photo sent from a phone (`serve::desk`).
pub fn decode(bytes: &[u8], name: &str) -> anyhow::Result<photo::Grey> {
    if bytes.len() as u64 > photo::MAX_FILE_BYTES {
        return Err(too_big(name, bytes.len() as u64));
    }
    photo::load(bytes).map_err(|e| match e {
        photo::LoadError::TooBig(n) => too_big(name, n),
        photo::LoadError::NotAnImage => usage(crate::msg!("paper.scan.not_an_image", file = name)),
        photo::LoadError::TooManyPixels(..) => {
            usage(crate::msg!("paper.scan.too_many_pixels", file = name, max = photo::MAX_PIXELS / 1_000_000))
        }
        photo::LoadError::Broken => usage(crate::msg!("paper.scan.broken", file = name)),
    })
}

fn corner_name(c: u8, lang: Lang) -> String {
    match c {
        0 => crate::t!(lang, "paper.scan.corner_top_left"),
        1 => crate::t!(lang, "paper.scan.corner_top_right"),
        2 => crate::t!(lang, "paper.scan.corner_bottom_right"),
        _ => crate::t!(lang, "paper.scan.corner_bottom_left"),
    }
}

pub fn run(args: ScanArgs, lang: Lang) -> anyhow::Result<i32> {
    if args.serve {
        return serve(args, lang);
    }
    let mut rules: Option<Rules> = match args.rules.rules.as_deref() {
        Some(p) => Some(rules::resolve(None, Some(p))?),
        None => None,
    };
    let mut pages: Vec<Scanned> = Vec::new();
    let mut blank = args.players.iter().map(|p| p.trim().to_string());
    // Each photo is a step of the bar (about a second each): it is cleared before the
    // first question about an unsure box, or when a photo is refused.
    let progress = crate::cli::progress::Progress::new(
        Some(args.photos.len() as u64),
        crate::t!(lang, "cli.progress.scan"),
        args.quiet,
        lang,
    );
    for path in &args.photos {
        let name = path.display().to_string();
        let img = load(path)?;
        let first = pages.first().map_or_else(
            || args.rules.rules.as_deref().map(|p| p.display().to_string()).unwrap_or_default(),
            |p| p.photo.display().to_string(),
        );
        let (payload, page, reading) = identify(&img, &name, &mut rules, &first, lang)?;
        if let Some(same) = pages.iter().find(|p| p.payload.page == payload.page) {
            return Err(usage(crate::msg!(
                "paper.scan.same_page",
                file = &name,
                other = same.photo.display().to_string(),
                page = &payload.page
            )));
        }
        let player = if payload.player.is_empty() {
            blank
                .next()
                .filter(|n| !n.is_empty())
                .unwrap_or_else(|| crate::t!(lang, "paper.scan.blank_player", n = pages.len() + 1))
        } else {
            payload.player.clone()
        };
        let known = known(&reading);
        let n = page.boxes.len();
        pages.push(Scanned {
            photo: path.clone(),
            payload,
            player,
            page,
            reading,
            img,
            known,
            answered: vec![false; n],
        });
        progress.step();
    }
    progress.finish();
    let rules = rules.expect("at least one photo was read");
    ask(&rules, &mut pages, args.answers.answers.as_deref(), lang)?;
    // The sheets, written beside the photos (or into --out).
    let mut files = Vec::new();
    for p in &pages {
        let marked: Vec<bool> = p.known.iter().map(|k| k.unwrap_or(false)).collect();
        let text = if let Some(f) = rules.fleet() {
            let s = sheet::fleet_sheet(f, &p.page, &marked, &p.player).map_err(|c| conflict(p, c, &rules, lang))?;
            crate::text::sheet_file::write_fleet(f, &s, None, lang)
        } else if let Some(y) = rules.yacht() {
            let s =
                sheet::yacht_sheet(&y.base, &p.page, &marked, &p.player).map_err(|c| conflict(p, c, &rules, lang))?;
            crate::games::yacht::write_sheet(&y.id, &y.base, &s)
        } else {
            let e = rules.endgame().expect("pads are of Fleet, five-dice or end-game games");
            let s = sheet::endgame_sheet(e, &p.page, &marked, &p.player).map_err(|c| conflict(p, c, &rules, lang))?;
            crate::text::sheet_file::write_endgame(e, &s, lang)
        };
        let stem = p.photo.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "sheet".into());
        let dir = match &args.out {
            Some(d) => d.clone(),
            None => p.photo.parent().map(Path::to_path_buf).unwrap_or_default(),
        };
        if !dir.as_os_str().is_empty() && !dir.is_dir() {
            std::fs::create_dir_all(&dir).map_err(|cause| {
                Error::Store(deckhand::store::StoreError::Write { path: dir.display().to_string(), cause })
            })?;
        }
        let path = crate::store::files::write_sheet(&dir.join(format!("{stem}.toml")), &text)?;
        files.push(path);
    }
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    crate::cli::say(&crate::t!(lang, "paper.scan.wrote", n = files.len(), files = names.join(", ")));
    let sheet_args: Vec<String> = names.clone();
    match args.format {
        CheckFormat::Json => {
            crate::cli::emit(&(serde_json::to_string_pretty(&json(&rules, &pages, &names, lang))? + "\n"))?;
            Ok(0)
        }
        CheckFormat::Text => check_and_score(&sheet_args, args.rules.rules.as_deref(), lang),
    }
}

/// Per box as read: marked, empty, or still to ask.
pub fn known(reading: &Reading) -> Vec<Option<bool>> {
    (reading.boxes.iter())
        .map(|b| match b.state {
            State::Marked => Some(true),
            State::Empty => Some(false),
            State::Unsure => None,
        })
        .collect()
}

/// The sheet files written, checked and scored as `check` and `score` print them; the
/// check's exit code.
fn check_and_score(files: &[String], rules: Option<&Path>, lang: Lang) -> anyhow::Result<i32> {
    let code = crate::cli::score_check::check(files, rules, CheckFormat::Text, lang)?;
    let history = crate::cli::plays::PaperArgs::default();
    crate::cli::score_check::score(files, rules, crate::report::Format::Table, false, &history, lang)?;
    Ok(code)
}

/// Find the pad in a photo named `name` and read its boxes: which page of which game it is
/// (the rules settled by the first pad when none were given; a pad of another game, other
/// rules or another layout refused, naming `first`, the photo or rules file the game was
/// taken from), and every box's ink. A photo of no pad, of two pads, cut off, not flat or
/// too blurred is refused with what to do. Shared by `scan` and `scan --serve`.
pub fn identify(
    img: &photo::Grey,
    name: &str,
    rules: &mut Option<Rules>,
    first: &str,
    lang: Lang,
) -> anyhow::Result<(Payload, Page, Reading)> {
    let found = read::locate(img);
    let Some(one) = found.first() else {
        // No code read: a pad whose codes are there but too blurred to read is told
        // apart from a photo of no pad.
        if read::unreadable_codes(img) > 0 || photo::sharpness(img).is_some_and(|s| s < BLURRED_PHOTO) {
            return Err(usage(crate::msg!("paper.scan.blurred_codes", file = name)));
        }
        return Err(usage(crate::msg!("paper.scan.no_pad", file = name)));
    };
    let payload = Payload { corner: 0, ..one.payload.clone() };
    if let Some(other) = found.iter().find(|f| f.payload.page != payload.page) {
        return Err(usage(crate::msg!(
            "paper.scan.two_pads",
            file = name,
            one = &payload.page,
            other = &other.payload.page
        )));
    }
    if payload.layout != layout::LAYOUT_VERSION {
        return Err(usage(crate::msg!(
            "paper.scan.other_layout",
            file = name,
            printed = payload.layout,
            ours = layout::LAYOUT_VERSION
        )));
    }
    let r = match rules {
        Some(r) => &*r,
        None => {
            let resolved = rules::resolve(Some(&payload.game), None)
                .map_err(|_| usage(crate::msg!("paper.scan.unknown_game", file = name, game = &payload.game)))?;
            &*rules.insert(resolved)
        }
    };
    if payload.game != r.id() {
        return Err(usage(crate::msg!(
            "paper.scan.other_game",
            file = name,
            game = &payload.game,
            first = first,
            expected = r.id()
        )));
    }
    if payload.rules != r.fingerprint() {
        return Err(usage(crate::msg!(
            "paper.scan.other_rules",
            file = name,
            game = r.names().get(lang),
            printed = &payload.rules,
            ours = r.fingerprint()
        )));
    }
    let page = super::pad::page_for(r, &payload.player, &payload.page, payload.paper, lang)
        .ok_or_else(|| usage(crate::msg!("paper.pad.no_sheet", game = r.names().get(lang))))?;
    let reading = read::read(img, &page, &found).map_err(|e| match e {
        read::ReadError::CutOff(corners) => {
            let names: Vec<String> = corners.iter().map(|c| corner_name(*c, lang)).collect();
            // Placed by one code alone, the far corners are a long guess: they may be in
            // the photo, their codes blurred or covered (benchmark photo 487).
            let corners = names.join(", ");
            usage(if found.len() == 1 {
                crate::msg!("paper.scan.one_code", file = name, corners = corners)
            } else {
                crate::msg!("paper.scan.cut_off", file = name, corners = corners)
            })
        }
        read::ReadError::NoFit => usage(crate::msg!("paper.scan.no_fit", file = name)),
        read::ReadError::Misaligned { boxes, total } => {
            usage(crate::msg!("paper.scan.misaligned", file = name, n = boxes, total = total))
        }
    })?;
    too_blurred(name, &page, &reading)?;
    Ok((payload, page, reading))
}

/// A page with more unsure boxes than a sharp photo ever has: which part could not be read.
fn too_blurred(name: &str, page: &Page, reading: &Reading) -> anyhow::Result<()> {
    let unsure: Vec<usize> = (0..page.boxes.len()).filter(|i| reading.boxes[*i].state == State::Unsure).collect();
    if (unsure.len() as f64) <= page.boxes.len() as f64 * MOST_UNSURE {
        return Ok(());
    }
    // The groups with the most unsure boxes.
    let mut counts: Vec<(usize, usize)> = Vec::new();
    for i in &unsure {
        let g = page.boxes[*i].group;
        match counts.iter_mut().find(|(x, _)| *x == g) {
            Some(c) => c.1 += 1,
            None => counts.push((g, 1)),
        }
    }
    counts.sort_by_key(|c| std::cmp::Reverse(c.1));
    let parts: Vec<String> = counts.iter().take(3).map(|(g, _)| page.groups[*g].clone()).collect();
    Err(usage(crate::msg!(
        "paper.scan.blurred",
        file = name,
        n = unsure.len(),
        total = page.boxes.len(),
        parts = parts.join(", ")
    )))
}

fn conflict(p: &Scanned, c: sheet::Conflict, rules: &Rules, lang: Lang) -> anyhow::Error {
    match c {
        sheet::Conflict::Bonuses => {
            usage(crate::msg!("paper.scan.two_bonuses", file = p.photo.display().to_string(), player = &p.player))
        }
        sheet::Conflict::Points(i) => {
            let name = rules.yacht().map(|y| y.base.boxes[i].name.get(lang).to_string()).unwrap_or_default();
            usage(crate::msg!(
                "paper.scan.two_points",
                file = p.photo.display().to_string(),
                player = &p.player,
                category = name
            ))
        }
        sheet::Conflict::Digits(i) => {
            let name = rules.endgame().map(|e| e.sheet.inputs[i].name.get(lang).to_string()).unwrap_or_default();
            usage(crate::msg!(
                "paper.scan.two_digits",
                file = p.photo.display().to_string(),
                player = &p.player,
                input = name
            ))
        }
    }
}

/// A box as people name it: its group (section, boat, input) and its number there.
pub fn box_words(rules: &Rules, page: &Page, i: usize, lang: Lang) -> String {
    let b = &page.boxes[i];
    match (b.target, rules.fleet(), rules.endgame()) {
        (Target::Mark { section, index }, Some(f), _) => crate::text::fleet::box_name(f, section, index, lang),
        (Target::Fish { .. }, ..) => crate::t!(lang, "paper.scan.fish_box", boat = &page.groups[b.group], n = b.number),
        (Target::Bonus(k), Some(f), _) => {
            crate::t!(lang, "paper.scan.bonus_box", bonus = f.king_crab_bonuses[k].name.get(lang))
        }
        (Target::Digit { input, item, place, digit }, _, Some(e)) => {
            let name = e.sheet.inputs[input].name.get(lang);
            let name = match item {
                Some(v) => format!("{name} = {v}"),
                None => name.to_string(),
            };
            crate::t!(lang, "paper.scan.digit_box", input = name, place = 10u64.pow(place), digit = digit)
        }
        (Target::Minus { input }, _, Some(e)) => {
            crate::t!(lang, "paper.scan.minus_box", input = e.sheet.inputs[input].name.get(lang))
        }
        (Target::Points { value, .. }, ..) => {
            crate::t!(lang, "paper.scan.points_box", category = &page.groups[b.group], value = value)
        }
        (Target::PointsDigit { place, digit, .. }, ..) => crate::t!(
            lang,
            "paper.scan.points_digit_box",
            category = &page.groups[b.group],
            place = 10u64.pow(place),
            digit = digit
        ),
        (Target::UpperBonus { value }, ..) => {
            crate::t!(lang, "paper.scan.upper_bonus_box", bonus = &page.groups[b.group], value = value)
        }
        (Target::ExtraBonus { count }, ..) => {
            let each = rules.yacht().map_or(0, |y| y.base.extra_bonus);
            crate::t!(
                lang,
                "paper.scan.extra_bonus_box",
                bonus = &page.groups[b.group],
                value = i64::from(count) * each
            )
        }
        _ => format!("{} {}", page.groups[b.group], b.number),
    }
}

/// A stable id of a box for `--format json`.
pub fn box_id(rules: &Rules, page: &Page, i: usize) -> String {
    let b = &page.boxes[i];
    match (b.target, rules.fleet(), rules.endgame()) {
        (Target::Mark { section, index }, Some(f), _) => f.box_id(section, index),
        (Target::Fish { section, slot, n }, Some(f), _) => {
            format!("{}.{}.fish.{}", f.sections[section].id, slot + 1, n + 1)
        }
        (Target::Bonus(k), Some(f), _) => format!("king_crab_bonus.{}", f.king_crab_bonuses[k].id),
        (Target::Digit { input, item, place, digit }, _, Some(e)) => match item {
            Some(v) => format!("{}.{v}.{}.{digit}", e.sheet.inputs[input].id, 10u64.pow(place)),
            None => format!("{}.{}.{digit}", e.sheet.inputs[input].id, 10u64.pow(place)),
        },
        (Target::Minus { input }, _, Some(e)) => format!("{}.minus", e.sheet.inputs[input].id),
        (Target::Points { category, value }, ..) => match rules.yacht() {
            Some(y) => format!("{}.{value}", y.base.boxes[category].id),
            None => format!("box.{i}"),
        },
        (Target::PointsDigit { category, place, digit }, ..) => match rules.yacht() {
            Some(y) => format!("{}.{}.{digit}", y.base.boxes[category].id, 10u64.pow(place)),
            None => format!("box.{i}"),
        },
        (Target::UpperBonus { value }, ..) => format!("bonus.upper.{value}"),
        (Target::ExtraBonus { count }, ..) => format!("bonus.extra.{count}"),
        _ => format!("box.{i}"),
    }
}

/// A small picture of a box and its surroundings for the terminal: shades of its ink in
/// block characters, two pixels to a character.
fn picture(p: &Scanned, i: usize) -> Vec<String> {
    let b = &p.page.boxes[i];
    let (cx, cy) = b.centre();
    let h = &p.reading.homography;
    let (ox, oy) = p.reading.centres[i];
    let (jx, jy) = h.jacobian(cx as f64, cy as f64);
    let span = b.size as f64 * 1.6;
    let (cols, rows) = (24usize, 10usize);
    let shades = [' ', '░', '▒', '▓', '█'];
    // The paper's brightness: the brightest sample around.
    let mut samples = vec![0f32; cols * rows];
    for r in 0..rows {
        for c in 0..cols {
            let dx = (c as f64 / (cols - 1) as f64 - 0.5) * 2.0 * span;
            let dy = (r as f64 / (rows - 1) as f64 - 0.5) * 2.0 * span * 0.9;
            samples[r * cols + c] = p.img.sample(ox + jx.0 * dx + jy.0 * dy, oy + jx.1 * dx + jy.1 * dy);
        }
    }
    let white = samples.iter().cloned().fold(1.0f32, f32::max);
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    let dark = ((white - samples[r * cols + c]) / white).clamp(0.0, 1.0);
                    shades[((dark * 6.0) as usize).min(4)]
                })
                .collect()
        })
        .collect()
}

/// Ask about every box not read for sure, page by page: at a terminal with a picture of
/// the box; from `--answers`, one answer (`x` marked, `.` empty) per question.
fn ask(rules: &Rules, pages: &mut [Scanned], answers: Option<&Path>, lang: Lang) -> anyhow::Result<()> {
    let total: usize = pages.iter().map(|p| p.known.iter().filter(|k| k.is_none()).count()).sum();
    if total == 0 {
        return Ok(());
    }
    let terminal = answers.is_none() && std::io::stderr().is_terminal();
    let mut prompter: Box<dyn Prompter> = crate::ui::prompter_for_in(answers, "scan", lang)?;
    prompter.say(&crate::t!(lang, "paper.scan.asking", n = total));
    let choices =
        [Choice::new("x", crate::t!(lang, "paper.scan.marked")), Choice::new(".", crate::t!(lang, "paper.scan.empty"))];
    for p in pages.iter_mut() {
        loop {
            let questions = match (rules.fleet(), rules.yacht()) {
                (Some(f), _) => sheet::fleet_questions(f, &p.page, &p.known),
                (_, Some(_)) => sheet::yacht_questions(&p.page, &p.known),
                _ => sheet::endgame_questions(&p.page, &p.known),
            };
            let Some(q) = questions.first() else { break };
            let i = q.box_index;
            let name = box_words(rules, &p.page, i, lang);
            let hint = crate::text::paper::hint(q.hint, lang);
            if terminal {
                for line in picture(p, i) {
                    prompter.say(&format!("    {line}"));
                }
            }
            let ink = (p.reading.boxes[i].ink * 100.0).round() as u32;
            let prompt = crate::t!(lang, "paper.scan.question", player = &p.player, what = &name, ink = ink);
            let prompt = if hint.is_empty() { prompt } else { format!("{prompt} ({hint})") };
            let pick = prompter.select(&prompt, &choices)?;
            p.known[i] = Some(pick == 0);
            p.answered[i] = true;
        }
    }
    Ok(())
}

fn json(rules: &Rules, pages: &[Scanned], files: &[String], lang: Lang) -> serde_json::Value {
    let list: Vec<serde_json::Value> = pages
        .iter()
        .zip(files)
        .map(|(p, file)| {
            let boxes: Vec<serde_json::Value> = (0..p.page.boxes.len())
                .map(|i| {
                    let r = p.reading.boxes[i];
                    serde_json::json!({
                        "id": box_id(rules, &p.page, i),
                        "name": box_words(rules, &p.page, i, lang),
                        "read": match r.state { State::Marked => "marked", State::Empty => "empty", State::Unsure => "unsure" },
                        "ink": (r.ink * 1000.0).round() / 1000.0,
                        "strength": (r.strength * 1000.0).round() / 1000.0,
                        "confidence": (r.confidence(p.reading.bounds) * 1000.0).round() / 1000.0,
                        "answered": p.answered[i],
                        "marked": p.known[i].unwrap_or(false),
                    })
                })
                .collect();
            serde_json::json!({
                "photo": p.photo.display().to_string(),
                "page": p.payload.page,
                "game": p.payload.game,
                "player": p.player,
                "sheet": file,
                "boxes": boxes,
            })
        })
        .collect();
    serde_json::json!({ "pages": list })
}

/// `scan --serve`: the paper desk (`serve::desk`) until every pad is in; then the sheets'
/// check and the final table as `scan` prints them, and the pages keep serving (taking
/// corrections) until Enter or the end of standard input.
fn serve(args: ScanArgs, lang: Lang) -> anyhow::Result<i32> {
    let rules = match args.rules.rules.as_deref() {
        Some(p) => Some(rules::resolve(None, Some(p))?),
        None => None,
    };
    let players: Vec<String> = args.players.iter().map(|p| p.trim().to_string()).collect();
    if players.iter().any(String::is_empty) {
        return Err(usage(crate::msg!("paper.pad.empty_name")));
    }
    let out = args.out.clone().unwrap_or_default();
    let table = Table { rules, rules_path: args.rules.rules, players, out, bind: args.bind, played: None };
    desk(table, lang)
}

/// A game played on its printed pads under `play --serve --paper`: when it began, and
/// how its end is recorded.
pub struct PlayedOnPaper {
    pub started: i64,
    pub history: crate::cli::plays::LiveArgs,
}

/// What a paper desk serves.
pub struct Table {
    /// The game (None: the first pad's).
    pub rules: Option<Rules>,
    /// The rules file it came from, if not built in.
    pub rules_path: Option<PathBuf>,
    /// The seats (empty: as the pads come in).
    pub players: Vec<String>,
    /// Where the sheet files go (empty: here).
    pub out: PathBuf,
    /// `--bind`.
    pub bind: Option<String>,
    /// A game played on paper under `play`: recorded once the host is done.
    pub played: Option<PlayedOnPaper>,
}

/// Serve the paper desk (`serve::desk`) until every pad is in; then the sheets' check and
/// the final table as `scan` prints them, and the pages keep serving (taking corrections)
/// until Enter or the end of standard input. A game played under `play --serve --paper`
/// is then recorded in the history, once, as its sheets stand (its table printed again if
/// a correction came in meanwhile).
pub fn desk(table: Table, lang: Lang) -> anyhow::Result<i32> {
    use crate::text::serve::Host;
    let Table { rules, rules_path, players, out, bind, played } = table;
    let from = rules_path.as_deref().map(|p| p.display().to_string()).unwrap_or_default();
    // `--out` is made at once (a folder that cannot be made is said before serving); a
    // paper game's own folder with its first sheet.
    if played.is_none() && !out.as_os_str().is_empty() && !out.is_dir() {
        std::fs::create_dir_all(&out).map_err(|cause| {
            Error::Store(deckhand::store::StoreError::Write { path: out.display().to_string(), cause })
        })?;
    }
    let bind = match bind.as_deref() {
        Some(text) => crate::serve::parse_bind(text)?,
        None => crate::serve::default_bind(),
    };
    let listener = crate::serve::listen(bind)?;
    let folder = if out.as_os_str().is_empty() {
        std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."))
    } else {
        out.clone()
    };
    crate::cli::interrupt::set_note(&format!(
        "\n{}\n",
        crate::t!(lang, "paper.desk.interrupted", dir = folder.display())
    ));
    let desk = crate::serve::desk::Desk::new(rules, from, &players, out, lang)?;
    let serving = crate::serve::desk::serve(listener, desk)?;
    let say = crate::cli::say;
    if let (Some(_), Some(r)) = (&played, serving.desk.rules()) {
        // The command that prints their pads, as the host would type it.
        use crate::invocation::{program, shell_word};
        let mut pad = format!("{} pad {} --players {}", program(), r.id(), shell_word(&players.join(",")));
        if let Some(p) = &rules_path {
            pad = format!("{pad} --rules {}", shell_word(&p.display().to_string()));
        }
        say(&crate::t!(lang, "paper.desk.play_on_paper", pad = pad));
    }
    say(&Host::Serving(serving.join_url()).text(lang));
    say(crate::serve::qr_for_terminal(serving.join_url()).trim_end());
    for (name, url) in serving.desk.names().iter().zip(serving.seat_urls()) {
        say(&Host::SeatLink { name, url: &url }.text(lang));
    }
    say(&Host::Dashboard(&serving.dashboard_url()).text(lang));
    if serving.addr.ip().is_loopback() {
        say(&Host::Loopback(serving.addr.port()).text(lang));
    }
    let desk = &serving.desk;
    let fixed = !players.is_empty();
    let enter = || std::io::BufRead::read_line(&mut std::io::stdin().lock(), &mut String::new()).unwrap_or(0) > 0;
    if fixed {
        // Every named player's pad in and answered.
        let mut seen = desk.version();
        while !desk.complete() {
            seen = desk.wait_change(seen, std::time::Duration::from_secs(3600));
        }
    } else {
        // Pads come in as they are photographed: the host says when they all are.
        say(&crate::t!(lang, "paper.desk.enter_when_in"));
        loop {
            let more = enter();
            if desk.complete() {
                break;
            }
            let missing = missing(desk, lang);
            if !more {
                serving.stop();
                return Err(usage(crate::msg!("paper.desk.stopped", missing = missing)));
            }
            say(&crate::t!(lang, "paper.desk.not_all_in", missing = missing));
        }
    }
    say(&crate::t!(lang, "paper.desk.all_in"));
    let printed = desk.version();
    let names = || -> Vec<String> { desk.files().iter().map(|f| f.display().to_string()).collect() };

    let files = names();
    say(&crate::t!(lang, "paper.scan.wrote", n = files.len(), files = files.join(", ")));
    let mut code = check_and_score(&files, rules_path.as_deref(), lang)?;
    if fixed {
        // The pages keep the table and take corrections until the host is done.
        say(&if played.is_some() {
            crate::t!(lang, "paper.desk.over_played")
        } else {
            crate::t!(lang, "paper.desk.over")
        });
        enter();
    }
    let corrected = desk.version() != printed;
    let files = names();
    serving.stop();
    if let Some(played) = played {
        if corrected {
            say(&crate::t!(lang, "paper.desk.corrected"));
            code = check_and_score(&files, rules_path.as_deref(), lang)?;
        }
        if !played.history.no_record {
            let history = crate::cli::plays::PaperArgs {
                record: true,
                date: None,
                location: played.history.location.clone(),
                db: played.history.db.clone(),
            };
            crate::cli::score_check::record_sheets(&files, rules_path.as_deref(), &history, played.started, lang)?;
        }
    }
    Ok(code)
}

/// The seats whose pads are not in yet, with what each lacks.
fn missing(desk: &crate::serve::desk::Desk, lang: Lang) -> String {
    use crate::serve::desk::PadState;
    let names = desk.names();
    let list: Vec<String> = names
        .iter()
        .zip(desk.pad_states())
        .filter_map(|(name, state)| match state {
            PadState::Waiting => Some(format!("{name} ({})", crate::t!(lang, "paper.desk.waiting"))),
            PadState::Asking(n) => Some(format!("{name} ({})", crate::t!(lang, "paper.desk.to_check", n = n))),
            PadState::In => None,
        })
        .collect();
    if list.is_empty() {
        crate::t!(lang, "paper.desk.no_pad_yet")
    } else {
        list.join(", ")
    }
}
