//! Time on wasm32-unknown-unknown, which has no clock without JavaScript glue: an [`Instant`]
//! that no limit can be added to, so every [`Deadline`](super::Deadline) is never, and searches
//! run to the end. The page that runs the engine bounds its work by the puzzle instead.

use std::time::Duration;

/// A moment that is always now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Instant;

impl Instant {
    /// Now.
    pub fn now() -> Instant {
        Instant
    }

    /// No later moment exists: `None`.
    pub fn checked_add(&self, _limit: Duration) -> Option<Instant> {
        None
    }

    /// Nothing has passed.
    pub fn saturating_duration_since(&self, _earlier: Instant) -> Duration {
        Duration::ZERO
    }
}
