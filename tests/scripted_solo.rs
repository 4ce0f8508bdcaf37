//! A complete scripted solo game, Ann against Captain Ruth (`tests/games/solo.answers`),
//! run through the real binary and checked against values worked out BY HAND from the
//! rules digest (/work/shared/games/fleet-dice.md, A1-A9 and the solo rules in A11) and
//! the layout in rules/fleet-dice.toml. Nothing below was copied from deckhand's output.
//!
//! # The layout and solo rules used
//! Every boat-type column: `. L B . B ? . L B . ? B` (box 1 is the top box): 2 L, 3 B,
//! 5 B, 6 ?, 8 L, 9 B, 11 ?, 12 B. Boats (capacity/VP): shrimp 3/1 3/1 4/2 4/2; cod 4/1
//! 4/2 5/2 5/3; lobster 4/2 4/2 5/3 5/3; swordfish 5/2 5/3 6/3 6/4; oyster 2 3 3 4 VP,
//! holding 6 with oyster L1; an oyster boat catches 2 fish or 1 fish + 1 coin. Licenses:
//! shrimp L1 a picked shrimp die as 1 type, L2 as 1 type + 1 star action; cod L1 +1 coin
//! per launch (harbor boats too, not the captain's club); lobster L1 +1 income; swordfish
//! L1 1 star action after each fishing; a second license +2 coins; level 3 5 VP. Coin
//! track 60 boxes, stars at 4 8 13 18 24 30 36 43 50 57 60. Market: 0-8 fish 2, 9-16 3,
//! 17-24 4, 25-32 5. Harbor: king crab `. O . O . O` (1st circle: license 5 VP + a bonus,
//! capped at 10; then boats 4/2, 4/3), captain's club `. O . . O`, research vessel
//! `. O . O . O`, barge `. . O`, Inuit `O . O . O` (boats 3/2 3/2 3/3). Wharf: casino
//! `. O` 2 VP (reroll the picked die once per phase), Ama's bank 6 boxes 2 VP each, salvage
//! yard / bait shop / smokehouse / canning co `. O` (2 / 2 / 3 / 1 VP; bait shop: a die
//! used as coins gives 2; canning co: +1 income per full boat), pub 5 boxes. Income 1 +
//! lobster license + canning co.
//!
//! Solo (A11): 8 rounds, fishing in 2 4 6 8; 2-player pools: boat roll 3 boat dice, town
//! roll 2 town dice + 1 boat die. Ann first in odd rounds, Ruth first in even rounds. Ruth's
//! pick crosses the 2 lowest open boxes of a section of Ann's sheet; her use of the shared
//! die crosses the lowest open one; whoever goes first gets a box both want. Boat dice:
//! the type under her boat token, else the next clockwise that was rolled and has an open
//! box; the 3-coins joker only when nothing else is left (1 box of her token's column).
//! Town: harbor > wharf > boat die > market; harbor/wharf hit the section under the token,
//! else the next clockwise with an open box; market (picked or shared) crosses Ann's next
//! star box, which Ann then skips (the coin goes on the next box, the star is lost). A
//! circle she crosses is lost; a wharf building with every box filled counts as complete
//! when at least one box is Ann's. At each round end the tokens move clockwise to the next
//! section with an open box. Loops: boats shrimp > cod > lobster > swordfish > oyster;
//! harbor king_crab > captains_club > research_vessel > barge > inuit; wharf casino >
//! amas_bank > salvage_yard > bait_shop > canning_co > smokehouse > fishermans_pub >
//! seafood_buffet. Start: shrimp, king_crab, casino.
//!
//! # The game, worked by hand
//! Notation: `cod.3` = 3rd box of the cod column marked by Ann; `/cod.12` = crossed off by
//! Ruth; `c12` = 12 coins on the track (the count of marked boxes; crossed stars take no
//! coin); `box 9` = the coin-track box a coin lands on; `*` = a star box reached, its star
//! action follows; fish per boat in brackets. Tokens are given as boat / harbor / wharf.
//!
//! Setup. Start die shrimp: shrimp.1-3 -> shrimp L1 (a picked shrimp die as any type),
//! shrimp boat 1.
//!
//! R1 (Ann first; tokens shrimp / king_crab / casino). Boat roll shrimp shrimp oyster.
//!   Ann picks oyster: oyster.1. Ruth: her token's type, shrimp, was rolled and has open
//!   boxes -> /shrimp.12 (B) and /shrimp.11 (?). Shared shrimp: Ann shrimp.4, then Ruth
//!   /shrimp.10. Income 1: c1.
//!   Town roll market market shrimp. Ann picks market: 0 fish -> 2, c3. Ruth: no harbor, no
//!   wharf, so the boat die before the market: shrimp (token on shrimp) -> /shrimp.9 (B)
//!   and /shrimp.8 (L) - Ann's shrimp column can now never reach its L2-at-8 or B-at-9
//!   circles. Shared market: Ann first, 2 coins: boxes 4*, 5, c5; star -> king_crab.1.
//!   Ruth's shared market: Ann's next star box is coin.8 -> /coin.8.
//!   Tokens: shrimp -> cod, king_crab -> captains_club, casino -> amas_bank.
//! R2 (Ruth first; cod / captains_club / amas_bank), fishing. Boat roll oyster oyster cod.
//!   Ruth: cod (token on cod) -> /cod.12, /cod.11. Ann picks oyster: oyster.2 (L) -> oyster
//!   L1 (boats hold 6). Shared oyster: Ruth first /oyster.12; Ann oyster.3 (B) -> oyster
//!   boat 1. Income 1: c6. Fishing: shrimp boat 1 [1]; oyster boat 1: 1 fish + 1 coin [1],
//!   c7. Fish 2.
//!   Town roll harbor wharf lobster. Ruth: harbor first (token on captains_club) ->
//!   /captains_club.5 (a circle, lost) and /captains_club.4. Ann picks wharf: bait_shop.1.
//!   Shared lobster: Ruth first /lobster.12; Ann lobster.1.
//!   Tokens: cod -> lobster, captains_club -> research_vessel, amas_bank -> salvage_yard.
//! R3 (Ann first; lobster / research_vessel / salvage_yard). Boat roll swordfish swordfish
//!   shrimp. Ann picks shrimp: shrimp.5 (B) -> shrimp boat 2. Ruth: lobster not rolled, next
//!   clockwise swordfish was -> /swordfish.12, /swordfish.11. Shared swordfish: Ann
//!   swordfish.1; Ruth /swordfish.10. Income 1: coin.8 is crossed off, the coin lands on
//!   box 9: c8 (the star at 8 is lost for good).
//!   Town roll wharf wharf lobster. Ann picks lobster: lobster.2 (L) -> lobster L1. Ruth:
//!   no harbor -> wharf, token on salvage_yard -> /salvage_yard.2, /salvage_yard.1 (wiped
//!   out in one pick). Shared wharf: Ann bait_shop.2 -> bait shop complete. Ruth: salvage
//!   yard and bait shop have no open box -> next clockwise canning_co: /canning_co.2.
//!   Tokens: lobster -> swordfish, research_vessel -> barge, salvage_yard -> canning_co
//!   (the bait shop, with no open box, is skipped).
//! R4 (Ruth first; swordfish / barge / canning_co), fishing. Boat roll swordfish shrimp
//!   shrimp. Ruth: swordfish (token) -> /swordfish.9 (B), /swordfish.8 (L). Ann picks
//!   shrimp: shrimp.6 (?) -> license: shrimp L2, second license +2 (boxes 10-11), c10.
//!   Shared shrimp: one box left, shrimp.7, and Ruth goes first: /shrimp.7. Ann has no box
//!   to mark; her only use is coins, 2 with the bait shop: boxes 12, 13*, c12; star ->
//!   canning_co.1: the canning co is complete although Ruth crossed its circle (.2).
//!   Income 1 + lobster 1 + canning co 0 (no full boat) = 2: c14. Fishing: shrimp boats
//!   [2, 1]; oyster boat 1: 2 fish [3]. Fish 6.
//!   Town roll wharf market swordfish. Ruth: no harbor -> wharf; the token's canning co has
//!   no open box -> next clockwise smokehouse: /smokehouse.2, /smokehouse.1. Ann picks
//!   swordfish: swordfish.2 (L) -> swordfish L1. Shared market: Ruth first crosses Ann's
//!   next star, /coin.18; Ann 6 fish -> 2 (boxes 16-17), c16.
//!   Tokens: swordfish -> oyster, barge -> inuit, canning_co -> fishermans_pub (the
//!   smokehouse has no open box: skipped).
//! R5 (Ann first; oyster / inuit / fishermans_pub). Boat roll coins coins shrimp.
//!   Ann picks shrimp, shrimp L2 as swordfish: swordfish.3 (B) -> swordfish boat 1, and the
//!   L2 star action -> swordfish.4. Ruth: only 3-coins dice are left, her joker: one box of
//!   her token's column, /oyster.11. Shared 3 coins: Ann boxes 19-21 (18 crossed), c19;
//!   Ruth's joker again /oyster.10. Income 2: c21.
//!   Town roll harbor harbor lobster. Ann picks harbor: king_crab.2 (O) -> king crab license
//!   and bonus "2 VP per license". Ruth: the other harbor die, token on inuit -> /inuit.5
//!   (a circle), /inuit.4. Shared lobster: Ann lobster.3 (B) -> lobster boat 1; Ruth
//!   /lobster.11.
//!   Tokens: oyster -> cod (the shrimp column, full since R4, is skipped), inuit ->
//!   king_crab, fishermans_pub -> seafood_buffet.
//! R6 (Ruth first; cod / king_crab / seafood_buffet), fishing. Boat roll cod oyster oyster.
//!   Ruth: cod (token) -> /cod.10, /cod.9. Ann picks oyster: oyster.4. Shared oyster: Ruth
//!   first /oyster.9 (B); Ann oyster.5 (B) -> oyster boat 2. Income 2: boxes 24*, 25, c23;
//!   star -> king_crab.3. Fishing: shrimp [3 (full), 2], lobster [1], swordfish [1]; oyster
//!   boat 1: 2 fish [5]; oyster boat 2: 1 fish + 1 coin [1], c24. Swordfish L1 star ->
//!   king_crab.4 (O) -> king crab boat 1 (no cod license yet). Fish 13.
//!   Town roll market market shrimp. Ruth: no harbor, no wharf; the boat die is shrimp,
//!   which has no open box, and no 3 coins -> the market die: /coin.30. Ann picks shrimp,
//!   shrimp L2 as cod: cod.1, star -> cod.2 (L) -> cod L1. Shared market: Ruth first, 30 is
//!   gone, /coin.36; Ann 13 fish -> 3 (boxes 27-29), c27.
//!   Tokens: cod -> lobster, king_crab -> captains_club, seafood_buffet -> casino.
//! R7 (Ann first; lobster / captains_club / casino). Boat roll swordfish swordfish cod.
//!   Ann picks cod: cod.3 (B) -> cod boat 1, cod L1 +1 (box 31, 30 crossed), c28. Ruth:
//!   lobster not rolled -> swordfish: /swordfish.7, /swordfish.6, leaving one box, .5.
//!   Shared swordfish: Ann goes first and takes it: swordfish.5 (B) -> swordfish boat 2,
//!   +1 c29; Ruth finds nothing open and passes. Income 1 + 1 + canning co 1 (shrimp boat 1
//!   full) = 3: c32.
//!   Town roll harbor wharf coins. Ann picks the 3 coins: boxes 37-39 (36 crossed), c35.
//!   Ruth: harbor, token on captains_club -> /captains_club.3, /captains_club.2. Shared
//!   wharf: Ann casino.1; Ruth /casino.2 -> every casino box is filled and one is Ann's:
//!   the casino is complete.
//!   Tokens: lobster -> oyster (swordfish, full now, is skipped), captains_club ->
//!   research_vessel, casino -> amas_bank.
//! R8 (Ruth first; oyster / research_vessel / amas_bank), fishing. Boat roll shrimp cod
//!   lobster. Ruth: oyster not rolled; shrimp rolled but with no open box, skipped; cod ->
//!   /cod.8, /cod.7. Ann picks shrimp, as lobster: lobster.4, star -> lobster.5 (B) ->
//!   lobster boat 2, +1 c36. Shared lobster: Ruth first /lobster.10; Ann lobster.6 (?) ->
//!   boat: lobster boat 3, +1 c37. Income 1 + 1 + 1 (one full boat) = 3: boxes 42, 43*, 44,
//!   c40; star -> oyster.6 (?) -> boat: oyster boat 3, +1 c41. Fishing: shrimp boat 1 full;
//!   shrimp 2 [3], cod [1], lobster [2, 1, 1], swordfish [2, 1], king crab [1]; oyster boat
//!   1 has room for one fish only: 1 fish + 1 coin [6], c42; oyster boat 2: 2 fish [3];
//!   oyster boat 3: 1 fish + 1 coin [1], c43. Swordfish L1 star -> inuit.1 (O) -> Inuit boat
//!   1, +1 c44. Fish 25.
//!   Town roll harbor market coins. Ruth: harbor, token on research_vessel ->
//!   /research_vessel.6, /research_vessel.5. Ann picks market, casino reroll -> wharf:
//!   amas_bank.1. Shared 3 coins: Ruth first, her joker on her token's column, /oyster.8;
//!   Ann 3 coins: boxes 49, 50*, 51, c47; star -> amas_bank.2.
//!
//! # Final sums
//! FISH 25: shrimp 3+3, cod 1, lobster 2+1+1, swordfish 2+1, oyster 6+3+1, king crab 1.
//! BOATS 27: shrimp 1+1, cod 1, lobster 2+2+3, swordfish 2+3, oyster 2+3+3, king crab 2,
//! Inuit 2. LICENSES 5: king crab (no level 3). BUILDINGS 9: casino 2 + Ama's bank 2 boxes
//! 4 + bait shop 2 + canning co 1 (salvage yard and smokehouse crossed off whole: 0).
//! BONUS 10: licenses shrimp 2 + cod 1 + lobster 1 + swordfish 1 + oyster 1 + king crab 1 =
//! 7, 14 VP capped at 10. TOTAL 76: rating 75-84, "O Captain! My Captain!".

use crate::common::{coin_notices, deckhand, repo, row, sheet_lines};

const ANSWERS: &str = "solo.answers";

const CSV: &str = "rank,shared,player,fish,boats,licenses,buildings,bonus,total\n\
                   1,false,Ann,25,27,5,9,10,76\n";

const RATING: &str = "Solo rating against Captain Ruth: 76 points — O Captain! My Captain!";

/// Ann's sheet at the end, by hand (comments and blank lines of the written file dropped).
const ANN_SHEET: &str = r#"game = "fleet-dice"
player = "Ann"
solo = true
king_crab_bonus = "per_license"
[marks]
shrimp = "x x x x x x / / / / / /"
shrimp_license = "x x ."
shrimp_boat = "x x . ."
cod = "x x x . . . / / / / / /"
cod_license = "x . ."
cod_boat = "x . . ."
lobster = "x x x x x x . . . / / /"
lobster_license = "x . ."
lobster_boat = "x x x ."
swordfish = "x x x x x / / / / / / /"
swordfish_license = "x . ."
swordfish_boat = "x x . ."
oyster = "x x x x x x . / / / / /"
oyster_license = "x . ."
oyster_boat = "x x x ."
king_crab = "x x x x . ."
captains_club = ". / / / /"
research_vessel = ". . . . / /"
barge = ". . ."
inuit = "x . . / /"
casino = "x /"
amas_bank = "x x . . . ."
seafood_buffet = ". ."
salvage_yard = "/ /"
fishermans_pub = ". . . . ."
bait_shop = "x x"
smokehouse = "/ /"
canning_co = "x /"
buffet_hex = ". . . . ."
salvage_star = ". . ."
coin = "x x x x x x x / x x x x x x x x x / x x x x x x x x x x x / x x x x x / x x x x x x x x x x x x x x x . . . . . . . . ."
[fish]
shrimp_boat = [3, 3]
cod_boat = [1]
lobster_boat = [2, 1, 1]
swordfish_boat = [2, 1]
oyster_boat = [6, 3, 1]
king_crab = [1]
research_vessel = []
barge = []
inuit = []
"#;

/// Every line about Captain Ruth, in order, from the working above: each pick with its
/// reason, each use of the shared die, each token move.
const RUTH: &[&str] = &[
    // R1: her token's type; the boat die before the market; the shared market's star.
    "Ruth takes shrimp (token on shrimp): crosses shrimp 12 and shrimp 11",
    "Ruth uses the shared shrimp: crosses shrimp 10",
    "Ruth takes shrimp (token on shrimp): crosses shrimp 9 and shrimp 8",
    "Ruth uses the shared market die: crosses coin track 8 (you lose that star)",
    "Ruth's tokens move: shrimp → cod, king crab → captain's club, casino → Ama's bank",
    // R2: harbor before wharf and boat die.
    "Ruth takes cod (token on cod): crosses cod 12 and cod 11",
    "Ruth uses the shared oyster: crosses oyster 12",
    "Ruth takes the harbor die (harbor token on captain's club): crosses captain's club 5 and captain's club 4",
    "Ruth uses the shared lobster: crosses lobster 12",
    "Ruth's tokens move: cod → lobster, captain's club → research vessel, Ama's bank → salvage yard",
    // R3: next clockwise type; wharf before the boat die; a token skips the full bait shop.
    "Ruth takes swordfish (token on lobster, next clockwise rolled): crosses swordfish 12 and swordfish 11",
    "Ruth uses the shared swordfish: crosses swordfish 10",
    "Ruth takes the wharf die (wharf token on salvage yard): crosses salvage yard 2 and salvage yard 1",
    "Ruth uses the shared wharf die: crosses Ridback canning co. 2",
    "Ruth's tokens move: lobster → swordfish, research vessel → barge, salvage yard → Ridback canning co.",
    // R4: Ruth first on the last shrimp box; wharf past a full building; market star.
    "Ruth takes swordfish (token on swordfish): crosses swordfish 9 and swordfish 8",
    "Ruth uses the shared shrimp: crosses shrimp 7",
    "Ruth takes the wharf die (wharf token on Ridback canning co., full; next clockwise smokehouse): crosses smokehouse 2 and smokehouse 1",
    "Ruth uses the shared market die: crosses coin track 18 (you lose that star)",
    "Ruth's tokens move: swordfish → oyster, barge → Inuit, Ridback canning co. → fisherman's pub",
    // R5: the joker, picked and shared.
    "Ruth takes 3 coins, her joker (oyster token): crosses oyster 11",
    "Ruth uses the shared 3 coins, her joker: crosses oyster 10",
    "Ruth takes the harbor die (harbor token on Inuit): crosses Inuit 5 and Inuit 4",
    "Ruth uses the shared lobster: crosses lobster 11",
    "Ruth's tokens move: oyster → cod, Inuit → king crab, fisherman's pub → seafood buffet",
    // R6: a boat die with no open box is passed over for the market.
    "Ruth takes cod (token on cod): crosses cod 10 and cod 9",
    "Ruth uses the shared oyster: crosses oyster 9",
    "Ruth takes the market die: she crosses your next star: crosses coin track 30 (you lose that star)",
    "Ruth uses the shared market die: crosses coin track 36 (you lose that star)",
    "Ruth's tokens move: cod → lobster, king crab → captain's club, seafood buffet → casino",
    // R7: Ann first on the last swordfish box; Ruth's crossing fills the casino.
    "Ruth takes swordfish (token on lobster, next clockwise rolled): crosses swordfish 7 and swordfish 6",
    "Ruth uses the shared swordfish: nothing open, she passes",
    "Ruth takes the harbor die (harbor token on captain's club): crosses captain's club 3 and captain's club 2",
    "Ruth uses the shared wharf die: crosses casino 2",
    "Ruth's tokens move: lobster → oyster, captain's club → research vessel, casino → Ama's bank",
    // R8: the full shrimp column skipped for cod; the shared joker.
    "Ruth takes cod (token on oyster, next clockwise rolled): crosses cod 8 and cod 7",
    "Ruth uses the shared lobster: crosses lobster 10",
    "Ruth takes the harbor die (harbor token on research vessel): crosses research vessel 6 and research vessel 5",
    "Ruth uses the shared 3 coins, her joker: crosses oyster 8",
];

/// Every coin Ann earns, in order, as (coins earned, coins on the track afterwards).
const ANN_COINS: &[(u32, u32)] = &[
    (1, 1),  // R1 income
    (2, 3),  // R1 market, 0 fish
    (2, 5),  // R1 shared market, * at 4
    (1, 6),  // R2 income
    (1, 7),  // R2 oyster coin
    (1, 8),  // R3 income, on box 9 (coin.8 crossed)
    (2, 10), // R4 shrimp L2, second license
    (2, 12), // R4 shared shrimp as coins with the bait shop, * at 13
    (2, 14), // R4 income, lobster L1
    (2, 16), // R4 shared market, 6 fish (coin.18 crossed just before)
    (3, 19), // R5 shared 3 coins, past the crossed coin.18
    (2, 21), // R5 income
    (2, 23), // R6 income, * at 24
    (1, 24), // R6 oyster coin
    (3, 27), // R6 shared market, 13 fish
    (1, 28), // R7 cod boat 1, cod L1
    (1, 29), // R7 swordfish boat 2
    (3, 32), // R7 income with the canning co (1 full boat)
    (3, 35), // R7 3 coins, past the crossed coin.36
    (1, 36), // R8 lobster boat 2
    (1, 37), // R8 lobster boat 3
    (3, 40), // R8 income, * at 43
    (1, 41), // R8 oyster boat 3
    (1, 42), // R8 oyster boat 1, room for 1 fish: 1 fish + 1 coin
    (1, 43), // R8 oyster boat 3 coin
    (1, 44), // R8 Inuit boat 1
    (3, 47), // R8 shared 3 coins, * at 50
];

#[test]
fn scripted_solo_game_against_ruth_matches_the_hand_worked_result() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(repo().join("tests/games").join(ANSWERS), dir.path().join(ANSWERS)).unwrap();

    let out = deckhand(dir.path())
        .args(["play", "fleet-dice", "--players", "Ann", "--save", "solo.jsonl", "--answers", ANSWERS])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "stdout:\n{stdout}\nstderr:\n{stderr}");

    // The final table and the rating printed by `play`.
    assert_eq!(row(&stdout, "Ann"), ["1", "Ann", "25", "27", "5", "9", "10", "76"], "{stdout}");
    assert!(stdout.lines().any(|l| l == RATING), "{stdout}");

    // Every Ruth line: her picks with their reasons, her shared dice, her token moves.
    let ruth: Vec<&str> = stderr.lines().filter(|l| l.starts_with("Ruth")).collect();
    assert_eq!(ruth, RUTH, "{stderr}");

    // R4: Ruth took the last shrimp box first, so Ann could only take coins for it.
    assert!(stderr.contains("Ann: use the shared shrimp take 2 coins instead"), "{stderr}");
    // The wharf buildings Ruth had crossed a box of, completed all the same.
    assert!(stderr.contains("Ann: Ridback canning co. complete"), "{stderr}");
    assert!(stderr.contains("Ann: casino complete"), "{stderr}");
    assert!(stderr.contains("Ann: casino reroll: wharf"), "{stderr}");

    // Every coin earned, and the coin track after it (crossed stars hold no coin).
    assert_eq!(coin_notices(&stderr, "Ann"), ANN_COINS);

    // The sheet written at the end, box by box (with Ruth's `/`) and fish by fish.
    let ann = std::fs::read_to_string(dir.path().join("solo-ann.toml")).unwrap();
    assert_eq!(sheet_lines(&ann), sheet_lines(ANN_SHEET), "{ann}");

    // Replaying the save gives the same table; the sheet follows the rules and scores
    // the same.
    deckhand(dir.path()).args(["replay", "solo.jsonl", "--format", "csv"]).assert().success().stdout(CSV);
    deckhand(dir.path()).args(["check", "solo-ann.toml"]).assert().code(0);
    deckhand(dir.path()).args(["score", "--format", "csv", "solo-ann.toml"]).assert().success().stdout(CSV);
}
