//! `rulings fmt`: its options, and what it prints; the rewriting is
//! [`rulings::corpus::fmt`]. A file is written only when its normal form
//! differs, and atomically (a temporary file renamed over it), keeping its
//! permissions, owner and hard links; a symbolic link named is written
//! through to its target; a file edited since it was read is left alone
//! ([`rulings::replace`]). A file that does not load, or whose story cannot
//! be told in the form asked for, is reported and left as it is.

use std::path::PathBuf;
use std::process::ExitCode;

use rulings::corpus::fmt::{case_files, format_file, FmtError, Form, Formatted};

#[derive(Debug, Clone, clap::Args)]
pub struct FmtArgs {
    /// Case files, or folders of them (default: cases/).
    pub paths: Vec<PathBuf>,
    /// Write nothing: list the files not in normal form, and exit 1 if there are any.
    #[arg(long)]
    pub check: bool,
    /// Tell each story in this form: `events` (a list), `story` (one line) or `grid` (four
    /// columns); a story the form cannot tell is left as it is, with the reason.
    #[arg(long, value_enum, value_name = "FORM")]
    pub to: Option<ToForm>,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum ToForm {
    Events,
    Story,
    Grid,
}

impl From<ToForm> for Form {
    fn from(f: ToForm) -> Form {
        match f {
            ToForm::Events => Form::Events,
            ToForm::Story => Form::Story,
            ToForm::Grid => Form::Grid,
        }
    }
}

/// The normal form writes calls with letters (`1♦` becomes `1D`): say so
/// when it does, rather than change what the author typed silently.
fn symbols_note(f: &Formatted) -> String {
    let symbols = |t: &str| t.chars().filter(|c| matches!(c, '♣' | '♦' | '♥' | '♠')).count();
    match symbols(&f.before).saturating_sub(symbols(&f.after)) {
        0 => String::new(),
        n => format!(" ({n} suit symbol(s) written as letters: 1♦ is 1D)"),
    }
}

pub fn main(args: &FmtArgs) -> ExitCode {
    let paths = if args.paths.is_empty() { rulings::corpus::default_dirs() } else { args.paths.clone() };
    if paths.is_empty() {
        super::say(
            "error: ",
            "no cases/ folder here: name the case files or folders to format (the corpus built into rulings \
             cannot be rewritten)",
        );
        return ExitCode::from(2);
    }
    let (files, errors) = case_files(&paths);
    let mut left = errors.len();
    for e in &errors {
        super::say("error: ", &e.to_string());
    }
    let (mut rewritten, mut normal) = (0, 0);
    for (name, path) in &files {
        match format_file(name, path, args.to.map(Form::from)) {
            Ok(f) if !f.changed() => normal += 1,
            Ok(f) if args.check => {
                println!("{}: not in normal form{}", path.display(), symbols_note(&f));
                rewritten += 1;
            }
            Ok(f) => match rulings::replace::replace(path, &f.before, &f.after) {
                Ok(()) => {
                    println!("{}: rewritten{}", path.display(), symbols_note(&f));
                    rewritten += 1;
                }
                Err(e) => {
                    super::say("error: ", &format!("{}: cannot write it ({e}); it is left as it was", path.display()));
                    left += 1;
                }
            },
            Err(FmtError::Load(errors)) => {
                for e in &errors {
                    super::say("error: ", &e.to_string());
                }
                super::say("note: ", &format!("{}: left as it is: it does not load as a case", path.display()));
                left += 1;
            }
            Err(e) => {
                super::say("error: ", &e.to_string());
                left += 1;
            }
        }
    }
    let done = if args.check { "not in normal form" } else { "rewritten" };
    print!(
        "{}",
        super::wrapped(
            "",
            &format!(
                "{} case file(s): {rewritten} {done}, {normal} in normal form already{}",
                files.len(),
                if left > 0 { format!(", {left} left as they are (errors above)") } else { String::new() }
            )
        )
    );
    if left > 0 || (args.check && rewritten > 0) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
