//! What a file holds, told from its first bytes rather than its name: a person who renames a
//! picture to `.xlsx`, saves an empty file or sends a PDF should hear what the file is and what to
//! do, not what a zip library thinks of it.

use crate::error::Error;
use std::path::Path;

/// What the first bytes of a file say it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Content {
    /// No bytes at all.
    Empty,
    /// A picture, by its format's name (`PNG`, `JPEG`, `GIF`, `WebP`, `BMP`, `TIFF`).
    Image(&'static str),
    /// A PDF document.
    Pdf,
    /// A zip archive: an `.xlsx`, `.xlsm` or `.ods` workbook (or another zip).
    Zip,
    /// An OLE compound file: an `.xls` or `.xlsb`-era workbook.
    Compound,
    /// A workbook saved with a password: an OLE compound file that holds an encrypted package.
    Encrypted,
    /// UTF-8 text.
    Text,
    /// Anything else.
    Other,
}

/// The OLE compound file signature.
const COMPOUND: [u8; 8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];

/// What `head`, the first bytes of a file (a few kilobytes at least), holds.
pub fn sniff(head: &[u8]) -> Content {
    let images: [(&[u8], &str); 6] = [
        (b"\x89PNG\r\n\x1a\n", "PNG"),
        (b"\xFF\xD8\xFF", "JPEG"),
        (b"GIF8", "GIF"),
        (b"BM", "BMP"),
        (b"II*\0", "TIFF"),
        (b"MM\0*", "TIFF"),
    ];
    if head.is_empty() {
        return Content::Empty;
    }
    if let Some((_, name)) = images.iter().find(|(magic, _)| head.starts_with(magic)) {
        return Content::Image(name);
    }
    if head.starts_with(b"RIFF") && head.get(8..12) == Some(b"WEBP") {
        return Content::Image("WebP");
    }
    if head.starts_with(b"%PDF") {
        return Content::Pdf;
    }
    if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
        return Content::Zip;
    }
    if head.starts_with(&COMPOUND) {
        return match holds_utf16(head, "EncryptedPackage") {
            true => Content::Encrypted,
            false => Content::Compound,
        };
    }
    // A text cut off in the middle of a character is still text.
    match std::str::from_utf8(head) {
        Ok(_) => Content::Text,
        Err(e) if e.error_len().is_none() => Content::Text,
        Err(_) => Content::Other,
    }
}

/// Whether `bytes` hold `name` written in UTF-16 (little-endian), as compound files name their
/// streams.
fn holds_utf16(bytes: &[u8], name: &str) -> bool {
    let wide: Vec<u8> = name.encode_utf16().flat_map(u16::to_le_bytes).collect();
    bytes.windows(wide.len()).any(|w| w == wide)
}

/// The first bytes of the file at `path`, enough to tell what it is (an encrypted workbook names
/// its streams within the first few kilobytes).
pub fn head(path: &Path) -> Result<Vec<u8>, Error> {
    use std::io::Read;
    let mut head = Vec::new();
    let read = std::fs::File::open(path).and_then(|f| f.take(16 * 1024).read_to_end(&mut head));
    read.map_err(|source| Error::Io {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(head)
}

/// The error of a workbook saved with a password: gridlogic cannot open it.
pub fn password_protected() -> Error {
    Error::Unfit {
        what: "is a workbook protected by a password, which gridlogic cannot open".to_string(),
        advice: "open it in its spreadsheet program, remove the password and save a copy"
            .to_string(),
    }
}

/// The error for a file whose content (`content`) cannot hold a puzzle read as `workbook` (by
/// its extension) or as text; `None` when it may.
pub fn unfit(content: Content, workbook: Option<&str>) -> Option<Error> {
    let (what, advice) = match (content, workbook) {
        (Content::Empty, _) => (
            "is empty (0 bytes)".to_string(),
            "save the puzzle into it again from its spreadsheet program or text editor",
        ),
        (Content::Image(format), _) => (
            format!("is a {format} image, not a puzzle gridlogic can read"),
            "type the grid into a spreadsheet or a text file (one row of digits per line, \
             or all of them on one line)",
        ),
        (Content::Pdf, _) => (
            "is a PDF document, which gridlogic does not read".to_string(),
            "copy the grid into a spreadsheet or a text file",
        ),
        (Content::Encrypted, _) => return Some(password_protected()),
        (Content::Text, Some(extension)) => (
            format!("holds plain text, not an .{extension} workbook"),
            "rename it to .txt (or .csv for comma-separated values) and read it again",
        ),
        (Content::Zip | Content::Compound, None) => (
            "is a workbook, but its name does not say which kind".to_string(),
            "rename it to the extension its spreadsheet program saved it with (.xlsx, .xls, \
             .ods, …)",
        ),
        (Content::Compound, Some("xlsx" | "xlsm" | "ods")) => (
            "is an older Excel workbook (.xls) under a newer workbook's name".to_string(),
            "rename it to .xls",
        ),
        (Content::Zip, Some("xls")) => (
            "is a newer workbook (.xlsx or .ods) under the name of an .xls".to_string(),
            "rename it to .xlsx (or .ods if LibreOffice saved it)",
        ),
        (Content::Other, Some(extension)) => (
            format!("is not an .{extension} workbook (nor any file gridlogic knows)"),
            "check that it is the file you meant, or save it again from its spreadsheet program",
        ),
        _ => return None,
    };
    Some(Error::Unfit {
        what,
        advice: advice.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_bytes_tell_what_a_file_is() {
        assert_eq!(sniff(b""), Content::Empty);
        assert_eq!(
            sniff(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"),
            Content::Image("PNG")
        );
        assert_eq!(sniff(b"\xFF\xD8\xFF\xE0\0\x10JFIF"), Content::Image("JPEG"));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Content::Image("WebP"));
        assert_eq!(sniff(b"%PDF-1.7\n"), Content::Pdf);
        assert_eq!(sniff(b"PK\x03\x04\x14\0"), Content::Zip);
        assert_eq!(sniff(b"53..7....\n6..195...\n"), Content::Text);
        assert_eq!(sniff("r1c1 é".as_bytes()), Content::Text);
        // A character cut at the end of the head is still text; a byte that is never UTF-8 is not.
        assert_eq!(sniff(&"é".as_bytes()[..1]), Content::Text);
        assert_eq!(sniff(b"\x00\xFF\xFE\x01"), Content::Other);
        let mut ole = COMPOUND.to_vec();
        ole.extend([0; 64]);
        assert_eq!(sniff(&ole), Content::Compound);
        ole.extend("EncryptedPackage".encode_utf16().flat_map(u16::to_le_bytes));
        assert_eq!(sniff(&ole), Content::Encrypted);
    }

    #[test]
    fn a_workbook_under_the_wrong_name_is_told_how_to_rename_it() {
        let message = |c, w| unfit(c, w).map(|e| e.to_string());
        assert_eq!(message(Content::Zip, Some("xlsx")), None);
        assert_eq!(message(Content::Compound, Some("xls")), None);
        assert_eq!(message(Content::Text, None), None);
        let xls = message(Content::Compound, Some("xlsx")).unwrap();
        assert!(xls.contains("rename it to .xls"), "{xls}");
        let text = message(Content::Text, Some("ods")).unwrap();
        assert!(
            text.starts_with("it holds plain text, not an .ods workbook"),
            "{text}"
        );
    }
}
