//! The threads that read and write a program's pipes, kept for the next
//! program once a pipe is done with. Each program needs a thread on its
//! stdout and one on its stderr (and one on its stdin when requests are
//! pipelined). With `--per-case` a program is started for every case, and
//! starting two threads for each cost about 110 µs here, a seventh of the
//! whole case (`rulings bench`, (c)). A thread that finishes its pipe waits
//! for another; one left idle for [`IDLE`] ends.
//!
//! A job is given a thread of its own at once, never queued behind another:
//! pipe jobs block until their pipe closes, so a queue could deadlock (a
//! stderr reader waiting behind a stdout reader of the same program).

use std::collections::VecDeque;
use std::sync::{Condvar, Mutex};
use std::thread;
use std::time::Duration;

/// How long a thread with nothing to do waits for a job before it ends.
const IDLE: Duration = Duration::from_secs(2);

type Job = Box<dyn FnOnce() + Send + 'static>;

struct Threads {
    state: Mutex<State>,
    ready: Condvar,
}

struct State {
    /// Jobs handed over and not yet taken; never more than `idle`.
    jobs: VecDeque<Job>,
    /// Threads waiting for a job.
    idle: usize,
}

static THREADS: Threads =
    Threads { state: Mutex::new(State { jobs: VecDeque::new(), idle: 0 }), ready: Condvar::new() };

/// Run `job` on a thread of its own: an idle one if there is one, else a
/// new one. It starts at once whatever other jobs are doing.
pub(super) fn run(job: impl FnOnce() + Send + 'static) {
    let job: Job = Box::new(job);
    let job = match THREADS.state.lock() {
        // Each job handed over has a waiting thread of its own.
        Ok(mut state) if state.idle > state.jobs.len() => {
            state.jobs.push_back(job);
            drop(state);
            THREADS.ready.notify_one();
            return;
        }
        _ => job,
    };
    thread::spawn(move || {
        job();
        serve();
    });
}

/// Wait for jobs and run them, until none comes for [`IDLE`].
fn serve() {
    loop {
        let Ok(mut state) = THREADS.state.lock() else { return };
        state.idle += 1;
        let waited = THREADS.ready.wait_timeout_while(state, IDLE, |s| s.jobs.is_empty());
        let Ok((mut state, _)) = waited else { return };
        state.idle -= 1;
        // Taken under the lock: a job handed over as the wait timed out is
        // still found here.
        let Some(job) = state.jobs.pop_front() else { return };
        drop(state);
        job();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;
    use std::sync::{Arc, Barrier};

    #[test]
    fn jobs_that_wait_for_each_other_each_get_a_thread() {
        // Eight jobs that can only finish together: queued behind one
        // another on fewer threads, they would never finish.
        let barrier = Arc::new(Barrier::new(9));
        let (tx, rx) = channel();
        for i in 0..8 {
            let (barrier, tx) = (barrier.clone(), tx.clone());
            run(move || {
                barrier.wait();
                tx.send(i).unwrap();
            });
        }
        barrier.wait();
        let mut done: Vec<i32> = (0..8).map(|_| rx.recv_timeout(Duration::from_secs(10)).unwrap()).collect();
        done.sort();
        assert_eq!(done, (0..8).collect::<Vec<_>>());
    }

    #[test]
    fn a_thread_that_finished_its_job_takes_the_next() {
        // One job at a time: after the first, an idle thread exists and
        // the following jobs run on threads already started.
        let (tx, rx) = channel();
        let mut seen = std::collections::HashSet::new();
        for _ in 0..20 {
            let tx = tx.clone();
            run(move || tx.send(thread::current().id()).unwrap());
            seen.insert(rx.recv_timeout(Duration::from_secs(10)).unwrap());
            // Let the thread get back to waiting before the next job.
            for _ in 0..1000 {
                if THREADS.state.lock().unwrap().idle > 0 {
                    break;
                }
                thread::sleep(Duration::from_millis(1));
            }
        }
        // Other tests run jobs too, in parallel: a few threads, not twenty.
        assert!(seen.len() <= 10, "{} threads for 20 jobs one after another", seen.len());
    }
}
