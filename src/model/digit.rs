//! Digits and digit sets: the values a cell can hold, and bit sets of them.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest grid size gridlogic handles.
pub const MAX_SIZE: usize = 100;

/// A Sudoku digit, `1..=N` for a grid of size N.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Digit(u8);

impl Digit {
    /// Makes a digit from its value; `value` must be in `1..=MAX_SIZE`.
    pub fn new(value: usize) -> Digit {
        assert!(
            (1..=MAX_SIZE).contains(&value),
            "digit {value} out of range"
        );
        Digit(value as u8)
    }

    /// The digit's value, `1..=N`.
    pub fn get(self) -> usize {
        self.0 as usize
    }

    /// The digit's zero-based index (`value - 1`), for bit sets and arrays.
    pub fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The digit with the given zero-based index.
    pub fn from_index(index: usize) -> Digit {
        Digit::new(index + 1)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A digit set serializes as the list of its digits, ascending: `[2, 6]`.
impl serde::Serialize for DigitSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// A set of digits as a bit set; bit `d - 1` stands for digit `d`.
///
/// One `u128` covers every size up to [`MAX_SIZE`], so the same type serves a 4x4 and a 100x100.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DigitSet(u128);

impl DigitSet {
    /// The empty set.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// All digits `1..=size`.
    pub fn full(size: usize) -> DigitSet {
        debug_assert!(size <= MAX_SIZE);
        if size == 0 {
            DigitSet(0)
        } else {
            DigitSet(u128::MAX >> (128 - size))
        }
    }

    /// The set holding only `digit`.
    pub fn single(digit: Digit) -> DigitSet {
        DigitSet(1 << digit.index())
    }

    /// The raw bits.
    pub fn bits(self) -> u128 {
        self.0
    }

    /// A set from raw bits.
    pub fn from_bits(bits: u128) -> DigitSet {
        DigitSet(bits)
    }

    /// Whether `digit` is in the set.
    pub fn contains(self, digit: Digit) -> bool {
        self.0 >> digit.index() & 1 == 1
    }

    /// Adds `digit`.
    pub fn insert(&mut self, digit: Digit) {
        self.0 |= 1 << digit.index();
    }

    /// Removes `digit`.
    pub fn remove(&mut self, digit: Digit) {
        self.0 &= !(1 << digit.index());
    }

    /// Number of digits in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The only digit of a one-element set.
    pub fn as_single(self) -> Option<Digit> {
        (self.len() == 1).then(|| Digit::from_index(self.0.trailing_zeros() as usize))
    }

    /// The smallest digit in the set.
    pub fn first(self) -> Option<Digit> {
        (self.0 != 0).then(|| Digit::from_index(self.0.trailing_zeros() as usize))
    }

    /// Digits in both sets.
    pub fn intersection(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & other.0)
    }

    /// Digits in either set.
    pub fn union(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 | other.0)
    }

    /// Digits of `self` that are not in `other`.
    pub fn without(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & !other.0)
    }

    /// The digits in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        // A word at a time (u128 arithmetic costs more, and most sets lie in the low word).
        let (mut word, mut high, mut base) = (self.0 as u64, (self.0 >> 64) as u64, 0);
        std::iter::from_fn(move || {
            while word == 0 {
                if high == 0 {
                    return None;
                }
                (word, high, base) = (high, 0, 64);
            }
            let index = base + word.trailing_zeros() as usize;
            word &= word - 1;
            // The set holds digits of 1..=MAX_SIZE only, made by `Digit::new`.
            Some(Digit((index + 1) as u8))
        })
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> DigitSet {
        let mut set = DigitSet::EMPTY;
        for digit in iter {
            set.insert(digit);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_set_has_exactly_size_digits() {
        for size in [1, 4, 9, 16, 25, 64, 100] {
            let full = DigitSet::full(size);
            assert_eq!(full.len(), size);
            assert!(full.contains(Digit::new(size)));
            assert_eq!(full.iter().last(), Some(Digit::new(size)));
        }
    }

    #[test]
    fn a_set_lists_its_digits_in_order_across_both_words() {
        for digits in [
            vec![],
            vec![1],
            vec![64],
            vec![65],
            vec![1, 63, 64, 65, 66, 100],
            vec![70],
        ] {
            let set: DigitSet = digits.iter().copied().map(Digit::new).collect();
            assert_eq!(set.iter().map(Digit::get).collect::<Vec<_>>(), digits);
        }
        let all: Vec<usize> = DigitSet::full(100).iter().map(Digit::get).collect();
        assert_eq!(all, (1..=100).collect::<Vec<_>>());
    }

    #[test]
    fn set_operations_follow_their_names() {
        let a: DigitSet = [1, 2, 3].into_iter().map(Digit::new).collect();
        let b: DigitSet = [3, 4].into_iter().map(Digit::new).collect();
        assert_eq!(a.intersection(b).as_single(), Some(Digit::new(3)));
        assert_eq!(a.union(b).len(), 4);
        assert_eq!(
            a.without(b).iter().map(Digit::get).collect::<Vec<_>>(),
            [1, 2]
        );
        assert_eq!(a.as_single(), None);
    }
}
