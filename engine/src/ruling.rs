//! The ruling: the state of the table after the last event (docs/protocol.md,
//! "Messages from the program"), as a serde type that the runner compares and the protocol
//! carries. Every top-level key is always present (null or empty where it
//! does not apply), so that a case can assert an absence.

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::notation::{Bid, Call, Seat, Strain};

/// Where the table stands.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Waiting on `next` to call.
    Auction,
    /// Waiting on `decision.seat` to choose between options.
    Decision,
    /// The auction is over and a contract was reached.
    Closed,
    /// Four passes: the board is passed out (22B).
    PassedOut,
}

/// The names of the irregularities the engine rules on (docs/conventions.md).
///
/// Non-exhaustive: a later version of the engine rules on more
/// irregularities, so a `match` outside this crate needs a `_` arm (say,
/// naming the irregularity by its serde name).
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Irregularity {
    /// A bid not higher than the last bid (18D), rectified under Law 27.
    InsufficientBid,
    /// A second call by the player who just called, before his left-hand opponent called (Law 25).
    ChangeOfCall,
    /// A pass out of rotation (Law 30).
    PassOutOfRotation,
    /// A bid out of rotation (Law 31).
    BidOutOfRotation,
    /// A double out of rotation (Law 32).
    DoubleOutOfRotation,
    /// A redouble out of rotation (Law 32).
    RedoubleOutOfRotation,
    /// A double the Laws do not permit (19A1), rectified under Law 36.
    InadmissibleDouble,
    /// A redouble the Laws do not permit (19B1), rectified under Law 36.
    InadmissibleRedouble,
    /// A bid of more than seven (18A), rectified under Law 38.
    BidAboveSeven,
    /// A call other than a pass by a player obliged to pass (Law 37).
    CallWhenRequiredToPass,
    /// A call after the auction has ended (22), rectified under Law 39.
    CallAfterFinalPass,
    /// A card exposed or led during the auction (Law 24).
    CardExposed,
    /// A call that a restriction in `call_restrictions` forbids at that
    /// turn (2007 30B2(b): a double or redouble by the partner of a player
    /// who passed out of rotation at his turn).
    CallWhenRestricted,
    /// 2017 15A1, 2007 17D1: a call made holding cards from a wrong board.
    CardsFromWrongBoard,
    /// Law 21B: a call made on misinformation from an opponent (the entry
    /// names the player misinformed and his call).
    Misinformation,
}

/// An option a player may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Choice {
    /// The player lets the irregular call stand (the option to accept it).
    Accept,
    /// The player refuses the irregular call: it is cancelled and rectified.
    Reject,
}

/// A decision the table waits on: who chooses, between what, under which clause.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// The player who chooses (the offender's left-hand opponent, as a rule).
    pub seat: Seat,
    /// The options open to him, in the order accept, reject.
    pub options: Vec<Choice>,
    /// The clause that gives the option (e.g. "27A1", "29A").
    pub law: String,
}

/// How comparability was decided (docs/conventions.md, "Law 23 and meanings").
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Basis {
    /// The director's explicit finding on the event.
    #[serde(rename = "finding")]
    Finding,
    /// Same or similar meaning.
    #[serde(rename = "23A1")]
    Similar,
    /// A subset of the withdrawn call's meanings.
    #[serde(rename = "23A2")]
    Subset,
    /// The same purpose.
    #[serde(rename = "23A3")]
    SamePurpose,
    /// No finding and not both meanings: not comparable.
    #[serde(rename = "default")]
    Default,
}

/// The outcome of a comparability question.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Comparability {
    /// Whether the replacement call is comparable (23A).
    pub value: bool,
    /// Which test decided it: the director's finding, one of 23A1-23A3, or the default.
    pub basis: Basis,
}

/// One irregularity, ruled once, with the clause that finally disposed of it.
/// An irregular call names `call`; a card exposed or led during the auction
/// (Law 24) names `cards` instead.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IrregularityRuling {
    /// The player who made the irregular call or exposed the cards.
    pub seat: Seat,
    /// The irregular call, when the irregularity is a call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub call: Option<Call>,
    /// The cards exposed or led, when the irregularity is Law 24's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<Card>,
    /// What the irregularity was.
    pub irregularity: Irregularity,
    /// The clause that finally disposed of it (e.g. "27B1(b)", "31A2").
    pub law: String,
    /// Whether the replacement of an insufficient bid was comparable (23A, 27B1(b)), when asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comparable: Option<Comparability>,
}

impl IrregularityRuling {
    /// The ruling on an irregular call.
    pub(crate) fn on_call(seat: Seat, call: Call, irregularity: Irregularity, law: &str) -> IrregularityRuling {
        IrregularityRuling {
            seat,
            call: Some(call),
            cards: Vec::new(),
            irregularity,
            law: law.to_string(),
            comparable: None,
        }
    }

    /// What the irregularity was about, for messages: the call, or the cards.
    pub fn what(&self) -> String {
        match self.call {
            Some(c) => c.to_string(),
            None => self.cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" "),
        }
    }
}

/// How long an obligation to pass lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scope {
    /// "must pass when next it is his turn": one turn.
    NextTurn,
    /// "must pass whenever it is his turn": the rest of the auction.
    RestOfAuction,
}

/// An obligation to pass, imposed on `seat` under `law`.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MustPass {
    /// The player who must pass.
    pub seat: Seat,
    /// For one turn or for the rest of the auction.
    pub scope: Scope,
    /// The clause that imposes the obligation (e.g. "30A", "31B").
    pub law: String,
    /// False once the obligation is spent: the turn it bound is over, or the auction is.
    pub in_force: bool,
}

/// A restriction on the calls `seat` may make, imposed under `law`, that is
/// no obligation to pass: he may call, but none of `may_not` (2007 30B2(b):
/// after his partner's pass out of rotation at his turn, he may bid or pass
/// but not double or redouble at that turn). `in_force` is false once the
/// turn it binds is over (a call of his stands at it) and once the auction
/// is over.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallRestriction {
    /// The player restricted.
    pub seat: Seat,
    /// The calls he may not make, in the order P, X, XX.
    pub may_not: Vec<Call>,
    /// The turn or turns the restriction binds.
    pub scope: Scope,
    /// The clause that imposes it.
    pub law: String,
    /// False once the turn it binds is over, or the auction is.
    pub in_force: bool,
}

/// A lead restriction on `seat` (Law 26), applying only if that player
/// becomes a defender: at his first turn to lead, declarer may prohibit the
/// lead of one of the suits in `declarer_may_prohibit_one_of`, or instead
/// require the lead of one of those in `declarer_may_require_one_of`.
/// The 2017 Laws only prohibit (26B), so the second list is empty there;
/// the 2007 Laws let declarer require a suit that the withdrawn call alone
/// named (26A2).
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeadRestriction {
    /// The player whose lead may be restricted if he becomes a defender.
    pub seat: Seat,
    /// The clause that imposes the restriction (e.g. "26B", "26A1").
    pub law: String,
    /// The suits of which declarer may prohibit the lead (one of them, at the first lead).
    pub declarer_may_prohibit_one_of: Vec<Strain>,
    /// The suits of which declarer may instead require the lead (2007 26A2; empty in 2017).
    #[serde(default)]
    pub declarer_may_require_one_of: Vec<Strain>,
}

/// How high a side may score whatever happens at the table.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScoreLimit {
    /// Average minus (12C1): 40% at matchpoints, -3 IMPs at teams.
    AverageMinus,
}

/// A cap on the score of the side of `seat`, imposed by the Laws whatever
/// the result (1997 Law 25B2(b)(2): a player who changes his mind and makes
/// another call scores at most average minus; the other side keeps the
/// score it makes at the table).
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreCap {
    /// A player of the capped side: the offender.
    pub seat: Seat,
    /// The cap on the score.
    pub limit: ScoreLimit,
    /// The clause that imposes it.
    pub law: String,
}

/// A card exposed or led during the auction that becomes a penalty card if
/// its owner becomes a defender (24E; Laws 50 and 51 then govern it).
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PenaltyCard {
    /// The player who exposed the card.
    pub seat: Seat,
    /// The card.
    pub card: Card,
    /// The clause that makes it a penalty card (e.g. "24E").
    pub law: String,
    /// 1997 Law 24: declarer may treat the card as a penalty card; it is
    /// one only if he so chooses (a choice made in the play). Written only
    /// when true: in 2007 and 2017 the card is a penalty card outright.
    #[serde(default, skip_serializing_if = "is_false")]
    pub at_declarers_option: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A withdrawn call, named by who made it and what it was.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WithdrawnCall {
    /// The player who made the call.
    pub seat: Seat,
    /// The call he made.
    pub call: Call,
}

/// Information from a withdrawn call that is unauthorised to `seat` (16C2).
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnauthorizedInformation {
    /// The player to whom the information is unauthorised (the offender's partner, as a rule).
    pub seat: Seat,
    /// The withdrawn call that carries the information.
    pub from: WithdrawnCall,
    /// The clause that makes it unauthorised (e.g. "16C2").
    pub law: String,
}

/// Doubled or redoubled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Doubling {
    /// Doubled (X).
    #[serde(rename = "X")]
    Doubled,
    /// Redoubled (XX).
    #[serde(rename = "XX")]
    Redoubled,
}

/// The final contract (22A) and its declarer (Definitions).
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contract {
    /// The last bid of the auction: level and strain.
    pub bid: Bid,
    /// X, XX, or null when undoubled.
    pub doubled: Option<Doubling>,
    /// The player of the declaring side who first named the strain.
    pub declarer: Seat,
}

/// The engine's answer to a request.
///
/// Non-exhaustive, as are the parts it holds: a ruling says more as the
/// engine rules on more, so a program outside this crate reads the fields
/// and matches them with `..`. One that must make a ruling of its own
/// starts from [`Ruling::before_any_call`] or reads one from JSON.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    /// Where the table stands: auction, decision, closed or passed out.
    pub status: Status,
    /// The player to act: to call, or to decide. Null once the auction is over.
    pub next: Option<Seat>,
    /// The choice the table waits on (Status::Decision), or null.
    pub decision: Option<Decision>,
    /// The calls that stand, from the dealer, seats implied by rotation.
    pub auction: Vec<Call>,
    /// Every irregularity of the story, in the order it happened, with the clause that ruled it.
    pub rulings: Vec<IrregularityRuling>,
    /// The obligations to pass imposed on players (e.g. 30A, 31B), spent ones included.
    pub must_pass: Vec<MustPass>,
    /// Restrictions on calls that are not obligations to pass (2007
    /// 30B2(b)). A program may leave the key out: the runner reads it as
    /// empty (docs/protocol.md).
    #[serde(default)]
    pub call_restrictions: Vec<CallRestriction>,
    /// The lead restrictions that apply if the restricted player becomes a defender (Law 26).
    pub lead_restrictions: Vec<LeadRestriction>,
    /// Cards exposed or led during the auction (24E): while the auction is
    /// open, those that would become penalty cards; once it is closed, only
    /// those of a defender.
    pub penalty_cards: Vec<PenaltyCard>,
    /// Information from withdrawn calls that is unauthorised to a player (16C).
    pub unauthorized_information: Vec<UnauthorizedInformation>,
    /// Clauses under which the director may adjust the score after play, in law order.
    pub score_adjustment: Vec<String>,
    /// The final contract (22A), or null while the auction is open or once it is passed out.
    pub contract: Option<Contract>,
    /// A cap on the offending side's score (1997 Law 25B2(b)(2)), or null.
    #[serde(default)]
    pub score_cap: Option<ScoreCap>,
}

impl Ruling {
    /// The table before any call (17A): the auction open, `dealer` to
    /// call, nothing ruled.
    pub fn before_any_call(dealer: Seat) -> Ruling {
        Ruling {
            status: Status::Auction,
            next: Some(dealer),
            decision: None,
            auction: Vec::new(),
            rulings: Vec::new(),
            must_pass: Vec::new(),
            call_restrictions: Vec::new(),
            lead_restrictions: Vec::new(),
            penalty_cards: Vec::new(),
            unauthorized_information: Vec::new(),
            score_adjustment: Vec::new(),
            contract: None,
            score_cap: None,
        }
    }

    /// The same ruling with every seat moved `steps` places clockwise.
    pub fn rotate(&self, steps: usize) -> Ruling {
        let r = |s: Seat| s.rotate(steps);
        let mut out = self.clone();
        out.next = out.next.map(r);
        if let Some(d) = &mut out.decision {
            d.seat = r(d.seat);
        }
        for x in &mut out.rulings {
            x.seat = r(x.seat);
        }
        for x in &mut out.must_pass {
            x.seat = r(x.seat);
        }
        for x in &mut out.call_restrictions {
            x.seat = r(x.seat);
        }
        for x in &mut out.lead_restrictions {
            x.seat = r(x.seat);
        }
        for x in &mut out.penalty_cards {
            x.seat = r(x.seat);
        }
        for x in &mut out.unauthorized_information {
            x.seat = r(x.seat);
            x.from.seat = r(x.from.seat);
        }
        if let Some(c) = &mut out.contract {
            c.declarer = r(c.declarer);
        }
        if let Some(c) = &mut out.score_cap {
            c.seat = r(c.seat);
        }
        out
    }
}

/// The ruling's own tests (added for the mutants docs/mutants.md lists).
#[cfg(test)]
mod tests {
    use crate::notation::Seat;
    use crate::story::tests::story;

    /// What an irregularity was about, as a message says it: the call, or
    /// the cards shown.
    #[test]
    fn an_irregularity_is_about_its_call_or_its_cards() {
        let r = crate::rule(&story(Seat::N, "N 1S, E 1H, S reject, E 2H")).expect("27B1(a)");
        assert_eq!(r.rulings[0].what(), "1H");
        let r = crate::rule(&story(Seat::N, "N 1S, E exposes C2 D3")).expect("24C");
        assert_eq!(r.rulings[0].what(), "C2 D3");
    }
}
