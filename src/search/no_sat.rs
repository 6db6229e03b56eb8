//! The SAT hand-over in a build without the `native` feature (the WebAssembly engine), which has
//! no CaDiCaL: [`AVAILABLE`] is false, so the generic engine never hands over and searches to the
//! end (or its deadline) itself. The real one is `sat.rs`.

use super::{Deadline, Solutions};
use crate::model::Layout;

/// Whether the SAT solver is there to take over: not in this build.
pub(super) const AVAILABLE: bool = false;

/// Never called: without [`AVAILABLE`] the generic engine hands nothing over.
pub(super) fn search(
    _layout: &Layout,
    _root: &[u128],
    _seed: Option<u64>,
    _deadline: Deadline,
    _found: &mut Solutions,
) -> bool {
    unreachable!("no SAT solver in this build: nothing is handed over")
}
