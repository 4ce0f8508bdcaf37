//! A complete scripted 2-player game (`tests/games/two_players.answers`), run through the
//! real binary, checked against values worked out BY HAND from the rules digest
//! (/work/shared/games/fleet-dice.md, part A) and the layout in rules/fleet-dice.toml.
//! Nothing below was copied from deckhand's output.
//!
//! # The layout used (rules/fleet-dice.toml)
//! Every boat-type column: `. L B . B ? . L B . ? B` (box 1 is the top box). Boats
//! (capacity/VP): shrimp 3/1 3/1 4/2 4/2; cod 4/1 4/2 5/2 5/3; lobster 4/2 4/2 5/3 5/3;
//! swordfish 5/2 5/3 6/3 6/4; oyster 4/2 4/3 4/3 4/4, all oyster boats hold 6/8/10 with
//! oyster license L1/L2/L3, an oyster boat catches 2 fish or 1 fish + 1 coin. Level-3
//! licenses 5 VP. Coin track 60 boxes, stars at 4 8 13 18 24 30 36 43 50 57 60; further
//! coins are lost. Market: 0-8 fish 2, 9-16 3, 17-24 4, 25-32 5, 33-39 6, 40+ 7.
//! Harbor: king crab `. O . O . O` (license 5 VP + bonus; boats 4/2, 4/3), captain's club
//! `. O . . O` (private fishing), barge `. . O` (8/2), Inuit `O . O . O` (3/2 3/2 3/3).
//! Wharf: casino `. O` 2 VP reroll; Ama's bank 6 boxes 2 VP each; salvage yard `. O` 2 VP,
//! 3 stars; fisherman's pub 5 boxes, 10 VP when all marked; bait shop `. O` 2 VP, a die
//! as coins gives 2; smokehouse `. O` 3 VP, market +2; canning co `. O` 1 VP, +1 income
//! per full boat. Income 1 + lobster license level (cap 10).
//!
//! # The game, worked by hand
//! Notation: `cod.3` = 3rd box of the cod column; `c12` = the coin track now at 12;
//! `*` = a coin-track star (its star action follows); fish per boat in brackets.
//!
//! Setup. Ann's start die lobster: lobster.1-3 -> lobster L1 (+1 income), lobster boat 1.
//! Bob's start die oyster: oyster.1-3 -> oyster L1 (boats hold 6), oyster boat 1.
//! Start player Ann; turn order Ann, Bob in odd rounds and Bob, Ann in even rounds.
//!
//! R1 (Ann, Bob). Boat roll cod cod swordfish.
//!   Ann picks cod: cod.1. Bob picks swordfish: swordfish.1.
//!   Shared cod: Ann cod.2 (L) -> cod L1. Bob first takes 1 coin (c1); his income then
//!   shows c2. `undo` at the town roll takes the coin back; he marks cod.1 instead.
//!   Income: Ann 2 -> c2; Bob 1 -> c1.
//!   Town roll harbor wharf oyster. Ann harbor: inuit.1 (O) -> Inuit boat 1, cod L1 +1 c3.
//!   Bob oyster: oyster.4. Shared wharf: Ann casino.1, Bob smokehouse.1.
//!   End: Ann c3, Bob c1.
//! R2 (Bob, Ann), fishing. Boat roll oyster lobster coins.
//!   Bob oyster: oyster.5 (B) -> oyster boat 2. Ann lobster: lobster.4.
//!   Shared 3 coins: Bob c2-c4 * -> oyster.6 (?) -> license: oyster L2 (boats hold 8),
//!   second license +2 c6. Ann c4-c6 * -> lobster.5 (B) -> lobster boat 2, +1 c7.
//!   Income: Bob +1 c7; Ann +2 c9 (* at 8) -> casino.2: casino complete.
//!   Fishing: Bob oyster 1 coin [1] c8 * (after the fishing), oyster 2 fish [2].
//!   Ann lobster 1 [1], lobster 2 [1], Inuit 1 [1]. Bob's star: smokehouse.2: complete.
//!   Fish: Ann 3, Bob 3.
//!   Town roll market market swordfish. Bob market: 3 fish -> 2 + smokehouse 2 = 4, c12.
//!   Ann swordfish: swordfish.1. Shared market: Bob +4 c16 (* at 13) -> king_crab.1;
//!   Ann 3 fish -> +2 c11.
//!   End: Ann c11, Bob c16.
//! R3 (Ann, Bob). Boat roll cod shrimp lobster.
//!   Ann picks shrimp, casino reroll -> cod: cod.3 (B) -> cod boat 1, +1 c12.
//!   Bob lobster: lobster.1. Shared cod: Ann cod.4; Bob cod.2 (L) -> cod L1.
//!   Income: Ann +2 c14 (* at 13) -> inuit.2; Bob +1 c17.
//!   Town roll harbor wharf cod. Ann wharf: bait_shop.1. Bob harbor: king_crab.2 (O) ->
//!   king crab license, bonus "1 VP per 6 fish". Shared cod: Ann cod.5 (B) -> cod boat 2,
//!   +1 c15; Bob cod.3 (B) -> cod boat 1, +1 c18 * -> king_crab.3.
//!   End: Ann c15, Bob c18.
//! R4 (Bob, Ann), fishing. Boat roll oyster swordfish coins.
//!   Bob oyster: oyster.7. Ann 3 coins: c16-c18 * -> inuit.3 (O) -> Inuit boat 2, +1 c19.
//!   Shared swordfish: Bob swordfish.2 (L) -> swordfish L1; Ann swordfish.2 (L) -> L1.
//!   Income: Bob +1 c19; Ann +2 c21.
//!   Fishing: Bob cod 1 [1]; oyster 1 fish [3]; oyster 2 coin [3] c20. Bob fish 7.
//!   Ann lobster 1 [2], lobster 2 [2], cod 1 [1], cod 2 [1], Inuit 1 [2], Inuit 2 [1]: 9.
//!   Swordfish stars: Bob king_crab.4 (O) -> king crab boat 1, cod L1 +1 c21;
//!   Ann bait_shop.2: bait shop complete.
//!   Town roll market wharf lobster. Bob market: 7 fish -> 2 + 2 = 4, c25 (* at 24) ->
//!   lobster.2 (L) -> lobster L1. Ann lobster: lobster.6 (?) -> boat (lobster boat 3,
//!   +1 c22) — `undo` takes it back — license: lobster L2 (+2 income), +2 c23.
//!   Shared wharf: Bob canning_co.1; Ann as coins, bait shop 2: c25 (* at 24) ->
//!   amas_bank.1.
//!   End: Ann c25, Bob c25. (`scores` here, by hand: Ann 9 fish, boats lobster 2+2,
//!   cod 1+2, Inuit 2+2 = 11, buildings casino 2 + bait shop 2 + bank 1 box 2 = 6: 26.
//!   Bob 7 fish, boats oyster 2+3, cod 1, king crab 2 = 8, licenses king crab 5,
//!   buildings smokehouse 3, bonus 7/6 = 1: 24.)
//! R5 (Ann, Bob). Boat roll shrimp shrimp swordfish.
//!   Ann swordfish: swordfish.3 (B) -> swordfish boat 1, +1 c26. Bob shrimp: shrimp.1.
//!   Shared shrimp: Ann shrimp.1; Bob shrimp.2 (L) -> shrimp L1.
//!   Income: Ann 1+2 = 3 c29; Bob 1+1 = 2 c27.
//!   Town roll harbor harbor oyster. Ann harbor: inuit.4. Bob oyster: oyster.8 (L) ->
//!   oyster L3 (boats hold 10; third license, no coins). Shared harbor: Ann inuit.5 (O) ->
//!   Inuit boat 3, +1 c30 * -> swordfish.4; Bob king_crab.5.
//!   End: Ann c30, Bob c27.
//! R6 (Bob, Ann), fishing. Boat roll shrimp cod lobster.
//!   Bob shrimp, shrimp license as oyster: oyster.9 (B) -> oyster boat 3, +1 c28.
//!   Ann cod: cod.6 (?) -> boat: cod boat 3, +1 c31.
//!   Shared lobster: Bob lobster.3 (B) -> lobster boat 1, +1 c29; Ann lobster.7.
//!   Income: Bob +2 c31 (* at 30) -> shrimp.3 (B) -> shrimp boat 1, +1 c32; Ann +3 c34.
//!   Fishing: Bob shrimp 1 [1], cod 1 [2], lobster 1 [1], king crab 1 [1]; oyster 1
//!   coin [4] c33; oyster 2 coin [4] c34; oyster 3 fish [2]. Bob fish 15.
//!   Ann cod [2, 2, 1], lobster [3, 3], swordfish [1], Inuit [3, 2, 1]. Ann fish 18.
//!   Swordfish stars: Bob canning_co.2: complete; Ann fishermans_pub.1.
//!   Town roll wharf market coins. Bob market: 15 fish -> 3 + 2 = 5, c39 (* at 36) ->
//!   captains_club.1. Ann 3 coins: c37 (* at 36) -> fishermans_pub.2.
//!   Shared wharf: Bob fishermans_pub.1; Ann fishermans_pub.3.
//!   End: Ann c37, Bob c39.
//! R7 (Ann, Bob). Boat roll lobster oyster oyster.
//!   Ann lobster: lobster.8 (L) -> lobster L3 (+3 income, 5 VP). Bob oyster: oyster.10.
//!   Shared oyster: Ann as coins, bait shop 2: c39; Bob oyster.11 (?) — all 3 oyster
//!   licenses taken, so a boat: oyster boat 4, +1 c40.
//!   Income: Ann 1+3 = 4 c43 * -> amas_bank.2; Bob 1+1, no full boat for the canning co,
//!   = 2 c42.
//!   Town roll harbor market cod. Ann market: 18 fish -> 4, c47. Bob harbor:
//!   captains_club.2 (O) -> private fishing (Bob only, no swordfish bonus): shrimp 1 [2],
//!   cod 1 [3], lobster 1 [2], king crab 1 [2]; oyster 1 fish [6], oyster 2 fish [6],
//!   oyster 3 coin [3] c43 * (after the fishing), oyster 4 coin [1] c44. Star:
//!   king_crab.6 (O) -> king crab boat 2, +1 c45. Bob fish 25.
//!   Shared cod: Ann cod.7; Bob cod.4.
//!   End: Ann c47, Bob c45.
//! R8 (Bob, Ann), fishing. Boat roll swordfish cod shrimp.
//!   Bob shrimp as swordfish: swordfish.3 (B) -> swordfish boat 1, +1 c46.
//!   Ann cod: cod.8 (L) -> cod L2 (launch coins 2), second license +2 c49.
//!   Shared swordfish: Bob swordfish.4; Ann swordfish.5 (B) -> swordfish boat 2, +2 c51
//!   (* at 50) -> fishermans_pub.4.
//!   Income: Bob 2 (still no full boat) c48; Ann 4 c55.
//!   Fishing: Bob shrimp 1 [3] full, cod 1 [4] full, lobster 1 [3], swordfish 1 [1],
//!   king crab [3, 1]; oyster 1 fish [8]; oyster 2 coin [7] c49; oyster 3 fish [5];
//!   oyster 4 coin [2] c50 * (after the fishing). Bob fish 37.
//!   Ann cod [3, 3, 2], lobster [4, 4] both full, swordfish [2, 1], Inuit [3 (full, no
//!   catch), 3, 2]. Ann fish 27, 4 full boats.
//!   After the fishing: Bob's coin star barge.1, Bob's swordfish star barge.2;
//!   Ann's swordfish star fishermans_pub.5: the pub complete.
//!   Town roll wharf wharf oyster. Bob wharf: amas_bank.1. Ann wharf: salvage_yard.1
//!   (`sheet` before it, by hand: Ann 55 coins, 27 fish, income 4, 4 full boats).
//!   Shared oyster: Bob 1 coin c51; Ann oyster.1.
//!   End: Ann c55, Bob c51.
//! R9 (Ann, Bob). Boat roll coins lobster cod.
//!   Ann 3 coins: c58 (* at 57) -> salvage_yard.2: complete. Bob cod: cod.5 (B) ->
//!   cod boat 2, +1 c52. Shared lobster: Ann lobster.9 (B) -> lobster boat 3, +2 c60
//!   (* at 60) -> amas_bank.3; Bob lobster.4.
//!   Income: Ann 4, all lost (track full, c60); Bob 1 + 1 + canning co 2 full boats
//!   (shrimp 1, cod 1) = 4, c56.
//!   Town roll harbor wharf swordfish. Ann swordfish, salvage yard (salvage star 1) ->
//!   star action swordfish.6 (?) -> license: swordfish L2, +2 lost. Bob harbor: barge.3
//!   (O) -> the barge, +1 c57 * -> amas_bank.2. Shared wharf: Ann amas_bank.4,
//!   Bob amas_bank.3.
//!   End: Ann c60, Bob c57.
//! R10 (Bob, Ann), fishing. Boat roll oyster shrimp swordfish.
//!   Bob shrimp as lobster: lobster.5 (B) -> lobster boat 2, +1 c58. Ann swordfish:
//!   swordfish.7. Shared oyster: Bob 1 coin c59; Ann oyster.2 (L) -> oyster L1.
//!   Income: Bob 4: c60 * (3 lost) -> amas_bank.4; Ann 4 lost.
//!   Fishing: Bob's barge first: 2 full boats -> [2]. Shrimp 1 and cod 1 full, no catch;
//!   cod 2 [1], lobster [4, 1], swordfish 1 [2], king crab [4, 2]; oysters all fish:
//!   [10, 9, 7, 4]. Bob fish 3+4+1+4+1+2+10+9+7+4+4+2+2 = 53.
//!   Ann cod [4, 4, 3], lobster [4, 4, 1], swordfish [3, 2], Inuit [3, 3, 3]: 34.
//!   Swordfish: Bob star amas_bank.5; Ann (L2) +1 lost and star amas_bank.5.
//!   Town roll market harbor cod. Bob cod: cod.6 (?) -> boat: cod boat 3 (+1 lost).
//!   Ann harbor: barge.1. Shared market: both sell, every coin lost (Bob 7+2, Ann 6).
//!
//! # Final sums
//! Ann: FISH 34. BOATS cod 1+2+2, lobster 2+2+3, swordfish 2+3, Inuit 2+2+3 = 24.
//! LICENSES lobster L3 5. BUILDINGS casino 2 + Ama's bank 5 boxes 10 + salvage yard 2 +
//! fisherman's pub 10 + bait shop 2 = 26. BONUS 0. TOTAL 89.
//! Bob: FISH 53. BOATS shrimp 1, cod 1+2+2, lobster 2+2, swordfish 2, oyster 2+3+3+4,
//! king crab 2+3, barge 2 = 31. LICENSES oyster L3 5 + king crab 5 = 10. BUILDINGS
//! Ama's bank 5 boxes 10 + smokehouse 3 + canning co 1 = 14 (pub 1 of 5 boxes: 0).
//! BONUS 53 fish / 6 = 8. TOTAL 116. Bob wins.

use crate::common::{coin_notices, deckhand, repo, row, sheet_lines};

const ANSWERS: &str = "two_players.answers";

const CSV: &str = "rank,shared,player,fish,boats,licenses,buildings,bonus,total\n\
                   1,false,Bob,53,31,10,14,8,116\n\
                   2,false,Ann,34,24,5,26,0,89\n";

/// Ann's sheet at the end, by hand (comments and blank lines of the written file dropped).
const ANN_SHEET: &str = r#"game = "fleet-dice"
player = "Ann"
[marks]
shrimp = "x . . . . . . . . . . ."
shrimp_license = ". . ."
shrimp_boat = ". . . ."
cod = "x x x x x x x x . . . ."
cod_license = "x x ."
cod_boat = "x x x ."
lobster = "x x x x x x x x x . . ."
lobster_license = "x x x"
lobster_boat = "x x x ."
swordfish = "x x x x x x x . . . . ."
swordfish_license = "x x ."
swordfish_boat = "x x . ."
oyster = "x x . . . . . . . . . ."
oyster_license = "x . ."
oyster_boat = ". . . ."
king_crab = ". . . . . ."
captains_club = ". . . . ."
research_vessel = ". . . . . ."
barge = "x . ."
inuit = "x x x x x"
casino = "x x"
amas_bank = "x x x x x ."
seafood_buffet = ". ."
salvage_yard = "x x"
fishermans_pub = "x x x x x"
bait_shop = "x x"
smokehouse = ". ."
canning_co = ". ."
buffet_hex = ". . . . ."
salvage_star = "x . ."
coin = 60
[fish]
shrimp_boat = []
cod_boat = [4, 4, 3]
lobster_boat = [4, 4, 1]
swordfish_boat = [3, 2]
oyster_boat = []
king_crab = []
research_vessel = []
barge = []
inuit = [3, 3, 3]
"#;

/// Bob's sheet at the end, by hand.
const BOB_SHEET: &str = r#"game = "fleet-dice"
player = "Bob"
king_crab_bonus = "per_6_fish"
[marks]
shrimp = "x x x . . . . . . . . ."
shrimp_license = "x . ."
shrimp_boat = "x . . ."
cod = "x x x x x x . . . . . ."
cod_license = "x . ."
cod_boat = "x x x ."
lobster = "x x x x x . . . . . . ."
lobster_license = "x . ."
lobster_boat = "x x . ."
swordfish = "x x x x . . . . . . . ."
swordfish_license = "x . ."
swordfish_boat = "x . . ."
oyster = "x x x x x x x x x x x ."
oyster_license = "x x x"
oyster_boat = "x x x x"
king_crab = "x x x x x x"
captains_club = "x x . . ."
research_vessel = ". . . . . ."
barge = "x x x"
inuit = ". . . . ."
casino = ". ."
amas_bank = "x x x x x ."
seafood_buffet = ". ."
salvage_yard = ". ."
fishermans_pub = "x . . . ."
bait_shop = ". ."
smokehouse = "x x"
canning_co = "x x"
buffet_hex = ". . . . ."
salvage_star = ". . ."
coin = 60
[fish]
shrimp_boat = [3]
cod_boat = [4, 1]
lobster_boat = [4, 1]
swordfish_boat = [2]
oyster_boat = [10, 9, 7, 4]
king_crab = [4, 2]
research_vessel = []
barge = [2]
inuit = []
"#;

/// Every coin a player earns, in order, as (coins earned, coin track afterwards), from
/// the working above. The decisions taken back by `undo` printed their coins too, so
/// they are listed (marked "undone") and the next entry shows the track without them.
const ANN_COINS: &[(u32, u32)] = &[
    (2, 2),  // R1 income (before the undo: the town roll prompt had been reached)
    (2, 2),  // R1 income again after Bob's coin is undone
    (1, 3),  // R1 Inuit boat 1, cod L1
    (3, 6),  // R2 shared 3 coins, * at 4
    (1, 7),  // R2 lobster boat 2
    (2, 9),  // R2 income, * at 8
    (2, 11), // R2 shared market
    (1, 12), // R3 cod boat 1
    (2, 14), // R3 income, * at 13
    (1, 15), // R3 cod boat 2
    (3, 18), // R4 3 coins, * at 18
    (1, 19), // R4 Inuit boat 2
    (2, 21), // R4 income
    (1, 22), // R4 lobster boat 3 (undone)
    (2, 23), // R4 lobster L2, second license
    (2, 25), // R4 wharf die as coins with the bait shop, * at 24
    (1, 26), // R5 swordfish boat 1
    (3, 29), // R5 income
    (1, 30), // R5 Inuit boat 3, * at 30
    (1, 31), // R6 cod boat 3
    (3, 34), // R6 income
    (3, 37), // R6 3 coins, * at 36
    (2, 39), // R7 oyster die as coins with the bait shop
    (4, 43), // R7 income, * at 43
    (4, 47), // R7 market, 18 fish
    (2, 49), // R8 cod L2, second license
    (2, 51), // R8 swordfish boat 2, cod L2, * at 50
    (4, 55), // R8 income
    (3, 58), // R9 3 coins, * at 57
    (2, 60), // R9 lobster boat 3, * at 60
    (4, 60), // R9 income, lost
    (2, 60), // R9 swordfish L2, second license, lost
    (4, 60), // R10 income, lost
    (1, 60), // R10 swordfish L2 coin, lost
    (6, 60), // R10 shared market (34 fish), lost
];

const BOB_COINS: &[(u32, u32)] = &[
    (1, 1),  // R1 shared cod as a coin (undone)
    (1, 2),  // R1 income before the undo
    (1, 1),  // R1 income after the undo
    (3, 4),  // R2 shared 3 coins, * at 4
    (2, 6),  // R2 oyster L2, second license
    (1, 7),  // R2 income
    (1, 8),  // R2 oyster coin, * at 8 after the fishing
    (4, 12), // R2 market 2 + smokehouse 2
    (4, 16), // R2 shared market, * at 13
    (1, 17), // R3 income
    (1, 18), // R3 cod boat 1, * at 18
    (1, 19), // R4 income
    (1, 20), // R4 oyster coin
    (1, 21), // R4 king crab boat 1
    (4, 25), // R4 market, * at 24
    (2, 27), // R5 income
    (1, 28), // R6 oyster boat 3
    (1, 29), // R6 lobster boat 1
    (2, 31), // R6 income, * at 30
    (1, 32), // R6 shrimp boat 1
    (1, 33), // R6 oyster coin
    (1, 34), // R6 oyster coin
    (5, 39), // R6 market, 15 fish, * at 36
    (1, 40), // R7 oyster boat 4
    (2, 42), // R7 income
    (1, 43), // R7 private fishing oyster coin, * at 43
    (1, 44), // R7 private fishing oyster coin
    (1, 45), // R7 king crab boat 2
    (1, 46), // R8 swordfish boat 1
    (2, 48), // R8 income
    (1, 49), // R8 oyster coin
    (1, 50), // R8 oyster coin, * at 50
    (1, 51), // R8 shared oyster as a coin
    (1, 52), // R9 cod boat 2
    (4, 56), // R9 income with the canning co (2 full boats)
    (1, 57), // R9 barge, * at 57
    (1, 58), // R10 lobster boat 2
    (1, 59), // R10 shared oyster as a coin
    (4, 60), // R10 income, * at 60, 3 lost
    (1, 60), // R10 cod boat 3, lost
    (9, 60), // R10 shared market (53 fish: 7 + smokehouse 2), lost
];

#[test]
fn scripted_two_player_game_matches_the_hand_worked_result() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(repo().join("tests/games").join(ANSWERS), dir.path().join(ANSWERS)).unwrap();

    let out = deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "Ann,Bob", "--save", "game.jsonl", "--answers", ANSWERS])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");

    // The final table printed by `play`.
    assert_eq!(row(&stdout, "Bob"), ["1", "Bob", "53", "31", "10", "14", "8", "116"], "{stdout}");
    assert_eq!(row(&stdout, "Ann"), ["2", "Ann", "34", "24", "5", "26", "0", "89"], "{stdout}");

    // Both undos took back exactly the one decision.
    assert!(stderr.contains("undone: \"Bob: use the shared cod\" → take 1 coin instead"), "{stderr}");
    assert!(stderr.contains("undone: \"Ann: ? circle of lobster — license or boat?\" → launch a boat"), "{stderr}");

    // `scores` at the start of round 5 and `sheet` in round 8 print and change nothing.
    let (_, scores) = stderr.split_once("Scores after round 4:").expect("the scores were printed");
    let scores: String = scores.lines().take(8).collect::<Vec<_>>().join("\n");
    assert_eq!(row(&scores, "Ann"), ["1", "Ann", "9", "11", "0", "6", "0", "26"], "{scores}");
    assert_eq!(row(&scores, "Bob"), ["2", "Bob", "7", "8", "5", "3", "1", "24"], "{scores}");
    assert!(stderr.contains("Ann · 55 coins · 27 fish · income 4 · 4 full boats"), "{stderr}");

    // Every coin earned, and the coin track after it.
    assert_eq!(coin_notices(&stderr, "Ann"), ANN_COINS);
    assert_eq!(coin_notices(&stderr, "Bob"), BOB_COINS);

    // The sheets written at the end, box by box and fish by fish.
    let ann = std::fs::read_to_string(dir.path().join("game-ann.toml")).unwrap();
    let bob = std::fs::read_to_string(dir.path().join("game-bob.toml")).unwrap();
    assert_eq!(sheet_lines(&ann), sheet_lines(ANN_SHEET), "{ann}");
    assert_eq!(sheet_lines(&bob), sheet_lines(BOB_SHEET), "{bob}");

    // Replaying the save gives the same table.
    deckhand(dir.path()).args(["replay", "game.jsonl", "--format", "csv"]).assert().success().stdout(CSV);

    // The written sheets follow the rules and score the same.
    deckhand(dir.path()).args(["check", "game-ann.toml"]).assert().code(0);
    deckhand(dir.path()).args(["check", "game-bob.toml"]).assert().code(0);
    deckhand(dir.path()).args(["check", "game-ann.toml", "game-bob.toml"]).assert().code(0);
    deckhand(dir.path())
        .args(["score", "--format", "csv", "game-ann.toml", "game-bob.toml"])
        .assert()
        .success()
        .stdout(CSV);
}
