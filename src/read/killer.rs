//! Killer Sudoku written as text or CSV, and cages from a sum grid and a cage map.
//!
//! The format is the one of `../shared/datasets/killer` (janko.at's puzzles): an optional header
//! line `N N` (followed by the variants the puzzle adds, as on a collection line: `9 9 x` for a
//! Killer-X), then N rows of the **sum grid** (each cage's sum in one of its cells, `-`, `.`,
//! `0` or nothing elsewhere), then N rows of the **cage map** (a label per cell; cells with the
//! same label that touch form a cage, so labels may repeat across the grid). Blank lines may
//! separate the blocks, and a block of givens may come first. Rows are written with spaces,
//! commas, semicolons or tabs between the cells.

use crate::error::Error;
use crate::model::{Cage, Cell, Variant, components};

/// A Killer read from text: the blocks as written, with the line of each row.
#[derive(Debug, Clone, PartialEq)]
pub struct KillerText {
    /// N.
    pub size: usize,
    /// The givens block, when the text has one before the sums.
    pub givens: Option<Block>,
    /// The sum grid.
    pub sums: Block,
    /// The cage map.
    pub labels: Block,
    /// The variants its header line names (`x`, `windoku`).
    pub variants: Vec<Variant>,
    /// Whether the rows were written as CSV (cells separated by `,` `;` or tabs), so that their
    /// cells have sheet addresses.
    pub delimited: bool,
}

/// N rows of N cells, row-major, with the 1-based line of each row.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// One text per cell, trimmed.
    pub cells: Vec<String>,
    /// The line of each row.
    pub lines: Vec<usize>,
}

/// Reads `text` as one Killer or several, or `None` when it is not written as Killers: rows of
/// one width, two or three square blocks of them, the last a cage map that labels every cell and
/// in which every cage has a number of the block before it (and which is not a map of N regions
/// of N cells over digits of the grid, which is how a jigsaw is written). Several puzzles each
/// start with an `N N` line.
pub fn parse(text: &str) -> Option<Vec<KillerText>> {
    let rows: Vec<(usize, Vec<String>)> = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim_end_matches('\r')))
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|(i, line)| (i, split(line)))
        .collect();
    let delimited = text
        .lines()
        .any(|l| !l.trim_start().starts_with('#') && l.contains([',', ';', '\t']));
    let mut puzzles = Vec::new();
    let mut rest = &rows[..];
    while !rest.is_empty() {
        let header = header(&rest[0].1);
        let body = &rest[usize::from(header.is_some())..];
        let end = match header {
            Some(_) => body
                .iter()
                .position(|(_, row)| self::header(row).is_some())
                .unwrap_or(body.len()),
            None => body.len(),
        };
        puzzles.push(puzzle(&body[..end], header, delimited)?);
        rest = &body[end..];
    }
    (!puzzles.is_empty()).then_some(puzzles)
}

/// One Killer from its rows (after its header, which gives its size and variants).
fn puzzle(
    body: &[(usize, Vec<String>)],
    header: Option<(usize, Vec<Variant>)>,
    delimited: bool,
) -> Option<KillerText> {
    let size = body.first()?.1.len();
    if size == 0
        || header.as_ref().is_some_and(|(n, _)| *n != size)
        || !body.iter().all(|(_, row)| row.len() == size)
        || !matches!(body.len() / size, 2 | 3)
        || !body.len().is_multiple_of(size)
    {
        return None;
    }
    let mut blocks: Vec<Block> = body
        .chunks(size)
        .map(|chunk| Block {
            cells: chunk
                .iter()
                .flat_map(|(_, row)| row.iter().cloned())
                .collect(),
            lines: chunk.iter().map(|(line, _)| *line).collect(),
        })
        .collect();
    let labels = blocks.pop()?;
    let sums = blocks.pop()?;
    let givens = blocks.pop();
    let killer = KillerText {
        size,
        givens,
        sums,
        labels,
        delimited,
        variants: header.map(|(_, variants)| variants).unwrap_or_default(),
    };
    killer.is_killer().then_some(killer)
}

impl KillerText {
    /// A Killer from its blocks, or `None` when they do not read as one (see [`parse`]).
    pub fn from_blocks(size: usize, sums: Block, labels: Block) -> Option<KillerText> {
        let killer = KillerText {
            size,
            givens: None,
            sums,
            labels,
            delimited: true,
            variants: Vec::new(),
        };
        killer.is_killer().then_some(killer)
    }

    /// Whether the last two blocks read as sums and cages rather than givens and regions.
    fn is_killer(&self) -> bool {
        let Some(sums) = self
            .sums
            .cells
            .iter()
            .map(|c| sum_value(c))
            .collect::<Option<Vec<_>>>()
        else {
            return false;
        };
        let all_labelled = self.labels.cells.iter().all(|l| !no_cage(l));
        let groups = label_groups(&self.labels.cells, self.size);
        let summed = groups
            .iter()
            .all(|cells| cells.iter().any(|&i| sums[i].is_some()));
        let regions_like = groups.len() == self.size
            && groups.iter().all(|g| g.len() == self.size)
            && sums.iter().flatten().all(|&s| s <= self.size);
        all_labelled && summed && !regions_like
    }

    /// The cages: each group of touching cells with one label, with the number of the sum grid
    /// inside it. `name` names cells in messages.
    pub fn cages(&self, name: &dyn Fn(Cell) -> String) -> Result<Vec<Cage>, Error> {
        let sums: Vec<Option<usize>> = self
            .sums
            .cells
            .iter()
            .map(|c| sum_value(c).flatten())
            .collect();
        cages_from(&sums, &self.labels.cells, self.size, name)
    }
}

/// The cages of a cage map (`labels`, one per cell; `.`, `-` or nothing for a cell outside every
/// cage) with the sums of a sum grid (`sums`, one per cell): each group of touching cells with
/// one label is a cage, and must hold exactly one sum. `name` names cells in messages.
pub fn cages_from(
    sums: &[Option<usize>],
    labels: &[String],
    size: usize,
    name: &dyn Fn(Cell) -> String,
) -> Result<Vec<Cage>, Error> {
    label_groups(labels, size)
        .into_iter()
        .map(|group| {
            let cells: Vec<Cell> = group.iter().map(|&i| Cell::from_index(i)).collect();
            let found: Vec<(Cell, usize)> = group
                .iter()
                .filter_map(|&i| sums[i].map(|s| (Cell::from_index(i), s)))
                .collect();
            match found[..] {
                [(_, sum)] => Ok(Cage::new(cells, sum)),
                _ => {
                    let listed: Vec<String> = cells.iter().map(|&c| name(c)).collect::<Vec<_>>();
                    let label = labels[group[0]].trim();
                    let sums: Vec<String> = found
                        .iter()
                        .map(|&(c, s)| format!("{s} at {}", name(c)))
                        .collect();
                    Err(Error::BadCage {
                        cage: format!("cage '{label}' at {}", listed.join(", ")),
                        reason: match sums.len() {
                            0 => "it has no sum: write it in one of its cells".to_string(),
                            _ => format!("it has {} sums ({})", sums.len(), sums.join(", ")),
                        },
                    })
                }
            }
        })
        .collect()
}

/// The cells (indices) of each group of touching cells with the same label, groups in order of
/// their first cell; cells labelled `.`, `-` or nothing are in none.
fn label_groups(labels: &[String], size: usize) -> Vec<Vec<usize>> {
    let same = |a: usize, b: usize| labels[a].trim() == labels[b].trim();
    let group = components(size, &same);
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut number: Vec<Option<usize>> = vec![None; labels.len()];
    for (cell, &g) in group.iter().enumerate() {
        if no_cage(&labels[cell]) {
            continue;
        }
        let at = *number[g].get_or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[at].push(cell);
    }
    groups
}

/// Whether a cage map's label puts its cell in no cage: `.`, `-` or nothing.
fn no_cage(label: &str) -> bool {
    matches!(label.trim(), "" | "." | "-")
}

/// A sum grid cell: `Some(None)` for an empty marker, `Some(Some(sum))` for a whole number, `None`
/// for anything else.
fn sum_value(text: &str) -> Option<Option<usize>> {
    match text.trim() {
        "" | "-" | "." | "0" => Some(None),
        number => number.parse::<usize>().ok().filter(|&n| n > 0).map(Some),
    }
}

/// The cells of a row: split at `,` `;` or tabs when the line has them (empty fields are cells),
/// otherwise at spaces; `|` separators are dropped.
fn split(line: &str) -> Vec<String> {
    let line = line.replace('|', " ");
    if line.contains([',', ';', '\t']) {
        line.split([',', ';', '\t'])
            .map(|cell| cell.trim().to_string())
            .collect()
    } else {
        line.split_whitespace().map(str::to_string).collect()
    }
}

/// The size a header row `N N` (or `N`) gives, and the variants named after it (`9 9 x`).
fn header(row: &[String]) -> Option<(usize, Vec<Variant>)> {
    let count = row
        .iter()
        .take_while(|c| c.parse::<usize>().is_ok())
        .count();
    let numbers: Vec<usize> = row[..count].iter().filter_map(|c| c.parse().ok()).collect();
    let variants = row[count..]
        .iter()
        .map(|word| Variant::parse(word))
        .collect::<Option<Vec<_>>>()?;
    match numbers[..] {
        [n] | [n, _] if numbers.iter().all(|&m| m == n) => Some((n, variants)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// janko.at's Killer 1 (4x4) as the dataset writes it.
    const DATASET: &str =
        "4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5";

    fn name(cell: Cell) -> String {
        crate::model::cell_name(cell.row(4), cell.col(4))
    }

    #[test]
    fn the_dataset_format_gives_one_cage_per_label_with_its_sum() {
        let killer = parse(DATASET).expect("a Killer").remove(0);
        assert_eq!(killer.size, 4);
        assert_eq!(killer.sums.lines, [2, 3, 4, 5]);
        let cages = killer.cages(&name).unwrap();
        let described: Vec<String> = cages.iter().map(|c| c.describe(&name)).collect();
        assert_eq!(
            described,
            [
                "cage 9 at r1c1, r1c2, r2c1",
                "cage 8 at r1c3, r2c3, r3c3",
                "cage 3 at r1c4, r2c4",
                "cage 7 at r2c2, r3c2, r4c2",
                "cage 4 at r3c1, r4c1",
                "cage 9 at r3c4, r4c3, r4c4",
            ]
        );
    }

    #[test]
    fn csv_with_blank_lines_and_repeated_labels_reads_the_same() {
        // The same puzzle as CSV, blocks apart, the cage map written with four letters that
        // repeat across the grid (touching cells with one letter are one cage).
        let csv = "9,,8,3\n,7,,\n4,,,9\n,,,\n\na,a,b,c\na,d,b,c\na,d,b,d\na,d,d,d\n";
        let killer = parse(csv).expect("a Killer").remove(0);
        assert!(killer.delimited);
        let err = killer.cages(&name).unwrap_err().to_string();
        assert_eq!(
            err,
            "bad cage 'a' at r1c1, r1c2, r2c1, r3c1, r4c1: it has 2 sums (9 at r1c1, 4 at r3c1)"
        );
        let csv = "9,,8,3\n,7,,\n4,,,9\n,,,\n\na,a,b,c\na,d,b,c\ne,d,b,f\ne,d,f,f\n";
        let cages = parse(csv).expect("a Killer")[0].cages(&name).unwrap();
        assert_eq!(cages, parse(DATASET).unwrap()[0].cages(&name).unwrap());
        // Two puzzles, each under its header.
        let two = format!("# two\n{DATASET}\n\n{DATASET}\n");
        let both = parse(&two).expect("two Killers");
        assert_eq!(both.len(), 2);
        assert_eq!(both[1].sums.lines, [13, 14, 15, 16]);
    }

    #[test]
    fn a_header_names_the_variants_of_its_puzzle_only() {
        let windoku = DATASET.replacen("4 4", "4 4 windoku", 1);
        let two = format!("{}\n{DATASET}\n", DATASET.replacen("4 4", "4 4 x", 1));
        let killers = parse(&format!("{windoku}\n{two}")).expect("three Killers");
        let variants: Vec<&[Variant]> = killers.iter().map(|k| &k.variants[..]).collect();
        assert_eq!(
            variants,
            [&[Variant::Windoku][..], &[Variant::X][..], &[][..]]
        );
        // A word that names no variant is no header.
        assert_eq!(parse(&DATASET.replacen("4 4", "4 4 y", 1)), None);
    }

    #[test]
    fn grids_with_a_region_map_are_not_killers() {
        // Givens and a jigsaw map: four regions of four cells, numbers within the grid's digits.
        let jigsaw = "1 . . .\n. . 2 .\n. 3 . .\n. . . 4\n\na a a b\na b b b\nc c d d\nc c d d\n";
        assert_eq!(parse(jigsaw), None);
        assert_eq!(parse("12\n21\n\n12\n21\n"), None);
    }
}
