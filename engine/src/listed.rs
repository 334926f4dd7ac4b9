//! Lists of every variant of a kind that grows (the editions, the findings,
//! the irregular calls, the incidents), kept complete by the compiler.
//!
//! Such a list is public as `&'static [T]`, not `[T; N]`: a new variant
//! makes the list longer without changing its type, so a program that
//! embeds the engine and reads the list still compiles.
//!
//! [`every!`] writes the list and, from the same names, a `match` with no
//! `_` arm: a variant left out of the list is a variant the `match` does
//! not cover, and the crate does not compile until it is listed. The same
//! name twice is an unreachable arm, which the crate denies too.

/// `every!(Type: A, B, C)`: the `&'static [Type]` of those variants, in
/// that order, that compiles only when they are every variant of `Type`,
/// each named once.
macro_rules! every {
    ($t:ident: $($v:ident),+ $(,)?) => {{
        // Never called: it is here for the compiler's exhaustiveness check.
        #[deny(unreachable_patterns)]
        const fn _every_variant_is_listed(x: $t) {
            match x {
                $($t::$v => {})+
            }
        }
        &[$($t::$v),+]
    }};
}

pub(crate) use every;

#[cfg(test)]
mod tests {
    /// A list as `every!` makes it: the variants in the order given.
    #[test]
    fn the_list_keeps_the_order_given() {
        #[derive(Debug, Clone, Copy, PartialEq)]
        enum Three {
            A,
            B,
            C,
        }
        const LIST: &[Three] = every!(Three: C, A, B);
        assert_eq!(LIST, [Three::C, Three::A, Three::B]);
    }
}
