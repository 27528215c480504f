//! Side tables over the values and ops of one kernel, stored densely.
//!
//! The lowerings and the printer keep facts per value of the kernel they work on
//! (`lower-aa-to-as`: its lowered form, its value number and affine form, the accesses a token
//! orders, and per memory op who performs it; `lower-as-to-ptx`: the value a value became;
//! `print-ptx`: its register). The kernel's values and ops were
//! created together, so their handles fill a range: a vector over that range is smaller than a
//! hash map of the same entries and is read without hashing or probing (at a million ops the
//! probes of hash maps this size missed the cache on almost every access). A key outside the
//! range (none in a well-formed kernel) goes to a map.

use rustc_hash::FxHashMap;
use std::hash::Hash;
use tilec_ir::entity::EntityRef;
use tilec_ir::{Block, Module, Op, Value, WalkControl};

/// A map from the handles of one range to `V`.
pub(crate) struct DenseMap<K, V> {
    base: usize,
    slots: Vec<Option<V>>,
    spill: FxHashMap<K, V>,
}

impl<K: EntityRef + Hash, V> DenseMap<K, V> {
    /// An empty map whose dense part covers handle indices `range` (none when it is empty).
    pub(crate) fn new(range: (usize, usize)) -> DenseMap<K, V> {
        let (lo, hi) = range;
        let len = if lo <= hi { hi - lo + 1 } else { 0 };
        DenseMap {
            base: lo,
            slots: std::iter::repeat_with(|| None).take(len).collect(),
            spill: FxHashMap::default(),
        }
    }

    fn slot(&self, k: K) -> Option<usize> {
        k.index()
            .checked_sub(self.base)
            .filter(|&i| i < self.slots.len())
    }

    /// The value of `k`.
    pub(crate) fn get(&self, k: K) -> Option<&V> {
        match self.slot(k) {
            Some(i) => self.slots[i].as_ref(),
            None => self.spill.get(&k),
        }
    }

    /// Whether `k` has a value.
    pub(crate) fn contains(&self, k: K) -> bool {
        self.get(k).is_some()
    }

    /// Sets the value of `k`.
    pub(crate) fn insert(&mut self, k: K, v: V) {
        match self.slot(k) {
            Some(i) => self.slots[i] = Some(v),
            None => {
                self.spill.insert(k, v);
            }
        }
    }
}

/// The index ranges of a kernel's values and of its ops: `(lowest, highest)` each
/// (`lowest > highest` when there is none).
pub(crate) type Ranges = ((usize, usize), (usize, usize));

/// The [`Ranges`] of the values (block arguments and results) and of the ops nested in `body`,
/// its own arguments included.
pub(crate) fn kernel_ranges(m: &Module, body: Block) -> Ranges {
    let mut values = (usize::MAX, 0);
    let mut ops = (usize::MAX, 0);
    let add = |r: &mut (usize, usize), i: usize| *r = (r.0.min(i), r.1.max(i));
    for &a in m.block_args(body) {
        add(&mut values, a.index());
    }
    m.walk_block(body, &mut |op: Op| {
        add(&mut ops, op.index());
        // An op's results are consecutive values.
        let n = m.num_results(op);
        if n > 0 {
            let first = m.result(op, 0).index();
            add(&mut values, first);
            add(&mut values, first + n - 1);
        }
        for &r in m.regions(op) {
            for &b in m.region_blocks(r) {
                m.block_args(b)
                    .iter()
                    .for_each(|a: &Value| add(&mut values, a.index()));
            }
        }
        WalkControl::Continue
    });
    (values, ops)
}
