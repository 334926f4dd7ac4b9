//! What one timed run of a measure cost: its wall-clock time; the
//! processor time (user and system) of the runner itself, all its threads,
//! and of the programs it started and waited for; and how many times a
//! thread of the runner waited (a voluntary context switch: a pipe read, a
//! hand-over to another thread, a wait for a program). Wall-clock time on a
//! shared machine says as much about the others' load as about the work;
//! processor time is charged to whoever did the work, and the waits are a
//! count, so that the runner's own share of a case can be told from the
//! program's even when the machine is busy (processor time still varies a
//! little with caches and the processor's speed).

use std::time::{Duration, Instant};

/// What getrusage(2) says of one process or of its children.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct Usage {
    /// User and system processor time.
    pub(super) time: Duration,
    /// Voluntary context switches: times a thread waited.
    pub(super) waits: u64,
}

impl Usage {
    fn since(self, before: Usage) -> Usage {
        Usage { time: self.time.saturating_sub(before.time), waits: self.waits.saturating_sub(before.waits) }
    }

    fn least(self, other: Usage) -> Usage {
        Usage { time: self.time.min(other.time), waits: self.waits.min(other.waits) }
    }
}

/// The cost of one timed run.
#[derive(Debug, Clone, Copy)]
pub(super) struct Cost {
    pub(super) wall: Duration,
    /// The runner's (None where the system does not say).
    pub(super) runner: Option<Usage>,
    /// The programs' it started and waited for.
    pub(super) programs: Option<Usage>,
}

/// The best of several runs of one measure: each figure the least seen
/// (not necessarily in the same run), and how many runs were timed.
#[derive(Debug, Clone, Copy)]
pub(super) struct Best {
    pub(super) wall: Duration,
    pub(super) runner: Option<Usage>,
    pub(super) programs: Option<Usage>,
    pub(super) runs: usize,
}

impl Default for Best {
    fn default() -> Self {
        Best { wall: Duration::MAX, runner: None, programs: None, runs: 0 }
    }
}

impl Best {
    /// Time `f` once and keep what is least; its result.
    pub(super) fn time<T>(&mut self, f: impl FnOnce() -> T) -> T {
        let (cost, r) = measure(f);
        self.keep(cost);
        r
    }

    fn keep(&mut self, cost: Cost) {
        let least = |a: Option<Usage>, b: Option<Usage>| match (a, b) {
            (Some(a), Some(b)) => Some(a.least(b)),
            (a, b) => a.or(b),
        };
        self.wall = self.wall.min(cost.wall);
        self.runner = least(self.runner, cost.runner);
        self.programs = least(self.programs, cost.programs);
        self.runs += 1;
    }
}

/// Run `f` and say what it cost.
pub(super) fn measure<T>(f: impl FnOnce() -> T) -> (Cost, T) {
    let before = usage();
    let t = Instant::now();
    let r = f();
    let wall = t.elapsed();
    let after = usage();
    let spent = |b: Option<Usage>, a: Option<Usage>| Some(a?.since(b?));
    let cost = Cost {
        wall,
        runner: spent(before.map(|u| u.0), after.map(|u| u.0)),
        programs: spent(before.map(|u| u.1), after.map(|u| u.1)),
    };
    (cost, r)
}

/// What this process (every thread) and its children that were waited
/// for have used so far (getrusage(2)).
#[cfg(unix)]
fn usage() -> Option<(Usage, Usage)> {
    use nix::sys::resource::{getrusage, UsageWho};
    use nix::sys::time::TimeValLike;
    let of = |who| {
        getrusage(who).ok().map(|u| {
            let micros = u.user_time().num_microseconds() + u.system_time().num_microseconds();
            Usage {
                time: Duration::from_micros(u64::try_from(micros).unwrap_or(0)),
                waits: u64::try_from(u.voluntary_context_switches()).unwrap_or(0),
            }
        })
    };
    Some((of(UsageWho::RUSAGE_SELF)?, of(UsageWho::RUSAGE_CHILDREN)?))
}

#[cfg(not(unix))]
fn usage() -> Option<(Usage, Usage)> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_of_each_is_kept_and_the_runs_counted() {
        let mut best = Best::default();
        let ms = Duration::from_millis;
        let used = |t, waits| Some(Usage { time: ms(t), waits });
        best.keep(Cost { wall: ms(5), runner: used(3, 7), programs: used(1, 2) });
        best.keep(Cost { wall: ms(4), runner: used(4, 6), programs: None });
        assert_eq!(best.wall, ms(4));
        assert_eq!(best.runner, used(3, 6));
        assert_eq!(best.programs, used(1, 2));
        assert_eq!(best.runs, 2);
    }

    #[cfg(unix)]
    #[test]
    fn a_child_waited_for_is_charged_to_the_programs_and_the_wait_to_the_runner() {
        // The child busies itself for a while; the runner only waits.
        let (cost, status) = measure(|| {
            std::process::Command::new("sh").args(["-c", "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done"]).status()
        });
        assert!(status.is_ok_and(|s| s.success()));
        let programs = cost.programs.expect("getrusage says");
        assert!(programs.time > Duration::ZERO, "{cost:?}");
        assert!(cost.runner.expect("getrusage says").waits >= 1, "{cost:?}");
    }
}
