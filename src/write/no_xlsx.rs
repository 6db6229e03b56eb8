//! The `.xlsx` writer in a build without the `native` feature (the WebAssembly engine): there is
//! none, so saving fails and no file is gridlogic's own. The real writer is `xlsx.rs`.

use super::{Book, Target};
use crate::error::Error;
use std::path::Path;

/// Whether the `.xlsx` at `path` is one gridlogic wrote: this build cannot tell, so no.
pub fn is_own(_path: &Path) -> bool {
    false
}

/// Fails: this build writes no workbooks.
pub fn save(_book: &Book, target: &Target) -> Result<(), Error> {
    Err(Error::Usage(format!(
        "cannot write {}: this build of gridlogic writes no workbooks (it was built without the \
         `native` feature)",
        target.path.display()
    )))
}
