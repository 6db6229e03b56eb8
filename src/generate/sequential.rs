//! Generation in a build without the `native` feature (the WebAssembly engine, one thread): the
//! same interface as `parallel.rs`, one task after another.

use std::ops::Range;

/// How many tasks run at once: one.
pub fn threads() -> usize {
    1
}

/// `f` of each index in `indices`, in index order.
pub fn map<T: Send>(indices: Range<usize>, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    indices.map(f).collect()
}
