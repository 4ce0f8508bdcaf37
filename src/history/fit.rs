//! What may enter the history: the checks `play` makes of the players' names
//! (`players::check_name`) and of `--location`, and bounds on the other texts of a play,
//! applied to every play wherever it comes from — a live game, `score --record`, an import
//! of a save, of another history's database or of an export (`players rename` checks its
//! new name as `play` does). So whatever the history holds, its export imports again.

use super::{ExportField, PlayRecord};
use crate::players::{check_name, NameProblem};

/// The longest location (characters), as `--location` takes it.
pub const MAX_LOCATION: usize = 100;

/// The most players a play may have.
pub const MAX_SEATS: usize = 12;

/// Why a play (or a name) cannot enter the history. Nothing of the play is recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unfit {
    /// No players, or more than `MAX_SEATS`.
    Players {
        /// How many the play has.
        n: usize,
    },
    /// A player's name, as `play` refuses it: empty, a control character, too long, or
    /// one player named twice (without case).
    Name(NameProblem),
    /// The location is empty, holds a control character or is longer than `MAX_LOCATION`.
    Location,
    /// Another text of the play (its game, game name, deal, hash or a category) is empty,
    /// holds a control character or is longer than `max` characters.
    Text {
        /// Which text, as an export names it.
        field: ExportField,
        /// Its most characters.
        max: usize,
    },
    /// The start player is not one of the play's seats (0-based, as stored).
    StartPlayer {
        /// The seat given.
        seat: usize,
    },
}

/// A location as `--location` takes it: trimmed, 1 to `MAX_LOCATION` characters, no
/// control character.
pub fn location(text: &str) -> Result<&str, Unfit> {
    let place = text.trim();
    if place.is_empty() || place.chars().count() > MAX_LOCATION || place.chars().any(char::is_control) {
        return Err(Unfit::Location);
    }
    Ok(place)
}

fn text(field: ExportField, value: &str, max: usize) -> Result<(), Unfit> {
    if value.trim().is_empty() || value.chars().count() > max || value.chars().any(char::is_control) {
        return Err(Unfit::Text { field, max });
    }
    Ok(())
}

/// Whether `play` may enter the history.
pub fn play(play: &PlayRecord) -> Result<(), Unfit> {
    let n = play.players.len();
    if n == 0 || n > MAX_SEATS {
        return Err(Unfit::Players { n });
    }
    for (i, p) in play.players.iter().enumerate() {
        let name = p.name.trim();
        check_name(i + 1, name).map_err(Unfit::Name)?;
        let key = super::player_key(name);
        if let Some(first) = play.players[..i].iter().find(|o| super::player_key(&o.name) == key) {
            return Err(Unfit::Name(NameProblem::Same { first: first.name.trim().into(), second: name.into() }));
        }
        for (category, _) in &p.categories {
            text(ExportField::Category, category, 100)?;
        }
    }
    if let Some(seat) = play.start_player.filter(|s| *s >= n) {
        return Err(Unfit::StartPlayer { seat });
    }
    if let Some(place) = &play.location {
        location(place)?;
    }
    text(ExportField::Game, &play.game_id, 100)?;
    text(ExportField::GameName, &play.game_name, 200)?;
    if let Some(deal) = &play.deal {
        text(ExportField::Text, deal, 200)?;
    }
    if let Some(hash) = &play.save_hash {
        text(ExportField::Hash, hash, 128)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::{Date, Outcome, PlaySource, PlayerRecord};

    fn with(names: &[&str], location: Option<&str>) -> PlayRecord {
        PlayRecord {
            game_id: "fleet-dice".into(),
            game_name: "Fleet".into(),
            bgg_id: None,
            started_at: None,
            utc_offset: 0,
            night: Date::from_days(20_000),
            duration_s: None,
            source: PlaySource::Paper,
            players: names
                .iter()
                .map(|n| PlayerRecord {
                    name: n.to_string(),
                    score: Some(1),
                    rank: Some(1),
                    winner: true,
                    categories: vec![],
                })
                .collect(),
            start_player: None,
            rules_fingerprint: "0".into(),
            save_hash: None,
            outcome: Outcome::Ranked,
            location: location.map(str::to_string),
            deal: None,
        }
    }

    #[test]
    fn the_names_and_locations_play_takes_and_nothing_else() {
        assert_eq!(play(&with(&["Ann", " Bob "], Some("Table 3"))), Ok(()));
        assert_eq!(play(&with(&[&"é".repeat(32)], Some(&"ü".repeat(100)))), Ok(()));
        assert_eq!(play(&with(&[], None)), Err(Unfit::Players { n: 0 }));
        assert_eq!(play(&with(&["A"; 13], None)), Err(Unfit::Players { n: 13 }));
        assert_eq!(play(&with(&["Ann", " "], None)), Err(Unfit::Name(NameProblem::Empty { seat: 2 })));
        assert_eq!(play(&with(&["Ann\nB"], None)), Err(Unfit::Name(NameProblem::Control { seat: 1 })));
        assert_eq!(play(&with(&["\u{7}"], None)), Err(Unfit::Name(NameProblem::Control { seat: 1 })));
        assert_eq!(
            play(&with(&[&"x".repeat(33)], None)),
            Err(Unfit::Name(NameProblem::TooLong { seat: 1, chars: 33 }))
        );
        assert_eq!(
            play(&with(&["Ann", "ANN "], None)),
            Err(Unfit::Name(NameProblem::Same { first: "Ann".into(), second: "ANN".into() }))
        );
        assert_eq!(play(&with(&["Ann"], Some(&"y".repeat(101)))), Err(Unfit::Location));
        assert_eq!(play(&with(&["Ann"], Some("a\u{1b}b"))), Err(Unfit::Location));
        assert_eq!(play(&with(&["Ann"], Some("  "))), Err(Unfit::Location));
        assert_eq!(
            play(&PlayRecord { start_player: Some(1), ..with(&["Ann"], None) }),
            Err(Unfit::StartPlayer { seat: 1 })
        );
        assert_eq!(
            play(&PlayRecord { game_id: "x\u{0}".into(), ..with(&["Ann"], None) }),
            Err(Unfit::Text { field: ExportField::Game, max: 100 })
        );
        assert_eq!(location("  Table 3 "), Ok("Table 3"));
    }
}
