//! An implementation in another process, speaking the protocol: JSON Lines
//! on its stdin and stdout (docs/protocol.md; docs/implementers.md).
//!
//! - The program is started without a shell (its path and arguments as
//!   given); `shell: true` runs one command line through `sh -c`. Nothing
//!   from a case is ever executed: a case is only ever data in a request.
//! - Persistent (the default): one process serves the run. It is greeted
//!   with `hello`; each case is one `rule` with a fresh integer `seq` that
//!   the answer must echo; `bye` ends it.
//! - Per case: one process per message. The hello is asked of a process of
//!   its own at the start; then each case starts a process, writes its one
//!   `rule` line, closes stdin and reads one answer line.
//! - Faults are the case's own outcome, never the run's: a crash (with the
//!   exit status), a time-out (the per-case time limit), a protocol
//!   violation (see [`answer`]). Each carries what was seen on stdout and
//!   the tail of stderr. A process that faulted is killed and
//!   restarted for the next case, replaying the hello; a ruling that does
//!   not fit the schema leaves the conversation in step and costs no
//!   restart. After `max_restarts` restarts the budget is spent and the
//!   remaining cases are recorded as crashes without being asked.
//! - stderr is read by a thread: each line is passed, prefixed with the
//!   program's name, to the sink the options give (the command line prints
//!   it; without one it goes nowhere), and the process's last lines are
//!   kept for the outcome of a fault.
//! - Requests are pipelined to a persistent process: up to `window` are
//!   written before the first answer is read, and the answers must come in
//!   order. A request in flight when the process faulted is sent again, with
//!   a new seq, to the restarted process.
//!
//! Reading stdout with a time limit uses a reader thread and a channel
//! (per case on Unix: poll(2) as the answer is waited for); the pipes'
//! threads are kept for the next program ([`pipe_threads`]).
//!
//! The layers, each in its own file: [`process`] runs one program (its
//! pipes read by [`stdout`] and [`stderr`], ending it with its process
//! group); [`conversation`] speaks the
//! protocol with it (hello, seq, window, restarts); [`answer`] checks what
//! it says against the messages' schemas.

pub mod answer;
pub mod conversation;
pub mod error;
pub mod options;
mod pipe_threads;
pub mod process;
pub mod process_group;
mod stderr;
mod stdout;
pub mod traffic;

pub use conversation::External;
pub use options::{
    split_command, timeout_from_secs, ExternalOptions, OptionsError, StderrSink, DEFAULT_MAX_RESTARTS, DEFAULT_TIMEOUT,
    DEFAULT_WINDOW, MAX_TIMEOUT_SECS,
};
