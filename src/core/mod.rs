//! The core every technique and both engines stand on: the solving state, the step record, the
//! technique table, the caps on searches, and how a solve ends.
//!
//! - [`state`]: placed digits and candidates; techniques read it, only the engine changes it;
//! - [`step`]: a deduction as data (placements, eliminations, the pattern that justifies it);
//! - [`technique`]: the techniques and the one table of their names, codes, families and ratings;
//! - [`limits`]: caps on the searches that grow combinatorially;
//! - [`net`]: a forcing deduction in full, every implication with its reason;
//! - [`outcome`]: how a solve of any puzzle kind ended, and what every report says about it.

pub mod limits;
pub mod net;
pub mod outcome;
mod state;
pub mod step;
pub mod technique;

pub use limits::Limits;
pub use outcome::Outcome;
pub use state::{FruitlessSearches, Scope, Searched, State};
pub use step::{Link, Step};
pub use technique::{
    ChainKind, ColouringRule, Family, FishKind, Forcing, HODOKU_ORDER, HodokuStep, KillerRule,
    Level, MarkRule, SingleDigitPattern, SingleHouse, Technique,
};
