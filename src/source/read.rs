//! Reading files that may come from anyone: only regular files are read (a FIFO or
//! `/dev/zero` named as a sheet would otherwise block or be read forever), never more than
//! `MAX_FILE_BYTES`, as UTF-8 with the line and column of a bad byte. Writing them is the
//! log's (`store::files`).

use std::fs::{File, OpenOptions};
use std::io::Read;
use std::path::Path;

use super::Source;
use crate::Error;

/// The largest file deckhand reads: 16 MiB (a whole game's save is a few dozen kB).
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// What a path names when it is not a regular file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// A folder.
    Directory,
    /// A named pipe (FIFO).
    Fifo,
    /// A block or character device (`/dev/zero`).
    Device,
    /// A Unix socket.
    Socket,
    /// Anything else that is not a regular file.
    Other,
}

impl FileKind {
    /// What the metadata describes.
    pub fn of(meta: &std::fs::Metadata) -> FileKind {
        let ft = meta.file_type();
        if ft.is_dir() {
            return FileKind::Directory;
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if ft.is_fifo() {
                return FileKind::Fifo;
            }
            if ft.is_block_device() || ft.is_char_device() {
                return FileKind::Device;
            }
            if ft.is_socket() {
                return FileKind::Socket;
            }
        }
        FileKind::Other
    }
}

fn read_err(path: &Path, cause: std::io::Error) -> Error {
    Error::Read { path: path.display().to_string(), cause }
}

/// Open an existing regular file. A FIFO is opened without waiting for a writer and then
/// refused, like a directory or a device. `append` opens it for appending as well.
pub(crate) fn open_regular(path: &Path, append: bool) -> Result<File, Error> {
    open_regular_sized(path, append).map(|(file, _)| file)
}

/// `open_regular`, with the file's size when opened.
fn open_regular_sized(path: &Path, append: bool) -> Result<(File, u64), Error> {
    let mut options = OpenOptions::new();
    options.read(true);
    if append {
        options.append(true);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| read_err(path, e))?;
    let meta = file.metadata().map_err(|e| read_err(path, e))?;
    if !meta.is_file() {
        return Err(Error::NotAFile { path: path.display().to_string(), kind: FileKind::of(&meta) });
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(Error::TooLarge { path: path.display().to_string(), limit: MAX_FILE_BYTES });
    }
    #[cfg(unix)]
    {
        // Back to blocking reads and writes, now that it is known to be a regular file.
        use std::os::unix::io::AsRawFd;
        // SAFETY: fcntl on a descriptor this function owns; only the O_NONBLOCK flag changes.
        unsafe {
            let fd = file.as_raw_fd();
            let flags = libc::fcntl(fd, libc::F_GETFL);
            if flags >= 0 {
                libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK);
            }
        }
    }
    Ok((file, meta.len()))
}

/// Read at most `MAX_FILE_BYTES` from `reader` (a file that grew after it was opened, or
/// standard input, cannot make deckhand read forever).
pub(crate) fn read_capped(reader: impl Read, name: &str) -> Result<Vec<u8>, Error> {
    read_capped_sized(reader, name, 0)
}

/// `read_capped` into a buffer made for `size` bytes (and one more, to see the end), so a
/// file is read in one call rather than in growing pieces.
fn read_capped_sized(mut reader: impl Read, name: &str, size: u64) -> Result<Vec<u8>, Error> {
    let mut bytes = Vec::with_capacity(size.min(MAX_FILE_BYTES) as usize + 1);
    reader
        .by_ref()
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|cause| Error::Read { path: name.to_string(), cause })?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Error::TooLarge { path: name.to_string(), limit: MAX_FILE_BYTES });
    }
    Ok(bytes)
}

/// Text from bytes: UTF-8, a byte-order mark at the start dropped. A byte that is not
/// UTF-8 is reported with its line and column.
pub(crate) fn text_of(bytes: Vec<u8>, name: &str) -> Result<String, Error> {
    let text = String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        // The valid prefix is UTF-8, so its lines and characters can be counted.
        let prefix = std::str::from_utf8(valid).unwrap_or_default();
        let line = prefix.matches('\n').count() + 1;
        let column = prefix.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Error::NotUtf8 { path: name.to_string(), line, column }
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// Read a text file (a sheet, a rules file, an answers file, a save): a regular file of at
/// most `MAX_FILE_BYTES`, UTF-8, without its byte-order mark.
pub fn read_text(path: &Path) -> Result<Source, Error> {
    let (file, size) = open_regular_sized(path, false)?;
    let name = path.display().to_string();
    let bytes = read_capped_sized(file, &name, size)?;
    Ok(Source::new(name.clone(), text_of(bytes, &name)?))
}

/// Standard input as text, with the same limits as a file.
pub fn read_stdin(name: &str) -> Result<String, Error> {
    text_of(read_capped(std::io::stdin().lock(), name)?, name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_utf8_says_line_and_column() {
        let err = text_of(b"a = 1\nb = \"x\xff\"\n".to_vec(), "s.toml").unwrap_err();
        assert!(matches!(err, Error::NotUtf8 { line: 2, column: 7, .. }), "{err:?}");
    }

    #[test]
    fn a_byte_order_mark_is_dropped() {
        assert_eq!(text_of(b"\xef\xbb\xbfgame = 1".to_vec(), "s").unwrap(), "game = 1");
    }

    #[cfg(unix)]
    #[test]
    fn special_files_are_refused_without_blocking() {
        let err = read_text(Path::new("/dev/zero")).unwrap_err();
        assert!(matches!(err, Error::NotAFile { kind: FileKind::Device, .. }), "{err:?}");
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: mkfifo with a valid, NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let err = read_text(&fifo).unwrap_err();
        assert!(matches!(err, Error::NotAFile { kind: FileKind::Fifo, .. }), "{err:?}");
        let err = read_text(dir.path()).unwrap_err();
        assert!(matches!(err, Error::NotAFile { kind: FileKind::Directory, .. }), "{err:?}");
    }
}
