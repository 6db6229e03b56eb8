//! Helvetica and Helvetica-Bold, two of the standard PDF fonts every reader has: text in their
//! WinAnsi encoding (Windows code page 1252: ASCII, the Latin-1 letters such as é ü ß, and
//! typographic marks such as – … ·), and its width, so that digits are centred in cells and
//! titles fit their slot. The widths are the fonts' Adobe metrics (AFM `WX`, thousandths of the
//! size, as groff's PostScript font files `HR` and `HB` carry them).

use super::Metrics;

/// The width of the characters of WinAnsi codes 32 (space) to 255 in Helvetica; 0 for the five
/// codes WinAnsi leaves unused (and 127).
const REGULAR: [u16; 224] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // 0x20
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0x30
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // 0x40
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // 0x50
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // 0x60
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0, // 0x70
    556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0, // 0x80
    0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 667, // 0x90
    278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333, // 0xa0
    400, 584, 333, 333, 333, 578, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611, // 0xb0
    667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, // 0xc0
    722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611, // 0xd0
    556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278, // 0xe0
    556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500, // 0xf0
];
/// The same in Helvetica-Bold.
const BOLD: [u16; 224] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, // 0x20
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, // 0x30
    975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, // 0x40
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, // 0x50
    333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, // 0x60
    611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 0, // 0x70
    556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0, // 0x80
    0, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 667, // 0x90
    278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333, // 0xa0
    400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611, // 0xb0
    722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, // 0xc0
    722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611, // 0xd0
    556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278, // 0xe0
    611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556, // 0xf0
];

/// The characters of WinAnsi codes 128 to 159, where it differs from Latin-1 (`None`: unused).
const CODES_128_TO_159: [Option<char>; 32] = [
    Some('€'),
    None,
    Some('‚'),
    Some('ƒ'),
    Some('„'),
    Some('…'),
    Some('†'),
    Some('‡'),
    Some('ˆ'),
    Some('‰'),
    Some('Š'),
    Some('‹'),
    Some('Œ'),
    None,
    Some('Ž'),
    None,
    None,
    Some('‘'),
    Some('’'),
    Some('“'),
    Some('”'),
    Some('•'),
    Some('–'),
    Some('—'),
    Some('˜'),
    Some('™'),
    Some('š'),
    Some('›'),
    Some('œ'),
    None,
    Some('ž'),
    Some('Ÿ'),
];

/// The height of a capital letter or a digit, as a share of the size (both weights: 718/1000).
const CAP_HEIGHT: f32 = 0.718;

/// Helvetica's metrics: the widths and cap height the layout uses when a booklet is set in the
/// standard fonts.
#[derive(Debug, Clone, Copy, Default)]
pub struct Helvetica;

impl Metrics for Helvetica {
    fn width(&self, text: &str, size: f32, bold: bool) -> f32 {
        let table = if bold { &BOLD } else { &REGULAR };
        let units: u32 = text
            .chars()
            .filter_map(code)
            .map(|code| u32::from(table[usize::from(code) - 32]))
            .sum();
        units as f32 * size / 1000.0
    }

    fn cap_height(&self) -> f32 {
        CAP_HEIGHT
    }
}

/// `text` in the fonts' WinAnsi encoding, or `None` when a character of it is not in WinAnsi.
pub fn encode(text: &str) -> Option<Vec<u8>> {
    text.chars().map(code).collect()
}

/// Whether every character of `text` is in WinAnsi, so that the standard fonts print it.
pub fn encodes(text: &str) -> bool {
    text.chars().all(|c| code(c).is_some())
}

/// The WinAnsi code of `c`, if it has one (a printable one: control characters have none).
fn code(c: char) -> Option<u8> {
    match c {
        ' '..='~' | '\u{A0}'..='\u{FF}' => Some(c as u8),
        other => CODES_128_TO_159
            .iter()
            .position(|&known| known == Some(other))
            .map(|i| 128 + i as u8),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_as_wide_in_both_weights_and_letters_differ() {
        let width = |text, size, bold| Helvetica.width(text, size, bold);
        assert_eq!(width("0123456789", 10.0, false), 55.6);
        assert_eq!(width("0123456789", 10.0, true), 55.6);
        assert_eq!(width("A", 1000.0, false), 667.0);
        assert_eq!(width("A", 1000.0, true), 722.0);
        assert_eq!(width("~", 1000.0, true), 584.0);
    }

    #[test]
    fn latin_letters_and_typographic_marks_are_encoded_and_others_are_not() {
        assert_eq!(encode("a—b·…"), Some(b"a\x97b\xB7\x85".to_vec()));
        assert_eq!(encode("Grüße, é"), Some(b"Gr\xFC\xDFe, \xE9".to_vec()));
        assert_eq!(encode("€Ÿ"), Some(b"\x80\x9F".to_vec()));
        assert_eq!(encode("r1c1 ⇒ 5"), None);
        assert_eq!(encode("αβγ"), None);
        // ř is not in WinAnsi, nor a tab, nor Chinese.
        assert!(encodes("Dvorak") && !encodes("Dvořák"));
        assert!(!encodes("tab\there") && !encodes("中"));
        // The widths of Adobe's metrics: ü and é as u and e, ß, the em dash, the ellipsis.
        let width = |text| Helvetica.width(text, 1000.0, false);
        assert_eq!((width("ü"), width("é"), width("ß")), (556.0, 556.0, 611.0));
        assert_eq!((width("—"), width("…")), (1000.0, 1000.0));
        assert_eq!(Helvetica.width("ß", 1000.0, true), 611.0);
    }
}
