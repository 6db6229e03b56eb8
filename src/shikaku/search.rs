//! The exact Shikaku solver: an exact cover of the cells by candidate rectangles, searched with
//! dancing links (Knuth's Algorithm X), always branching on the cell that the fewest rectangles
//! can still cover. A clue's cell can only be covered by that clue's rectangles (no candidate
//! holds two clues), so covering every cell once also picks exactly one rectangle per clue.

use super::model::{Rect, Shikaku};

/// The result of a search: how many solutions were found (up to the limit) and the first.
#[derive(Debug, Clone, PartialEq)]
pub struct Count {
    /// Solutions found, at most the limit asked for.
    pub solutions: usize,
    /// The first solution: one rectangle per clue, in clue order.
    pub first: Option<Vec<Rect>>,
}

/// Counts the puzzle's solutions up to `limit` (2 tells unique from several).
pub fn count_solutions(puzzle: &Shikaku, limit: usize) -> Count {
    count_from(puzzle, &puzzle.candidates(), limit)
}

/// Counts solutions up to `limit` using only the given candidate rectangles of each clue.
pub fn count_from(puzzle: &Shikaku, candidates: &[Vec<Rect>], limit: usize) -> Count {
    let mut links = Links::new(puzzle.rows() * puzzle.cols());
    let mut owners = Vec::new();
    for (clue, rects) in candidates.iter().enumerate() {
        for (k, rect) in rects.iter().enumerate() {
            let columns: Vec<usize> = rect.cells().map(|(r, c)| r * puzzle.cols() + c).collect();
            links.add_row(&columns);
            owners.push((clue, k));
        }
    }
    let mut search = Search {
        links,
        chosen: Vec::new(),
        found: 0,
        limit: limit.max(1),
        first: None,
    };
    search.run();
    let first = search.first.map(|rows| {
        let mut rects = vec![None; candidates.len()];
        for row in rows {
            let (clue, k) = owners[row];
            rects[clue] = Some(candidates[clue][k]);
        }
        rects
            .into_iter()
            .map(|r| r.expect("every clue covered"))
            .collect()
    });
    Count {
        solutions: search.found,
        first,
    }
}

/// Dancing links: node 0 is the root, nodes 1..=columns are column headers, then row nodes.
struct Links {
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    column: Vec<usize>,
    row: Vec<usize>,
    size: Vec<usize>,
    rows: usize,
}

impl Links {
    fn new(columns: usize) -> Links {
        let n = columns + 1;
        let mut links = Links {
            left: (0..n)
                .map(|i| if i == 0 { columns } else { i - 1 })
                .collect(),
            right: (0..n)
                .map(|i| if i == columns { 0 } else { i + 1 })
                .collect(),
            up: (0..n).collect(),
            down: (0..n).collect(),
            column: (0..n).collect(),
            row: vec![usize::MAX; n],
            size: vec![0; n],
            rows: 0,
        };
        links.left[0] = columns;
        links
    }

    /// Adds a row covering the given zero-based columns.
    fn add_row(&mut self, columns: &[usize]) {
        let row = self.rows;
        self.rows += 1;
        let first = self.left.len();
        for (i, &col) in columns.iter().enumerate() {
            let header = col + 1;
            let node = self.left.len();
            let (left, right) = if i == 0 {
                (node, node)
            } else {
                (node - 1, first)
            };
            self.left.push(left);
            self.right.push(right);
            if i > 0 {
                self.right[node - 1] = node;
                self.left[first] = node;
            }
            let above = self.up[header];
            self.up.push(above);
            self.down.push(header);
            self.down[above] = node;
            self.up[header] = node;
            self.column.push(header);
            self.row.push(row);
            self.size[header] += 1;
        }
    }

    fn cover(&mut self, c: usize) {
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = r;
        self.left[r] = l;
        let mut i = self.down[c];
        while i != c {
            let mut j = self.right[i];
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = d;
                self.up[d] = u;
                self.size[self.column[j]] -= 1;
                j = self.right[j];
            }
            i = self.down[i];
        }
    }

    fn uncover(&mut self, c: usize) {
        let mut i = self.up[c];
        while i != c {
            let mut j = self.left[i];
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = j;
                self.up[d] = j;
                self.size[self.column[j]] += 1;
                j = self.left[j];
            }
            i = self.up[i];
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = c;
        self.left[r] = c;
    }
}

struct Search {
    links: Links,
    chosen: Vec<usize>,
    found: usize,
    limit: usize,
    first: Option<Vec<usize>>,
}

impl Search {
    fn run(&mut self) {
        if self.links.right[0] == 0 {
            self.found += 1;
            if self.first.is_none() {
                let rows = self.chosen.iter().map(|&n| self.links.row[n]).collect();
                self.first = Some(rows);
            }
            return;
        }
        let best = self.fewest_options();
        if self.links.size[best] == 0 {
            return;
        }
        self.links.cover(best);
        let mut r = self.links.down[best];
        while r != best && self.found < self.limit {
            self.chosen.push(r);
            let mut j = self.links.right[r];
            while j != r {
                self.links.cover(self.links.column[j]);
                j = self.links.right[j];
            }
            self.run();
            let mut j = self.links.left[r];
            while j != r {
                self.links.uncover(self.links.column[j]);
                j = self.links.left[j];
            }
            self.chosen.pop();
            r = self.links.down[r];
        }
        self.links.uncover(best);
    }

    /// The column (cell) with the fewest rows (rectangles) left.
    fn fewest_options(&self) -> usize {
        let l = &self.links;
        let mut best = l.right[0];
        let mut c = best;
        while c != 0 {
            if l.size[c] < l.size[best] {
                best = c;
                if l.size[c] <= 1 {
                    break;
                }
            }
            c = l.right[c];
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Origin;
    use crate::shikaku::model::Clue;

    #[test]
    fn counts_unique_several_and_none() {
        let clue = |row, col, number| Clue { row, col, number };
        // 2x2 with a 4: unique.
        let one = Shikaku::new(2, 2, vec![clue(0, 0, 4)], Origin::Unknown).unwrap();
        assert_eq!(count_solutions(&one, 2).solutions, 1);
        // 2x2 with two 2s on a diagonal: two ways (two rows or two columns).
        let two = Shikaku::new(2, 2, vec![clue(0, 0, 2), clue(1, 1, 2)], Origin::Unknown).unwrap();
        let count = count_solutions(&two, 5);
        assert_eq!(count.solutions, 2);
        assert!(two.is_solution(&count.first.unwrap()));
        // Keeping only the first's row and the second's column leaves none.
        let row = Rect {
            top: 0,
            left: 0,
            height: 1,
            width: 2,
        };
        let col = Rect {
            top: 0,
            left: 1,
            height: 2,
            width: 1,
        };
        assert_eq!(count_from(&two, &[vec![row], vec![col]], 2).solutions, 0);
    }
}
