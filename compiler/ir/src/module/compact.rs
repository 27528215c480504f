//! Compaction: the module rebuilt with only what its body reaches, renumbered in program order.
//!
//! Erased ops stay in the arenas so that a handle never dangles while a pass runs. A lowering
//! erases every op of the dialect it leaves, so after the pipeline's lowerings most of a large
//! module's op records, values and locations are dead; every later pass walks past them and
//! every copy of the module (weakest-fence's scratch copy) copies them. [`Module::compact`]
//! drops them between passes, when no pass holds a handle.
//!
//! Invariants: the compacted module prints exactly as the original (names, order and locations
//! are kept; only handles change); an op's results stay contiguous; a block's arguments, then its
//! ops with their results, are numbered before the blocks nested in those ops (depth first, in
//! order), so everything nested in an op (a kernel's ops and values) fills one range of handles. A module whose live ops use a value that
//! is defined by nothing reachable (IR the structural verifier rejects) is left untouched.

use super::{Block, Op, Region, Value};
use super::{BlockData, Module, Nested, OpData, RegionData, ValueData, ValueDef};
use crate::entity::{Arena, EntityRef, SecondaryMap};

/// Old handle index → new handle index plus one (0: not reached).
struct Renumber {
    ops: Vec<u32>,
    values: Vec<u32>,
    blocks: Vec<u32>,
    regions: Vec<u32>,
    /// Old handles in new order.
    op_order: Vec<Op>,
    value_order: Vec<Value>,
    block_order: Vec<Block>,
    region_order: Vec<Region>,
}

/// Records `old` in `order` and maps it to its position there.
fn number<K: EntityRef>(map: &mut [u32], order: &mut Vec<K>, old: K) {
    order.push(old);
    map[old.index()] = order.len() as u32;
}

/// The new handle of `old`, if it was reached.
fn mapped<K: EntityRef>(map: &[u32], old: K) -> Option<K> {
    let i = *map.get(old.index())?;
    i.checked_sub(1).map(|i| K::new(i as usize))
}

impl Module {
    /// How many op records are erased ops (each [`Module::erase_op`] counts the ops it erases).
    pub fn erased_ops(&self) -> usize {
        self.erased
    }

    /// Rebuilds the module with only the entities its body reaches, renumbered in program order
    /// (see the module docs). Every handle into the module is invalid afterwards. Returns false,
    /// and changes nothing, when a reachable op uses a value that nothing reachable defines.
    pub fn compact(&mut self) -> bool {
        self.changed();
        let Some(r) = self.renumber() else {
            return false;
        };
        let ops = self.compact_ops(&r);
        let Some(ops) = ops else {
            return false;
        };
        let values = self.compact_values(&r);
        let (blocks, regions) = self.compact_blocks(&r);
        let mut op_locs = SecondaryMap::default();
        let mut debug_locs = SecondaryMap::default();
        for (i, &o) in r.op_order.iter().enumerate() {
            let loc = *self.op_locs.get(o);
            if !loc.is_unknown() {
                op_locs.set(Op::new(i), loc);
            }
            if let Some(a) = *self.debug_locs.get(o) {
                debug_locs.set(Op::new(i), Some(a));
            }
        }
        let mut value_locs = SecondaryMap::default();
        for (i, &v) in r.value_order.iter().enumerate() {
            let loc = *self.value_locs.get(v);
            if !loc.is_unknown() {
                value_locs.set(Value::new(i), loc);
            }
        }
        self.body = mapped(&r.blocks, self.body).expect("the body is numbered first");
        (self.ops, self.values, self.blocks, self.regions) = (ops, values, blocks, regions);
        (self.op_locs, self.value_locs) = (op_locs, value_locs);
        self.debug_locs = debug_locs;
        self.erased = 0;
        true
    }

    /// Numbers every entity the body reaches, in program order.
    fn renumber(&self) -> Option<Renumber> {
        let mut r = Renumber {
            ops: vec![0; self.ops.len()],
            values: vec![0; self.values.len()],
            blocks: vec![0; self.blocks.len()],
            regions: vec![0; self.regions.len()],
            op_order: Vec::new(),
            value_order: Vec::new(),
            block_order: Vec::new(),
            region_order: Vec::new(),
        };
        // Blocks still to number; the next one is the first block nested in the block numbered
        // last, so each op's descendants are numbered together.
        let mut stack = vec![self.body];
        while let Some(b) = stack.pop() {
            number(&mut r.blocks, &mut r.block_order, b);
            for &a in &self.blocks[b].args {
                number(&mut r.values, &mut r.value_order, a);
            }
            let mut nested = Vec::new();
            for op in self.block_ops(b) {
                number(&mut r.ops, &mut r.op_order, op);
                for v in self.results(op) {
                    number(&mut r.values, &mut r.value_order, v);
                }
                for &reg in self.ops[op].regions() {
                    number(&mut r.regions, &mut r.region_order, reg);
                    nested.extend(self.regions[reg].blocks.iter().copied());
                }
            }
            stack.extend(nested.into_iter().rev());
        }
        Some(r)
    }

    /// The op records in new order, their references renumbered; None when an operand or
    /// successor is not reached.
    fn compact_ops(&self, r: &Renumber) -> Option<Arena<Op, OpData>> {
        let mut ops = Arena::default();
        ops.reserve(r.op_order.len());
        for &o in &r.op_order {
            let d = &self.ops[o];
            let mut operands = d.operands.clone();
            for v in operands.iter_mut() {
                *v = mapped(&r.values, *v)?;
            }
            let nested = match &d.nested {
                None => None,
                Some(n) => {
                    let regions: Option<Box<[Region]>> =
                        n.regions.iter().map(|&x| mapped(&r.regions, x)).collect();
                    let successors: Option<Box<[Block]>> =
                        n.successors.iter().map(|&x| mapped(&r.blocks, x)).collect();
                    Some(Box::new(Nested {
                        regions: regions?,
                        successors: successors?,
                    }))
                }
            };
            ops.push(OpData {
                name: d.name,
                operands,
                first_result: d.first_result.and_then(|v| mapped(&r.values, v)),
                num_results: d.num_results,
                attrs: d.attrs,
                nested,
                parent: d.parent.and_then(|b| mapped(&r.blocks, b)),
                prev: d.prev.and_then(|p| mapped(&r.ops, p)),
                next: d.next.and_then(|n| mapped(&r.ops, n)),
                dead: false,
            });
        }
        Some(ops)
    }

    /// The value records in new order.
    fn compact_values(&self, r: &Renumber) -> Arena<Value, ValueData> {
        let mut values = Arena::default();
        values.reserve(r.value_order.len());
        for &v in &r.value_order {
            let d = &self.values[v];
            // Every numbered value's definer was numbered with it.
            let def = match d.def {
                ValueDef::Result(o, i) => ValueDef::Result(mapped(&r.ops, o).expect("numbered"), i),
                ValueDef::Arg(b, i) => ValueDef::Arg(mapped(&r.blocks, b).expect("numbered"), i),
            };
            values.push(ValueData { ty: d.ty, def });
        }
        values
    }

    /// The block and region records in new order.
    fn compact_blocks(&self, r: &Renumber) -> (Arena<Block, BlockData>, Arena<Region, RegionData>) {
        let mut blocks = Arena::default();
        for &b in &r.block_order {
            let d = &self.blocks[b];
            let args = d
                .args
                .iter()
                .map(|&v| mapped(&r.values, v).expect("numbered"));
            blocks.push(BlockData {
                args: args.collect(),
                first: d.first.and_then(|o| mapped(&r.ops, o)),
                last: d.last.and_then(|o| mapped(&r.ops, o)),
                parent: d.parent.and_then(|x| mapped(&r.regions, x)),
            });
        }
        let mut regions = Arena::default();
        for &x in &r.region_order {
            let d = &self.regions[x];
            let bs = d
                .blocks
                .iter()
                .map(|&b| mapped(&r.blocks, b).expect("numbered"));
            regions.push(RegionData {
                blocks: bs.collect(),
                parent: d.parent.and_then(|o| mapped(&r.ops, o)),
            });
        }
        (blocks, regions)
    }
}
