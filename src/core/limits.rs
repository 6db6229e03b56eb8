//! Caps on the searches that grow combinatorially — subsets, fish, chains, almost locked sets,
//! forcing nets, templates — so that a solve stays interactive on 16x16 and 25x25 grids.
//!
//! A cap only makes a search find less, never something false. [`Limits::for_size`] gives the
//! defaults, smaller on larger grids; every cap can be changed by name ([`Limits::set`], the
//! command line's `--limit NAME=VALUE`). Caps on a technique's own size (subsets and fish, Franken
//! fish, ALS chains, death blossoms) choose which techniques the engine tries
//! (the engine's `techniques::ordered`); the others bound a finder's search.

use serde::{Deserialize, Serialize};

/// Caps on the combinatorial searches; see each field. Every finder reads them from its
/// [`State`](crate::core::State).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Limits {
    /// Largest naked or hidden subset and basic, finned or sashimi fish the engine tries (2 =
    /// pairs and X-Wings), and the largest subset in a unique rectangle type 3; at most half the
    /// grid size is ever tried. The command line's `--max-size`.
    pub subset_size: usize,
    /// Largest finned or sashimi fish the engine tries (no larger than `subset_size`).
    pub finned_fish_size: usize,
    /// Most fins of a finned fish (endo fins included).
    pub fins: usize,
    /// Most endo fins (candidates in two base houses) of a finned Franken or mutant fish.
    pub endo_fins: usize,
    /// Largest Franken fish the engine tries (0: none). Mutant fish are never tried by the engine.
    pub franken_size: usize,
    /// Longest X-chain, XY-chain, nice loop or AIC, in links.
    pub chain_links: usize,
    /// Largest almost locked set used as one node of a grouped nice loop or AIC, in cells.
    pub chain_als_cells: usize,
    /// Most cells in a remote pair chain.
    pub remote_pair_cells: usize,
    /// Largest almost locked set of the ALS techniques (ALS chains, death blossoms), in cells.
    pub als_cells: usize,
    /// Most almost locked sets in an ALS chain the engine tries (2 is ALS-XZ, 3 ALS-XY-Wing).
    pub als_chain_sets: usize,
    /// Most petals of a death blossom the engine tries.
    pub blossom_petals: usize,
    /// Most cells of the line–region crossing a Sue de Coq uses.
    pub sue_de_coq_crossing: usize,
    /// Most cells in each of a Sue de Coq's line part and region part.
    pub sue_de_coq_sides: usize,
    /// Most four-cell patterns a WXYZ-Wing search examines.
    pub wxyz_patterns: usize,
    /// Longest line of implications a forcing chain follows (a placement and each elimination it
    /// causes count one each, so 20 allows about ten cells).
    pub forcing_chain_length: usize,
    /// Most implications one branch of a forcing net, forcing chain or Nishio records.
    pub net_implications: usize,
    /// Most placements one branch of a nested forcing net tries to refute (each followed by a
    /// forcing net of its own); 0: the engine tries no nested nets.
    pub refutation_tries: usize,
    /// Most partial placements the enumeration of one digit's templates visits; past it the
    /// digit yields nothing.
    pub template_nodes: usize,
}

/// The default largest subset and fish (quads and jellyfish), as in HoDoKu.
pub const DEFAULT_SUBSET_SIZE: usize = 4;

/// A cap's command-line name, what it caps, and where it lives in [`Limits`].
type Field = (&'static str, &'static str, fn(&mut Limits) -> &mut usize);

/// Every cap by name (the serde names), in the order of the fields.
#[rustfmt::skip]
const FIELDS: [Field; 18] = [
    ("subset-size",          "largest subset and fish (as --max-size)",    |l| &mut l.subset_size),
    ("finned-fish-size",     "largest finned or sashimi fish",             |l| &mut l.finned_fish_size),
    ("fins",                 "most fins of a finned fish",                 |l| &mut l.fins),
    ("endo-fins",            "most endo fins of a Franken or mutant fish", |l| &mut l.endo_fins),
    ("franken-size",         "largest Franken fish tried (0: none)",       |l| &mut l.franken_size),
    ("chain-links",          "longest chain or loop, in links",            |l| &mut l.chain_links),
    ("chain-als-cells",      "largest ALS node of a grouped chain",        |l| &mut l.chain_als_cells),
    ("remote-pair-cells",    "most cells of a remote pair",                |l| &mut l.remote_pair_cells),
    ("als-cells",            "largest ALS of ALS chains and blossoms",     |l| &mut l.als_cells),
    ("als-chain-sets",       "most ALS in an ALS chain",                   |l| &mut l.als_chain_sets),
    ("blossom-petals",       "most petals of a death blossom",             |l| &mut l.blossom_petals),
    ("sue-de-coq-crossing",  "most crossing cells of a Sue de Coq",        |l| &mut l.sue_de_coq_crossing),
    ("sue-de-coq-sides",     "most cells per side of a Sue de Coq",        |l| &mut l.sue_de_coq_sides),
    ("wxyz-patterns",        "most patterns a WXYZ-Wing search examines",  |l| &mut l.wxyz_patterns),
    ("forcing-chain-length", "longest line of a forcing chain",            |l| &mut l.forcing_chain_length),
    ("net-implications",     "most implications per forcing branch",       |l| &mut l.net_implications),
    ("refutation-tries",     "most refutations tried per nested branch",   |l| &mut l.refutation_tries),
    ("template-nodes",       "most partial templates per digit",           |l| &mut l.template_nodes),
];

impl Limits {
    /// The default caps for a grid of `size`: on 9x9 and smaller as HoDoKu searches (or more), on
    /// larger grids smaller, so that a 16x16 or 25x25 solve stays interactive.
    pub fn for_size(size: usize) -> Limits {
        let nine = size <= 9;
        let up_to_16 = size <= 16;
        // A cap for grids up to 9x9, up to 16x16, and larger.
        let by_size = |[small, medium, large]: [usize; 3]| match size {
            0..=9 => small,
            10..=16 => medium,
            _ => large,
        };
        Limits {
            subset_size: DEFAULT_SUBSET_SIZE,
            finned_fish_size: if up_to_16 { 4 } else { 3 },
            fins: by_size([5, 3, 2]),
            endo_fins: 2,
            franken_size: by_size([3, 2, 0]),
            chain_links: by_size([20, 12, 8]),
            chain_als_cells: match size {
                0..=9 => 5,
                10..=25 => 3,
                _ => 2,
            },
            remote_pair_cells: 12,
            als_cells: by_size([8, 4, 3]),
            als_chain_sets: if nine { 7 } else { 4 },
            blossom_petals: if nine { 4 } else { 3 },
            sue_de_coq_crossing: 4,
            sue_de_coq_sides: if nine { 4 } else { 2 },
            wxyz_patterns: 200_000,
            forcing_chain_length: 20,
            // Up to 16x16 about as many implications per branch as a 9x9 costs (1000 on 9x9, 316
            // on 16x16); fewer on larger grids, where the search for nets would cost most.
            net_implications: if up_to_16 {
                (81_000 / (size * size).max(1)).clamp(200, 1000)
            } else {
                100
            },
            // None on the largest grids, where a solve would take minutes more for a few
            // backtracking steps fewer.
            refutation_tries: by_size([2000, 150, 0]),
            template_nodes: if up_to_16 { 300_000 } else { 20_000 },
        }
    }

    /// The caps a search of one digit reads ([`crate::core::State::search_digit`]): the fins
    /// and endo fins of a finned fish. States whose limits agree on these may share what those
    /// searches found nothing on ([`crate::core::State::knowing`]).
    pub fn digit_search_bounds(&self) -> (usize, usize) {
        (self.fins, self.endo_fins)
    }

    /// Sets the cap called `name` (as in [`Limits::names`]) to `value`.
    pub fn set(&mut self, name: &str, value: usize) -> Result<(), String> {
        let (_, _, field) = FIELDS
            .iter()
            .find(|(known, _, _)| *known == name)
            .ok_or_else(|| format!("unknown limit '{name}'; known: {}", Limits::names()))?;
        *field(self) = value;
        Ok(())
    }

    /// Applies `NAME=VALUE` (a cap's name and a whole number).
    pub fn apply(&mut self, setting: &str) -> Result<(), String> {
        let (name, value) = setting
            .split_once('=')
            .ok_or_else(|| format!("expected NAME=VALUE, got '{setting}'"))?;
        let value = value.trim().parse().map_err(|_| {
            format!("the value of limit '{name}' must be a whole number, got '{value}'")
        })?;
        self.set(name.trim(), value)
    }

    /// The names of the caps, comma-separated.
    pub fn names() -> String {
        FIELDS.map(|(name, _, _)| name).join(", ")
    }

    /// One line per cap: its name, what it caps, and its defaults on 9x9, 16x16 and 25x25.
    pub fn describe() -> String {
        let mut defaults = [9, 16, 25].map(Limits::for_size);
        FIELDS
            .iter()
            .map(|(name, meaning, field)| {
                let [a, b, c] = defaults.each_mut().map(|l| *field(l));
                format!("{name}: {meaning} ({a} / {b} / {c})")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_names_are_the_serde_names_in_field_order() {
        let json = serde_json::to_value(Limits::for_size(9)).expect("serialisable");
        let keys: Vec<&String> = json.as_object().expect("an object").keys().collect();
        assert_eq!(keys.len(), FIELDS.len());
        let mut limits = Limits::for_size(9);
        for (i, (_, _, field)) in FIELDS.iter().enumerate() {
            *field(&mut limits) = 1000 + i;
        }
        let json = serde_json::to_value(limits).expect("serialisable");
        for (i, (name, _, _)) in FIELDS.iter().enumerate() {
            assert_eq!(json[name], 1000 + i, "{name}");
        }
    }

    #[test]
    fn a_setting_changes_its_cap_and_a_bad_one_names_the_problem() {
        let mut limits = Limits::for_size(9);
        limits.apply("chain-links=6").expect("a known limit");
        assert_eq!(limits.chain_links, 6);
        let unknown = limits.apply("links=6").expect_err("unknown");
        assert!(unknown.starts_with("unknown limit 'links'; known: subset-size, finned-fish"));
        let bad = limits.apply("fins=many").expect_err("not a number");
        assert_eq!(
            bad,
            "the value of limit 'fins' must be a whole number, got 'many'"
        );
        assert!(limits.apply("fins").is_err());
    }

    #[test]
    fn larger_grids_get_smaller_caps() {
        let (nine, big) = (Limits::for_size(9), Limits::for_size(25));
        assert!(big.chain_links < nine.chain_links);
        assert!(big.net_implications < nine.net_implications);
        assert_eq!(nine.net_implications, 1000);
        assert!(Limits::describe().contains("chain-links: longest chain or loop, in links (20 / "));
    }
}
