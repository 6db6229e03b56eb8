//! Grid geometry: cells, houses (rows, columns, regions, extra houses) and region layouts.
//!
//! Every solver works on [`House`]s — plain lists of cells — so boxes of any shape, jigsaw regions
//! and extra houses (the diagonals of Sudoku-X, the windows of windoku, any map of extra houses)
//! are handled by the same code. Killer cages ([`Cage`]) are not houses, but their cells are
//! peers.

use crate::error::Error;
use crate::model::cage::Cage;
use crate::model::digit::MAX_SIZE;
use crate::model::markings::Markings;
use crate::model::overlap::Overlap;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

/// House indices (into [`Layout::houses`]) that cells share: a few, kept in place.
pub type HouseIds = SmallVec<[usize; 4]>;

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

/// The cells (row-major indices) that share an edge with cell `index` of a `size` x `size` grid:
/// above, below, left, right.
pub fn touching(size: usize, index: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (index / size, index % size);
    [
        (r > 0).then(|| index - size),
        (r + 1 < size).then(|| index + size),
        (c > 0).then(|| index - 1),
        (c + 1 < size).then(|| index + 1),
    ]
    .into_iter()
    .flatten()
}

/// The connected group of every cell of a `size` x `size` grid, where touching cells `a`, `b`
/// are in one group when `joined(a, b)`: a number per cell, groups numbered from 0 in order of
/// their first cell.
pub fn components(size: usize, joined: &dyn Fn(usize, usize) -> bool) -> Vec<usize> {
    let mut group = vec![usize::MAX; size * size];
    let mut count = 0;
    for start in 0..size * size {
        if group[start] != usize::MAX {
            continue;
        }
        let mut stack = vec![start];
        group[start] = count;
        while let Some(i) = stack.pop() {
            for j in touching(size, i) {
                if group[j] == usize::MAX && joined(i, j) {
                    group[j] = count;
                    stack.push(j);
                }
            }
        }
        count += 1;
    }
    group
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

/// What makes two cells see each other: a house (an index into [`Layout::houses`]) or a Killer
/// cage (an index into [`Layout::cages`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// A house both cells are in.
    House(usize),
    /// A cage both cells are in.
    Cage(usize),
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
    /// How the house is named.
    naming: Naming,
}

/// How a house is named: rows, columns, boxes and regions by their kind and number, extra houses
/// by what they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Naming {
    /// `row 3`, `column 5`, `region 4`, `extra house 2`: the kind and its number.
    Plain,
    /// `box 2`: a region of a box layout.
    Box,
    /// `the main diagonal` (r1c1 to rNcN).
    MainDiagonal,
    /// `the anti-diagonal` (r1cN to rNc1).
    AntiDiagonal,
    /// `window 2`: a windoku window, numbered from 0 in reading order.
    Window(usize),
    /// `row 7 (c1-9)`, `column 9 (r7-15)`: a line of one grid of an overlapping puzzle, with the
    /// first and last (zero-based) positions it spans across the line.
    Span(usize, usize),
    /// `box r7-9c7-9`: a box of an overlapping puzzle, by its first and last (zero-based) rows
    /// and columns.
    BoxAt(usize, usize, usize, usize),
}

impl House {
    /// Whether the house's name is its kind and number (`row 3`, `box 2`), so that houses of one
    /// kind can be listed as `rows 3,5`.
    pub fn named_by_number(&self) -> bool {
        matches!(self.naming, Naming::Plain | Naming::Box)
    }
}

impl fmt::Display for House {
    /// Names the house the way a person would: `row 3`, `column 5`, `box 2`, `region 4`,
    /// `the main diagonal`, `window 2`, `extra house 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let number = self.number + 1;
        match (self.kind, self.naming) {
            (_, Naming::MainDiagonal) => f.write_str("the main diagonal"),
            (_, Naming::AntiDiagonal) => f.write_str("the anti-diagonal"),
            (_, Naming::Window(window)) => write!(f, "window {}", window + 1),
            (HouseKind::Row, Naming::Span(from, to)) => {
                write!(f, "row {number} (c{}-{})", from + 1, to + 1)
            }
            (HouseKind::Column, Naming::Span(from, to)) => {
                write!(f, "column {number} (r{}-{})", from + 1, to + 1)
            }
            (_, Naming::BoxAt(top, bottom, left, right)) => {
                write!(
                    f,
                    "box r{}-{}c{}-{}",
                    top + 1,
                    bottom + 1,
                    left + 1,
                    right + 1
                )
            }
            (HouseKind::Row, _) => write!(f, "row {number}"),
            (HouseKind::Column, _) => write!(f, "column {number}"),
            (HouseKind::Region, Naming::Box) => write!(f, "box {number}"),
            (HouseKind::Region, _) => write!(f, "region {number}"),
            (HouseKind::Extra, _) => write!(f, "extra house {number}"),
        }
    }
}

/// A variant that adds extra houses to a grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Sudoku-X: both diagonals hold every digit once.
    X,
    /// Windoku (hyper Sudoku): on a grid of size b², the (b-1)² windows of b x b cells one cell
    /// in from the boxes (four on 9x9: r2-4c2-4, r2-4c6-8, r6-8c2-4, r6-8c6-8).
    Windoku,
}

impl Variant {
    /// Every variant, as `--variant` lists them.
    pub const ALL: [Variant; 2] = [Variant::X, Variant::Windoku];

    /// The name `--variant` takes: `x`, `windoku`.
    pub fn key(self) -> &'static str {
        match self {
            Variant::X => "x",
            Variant::Windoku => "windoku",
        }
    }

    /// The variant a name stands for: `x` (also `diagonal`, `sudoku-x`), `windoku` (also
    /// `hyper`), ignoring case.
    pub fn parse(name: &str) -> Option<Variant> {
        match name.trim().to_ascii_lowercase().as_str() {
            "x" | "diagonal" | "diagonals" | "sudoku-x" | "sudokux" => Some(Variant::X),
            "windoku" | "hyper" | "window" | "windows" => Some(Variant::Windoku),
            _ => None,
        }
    }

    /// The extra houses of the variant on a grid of `size`, each with its name; an error when
    /// the variant has none there (windoku needs a square size).
    fn houses(self, size: usize) -> Result<Vec<(Naming, Vec<Cell>)>, Error> {
        match self {
            Variant::X => Ok(vec![
                (Naming::MainDiagonal, diagonal(size, false)),
                (Naming::AntiDiagonal, diagonal(size, true)),
            ]),
            Variant::Windoku => {
                let side = (2..=size).take_while(|b| b * b <= size).last();
                match side.filter(|b| b * b == size) {
                    Some(side) => Ok(windows(side)
                        .into_iter()
                        .enumerate()
                        .map(|(i, cells)| (Naming::Window(i), cells))
                        .collect()),
                    None => Err(Error::BadExtraHouse {
                        reason: format!(
                            "windoku windows need a grid whose size is a square (4, 9, 16, 25,                              …), not {size}x{size}"
                        ),
                    }),
                }
            }
        }
    }
}

/// The main diagonal (r1c1 to rNcN) or the anti-diagonal (r1cN to rNc1) of a grid of `size`.
fn diagonal(size: usize, anti: bool) -> Vec<Cell> {
    let col = |row: usize| if anti { size - 1 - row } else { row };
    let mut cells: Vec<Cell> = (0..size).map(|r| Cell::at(r, col(r), size)).collect();
    cells.sort_unstable();
    cells
}

/// The windows of a grid of size `side`²: squares of `side` cells, starting one cell in from the
/// edge with one cell between them, in reading order.
fn windows(side: usize) -> Vec<Vec<Cell>> {
    let size = side * side;
    let starts: Vec<usize> = (0..side - 1).map(|k| 1 + k * (side + 1)).collect();
    let mut all = Vec::new();
    for &top in &starts {
        for &left in &starts {
            all.push(
                (top..top + side)
                    .flat_map(|r| (left..left + side).map(move |c| Cell::at(r, c, size)))
                    .collect(),
            );
        }
    }
    all
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

    /// Whether `caption`, a text beside a grid, calls it a Latin square, as [`Regions::describe`]
    /// does in gridlogic's own workbooks and CSV: the grid then has no regions.
    pub fn says_latin(caption: &str) -> bool {
        caption.to_lowercase().contains("latin square")
    }

    fn region_of(&self, row: usize, col: usize, size: usize) -> Option<usize> {
        match self {
            Regions::Boxes { rows, cols } => Some(row / rows * (size / cols) + col / cols),
            Regions::Jigsaw { region_of } => Some(region_of[row * size + col] as usize),
            Regions::Latin => None,
        }
    }
}

/// Per house, the most cells it shares with any other house.
fn widest_overlaps(houses: &[House], houses_of_cell: &[Vec<usize>]) -> Vec<usize> {
    let mut shared = vec![0; houses.len()];
    (0..houses.len())
        .map(|a| {
            shared.fill(0);
            for cell in &houses[a].cells {
                for &b in houses_of_cell[cell.index()].iter().filter(|&&b| b != a) {
                    shared[b] += 1;
                }
            }
            shared.iter().copied().max().unwrap_or(0)
        })
        .collect()
}

/// The geometry of a grid: its size, its houses and which houses each cell is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    size: usize,
    regions: Regions,
    houses: Vec<House>,
    houses_of_cell: Vec<Vec<usize>>,
    peers: Vec<Vec<Cell>>,
    /// Per cell, its peers as a bit set of [`Layout::peer_words`] words (bit `i` for the cell of
    /// index `i`), cell after cell: whether two cells see each other is asked very often, on
    /// the largest layouts too.
    peer_bits: Vec<u64>,
    /// Per cell, its region (none without regions): asked for every four corners of a
    /// uniqueness search, so looked up rather than worked out.
    region_of_cell: Vec<Option<u16>>,
    /// Per house, the most cells it shares with any other house.
    widest_overlap: Vec<usize>,
    cages: Vec<Cage>,
    /// The cage of each cell (an index into `cages`), when the layout has cages.
    cage_of: Vec<Option<u16>>,
    /// Even/odd marks and consecutive bars (none for other puzzles).
    markings: Markings,
    /// Where the cells are when grids overlap (none for one N x N grid).
    overlap: Option<Arc<Overlapping>>,
}

/// A house of overlapping grids as found: its kind, where it is (a line's row or column and
/// first position across, a box's top-left cell), its naming and cells.
type Placed = (HouseKind, (usize, usize), Naming, Vec<Cell>);

/// The shape of an overlapping puzzle and, per grid, its lines and boxes.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Overlapping {
    shape: Overlap,
    grids: Vec<GridHouses>,
}

/// The houses of one N x N grid of an overlapping puzzle (indices into [`Layout::houses`]): the
/// houses a fish may take together, as on a classic grid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridHouses {
    /// Its rows, top to bottom.
    pub rows: Vec<usize>,
    /// Its columns, left to right.
    pub columns: Vec<usize>,
    /// Its boxes, in reading order.
    pub regions: Vec<usize>,
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
            let naming = match kind {
                HouseKind::Region if boxes => Naming::Box,
                _ => Naming::Plain,
            };
            for number in 0..size {
                houses.push(House {
                    kind,
                    number,
                    cells: members(number),
                    naming,
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
        Ok(Layout::from_parts(size, regions, houses, Vec::new(), None))
    }

    /// The layout of overlapping grids (Samurai and its relatives): every grid's rows, columns
    /// and boxes (a box two grids share is one house). A line is named by its row or column
    /// on the sheet and the span its grid covers (`row 7 (c1-9)`), a box by where it is
    /// (`box r7-9c7-9`); cells are named by their sheet position.
    pub fn overlapping(shape: Overlap) -> Result<Layout, Error> {
        let size = shape.size();
        let regions = Regions::default_boxes(size).ok_or(Error::NoBoxShape { size })?;
        let Regions::Boxes { rows: br, cols: bc } = regions else {
            unreachable!("default boxes are boxes")
        };
        if let Some(&(r, c)) = shape
            .corners()
            .iter()
            .find(|(r, c)| r % br != 0 || c % bc != 0)
        {
            return Err(Error::BadLayout {
                reason: format!(
                    "the grid at {} does not start on a box line: overlapping grids share whole \
                     {br}x{bc} boxes, so each starts on a row that is a multiple of {br} and a \
                     column that is a multiple of {bc} from the first",
                    cell_name(r, c)
                ),
            });
        }
        let cell = |r: usize, c: usize| {
            Cell::from_index(shape.cell_at(r, c).expect("a grid's cells are cells"))
        };
        // The top-left cell of box `i` (in reading order) of the grid at `top`, `left`.
        let box_corner = |top: usize, left: usize, i: usize| {
            (top + i / (size / bc) * br, left + i % (size / bc) * bc)
        };
        let mut found: Vec<Placed> = Vec::new();
        for &(top, left) in shape.corners() {
            for i in 0..size {
                let row = (left..left + size).map(|c| cell(top + i, c)).collect();
                found.push((
                    HouseKind::Row,
                    (top + i, left),
                    Naming::Span(left, left + size - 1),
                    row,
                ));
                let col = (top..top + size).map(|r| cell(r, left + i)).collect();
                found.push((
                    HouseKind::Column,
                    (left + i, top),
                    Naming::Span(top, top + size - 1),
                    col,
                ));
                let (r0, c0) = box_corner(top, left, i);
                let cells = (r0..r0 + br)
                    .flat_map(|r| (c0..c0 + bc).map(move |c| (r, c)))
                    .map(|(r, c)| cell(r, c))
                    .collect();
                let naming = Naming::BoxAt(r0, r0 + br - 1, c0, c0 + bc - 1);
                found.push((HouseKind::Region, (r0, c0), naming, cells));
            }
        }
        let order = |kind| {
            [HouseKind::Row, HouseKind::Column, HouseKind::Region]
                .iter()
                .position(|&k| k == kind)
        };
        found.sort_by_key(|(kind, key, _, _)| (order(*kind), *key));
        found.dedup_by(|a, b| a.0 == b.0 && a.3 == b.3);
        let mut regions_seen = 0;
        let houses: Vec<House> = found
            .into_iter()
            .map(|(kind, (line, _), naming, cells)| {
                let number = match kind {
                    HouseKind::Region => {
                        regions_seen += 1;
                        regions_seen - 1
                    }
                    _ => line,
                };
                House {
                    kind,
                    number,
                    cells,
                    naming,
                }
            })
            .collect();
        // A house is known by its kind and first cell: two lines or boxes that start at one cell
        // are the same N cells.
        let id_of: HashMap<(HouseKind, Cell), usize> = (houses.iter().enumerate())
            .map(|(id, h)| ((h.kind, h.cells[0]), id))
            .collect();
        let grids = (shape.corners().iter())
            .map(|&(top, left)| {
                let ids = |kind, first: &dyn Fn(usize) -> (usize, usize)| -> Vec<usize> {
                    (0..size)
                        .map(|i| {
                            let (r, c) = first(i);
                            id_of[&(kind, cell(r, c))]
                        })
                        .collect()
                };
                GridHouses {
                    rows: ids(HouseKind::Row, &|i| (top + i, left)),
                    columns: ids(HouseKind::Column, &|i| (top, left + i)),
                    regions: ids(HouseKind::Region, &|i| box_corner(top, left, i)),
                }
            })
            .collect();
        let overlap = Overlapping { shape, grids };
        Ok(Layout::from_parts(
            size,
            regions,
            houses,
            Vec::new(),
            Some(Arc::new(overlap)),
        ))
    }

    /// The layout for `size` with its default boxes, or the error that explains why there are none.
    pub fn with_default_boxes(size: usize) -> Result<Layout, Error> {
        let regions = Regions::default_boxes(size).ok_or(Error::NoBoxShape { size })?;
        Layout::new(size, regions)
    }

    /// The layout of `houses` and `cages` (checked, not overlapping): which houses each cell is
    /// in, and its peers, the cells sharing a house or a cage with it.
    fn from_parts(
        size: usize,
        regions: Regions,
        houses: Vec<House>,
        cages: Vec<Cage>,
        overlap: Option<Arc<Overlapping>>,
    ) -> Layout {
        let count = overlap
            .as_ref()
            .map_or(size * size, |o| o.shape.cell_count());
        let mut houses_of_cell = vec![Vec::new(); count];
        for (id, house) in houses.iter().enumerate() {
            for cell in &house.cells {
                houses_of_cell[cell.index()].push(id);
            }
        }
        let mut cage_of = vec![None; if cages.is_empty() { 0 } else { count }];
        for (id, cage) in cages.iter().enumerate() {
            for cell in &cage.cells {
                cage_of[cell.index()] = Some(id as u16);
            }
        }
        let peers = (0..count)
            .map(|index| {
                let cage_mates = cage_of
                    .get(index)
                    .copied()
                    .flatten()
                    .map_or(&[][..], |c| &cages[c as usize].cells[..]);
                let mut peers: Vec<Cell> = houses_of_cell[index]
                    .iter()
                    .flat_map(|&h| houses[h].cells.iter().copied())
                    .chain(cage_mates.iter().copied())
                    .filter(|peer| peer.index() != index)
                    .collect();
                peers.sort_unstable();
                peers.dedup();
                peers
            })
            .collect::<Vec<Vec<Cell>>>();
        let words = count.div_ceil(64);
        let mut peer_bits = vec![0u64; count * words];
        for (cell, cell_peers) in peers.iter().enumerate() {
            for peer in cell_peers {
                peer_bits[cell * words + peer.index() / 64] |= 1 << (peer.index() % 64);
            }
        }
        let mut region_of_cell = vec![None; count];
        for house in houses.iter().filter(|h| h.kind == HouseKind::Region) {
            for cell in &house.cells {
                region_of_cell[cell.index()] = Some(house.number as u16);
            }
        }
        let widest_overlap = widest_overlaps(&houses, &houses_of_cell);
        Layout {
            size,
            regions,
            houses,
            houses_of_cell,
            peers,
            peer_bits,
            region_of_cell,
            widest_overlap,
            cages,
            cage_of,
            markings: Markings::none(),
            overlap,
        }
    }

    /// N: the grid is N x N and holds digits `1..=N`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Number of cells: N² on one grid, fewer than the sheet's positions when grids overlap.
    pub fn cell_count(&self) -> usize {
        self.peers.len()
    }

    /// The rows and columns of the sheet the cells lie on: N x N for one grid.
    pub fn extent(&self) -> (usize, usize) {
        self.overlap
            .as_ref()
            .map_or((self.size, self.size), |o| o.shape.extent())
    }

    /// The zero-based row and column of `cell` on the sheet (its row and column on one grid).
    pub fn position(&self, cell: Cell) -> (usize, usize) {
        match &self.overlap {
            Some(o) => o.shape.position(cell.index()),
            None => (cell.row(self.size), cell.col(self.size)),
        }
    }

    /// The cell at a zero-based row and column of the sheet, `None` outside the grids.
    pub fn cell_at(&self, row: usize, col: usize) -> Option<Cell> {
        let (rows, cols) = self.extent();
        match &self.overlap {
            Some(o) => o.shape.cell_at(row, col).map(Cell::from_index),
            None => (row < rows && col < cols).then(|| Cell::at(row, col, self.size)),
        }
    }

    /// The shape of overlapping grids (Samurai…), none for one N x N grid.
    pub fn overlap(&self) -> Option<&Overlap> {
        self.overlap.as_ref().map(|o| &o.shape)
    }

    /// Per grid of an overlapping puzzle, its rows, columns and boxes; none for one N x N grid,
    /// whose rows and columns are all the layout's.
    pub fn grid_houses(&self) -> Option<&[GridHouses]> {
        self.overlap.as_ref().map(|o| &o.grids[..])
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

    /// The most cells house `house` shares with any other house: a digit with more places in it
    /// cannot be confined to its overlap with another.
    pub fn widest_overlap(&self, house: usize) -> usize {
        self.widest_overlap[house]
    }

    /// Indices (into [`Layout::houses`]) of the houses that contain `cell`.
    pub fn houses_of(&self, cell: Cell) -> &[usize] {
        &self.houses_of_cell[cell.index()]
    }

    /// The cells that share a house or a cage with `cell`, sorted, without `cell` itself.
    pub fn peers(&self, cell: Cell) -> &[Cell] {
        &self.peers[cell.index()]
    }

    /// The peers of `cell` as a bit set (bit `i` for the cell of index `i`), on grids of up to
    /// 128 cells.
    pub fn peer_bits(&self, cell: Cell) -> Option<u128> {
        match *self.peer_words(cell) {
            [low] => Some(u128::from(low)),
            [low, high] => Some(u128::from(high) << 64 | u128::from(low)),
            _ => None,
        }
    }

    /// The peers of `cell` as a bit set of 64-bit words, on grids of any size (bit `i % 64` of
    /// word `i / 64` for the cell of index `i`).
    pub fn peer_words(&self, cell: Cell) -> &[u64] {
        let words = self.cell_count().div_ceil(64);
        &self.peer_bits[cell.index() * words..][..words]
    }

    /// Whether two distinct cells share a house or a cage.
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        let words = self.cell_count().div_ceil(64);
        self.peer_bits[a.index() * words + b.index() / 64] >> (b.index() % 64) & 1 == 1
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
    pub fn common_houses(&self, cells: &[Cell]) -> HouseIds {
        let Some((&first, rest)) = cells.split_first() else {
            return HouseIds::new();
        };
        self.houses_of(first)
            .iter()
            .copied()
            .filter(|h| rest.iter().all(|&c| self.houses_of(c).contains(h)))
            .collect()
    }

    /// The name of `cell` in explanations and messages: `r3c5`.
    pub fn cell_name(&self, cell: Cell) -> String {
        let (row, col) = self.position(cell);
        cell_name(row, col)
    }

    /// The zero-based region number of `cell`, if the grid has regions.
    pub fn region_of(&self, cell: Cell) -> Option<usize> {
        self.region_of_cell[cell.index()].map(usize::from)
    }

    /// Returns a copy with an extra house added; the cells must be distinct and N in number. A
    /// house that is a diagonal or a windoku window is named so (`the main diagonal`, `window
    /// 2`), any other `extra house 1`, `extra house 2`, … in the order added.
    pub fn with_extra_house(&self, mut cells: Vec<Cell>) -> Layout {
        assert_eq!(cells.len(), self.size, "an extra house holds N cells");
        cells.sort_unstable();
        let named = [Variant::X, Variant::Windoku]
            .into_iter()
            .filter_map(|v| v.houses(self.size).ok())
            .flatten()
            .find(|(_, known)| *known == cells)
            .map_or(Naming::Plain, |(naming, _)| naming);
        self.with_houses(vec![(named, cells)])
    }

    /// Returns a copy with the extra houses of `variant` added; an error when the variant has
    /// none on this size (windoku on a size that is not a square).
    pub fn with_variant(&self, variant: Variant) -> Result<Layout, Error> {
        Ok(self.with_houses(variant.houses(self.size)?))
    }

    fn with_houses(&self, extra: Vec<(Naming, Vec<Cell>)>) -> Layout {
        let mut houses = self.houses.clone();
        for (naming, cells) in extra {
            let number = houses.iter().filter(|h| h.kind == HouseKind::Extra).count();
            houses.push(House {
                kind: HouseKind::Extra,
                number,
                cells,
                naming,
            });
        }
        Layout::from_parts(
            self.size,
            self.regions.clone(),
            houses,
            self.cages.clone(),
            self.overlap.clone(),
        )
        .with_markings(self.markings.clone())
    }

    /// Returns a copy with Killer `cages` (replacing any it had). Each cage is checked (see
    /// [`Cage::check`]) and no cell may be in two cages; messages name cells with `name`.
    pub fn with_cages(
        &self,
        cages: Vec<Cage>,
        name: &dyn Fn(Cell) -> String,
    ) -> Result<Layout, Error> {
        let mut owner: Vec<Option<&Cage>> = vec![None; self.cell_count()];
        for cage in &cages {
            cage.check(self.size, name)?;
            for &cell in &cage.cells {
                if let Some(first) = owner[cell.index()].replace(cage) {
                    return Err(Error::BadCage {
                        cage: cage.describe(name),
                        reason: format!(
                            "{} is also in {}; a cell belongs to one cage at most",
                            name(cell),
                            first.describe(name)
                        ),
                    });
                }
            }
        }
        Ok(Layout::from_parts(
            self.size,
            self.regions.clone(),
            self.houses.clone(),
            cages,
            self.overlap.clone(),
        )
        .with_markings(self.markings.clone()))
    }

    /// Returns the layout with even/odd marks and consecutive bars (replacing any it had).
    pub fn with_markings(mut self, markings: Markings) -> Layout {
        self.markings = markings;
        self
    }

    /// The even/odd marks and consecutive bars (none for other puzzles).
    pub fn markings(&self) -> &Markings {
        &self.markings
    }

    /// The Killer cages (none for other puzzles).
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The cage `cell` is in (an index into [`Layout::cages`]), if any.
    pub fn cage_of(&self, cell: Cell) -> Option<usize> {
        self.cage_of
            .get(cell.index())
            .copied()
            .flatten()
            .map(usize::from)
    }

    /// The cage two distinct cells share, if any.
    pub fn common_cage(&self, a: Cell, b: Cell) -> Option<usize> {
        self.cage_of(a).filter(|&c| self.cage_of(b) == Some(c))
    }

    /// The first house two distinct cells share, or else their cage: why they see each other
    /// (`None` when they do not).
    pub fn shared_unit(&self, a: Cell, b: Cell) -> Option<Unit> {
        self.houses_of(a)
            .iter()
            .find(|h| self.houses_of(b).contains(h))
            .map(|&h| Unit::House(h))
            .or_else(|| self.common_cage(a, b).map(Unit::Cage))
    }

    /// The variants whose every extra house the layout has.
    pub fn variants(&self) -> Vec<Variant> {
        Variant::ALL
            .into_iter()
            .filter(|v| {
                v.houses(self.size).is_ok_and(|houses| {
                    houses.iter().all(|(_, cells)| {
                        self.extra_houses().any(|h| self.houses[h].cells == *cells)
                    })
                })
            })
            .collect()
    }

    /// The extra houses (indices into [`Layout::houses`]).
    pub fn extra_houses(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.houses.len()).filter(|&h| self.houses[h].kind == HouseKind::Extra)
    }

    /// Whether the layout has extra houses, cages or markings, or overlapping grids, which some
    /// techniques' geometry must allow for (see `techniques::uniqueness`).
    pub fn is_variant(&self) -> bool {
        // Extra houses come last.
        self.overlap.is_some()
            || !self.cages.is_empty()
            || !self.markings.is_empty()
            || self
                .houses
                .last()
                .is_some_and(|h| h.kind == HouseKind::Extra)
    }

    /// A short description: the regions (`3x3 boxes`), then what a variant adds: `both
    /// diagonals`, `4 windows`, `2 extra houses`, `29 cages`.
    pub fn describe(&self) -> String {
        let mut parts = vec![match self.overlap() {
            Some(shape) => shape.describe(),
            None => self.regions.describe(),
        }];
        let extras: Vec<&House> = self.extra_houses().map(|h| &self.houses[h]).collect();
        let count = |f: &dyn Fn(Naming) -> bool| extras.iter().filter(|h| f(h.naming)).count();
        let diagonals = count(&|n| matches!(n, Naming::MainDiagonal | Naming::AntiDiagonal));
        let windows = count(&|n| matches!(n, Naming::Window(_)));
        let others = extras.len() - diagonals - windows;
        let plural = |n: usize, one: &str, many: &str| match n {
            1 => format!("1 {one}"),
            n => format!("{n} {many}"),
        };
        match diagonals {
            0 => {}
            2 => parts.push("both diagonals".to_string()),
            _ => parts.push("one diagonal".to_string()),
        }
        if windows > 0 {
            parts.push(plural(windows, "window", "windows"));
        }
        if others > 0 {
            parts.push(plural(others, "extra house", "extra houses"));
        }
        if !self.cages.is_empty() {
            parts.push(plural(self.cages.len(), "cage", "cages"));
        }
        parts.extend(self.markings.describe(self.size));
        parts.join(", ")
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
    fn widest_overlaps_follow_the_box_shape() {
        // 6x6 boxes are 2 rows by 3 columns: a row shares 3 cells with a box, a column 2, a box
        // 3 with a row; a Latin square's lines share one cell.
        let six = Layout::with_default_boxes(6).unwrap();
        for (id, house) in six.houses().iter().enumerate() {
            let expected = if house.kind == HouseKind::Column {
                2
            } else {
                3
            };
            assert_eq!(six.widest_overlap(id), expected, "{house}");
        }
        let latin = Layout::new(4, Regions::Latin).unwrap();
        assert!((0..latin.houses().len()).all(|id| latin.widest_overlap(id) == 1));
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
    fn two_cells_see_each_other_when_they_share_a_house() {
        // By peer bits in one word and more (9x9 with the diagonal, 11x11 Latin, 12x12),
        // against the houses themselves.
        let diagonal = (0..9).map(|i| Cell::at(i, i, 9)).collect();
        let layouts = [
            Layout::with_default_boxes(9)
                .unwrap()
                .with_extra_house(diagonal),
            Layout::new(11, Regions::Latin).unwrap(),
            Layout::with_default_boxes(12).unwrap(),
        ];
        for layout in layouts {
            for a in layout.cells() {
                for b in layout.cells().filter(|&b| b != a) {
                    let share = layout
                        .houses()
                        .iter()
                        .any(|h| h.cells.contains(&a) && h.cells.contains(&b));
                    assert_eq!(layout.sees(a, b), share, "{a:?} {b:?}");
                }
            }
        }
    }

    #[test]
    fn a_cells_region_is_the_region_house_holding_it() {
        // Boxes of 3x3 and 2x3, a 4x4 jigsaw (an L and its turns), and a Latin square, which
        // has no regions.
        let jigsaw: Vec<u16> = vec![0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3];
        let layouts = [
            Layout::with_default_boxes(9).unwrap(),
            Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap(),
            Layout::new(4, Regions::Jigsaw { region_of: jigsaw }).unwrap(),
            Layout::new(5, Regions::Latin).unwrap(),
        ];
        for layout in layouts {
            for cell in layout.cells() {
                let holding = layout
                    .houses()
                    .iter()
                    .find(|h| h.kind == HouseKind::Region && h.cells.contains(&cell));
                assert_eq!(
                    layout.region_of(cell),
                    holding.map(|h| h.number),
                    "{cell:?}"
                );
            }
        }
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
