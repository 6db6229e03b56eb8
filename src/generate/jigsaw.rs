//! Random jigsaw layouts: `n` connected regions of `n` cells each, none of them a whole row or
//! column, drawn by swapping cells between neighbouring regions of a regular start layout.

use crate::model::{Layout, Regions, touching};
use rand::RngExt;
use rand::rngs::StdRng;

/// Successful swaps per cell: enough for the start layout to leave no trace.
const SWAPS_PER_CELL: usize = 6;

/// Tries per cell before giving up on ridding the layout of straight regions (sizes below 4 may
/// have no other layout).
const TRIES_PER_CELL: usize = 1000;

/// A random jigsaw layout of size `n`. The caller still has to check that it has a solution: some
/// region shapes leave none.
pub fn random_layout(n: usize, rng: &mut StdRng) -> Layout {
    let mut map = RegionMap::start(n);
    let mut swaps = 0;
    for _ in 0..TRIES_PER_CELL * n * n {
        if swaps >= SWAPS_PER_CELL * n * n && !map.has_straight_region() {
            break;
        }
        if map.try_swap(rng) {
            swaps += 1;
        }
    }
    Layout::new(n, Regions::Jigsaw { region_of: map.of })
        .expect("swaps keep n connected regions of n cells")
}

/// The region of every cell, row-major.
struct RegionMap {
    n: usize,
    of: Vec<u16>,
}

impl RegionMap {
    /// Boxes when the size has a box shape, otherwise one region per row.
    fn start(n: usize) -> RegionMap {
        let of = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                match Regions::default_boxes(n) {
                    Some(Regions::Boxes { rows, cols }) => {
                        (r / rows * (n / cols) + c / cols) as u16
                    }
                    _ => r as u16,
                }
            })
            .collect();
        RegionMap { n, of }
    }

    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        touching(self.n, i)
    }

    /// Moves a random border cell of region A into its neighbour B and a random cell of B that
    /// touches A back into A, when both regions stay connected; reports whether it did.
    fn try_swap(&mut self, rng: &mut StdRng) -> bool {
        let cells = self.n * self.n;
        let from = rng.random_range(0..cells);
        let across: Vec<usize> = self
            .neighbours(from)
            .filter(|&j| self.of[j] != self.of[from])
            .collect();
        if across.is_empty() {
            return false;
        }
        let (a, b) = (
            self.of[from],
            self.of[across[rng.random_range(0..across.len())]],
        );
        let back: Vec<usize> = (0..cells)
            .filter(|&j| {
                self.of[j] == b && self.neighbours(j).any(|k| k != from && self.of[k] == a)
            })
            .collect();
        if back.is_empty() {
            return false;
        }
        let to = back[rng.random_range(0..back.len())];
        self.of[from] = b;
        self.of[to] = a;
        if self.is_connected(a) && self.is_connected(b) {
            return true;
        }
        self.of[from] = a;
        self.of[to] = b;
        false
    }

    fn is_connected(&self, region: u16) -> bool {
        let members: Vec<usize> = (0..self.n * self.n)
            .filter(|&i| self.of[i] == region)
            .collect();
        let mut seen = vec![false; self.n * self.n];
        let mut stack = vec![members[0]];
        seen[members[0]] = true;
        let mut reached = 1;
        while let Some(i) = stack.pop() {
            for j in self.neighbours(i) {
                if !seen[j] && self.of[j] == region {
                    seen[j] = true;
                    reached += 1;
                    stack.push(j);
                }
            }
        }
        reached == members.len()
    }

    /// Whether some region is a whole row or column (from 4x4 up, that would not be a jigsaw).
    fn has_straight_region(&self) -> bool {
        let n = self.n;
        n >= 4
            && (0..n).any(|line| {
                let row = (0..n).map(|c| self.of[line * n + c]);
                let col = (0..n).map(|r| self.of[r * n + line]);
                all_equal(row) || all_equal(col)
            })
    }
}

fn all_equal(mut values: impl Iterator<Item = u16>) -> bool {
    let first = values.next();
    values.all(|v| Some(v) == first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cell;
    use rand::SeedableRng;

    #[test]
    fn layouts_have_n_connected_irregular_regions_of_n_cells() {
        for n in [4, 5, 7, 9] {
            let mut rng = StdRng::seed_from_u64(n as u64);
            let layout = random_layout(n, &mut rng);
            // Layout::new checked sizes and counts; connectivity and irregularity are checked here.
            let map = RegionMap {
                n,
                of: layout
                    .cells()
                    .map(|c: Cell| layout.region_of(c).unwrap() as u16)
                    .collect(),
            };
            assert!((0..n as u16).all(|r| map.is_connected(r)), "{n}");
            assert!(!map.has_straight_region(), "{n}");
            assert_ne!(map.of, RegionMap::start(n).of, "{n}");
        }
    }

    #[test]
    fn the_same_seed_draws_the_same_layout() {
        let draw = |seed| random_layout(9, &mut StdRng::seed_from_u64(seed));
        assert_eq!(draw(3), draw(3));
        assert_ne!(draw(3), draw(4));
    }
}
