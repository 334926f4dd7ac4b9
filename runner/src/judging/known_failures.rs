//! An implementation's known failures, in the manner of web-platform-tests'
//! expectation files: a YAML file keyed by case id, each with a reason,
//! optionally an issue, and optionally the runs it holds for and the
//! outcome expected of them.
//!
//! ```yaml
//! L27-K4Q2:
//!   reason: we do not offer 27B1(a) corrections yet
//!   issue: https://example.org/issues/12
//! L25-AB12:
//!   reason: our 2007 rules engine crashes on a change of call
//!   editions: [2007]        # only these editions' runs (default: every one)
//!   rotations: [0]          # only these seat rotations (default: every one)
//!   outcome: crash          # the failure expected (default: any failure)
//! ```
//!
//! A run the entry covers that fails as expected becomes an expected
//! failure; one that fails otherwise stays a failure (a crash where a wrong
//! ruling was expected is news). A listed case whose covered runs all pass
//! is an unexpected pass, which fails the run, so the file never rots. A
//! listed case whose covered runs were all not applicable or skipped is
//! left as it is.
//!
//! The same file format, with one more key, lists the reference engine's
//! open cases (`cases/reference-open.yml`, [`super::reference_open`]):
//! `refuses: "TEXT"` says the engine cannot rule on the story, and the entry
//! holds only for an error whose message contains TEXT (its seats turned
//! with the run's rotation). A program's own known-failures file may not use
//! it.

pub use super::listing_error::ListingError;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::{Deserialize, Serialize};

use rulings_engine::Edition;

use crate::corpus::case::Corpus;
use crate::judging::outcome::{Outcome, OutcomeKind, Variant};
use crate::judging::run::CaseResult;

/// The reason written for a case that `--update-known-failures` adds.
pub const PLACEHOLDER: &str = "TODO: say why this case fails";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnownFailure {
    pub reason: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issue: Option<String>,
    /// The editions whose runs the entry covers (default: all).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub editions: Option<Vec<Edition>>,
    /// The seat rotations whose runs the entry covers (default: all).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotations: Option<Vec<usize>>,
    /// The outcome expected of a covered run (default: any failure); one
    /// of [`EXPECTABLE`].
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "expectable")]
    pub outcome: Option<OutcomeKind>,
    /// Only in the reference engine's open cases: the engine cannot rule on
    /// the story, and says this (a part of its message, seats as in the
    /// story as written); the entry covers such an error only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refuses: Option<String>,
}

/// The outcomes an entry may expect: the failures.
pub const EXPECTABLE: [OutcomeKind; 5] =
    [OutcomeKind::Failed, OutcomeKind::Error, OutcomeKind::Crash, OutcomeKind::TimeOut, OutcomeKind::ProtocolViolation];

/// An entry's `outcome`: a failure by its outcome name, or an error that
/// names the ones it may be.
pub(crate) fn expectable<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<OutcomeKind>, D::Error> {
    let name = String::deserialize(d)?;
    match name.parse::<OutcomeKind>() {
        Ok(kind) if EXPECTABLE.contains(&kind) => Ok(Some(kind)),
        _ => {
            let names: Vec<&str> = EXPECTABLE.iter().map(|k| k.name()).collect();
            Err(serde::de::Error::custom(format!("outcome `{name}` cannot be expected (one of {})", names.join(", "))))
        }
    }
}

impl KnownFailure {
    /// An entry for every run of a case, with this reason.
    pub fn new(reason: impl Into<String>) -> KnownFailure {
        KnownFailure {
            reason: reason.into(),
            issue: None,
            editions: None,
            rotations: None,
            outcome: None,
            refuses: None,
        }
    }

    /// Does the entry hold for this run?
    pub fn covers(&self, v: &Variant) -> bool {
        self.editions.as_ref().is_none_or(|e| e.contains(&v.edition))
            && self.rotations.as_ref().is_none_or(|r| r.contains(&v.rotation))
    }

    /// Is `o`, the outcome of run `v`, the failure the entry expects? With
    /// `refuses`, only an error whose message contains that text, its seats
    /// turned as `v` turns the story.
    pub fn expects(&self, o: &Outcome, v: &Variant) -> bool {
        o.is_failure()
            && self.outcome.is_none_or(|kind| o.kind() == kind)
            && match (&self.refuses, o) {
                (None, _) => true,
                (Some(text), Outcome::Error { message }) => refusal_matches(text, message, v.rotation),
                (Some(_), _) => false,
            }
    }

    /// The reason as reports show it: with the issue, when there is one.
    pub fn reason_shown(&self) -> String {
        match &self.issue {
            Some(i) => format!("{} ({i})", self.reason),
            None => self.reason.clone(),
        }
    }

    /// Is the reason still the placeholder `--update-known-failures` writes?
    pub fn is_todo(&self) -> bool {
        self.reason.trim_start().starts_with("TODO")
    }
}

/// The file's content, by case id.
pub type KnownFailures = BTreeMap<String, KnownFailure>;

/// Does an error's `message` (from a run whose seats were turned
/// `rotation` places) say what `expected` says of the story as written?
/// Each seat letter standing alone in `expected` (`S has made no call`) is
/// turned first, as the engine's message turns with the story; the rest is
/// compared as it is, whitespace runs taken as one space.
pub fn refusal_matches(expected: &str, message: &str, rotation: usize) -> bool {
    let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let (turned, message) = (turn_seats(&words(expected), rotation), words(message));
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    // Whole words: `S has` is not found in `1S has`.
    !turned.is_empty()
        && message.match_indices(&turned).any(|(at, _)| {
            !word(message[..at].chars().next_back()) && !word(message[at + turned.len()..].chars().next())
        })
}

/// `text` with each seat letter that stands alone (N, E, S, W, not part
/// of a word or a call such as 1S) turned `rotation` places clockwise.
fn turn_seats(text: &str, rotation: usize) -> String {
    use rulings_engine::Seat;
    let chars: Vec<char> = text.chars().collect();
    let alone = |i: usize| {
        let word = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric());
        !word(i.checked_sub(1).and_then(|j| chars.get(j))) && !word(chars.get(i + 1))
    };
    chars
        .iter()
        .enumerate()
        .map(|(i, &c)| match (alone(i), c.to_string().parse::<Seat>()) {
            (true, Ok(seat)) if "NESW".contains(c) => seat.rotate(rotation).to_string().chars().next().unwrap_or(c),
            _ => c,
        })
        .collect()
}

/// Read a known-failures file. A missing file is an error unless
/// `missing_ok` (when it is about to be written).
pub fn load(path: &Path, missing_ok: bool) -> Result<KnownFailures, ListingError> {
    load_with_text(path, missing_ok).map(|(known, _)| known)
}

/// A program's known failures may not say `refuses` (the reference
/// engine's open cases alone do: [`super::reference_open`]).
fn program_s_own(path: &Path, known: KnownFailures) -> Result<KnownFailures, ListingError> {
    match known.iter().find(|(_, k)| k.refuses.is_some()) {
        Some((id, _)) => Err(ListingError::RefusesInAProgramList { path: path.to_path_buf(), id: id.clone() }),
        None => Ok(known),
    }
}

/// [`load`], with the file's text as read (empty for a missing file), to
/// update it as text ([`super::known_failures_text`]).
pub fn load_with_text(path: &Path, missing_ok: bool) -> Result<(KnownFailures, String), ListingError> {
    use crate::corpus::files::{read_text_capped, ReadError, MAX_KNOWN_FAILURES_BYTES};
    let text = match read_text_capped(path, MAX_KNOWN_FAILURES_BYTES) {
        Ok(t) => t,
        Err(ReadError::NotFound) if missing_ok => return Ok((KnownFailures::new(), String::new())),
        Err(error) => {
            return Err(ListingError::Unreadable { path: path.to_path_buf(), what: "the known failures", error })
        }
    };
    let known = parse(path, &text)?;
    program_s_own(path, known).map(|known| (known, text))
}

/// The known failures of a file's text (`path` names it in errors), the
/// key `refuses` allowed.
pub(crate) fn parse(path: &Path, text: &str) -> Result<KnownFailures, ListingError> {
    if text.trim().is_empty() || text.lines().all(|l| l.trim().is_empty() || l.trim_start().starts_with('#')) {
        return Ok(KnownFailures::new());
    }
    if let Some(message) = duplicate_ids(text) {
        return Err(ListingError::Duplicate { path: path.to_path_buf(), message });
    }
    let known: KnownFailures = crate::corpus::yaml_guard::from_str_without_aliases(text).map_err(|r| {
        ListingError::NotAMap { path: path.to_path_buf(), line: r.line, column: r.column, message: r.message }
    })?;
    for (id, k) in &known {
        if let Some(r) = k.rotations.as_ref().and_then(|r| r.iter().find(|&&r| r > 3)) {
            return Err(ListingError::Rotation { path: path.to_path_buf(), id: id.clone(), rotation: *r });
        }
        if k.refuses.is_some() && k.outcome.is_some_and(|o| o != OutcomeKind::Error) {
            let outcome = k.outcome.map_or("", |o| o.name());
            return Err(ListingError::RefusesNotAnError { path: path.to_path_buf(), id: id.clone(), outcome });
        }
        if k.refuses.as_ref().is_some_and(|t| t.trim().is_empty()) {
            return Err(ListingError::RefusesEmpty { path: path.to_path_buf(), id: id.clone() });
        }
    }
    Ok(known)
}

/// `--strict-known-failures`: every entry must say why (no TODO reason).
pub fn check_strict(known: &KnownFailures, path: &Path) -> Result<(), ListingError> {
    let ids: Vec<String> = known.iter().filter(|(_, k)| k.is_todo()).map(|(id, _)| id.clone()).collect();
    if ids.is_empty() {
        return Ok(());
    }
    Err(ListingError::Todo { path: path.to_path_buf(), ids })
}

/// A case id listed twice (YAML would silently keep the last entry):
/// `LINE:1: ...` naming both lines, or None.
fn duplicate_ids(text: &str) -> Option<String> {
    let mut first: BTreeMap<String, usize> = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with([' ', '#', '-', '{', '}']) || line.trim().is_empty() {
            continue;
        }
        let Some((key, _)) = line.split_once(':') else { continue };
        let key = key.trim().trim_matches(['"', '\'']).to_string();
        if let Some(&at) = first.get(&key) {
            return Some(format!(
                "{}:1: {key} is listed twice (first at line {at}); keep one entry per case id",
                i + 1
            ));
        }
        first.insert(key, i + 1);
    }
    None
}

/// The file's text.
pub fn render(known: &KnownFailures) -> String {
    let mut s = String::from(
        "# Known failures of an implementation, by case id (rulings run --known-failures FILE).\n\
         # A listed case that fails is an expected failure; one that passes fails the run.\n\
         # `rulings run --update-known-failures` rewrites this file and keeps the reasons.\n",
    );
    if known.is_empty() {
        s.push_str("{}\n");
    } else {
        s.push_str(&serde_yaml::to_string(known).unwrap_or_default());
    }
    s
}

/// Ids in the file that are not in the corpus (a typo, or a case removed).
pub fn unknown_ids(known: &KnownFailures, corpus: &Corpus) -> Vec<String> {
    let ids: BTreeSet<&str> = corpus.cases.iter().map(|c| c.id.as_str()).collect();
    known.keys().filter(|k| !ids.contains(k.as_str())).cloned().collect()
}

/// How a case did across its runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CaseVerdict {
    /// At least one run failed.
    Failing,
    /// It was asked at least once and every run asked passed.
    Passing,
    /// No run was asked (not applicable or skipped).
    NotAsked,
}

/// Each case's verdict over the runs `counts` keeps.
fn verdicts(results: &[CaseResult], counts: impl Fn(&CaseResult) -> bool) -> BTreeMap<usize, CaseVerdict> {
    let mut out: BTreeMap<usize, CaseVerdict> = BTreeMap::new();
    for r in results.iter().filter(|r| counts(r)) {
        let this = match &r.outcome {
            Outcome::Passed | Outcome::UnexpectedPass { .. } => CaseVerdict::Passing,
            Outcome::NotApplicable { .. } | Outcome::Skipped { .. } => CaseVerdict::NotAsked,
            _ => CaseVerdict::Failing,
        };
        let v = out.entry(r.case).or_insert(CaseVerdict::NotAsked);
        *v = match (*v, this) {
            (CaseVerdict::Failing, _) | (_, CaseVerdict::Failing) => CaseVerdict::Failing,
            (CaseVerdict::Passing, _) | (_, CaseVerdict::Passing) => CaseVerdict::Passing,
            _ => CaseVerdict::NotAsked,
        };
    }
    out
}

/// Which list an entry comes from, for the words of its outcomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listing<'a> {
    /// A program's known failures (`--known-failures FILE`).
    KnownFailures,
    /// The reference engine's open cases, from this file.
    ReferenceOpen(&'a Path),
}

/// Turn the outcomes of listed cases into expected failures and unexpected
/// passes.
pub fn apply(known: &KnownFailures, corpus: &Corpus, results: &mut [CaseResult]) {
    apply_listing(known, Listing::KnownFailures, corpus, results);
}

/// [`apply`], in the words of `listing`.
pub fn apply_listing(known: &KnownFailures, listing: Listing, corpus: &Corpus, results: &mut [CaseResult]) {
    let entry = |r: &CaseResult| known.get(&corpus.cases[r.case].id).filter(|k| k.covers(&r.variant));
    let verdicts = verdicts(results, |r| entry(r).is_some());
    for r in results.iter_mut() {
        let Some(k) = entry(r) else { continue };
        let id = &corpus.cases[r.case].id;
        let reason = k.reason_shown();
        match verdicts.get(&r.case) {
            Some(CaseVerdict::Failing) if k.expects(&r.outcome, &r.variant) => {
                let was = std::mem::replace(&mut r.outcome, Outcome::Passed);
                let reason = match listing {
                    Listing::KnownFailures => reason,
                    Listing::ReferenceOpen(_) => format!("{OPEN_IN_THE_REFERENCE}: {reason}"),
                };
                r.outcome = Outcome::ExpectedFailure { was: Box::new(was), reason };
            }
            Some(CaseVerdict::Passing) if r.outcome == Outcome::Passed => {
                r.outcome = Outcome::UnexpectedPass {
                    reason: match listing {
                        Listing::KnownFailures => {
                            format!("listed in the known failures as: {reason}; it passes now: remove it from the file")
                        }
                        Listing::ReferenceOpen(path) => now_passes(id, path, &reason),
                    },
                };
            }
            _ => {}
        }
    }
}

/// How an expected failure of the reference engine's open cases is named.
pub const OPEN_IN_THE_REFERENCE: &str = "open in the reference engine";

/// The words of a listed open case that the engine now satisfies.
pub fn now_passes(id: &str, path: &Path, reason: &str) -> String {
    format!("the engine now passes {id}: remove its entry from {} (it was listed as: {reason})", path.display())
}

/// What `--update-known-failures` changed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Update {
    pub added: Vec<String>,
    pub removed: Vec<String>,
}

/// The file rewritten from a run (its outcomes before [`apply`]): every
/// case that failed is listed, keeping its reason, or with the
/// placeholder when new; a case that passed is removed; a case not asked
/// in this run (not applicable, skipped, filtered out) keeps its entry.
///
/// An entry whose case failed in a way it does not cover (another edition,
/// rotation or outcome) is widened to every run of the case, keeping its
/// reason.
pub fn updated(known: &KnownFailures, corpus: &Corpus, results: &[CaseResult]) -> (KnownFailures, Update) {
    let mut out = known.clone();
    let mut update = Update::default();
    let id_of = |r: &CaseResult| corpus.cases[r.case].id.clone();
    for r in results.iter().filter(|r| r.outcome.is_failure()) {
        if let Some(k) = out.get_mut(&id_of(r)) {
            if !(k.covers(&r.variant) && k.expects(&r.outcome, &r.variant)) {
                k.editions = None;
                k.rotations = None;
                k.outcome = None;
            }
        }
    }
    let covered = |r: &CaseResult| out.get(&id_of(r)).is_none_or(|k| k.covers(&r.variant));
    for (case, verdict) in verdicts(results, covered) {
        let id = &corpus.cases[case].id;
        match verdict {
            CaseVerdict::Failing if !out.contains_key(id) => {
                out.insert(id.clone(), KnownFailure::new(PLACEHOLDER));
                update.added.push(id.clone());
            }
            CaseVerdict::Passing if out.remove(id).is_some() => update.removed.push(id.clone()),
            _ => {}
        }
    }
    (out, update)
}
