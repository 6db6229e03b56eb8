//! Workbooks in a build without the `native` feature (the WebAssembly engine): none can be
//! opened, so [`Workbook`] has no values and the readers' workbook paths end at
//! [`Workbook::open`] with an error. The real reader is `workbook.rs`.

use crate::error::Error;
use crate::read::table::{Area, Table};
use std::convert::Infallible;
use std::path::Path;

/// An open workbook: never, in this build.
pub struct Workbook {
    never: Infallible,
}

impl Workbook {
    /// Fails: this build reads no workbooks.
    pub fn open(path: &Path) -> Result<Workbook, Error> {
        Err(Error::Workbook {
            path: path.to_path_buf(),
            message: "this build of gridlogic reads no workbooks (it was built without the \
                      `native` feature)"
                .into(),
        })
    }

    /// The file the workbook was opened from.
    pub fn path(&self) -> &Path {
        match self.never {}
    }

    /// Whether gridlogic wrote the workbook.
    pub fn is_own(&self) -> bool {
        match self.never {}
    }

    /// The sheet names, in workbook order.
    pub fn sheet_names(&self) -> &[String] {
        match self.never {}
    }

    /// The names of the worksheets a person sees, in workbook order.
    pub fn visible_sheet_names(&self) -> Vec<String> {
        match self.never {}
    }

    /// The sheet called `name`, ignoring case, if there is one.
    pub fn find_sheet(&self, _name: &str) -> Option<String> {
        match self.never {}
    }

    /// The sheet and area a defined name refers to.
    pub fn defined_range(&self, _name: &str) -> Option<(Option<String>, Area)> {
        match self.never {}
    }

    /// Reads a sheet into a table.
    pub fn table(&mut self, _sheet: &str) -> Result<Table, Error> {
        match self.never {}
    }
}
