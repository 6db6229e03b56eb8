//! A check before calamine reads an OpenDocument spreadsheet: its `content.xml` must be
//! well-formed XML. calamine 0.38 loops forever on a table whose end tag is misspelt or missing
//! (`</table:t)ble>`, found by fuzzing), so such a file is refused here, with where its XML
//! breaks, before calamine sees it.

use crate::error::Error;
use quick_xml::events::Event;
use std::fs::File;
use std::io::{BufReader, Read};
use std::path::Path;

/// The most of `content.xml` read (uncompressed); a larger part is refused as too large.
pub const CONTENT_LIMIT: u64 = 256 << 20;

/// Refuses the `.ods` at `path` when its `content.xml` is not well-formed XML (an error, end
/// tags that do not match, elements left open) or is larger than [`CONTENT_LIMIT`]. A file that
/// is not a zip, or has no `content.xml`, is left for calamine to report.
pub fn check_content(path: &Path) -> Result<(), Error> {
    let bad = |message: String| Error::Workbook {
        path: path.to_path_buf(),
        message,
    };
    let Ok(file) = File::open(path) else {
        return Ok(());
    };
    let Ok(mut archive) = zip::ZipArchive::new(BufReader::new(file)) else {
        return Ok(());
    };
    let Ok(content) = archive.by_name("content.xml") else {
        return Ok(());
    };
    if content.size() > CONTENT_LIMIT {
        return Err(bad(format!(
            "its content.xml holds {} bytes, more than the {CONTENT_LIMIT} read",
            content.size()
        )));
    }
    let mut reader = quick_xml::Reader::from_reader(BufReader::new(content.take(CONTENT_LIMIT)));
    reader.config_mut().check_end_names = true;
    let mut buffer = Vec::new();
    let mut open = 0usize;
    loop {
        match reader.read_event_into(&mut buffer) {
            Ok(Event::Start(_)) => open += 1,
            Ok(Event::End(_)) => open = open.saturating_sub(1),
            Ok(Event::Eof) if open == 0 => return Ok(()),
            Ok(Event::Eof) => {
                return Err(bad(format!(
                    "its content.xml ends with {open} elements still open"
                )));
            }
            Ok(_) => {}
            Err(error) => {
                return Err(bad(format!(
                    "its content.xml is not well-formed XML at byte {}: {error}",
                    reader.error_position()
                )));
            }
        }
        buffer.clear();
    }
}
