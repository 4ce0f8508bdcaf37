//! Reading files that may come from anyone: only regular files are read (a FIFO or
//! `/dev/zero` named as a sheet would otherwise block or be read forever), never more than
//! `MAX_FILE_BYTES`, as UTF-8 with the line and column of a bad byte (a `ReadError`
//! otherwise). Writing files is the store's (`store::files`).

use std::fs::{File, OpenOptions};
use std::io::Read;
use std::path::Path;

use super::Source;

/// The largest file deckhand reads: 16 MiB (a whole game's save is a few dozen kB).
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Why a file (or standard input) could not be read as text: the reading layer's error. Its
/// words are the text layer's (`text::error`); `Display` there is English.
#[derive(Debug)]
pub enum ReadError {
    // The io error is part of the message, not a `source`, so `{:#}` does not repeat it.
    /// The operating system refused or failed.
    Io {
        /// The file as the user named it.
        path: String,
        /// The operating system's error.
        cause: std::io::Error,
    },
    /// Not UTF-8 text: the first invalid byte.
    NotUtf8 {
        /// The file as the user named it.
        path: String,
        /// 1-based line of the first invalid byte.
        line: usize,
        /// 1-based column (in characters) of the first invalid byte.
        column: usize,
    },
    /// A path that names something other than a regular file (a folder, a FIFO, …).
    NotAFile {
        /// The path as the user named it.
        path: String,
        /// What the path names instead.
        kind: FileKind,
    },
    /// A file larger than deckhand reads (`MAX_FILE_BYTES`).
    TooLarge {
        /// The file as the user named it.
        path: String,
        /// The most bytes deckhand reads from one file.
        limit: u64,
    },
}

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

fn read_err(path: &Path, cause: std::io::Error) -> ReadError {
    ReadError::Io { path: path.display().to_string(), cause }
}

/// Open an existing regular file. A FIFO is opened without waiting for a writer and then
/// refused, like a directory or a device. `append` opens it for appending as well.
pub(crate) fn open_regular(path: &Path, append: bool) -> Result<File, ReadError> {
    open_regular_sized(path, append).map(|(file, _)| file)
}

/// `open_regular`, with the file's size when opened.
fn open_regular_sized(path: &Path, append: bool) -> Result<(File, u64), ReadError> {
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
        return Err(ReadError::NotAFile { path: path.display().to_string(), kind: FileKind::of(&meta) });
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(ReadError::TooLarge { path: path.display().to_string(), limit: MAX_FILE_BYTES });
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
pub(crate) fn read_capped(reader: impl Read, name: &str) -> Result<Vec<u8>, ReadError> {
    read_capped_sized(reader, name, 0)
}

/// `read_capped` into a buffer made for `size` bytes (and one more, to see the end), so a
/// file is read in one call rather than in growing pieces.
fn read_capped_sized(mut reader: impl Read, name: &str, size: u64) -> Result<Vec<u8>, ReadError> {
    let mut bytes = Vec::with_capacity(size.min(MAX_FILE_BYTES) as usize + 1);
    reader
        .by_ref()
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|cause| ReadError::Io { path: name.to_string(), cause })?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(ReadError::TooLarge { path: name.to_string(), limit: MAX_FILE_BYTES });
    }
    Ok(bytes)
}

/// Text from bytes: UTF-8, a byte-order mark at the start dropped. A byte that is not
/// UTF-8 is reported with its line and column.
pub(crate) fn text_of(bytes: Vec<u8>, name: &str) -> Result<String, ReadError> {
    let text = String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        // The valid prefix is UTF-8, so its lines and characters can be counted.
        let prefix = std::str::from_utf8(valid).unwrap_or_default();
        let line = prefix.matches('\n').count() + 1;
        let column = prefix.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        ReadError::NotUtf8 { path: name.to_string(), line, column }
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// Read a text file (a sheet, a rules file, an answers file, a save): a regular file of at
/// most `MAX_FILE_BYTES`, UTF-8, without its byte-order mark.
pub fn read_text(path: &Path) -> Result<Source, ReadError> {
    let (file, size) = open_regular_sized(path, false)?;
    let name = path.display().to_string();
    let bytes = read_capped_sized(file, &name, size)?;
    Ok(Source::new(name.clone(), text_of(bytes, &name)?))
}

/// Standard input as text, with the same limits as a file.
pub fn read_stdin(name: &str) -> Result<String, ReadError> {
    text_of(read_capped(std::io::stdin().lock(), name)?, name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_utf8_says_line_and_column() {
        let err = text_of(b"a = 1\nb = \"x\xff\"\n".to_vec(), "s.toml").unwrap_err();
        assert!(matches!(err, ReadError::NotUtf8 { line: 2, column: 7, .. }), "{err:?}");
    }

    #[test]
    fn a_byte_order_mark_is_dropped() {
        assert_eq!(text_of(b"\xef\xbb\xbfgame = 1".to_vec(), "s").unwrap(), "game = 1");
    }

    #[cfg(unix)]
    #[test]
    fn special_files_are_refused_without_blocking() {
        let err = read_text(Path::new("/dev/zero")).unwrap_err();
        assert!(matches!(err, ReadError::NotAFile { kind: FileKind::Device, .. }), "{err:?}");
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: mkfifo with a valid, NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let err = read_text(&fifo).unwrap_err();
        assert!(matches!(err, ReadError::NotAFile { kind: FileKind::Fifo, .. }), "{err:?}");
        let err = read_text(dir.path()).unwrap_err();
        assert!(matches!(err, ReadError::NotAFile { kind: FileKind::Directory, .. }), "{err:?}");
    }
}
