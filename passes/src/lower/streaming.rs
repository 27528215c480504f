//! Which view accesses `lower-cuda-tile-to-aa` marks `streaming`: the cache hint PTX writes as
//! `.cs` ("cache streaming, likely to be accessed once": the lines are allocated evict-first in
//! L1 and L2), carried by the load/store to `ld.global.cs` / `st.global.cs`.
//!
//! The hint never changes what a program computes (PTX ISA, "Cache Operators": they "are
//! treated as performance hints only", and a cache operator "does not change the memory
//! consistency behavior of the program"), so this rule must be right for speed, not for
//! correctness. An access of a partition view streams when each tile block touches its own
//! tile of the view, once:
//!
//! - it is weak: PTX has the cache operators only on weak accesses (`ld{.weak}{.ss}{.cop}…`);
//! - it is in no loop, where a block could touch the same tile again;
//! - each index is a constant or a block id (through `assume`), and the indices name every
//!   dimension of the block id the kernel reads: distinct blocks then index distinct tiles of
//!   the view (partition tiles do not overlap), so no block reads what another one brought
//!   into L2. A tile every block reads (layernorm's weights, index `0`) keeps the default.
//!
//! Measured on an H100 (docs/benchmarks.md): softmax 8192×1024 f32 26.0 → 25.1 µs and
//! layernorm 26.4 → 25.0 µs with both the loads and the stores streaming; loads alone did
//! not help and slowed vector_add by 4 %, so both are marked.

use rustc_hash::FxHashMap;
use tilec_dialects::cuda_tile::{self as ct, OpKind};
use tilec_ir::{MemSemantic, Module, Op, Value};

/// The rule over one expansion: each kernel's block-id dimensions are found once (a walk of the
/// kernel), not once per access. They do not change while the expansion runs: it keeps the
/// original block-id ops and their uses until its final remap, and the one-result ops it adds
/// before them have no uses until then.
#[derive(Default)]
pub struct Streaming {
    /// Per kernel, the block-id dimensions it reads.
    read: FxHashMap<Op, u8>,
}

impl Streaming {
    /// Whether view access `op` (semantic `sem`, tile indices `idx`) streams (module docs).
    pub fn streams(&mut self, m: &Module, op: Op, sem: Option<MemSemantic>, idx: &[Value]) -> bool {
        if !matches!(sem, None | Some(MemSemantic::Weak)) || in_loop(m, op) {
            return false;
        }
        let mut named = 0u8;
        for &v in idx {
            match block_dim(m, v) {
                Some(d) => named |= 1 << d,
                None if is_constant(m, v) => {}
                None => return false,
            }
        }
        let kernel = kernel_of(m, op);
        let read = *self
            .read
            .entry(kernel)
            .or_insert_with(|| read_dims(m, kernel));
        named != 0 && named == read
    }
}

/// Whether `op` is inside a `for` or `loop`.
fn in_loop(m: &Module, op: Op) -> bool {
    let mut at = m.parent_op(op);
    while let Some(p) = at {
        if matches!(OpKind::of(m, p), Some(OpKind::For | OpKind::Loop)) {
            return true;
        }
        at = m.parent_op(p);
    }
    false
}

/// `v` without its `assume`s.
fn strip(m: &Module, mut v: Value) -> Value {
    while let Some(d) = m.defining_op(v) {
        match (OpKind::of(m, d), m.operands(d).first()) {
            (Some(OpKind::Assume), Some(&x)) => v = x,
            _ => break,
        }
    }
    v
}

fn is_constant(m: &Module, v: Value) -> bool {
    let v = strip(m, v);
    m.defining_op(v)
        .is_some_and(|d| OpKind::of(m, d) == Some(OpKind::Constant))
}

/// The block-id dimension `v` is (NVIDIA's three-result `get_tile_block_id`: the result's
/// position; tilec's one-result form: its `dim`).
fn block_dim(m: &Module, v: Value) -> Option<u32> {
    let v = strip(m, v);
    let d = m.defining_op(v)?;
    if OpKind::of(m, d) != Some(OpKind::GetTileBlockId) {
        return None;
    }
    let dim = match m.num_results(d) {
        1 => ct::GetTileBlockId(d).dim(m),
        _ => i64::from(m.results(d).position(|r| r == v)? as u32),
    };
    u32::try_from(dim).ok().filter(|d| *d < 3)
}

/// The kernel around `op`: its ancestor at the top level or directly in a `cuda_tile.module`.
fn kernel_of(m: &Module, op: Op) -> Op {
    let mut kernel = op;
    while let Some(p) = m.parent_op(kernel) {
        if OpKind::of(m, p) == Some(OpKind::ModuleOp) {
            break;
        }
        kernel = p;
    }
    kernel
}

/// The block-id dimensions `kernel` reads (a bit per dimension).
fn read_dims(m: &Module, kernel: Op) -> u8 {
    let ops = m.nested_ops(kernel);
    let used: rustc_hash::FxHashSet<Value> = ops
        .iter()
        .flat_map(|&o| m.operands(o).iter().copied())
        .collect();
    let mut dims = 0u8;
    for &o in &ops {
        if OpKind::of(m, o) != Some(OpKind::GetTileBlockId) {
            continue;
        }
        for r in m.results(o).filter(|r| used.contains(r)) {
            if let Some(d) = block_dim(m, r) {
                dims |= 1 << d;
            }
        }
    }
    dims
}
