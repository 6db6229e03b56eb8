//! Region maps: from a block of labels (a `Regions` sheet, a second text block, `--regions FILE`)
//! or from the cell fills of a workbook grid; and extra-house maps (an `Extra` sheet, a text
//! block with labels on some cells).

use crate::error::Error;
use crate::model::{Cell, Layout, Regions, Variant, cell_name, components};

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

/// Whether a label marks no extra house: `.`, `-`, `0` or nothing.
fn unmarked(label: &str) -> bool {
    matches!(label.trim(), "" | "." | "-" | "0")
}

/// Whether `labels` (one per cell) read as an extra-house map: some cells unmarked, and each
/// label on exactly `size` cells.
pub fn is_extra_house_map(labels: &[String], size: usize) -> bool {
    labels.iter().any(|l| unmarked(l)) && extra_houses(labels, size).is_ok()
}

/// The extra houses of an extra-house map: one label (or `.`, `-`, `0`, nothing) per cell,
/// row-major; each label names one house of `size` cells, houses in order of first appearance.
pub fn extra_houses(labels: &[String], size: usize) -> Result<Vec<Vec<Cell>>, Error> {
    let mut names: Vec<&str> = Vec::new();
    let mut houses: Vec<Vec<Cell>> = Vec::new();
    for (index, label) in labels.iter().enumerate() {
        if unmarked(label) {
            continue;
        }
        let label = label.trim();
        let number = names.iter().position(|n| *n == label).unwrap_or_else(|| {
            names.push(label);
            houses.push(Vec::new());
            names.len() - 1
        });
        houses[number].push(Cell::from_index(index));
    }
    if let Some((name, cells)) = names.iter().zip(&houses).find(|(_, h)| h.len() != size) {
        return Err(Error::BadExtraHouse {
            reason: format!(
                "extra house '{name}' has {} cells, each needs {size}",
                cells.len()
            ),
        });
    }
    if houses.is_empty() {
        return Err(Error::BadExtraHouse {
            reason: "the extra-house map labels no cell".into(),
        });
    }
    Ok(houses)
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
    /// The shaded cells are the extra houses of these variants (the diagonals, the windows).
    Shaded(Vec<Variant>),
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
    if let Some(variants) = shaded_variants(fills, size) {
        return FillRegions::Shaded(variants);
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

/// The variants whose extra houses cover exactly the shaded cells (those whose fill is not the
/// most common one): both diagonals, the windows, or both.
fn shaded_variants(fills: &[Option<u32>], size: usize) -> Option<Vec<Variant>> {
    let plain = fills
        .iter()
        .max_by_key(|f| fills.iter().filter(|g| g == f).count())?;
    let shaded: Vec<bool> = fills.iter().map(|f| f != plain).collect();
    let choices = [
        vec![Variant::X],
        vec![Variant::Windoku],
        Variant::ALL.to_vec(),
    ];
    choices.into_iter().find(|variants| {
        let mut layout = Layout::new(size, Regions::Latin).ok();
        for &variant in variants {
            layout = layout.and_then(|l| l.with_variant(variant).ok());
        }
        layout.is_some_and(|layout| {
            let mut covered = vec![false; size * size];
            for h in layout.extra_houses() {
                layout.houses()[h]
                    .cells
                    .iter()
                    .for_each(|c| covered[c.index()] = true);
            }
            covered == shaded
        })
    })
}

struct Patches {
    count: usize,
    region_of: Vec<u16>,
}

/// Labels 4-connected patches of equal fill, numbered in row-major order of first cell.
fn patches(fills: &[Option<u32>], size: usize) -> Patches {
    let group = components(size, &|a, b| fills[a] == fills[b]);
    Patches {
        count: group.iter().max().map_or(0, |m| m + 1),
        region_of: group.iter().map(|&g| g as u16).collect(),
    }
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
    fn extra_house_maps_need_n_cells_per_label() {
        let map = labels("a... .a.. ..ab ...b");
        let houses = extra_houses(&labels("a..b .ab. .ba. b..a"), 4).unwrap();
        assert_eq!(houses.len(), 2);
        assert_eq!(houses[1][0], Cell::from_index(3));
        assert!(is_extra_house_map(&labels("a..b .ab. .ba. b..a"), 4));
        let err = extra_houses(&map, 4).unwrap_err().to_string();
        assert_eq!(
            err,
            "bad extra house: extra house 'a' has 3 cells, each needs 4"
        );
        assert!(
            !is_extra_house_map(&labels("aabb aabb ccdd ccdd"), 4),
            "a region map"
        );
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
