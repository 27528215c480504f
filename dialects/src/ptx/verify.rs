//! The ptx checks the op table cannot say. A ptx op is one instruction, so these are the
//! instruction's own rules: the modifiers of `ld`/`st`/`atom`/`red`/`fence` against the legal
//! sets of their form in [`isa::FORMS`] (one source of truth with the printer and the target
//! checks: no `.sc` on an access, since a lowering prints sc as `fence.sc` + a strong access; no
//! `.release` load; the restricted fence's pairing; …) and the model's pair rule on top
//! (SYNC-MODEL §1), address registers (b32 or b64; global needs b64), barrier ids and counts,
//! special register names, `setp` comparisons, and where `ptx.mov` writes.
//!
//! Checks read operands with `get`: they never panic, whatever the input.

use super::isa::{self, Illegal};
use super::views::{BarSync, Fence, LdParam, MovSreg, PtxAccess, PtxMemOp, Setp};
use crate::common::{err, short, ty, FLOAT_PREDICATES, INT_PREDICATES};
use crate::mem::check;
use crate::opdef::article;
use tilec_ir::{sym, AttrData, Diagnostics, MemSemantic, Module, Op, OpView, Space, TypeData};

/// The special registers `mov_sreg` may read (`%` is printed by the printer).
pub const SREGS: &[&str] = &[
    "tid.x",
    "tid.y",
    "tid.z",
    "ntid.x",
    "ntid.y",
    "ntid.z",
    "ctaid.x",
    "ctaid.y",
    "ctaid.z",
    "nctaid.x",
    "nctaid.y",
    "nctaid.z",
    "laneid",
    "warpid",
    "cluster_ctarank",
    "cluster_nctarank",
    "clusterid.x",
    "clusterid.y",
    "clusterid.z",
];

/// Checks `v`'s modifiers against the legal sets of its ISA form (ptx-sync-isa.md, as
/// [`isa::FORMS`] holds them); false when it reported. An `.sc` access gets the hint of how sc
/// is printed instead.
pub(super) fn check_modifiers<V: PtxMemOp>(m: &Module, v: V, d: &mut Diagnostics) -> bool {
    let op = v.op();
    let key = v.form_key(m);
    let Some(form) = isa::form(key) else {
        err(m, op, d, format!("names the unknown PTX form '{key}'"));
        return false;
    };
    let w = v.written(m);
    let Err(why) = form.check(&w) else {
        return true;
    };
    if why == Illegal::Sem(MemSemantic::Sc) {
        err(
            m,
            op,
            d,
            "cannot carry '.sc' in PTX; sc is printed as 'fence.sc' followed by an acquire (ld), release (st/red) or acq_rel (atom) access",
        );
        d.default_code_from(d.len() - 1, why.code());
    } else {
        d.error_code(
            why.code(),
            m.op_loc(op),
            form.message(short(m, op), &w, why),
        );
    }
    false
}

/// `atom` / `red`: the access checks, and the value types PTX has atomics on (the rule every
/// level shares; the printer would otherwise write `atom.exch.b16`, which ptxas rejects).
pub fn check_rmw_access<V: PtxAccess>(m: &Module, op: Op, d: &mut Diagnostics) {
    check_access::<V>(m, op, d);
    crate::common::check_rmw_value(m, op, d, 1);
}

/// ld/st/atom/red: the modifiers against the instruction's form (`ld.sem`, …: semantic, scope,
/// space, rmw operation), then the model's rule for the pair (SYNC-MODEL §1: a strong access
/// names its scope, where PTX would default atom/red to gpu), then the address register.
pub fn check_access<V: PtxAccess>(m: &Module, op: Op, d: &mut Diagnostics) {
    let v = V::wrap(op);
    if !check_modifiers(m, v, d) {
        return;
    }
    if let Err(e) = check(V::FAMILY, short(m, op), v.sem(m), v.scope(m)) {
        d.error_code(e.code, m.op_loc(op), e.message);
        return;
    }
    let space = v.space(m);
    crate::common::check_streaming(m, op, d, space);
    let Some(a) = v.addr(m) else {
        return;
    };
    let at = m.value_type(a);
    let ok = matches!(
        (m.type_data(at), space),
        (TypeData::Int(64), _)
            | (
                TypeData::Int(32),
                Some(Space::SharedCta | Space::SharedCluster)
            )
    );
    if !ok {
        let want = match space {
            Some(Space::SharedCta | Space::SharedCluster) => "i32 or i64",
            _ => "i64",
        };
        err(
            m,
            op,
            d,
            format!(
                "address operand must be an {want} register for space '{}', but it is '{}'",
                space.map_or("?", |s| s.as_str()),
                ty(m, at)
            ),
        );
    }
}

/// `fence`: the modifiers against `fence{.sem}.scope`, or with `restrict` against
/// `fence.sync_restrict` (the space fixes the semantic; the scope is the cluster).
pub fn check_fence(m: &Module, op: Op, d: &mut Diagnostics) {
    check_modifiers(m, Fence::wrap(op), d);
}

/// `bar_sync`: id 0..15 (ptxas: "Barrier number '16' out of range"), count a positive multiple
/// of 32.
pub fn check_bar_sync(m: &Module, op: Op, d: &mut Diagnostics) {
    // `id` is required (the table checked it).
    let bar = BarSync::wrap(op);
    check_bar_ids(m, op, bar.id(m), bar.count(m), d);
}

/// `bar_arrive`: like `bar_sync`; the count is required (the table checked it).
pub fn check_bar_arrive(m: &Module, op: Op, d: &mut Diagnostics) {
    let bar = super::BarArrive::wrap(op);
    check_bar_ids(m, op, bar.id(m), bar.count(m), d);
}

fn check_bar_ids(m: &Module, op: Op, id: i64, count: Option<i64>, d: &mut Diagnostics) {
    if !(0..=15).contains(&id) {
        err(
            m,
            op,
            d,
            format!("attribute 'id' must be in 0..15, but it is {id}"),
        );
    }
    if let Some(c) = count {
        if c <= 0 || c % 32 != 0 {
            err(
                m,
                op,
                d,
                format!("attribute 'count' must be a positive multiple of 32, but it is {c}"),
            );
        }
    }
}

/// `mov_sreg`: a special register PTX has.
pub fn check_mov_sreg(m: &Module, op: Op, d: &mut Diagnostics) {
    if let Some(r) = MovSreg::wrap(op).reg(m) {
        if !SREGS.contains(&r) {
            err(
                m,
                op,
                d,
                format!(
                    "does not know special register '%{r}'; expected one of: {}",
                    SREGS.join(", ")
                ),
            );
        }
    }
}

/// The opcodes of `ptx.binary` (the printer appends the type: `add.s32`, `mul.lo.s32`,
/// `div.rn.f32`, …) and whether each exists for floats.
const BINARY_OPCODES: &[(&str, bool)] = &[
    ("add", true),
    ("sub", true),
    ("mul", true),
    ("div", true),
    ("rem", false),
    ("div.u", false),
    ("rem.u", false),
    ("mul.hi.u", false),
    ("min", true),
    ("max", true),
    ("min.u", false),
    ("max.u", false),
    ("and", false),
    ("or", false),
    ("xor", false),
    ("shl", false),
    ("shr.u", false),
    ("shr.s", false),
];

/// The roundings a float `add`/`sub`/`mul`/`div` takes (PTX ISA, "Floating-Point Instructions":
/// `add{.rnd}{.ftz}.f32`, `.rnd = { .rn, .rz, .rm, .rp }`; `div.approx`, `div.full` and
/// `div.rnd`), `ftz` on f32 only, also on `min`/`max`, and `min`/`max`'s `.NaN`
/// (`max{.ftz}{.NaN}.f32`; `max.f64` has no `.NaN`).
fn check_float_modifiers(m: &Module, op: Op, d: &mut Diagnostics, opcode: &str, float: bool) {
    let rounding = match m.get_attr(op, sym!("rounding")) {
        Some(AttrData::Str(s)) => Some(s.to_string()),
        _ => None,
    };
    let ftz = m.get_attr(op, sym!("ftz")).is_some();
    let nan = m.get_attr(op, sym!("nan")).is_some();
    if rounding.is_none() && !ftz && !nan {
        return;
    }
    let arith = matches!(opcode, "add" | "sub" | "mul" | "div");
    let min_max = matches!(opcode, "min" | "max");
    if !float || !(arith || min_max && rounding.is_none()) || nan && !min_max {
        return err(
            m,
            op,
            d,
            format!("a rounding or ftz applies to a float add, sub, mul or div (ftz and nan also to a float min or max), not '{opcode}'"),
        );
    }
    if let Some(r) = rounding.as_deref() {
        let div_only = matches!(r, "approx" | "full");
        let ieee = matches!(r, "rn" | "rz" | "rm" | "rp");
        if !(ieee || div_only && opcode == "div") {
            return err(
                m,
                op,
                d,
                format!(
                    "'{opcode}' takes no rounding '{r}' (rn, rz, rm, rp; div also approx, full)"
                ),
            );
        }
    }
    let kind = m
        .results(op)
        .next()
        .and_then(|r| match m.type_data(m.value_type(r)) {
            TypeData::Float(k) => Some(*k),
            _ => None,
        });
    let f32 = kind == Some(tilec_ir::FloatKind::F32);
    let f64 = kind == Some(tilec_ir::FloatKind::F64);
    if ftz && !f32 {
        err(m, op, d, "ftz applies to f32 only");
    } else if nan && !f32 {
        err(
            m,
            op,
            d,
            "nan (.NaN) applies to f32 only here (max.f64 has none)",
        );
    } else if rounding.is_some()
        && !f32
        && (!f64 || matches!(rounding.as_deref(), Some("approx" | "full")))
    {
        err(
            m,
            op,
            d,
            "a rounding applies to f32 (approx, full: f32 only) or f64",
        );
    }
}

/// `binary`: a bare opcode the printer has a form for, with operands and result of one type,
/// and a float form's rounding and ftz ([`check_float_modifiers`]).
pub fn check_binary(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(AttrData::Str(opcode)) = m.get_attr(op, sym!("opcode")) else {
        return;
    };
    let opcode: &str = opcode;
    let float = m
        .operands(op)
        .first()
        .is_some_and(|v| matches!(m.type_data(m.value_type(*v)), TypeData::Float(_)));
    match BINARY_OPCODES.iter().find(|(o, _)| *o == opcode) {
        None => {
            let all: Vec<&str> = BINARY_OPCODES.iter().map(|o| o.0).collect();
            err(m, op, d, format!("does not accept opcode '{opcode}' (the type is appended when printing); expected one of: {}", all.join(", ")));
        }
        Some((_, false)) if float => err(
            m,
            op,
            d,
            format!("opcode '{opcode}' has no float form in PTX"),
        ),
        _ => {}
    }
    check_float_modifiers(m, op, d, opcode, float);
    // A shift's amount is a u32 whatever the shifted type (`shl.b64 d, a, b` with b .u32).
    let shift = matches!(opcode, "shl" | "shr.u" | "shr.s");
    let mut types = m
        .operands(op)
        .iter()
        .enumerate()
        .filter(|(i, _)| !(shift && *i == 1))
        .map(|(_, v)| m.value_type(*v))
        .chain(m.results(op).map(|r| m.value_type(r)));
    let first = types.next();
    if types.any(|t| Some(t) != first) {
        err(
            m,
            op,
            d,
            "operands and result must have one type".to_string(),
        );
    }
    if let Some(&amount) = m.operands(op).get(1).filter(|_| shift) {
        let t = m.value_type(amount);
        if !matches!(m.type_data(t), TypeData::Int(32)) {
            err(
                m,
                op,
                d,
                format!(
                    "shift amount must be an i32 register (PTX shifts take a .u32 amount), but it is '{}'",
                    ty(m, t)
                ),
            );
        }
    }
}

/// `cvt`: an integer conversion between 32 and 64 bits (narrowing keeps the low bits; widening
/// zero- or, with `signed`, sign-extends), or the widening of an i8 (held in a 32-bit
/// register) to i32 (`cvt.s32.s8`, `cvt.u32.u8`).
pub fn check_cvt(m: &Module, op: Op, d: &mut Diagnostics) {
    let width = |t| match m.type_data(t) {
        TypeData::Int(w) => Some(*w),
        _ => None,
    };
    let (Some(&a), Some(r)) = (m.operands(op).first(), m.results(op).next()) else {
        return;
    };
    let (ta, tr) = (m.value_type(a), m.value_type(r));
    match (width(ta), width(tr)) {
        (Some(32), Some(64)) | (Some(64), Some(32)) | (Some(8), Some(32)) => {}
        _ => err(
            m,
            op,
            d,
            format!(
                "converts between i32 and i64 (and from i8 to i32) only, not '{}' to '{}'",
                ty(m, ta),
                ty(m, tr)
            ),
        ),
    }
}

/// `setp`: a known comparison (integer or float), one operand type, an i1 result.
pub fn check_setp(m: &Module, op: Op, d: &mut Diagnostics) {
    if let Some(c) = Setp::wrap(op).cmp(m) {
        if !INT_PREDICATES.contains(&c) && !FLOAT_PREDICATES.contains(&c) {
            err(
                m,
                op,
                d,
                format!(
                    "does not accept comparison '{c}'; expected one of: {}",
                    INT_PREDICATES.join(", ")
                ),
            );
        }
    }
    crate::common::same_operand_types(m, op, d);
    if let Some(r) = m.results(op).next() {
        let t = m.value_type(r);
        if !matches!(m.type_data(t), TypeData::Int(1)) {
            err(
                m,
                op,
                d,
                format!("result must be i1, but it is '{}'", ty(m, t)),
            );
        }
    }
}

/// `mov`: operand #0 is a register declared by `ptx.reg`, of the moved value's type.
pub fn check_mov(m: &Module, op: Op, d: &mut Diagnostics) {
    let [dst, src] = m.operands(op) else {
        return;
    };
    let declared = m
        .defining_op(*dst)
        .is_some_and(|o| m.op_name(o) == sym!("ptx.reg"));
    if !declared {
        err(
            m,
            op,
            d,
            "operand #0 must be a register declared by 'ptx.reg'",
        );
    }
    let (td, ts) = (m.value_type(*dst), m.value_type(*src));
    if td != ts {
        err(
            m,
            op,
            d,
            format!("moves a '{}' into a '{}' register", ty(m, ts), ty(m, td)),
        );
    }
}

/// `bra`: a predicate operand, when there is one, is i1.
pub fn check_bra(m: &Module, op: Op, d: &mut Diagnostics) {
    if let Some(&p) = m.operands(op).first() {
        let t = m.value_type(p);
        if !matches!(m.type_data(t), TypeData::Int(1)) {
            err(
                m,
                op,
                d,
                format!("predicate must be i1, but it is '{}'", ty(m, t)),
            );
        }
    }
}

/// `shared_decl`: positive size, power-of-two alignment.
pub fn check_shared_decl(m: &Module, op: Op, d: &mut Diagnostics) {
    if let Some(s) = m.attr_as::<i64>(op, sym!("size")) {
        if s <= 0 {
            err(
                m,
                op,
                d,
                format!("attribute 'size' must be positive, but it is {s}"),
            );
        }
    }
    if let Some(a) = m.attr_as::<i64>(op, sym!("align")) {
        if a <= 0 || a & (a - 1) != 0 {
            err(
                m,
                op,
                d,
                format!("attribute 'align' must be a power of two, but it is {a}"),
            );
        }
    }
}

/// `kernel`: `param_types` is an array of types.
pub fn check_kernel(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(p) = m.get_attr(op, sym!("param_types")) else {
        return;
    };
    let ok = match p {
        AttrData::Array(xs) => xs
            .iter()
            .all(|a| matches!(m.attr_data(*a), AttrData::Type(_))),
        _ => false,
    };
    if !ok {
        err(
            m,
            op,
            d,
            format!(
                "attribute 'param_types' must be an array of types, but it is {}",
                article(p.kind_name())
            ),
        );
    }
    if let Some(n) = m.attr_as::<i64>(op, sym!("min_ctas_per_sm")) {
        if !(1..=32).contains(&n) {
            err(
                m,
                op,
                d,
                format!(
                    "attribute 'min_ctas_per_sm' must be in 1..=32 (.minnctapersm), but it is {n}"
                ),
            );
        }
    }
    check_labels(m, op, d);
}

/// The kernel's labels are defined once each, and every `bra` names one of them (ptxas:
/// "Label … not defined", "Duplicate definition of label").
fn check_labels(m: &Module, k: Op, d: &mut Diagnostics) {
    let ops = m.nested_ops(k);
    let mut defined: rustc_hash::FxHashMap<String, Op> = Default::default();
    for &o in &ops {
        if m.op_name(o) != sym!("ptx.label") {
            continue;
        }
        let Some(name) = m.attr_as::<String>(o, sym!("name")) else {
            continue;
        };
        if let Some(&first) = defined.get(&name) {
            d.push(
                tilec_ir::Diagnostic::error(
                    m.op_loc(o),
                    format!("'label' '{name}' is defined twice in the kernel"),
                )
                .with_note(m.op_loc(first), "first defined here"),
            );
        } else {
            defined.insert(name, o);
        }
    }
    for &o in &ops {
        if m.op_name(o) != sym!("ptx.bra") {
            continue;
        }
        if let Some(name) = m.attr_as::<String>(o, sym!("label")) {
            if !defined.contains_key(&name) {
                err(
                    m,
                    o,
                    d,
                    format!("branches to label '{name}', which the kernel does not define"),
                );
            }
        }
    }
}

/// The type of parameter `i` of the kernel around `op`.
pub fn param_type(m: &Module, op: Op, i: i64) -> Option<tilec_ir::Type> {
    let k = m.parent_op(op)?;
    let AttrData::Array(xs) = m.get_attr(k, sym!("param_types"))? else {
        return None;
    };
    match m.attr_data(*xs.get(usize::try_from(i).ok()?)?) {
        AttrData::Type(t) => Some(*t),
        _ => None,
    }
}

/// `ld_param`: the index names one of the enclosing kernel's parameters; a tensor-map
/// parameter is read as its 64-bit address.
pub fn check_ld_param(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(i) = LdParam::wrap(op).index(m) else {
        return;
    };
    let params = m
        .parent_op(op)
        .and_then(|k| match m.get_attr(k, sym!("param_types")) {
            Some(AttrData::Array(xs)) => Some(xs.len() as i64),
            _ => None,
        });
    let bad = i < 0 || params.is_some_and(|n| i >= n);
    // A tensor-map parameter is read as its address (`cvta.param`): a 64-bit value.
    let map = !bad && param_type(m, op, i).is_some_and(|t| crate::types::is_tensormap(m, t));
    let res = m.results(op).next().map(|r| m.value_type(r));
    if map && res.is_some_and(|t| !matches!(m.type_data(t), tilec_ir::TypeData::Int(64))) {
        err(
            m,
            op,
            d,
            format!(
                "parameter {i} is a tensor map, read as its 64-bit address: the result must be i64"
            ),
        );
    }
    if bad {
        err(
            m,
            op,
            d,
            format!(
                "attribute 'index' is {i}, but the kernel has {} parameters",
                params.unwrap_or(0)
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    /// The error messages of verifying one ptx kernel whose body is `body` (`%g` is an i64
    /// address, `%v` an i32).
    fn errors(body: &str) -> Vec<String> {
        let src = format!(
            "\"ptx.kernel\"() ({{\n  %g = \"ptx.ld_param\"() {{index = 0 : i32}} : () -> i64\n  %v = \"ptx.mov_imm\"() {{value = 1 : i32}} : () -> i32\n{body}\n  \"ptx.ret\"() : () -> ()\n}}) {{sym_name = \"k\", param_types = [i64]}} : () -> ()"
        );
        let m = tilec_ir::text::parse_module(&src, Default::default()).expect("parses");
        let d = tilec_ir::verify::verify_module(&m, crate::registry());
        d.0.into_iter().map(|x| x.message).collect()
    }

    const GLOBAL: &str = "space = #mem.space<global>";

    fn ld(attrs: &str) -> String {
        format!("  %r = \"ptx.ld\"(%g) {{{GLOBAL}, {attrs}}} : (i64) -> i32")
    }
    fn red(attrs: &str) -> String {
        format!("  \"ptx.red\"(%g, %v) {{{GLOBAL}, {attrs}}} : (i64, i32) -> ()")
    }
    fn fence(attrs: &str) -> String {
        format!("  \"ptx.fence\"() {{{attrs}}} : () -> ()")
    }

    #[test]
    fn legal_modifiers_pass() {
        let body = [
            ld("mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>"),
            ld("mem_semantic = #mem.sem<weak>").replace("%r =", "%r2 ="),
            red("kind = #mem.rmw<add>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<sys>"),
            fence("mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<cluster>"),
            fence("mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cta>"),
        ];
        assert_eq!(errors(&body.join("\n")), Vec::<String>::new());
    }

    #[test]
    fn the_form_table_rejects_what_ptx_lacks() {
        let cases = [
            (
                ld("mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>"),
                "'ld' does not accept semantic 'release'; the form ld.sem accepts: weak, relaxed, acquire",
            ),
            (
                ld("mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>"),
                "'ld' cannot carry '.sc' in PTX; sc is printed as 'fence.sc' followed by an acquire (ld), release (st/red) or acq_rel (atom) access",
            ),
            (
                ld("mem_semantic = #mem.sem<weak>, mem_scope = #mem.scope<gpu>"),
                "'ld' with semantic 'weak' must not carry a scope (got 'gpu'); the form ld.sem takes a scope only with: relaxed, acquire",
            ),
            (
                "  %r = \"ptx.ld\"(%g) {space = #mem.space<tmem>, mem_semantic = #mem.sem<weak>} : (i64) -> i32".to_string(),
                "'ld' does not accept space 'tmem'; the form ld.sem accepts: global, shared_cta, shared_cluster, generic",
            ),
            (
                red("kind = #mem.rmw<exch>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>"),
                "'red' does not accept operation 'exch'; the form red.sem accepts: add, and, or, xor, max, min, umax, umin, inc, dec",
            ),
            // PTX would default the scope to gpu; the model (SYNC-MODEL §1) wants it written.
            (
                red("kind = #mem.rmw<add>, mem_semantic = #mem.sem<relaxed>"),
                "'red' with semantic 'relaxed' requires a scope",
            ),
            (
                fence("mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>"),
                "'fence' does not accept semantic 'relaxed'; the form fence.sem accepts: sc, acq_rel, acquire, release",
            ),
            (
                fence("mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cta>"),
                "'fence' with restrict 'shared_cta' does not accept semantic 'acquire'; the form fence.sync_restrict allows sync_restrict::shared::cta with release only",
            ),
            (
                fence("mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<global>"),
                "'fence' does not accept restrict space 'global'; the form fence.sync_restrict accepts: shared_cta, shared_cluster",
            ),
        ];
        for (op, want) in cases {
            let got = errors(&op);
            assert_eq!(got.len(), 1, "{op}: {got:?}");
            assert!(
                got[0].starts_with(want),
                "{op}:\n  got  {}\n  want {want}",
                got[0]
            );
        }
    }
}
