//! Sudoku Explainer's "potentials": a candidate assumed on (true) or off, with the potentials it
//! follows from. They live in an arena for one search and are compared by their key (cell,
//! value, on/off), as Sudoku Explainer compares them; a chain's length is the number of
//! different keys among a potential and its ancestors.

use crate::rating::se::grid::Kind;

/// A potential's key: `((cell * 9 + value - 1) << 1) | on`.
pub(super) type Key = u16;

/// Number of keys.
pub(super) const KEYS: usize = 81 * 9 * 2;

/// No node.
pub(super) const NONE: u32 = u32::MAX;

/// The key of `value` in `cell`, on or off.
pub(super) fn key(cell: usize, value: u8, on: bool) -> Key {
    (((cell * 9 + value as usize - 1) << 1) | usize::from(on)) as Key
}

/// The cell of a key.
pub(super) fn cell_of(key: Key) -> usize {
    key as usize / 18
}

/// The value of a key.
pub(super) fn value_of(key: Key) -> u8 {
    (key as usize / 2 % 9 + 1) as u8
}

/// Whether a key is "on".
pub(super) fn is_on(key: Key) -> bool {
    key & 1 == 1
}

/// Why a potential follows from its parents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Cause {
    /// An assumption.
    Assumed,
    /// The cell's other candidates (a naked single).
    NakedSingle,
    /// The value's other places in a region of this kind (a hidden single).
    Hidden(Kind),
    /// A rule applied inside the chain (nested chains).
    Advanced,
}

/// A potential: its key, cause, parents (a slice of the arena's parent pool) and, for one
/// found by a nested chain, that chain (an index into [`Arena::nested`]).
#[derive(Debug, Clone, Copy)]
pub(super) struct Node {
    pub key: Key,
    pub cause: Cause,
    pub nested: u32,
    parents_at: u32,
    parents_len: u32,
}

/// What an enclosing chain needs of a nested chain: its complexity and what tells it apart
/// from another (Sudoku Explainer's `FullChain`: its targets and their chains).
#[derive(Debug, Clone, Copy)]
pub(super) struct Nested {
    pub complexity: u32,
    pub signature: u64,
}

/// The potentials of one search.
#[derive(Debug, Default)]
pub(super) struct Arena {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    /// The nested chains potentials refer to.
    pub nested: Vec<Nested>,
    /// The queue of [`Arena::visit`], kept between visits.
    queue: std::cell::RefCell<Vec<u32>>,
}

impl Arena {
    /// An arena with room for `nodes` potentials before it grows.
    pub fn with_capacity(nodes: usize) -> Arena {
        Arena {
            nodes: Vec::with_capacity(nodes),
            parents: Vec::with_capacity(nodes * 2),
            ..Arena::default()
        }
    }

    /// A new potential; returns its id.
    pub fn push(&mut self, key: Key, cause: Cause, parents: &[u32]) -> u32 {
        self.push_nested(key, cause, parents, NONE)
    }

    /// A new potential found by the nested chain `nested`.
    pub fn push_nested(&mut self, key: Key, cause: Cause, parents: &[u32], nested: u32) -> u32 {
        let node = Node {
            key,
            cause,
            nested,
            parents_at: self.parents.len() as u32,
            parents_len: parents.len() as u32,
        };
        self.parents.extend_from_slice(parents);
        self.nodes.push(node);
        (self.nodes.len() - 1) as u32
    }

    /// A potential.
    pub fn node(&self, id: u32) -> Node {
        self.nodes[id as usize]
    }

    /// Its key.
    pub fn key(&self, id: u32) -> Key {
        self.nodes[id as usize].key
    }

    /// Its parents, the one it came from first.
    pub fn parents(&self, id: u32) -> &[u32] {
        let node = &self.nodes[id as usize];
        let at = node.parents_at as usize;
        &self.parents[at..at + node.parents_len as usize]
    }

    /// Its first parent, if any.
    pub fn first_parent(&self, id: u32) -> Option<u32> {
        self.parents(id).first().copied()
    }

    /// Visits `target` and its ancestors breadth first, each key once (the first potential met
    /// with that key), as Sudoku Explainer's `getChain` lists them.
    pub fn visit(&self, target: u32, mut visit: impl FnMut(u32)) {
        let mut done = KeySet::default();
        let mut queue = self.queue.take();
        queue.clear();
        queue.push(target);
        let mut next = 0;
        while let Some(&id) = queue.get(next) {
            next += 1;
            if done.insert(self.key(id)) {
                visit(id);
                queue.extend_from_slice(self.parents(id));
            }
        }
        self.queue.replace(queue);
    }

    /// How many different keys `target` and its ancestors have.
    pub fn ancestor_count(&self, target: u32) -> u32 {
        let mut count = 0;
        self.visit(target, |_| count += 1);
        count
    }

    /// Whether `key` is among the first-parent ancestors of `child` (not `child` itself).
    pub fn has_ancestor(&self, child: u32, key: Key) -> bool {
        let mut current = child;
        while let Some(parent) = self.first_parent(current) {
            if self.key(parent) == key {
                return true;
            }
            current = parent;
        }
        false
    }
}

/// A set of keys.
#[derive(Debug, Clone, Default)]
pub(super) struct KeySet([u64; KEYS.div_ceil(64)]);

impl KeySet {
    /// Adds `key`; returns whether it was new.
    pub fn insert(&mut self, key: Key) -> bool {
        let (word, bit) = (key as usize / 64, 1u64 << (key % 64));
        let new = self.0[word] & bit == 0;
        self.0[word] |= bit;
        new
    }
}

/// Potentials by key, in the order their keys were first added (Sudoku Explainer's
/// `LinkedSet`): adding a key again replaces its potential but keeps its place.
#[derive(Debug)]
pub(super) struct Set {
    slots: Vec<u32>,
    order: Vec<Key>,
}

thread_local! {
    /// Slot tables (all `NONE` again) and key lists (empty) of dropped sets, for the next sets:
    /// searches make and drop thousands of sets, and a fresh table costs an allocation and a
    /// fill. A search holds all its branches' sets at once, so keeping as many as it dropped
    /// keeps no more memory than it used.
    static POOL: std::cell::RefCell<Vec<(Vec<u32>, Vec<Key>)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The most tables [`POOL`] keeps (each 5.8 kB).
const POOL_LIMIT: usize = 4096;

impl Default for Set {
    fn default() -> Set {
        let (slots, order) = POOL
            .with(|pool| pool.borrow_mut().pop())
            .unwrap_or_else(|| (vec![NONE; KEYS], Vec::with_capacity(64)));
        Set { slots, order }
    }
}

impl Clone for Set {
    fn clone(&self) -> Set {
        let mut set = Set::default();
        for (key, id) in self.iter() {
            set.add(key, id);
        }
        set
    }
}

impl Drop for Set {
    fn drop(&mut self) {
        for &key in &self.order {
            self.slots[key as usize] = NONE;
        }
        self.order.clear();
        let (slots, order) = (
            std::mem::take(&mut self.slots),
            std::mem::take(&mut self.order),
        );
        POOL.with(|pool| {
            let mut pool = pool.borrow_mut();
            if pool.len() < POOL_LIMIT {
                pool.push((slots, order));
            }
        });
    }
}

impl Set {
    /// The set holding `id` only.
    pub fn of(arena: &Arena, id: u32) -> Set {
        let mut set = Set::default();
        set.add(arena.key(id), id);
        set
    }

    /// Adds (or replaces) the potential `id` of `key`.
    pub fn add(&mut self, key: Key, id: u32) {
        if self.slots[key as usize] == NONE {
            self.order.push(key);
        }
        self.slots[key as usize] = id;
    }

    /// The potential of `key`, if any.
    pub fn get(&self, key: Key) -> Option<u32> {
        let id = self.slots[key as usize];
        (id != NONE).then_some(id)
    }

    /// Whether `key` is in.
    pub fn contains(&self, key: Key) -> bool {
        self.slots[key as usize] != NONE
    }

    /// The keys and potentials, in order.
    pub fn iter(&self) -> impl Iterator<Item = (Key, u32)> + '_ {
        self.order.iter().map(|&k| (k, self.slots[k as usize]))
    }

    /// The potentials, in order.
    pub fn ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.order.iter().map(|&k| self.slots[k as usize])
    }

    /// Keeps only the keys `other` has.
    pub fn retain(&mut self, other: &Set) {
        let slots = &mut self.slots;
        self.order.retain(|&k| {
            let keep = other.contains(k);
            if !keep {
                slots[k as usize] = NONE;
            }
            keep
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_hold_cell_value_and_state() {
        let k = key(80, 9, true);
        assert_eq!((cell_of(k), value_of(k), is_on(k)), (80, 9, true));
        assert_eq!(k as usize, KEYS - 1);
        assert_eq!(key(0, 1, false), 0);
    }

    #[test]
    fn ancestors_count_keys_once() {
        let mut arena = Arena::default();
        let a = arena.push(key(0, 1, true), Cause::Assumed, &[]);
        let b = arena.push(key(1, 1, false), Cause::Hidden(Kind::Row), &[a]);
        let c = arena.push(key(1, 2, true), Cause::NakedSingle, &[b]);
        let again = arena.push(key(0, 1, true), Cause::Assumed, &[c]);
        assert_eq!(arena.ancestor_count(again), 3);
        assert!(arena.has_ancestor(c, key(0, 1, true)));
        assert!(!arena.has_ancestor(b, key(1, 2, true)));
    }
}
