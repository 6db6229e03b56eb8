//! Generation on all cores, through rayon's global pool.

use rayon::prelude::*;
use std::ops::Range;

/// How many tasks run at once.
pub fn threads() -> usize {
    rayon::current_num_threads()
}

/// `f` of each index in `indices`, side by side, in index order.
pub fn map<T: Send>(indices: Range<usize>, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    indices.into_par_iter().map(&f).collect()
}
