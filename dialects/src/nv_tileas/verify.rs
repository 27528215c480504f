//! The nv_tileas checks the op table cannot say: operand and result types (pointer spaces
//! above all), attribute values (barrier ids, pending counts, TMEM columns, warp ranges) and the
//! memory pair of the sync ops. The region rules (which ops must end in `yield`, where `yield`
//! and `return` may appear) are in [`super::regions`].
//!
//! Every check reads operands with `get` (the op table has checked the counts, but a check must
//! not panic whatever the input) and reports at the op's location.

use crate::common::{
    check_cluster_arrive, check_cluster_wait, check_load, check_mbarrier_arrive,
    check_mbarrier_wait, check_red, check_rmw, check_store, err, short, ty, type_err,
};
use crate::types::{dialect_of, ptr_info};
use tilec_ir::{sym, Diagnostics, FloatKind, Module, Op, Space, Sym, Type, TypeData, Value};

/// The space of `!nv_tileas.ptr<space>`; None for any other type.
pub fn ptr_space(m: &Module, t: Type) -> Option<Space> {
    match dialect_of(m, t) {
        Some(("nv_tileas", "ptr")) => ptr_info(m, t).and_then(|p| p.0),
        _ => None,
    }
}

fn spelled(spaces: &[Space]) -> String {
    let v: Vec<String> = spaces
        .iter()
        .map(|s| format!("!nv_tileas.ptr<{s}>"))
        .collect();
    v.join(" or ")
}

/// What a check is looking at.
struct C<'a> {
    m: &'a Module,
    op: Op,
    d: &'a mut Diagnostics,
}

impl C<'_> {
    fn err(&mut self, msg: impl std::fmt::Display) {
        err(self.m, self.op, self.d, msg);
    }
    fn type_err(&mut self, msg: impl std::fmt::Display) {
        type_err(self.m, self.op, self.d, msg);
    }
    fn operand(&self, i: usize) -> Option<Value> {
        self.m.operands(self.op).get(i).copied()
    }
    fn result_type(&self, i: usize) -> Option<Type> {
        (i < self.m.num_results(self.op)).then(|| self.m.value_type(self.m.result(self.op, i)))
    }
    fn int(&self, key: Sym) -> Option<i64> {
        self.m.attr_as::<i64>(self.op, key)
    }
    /// Operand `i` must be a pointer into one of `allowed`; returns its space.
    fn ptr(&mut self, i: usize, allowed: &[Space], why: &str) -> Option<Space> {
        let v = self.operand(i)?;
        let t = self.m.value_type(v);
        match ptr_space(self.m, t) {
            Some(s) if allowed.contains(&s) => Some(s),
            _ => {
                let msg = format!(
                    "operand #{i} must be a {}{why}, but it is '{}'",
                    spelled(allowed),
                    ty(self.m, t)
                );
                self.type_err(msg);
                None
            }
        }
    }
    /// Type `t` (named `what`) must satisfy `ok`, described as `want`.
    fn expect(&mut self, what: &str, t: Option<Type>, want: &str, ok: fn(&TypeData) -> bool) {
        if let Some(t) = t {
            if !ok(self.m.type_data(t)) {
                let msg = format!("{what} must be {want}, but it is '{}'", ty(self.m, t));
                self.type_err(msg);
            }
        }
    }
    fn int_operand(&mut self, i: usize) {
        let t = self.operand(i).map(|v| self.m.value_type(v));
        self.expect(&format!("operand #{i}"), t, "an integer", is_int);
    }
    /// Integer attribute `key` (when present) must satisfy `ok`, described as `want`.
    fn attr(&mut self, key: Sym, want: &str, ok: impl Fn(i64) -> bool) {
        if let Some(v) = self.int(key) {
            if !ok(v) {
                self.err(format!("attribute '{key}' must be {want}, but it is {v}"));
            }
        }
    }
    /// The `space` attribute, when present, must name the pointer operand's space.
    fn space_matches(&mut self, ptr: Option<Space>) {
        let attr = self.m.attr_as::<Space>(self.op, sym!("space"));
        if let (Some(a), Some(p)) = (attr, ptr) {
            if a != p {
                self.err(format!(
                    "has attribute 'space' = '{a}', but its pointer operand is a '!nv_tileas.ptr<{p}>'; they must name the same space"
                ));
            }
        }
    }
}

fn is_int(t: &TypeData) -> bool {
    matches!(t, TypeData::Int(_) | TypeData::Index)
}
fn is_i1(t: &TypeData) -> bool {
    matches!(t, TypeData::Int(1))
}
fn is_scalar(t: &TypeData) -> bool {
    match t {
        TypeData::Int(_) | TypeData::Float(_) | TypeData::Index => true,
        TypeData::Dialect { name, .. } => name.as_str() == "ptr",
        TypeData::Function { .. } => false,
    }
}

fn run(m: &Module, op: Op, d: &mut Diagnostics, f: impl FnOnce(&mut C)) {
    f(&mut C { m, op, d })
}

const SMEM: &[Space] = &[Space::SharedCta];
const SMEM_ANY: &[Space] = &[Space::SharedCta, Space::SharedCluster];
const GMEM: &[Space] = &[Space::Global];
const DSMEM: &[Space] = &[Space::SharedCluster];
const TMEM: &[Space] = &[Space::Tmem];
/// The spaces `ld`/`st`/`atom`/`red` access (TMEM is tcgen05_ld/st's).
const ACCESS: &[Space] = &[
    Space::Global,
    Space::SharedCta,
    Space::SharedCluster,
    Space::Generic,
];

/// ld/st/atom/red: the pointer's space is the `space` attribute, one of [`ACCESS`]; values are
/// scalars, and an atom's values and result have one type.
fn access(c: &mut C) {
    let p = c.ptr(0, ACCESS, "");
    c.space_matches(p);
    let name = short(c.m, c.op);
    let vals: Vec<Type> =
        c.m.operands(c.op)
            .iter()
            .skip(1)
            .map(|v| c.m.value_type(*v))
            .collect();
    for (i, t) in vals.iter().enumerate() {
        c.expect(
            &format!("operand #{}", i + 1),
            Some(*t),
            "a scalar",
            is_scalar,
        );
    }
    let r = c.result_type(0);
    c.expect("result", r, "a scalar", is_scalar);
    if name == "atom" {
        if let Some(r) = r {
            if let Some((i, t)) = vals.iter().enumerate().find(|(_, t)| **t != r) {
                let msg = format!(
                    "operand #{} type '{}' must equal the result type '{}'",
                    i + 1,
                    ty(c.m, *t),
                    ty(c.m, r)
                );
                c.err(msg);
            }
        }
    }
}

/// `ld`: pair + types.
pub fn check_ld(m: &Module, op: Op, d: &mut Diagnostics) {
    check_load(m, op, d);
    crate::common::check_streaming(m, op, d, m.attr_as(op, sym!("space")));
    run(m, op, d, access);
}
/// `st`: pair + types.
pub fn check_st(m: &Module, op: Op, d: &mut Diagnostics) {
    check_store(m, op, d);
    crate::common::check_streaming(m, op, d, m.attr_as(op, sym!("space")));
    run(m, op, d, access);
}
/// `atom`: pair + types.
pub fn check_atom(m: &Module, op: Op, d: &mut Diagnostics) {
    check_rmw(m, op, d);
    run(m, op, d, access);
    crate::common::check_rmw_value(m, op, d, 1);
}
/// `red`: pair + types.
pub fn check_red_op(m: &Module, op: Op, d: &mut Diagnostics) {
    check_red(m, op, d);
    run(m, op, d, access);
    crate::common::check_rmw_value(m, op, d, 1);
}

/// `cp_async`: a shared destination, a global source, an i32 byte count; and in its block a
/// `cp_async_commit` or `cp_async_wait_all` follows before any op but pure arithmetic and other
/// `cp_async`s, so that every copy belongs to a group a `cp_async_wait` can name (or is waited
/// for at once). When the copy completes is verify-races' question: it models the copy as a
/// store and a load where it is issued, and accepts a handoff from it only through a wait of
/// the issuing thread that completes it.
pub fn check_cp_async(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        c.ptr(0, SMEM, "");
        c.ptr(1, GMEM, "");
        let t = c.operand(2).map(|v| c.m.value_type(v));
        c.expect("operand #2 (source bytes)", t, "i32", |t| {
            matches!(t, TypeData::Int(32))
        });
        let Some(b) = c.m.op_block(c.op) else {
            return;
        };
        let mut after = c.m.block_ops(b).skip_while(|&o| o != c.op).skip(1);
        let next = after.find(|&o| !cp_async_may_precede_wait(c.m, o));
        let closing = [super::OpKind::CpAsyncCommit, super::OpKind::CpAsyncWaitAll];
        if next.is_none_or(|o| super::OpKind::of(c.m, o).is_none_or(|k| !closing.contains(&k))) {
            c.err("must be followed in its block by 'cp_async_commit' or 'cp_async_wait_all' before any memory access, barrier, fence or op with regions");
        }
    })
}

/// The ops allowed between a `cp_async` and the commit or wait that closes it: other copies and ops that
/// neither access memory nor synchronize.
fn cp_async_may_precede_wait(m: &Module, o: Op) -> bool {
    use super::OpKind as K;
    let Some(k) = K::of(m, o) else {
        return false;
    };
    m.regions(o).is_empty()
        && (k.is_int_arith()
            || matches!(
                k,
                K::CpAsync
                    | K::Constant
                    | K::Gep
                    | K::Select
                    | K::CmpI
                    | K::PtrToInt
                    | K::ExtSI
                    | K::ExtUI
                    | K::TruncI
                    | K::ThreadId
                    | K::BlockId
            ))
}

/// `ptr_to_ptr`: a global pointer in, the same type out.
pub fn check_ptr_to_ptr(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        c.ptr(0, GMEM, "");
        let t = c.operand(0).map(|v| c.m.value_type(v));
        if t.is_some() && c.result_type(0) != t {
            c.err("result must have the operand's type");
        }
    })
}

/// `ptr_to_int`: a global pointer in, an i64 out.
pub fn check_ptr_to_int(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        c.ptr(0, GMEM, "");
        let r = c.result_type(0);
        c.expect("the result", r, "i64", |t| matches!(t, TypeData::Int(64)));
    })
}

/// `int_to_ptr`: an i64 in, a global pointer out.
pub fn check_int_to_ptr(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        let t = c.operand(0).map(|v| c.m.value_type(v));
        c.expect("operand #0", t, "i64", |t| matches!(t, TypeData::Int(64)));
        let r = c.result_type(0);
        if r.is_some_and(|r| ptr_space(c.m, r) != Some(Space::Global)) {
            c.type_err("the result must be a !nv_tileas.ptr<global>");
        }
    })
}

/// `gep`: pointer base, integer index, result of the base's type, `elem_bytes` in 1..=2^31-1.
pub fn check_gep(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        let all = [
            Space::Global,
            Space::SharedCta,
            Space::SharedCluster,
            Space::Tmem,
            Space::Generic,
        ];
        c.ptr(0, &all, "");
        c.int_operand(1);
        let base = c.operand(0).map(|v| c.m.value_type(v));
        if let (Some(b), Some(r)) = (base, c.result_type(0)) {
            if b != r {
                let msg = format!(
                    "result type '{}' must equal the base pointer type '{}'",
                    ty(c.m, r),
                    ty(c.m, b)
                );
                c.err(msg);
            }
        }
        // The lowering scales a 32-bit index by it as an immediate (`mad.wide.u32`, `mul.lo.s32`).
        c.attr(sym!("elem_bytes"), "between 1 and 2147483647", |v| {
            (1..=i64::from(i32::MAX)).contains(&v)
        });
    })
}

/// `mapa`: own-CTA shared pointer + integer rank → the peer's shared_cluster pointer.
pub fn check_mapa(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        c.ptr(0, SMEM, "");
        c.int_operand(1);
        let r = c.result_type(0);
        if let Some(r) = r {
            if ptr_space(c.m, r) != Some(Space::SharedCluster) {
                let msg = format!(
                    "result must be a !nv_tileas.ptr<shared_cluster>, but it is '{}'",
                    ty(c.m, r)
                );
                c.err(msg);
            }
        }
    })
}

/// `alloc_shared`: positive size, power-of-two alignment, a shared_cta pointer.
pub fn check_alloc_shared(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        c.attr(sym!("size"), "positive", |v| v > 0);
        // ptxas takes `.align` up to 2^31 ("Constant overflow" beyond).
        c.attr(sym!("align"), "a power of two up to 2147483648", |v| {
            v > 0 && v & (v - 1) == 0 && v <= 1 << 31
        });
        if let Some(r) = c.result_type(0) {
            if ptr_space(c.m, r) != Some(Space::SharedCta) {
                let msg = format!(
                    "result must be a !nv_tileas.ptr<shared_cta>, but it is '{}'",
                    ty(c.m, r)
                );
                c.err(msg);
            }
        }
    })
}

/// `barrier` / `barrier_arrive`: id 0..15 (ptxas rejects 16), thread count a positive multiple
/// of 32; an operand (a register barrier id) is an integer.
pub fn check_barrier(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        c.attr(sym!("id"), "in 0..15", |v| (0..=15).contains(&v));
        c.attr(sym!("count"), "a positive multiple of 32", |v| {
            v > 0 && v % 32 == 0
        });
        if c.operand(0).is_some() {
            c.int_operand(0);
        }
    })
}

/// Transaction bytes: an mbarrier's tx-count range is ±(2^20 − 1).
fn tx_bytes(c: &mut C) {
    c.attr(sym!("tx_bytes"), "in 1..1048575", |v| {
        (1..(1 << 20)).contains(&v)
    });
}

/// mbarrier arrive / arrive_drop: a local or remote barrier, an optional integer count.
pub fn check_mbarrier_arrive_op(m: &Module, op: Op, d: &mut Diagnostics) {
    check_mbarrier_arrive(m, op, d);
    run(m, op, d, |c| {
        let p = c.ptr(0, SMEM_ANY, "");
        c.space_matches(p);
        if c.operand(1).is_some() {
            c.int_operand(1);
        }
        tx_bytes(c);
    })
}

/// mbarrier expect_tx / complete_tx: a local or remote barrier and transaction bytes.
pub fn check_mbarrier_tx(m: &Module, op: Op, d: &mut Diagnostics) {
    check_mbarrier_arrive(m, op, d);
    run(m, op, d, |c| {
        let p = c.ptr(0, SMEM_ANY, "");
        c.space_matches(p);
        tx_bytes(c);
    })
}

const OWN_CTA: &str =
    " (only the executing CTA's barrier can be waited on, initialized or invalidated)";

/// mbarrier try_wait / test_wait / wait: the own CTA's barrier, an integer phase parity, an i1
/// result for the single tries.
pub fn check_mbarrier_wait_op(m: &Module, op: Op, d: &mut Diagnostics) {
    check_mbarrier_wait(m, op, d);
    run(m, op, d, |c| {
        let p = c.ptr(0, SMEM, OWN_CTA);
        c.space_matches(p);
        c.int_operand(1);
        let r = c.result_type(0);
        c.expect("result", r, "i1", is_i1);
    })
}

/// mbarrier init / inval: the own CTA's barrier; init's count is an integer.
pub fn check_mbarrier_init(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        c.ptr(0, SMEM, OWN_CTA);
        if c.operand(1).is_some() {
            c.int_operand(1);
        }
    })
}

/// `cluster_arrive`: release or relaxed.
pub fn check_cluster_arrive_op(m: &Module, op: Op, d: &mut Diagnostics) {
    check_cluster_arrive(m, op, d)
}
/// `cluster_wait`: acquire only.
pub fn check_cluster_wait_op(m: &Module, op: Op, d: &mut Diagnostics) {
    check_cluster_wait(m, op, d)
}

/// `fence_proxy_async`: the optional space is one the async proxy reaches.
pub fn check_fence_proxy(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        let ok = [Space::Global, Space::SharedCta, Space::SharedCluster];
        if let Some(s) = c.m.attr_as::<Space>(c.op, sym!("space")) {
            if !ok.contains(&s) {
                c.err(format!(
                    "does not accept space '{s}'; expected one of: global, shared_cta, shared_cluster (or none: all spaces)"
                ));
            }
        }
    })
}

/// Bulk copies: g2s (shared dst, global src, barrier), s2g (global dst, shared_cta src); sizes
/// are multiples of 16 bytes (cp.async.bulk).
pub fn check_bulk_copy(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        if short(c.m, c.op) == "bulk_copy_g2s" {
            c.ptr(0, SMEM_ANY, "");
            c.ptr(1, GMEM, "");
            c.ptr(2, SMEM_ANY, "");
        } else {
            c.ptr(0, GMEM, "");
            c.ptr(1, SMEM, "");
        }
        c.attr(sym!("bytes"), "a positive multiple of 16", |v| {
            v > 0 && v % 16 == 0
        });
    })
}

/// `tma_load`: the own CTA's shared memory, a tensor map, the barrier, i32 coordinates; `bytes`
/// a positive multiple of 16 (the box: PTX ISA, "Tensor-map": the box's inner dimension is a
/// multiple of 16 bytes).
pub fn check_tma_load(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        c.ptr(0, SMEM, "");
        let map = c.operand(1).map(|v| c.m.value_type(v));
        if let Some(t) = map.filter(|&t| !crate::types::is_tensormap(c.m, t)) {
            let msg = format!(
                "operand #1 must be a '!nv_tileas.tensormap', but it is '{}'",
                ty(c.m, t)
            );
            c.type_err(msg);
        }
        c.ptr(2, SMEM, "");
        for i in 3..c.m.operands(c.op).len() {
            let t = c.operand(i).map(|v| c.m.value_type(v));
            c.expect(&format!("operand #{i}"), t, "an i32 coordinate", |t| {
                matches!(t, TypeData::Int(32))
            });
        }
        c.attr(sym!("bytes"), "a positive multiple of 16", |v| {
            v > 0 && v % 16 == 0
        });
    })
}

/// `bulk_wait` / `wgmma_wait` / `cp_async_wait`: pending groups 0..7.
pub fn check_pending(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        c.attr(sym!("pending"), "in 0..7", |v| (0..=7).contains(&v))
    })
}

/// st_async / red_async: a peer CTA's shared memory, a scalar, the peer's barrier.
pub fn check_async_store(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        c.ptr(0, DSMEM, "");
        let t = c.operand(1).map(|v| c.m.value_type(v));
        c.expect("operand #1", t, "a scalar", is_scalar);
        c.ptr(2, DSMEM, "");
    })
}

/// `wgmma_mma`: A and B in the own CTA's shared memory; accumulators in and out, one type and
/// count. With `n` (the printable form): `n` a multiple of 8 in 8..=256, `n/2` f32 accumulators,
/// `ab_type` f16 or bf16, and each layout offset a multiple of 16 below 2^18 (the descriptor
/// holds it as 14 bits of 16-byte units: PTX ISA, "Matrix Descriptor Format"). Without `n`, one
/// accumulator stands for them all (the verify-races model).
pub fn check_wgmma_mma(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        c.ptr(0, SMEM, "");
        c.ptr(1, SMEM, "");
        let accs: Vec<Type> = c.m.operands(c.op)[2..]
            .iter()
            .map(|&v| c.m.value_type(v))
            .collect();
        for (i, &t) in accs.iter().enumerate() {
            c.expect(
                &format!("operand #{} (accumulator)", i + 2),
                Some(t),
                "a scalar",
                is_scalar,
            );
        }
        let res: Vec<Type> = c.m.results(c.op).map(|v| c.m.value_type(v)).collect();
        if res != accs {
            c.err(
                "results (accumulators) must have the types of operands #2.. (one per accumulator)",
            );
        }
        let Some(n) = c.int(sym!("n")) else {
            if accs.len() != 1 {
                c.err("without 'n', one accumulator stands for all of them");
            }
            return;
        };
        if !(8..=256).contains(&n) || n % 8 != 0 {
            c.err(format!(
                "attribute 'n' must be a multiple of 8 in 8..=256, but it is {n}"
            ));
            return;
        }
        if accs.len() as i64 != n / 2 {
            c.err(format!(
                "m64n{n}k16 has {} accumulators per thread, but {} are given",
                n / 2,
                accs.len()
            ));
        }
        let ab = super::WgmmaMma(c.op).ab_type(c.m);
        let int = matches!(ab, Some("s8.s8" | "s8.u8" | "u8.s8" | "u8.u8"));
        if int {
            let i32_ok = |t: &TypeData| matches!(t, TypeData::Int(32));
            c.expect("the accumulators", accs.first().copied(), "i32", i32_ok);
            if super::WgmmaMma(c.op).trans_b(c.m) {
                c.err("8-bit integer factors are K-major only: no 'trans_b'");
            }
        } else {
            let f32_ok = |t: &TypeData| matches!(t, TypeData::Float(FloatKind::F32));
            c.expect("the accumulators", accs.first().copied(), "f32", f32_ok);
        }
        if !int && !matches!(ab, Some("f16" | "bf16")) {
            c.err("attribute 'ab_type' must be \"f16\", \"bf16\" or two 8-bit integer types (\"s8.u8\")");
        }
        for key in ["a_lbo", "a_sbo", "b_lbo", "b_sbo"] {
            if c.int(Sym::new(key)).is_none() {
                c.err(format!("attribute '{key}' is required with 'n'"));
            }
            c.attr(Sym::new(key), "a multiple of 16 below 2^18", |v| {
                (0..1 << 18).contains(&v) && v % 16 == 0
            });
        }
        for key in ["a_swizzle", "b_swizzle"] {
            c.attr(Sym::new(key), "32, 64 or 128 (bytes)", |v| {
                matches!(v, 32 | 64 | 128)
            });
        }
        for (key, swz, who) in [("a_koff", "a_swizzle", "A"), ("b_koff", "b_swizzle", "B")] {
            if let Some(koff) = c.int(Sym::new(key)) {
                let w = c.int(Sym::new(swz)).unwrap_or(0);
                if koff < 0 || koff % 16 != 0 || koff >= w {
                    c.err(format!(
                        "attribute '{key}' must be a multiple of 16 inside {who}'s swizzle width ('{swz}' = {w}), but it is {koff}"
                    ));
                }
            }
        }
    })
}

/// TMEM column counts: a power of two in [32, 512].
fn columns(c: &mut C) {
    c.attr(sym!("columns"), "a power of two in 32..512", |v| {
        (32..=512).contains(&v) && v & (v - 1) == 0
    });
}

/// `tcgen05_alloc`: writes the TMEM address to shared memory.
pub fn check_tcgen05_alloc(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        c.ptr(0, SMEM, "");
        columns(c);
    })
}
/// `tcgen05_dealloc`: a TMEM address.
pub fn check_tcgen05_dealloc(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        c.ptr(0, TMEM, "");
        columns(c);
    })
}
/// `tcgen05_ld` / `_st` / `_mma`: operand #0 is a TMEM address.
pub fn check_tmem_access(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        c.ptr(0, TMEM, "");
    })
}
/// `tcgen05_commit`: arrives on a local or remote mbarrier.
pub fn check_tcgen05_commit(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        c.ptr(0, SMEM_ANY, "");
    })
}

/// `shfl_bfly`: a 32-bit value (i32 or f32) in and out, a lane mask in 1..=31.
pub fn check_shfl(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        c.attr(sym!("lane_mask"), "1..31", |v| (1..=31).contains(&v));
        let r = c.result_type(0);
        c.expect("result", r, "i32 or f32", |t| {
            matches!(
                t,
                TypeData::Int(32) | TypeData::Float(tilec_ir::FloatKind::F32)
            )
        });
        let a = c.operand(0).map(|v| c.m.value_type(v));
        c.expect("operand #0", a, "i32 or f32", |t| {
            matches!(
                t,
                TypeData::Int(32) | TypeData::Float(tilec_ir::FloatKind::F32)
            )
        });
    })
}

/// `mma_sync`: `ab_type` f16 or bf16 (4 + 2 i32 operands of packed pairs, 4 f32 accumulators
/// and results) or the two i8 factors' `s8`/`u8` joined by a dot (packed quads, 4 i32
/// accumulators and results).
pub fn check_mma_sync(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        let ab = match c.m.get_attr(op, sym!("ab_type")) {
            Some(tilec_ir::AttrData::Str(s)) => s.to_string(),
            _ => String::new(),
        };
        let int = MMA_INT_AB.contains(&ab.as_str());
        if !int && ab != "f16" && ab != "bf16" {
            c.err(format!(
                "attribute 'ab_type' must be \"f16\", \"bf16\" or one of {MMA_INT_AB:?}"
            ));
        }
        fn i32_acc(t: &TypeData) -> bool {
            matches!(t, TypeData::Int(32))
        }
        fn f32_acc(t: &TypeData) -> bool {
            matches!(t, TypeData::Float(tilec_ir::FloatKind::F32))
        }
        let acc: fn(&TypeData) -> bool = if int { i32_acc } else { f32_acc };
        let acc_name = if int { "i32" } else { "f32" };
        for i in 0..10 {
            let t = c.operand(i).map(|v| c.m.value_type(v));
            if i < 6 {
                c.expect(&format!("operand #{i}"), t, "i32", |t| {
                    matches!(t, TypeData::Int(32))
                });
            } else {
                c.expect(&format!("operand #{i}"), t, acc_name, acc);
            }
        }
        for i in 0..4 {
            let r = c.result_type(i);
            c.expect(&format!("result #{i}"), r, acc_name, acc);
        }
    })
}

/// The `ab_type`s of an integer `mma_sync` (m16n8k32, i32 accumulators): each factor signed or
/// unsigned.
pub const MMA_INT_AB: [&str; 4] = ["s8.s8", "s8.u8", "u8.s8", "u8.u8"];

/// Special registers: `dim` is 0..2 (x, y, z); the result is an integer.
pub fn check_sreg(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        c.attr(sym!("dim"), "0, 1 or 2", |v| (0..=2).contains(&v));
        let r = c.result_type(0);
        c.expect("result", r, "an integer", is_int);
    })
}

/// `constant`: an integer value for an integer result, a float for a float.
pub fn check_constant(m: &Module, op: Op, d: &mut Diagnostics) {
    run(m, op, d, |c| {
        let Some(r) = c.result_type(0) else { return };
        let v = c.m.get_attr(c.op, sym!("value"));
        let ok = matches!(
            (v, c.m.type_data(r)),
            (
                Some(tilec_ir::AttrData::Int { .. }),
                TypeData::Int(_) | TypeData::Index
            ) | (Some(tilec_ir::AttrData::Float { .. }), TypeData::Float(_))
                | (None, _)
        );
        if !ok {
            let kind = match v {
                Some(tilec_ir::AttrData::Int { .. }) => "an integer",
                _ => "a float",
            };
            let msg = format!("has {kind} value, but its result type is '{}'", ty(c.m, r));
            c.err(msg);
        }
    })
}

/// `printf`: scalar operands of the types the C printf takes from vprintf's buffer (32- and
/// 64-bit integers, f32 — promoted to f64 in the buffer, as C's varargs do — and f64), and a
/// format without NUL (it is a C string).
pub fn check_printf(m: &Module, op: Op, d: &mut Diagnostics) {
    for (i, &v) in m.operands(op).iter().enumerate() {
        let t = m.value_type(v);
        let ok = matches!(
            m.type_data(t),
            TypeData::Int(32 | 64) | TypeData::Float(FloatKind::F32 | FloatKind::F64)
        );
        if !ok {
            crate::common::type_err(
                m,
                op,
                d,
                format!(
                    "operand #{i} is '{}': printf takes i32, i64, f32 or f64",
                    crate::common::ty(m, t)
                ),
            );
        }
    }
    if let Some(tilec_ir::AttrData::Str(f)) = m.get_attr(op, sym!("format")) {
        if f.contains('\0') {
            crate::common::err(m, op, d, "format contains a NUL character");
        }
    }
}
