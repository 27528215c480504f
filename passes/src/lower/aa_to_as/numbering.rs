//! Value numbers and affine forms of nv_tileaa tiles, for the barrier rule of
//! [`super::analysis`].
//!
//! - **Value numbers** for the pure tile ops (`constant`, `iota`, `offset`, `broadcast`,
//!   arithmetic, …): two pointer tiles with one number hold the same pointers (in one dynamic
//!   instance of the values they are built from). `reshape` keeps its operand's number: the cyclic layout runs
//!   over the row-major flattened order, which a reshape does not change.
//! - **Affine form** of index and pointer tiles: element `i` is `c*i + u` with `u` uniform.
//!   `iota` is `1*i`, a parameter pointer tile is `base + 1*i`, `offset` adds, `muli`/`shli` by a
//!   constant scale. A pointer tile with `c != 0` is injective: distinct elements, distinct
//!   addresses, so no two threads touch one address through it.

use crate::dense::DenseMap;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use tilec_dialects::nv_tileaa::{Constant, OpKind};
use tilec_dialects::types::{ptr_info, tile_shape};
use tilec_ir::{Block, Dict, Module, Op, Sym, Type, Value, WalkControl};

/// Element `i` of a tile, as an affine function of `i`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Aff {
    /// The same in every element.
    Uniform,
    /// `c*i + u` with `c != 0` and `u` uniform.
    Lin(i64),
    /// Unknown.
    Other,
}

fn add(a: Aff, b: Aff) -> Aff {
    match (a, b) {
        (Aff::Uniform, x) | (x, Aff::Uniform) => x,
        (Aff::Lin(x), Aff::Lin(y)) => match x.checked_add(y) {
            Some(0) => Aff::Uniform,
            Some(c) => Aff::Lin(c),
            None => Aff::Other,
        },
        _ => Aff::Other,
    }
}

fn neg(a: Aff) -> Aff {
    match a {
        Aff::Lin(c) => c.checked_neg().map_or(Aff::Other, Aff::Lin),
        x => x,
    }
}

fn scale(a: Aff, k: i64) -> Aff {
    match a {
        Aff::Lin(_) if k == 0 => Aff::Uniform,
        Aff::Lin(c) => c.checked_mul(k).map_or(Aff::Other, Aff::Lin),
        x => x,
    }
}

/// The pure tile ops: value-numbered (a `matches!`, not a scan of a list, since it is asked of
/// every op): the elementwise ops and the ops that make or reshape a tile of indices.
fn pure(k: OpKind) -> bool {
    super::tiles::elementwise(k).is_some()
        || matches!(
            k,
            OpKind::Constant
                | OpKind::Iota
                | OpKind::Offset
                | OpKind::Broadcast
                | OpKind::GetTileBlockId
                | OpKind::GetNumTileBlocks
        )
}

/// The number of elements of a tile type (1 for 0-d; None for non-tiles).
pub(super) fn elems(m: &Module, t: Type) -> Option<u64> {
    tile_shape(m, t).map(|(dims, _)| tilec_dialects::types::elements(dims))
}

/// A pure op's value number key: its name, attributes, operands' numbers and result type.
type VnKey = (Sym, Dict, SmallVec<[u32; 3]>, Type);

pub(super) struct Numbering {
    ids: DenseMap<Value, u32>,
    table: FxHashMap<VnKey, u32>,
    /// The deepest block defining a leaf a number is built from (None: constants only).
    deep: Vec<Option<Block>>,
    aff: DenseMap<Value, Aff>,
    consts: FxHashMap<Value, i64>,
}

impl Numbering {
    /// Numbers every value of the kernel whose body is `body`.
    pub(super) fn build(m: &Module, body: Block, values: (usize, usize)) -> Numbering {
        let mut n = Numbering {
            ids: DenseMap::new(values),
            table: FxHashMap::default(),
            deep: Vec::new(),
            aff: DenseMap::new(values),
            consts: FxHashMap::default(),
        };
        for &a in m.block_args(body) {
            n.leaf(a, Some(body));
            let t = m.value_type(a);
            let is_ptr_tile = tile_shape(m, t).is_some_and(|(_, e)| ptr_info(m, e).is_some());
            let aff = match elems(m, t) {
                Some(k) if k > 1 && is_ptr_tile => Aff::Lin(1),
                Some(k) if k > 1 => Aff::Other,
                _ => Aff::Uniform,
            };
            n.aff.insert(a, aff);
        }
        m.walk_block(body, &mut |op| {
            n.op(m, op);
            WalkControl::Continue
        });
        n
    }

    /// The value number of pointer tile `p` when it is injective (distinct elements, distinct
    /// addresses).
    pub(super) fn injective(&self, p: Value) -> Option<u32> {
        match self.aff.get(p) {
            Some(Aff::Lin(_)) => self.ids.get(p).copied(),
            _ => None,
        }
    }

    /// Whether number `k` is built from a value defined inside loop `lp` (so it may differ from
    /// one iteration to the next).
    pub(super) fn varies_in(&self, m: &Module, k: u32, lp: Op) -> bool {
        self.deep
            .get(k as usize)
            .copied()
            .flatten()
            .is_some_and(|b| inside(m, b, lp))
    }
}

impl Numbering {
    fn fresh(&mut self, deep: Option<Block>) -> u32 {
        self.deep.push(deep);
        (self.deep.len() - 1) as u32
    }
    fn leaf(&mut self, v: Value, b: Option<Block>) {
        let id = self.fresh(b);
        self.ids.insert(v, id);
    }
    /// The number of `v` (every operand of a numbered op has one).
    fn id(&self, v: Value) -> u32 {
        self.ids.get(v).copied().unwrap_or(u32::MAX)
    }
    fn aff_of(&self, v: Value) -> Aff {
        self.aff.get(v).copied().unwrap_or(Aff::Other)
    }

    fn op(&mut self, m: &Module, op: Op) {
        for &r in m.regions(op) {
            for &b in m.region_blocks(r) {
                for &a in m.block_args(b) {
                    self.leaf(a, Some(b));
                    let k = elems(m, m.value_type(a)).unwrap_or(0);
                    self.aff
                        .insert(a, if k <= 1 { Aff::Uniform } else { Aff::Other });
                }
            }
        }
        let kind = OpKind::of(m, op);
        let ops = m.operands(op);
        let results: SmallVec<[Value; 2]> = m.results(op).collect();
        let pure = kind.is_some_and(pure) && results.len() == 1;
        if kind == Some(OpKind::Reshape) && results.len() == 1 && !ops.is_empty() {
            let r = results[0];
            let id = self.ids.get(ops[0]).copied();
            match id {
                Some(id) => {
                    self.ids.insert(r, id);
                }
                None => self.leaf(r, m.op_block(op)),
            }
            self.aff.insert(r, self.aff_of(ops[0]));
            if let Some(&c) = self.consts.get(&ops[0]) {
                self.consts.insert(r, c);
            }
            return;
        }
        if !pure || ops.iter().any(|v| !self.ids.contains(*v)) {
            for r in results {
                self.leaf(r, m.op_block(op));
                let k = elems(m, m.value_type(r)).unwrap_or(0);
                let aff = match k {
                    0 | 1 => Aff::Uniform,
                    // A shared-memory tile is contiguous, like a parameter pointer tile.
                    _ if kind == Some(OpKind::AllocShared) => Aff::Lin(1),
                    _ => Aff::Other,
                };
                self.aff.insert(r, aff);
            }
            return;
        }
        let r = results[0];
        let key: VnKey = (
            m.op_name(op),
            m.attrs(op),
            ops.iter().map(|v| self.id(*v)).collect(),
            m.value_type(r),
        );
        let id = match self.table.get(&key) {
            Some(&id) => id,
            None => {
                let deep = deepest(
                    m,
                    ops.iter().filter_map(|v| self.deep[self.id(*v) as usize]),
                );
                let id = self.fresh(deep);
                self.table.insert(key, id);
                id
            }
        };
        self.ids.insert(r, id);
        let k = elems(m, m.value_type(r)).unwrap_or(0);
        let a = |i: usize| ops.get(i).map_or(Aff::Other, |v| self.aff_of(*v));
        let c = |i: usize| ops.get(i).and_then(|v| self.consts.get(v).copied());
        let aff = if k <= 1 {
            Aff::Uniform
        } else {
            match kind {
                Some(OpKind::Iota) => Aff::Lin(1),
                Some(OpKind::Constant) => Aff::Uniform,
                Some(OpKind::Broadcast) => {
                    let src = ops.first().and_then(|v| elems(m, m.value_type(*v)));
                    if src.is_some_and(|n| n <= 1) || a(0) == Aff::Uniform {
                        Aff::Uniform
                    } else {
                        Aff::Other
                    }
                }
                Some(OpKind::Offset | OpKind::AddI) => add(a(0), a(1)),
                Some(OpKind::SubI) => add(a(0), neg(a(1))),
                Some(OpKind::MulI) => match (c(0), c(1)) {
                    (_, Some(k)) => scale(a(0), k),
                    (Some(k), _) => scale(a(1), k),
                    _ if a(0) == Aff::Uniform && a(1) == Aff::Uniform => Aff::Uniform,
                    _ => Aff::Other,
                },
                Some(OpKind::ShLI) => match c(1) {
                    Some(k @ 0..=62) => scale(a(0), 1i64 << k),
                    _ if a(0) == Aff::Uniform && a(1) == Aff::Uniform => Aff::Uniform,
                    _ => Aff::Other,
                },
                _ if (0..ops.len()).all(|i| a(i) == Aff::Uniform) => Aff::Uniform,
                _ => Aff::Other,
            }
        };
        self.aff.insert(r, aff);
        if kind == Some(OpKind::Constant) {
            if let Some(value) = Constant(op).int_value(m) {
                self.consts.insert(r, value);
            }
        } else if kind == Some(OpKind::Broadcast) {
            if let Some(v) = c(0) {
                self.consts.insert(r, v);
            }
        }
    }
}

/// How many ops enclose block `b`.
fn depth(m: &Module, mut b: Block) -> u32 {
    let mut d = 0;
    while let Some(op) = m.block_parent(b).and_then(|r| m.region_parent(r)) {
        d += 1;
        match m.op_block(op) {
            Some(ob) => b = ob,
            None => break,
        }
    }
    d
}

/// The deepest of blocks that lie on one chain of nesting (the defining blocks of values that
/// all dominate one use).
fn deepest(m: &Module, blocks: impl Iterator<Item = Block>) -> Option<Block> {
    blocks.max_by_key(|b| depth(m, *b))
}

/// Whether block `b` is nested (at any depth) in a region of `op`.
fn inside(m: &Module, mut b: Block, op: Op) -> bool {
    while let Some(p) = m.block_parent(b).and_then(|r| m.region_parent(r)) {
        if p == op {
            return true;
        }
        match m.op_block(p) {
            Some(ob) => b = ob,
            None => return false,
        }
    }
    false
}
