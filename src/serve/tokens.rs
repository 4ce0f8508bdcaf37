//! The secrets of a served game: a random token for the game (in the join address) and one
//! per seat (in that seat's address), kept beside the save in `<save>.serve.json` (created
//! exclusively, readable by its owner only) with the address the game was served on, so
//! `resume --serve` brings every page back at the address it knows.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::Error;

/// 128 random bits as 32 hex digits.
pub fn random_token() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Compare a token from a request with ours in time that does not depend on where they
/// differ.
pub fn same(given: &str, ours: &str) -> bool {
    let (a, b) = (given.as_bytes(), ours.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// What `<save>.serve.json` holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tokens {
    pub game: String,
    pub seats: Vec<String>,
    /// The address the game was last served on (`127.0.0.1:7373`).
    pub bind: String,
    /// The seats whose page was given out (claimed on the join page, or opened by its
    /// address): the join page offers them no more, across a restart too, until the host
    /// releases one. Absent in files of earlier versions (nothing taken).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub taken: Vec<usize>,
}

/// Where the tokens of a save live.
pub fn path_for(save: &Path) -> PathBuf {
    let stem = save.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "game".into());
    save.with_file_name(format!("{stem}.serve.json"))
}

fn well_formed(token: &str) -> bool {
    token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
}

impl Tokens {
    /// New tokens for a game of `seats` players.
    pub fn new(seats: usize, bind: String) -> Result<Tokens, Error> {
        let token = || random_token().map_err(|e| Error::Usage(crate::msg!("web.no_random", cause = e.to_string())));
        Ok(Tokens {
            game: token()?,
            seats: (0..seats).map(|_| token()).collect::<Result<_, _>>()?,
            bind,
            taken: vec![],
        })
    }

    /// The tokens kept beside a save, if any. A file that is there but damaged, or made
    /// for another number of seats, is an error (the pages would not find their game).
    pub fn read(save: &Path, seats: usize) -> Result<Option<Tokens>, Error> {
        let path = path_for(save);
        if path.symlink_metadata().is_err() {
            return Ok(None);
        }
        let source = crate::source::read::read_text(&path)?;
        let damaged = || Error::Usage(crate::msg!("web.tokens_damaged", file = path.display()));
        let tokens: Tokens = serde_json::from_str(&source.text).map_err(|_| damaged())?;
        if tokens.seats.len() != seats
            || !well_formed(&tokens.game)
            || !tokens.seats.iter().all(|t| well_formed(t))
            || tokens.taken.iter().any(|s| *s >= seats)
        {
            return Err(damaged());
        }
        Ok(Some(tokens))
    }

    /// Keep the tokens beside the save (never replacing a file).
    pub fn write(&self, save: &Path) -> Result<(), Error> {
        crate::store::files::write_private_new(&path_for(save), &self.text())?;
        Ok(())
    }

    /// Write the seats taken now into the file beside the save (replaced atomically, so
    /// a crash leaves the old list or the new one, never a torn file).
    pub fn write_taken(&self, save: &Path) -> Result<(), Error> {
        Ok(crate::store::files::write_private_atomic(&path_for(save), &self.text())?)
    }

    fn text(&self) -> String {
        let text = serde_json::to_string_pretty(self).expect("tokens serialise");
        format!("{text}\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_hex_and_compared_whole() {
        let (a, b) = (random_token().unwrap(), random_token().unwrap());
        assert!(well_formed(&a) && well_formed(&b));
        assert_ne!(a, b);
        assert!(same(&a, &a.clone()));
        assert!(!same(&a, &b));
        assert!(!same(&a[..31], &a));
        assert!(!same("", &a));
    }

    #[test]
    fn tokens_are_kept_beside_the_save_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("fleet-1.jsonl");
        assert_eq!(Tokens::read(&save, 2).unwrap(), None);
        let t = Tokens::new(2, "127.0.0.1:7373".into()).unwrap();
        t.write(&save).unwrap();
        assert_eq!(Tokens::read(&save, 2).unwrap(), Some(t.clone()));
        assert!(t.write(&save).is_err(), "never replaced");
        assert!(Tokens::read(&save, 3).is_err(), "another number of seats");
        let taken = Tokens { taken: vec![1], ..t.clone() };
        taken.write_taken(&save).unwrap();
        assert_eq!(Tokens::read(&save, 2).unwrap(), Some(taken.clone()));
        let wrong = Tokens { taken: vec![2], ..t.clone() };
        wrong.write_taken(&save).unwrap();
        assert!(Tokens::read(&save, 2).is_err(), "a seat the game does not have");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(path_for(&save)).unwrap().permissions().mode();
            assert_eq!(mode & 0o077, 0, "readable by its owner only");
        }
    }
}
