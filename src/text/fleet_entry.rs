//! The words players type at a Fleet table (`games::fleet::entry` matches them): the
//! words of every option in every language, the dice letters of the table's language,
//! and what is wrong with an entry, said in words.

use super::fleet::{face_label, face_word, option_label, prompt};
use crate::games::fleet::entry::{BadFace, EntryError, Forced, How, Step};
use crate::games::fleet::game::{Choice, Decision, Face, Game};
use crate::games::fleet::session::{NoUndo, Session};
use crate::games::fleet::table::{Refused, Told, Vocabulary};
use crate::games::fleet::{FleetRules, SectionKind};
use crate::t;
use crate::text::Lang;

/// The words of a catalog entry that lists what players may type (`engine.typed.*`), in
/// every language.
fn typed(key: &str) -> Vec<String> {
    Lang::ALL
        .into_iter()
        .flat_map(|l| crate::text::tr(l, key, &[]).split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .collect()
}

/// A name in every language.
fn all(names: &crate::games::Names) -> Vec<String> {
    Lang::ALL.into_iter().map(|l| names.get(l).to_string()).collect()
}

/// A face's words in every language, and its letter in `lang`.
pub fn face_words(rules: &FleetRules, face: Face, lang: Lang) -> Vec<String> {
    let mut out: Vec<String> =
        Lang::ALL.into_iter().flat_map(|l| [face_word(rules, face, l), face_label(rules, face, l)]).collect();
    if let Some((_, letter)) = face_letters(rules, lang).into_iter().find(|(f, _)| *f == face) {
        out.insert(0, letter);
    }
    if face == Face::Coins {
        out.extend(["$".to_string(), "3".to_string()]);
    }
    out
}

/// The dice letters of a language: each face but the 3-coins face by the shortest start
/// of its word that no other face's word has (`c` cod, `sh` shrimp, `sw` swordfish, `h`
/// harbor…); the 3-coins face is `$` (or `3`).
pub fn face_letters(rules: &FleetRules, lang: Lang) -> Vec<(Face, String)> {
    let mut faces: Vec<Face> = Vec::new();
    for f in Face::faces_of_kind(rules, true).into_iter().chain(Face::faces_of_kind(rules, false)) {
        if !faces.contains(&f) {
            faces.push(f);
        }
    }
    let words: Vec<(Face, String)> = faces
        .iter()
        .filter(|f| **f != Face::Coins)
        .map(|f| (*f, crate::words::fold_word(&face_word(rules, *f, lang))))
        .collect();
    let mut out: Vec<(Face, String)> = words
        .iter()
        .map(|(f, w)| {
            let chars: Vec<char> = w.chars().collect();
            let letter = (1..=chars.len())
                .map(|n| chars[..n].iter().collect::<String>())
                .find(|p| words.iter().filter(|(_, o)| o.starts_with(p.as_str())).count() == 1)
                .unwrap_or_else(|| w.clone());
            (*f, letter)
        })
        .collect();
    if faces.contains(&Face::Coins) {
        out.push((Face::Coins, "$".to_string()));
    }
    out
}

/// The dice letters of a language as players read them: `c cod · sh shrimp · … · $ 3 coins`.
pub fn letters_line(rules: &FleetRules, lang: Lang) -> String {
    face_letters(rules, lang)
        .iter()
        .map(|(f, l)| format!("{l} {}", face_label(rules, *f, lang)))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The words a Fleet table matches typed lines against: every option's words in every
/// language and the faces' words, with the dice letters of `lang`.
pub fn vocabulary(rules: &FleetRules, lang: Lang) -> Vocabulary {
    let rules = std::sync::Arc::new(rules.clone());
    let faces = rules.clone();
    Vocabulary::new(
        move |g: &Game, d: &Decision, c: &Choice| choice_words(&rules, g, d, c, lang),
        move |f: Face| face_words(&faces, f, lang),
    )
}

/// The words an option may be typed as, in every language (its key is matched anyway).
pub fn choice_words(rules: &FleetRules, game: &Game, _d: &Decision, choice: &Choice, lang: Lang) -> Vec<String> {
    let letters = face_letters(rules, lang);
    // A boat type's names, and its die letter in the table's language.
    let boat_type = |t: usize| {
        let mut w = all(&rules.boat_types[t].name);
        w.extend(letters.iter().filter(|(f, _)| *f == Face::Boat(t)).map(|(_, l)| l.clone()));
        w
    };
    let column_names = |s: usize| match rules.sections[s].kind {
        SectionKind::Column(t) => boat_type(t),
        _ => Vec::new(),
    };
    match *choice {
        Choice::BoatType(t) | Choice::FlexAs(t) => boat_type(t),
        Choice::Trophy(t) => all(&rules.trophies[t].name),
        Choice::Captain(c) => all(&rules.captains[c].name),
        Choice::Player(p) => vec![game.players[p].name.clone()],
        Choice::Die(face) => face_words(rules, face, lang),
        Choice::Mark { section, .. } => column_names(section).into_iter().chain(typed("engine.typed.mark")).collect(),
        Choice::Section { section, .. } => {
            let mut w: Vec<String> =
                Lang::ALL.into_iter().map(|l| super::fleet::section_name(rules, section, l)).collect();
            w.extend(column_names(section));
            w.push(rules.sections[section].id.clone());
            w
        }
        Choice::FlexCoins | Choice::CoinsFace(_) => face_words(rules, Face::Coins, lang),
        Choice::Hex(t) => {
            let mut w = typed("engine.typed.hex");
            w.extend(all(&rules.boat_types[t].name).into_iter().map(|n| format!("hex-{n}")));
            w
        }
        Choice::Market(_) => {
            let mut w = typed("engine.typed.market");
            w.extend(all(&rules.market_name));
            w
        }
        Choice::Reroll => typed("engine.typed.reroll"),
        Choice::Salvage => typed("engine.typed.salvage"),
        // `$` is money in every language, as on a roll (the 3-coins face).
        Choice::DieAsCoins(_) | Choice::FishAndCoin => {
            typed("engine.typed.coin").into_iter().chain(["$".to_string()]).collect()
        }
        Choice::License => typed("engine.typed.license"),
        Choice::Boat => typed("engine.typed.boat"),
        Choice::Bonus(b) => all(&rules.king_crab_bonuses[b].name),
        Choice::TwoFish => typed("engine.typed.fish"),
        Choice::EveryOyster { coin: false, .. } => typed("engine.typed.every_fish"),
        // `$$`: money on every boat.
        Choice::EveryOyster { coin: true, .. } => {
            typed("engine.typed.every_coin").into_iter().chain(["$$".to_string()]).collect()
        }
    }
}

/// What is wrong with an entry.
pub fn error(rules: &FleetRules, game: &Game, e: &EntryError, lang: Lang) -> String {
    let name = |p: usize| game.players[p].name.clone();
    let answers =
        |d: &Decision| d.options.iter().map(|o| o.key(rules, game).into_owned()).collect::<Vec<_>>().join(", ");
    match e {
        EntryError::Unknown { word, decision, nearest } => {
            let mean = nearest.as_ref().map(|n| t!(lang, "cli.entry.did_you_mean", word = n)).unwrap_or_default();
            t!(
                lang,
                "cli.entry.unknown",
                word = word,
                question = prompt(rules, game, decision, lang),
                mean = mean,
                answers = answers(decision)
            )
        }
        EntryError::Ambiguous { word, keys, .. } => {
            t!(lang, "cli.entry.ambiguous", word = word, keys = keys.join(", "))
        }
        EntryError::NothingToAnswer { word, player } => {
            t!(lang, "cli.entry.nothing_to_answer", word = word, name = name(*player))
        }
        EntryError::NotWaiting { player } => t!(lang, "cli.entry.not_waiting", name = name(*player)),
        EntryError::Twice { player } => t!(lang, "cli.entry.twice", name = name(*player)),
    }
}

/// Words of a roll entry that name no face, each with the face it may have meant.
pub fn bad_faces(rules: &FleetRules, bad: &[BadFace], lang: Lang) -> String {
    let each: Vec<String> = bad
        .iter()
        .map(|b| match &b.nearest {
            Some(n) => t!(lang, "cli.entry.not_a_face_mean", word = b.token, mean = n),
            None => t!(lang, "cli.entry.not_a_face", word = b.token),
        })
        .collect();
    t!(lang, "cli.entry.bad_faces", each = each.join("; "), letters = letters_line(rules, lang))
}

/// The answer of a step in pad words: its option's label, or the faces of a roll.
pub fn step_label(rules: &FleetRules, before: &Game, s: &Step, lang: Lang) -> String {
    let key = match &s.input {
        crate::games::fleet::game::Input::Choice(k) => k.as_str(),
        crate::games::fleet::game::Input::Roll { faces, .. } => {
            return super::fleet::faces_label(rules, faces, lang);
        }
    };
    s.decision
        .options
        .iter()
        .find(|o| o.key(rules, before) == key)
        .map(|o| option_label(rules, before, &s.decision, o, lang))
        .unwrap_or_else(|| key.to_string())
}

/// A step of an entry as the table reads it: the question and the answer, and why it
/// was not asked when the rules decided it.
pub fn step(rules: &FleetRules, before: &Game, s: &Step, lang: Lang) -> String {
    let question = prompt(rules, before, &s.decision, lang);
    let label = step_label(rules, before, s, lang);
    match s.how {
        How::Typed | How::Usual => format!("{question} {label}"),
        How::Forced(Forced::Only) => t!(lang, "cli.entry.forced_only", question = question, answer = label),
        How::Forced(Forced::Better) => t!(lang, "cli.entry.forced_better", question = question, answer = label),
    }
}

/// What the table tells its views, as a line (None: nothing to say to this view, such as
/// the answer just typed at it).
pub fn told(rules: &FleetRules, told: &Told, lang: Lang) -> Option<String> {
    match told {
        Told::Rolled { before, decision, input } => {
            Some(super::fleet::digital_said(rules, before, decision, input, lang))
        }
        // A page's answer is one line, however many steps it stands for (`cod → cod 4`).
        Told::Tapped { seat, steps } => {
            let name = steps.first().and_then(|(g, _)| g.players.get(*seat)).map(|p| p.name.as_str());
            let labels: Vec<String> = steps.iter().map(|(before, s)| step_label(rules, before, s, lang)).collect();
            Some(t!(lang, "cli.entry.from_phone", name = name.unwrap_or_default(), answer = labels.join(" → ")))
        }
        Told::Step { before, step: s, echo } => echo.then(|| step(rules, before, s, lang)),
        Told::Happened { after, event } => Some(super::fleet::event(rules, after, event, lang)),
        Told::Dropped { seat, shared, after } => {
            let name = after.players.get(*seat).map(|p| p.name.as_str()).unwrap_or_default();
            Some(dropped(name, *shared, lang))
        }
        Told::Undone { before, undone, after } => {
            let answers = undone_in_words(rules, before, undone.len(), lang);
            let what = undone
                .last()
                .and_then(|u| u.decision.as_ref())
                .map(|d| prompt(rules, after, d, lang))
                .unwrap_or_default();
            Some(t!(lang, "engine.undone", what = what, answer = answers.join(", ")))
        }
    }
}

/// Why the table refused an answer or an undo, as a sentence, with the legal answers
/// where the refusal names them (`stopped`: why the table stopped, when it did).
pub fn refused(
    rules: &FleetRules,
    game: &Game,
    r: &Refused,
    stopped: Option<&crate::games::live::AppendError>,
    lang: Lang,
) -> (String, Vec<String>) {
    let name = |p: usize| game.players.get(p).map(|pl| pl.name.clone()).unwrap_or_default();
    let sentence = |text: String| crate::text::sentence(&text);
    match r {
        Refused::Stale => (t!(lang, "web.taken"), Vec::new()),
        Refused::Theirs(p) => (t!(lang, "web.not_yours", name = name(*p)), Vec::new()),
        Refused::Illegal(illegal) => {
            (sentence(super::fleet::refusal(rules, game, illegal, lang)), illegal.legal.clone())
        }
        Refused::Entry(e) => {
            let legal = match e {
                EntryError::Unknown { decision, .. } | EntryError::Ambiguous { decision, .. } => {
                    decision.options.iter().map(|o| o.key(rules, game).into_owned()).collect()
                }
                _ => Vec::new(),
            };
            (sentence(error(rules, game, e, lang)), legal)
        }
        Refused::Faces(bad) => (bad_faces(rules, bad, lang), Vec::new()),
        Refused::NoUndo(why) => (cannot_undo(*why, lang), Vec::new()),
        Refused::NotYourAnswer(whose) => {
            let whose = whose.map_or_else(|| t!(lang, "web.the_table"), name);
            (t!(lang, "web.undo_not_yours", name = whose), Vec::new())
        }
        Refused::Stopped => (stopped.map(|e| e.message(lang)).unwrap_or_default(), Vec::new()),
    }
}

/// A seat's early answer dropped (its use of the shared die, or its pick): it answers in
/// turn.
pub fn dropped(name: &str, shared: bool, lang: Lang) -> String {
    match shared {
        false => t!(lang, "cli.entry.early_dropped", name = name),
        true => t!(lang, "cli.entry.early_shared_dropped", name = name),
    }
}

/// Why nothing can be taken back, in words.
pub fn no_undo(why: NoUndo, lang: Lang) -> String {
    match why {
        NoUndo::Nothing => t!(lang, "engine.undo_nothing"),
        NoUndo::DigitalRoll => t!(lang, "engine.undo_digital_roll"),
    }
}

/// An undo that cannot be done, and why.
pub fn cannot_undo(why: NoUndo, lang: Lang) -> String {
    t!(lang, "cli.play.cannot_undo", why = no_undo(why, lang))
}

/// The last `n` answers of `session` in pad words, first first: each with the decision it
/// answered (the one at the front, or the player's own when answered out of seat order).
fn undone_in_words(rules: &FleetRules, session: &Session, n: usize, lang: Lang) -> Vec<String> {
    let mut s = session.clone();
    let mut out = Vec::new();
    for _ in 0..n {
        let Some((by, _)) = s.inputs.last().cloned() else { break };
        let Ok(undone) = s.undo_to_question(rules, |_, _| false) else { break };
        let Some(one) = undone.first() else { break };
        let decision = match by {
            Some(p) => s.game.pending(rules).into_iter().find(|d| d.player == Some(p)),
            None => s.game.decision(rules),
        };
        out.push(super::fleet::answer_label(rules, &s.game, decision.as_ref(), &one.answer, lang));
    }
    out.reverse();
    out
}
