//! HoDoKu's nice loops, AICs and forcing chains come from implication tables, and which loop or
//! forcing chain it takes depends on which implications its tables record: for every candidate
//! placed (ON) and removed (OFF), the direct implications, then breadth first the implications of
//! those, each node kept with the first path that reaches it, at most 1,000 per table. A loop
//! is a path that comes back to its start cell; HoDoKu tries only the path its table recorded.
//! This module builds the same tables (HoDoKu's observable behaviour, written anew) and reads
//! HoDoKu's loops and forcing chains from them; the steps are stated in gridlogic's terms.

use super::singles::{PEERS, Queues, cells_in, cells_of, digits_of, house_mask, houses_of};
use crate::core::step::{Figure, Link, LinkKind, Role};
use crate::core::{ChainKind, Forcing, State, Step, Technique};
use crate::explain;
use crate::model::{Candidate, Cell, Digit, Explanation};
use crate::techniques::chains;
use smallvec::SmallVec;
use std::cell::RefCell;
use std::cmp::Reverse;
use std::rc::Rc;
use std::thread::LocalKey;

/// The most entries a table holds.
const CAP: usize = 1000;
/// The entries a table has room for when it is first written to.
const FILLED: usize = 32;
/// Table numbers: a candidate `cell * 10 + digit` placed (ON) is table `t`, removed (OFF)
/// `NORMAL + t`; group `k` placed `2 * NORMAL + 2k`, removed one more. A node is numbered as
/// its own table.
const NORMAL: usize = 810;

/// A node's cells (0–80), held in place: a candidate's one, a group's two or three (a line and
/// a box share three).
type NodeCells = SmallVec<[usize; 3]>;

/// A group: a digit's candidates (two or three) where a row or column crosses a box.
#[derive(Debug, Clone)]
struct Group {
    digit: usize,
    cells: NodeCells,
    /// The row or column (houses 0–17) and the box (18–26).
    line: usize,
    square: usize,
}

/// An entry of a table: a node, how far it is from the premise, and where it came from: for an
/// entry the table was filled with, the positions of its premises in the table (the first the
/// main one); for one added by expansion, the table it was copied from.
#[derive(Debug, Clone, Copy)]
struct Entry {
    node: u16,
    distance: u32,
    expanded: bool,
    from_on: bool,
    from_group: bool,
    before: [u16; 5],
}

/// One premise's implications.
#[derive(Debug, Clone, Default)]
struct Table {
    /// The entries while the table is filled, premise first; a candidate's table, expanded,
    /// moves them to [`Tables::expanded`] ([`Tables::entries`] reads either).
    filling: Vec<Entry>,
    /// Where the expanded table's entries are in [`Tables::expanded`]: start and length.
    span: (u32, u32),
    /// How many entries the table was filled with (the rest came by expansion).
    filled: usize,
    /// Per digit, the cells (bits 0–80) ON and OFF among the candidate nodes.
    on: [u128; 10],
    off: [u128; 10],
}

/// A node: a candidate or group, placed or removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Node {
    /// A candidate `cell * 10 + digit`, or a group's index.
    what: usize,
    group: bool,
    on: bool,
}

impl Node {
    fn of(code: u16) -> Node {
        let code = code as usize;
        if code < 2 * NORMAL {
            Node {
                what: code % NORMAL,
                group: false,
                on: code < NORMAL,
            }
        } else {
            Node {
                what: (code - 2 * NORMAL) / 2,
                group: true,
                on: code.is_multiple_of(2),
            }
        }
    }

    fn code(self) -> u16 {
        let code = match (self.group, self.on) {
            (false, true) => self.what,
            (false, false) => NORMAL + self.what,
            (true, on) => 2 * NORMAL + 2 * self.what + usize::from(!on),
        };
        code as u16
    }

    fn candidate(cell: usize, digit: usize, on: bool) -> Node {
        Node {
            what: cell * 10 + digit,
            group: false,
            on,
        }
    }
}

/// HoDoKu's tables for one grid.
pub(super) struct Tables {
    grouped: bool,
    candidates: [u16; 81],
    filled: [u8; 81],
    /// Per digit, the cells (bits 0–80) holding it.
    digit_cells: [u128; 10],
    /// The empty cells (bits 0–80).
    empty: u128,
    /// Per digit, the empty cells (bits 0–80) that see no such digit placed (its candidate
    /// may be gone).
    allowed: [u128; 10],
    groups: Vec<Group>,
    /// The tables written to, in the order they were first written to (their rows); a table
    /// never written to is empty ([`Tables::table`]). Rows only for these rather than a table
    /// for every candidate and group: most tables of a grid are of candidates it lacks.
    tables: Vec<Table>,
    /// Each node's slot in a table's position index: the grid's candidates and groups are
    /// numbered densely, so that an index is a few hundred entries rather than 1,600.
    slots: Vec<u16>,
    slot_count: usize,
    /// The position indexes of the tables written to, a row of `slot_count` each, in the order
    /// they were first written to: position + 1 of each node by its slot ([`Tables::slot`]; 0:
    /// absent). One buffer for them all rather than one each (building the tables allocated
    /// hundreds), with rows only for the tables written to: zeroing a row for every table cost
    /// more than the allocations saved.
    at: Vec<u16>,
    /// Per table, its row in `tables` and `at` (`u32::MAX`: none yet).
    rows: Vec<u32>,
    /// The expanded tables' entries, one table after another: one buffer rather than a list
    /// per table, handed on to the next tables built on this thread ([`Buffers`]).
    expanded: Vec<Entry>,
    /// Emptied lists of entries to fill tables with, from tables built before.
    fillings: Vec<Vec<Entry>>,
}

/// The buffers of tables let go of, emptied, for the next tables built on the thread: a
/// forum puzzle's rating builds tables hundreds of times, each with hundreds of lists.
#[derive(Default)]
struct Buffers {
    expanded: Vec<Entry>,
    fillings: Vec<Vec<Entry>>,
    at: Vec<u16>,
}

thread_local! {
    /// The buffers of the tables dropped last on this thread.
    static BUFFERS: RefCell<Option<Buffers>> = const { RefCell::new(None) };
}

impl Drop for Tables {
    /// Hands the tables' buffers, emptied, to the next tables built on this thread.
    fn drop(&mut self) {
        let mut fillings = std::mem::take(&mut self.fillings);
        for table in &mut self.tables {
            let mut filling = std::mem::take(&mut table.filling);
            if filling.capacity() > 0 {
                filling.clear();
                fillings.push(filling);
            }
        }
        let mut buffers = Buffers {
            expanded: std::mem::take(&mut self.expanded),
            fillings,
            at: std::mem::take(&mut self.at),
        };
        buffers.expanded.clear();
        buffers.at.clear();
        // A thread ending drops its kept tables after its buffers may be gone: then nothing
        // is kept.
        let _ = BUFFERS.try_with(|kept| kept.replace(Some(buffers)));
    }
}

/// The table of a node no table was written for.
static EMPTY: Table = Table {
    filling: Vec::new(),
    span: (0, 0),
    filled: 0,
    on: [0; 10],
    off: [0; 10],
};

/// A chain read from a table: its nodes from the premise on, and for a net the branches it
/// rests on, each from the node where it leaves the chain.
struct Chain {
    nodes: Vec<u16>,
    branches: Vec<Vec<u16>>,
}

impl Chain {
    /// HoDoKu's length: the nodes, and for each branch its nodes and one to close it.
    fn length(&self) -> usize {
        self.nodes.len() + self.branches.iter().map(Vec::len).sum::<usize>()
    }
}

/// An implication a table was filled with, as the expansion reads it.
#[derive(Debug, Clone, Copy)]
struct Implied {
    node: u16,
    /// The node's slot in a position index ([`Tables::slot`]).
    slot: u16,
    distance: u32,
}

/// What each table was filled with (but its premise), in one buffer: the expansion reads the
/// filled entries of the tables its entries lead to, which are all over, and reads them
/// faster from here (a few bytes each, together) than from the tables.
struct Direct {
    implied: Vec<Implied>,
    /// Per table, where its implications are in `implied`.
    spans: Vec<(u32, u32)>,
}

impl Direct {
    fn of(tables: &Tables) -> Direct {
        let mut implied = Vec::new();
        let spans = (0..tables.rows.len())
            .map(|table| {
                let table = tables.table(table);
                let start = implied.len() as u32;
                let filled = &table.filling[1.min(table.filled)..table.filled];
                implied.extend(filled.iter().map(|entry| Implied {
                    node: entry.node,
                    slot: tables.slot(entry.node) as u16,
                    distance: entry.distance,
                }));
                (start, implied.len() as u32)
            })
            .collect();
        Direct { implied, spans }
    }

    /// What table `table` was filled with, but its premise.
    fn of_table(&self, table: usize) -> &[Implied] {
        let (start, end) = self.spans[table];
        &self.implied[start as usize..end as usize]
    }
}

impl Tables {
    /// The tables of `state`, with groups when `grouped`, expanded: direct implications only
    /// (chain mode), or with `net`, HoDoKu's grid of the same candidates and its singles
    /// queues, what four rounds of singles after each premise lead to (net mode).
    pub(super) fn new(state: &State, grouped: bool, net: Option<&Queues>) -> Tables {
        let (candidates, filled) = grid(state);
        let mut digit_cells = [0u128; 10];
        // Per digit, the cells that see it placed.
        let mut seen = [0u128; 10];
        let mut empty = 0;
        for cell in 0..81 {
            match filled[cell] as usize {
                0 => empty |= 1 << cell,
                digit => seen[digit] |= PEERS[cell],
            }
            for digit in digits_of(candidates[cell]) {
                digit_cells[digit] |= 1 << cell;
            }
        }
        let allowed = std::array::from_fn(|digit| empty & !seen[digit]);
        let mut tables = Tables {
            grouped,
            candidates,
            filled,
            digit_cells,
            empty,
            allowed,
            groups: Vec::new(),
            tables: Vec::new(),
            slots: Vec::new(),
            slot_count: 0,
            at: Vec::new(),
            rows: Vec::new(),
            expanded: Vec::new(),
            fillings: Vec::new(),
        };
        if let Some(buffers) = BUFFERS.with_borrow_mut(Option::take) {
            (tables.expanded, tables.fillings, tables.at) =
                (buffers.expanded, buffers.fillings, buffers.at);
        }
        if grouped {
            tables.groups = tables.find_groups();
        }
        tables.number_slots();
        match net {
            Some(grid) => tables.fill_net_mode(grid),
            None => tables.fill_chain_mode(),
        }
        if grouped {
            tables.link_groups();
        }
        tables.expand();
        tables
    }

    /// Numbers the slots: each candidate ON and OFF, each group ON and OFF.
    fn number_slots(&mut self) {
        let mut slots = vec![u16::MAX; 2 * NORMAL + 2 * self.groups.len()];
        let mut next = 0;
        for what in 0..NORMAL {
            if self.has(what / 10, what % 10) {
                for code in [what, NORMAL + what] {
                    slots[code] = next;
                    next += 1;
                }
            }
        }
        for slot in &mut slots[2 * NORMAL..] {
            *slot = next;
            next += 1;
        }
        self.slots = slots;
        self.slot_count = next as usize;
        // Room for every row, reserved but not written, so that the buffer never moves.
        self.at.reserve(self.slot_count * self.slot_count);
        self.tables = Vec::with_capacity(self.slot_count);
        self.rows = vec![u32::MAX; self.slots.len()];
    }

    /// The slot of the node `code` in a table's position index.
    fn slot(&self, code: u16) -> usize {
        let slot = self.slots[code as usize];
        debug_assert!(slot != u16::MAX, "a node of the grid");
        slot as usize
    }

    /// Where table `table`'s position index starts in [`Tables::at`]; `None` before the table
    /// is first written to.
    fn index_start(&self, table: usize) -> Option<usize> {
        let row = *self.rows.get(table)?;
        (row != u32::MAX).then(|| row as usize * self.slot_count)
    }

    /// Table `table`'s row, made for it if it has none.
    fn row_made(&mut self, table: usize) -> usize {
        if self.rows[table] == u32::MAX {
            self.rows[table] = self.tables.len() as u32;
            let filling = self.fillings.pop().unwrap_or_default();
            self.tables.push(Table {
                filling,
                ..Table::default()
            });
            self.at.resize(self.at.len() + self.slot_count, 0);
        }
        self.rows[table] as usize
    }

    /// Table `table`'s entries, premise first (none if never written to): a candidate's
    /// table once expanded, a group's as filled (groups' tables are not expanded).
    fn entries(&self, table: usize) -> &[Entry] {
        let t = self.table(table);
        match t.span {
            (_, 0) => &t.filling,
            (start, len) => &self.expanded[start as usize..(start + len) as usize],
        }
    }

    /// Table `table` (empty if never written to).
    fn table(&self, table: usize) -> &Table {
        match self.rows.get(table) {
            Some(&row) if row != u32::MAX => &self.tables[row as usize],
            _ => &EMPTY,
        }
    }

    /// The position of the node `code` in table `table`.
    fn position(&self, table: usize, code: u16) -> Option<usize> {
        let at = self.at[self.index_start(table)? + self.slot(code)];
        (at > 0).then(|| at as usize - 1)
    }

    fn has(&self, cell: usize, digit: usize) -> bool {
        self.candidates[cell] & (1 << digit) != 0
    }

    fn digits(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        (1..=9).filter(move |&d| self.has(cell, d))
    }

    /// The cells of `house` holding `digit`, as bits.
    fn places(&self, house: usize, digit: usize) -> u128 {
        self.digit_cells[digit] & house_mask(house)
    }

    /// Offers `node` to table `table` with premises at `before` (positions in the table; the
    /// first decides the distance); a candidate node already there keeps its first entry.
    fn add(&mut self, table: usize, node: Node, before: &[u16]) {
        let code = node.code();
        let row = self.row_made(table);
        let at = row * self.slot_count + self.slot(code);
        let t = &mut self.tables[row];
        if t.filling.len() >= CAP || (!node.group && self.at[at] > 0) {
            return;
        }
        let distance = match before.first() {
            Some(&p) if !t.filling.is_empty() => t.filling[p as usize].distance + 1,
            _ => 1,
        };
        // Element by element: copied as a block, the array was read back before the copy
        // could reach it (a stall on every entry).
        let mut slots: [u16; 5] = std::array::from_fn(|i| before.get(i).copied().unwrap_or(0));
        for i in 1..5 {
            if slots[i] > slots[0] {
                slots.swap(0, i);
            }
        }
        if t.filling.is_empty() {
            // Room for what a premise implies directly, most often, without regrowing.
            t.filling.reserve(FILLED);
        }
        t.filling.push(Entry {
            node: code,
            distance,
            expanded: false,
            from_on: false,
            from_group: false,
            before: slots,
        });
        if self.at[at] == 0 {
            self.at[at] = t.filling.len() as u16;
        }
        if !node.group {
            let (cell, digit) = (node.what / 10, node.what % 10);
            let set = if node.on { &mut t.on } else { &mut t.off };
            set[digit] |= 1 << cell;
        }
    }

    /// Every candidate's ON and OFF table with its direct implications.
    fn fill_chain_mode(&mut self) {
        for cell in 0..81 {
            let digits: Vec<usize> = self.digits(cell).collect();
            for &digit in &digits {
                let t = cell * 10 + digit;
                // Placed: the cell's other digits go, and the digit from its houses.
                self.add(t, Node::candidate(cell, digit, true), &[]);
                for &other in digits.iter().filter(|&&d| d != digit) {
                    self.add(t, Node::candidate(cell, other, false), &[0]);
                }
                for house in houses_of(cell) {
                    let places = self.places(house, digit);
                    if places.count_ones() >= 2 {
                        for c in cells_in(places & !(1 << cell)) {
                            self.add(t, Node::candidate(c, digit, false), &[0]);
                        }
                    }
                }
                // Removed: a bivalue cell's other digit, a house's other place.
                let t = NORMAL + t;
                self.add(t, Node::candidate(cell, digit, false), &[]);
                if digits.len() == 2 {
                    let other = digits[usize::from(digits[0] == digit)];
                    self.add(t, Node::candidate(cell, other, true), &[0]);
                }
                for house in houses_of(cell) {
                    let places = self.places(house, digit);
                    if places.count_ones() == 2 {
                        let other = (places & !(1 << cell)).trailing_zeros() as usize;
                        self.add(t, Node::candidate(other, digit, true), &[0]);
                    }
                }
            }
        }
    }

    /// Every candidate's ON and OFF table with what follows, in a copy of HoDoKu's grid, from
    /// the premise and four rounds of the singles it leads to.
    fn fill_net_mode(&mut self, grid: &Queues) {
        // One copy of the grid serves every premise in turn, its queues' buffers kept.
        let mut work = grid.clone();
        for cell in 0..81 {
            for digit in digits_of(self.candidates[cell]) {
                let t = cell * 10 + digit;
                work.copy_from(grid);
                self.set(t, &mut work, cell, digit, &[]);
                self.look_ahead(t, &mut work);
                let t = NORMAL + t;
                work.copy_from(grid);
                self.add(t, Node::candidate(cell, digit, false), &[]);
                work.remove(cell, digit);
                let left = work.candidates(cell);
                if left.count_ones() == 1 {
                    self.set(t, &mut work, cell, left.trailing_zeros() as usize, &[0]);
                }
                self.look_ahead(t, &mut work);
            }
        }
    }

    /// Places `digit` in `cell` of `work` and records it in table `table` (resting on the
    /// entries at `before`; the premise when there are none), then the candidates it removes:
    /// the digit from the cell's peers, the cell's other digits.
    fn set(&mut self, table: usize, work: &mut Queues, cell: usize, digit: usize, before: &[u16]) {
        let peers = PEERS[cell] & self.digit_cells[digit];
        let own = work.candidates(cell);
        work.place(cell, digit);
        let at = self.table(table).filling.len() as u16;
        self.add(table, Node::candidate(cell, digit, true), before);
        for c in cells_in(peers) {
            self.add(table, Node::candidate(c, digit, false), &[at]);
        }
        for other in (1..=9).filter(|&d| d != digit && own & (1 << d) != 0) {
            self.add(table, Node::candidate(cell, other, false), &[at]);
        }
    }

    /// Four rounds of singles in `work`: each round's naked singles, then its hidden singles,
    /// as they stand before the round places any.
    fn look_ahead(&mut self, table: usize, work: &mut Queues) {
        for _ in 0..4 {
            let naked = work.naked_waiting();
            let hidden = work.hidden_waiting();
            for (cell, digit) in naked {
                let (before, n) = first_five(
                    (self.digits(cell).filter(|&d| d != digit))
                        .map(|d| self.position_of(table, cell, d)),
                );
                self.set(table, work, cell, digit, &before[..n]);
            }
            for (cell, digit) in hidden {
                let house = (houses_of(cell).into_iter())
                    .min_by_key(|&h| work.count(h, digit))
                    .expect("three houses");
                let (before, n) = first_five(
                    (cells_of(house).into_iter())
                        .filter(|&c| c != cell && self.has(c, digit))
                        .map(|c| self.position_of(table, c, digit)),
                );
                self.set(table, work, cell, digit, &before[..n]);
            }
        }
    }

    /// The position in `table` of the OFF node of `digit` in `cell` (0 if absent).
    fn position_of(&self, table: usize, cell: usize, digit: usize) -> u16 {
        let code = Node::candidate(cell, digit, false).code();
        self.position(table, code).unwrap_or(0) as u16
    }

    /// Groups: rows then columns, digit by digit, box by box.
    fn find_groups(&self) -> Vec<Group> {
        let mut groups = Vec::new();
        for line in 0..18 {
            for digit in 1..=9 {
                for square in 18..27 {
                    let places = self.places(line, digit) & house_mask(square);
                    if places.count_ones() >= 2 {
                        groups.push(Group {
                            digit,
                            cells: cells_in(places).collect(),
                            line,
                            square,
                        });
                    }
                }
            }
        }
        groups
    }

    fn sees(a: usize, b: usize) -> bool {
        PEERS[a] & (1 << b) != 0
    }

    /// The cells holding `digit` that see every one of `cells`, as bits.
    fn seeing(&self, digit: usize, cells: &[usize]) -> u128 {
        (cells.iter()).fold(self.digit_cells[digit], |all, &c| all & PEERS[c])
    }

    /// The groups' tables, and their links to candidates and to each other.
    fn link_groups(&mut self) {
        for k in 0..self.groups.len() {
            let g = self.groups[k].clone();
            let (on, off) = (2 * NORMAL + 2 * k, 2 * NORMAL + 2 * k + 1);
            let node = |on: bool| Node {
                what: k,
                group: true,
                on,
            };
            self.add(on, node(true), &[]);
            self.add(off, node(false), &[]);
            let seeing: Vec<usize> = cells_in(self.seeing(g.digit, &g.cells)).collect();
            for &c in &seeing {
                self.add(on, Node::candidate(c, g.digit, false), &[0]);
                self.add(c * 10 + g.digit, node(false), &[0]);
            }
            for house in [g.square, g.line] {
                let within: Vec<usize> = (seeing.iter().copied())
                    .filter(|&c| houses_of(c).contains(&house))
                    .collect();
                if let [only] = within[..] {
                    self.add(off, Node::candidate(only, g.digit, true), &[0]);
                    self.add(NORMAL + only * 10 + g.digit, node(true), &[0]);
                }
            }
            self.link_group_to_groups(k, &g);
        }
    }

    /// Group `k`'s links to the other groups of its digit in its line or box.
    fn link_group_to_groups(&mut self, k: usize, g: &Group) {
        let (on, off) = (2 * NORMAL + 2 * k, 2 * NORMAL + 2 * k + 1);
        // Per house (line, box): how many groups, and the last.
        let mut counts = [(0usize, 0usize); 2];
        for h in 0..self.groups.len() {
            let other = &self.groups[h];
            if h == k || other.digit != g.digit || other.cells.iter().any(|c| g.cells.contains(c)) {
                continue;
            }
            let in_line = other.cells.iter().all(|&c| houses_of(c).contains(&g.line));
            let in_box = other.square == g.square;
            let which = if in_line {
                0
            } else if in_box {
                1
            } else {
                continue;
            };
            counts[which] = (counts[which].0 + 1, h);
            let node = Node {
                what: h,
                group: true,
                on: false,
            };
            self.add(on, node, &[0]);
        }
        for (which, house) in [g.line, g.square].into_iter().enumerate() {
            let (count, h) = counts[which];
            if count != 1 {
                continue;
            }
            let other = &self.groups[h];
            let rest = cells_in(self.places(house, g.digit))
                .filter(|c| !g.cells.contains(c) && !other.cells.contains(c))
                .count();
            if rest == 0 {
                let node = Node {
                    what: h,
                    group: true,
                    on: true,
                };
                self.add(off, node, &[0]);
            }
        }
    }

    /// Every candidate table (ON tables, then OFF) takes, breadth first, the direct
    /// implications of the nodes it holds.
    fn expand(&mut self) {
        for table in &mut self.tables {
            table.filled = table.filling.len();
        }
        let direct = Direct::of(self);
        // Each table grows in one buffer with room for a full table, then is copied to the end
        // of the expanded tables' buffer. (Growing it there in place, with offsets into that
        // buffer, took 0.3% more instructions than the copy saved.)
        let mut entries = Vec::with_capacity(CAP);
        for table in 0..2 * NORMAL {
            if !self.table(table).filling.is_empty() {
                self.expand_one(table, &direct, &mut entries);
            }
        }
    }

    /// Expands table `table`, growing it in `entries`, with the `direct` implications of the
    /// nodes it reaches.
    fn expand_one(&mut self, table: usize, direct: &Direct, entries: &mut Vec<Entry>) {
        let row = self.rows[table] as usize;
        let mut t = std::mem::take(&mut self.tables[row]);
        let start = self.index_start(table).expect("a table of the grid");
        entries.clear();
        entries.extend_from_slice(&t.filling);
        let mut p = 1;
        while p < entries.len() && entries.len() < CAP {
            let x = entries[p];
            let source = x.node as usize;
            let from_on = source < NORMAL;
            let from_group = source >= 2 * NORMAL;
            for y in direct.of_table(source) {
                let distance = x.distance + y.distance;
                // An entry copied from the source table.
                let copied = |node: u16| Entry {
                    node,
                    distance,
                    expanded: true,
                    from_on,
                    from_group,
                    before: [x.node, 0, 0, 0, 0],
                };
                let at = start + y.slot as usize;
                if self.at[at] > 0 {
                    let old = &mut entries[self.at[at] as usize - 1];
                    if old.expanded && old.distance > distance {
                        *old = copied(y.node);
                    }
                    continue;
                }
                if entries.len() >= CAP {
                    let last = entries.last_mut().expect("a full table");
                    last.expanded = true;
                    last.from_on |= from_on;
                    last.from_group |= from_group;
                    last.distance = distance;
                    continue;
                }
                entries.push(copied(y.node));
                self.at[at] = entries.len() as u16;
                let node = Node::of(y.node);
                if !node.group {
                    let (cell, digit) = (node.what / 10, node.what % 10);
                    let set = if node.on { &mut t.on } else { &mut t.off };
                    set[digit] |= 1 << cell;
                }
            }
            p += 1;
        }
        t.span = (self.expanded.len() as u32, entries.len() as u32);
        self.expanded.extend_from_slice(entries);
        let mut filling = std::mem::take(&mut t.filling);
        filling.clear();
        self.fillings.push(filling);
        self.tables[row] = t;
    }

    /// The chain from table `table`'s premise to the node at `end`, premise first, with the
    /// branches a net's implications rest on as well.
    fn chain(&self, table: usize, end: usize) -> Chain {
        let mut starts = Vec::new();
        let mut nodes = self.walk(table, end, &mut |node, branch| {
            if branch {
                starts.push(node);
            }
            false
        });
        let mut main_cells: Vec<usize> = Vec::new();
        for &n in &nodes[1..] {
            main_cells.extend(self.cells(n));
        }
        let mut branches = Vec::new();
        for start in starts {
            let Some(at) = self.position(table, start) else {
                continue;
            };
            let mut branch = self.walk(table, at, &mut |node, branch| {
                !branch && main_cells.contains(&self.cells(node)[0]) && nodes.contains(&node)
            });
            branch.reverse();
            branches.push(branch);
        }
        nodes.reverse();
        Chain { nodes, branches }
    }

    /// The nodes from the one at `at` in table `table` back to the premise, following each
    /// entry's main premise; `step` sees every node reached, and (marked `true`) the other
    /// premises an entry rests on (a net's branches); it stops the walk by answering `true`
    /// for a node reached.
    fn walk(&self, table: usize, at: usize, step: &mut dyn FnMut(u16, bool) -> bool) -> Vec<u16> {
        let mut nodes = vec![self.entries(table)[at].node];
        let (mut current, mut at) = (table, at);
        while !(current == table && at == 0) && nodes.len() < CAP {
            let entry = self.entries(current)[at];
            if entry.expanded {
                current = self.source(&entry);
                match self.position(current, entry.node) {
                    Some(p) => at = p,
                    None => break,
                }
            }
            let entry = self.entries(current)[at];
            for &slot in entry.before[1..].iter().filter(|&&s| s != 0) {
                step(self.entries(current)[slot as usize].node, true);
            }
            let before = entry.before[0] as usize;
            let node = self.entries(current)[before].node;
            nodes.push(node);
            if step(node, false) {
                break;
            }
            at = before;
            if current != table && at == 0 {
                current = table;
                match self.position(table, node) {
                    Some(p) => at = p,
                    None => break,
                }
            }
        }
        nodes
    }

    /// The table an expanded entry was copied from.
    fn source(&self, entry: &Entry) -> usize {
        let node = entry.before[0] as usize;
        if entry.from_group {
            node
        } else {
            let what = Node::of(node as u16).what;
            if entry.from_on { what } else { NORMAL + what }
        }
    }

    /// The cells of node `code`.
    fn cells(&self, code: u16) -> NodeCells {
        let node = Node::of(code);
        if node.group {
            self.groups[node.what].cells.clone()
        } else {
            smallvec::smallvec![node.what / 10]
        }
    }

    fn digit(&self, code: u16) -> usize {
        let node = Node::of(code);
        if node.group {
            self.groups[node.what].digit
        } else {
            node.what % 10
        }
    }

    /// Whether a loop's (or AIC's) chain passes no cell twice: a node may share its cell with
    /// the node before it only; a loop may come back to its start cell.
    fn no_lasso(&self, chain: &Chain, nice_loop: bool) -> bool {
        let start = self.cells(chain.nodes[0])[0];
        let mut forbidden: Vec<usize> = Vec::new();
        for (k, &node) in chain.nodes.iter().enumerate() {
            if forbidden.contains(&self.cells(node)[0]) {
                return false;
            }
            if k > 0 {
                let before = self.cells(chain.nodes[k - 1]);
                if !(nice_loop && before[0] == start) {
                    forbidden.extend(before);
                }
            }
        }
        true
    }
}

/// A loop or AIC found, and the order HoDoKu sorts them in.
struct Found {
    kind: ChainKind,
    grouped: bool,
    chain: Vec<u16>,
    eliminations: Vec<(usize, usize)>,
}

impl Tables {
    /// HoDoKu's nice loops and AICs (continuous, discontinuous; grouped when the tables have
    /// groups): the one it takes.
    fn nice_loops(&self) -> Option<Found> {
        let mut found: Vec<Found> = Vec::new();
        for off in [false, true] {
            for t in 0..NORMAL {
                let table = t + if off { NORMAL } else { 0 };
                if !self.entries(table).is_empty() {
                    self.loops_from(table, &mut found);
                }
            }
        }
        for t in 0..NORMAL {
            if !self.entries(NORMAL + t).is_empty() {
                self.aics_from(NORMAL + t, &mut found);
            }
        }
        let weighted = |f: &Found| weighted_sum(&f.eliminations);
        // A stable sort: most eliminations, smallest weighted sum; the same eliminations of
        // the same kind by the shorter chain.
        let mut best: Option<&Found> = None;
        for f in &found {
            let better = match best {
                None => true,
                Some(b) => {
                    let key = |f: &Found| (Reverse(f.eliminations.len()), weighted(f));
                    let same = (b.kind, b.grouped) == (f.kind, f.grouped)
                        && b.eliminations == f.eliminations;
                    if same {
                        f.chain.len() < b.chain.len()
                    } else {
                        key(f) < key(b)
                    }
                }
            };
            if better {
                best = Some(f);
            }
        }
        let best = best?;
        Some(Found {
            chain: best.chain.clone(),
            eliminations: best.eliminations.clone(),
            ..*best
        })
    }

    /// The premise of candidate table `table`, with its cell and digit.
    fn premise(&self, table: usize) -> (Node, usize, usize) {
        let premise = Node::of(self.entries(table)[0].node);
        (premise, premise.what / 10, premise.what % 10)
    }

    /// Loops from one table: every node in the premise's cell reached by a longer path.
    fn loops_from(&self, table: usize, found: &mut Vec<Found>) {
        let (premise, cell, d) = self.premise(table);
        for (p, entry) in self.entries(table).iter().enumerate().skip(1) {
            let end = Node::of(entry.node);
            if end.group || end.what / 10 != cell || entry.distance <= 2 {
                continue;
            }
            let chain = self.chain(table, p);
            let n = chain.nodes.len();
            if n < 3
                || self.cells(chain.nodes[n - 2])[0] == cell
                || self.cells(chain.nodes[1])[0] == cell
                || !self.no_lasso(&chain, true)
            {
                continue;
            }
            let e = end.what % 10;
            let (first_strong, last_strong) = (!premise.on, end.on);
            let others = |keep: &[usize]| -> Vec<(usize, usize)> {
                (self.digits(cell).filter(|d| !keep.contains(d)))
                    .map(|d| (cell, d))
                    .collect()
            };
            let (kind, eliminations) = match (first_strong, last_strong) {
                (false, false) if d == e => (ChainKind::DiscontinuousLoop, vec![(cell, d)]),
                (true, true) if d == e => (ChainKind::DiscontinuousLoop, others(&[d])),
                (a, b) if a != b && d != e => {
                    let digit = if a { e } else { d };
                    (ChainKind::DiscontinuousLoop, vec![(cell, digit)])
                }
                (false, false) if self.digits(cell).count() != 2 => continue,
                _ => (
                    ChainKind::ContinuousLoop,
                    self.continuous(&chain, first_strong && last_strong, d, e),
                ),
            };
            let grouped = self.has_group(&chain);
            push_found(found, (kind, grouped), chain, eliminations);
        }
    }

    fn has_group(&self, chain: &Chain) -> bool {
        chain.nodes.iter().any(|&n| Node::of(n).group)
    }

    /// A continuous loop's eliminations: a cell with two strong links keeps only their
    /// digits; a weak link between cells removes its digit from every cell seeing both ends.
    fn continuous(
        &self,
        chain: &Chain,
        both_strong: bool,
        d: usize,
        e: usize,
    ) -> Vec<(usize, usize)> {
        let nodes = &chain.nodes;
        let start = self.cells(nodes[0])[0];
        let mut in_chain: Vec<usize> = Vec::new();
        for &n in &nodes[..nodes.len() - 1] {
            in_chain.extend(self.cells(n));
        }
        let mut out = Vec::new();
        let last = nodes.len() - 1;
        for i in 0..=last {
            let node = Node::of(nodes[i]);
            if i == 0 && both_strong {
                out.extend((self.digits(start).filter(|&x| x != d && x != e)).map(|x| (start, x)));
            }
            let first_cell = |k: usize| self.cells(nodes[k])[0];
            if i > 0 && node.on && i + 2 <= last && first_cell(i) != first_cell(i - 1) {
                let (next, after) = (Node::of(nodes[i + 1]), Node::of(nodes[i + 2]));
                if !next.on
                    && !next.group
                    && !node.group
                    && next.what / 10 == node.what / 10
                    && after.on
                    && first_cell(i + 2) != first_cell(i + 1)
                {
                    let cell = node.what / 10;
                    let keep = [node.what % 10, self.digit(nodes[i + 2])];
                    out.extend(
                        (self.digits(cell).filter(|x| !keep.contains(x))).map(|x| (cell, x)),
                    );
                }
            }
            if i > 0 && !node.on && first_cell(i) != first_cell(i - 1) {
                let x = self.digit(nodes[i]);
                let mut ends = self.cells(nodes[i - 1]);
                ends.extend(self.cells(nodes[i]));
                for c in cells_in(self.seeing(x, &ends)) {
                    if c != start && !in_chain.contains(&c) {
                        out.push((c, x));
                    }
                }
            }
        }
        out
    }

    /// AICs from one OFF table: every candidate placed in another cell.
    fn aics_from(&self, table: usize, found: &mut Vec<Found>) {
        let (_, cell, d) = self.premise(table);
        for (p, entry) in self.entries(table).iter().enumerate().skip(1) {
            let end = Node::of(entry.node);
            if end.group || !end.on || end.what / 10 == cell {
                continue;
            }
            let (x, e) = (end.what / 10, end.what % 10);
            let eliminations: Vec<(usize, usize)> = if d == e {
                let seeing: Vec<(usize, usize)> = cells_in(self.seeing(d, &[cell, x]))
                    .map(|c| (c, d))
                    .collect();
                if seeing.len() < 2 {
                    continue;
                }
                seeing
            } else if Self::sees(x, cell) && self.has(x, d) && self.has(cell, e) {
                vec![(cell, e), (x, d)]
            } else {
                continue;
            };
            if entry.distance <= 2 {
                continue;
            }
            let chain = self.chain(table, p);
            if !self.no_lasso(&chain, false) {
                continue;
            }
            let grouped = self.has_group(&chain);
            push_found(found, (ChainKind::Aic, grouped), chain, eliminations);
        }
    }
}

/// Adds a loop or AIC unless one of the same kind and eliminations, no longer, is there.
fn push_found(
    found: &mut Vec<Found>,
    (kind, grouped): (ChainKind, bool),
    chain: Chain,
    mut eliminations: Vec<(usize, usize)>,
) {
    eliminations.sort_by_key(|&(cell, digit)| (digit, cell));
    eliminations.dedup();
    if eliminations.is_empty() {
        return;
    }
    let shorter = found
        .iter()
        .rev()
        .find(|f| (f.kind, f.grouped) == (kind, grouped) && f.eliminations == eliminations)
        .is_some_and(|f| f.chain.len() <= chain.nodes.len());
    if !shorter {
        found.push(Found {
            kind,
            grouped,
            chain: chain.nodes,
            eliminations,
        });
    }
}

/// What a forcing chain concludes: a candidate placed or removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Conclusion {
    cell: usize,
    digit: usize,
    placed: bool,
}

impl Conclusion {
    /// HoDoKu's preference among forcing chains, lowest first: a placement in the lowest cell,
    /// else the elimination with the lowest cell and digit.
    fn rank(self) -> (bool, usize) {
        let at = if self.placed {
            self.cell
        } else {
            self.cell * 10 + self.digit
        };
        (!self.placed, at)
    }
}

/// HoDoKu's weighted sum of eliminations `(cell, digit)` in their order: the k-th counts
/// `cell * (1 + 80k) + digit`; of two steps removing as many candidates, the smaller goes first.
pub(super) fn weighted_sum(eliminations: &[(usize, usize)]) -> usize {
    (eliminations.iter().enumerate())
        .map(|(k, &(cell, digit))| cell * (1 + 80 * k) + digit)
        .sum()
}

/// Where a contradiction or verity shows: a cell, a house, or a candidate both ways.
#[derive(Debug, Clone, Copy)]
enum Entity {
    Cell(usize),
    House(usize),
    Candidate(usize, usize),
}

impl Entity {
    fn text(self) -> Explanation {
        match self {
            Entity::Cell(cell) => explain!("{}", Cell::from_index(cell)),
            Entity::House(house) => house_text(house),
            Entity::Candidate(cell, digit) => {
                explain!(
                    "{} holding {} or not",
                    Cell::from_index(cell),
                    Digit::new(digit)
                )
            }
        }
    }
}

/// The forcing chains found, and whether only nets (chains with branches) count.
struct ForcedList {
    list: Vec<Forced>,
    nets_only: bool,
    /// The best rank among them ([`Conclusion::rank`]): one ranked lower is never taken.
    best: Option<(bool, usize)>,
}

/// A forcing chain found: how (a contradiction, or what every case implies) and the chains,
/// each given by its table and the position of its end.
#[derive(Debug, Clone)]
struct Forced {
    kind: Forcing,
    verity: bool,
    conclusion: Conclusion,
    ends: Vec<(usize, usize)>,
    length: usize,
    /// Where the contradiction or verity shows, for the text.
    entity: Entity,
}

impl Tables {
    /// The forcing chain HoDoKu takes: a placement in the lowest cell, else the elimination
    /// with the lowest cell and digit; the shortest of its chains.
    fn forcing_chains(&self, nets_only: bool) -> Option<Forced> {
        let mut found = ForcedList {
            list: Vec::new(),
            nets_only,
            best: None,
        };
        for t in 0..NORMAL {
            for table in [t, NORMAL + t] {
                if !self.entries(table).is_empty() {
                    self.contradictions(table, &mut found);
                }
            }
        }
        for t in 0..NORMAL {
            if !self.entries(t).is_empty() {
                self.both_ways(t, &mut found);
            }
        }
        for cell in 0..81 {
            let tables: Vec<usize> = self.digits(cell).map(|d| cell * 10 + d).collect();
            if !tables.is_empty() {
                let entity = Entity::Cell(cell);
                self.verities(&tables, Forcing::Cell, entity, &mut found);
            }
        }
        for house in 0..27 {
            for digit in 1..=9 {
                let tables: Vec<usize> = cells_in(self.places(house, digit))
                    .map(|c| c * 10 + digit)
                    .collect();
                if !tables.is_empty() {
                    let entity = Entity::House(house);
                    self.verities(&tables, Forcing::Region, entity, &mut found);
                }
            }
        }
        let rank = |f: &Forced| f.conclusion.rank();
        let mut best: Option<&Forced> = None;
        for f in &found.list {
            let better = best.is_none_or(|b| {
                rank(f) < rank(b)
                    || (rank(f) == rank(b) && !f.conclusion.placed && f.length < b.length)
            });
            if better {
                best = Some(f);
            }
        }
        best.cloned()
    }

    /// Offers a forcing chain, unless one of the same kind and conclusion with chains no
    /// longer is there (a longer one is replaced where it stands). One ranked below a chain
    /// already found is never taken: its chains are not even read (`ends` makes them).
    fn offer(
        &self,
        found: &mut ForcedList,
        forced: Forced,
        ends: impl FnOnce() -> Vec<(usize, usize)>,
    ) {
        let rank = forced.conclusion.rank();
        if found.best.is_some_and(|best| best < rank) {
            return;
        }
        let ends = ends();
        let length = if found.nets_only {
            let chains: Vec<Chain> = (ends.iter()).map(|&(t, p)| self.chain(t, p)).collect();
            if chains.iter().all(|c| c.branches.is_empty()) {
                return;
            }
            chains.iter().map(Chain::length).sum()
        } else {
            // A chain without branches: a node per two steps of distance.
            (ends.iter())
                .map(|&(t, p)| self.entries(t)[p].distance as usize / 2 + 1)
                .sum()
        };
        let forced = Forced {
            ends,
            length,
            ..forced
        };
        found.best = Some(found.best.map_or(rank, |best| best.min(rank)));
        let same = |f: &Forced| f.verity == forced.verity && f.conclusion == forced.conclusion;
        match found.list.iter_mut().find(|f| same(f)) {
            Some(old) if old.length > forced.length => *old = forced,
            Some(_) => {}
            None => found.list.push(forced),
        }
    }

    /// The position of the candidate node in table `table`.
    fn end(&self, table: usize, cell: usize, digit: usize, on: bool) -> (usize, usize) {
        let code = Node::candidate(cell, digit, on).code();
        (table, self.position(table, code).unwrap_or(0))
    }

    /// A premise that leads to a contradiction is false.
    fn contradictions(&self, table: usize, found: &mut ForcedList) {
        let t = &self.table(table);
        let (premise, cell, digit) = self.premise(table);
        let conclusion = Conclusion {
            cell,
            digit,
            placed: !premise.on,
        };
        // Every contradiction of the table concludes the same.
        if found.best.is_some_and(|best| best < conclusion.rank()) {
            return;
        }
        let mut offer = |ends: Vec<(usize, usize)>, entity: Entity| {
            let forced = Forced {
                kind: Forcing::Contradiction,
                verity: false,
                conclusion,
                ends: Vec::new(),
                length: 0,
                entity,
            };
            self.offer(found, forced, || ends);
        };
        let bit = |cell: usize| 1u128 << cell;
        let negated = if premise.on {
            t.off[digit]
        } else {
            t.on[digit]
        };
        if negated & bit(cell) != 0 {
            let entity = Entity::Cell(cell);
            offer(vec![self.end(table, cell, digit, !premise.on)], entity);
        }
        for x in 1..=9 {
            let both = t.on[x] & t.off[x];
            if both != 0 {
                let c = both.trailing_zeros() as usize;
                let ends = vec![self.end(table, c, x, false), self.end(table, c, x, true)];
                offer(ends, Entity::Cell(c));
            }
        }
        // Cells placed two digits: none unless some cell is ON twice.
        let (mut on_once, mut on_twice) = (0u128, 0u128);
        for on in &t.on[1..] {
            on_twice |= on_once & on;
            on_once |= on;
        }
        for x in (1..=9).filter(|_| on_twice != 0) {
            for y in x + 1..=9 {
                let both = t.on[x] & t.on[y];
                if both != 0 {
                    let c = both.trailing_zeros() as usize;
                    let ends = vec![self.end(table, c, x, true), self.end(table, c, y, true)];
                    offer(ends, Entity::Cell(c));
                }
            }
        }
        // A digit placed twice in a house: none unless it is ON twice.
        for kind in 0..3 {
            for x in (1..=9).filter(|&x| t.on[x].count_ones() >= 2) {
                for house in kind * 9..kind * 9 + 9 {
                    let on = t.on[x] & house_mask(house);
                    if on.count_ones() >= 2 {
                        let ends = cells_in(on).map(|c| self.end(table, c, x, true)).collect();
                        offer(ends, Entity::House(house));
                    }
                }
            }
        }
        // An empty cell, none of whose digits is placed, that loses every candidate.
        let any_on = t.on.iter().fold(0, |all, on| all | on);
        let kept = (1..=9).fold(0, |all, x| all | (self.digit_cells[x] & !t.off[x]));
        for c in cells_in(self.empty & !any_on & !kept) {
            let ends = self
                .digits(c)
                .map(|x| self.end(table, c, x, false))
                .collect();
            offer(ends, Entity::Cell(c));
        }
        // A house that loses every place of a digit: none unless some place is OFF.
        for kind in 0..3 {
            for x in (1..=9).filter(|&x| self.allowed[x] & t.off[x] != 0) {
                for house in kind * 9..kind * 9 + 9 {
                    let allowed = self.allowed[x] & house_mask(house);
                    if allowed != 0 && allowed & !t.off[x] == 0 {
                        let ends = cells_in(allowed)
                            .map(|c| self.end(table, c, x, false))
                            .collect();
                        offer(ends, Entity::House(house));
                    }
                }
            }
        }
    }

    /// What follows both from placing and from removing candidate `t` is true.
    fn both_ways(&self, t: usize, found: &mut ForcedList) {
        let (on, off) = (&self.table(t), &self.table(NORMAL + t));
        if self.entries(NORMAL + t).is_empty() {
            return;
        }
        let premise = t / 10;
        let entity = Entity::Candidate(premise, t % 10);
        for placed in [true, false] {
            for x in 1..=9 {
                let both = if placed {
                    on.on[x] & off.on[x]
                } else {
                    on.off[x] & off.off[x]
                } & !(1u128 << premise);
                for c in cells_in(both) {
                    let forced = Forced {
                        kind: Forcing::Cell,
                        verity: true,
                        conclusion: Conclusion {
                            cell: c,
                            digit: x,
                            placed,
                        },
                        ends: Vec::new(),
                        length: 0,
                        entity,
                    };
                    self.offer(found, forced, || {
                        vec![
                            self.end(t, c, x, placed),
                            self.end(NORMAL + t, c, x, placed),
                        ]
                    });
                }
            }
        }
    }

    /// What follows from every one of `tables` (the digits of a cell, or the places of a
    /// digit in a house) is true.
    fn verities(&self, tables: &[usize], kind: Forcing, entity: Entity, found: &mut ForcedList) {
        let common = |placed: bool, x: usize| {
            tables.iter().fold(u128::MAX, |all, &t| {
                let table = &self.table(t);
                all & if placed { table.on[x] } else { table.off[x] }
            })
        };
        for x in 1..=9 {
            for placed in [true, false] {
                let cells = common(placed, x);
                for c in cells_in(cells) {
                    let forced = Forced {
                        kind,
                        verity: true,
                        conclusion: Conclusion {
                            cell: c,
                            digit: x,
                            placed,
                        },
                        ends: Vec::new(),
                        length: 0,
                        entity,
                    };
                    let ends = || tables.iter().map(|&t| self.end(t, c, x, placed)).collect();
                    self.offer(found, forced, ends);
                }
            }
        }
    }
}

/// `row 3`, `column 5`, `box 7`.
fn house_text(house: usize) -> Explanation {
    let (name, n) = match house {
        0..=8 => ("row", house),
        9..=17 => ("column", house - 9),
        _ => ("box", house - 18),
    };
    format!("{name} {}", n + 1).into()
}

/// The first five of `positions` (premises an entry rests on, as HoDoKu keeps at most five),
/// and how many there are: held in place rather than in a vector allocated per single.
fn first_five(positions: impl Iterator<Item = u16>) -> ([u16; 5], usize) {
    let mut first = [0; 5];
    let mut n = 0;
    for (slot, p) in first.iter_mut().zip(positions) {
        *slot = p;
        n += 1;
    }
    (first, n)
}

/// Each cell's candidates (bit d for digit d) and digit (0 when empty).
pub(super) fn grid(state: &State) -> ([u16; 81], [u8; 81]) {
    let mut candidates = [0u16; 81];
    let mut filled = [0u8; 81];
    for cell in 0..81 {
        let c = Cell::from_index(cell);
        match state.value(c) {
            Some(d) => filled[cell] = d.get() as u8,
            None => {
                for d in state.candidates(c).iter() {
                    candidates[cell] |= 1 << d.get();
                }
            }
        }
    }
    (candidates, filled)
}

thread_local! {
    /// The last chain-mode tables built on this thread: a grouped nice loop request and the
    /// forcing chain request after it read the same tables of the same grid.
    static LAST: RefCell<Option<Rc<Tables>>> = const { RefCell::new(None) };
}

/// The value `last` keeps when `fits` accepts it; otherwise `build`'s, kept in its place for
/// the next request (two requests in a row on one grid read the same tables or sets).
pub(super) fn last_or<T>(
    last: &'static LocalKey<RefCell<Option<Rc<T>>>>,
    fits: impl Fn(&T) -> bool,
    build: impl FnOnce() -> T,
) -> Rc<T> {
    last.with(|last| {
        let mut last = last.borrow_mut();
        if let Some(kept) = last.as_ref().filter(|kept| fits(kept)) {
            return Rc::clone(kept);
        }
        // The value kept goes first: its memory may serve the one built.
        *last = None;
        let built = Rc::new(build());
        *last = Some(Rc::clone(&built));
        built
    })
}

/// The chain-mode tables of `state`, with groups when `grouped`; the last ones built when they
/// are of the same grid.
fn chain_tables(state: &State, grouped: bool) -> Rc<Tables> {
    let (candidates, filled) = grid(state);
    last_or(
        &LAST,
        |t| t.grouped == grouped && t.candidates == candidates && t.filled == filled,
        || Tables::new(state, grouped, None),
    )
}

/// The nice loop or AIC HoDoKu takes in `state` (with groups when `grouped`), as a step.
pub(super) fn nice_loop(state: &State, grouped: bool) -> Option<Step> {
    let tables = chain_tables(state, grouped);
    let found = tables.nice_loops()?;
    let nodes: Vec<(Digit, Vec<Cell>)> = (found.chain.iter())
        .map(|&n| (Digit::new(tables.digit(n)), tables.node_cells(n)))
        .collect();
    let strong: Vec<bool> = (found.chain.iter())
        .take(found.chain.len() - 1)
        .map(|&n| !Node::of(n).on)
        .collect();
    let eliminations = (found.eliminations.iter())
        .map(|&(cell, digit)| Candidate::new(Cell::from_index(cell), Digit::new(digit)))
        .collect();
    let technique = Technique::Chain {
        kind: found.kind,
        grouped: found.grouped,
    };
    chains::chain_step(state, technique, &nodes, &strong, eliminations)
}

/// The forcing chain HoDoKu takes in `state`, as a step; with `net`, HoDoKu's grid of the
/// same candidates and its singles queues, the forcing net.
pub(super) fn forcing_chain(state: &State, net: Option<&Queues>) -> Option<Step> {
    let tables = match net {
        Some(_) => Rc::new(Tables::new(state, true, net)),
        None => chain_tables(state, true),
    };
    let found = tables.forcing_chains(net.is_some())?;
    let technique = if net.is_some() {
        Technique::ForcingNet(found.kind)
    } else {
        Technique::ForcingChain(found.kind)
    };
    Some(tables.forcing_step(&found, technique))
}

impl Tables {
    fn node_cells(&self, code: u16) -> Vec<Cell> {
        self.cells(code).into_iter().map(Cell::from_index).collect()
    }

    fn node_candidates(&self, code: u16) -> Vec<Candidate> {
        let digit = Digit::new(self.digit(code));
        (self.node_cells(code).into_iter())
            .map(|cell| Candidate::new(cell, digit))
            .collect()
    }

    /// `r1c3=4`, `r12c5≠7`.
    fn node_text(&self, code: u16) -> Explanation {
        let classic = |c: Cell| (c.row(9), c.col(9));
        let cells = chains::cells_text(false, &classic, &self.node_cells(code));
        let sign = if Node::of(code).on { "=" } else { "≠" };
        explain!("{}{}{}", cells, sign, self.digit(code).to_string())
    }

    /// Adds the links of a chain to `step` (each node implying the next), and its groups.
    fn draw(&self, step: &mut Step, nodes: &[u16]) {
        for pair in nodes.windows(2) {
            let kind = if Node::of(pair[0]).on {
                LinkKind::Weak
            } else {
                LinkKind::Strong
            };
            step.links.push(Link {
                from: self.node_candidates(pair[0]),
                to: self.node_candidates(pair[1]),
                kind,
            });
        }
        for &n in nodes.iter().filter(|&&n| Node::of(n).group) {
            let figure = Figure::new(Role::Group, self.node_candidates(n));
            if !step.figures.contains(&figure) {
                step.figures.push(figure);
            }
        }
    }

    /// A forcing chain's step: its chains as links, each node implying the next.
    fn forcing_step(&self, found: &Forced, technique: Technique) -> Step {
        let mut step = Step::new(technique);
        let c = found.conclusion;
        let candidate = Candidate::new(Cell::from_index(c.cell), Digit::new(c.digit));
        let conclusion = if c.placed {
            step.placements.push(candidate);
            explain!("{}={}", candidate.cell, candidate.digit)
        } else {
            step.eliminations.push(candidate);
            explain!("{}<>{}", candidate.cell, candidate.digit)
        };
        let mut texts = Vec::new();
        for &(table, end) in &found.ends {
            let chain = self.chain(table, end);
            self.draw(&mut step, &chain.nodes);
            let nodes: Vec<Explanation> = chain.nodes.iter().map(|&n| self.node_text(n)).collect();
            let mut text = Explanation::join(nodes, " → ");
            for branch in &chain.branches {
                self.draw(&mut step, branch);
                let nodes: Vec<Explanation> = branch.iter().map(|&n| self.node_text(n)).collect();
                text.push(explain!(" [{}]", Explanation::join(nodes, " → ")));
            }
            texts.push(text);
        }
        let linked = step.links.iter().flat_map(|l| l.from.iter().chain(&l.to));
        step.pattern = linked.copied().collect();
        step.pattern.sort_unstable();
        step.pattern.dedup();
        step.explanation = explain!(
            "{} in {}: {} ⇒ {}",
            technique.name(),
            found.entity.text(),
            Explanation::join(texts, "; "),
            conclusion
        );
        step
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::{ReadOptions, read_text};

    /// Every table of `tables` as text: its entries, where the position index finds each of
    /// them, and its ON and OFF cells.
    fn snapshot(tables: &Tables) -> Vec<String> {
        let count = 2 * NORMAL + 2 * tables.groups.len();
        (0..count)
            .map(|t| {
                let entries = tables.entries(t);
                let found: Vec<Option<usize>> =
                    entries.iter().map(|e| tables.position(t, e.node)).collect();
                let table = tables.table(t);
                format!("{entries:?} {found:?} {:?} {:?}", table.on, table.off)
            })
            .collect()
    }

    #[test]
    fn tables_built_in_the_buffers_of_others_are_those_built_afresh() {
        let text = include_str!("../../../fixtures/samples/se_ratings_forum_hardest.txt");
        let starts: Vec<(State, Queues)> = (text.lines())
            .filter(|line| !line.starts_with('#'))
            .map(|line| {
                let givens = line.split_whitespace().next().unwrap();
                let options = ReadOptions::default();
                let puzzle = read_text(givens, "test", &options)
                    .unwrap()
                    .puzzles
                    .remove(0);
                let (state, policy) = super::super::start(&puzzle).unwrap();
                (state, policy.queues)
            })
            .collect();
        assert_eq!(starts.len(), 2);
        let build = |(state, queues): &(State, Queues), grouped: bool, net: bool| {
            Tables::new(state, grouped, net.then_some(queues))
        };
        for (grouped, net) in [(false, false), (true, false), (true, true)] {
            for (before, after) in [(0, 1), (1, 0)] {
                BUFFERS.set(None);
                let afresh = snapshot(&build(&starts[after], grouped, net));
                // The tables of the other grid go first, and hand their buffers on.
                BUFFERS.set(None);
                drop(build(&starts[before], grouped, net));
                assert!(BUFFERS.with_borrow(Option::is_some));
                let handed_on = snapshot(&build(&starts[after], grouped, net));
                assert!(afresh.iter().filter(|t| t.len() > 40).count() > 100);
                assert_eq!(afresh, handed_on, "grouped {grouped}, net {net}");
            }
        }
    }
}
