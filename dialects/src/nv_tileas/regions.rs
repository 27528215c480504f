//! nv_tileas region rules: which ops own regions and what ends them (structured control flow
//! ends in `yield`, a kernel in `return`), where `yield` and `return` may appear, what `if` and
//! `for` yield, and the kernel-level attributes the region ops depend on (`warp_role`'s warp
//! range must fit the kernel's threads).

use super::ops::{If, Kernel, WarpRole, Yield};
use crate::common::{err, ty, types};
use tilec_ir::{sym, Diagnostics, Module, Op, OpView, TypeData};

/// Ops with regions and the op that must end each of their regions.
pub const TERMINATED_BY: &[(&str, &str)] = &[
    ("nv_tileas.kernel", "nv_tileas.return"),
    ("nv_tileas.elect", "nv_tileas.yield"),
    ("nv_tileas.warp_role", "nv_tileas.yield"),
    ("nv_tileas.if", "nv_tileas.yield"),
    ("nv_tileas.for", "nv_tileas.yield"),
    ("nv_tileas.while", "nv_tileas.yield"),
];

/// The terminator of each region of `op`'s kind.
fn terminator_of(m: &Module, op: Op) -> Option<&'static str> {
    let name = m.op_name(op);
    TERMINATED_BY
        .iter()
        .find(|(o, _)| *o == name.as_str())
        .map(|(_, t)| *t)
}

/// The terminator op of region `i` (None when the region is empty or ends otherwise); reports
/// a region that does not end in the op's terminator.
fn terminator(m: &Module, op: Op, i: usize, d: &mut Diagnostics) -> Option<Op> {
    let want = terminator_of(m, op)?;
    let r = *m.regions(op).get(i)?;
    let block = m.region_blocks(r).last().copied();
    let last = block.and_then(|b| m.last_op(b));
    // A terminator that is there but not last already has its own error (the terminator trait).
    if block.is_some_and(|b| m.block_ops(b).any(|o| m.op_name(o).as_str() == want))
        && last.is_some_and(|t| m.op_name(t).as_str() != want)
    {
        return None;
    }
    // `if` without results may leave its else region empty, as MLIR's scf.if does.
    let optional = If::is(m, op) && i == 1 && m.num_results(op) == 0;
    match last {
        Some(t) if m.op_name(t).as_str() == want => Some(t),
        None if optional && m.region_blocks(r).is_empty() => None,
        Some(t) => {
            err(
                m,
                op,
                d,
                format!(
                    "region #{i} must end with '{want}', but it ends with '{}'",
                    m.op_name(t)
                ),
            );
            None
        }
        None => {
            err(
                m,
                op,
                d,
                format!("region #{i} must end with '{want}', but it is empty"),
            );
            None
        }
    }
}

/// Every region ends in the op's terminator.
pub fn check_terminated(m: &Module, op: Op, d: &mut Diagnostics) {
    for i in 0..m.regions(op).len() {
        terminator(m, op, i, d);
    }
}

/// What each region yields must match the op's results (count and types).
fn yields_results(m: &Module, op: Op, d: &mut Diagnostics) {
    let results: Vec<_> = m.results(op).map(|r| m.value_type(r)).collect();
    for i in 0..m.regions(op).len() {
        let Some(y) = terminator(m, op, i, d) else {
            continue;
        };
        let got: Vec<_> = m.operands(y).iter().map(|v| m.value_type(*v)).collect();
        if got != results {
            err(
                m,
                op,
                d,
                format!(
                    "region #{i} yields ({}), but the op's results are ({})",
                    types(m, &got),
                    types(m, &results)
                ),
            );
        }
    }
}

/// `if`: an i1 condition; each region yields the results.
pub fn check_if(m: &Module, op: Op, d: &mut Diagnostics) {
    if let Some(&c) = m.operands(op).first() {
        let t = m.value_type(c);
        if !matches!(m.type_data(t), TypeData::Int(1)) {
            err(
                m,
                op,
                d,
                format!("condition must be i1, but it is '{}'", ty(m, t)),
            );
        }
    }
    yields_results(m, op, d);
}

/// `for(lb, ub, step, inits…)`: integer bounds; one result per init; the body yields them.
pub fn check_for(m: &Module, op: Op, d: &mut Diagnostics) {
    let ops = m.operands(op);
    for (i, v) in ops.iter().take(3).enumerate() {
        let t = m.value_type(*v);
        if !matches!(m.type_data(t), TypeData::Int(_) | TypeData::Index) {
            err(
                m,
                op,
                d,
                format!(
                    "operand #{i} (a bound or the step) must be an integer, but it is '{}'",
                    ty(m, t)
                ),
            );
        }
    }
    let inits = ops.len().saturating_sub(3);
    if m.num_results(op) != inits {
        err(
            m,
            op,
            d,
            format!(
                "has {} results but {inits} loop-carried values; they must match",
                m.num_results(op)
            ),
        );
        return;
    }
    crate::common::check_for_body(m, op, d);
    yields_results(m, op, d);
}

/// `while(inits…)`: both regions end in `yield`. The condition region takes the inits' types
/// and yields an i1 (continue while true), then the values it forwards: the results' types.
/// The body region takes the results' types and yields the inits' types (the next iteration's
/// condition arguments). Types that disagree would make the lowering move a value into a
/// register of another type.
pub fn check_while(m: &Module, op: Op, d: &mut Diagnostics) {
    check_terminated(m, op, d);
    let value_types = |vs: &[tilec_ir::Value]| -> Vec<tilec_ir::Type> {
        vs.iter().map(|v| m.value_type(*v)).collect()
    };
    let inits = value_types(m.operands(op));
    let results: Vec<_> = m.results(op).map(|r| m.value_type(r)).collect();
    let regions = m.regions(op);
    let last_yield = |r: tilec_ir::Region| {
        let y = m.region_blocks(r).last().and_then(|b| m.last_op(*b));
        y.filter(|y| Yield::is(m, *y))
    };
    if let Some(&cond) = regions.first() {
        args_are(
            m,
            op,
            d,
            cond,
            &inits,
            "condition region",
            "the loop-carried values",
        );
        if let Some(y) = last_yield(cond) {
            let got = value_types(m.operands(y));
            if !got
                .first()
                .is_some_and(|t| matches!(m.type_data(*t), TypeData::Int(1)))
            {
                err(
                    m,
                    op,
                    d,
                    "condition region must yield an i1 first (continue while true)",
                );
            } else if got[1..] != results[..] {
                let msg = format!(
                    "condition region forwards ({}) after its i1, but the op's results are ({})",
                    types(m, &got[1..]),
                    types(m, &results)
                );
                err(m, op, d, msg);
            }
        }
    }
    if let Some(&body) = regions.get(1) {
        args_are(m, op, d, body, &results, "body region", "the op's results");
        if let Some(y) = last_yield(body) {
            let got = value_types(m.operands(y));
            if got != inits {
                let msg = format!(
                    "body region yields ({}), but the loop-carried values are ({})",
                    types(m, &got),
                    types(m, &inits)
                );
                err(m, op, d, msg);
            }
        }
    }
}

/// The entry block of `r` takes values of types `want` (`what`: what they are, for the message).
fn args_are(
    m: &Module,
    op: Op,
    d: &mut Diagnostics,
    r: tilec_ir::Region,
    want: &[tilec_ir::Type],
    region: &str,
    what: &str,
) {
    let Some(b) = m.entry_block(r) else {
        return;
    };
    let got: Vec<_> = m.block_args(b).iter().map(|a| m.value_type(*a)).collect();
    if got != want {
        let msg = format!(
            "{region} takes ({}), but {what} are ({})",
            types(m, &got),
            types(m, want)
        );
        err(m, op, d, msg);
    }
}

/// `yield` ends a region of `elect`, `warp_role`, `if`, `for` or `while`.
pub fn check_yield(m: &Module, op: Op, d: &mut Diagnostics) {
    check_parent(m, op, d, "nv_tileas.yield")
}
/// `return` ends a kernel.
pub fn check_return(m: &Module, op: Op, d: &mut Diagnostics) {
    check_parent(m, op, d, "nv_tileas.return")
}

fn check_parent(m: &Module, op: Op, d: &mut Diagnostics, me: &str) {
    let owners: Vec<&str> = TERMINATED_BY
        .iter()
        .filter(|(_, t)| *t == me)
        .map(|(o, _)| *o)
        .collect();
    let parent = m.parent_op(op);
    if parent.is_some_and(|p| owners.contains(&m.op_name(p).as_str())) {
        return;
    }
    // A parent that takes no regions already has its error ("does not take regions").
    let regionless = |p: Op| crate::op_def(m.op_name(p)).is_some_and(|def| def.regions == 0);
    if parent.is_some_and(regionless) {
        return;
    }
    let inside = parent.map_or("the top level".to_string(), |p| {
        format!("'{}'", m.op_name(p))
    });
    let quoted: Vec<String> = owners.iter().map(|o| format!("'{o}'")).collect();
    err(
        m,
        op,
        d,
        format!(
            "must be directly inside {}; it is in {inside}",
            quoted.join(" or ")
        ),
    );
}

/// The enclosing `nv_tileas.kernel`.
fn kernel_of(m: &Module, op: Op) -> Option<Kernel> {
    let mut p = m.parent_op(op);
    while let Some(o) = p {
        if let Some(k) = Kernel::cast(m, o) {
            return Some(k);
        }
        p = m.parent_op(o);
    }
    None
}

/// `warp_role`: `warps = array<i32: lo, hi>` with 0 ≤ lo < hi ≤ the kernel's warps; the region
/// ends in `yield`.
pub fn check_warp_role(m: &Module, op: Op, d: &mut Diagnostics) {
    check_terminated(m, op, d);
    let Some(w) = WarpRole::wrap(op).warps(m) else {
        return;
    };
    let [lo, hi] = w[..] else {
        err(
            m,
            op,
            d,
            format!(
                "attribute 'warps' must be array<i32: lo, hi>, but it has {} elements",
                w.len()
            ),
        );
        return;
    };
    if lo < 0 || lo >= hi {
        err(
            m,
            op,
            d,
            format!("attribute 'warps' must be a range [lo, hi) with 0 <= lo < hi, but it is [{lo}, {hi})"),
        );
        return;
    }
    if let Some(k) = kernel_of(m, op) {
        let threads = k.num_threads(m);
        let warps = (threads + 31) / 32;
        if i64::from(hi) > warps {
            err(
                m,
                op,
                d,
                format!("warps [{lo}, {hi}) exceed the kernel's {warps} warps ({threads} threads)"),
            );
        }
    }
}

/// `kernel`: 1..1024 threads; at least one CTA per SM asked for; `cluster_dims` and
/// `grid_dims` have three positive extents; the body ends in `return`.
pub fn check_kernel(m: &Module, op: Op, d: &mut Diagnostics) {
    check_terminated(m, op, d);
    // The raw attributes: the getters' defaults and three-extent reading would hide errors.
    if let Some(n) = m.attr_as::<i64>(op, sym!(Kernel::NUM_THREADS)) {
        if !(1..=1024).contains(&n) {
            err(
                m,
                op,
                d,
                format!("attribute 'num_threads' must be in 1..1024, but it is {n}"),
            );
        }
    }
    if let Some(n) = m.attr_as::<i64>(op, sym!(Kernel::MIN_CTAS_PER_SM)) {
        if !(1..=32).contains(&n) {
            err(
                m,
                op,
                d,
                format!("attribute 'min_ctas_per_sm' must be in 1..=32, but it is {n}"),
            );
        }
    }
    for key in [Kernel::CLUSTER_DIMS, Kernel::GRID_DIMS] {
        if let Some(c) = m.attr_as::<Vec<i32>>(op, tilec_ir::Sym::new(key)) {
            if c.len() != 3 || c.iter().any(|x| *x < 1) {
                err(
                    m,
                    op,
                    d,
                    format!(
                        "attribute '{key}' must be array<i32: x, y, z> with positive extents, but it is {c:?}"
                    ),
                );
            }
        }
    }
}
