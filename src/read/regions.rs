//! Region maps: from a block of labels (a `Regions` sheet, a second text block, `--regions FILE`)
//! or from the cell fills of a workbook grid.

use crate::error::Error;
use crate::model::{Regions, cell_name};

/// Builds a region map from one label per cell, row-major. Regions are numbered in order of first
/// appearance; there must be exactly `size` labels with `size` cells each. Labels that repeat a
/// box pattern give boxes, not a jigsaw.
pub fn from_labels(labels: &[String], size: usize) -> Result<Regions, Error> {
    let bad = |reason: String| Error::BadRegions { reason };
    if labels.len() != size * size {
        return Err(bad(format!(
            "it has {} labels, a {size}x{size} grid needs {}",
            labels.len(),
            size * size
        )));
    }
    let mut names: Vec<&str> = Vec::new();
    let mut region_of = Vec::with_capacity(labels.len());
    for (index, label) in labels.iter().enumerate() {
        let label = label.trim();
        if label.is_empty() {
            let cell = cell_name(index / size, index % size);
            return Err(bad(format!("{cell} has no region label")));
        }
        let number = match names.iter().position(|n| *n == label) {
            Some(number) => number,
            None => {
                names.push(label);
                names.len() - 1
            }
        };
        region_of.push(number as u16);
    }
    if names.len() != size {
        return Err(bad(format!(
            "it names {} regions ({}), a {size}x{size} grid needs {size}",
            names.len(),
            names.join(" ")
        )));
    }
    for (number, name) in names.iter().enumerate() {
        let cells = region_of.iter().filter(|&&r| r as usize == number).count();
        if cells != size {
            return Err(bad(format!(
                "region '{name}' has {cells} cells, each region needs {size}"
            )));
        }
    }
    Ok(as_boxes(&region_of, size).unwrap_or(Regions::Jigsaw { region_of }))
}

/// Whether labels form a valid region map whose regions are each one connected patch — what a
/// drawn region map looks like, and what a grid of digits never does.
pub fn labels_are_connected_regions(labels: &[String], size: usize) -> bool {
    let region_of = match from_labels(labels, size) {
        Ok(Regions::Jigsaw { region_of }) => region_of,
        Ok(Regions::Boxes { .. }) => return true,
        _ => return false,
    };
    let fills: Vec<Option<u32>> = region_of.iter().map(|&r| Some(u32::from(r))).collect();
    patches(&fills, size).count == size
}

/// What the fills of a grid say about its regions.
#[derive(Debug, Clone, PartialEq)]
pub enum FillRegions {
    /// No pattern: one colour throughout.
    Plain,
    /// Patches of one colour form the regions (boxes, when they repeat a box pattern).
    Regions(Regions),
    /// Several colours that do not form regions; the text says what they form.
    Unusable(String),
}

/// Reads regions from cell fills (`None` = no fill): a region is a connected patch of one colour of
/// exactly `size` cells. A shading that repeats a box pattern gives boxes, not a jigsaw.
pub fn from_fills(fills: &[Option<u32>], size: usize) -> FillRegions {
    if fills.iter().all(|f| *f == fills[0]) {
        return FillRegions::Plain;
    }
    let patches = patches(fills, size);
    let mut sizes: Vec<usize> = (0..patches.count)
        .map(|p| {
            patches
                .region_of
                .iter()
                .filter(|&&r| r as usize == p)
                .count()
        })
        .collect();
    if patches.count == size && sizes.iter().all(|&s| s == size) {
        return FillRegions::Regions(as_boxes(&patches.region_of, size).unwrap_or(
            Regions::Jigsaw {
                region_of: patches.region_of,
            },
        ));
    }
    sizes.sort_unstable();
    sizes.dedup();
    let sizes: Vec<String> = sizes.iter().map(usize::to_string).collect();
    FillRegions::Unusable(format!(
        "the cell fills form {} patches of {} cells, not {size} regions of {size}",
        patches.count,
        sizes.join(", ")
    ))
}

struct Patches {
    count: usize,
    region_of: Vec<u16>,
}

/// Labels 4-connected patches of equal fill, numbered in row-major order of first cell.
fn patches(fills: &[Option<u32>], size: usize) -> Patches {
    const UNSEEN: u16 = u16::MAX;
    let mut region_of = vec![UNSEEN; fills.len()];
    let mut count = 0;
    for start in 0..fills.len() {
        if region_of[start] != UNSEEN {
            continue;
        }
        let mut stack = vec![start];
        region_of[start] = count as u16;
        while let Some(cell) = stack.pop() {
            let (r, c) = (cell / size, cell % size);
            let neighbours = [
                (r > 0).then(|| cell - size),
                (r + 1 < size).then(|| cell + size),
                (c > 0).then(|| cell - 1),
                (c + 1 < size).then(|| cell + 1),
            ];
            for next in neighbours.into_iter().flatten() {
                if region_of[next] == UNSEEN && fills[next] == fills[cell] {
                    region_of[next] = count as u16;
                    stack.push(next);
                }
            }
        }
        count += 1;
    }
    Patches { count, region_of }
}

/// The box shape a region map repeats, if it is one.
fn as_boxes(region_of: &[u16], size: usize) -> Option<Regions> {
    (1..=size)
        .filter(|r| size.is_multiple_of(*r))
        .find_map(|rows| {
            let cols = size / rows;
            let same = (0..size * size).all(|cell| {
                let (r, c) = (cell / size, cell % size);
                let other = (r / rows) * rows * size + (c / cols) * cols;
                region_of[cell] == region_of[other]
            });
            same.then_some(Regions::Boxes { rows, cols })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(text: &str) -> Vec<String> {
        text.chars()
            .filter(|c| !c.is_whitespace())
            .map(String::from)
            .collect()
    }

    #[test]
    fn labels_number_regions_by_first_appearance() {
        let regions = from_labels(&labels("aaab abbb ccdd ccdd"), 4).unwrap();
        let Regions::Jigsaw { region_of } = regions else {
            panic!("not a jigsaw")
        };
        assert_eq!(region_of[..8], [0, 0, 0, 1, 0, 1, 1, 1]);
    }

    #[test]
    fn labels_with_wrong_counts_name_the_region() {
        let err = from_labels(&labels("aaaa abbb ccdd ccdd"), 4).unwrap_err();
        assert!(err.to_string().contains("region 'a' has 5 cells"), "{err}");
        let err = from_labels(&labels("aaab abbb ccdd ccde"), 4).unwrap_err();
        assert!(err.to_string().contains("names 5 regions"), "{err}");
    }

    #[test]
    fn box_checkerboard_fills_give_boxes() {
        let size = 6;
        let fills: Vec<Option<u32>> = (0..36)
            .map(|cell| {
                let (r, c) = (cell / size, cell % size);
                ((r / 2 + c / 3) % 2 == 1).then_some(0xDDDDDD)
            })
            .collect();
        assert_eq!(
            from_fills(&fills, size),
            FillRegions::Regions(Regions::Boxes { rows: 2, cols: 3 })
        );
    }

    #[test]
    fn irregular_patches_give_a_jigsaw_and_stray_fills_are_unusable() {
        let map = labels("aaab abbb ccdd ccdd");
        let colour = |l: &String| Some(0x100000 * (l.as_bytes()[0] as u32 - b'a' as u32 + 1));
        let fills: Vec<Option<u32>> = map.iter().map(colour).collect();
        assert!(matches!(
            from_fills(&fills, 4),
            FillRegions::Regions(Regions::Jigsaw { .. })
        ));
        let mut stray = vec![None; 16];
        stray[5] = Some(0xFFFF00);
        assert!(matches!(from_fills(&stray, 4), FillRegions::Unusable(_)));
        assert_eq!(from_fills(&[None; 16], 4), FillRegions::Plain);
    }
}
