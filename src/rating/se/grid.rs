//! Sudoku Explainer's grid: 81 cells, each with a value or a set of candidates (bit `v` for the
//! value `v`), and its houses ("regions") in the orders Sudoku Explainer visits them, since the
//! first step found depends on them.

/// A kind of region. [`KINDS`] is Sudoku Explainer's usual order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Block,
    Row,
    Column,
}

/// Blocks, rows, columns: the order of a cell's regions.
pub(super) const KINDS: [Kind; 3] = [Kind::Block, Kind::Row, Kind::Column];

/// One of the 27 regions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Region {
    pub kind: Kind,
    pub index: usize,
}

/// The cells of each region by kind, region and position: blocks left to right and top to
/// bottom, each read row by row.
const CELLS: [[[u8; 9]; 9]; 3] = region_cells();

const fn region_cells() -> [[[u8; 9]; 9]; 3] {
    let mut cells = [[[0u8; 9]; 9]; 3];
    let mut region = 0;
    while region < 9 {
        let mut pos = 0;
        while pos < 9 {
            let (block_row, block_col) = (region / 3 * 3 + pos / 3, region % 3 * 3 + pos % 3);
            cells[0][region][pos] = (block_row * 9 + block_col) as u8;
            cells[1][region][pos] = (region * 9 + pos) as u8;
            cells[2][region][pos] = (pos * 9 + region) as u8;
            pos += 1;
        }
        region += 1;
    }
    cells
}

/// Each cell's 20 peers in Sudoku Explainer's order: its block, then its row, then its column,
/// each cell once.
const PEERS: [[u8; 20]; 81] = peers();

const fn peers() -> [[u8; 20]; 81] {
    let mut all = [[0u8; 20]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        let regions = [(row / 3) * 3 + col / 3, row, col];
        let mut count = 0;
        let mut kind = 0;
        while kind < 3 {
            let mut pos = 0;
            while pos < 9 {
                let other = CELLS[kind][regions[kind]][pos];
                let mut seen = other as usize == cell;
                let mut i = 0;
                while i < count {
                    seen |= all[cell][i] == other;
                    i += 1;
                }
                if !seen {
                    all[cell][count] = other;
                    count += 1;
                }
                pos += 1;
            }
            kind += 1;
        }
        cell += 1;
    }
    all
}

impl Region {
    /// The region of `kind` with number `index` (0..9).
    pub fn new(kind: Kind, index: usize) -> Region {
        Region { kind, index }
    }

    /// The region of `kind` holding `cell`.
    pub fn of(kind: Kind, cell: usize) -> Region {
        let (row, col) = (cell / 9, cell % 9);
        let index = match kind {
            Kind::Block => row / 3 * 3 + col / 3,
            Kind::Row => row,
            Kind::Column => col,
        };
        Region { kind, index }
    }

    /// The nine regions of `kind`.
    pub fn all(kind: Kind) -> impl Iterator<Item = Region> {
        (0..9).map(move |index| Region { kind, index })
    }

    /// Its cells, by position.
    pub fn cells(self) -> &'static [u8; 9] {
        &CELLS[self.kind as usize][self.index]
    }

    /// The cell at `pos`.
    pub fn cell(self, pos: usize) -> usize {
        self.cells()[pos] as usize
    }

    /// The position of `cell`, which must be in the region.
    pub fn position(self, cell: usize) -> usize {
        let (row, col) = (cell / 9, cell % 9);
        match self.kind {
            Kind::Block => row % 3 * 3 + col % 3,
            Kind::Row => col,
            Kind::Column => row,
        }
    }

    /// Whether `cell` is in the region.
    pub fn contains(self, cell: usize) -> bool {
        Region::of(self.kind, cell) == self
    }

    /// Whether the two regions share a cell.
    pub fn crosses(self, other: Region) -> bool {
        self.cells().iter().any(|&c| other.contains(c as usize))
    }

    /// Its index among gridlogic's houses of a 9x9 with boxes: rows, then columns, then boxes.
    pub fn house(self) -> usize {
        match self.kind {
            Kind::Row => self.index,
            Kind::Column => 9 + self.index,
            Kind::Block => 18 + self.index,
        }
    }
}

/// The 20 cells that share a region with `cell`, in Sudoku Explainer's order.
pub(super) fn peers_of(cell: usize) -> &'static [u8; 20] {
    &PEERS[cell]
}

/// Whether two different cells share a region.
pub(super) fn sees(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
}

/// The grid: each cell's value (0 when empty) and candidates (bits 1..=9; none once filled),
/// and the places of each value in each region, kept up to date. Change candidates through
/// [`Grid::remove`] and [`Grid::place`] only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Grid {
    pub values: [u8; 81],
    pub cands: [u16; 81],
    /// By region (blocks, rows, columns) and value, the positions holding the value.
    places: [[u16; 10]; 27],
}

/// Every value's bit.
pub(super) const ALL: u16 = 0b11_1111_1110;

impl Grid {
    /// The grid of `givens` (0 for empty), every empty cell holding the values its regions miss.
    pub fn new(givens: &[u8; 81]) -> Grid {
        let mut cands = [0; 81];
        for (cell, &given) in givens.iter().enumerate() {
            if given == 0 {
                cands[cell] = ALL;
            }
        }
        let mut grid = Grid::with_candidates(*givens, cands);
        for (cell, &given) in givens.iter().enumerate() {
            if given != 0 {
                grid.remove_from_peers(cell, given);
            }
        }
        grid
    }

    /// The grid with these cell values and candidates.
    pub fn with_candidates(cell_values: [u8; 81], cands: [u16; 81]) -> Grid {
        let mut places = [[0u16; 10]; 27];
        for (kind, kind_places) in places.chunks_mut(9).enumerate() {
            for (index, region_places) in kind_places.iter_mut().enumerate() {
                for (pos, &cell) in CELLS[kind][index].iter().enumerate() {
                    for value in values(cands[cell as usize]) {
                        region_places[value as usize] |= 1 << pos;
                    }
                }
            }
        }
        Grid {
            values: cell_values,
            cands,
            places,
        }
    }

    /// The positions of `value` in `region` (bit `pos`).
    pub fn positions(&self, region: Region, value: u8) -> u16 {
        self.places[region.kind as usize * 9 + region.index][value as usize]
    }

    /// How many cells of `region` are empty.
    pub fn empty_count(&self, region: Region) -> usize {
        region
            .cells()
            .iter()
            .filter(|&&c| self.values[c as usize] == 0)
            .count()
    }

    /// How many cells hold `value`.
    pub fn count_value(&self, value: u8) -> usize {
        self.values.iter().filter(|&&v| v == value).count()
    }

    /// Takes the candidates `mask` out of `cell`.
    pub fn remove(&mut self, cell: usize, mask: u16) {
        let gone = self.cands[cell] & mask;
        if gone == 0 {
            return;
        }
        self.cands[cell] &= !mask;
        for kind in KINDS {
            let region = Region::of(kind, cell);
            let bit = 1 << region.position(cell);
            let places = &mut self.places[kind as usize * 9 + region.index];
            for value in values(gone) {
                places[value as usize] &= !bit;
            }
        }
    }

    /// Puts `value` in `cell` and takes it from the cell's peers.
    pub fn place(&mut self, cell: usize, value: u8) {
        self.values[cell] = value;
        self.remove(cell, ALL);
        self.remove_from_peers(cell, value);
    }

    fn remove_from_peers(&mut self, cell: usize, value: u8) {
        for &peer in peers_of(cell) {
            self.remove(peer as usize, 1 << value);
        }
    }

    /// Whether every cell has a value.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }
}

/// The values of `mask`, smallest first.
pub(super) fn values(mask: u16) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |v| mask & (1 << v) != 0)
}

/// The positions (bits 0..9) of `mask`, smallest first.
pub(super) fn bits(mask: u16) -> impl Iterator<Item = usize> {
    (0..16usize).filter(move |b| mask & (1 << b) != 0)
}

/// The lowest value or position in `mask`.
pub(super) fn first(mask: u16) -> usize {
    mask.trailing_zeros() as usize
}

/// The members (bit numbers) of `mask`, smallest first.
pub(super) fn members(mask: u64) -> impl Iterator<Item = usize> {
    (0..64usize).filter(move |b| mask & (1 << b) != 0)
}

/// Every choice of `k` of the indices `0..n` (at most 64), as Sudoku Explainer enumerates
/// them: by the number whose bits they are, smallest first. None when `n` is 0.
pub(super) fn combinations(k: usize, n: usize) -> impl Iterator<Item = u64> {
    let last = if n == 0 || k > n {
        None
    } else {
        Some(((1u64 << k) - 1) << (n - k))
    };
    let mut next = last.map(|_| (1u64 << k) - 1);
    std::iter::from_fn(move || {
        let current = next?;
        next = if Some(current) == last {
            None
        } else {
            let smallest = current & current.wrapping_neg();
            let ripple = current + smallest;
            Some(ripple | (((current ^ ripple) >> 2) / smallest))
        };
        Some(current)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peers_come_block_first_then_row_then_column() {
        let peers = peers_of(40);
        assert_eq!(&peers[..8], &[30, 31, 32, 39, 41, 48, 49, 50]);
        assert_eq!(&peers[8..14], &[36, 37, 38, 42, 43, 44]);
        assert_eq!(&peers[14..], &[4, 13, 22, 58, 67, 76]);
        assert!(peers.iter().all(|&p| sees(40, p as usize)));
    }

    #[test]
    fn combinations_come_in_the_order_of_their_bits() {
        let pairs: Vec<u64> = combinations(2, 4).collect();
        assert_eq!(pairs, [0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        assert_eq!(combinations(0, 3).collect::<Vec<_>>(), [0]);
        assert_eq!(combinations(3, 3).collect::<Vec<_>>(), [0b111]);
        assert_eq!(combinations(0, 0).count(), 0);
        assert_eq!(combinations(4, 9).count(), 126);
    }
}
