//! `rulings new LAW`: a case skeleton with a fresh stable id, in the folder
//! of its law.

use std::collections::BTreeSet;
use std::hash::{BuildHasher, Hasher};
use std::path::{Path, PathBuf};

use crate::corpus::authoring_error::AuthoringError;
use crate::corpus::load::find_case_files;

/// Characters of an id's random part.
const ID_CHARS: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// Read the law number from what a user typed: `27`, `law27`, `L27`, `27B1(a)`.
pub fn law_number(text: &str) -> Result<u32, AuthoringError> {
    let t = text.trim().trim_start_matches(|c: char| c.is_ascii_alphabetic());
    let digits: String = t.chars().take_while(|c| c.is_ascii_digit()).collect();
    match digits.parse::<u32>() {
        Ok(n) if (1..=93).contains(&n) => Ok(n),
        _ => Err(AuthoringError::NoLaw { text: text.to_string() }),
    }
}

/// Does the corpus folder `name` hold the cases of `law`: `law27` for 27,
/// `law28-34` for 28 to 34?
pub fn folder_covers(name: &str, law: u32) -> bool {
    let Some(rest) = name.strip_prefix("law") else { return false };
    match rest.split_once('-') {
        Some((a, b)) => matches!((a.parse::<u32>(), b.parse::<u32>()), (Ok(a), Ok(b)) if a <= law && law <= b),
        None => rest.parse::<u32>() == Ok(law),
    }
}

/// A file name from a title: lower case, dashes, at most 60 characters,
/// cut between words, with no dash at the end.
pub fn file_stem(title: &str) -> String {
    let mut s = String::new();
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_lowercase());
        } else if !s.ends_with('-') && !s.is_empty() {
            s.push('-');
        }
    }
    let s = s.trim_end_matches('-');
    if s.len() <= 60 {
        return s.to_string();
    }
    let cut = if s.as_bytes()[60] == b'-' { 60 } else { s[..60].rfind('-').unwrap_or(60) };
    s[..cut].trim_end_matches('-').to_string()
}

/// The folder of a law under the corpus: an existing `lawN` or `lawA-B`
/// that covers it, else `lawN`.
pub fn folder_for(cases: &Path, law: u32) -> PathBuf {
    let covers = |name: &str| folder_covers(name, law);
    if let Ok(entries) = std::fs::read_dir(cases) {
        let mut names: Vec<String> = entries
            .filter_map(|e| e.ok())
            // The entry itself a folder: a symbolic link is not followed.
            .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
            .map(|e| e.file_name().to_string_lossy().to_string())
            .filter(|n| covers(n))
            .collect();
        names.sort();
        if let Some(n) = names.first() {
            return cases.join(n);
        }
    }
    cases.join(format!("law{law}"))
}

/// A law folder that is a symbolic link is refused: a tool writing a case
/// writes only inside the corpus (a symbolic link could lead elsewhere).
pub fn refuse_link(folder: &Path) -> Result<(), AuthoringError> {
    match std::fs::symlink_metadata(folder) {
        Ok(m) if m.file_type().is_symlink() => Err(AuthoringError::SymbolicLink { folder: folder.to_path_buf() }),
        _ => Ok(()),
    }
}

/// The ids already used under `cases` (read from each file's `id:` line,
/// so that even files that do not load keep their ids).
pub fn used_ids(cases: &Path) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (_, path) in find_case_files(cases, cases).unwrap_or_default() {
        if let Ok(text) = std::fs::read_to_string(&path) {
            if let Some(l) = text.lines().find(|l| l.starts_with("id:")) {
                out.insert(l["id:".len()..].trim().trim_matches('"').to_string());
            }
        }
    }
    out
}

/// A fresh id for `law`, not in `used`.
pub fn mint_id(law: u32, used: &BTreeSet<String>) -> String {
    let state = std::collections::hash_map::RandomState::new();
    for attempt in 0u64.. {
        let mut h = state.build_hasher();
        h.write_u64(attempt);
        h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()));
        let mut bits = h.finish();
        let tail: String = (0..4)
            .map(|_| {
                let c = ID_CHARS[(bits % ID_CHARS.len() as u64) as usize] as char;
                bits /= ID_CHARS.len() as u64;
                c
            })
            .collect();
        let id = format!("L{law}-{tail}");
        if !used.contains(&id) {
            return id;
        }
    }
    unreachable!("the id space is never exhausted")
}

/// Check a file name given with `--name`: letters, digits, `-`, `_` and
/// `.`, not starting with `_` (corpus metadata) or `.` (hidden), at most
/// 100 characters, so that the file is an ordinary case in its folder.
pub fn check_file_stem(stem: &str) -> Result<(), AuthoringError> {
    let plain = stem.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if stem.is_empty() || stem.len() > 100 || !plain || stem.starts_with(['_', '.']) {
        return Err(AuthoringError::NotAFileName { stem: stem.to_string() });
    }
    Ok(())
}

/// The clause to pre-fill in `laws:`: the clause the user named, when it is
/// one of the registry (`27B1(a)`), else none (the author names it).
fn clause_given(law_text: &str) -> Option<&'static str> {
    let t = law_text.trim().trim_start_matches("law").trim_start_matches('L');
    rulings_engine::clauses::find(t).map(|c| c.id).filter(|id| id.len() > 2 || id.chars().any(|c| !c.is_ascii_digit()))
}

/// Write a skeleton case for `law` and return its path. The skeleton does
/// not pass `rulings check` until its author fills in the story and the
/// expectation. Only an existing law folder of the corpus is written to,
/// and never through a symbolic link or over an existing file.
///
/// With a `story` (`"W 1D, N 1C, E reject, N 2C"`), the skeleton holds its
/// events (the first seat deals), the clauses of the reference engine's
/// ruling as `laws`, and `expect` left to the author with the engine's
/// ruling beside it, commented out; tagged `unreviewed`.
pub fn new_case(
    cases: &Path,
    law_text: &str,
    name: Option<&str>,
    story: Option<&str>,
) -> Result<PathBuf, AuthoringError> {
    let law = law_number(law_text)?;
    let folder = folder_for(cases, law);
    refuse_link(&folder)?;
    if !folder.is_dir() {
        let mut folders: Vec<String> = std::fs::read_dir(cases)
            .map_err(|source| AuthoringError::CorpusUnreadable { cases: cases.to_path_buf(), source })?
            .filter_map(|e| e.ok())
            .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
            .map(|e| e.file_name().to_string_lossy().to_string())
            .filter(|n| n.starts_with("law"))
            .collect();
        folders.sort();
        return Err(AuthoringError::NoLawFolder { law, folders });
    }
    let id = mint_id(law, &used_ids(cases));
    let stem = match name {
        Some(n) => n.trim_end_matches(".yaml").to_string(),
        None => format!("new-{}", id.to_lowercase()),
    };
    check_file_stem(&stem)?;
    let path = folder.join(format!("{stem}.yaml"));
    if std::fs::symlink_metadata(&path).is_ok() {
        return Err(AuthoringError::Exists { path });
    }
    let laws = match clause_given(law_text) {
        Some(clause) => format!("[\"{clause}\"]"),
        None => "[]".to_string(),
    };
    let text = match story {
        Some(story) => drafted(story, &id, law_text)?,
        None => format!(
            "# yaml-language-server: $schema=../../schemas/case.schema.json\n\
         id: {id}                  # stable for good: never change or reuse it\n\
         title: \n\
         laws: {laws}                  # the clauses the ruling turns on (`rulings clauses {law}` lists them)\n\
         source: \"\"                 # a seed file name or a public reference\n\
         tags: []\n\
         dealer: N\n\
         events:                      # what happened at the table, in order: - SEAT: CALL | accept | reject\n\
         \x20 - N: P\n\
         expect: {{}}                  # the part of the ruling the case asserts (see CONTRIBUTING.md)\n"
        ),
    };
    if let Err(source) = write_new(&path, &text) {
        return Err(AuthoringError::Unwritten { path, source });
    }
    Ok(path)
}

/// Write `text` to a new file at `path`: an existing path is refused, a
/// dangling symbolic link among them (create_new), never overwritten.
pub fn write_new(path: &Path, text: &str) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(path)?;
    std::io::Write::write_all(&mut file, text.as_bytes())
}

/// A case file drafted from a compact story: events, and the engine's
/// ruling as a commented proposal under an `expect` left to the author.
fn drafted(story: &str, id: &str, law_text: &str) -> Result<String, AuthoringError> {
    use std::fmt::Write as _;
    let events = crate::corpus::story::story_events(story).map_err(AuthoringError::Story)?;
    let dealer = events[0].seat;
    let request: rulings_engine::Request = serde_json::from_value(serde_json::json!({
        "dealer": dealer, "events": serde_json::to_value(&events)?,
    }))?;
    let ruling = rulings_engine::rule(&request).map_err(AuthoringError::NewStoryUnruled)?;
    let mut laws: Vec<String> = clause_given(law_text).into_iter().map(str::to_string).collect();
    for r in &ruling.rulings {
        if !laws.contains(&r.law) {
            laws.push(r.law.clone());
        }
    }
    let quoted = |t: &str| serde_json::to_string(t).unwrap_or_default();
    let mut s = String::new();
    let _ = writeln!(s, "# yaml-language-server: $schema=../../schemas/case.schema.json");
    let _ = writeln!(s, "# Drafted by `rulings new --story`: write the expectation from the Laws and");
    let _ = writeln!(s, "# your ruling (the engine's ruling is under it, commented out, to compare");
    let _ = writeln!(s, "# with), fill in title and source, then remove the `unreviewed` tag.");
    let _ = writeln!(s, "id: {id}");
    let _ = writeln!(s, "title: \"\"                 # one line, as a director would say it");
    let _ = writeln!(s, "laws: [{}]", laws.iter().map(|l| quoted(l)).collect::<Vec<_>>().join(", "));
    let _ = writeln!(s, "source: \"\"                 # a seed file name or a public reference");
    let _ = writeln!(s, "tags: [{}]", crate::corpus::lint::UNREVIEWED);
    let _ = writeln!(s, "dealer: {dealer}");
    let _ = writeln!(s, "events:");
    let value = serde_json::to_value(&request)?;
    for line in serde_yaml::to_string(&value["events"]).unwrap_or_default().lines() {
        let _ = writeln!(s, "  {line}");
    }
    s.push_str(&crate::corpus::draft::expect_left_to_the_director(&ruling));
    Ok(s)
}

/// docs/clauses.md: the clause registry for readers, one table per law,
/// generated from `engine/clauses.yml` (`rulings clauses --markdown`).
pub fn clauses_markdown() -> String {
    use rulings_engine::clauses::{law_number, CLAUSES};
    use rulings_engine::Edition;
    use std::fmt::Write as _;
    let mut s = String::from(
        "# Clause ids\n\n\
         Every clause id a case may cite in `laws`, and a ruling in `law`, with the editions of the Laws it \
         exists in and a one-line summary in our own words (read the Laws themselves for the text). \
         Generated from [engine/clauses.yml](../engine/clauses.yml) by \
         `cargo run -p rulings -- clauses --markdown > docs/clauses.md`; to add a clause, add its entry \
         there and regenerate this page (a test checks it is current). `rulings clauses 27` lists one law.\n",
    );
    let mut law = None;
    for c in CLAUSES {
        let n = law_number(c.id);
        if n != law {
            law = n;
            let _ = write!(s, "\n## Law {}\n\n| clause | editions | summary |\n|---|---|---|\n", n.unwrap_or_default());
        }
        let editions: Vec<&str> = Edition::ALL.iter().filter(|e| c.in_edition(**e)).map(|e| e.year()).collect();
        let _ = writeln!(s, "| {} | {} | {} |", c.id, editions.join(", "), c.summary.replace('|', "\\|"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn law_numbers() {
        assert_eq!(law_number("27").ok(), Some(27));
        assert_eq!(law_number("law27").ok(), Some(27));
        assert_eq!(law_number("L30").ok(), Some(30));
        assert_eq!(law_number("27B1(a)").ok(), Some(27));
        assert!(matches!(law_number("xyz"), Err(AuthoringError::NoLaw { text }) if text == "xyz"));
    }

    #[test]
    fn file_names() {
        assert!(check_file_stem("1s-1h-corrected-to-2h").is_ok());
        assert!(check_file_stem("_x").is_err());
        assert!(check_file_stem(".x").is_err());
        assert!(check_file_stem("a\nb").is_err());
        assert!(check_file_stem("../x").is_err());
        assert!(check_file_stem("").is_err());
    }

    /// A case file in the way of `rulings new --name`: the error is the
    /// variant that says so, with the path taken, and nothing is written.
    #[test]
    fn a_name_already_taken_is_refused_with_its_path() {
        let cases = tempfile::tempdir().expect("a scratch corpus");
        let folder = cases.path().join("law27");
        std::fs::create_dir(&folder).expect("the law's folder");
        let taken = folder.join("taken.yaml");
        std::fs::write(&taken, "id: L27-AAAA\n").expect("a case there");
        match new_case(cases.path(), "27", Some("taken"), None) {
            Err(AuthoringError::Exists { path }) => assert_eq!(path, taken),
            other => panic!("not the name-taken error: {other:?}"),
        }
        assert_eq!(std::fs::read_to_string(&taken).expect("still there"), "id: L27-AAAA\n");
        assert!(matches!(
            new_case(cases.path(), "16", None, None),
            Err(AuthoringError::NoLawFolder { law: 16, folders }) if folders == ["law27"]
        ));
    }

    #[test]
    fn the_clause_given_is_kept() {
        assert_eq!(clause_given("27B1(a)"), Some("27B1(a)"));
        assert_eq!(clause_given("27"), None);
        assert_eq!(clause_given("law27"), None);
    }

    #[test]
    fn minted_ids_are_well_formed_and_fresh() {
        let mut used = BTreeSet::new();
        for _ in 0..200 {
            let id = mint_id(27, &used);
            assert!(crate::corpus::case::valid_id(&id), "{id}");
            assert!(used.insert(id));
        }
    }
}
