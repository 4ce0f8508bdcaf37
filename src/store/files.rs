//! Reading and writing files that may come from anyone: only regular files are read (a FIFO
//! or `/dev/zero` named as a sheet would otherwise block or be read forever), never more
//! than `MAX_FILE_BYTES`; files are written through temporary files created exclusively
//! under unpredictable names in the target folder (a link planted at a predictable name
//! cannot redirect the write), and a sheet never replaces a file that is already there.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use super::StoreError;

// Reading lives in `source::read` (files read are the source layer's); the store's own
// journal reads through the same checks.
use crate::source::read::{open_regular, read_capped};

fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Temporary files are named `.deckhand-XXXXXX.tmp` (random) and locked while they live,
/// so `remove_stale_temps` can tell the leftovers of a killed process from live ones.
const TEMP_PREFIX: &str = ".deckhand-";
const TEMP_SUFFIX: &str = ".tmp";

/// Who may read a file deckhand writes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Access {
    /// As any program's new file: read and write for everyone the umask leaves (0666 less
    /// the umask: 0644 under the usual 022) — saves, sheets, pads, exports.
    Shared,
    /// The owner alone (0600): the served game's seat tokens, which let a phone answer.
    Private,
}

/// A new temporary file beside `path`, created exclusively, locked, and written with
/// `contents` and flushed to disk.
fn temp_beside(path: &Path, contents: &[u8], append: bool, access: Access) -> std::io::Result<tempfile::NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(TEMP_PREFIX).suffix(TEMP_SUFFIX).append(append);
    // A temporary file is the owner's alone (0600); a file meant to be kept is created as
    // `File::create` creates one (the umask applies to the mode asked).
    #[cfg(unix)]
    if access == Access::Shared {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    #[cfg(not(unix))]
    let _ = access;
    let mut temp = builder.tempfile_in(folder_of(path))?;
    // Held until the temporary file is renamed into place or removed.
    let _ = temp.as_file().try_lock();
    temp.write_all(contents)?;
    temp.as_file().sync_all()?;
    Ok(temp)
}

fn sync_folder(path: &Path) {
    if let Ok(d) = File::open(folder_of(path)) {
        let _ = d.sync_all();
    }
}

/// Replace `path` with `contents` atomically: a reader sees the old file or the new one.
/// For a file deckhand owns and rewrites (`enter -o`); a link at `path` is replaced, never
/// followed.
pub fn write_atomic(path: &Path, contents: &str) -> Result<(), StoreError> {
    replace(path, contents, Access::Shared)
}

/// `write_atomic` for a file only its owner may read (the seat tokens).
pub fn write_private_atomic(path: &Path, contents: &str) -> Result<(), StoreError> {
    replace(path, contents, Access::Private)
}

fn replace(path: &Path, contents: &str, access: Access) -> Result<(), StoreError> {
    let err = |cause| StoreError::Write { path: path.display().to_string(), cause };
    let temp = temp_beside(path, contents.as_bytes(), false, access).map_err(err)?;
    temp.persist(path).map_err(|e| err(e.error))?;
    sync_folder(path);
    Ok(())
}

/// Create `path` with `contents`, atomically, never replacing anything: an existing file
/// (or link) at `path` is `StoreError::Exists`.
pub fn write_new(path: &Path, contents: &str) -> Result<File, StoreError> {
    create(path, contents, Access::Shared)
}

/// `write_new` for a file only its owner may read (the seat tokens).
pub fn write_private_new(path: &Path, contents: &str) -> Result<File, StoreError> {
    create(path, contents, Access::Private)
}

fn create(path: &Path, contents: &str, access: Access) -> Result<File, StoreError> {
    let err = |cause| StoreError::Write { path: path.display().to_string(), cause };
    if path.symlink_metadata().is_ok() {
        return Err(StoreError::Exists { path: path.display().to_string() });
    }
    create_in(path, contents.as_bytes(), false, access).map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => StoreError::Exists { path: path.display().to_string() },
        _ => err(e),
    })
}

/// `write_new` returning the open, locked file (in append mode when asked): the save
/// journal keeps it for its appends.
pub(crate) fn create_new(path: &Path, contents: &[u8], append: bool) -> std::io::Result<File> {
    create_in(path, contents, append, Access::Shared)
}

fn create_in(path: &Path, contents: &[u8], append: bool, access: Access) -> std::io::Result<File> {
    let temp = temp_beside(path, contents, append, access)?;
    let file = temp.persist_noclobber(path).map_err(|e| e.error)?;
    sync_folder(path);
    Ok(file)
}

/// Write a sheet at `path`, or, when a different file is already there, at the first free
/// `stem-2.toml`, `stem-3.toml`…: a sheet never replaces a file. A file with the very
/// same content is left as it is. Returns where the sheet is.
pub fn write_sheet(path: &Path, contents: &str) -> Result<PathBuf, StoreError> {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let ext = path.extension().map(|e| format!(".{}", e.to_string_lossy())).unwrap_or_default();
    for n in 1..1000 {
        let candidate = if n == 1 { path.to_path_buf() } else { path.with_file_name(format!("{stem}-{n}{ext}")) };
        if let Ok(meta) = candidate.symlink_metadata() {
            if meta.is_file() && meta.len() == contents.len() as u64 {
                let same = open_regular(&candidate, false)
                    .and_then(|f| read_capped(f, &candidate.display().to_string()))
                    .is_ok_and(|b| b == contents.as_bytes());
                if same {
                    return Ok(candidate);
                }
            }
            continue;
        }
        match write_new(&candidate, contents) {
            Ok(_) => return Ok(candidate),
            Err(StoreError::Exists { .. }) => continue,
            Err(e) => return Err(e),
        }
    }
    Err(StoreError::Exists { path: path.display().to_string() })
}

/// Is `name` a temporary file of deckhand's: today's `.deckhand-XXXXXX.tmp`, or the
/// `.NAME.PID.new` / `.NAME.PID.tmp` of earlier versions?
fn is_temp_name(name: &str) -> bool {
    if name.starts_with(TEMP_PREFIX) && name.ends_with(TEMP_SUFFIX) {
        return true;
    }
    let Some(rest) = name.strip_prefix('.') else { return false };
    let Some(stem) = rest.strip_suffix(".new").or_else(|| rest.strip_suffix(".tmp")) else { return false };
    match stem.rsplit_once('.') {
        Some((file, pid)) => !file.is_empty() && !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()),
        None => false,
    }
}

/// Remove the temporary files a killed deckhand left in `folder` (for a save or a sheet
/// being written there). A temporary file still locked belongs to a live process and is
/// kept; links and anything but regular files are never touched.
pub fn remove_stale_temps(folder: &Path) {
    let Ok(entries) = std::fs::read_dir(folder) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if !is_temp_name(name) {
            continue;
        }
        let path = entry.path();
        if !path.symlink_metadata().is_ok_and(|m| m.is_file()) {
            continue;
        }
        let mut options = OpenOptions::new();
        options.read(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
        }
        let Ok(file) = options.open(&path) else { continue };
        if file.try_lock().is_ok() {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// A lock on a file deckhand rewrites whole (a sheet `enter -o` writes section by
/// section): `.NAME.lock` beside it, held while the value lives, removed afterwards.
pub struct SideLock {
    path: PathBuf,
    _file: File,
}

impl SideLock {
    /// Take the lock for `target`, or `StoreError::Locked` when another process holds it.
    pub fn acquire(target: &Path) -> Result<SideLock, StoreError> {
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let path = target.with_file_name(format!(".{name}.lock"));
        let err = |cause| StoreError::Write { path: path.display().to_string(), cause };
        loop {
            let mut options = OpenOptions::new();
            options.read(true).write(true).create(true).truncate(false);
            #[cfg(unix)]
            {
                use std::os::unix::fs::OpenOptionsExt;
                options.custom_flags(libc::O_NOFOLLOW);
            }
            let file = options.open(&path).map_err(err)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(std::fs::TryLockError::WouldBlock) => {
                    return Err(StoreError::Locked { path: target.display().to_string() })
                }
                Err(std::fs::TryLockError::Error(e)) => return Err(err(e)),
            }
            // The holder before us may have removed the file between our open and our lock:
            // then the lock is on a file nobody else can find, so take it again.
            if same_file(&file, &path) {
                return Ok(SideLock { path, _file: file });
            }
        }
    }
}

impl Drop for SideLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), path.symlink_metadata()) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_file: &File, path: &Path) -> bool {
    path.exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file meant to be kept gets the mode any program's new file gets (0666 less the
    /// umask), not the temporary file's 0600 (a printed pad or an exported sheet could not be
    /// read by the rest of a club's machine); the seat tokens stay the owner's alone.
    #[cfg(target_os = "linux")]
    #[test]
    fn kept_files_follow_the_umask_and_the_tokens_stay_private() {
        use std::os::unix::fs::PermissionsExt;
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let umask = status.lines().find_map(|l| l.strip_prefix("Umask:")).map(|u| u.trim()).unwrap();
        let umask = u32::from_str_radix(umask, 8).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let mode = |name: &str| std::fs::metadata(dir.path().join(name)).unwrap().permissions().mode() & 0o777;
        write_atomic(&dir.path().join("a.toml"), "a").unwrap();
        write_new(&dir.path().join("b.pdf"), "b").unwrap();
        create_new(&dir.path().join("c.jsonl"), b"c", true).unwrap();
        write_sheet(&dir.path().join("d.toml"), "d").unwrap();
        for name in ["a.toml", "b.pdf", "c.jsonl", "d.toml"] {
            assert_eq!(mode(name), 0o666 & !umask, "{name}");
        }
        write_private_new(&dir.path().join("t.tokens"), "t").unwrap();
        write_private_atomic(&dir.path().join("u.tokens"), "u").unwrap();
        assert_eq!((mode("t.tokens"), mode("u.tokens")), (0o600, 0o600));
    }

    #[test]
    fn atomic_write_replaces_the_file_and_leaves_no_temp_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sheet.toml");
        write_atomic(&path, "one").unwrap();
        write_atomic(&path, "two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn writing_into_a_missing_folder_is_a_clear_error() {
        let err = write_atomic(Path::new("/nonexistent-dir/x/sheet.toml"), "x").unwrap_err();
        assert!(err.to_string().starts_with("cannot write /nonexistent-dir/x/sheet.toml"), "{err}");
    }

    #[test]
    fn a_sheet_never_replaces_a_file_and_picks_the_next_free_name() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g-ann.toml");
        std::fs::write(&path, "notes").unwrap();
        assert_eq!(write_sheet(&path, "sheet").unwrap(), dir.path().join("g-ann-2.toml"));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "notes");
        // The same sheet again is found where it is.
        assert_eq!(write_sheet(&path, "sheet").unwrap(), dir.path().join("g-ann-2.toml"));
        assert_eq!(write_sheet(&path, "other").unwrap(), dir.path().join("g-ann-3.toml"));
    }

    #[cfg(unix)]
    #[test]
    fn a_planted_link_is_replaced_or_refused_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "secret").unwrap();
        let link = dir.path().join("g-ann.toml");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        assert!(matches!(write_new(&link, "sheet"), Err(StoreError::Exists { .. })));
        write_atomic(&link, "sheet").unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "secret");
        assert!(link.symlink_metadata().unwrap().is_file());
    }

    #[test]
    fn temp_names_old_and_new() {
        assert!(is_temp_name(".deckhand-a8Xk2q.tmp"));
        assert!(is_temp_name(".g.jsonl.1234.new"));
        assert!(is_temp_name(".g-x.toml.99.tmp"));
        assert!(!is_temp_name(".g.jsonl.new"));
        assert!(!is_temp_name("g.jsonl.12.new"));
        assert!(!is_temp_name(".bashrc"));
    }

    #[test]
    fn stale_temps_are_removed_and_live_ones_kept() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(".g.jsonl.4242.new"), "x").unwrap();
        std::fs::write(dir.path().join(".deckhand-abc.tmp"), "x").unwrap();
        std::fs::write(dir.path().join("keep.toml"), "x").unwrap();
        let live = dir.path().join(".deckhand-live.tmp");
        let held = File::create(&live).unwrap();
        held.try_lock().unwrap();
        remove_stale_temps(dir.path());
        let mut left: Vec<String> =
            std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        left.sort();
        assert_eq!(left, vec![".deckhand-live.tmp", "keep.toml"]);
    }

    #[test]
    fn side_lock_is_exclusive_and_released() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("ann.toml");
        let lock = SideLock::acquire(&target).unwrap();
        assert!(matches!(SideLock::acquire(&target), Err(StoreError::Locked { .. })));
        drop(lock);
        let _again = SideLock::acquire(&target).unwrap();
    }
}
