//! Work, counted: a budget that stops the long searches after an amount of work rather than of
//! time, so that where there is no clock (the step viewer's engine, WebAssembly; see
//! `no_clock.rs`) a request still ends, and ends at the same point every time.
//!
//! The long searches count what they do as they go, each in its own unit weighed to take about
//! as long as the others (the [`cost`] of each): the exact search its branches, forcing chains
//! and nets the facts they derive, templates the partial placements they visit, fish the houses
//! they try as bases and covers, and every technique asked (by the engine, a hint, the listing of every
//! step) a look over the grid's candidates. Inside [`within`], once the budget is spent every
//! [`Deadline`](super::Deadline) has passed, so each search stops at its next look at its
//! deadline, as it does at a time limit, and no technique starts a search. Outside a budget,
//! counting is one look at a thread-local value that says there is none: the command line never
//! sets one.

use std::cell::Cell;

thread_local! {
    /// The units of work left to the budget this thread works within; `None` outside one.
    static LEFT: Cell<Option<u64>> = const { Cell::new(None) };
}

/// What one step of each search costs, in units of work: weighed so that a unit takes about
/// the same time whatever the search (about 0.1 µs here, 0.3 µs in a browser's WebAssembly),
/// from how the cost of a step grows with the grid.
pub mod cost {
    /// A branch of the exact search, per cell of the grid (a branch propagates its choice over
    /// the grid).
    pub const BRANCH_PER_CELL: u64 = 1;
    /// A fact a forcing chain or net derives (most are eliminations, which look at a few
    /// counts).
    pub const FACT: u64 = 3;
    /// A partial placement a template search visits.
    pub const TEMPLATE_NODE: u64 = 8;
    /// A step of a fish search: a house tried as a base or a cover, a cover house counted for
    /// the bases chosen, a candidate of a set of bases tested for covers.
    pub const FISH_NODE: u64 = 1;
    /// A technique asked for its steps, per empty cell of the grid (what the fast ones look at;
    /// the slow ones count their own work besides).
    pub const TECHNIQUE_PER_CELL: u64 = 4;
}

/// What a task within a budget did: the work it counted, and whether that was the whole budget
/// (the searches then stopped where they were).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spent {
    /// Units of work counted.
    pub units: u64,
    /// Whether the budget ran out.
    pub ran_out: bool,
}

/// Runs `task` within a budget of `units` of work: its answer, and what it spent. A budget
/// inside another counts against the outer one as well.
pub fn within<T>(units: u64, task: impl FnOnce() -> T) -> (T, Spent) {
    /// Puts the outer budget back, less what the inner task spent, even if the task panics.
    struct Outer {
        left: Option<u64>,
        budget: u64,
    }
    impl Drop for Outer {
        fn drop(&mut self) {
            let spent = self.budget - LEFT.get().unwrap_or(0);
            LEFT.set(self.left.map(|left| left.saturating_sub(spent)));
        }
    }
    let outer = Outer {
        left: LEFT.replace(Some(units)),
        budget: units,
    };
    let answer = task();
    let left = LEFT.get().unwrap_or(0);
    drop(outer);
    let spent = Spent {
        units: units - left,
        ran_out: left == 0,
    };
    (answer, spent)
}

/// Counts `units` of work against the budget, if this thread works within one.
#[inline]
pub fn spend(units: u64) {
    LEFT.with(|left| {
        if let Some(now) = left.get() {
            left.set(Some(now.saturating_sub(units)));
        }
    });
}

/// Whether this thread works within a budget and has spent it all.
#[inline]
pub fn spent() -> bool {
    LEFT.get() == Some(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_runs_out_and_says_how_much_was_spent() {
        let (answer, used) = within(10, || {
            spend(4);
            let before = spent();
            spend(7);
            (before, spent())
        });
        assert_eq!(answer, (false, true));
        assert_eq!(
            used,
            Spent {
                units: 10,
                ran_out: true
            }
        );
        // Outside a budget, nothing is counted and nothing runs out.
        spend(1_000);
        assert!(!spent());
    }

    #[test]
    fn an_inner_budget_counts_against_the_outer_one() {
        let (inner, outer) = within(100, || {
            spend(30);
            within(50, || spend(20)).1
        });
        assert_eq!(inner.units, 20);
        assert!(!inner.ran_out);
        assert_eq!(outer.units, 50);
        assert!(!outer.ran_out);
    }
}
