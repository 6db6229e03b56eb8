//! Which single HoDoKu 2.2.0 takes next. HoDoKu does not scan the grid for singles: it notes
//! each one as it arises, as a candidate goes, in two queues (naked and hidden), and takes them
//! first come, first served. Its score counts a hidden single 14 and a naked single or full
//! house 4, so which single comes first changes the score of the same puzzle by tens of points.
//! [`Queues`] follows the candidates of a 9x9 grid as HoDoKu's grid does, in the same order, and
//! keeps the same two queues; the rules below are HoDoKu's observable behaviour, written anew.

/// Rows are houses 0–8, columns 9–17 and boxes 18–26, as HoDoKu numbers them; a cell's houses
/// are listed row, column, box.
pub(super) fn houses_of(cell: usize) -> [usize; 3] {
    let (row, col) = (cell / 9, cell % 9);
    [row, 9 + col, 18 + row / 3 * 3 + col / 3]
}

/// The cells of house `house`, in reading order.
pub(super) fn cells_of(house: usize) -> [usize; 9] {
    std::array::from_fn(|i| match house {
        0..=8 => house * 9 + i,
        9..=17 => i * 9 + (house - 9),
        _ => {
            let b = house - 18;
            (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3
        }
    })
}

/// The cells of each house as bits 0–80.
const HOUSE_MASKS: [u128; 27] = {
    let mut masks = [0u128; 27];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        masks[row] |= 1 << cell;
        masks[9 + col] |= 1 << cell;
        masks[18 + row / 3 * 3 + col / 3] |= 1 << cell;
        cell += 1;
    }
    masks
};

/// The peers of each cell (the cells sharing a house with it) as bits 0–80.
pub(super) const PEERS: [u128; 81] = {
    let mut peers = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        let square = 18 + row / 3 * 3 + col / 3;
        peers[cell] =
            (HOUSE_MASKS[row] | HOUSE_MASKS[9 + col] | HOUSE_MASKS[square]) & !(1 << cell);
        cell += 1;
    }
    peers
};

/// The cells of `house` as bits 0–80.
pub(super) const fn house_mask(house: usize) -> u128 {
    HOUSE_MASKS[house]
}

/// The cells whose bits are set in `mask`, ascending.
pub(super) fn cells_in(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let cell = mask.trailing_zeros() as usize;
        mask &= mask.wrapping_sub(1);
        (cell < 128).then_some(cell)
    })
}

/// The digits of a candidate mask (bit d for digit d), ascending.
pub(super) fn digits_of(mask: u16) -> impl Iterator<Item = usize> {
    (1..=9).filter(move |d| mask & 1 << d != 0)
}

/// A queue of singles as (cell, digit), taken from the front; an entry may have gone stale
/// (its cell filled since), and the takers skip those.
#[derive(Debug, Clone, Default)]
struct Queue {
    entries: Vec<(u8, u8)>,
    next: usize,
}

impl Queue {
    fn push(&mut self, cell: usize, digit: usize) {
        self.entries.push((cell as u8, digit as u8));
    }

    /// Takes the front entry; the queue starts afresh once every entry is taken.
    fn pop(&mut self) -> Option<(usize, usize)> {
        let &(cell, digit) = self.entries.get(self.next)?;
        self.next += 1;
        if self.next == self.entries.len() {
            self.entries.clear();
            self.next = 0;
        }
        Some((cell as usize, digit as usize))
    }

    /// The entries not yet taken, front first.
    fn waiting(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.entries[self.next..]
            .iter()
            .map(|&(c, d)| (c as usize, d as usize))
    }

    /// Becomes a copy of `other`, keeping its own buffer.
    fn copy_from(&mut self, other: &Queue) {
        self.entries.clear();
        self.entries.extend_from_slice(&other.entries);
        self.next = other.next;
    }

    /// Drops the first waiting entry that `matches`.
    fn drop_first(&mut self, matches: impl Fn(usize, usize) -> bool) {
        let found = self.waiting().position(|(c, d)| matches(c, d));
        if let Some(i) = found {
            self.entries.remove(self.next + i);
        }
    }
}

/// A 9x9 grid's candidates and HoDoKu's two singles queues, changed in HoDoKu's order.
#[derive(Debug, Clone)]
pub struct Queues {
    /// Each cell's candidates, bit d for digit d; 0 once filled.
    candidates: [u16; 81],
    /// Each cell's digit, 0 when empty.
    values: [u8; 81],
    /// For each house and digit, how many of the house's empty cells hold the digit.
    places: [[u8; 10]; 27],
    /// For each digit, the empty cells holding it as bits 0–80 (for the screens).
    boards: [u128; 10],
    naked: Queue,
    hidden: Queue,
}

impl Queues {
    /// The grid with `givens` (0 for an empty cell) entered in reading order, as HoDoKu reads
    /// a puzzle.
    pub fn new(givens: &[u8; 81]) -> Queues {
        let mut queues = Queues {
            candidates: [0x3fe; 81],
            values: [0; 81],
            places: [[9; 10]; 27],
            boards: [(1u128 << 81) - 1; 10],
            naked: Queue::default(),
            hidden: Queue::default(),
        };
        for (cell, &digit) in givens.iter().enumerate() {
            if digit != 0 {
                queues.place(cell, digit as usize);
            }
        }
        queues
    }

    /// Becomes a copy of `other`, keeping its queues' buffers (a clone allocates them anew).
    pub(super) fn copy_from(&mut self, other: &Queues) {
        self.candidates = other.candidates;
        self.values = other.values;
        self.places = other.places;
        self.boards = other.boards;
        self.naked.copy_from(&other.naked);
        self.hidden.copy_from(&other.hidden);
    }

    /// Puts `digit` in `cell`: the digit leaves the cell's peers in reading order, then the
    /// cell's own candidates leave its row, column and box, digit by digit.
    pub fn place(&mut self, cell: usize, digit: usize) {
        if self.values[cell] as usize == digit {
            return;
        }
        self.values[cell] = digit as u8;
        let own = std::mem::take(&mut self.candidates[cell]);
        for candidate in digits_of(own) {
            self.boards[candidate] &= !(1 << cell);
        }
        // Only the peers holding the digit lose it, and in reading order as before.
        for peer in cells_in(PEERS[cell] & self.boards[digit]) {
            self.remove(peer, digit);
        }
        for candidate in (1..=9).filter(|d| own & 1 << d != 0) {
            for house in houses_of(cell) {
                self.places[house][candidate] -= 1;
                if self.places[house][candidate] == 1 && candidate != digit {
                    self.note_hidden(house, candidate);
                }
            }
        }
    }

    /// Removes `digit` from `cell`'s candidates, noting the singles that arise.
    pub fn remove(&mut self, cell: usize, digit: usize) {
        let bit = 1u16 << digit;
        if self.candidates[cell] & bit == 0 {
            return;
        }
        self.candidates[cell] &= !bit;
        self.boards[digit] &= !(1 << cell);
        let left = self.candidates[cell];
        if left == 0 {
            return;
        }
        if left.count_ones() == 1 {
            self.naked.push(cell, left.trailing_zeros() as usize);
        }
        for house in houses_of(cell) {
            self.places[house][digit] -= 1;
            match self.places[house][digit] {
                1 => self.note_hidden(house, digit),
                0 => self
                    .hidden
                    .drop_first(|c, d| d == digit && houses_of(c).contains(&house)),
                _ => {}
            }
        }
    }

    /// Queues the hidden single of `digit` in `house`: the first cell of the house that still
    /// holds it (none when the digit's last place was just filled).
    fn note_hidden(&mut self, house: usize, digit: usize) {
        // A house's cells in reading order are its bits in ascending order.
        if let Some(cell) = cells_in(house_mask(house) & self.boards[digit]).next() {
            self.hidden.push(cell, digit);
        }
    }

    /// The full house HoDoKu takes: the first waiting naked single whose cell is the last
    /// empty cell of one of its houses. The queue is left as it is.
    pub fn full_house(&self) -> Option<(usize, usize)> {
        self.naked.waiting().find(|&(cell, digit)| {
            self.values[cell] == 0
                && houses_of(cell).into_iter().any(|house| {
                    (1..=9).all(|other| other == digit || self.places[house][other] == 0)
                })
        })
    }

    /// The naked single HoDoKu takes: the first waiting one whose cell is still empty; the
    /// entries before it, and it, leave the queue.
    pub fn naked_single(&mut self) -> Option<(usize, usize)> {
        while let Some((cell, digit)) = self.naked.pop() {
            if self.values[cell] == 0 {
                return Some((cell, digit));
            }
        }
        None
    }

    /// The hidden single HoDoKu takes, and the house (row, column, box first) where it is one:
    /// the first waiting entry whose cell is still empty leaves the queue, with those before
    /// it. If that entry is no longer a hidden single anywhere, HoDoKu takes no hidden single
    /// this time, whatever else waits.
    pub fn hidden_single(&mut self) -> Option<(usize, usize, usize)> {
        while let Some((cell, digit)) = self.hidden.pop() {
            if self.values[cell] == 0 {
                return houses_of(cell)
                    .into_iter()
                    .find(|&house| self.places[house][digit] == 1)
                    .map(|house| (cell, digit, house));
            }
        }
        None
    }

    /// The candidates of `cell`, bit d for digit d.
    pub(super) fn candidates(&self, cell: usize) -> u16 {
        self.candidates[cell]
    }

    /// The naked singles waiting whose cells are empty, first come first.
    pub(super) fn naked_waiting(&self) -> Vec<(usize, usize)> {
        (self.naked.waiting())
            .filter(|&(cell, _)| self.values[cell] == 0)
            .collect()
    }

    /// The hidden singles waiting whose cells are empty, one per cell, each still the only
    /// place of its digit in one of the cell's houses.
    pub(super) fn hidden_waiting(&self) -> Vec<(usize, usize)> {
        let mut singles: Vec<(usize, usize)> = Vec::new();
        for (cell, digit) in self.hidden.waiting() {
            if self.values[cell] == 0
                && singles.iter().all(|&(c, _)| c != cell)
                && houses_of(cell).iter().any(|&h| self.places[h][digit] == 1)
            {
                singles.push((cell, digit));
            }
        }
        singles
    }

    /// The empty cells holding `digit`, as bits 0–80.
    pub(super) fn board(&self, digit: usize) -> u128 {
        self.boards[digit]
    }

    /// How many empty cells of `house` hold `digit`.
    pub(super) fn count(&self, house: usize, digit: usize) -> u8 {
        self.places[house][digit]
    }

    /// The empty cells, in reading order.
    pub fn empty_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..81).filter(|&c| self.values[c] == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn houses_are_numbered_rows_columns_boxes() {
        assert_eq!(houses_of(0), [0, 9, 18]);
        assert_eq!(houses_of(80), [8, 17, 26]);
        assert_eq!(cells_of(19), [3, 4, 5, 12, 13, 14, 21, 22, 23]);
        assert_eq!(cells_in(PEERS[0]).count(), 20);
    }

    #[test]
    fn singles_come_in_the_order_they_arose() {
        // Row 1 holds 1..8 in its first eight cells: r1c9 is a full house (9) that arose last.
        let mut givens = [0u8; 81];
        for (i, g) in givens.iter_mut().take(8).enumerate() {
            *g = i as u8 + 1;
        }
        let mut queues = Queues::new(&givens);
        assert_eq!(queues.full_house(), Some((8, 9)));
        assert_eq!(queues.naked_single(), Some((8, 9)));
        assert_eq!(queues.naked_single(), None);
        // 9 has one place left in row 1 since the eighth given, and a hidden single is noted
        // for it then; r1c9 is still empty, so it is the hidden single taken.
        assert_eq!(queues.hidden_single(), Some((8, 9, 0)));
        queues.place(8, 9);
        assert_eq!(queues.empty_cells().count(), 72);
    }
}
