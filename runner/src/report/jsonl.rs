//! `report.jsonl`, the record of a run and the source of truth the other
//! files are rendered from: a header (suite version, corpus hash, the
//! implementation's hello, the options, the start time), one line per run
//! of a case, sorted by path, edition and rotation, and a footer with the
//! totals; read back trusting nothing in it.

use std::fmt::Write as _;
use std::path::PathBuf;

use rulings_engine::protocol::{Hello, PROTOCOL};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::read_error::ReportReadError;
use crate::corpus::case::Corpus;
use crate::corpus::load::find_case_files;
use crate::judging::outcome::{Outcome, OutcomeKind};
use crate::judging::run::CaseResult;

/// The version of the report format.
pub const FORMAT: u32 = 1;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CorpusInfo {
    /// `sha256:` of every case file, in path order: its path, its length, its bytes.
    pub hash: String,
    pub cases: usize,
    pub dirs: Vec<String>,
}

/// How the run was made.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RunInfo {
    /// The program and its arguments; null for the engine in process.
    pub implementation: Option<Vec<String>>,
    pub shell: bool,
    pub per_case: bool,
    /// The time limit per case, in seconds (programs only).
    pub timeout_s: Option<f64>,
    pub max_restarts: Option<usize>,
    /// Requests in flight before the first is answered (programs only).
    #[serde(default)]
    pub window: Option<usize>,
    pub edition: Option<String>,
    pub rotations: bool,
    pub known_failures: Option<String>,
    /// Copies of the program run side by side, when more than one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jobs: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Header {
    pub report: u32,
    pub suite: String,
    pub protocol: u32,
    pub corpus: CorpusInfo,
    /// The implementation's hello; null when it did not complete one.
    pub implementation: Option<Hello>,
    pub hello_error: Option<String>,
    pub options: RunInfo,
    /// When the run started (UTC): the only time in a report.
    pub started: String,
}

/// A ruling graded twice (see [`crate::judging::compare::Grade`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GradeInfo {
    pub ruling: bool,
    pub clauses: bool,
}

/// One run of one case.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CaseLine {
    pub id: String,
    /// The path under the corpus folder ("law27/foo.yaml").
    pub name: String,
    pub title: String,
    pub laws: Vec<String>,
    pub edition: String,
    pub rotation: usize,
    pub outcome: OutcomeKind,
    /// The run was a refusal check (docs/protocol.md, "Programs that refuse
    /// irregular calls"): the program was asked to refuse a call, not to
    /// rule. Written only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub refusal: bool,
    /// For an expected failure: the outcome it had (failed, crash...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub was: Option<OutcomeKind>,
    /// For an expected failure or an unexpected pass: the known failure's reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// For a wrong ruling: the two grades.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grade: Option<GradeInfo>,
    /// The diff, the error, what was seen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// For a run that fails: the case's story as an auction grid (as
    /// written, whatever the rotation), so a reader sees the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub story: Option<String>,
    /// For a case the reference engine does not yet rule as the case says
    /// (cases/reference-open.yml): why the engine is wrong. Written in
    /// every report, whatever the implementation: the case is the authority.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference_open: Option<String>,
}

impl CaseLine {
    /// The top-level folder of the case ("law27").
    pub fn folder(&self) -> &str {
        crate::corpus::case::folder_of(&self.name)
    }

    /// The run's name, as everywhere ([`crate::judging::outcome::run_name`]).
    pub fn run_name(&self) -> String {
        crate::judging::outcome::run_name(&self.name, &self.edition, self.rotation)
    }

    pub fn right_ruling_wrong_clause(&self) -> bool {
        self.grade.is_some_and(|g| g.ruling && !g.clauses)
    }

    /// Does this run make the run fail?
    pub fn is_failure(&self) -> bool {
        self.outcome.is_failure()
    }
}

/// Counts by outcome, in [`OutcomeKind::ALL`] order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Totals {
    pub passed: usize,
    pub failed: usize,
    pub expected_failure: usize,
    pub unexpected_pass: usize,
    pub not_applicable: usize,
    pub skipped: usize,
    pub error: usize,
    pub crash: usize,
    pub time_out: usize,
    pub protocol_violation: usize,
    /// Left out of the file when 0, so that reports of runs where every
    /// case was asked read as they did before this outcome existed.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub not_run: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Totals {
    pub fn add(&mut self, outcome: OutcomeKind) {
        *self.slot(outcome) += 1;
    }

    fn slot(&mut self, outcome: OutcomeKind) -> &mut usize {
        match outcome {
            OutcomeKind::Passed => &mut self.passed,
            OutcomeKind::Failed => &mut self.failed,
            OutcomeKind::ExpectedFailure => &mut self.expected_failure,
            OutcomeKind::UnexpectedPass => &mut self.unexpected_pass,
            OutcomeKind::NotApplicable => &mut self.not_applicable,
            OutcomeKind::Skipped => &mut self.skipped,
            OutcomeKind::Error => &mut self.error,
            OutcomeKind::Crash => &mut self.crash,
            OutcomeKind::TimeOut => &mut self.time_out,
            OutcomeKind::ProtocolViolation => &mut self.protocol_violation,
            OutcomeKind::NotRun => &mut self.not_run,
        }
    }

    pub fn get(&self, outcome: OutcomeKind) -> usize {
        let mut copy = self.clone();
        *copy.slot(outcome)
    }

    pub fn runs(&self) -> usize {
        OutcomeKind::ALL.iter().map(|o| self.get(*o)).sum()
    }

    /// error, crash, time-out and protocol violation together.
    pub fn faults(&self) -> usize {
        self.error + self.crash + self.time_out + self.protocol_violation + self.not_run
    }

    pub fn of<'a>(lines: impl IntoIterator<Item = &'a CaseLine>) -> Totals {
        let mut t = Totals::default();
        for l in lines {
            t.add(l.outcome);
        }
        t
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Footer {
    pub runs: usize,
    pub totals: Totals,
    /// Failed runs (expected or not) whose ruling was right and a clause wrong.
    pub right_ruling_wrong_clause: usize,
    /// Case files that did not load: each makes the run fail.
    pub load_errors: Vec<String>,
    /// "pass" or "fail": the run's verdict, as the exit status gives it.
    pub result: String,
    /// The run was stopped (Ctrl-C) before every case was asked: the report
    /// covers the runs done, and the verdict is "fail".
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub interrupted: bool,
    /// Why the run tested nothing, when that failed it: no case asked, or
    /// every run of a kind asked (rulings, refusal checks) skipped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nothing_tested: Option<String>,
}

/// One line of the file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
enum Record {
    Header(Header),
    Case(CaseLine),
    Footer(Footer),
}

/// A whole report.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    pub header: Header,
    pub cases: Vec<CaseLine>,
    pub footer: Footer,
}

impl Report {
    /// The report of a run. `results` carry their final outcomes (known
    /// failures applied); `interrupted`: the run was cancelled before every
    /// case was asked.
    pub fn new(header: Header, corpus: &Corpus, results: &[CaseResult], interrupted: bool) -> Report {
        let mut cases: Vec<CaseLine> = results.iter().map(|r| case_line(corpus, r)).collect();
        cases.sort_by(|a, b| (&a.name, &a.edition, a.rotation).cmp(&(&b.name, &b.edition, b.rotation)));
        let mut load_errors: Vec<String> = corpus.errors.iter().map(|e| e.to_string()).collect();
        load_errors.sort();
        let totals = Totals::of(&cases);
        let failed = load_errors.len() + cases.iter().filter(|c| c.is_failure()).count();
        let footer = Footer {
            interrupted,
            runs: cases.len(),
            right_ruling_wrong_clause: cases.iter().filter(|c| c.right_ruling_wrong_clause()).count(),
            totals,
            load_errors,
            result: if failed == 0 && !interrupted { "pass" } else { "fail" }.to_string(),
            nothing_tested: None,
        };
        Report { header, cases, footer }
    }

    /// Mark the runs of the reference engine's open cases with the reason
    /// their entry gives ([`crate::judging::reference_open`]).
    pub fn mark_reference_open(&mut self, open: &crate::judging::known_failures::KnownFailures) {
        for c in &mut self.cases {
            c.reference_open = open.get(&c.id).map(|k| k.reason_shown());
        }
    }

    /// Fail a run that asked the implementation nothing, saying why: a
    /// run that tests nothing is not green.
    pub fn fail_as_empty(&mut self, why: String) {
        self.footer.result = "fail".to_string();
        self.footer.nothing_tested = Some(why);
    }

    pub fn passed(&self) -> bool {
        self.footer.result == "pass"
    }

    /// The JSON Lines text.
    pub fn to_jsonl(&self) -> String {
        let mut s = String::new();
        let mut line = |r: Record| {
            let _ = writeln!(s, "{}", serde_json::to_string(&r).unwrap_or_default());
        };
        line(Record::Header(self.header.clone()));
        for c in &self.cases {
            line(Record::Case(c.clone()));
        }
        line(Record::Footer(self.footer.clone()));
        s
    }

    /// Read a JSON Lines report back, trusting nothing in it: one header
    /// first, of this report format; case lines with known outcomes and
    /// editions; one footer last, whose counts and verdict agree with the
    /// case lines (they are counted again).
    pub fn from_jsonl(text: &str) -> Result<Report, ReportReadError> {
        let mut reading = Reading::default();
        for (i, l) in text.lines().enumerate() {
            reading.line(i + 1, l, &mut |_| {})?;
        }
        reading.finish()
    }

    /// [`Report::from_jsonl`], the file read a line at a time, never more
    /// than [`MAX_REPORT_BYTES`](crate::corpus::files::MAX_REPORT_BYTES)
    /// of it, so that memory holds the report read, not its text as well
    /// (a report of a large corpus, its diffs in full, runs to hundreds of
    /// megabytes). `keep` trims each case line as it is read (`rulings
    /// compare` keeps only what its matrix shows).
    pub fn read(path: &std::path::Path, keep: &mut dyn FnMut(&mut CaseLine)) -> Result<Report, ReportReadError> {
        use crate::corpus::files::{regular_file, ReadError, MAX_REPORT_BYTES};
        use std::io::{BufRead, Read};
        let limit = MAX_REPORT_BYTES;
        let too_big = || ReportReadError::File(ReadError::TooBig { limit });
        let meta = regular_file(path).map_err(ReportReadError::File)?;
        if meta.len() > limit {
            return Err(too_big());
        }
        let file = std::fs::File::open(path).map_err(ReportReadError::Io)?;
        let mut input = std::io::BufReader::new(file.take(limit + 1));
        let mut reading = Reading::default();
        let mut line = String::new();
        let (mut n, mut read) = (0, 0u64);
        loop {
            line.clear();
            let got = input.read_line(&mut line).map_err(|e| match e.kind() {
                std::io::ErrorKind::InvalidData => ReportReadError::NotUtf8 { line: n + 1 },
                _ => ReportReadError::Io(e),
            })?;
            if got == 0 {
                break;
            }
            read += got as u64;
            if read > limit {
                return Err(too_big());
            }
            n += 1;
            let text = if n == 1 { line.strip_prefix('\u{feff}').unwrap_or(&line) } else { &line };
            reading.line(n, text.trim_end_matches(['\n', '\r']), keep)?;
        }
        reading.finish()
    }
}

/// A report being read, line by line.
#[derive(Default)]
struct Reading {
    header: Option<Header>,
    /// The footer and its line.
    footer: Option<(usize, Footer)>,
    cases: Vec<CaseLine>,
}

impl Reading {
    /// Line `n` of the file; `keep` trims a case line before it is kept.
    fn line(&mut self, n: usize, l: &str, keep: &mut dyn FnMut(&mut CaseLine)) -> Result<(), ReportReadError> {
        if l.trim().is_empty() {
            return Ok(());
        }
        if let Some((at, _)) = &self.footer {
            return Err(ReportReadError::AfterFooter { line: n, footer: *at });
        }
        let record: Record = serde_json::from_str(l).map_err(|source| ReportReadError::Json { line: n, source })?;
        match record {
            Record::Header(h) => {
                if self.header.is_some() || !self.cases.is_empty() {
                    return Err(ReportReadError::SecondHeader { line: n });
                }
                if h.report != FORMAT {
                    return Err(ReportReadError::Format { line: n, format: h.report, reads: FORMAT, suite: h.suite });
                }
                self.header = Some(h);
            }
            Record::Case(c) if self.header.is_none() => {
                return Err(ReportReadError::CaseBeforeHeader { line: n, id: c.id });
            }
            Record::Case(mut c) => {
                check_case_line(n, &c)?;
                keep(&mut c);
                self.cases.push(c);
            }
            Record::Footer(_) if self.header.is_none() => return Err(ReportReadError::FooterBeforeHeader { line: n }),
            Record::Footer(f) => self.footer = Some((n, f)),
        }
        Ok(())
    }

    /// The report read, once every line is.
    fn finish(self) -> Result<Report, ReportReadError> {
        match (self.header, self.footer) {
            (Some(header), Some((at, footer))) => {
                check_footer(at, &self.cases, &footer)?;
                Ok(Report { header, cases: self.cases, footer })
            }
            (None, _) => Err(ReportReadError::NoHeader),
            (_, None) => Err(ReportReadError::NoFooter),
        }
    }
}

/// A case line (line `line` of the file) holds only what a run can write
/// (serde has read the outcomes already: an unknown one does not get this far).
fn check_case_line(line: usize, c: &CaseLine) -> Result<(), ReportReadError> {
    if !["1997", "2007", "2017"].contains(&c.edition.as_str()) {
        return Err(ReportReadError::UnknownEdition { line, id: c.id.clone(), edition: c.edition.clone() });
    }
    if c.rotation > 3 {
        return Err(ReportReadError::Rotation { line, id: c.id.clone(), rotation: c.rotation });
    }
    Ok(())
}

/// The footer's counts and verdict (on line `line`), counted again from the case lines.
fn check_footer(line: usize, cases: &[CaseLine], f: &Footer) -> Result<(), ReportReadError> {
    if f.runs != cases.len() {
        return Err(ReportReadError::FooterRuns { line, said: f.runs, held: cases.len() });
    }
    let totals = Totals::of(cases);
    for o in OutcomeKind::ALL {
        let (said, counted) = (f.totals.get(o), totals.get(o));
        if said != counted {
            return Err(ReportReadError::FooterTotal { line, outcome: o, said, held: counted });
        }
    }
    let wrong_clause = cases.iter().filter(|c| c.right_ruling_wrong_clause()).count();
    if f.right_ruling_wrong_clause != wrong_clause {
        return Err(ReportReadError::FooterWrongClause { line, said: f.right_ruling_wrong_clause, held: wrong_clause });
    }
    let failed = f.load_errors.len() + cases.iter().filter(|c| c.is_failure()).count();
    let pass = failed == 0 && !f.interrupted && f.nothing_tested.is_none();
    let result = if pass { "pass" } else { "fail" };
    if f.result != result {
        return Err(ReportReadError::FooterResult { line, said: f.result.clone(), made: result });
    }
    Ok(())
}

fn case_line(corpus: &Corpus, r: &CaseResult) -> CaseLine {
    let case = &corpus.cases[r.case];
    let (was, reason) = match &r.outcome {
        Outcome::ExpectedFailure { was, reason } => (Some(was.kind()), Some(reason.clone())),
        _ => (None, None),
    };
    CaseLine {
        id: case.id.clone(),
        name: case.name.clone(),
        title: case.title.clone(),
        laws: case.laws.clone(),
        edition: r.variant.edition.to_string(),
        rotation: r.variant.rotation,
        outcome: r.outcome.kind(),
        refusal: r.refusal,
        was,
        reason,
        grade: r.outcome.grade().map(|g| GradeInfo { ruling: g.ruling, clauses: g.clauses }),
        detail: r.outcome.detail().map(str::to_string),
        story: r.outcome.is_failure().then(|| crate::corpus::grid::grid(case.dealer, &case.events)),
        reference_open: None,
    }
}

/// The hash of the corpus under `dirs`: every `*.yaml` file in path
/// order, each as its path under its folder, its length and its bytes.
pub fn corpus_hash(dirs: &[PathBuf]) -> String {
    let mut files = Vec::new();
    for (i, dir) in dirs.iter().enumerate() {
        if let Ok(found) = find_case_files(dir, dir) {
            files.extend(found.into_iter().map(|(name, path)| ((i, name), path)));
        }
    }
    files.sort();
    let mut h = Sha256::new();
    for ((i, name), path) in files {
        let bytes = std::fs::read(&path).unwrap_or_default();
        h.update(format!("{i}/{name}\0{}\0", bytes.len()).as_bytes());
        h.update(&bytes);
    }
    format!("sha256:{:x}", h.finalize())
}

/// The suite's name and version.
pub fn suite_version() -> String {
    format!("rulings {}", env!("CARGO_PKG_VERSION"))
}

/// A header for a run starting now.
pub fn header(
    dirs: &[PathBuf],
    corpus: &Corpus,
    implementation: Option<Hello>,
    hello_error: Option<String>,
    options: RunInfo,
) -> Header {
    Header {
        report: FORMAT,
        suite: suite_version(),
        protocol: PROTOCOL,
        corpus: CorpusInfo {
            hash: if dirs.is_empty() { crate::corpus::embedded::hash() } else { corpus_hash(dirs) },
            cases: corpus.cases.len(),
            dirs: if dirs.is_empty() {
                vec![crate::corpus::embedded::LABEL.to_string()]
            } else {
                dirs.iter().map(|d| d.display().to_string()).collect()
            },
        },
        implementation,
        hello_error,
        options,
        started: utc_now(),
    }
}

/// The current time, UTC, as `2026-04-01T12:34:56Z`.
pub fn utc_now() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    utc(secs)
}

/// Seconds since 1970 as an ISO 8601 UTC time (civil-from-days).
pub fn utc(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}

#[cfg(test)]
pub(crate) fn sample(text: &str) -> Report {
    let hello = Hello::new(text, text, vec![rulings_engine::Edition::E2017], vec![text.into()]);
    let line = |id: &str, outcome: OutcomeKind, detail: Option<&str>| CaseLine {
        id: id.into(),
        name: format!("law27/{}.yaml", id.to_lowercase()),
        title: text.into(),
        laws: vec!["27B1(a)".into()],
        edition: "2017".into(),
        rotation: 0,
        outcome,
        refusal: false,
        was: None,
        reason: None,
        grade: None,
        detail: detail.map(str::to_string),
        story: None,
        reference_open: Some(text.into()),
    };
    let cases = vec![line("L27-AAAA", OutcomeKind::Passed, None), line("L27-BBBB", OutcomeKind::Error, Some(text))];
    let footer = Footer {
        runs: 2,
        totals: Totals::of(&cases),
        right_ruling_wrong_clause: 0,
        load_errors: Vec::new(),
        result: "fail".into(),
        interrupted: false,
        nothing_tested: None,
    };
    let header = Header {
        report: FORMAT,
        suite: "rulings 0.1.0".into(),
        protocol: PROTOCOL,
        corpus: CorpusInfo { hash: "sha256:00".into(), cases: 2, dirs: vec!["cases".into()] },
        implementation: Some(hello),
        hello_error: Some(text.into()),
        options: RunInfo { implementation: Some(vec![text.into()]), ..RunInfo::default() },
        started: "2026-11-24T00:00:00Z".into(),
    };
    Report { header, cases, footer }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sample report's JSON Lines with `from` replaced by `to` (once).
    fn tampered(from: &str, to: &str) -> Result<Report, ReportReadError> {
        let text = sample("a program").to_jsonl();
        assert!(text.contains(from), "the fixture holds {from}");
        Report::from_jsonl(&text.replacen(from, to, 1))
    }

    #[test]
    fn a_report_reads_back_as_written() {
        let r = sample("a program");
        assert_eq!(Report::from_jsonl(&r.to_jsonl()).expect("reads back"), r);
    }

    #[test]
    fn a_tampered_report_is_refused_with_the_line_at_fault() {
        let err = |from: &str, to: &str| tampered(from, to).expect_err(to).to_string();
        assert!(err(r#""passed":1"#, r#""passed":999999"#)
            .contains("line 4: the footer counts 999999 passed; the case lines hold 1"));
        assert!(err(r#""result":"fail""#, r#""result":"pass""#)
            .contains("the footer's result is `pass`; the case lines make it `fail`"));
        assert!(err(r#""outcome":"error""#, r#""outcome":"pwned""#)
            .contains("line 3: unknown variant `pwned`, expected one of `passed`"));
        assert!(
            err(r#""report":1"#, r#""report":99"#).contains("line 1: report format 99; this rulings reads format 1")
        );
        assert!(err(r#""runs":2"#, r#""runs":3"#).contains("the footer counts 3 runs; the report holds 2 case lines"));
        assert!(err(
            r#""edition":"2017","rotation":0,"outcome":"error""#,
            r#""edition":"1066","rotation":0,"outcome":"error""#
        )
        .contains("unknown edition `1066`"));
        let text = sample("a program").to_jsonl();
        let header = text.lines().next().unwrap_or_default();
        let twice = format!("{header}\n{text}");
        assert!(Report::from_jsonl(&twice).unwrap_err().to_string().contains("line 2: a second header"));
        let after = format!("{text}{}\n", text.lines().nth(1).unwrap_or_default());
        assert!(Report::from_jsonl(&after)
            .unwrap_err()
            .to_string()
            .contains("line 5: a line after the footer (line 4)"));
    }

    /// A report file whose case line is not JSON: the reader's error is the
    /// JSON variant, naming that line of the file.
    #[test]
    fn a_bad_line_in_a_report_file_is_named_by_its_number() {
        let dir = tempfile::tempdir().expect("a scratch folder");
        let path = dir.path().join("report.jsonl");
        let text = sample("a program").to_jsonl();
        let mut lines: Vec<&str> = text.lines().collect();
        lines[2] = "{\"type\":\"case\",";
        std::fs::write(&path, lines.join("\n")).expect("written");
        match Report::read(&path, &mut |_| {}) {
            Err(e @ ReportReadError::Json { line: 3, .. }) => {
                assert!(std::error::Error::source(&e).is_some(), "the JSON error is its source");
            }
            other => panic!("not the JSON error of line 3: {other:?}"),
        }
        let missing = dir.path().join("none.jsonl");
        assert!(matches!(
            Report::read(&missing, &mut |_| {}),
            Err(ReportReadError::File(crate::corpus::files::ReadError::NotFound))
        ));
    }

    #[test]
    fn utc_times() {
        assert_eq!(utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc(1_700_000_000), "2023-11-14T22:13:20Z");
    }

    #[test]
    fn totals_count_every_outcome() {
        let mut t = Totals::default();
        for o in OutcomeKind::ALL {
            t.add(o);
        }
        assert_eq!(t.runs(), OutcomeKind::ALL.len());
        assert_eq!(t.faults(), 5);
        // The footer's keys are the outcomes' own names, in their order.
        let v = serde_json::to_value(&t).unwrap();
        let names: Vec<&str> = OutcomeKind::ALL.iter().map(|o| o.name()).collect();
        assert_eq!(v.as_object().unwrap().keys().cloned().collect::<Vec<_>>(), names);
        for o in OutcomeKind::ALL {
            assert_eq!(serde_json::to_value(o).unwrap(), o.name(), "serde's name is the report's");
        }
    }
}
