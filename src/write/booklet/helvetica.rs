//! Helvetica and Helvetica-Bold, two of the standard PDF fonts every reader has: text in their
//! WinAnsi encoding, and its width, so that digits are centred in cells and titles fit their
//! slot. The widths are the fonts' Adobe metrics (AFM `WX`, thousandths of the size).

/// The width of the characters from space (32) to `~` (126) in Helvetica, WinAnsi encoding.
const REGULAR: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278,
    278, // ' ' to /
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0 to ?
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ to O
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P to _
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` to o
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p to ~
];

/// The same in Helvetica-Bold.
const BOLD: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278,
    278, // ' ' to /
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, // 0 to ?
    975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, // @ to O
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, // P to _
    333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, // ` to o
    611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, // p to ~
];

/// The characters beyond ASCII that titles use, with their WinAnsi code and their width (the
/// same in both weights).
const EXTRA: [(char, u8, u16); 4] = [
    ('–', 0x96, 556),
    ('—', 0x97, 1000),
    ('…', 0x85, 1000),
    ('·', 0xB7, 278),
];

/// What stands for a character neither font encodes.
const MISSING: char = '?';

/// `text` in the fonts' WinAnsi encoding; a character they lack becomes `?`.
pub fn encode(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| code(c).unwrap_or(MISSING as u8))
        .collect()
}

/// The width of `text` at `size` points.
pub fn width(text: &str, size: f32, bold: bool) -> f32 {
    let table = if bold { &BOLD } else { &REGULAR };
    let units: u32 = encode(text)
        .into_iter()
        .map(|byte| match byte {
            32..=126 => u32::from(table[usize::from(byte) - 32]),
            other => EXTRA
                .iter()
                .find(|&&(_, code, _)| code == other)
                .map_or(0, |&(_, _, w)| u32::from(w)),
        })
        .sum();
    units as f32 * size / 1000.0
}

/// The WinAnsi code of `c`, if the fonts have it.
fn code(c: char) -> Option<u8> {
    match c {
        ' '..='~' => Some(c as u8),
        other => EXTRA.iter().find(|e| e.0 == other).map(|e| e.1),
    }
}

/// The height of a capital letter or a digit, as a share of the size (both weights: 718/1000).
pub const CAP_HEIGHT: f32 = 0.718;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_as_wide_in_both_weights_and_letters_differ() {
        assert_eq!(width("0123456789", 10.0, false), 55.6);
        assert_eq!(width("0123456789", 10.0, true), 55.6);
        assert_eq!(width("A", 1000.0, false), 667.0);
        assert_eq!(width("A", 1000.0, true), 722.0);
        assert_eq!(width("~", 1000.0, true), 584.0);
    }

    #[test]
    fn characters_beyond_ascii_are_encoded_or_replaced() {
        assert_eq!(encode("a—b·…"), b"a\x97b\xB7\x85");
        assert_eq!(encode("r1c1 ⇒ 5"), b"r1c1 ? 5");
        assert_eq!(width("—", 10.0, false), 10.0);
    }
}
