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
/// With `dies_with_runner`, on Linux, the kernel also ends the program if
/// the runner is killed outright ([`end_with_the_runner`]). That costs a
/// fork instead of a vfork at every start (about half a millisecond here,
/// measured with `rulings bench`): worth it for a program started once for
/// the run, not for one started for every case (`--per-case`), which is
/// left to end itself when its stdin closes with the runner.
pub fn own_group(cmd: &mut Command, dies_with_runner: bool) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
    }
    #[cfg(target_os = "linux")]
    if dies_with_runner {
        end_with_the_runner(cmd);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (cmd, dies_with_runner);
}

/// On Linux, ask the kernel to kill the program when the runner dies, even
/// by SIGKILL, which leaves no chance to end it. The kernel
/// sends the signal when the thread that started the program ends: a
/// program restarted by a worker of `--jobs` ends with that worker, at the
/// end of the run's questions, when it is no longer asked anything. What
/// the program itself starts is not covered (its group is ended as usual
/// while the runner lives).
#[cfg(target_os = "linux")]
fn end_with_the_runner(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    let runner = std::process::id();
    // SAFETY: the closure runs in the child between fork and exec. It
    // calls only prctl(2) and getppid(2), which are async-signal-safe, and
    // allocates nothing (its errors are raw OS errors).
    unsafe {
        cmd.pre_exec(move || {
            nix::sys::prctl::set_pdeathsig(nix::sys::signal::Signal::SIGKILL).map_err(std::io::Error::from)?;
            // The runner died before the request took effect: do not run.
            if u32::try_from(nix::unistd::getppid().as_raw()).ok() != Some(runner) {
                return Err(std::io::Error::from_raw_os_error(nix::errno::Errno::ESRCH as i32));
            }
            Ok(())
        });
    }
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
