//! What the table waits on under Law 25, and the states it holds.

use crate::meanings::Meaning;
use crate::notation::{Call, Seat};
use crate::request::Turn;
use crate::step::Insufficient;

/// What the table waits on under Law 25.
#[derive(Debug, Clone)]
pub(crate) enum Waiting {
    /// 25B1: LHO may accept the substituted call.
    Substitute(Substitution),
    /// 25A6: LHO may withdraw the call he made over the replaced call.
    LhoCall(LhoCall),
    /// 1997 25B2(b): the substitute was not condoned; the offender lets his
    /// first call stand or makes another legal call.
    OffenderChooses(Substitution),
    /// 1997 25B2(a): the first call was an insufficient bid, which Law 27
    /// holds; LHO may condone the substitute (25B1).
    IllegalFirst(Box<IllegalFirst>),
}

/// 1997: an insufficient bid followed, before LHO called, by another call
/// of the offender.
#[derive(Debug, Clone)]
pub(crate) struct IllegalFirst {
    pub(super) ib: Insufficient,
    pub(super) substitute: Turn,
}

/// An intended change of call waiting on LHO's option (25B).
#[derive(Debug, Clone)]
pub(crate) struct Substitution {
    pub(super) offender: Seat,
    /// Where the first call stands in the auction (it stands while LHO decides).
    pub(super) index: usize,
    pub(super) original: Call,
    pub(super) original_means: Option<Meaning>,
    pub(super) substitute: Call,
    pub(super) substitute_means: Option<Meaning>,
    /// The director's finding on the substitute event: the two calls are
    /// (not) comparable (23A).
    pub(super) comparable: Option<bool>,
}

/// LHO's call standing, provisionally, over a 25A replacement (25A6).
#[derive(Debug, Clone)]
pub(crate) struct LhoCall {
    pub(super) lho: Seat,
    /// The player who replaced his unintended call.
    pub(super) replacer: Seat,
    /// Where LHO's call stands in the auction.
    pub(super) index: usize,
    pub(super) call: Call,
}
