//! The bit-parallel engine for standard Sudoku: 9x9, 3x3 boxes, no extra houses or cages.
//!
//! The grid is cut into three bands of three rows. For each band and digit, one `u32` holds the 27
//! cells (bit `9 * row + column`, rows within the band) where the digit can still go. Within a band
//! a digit takes one cell in each of the three rows and each of the three boxes, so the "minirows"
//! it uses (the three cells of a row inside one box) form a 3x3 permutation. A table gives, for each
//! of the 512 patterns of non-empty minirows, the minirows that belong to at least one permutation;
//! keeping only those does every row/box interaction of the band (locked candidates, hidden singles
//! in rows and boxes) in a few operations. A row left with one cell places the digit there.
//!
//! Columns link the bands: a box whose cells for a digit lie in one column takes that column from
//! the other two bands at once, and, when nothing else follows, a column that only one band can
//! still give the digit confines that band's box to it. Naked singles come from counting, over the
//! nine digits at once, how many candidates each cell has.
//!
//! When nothing more follows, the search branches on a cell with two candidates (the one with the
//! most open cells around it, whose placement tells the most), or on a cell with the fewest, trying
//! each digit in a copy of the board. Bands are reduced only when they changed, in sweeps over all
//! the changed ones.

use super::Solutions;
use crate::model::{Cell, Digit, DigitSet, Grid, Layout, Regions};

/// Cells of one band: three rows of nine.
const BAND: u32 = (1 << 27) - 1;

/// Whether `layout` is standard Sudoku, which this engine handles: no extra houses, no cages,
/// no consecutive bars (even/odd marks only narrow the candidates it starts from).
pub(super) fn applies(layout: &Layout) -> bool {
    layout.size() == 9
        && *layout.regions() == Regions::Boxes { rows: 3, cols: 3 }
        && layout.houses().len() == 27
        && layout.cages().is_empty()
        && !layout.markings().has_bars()
}

/// Searches a standard Sudoku from its givens.
pub(super) fn search_givens(givens: &Grid, found: &mut Solutions) {
    let mut board = Board::full();
    for (band, values) in givens.values().chunks_exact(27).enumerate() {
        // The given cells as a bit set first: a branch per cell would be mispredicted at random.
        let mut filled = values
            .iter()
            .enumerate()
            .fold(0u32, |filled, (bit, &value)| {
                filled | ((value != 0) as u32) << bit
            });
        while filled != 0 {
            let bit = filled.trailing_zeros() as usize;
            filled &= filled - 1;
            let digit = values[bit] as usize - 1;
            if board.cand[slot(digit, band)] >> bit & 1 == 0 {
                return;
            }
            board.place(digit, 27 * band + bit);
        }
    }
    search(board, found);
}

/// Searches a standard Sudoku from the candidates of each cell (81 of them, row-major; digits above
/// 9 are ignored).
pub(super) fn search_candidates(candidates: &[DigitSet], found: &mut Solutions) {
    let mut board = Board::full();
    board.cand = [0; 27];
    board.dirty = BAND;
    for (cell, set) in candidates.iter().enumerate() {
        for digit in set.iter().filter(|digit| digit.get() <= 9) {
            board.cand[slot(digit.index(), cell / 27)] |= 1 << (cell % 27);
        }
    }
    search(board, found);
}

/// Index of a digit's cells in a band: bands are stored one after the other, nine digits each.
fn slot(digit: usize, band: usize) -> usize {
    9 * band + digit
}

/// The state of a search: candidate cells per digit and band, and the cells still to fill.
#[derive(Clone, Copy)]
struct Board {
    /// `cand[slot(digit, band)]`: the cells of the band where the digit can go.
    cand: [u32; 27],
    /// Bit `slot(digit, band)` is set when the digit's cells in the band changed since the band
    /// was last reduced.
    dirty: u32,
    /// Per band, the cells that have no digit placed yet.
    unsolved: [u32; 3],
}

/// What a round of naked singles or of the column rule did.
enum Outcome {
    /// It found a contradiction.
    Contradiction,
    /// It removed candidates.
    Progress,
    /// It found nothing to do.
    Nothing,
}

impl Board {
    /// The empty grid: every digit possible everywhere.
    fn full() -> Board {
        Board {
            cand: [BAND; 27],
            dirty: 0,
            unsolved: [BAND; 3],
        }
    }

    /// Decides that `digit` goes in `cell` (0..81) by taking it from the rest of the cell's row;
    /// the band reduction then sees a row with one cell and places it. The digit must still be a
    /// candidate of the cell. (For branches and naked singles this is faster than [`Board::place`],
    /// as the band reduction does the rest in bulk.)
    fn fix(&mut self, digit: usize, cell: usize) {
        let (band, bit) = (cell / 27, 1 << (cell % 27));
        self.narrow(slot(digit, band), !(0x1ff << (cell % 27 / 9 * 9)) | bit);
    }

    /// Puts `digit` in `cell` (0..81), a candidate of it: no other digit there, and `digit` nowhere
    /// else in the row, box and column. (For givens this is faster than [`Board::fix`].)
    fn place(&mut self, digit: usize, cell: usize) {
        let (band, bit) = (cell / 27, 1 << (cell % 27));
        self.unsolved[band] &= !bit;
        for other in 0..9 {
            self.narrow(slot(other, band), !bit);
        }
        for (other, peers) in PEERS[cell].iter().enumerate() {
            self.narrow(slot(digit, other), !peers);
        }
        self.cand[slot(digit, band)] |= bit;
    }

    /// Keeps only the cells of `mask` in `cand[index]`, noting whether that changed anything.
    #[inline(always)]
    fn narrow(&mut self, index: usize, mask: u32) {
        let old = self.cand[index];
        self.cand[index] = old & mask;
        self.dirty |= ((old & !mask != 0) as u32) << index;
    }

    /// Keeps, for one digit in one band, only the minirows that fit a placement in every row and
    /// box, takes from the other bands the columns that a box of this band uses alone, and places
    /// the digit in rows left with a single cell. False on a contradiction.
    #[inline(always)]
    fn reduce_band(&mut self, digit: usize, band: usize) -> bool {
        let index = slot(digit, band);
        let cells = self.cand[index];
        let rows = [cells & 0x1ff, cells >> 9 & 0x1ff, cells >> 18];
        let minirows = MINIROWS[rows[0] as usize]
            | MINIROWS[rows[1] as usize] << 3
            | MINIROWS[rows[2] as usize] << 6;
        let cells = cells & FITTING[minirows as usize];
        if cells == 0 {
            return false;
        }
        self.cand[index] = cells;
        let mut dirty = self.dirty & !(1 << index);
        let taken = spread(LONE_COLUMN[((cells | cells >> 9 | cells >> 18) & 0x1ff) as usize]);
        for other in OTHER_BANDS[band] {
            let other = slot(digit, other);
            let old = self.cand[other];
            self.cand[other] = old & !taken;
            dirty |= ((old & taken != 0) as u32) << other;
        }
        // A row with one cell: `cells & (cells - 1)` per row (no row is empty) leaves it empty.
        let rest = cells & cells.wrapping_sub(1 | 1 << 9 | 1 << 18);
        let singles = (0..3).fold(0, |singles, row| {
            let single = (rest >> (9 * row) & 0x1ff == 0) as u32 * 0x1ff;
            singles | single << (9 * row)
        }) & cells;
        // Rows with one cell place the digit there: no other digit can have those cells. Their box
        // has no other cell for the digit any more, so their columns were just taken.
        let fresh = singles & self.unsolved[band];
        if fresh != 0 {
            self.unsolved[band] &= !fresh;
            let digits: &mut [u32; 9] = (&mut self.cand[9 * band..9 * band + 9])
                .try_into()
                .expect("nine digits");
            let mut changed = 0;
            for (d, cand) in digits.iter_mut().enumerate() {
                changed |= ((*cand & fresh != 0) as u32) << d;
                *cand &= !fresh;
            }
            digits[digit] = cells;
            dirty |= (changed & !(1 << digit)) << (9 * band);
        }
        self.dirty = dirty;
        true
    }

    /// Fixes every naked single of the board, or finds an empty cell or two singles of one digit
    /// in one row.
    fn naked_singles(&mut self) -> Outcome {
        let mut outcome = Outcome::Nothing;
        for band in 0..3 {
            let (mut once, mut twice) = (0, 0);
            for &cand in &self.cand[9 * band..9 * band + 9] {
                twice |= once & cand;
                once |= cand;
            }
            if self.unsolved[band] & !once != 0 {
                return Outcome::Contradiction;
            }
            let singles = self.unsolved[band] & !twice;
            if singles == 0 {
                continue;
            }
            outcome = Outcome::Progress;
            for index in 9 * band..9 * band + 9 {
                let mine = self.cand[index] & singles;
                if mine == 0 {
                    continue;
                }
                for row in 0..3 {
                    let in_row = mine & 0x1ff << (9 * row);
                    if in_row & in_row.wrapping_sub(1) != 0 {
                        return Outcome::Contradiction;
                    }
                    if in_row != 0 {
                        self.narrow(index, !(0x1ff << (9 * row)) | in_row);
                    }
                }
            }
        }
        outcome
    }

    /// The column rule for every digit: a column the digit can use in one band only makes its box
    /// in that band use that column. A contradiction when a column has no place for the digit, or
    /// a box would need it twice.
    fn columns(&mut self) -> Outcome {
        let mut outcome = Outcome::Nothing;
        for digit in 0..9 {
            let cols = [0, 1, 2].map(|band| {
                let cells = self.cand[slot(digit, band)];
                (cells | cells >> 9 | cells >> 18) & 0x1ff
            });
            if cols[0] | cols[1] | cols[2] != 0x1ff {
                return Outcome::Contradiction;
            }
            for band in 0..3 {
                let only_here = cols[band] & !(cols[(band + 1) % 3] | cols[(band + 2) % 3]);
                let index = slot(digit, band);
                if self.cand[index] & !COLUMNS_FOR[only_here as usize] != 0 {
                    self.narrow(index, COLUMNS_FOR[only_here as usize]);
                    outcome = Outcome::Progress;
                }
            }
        }
        outcome
    }

    /// Draws every conclusion of bands, naked singles and columns; false on a contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            while self.dirty != 0 {
                // One sweep over the bands changed so far; those it changes wait for the next.
                let mut sweep = self.dirty;
                while sweep != 0 {
                    let index = sweep.trailing_zeros() as usize;
                    sweep &= sweep - 1;
                    if !self.reduce_band(index % 9, index / 9) {
                        return false;
                    }
                }
            }
            if self.unsolved == [0; 3] {
                // Every placement cleared its row, box, column and cell: the grid is valid.
                return true;
            }
            match self.naked_singles() {
                Outcome::Contradiction => return false,
                Outcome::Progress => continue,
                Outcome::Nothing => {}
            }
            match self.columns() {
                Outcome::Contradiction => return false,
                Outcome::Progress => {}
                Outcome::Nothing => return true,
            }
        }
    }

    /// The open cell to branch on, with its candidates as a bit set of digit indices: of the cells
    /// with two candidates, the one with the most open peers; failing that, one with the fewest
    /// candidates. `None` when the grid is full.
    fn branch_cell(&self) -> Option<(usize, u32)> {
        if self.unsolved == [0; 3] {
            return None;
        }
        let mut best: Option<(u32, usize, u32)> = None;
        for band in 0..3 {
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for &cand in &self.cand[9 * band..9 * band + 9] {
                thrice |= twice & cand;
                twice |= once & cand;
                once |= cand;
            }
            let mut pairs = self.unsolved[band] & twice & !thrice;
            while pairs != 0 {
                let (cell, digits) = self.digits_of(27 * band + pairs.trailing_zeros() as usize);
                pairs &= pairs - 1;
                let open_peers = (0..3)
                    .map(|b| (self.unsolved[b] & PEERS[cell][b]).count_ones())
                    .sum::<u32>();
                if best.is_none_or(|(most, _, _)| open_peers > most) {
                    best = Some((open_peers, cell, digits));
                }
            }
        }
        if let Some((_, cell, digits)) = best {
            return Some((cell, digits));
        }
        (0..81)
            .filter(|&cell| self.unsolved[cell / 27] >> (cell % 27) & 1 != 0)
            .map(|cell| self.digits_of(cell))
            .min_by_key(|&(_, digits)| digits.count_ones())
    }

    /// A cell with its candidate digits as a bit set of digit indices.
    fn digits_of(&self, cell: usize) -> (usize, u32) {
        let (band, bit) = (cell / 27, cell % 27);
        let digits = (0..9).fold(0, |digits, d| {
            digits | (self.cand[slot(d, band)] >> bit & 1) << d
        });
        (cell, digits)
    }

    /// The grid of a solved board.
    fn grid(&self) -> Grid {
        let mut grid = Grid::empty(9);
        for band in 0..3 {
            for digit in 0..9 {
                let mut cells = self.cand[slot(digit, band)];
                while cells != 0 {
                    let cell = 27 * band + cells.trailing_zeros() as usize;
                    grid.set(Cell::from_index(cell), Some(Digit::from_index(digit)));
                    cells &= cells - 1;
                }
            }
        }
        grid
    }
}

/// Depth-first search: propagate, then try each digit of the branching cell.
fn search(mut board: Board, found: &mut Solutions) {
    loop {
        if !board.propagate() {
            return;
        }
        let Some((cell, mut digits)) = board.branch_cell() else {
            found.record(|| board.grid());
            return;
        };
        // Every digit but the last is tried on a copy; the last one continues on this board.
        while digits & (digits - 1) != 0 {
            let mut child = board;
            child.fix(digits.trailing_zeros() as usize, cell);
            search(child, found);
            if found.is_full() {
                return;
            }
            digits &= digits - 1;
        }
        board.fix(digits.trailing_zeros() as usize, cell);
    }
}

/// For the nine cells of a row, bit `b` is set when box `b` of the band holds one of them.
const MINIROWS: [u32; 512] = {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut b = 0;
        while b < 3 {
            if row >> (3 * b) & 7 != 0 {
                table[row] |= 1 << b;
            }
            b += 1;
        }
        row += 1;
    }
    table
};

/// For a pattern of non-empty minirows in a band (bit `3 * row + box`), the cells of the minirows
/// that belong to some placement of the digit once per row and per box; 0 when none exists.
const FITTING: [u32; 512] = {
    // The six placements: row r uses box PLACEMENTS[p][r].
    const PLACEMENTS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut p = 0;
        while p < 6 {
            let boxes = PLACEMENTS[p];
            let used = 1 << boxes[0] | 1 << (3 + boxes[1]) | 1 << (6 + boxes[2]);
            if pattern & used == used {
                // Minirow 3 * row + box covers cells 9 * row + 3 * box .. +3.
                let mut minirow = 0;
                while minirow < 9 {
                    if used >> minirow & 1 != 0 {
                        table[pattern] |= 7 << (3 * minirow);
                    }
                    minirow += 1;
                }
            }
            p += 1;
        }
        pattern += 1;
    }
    table
};

/// The cells of a band in the given columns (bit `c` for column `c`).
const fn spread(columns: u32) -> u32 {
    columns | columns << 9 | columns << 18
}

/// The two bands other than each band.
const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// For a set of columns (bit `c`), those that are the only one of their box (stack of three).
const LONE_COLUMN: [u32; 512] = {
    let mut table = [0; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut b = 0;
        while b < 3 {
            let group = columns & 7 << (3 * b);
            if group != 0 && group & (group - 1) == 0 {
                table[columns] |= group as u32;
            }
            b += 1;
        }
        columns += 1;
    }
    table
};

/// For the columns that must be used in a band (bit `c`), the cells that remain possible: in a
/// box with one such column, that column; in a box with two or more, none (one digit cannot fill
/// both); in other boxes, all of it.
const COLUMNS_FOR: [u32; 512] = {
    let mut table = [0; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut b = 0;
        while b < 3 {
            let group = columns & 7 << (3 * b);
            table[columns] |= if group == 0 {
                spread(7 << (3 * b))
            } else if group & (group - 1) == 0 {
                spread(group as u32)
            } else {
                0
            };
            b += 1;
        }
        columns += 1;
    }
    table
};

/// For each cell, its peers in each band: its row and box (without itself) in its own band, its
/// column in the other two.
const PEERS: [[u32; 3]; 81] = {
    let mut table = [[0; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (band, row, col) = (cell / 27, cell % 27 / 9, cell % 9);
        let mut b = 0;
        while b < 3 {
            table[cell][b] = if b == band {
                let boxed = 0o007_007_007 << (3 * (col / 3));
                (0x1ff << (9 * row) | boxed) & !(1 << (cell % 27))
            } else {
                spread(1 << col)
            };
            b += 1;
        }
        cell += 1;
    }
    table
};
