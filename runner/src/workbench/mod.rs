//! `rulings workbench`: the director's workbench, a local web page on which
//! a director tells an incident (the setting, the auction in a hand
//! record's grid, from a bidding box or a one-line story), answers the
//! decisions the table waits on, records findings, reads the reference
//! engine's ruling in words after every event, marks each item agreed or
//! not, and takes away the case file or the issue form's text.
//!
//! One idea a module: [`http`] serves, within bounds, [`hosts`] says which
//! hosts and origins may use it, [`api`] answers the page's requests,
//! [`announce`] says what each choice a player faces leads to,
//! [`words`] says a ruling in words, [`case_text`] writes the case file and
//! the issue form, [`error`] says what went wrong, [`page`] holds the page's files, the clause list and the
//! setting (the findings and incidents the page offers among it).

pub mod announce;
pub mod api;
pub mod case_text;
pub mod error;
pub mod hosts;
pub mod http;
pub mod page;
pub mod words;

pub use error::WorkbenchError;
pub use http::{Limits, Serving, Workbench};
