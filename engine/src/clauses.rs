//! The registry of law clauses that cases, rulings and reports may cite.
//!
//! One entry a clause id, with the editions it exists in and a one-line
//! summary in our own words. A case citing an id not listed here fails to
//! load; to add a clause, add a line here (and say where it comes from).

/// Editions a clause exists in, as a bit set.
pub const E1997: u8 = 1;
pub const E2007: u8 = 2;
pub const E2017: u8 = 4;
const ALL: u8 = E1997 | E2007 | E2017;
const MODERN: u8 = E2007 | E2017;

/// A known clause: id as cited ("27B1(a)"), editions, and a summary.
#[derive(Debug, Clone, Copy)]
pub struct Clause {
    pub id: &'static str,
    pub editions: u8,
    pub summary: &'static str,
}

macro_rules! clauses {
    ($($id:literal, $ed:expr, $sum:literal;)*) => {
        /// Every clause the suite knows, in law order.
        pub const CLAUSES: &[Clause] = &[$(Clause { id: $id, editions: $ed, summary: $sum }),*];
    };
}

clauses! {
    "9B", ALL, "summoning the director when attention is drawn to an irregularity";
    "10C", ALL, "the director explains the options after an irregularity";
    "10C1", ALL, "the director explains every option available";
    "10C2", ALL, "a player with an option chooses without consulting partner";
    "12B1", MODERN, "the aim of an adjusted score: redress damage, remove advantage";
    "12C", ALL, "awarding an adjusted score";
    "12C1", ALL, "assigned adjusted scores";
    "12C1(b)", E2017, "score adjustment after damage from an infraction";
    "12C1(e)", E2017, "weighted or assigned adjusted score";
    "16A", ALL, "authorised information";
    "16B", ALL, "extraneous information from partner";
    "16C", E1997 | E2017, "information from withdrawn calls and plays (2007: 16D)";
    "16C1", E1997 | E2017, "withdrawn action: authorised to the non-offending side (2007: 16D1)";
    "16C2", E1997 | E2017, "withdrawn action: unauthorised to the offending side (2007: 16D2)";
    "16D", MODERN, "2007: information from withdrawn calls; 2017: information from other sources";
    "16D1", E2007, "2007: withdrawn action authorised to the non-offending side";
    "16D2", E2007, "2007: withdrawn action unauthorised to the offending side";
    "17A", ALL, "the auction period starts when a player looks at his cards";
    "17B", ALL, "the dealer makes the first call";
    "17C", ALL, "successive calls in rotation, clockwise";
    "17D", ALL, "2017: end of the auction period; 2007: cards from a wrong board";
    "17D3", E2017, "a pass out of rotation among the closing passes does not end the auction";
    "17E", E1997 | E2007, "end of the auction period (2017: 17D)";
    "17E2", E2007, "2007: three passes after a call, one out of rotation: back to the player who missed his turn (2017: 17D3)";
    "18A", ALL, "a bid names a number of odd tricks and a denomination";
    "18B", ALL, "a sufficient bid supersedes the previous bid";
    "18C", ALL, "a sufficient bid";
    "18D", ALL, "an insufficient bid: one that does not supersede the last bid";
    "18E", ALL, "the ranking of denominations: notrump, spades, hearts, diamonds, clubs";
    "18F", MODERN, "methods of making calls (regulations)";
    "19A", ALL, "doubles";
    "19A1", ALL, "a player may double only the last bid, made by an opponent, if no call but pass intervened";
    "19A2", ALL, "a double names neither level nor denomination";
    "19B", ALL, "redoubles";
    "19B1", ALL, "a player may redouble only the last double, made by an opponent, if no call but pass intervened";
    "19B2", ALL, "a redouble names neither level nor denomination";
    "19C", ALL, "a double or redouble is cancelled by a later legal bid";
    "19D", ALL, "scoring of doubled and redoubled contracts";
    "20A", ALL, "recognition of a call";
    "20F", ALL, "explanation of calls";
    "21A", ALL, "a call based on the caller's own misunderstanding";
    "21B", ALL, "a call based on misinformation";
    "22A", ALL, "2017: three passes after a bid end the auction; the last bid is the contract";
    "22A1", E1997 | E2007, "2007: all four players pass";
    "22A2", E1997 | E2007, "2007: three passes in rotation after any call";
    "22B", ALL, "2017: all four players pass, the board is passed out; 2007: procedure after the auction";
    "23", E1997 | E2007, "1997: damaging enforced pass; 2007: awareness of potential damage (both became 72C)";
    "23A", E2017, "comparable call: definition";
    "23A1", E2017, "comparable: the same or a similar meaning";
    "23A2", E2017, "comparable: a subset of the withdrawn call's meanings";
    "23A3", E2017, "comparable: the same purpose";
    "23B", E2017, "comparable call: no further rectification";
    "23C", E2017, "comparable call: score adjusted if the non-offending side was damaged";
    "24", ALL, "card exposed or led during the auction: left face up; UI to the offending side";
    "24A", ALL, "a single card below honour rank, not led: no further rectification";
    "24B", ALL, "a single honour, or any card led prematurely: partner passes at his next turn";
    "24C", ALL, "two or more cards exposed: partner passes at his next turn";
    "24D", E2017, "the offender becomes declarer or dummy: the cards go back to his hand";
    "24E", E2017, "the offender becomes a defender: every such card is a penalty card";
    "25A", ALL, "an unintended call may be replaced";
    "25A1", MODERN, "unintended call replaced before partner calls (2007: only without pause for thought)";
    "25A2", MODERN, "2017: a call originally intended stands; 2007: no replacement once partner has called";
    "25A3", MODERN, "2017: however the player became aware of the error; 2007: no replacement after the auction period";
    "25A4", MODERN, "2017: no replacement once partner has called; 2007: LHO may withdraw a call made over the replaced call";
    "25A5", E2017, "no replacement after the auction period ends";
    "25A6", E2017, "LHO may withdraw a call made over the replaced call";
    "25B", ALL, "a change of call that 25A does not allow";
    "25B1", ALL, "the substituted call accepted by LHO";
    "25B2", ALL, "the substituted call not accepted";
    "25B2(a)", E1997, "1997: not condoned, the original call was illegal";
    "25B2(b)", E1997, "1997: not condoned, the original call was legal";
    "25B2(b)(1)", E1997, "1997: the original call stands, partner passes at his next turn";
    "25B2(b)(2)", E1997, "1997: another legal call, the offending side's score capped at average minus";
    "25B2(c)", E1997, "1997: lead penalties of Law 26 may apply";
    "25B3", E2017, "16C applies to a withdrawn or cancelled call";
    "26", ALL, "call withdrawn: lead restrictions";
    "26A", ALL, "2017: no lead restrictions after a comparable call; 2007/1997: call related to a specific suit";
    "26A1", E2007, "2007: every suit the withdrawn call named was specified legally by the offender: no lead restriction";
    "26A2", E2007, "2007: a suit the withdrawn call named was not specified legally by the offender: declarer may require or prohibit it";
    "26B", ALL, "2017: declarer may prohibit one suit not specified by the offender; 2007/1997: any one suit";
    "27", ALL, "insufficient bid";
    "27A", ALL, "acceptance of an insufficient bid";
    "27A1", ALL, "LHO may accept an insufficient bid; calling over it accepts";
    "27A2", MODERN, "an insufficient bid out of rotation: Law 31";
    "27B", ALL, "insufficient bid not accepted: it must be corrected";
    "27B1", ALL, "correction without further rectification";
    "27B1(a)", ALL, "lowest sufficient bid specifying the same denomination(s)";
    "27B1(b)", ALL, "correction by a comparable call (2007: same or more precise meaning)";
    "27B2", ALL, "any other sufficient bid or pass: partner must pass for the rest of the auction";
    "27B3", MODERN, "an attempted double or redouble is cancelled; partner must pass throughout";
    "27B4", MODERN, "another insufficient bid as the correction";
    "27C", MODERN, "premature correction before the director rules";
    "27D", MODERN, "after 27B1, score adjusted if the non-offending side was damaged";
    "28", ALL, "calls considered to be in rotation";
    "28A", ALL, "a call at RHO's turn when RHO is required to pass";
    "28B", ALL, "the player whose turn it was calls before rectification (2017: 16C2, no Law 26; 2007: 16D2)";
    "29", ALL, "procedure after a call out of rotation";
    "29A", ALL, "offender's LHO calls over it: rectification forfeited";
    "29B", ALL, "the call out of rotation is cancelled; the auction reverts";
    "29C", MODERN, "a call out of rotation that is artificial";
    // Laws 28-32 of 2007 (and 1997, where the structure is the same): 28B
    // bridgeditalia.it Art. 28 (2007 Italian); 29 and 30A/30B1 the ACBL
    // 2008 printing quoted on BBO forum topic 75955; 30B2/30B3/30C
    // lovboka.org/30.htm (2007 Norwegian) and bridgeditalia.it Art. 30;
    // 31 bridge.pro.br lei_31 (1997 Portuguese) and the engineersireland
    // club summary; 32 lovboka.org/32.htm and the 1997 Norwegian law book;
    // 17E2 pzbs.pl/sedziowie/mpb/2007/ang/law17.htm.
    "30", ALL, "pass out of rotation";
    "30A", ALL, "2017: pass at RHO's turn; 2007: pass before any player has bid: the offender passes at his next turn";
    "30B", ALL, "2017: pass at partner's turn or at LHO's turn; 2007: pass after any player has bid";
    "30B1", ALL, "2017: pass at partner's turn, or at LHO's before the offender has called; 2007: at RHO's turn after a bid, the offender passes at his next turn";
    "30B1(a)", E2017, "offender's partner may make any legal call";
    "30B1(b)", E2017, "the offender's call at his own turn";
    "30B1(b)(i)", E2017, "a comparable call: no further rectification";
    "30B1(b)(ii)", E2017, "not comparable: partner must pass at his next turn";
    "30B2", ALL, "2017: pass at LHO's turn after the offender has called: a change of call; 2007: pass at partner's turn after a bid";
    "30B2(a)", E2007, "2007: the offender must pass for the rest of the auction (Law 23 may apply)";
    "30B2(b)", E2007, "2007: partner may bid or pass but not double or redouble at that turn";
    "30B3", E2007, "2007: pass at LHO's turn after a bid: a change of call (Law 25)";
    "30C", MODERN, "an artificial pass out of rotation: treated as a bid";
    "31", ALL, "bid out of rotation";
    "31A", ALL, "bid at RHO's turn";
    "31A1", ALL, "RHO passes: the offender repeats the call";
    "31A2", ALL, "RHO bids, doubles or redoubles";
    "31A2(a)", ALL, "2017: a comparable call, no further rectification; 2007/1997: the denomination repeated, partner passes at his next turn";
    "31A2(b)", ALL, "2017: not comparable, partner passes at his next turn; 2007/1997: any other call, partner passes for the rest of the auction, Law 26";
    "31B", ALL, "bid at partner's turn, or at LHO's before the offender has called (2007/1997: partner passes for the rest of the auction, Law 26)";
    "31B1", E2017, "offender's partner may make any legal call at his turn; 16C2 applies";
    "31B2", E2017, "offender's call at his turn, ruled as in 31A2(a) or 31A2(b)";
    "31C", E2017, "a later bid at LHO's turn: a change of call (2007: a footnote to 31B)";
    "32", ALL, "double or redouble out of rotation";
    "32A", ALL, "2017: double or redouble at RHO's turn; 2007/1997: at partner's turn, partner passes for the rest of the auction";
    "32A1", E2017, "RHO passes: the offender repeats the call (2007: 32B1)";
    "32A2", E2017, "RHO bids, doubles or redoubles (2007: 32B2)";
    "32A2(a)", E2017, "a comparable call: no further rectification";
    "32A2(b)", E2017, "not comparable: partner must pass at his next turn";
    "32B", ALL, "2017: double or redouble at partner's turn; 2007/1997: at RHO's turn";
    "32B1", ALL, "2017: offender's partner may make any legal call, 16C2; 2007/1997: RHO passes, the offender repeats the call";
    "32B2", ALL, "2017: offender's call at his turn, ruled as in 32A2(a)/(b); 2007/1997: RHO acts, partner passes for the rest of the auction";
    "32C", E2017, "a later double or redouble at LHO's turn: a change of call (25)";
    "33", ALL, "simultaneous calls";
    "34", ALL, "retention of the right to call";
    "35", ALL, "inadmissible calls";
    "35A", MODERN, "a double or redouble not permitted by Law 19: Law 36";
    "35B", MODERN, "a bid, double or redouble by a player required to pass: Law 37";
    "35C", MODERN, "a bid of more than seven: Law 38";
    "35D", MODERN, "a call after the final pass: Law 39";
    "36", ALL, "inadmissible doubles and redoubles";
    "36A", MODERN, "LHO calls before rectification: the call and all later calls cancelled, no 26B";
    "36B", MODERN, "LHO has not called before rectification";
    "36B1", E2017, "the inadmissible double or redouble is cancelled";
    "36B2", E2017, "the offender substitutes a legal call; partner passes for the rest of the auction";
    "36B3", E2017, "72C and the lead restrictions of 26B may apply";
    "36B4", E2017, "out of turn as well: back to the proper player; partner passes for the rest";
    "36C", E2017, "discovered only after the opening lead: scored as if the call had not been made";
    "37", ALL, "action violating the obligation to pass";
    "37A", MODERN, "LHO calls before rectification: the call and all later calls stand, no 26B";
    "37B", MODERN, "LHO has not called before rectification";
    "37B1", MODERN, "the bid, double or redouble is cancelled";
    "37B2", MODERN, "a pass substituted; each member of the offending side passes for the rest";
    "38", ALL, "bid of more than seven";
    "38A", ALL, "no play of a contract above seven";
    "38B", ALL, "the bid and any later calls cancelled";
    "38C", ALL, "a pass substituted; each member of the offending side passes for the rest";
    "38D", MODERN, "72C and 26B may apply, but not if LHO called before rectification";
    "39", ALL, "calls after the final pass";
    "39A", ALL, "calls after the final pass are cancelled";
    "39B", ALL, "LHO called (2017), a pass by a defender, or a call by the declaring side: nothing more";
    "39C", ALL, "a bid, double or redouble by a defender: 26B lead restrictions";
    "72C", E2017, "the offender could have known his irregularity could well damage the other side";
}

/// Look a clause up by its id, exactly as cited.
pub fn find(id: &str) -> Option<&'static Clause> {
    CLAUSES.iter().find(|c| c.id == id)
}

/// The registered clause a mistyped id most likely means: the same id
/// once spacing, brackets and case are set aside (`31B(2)` for `31B2`,
/// `27b1a` for `27B1(a)`), else the one clause of the same law within one
/// edit of it.
pub fn suggest(id: &str) -> Option<&'static str> {
    let squash = |s: &str| s.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_lowercase();
    let wanted = squash(id);
    if let Some(c) = CLAUSES.iter().find(|c| squash(c.id) == wanted) {
        return Some(c.id);
    }
    let law = law_number(id)?;
    let near: Vec<&Clause> =
        CLAUSES.iter().filter(|c| law_number(c.id) == Some(law) && edits(&squash(c.id), &wanted) <= 1).collect();
    match near.as_slice() {
        [one] => Some(one.id),
        _ => None,
    }
}

/// Levenshtein distance between two short strings.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// The law number a clause belongs to ("27B1(a)" -> 27).
pub fn law_number(id: &str) -> Option<u32> {
    let digits: String = id.chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}

/// A sort key that puts clauses in law order ("9B" before "16C", "27B1(a)" before "27B2").
pub fn sort_key(id: &str) -> (u32, String) {
    let n = law_number(id).unwrap_or(u32::MAX);
    let rest: String = id.chars().skip_while(|c| c.is_ascii_digit()).collect();
    (n, rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_in_law_order() {
        let mut seen = std::collections::BTreeSet::new();
        for c in CLAUSES {
            assert!(seen.insert(c.id), "clause {} listed twice", c.id);
            assert!(law_number(c.id).is_some(), "clause {} has no law number", c.id);
            assert!(c.editions != 0, "clause {} is in no edition", c.id);
        }
        let keys: Vec<_> = CLAUSES.iter().map(|c| sort_key(c.id).0).collect();
        let mut sorted = keys.clone();
        sorted.sort();
        assert_eq!(keys, sorted, "clauses are listed in law order");
    }

    #[test]
    fn lookups() {
        assert!(find("27B1(a)").is_some());
        assert!(find("27B9").is_none());
        assert_eq!(law_number("27B1(a)"), Some(27));
        assert!(sort_key("9B") < sort_key("16C"));
        assert_eq!(suggest("31B(2)"), Some("31B2"));
        assert_eq!(suggest("27b1a"), Some("27B1(a)"));
        assert_eq!(suggest("99Z"), None);
    }
}
