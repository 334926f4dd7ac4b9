//! Writing a file the runner made (a report, a matrix) or rewrites (a case
//! by `fmt`, the known failures by `--update-known-failures`), atomically
//! and without harm to what was there (its mode, its links, an edit made meanwhile).
//!
//! The new text goes to a temporary file beside the old one, created
//! exclusively under an unpredictable name (a file or a symbolic link
//! planted beside it is never opened), then renamed over the old one. A
//! file rewritten keeps what it was: its permissions and owner; a symbolic
//! link named is written through (the link stays, its target gets the new
//! text, as an editor does); a file with other hard links is written in
//! place, so that the links are not split; and a file changed since it
//! was read is left alone, with an error.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Write `text` to `path` atomically: a temporary file beside it, then a
/// rename. For a file the runner owns whole (a report); a file a person
/// edits is rewritten with [`replace`].
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let tmp = stage(path, text)?;
    tmp.persist(path).map(drop).map_err(|e| e.error)
}

/// The new text in a temporary file beside `path`, created exclusively
/// with an unpredictable name, written and synced; removed when dropped
/// unless persisted. Its permissions are a new file's (0666 less the
/// umask, as `File::create` gives), not a temporary file's 0600.
pub fn stage(path: &Path, text: &str) -> std::io::Result<tempfile::NamedTempFile> {
    stage_as(path, text, None)
}

/// [`stage`], the file created with `permissions` (less the umask) when
/// given: a rewrite is never more open than the file it replaces.
fn stage_as(
    path: &Path,
    text: &str,
    permissions: Option<std::fs::Permissions>,
) -> std::io::Result<tempfile::NamedTempFile> {
    let dir = folder_of(path);
    std::fs::create_dir_all(dir)?;
    let name = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(permissions.unwrap_or_else(|| std::fs::Permissions::from_mode(0o666)));
    }
    #[cfg(not(unix))]
    let _ = permissions;
    let mut tmp = builder.tempfile_in(dir)?;
    tmp.write_all(text.as_bytes())?;
    tmp.as_file().sync_all()?;
    Ok(tmp)
}

fn folder_of(path: &Path) -> &Path {
    path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// Why a file was not rewritten; it is left as it was.
#[derive(Debug)]
pub enum ReplaceError {
    /// Its text is not what was read: someone edited it meanwhile.
    Changed,
    Io(std::io::Error),
}

impl std::fmt::Display for ReplaceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplaceError::Changed => write!(f, "the file was changed since it was read; run again to rewrite it"),
            ReplaceError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl From<std::io::Error> for ReplaceError {
    fn from(e: std::io::Error) -> ReplaceError {
        ReplaceError::Io(e)
    }
}

/// Rewrite the file at `path`, read as `before`, with `after`, keeping
/// what it was (see the module's documentation). A file that does not
/// exist yet (`before` empty) is created.
pub fn replace(path: &Path, before: &str, after: &str) -> Result<(), ReplaceError> {
    let target = written_path(path)?;
    let meta = match std::fs::metadata(&target) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && before.is_empty() => None,
        Err(e) => return Err(e.into()),
    };
    let unchanged = |p: &Path| -> Result<(), ReplaceError> {
        match std::fs::read(p) {
            Ok(now) if now == before.as_bytes() => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && before.is_empty() => Ok(()),
            Ok(_) | Err(_) => Err(ReplaceError::Changed),
        }
    };
    if meta.as_ref().is_some_and(has_other_links) {
        // A rename would split the links: write in place.
        unchanged(&target)?;
        let mut f = std::fs::OpenOptions::new().write(true).open(&target)?;
        f.write_all(after.as_bytes())?;
        f.set_len(after.len() as u64)?;
        f.sync_all()?;
        return Ok(());
    }
    let tmp = stage_as(&target, after, meta.as_ref().map(std::fs::Metadata::permissions))?;
    if let Some(m) = &meta {
        keep_owner_and_mode(tmp.as_file(), m)?;
    }
    // As late as can be: an edit made since the read is not overwritten.
    unchanged(&target)?;
    tmp.persist(&target).map(drop).map_err(|e| ReplaceError::Io(e.error))
}

/// The file a rewrite of `path` writes: `path`, or the file a symbolic
/// link at `path` points to (followed to the end).
fn written_path(path: &Path) -> std::io::Result<PathBuf> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => std::fs::canonicalize(path),
        _ => Ok(path.to_path_buf()),
    }
}

#[cfg(unix)]
fn has_other_links(m: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    m.nlink() > 1
}

#[cfg(not(unix))]
fn has_other_links(_: &std::fs::Metadata) -> bool {
    false
}

/// Give the new file the old one's permissions and, where it differs from
/// the new file's, its owner and group (which only root, or the owner
/// keeping its group, may do: otherwise the rewrite is refused rather than
/// handing the file to another owner).
fn keep_owner_and_mode(file: &std::fs::File, old: &std::fs::Metadata) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let new = file.metadata()?;
        if (new.uid(), new.gid()) != (old.uid(), old.gid()) {
            std::os::unix::fs::fchown(file, Some(old.uid()), Some(old.gid()))
                .map_err(|e| std::io::Error::new(e.kind(), format!("cannot keep the file's owner and group ({e})")))?;
        }
    }
    file.set_permissions(old.permissions())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::{MetadataExt, PermissionsExt};

    #[test]
    fn a_planted_link_beside_the_file_is_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let outside = dir.path().join("outside.txt");
        std::fs::write(&outside, "keep me").unwrap();
        let path = dir.path().join("case.yaml");
        // The old name, and a guess at any name: neither is opened.
        std::os::unix::fs::symlink(&outside, dir.path().join(format!(".case.yaml.{}.tmp", std::process::id())))
            .unwrap();
        write_atomic(&path, "new").unwrap();
        assert_eq!(std::fs::read_to_string(&outside).unwrap(), "keep me");
        let plain = dir.path().join("plain");
        std::fs::File::create(&plain).unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().mode() & 0o777;
        assert_eq!(mode(&path), mode(&plain), "a new file's mode, not a temporary file's 0600");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().map(|e| e.file_name()).collect();
        assert_eq!(left.len(), 4, "no temporary file is left: {left:?}");
    }

    #[test]
    fn mode_link_and_hard_link_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.yaml");
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
        replace(&path, "old", "new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(std::fs::metadata(&path).unwrap().mode() & 0o777, 0o444);

        let link = dir.path().join("link.yaml");
        std::os::unix::fs::symlink(&path, &link).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        replace(&link, "new", "newer").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "newer");

        let hard = dir.path().join("hard.yaml");
        std::fs::hard_link(&path, &hard).unwrap();
        replace(&path, "newer", "newest").unwrap();
        assert_eq!(std::fs::read_to_string(&hard).unwrap(), "newest", "the hard link is not split");
        assert_eq!(std::fs::metadata(&hard).unwrap().nlink(), 2);
    }

    #[test]
    fn an_edit_since_the_read_is_not_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.yaml");
        std::fs::write(&path, "edited meanwhile").unwrap();
        assert!(matches!(replace(&path, "as read", "new"), Err(ReplaceError::Changed)));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "edited meanwhile");
        let new = dir.path().join("new.yaml");
        replace(&new, "", "created").unwrap();
        assert_eq!(std::fs::read_to_string(&new).unwrap(), "created");
    }
}
