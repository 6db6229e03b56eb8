//! gridlogic: reads logic puzzles from spreadsheets and text, checks them, and solves them.
//!
//! The crate is organised by concern:
//! - [`model`]: digits, grid geometry (houses of any shape), grids and puzzles;
//! - [`read`]: workbooks, CSV and text files → puzzles, with grid detection;
//! - [`search`]: the exact solver (solution counting, random solutions);
//! - [`render`]: grids as aligned text, one-line strings and JSON;
//! - [`error`]: the error type.

pub mod error;
pub mod model;

pub use error::{Error, Result};
