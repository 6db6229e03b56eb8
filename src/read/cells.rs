//! Interpreting a raw cell as a digit, an empty cell, or something else.

use crate::model::{MAX_SIZE, Symbols};
use crate::read::table::RawValue;

/// What a raw cell means for a Sudoku grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellClass {
    /// Nothing typed.
    Blank,
    /// An explicit empty-cell marker: `0`, `.`, `-`.
    Empty,
    /// A digit value `1..=100` (whether it fits the grid is checked later).
    Value(usize),
    /// Anything else: labels, fractions, large numbers.
    Other,
}

impl CellClass {
    /// Whether the cell is part of what a person would see as grid content.
    pub fn is_mark(self) -> bool {
        matches!(self, CellClass::Empty | CellClass::Value(_))
    }
}

/// Classifies a raw value. Numbers must be whole; numeric text is read as a number; a single
/// character of the alphabet is read as its value.
pub fn classify(value: &RawValue, symbols: &Symbols) -> CellClass {
    match value {
        RawValue::Blank => CellClass::Blank,
        RawValue::Number(n) => classify_number(*n, symbols),
        RawValue::Text(text) => classify_text(text, symbols),
        RawValue::Other(_) => CellClass::Other,
    }
}

/// Whether a cell that holds no digit looks typed where a digit should be, rather than a label: a
/// boolean, an error or a date, a number other than a whole 0 to 100, one character, text that
/// reads as a number, an error code (`#N/A`) or `TRUE`/`FALSE`.
pub fn is_misfit(value: &RawValue) -> bool {
    match value {
        RawValue::Blank => false,
        RawValue::Number(_) | RawValue::Other(_) => true,
        RawValue::Text(text) => {
            let text = text.trim();
            text.chars().count() == 1
                || text.parse::<f64>().is_ok()
                || text.starts_with('#')
                || text.eq_ignore_ascii_case("true")
                || text.eq_ignore_ascii_case("false")
        }
    }
}

/// Why a cell's text is not a digit of a grid of `size`, for messages.
pub fn rejection(class: CellClass, text: &str, size: usize) -> String {
    let number = text.trim().parse::<f64>();
    match (class, number) {
        (_, Ok(n)) if n.fract() != 0.0 => "not a whole number".into(),
        (_, Ok(_)) => format!("out of range: a {size}x{size} grid holds digits 1 to {size}"),
        (CellClass::Value(_), _) if size > 9 => {
            format!("out of range: a {size}x{size} grid holds digits 1 to {size}")
        }
        _ => format!("not a digit (1 to {size}) or an empty-cell marker (blank, 0, . or -)"),
    }
}

fn classify_number(n: f64, symbols: &Symbols) -> CellClass {
    if n.fract() != 0.0 || !(0.0..=MAX_SIZE as f64).contains(&n) {
        return CellClass::Other;
    }
    let whole = n as usize;
    if symbols.is_custom() {
        // With a custom alphabet a typed number is read as its symbol (`0` in a 0-F hexadoku).
        let text = whole.to_string();
        if let Some(value) = single_symbol(&text, symbols) {
            return CellClass::Value(value);
        }
    }
    match whole {
        0 => CellClass::Empty,
        value => CellClass::Value(value),
    }
}

/// What a cell's text holds (surrounding spaces aside), as [`classify`] tells of a text value.
pub fn classify_text(text: &str, symbols: &Symbols) -> CellClass {
    let text = text.trim();
    if text.is_empty() {
        return CellClass::Blank;
    }
    if let Some(value) = single_symbol(text, symbols) {
        return CellClass::Value(value);
    }
    if matches!(text, "." | "-" | "0") {
        return CellClass::Empty;
    }
    if text.bytes().all(|b| b.is_ascii_digit()) && text.len() <= 3 {
        return classify_number(text.parse::<f64>().unwrap_or(f64::NAN), &Symbols::default());
    }
    CellClass::Other
}

fn single_symbol(text: &str, symbols: &Symbols) -> Option<usize> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => symbols.value_of(c),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(value: RawValue) -> CellClass {
        classify(&value, &Symbols::default())
    }

    #[test]
    fn empty_markers_and_blanks() {
        for text in [".", "-", "0", " 0 "] {
            assert_eq!(
                class(RawValue::Text(text.into())),
                CellClass::Empty,
                "{text:?}"
            );
        }
        assert_eq!(class(RawValue::Number(0.0)), CellClass::Empty);
        assert_eq!(class(RawValue::Text("  ".into())), CellClass::Blank);
        assert_eq!(class(RawValue::Blank), CellClass::Blank);
    }

    #[test]
    fn numbers_must_be_whole_and_at_most_100() {
        assert_eq!(class(RawValue::Number(5.0)), CellClass::Value(5));
        assert_eq!(class(RawValue::Number(16.0)), CellClass::Value(16));
        assert_eq!(class(RawValue::Number(5.5)), CellClass::Other);
        assert_eq!(class(RawValue::Number(101.0)), CellClass::Other);
        assert_eq!(class(RawValue::Text("12".into())), CellClass::Value(12));
        assert_eq!(class(RawValue::Text("13479".into())), CellClass::Other);
        assert_eq!(class(RawValue::Text("Puzzle:".into())), CellClass::Other);
    }

    #[test]
    fn values_typed_where_a_digit_should_be_are_misfits_and_labels_are_not() {
        for value in [
            RawValue::Number(7.0000000001),
            RawValue::Other("#N/A".into()),
            RawValue::Text("TRUE".into()),
            RawValue::Text("#N/A".into()),
            RawValue::Text("\u{FF17}".into()),
            RawValue::Text("2.5".into()),
        ] {
            assert!(is_misfit(&value), "{value:?}");
        }
        for value in [
            RawValue::Blank,
            RawValue::Text("Puzzle 12".into()),
            RawValue::Text("Solution".into()),
        ] {
            assert!(!is_misfit(&value), "{value:?}");
        }
    }

    #[test]
    fn letters_follow_the_alphabet() {
        assert_eq!(class(RawValue::Text("G".into())), CellClass::Value(16));
        let hex = Symbols::custom("0123456789ABCDEF").unwrap();
        assert_eq!(classify(&RawValue::Number(0.0), &hex), CellClass::Value(1));
        assert_eq!(
            classify(&RawValue::Text("F".into()), &hex),
            CellClass::Value(16)
        );
        assert_eq!(
            classify(&RawValue::Text(".".into()), &hex),
            CellClass::Empty
        );
    }
}
