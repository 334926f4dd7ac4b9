//! Answers that arrive out of order, handed on in the order of their
//! requests. A persistent program's answers can come back out of order
//! (one request fails to be written and is answered at once; a restart
//! sends the requests in flight again), and `--jobs` workers answer their
//! shares side by side; whoever takes the answers
//! ([`super::Implementation::rule_many`]) gets them in request order, as
//! soon as every earlier one is in.

use super::Answer;

/// Where each request's answer stands.
// An answer waits here a moment at most; boxing it would buy nothing.
#[allow(clippy::large_enum_variant)]
enum Slot {
    Waiting,
    Ready(Answer),
    HandedOn,
}

/// The answers to `n` requests, handed to `sink` in request order with
/// how many have been handed on so far (1 for the first).
pub struct InOrder<'a> {
    slots: Vec<Slot>,
    next: usize,
    sink: &'a mut dyn FnMut(usize, Answer),
}

impl<'a> InOrder<'a> {
    pub fn new(n: usize, sink: &'a mut dyn FnMut(usize, Answer)) -> InOrder<'a> {
        InOrder { slots: (0..n).map(|_| Slot::Waiting).collect(), next: 0, sink }
    }

    /// The answer to request `index`; it and every answer after it that is
    /// in are handed on, if every earlier one is. A second answer to the
    /// same request is ignored.
    pub fn put(&mut self, index: usize, answer: Answer) {
        match self.slots.get_mut(index) {
            Some(slot @ Slot::Waiting) => *slot = Slot::Ready(answer),
            _ => return,
        }
        while let Some(slot) = self.slots.get_mut(self.next) {
            let Slot::Ready(_) = slot else { break };
            let Slot::Ready(answer) = std::mem::replace(slot, Slot::HandedOn) else { break };
            self.next += 1;
            (self.sink)(self.next, answer);
        }
    }

    /// Has request `index` been answered (handed on or not)?
    pub fn is_answered(&self, index: usize) -> bool {
        !matches!(self.slots.get(index), Some(Slot::Waiting))
    }

    /// The requests not answered yet.
    pub fn waiting(&self) -> impl Iterator<Item = usize> + '_ {
        self.slots.iter().enumerate().filter(|(_, s)| matches!(s, Slot::Waiting)).map(|(i, _)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(i: usize) -> Answer {
        Answer::Error(i.to_string())
    }

    #[test]
    fn answers_are_handed_on_in_request_order_as_soon_as_they_can_be() {
        let seen = std::cell::RefCell::new(Vec::new());
        let mut sink = |done: usize, a: Answer| seen.borrow_mut().push((done, a));
        let mut in_order = InOrder::new(4, &mut sink);
        in_order.put(2, answer(2));
        in_order.put(1, answer(1));
        assert!(seen.borrow().is_empty(), "request 0 is not answered yet");
        assert!(in_order.is_answered(1) && !in_order.is_answered(0));
        in_order.put(0, answer(0));
        assert_eq!(seen.borrow().len(), 3);
        in_order.put(0, answer(9));
        assert!(!in_order.is_answered(3));
        assert_eq!(in_order.waiting().collect::<Vec<_>>(), vec![3]);
        in_order.put(3, answer(3));
        assert_eq!(*seen.borrow(), (0..4).map(|i| (i + 1, answer(i))).collect::<Vec<_>>());
    }
}
