//! `rulings workbench`: its option, and what it prints; the server is
//! [`rulings::workbench`].

use std::process::ExitCode;

#[derive(Debug, Clone, clap::Args)]
pub struct WorkbenchArgs {
    /// The address to listen on: 127.0.0.1 (this machine only) by default; 0.0.0.0:8080 serves a
    /// club's network, where the page is opened by this machine's IP address
    /// (http://192.168.1.23:8080/). Port 0 picks a free port.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8080")]
    pub listen: String,
    /// A host name the page may also be opened by (clubpc.local), besides localhost and IP
    /// addresses; requests naming any other host are refused (a web page elsewhere could
    /// otherwise reach the workbench through a name of its own). May be repeated.
    #[arg(long, value_name = "NAME")]
    pub allow_host: Vec<String>,
    /// The repository's new-issue address (https://github.com/OWNER/REPO/issues/new): Propose
    /// then also gives a link that opens the issue form filled in.
    #[arg(long, value_name = "URL")]
    pub issue_form: Option<String>,
}

pub fn main(args: &WorkbenchArgs) -> ExitCode {
    let workbench = match rulings::workbench::Workbench::bind(&args.listen, args.issue_form.clone()) {
        Ok(w) => w,
        Err(e) => {
            super::say("error: ", &format!("{e} (another address: --listen 127.0.0.1:8081)"));
            return ExitCode::from(2);
        }
    };
    let workbench = match workbench.with_allowed_hosts(&args.allow_host) {
        Ok(w) => w,
        Err(e) => {
            super::say("error: ", &e.to_string());
            return ExitCode::from(2);
        }
    };
    // The address on stdout, alone on its line, for a person and a script.
    println!("{}", workbench.url());
    super::say(
        "",
        "rulings workbench: open the address above in a browser; nothing is written on this machine's disk. \
         Ctrl-C ends it.",
    );
    match workbench.serve() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            super::say("error: ", &e.to_string());
            ExitCode::FAILURE
        }
    }
}
