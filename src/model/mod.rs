//! The puzzle model: digits and digit sets, grid geometry (cells, houses, regions), grids,
//! puzzles, candidates and pencil-mark grids.

pub mod cage;
pub mod digit;
pub mod explanation;
pub mod layout;
pub mod markings;
pub mod marks;
pub mod overlap;
pub mod puzzle;

pub use cage::Cage;
pub use digit::{Digit, DigitSet, MAX_SIZE};
pub use explanation::{Explanation, Names};
pub use layout::{
    Cell, GridHouses, House, HouseIds, HouseKind, Layout, Regions, Unit, Variant, cell_name,
    components, touching,
};
pub use markings::{Markings, Parity, Relation};
pub use marks::{Candidate, Marks};
pub use overlap::{Arrangement, Overlap};
pub use puzzle::{Grid, Origin, Puzzle, SheetText, Symbols, column_name, sheet_address};
