//! The first step of `lower-cuda-tile-to-aa`: NVIDIA's cuda_tile forms rewritten into the core
//! cuda_tile ops the 1:1 lowering maps (docs/cuda-tile-ops.md):
//!
//! - `assume PRED, %x` is `%x` (the predicate is a hint the lowering does not use yet);
//! - `negi %x` is `0 - x`; `get_tensor_shape` / `get_index_space_shape` are the view's sizes
//!   (from `make_tensor_view`) and `ceil(size / tile)` per dimension;
//! - the generic `exti {signedness = #cuda_tile.signedness<signed>}` is `extsi` (`extui`), and
//!   so the generic `maxi`/`mini`/`remi`/`shri`/`itof`/`ftoi` are `maxsi`/`minsi`/`remsi`/
//!   `shrsi`/`sitofp`/`fptosi` (or the unsigned op);
//! - NVIDIA's three-result `get_tile_block_id` / `get_num_tile_blocks` is three tilec ops, one
//!   per dimension;
//! - `load_view_tko` / `store_view_tko` of a `partition_view` become the pointer-tile access
//!   of the same pair: along tile dimension d (tile size `T[d]`, walking tensor dimension
//!   `dim_map[d]` of size `s` and stride `st`), element `k` of tile `i` has coordinate
//!   `c = i[d]·T[d] + k[d]` (`k[d]` from the row-major flat index `k`), and the address is
//!   `p + Σ c·st` (i64 offsets: a stride times an index may pass 2^31). Each dimension masks
//!   `c < s` unless `T[d]` is 1 or `s` is static and a multiple of `T[d]` (indices lie in the
//!   view's index space, so a tile starts in bounds); a load pads with the view's
//!   `padding_value`. An access where each tile block touches its own tile once is marked
//!   `streaming` (a cache hint, [`super::streaming`]). The views themselves then have no use
//!   and are erased.
//!
//! - `for unsigned %iv in (%lb to %ub, step %s)` (the unsigned comparison `iv <u ub`) is the
//!   signed `for %jv in (%lb ^ MIN to %ub ^ MIN, step %s)` with `%iv = %jv ^ MIN` at the top of
//!   the body (`MIN` the sign bit of the width): `a <u b` is `a ^ MIN <s b ^ MIN`, and
//!   `(iv + s) ^ MIN = (iv ^ MIN) + s` modulo 2^w, so the loops run the same iterations.
//!
//! - float arithmetic on f16 and bf16 tiles (`addf`, `subf`, `mulf`, `divf`, `sqrt`, `maxf`,
//!   `minf`, `negf`, `absf`, `cmpf`, `remf`, `floor`, `ceil` and the transcendental functions)
//!   is computed on f32 (each operand widened by `ftof`, exact) and rounded back by `ftof` with
//!   the op's rounding: the same results. f16 and bf16 values are exact in f32, so max, min,
//!   negation, absolute value, comparison, remainder, floor and ceil give exactly their own
//!   type's result; `+ - × ÷ √` rounded to nearest in f32 and again in the 16-bit type are
//!   correctly rounded, since f32's 24 bits are at least twice f16's 11 (and bf16's 8) plus 2
//!   (S. A. Figueroa, "When is double rounding innocuous?", SIGNUM 1995). The transcendental
//!   functions are as accurate as their f32 forms, plus the final rounding. Not widened: a
//!   directed rounding (a located error on 16-bit floats: `ftof` rounds to nearest only, and
//!   nearest after a directed rounding is not that rounding), and `fma` (its sum rounded twice
//!   is not proven equal to one rounding: PTX's `fma.rn.f16x2` computes it, as_to_ptx/math.rs).
//!
//! The views must reach their accesses directly (`make_tensor_view` → `make_partition_view` →
//! access, in one kernel): a view passed through a loop or an `if` is a located "cannot lower
//! yet" error.

use crate::lower::cannot_lower;
use rustc_hash::FxHashMap;
use tilec_dialects::cuda_tile::tensor_views::{PartitionView, TensorView};
use tilec_dialects::cuda_tile::{self as ct, words, OpKind};
use tilec_dialects::opdef::{self, AnyPair, PairOp};
use tilec_dialects::types::{ct_ptr, tile, tile_shape};
use tilec_ir::{
    sym, AttrData, Builder, Diagnostics, FloatKind, Module, Op, OpView, Sym, Type, TypeData, Value,
    WalkControl,
};

const PASS: &str = "lower-cuda-tile-to-aa";

/// Whether ops of kind `k` are rewritten here (so the lowering accepts them).
pub fn expands(k: OpKind) -> bool {
    matches!(
        k,
        OpKind::Assume
            | OpKind::ExtI
            | OpKind::MaxI
            | OpKind::MinI
            | OpKind::RemI
            | OpKind::ShRI
            | OpKind::IToF
            | OpKind::FToI
            | OpKind::NegI
            | OpKind::DivI
            | OpKind::GetIndexSpaceShape
            | OpKind::GetTensorShape
            | OpKind::MakeTensorView
            | OpKind::MakePartitionView
            | OpKind::MakeStridedView
            | OpKind::MakeGatherScatterView
            | OpKind::LoadViewTko
            | OpKind::StoreViewTko
            | OpKind::AtomicRedViewTko
    )
}

/// Rewrites every NVIDIA form of the module; errors are located, and the module is then not
/// lowered further.
pub fn expand(m: &mut Module, source: Option<tilec_dialects::Dialect>) -> Diagnostics {
    let mut d = Diagnostics::new();
    let mut todo = Vec::new();
    let mut halves = Vec::new();
    m.walk(&mut |op| {
        if let Some(k) = OpKind::of(m, op) {
            let three = matches!(k, OpKind::GetTileBlockId | OpKind::GetNumTileBlocks)
                && m.num_results(op) == 3;
            // NVIDIA's generic comparison (its predicate as words, no `predicate`).
            let nvidia_cmp = matches!(k, OpKind::CmpI | OpKind::CmpF)
                && m.get_attr(op, sym!(ct::CmpI::PREDICATE)).is_none()
                && m.get_attr(op, Sym::new(ct::CmpI::COMPARISON_PREDICATE))
                    .is_some();
            let unsigned_for =
                k == OpKind::For && m.get_attr(op, Sym::new(ct::For::UNSIGNED_CMP)).is_some();
            if three || nvidia_cmp || unsigned_for || expands(k) {
                todo.push((op, k));
            }
            // A directed rounding is not widened (module docs); `full` (exp, tanh) is.
            let nearest = words::word(m, op, ct::AddF::ROUNDING_MODE)
                .is_none_or(|w| !matches!(w, "zero" | "negative_inf" | "positive_inf"));
            if widens(k) && nearest && half_operands(m, op) {
                halves.push(op);
            }
        }
        WalkControl::Continue
    });
    for op in halves {
        widen(m, op);
    }
    if todo.is_empty() {
        return d;
    }
    let mut map: FxHashMap<Value, Value> = FxHashMap::default();
    let mut erase = Vec::new();
    let mut views = Vec::new();
    let mut streaming = super::streaming::Streaming::default();
    for (op, k) in todo {
        // The lowering runs on unverified input: an op without the operands and results its
        // rewrite reads is an error, never a panic.
        if let Err(why) = shape_ok(m, op, k) {
            d.push(*cannot_lower(PASS, m, op, why, source));
            continue;
        }
        let r = match k {
            OpKind::Assume => {
                map.insert(m.result(op, 0), m.operands(op)[0]);
                erase.push(op);
                Ok(())
            }
            OpKind::ExtI
            | OpKind::MaxI
            | OpKind::MinI
            | OpKind::RemI
            | OpKind::ShRI
            | OpKind::IToF
            | OpKind::FToI => by_signedness(m, op, k),
            OpKind::NegI => {
                negate(m, op, &mut map);
                erase.push(op);
                Ok(())
            }
            OpKind::DivI => directed_div(m, op, &mut map).map(|()| erase.push(op)),
            OpKind::GetIndexSpaceShape | OpKind::GetTensorShape => {
                shape_query(m, op, k == OpKind::GetIndexSpaceShape, &mut map)
                    .map(|()| erase.push(op))
            }
            OpKind::GetTileBlockId | OpKind::GetNumTileBlocks => {
                split_block_query(m, op, k, &mut map);
                erase.push(op);
                Ok(())
            }
            OpKind::MakeTensorView
            | OpKind::MakePartitionView
            | OpKind::MakeStridedView
            | OpKind::MakeGatherScatterView => {
                views.push(op);
                Ok(())
            }
            OpKind::CmpI | OpKind::CmpF => cmp_words(m, op, k == OpKind::CmpI),
            OpKind::For => unsigned_for(m, op),
            _ => access(m, op, k, &mut map, &mut streaming).map(|()| erase.push(op)),
        };
        if let Err(why) = r {
            d.push(*cannot_lower(PASS, m, op, why, source));
        }
    }
    if d.has_errors() {
        return d;
    }
    remap(m, &map);
    for op in erase {
        m.erase_op(op);
    }
    // The views, last uses first: a partition view before the tensor view it cuts.
    for op in views.into_iter().rev() {
        if has_uses(m, op) {
            d.push(*cannot_lower(
                PASS,
                m,
                op,
                "a view must reach its load_view_tko/store_view_tko directly (not through control flow or other ops)",
                source,
            ));
        } else {
            m.erase_op(op);
        }
    }
    d
}

/// The float ops computed on f32 when their operands are 16-bit floats (module docs).
fn widens(k: OpKind) -> bool {
    use OpKind as K;
    matches!(
        k,
        K::AddF
            | K::SubF
            | K::MulF
            | K::DivF
            | K::Sqrt
            | K::MaxF
            | K::MinF
            | K::NegF
            | K::AbsF
            | K::CmpF
            | K::RemF
            | K::Floor
            | K::Ceil
            | K::Exp
            | K::Exp2
            | K::Log
            | K::Log2
            | K::Rsqrt
            | K::TanH
            | K::Sin
            | K::Cos
            | K::Tan
            | K::SinH
            | K::CosH
            | K::Atan2
            | K::Pow
    )
}

/// The 16-bit float type of a tile element, if it is one.
fn half(m: &Module, t: Type) -> bool {
    tile_shape(m, t).is_some_and(|(_, e)| {
        matches!(
            m.type_data(e),
            TypeData::Float(FloatKind::F16 | FloatKind::BF16)
        )
    })
}

/// Does `op` take 16-bit float tiles (all of its operands, as the float ops' verifiers ask)?
fn half_operands(m: &Module, op: Op) -> bool {
    let ops = m.operands(op);
    !ops.is_empty() && ops.iter().all(|&v| half(m, m.value_type(v)))
}

/// `t` with f32 elements.
fn as_f32(m: &mut Module, t: Type) -> Type {
    let dims = tile_shape(m, t)
        .map(|(d, _)| d.to_vec())
        .unwrap_or_default();
    let f32t = m.float_type(FloatKind::F32);
    tile(m, "cuda_tile", &dims, f32t)
}

/// `op` on f16/bf16 tiles computed on f32 (module docs): its operands widened, the op on
/// f32 with its attributes, the result (unless an i1 comparison) rounded back by `ftof` with
/// the op's rounding.
fn widen(m: &mut Module, op: Op) {
    let loc = m.op_loc(op);
    let operands = m.operands(op).to_vec();
    let mut wide = Vec::new();
    for v in operands {
        let t = as_f32(m, m.value_type(v));
        wide.push(Builder::before(m, op, loc).value(ct::FToF::name_sym(), &[v], t, &[]));
    }
    let r = m.result(op, 0);
    let rt = m.value_type(r);
    let keep = !half(m, rt);
    let wt = if keep { rt } else { as_f32(m, rt) };
    let name = m.op_name(op);
    let attrs = m.attrs(op);
    let n = Builder::before(m, op, loc).op_with_dict(name, &wide, &[wt], attrs, 0);
    let mut out = m.result(n, 0);
    if !keep {
        // To nearest even, as the op's own rounding (a directed one is not widened).
        out = Builder::before(m, op, loc).value(ct::FToF::name_sym(), &[out], rt, &[]);
    }
    m.replace_all_uses(r, out);
    m.erase_op(op);
}

/// `for unsigned` as a signed `for` over the induction variable with its sign bit flipped (see
/// the module documentation).
fn unsigned_for(m: &mut Module, op: Op) -> Result<(), String> {
    let loc = m.op_loc(op);
    let (lb, ub) = (m.operands(op)[0], m.operands(op)[1]);
    let t = m.value_type(lb);
    let width = match tile_shape(m, t).map(|(_, e)| m.type_data(e).clone()) {
        Some(TypeData::Int(w)) if (2..=64).contains(&w) => u32::from(w),
        _ => return Err("the induction variable of a 'for' must be an integer".into()),
    };
    let body = m
        .regions(op)
        .first()
        .and_then(|&r| m.entry_block(r))
        .ok_or("a 'for' has no body")?;
    let (Some(&iv), Some(first)) = (m.block_args(body).first(), m.block_ops(body).next()) else {
        return Err("a 'for' body has no induction variable or no terminator".into());
    };
    let e = tile_shape(m, t).map(|(_, e)| e).unwrap_or(t);
    // The sign bit of the width, as the constant of that width holds it (sign-extended).
    let min = AttrData::Int {
        value: -(1i64 << (width - 1)),
        ty: e,
    };
    let mut b = Builder::before(m, op, loc);
    let c = b.value(
        ct::Constant::name_sym(),
        &[],
        t,
        &[(sym!(ct::Constant::VALUE), min)],
    );
    let blb = b.value(ct::XOrI::name_sym(), &[lb, c], t, &[]);
    let bub = b.value(ct::XOrI::name_sym(), &[ub, c], t, &[]);
    m.set_operand(op, 0, blb);
    m.set_operand(op, 1, bub);
    let x = Builder::before(m, first, loc).value(ct::XOrI::name_sym(), &[iv, c], t, &[]);
    m.replace_all_uses(iv, x);
    // The flip itself reads the loop's own variable.
    let flip = m.defining_op(x).ok_or("the flip has no op")?;
    m.set_operand(flip, 0, iv);
    m.remove_attr(op, Sym::new(ct::For::UNSIGNED_CMP));
    Ok(())
}

/// The operand and result counts the rewrite of `op` reads.
fn shape_ok(m: &Module, op: Op, k: OpKind) -> Result<(), &'static str> {
    let (ops, res) = (m.operands(op).len(), m.num_results(op));
    let ok = match k {
        OpKind::Assume | OpKind::ExtI | OpKind::NegI | OpKind::IToF | OpKind::FToI => {
            ops == 1 && res == 1
        }
        OpKind::MaxI | OpKind::MinI | OpKind::RemI | OpKind::ShRI => ops == 2 && res == 1,
        OpKind::DivI => ops == 2 && res == 1,
        OpKind::GetIndexSpaceShape | OpKind::GetTensorShape => ops == 1,
        OpKind::MakeTensorView => ops >= 1 && res == 1,
        OpKind::MakePartitionView | OpKind::MakeStridedView | OpKind::MakeGatherScatterView => {
            ops == 1 && res == 1
        }
        OpKind::LoadViewTko => ops >= 1 && res == 2,
        OpKind::StoreViewTko => ops >= 2 && res == 1,
        OpKind::AtomicRedViewTko => ops >= 2 && res == 1,
        OpKind::For => ops >= 3,
        _ => true,
    };
    if ok {
        Ok(())
    } else {
        Err("its operands or results are not those of the op (run the verifier)")
    }
}

/// Replaces every operand found in `map` (following chains: an assumed value of an assumed
/// value).
fn remap(m: &mut Module, map: &FxHashMap<Value, Value>) {
    let resolve = |mut v: Value| {
        while let Some(&n) = map.get(&v) {
            v = n;
        }
        v
    };
    let mut all = Vec::new();
    m.walk(&mut |op| {
        all.push(op);
        WalkControl::Continue
    });
    for op in all {
        for i in 0..m.operands(op).len() {
            let v = m.operands(op)[i];
            let n = resolve(v);
            if n != v {
                m.set_operand(op, i, n);
            }
        }
    }
}

fn has_uses(m: &Module, op: Op) -> bool {
    let r = m.result(op, 0);
    let mut used = false;
    m.walk(&mut |o| {
        used |= m.operands(o).contains(&r);
        if used {
            WalkControl::Stop
        } else {
            WalkControl::Continue
        }
    });
    used
}

/// The signedness NVIDIA's attribute `key` of `op` says, or the rewrite's error.
fn signed_attr(m: &Module, op: Op, key: &str) -> Result<bool, String> {
    words::signedness(m, op, key)
        .ok_or_else(|| "its signedness must be #cuda_tile.signedness<signed|unsigned>".into())
}

/// NVIDIA's generic `exti`/`maxi`/`mini`/`remi`/`shri`/`itof`/`ftoi` with their `signedness` become
/// tilec's op of that signedness (`maxsi`, `remui`, `uitofp`, …, what the custom syntax reads them as); `itof` and
/// `ftoi` must have their one rounding (NVIDIA's verifier: nearest even, toward zero).
fn by_signedness(m: &mut Module, op: Op, k: OpKind) -> Result<(), String> {
    let rounding = match k {
        OpKind::IToF => Some("nearest_even"),
        OpKind::FToI => Some("nearest_int_to_zero"),
        _ => None,
    };
    let signed = signed_attr(m, op, ct::IToF::SIGNEDNESS)?;
    if let Some(only) = rounding {
        if words::word(m, op, ct::IToF::ROUNDING_MODE) != Some(only) {
            return Err(format!(
                "its rounding_mode must be #cuda_tile.rounding<{only}>, the only one NVIDIA allows"
            ));
        }
        m.remove_attr(op, Sym::new(ct::IToF::ROUNDING_MODE));
    }
    m.remove_attr(op, Sym::new(ct::IToF::SIGNEDNESS));
    let name = words::with_signedness(k, signed).ok_or("no signed form")?;
    m.set_op_name(op, Sym::new(name.name()));
    Ok(())
}

/// NVIDIA's generic `cmpi`/`cmpf` (`comparison_predicate` with `signedness` or
/// `comparison_ordering`) → tilec's `predicate`.
fn cmp_words(m: &mut Module, op: Op, int: bool) -> Result<(), String> {
    let p = tilec_dialects::cuda_tile::words::cmp_predicate(m, op, int)
        .ok_or("a comparison without a predicate")?;
    for key in tilec_dialects::cuda_tile::words::CMP_WORDS {
        m.remove_attr(op, Sym::new(key));
    }
    m.set_attr(op, sym!(ct::CmpI::PREDICATE), AttrData::Str(p.into()));
    Ok(())
}

/// `%x, %y, %z = get_tile_block_id` → one op per dimension.
fn split_block_query(m: &mut Module, op: Op, k: OpKind, map: &mut FxHashMap<Value, Value>) {
    let loc = m.op_loc(op);
    let (name, key) = if k == OpKind::GetTileBlockId {
        (
            ct::GetTileBlockId::name_sym(),
            sym!(ct::GetTileBlockId::DIM),
        )
    } else {
        (
            ct::GetNumTileBlocks::name_sym(),
            sym!(ct::GetNumTileBlocks::DIM),
        )
    };
    let i32t = m.int_type(32);
    for dim in 0..3 {
        let r = m.result(op, dim);
        let t = m.value_type(r);
        let dim_attr = AttrData::Int {
            value: dim as i64,
            ty: i32t,
        };
        let v = Builder::before(m, op, loc).value(name, &[], t, &[(key, dim_attr)]);
        map.insert(r, v);
    }
}

/// `negi %x` is `0 - x` (two's complement: exactly the negation, overflow included).
fn negate(m: &mut Module, op: Op, map: &mut FxHashMap<Value, Value>) {
    let loc = m.op_loc(op);
    let x = m.operands(op)[0];
    let t = m.value_type(x);
    let Some(e) = tile_shape(m, t).map(|(_, e)| e) else {
        return;
    };
    let zero = AttrData::Int { value: 0, ty: e };
    let mut b = Builder::before(m, op, loc);
    let z = b.value(
        ct::Constant::name_sym(),
        &[],
        t,
        &[(sym!(ct::Constant::VALUE), zero)],
    );
    let r = b.value(ct::SubI::name_sym(), &[z, x], t, &[]);
    let old = m.result(op, 0);
    map.insert(old, r);
}

/// NVIDIA's `divi` with a directed rounding, from the truncating division and its remainder
/// `r` (C semantics: `r` has the dividend's sign): floor (`negative_inf`) subtracts 1 where
/// `r != 0` and `r`, `b` differ in sign; ceiling (`positive_inf`) adds 1 where `r != 0` and they
/// agree (unsigned: where `r != 0`); unsigned floor and `zero` are the plain division.
fn directed_div(m: &mut Module, op: Op, map: &mut FxHashMap<Value, Value>) -> Result<(), String> {
    let signed = signed_attr(m, op, ct::DivI::SIGNEDNESS)?;
    let rounding = words::word(m, op, ct::DivI::ROUNDING)
        .unwrap_or("zero")
        .to_string();
    let loc = m.op_loc(op);
    let (a, b) = (m.operands(op)[0], m.operands(op)[1]);
    let t = m.value_type(a);
    let Some((dims, e)) = tile_shape(m, t).map(|(d, e)| (d.to_vec(), e)) else {
        return Err("its operands are not tiles".into());
    };
    let i1 = m.int_type(1);
    let bt = tile(m, "cuda_tile", &dims, i1);
    let mut bld = Builder::before(m, op, loc);
    let (div, rem) = if signed {
        (ct::DivSI::name_sym(), ct::RemSI::name_sym())
    } else {
        (ct::DivUI::name_sym(), ct::RemUI::name_sym())
    };
    let q = bld.value(div, &[a, b], t, &[]);
    let adjust = match (rounding.as_str(), signed) {
        ("zero", _) | ("negative_inf", false) => None,
        ("negative_inf", true) => Some(-1),
        ("positive_inf", _) => Some(1),
        (r, _) => return Err(format!("rounding '{r}' is not supported")),
    };
    let result = match adjust {
        None => q,
        Some(delta) => {
            let r = bld.value(rem, &[a, b], t, &[]);
            let int = |v: i64| AttrData::Int { value: v, ty: e };
            let cst = |bld: &mut Builder<'_>, v: i64| {
                bld.value(
                    ct::Constant::name_sym(),
                    &[],
                    t,
                    &[(sym!(ct::Constant::VALUE), int(v))],
                )
            };
            let cmp = |bld: &mut Builder<'_>, x: Value, y: Value, p: &str| {
                bld.value(
                    ct::CmpI::name_sym(),
                    &[x, y],
                    bt,
                    &[(sym!(ct::CmpI::PREDICATE), AttrData::Str(p.into()))],
                )
            };
            let zero = cst(&mut bld, 0);
            let inexact = cmp(&mut bld, r, zero, "ne");
            let fix = if signed {
                // Do r and b have different signs (floor) or the same sign (ceiling)?
                let rn = cmp(&mut bld, r, zero, "slt");
                let bn = cmp(&mut bld, b, zero, "slt");
                let signs = cmp(&mut bld, rn, bn, if delta < 0 { "ne" } else { "eq" });
                bld.value(ct::AndI::name_sym(), &[inexact, signs], bt, &[])
            } else {
                inexact
            };
            let d = cst(&mut bld, delta);
            let moved = bld.value(ct::AddI::name_sym(), &[q, d], t, &[]);
            bld.value(ct::Select::name_sym(), &[fix, moved, q], t, &[])
        }
    };
    map.insert(m.result(op, 0), result);
    Ok(())
}

/// `get_tensor_shape %tv` (the tensor's sizes) and `get_index_space_shape %pv` (per tile
/// dimension i, the number of tiles along tensor dimension `dim_map[i]`:
/// `ceil(size / step(i))`), one 0-d integer per dimension, from the view's `make_tensor_view`.
fn shape_query(
    m: &mut Module,
    op: Op,
    tiles: bool,
    map: &mut FxHashMap<Value, Value>,
) -> Result<(), String> {
    let loc = m.op_loc(op);
    let v = m.operands(op)[0];
    let (tv, steps, dim_map) = if tiles {
        let mp = m.defining_op(v).filter(|&o| made_view(m, o)).ok_or(
            "its view must come from make_partition_view or make_strided_view, in this kernel",
        )?;
        let p = PartitionView::of(m, m.value_type(v)).ok_or("malformed partition_view")?;
        let steps: Vec<u64> = (0..p.tile.len()).map(|d| p.step(d)).collect();
        (m.operands(mp)[0], steps, p.dim_map)
    } else {
        (v, vec![], vec![])
    };
    let mt = m
        .defining_op(tv)
        .filter(|&o| ct::MakeTensorView::is(m, o))
        .ok_or("its tensor view must come from make_tensor_view, in this kernel")?;
    let t = TensorView::of(m, m.value_type(tv)).ok_or("malformed tensor_view")?;
    let mut dynamic = m.operands(mt)[1..].iter().copied();
    let sizes: Vec<Dim> = t
        .shape
        .iter()
        .map(|d| match d {
            Some(s) => Dim::Static(*s as i64),
            None => Dim::Value(dynamic.next().unwrap_or(tv)),
        })
        .collect();
    let n = if tiles { steps.len() } else { sizes.len() };
    if m.num_results(op) != n {
        return Err(format!("expected {n} results, one per dimension"));
    }
    for i in 0..n {
        let r = m.result(op, i);
        let rt = m.value_type(r);
        let e = tile_shape(m, rt)
            .map(|(_, e)| e)
            .ok_or("a result is not a tile")?;
        let axis = if tiles { dim_map[i] } else { i };
        let mut x = Ex {
            m,
            op,
            shape: vec![],
        };
        let size = match sizes.get(axis).ok_or("dim_map out of range")? {
            Dim::Static(s) => x.int(&[], e, *s),
            Dim::Value(v) => x.int_as(*v, e)?,
        };
        let out = if tiles {
            // ceil(size / S) = (size + S - 1) / S, sizes being non-negative; S is the tile size
            // of a partition view, the traversal stride of a strided view (NVIDIA: partial tiles
            // at the edge are in the index space).
            let tsz = steps[i] as i64;
            let bias = x.int(&[], e, tsz - 1);
            let sum = x.b().value(ct::AddI::name_sym(), &[size, bias], rt, &[]);
            let d = x.int(&[], e, tsz);
            x.b().value(ct::DivSI::name_sym(), &[sum, d], rt, &[])
        } else {
            size
        };
        let _ = loc;
        map.insert(r, out);
    }
    Ok(())
}

/// The pieces of a view access, read from the ops that made the view.
struct View {
    base: Value,
    elem: Type,
    /// The tile shape.
    tile: Vec<u64>,
    /// Tile `i` starts at `i[d]·steps[d]` along tile dimension `d` (the tile size, or a strided
    /// view's traversal stride).
    steps: Vec<u64>,
    /// Tile dimension i walks tensor dimension `dim_map[i]`.
    dim_map: Vec<usize>,
    /// A gather/scatter view's sparse dimension: its index is a 1-d tile of element indices.
    sparse: Option<usize>,
    /// The tensor's sizes and strides (in elements), per tensor dimension.
    sizes: Vec<Dim>,
    strides: Vec<Dim>,
    padding: Option<Sym>,
}

#[derive(Clone, Copy)]
enum Dim {
    Static(i64),
    Value(Value),
}

/// Whether `op` makes a tile view of a tensor view (`make_partition_view`, `make_strided_view`,
/// `make_gather_scatter_view`).
fn made_view(m: &Module, op: Op) -> bool {
    ct::MakePartitionView::is(m, op)
        || ct::MakeStridedView::is(m, op)
        || ct::MakeGatherScatterView::is(m, op)
}

/// Finds the view `pv` was made from.
fn view_of(m: &Module, pv: Value) -> Result<View, String> {
    let not_direct = || {
        "its view must come from make_partition_view (or make_strided_view) of make_tensor_view, in this kernel"
            .to_string()
    };
    let mp = m
        .defining_op(pv)
        .filter(|&o| made_view(m, o))
        .ok_or_else(not_direct)?;
    let tv = *m.operands(mp).first().ok_or_else(not_direct)?;
    let mt = m
        .defining_op(tv)
        .filter(|&o| ct::MakeTensorView::is(m, o))
        .ok_or_else(not_direct)?;
    let p = PartitionView::of(m, m.value_type(pv)).ok_or("its partition_view type is malformed")?;
    let t = TensorView::of(m, m.value_type(tv)).ok_or("its tensor_view type is malformed")?;
    if p.tile.len() != t.shape.len() || p.dim_map.len() != p.tile.len() || p.tile.is_empty() {
        return Err("its partition_view does not match its tensor_view".into());
    }
    let ops = m.operands(mt);
    let base = *ops.first().ok_or_else(not_direct)?;
    let mut dynamic = ops[1..].iter().copied();
    let mut take = |what: &str| {
        dynamic
            .next()
            .ok_or_else(|| format!("make_tensor_view lacks a {what} operand"))
    };
    let mut sizes = Vec::new();
    for d in &t.shape {
        sizes.push(match d {
            Some(s) => Dim::Static(*s as i64),
            None => Dim::Value(take("size")?),
        });
    }
    let mut strides = Vec::new();
    for s in &t.strides {
        strides.push(match s {
            Some(s) => Dim::Static(*s),
            None => Dim::Value(take("stride")?),
        });
    }
    let steps = (0..p.tile.len()).map(|d| p.step(d)).collect();
    Ok(View {
        base,
        elem: t.elem,
        tile: p.tile,
        steps,
        sparse: p.sparse_dim,
        dim_map: p.dim_map,
        sizes,
        strides,
        padding: p.padding,
    })
}

/// Rewrites one `load_view_tko` / `store_view_tko` / `atomic_red_view_tko` into
/// `load_ptr_tko` / `store_ptr_tko` / `atomic_rmw_tko` on the view's pointers, masked by its
/// bounds (the atomic's old values are not used).
fn access(
    m: &mut Module,
    op: Op,
    k: OpKind,
    map: &mut FxHashMap<Value, Value>,
    streaming: &mut super::streaming::Streaming,
) -> Result<(), String> {
    let store = k == OpKind::StoreViewTko;
    let red = k == OpKind::AtomicRedViewTko;
    let ops = m.operands(op).to_vec();
    let is_token = |m: &Module, t: Value| tilec_dialects::types::is_token(m, m.value_type(t));
    let fixed = 1 + usize::from(store);
    let view = view_of(m, ops[fixed - 1])?;
    let token = ops
        .last()
        .copied()
        .filter(|&t| ops.len() > fixed && is_token(m, t));
    let end = ops.len() - usize::from(token.is_some());
    // The reduction's tile follows its indices.
    let (idx, value) = if red {
        if end < 2 {
            return Err("it has no tile to add".into());
        }
        (&ops[fixed..end - 1], Some(ops[end - 1]))
    } else {
        (&ops[fixed..end], store.then(|| ops[0]))
    };
    if idx.len() != view.tile.len() || idx.is_empty() {
        return Err(format!(
            "a rank-{} view takes {} indices",
            view.tile.len(),
            view.tile.len()
        ));
    }
    let idx_elem = tile_shape(m, m.value_type(idx[0]))
        .map(|(_, e)| e)
        .ok_or("the index is not a tile")?;
    let same = |v: &Value| tile_shape(m, m.value_type(*v)).is_some_and(|(_, e)| e == idx_elem);
    if !idx.iter().all(same) {
        return Err("its indices are of different integer types".into());
    }
    let mut b = Ex {
        m,
        op,
        shape: view.tile.clone(),
    };
    let (ptrs, mask) = b.addresses(&view, idx, idx_elem)?;
    let pair = AnyPair(op).pair(b.m);
    let mut attrs = vec![opdef::sem_entry(
        pair.0.unwrap_or(tilec_ir::MemSemantic::Weak),
    )];
    attrs.extend(pair.1.map(opdef::scope_entry));
    // Tiles of a strided view may overlap: no streaming hint (it assumes one touch per tile).
    let disjoint = view.steps == view.tile && view.sparse.is_none();
    if !red && disjoint && streaming.streams(b.m, op, pair.0, idx) {
        attrs.push((sym!(ct::LoadPtr::STREAMING), AttrData::Unit));
    }
    if red {
        let kind = ct::AtomicRedViewTko(op)
            .kind(b.m)
            .ok_or("it has no atomic mode")?;
        attrs.insert(0, (sym!(ct::AtomicRmw::KIND), AttrData::Rmw(kind)));
    }
    let mut operands = vec![ptrs];
    operands.extend(value);
    if let Some(mk) = mask {
        operands.push(mk);
        if let (false, false, Some(p)) = (store, red, view.padding) {
            let pad = b.padding(p, view.elem)?;
            operands.push(pad);
        }
    }
    operands.extend(token);
    let loc = b.m.op_loc(op);
    let mut results: Vec<Type> = b.m.results(op).map(|r| b.m.value_type(r)).collect();
    let name = match k {
        OpKind::StoreViewTko => ct::StorePtr::name_sym(),
        OpKind::AtomicRedViewTko => {
            // atomic_rmw_tko also yields the old values.
            let vt = value.map(|v| b.m.value_type(v)).ok_or("no tile")?;
            results.insert(0, vt);
            ct::AtomicRmw::name_sym()
        }
        _ => ct::LoadPtr::name_sym(),
    };
    let new = Builder::before(b.m, op, loc).op(name, &operands, &results, &attrs);
    let skip = usize::from(red);
    for (old, new) in
        b.m.results(op)
            .zip(b.m.results(new).skip(skip))
            .collect::<Vec<_>>()
    {
        map.insert(old, new);
    }
    Ok(())
}

/// Builds the address arithmetic before `op`, on tiles of `n` elements.
struct Ex<'m> {
    m: &'m mut Module,
    op: Op,
    /// The shape of the tiles built (the view's tile).
    shape: Vec<u64>,
}

/// Whether the last tile along a dimension of static size `s` (tiles of `td` elements, `step`
/// apart, as many as start below `s`) ends within it.
fn last_tile_fits(s: i64, step: u64, td: u64) -> bool {
    let (s, step, td) = (s as i128, step.max(1) as i128, td as i128);
    let last = ((s + step - 1) / step - 1) * step;
    last + td <= s
}

impl Ex<'_> {
    fn b(&mut self) -> Builder<'_> {
        let loc = self.m.op_loc(self.op);
        Builder::before(self.m, self.op, loc)
    }
    fn tile_of(&mut self, dims: &[u64], e: Type) -> Type {
        tile(self.m, "cuda_tile", dims, e)
    }
    fn constant(&mut self, dims: &[u64], e: Type, value: AttrData) -> Value {
        let t = self.tile_of(dims, e);
        self.b().value(
            ct::Constant::name_sym(),
            &[],
            t,
            &[(sym!(ct::Constant::VALUE), value)],
        )
    }
    fn int(&mut self, dims: &[u64], e: Type, v: i64) -> Value {
        self.constant(dims, e, AttrData::Int { value: v, ty: e })
    }
    fn op1(&mut self, name: Sym, x: &[Value], t: Type) -> Value {
        self.b().value(name, x, t, &[])
    }
    /// A 0-d value as a tile of the view's tile shape: `broadcast(reshape(x))` (through the
    /// all-ones shape of that rank).
    fn splat(&mut self, x: Value) -> Result<Value, String> {
        let e = tile_shape(self.m, self.m.value_type(x))
            .map(|(_, e)| e)
            .ok_or("not a tile")?;
        let shape = self.shape.clone();
        let one = self.tile_of(&vec![1; shape.len()], e);
        let r = self.op1(ct::Reshape::name_sym(), &[x], one);
        let nt = self.tile_of(&shape, e);
        Ok(self.op1(ct::Broadcast::name_sym(), &[r], nt))
    }
    /// A 0-d integer value converted to `to` (sign-extended or truncated).
    fn int_as(&mut self, x: Value, to: Type) -> Result<Value, String> {
        let (dims, e) = tile_shape(self.m, self.m.value_type(x))
            .map(|(d, e)| (d.to_vec(), e))
            .ok_or("not a tile")?;
        let width = |m: &Module, t: Type| match m.type_data(t) {
            TypeData::Int(w) => Some(*w),
            _ => None,
        };
        let (from_w, to_w) = (
            width(self.m, e).ok_or("not an integer")?,
            width(self.m, to).ok_or("not an integer")?,
        );
        let t = self.tile_of(&dims, to);
        Ok(match from_w.cmp(&to_w) {
            std::cmp::Ordering::Equal => x,
            std::cmp::Ordering::Less => self.op1(ct::ExtSI::name_sym(), &[x], t),
            std::cmp::Ordering::Greater => self.op1(ct::TruncI::name_sym(), &[x], t),
        })
    }

    /// The pointer tile of the access and its bounds mask (None when every element is in bounds).
    /// Element `k` (row-major in the tile) of tile `idx` sits at tensor coordinate
    /// `idx[i]·T[i] + k[i]` along tensor dimension `dim_map[i]`, where `k[i] = (k / P[i]) mod T[i]`
    /// with `P[i]` the product of the later tile dimensions.
    fn addresses(
        &mut self,
        v: &View,
        idx: &[Value],
        ie: Type,
    ) -> Result<(Value, Option<Value>), String> {
        let shape = self.shape.clone();
        let n: u64 = shape.iter().product();
        let i1 = self.m.int_type(1);
        let i64t = self.m.int_type(64);
        let it = self.tile_of(&[], ie);
        let nt = self.tile_of(&shape, ie);
        let wide = self.tile_of(&shape, i64t);
        let mt = self.tile_of(&shape, i1);
        let flat = {
            let line = self.tile_of(&[n], ie);
            let f = self.op1(ct::Iota::name_sym(), &[], line);
            if shape.len() > 1 {
                self.op1(ct::Reshape::name_sym(), &[f], nt)
            } else {
                f
            }
        };
        let (mut off, mut mask): (Option<Value>, Option<Value>) = (None, None);
        for (d, &td) in shape.iter().enumerate() {
            let axis = v.dim_map[d];
            let step = v.steps[d];
            let gather = v.sparse.is_some();
            let coord = if v.sparse == Some(d) {
                // The row indices along this dimension, one per tile row.
                self.along(idx[d], d)?
            } else {
                let start = self.start(idx[d], step, ie, it);
                self.splat(start)?
            };
            let coord = if v.sparse == Some(d) || td == 1 {
                coord
            } else {
                let starts = coord;
                let later: u64 = shape[d + 1..].iter().product();
                let mut k = flat;
                if later > 1 {
                    let p = self.int(&shape, ie, later as i64);
                    k = self.op1(ct::DivUI::name_sym(), &[k, p], nt);
                }
                if d > 0 {
                    let t = self.int(&shape, ie, td as i64);
                    k = self.op1(ct::RemUI::name_sym(), &[k, t], nt);
                }
                self.op1(ct::AddI::name_sym(), &[starts, k], nt)
            };
            // Indices lie in the view's index space (NVIDIA: out of it is undefined behavior), so
            // a tile starts in bounds: a dimension of one element needs no mask, nor a static
            // size the last tile ends within (`(ceil(s / step) - 1)·step + td <= s`: a
            // multiple of the tile's size for a partition view).
            // A gather/scatter view's coordinates are the user's element indices: each is
            // tested, unsigned (a negative index is out of bounds too).
            let bound = match v.sizes[axis] {
                Dim::Static(s) if gather => Some(self.int(&shape, ie, s)),
                _ if td == 1 => None,
                Dim::Static(s) if last_tile_fits(s, step, td) => None,
                Dim::Static(s) => Some(self.int(&shape, ie, s)),
                Dim::Value(s) => {
                    let s = self.int_as(s, ie)?;
                    Some(self.splat(s)?)
                }
            };
            if let Some(bound) = bound {
                let key = sym!(ct::CmpI::PREDICATE);
                let pred = if gather { "ult" } else { "slt" };
                let inb = self.b().value(
                    ct::CmpI::name_sym(),
                    &[coord, bound],
                    mt,
                    &[(key, AttrData::Str(pred.into()))],
                );
                mask = Some(match mask {
                    Some(m0) => self.op1(ct::AndI::name_sym(), &[m0, inb], mt),
                    None => inb,
                });
            }
            let mut term = self.int_as(coord, i64t)?;
            match v.strides[axis] {
                Dim::Static(1) => {}
                Dim::Static(st) => {
                    let c = self.int(&shape, i64t, st);
                    term = self.op1(ct::MulI::name_sym(), &[term, c], wide);
                }
                Dim::Value(st) => {
                    let st = self.int_as(st, i64t)?;
                    let c = self.splat(st)?;
                    term = self.op1(ct::MulI::name_sym(), &[term, c], wide);
                }
            }
            off = Some(match off {
                Some(o) => self.op1(ct::AddI::name_sym(), &[o, term], wide),
                None => term,
            });
        }
        let off = off.ok_or("a view of rank 0")?;
        let pe = ct_ptr(self.m, v.elem);
        let base = self.splat(v.base)?;
        let pt = self.tile_of(&shape, pe);
        let ptrs = self.op1(ct::Offset::name_sym(), &[base, off], pt);
        Ok((ptrs, mask))
    }

    /// `i · step`: where tile index `i` (a 0-d tile of `ie`) starts along a dimension.
    fn start(&mut self, i: Value, step: u64, ie: Type, it: Type) -> Value {
        let s = self.int(&[], ie, step as i64);
        self.b().value(ct::MulI::name_sym(), &[i, s], it, &[])
    }

    /// The 1-d tile `x` (one value per row along dimension `d` of the access's tile) as a tile
    /// of the access's shape: element `k` holds `x[k[d]]`.
    fn along(&mut self, x: Value, d: usize) -> Result<Value, String> {
        let (dims, e) = tile_shape(self.m, self.m.value_type(x))
            .map(|(s, e)| (s.to_vec(), e))
            .ok_or("the sparse index is not a tile")?;
        let shape = self.shape.clone();
        if dims != [shape[d]] {
            return Err("the sparse index does not have one value per tile row".into());
        }
        let mut one = vec![1; shape.len()];
        one[d] = shape[d];
        let t = self.tile_of(&one, e);
        let r = self.op1(ct::Reshape::name_sym(), &[x], t);
        let nt = self.tile_of(&shape, e);
        Ok(self.op1(ct::Broadcast::name_sym(), &[r], nt))
    }

    /// The splat padding value `zero`, `neg_zero`, `nan`, `pos_inf` or `neg_inf` of `elem`.
    fn padding(&mut self, p: Sym, elem: Type) -> Result<Value, String> {
        let shape = self.shape.clone();
        let value = match (self.m.type_data(elem).clone(), p.as_str()) {
            (TypeData::Int(_), "zero") => AttrData::Int { value: 0, ty: elem },
            (TypeData::Float(k), word) => {
                let v = match word {
                    "zero" => 0.0,
                    "neg_zero" => -0.0,
                    "nan" => f64::NAN,
                    "pos_inf" => f64::INFINITY,
                    "neg_inf" => f64::NEG_INFINITY,
                    other => return Err(format!("unknown padding_value '{other}'")),
                };
                let _: FloatKind = k;
                AttrData::float(v, k, elem)
            }
            (_, other) => {
                return Err(format!(
                    "padding_value '{other}' does not fit the element type"
                ))
            }
        };
        Ok(self.constant(&shape, elem, value))
    }
}
