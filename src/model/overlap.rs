//! Overlapping Sudokus (Samurai, Butterfly, Windmill, Sohei, Gattai-8, Sumo, Shogun): N x N grids
//! placed at offsets on a wider sheet, sharing whole boxes. The sheet's positions outside every
//! grid are not cells; the puzzle's cells are numbered in reading order over the sheet.

use crate::error::Error;
use crate::model::digit::MAX_SIZE;
use crate::model::layout::cell_name;
use serde::{Deserialize, Serialize};

/// A named arrangement of 9x9 grids, as puzzle books and janko.at print it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Arrangement {
    /// Five grids, the centre one sharing a corner box with each of the others (21x21).
    Samurai,
    /// Four grids at row and column offsets 0 and 3 (12x12).
    Butterfly,
    /// A centre grid and four arms turning around it (21x21).
    Windmill,
    /// Four grids around an empty centre (21x21).
    Sohei,
    /// Eight grids: three, two, three (21x33).
    Gattai8,
    /// Thirteen grids: three, two, three, two, three (33x33).
    Sumo,
    /// Eleven grids: four, three, four (21x45).
    Shogun,
}

impl Arrangement {
    /// Every arrangement, as `--layout` lists them.
    pub const ALL: [Arrangement; 7] = [
        Arrangement::Samurai,
        Arrangement::Butterfly,
        Arrangement::Windmill,
        Arrangement::Sohei,
        Arrangement::Gattai8,
        Arrangement::Sumo,
        Arrangement::Shogun,
    ];

    /// The name `--layout` takes: `samurai`, `gattai-8`, …
    pub fn key(self) -> &'static str {
        match self {
            Arrangement::Samurai => "samurai",
            Arrangement::Butterfly => "butterfly",
            Arrangement::Windmill => "windmill",
            Arrangement::Sohei => "sohei",
            Arrangement::Gattai8 => "gattai-8",
            Arrangement::Sumo => "sumo",
            Arrangement::Shogun => "shogun",
        }
    }

    /// The name in sentences: `Samurai`, `Gattai-8`.
    pub fn title(self) -> &'static str {
        match self {
            Arrangement::Samurai => "Samurai",
            Arrangement::Butterfly => "Butterfly",
            Arrangement::Windmill => "Windmill",
            Arrangement::Sohei => "Sohei",
            Arrangement::Gattai8 => "Gattai-8",
            Arrangement::Sumo => "Sumo",
            Arrangement::Shogun => "Shogun",
        }
    }

    /// The arrangement a name stands for, ignoring case, spaces, `-` and a trailing `sudoku`
    /// (`Samurai Sudoku`, `gattai8`).
    pub fn parse(name: &str) -> Option<Arrangement> {
        let plain: String = name
            .to_lowercase()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect();
        let plain = plain.strip_suffix("sudoku").unwrap_or(&plain);
        Arrangement::ALL
            .into_iter()
            .find(|a| a.key().replace('-', "") == plain)
    }

    /// The arrangement a text beside a grid names (`Samurai Sudoku No. 12`), if it names one.
    pub fn named_in(caption: &str) -> Option<Arrangement> {
        caption
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '-')
            .find_map(Arrangement::parse)
    }

    /// The top-left corners (zero-based row, column) of the grids, in reading order.
    pub fn corners(self) -> &'static [(usize, usize)] {
        match self {
            Arrangement::Samurai => &[(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)],
            Arrangement::Butterfly => &[(0, 0), (0, 3), (3, 0), (3, 3)],
            Arrangement::Windmill => &[(0, 3), (3, 12), (6, 6), (9, 0), (12, 9)],
            Arrangement::Sohei => &[(0, 6), (6, 0), (6, 12), (12, 6)],
            Arrangement::Gattai8 => &[
                (0, 0),
                (0, 12),
                (0, 24),
                (6, 6),
                (6, 18),
                (12, 0),
                (12, 12),
                (12, 24),
            ],
            Arrangement::Sumo => &[
                (0, 0),
                (0, 12),
                (0, 24),
                (6, 6),
                (6, 18),
                (12, 0),
                (12, 12),
                (12, 24),
                (18, 6),
                (18, 18),
                (24, 0),
                (24, 12),
                (24, 24),
            ],
            Arrangement::Shogun => &[
                (0, 0),
                (0, 12),
                (0, 24),
                (0, 36),
                (6, 6),
                (6, 18),
                (6, 30),
                (12, 0),
                (12, 12),
                (12, 24),
                (12, 36),
            ],
        }
    }

    /// The shape of the arrangement's grids of 9x9.
    pub fn shape(self) -> Overlap {
        Overlap::new(9, self.corners().to_vec()).expect("a named arrangement is valid")
    }
}

/// Where the cells of an overlapping puzzle are: N x N grids with their top-left corners on a
/// sheet of `rows` x `cols` positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overlap {
    size: usize,
    corners: Vec<(usize, usize)>,
    name: Option<Arrangement>,
    rows: usize,
    cols: usize,
    /// The sheet position (row, column) of each cell.
    position: Vec<(u16, u16)>,
    /// Per sheet position (row-major), its cell's index, or `u16::MAX` outside every grid.
    at: Vec<u16>,
}

impl Overlap {
    /// The shape of `size` x `size` grids with their top-left corners at `corners` (zero-based
    /// row, column). The grids come in reading order of their corners; two grids must not
    /// coincide, and the sheet must not pass 10,000 positions.
    pub fn new(size: usize, mut corners: Vec<(usize, usize)>) -> Result<Overlap, Error> {
        let bad = |reason: String| Error::BadLayout { reason };
        if corners.is_empty() {
            return Err(bad("it has no grid".into()));
        }
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(Error::BadSize { size });
        }
        corners.sort_unstable();
        if let Some(w) = corners.windows(2).find(|w| w[0] == w[1]) {
            return Err(bad(format!(
                "two grids start at {}",
                cell_name(w[0].0, w[0].1)
            )));
        }
        let (top, left) = corners
            .iter()
            .fold((usize::MAX, usize::MAX), |(t, l), &(r, c)| {
                (t.min(r), l.min(c))
            });
        for corner in &mut corners {
            *corner = (corner.0 - top, corner.1 - left);
        }
        let rows = corners.iter().map(|c| c.0).max().unwrap_or(0) + size;
        let cols = corners.iter().map(|c| c.1).max().unwrap_or(0) + size;
        if rows * cols > MAX_SIZE * MAX_SIZE {
            return Err(bad(format!(
                "its grids span {rows}x{cols} positions; at most {} are supported",
                MAX_SIZE * MAX_SIZE
            )));
        }
        let mut inside = vec![false; rows * cols];
        for &(r, c) in &corners {
            for row in r..r + size {
                inside[row * cols + c..row * cols + c + size].fill(true);
            }
        }
        let mut position = Vec::new();
        let at = (0..rows * cols)
            .map(|i| match inside[i] {
                true => {
                    position.push(((i / cols) as u16, (i % cols) as u16));
                    (position.len() - 1) as u16
                }
                false => u16::MAX,
            })
            .collect();
        let name = Arrangement::ALL
            .into_iter()
            .find(|a| size == 9 && a.corners() == corners);
        Ok(Overlap {
            size,
            corners,
            name,
            rows,
            cols,
            position,
            at,
        })
    }

    /// The grids of `size` x `size` that make up a shape drawn on a sheet of `rows` x `cols`
    /// (`is_cell(row, col)` says whether a position is a cell): a named arrangement's when the
    /// cells are exactly its cells, else every grid at a corner on the boxes' lines (multiples
    /// of `box_rows`, `box_cols`) that lies wholly on cells. An error when those grids do not
    /// cover every cell. (A Windmill's cells also hold a 9x9 block that is not one of its grids:
    /// only its name tells them apart.)
    pub fn of_shape(
        size: usize,
        (box_rows, box_cols): (usize, usize),
        (rows, cols): (usize, usize),
        is_cell: &dyn Fn(usize, usize) -> bool,
    ) -> Result<Overlap, Error> {
        let positions = || (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c)));
        let named = Arrangement::ALL
            .into_iter()
            .map(Arrangement::shape)
            .find(|shape| {
                shape.size == size
                    && shape.extent() == (rows, cols)
                    && positions().all(|(r, c)| is_cell(r, c) == shape.cell_at(r, c).is_some())
            });
        if let Some(shape) = named {
            return Ok(shape);
        }
        let whole = |r: usize, c: usize| {
            (r..r + size).all(|row| (c..c + size).all(|col| is_cell(row, col)))
        };
        let corners: Vec<(usize, usize)> = (0..(rows + 1).saturating_sub(size))
            .step_by(box_rows)
            .flat_map(|r| {
                (0..(cols + 1).saturating_sub(size))
                    .step_by(box_cols)
                    .map(move |c| (r, c))
            })
            .filter(|&(r, c)| whole(r, c))
            .collect();
        if corners.is_empty() {
            return Err(Error::BadLayout {
                reason: format!("no {size}x{size} grid lies wholly on its cells"),
            });
        }
        let shape = Overlap::new(size, corners.clone())?;
        let (top, left) = (corners[0].0, corners.iter().map(|c| c.1).min().unwrap_or(0));
        let stray = positions().find(|&(r, c)| {
            is_cell(r, c) && (r < top || c < left || shape.cell_at(r - top, c - left).is_none())
        });
        match stray {
            Some((r, c)) => Err(Error::BadLayout {
                reason: format!(
                    "{} is in no {size}x{size} grid: the grids found start at {}",
                    cell_name(r, c),
                    corners
                        .iter()
                        .map(|&(r, c)| cell_name(r, c))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }),
            None => Ok(shape),
        }
    }

    /// The shape `--layout` describes: an arrangement's name (`samurai`), or the top-left cells
    /// of 9x9 grids (`r1c1 r1c13 r7c7 r13c1 r13c13`, separated by spaces, commas or
    /// semicolons).
    pub fn parse(spec: &str) -> Result<Overlap, Error> {
        if let Some(arrangement) = Arrangement::parse(spec) {
            return Ok(arrangement.shape());
        }
        let names: Vec<&str> = spec
            .split([' ', ',', ';', '\n', '\t'])
            .filter(|t| !t.trim().is_empty())
            .collect();
        let corners = names
            .iter()
            .map(|name| parse_cell_name(name.trim()))
            .collect::<Option<Vec<_>>>();
        match corners {
            Some(corners) if !corners.is_empty() => Overlap::new(9, corners),
            _ => Err(Error::BadLayout {
                reason: format!(
                    "'{}' is neither a layout ({}) nor a list of the grids' top-left cells such \
                     as 'r1c1 r1c13 r7c7 r13c1 r13c13'",
                    spec.trim(),
                    Arrangement::ALL.map(Arrangement::key).join(", ")
                ),
            }),
        }
    }

    /// N: each grid is N x N and holds the digits `1..=N`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The grids' top-left corners (zero-based row, column), in reading order.
    pub fn corners(&self) -> &[(usize, usize)] {
        &self.corners
    }

    /// The arrangement the grids make, when it has a name.
    pub fn name(&self) -> Option<Arrangement> {
        self.name
    }

    /// Rows and columns of the sheet the grids span.
    pub fn extent(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// How many cells: the positions in some grid.
    pub fn cell_count(&self) -> usize {
        self.position.len()
    }

    /// The sheet position (zero-based row, column) of the cell of index `cell`.
    pub fn position(&self, cell: usize) -> (usize, usize) {
        let (r, c) = self.position[cell];
        (r as usize, c as usize)
    }

    /// The index of the cell at a sheet position, `None` outside every grid.
    pub fn cell_at(&self, row: usize, col: usize) -> Option<usize> {
        if row >= self.rows || col >= self.cols {
            return None;
        }
        let index = self.at[row * self.cols + col];
        (index != u16::MAX).then_some(index as usize)
    }

    /// A short description: `Samurai: 5 grids of 9x9`, or `3 overlapping grids of 9x9`.
    pub fn describe(&self) -> String {
        let (n, count) = (self.size, self.corners.len());
        match self.name {
            Some(name) => format!("{}: {count} grids of {n}x{n}", name.title()),
            None => format!("{count} overlapping grids of {n}x{n}"),
        }
    }
}

/// The zero-based (row, column) of a cell name `r13c7` (any case).
fn parse_cell_name(name: &str) -> Option<(usize, usize)> {
    let lower = name.to_ascii_lowercase();
    let (row, col) = lower.strip_prefix('r')?.split_once('c')?;
    let (row, col) = (row.parse::<usize>().ok()?, col.parse::<usize>().ok()?);
    Some((row.checked_sub(1)?, col.checked_sub(1)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_arrangement_has_its_printed_extent_and_cell_count() {
        // Extents and cell counts from the janko.at collections' solutions (the positions that
        // are not `-`).
        let expected = [
            (Arrangement::Samurai, (21, 21), 369),
            (Arrangement::Butterfly, (12, 12), 144),
            (Arrangement::Windmill, (21, 21), 333),
            (Arrangement::Sohei, (21, 21), 288),
            (Arrangement::Gattai8, (21, 33), 576),
            (Arrangement::Sumo, (33, 33), 909),
            (Arrangement::Shogun, (21, 45), 783),
        ];
        for (arrangement, extent, cells) in expected {
            let shape = arrangement.shape();
            assert_eq!(shape.extent(), extent, "{arrangement:?}");
            assert_eq!(shape.cell_count(), cells, "{arrangement:?}");
            assert_eq!(shape.name(), Some(arrangement));
        }
    }

    #[test]
    fn a_drawn_shape_gives_back_its_grids() {
        for arrangement in Arrangement::ALL {
            let shape = arrangement.shape();
            let is_cell = |r, c| shape.cell_at(r, c).is_some();
            let found = Overlap::of_shape(9, (3, 3), shape.extent(), &is_cell).unwrap();
            assert_eq!(found, shape, "{arrangement:?}");
        }
    }

    #[test]
    fn a_cell_outside_the_grids_found_is_named() {
        // Samurai with one more cell in the gap at r10c1.
        let shape = Arrangement::Samurai.shape();
        let is_cell = |r, c| (r, c) == (9, 0) || shape.cell_at(r, c).is_some();
        let err = Overlap::of_shape(9, (3, 3), (21, 21), &is_cell).unwrap_err();
        assert!(err.to_string().contains("r10c1 is in no 9x9 grid"), "{err}");
    }

    #[test]
    fn layouts_parse_by_name_or_corners() {
        assert_eq!(
            Overlap::parse("Samurai Sudoku").unwrap(),
            Arrangement::Samurai.shape()
        );
        assert_eq!(
            Overlap::parse("gattai8").unwrap().name(),
            Some(Arrangement::Gattai8)
        );
        let listed = Overlap::parse("r1c1, r1c13 r7c7;r13c1 r13c13").unwrap();
        assert_eq!(listed.name(), Some(Arrangement::Samurai));
        let two = Overlap::parse("r1c1 r7c7").unwrap();
        assert_eq!(
            (two.extent(), two.cell_count(), two.name()),
            ((15, 15), 153, None)
        );
        for bad in ["samurai-ish", "r0c1", ""] {
            assert!(Overlap::parse(bad).is_err(), "{bad}");
        }
        assert!(
            Overlap::parse("r1c1 r1c1")
                .unwrap_err()
                .to_string()
                .contains("two grids")
        );
    }
}
