//! Shikaku: divide a rectangular grid into rectangles, each holding exactly one number, equal to
//! its area.
//!
//! This module owns everything Shikaku-specific, beside the Sudoku code and on the same layers:
//! - [`model`]: the puzzle (size, clues, origin), rectangles, and each clue's candidate rectangles;
//! - [`read`]: text (`rows cols` header, `-` for empty cells), CSV and workbooks → puzzles, with
//!   the grid's extent from `--range`, a defined name, or detection;
//! - [`search`]: the exact solver (exact cover by dancing links): solution counts 0/1/2+;
//! - [`engine`]: the logical solver and its steps, each explained in one line;
//! - [`report`]: summaries, grid drawings, `.sol` layout, JSON and batch rows, a person's state
//!   as text;
//! - [`hint`]: the next rectangle from a person's own rectangles, after checking them.
//!
//! The workbook writer reads a [`engine::Solve`]: the puzzle (size and clues), the rectangle of
//! each clue, the index of the step that placed it, and every step's explanation.

mod deductions;
pub mod engine;
pub mod hint;
pub mod model;
pub mod read;
pub mod report;
pub mod search;
pub mod state;

pub use engine::{Options, Solve, solve};
pub use model::{Clue, Rect, Shikaku};
pub use state::{Step, Technique};
