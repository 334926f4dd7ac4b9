//! Law 23: the comparable call.
//!
//! A call that replaces a withdrawn call is comparable if it has the same or
//! a similar meaning (23A1), defines a subset of the withdrawn call's
//! possible meanings (23A2), or has the same purpose (23A3). An explicit
//! finding of the director on the event overrides; with neither a finding
//! nor both meanings, the call is not comparable ("default").
//!
//! # The hand-set model
//!
//! A [`Meaning`] is read as a set of hands, where a hand is a point of
//! (shape, HCP): one of the 560 shapes (lengths in clubs, diamonds, hearts,
//! spades summing to 13) and a high-card count 0..=37. Only feasible points
//! belong to any set: a suit of length `L` holds between `max(0, L - 9)` and
//! `min(L, 4)` of its four honours, so a singleton holds at most 4 HCP, a
//! void none, and a 13-card suit exactly 10 ([`feasible_hcp`]).
//!
//! A [`HandSet`] stores, for each shape, a 38-bit mask of the HCP values it
//! admits. Set operations are then 560 word operations, so one
//! comparability check (two meanings read, one widening, three tests) costs
//! a few microseconds (see `benches/law23.rs` and docs/conventions.md).
//!
//! # The order of the tests
//!
//! The first test that holds gives the basis, from the most explicit to the
//! most tolerant:
//! 1. both meanings name the same purpose: 23A3 (the purpose is what the
//!    case's author or the director stated the call is for, so it is
//!    reported as such even where the hands also compare);
//! 2. the same hands (identical sets): 23A1, "same meaning";
//! 3. every replacement hand is a withdrawn-call hand: 23A2, "subset";
//! 4. every replacement hand lies within the withdrawn call's set widened by
//!    [`Regulations`] (one card in each suit, two HCP below, three above):
//!    23A1, "similar" (not under the strict reading,
//!    `comparable_reading: strict`, where "similar" is "the same");
//! 5. otherwise: not comparable, basis "default".
//!
//! Tests 2 to 4 hold only when the replacement shows every denomination
//! the withdrawn call showed: what only the withdrawn call told makes the
//! replacement not comparable (seed 004), even where a `shows` list names a
//! denomination the hands written do not hold.
//!
//! A purpose only ever adds: two different purposes do not stop the hand
//! tests. The model knows lengths and HCP, not controls: two answers to an
//! ace-ask that differ only in the number of aces need a finding.

use std::sync::OnceLock;

use crate::meanings::{Meaning, Range};
use crate::notation::Strain;
use crate::regulations::{ComparableReading, Regulations};
use crate::ruling::{Basis, Comparability};

/// The most HCP a hand can hold: four aces, four kings, four queens and a
/// jack (a 4-3-3-3 with AKQJ and three times AKQ).
pub const MAX_HCP: u8 = 37;

/// Number of hand shapes: 4-suit length vectors summing to 13.
pub const SHAPES: usize = 560;

/// The HCP values 0..=37 as bits of a `u64`.
const HCP_BITS: u64 = (1u64 << (MAX_HCP as u32 + 1)) - 1;

/// Length at which a suit counts as shown by the hands of a meaning alone
/// (when the meaning has no explicit `shows`): every hand holds four or
/// more cards in it.
const SHOWN_LENGTH: u8 = 4;

/// The shape table: every shape, its feasible HCP, and an index from
/// (clubs, diamonds, hearts) to the shape's position.
struct Shapes {
    lengths: Vec<[u8; 4]>,
    feasible: Vec<u64>,
    balanced: Vec<bool>,
    index: Vec<u16>,
}

const NO_SHAPE: u16 = u16::MAX;

fn index_key(c: u8, d: u8, h: u8) -> usize {
    (c as usize * 14 + d as usize) * 14 + h as usize
}

fn shapes() -> &'static Shapes {
    static SHAPES_TABLE: OnceLock<Shapes> = OnceLock::new();
    SHAPES_TABLE.get_or_init(|| {
        let mut lengths = Vec::with_capacity(SHAPES);
        let mut index = vec![NO_SHAPE; 14 * 14 * 14];
        for c in 0..=13u8 {
            for d in 0..=13 - c {
                for h in 0..=13 - c - d {
                    let s = 13 - c - d - h;
                    index[index_key(c, d, h)] = lengths.len() as u16;
                    lengths.push([c, d, h, s]);
                }
            }
        }
        debug_assert_eq!(lengths.len(), SHAPES);
        let feasible = lengths.iter().map(|l| feasible_hcp(*l)).collect();
        let balanced = lengths.iter().map(|l| is_balanced(*l)).collect();
        Shapes { lengths, feasible, balanced, index }
    })
}

/// The HCP a single suit of `length` cards can hold, as a bit mask.
///
/// The suit holds `k` of its honours A K Q J (4 3 2 1 points), where `k` is
/// at least `length - 9` (there are only nine spot cards) and at most
/// `min(length, 4)`; every subset of that size is possible.
fn suit_hcp(length: u8) -> u64 {
    let least = length.saturating_sub(9) as u32;
    let most = length.min(4) as u32;
    let mut mask = 0u64;
    for honours in 0u32..16 {
        let k = honours.count_ones();
        if k < least || k > most {
            continue;
        }
        let points: u32 = (0..4).filter(|b| honours & (1 << b) != 0).map(|b| b + 1).sum();
        mask |= 1 << points;
    }
    mask
}

/// The HCP values a hand of this shape can hold (the sum, over the four
/// suits, of what each suit can hold), as a bit mask over 0..=37.
pub fn feasible_hcp(lengths: [u8; 4]) -> u64 {
    let mut total = 1u64; // zero points from zero suits
    for &l in &lengths {
        let suit = suit_hcp(l);
        let mut next = 0u64;
        for p in 0..=10 {
            if suit & (1 << p) != 0 {
                next |= total << p;
            }
        }
        total = next;
    }
    total & HCP_BITS
}

/// The balanced shapes: 4-3-3-3, 4-4-3-2 and 5-3-3-2 in any suit order.
fn is_balanced(l: [u8; 4]) -> bool {
    let mut s = l;
    s.sort_unstable();
    matches!(s, [3, 3, 3, 4] | [2, 3, 4, 4] | [2, 3, 3, 5])
}

fn hcp_mask(r: Option<Range>) -> u64 {
    match r {
        None => HCP_BITS,
        Some(r) => {
            let lo = r.lo();
            let hi = r.hi_or(MAX_HCP).min(MAX_HCP);
            if lo > hi {
                return 0;
            }
            let width = (hi - lo + 1) as u32;
            let run = if width >= 64 { u64::MAX } else { (1u64 << width) - 1 };
            (run << lo) & HCP_BITS
        }
    }
}

/// The HCP values within `below` under or `above` over some value of `mask`.
fn dilate(mask: u64, below: u8, above: u8) -> u64 {
    let mut grown = mask;
    for d in 1..=above.min(MAX_HCP) as u32 {
        grown |= mask << d;
    }
    for d in 1..=below.min(MAX_HCP) as u32 {
        grown |= mask >> d;
    }
    grown & HCP_BITS
}

fn length_fits(r: Option<Range>, length: u8) -> bool {
    match r {
        None => true,
        Some(r) => length >= r.lo() && length <= r.hi_or(13),
    }
}

/// A set of hands: for each shape, the HCP values admitted (bit `p` set
/// means `p` HCP).
#[derive(Clone, PartialEq, Eq)]
pub struct HandSet {
    masks: Vec<u64>,
}

impl std::fmt::Debug for HandSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HandSet({} hands)", self.len())
    }
}

impl HandSet {
    /// Every hand that can be dealt (the tests count against it).
    #[cfg(test)]
    pub(crate) fn all() -> HandSet {
        HandSet { masks: shapes().feasible.clone() }
    }

    /// No hand at all.
    pub fn empty() -> HandSet {
        HandSet { masks: vec![0; SHAPES] }
    }

    /// The hands a meaning admits: every field constrains, and `any_of`
    /// admits a hand that fits any one alternative (each alternative being
    /// also bound by the outer fields). An empty `any_of` list is read as
    /// absent. `shows`, `artificial` and `purpose` describe the call and do
    /// not narrow its hands.
    pub fn of(m: &Meaning) -> HandSet {
        let table = shapes();
        let hcp = hcp_mask(m.hcp);
        let mut masks = vec![0u64; SHAPES];
        for (i, &l) in table.lengths.iter().enumerate() {
            let fits = (0..4).all(|s| length_fits(m.suit(s), l[s]))
                && !matches!(m.balanced, Some(b) if b != table.balanced[i]);
            if fits {
                masks[i] = hcp & table.feasible[i];
            }
        }
        let mut set = HandSet { masks };
        if let Some(alts) = m.any_of.as_ref().filter(|a| !a.is_empty()) {
            let mut union = HandSet::empty();
            for a in alts {
                union.union_with(&HandSet::of(a));
            }
            set.intersect_with(&union);
        }
        set
    }

    /// How many (shape, HCP) points the set holds.
    pub fn len(&self) -> usize {
        self.masks.iter().map(|m| m.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.masks.iter().all(|&m| m == 0)
    }

    /// Is the hand of these suit lengths and HCP in the set? (The module's
    /// tests read sets with it; the engine itself never asks.)
    #[cfg(test)]
    pub fn contains(&self, lengths: [u8; 4], hcp: u8) -> bool {
        let t = shapes();
        if lengths.iter().map(|&l| l as u32).sum::<u32>() != 13 || hcp > MAX_HCP {
            return false;
        }
        let i = t.index[index_key(lengths[0], lengths[1], lengths[2])];
        i != NO_SHAPE && self.masks[i as usize] & (1 << hcp) != 0
    }

    /// Is every hand of `self` also in `other`?
    pub fn is_subset_of(&self, other: &HandSet) -> bool {
        self.masks.iter().zip(&other.masks).all(|(a, b)| a & !b == 0)
    }

    pub fn union_with(&mut self, other: &HandSet) {
        for (a, b) in self.masks.iter_mut().zip(&other.masks) {
            *a |= b;
        }
    }

    pub fn intersect_with(&mut self, other: &HandSet) {
        for (a, b) in self.masks.iter_mut().zip(&other.masks) {
            *a &= b;
        }
    }

    /// The set widened for 23A1: every feasible hand within `cards` cards of
    /// some hand of the set in each suit, and within `below` HCP under or
    /// `above` HCP over that hand's count. A range "11-15" widened by
    /// (1, 2, 3) becomes "9-18"; "5+ spades" becomes "4+ spades". The
    /// engine asks [`HandSet::is_within_widened`], the same answer without
    /// building the set; the tests check the two agree.
    #[cfg(test)]
    pub fn widened(&self, cards: u8, below: u8, above: u8) -> HandSet {
        let t = shapes();
        let mut out = vec![0u64; SHAPES];
        for (i, o) in out.iter_mut().enumerate() {
            *o = dilate(self.near(i, cards), below, above) & t.feasible[i];
        }
        HandSet { masks: out }
    }

    /// Is every hand of `self` inside `other` widened by (`cards`, `below`,
    /// `above`)? The same answer as `self.is_subset_of(&other.widened(..))`,
    /// computed only over the shapes `self` uses, stopping at the first
    /// hand outside.
    pub fn is_within_widened(&self, other: &HandSet, cards: u8, below: u8, above: u8) -> bool {
        self.masks.iter().enumerate().all(|(i, &m)| m == 0 || m & !dilate(other.near(i, cards), below, above) == 0)
    }

    /// The union of the HCP masks of every shape whose suit lengths each
    /// differ from shape `i` by at most `cards`.
    fn near(&self, i: usize, cards: u8) -> u64 {
        let t = shapes();
        let k = cards.min(13) as i32;
        let l = t.lengths[i];
        let mut acc = 0u64;
        for dc in -k..=k {
            let c = l[0] as i32 + dc;
            if !(0..=13).contains(&c) {
                continue;
            }
            for dd in -k..=k {
                let d = l[1] as i32 + dd;
                if !(0..=13).contains(&d) {
                    continue;
                }
                for dh in -k..=k {
                    let h = l[2] as i32 + dh;
                    let s = 13 - c - d - h;
                    if !(0..=13).contains(&h) || !(0..=13).contains(&s) || (s - l[3] as i32).abs() > k {
                        continue;
                    }
                    let j = t.index[index_key(c as u8, d as u8, h as u8)];
                    if j != NO_SHAPE {
                        acc |= self.masks[j as usize];
                    }
                }
            }
        }
        acc
    }

    /// The suits in which every hand of the set holds at least `length`
    /// cards. Empty for an empty set.
    pub fn suits_at_least(&self, length: u8) -> Vec<Strain> {
        if self.is_empty() {
            return Vec::new();
        }
        let t = shapes();
        Strain::SUITS
            .into_iter()
            .enumerate()
            .filter(|&(s, _)| self.masks.iter().zip(&t.lengths).all(|(m, l)| *m == 0 || l[s] >= length))
            .map(|(_, strain)| strain)
            .collect()
    }
}

/// The denominations a meaning shows, for the 23A1 test: its explicit
/// `shows` list when it has one; otherwise the suits in which every one of
/// its hands holds four or more cards.
pub fn shown(m: &Meaning, hands: &HandSet) -> Vec<Strain> {
    let mut v = match &m.shows {
        Some(list) => list.clone(),
        None => hands.suits_at_least(SHOWN_LENGTH),
    };
    v.sort();
    v.dedup();
    v
}

/// Does the replacement show every denomination the withdrawn call showed
/// ([`shown`])? A meaning that drops one is neither the same meaning, nor
/// a subset, nor similar: what only the withdrawn call told is lost (seed
/// 004), whatever the hands (a `shows` list can name a denomination the
/// hands written do not hold).
fn keeps_denominations(w: &Meaning, wh: &HandSet, r: &Meaning, rh: &HandSet) -> bool {
    let kept = shown(r, rh);
    shown(w, wh).iter().all(|d| kept.contains(d))
}

/// A purpose token compared without regard to case or surrounding space.
fn purpose_of(m: &Meaning) -> Option<String> {
    m.purpose.as_ref().map(|p| p.trim().to_ascii_lowercase()).filter(|p| !p.is_empty())
}

/// Decide whether `replacement` is comparable to `withdrawn` (23A).
///
/// `finding` is the director's opinion written on the event; it wins
/// (basis "finding"). Without a finding, both meanings are needed; if
/// either is missing the call is not comparable (basis "default"). With
/// both, the tests run in the order of the module documentation and the
/// first that holds names the basis.
pub fn comparable(
    withdrawn: Option<&Meaning>,
    replacement: Option<&Meaning>,
    finding: Option<bool>,
    regulations: &Regulations,
) -> Comparability {
    if let Some(value) = finding {
        return Comparability { value, basis: Basis::Finding };
    }
    match (withdrawn, replacement) {
        (Some(w), Some(r)) => compare_meanings(w, r, regulations),
        _ => Comparability { value: false, basis: Basis::Default },
    }
}

/// 2007 Law 27B1(b): is `replacement` a call with the same meaning as, or
/// a more precise meaning than, the withdrawn insufficient bid, its meaning
/// fully contained in the insufficient bid's possible meanings?
///
/// The 2007 test is narrower than 2017's 23A: identical hands (reported
/// with the token "23A1", the same meaning) or a subset ("23A2"); nothing
/// "similar" and no "same purpose". The director's finding wins, and
/// without both meanings the answer is no (basis "default"), as in
/// [`comparable`].
pub fn same_or_more_precise(
    withdrawn: Option<&Meaning>,
    replacement: Option<&Meaning>,
    finding: Option<bool>,
) -> Comparability {
    if let Some(value) = finding {
        return Comparability { value, basis: Basis::Finding };
    }
    let no = Comparability { value: false, basis: Basis::Default };
    let (Some(w), Some(r)) = (withdrawn, replacement) else {
        return no;
    };
    let wh = HandSet::of(w);
    let rh = HandSet::of(r);
    if wh.is_empty() || rh.is_empty() || !keeps_denominations(w, &wh, r, &rh) {
        return no;
    }
    if wh == rh {
        return Comparability { value: true, basis: Basis::Similar };
    }
    if rh.is_subset_of(&wh) {
        return Comparability { value: true, basis: Basis::Subset };
    }
    no
}

/// 23A3, 23A1 (same), 23A2, 23A1 (similar) on two written meanings, in
/// that order. A meaning that admits no feasible hand cannot be the same
/// as, a subset of, or similar to anything; only 23A3 can then hold.
fn compare_meanings(w: &Meaning, r: &Meaning, regulations: &Regulations) -> Comparability {
    let yes = |basis| Comparability { value: true, basis };
    // 23A3: the same purpose (an asking bid, a relay, Stayman...).
    if let (Some(a), Some(b)) = (purpose_of(w), purpose_of(r)) {
        if a == b {
            return yes(Basis::SamePurpose);
        }
    }
    let wh = HandSet::of(w);
    let rh = HandSet::of(r);
    if wh.is_empty() || rh.is_empty() {
        return Comparability { value: false, basis: Basis::Default };
    }
    // No test below holds for a replacement that drops a denomination the
    // withdrawn call showed.
    if !keeps_denominations(w, &wh, r, &rh) {
        return Comparability { value: false, basis: Basis::Default };
    }
    // 23A1, the same meaning: exactly the same hands.
    if wh == rh {
        return yes(Basis::Similar);
    }
    // 23A2: every hand of the replacement is a hand of the withdrawn call.
    if rh.is_subset_of(&wh) {
        return yes(Basis::Subset);
    }
    // 23A1, a similar meaning: within the regulated tolerance (no
    // denomination lost, as above). The strict reading takes "similar" as
    // "the same".
    if regulations.comparable_reading == ComparableReading::Strict {
        return Comparability { value: false, basis: Basis::Default };
    }
    let within = rh.is_within_widened(
        &wh,
        regulations.similar_suit_cards,
        regulations.similar_hcp_below,
        regulations.similar_hcp_above,
    );
    if within {
        return yes(Basis::Similar);
    }
    Comparability { value: false, basis: Basis::Default }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A set's size is the number of hands `contains` finds in it, counted
    /// over every split of 13 cards and every HCP total; `contains` refuses
    /// what no hand is (not 13 cards, more than 37 HCP) without reading a
    /// mask; Debug names the size.
    #[test]
    fn a_set_holds_the_hands_contains_finds() {
        let count = |set: &HandSet| {
            let mut n = 0;
            for s in 0..=13u8 {
                for h in 0..=13 - s {
                    for d in 0..=13 - s - h {
                        for hcp in 0..=MAX_HCP {
                            n += usize::from(set.contains([s, h, d, 13 - s - h - d], hcp));
                        }
                    }
                }
            }
            n
        };
        let all = HandSet::all();
        assert!(all.len() > 1000, "{}", all.len());
        assert_eq!(all.len(), count(&all));
        let strong = HandSet::of(&m("hcp=20-22 balanced=true"));
        assert_eq!(strong.len(), count(&strong));
        assert!(strong.len() > 1 && strong.len() < all.len());
        assert_eq!(HandSet::empty().len(), 0);
        assert_eq!(count(&HandSet::empty()), 0);
        // Four aces, kings and queens and a jack: 37, the most a hand holds.
        assert!(all.contains([4, 3, 3, 3], 37));
        assert!(all.contains([4, 3, 3, 3], 10));
        // Not 13 cards, or more HCP than a hand holds: no hand.
        assert!(!all.contains([4, 3, 3, 4], 10), "14 cards");
        assert!(!all.contains([4, 3, 3, 2], 10), "12 cards");
        assert!(!all.contains([4, 3, 3, 3], 38));
        assert!(!all.contains([4, 3, 3, 3], 200));
        assert_eq!(format!("{:?}", HandSet::empty()), "HandSet(0 hands)");
        assert_eq!(format!("{strong:?}"), format!("HandSet({} hands)", strong.len()));
    }

    /// A meaning from a compact list of `key=value` fields, as a case would
    /// write them: "hcp=11-15 S=5+ balanced=true purpose=stayman shows=S,H".
    fn m(spec: &str) -> Meaning {
        let mut out = Meaning::default();
        for field in spec.split_whitespace() {
            let (k, v) = field.split_once('=').expect("key=value");
            let range = || Some(v.parse::<Range>().expect("range"));
            match k {
                "hcp" => out.hcp = range(),
                "C" => out.clubs = range(),
                "D" => out.diamonds = range(),
                "H" => out.hearts = range(),
                "S" => out.spades = range(),
                "balanced" => out.balanced = Some(v == "true"),
                "artificial" => out.artificial = Some(v == "true"),
                "purpose" => out.purpose = Some(v.to_string()),
                "shows" => {
                    out.shows =
                        Some(v.split(',').filter(|s| !s.is_empty()).map(|s| s.parse().expect("strain")).collect())
                }
                _ => panic!("unknown key {k}"),
            }
        }
        out
    }

    fn any_of(outer: &str, alts: &[&str]) -> Meaning {
        let mut o = m(outer);
        o.any_of = Some(alts.iter().map(|a| m(a)).collect());
        o
    }

    fn check(w: &Meaning, r: &Meaning) -> Comparability {
        comparable(Some(w), Some(r), None, &Regulations::default())
    }

    fn yes(basis: Basis) -> Comparability {
        Comparability { value: true, basis }
    }

    const NO: Comparability = Comparability { value: false, basis: Basis::Default };

    #[test]
    fn there_are_560_shapes_and_37_is_the_most_hcp() {
        let t = shapes();
        assert_eq!(t.lengths.len(), SHAPES);
        assert!(t.lengths.iter().all(|l| l.iter().map(|&x| x as u32).sum::<u32>() == 13));
        let top = t.feasible.iter().map(|m| 63 - m.leading_zeros()).max();
        assert_eq!(top, Some(37));
        // 37 needs 4-3-3-3: AKQJ + AKQ + AKQ + AKQ.
        assert_ne!(feasible_hcp([4, 3, 3, 3]) & (1 << 37), 0);
        assert_eq!(feasible_hcp([4, 4, 4, 1]) >> 35, 0, "4-4-4-1 holds at most 34");
    }

    #[test]
    fn feasibility_follows_the_honours_a_shape_can_hold() {
        // A 13-card suit holds all four honours: exactly 10 HCP.
        assert_eq!(feasible_hcp([13, 0, 0, 0]), 1 << 10);
        // Ten cards hold at least the jack; a void and singleton cap the rest.
        let ten = feasible_hcp([10, 1, 1, 1]);
        assert_eq!(ten & 1, 0, "ten cards in a suit cannot be a yarborough");
        assert_eq!(63 - ten.leading_zeros(), 10 + 4 + 4 + 4);
        // A 7-6 two-suiter with two voids: at most 20.
        assert_eq!(63 - feasible_hcp([7, 6, 0, 0]).leading_zeros(), 20);
        // Every point from 0 to 37 is feasible for a balanced 4-3-3-3.
        assert_eq!(feasible_hcp([3, 3, 3, 4]), HCP_BITS);
    }

    #[test]
    fn a_meaning_is_the_set_of_its_hands() {
        let one_nt = HandSet::of(&m("hcp=15-17 balanced=true"));
        assert!(one_nt.contains([4, 3, 3, 3], 15));
        assert!(one_nt.contains([2, 5, 3, 3], 17));
        assert!(!one_nt.contains([2, 2, 4, 5], 16), "5-4-2-2 is not balanced here");
        assert!(!one_nt.contains([4, 3, 3, 3], 18));
        let weak_two = HandSet::of(&m("hcp=5-10 H=6"));
        assert!(weak_two.contains([3, 2, 6, 2], 7));
        assert!(!weak_two.contains([3, 1, 7, 2], 7));
        // Infeasible points never belong: 12 spades cannot be a 2-count.
        assert!(!HandSet::of(&m("S=12+")).contains([1, 0, 0, 12], 2));
        // Ten spades and three singleton aces: 10 + 4 + 4 + 4 is the ceiling.
        assert!(HandSet::of(&m("hcp=22 S=10+")).contains([1, 1, 1, 10], 22));
        assert!(HandSet::of(&m("hcp=23+ S=10+")).is_empty());
        assert!(HandSet::of(&m("hcp=25+ C=8+ D=5+")).is_empty(), "8-5-0-0 holds at most 17");
    }

    #[test]
    fn a_finding_overrides_and_missing_meanings_default_to_not_comparable() {
        let r = Regulations::default();
        let weak = m("hcp=5-10 H=6");
        assert_eq!(comparable(Some(&weak), Some(&m("hcp=20+")), Some(true), &r), yes(Basis::Finding));
        assert_eq!(
            comparable(Some(&weak), Some(&weak), Some(false), &r),
            Comparability { value: false, basis: Basis::Finding }
        );
        assert_eq!(comparable(Some(&weak), None, None, &r), NO);
        assert_eq!(comparable(None, Some(&weak), None, &r), NO);
        assert_eq!(comparable(None, None, None, &r), NO);
    }

    #[test]
    fn multi_2d_then_weak_three_of_a_major_is_a_subset() {
        // Seed 004 (3C) 2D as a Multi; WBFC example 38 (research E41).
        let multi = any_of("hcp=5-10 artificial=true shows=", &["H=6", "S=6"]);
        assert_eq!(check(&multi, &m("hcp=5-10 H=6")), yes(Basis::Subset));
        assert_eq!(check(&multi, &m("hcp=6-10 S=6")), yes(Basis::Subset));
        // Seven-card pre-empts are not Multi hands, but one card more is similar.
        assert_eq!(check(&multi, &m("hcp=5-10 S=7")), yes(Basis::Similar));
        // A strong hand is neither.
        assert_eq!(check(&multi, &m("hcp=16+ H=6+")), NO);
    }

    #[test]
    fn two_notrump_then_three_notrump_is_similar() {
        let two = m("hcp=20-21 balanced=true");
        let three = m("hcp=20-22 balanced=true");
        assert_eq!(check(&two, &three), yes(Basis::Similar));
        // With no tolerance (a regulation may say so), 22 is outside 20-21.
        let strict =
            Regulations { similar_suit_cards: 0, similar_hcp_below: 0, similar_hcp_above: 0, ..Regulations::default() };
        assert_eq!(comparable(Some(&two), Some(&three), None, &strict), NO);
        // The other way round is a subset.
        assert_eq!(check(&three, &two), yes(Basis::Subset));
    }

    #[test]
    fn the_strict_reading_keeps_same_subset_and_purpose_but_not_similar() {
        let strict = Regulations { comparable_reading: ComparableReading::Strict, ..Regulations::default() };
        let two = m("hcp=20-21 balanced=true");
        let three = m("hcp=20-22 balanced=true");
        // Similar under the default tolerances, and under wider ones...
        assert_eq!(check(&two, &three), yes(Basis::Similar));
        let wide = Regulations { similar_hcp_above: 5, ..strict };
        // ...but not under the strict reading, whatever the tolerances say.
        assert_eq!(comparable(Some(&two), Some(&three), None, &strict), NO);
        assert_eq!(comparable(Some(&two), Some(&three), None, &wide), NO);
        // The same meaning, a subset and the same purpose still count.
        assert_eq!(comparable(Some(&two), Some(&two.clone()), None, &strict), yes(Basis::Similar));
        assert_eq!(comparable(Some(&three), Some(&two), None, &strict), yes(Basis::Subset));
        let ask = m("hcp=8+ artificial=true purpose=stayman");
        assert_eq!(comparable(Some(&ask), Some(&m("hcp=11+ purpose=stayman")), None, &strict), yes(Basis::SamePurpose));
        // A finding still decides.
        assert_eq!(comparable(Some(&two), Some(&three), Some(true), &strict), yes(Basis::Finding));
    }

    #[test]
    fn the_same_hands_are_the_same_meaning() {
        let a = m("hcp=15-17 balanced=true");
        assert_eq!(check(&a, &a.clone()), yes(Basis::Similar));
    }

    #[test]
    fn stayman_then_stayman_at_the_three_level_has_the_same_purpose() {
        let two = any_of("hcp=8+ artificial=true purpose=stayman", &["H=4+", "S=4+"]);
        // Over an overcall, 3C asks for majors without promising one.
        let three = m("hcp=8+ artificial=true purpose=Stayman");
        assert_eq!(check(&two, &three), yes(Basis::SamePurpose));
        // A different purpose is nothing.
        let relay = m("hcp=8+ artificial=true purpose=relay");
        assert_eq!(check(&two, &relay), NO);
        // The same purpose is reported even where the hands are a subset too.
        let narrower = any_of("hcp=10+ purpose=stayman", &["H=4", "S=4"]);
        assert_eq!(check(&two, &narrower), yes(Basis::SamePurpose));
        // Different purposes do not stop the hand tests.
        let other = any_of("hcp=10+ purpose=puppet", &["H=4", "S=4"]);
        assert_eq!(check(&two, &other), yes(Basis::Subset));
    }

    #[test]
    fn one_notrump_then_two_notrump_is_not_comparable() {
        let one = m("hcp=15-17 balanced=true");
        let two = m("hcp=20-21 balanced=true");
        assert_eq!(check(&one, &two), NO);
        assert_eq!(check(&two, &one), NO);
    }

    #[test]
    fn strong_2c_then_a_takeout_double_that_includes_weak_hands_is_not_comparable() {
        // Seed 004, (2S) 2C meant as a strong opening.
        let strong = m("hcp=22+ artificial=true shows=");
        let double = m("hcp=12+ S=-2 shows=");
        assert_eq!(check(&strong, &double), NO);
        // A double that shows only 23+ would be a subset.
        assert_eq!(check(&strong, &m("hcp=23+")), yes(Basis::Subset));
    }

    #[test]
    fn one_card_more_or_fewer_and_two_points_at_the_bottom_are_similar() {
        // Seed 004: one card more or fewer; one or two points at the lower end.
        let weak = m("hcp=6-10 S=6");
        assert_eq!(check(&weak, &m("hcp=6-10 S=6-7")), yes(Basis::Similar));
        assert_eq!(check(&weak, &m("hcp=6-10 S=5-6")), yes(Basis::Similar));
        assert_eq!(check(&weak, &m("hcp=6-10 S=6-8")), NO, "two cards more is not similar");
        let opening = m("hcp=12-14 balanced=true");
        assert_eq!(check(&opening, &m("hcp=10-14 balanced=true")), yes(Basis::Similar));
        assert_eq!(check(&opening, &m("hcp=9-14 balanced=true")), NO, "three below is not");
        // The higher end matters less: three over still counts.
        assert_eq!(check(&opening, &m("hcp=12-17 balanced=true")), yes(Basis::Similar));
        assert_eq!(check(&opening, &m("hcp=12-18 balanced=true")), NO);
    }

    #[test]
    fn a_similar_call_must_keep_the_denominations_shown() {
        // 1C (1S) 1H: four-plus hearts. A call with one heart fewer is within
        // the tolerance, but no longer shows hearts: not comparable.
        let one_heart = m("hcp=6+ H=4+");
        assert_eq!(check(&one_heart, &m("hcp=6+ H=3+")), NO);
        // With a shows list that keeps hearts it is similar.
        assert_eq!(check(&one_heart, &m("hcp=6+ H=3+ shows=H")), yes(Basis::Similar));
        // The negative double showing exactly four hearts is a subset.
        assert_eq!(check(&one_heart, &m("hcp=6+ H=4 D=4+ shows=H,D")), yes(Basis::Subset));
        // A take-out double that shows no suit replacing a natural overcall.
        let overcall = m("hcp=8-16 H=5+");
        assert_eq!(check(&overcall, &m("hcp=12+ H=3-4 S=-2 shows=")), NO);
    }

    #[test]
    fn any_of_is_a_union_bound_by_the_outer_fields() {
        let multi = any_of("hcp=5-10", &["H=6", "S=6", "hcp=20-21 balanced=true"]);
        let set = HandSet::of(&multi);
        assert!(set.contains([2, 3, 6, 2], 8));
        assert!(!set.contains([2, 3, 6, 2], 12));
        // The strong alternative is cut away by the outer 5-10.
        assert!(!set.contains([4, 3, 3, 3], 20));
        let alone = any_of("", &["hcp=5-10 H=6", "hcp=20-21 balanced=true"]);
        assert!(HandSet::of(&alone).contains([4, 3, 3, 3], 20));
        // An empty any_of is no constraint.
        let mut empty = m("hcp=5-10");
        empty.any_of = Some(vec![]);
        assert_eq!(HandSet::of(&empty), HandSet::of(&m("hcp=5-10")));
    }

    #[test]
    fn widening_moves_each_bound() {
        let w = HandSet::of(&m("hcp=11-15 S=5+")).widened(1, 2, 3);
        assert_eq!(w, HandSet::of(&m("hcp=9-18 S=4+")));
        let none = HandSet::of(&m("hcp=11-15 S=5+")).widened(0, 0, 0);
        assert_eq!(none, HandSet::of(&m("hcp=11-15 S=5+")));
    }

    #[test]
    fn the_fast_widening_test_agrees_with_the_widened_set() {
        let metas = [
            m("hcp=15-17 balanced=true"),
            m("hcp=5-10 H=6"),
            m("hcp=22+"),
            m("hcp=12+ S=-2"),
            m("hcp=6+ H=4+"),
            any_of("hcp=5-10", &["H=6", "S=6"]),
            m("C=9+"),
        ];
        for (cards, below, above) in [(1, 2, 3), (0, 0, 0), (2, 0, 5), (0, 3, 0)] {
            for w in &metas {
                let wh = HandSet::of(w);
                let wide = wh.widened(cards, below, above);
                for r in &metas {
                    let rh = HandSet::of(r);
                    assert_eq!(
                        rh.is_within_widened(&wh, cards, below, above),
                        rh.is_subset_of(&wide),
                        "{r:?} within {w:?} widened by {cards} {below} {above}"
                    );
                }
            }
        }
    }

    #[test]
    fn an_infeasible_meaning_is_comparable_only_by_purpose() {
        let nothing = m("hcp=25+ C=8+ D=5+ purpose=ask");
        assert_eq!(check(&m("hcp=20+"), &nothing), NO);
        assert_eq!(check(&m("purpose=ask"), &nothing), yes(Basis::SamePurpose));
    }

    #[test]
    fn suits_shown_by_the_hands() {
        assert_eq!(HandSet::of(&m("H=5+ S=4+")).suits_at_least(4), vec![Strain::H, Strain::S]);
        assert!(HandSet::of(&any_of("", &["H=6", "S=6"])).suits_at_least(4).is_empty());
        assert!(HandSet::empty().suits_at_least(4).is_empty());
    }

    /// 2007 27B1(b)'s narrower test: the same hands (basis `Similar`,
    /// reported as 23A1, the same meaning) or a subset; a replacement no
    /// hand can hold is neither, though the empty set is a subset of any.
    #[test]
    fn the_2007_test_takes_the_same_hands_or_a_subset_and_nothing_infeasible() {
        let strong = m("hcp=15-17 balanced=true");
        assert_eq!(same_or_more_precise(Some(&strong), Some(&strong.clone()), None), yes(Basis::Similar));
        assert_eq!(same_or_more_precise(Some(&strong), Some(&m("hcp=16-17 balanced=true")), None), yes(Basis::Subset));
        let nothing = m("hcp=25+ C=8+ D=5+");
        assert_eq!(same_or_more_precise(Some(&strong), Some(&nothing), None), NO);
        assert_eq!(same_or_more_precise(Some(&nothing), Some(&strong), None), NO);
        // Nothing similar in 2007: one point more is not enough.
        assert_eq!(same_or_more_precise(Some(&strong), Some(&m("hcp=15-18 balanced=true")), None), NO);
        assert_eq!(same_or_more_precise(Some(&strong), None, None), NO);
        assert_eq!(same_or_more_precise(Some(&strong), Some(&nothing), Some(true)), yes(Basis::Finding));
    }

    /// A call that no longer shows a denomination the withdrawn call showed
    /// is not comparable, even with the same hands or a subset of them: a
    /// 1H showing hearts and a 2H the partnership plays as showing clubs,
    /// their hands written alike, are not the same meaning (23A1), nor is a
    /// narrower range that shows nothing a subset of a spade bid (23A2). The
    /// same in 2007 (27B1(b)).
    #[test]
    fn a_replacement_that_drops_a_denomination_shown_is_not_comparable() {
        let hearts = m("hcp=11-15 shows=H");
        let clubs = m("hcp=11-15 shows=C");
        assert_eq!(check(&hearts, &clubs), NO);
        assert_eq!(same_or_more_precise(Some(&hearts), Some(&clubs), None), NO);
        let spades = m("hcp=11-15 shows=S");
        let nothing_shown = m("hcp=12-14 shows=");
        assert_eq!(check(&spades, &nothing_shown), NO);
        assert_eq!(same_or_more_precise(Some(&spades), Some(&nothing_shown), None), NO);
        // Keeping the denomination, the same hands and a subset still hold.
        assert_eq!(check(&hearts, &m("hcp=11-15 shows=H")), yes(Basis::Similar));
        assert_eq!(check(&hearts, &m("hcp=12-14 shows=H,S")), yes(Basis::Subset));
        assert_eq!(same_or_more_precise(Some(&hearts), Some(&m("hcp=12-14 shows=H")), None), yes(Basis::Subset));
    }
}
