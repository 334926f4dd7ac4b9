//! The `rulings` command line. Everything it does is in the library
//! (`rulings`); what it prints, and how it treats a terminal, is in
//! [`cli`].

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
