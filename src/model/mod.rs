//! The puzzle model: digits and digit sets, grid geometry (cells, houses, regions), grids and
//! puzzles.

pub mod digit;
pub mod layout;
pub mod puzzle;

pub use digit::{Digit, DigitSet, MAX_SIZE};
pub use layout::{Cell, House, HouseKind, Layout, Regions};
pub use puzzle::{Grid, Origin, Puzzle, Symbols, column_name, sheet_address};
