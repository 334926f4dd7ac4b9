//! Each program under test runs in a process group of its own, so that
//! whatever it starts (a shell's child, a helper it forks) ends with it:
//! ending a program means ending its group, not only the process the runner
//! started. The groups alive are listed, so that a runner stopped at once
//! (a second Ctrl-C or SIGTERM) still ends them on its way out.
//!
//! On systems without process groups (Windows) only the direct child is
//! ended, as `std::process::Child::kill` does.

use std::process::{Child, Command};
use std::sync::Mutex;

/// The process groups started and not yet ended, by their leader's id.
static LIVE: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Make `cmd` start its process in a new group of its own (whose id is the
/// process's own). Ctrl-C at the terminal then reaches the runner only,
/// which stops asking and writes its report, then ends the program itself.
pub fn own_group(cmd: &mut Command) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
    }
    #[cfg(not(unix))]
    let _ = cmd;
}

/// Note a started process's group as alive.
pub fn started(child: &Child) {
    if let Ok(mut live) = LIVE.lock() {
        live.push(child.id());
    }
}

/// End every process of `child`'s group (SIGKILL to the group), then the
/// child itself, and wait for the child. Safe to call on a child already
/// waited for: its group is ended all the same, which catches what it left
/// behind. (An id is not reused while a group of that id has members.)
pub fn end(child: &mut Child) {
    kill_group(child.id());
    let _ = child.kill();
    let _ = child.wait();
    forget(child.id());
}

/// End the group of a child that has exited on its own (after its status
/// was taken): anything it left running goes with it.
pub fn end_leftovers(child: &Child) {
    kill_group(child.id());
    forget(child.id());
}

/// End every group still alive; for a runner that is stopping at once.
pub fn end_all() {
    let ids: Vec<u32> = match LIVE.lock() {
        Ok(mut live) => std::mem::take(&mut *live),
        Err(_) => return,
    };
    for id in ids {
        kill_group(id);
    }
}

fn forget(id: u32) {
    if let Ok(mut live) = LIVE.lock() {
        live.retain(|&l| l != id);
    }
}

#[cfg(unix)]
fn kill_group(id: u32) {
    use nix::sys::signal::{killpg, Signal};
    use nix::unistd::Pid;
    let Ok(pid) = i32::try_from(id) else { return };
    if pid > 1 {
        // A group that is gone gives ESRCH, which is what we want anyway.
        let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
    }
}

#[cfg(not(unix))]
fn kill_group(_id: u32) {}
