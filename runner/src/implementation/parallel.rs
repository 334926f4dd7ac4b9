//! `--jobs N`: one program run as N workers side by side, each an
//! [`External`] of its own (its own process, or its own process per case,
//! and its own restart budget). Request `i` goes to worker `i % N`; the
//! answers are put back in request order, so the results, the totals and
//! the report are those of a serial run (a program that answers each
//! request on its own gives the same answers in any order).

use std::sync::mpsc::channel;
use std::sync::Arc;
use std::thread;

use rulings_engine::protocol::Hello;
use rulings_engine::Request;

use crate::cancel::Cancel;
use crate::implementation::external::traffic::Traffic;
use crate::implementation::external::{External, ExternalOptions};
use crate::implementation::in_order::InOrder;
use crate::implementation::{Answer, Implementation};

/// The workers; there is always at least one.
pub struct Workers {
    workers: Vec<External>,
}

impl Workers {
    /// Start `jobs` workers (at least one), each greeting the program.
    pub fn start(options: ExternalOptions, jobs: usize) -> Workers {
        let traffic = options.log_traffic.as_ref().map(|path| Traffic::create(path).map(Arc::new));
        Workers::start_with(options, jobs, traffic)
    }

    /// [`Workers::start`] with the traffic log already open (or none).
    pub fn start_logged(options: ExternalOptions, jobs: usize, traffic: Option<Arc<Traffic>>) -> Workers {
        Workers::start_with(options, jobs, traffic.map(Ok))
    }

    fn start_with(options: ExternalOptions, jobs: usize, traffic: Option<std::io::Result<Arc<Traffic>>>) -> Workers {
        let shared = |t: &Option<std::io::Result<Arc<Traffic>>>| match t {
            Some(Ok(t)) => Some(Ok(t.clone())),
            Some(Err(e)) => Some(Err(std::io::Error::new(e.kind(), e.to_string()))),
            None => None,
        };
        let first = External::start_logged(options.clone(), shared(&traffic));
        // One process per case: the hello is said once, to one process, not
        // once per worker; the others start a process per case only.
        let others: Vec<External> = (1..jobs.max(1))
            .map(|_| match &traffic {
                Some(Ok(t)) if options.per_case => External::per_case_like(&first, Some(t.clone())),
                _ if options.per_case => External::per_case_like(&first, None),
                _ => External::start_beside(&first, shared(&traffic)),
            })
            .collect();
        Workers { workers: std::iter::once(first).chain(others).collect() }
    }

    fn first(&self) -> &External {
        &self.workers[0]
    }

    pub fn len(&self) -> usize {
        self.workers.len()
    }

    pub fn is_empty(&self) -> bool {
        self.workers.is_empty()
    }

    /// What the program declared (the first worker's hello).
    pub fn declared_hello(&self) -> Option<&Hello> {
        self.first().declared_hello()
    }

    pub fn hello_error(&self) -> Option<String> {
        self.first().hello_error()
    }

    pub fn warnings(&self) -> &[String] {
        self.first().warnings()
    }

    /// Failures counted against the restart budget, all workers together
    /// (they share it).
    pub fn failures(&self) -> usize {
        self.first().failures()
    }

    /// Say `bye` to every copy, side by side: each may take the grace to
    /// exit, and one after another they would add up.
    pub fn shutdown(&mut self) {
        if self.workers.len() == 1 {
            return self.workers[0].shutdown();
        }
        thread::scope(|scope| {
            for w in &mut self.workers {
                scope.spawn(move || w.shutdown());
            }
        });
    }
}

impl Implementation for Workers {
    fn hello(&self) -> &Hello {
        self.first().hello()
    }

    /// Each worker is told the runs of its share (request i goes to worker i mod N).
    fn name_runs(&mut self, runs: Vec<String>) {
        let n = self.workers.len();
        for (k, worker) in self.workers.iter_mut().enumerate() {
            worker.name_runs(runs.iter().skip(k).step_by(n).cloned().collect());
        }
    }

    fn rule(&mut self, request: &Request) -> Answer {
        self.workers[0].rule(request)
    }

    /// The answers are handed on in request order as they come from the
    /// workers (request i is answer i / N of worker i mod N).
    fn rule_many(&mut self, requests: &[Request], cancel: &Cancel, answered: &mut dyn FnMut(usize, Answer)) {
        let n = self.workers.len();
        if n == 1 {
            return self.workers[0].rule_many(requests, cancel, answered);
        }
        let (tx, rx) = channel::<(usize, Answer)>();
        let shares: Vec<Vec<Request>> = (0..n).map(|k| requests.iter().skip(k).step_by(n).cloned().collect()).collect();
        let mut in_order = InOrder::new(requests.len(), answered);
        thread::scope(|scope| {
            let handles: Vec<_> = (self.workers.iter_mut().zip(&shares).enumerate())
                .map(|(k, (worker, share))| {
                    let tx = tx.clone();
                    scope
                        .spawn(move || worker.rule_many(share, cancel, &mut |j, a| drop(tx.send((k + n * (j - 1), a)))))
                })
                .collect();
            drop(tx);
            // An interrupted worker's missing answers end the run at the
            // first of them (the answered prefix, as a serial run gives).
            for (index, answer) in rx {
                in_order.put(index, answer);
            }
            // A worker that panicked has given what it answered.
            for h in handles {
                let _ = h.join();
            }
        });
    }
}
