//! Reading the files a user names: only regular files (a FIFO or a device
//! would hang or never end), and never more than a stated number of bytes,
//! whatever the file's metadata claims.

use std::io::Read;
use std::path::Path;

/// The largest known-failures file we read.
pub const MAX_KNOWN_FAILURES_BYTES: u64 = 8 * 1024 * 1024;
/// The largest report.jsonl we read back (`rulings report`).
pub const MAX_REPORT_BYTES: u64 = 256 * 1024 * 1024;
/// The largest tag registry (`_tags.yml`) we read.
pub const MAX_TAGS_BYTES: u64 = 1024 * 1024;

/// What `rulings check` says of a case file of `len` bytes, over `limit`.
pub fn case_too_big(len: u64, limit: u64) -> String {
    format!("the file is {len} bytes; a case is at most {limit} bytes")
}

/// Why a file could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// The path does not exist.
    NotFound,
    /// It exists but is not a regular file (a folder, FIFO, device, socket).
    NotAFile(&'static str),
    /// It holds more than the limit.
    TooBig { limit: u64 },
    /// Any other input/output error.
    Io(String),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::NotFound => write!(f, "no such file"),
            ReadError::NotAFile(kind) => write!(f, "this is a {kind}, not a regular file"),
            ReadError::TooBig { limit } => write!(f, "the file is larger than {limit} bytes, the most this reads"),
            ReadError::Io(e) => write!(f, "cannot read the file: {e}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// What kind of thing a non-regular file is, in plain words.
fn kind_of(ft: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_fifo() {
            return "FIFO (named pipe)";
        }
        if ft.is_char_device() || ft.is_block_device() {
            return "device";
        }
        if ft.is_socket() {
            return "socket";
        }
    }
    if ft.is_dir() {
        "folder"
    } else {
        "special file"
    }
}

/// Check that `path` (after following symlinks) is a regular file, without
/// opening it (opening a FIFO for reading blocks until a writer comes).
pub fn regular_file(path: &Path) -> Result<std::fs::Metadata, ReadError> {
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => ReadError::NotFound,
        _ => ReadError::Io(e.to_string()),
    })?;
    if !meta.file_type().is_file() {
        return Err(ReadError::NotAFile(kind_of(&meta.file_type())));
    }
    Ok(meta)
}

/// Read a regular file's bytes, at most `limit` of them: a file that turns
/// out larger while it is read (or whose length the metadata understates)
/// is refused all the same.
pub fn read_capped(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let meta = regular_file(path)?;
    if meta.len() > limit {
        return Err(ReadError::TooBig { limit });
    }
    let file = std::fs::File::open(path).map_err(|e| ReadError::Io(e.to_string()))?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1).read_to_end(&mut bytes).map_err(|e| ReadError::Io(e.to_string()))?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooBig { limit });
    }
    Ok(bytes)
}

/// [`read_capped`], as UTF-8 text; a byte-order mark at the start is dropped.
pub fn read_text_capped(path: &Path, limit: u64) -> Result<String, ReadError> {
    let bytes = read_capped(path, limit)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        ReadError::Io(format!("not UTF-8 text (byte {}); save it as UTF-8", e.utf8_error().valid_up_to() + 1))
    })?;
    Ok(strip_bom(text))
}

/// Drop a UTF-8 byte-order mark, which some editors write at the start.
pub fn strip_bom(text: String) -> String {
    match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_not_a_file() {
        let dir = std::env::temp_dir();
        assert_eq!(regular_file(&dir).unwrap_err(), ReadError::NotAFile("folder"));
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_refused_without_reading() {
        assert_eq!(read_capped(Path::new("/dev/zero"), 10).unwrap_err(), ReadError::NotAFile("device"));
    }

    #[test]
    fn bom_is_dropped() {
        assert_eq!(strip_bom("\u{feff}id: x".into()), "id: x");
        assert_eq!(strip_bom("id: x".into()), "id: x");
    }
}
