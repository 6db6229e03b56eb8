//! The PDF writer in a build without the `native` feature (the WebAssembly engine): there is
//! none, so saving fails. The real writer is `pdf.rs`.

use super::Target;
use super::booklet::{Helvetica, Metrics, Page};
use crate::error::Error;

/// The fonts of a PDF: here only the standard fonts' metrics, since no PDF is written.
pub struct Fonts;

impl Fonts {
    /// The standard fonts, whatever the text.
    pub fn for_text<'a>(_texts: impl IntoIterator<Item = &'a str>) -> Result<Fonts, String> {
        Ok(Fonts)
    }
}

impl Metrics for Fonts {
    fn width(&self, text: &str, size: f32, bold: bool) -> f32 {
        Helvetica.width(text, size, bold)
    }

    fn cap_height(&self) -> f32 {
        Helvetica.cap_height()
    }
}

/// Fails: this build writes no PDF.
pub fn save(
    _pages: &[Page],
    _fonts: &Fonts,
    _paper: (f32, f32),
    _title: &str,
    target: &Target,
) -> Result<(), Error> {
    Err(Error::Usage(format!(
        "cannot write {}: this build of gridlogic writes no PDF (it was built without the \
         `native` feature)",
        target.path.display()
    )))
}
