//! Grid geometry: cells, houses (rows, columns, regions, extra houses) and region layouts.
//!
//! Every solver works on [`House`]s — plain lists of cells — so boxes of any shape, jigsaw regions
//! and future extra houses (diagonals, windows) are handled by the same code.

use crate::error::Error;
use crate::model::digit::MAX_SIZE;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A cell of the grid, by its row-major index `row * N + col`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Cell(u16);

impl Cell {
    /// The cell at a row-major index.
    pub fn from_index(index: usize) -> Cell {
        debug_assert!(index < MAX_SIZE * MAX_SIZE);
        Cell(index as u16)
    }

    /// The cell at zero-based `row` and `col` of a grid of `size`.
    pub fn at(row: usize, col: usize, size: usize) -> Cell {
        Cell::from_index(row * size + col)
    }

    /// The row-major index.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Zero-based row in a grid of `size`.
    pub fn row(self, size: usize) -> usize {
        self.index() / size
    }

    /// Zero-based column in a grid of `size`.
    pub fn col(self, size: usize) -> usize {
        self.index() % size
    }
}

/// The name of the cell at zero-based `row` and `col`: `r3c5`. Every cell name in explanations
/// and messages is written here.
pub fn cell_name(row: usize, col: usize) -> String {
    format!("r{}c{}", row + 1, col + 1)
}

/// What kind of house a [`House`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box or jigsaw region.
    Region,
    /// An extra constraint house (a diagonal, a window…).
    Extra,
}

/// A set of N cells that must hold each digit exactly once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct House {
    /// Row, column, region or extra.
    pub kind: HouseKind,
    /// Zero-based number within its kind.
    pub number: usize,
    /// The cells, in row-major order.
    pub cells: Vec<Cell>,
    /// Whether regions are rectangular boxes (for naming: "box 3" rather than "region 3").
    boxes: bool,
}

impl fmt::Display for House {
    /// Names the house the way a person would: `row 3`, `column 5`, `box 2`, `region 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match (self.kind, self.boxes) {
            (HouseKind::Row, _) => "row",
            (HouseKind::Column, _) => "column",
            (HouseKind::Region, true) => "box",
            (HouseKind::Region, false) => "region",
            (HouseKind::Extra, _) => "extra house",
        };
        write!(f, "{kind} {}", self.number + 1)
    }
}

/// How the grid is divided into regions.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum Regions {
    /// Rectangular boxes of `rows` x `cols` cells.
    Boxes {
        /// Rows per box.
        rows: usize,
        /// Columns per box.
        cols: usize,
    },
    /// Irregular regions: `region_of[cell]` is the zero-based region of each cell.
    Jigsaw {
        /// Region number of each cell, row-major.
        region_of: Vec<u16>,
    },
    /// No regions: a Latin square.
    Latin,
}

impl Regions {
    /// The default boxes for `size`: the most square factorisation with rows ≤ columns
    /// (4 → 2x2, 6 → 2x3, 12 → 3x4), or `None` when `size` has no factorisation into two factors
    /// greater than one (a region map is then needed). Size 1 is a single 1x1 box.
    pub fn default_boxes(size: usize) -> Option<Regions> {
        if size == 1 {
            return Some(Regions::Boxes { rows: 1, cols: 1 });
        }
        let rows = (2..=size)
            .take_while(|r| r * r <= size)
            .filter(|r| size.is_multiple_of(*r))
            .last()?;
        Some(Regions::Boxes {
            rows,
            cols: size / rows,
        })
    }

    /// Parses a box shape such as `3x4` for a grid of `size`.
    pub fn parse_box(spec: &str, size: usize) -> Result<Regions, Error> {
        let bad = |reason: String| Error::BadBoxShape {
            spec: spec.to_string(),
            reason,
        };
        let (rows, cols) = spec
            .split_once(['x', 'X', '×', '*'])
            .ok_or_else(|| bad("write it as ROWSxCOLUMNS, e.g. 3x4".into()))?;
        let parse = |part: &str| {
            part.trim()
                .parse::<usize>()
                .map_err(|_| bad(format!("'{part}' is not a whole number")))
        };
        let (rows, cols) = (parse(rows)?, parse(cols)?);
        if rows * cols != size {
            return Err(bad(format!(
                "{rows}x{cols} boxes hold {} cells, but the grid is {size}x{size}",
                rows * cols
            )));
        }
        Ok(Regions::Boxes { rows, cols })
    }

    /// A short description: `3x3 boxes`, `jigsaw regions`, `no regions (Latin square)`.
    pub fn describe(&self) -> String {
        match self {
            Regions::Boxes { rows, cols } => format!("{rows}x{cols} boxes"),
            Regions::Jigsaw { .. } => "jigsaw regions".to_string(),
            Regions::Latin => "no regions (Latin square)".to_string(),
        }
    }

    fn region_of(&self, row: usize, col: usize, size: usize) -> Option<usize> {
        match self {
            Regions::Boxes { rows, cols } => Some(row / rows * (size / cols) + col / cols),
            Regions::Jigsaw { region_of } => Some(region_of[row * size + col] as usize),
            Regions::Latin => None,
        }
    }
}

/// The geometry of a grid: its size, its houses and which houses each cell is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    size: usize,
    regions: Regions,
    houses: Vec<House>,
    houses_of_cell: Vec<Vec<usize>>,
    peers: Vec<Vec<Cell>>,
}

impl Layout {
    /// Builds the layout of a `size` x `size` grid with the given regions.
    ///
    /// Fails when the size is out of range or a jigsaw map does not have `size` regions of `size`
    /// cells each.
    pub fn new(size: usize, regions: Regions) -> Result<Layout, Error> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(Error::BadSize { size });
        }
        match &regions {
            Regions::Boxes { rows, cols } if rows * cols != size => {
                return Err(Error::BadBoxShape {
                    spec: format!("{rows}x{cols}"),
                    reason: format!("boxes must hold {size} cells"),
                });
            }
            Regions::Jigsaw { region_of } => check_region_map(region_of, size)?,
            _ => {}
        }
        let mut houses = Vec::with_capacity(3 * size);
        let boxes = matches!(regions, Regions::Boxes { .. });
        let mut add = |kind, members: &dyn Fn(usize) -> Vec<Cell>| {
            for number in 0..size {
                houses.push(House {
                    kind,
                    number,
                    cells: members(number),
                    boxes,
                });
            }
        };
        add(HouseKind::Row, &|r| {
            (0..size).map(|c| Cell::at(r, c, size)).collect()
        });
        add(HouseKind::Column, &|c| {
            (0..size).map(|r| Cell::at(r, c, size)).collect()
        });
        if regions != Regions::Latin {
            add(HouseKind::Region, &|region| {
                (0..size * size)
                    .map(Cell::from_index)
                    .filter(|cell| {
                        regions.region_of(cell.row(size), cell.col(size), size) == Some(region)
                    })
                    .collect()
            });
        }
        Ok(Layout::from_houses(size, regions, houses))
    }

    /// The layout for `size` with its default boxes, or the error that explains why there are none.
    pub fn with_default_boxes(size: usize) -> Result<Layout, Error> {
        let regions = Regions::default_boxes(size).ok_or(Error::NoBoxShape { size })?;
        Layout::new(size, regions)
    }

    fn from_houses(size: usize, regions: Regions, houses: Vec<House>) -> Layout {
        let mut houses_of_cell = vec![Vec::new(); size * size];
        for (id, house) in houses.iter().enumerate() {
            for cell in &house.cells {
                houses_of_cell[cell.index()].push(id);
            }
        }
        let peers = (0..size * size)
            .map(|index| {
                let mut peers: Vec<Cell> = houses_of_cell[index]
                    .iter()
                    .flat_map(|&h| houses[h].cells.iter().copied())
                    .filter(|peer| peer.index() != index)
                    .collect();
                peers.sort_unstable();
                peers.dedup();
                peers
            })
            .collect();
        Layout {
            size,
            regions,
            houses,
            houses_of_cell,
            peers,
        }
    }

    /// N: the grid is N x N and holds digits `1..=N`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Number of cells, N².
    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }

    /// All cells in row-major order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        (0..self.cell_count()).map(Cell::from_index)
    }

    /// How the grid is divided into regions.
    pub fn regions(&self) -> &Regions {
        &self.regions
    }

    /// Every house: rows first, then columns, then regions, then extra houses.
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// Indices (into [`Layout::houses`]) of the houses that contain `cell`.
    pub fn houses_of(&self, cell: Cell) -> &[usize] {
        &self.houses_of_cell[cell.index()]
    }

    /// The cells that share a house with `cell`, sorted, without `cell` itself.
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        &self.peers[cell.index()]
    }

    /// Whether two distinct cells share a house.
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        self.peers(a).binary_search(&b).is_ok()
    }

    /// The cells outside `cells` that see every one of them, row-major (none for no cells).
    pub fn common_peers<'a>(&'a self, cells: &'a [Cell]) -> impl Iterator<Item = Cell> + 'a {
        let first = cells.first().map_or(&[][..], |&c| self.peers(c));
        first
            .iter()
            .copied()
            .filter(move |&c| !cells.contains(&c) && cells[1..].iter().all(|&o| self.sees(c, o)))
    }

    /// The houses (indices, ascending) that contain every one of `cells` (none for no cells).
    pub fn common_houses(&self, cells: &[Cell]) -> Vec<usize> {
        let Some((&first, rest)) = cells.split_first() else {
            return Vec::new();
        };
        self.houses_of(first)
            .iter()
            .copied()
            .filter(|h| rest.iter().all(|&c| self.houses_of(c).contains(h)))
            .collect()
    }

    /// The name of `cell` in explanations and messages: `r3c5`.
    pub fn cell_name(&self, cell: Cell) -> String {
        cell_name(cell.row(self.size), cell.col(self.size))
    }

    /// The zero-based region number of `cell`, if the grid has regions.
    pub fn region_of(&self, cell: Cell) -> Option<usize> {
        self.regions
            .region_of(cell.row(self.size), cell.col(self.size), self.size)
    }

    /// Returns a copy with an extra house (such as a diagonal) added; the cells must be distinct
    /// and N in number.
    pub fn with_extra_house(&self, cells: Vec<Cell>) -> Layout {
        assert_eq!(cells.len(), self.size, "an extra house holds N cells");
        let mut houses = self.houses.clone();
        let number = houses.iter().filter(|h| h.kind == HouseKind::Extra).count();
        houses.push(House {
            kind: HouseKind::Extra,
            number,
            cells,
            boxes: false,
        });
        Layout::from_houses(self.size, self.regions.clone(), houses)
    }
}

/// Checks that a jigsaw map assigns exactly `size` cells to each of `size` regions.
fn check_region_map(region_of: &[u16], size: usize) -> Result<(), Error> {
    if region_of.len() != size * size {
        return Err(Error::BadRegions {
            reason: format!(
                "the region map has {} cells, the grid {}",
                region_of.len(),
                size * size
            ),
        });
    }
    let mut counts = vec![0usize; size];
    for &region in region_of {
        let slot = counts
            .get_mut(region as usize)
            .ok_or_else(|| Error::BadRegions {
                reason: format!(
                    "the region map names {} regions, a {size}x{size} grid needs {size}",
                    region + 1
                ),
            })?;
        *slot += 1;
    }
    if let Some((region, &count)) = counts.iter().enumerate().find(|(_, c)| **c != size) {
        return Err(Error::BadRegions {
            reason: format!(
                "region {} has {count} cells, each region needs {size}",
                region + 1
            ),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_boxes_are_the_most_square_factorisation() {
        let expected = [
            (4, 2, 2),
            (6, 2, 3),
            (8, 2, 4),
            (9, 3, 3),
            (10, 2, 5),
            (12, 3, 4),
            (15, 3, 5),
            (16, 4, 4),
            (25, 5, 5),
            (100, 10, 10),
        ];
        for (size, rows, cols) in expected {
            assert_eq!(
                Regions::default_boxes(size),
                Some(Regions::Boxes { rows, cols })
            );
        }
        for prime in [2, 3, 5, 7, 11, 97] {
            assert_eq!(Regions::default_boxes(prime), None, "size {prime}");
        }
    }

    #[test]
    fn nine_by_nine_has_27_houses_and_20_peers_per_cell() {
        let layout = Layout::with_default_boxes(9).unwrap();
        assert_eq!(layout.houses().len(), 27);
        assert!(layout.cells().all(|c| layout.peers(c).len() == 20));
        assert!(layout.cells().all(|c| layout.houses_of(c).len() == 3));
        // r5c5 is in the centre box, box 5.
        assert_eq!(layout.region_of(Cell::at(4, 4, 9)), Some(4));
        assert_eq!(layout.houses()[18 + 4].to_string(), "box 5");
    }

    #[test]
    fn rectangular_boxes_cover_each_cell_once() {
        let layout = Layout::new(8, Regions::Boxes { rows: 4, cols: 2 }).unwrap();
        let regions: Vec<_> = layout
            .houses()
            .iter()
            .filter(|h| h.kind == HouseKind::Region)
            .collect();
        assert_eq!(regions.len(), 8);
        assert!(regions.iter().all(|h| h.cells.len() == 8));
        // Box 2 of 4x2 boxes is rows 1-4, columns 3-4.
        assert_eq!(regions[1].cells[0], Cell::at(0, 2, 8));
        assert_eq!(regions[1].cells[7], Cell::at(3, 3, 8));
    }

    #[test]
    fn jigsaw_map_with_a_wrong_region_size_is_rejected() {
        let mut map: Vec<u16> = (0..16).map(|i| (i / 4) as u16).collect();
        map[3] = 1;
        let err = Layout::new(4, Regions::Jigsaw { region_of: map }).unwrap_err();
        assert!(err.to_string().contains("region 1 has 3 cells"), "{err}");
    }

    #[test]
    fn box_spec_parses_and_checks_the_size() {
        assert_eq!(
            Regions::parse_box("4x2", 8).unwrap(),
            Regions::Boxes { rows: 4, cols: 2 }
        );
        assert!(Regions::parse_box("3x3", 8).is_err());
        assert!(Regions::parse_box("three", 9).is_err());
    }
}
