//! What the table waits on after a call out of rotation, and the call out
//! of rotation as the rectification sees it.

use super::restricted::Restricted;

use crate::editions::CallKind;
use crate::notation::Call;
use crate::ruling::{Irregularity, IrregularityRuling};
use crate::table::OutOfTurn;

/// What the table waits on after a call out of rotation.
#[derive(Debug, Clone)]
pub(crate) enum Waiting {
    /// 29A: the offender's LHO may accept the call, or call over it.
    Option(OutOfTurn),
    /// An inadmissible double or redouble out of rotation, not yet
    /// rectified: 36A if the offender's LHO calls next, else 36B4.
    Inadmissible { oot: OutOfTurn },
    /// A call a restriction forbids at this turn (2007 30B2(b)), not yet
    /// rectified.
    Restricted(Restricted),
}

impl OutOfTurn {
    pub(super) fn irregularity(&self) -> Irregularity {
        match self.call {
            Call::Pass => Irregularity::PassOutOfRotation,
            Call::Bid(_) => Irregularity::BidOutOfRotation,
            Call::Double => Irregularity::DoubleOutOfRotation,
            Call::Redouble => Irregularity::RedoubleOutOfRotation,
        }
    }

    /// Which of Laws 30, 31 and 32 rectifies it (30C: an artificial pass
    /// goes to 31).
    pub(super) fn kind(&self) -> CallKind {
        match self.call {
            Call::Pass if !self.as_bid => CallKind::Pass,
            Call::Pass | Call::Bid(_) => CallKind::Bid,
            Call::Double | Call::Redouble => CallKind::Double,
        }
    }

    pub(super) fn ruling(&self, law: &str) -> IrregularityRuling {
        IrregularityRuling::on_call(self.offender, self.call, self.irregularity(), law)
    }
}
