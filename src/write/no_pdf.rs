//! The PDF writer in a build without the `native` feature (the WebAssembly engine): there is
//! none, so saving fails. The real writer is `pdf.rs`.

use super::Target;
use super::booklet::Page;
use crate::error::Error;

/// Fails: this build writes no PDF.
pub fn save(
    _pages: &[Page],
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
