//! The five-dice game's rules, scoring, sheet files and check.

use super::*;
use crate::source::Source;

pub(crate) fn rules() -> YachtRules {
    crate::games::built_in("yacht").unwrap().game.rules::<YachtRules>().unwrap().clone()
}

fn r(dice: [u8; 5]) -> Roll {
    roll_of(&dice).unwrap()
}

fn box_of(rs: &Ruleset, id: &str) -> usize {
    rs.box_index(id).unwrap_or_else(|| panic!("no box {id}"))
}

/// A sheet with these boxes filled (`(id, points)`), no dice or turns.
fn sheet_with(rs: &Ruleset, filled: &[(&str, i64)]) -> Sheet {
    let mut s = Sheet::new(rs, "Ann");
    for (id, p) in filled {
        s.boxes[box_of(rs, id)] = Some(Entry { points: *p, dice: None, turn: None });
    }
    s
}

#[test]
fn every_scoring_kind_scores_as_its_rule_says() {
    let y = rules();
    let base = &y.base;
    let classic = y.ruleset(&["classic".into()]).unwrap();
    let nordic = y.ruleset(&["scandinavian".into()]).unwrap();
    let s = |rs: &Ruleset, id: &str, dice: [u8; 5]| rs.boxes[box_of(rs, id)].kind.score(&r(dice));
    // Face sums.
    assert_eq!(s(base, "threes", [3, 3, 1, 3, 6]), 9);
    assert_eq!(s(base, "sixes", [1, 2, 3, 4, 5]), 0);
    // Three and four of a kind, all dice: at least n alike, five alike too.
    assert_eq!(s(base, "three_of_a_kind", [2, 2, 2, 5, 6]), 17);
    assert_eq!(s(base, "three_of_a_kind", [2, 2, 5, 5, 6]), 0);
    assert_eq!(s(base, "four_of_a_kind", [4, 4, 4, 4, 1]), 17);
    assert_eq!(s(base, "four_of_a_kind", [4, 4, 4, 4, 4]), 20);
    assert_eq!(s(base, "four_of_a_kind", [4, 4, 4, 1, 1]), 0);
    // Counted: only the n dice (classic four of a kind, Scandinavian sets).
    assert_eq!(s(&classic, "four_of_a_kind", [6, 6, 6, 6, 1]), 24);
    assert_eq!(s(&nordic, "three_of_a_kind", [5, 5, 5, 2, 2]), 15);
    // Full house: fixed 25, or the dice; five alike only with the house rule.
    assert_eq!(s(base, "full_house", [2, 2, 5, 5, 5]), 25);
    assert_eq!(s(base, "full_house", [5, 5, 5, 5, 5]), 0);
    assert_eq!(s(base, "full_house", [2, 2, 5, 5, 6]), 0);
    assert_eq!(s(&classic, "full_house", [2, 2, 5, 5, 5]), 19);
    let house = y.ruleset(&["five_full_house".into()]).unwrap();
    assert_eq!(s(&house, "full_house", [5, 5, 5, 5, 5]), 25);
    // Straights by length (any run) and by faces.
    assert_eq!(s(base, "small_straight", [1, 2, 3, 4, 6]), 30);
    assert_eq!(s(base, "small_straight", [3, 4, 5, 6, 6]), 30);
    assert_eq!(s(base, "small_straight", [1, 2, 3, 5, 6]), 0);
    assert_eq!(s(base, "large_straight", [2, 3, 4, 5, 6]), 40);
    assert_eq!(s(base, "large_straight", [1, 2, 3, 4, 6]), 0);
    assert_eq!(s(&classic, "little_straight", [1, 2, 3, 4, 5]), 30);
    assert_eq!(s(&classic, "little_straight", [2, 3, 4, 5, 6]), 0);
    assert_eq!(s(&classic, "big_straight", [2, 3, 4, 5, 6]), 30);
    assert_eq!(s(&nordic, "small_straight", [1, 2, 3, 4, 5]), 15);
    assert_eq!(s(&nordic, "large_straight", [2, 3, 4, 5, 6]), 20);
    // Pairs: the highest pair; two pairs of different faces (a full house holds two).
    assert_eq!(s(&nordic, "one_pair", [3, 3, 5, 5, 1]), 10);
    assert_eq!(s(&nordic, "one_pair", [1, 2, 3, 4, 6]), 0);
    assert_eq!(s(&nordic, "two_pairs", [3, 3, 5, 5, 1]), 16);
    assert_eq!(s(&nordic, "two_pairs", [3, 3, 3, 5, 5]), 16);
    assert_eq!(s(&nordic, "two_pairs", [4, 4, 4, 4, 1]), 0);
    // Chance and five of a kind.
    assert_eq!(s(base, "chance", [1, 3, 4, 6, 6]), 20);
    assert_eq!(s(base, "five_of_a_kind", [2, 2, 2, 2, 2]), 50);
    assert_eq!(s(base, "five_of_a_kind", [2, 2, 2, 2, 3]), 0);
    assert_eq!(s(&classic, "yacht", [6, 6, 6, 6, 6]), 50);
}

#[test]
fn the_families_have_their_boxes_and_bonuses() {
    let y = rules();
    assert_eq!(y.base.boxes.len(), 13);
    assert_eq!((y.base.upper_threshold, y.base.upper_bonus, y.base.extra_bonus), (63, 35, 100));
    assert_eq!(y.base.joker, Joker::ForcedUpper);
    let classic = y.ruleset(&["classic".into()]).unwrap();
    assert_eq!(classic.boxes.len(), 12);
    assert_eq!((classic.upper_bonus, classic.extra_bonus, classic.joker), (0, 0, Joker::None));
    let nordic = y.ruleset(&["scandinavian".into()]).unwrap();
    assert_eq!(nordic.boxes.len(), 15);
    assert_eq!(nordic.upper_bonus, 50);
    // Options that change the same thing cannot be combined; unknown ones are named.
    assert_eq!(
        y.ruleset(&["classic".into(), "free_joker".into()]),
        Err(OptionProblem::Conflict { first: "classic".into(), second: "free_joker".into(), what: "joker".into() })
    );
    assert!(y.ruleset(&["free_joker".into(), "five_full_house".into()]).is_ok());
    assert!(matches!(y.ruleset(&["kniffel".into()]), Err(OptionProblem::Unknown { .. })));
    assert!(matches!(y.ruleset(&["no_joker".into(), "no_joker".into()]), Err(OptionProblem::Twice { .. })));
}

#[test]
fn the_upper_bonus_starts_at_63() {
    let y = rules();
    let rs = &y.base;
    let upper = |total_sixes: i64| {
        let s = sheet_with(
            rs,
            &[("ones", 3), ("twos", 6), ("threes", 9), ("fours", 12), ("fives", 15), ("sixes", total_sixes)],
        );
        score_sheet(rs, &s)
    };
    // 3+6+9+12+15 = 45; with 18 sixes 63, with 12 only 57.
    assert_eq!(upper(18).upper_bonus, 35);
    assert_eq!(upper(18).upper, 63);
    let s = sheet_with(rs, &[("ones", 2), ("twos", 6), ("threes", 9), ("fours", 12), ("fives", 15), ("sixes", 18)]);
    assert_eq!(score_sheet(rs, &s).upper, 62);
    assert_eq!(score_sheet(rs, &s).upper_bonus, 0);
    assert_eq!(score_sheet(rs, &s).total, 62);
    assert_eq!(upper(18).total, 63 + 35);
}

#[test]
fn the_joker_rule_in_its_three_cases() {
    let y = rules();
    let rs = &y.base;
    let five = box_of(rs, "five_of_a_kind");
    let fours = box_of(rs, "fours");
    let roll = r([4, 4, 4, 4, 4]);
    let filled = |ids: &[&str]| ids.iter().fold(1u32 << five, |m, id| m | (1 << box_of(rs, id)));
    // 1. The fours box is open: it must go there (20 points), and earns the 100 bonus.
    let offers = rs.offers(filled(&[]), true, &roll);
    assert_eq!(offers, vec![Offer { box_index: fours, points: 20, joker: false, extra: 100 }]);
    // 2. The fours box is filled: any open lower box, full house and straights at full value.
    let offers = rs.offers(filled(&["fours"]), true, &roll);
    let got: Vec<(&str, i64)> = offers.iter().map(|o| (rs.boxes[o.box_index].id.as_str(), o.points)).collect();
    assert_eq!(
        got,
        vec![
            ("three_of_a_kind", 20),
            ("four_of_a_kind", 20),
            ("full_house", 25),
            ("small_straight", 30),
            ("large_straight", 40),
            ("chance", 20)
        ]
    );
    assert!(offers.iter().all(|o| o.extra == 100));
    // 3. The fours box and every lower box are filled: a zero in any open upper box.
    let lower = ["three_of_a_kind", "four_of_a_kind", "full_house", "small_straight", "large_straight", "chance"];
    let mut ids = lower.to_vec();
    ids.push("fours");
    let offers = rs.offers(filled(&ids), true, &roll);
    let got: Vec<(&str, i64)> = offers.iter().map(|o| (rs.boxes[o.box_index].id.as_str(), o.points)).collect();
    assert_eq!(got, vec![("ones", 0), ("twos", 0), ("threes", 0), ("fives", 0), ("sixes", 0)]);
    // A zero in the five-of-a-kind box: the joker still applies, but no bonus.
    let offers = rs.offers(filled(&["fours"]), false, &roll);
    assert!(offers.iter().all(|o| o.extra == 0) && offers.len() == 6);
    // The five-of-a-kind box still open: no joker, a five of a kind is no full house.
    let offers = rs.offers(0, false, &roll);
    assert_eq!(offers.len(), 13);
    assert_eq!(offers.iter().find(|o| o.box_index == box_of(rs, "full_house")).unwrap().points, 0);
    // Free joker: any open box; the travel rule: 50 only in its upper box.
    let free = y.ruleset(&["free_joker".into()]).unwrap();
    assert_eq!(free.offers(1 << five, true, &roll).len(), 12);
    let travel = y.ruleset(&["upper_fifty".into()]).unwrap();
    assert_eq!(travel.offers(1 << five, false, &roll)[0].extra, 50, "any entry in the box will do");
    let in_lower = travel.offers((1 << five) | (1 << fours), true, &roll);
    assert!(in_lower.iter().all(|o| o.extra == 0), "a joker in a lower box earns nothing");
    let none = y.ruleset(&["no_joker".into()]).unwrap();
    let offers = none.offers(1 << five, true, &roll);
    assert_eq!(offers.len(), 12);
    assert!(offers.iter().all(|o| o.extra == 0 && !o.joker));
}

fn parse(text: &str) -> Result<SheetFile, String> {
    parse_sheet(&rules(), &Source::new("s.toml", text)).map_err(|e| e.to_string())
}

const FULL: &str = "game = \"yacht\"\nplayer = \"Ann\"\n[boxes]\nones = 3\ntwos = 6\nthrees = 9\nfours = 12\nfives = 15\nsixes = 18\nthree_of_a_kind = 24\nfour_of_a_kind = 0\nfull_house = 25\nsmall_straight = 30\nlarge_straight = 40\nfive_of_a_kind = 50\nchance = 22\n";

#[test]
fn a_wrong_box_is_found_at_its_line() {
    let rs = &rules().base;
    let ok = parse(FULL).unwrap();
    assert_eq!(check(rs, &ok.sheet), vec![]);
    assert_eq!(score_sheet(rs, &ok.sheet).total, 63 + 35 + 191);
    // 24 in the full house box: no roll scores that.
    let f = parse(&FULL.replace("full_house = 25", "full_house = 24")).unwrap();
    let v = check(rs, &f.sheet);
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].found, Found::Impossible { box_index: box_of(rs, "full_house"), points: 24 });
    assert_eq!(f.sheet.span_of(v[0].at).map(|s| Source::new("s", FULL).line_col(s.start)), Some((12, 14)));
    // 25 in the full house box, but its dice are no full house.
    let f = parse(&FULL.replace("full_house = 25", "full_house = { points = 25, dice = [2, 2, 5, 5, 6] }")).unwrap();
    let v = check(rs, &f.sheet);
    assert_eq!(
        v.iter().map(|v| &v.found).collect::<Vec<_>>(),
        vec![&Found::NotTheDice { box_index: box_of(rs, "full_house"), points: 25, dice: [2, 2, 5, 5, 6], scores: 0 }]
    );
    assert_eq!(v[0].rule(), "yacht.not_the_dice");
    // A bonus that does not follow from the boxes; a box left empty.
    let f = parse(&format!("{}[bonus]\nupper = 0\n", FULL.replace("chance = 22\n", ""))).unwrap();
    let rules: Vec<&str> = check(rs, &f.sheet).iter().map(Violation::rule).collect();
    assert_eq!(rules, vec!["yacht.unfilled", "yacht.upper_bonus"]);
}

/// A whole sheet with dice and turns: turn t scores the given box with the given dice.
fn played(plays: &[(&str, [u8; 5])]) -> Sheet {
    let y = rules();
    let rs = &y.base;
    let mut s = Sheet::new(rs, "Ann");
    let mut filled = 0u32;
    for (t, (id, dice)) in plays.iter().enumerate() {
        let i = box_of(rs, id);
        let roll = r(*dice);
        let offer = rs.offers(filled, s.five_points(rs), &roll).into_iter().find(|o| o.box_index == i);
        // A box the rules did not offer is still written, as a person might: with its
        // dice's usual points (the check must find it).
        let points = offer.map_or_else(|| rs.boxes[i].kind.joker_score(&roll), |o| o.points);
        s.boxes[i] = Some(Entry { points, dice: Some(roll), turn: Some(t as u32 + 1) });
        filled |= 1 << i;
    }
    s
}

const GAME: [(&str, [u8; 5]); 13] = [
    ("five_of_a_kind", [3, 3, 3, 3, 3]),
    ("ones", [1, 1, 2, 4, 5]),
    ("twos", [2, 2, 2, 4, 5]),
    ("threes", [3, 3, 3, 4, 5]),
    ("fours", [4, 4, 4, 1, 5]),
    ("fives", [5, 5, 5, 4, 1]),
    ("sixes", [6, 6, 6, 6, 5]),
    ("full_house", [3, 3, 3, 3, 3]),
    ("three_of_a_kind", [6, 6, 6, 1, 2]),
    ("four_of_a_kind", [1, 2, 2, 2, 2]),
    ("small_straight", [1, 2, 3, 4, 4]),
    ("large_straight", [1, 2, 3, 4, 5]),
    ("chance", [6, 6, 5, 5, 4]),
];

#[test]
fn a_recorded_game_proves_its_extra_bonus_and_its_jokers() {
    let y = rules();
    let rs = &y.base;
    // Threes were filled (turn 4) before the five 3s of turn 8 went to the full house as
    // a joker: legal, 25 points and the 100 bonus.
    let s = played(&GAME);
    assert_eq!(extra_bounds(rs, &s), (100, 100));
    let mut claimed = s.clone();
    claimed.extra_claim = Some(100);
    assert_eq!(check(rs, &claimed), vec![]);
    assert_eq!(score_sheet(rs, &s).extra, 100);
    // Not written, it is still counted; written wrong, the check says what was earned.
    assert_eq!(check(rs, &s), vec![]);
    claimed.extra_claim = Some(0);
    let v = check(rs, &claimed);
    assert_eq!(
        v.iter().map(|v| &v.found).collect::<Vec<_>>(),
        vec![&Found::ExtraBonus { written: 0, least: 100, most: 100 }]
    );
    // The joker used wrongly: the threes box was still open at turn 8.
    let mut game = GAME;
    game.swap(3, 7);
    let wrong = played(&game);
    let v = check(rs, &wrong);
    let threes = box_of(rs, "threes");
    assert!(
        v.iter().any(|v| v.found == Found::JokerBox { box_index: box_of(rs, "full_house"), allowed: vec![threes] }),
        "{v:?}"
    );
    // A joker before the five-of-a-kind box was filled is no joker: 0 in the full house.
    let mut game = GAME;
    game.swap(0, 7);
    let mut early = played(&game);
    early.boxes[box_of(rs, "full_house")].as_mut().unwrap().points = 25;
    assert!(check(rs, &early).iter().any(|v| matches!(v.found, Found::NotTheDice { scores: 0, .. })));
}

#[test]
fn sheet_files_round_trip_and_report_problems_at_their_place() {
    let y = rules();
    let rs = &y.base;
    let s = played(&GAME);
    let text = write_sheet("yacht", rs, &s);
    let back = parse(&text).unwrap();
    assert_eq!(back.sheet.boxes, s.boxes);
    assert_eq!(back.sheet.extra_claim, Some(100));
    assert_eq!(back.sheet.upper_claim, score_sheet(rs, &s).upper_bonus.gt(&0).then_some(35));
    assert_eq!(check(rs, &back.sheet), vec![]);
    let err = parse("game = \"yacht\"\nplayer = \"A\"\n[boxes]\nfull_hose = 25\nones = { points = 3, dice = [1, 1, 7] }\ntwos = { points = 4, turn = 40 }\n")
        .unwrap_err();
    assert!(err.contains("s.toml:4:1: [boxes] names unknown box `full_hose`"), "{err}");
    assert!(err.contains("did you mean `full_house`"), "{err}");
    assert!(err.contains("s.toml:5:8: `ones`: `dice` are five faces from 1 to 6"), "{err}");
    assert!(
        err.contains("s.toml:6:8: `twos`: `turn` is the turn it was scored in, a whole number from 1 to 13"),
        "{err}"
    );
    let err = parse("game = \"yacht\"\nplayer = \"A\"\noptions = [\"classic\", \"free_joker\"]\n").unwrap_err();
    assert!(err.contains("s.toml:3:11: options `classic` and `free_joker` both change `joker`"), "{err}");
    // A classic sheet has classic boxes.
    let classic =
        parse("game = \"yacht\"\nplayer = \"A\"\noptions = [\"classic\"]\n[boxes]\nchoice = 30\nyacht = 50\n").unwrap();
    assert_eq!(classic.ruleset.boxes.len(), 12);
}

#[test]
fn a_bad_rules_file_is_reported_at_file_line_and_column() {
    let text = crate::games::BUILT_IN.iter().find(|(id, _)| *id == "yacht").unwrap().1;
    let load = |t: String| crate::games::from_source(Source::new("my.toml", t)).map(|_| ()).unwrap_err().to_string();
    let err = load(text.replacen("kind = \"straight\"\nlength = 4", "kind = \"straigth\"\nlength = 4", 1));
    assert!(err.contains("my.toml:") && err.contains("unknown kind `straigth`"), "{err}");
    assert!(err.contains("did you mean `straight`"), "{err}");
    let err = load(text.replacen("kind = \"face\"\nface = 1", "kind = \"face\"\nface = 7", 1));
    assert!(err.contains("`face` = 7 is out of range: 1 to 6"), "{err}");
    let line = text[..text.find("face = 1").unwrap()].lines().count() + 1;
    assert!(err.contains(&format!("my.toml:{line}:8")), "{err}");
    let err = load(text.replacen("kind = \"chance\"", "kind = \"chance\"\npoints = 3", 1));
    assert!(err.contains("a box of kind `chance` takes no `points`"), "{err}");
    let err = load(text.replacen("joker = \"forced_upper\"", "joker = \"sometimes\"", 1));
    assert!(err.contains("`sometimes` is not one of: forced_upper, free, upper_filled, none"), "{err}");
    let err = load(text.replacen("\"five_of_a_kind\", \"chance\",\n]", "\"chance\",\n]", 1));
    assert!(err.contains("the extra bonus and the joker rule need a box of kind `five_of_a_kind`"), "{err}");
    // A category whose kind is wrong is said once: not again where `boxes` names it, nor
    // what its absence breaks (the joker's upper boxes), in `[rules]` or an option; a box
    // `[rules]` names that no category defines is said once, with the id meant.
    let err = load(text.replacen("kind = \"face\"\nface = 1", "kind = \"faces\"\nface = 1", 1).replacen(
        "\"five_of_a_kind\", \"chance\",\n]",
        "\"five_of_a_kind\", \"chanse\",\n]",
        1,
    ));
    assert!(err.contains("unknown kind `faces`") && err.contains("did you mean `face`"), "{err}");
    assert!(err.contains("`boxes` names `chanse`, which no [[category]] defines — did you mean `chance`?"), "{err}");
    assert_eq!(err.matches("error: ").count(), 2, "{err}");
}

#[test]
fn every_box_lists_what_it_can_hold() {
    let rs = &rules().base;
    let p = |id: &str| rs.possible(box_of(rs, id)).into_iter().collect::<Vec<_>>();
    assert_eq!(p("fives"), vec![0, 5, 10, 15, 20, 25]);
    assert_eq!(p("full_house"), vec![0, 25]);
    assert_eq!(p("small_straight"), vec![0, 30]);
    assert_eq!(p("chance"), (5..=30).collect::<Vec<_>>());
    assert_eq!(p("three_of_a_kind"), [0].into_iter().chain(5..=30).collect::<Vec<_>>());
}
