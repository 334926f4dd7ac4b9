//! Loading a corpus: every `*.yaml` under its folders (no symbolic links,
//! no hidden folders; whatever is passed by is said, with the reason),
//! each file read by [`super::case`], then the checks across files: ids
//! unique, and the lint ([`super::lint`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::case::{load_case_all, Corpus, LoadError};
use super::lint;

/// The reference engine's open cases, at a corpus's root (read by
/// [`crate::judging::reference_open`]): a file of the corpus, not a case.
pub const REFERENCE_OPEN: &str = "reference-open.yml";

/// What a walk of a corpus folder found: the case files, the entries it
/// passed by on purpose (each with the reason, so nothing is skipped
/// without a word), and the folders it could not read.
#[derive(Debug, Default)]
pub struct Found {
    /// `*.yaml` files as (name relative to the root, path), sorted.
    pub files: Vec<(String, PathBuf)>,
    /// Entries that look like cases but are not read, with the reason.
    pub skipped: Vec<(PathBuf, String)>,
    /// Folders that could not be read; the rest of the corpus still loads.
    pub errors: Vec<LoadError>,
}

/// Walk `dir` for case files. Symlinks are not followed (a case lives in
/// the corpus folder itself); a symlink, FIFO or other special file with a
/// case's name, and a `_`-prefixed `.yaml` (corpus metadata), is listed in
/// `skipped`; an unreadable subfolder is an error naming that folder.
pub fn walk_corpus(root: &Path, dir: &Path) -> Found {
    let mut found = Found::default();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = match std::fs::read_dir(&d) {
            Ok(entries) => entries,
            Err(e) => {
                found.errors.push(LoadError {
                    path: d.clone(),
                    line: 0,
                    column: 0,
                    message: format!("cannot read the case folder: {e}; the other folders are loaded"),
                });
                continue;
            }
        };
        for entry in entries {
            let entry = match entry {
                Ok(entry) => entry,
                Err(e) => {
                    found.errors.push(LoadError {
                        path: d.clone(),
                        line: 0,
                        column: 0,
                        message: format!("cannot list the case folder: {e}"),
                    });
                    continue;
                }
            };
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().to_string();
            let ft = match entry.file_type() {
                Ok(ft) => ft,
                Err(e) => {
                    found.skipped.push((path, format!("cannot tell what it is: {e}")));
                    continue;
                }
            };
            let yaml = path.extension().and_then(|e| e.to_str()) == Some("yaml");
            if ft.is_symlink() {
                if yaml || std::fs::metadata(&path).is_ok_and(|m| m.is_dir()) {
                    found.skipped.push((
                        path,
                        "a symbolic link; links are not followed: put the case itself in the corpus folder".into(),
                    ));
                }
            } else if ft.is_dir() {
                if !name.starts_with('.') {
                    stack.push(path);
                }
            } else if !yaml {
                let metadata = name == lint::TAG_REGISTRY || (name == REFERENCE_OPEN && d == root);
                if name.ends_with(".yml") && !metadata {
                    found.skipped.push((path, "case files end in .yaml, not .yml: rename it".into()));
                }
            } else if !ft.is_file() {
                found.skipped.push((path, "not a regular file (a FIFO, device or socket)".into()));
            } else if name.starts_with('_') {
                found.skipped.push((
                    path,
                    "names starting with `_` are corpus metadata, not cases: rename it to load it as a case".into(),
                ));
            } else {
                let rel = path.strip_prefix(root).unwrap_or(&path);
                let name = rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
                found.files.push((name, path));
            }
        }
    }
    found.files.sort();
    found.skipped.sort();
    found
}

/// The `*.yaml` case files under `dir`, sorted, as (name relative to
/// `root`, path); an error only when `dir` itself cannot be read.
pub fn find_case_files(root: &Path, dir: &Path) -> std::io::Result<Vec<(String, PathBuf)>> {
    std::fs::read_dir(dir)?;
    Ok(walk_corpus(root, dir).files)
}

/// Load every case under each of `dirs`. Names are relative to each dir.
pub fn load_corpus(dirs: &[PathBuf]) -> Corpus {
    let mut corpus = Corpus::default();
    let mut roots: Vec<PathBuf> = Vec::new();
    for dir in dirs {
        // A subfolder or a single file of a corpus is named as in a run of
        // the whole corpus: relative to its root.
        let root = corpus_root(dir);
        if std::fs::metadata(dir).is_ok_and(|m| m.is_file()) {
            let name = dir.strip_prefix(&root).unwrap_or(dir).to_string_lossy().replace('\\', "/");
            match load_case_all(&name, dir) {
                Ok(c) => corpus.cases.push(c),
                Err(e) => corpus.errors.extend(e),
            }
        } else {
            let found = walk_corpus(&root, dir);
            corpus.errors.extend(found.errors);
            corpus.skipped.extend(found.skipped);
            for (name, path) in found.files {
                match load_case_all(&name, &path) {
                    Ok(c) => corpus.cases.push(c),
                    Err(e) => corpus.errors.extend(e),
                }
            }
        }
        if !roots.contains(&root) {
            roots.push(root);
        }
    }
    // The tag registries of every corpus, merged; no registry, no tag check.
    let mut tags: Option<BTreeMap<String, String>> = None;
    for dir in &roots {
        match lint::load_tags(dir) {
            Ok(Some(t)) => tags.get_or_insert_with(BTreeMap::new).extend(t),
            Ok(None) => {}
            Err(e) => corpus.errors.push(e),
        }
    }
    finish(corpus, tags)
}

/// The checks across cases, once every file is read: ids unique, then
/// the lint (with the tag registry, if any); errors in file order.
pub fn finish(mut corpus: Corpus, tags: Option<BTreeMap<String, String>>) -> Corpus {
    check_unique_ids(&mut corpus);
    let drop = lint::lint(&corpus.cases, tags.as_ref(), &mut corpus.errors);
    for i in drop.into_iter().rev() {
        corpus.cases.remove(i);
    }
    corpus.errors.sort_by(|a, b| (&a.path, a.line).cmp(&(&b.path, b.line)));
    corpus
}

/// The root of the corpus that `path` (a folder or a case file) belongs to:
/// the nearest folder at or above it that holds a tag registry
/// (`_tags.yml`), or `path` itself (its folder, for a file) when none does.
pub fn corpus_root(path: &Path) -> PathBuf {
    let start = if std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        path.parent().unwrap_or(Path::new("")).to_path_buf()
    } else {
        path.to_path_buf()
    };
    for a in start.ancestors() {
        let here = if a.as_os_str().is_empty() { Path::new(".") } else { a };
        if here.join(lint::TAG_REGISTRY).is_file() {
            return a.to_path_buf();
        }
    }
    start
}

/// A duplicate id is an error on every file but the first that uses it.
fn check_unique_ids(corpus: &mut Corpus) {
    let mut first: BTreeMap<String, usize> = BTreeMap::new();
    let mut dup = Vec::new();
    for (i, c) in corpus.cases.iter().enumerate() {
        match first.get(&c.id) {
            // The newer file is the one to blame (it was just added).
            Some(&j) if lint::newer(&corpus.cases[j], c) => {
                dup.push((j, i));
                first.insert(c.id.clone(), i);
            }
            Some(&j) => dup.push((i, j)),
            None => {
                first.insert(c.id.clone(), i);
            }
        }
    }
    let mut drop = Vec::new();
    for (i, j) in dup {
        let (c, other) = (&corpus.cases[i], &corpus.cases[j]);
        corpus.errors.push(LoadError {
            path: c.path.clone(),
            line: c.id_line,
            column: 1,
            message: format!(
                "duplicate id `{}`: {} already uses it; ids are never reused, mint a new one with `rulings new`",
                c.id, other.name
            ),
        });
        drop.push(i);
    }
    drop.sort_unstable();
    drop.dedup();
    for i in drop.into_iter().rev() {
        corpus.cases.remove(i);
    }
}
