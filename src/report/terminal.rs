//! Text on its way to a person's terminal, with the control characters that inputs may carry
//! shown rather than obeyed. A cell, a sheet name or a title holding `ESC ] 0 ; … BEL` would set
//! the terminal's title, and `ESC [ 2 J` clear its screen, if printed as they are; here every
//! control character (Unicode's `Cc`: U+0000 to U+001F, U+007F, U+0080 to U+009F) but the tab
//! and the line feed is written as `\u001b`, its code in four hex digits. That is also how JSON
//! writes a character inside a string, so a JSON document passed through stays valid JSON that
//! means the same (serde_json escapes the first 32 itself; the others it leaves raw).

use std::borrow::Cow;
use std::io::{self, Write};

/// Whether `c` is a control character shown escaped: every `Cc` but the tab and the line feed,
/// which text output is made of.
fn is_shown_escaped(c: char) -> bool {
    c.is_control() && c != '\t' && c != '\n'
}

/// `c` as it is shown: `\u001b`.
fn escape(c: char) -> String {
    format!("\\u{:04x}", u32::from(c))
}

/// `text` with its control characters shown escaped (see the module's help).
pub fn escaped(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_shown_escaped) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match is_shown_escaped(c) {
            true => shown.push_str(&escape(c)),
            false => shown.push(c),
        }
    }
    Cow::Owned(shown)
}

/// A writer of UTF-8 text to a terminal (standard output or error) that shows the control
/// characters of what it is given escaped (see the module's help). The bytes of a character may
/// come in two writes: a lead byte of the two-byte range that holds U+0080 to U+009F waits for
/// the next.
#[derive(Debug)]
pub struct Escaping<W: Write> {
    inner: W,
    /// The first byte of a two-byte character whose second byte has not come yet.
    lead: Option<u8>,
}

/// The lead byte of the UTF-8 encodings of U+0080 to U+00BF, among them the C1 controls.
const C1_LEAD: u8 = 0xC2;

impl<W: Write> Escaping<W> {
    /// Text written to `inner`, control characters escaped.
    pub fn new(inner: W) -> Escaping<W> {
        Escaping { inner, lead: None }
    }

    /// Writes `bytes` (UTF-8 text, perhaps cut inside a character) with their control characters
    /// escaped.
    fn write_escaped(&mut self, bytes: &[u8]) -> io::Result<()> {
        let mut plain = 0;
        let mut index = 0;
        if let Some(lead) = self.lead.take() {
            match bytes.first() {
                Some(&next) => {
                    self.write_pair(lead, next)?;
                    plain = 1;
                    index = 1;
                }
                None => self.lead = Some(lead),
            }
        }
        while index < bytes.len() {
            let byte = bytes[index];
            let control = byte < 0x20 && byte != b'\t' && byte != b'\n' || byte == 0x7F;
            if !control && byte != C1_LEAD {
                index += 1;
                continue;
            }
            self.inner.write_all(&bytes[plain..index])?;
            match (control, bytes.get(index + 1)) {
                (true, _) => self.inner.write_all(escape(char::from(byte)).as_bytes())?,
                (false, Some(&next)) => self.write_pair(byte, next)?,
                (false, None) => self.lead = Some(byte),
            }
            index += if control { 1 } else { 2 };
            plain = index.min(bytes.len());
        }
        self.inner.write_all(&bytes[plain..])
    }

    /// Writes the two-byte character `lead`, `next`: escaped when it is a C1 control.
    fn write_pair(&mut self, lead: u8, next: u8) -> io::Result<()> {
        match std::str::from_utf8(&[lead, next])
            .ok()
            .and_then(|s| s.chars().next())
        {
            Some(c) if is_shown_escaped(c) => self.inner.write_all(escape(c).as_bytes()),
            _ => self.inner.write_all(&[lead, next]),
        }
    }
}

impl<W: Write> Write for Escaping<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.write_escaped(bytes)?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if let Some(lead) = self.lead.take() {
            self.inner.write_all(&[lead])?;
        }
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What an escaping writer makes of `text` given in pieces cut at every byte in turn.
    fn written_in_pieces(text: &str) -> Vec<String> {
        let bytes = text.as_bytes();
        (0..=bytes.len())
            .map(|cut| {
                let mut out = Escaping::new(Vec::new());
                out.write_all(&bytes[..cut]).unwrap();
                out.write_all(&bytes[cut..]).unwrap();
                out.flush().unwrap();
                String::from_utf8(out.inner).unwrap()
            })
            .collect()
    }

    #[test]
    fn control_characters_are_shown_and_text_is_kept() {
        let hostile = "title \u{1b}]0;owned\u{7}\u{1b}[2J r\u{d}\u{7f}\u{9b}31m é ß 数\tend\n";
        let shown =
            "title \\u001b]0;owned\\u0007\\u001b[2J r\\u000d\\u007f\\u009b31m é ß 数\tend\n";
        assert_eq!(escaped(hostile), shown);
        for written in written_in_pieces(hostile) {
            assert_eq!(written, shown);
        }
        assert!(matches!(escaped("plain é\ttext\n"), Cow::Borrowed(_)));
    }

    #[test]
    fn json_passed_through_stays_json_of_the_same_value() {
        let value = "a\u{1b}[2Jb\u{85}c\u{9f}\u{a0}\u{bf}\u{c0}";
        let json = serde_json::to_string(&value).unwrap();
        let shown = escaped(&json);
        assert!(!shown.chars().any(is_shown_escaped), "{shown}");
        let read: String = serde_json::from_str(&shown).unwrap();
        assert_eq!(read, value);
    }
}
