//! Log layer: files that must survive a crash. Whole-file writes go temp file → fsync →
//! rename, so a reader sees the old file or the new one, never half of one. Games played
//! move by move are append-only journals (`journal`).

use std::fs::{self, File};
use std::io::Write;
use std::path::Path;

use crate::Error;

pub mod journal;
pub use journal::Journal;

/// Replace `path` with `contents` atomically.
pub fn write_atomic(path: &Path, contents: &str) -> Result<(), Error> {
    let err = |source| Error::Write { path: path.display().to_string(), cause: source };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "deckhand".into());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(contents.as_bytes())?;
        f.sync_all()?;
        fs::rename(&tmp, path)?;
        // Make the rename itself durable.
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.map_err(err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_the_file_and_leaves_no_temp_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sheet.toml");
        write_atomic(&path, "one").unwrap();
        write_atomic(&path, "two").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn writing_into_a_missing_folder_is_a_clear_error() {
        let err = write_atomic(Path::new("/nonexistent-dir/x/sheet.toml"), "x").unwrap_err();
        assert!(err.to_string().starts_with("cannot write /nonexistent-dir/x/sheet.toml"), "{err}");
    }
}
