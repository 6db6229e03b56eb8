//! Human solving techniques, one file per family (as HoDoKu's solver families). Each finder reads a
//! [`State`] and reports [`Step`]s to a sink; none changes the state — the engine applies steps.
//! Every finder works on generic houses, so boxes, rectangular boxes, jigsaw regions and extra
//! houses are served by the same code; Killer cages have their own family (`killer`), and their
//! cells see each other, so every finder that asks whether cells see each other counts them.
//! Even/odd marks and consecutive bars have theirs (`marks`); the other finders, which reason
//! with houses alone, stay sound on such grids (uniqueness is the exception, and checks).

pub mod als;
pub mod chains;
pub mod colouring;
pub(crate) mod common;
pub mod fish;
pub mod forcing;
pub mod intersections;
pub mod killer;
pub mod marks;
pub mod single_digit;
pub mod singles;
pub mod subsets;
#[cfg(test)]
mod testing;
pub mod uniqueness;
pub mod wings;

use crate::core::{
    ChainKind, ColouringRule, FishKind, Forcing, KillerRule, Limits, MarkRule, SingleDigitPattern,
    State, Step, Technique,
};
use crate::search::work::{self, cost};
use crate::techniques::forcing::Reach;

/// Receives the steps a finder produces; returns `false` to stop the search.
pub type Sink<'a> = dyn FnMut(Step) -> bool + 'a;

/// Finds instances of `technique` in `state`, passing each to `sink` until it returns `false`.
/// Only steps that make progress are reported.
pub fn find(technique: Technique, state: &State, sink: &mut Sink) {
    // The markings' steps cost a grid without markings nothing, not even a look: the classic
    // solve asks and counts exactly what it did before they were added.
    if matches!(technique, Technique::Marks(_)) && state.layout().markings().is_empty() {
        return;
    }
    // Uniqueness patterns and templates assume one N x N grid: overlapping grids skip them.
    if state.layout().overlap().is_some() && !technique.holds_on_overlapping_grids() {
        return;
    }
    // Asking a technique counts as a look at the grid's empty cells, and within a budget of
    // work that is spent no search starts.
    work::spend(state.empty_cells() as u64 * cost::TECHNIQUE_PER_CELL);
    if work::spent() {
        return;
    }
    release_unused(technique);
    let mut progress = |step: Step| !step.makes_progress() || sink(step);
    match technique {
        Technique::FullHouse => singles::full_house(state, &mut progress),
        Technique::NakedSingle => singles::naked_single(state, &mut progress),
        Technique::HiddenSingle(kind) => singles::hidden_single(state, kind, &mut progress),
        Technique::Pointing => intersections::pointing(state, &mut progress),
        Technique::Claiming => intersections::claiming(state, &mut progress),
        Technique::LockedSubset(n) => {
            intersections::locked_subset(state, n as usize, &mut progress)
        }
        Technique::NakedSubset(n) => subsets::naked(state, n as usize, &mut progress),
        Technique::HiddenSubset(n) => subsets::hidden(state, n as usize, &mut progress),
        Technique::BasicFish(n) => fish::basic(state, n as usize, &mut progress),
        Technique::XyWing => wings::xy_wing(state, &mut progress),
        Technique::XyzWing => wings::xyz_wing(state, &mut progress),
        Technique::WWing => wings::w_wing(state, &mut progress),
        Technique::WxyzWing => wings::wxyz_wing(state, &mut progress),
        Technique::UniqueRectangle(n) => uniqueness::unique_rectangle(state, n, &mut progress),
        Technique::HiddenRectangle => uniqueness::hidden_rectangle(state, &mut progress),
        Technique::AvoidableRectangle(n) => {
            uniqueness::avoidable_rectangle(state, n, &mut progress)
        }
        Technique::BugPlusOne => uniqueness::bug_plus_one(state, &mut progress),
        Technique::SingleDigit(pattern) => single_digit::find(state, pattern, &mut progress),
        Technique::Colouring(rule) => colouring::find(state, rule, &mut progress),
        Technique::AlsChain(n) => als::chain(state, n as usize, &mut progress),
        Technique::DeathBlossom(n) => als::death_blossom(state, n as usize, &mut progress),
        Technique::SueDeCoq => als::sue_de_coq(state, &mut progress),
        Technique::Fish(kind, n) => fish::complex(state, kind, n as usize, &mut progress),
        Technique::SiameseFish(kind, n) => fish::siamese(state, kind, n as usize, &mut progress),
        Technique::Nishio => forcing::nishio(state, &mut progress),
        Technique::ForcingChain(kind) => forcing::find(state, kind, Reach::Chain, &mut progress),
        Technique::ForcingNet(kind) => forcing::find(state, kind, Reach::Net, &mut progress),
        Technique::ForcingNetPlus(kind) => {
            forcing::find(state, kind, Reach::NetPlus, &mut progress)
        }
        Technique::NestedNet(kind) => forcing::find(state, kind, Reach::Nested, &mut progress),
        Technique::TemplateSet => forcing::templates(state, true, &mut progress),
        Technique::TemplateDelete => forcing::templates(state, false, &mut progress),
        Technique::Chain { kind, grouped } => chains::find(state, kind, grouped, &mut progress),
        Technique::Killer(rule) => killer::find(state, rule, &mut progress),
        Technique::Marks(rule) => marks::find(state, rule, &mut progress),
        Technique::Backtracking => {}
    }
}

/// Lets go of the structures this thread keeps for techniques of other families than
/// `technique`: they serve the techniques of one family tried one after another on the same
/// candidates, and a thread then holds at most one family's, as when each search built its own.
fn release_unused(technique: Technique) {
    if !matches!(technique, Technique::Chain { .. }) {
        chains::release_graph();
    }
    if !matches!(
        technique,
        Technique::AlsChain(_) | Technique::DeathBlossom(_)
    ) {
        als::Graph::release();
    }
    if Reach::of(technique).is_none() {
        forcing::release();
    }
}

/// The first step of `technique` in `state`.
pub fn find_first(technique: Technique, state: &State) -> Option<Step> {
    let mut first = None;
    find(technique, state, &mut |step| {
        first = Some(step);
        false
    });
    first
}

/// Every step of `technique` in `state`.
pub fn find_all(technique: Technique, state: &State) -> Vec<Step> {
    let mut all = Vec::new();
    find(technique, state, &mut |step| {
        all.push(step);
        true
    });
    all
}

/// The most instances of one technique [`steps_of`] lists: a grid made to have hundreds of
/// thousands of them (a fuzzed grid had 163,816 death blossoms) stops there.
pub const MOST_INSTANCES: usize = 1000;

/// The most instances of one kind of nested forcing net [`steps_of`] lists: each is a search of
/// forcing nets within forcing nets, and a hard 9x9 has hundreds (listing them all took 0.9 s).
pub const MOST_NESTED: usize = 20;

/// The steps available in a state: every instance of each technique asked for.
#[derive(Debug, Clone, Default)]
pub struct Available {
    /// The steps, technique by technique in the order asked for; each technique's in the order
    /// its finder reports them (chains shortest first).
    pub steps: Vec<Step>,
    /// The techniques whose listing stopped at its cap ([`MOST_INSTANCES`], [`MOST_NESTED`]):
    /// they may have more instances.
    pub capped: Vec<Technique>,
    /// Whether the listing stopped before the end of the techniques asked for, at the most steps
    /// asked for ([`steps_up_to`]) or when the budget of work ran out ([`work::within`]): the
    /// last technique listed may have more instances, and the techniques after it were not asked.
    pub cut_short: bool,
}

/// How many instances of `technique` [`steps_of`] lists at most.
pub fn cap(technique: Technique) -> usize {
    match technique {
        Technique::NestedNet(_) => MOST_NESTED,
        _ => MOST_INSTANCES,
    }
}

/// Every step of each technique of `order` in `state`, technique by technique, each up to its
/// [`cap`]. Only steps that make progress are listed; the state is not changed.
pub fn steps_of(state: &State, order: &[Technique]) -> Available {
    steps_up_to(state, order, usize::MAX)
}

/// [`steps_of`], stopping at `most` steps in all, or when the budget of work the thread works
/// within runs out ([`Available::cut_short`]).
pub fn steps_up_to(state: &State, order: &[Technique], most: usize) -> Available {
    let mut available = Available::default();
    for &technique in order {
        if available.steps.len() >= most || work::spent() {
            available.cut_short = true;
            break;
        }
        let (cap, mut found) = (cap(technique), 0);
        find(technique, state, &mut |step| {
            available.steps.push(step);
            found += 1;
            found < cap && available.steps.len() < most
        });
        if found == cap {
            available.capped.push(technique);
        }
    }
    available.cut_short |= available.steps.len() >= most || work::spent();
    available
}

/// Every step available in `state`: the instances of every technique a user may name on its
/// grid with its limits ([`every`]: simplest first, by Sudoku Explainer's ratings), each
/// technique's up to its [`cap`]. What `gridlogic explain --technique all` lists.
pub fn all_steps(state: &State) -> Available {
    steps_of(state, &every(state.size(), state.limits()))
}

/// The techniques in the order the engine tries them, simplest first (by Sudoku Explainer's
/// ratings), for a grid of `size`. Subsets and fish go up to [`Limits::subset_size`] cells or
/// lines (at most half the grid: a larger one always has a smaller complement), finned and
/// sashimi fish up to [`Limits::finned_fish_size`], Franken fish up
/// to [`Limits::franken_size`], ALS chains and death blossoms up to [`Limits::als_chain_sets`]
/// and [`Limits::blossom_petals`]; nested forcing nets last, unless [`Limits::refutation_tries`]
/// is 0. Mutant and siamese fish are left out: they are found only when asked for (a siamese
/// fish's two fish come first anyway).
pub fn ordered(size: usize, limits: &Limits) -> Vec<Technique> {
    let mut order = Technique::SIMPLEST.to_vec();
    let largest = limits.subset_size.min(size / 2) as u8;
    for n in 2..=largest {
        order.extend([
            Technique::NakedSubset(n),
            Technique::BasicFish(n),
            Technique::HiddenSubset(n),
        ]);
        if n as usize <= limits.finned_fish_size {
            order.extend([FishKind::Finned, FishKind::Sashimi].map(|k| Technique::Fish(k, n)));
        }
    }
    let mut later: Vec<Technique> = Vec::new();
    later.extend(KillerRule::ALL.map(Technique::Killer));
    later.extend(MarkRule::ALL.map(Technique::Marks));
    later.extend(SingleDigitPattern::ALL.map(Technique::SingleDigit));
    later.extend(ColouringRule::ALL.map(Technique::Colouring));
    later.extend([
        Technique::XyWing,
        Technique::WWing,
        Technique::XyzWing,
        Technique::UniqueRectangle(1),
        Technique::UniqueRectangle(4),
        Technique::AvoidableRectangle(1),
        Technique::UniqueRectangle(2),
        Technique::UniqueRectangle(3),
        Technique::UniqueRectangle(5),
        Technique::UniqueRectangle(6),
        Technique::HiddenRectangle,
        Technique::AvoidableRectangle(2),
        Technique::WxyzWing,
        Technique::BugPlusOne,
    ]);
    later.extend(CHAINS.map(|(kind, grouped)| Technique::Chain { kind, grouped }));
    later.extend(als::ordered(limits));
    for n in 2..=largest.min(limits.franken_size as u8) {
        later.extend([FishKind::Franken, FishKind::FinnedFranken].map(|k| Technique::Fish(k, n)));
    }
    let mut order: Vec<(Technique, f32)> = order.into_iter().map(rated).collect();
    for technique in later {
        insert_by_rating(&mut order, rated(technique));
    }
    let mut order: Vec<Technique> = order.into_iter().map(|(t, _)| t).collect();
    order.push(Technique::Nishio);
    order.extend(Forcing::ALL.map(Technique::ForcingChain));
    order.extend(Forcing::ALL.map(Technique::ForcingNet));
    order.extend(Forcing::ALL.map(Technique::ForcingNetPlus));
    order.extend([Technique::TemplateSet, Technique::TemplateDelete]);
    if limits.refutation_tries > 0 {
        order.extend(Forcing::ALL.map(Technique::NestedNet));
    }
    order
}

/// Every technique a user may ask for by name on a grid of `size` with `limits`: those of
/// [`ordered`], in its order, and beyond its caps subsets and fish of every kind (mutant and
/// siamese too) up to half the grid, each inserted by its rating.
pub fn every(size: usize, limits: &Limits) -> Vec<Technique> {
    let mut order: Vec<(Technique, f32)> = ordered(size, limits).into_iter().map(rated).collect();
    for n in 2..=(size / 2) as u8 {
        let subsets = [
            Technique::NakedSubset(n),
            Technique::HiddenSubset(n),
            Technique::BasicFish(n),
        ];
        let fish = FishKind::ALL
            .into_iter()
            .map(|kind| Technique::Fish(kind, n));
        let siamese = FishKind::ALL
            .into_iter()
            .filter(|kind| kind.is_finned())
            .map(|kind| Technique::SiameseFish(kind, n));
        for technique in subsets.into_iter().chain(fish).chain(siamese) {
            if order.iter().all(|&(t, _)| t != technique) {
                insert_by_rating(&mut order, rated(technique));
            }
        }
    }
    order.into_iter().map(|(t, _)| t).collect()
}

/// A technique with its Sudoku Explainer rating.
fn rated(technique: Technique) -> (Technique, f32) {
    (technique, technique.row().explainer)
}

/// Inserts a rated technique before the first of `order` with a higher rating (after those rated
/// the same).
fn insert_by_rating(order: &mut Vec<(Technique, f32)>, (technique, rating): (Technique, f32)) {
    let at = order
        .iter()
        .position(|&(_, r)| r > rating)
        .unwrap_or(order.len());
    order.insert(at, (technique, rating));
}

/// The chain techniques in the engine's order (by Sudoku Explainer's ratings). Among equals, an
/// AIC, which may remove several candidates, goes before the discontinuous loop, which removes
/// one of them (or places a digit).
const CHAINS: [(ChainKind, bool); 9] = [
    (ChainKind::XChain, false),
    (ChainKind::RemotePair, false),
    (ChainKind::XyChain, false),
    (ChainKind::ContinuousLoop, false),
    (ChainKind::Aic, false),
    (ChainKind::DiscontinuousLoop, false),
    (ChainKind::ContinuousLoop, true),
    (ChainKind::Aic, true),
    (ChainKind::DiscontinuousLoop, true),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Candidate, Layout, Regions};
    use crate::techniques::testing::{cands, finned_x_wing_6x6, state};

    /// The eliminations of every step of `technique` on `s` with `limits`.
    fn eliminations(technique: Technique, s: &State, limits: Limits) -> Vec<Vec<Candidate>> {
        let s = s.clone().with_limits(limits);
        find_all(technique, &s)
            .into_iter()
            .map(|step| step.eliminations.to_vec())
            .collect()
    }

    #[test]
    fn a_finned_fish_is_found_only_when_its_fin_is_allowed() {
        // 2x3 boxes: rows 1 and 4 hold 1 in columns 2 and 5, row 4 also in the fin r4c6, which
        // removes 1 from r3c5 (see the fish tests).
        let s = finned_x_wing_6x6();
        let finned = Technique::Fish(FishKind::Finned, 2);
        let wanted = cands(6, &[(3, 5, 1)]);
        assert!(eliminations(finned, &s, Limits::for_size(6)).contains(&wanted));
        let no_fins = Limits {
            fins: 0,
            ..Limits::for_size(6)
        };
        assert!(eliminations(finned, &s, no_fins).is_empty());
    }

    #[test]
    fn a_user_may_name_every_fish_and_subset_up_to_half_the_grid_in_the_engine_order() {
        for size in [4, 9, 16] {
            let limits = Limits::for_size(size);
            let default = ordered(size, &limits);
            let every = every(size, &limits);
            let mut rest = every.iter();
            assert!(default.iter().all(|t| rest.any(|e| e == t)), "order kept");
            let half = (size / 2) as u8;
            for wanted in [
                Technique::Fish(FishKind::FinnedMutant, half),
                Technique::Fish(FishKind::Franken, half),
                Technique::SiameseFish(FishKind::Sashimi, half),
                Technique::HiddenSubset(half),
            ] {
                assert!(every.contains(&wanted), "{size}: {wanted:?}");
            }
            assert!(!default.contains(&Technique::Fish(FishKind::Mutant, 2)));
        }
    }

    #[test]
    fn a_thread_keeps_shared_structures_only_while_their_family_is_tried() {
        let s = finned_x_wing_6x6();
        let graph = als::Graph::of(&s, s.limits().als_cells);
        assert_eq!(
            std::rc::Rc::strong_count(&graph),
            2,
            "kept for the next search"
        );
        find_first(Technique::DeathBlossom(2), &s);
        assert_eq!(
            std::rc::Rc::strong_count(&graph),
            2,
            "shared by an ALS technique"
        );
        find_first(Technique::FullHouse, &s);
        assert_eq!(
            std::rc::Rc::strong_count(&graph),
            1,
            "let go before a single"
        );
    }

    #[test]
    fn a_chain_is_found_only_within_its_links() {
        // 2x3 boxes: (1)r1c1=r6c1-r5c2=r5c6, three links, removes 1 from r1c6 (see the chain
        // tests).
        let layout = Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap();
        let mut marks: Vec<_> = (2..=5).map(|r| (r, 1, "23456")).collect();
        marks.extend([1, 3, 4, 5].map(|c| (5, c, "23456")));
        let s = state(layout, &marks);
        let x_chain = Technique::Chain {
            kind: ChainKind::XChain,
            grouped: false,
        };
        let wanted = cands(6, &[(1, 6, 1)]);
        let links = |chain_links| Limits {
            chain_links,
            ..Limits::for_size(6)
        };
        assert!(eliminations(x_chain, &s, links(3)).contains(&wanted));
        assert!(!eliminations(x_chain, &s, links(2)).contains(&wanted));
    }

    #[test]
    fn the_engine_tries_only_the_techniques_within_the_caps() {
        let nine = Limits::for_size(9);
        let all = ordered(9, &nine);
        for technique in [
            Technique::Fish(FishKind::FinnedFranken, 3),
            Technique::Fish(FishKind::Finned, 4),
            Technique::AlsChain(7),
            Technique::DeathBlossom(4),
        ] {
            assert!(all.contains(&technique), "{technique:?}");
        }
        let small = Limits {
            finned_fish_size: 3,
            franken_size: 0,
            als_chain_sets: 5,
            blossom_petals: 3,
            ..nine
        };
        let fewer = ordered(9, &small);
        assert!(fewer.contains(&Technique::BasicFish(4)));
        assert!(fewer.contains(&Technique::Fish(FishKind::Finned, 3)));
        assert!(!fewer.contains(&Technique::Fish(FishKind::Finned, 4)));
        assert!(
            !fewer
                .iter()
                .any(|t| matches!(t, Technique::Fish(FishKind::Franken, _)))
        );
        assert!(fewer.contains(&Technique::AlsChain(5)));
        assert!(!fewer.contains(&Technique::AlsChain(6)));
        assert!(!fewer.contains(&Technique::DeathBlossom(4)));
    }
}
