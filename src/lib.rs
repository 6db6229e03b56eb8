//! gridlogic: reads logic puzzles from spreadsheets and text, checks them, and solves them.
//!
//! The crate is organised by concern:
//! - [`model`]: digits, grid geometry (houses of any shape), grids and puzzles;
//! - [`read`]: workbooks, CSV and text files → puzzles, with grid detection;
//! - [`search`]: the exact solver (solution counting, random solutions);
//! - [`render`]: grids as aligned text, one-line strings and JSON;
//! - [`engine`]: the logical solver loop, its state and the step record;
//! - [`techniques`]: human techniques, one file per family;
//! - [`rating`]: per-technique scores and the difficulty of a solve;
//! - [`report`]: summaries and step logs of a solve;
//! - [`write`]: annotated workbooks, described in memory and written as `.xlsx`;
//! - [`generate`]: unique puzzles of any size, shape, symmetry and difficulty;
//! - [`batch`]: many puzzles on all cores, one CSV row each;
//! - [`hint`]: the next step from a person's own state, checked against the solution first;
//! - [`shikaku`]: Shikaku, from reading to explained logical solving;
//! - [`error`]: the error type.

#[cfg(feature = "native")]
pub mod batch;
pub mod core;
pub mod engine;
pub mod error;
pub mod generate;
pub mod hint;
pub mod model;
pub mod rating;
pub mod read;
pub mod reglib;
pub mod render;
pub mod report;
pub mod search;
pub mod shikaku;
pub mod techniques;
pub mod write;

pub use error::{Access, Error, Result, io_reason};
