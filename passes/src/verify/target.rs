//! The target half of `verify-mem-legality`: every op's PTX ISA rows against `--target` and
//! `--ptx-isa`, with the minimum versions and targets of `tilec_dialects::ptx::isa::FORMS`.
//!
//! An op that is (ptx) or becomes (nv_tileas, through the lowering's mapping) PTX instructions
//! needs what its typed forms need ([`PtxForm::uses`]: the instruction's row and the features
//! its modifiers add — cluster scope, a peer CTA's barrier, a relaxed mbarrier op, tx bytes on
//! an arrive, a split or restricted fence); the printer's `.version` reads the same rows. Other
//! ops need their kind's row (the catalog's `.form(…)`: the cluster special registers) and the
//! rows of the [`USES`] table (cluster scope and `shared_cluster` pointers on the tile
//! dialects' memory ops, cluster dimensions).
//!
//! Split fences: on every dialect above `ptx`, `fence` acquire/release is accepted on any target,
//! because `lower-as-to-ptx` widens it to `fence.acq_rel` where PTX 8.6/sm_90 are missing
//! (stronger, never weaker); a `restrict`-ed fence likewise widens to the plain fence of the
//! same scope. The nv_tileas forms are the widened ones. On the `ptx` dialect an op is one
//! instruction: a form the target lacks is an error there.
//!
//! One op reports at most one target error and one PTX ISA error (the first use the target lacks,
//! the use needing the highest ISA), so a test annotates one line per problem, not per attribute.

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use tilec_dialects::opdef::{declared, is_kernel, short_name, AnyPair, PairOp};
use tilec_dialects::ptx::form::{self, PtxForm, Use};
use tilec_dialects::ptx::isa::{form as isa_row, Form};
use tilec_dialects::target::Target;
use tilec_dialects::types::{ptr_info, tile_info};
use tilec_dialects::{nv_tileas as nvs, ptx};
use tilec_ir::entity::EntityRef;
use tilec_ir::walk::WalkControl;
use tilec_ir::{
    sym, AttrData, Diagnostics, Dict, Loc, MemScope, Module, Op, OpView, Space, Sym, Type,
};

/// One reason an op without an instruction form needs an ISA row: `form` when `applies`,
/// described as `what` (the op's short name is substituted for `{op}`).
struct UseRule {
    form: &'static str,
    what: &'static str,
    applies: fn(&Module, Op) -> bool,
}

/// A pointer (or a tile of pointers) into `shared_cluster`.
fn cluster_ptr(m: &Module, t: Type) -> bool {
    let elem = tile_info(m, t).map_or(t, |ti| ti.elem);
    matches!(ptr_info(m, elem), Some((Some(Space::SharedCluster), _)))
}

/// The attribute-driven uses of the ops that are no instruction form (the tile dialects'
/// memory ops, pointers, kernels, special registers), in reporting order. An op with forms
/// needs what its forms need ([`PtxForm::uses`]).
const USES: &[UseRule] = &[
    UseRule {
        form: "wgmma.mixed_int",
        what: "'{op}' of a signed and an unsigned 8-bit factor",
        applies: |m, op| {
            let wgmma = ptx::WgmmaMmaAsync::is(m, op) || nvs::WgmmaMma::is(m, op);
            wgmma
                && matches!(
                    declared(m, op, sym!(ptx::WgmmaMmaAsync::AB_TYPE)),
                    Some(AttrData::Str(s)) if matches!(s.as_ref(), "s8.u8" | "u8.s8")
                )
        },
    },
    UseRule {
        form: "scope.cluster",
        what: "'{op}' with scope 'cluster'",
        applies: |m, op| AnyPair::cast(m, op).and_then(|p| p.scope(m)) == Some(MemScope::Cluster),
    },
    UseRule {
        form: "space.shared::cluster",
        what: "'{op}' on space 'shared_cluster'",
        applies: |m, op| {
            declared(m, op, sym!(nvs::Ld::SPACE)) == Some(&AttrData::Space(Space::SharedCluster))
        },
    },
    UseRule {
        form: "space.shared::cluster",
        what: "'{op}' producing a 'shared_cluster' pointer",
        applies: |m, op| m.results(op).any(|r| cluster_ptr(m, m.value_type(r))),
    },
    UseRule {
        form: "space.shared::cluster",
        what: "'{op}' with a 'shared_cluster' pointer parameter",
        applies: |m, op| {
            m.regions(op).iter().any(|r| {
                m.entry_block(*r).is_some_and(|b| {
                    m.block_args(b)
                        .iter()
                        .any(|a| cluster_ptr(m, m.value_type(*a)))
                })
            })
        },
    },
    UseRule {
        form: "sreg.cluster",
        what: "'{op}' of a cluster register",
        applies: |m, op| {
            ptx::MovSreg::cast(m, op)
                .and_then(|r| r.reg(m))
                .is_some_and(|r| r.starts_with("cluster"))
        },
    },
    UseRule {
        form: "cluster_dims",
        what: "'{op}' with cluster_dims",
        applies: |m, op| declared(m, op, sym!(nvs::Kernel::CLUSTER_DIMS)).is_some(),
    },
    UseRule {
        form: "b128",
        what: "'{op}' of a 128-bit value (.b128)",
        applies: |m, op| {
            let wide = |t: Type| matches!(m.type_data(t), tilec_ir::TypeData::Int(128));
            m.results(op).any(|r| wide(m.value_type(r)))
                || m.operands(op).iter().any(|&v| wide(m.value_type(v)))
        },
    },
    UseRule {
        form: "max.NaN",
        what: "'{op}' with propagate_nan (.NaN)",
        applies: propagates_nan,
    },
    UseRule {
        form: "param_space.large",
        what: "'{op}' with more than 4352 bytes of parameters",
        applies: |m, op| param_bytes(m, op) > 4352,
    },
];

/// A float min/max that becomes PTX's `.NaN` form: a `ptx.binary` with `nan`, or a tile
/// dialect's `maxf`/`minf` with `propagate_nan` on a type other than f64 (whose `max` has no
/// `.NaN`: the lowering selects the NaN itself, on any target).
fn propagates_nan(m: &Module, op: Op) -> bool {
    if ptx::Binary::is(m, op) {
        return declared(m, op, sym!(ptx::Binary::NAN)).is_some();
    }
    let f64 = |t: Type| {
        let elem = tile_info(m, t).map_or(t, |ti| ti.elem);
        matches!(
            m.type_data(elem),
            tilec_ir::TypeData::Float(tilec_ir::FloatKind::F64)
        )
    };
    declared(m, op, sym!(nvs::MaxF::PROPAGATE_NAN)).is_some()
        && m.results(op).any(|r| !f64(m.value_type(r)))
}

/// The bytes of `.param` space a kernel op's parameters take (each aligned to its size; 0 for
/// other ops): a pointer, i64 or f64 takes 8 bytes, a 32-bit scalar 4.
pub fn param_bytes(m: &Module, op: Op) -> u64 {
    // Every op but `ptx.kernel` reads its parameters from its body: none without regions (the
    // names are not looked at for the many ops that have none).
    if m.regions(op).is_empty() && !ptx::Kernel::is(m, op) {
        return 0;
    }
    let types: Vec<tilec_ir::Type> = if let Some(k) = ptx::Kernel::cast(m, op) {
        k.param_type_list(m)
    } else if is_kernel(m, op) {
        m.regions(op)
            .first()
            .and_then(|&r| m.entry_block(r))
            .map(|b| m.block_args(b).iter().map(|&a| m.value_type(a)).collect())
            .unwrap_or_default()
    } else {
        return 0;
    };
    types.iter().fold(0u64, |at, &t| {
        let size = match m.type_data(t) {
            tilec_ir::TypeData::Int(w) if *w <= 32 => 4,
            tilec_ir::TypeData::Float(tilec_ir::FloatKind::F32) => 4,
            _ => 8,
        };
        at.div_ceil(size) * size + size
    })
}

/// Why an op needs a row: its kind (the catalog), an attribute rule, or one of its forms.
#[derive(Clone, Copy)]
enum Why {
    Kind,
    Rule(&'static UseRule),
    Form(Use),
}

impl Why {
    /// The words for a diagnostic (built only when there is one).
    fn describe(self, short: &str) -> String {
        match self {
            Why::Kind => format!("'{short}'"),
            Why::Rule(u) => u.what.replace("{op}", short),
            Why::Form(u) => u.describe(short),
        }
    }
}

/// The instructions `op` is on `target`: a ptx op's form, or the forms an nv_tileas op is
/// lowered to (with the lowering's widening of split and restricted fences).
pub fn forms(m: &Module, op: Op, target: &Target) -> Vec<PtxForm> {
    match PtxForm::of(m, op) {
        Some(f) => vec![f],
        None => form::lowered(m, op, form::split_fences(target), || false),
    }
}

/// The rows an op needs, with why: at most a handful (an instruction and its features).
type Uses = SmallVec<[(&'static Form, Why); 4]>;

/// Every row `op` needs, and why (no allocation: this runs for every op of every kernel, in the
/// verifier and again in the printer).
fn uses(m: &Module, op: Op, target: &Target) -> Uses {
    derive(m, op, target).uses
}

/// What is derived per op: the rows it needs, and the form it prints as (a ptx op's).
#[derive(Clone)]
struct Derived {
    uses: Uses,
    form: Option<PtxForm>,
}

/// [`uses`], and the op's [`PtxForm::of`] (only ptx ops, which are registered, have one).
fn derive(m: &Module, op: Op, target: &Target) -> Derived {
    let form = PtxForm::of(m, op);
    let mut v = Uses::new();
    let name = m.op_name(op);
    // Ops of other dialects pass through tilec unprinted: their attributes mean nothing here.
    let Some(def) = tilec_dialects::op_def(name) else {
        return Derived { uses: v, form };
    };
    // `forms`, without its vector; the target's split fences matter only to a lowered form.
    if let Some(f) = form {
        v.extend(f.uses().map(|(row, u)| (row, Why::Form(u))));
    } else if form::lowers_to(name).is_some() {
        for f in form::lowered(m, op, form::split_fences(target), || false) {
            v.extend(f.uses().map(|(row, u)| (row, Why::Form(u))));
        }
    } else {
        if let Some(f) = def.form.and_then(isa_row) {
            v.push((f, Why::Kind));
        }
        for u in USES.iter().filter(|u| (u.applies)(m, op)) {
            v.extend(isa_row(u.form).map(|f| (f, Why::Rule(u))));
        }
    }
    Derived { uses: v, form }
}

/// Every ISA row `op` needs on `target` (the printer computes `.version` from them).
pub fn rows(m: &Module, op: Op, target: &Target) -> impl Iterator<Item = &'static Form> {
    uses(m, op, target).into_iter().map(|(f, _)| f)
}

/// [`rows`] and the checks of [`check_op`] for every op of a kernel: an op without regions,
/// with at most three operands and two results, needs what its name, value types and the
/// attributes [`rows_read`] names say (nothing else of the op is read), so the rows are derived once
/// per distinct kind of op, not once per op (a constant's value, say, is not part of its kind).
/// A memo serves one target.
pub struct RowMemo<'t> {
    target: &'t Target,
    /// By the op's whole dictionary: the cheap key, which most ops hit ([`MemoKey::raw`]);
    /// an index into `derived`. At most [`BY_DICT`] keys.
    by_dict: FxHashMap<[u32; 7], u32>,
    /// By the attributes the rows read: asked on a miss of `by_dict` (a new constant value,
    /// say), before deriving; an index into `derived`.
    by_read: FxHashMap<MemoKey<ReadAttrs>, u32>,
    /// What each distinct kind of op derived.
    derived: Vec<Derived>,
    /// What was derived for the last op that has no key.
    scratch: Derived,
}

/// The most dictionaries [`RowMemo`] keys by: a kernel whose ops mostly have dictionaries of
/// their own (a constant's value) would grow the table by one key per op, with no hit.
const BY_DICT: usize = 4096;

/// The attributes the rows of an op are derived from: those [`PtxForm::of`] and
/// [`form::lowered`] read, and those of the [`USES`] rules (a rule reading another attribute
/// must add it here, or the memo would share rows between ops it tells apart; the tests
/// compare the memo with the derivation).
fn rows_read(key: Sym) -> bool {
    [
        sym!(nvs::Atom::KIND),
        sym!(nvs::Atom::MEM_SEMANTIC),
        sym!(nvs::Atom::MEM_SCOPE),
        sym!(nvs::Atom::SPACE),
        sym!(nvs::Fence::RESTRICT),
        sym!(nvs::MbarrierArrive::TX_BYTES),
        sym!(ptx::BarrierClusterArrive::ALIGNED),
        sym!(nvs::BulkWait::READ),
        sym!(ptx::MovSreg::REG),
        sym!(nvs::Kernel::CLUSTER_DIMS),
        sym!(ptx::Kernel::PARAM_TYPES),
        sym!(ptx::Binary::NAN),
        sym!(nvs::MaxF::PROPAGATE_NAN),
        sym!(nvs::Ld::STREAMING),
    ]
    .contains(&key)
}

/// An op's attributes that [`rows_read`] names, in its dictionary's order.
type ReadAttrs = SmallVec<[(Sym, tilec_ir::Attr); 4]>;

/// What the rows of a small op are derived from: its name, value types and attributes (`A`: the
/// whole dictionary, or the [`ReadAttrs`]).
#[derive(PartialEq, Eq, Hash)]
struct MemoKey<A> {
    name: Sym,
    attrs: A,
    operands: [Option<Type>; 3],
    results: [Option<Type>; 2],
}

impl MemoKey<Dict> {
    fn of(m: &Module, op: Op) -> Option<MemoKey<Dict>> {
        let vals = m.operands(op);
        let n = m.num_results(op);
        if !m.regions(op).is_empty() || n > 2 || vals.len() > 3 {
            return None;
        }
        let mut operands = [None; 3];
        for (slot, &v) in operands.iter_mut().zip(vals) {
            *slot = Some(m.value_type(v));
        }
        let mut results = [None; 2];
        for (slot, r) in results.iter_mut().zip(m.results(op)) {
            *slot = Some(m.value_type(r));
        }
        Some(MemoKey {
            name: m.op_name(op),
            attrs: m.attrs(op),
            operands,
            results,
        })
    }

    /// The key as seven words (name, dictionary, operand and result types; 0 for none): hashed
    /// in one pass, since every op of a kernel asks it.
    fn raw(&self) -> [u32; 7] {
        let t = |t: Option<Type>| t.map_or(0, |t| t.index() as u32 + 1);
        let [a, b, c] = self.operands.map(t);
        let [d, e] = self.results.map(t);
        let name = self.name.index();
        [name, self.attrs.index() as u32, a, b, c, d, e]
    }

    /// The same key with only the attributes the rows read.
    fn read(&self, m: &Module) -> MemoKey<ReadAttrs> {
        MemoKey {
            name: self.name,
            attrs: m
                .dict_entries(self.attrs)
                .iter()
                .filter(|e| rows_read(e.0))
                .copied()
                .collect(),
            operands: self.operands,
            results: self.results,
        }
    }
}

impl<'t> RowMemo<'t> {
    /// An empty memo for `target`.
    pub fn new(target: &'t Target) -> RowMemo<'t> {
        RowMemo {
            target,
            by_dict: FxHashMap::default(),
            by_read: FxHashMap::default(),
            derived: Vec::new(),
            scratch: Derived {
                uses: Uses::new(),
                form: None,
            },
        }
    }

    fn derived(&mut self, m: &Module, op: Op) -> &Derived {
        let Some(key) = MemoKey::of(m, op) else {
            self.scratch = derive(m, op, self.target);
            return &self.scratch;
        };
        let raw = key.raw();
        let i = match self.by_dict.get(&raw) {
            Some(&i) => i,
            None => {
                let (target, derived) = (self.target, &mut self.derived);
                let i = *self.by_read.entry(key.read(m)).or_insert_with(|| {
                    derived.push(derive(m, op, target));
                    derived.len() as u32 - 1
                });
                if self.by_dict.len() < BY_DICT {
                    self.by_dict.insert(raw, i);
                }
                i
            }
        };
        &self.derived[i as usize]
    }

    fn uses(&mut self, m: &Module, op: Op) -> &Uses {
        &self.derived(m, op).uses
    }

    /// [`rows`] of `op`.
    pub fn rows(&mut self, m: &Module, op: Op) -> impl Iterator<Item = &'static Form> + '_ {
        self.uses(m, op).iter().map(|(f, _)| *f)
    }

    /// The form a ptx op prints as ([`PtxForm::of`]), and its [`rows`].
    pub fn form_and_rows(
        &mut self,
        m: &Module,
        op: Op,
    ) -> (Option<PtxForm>, impl Iterator<Item = &'static Form> + '_) {
        let d = self.derived(m, op);
        (d.form, d.uses.iter().map(|(f, _)| *f))
    }
}

/// Checks every op of `m` against `target`; ops at `skip` (they already have errors) are left
/// out so that one mistake gives one diagnostic.
pub fn check(m: &Module, target: &Target, skip: &FxHashSet<Loc>, d: &mut Diagnostics) {
    let mut memo = RowMemo::new(target);
    m.walk(&mut |op| {
        if !skip.contains(&m.op_loc(op)) {
            let uses = memo.uses(m, op);
            report(m, op, target, uses, d);
        }
        WalkControl::Continue
    });
}

/// Checks one op against `target` (what [`check`] does per op).
pub fn check_op(m: &Module, op: Op, target: &Target, d: &mut Diagnostics) {
    report(m, op, target, &uses(m, op, target), d);
}

/// The diagnostics of `op`, which needs `uses`: the first row the target lacks, and the row
/// needing the highest PTX ISA above `--ptx-isa`.
fn report(m: &Module, op: Op, target: &Target, uses: &Uses, d: &mut Diagnostics) {
    if uses.is_empty() {
        return;
    }
    let ceiling = target.ptx_isa;
    let lacks = uses.iter().find(|(f, _)| !f.target.met_by(target));
    let worst = ceiling.and_then(|c| {
        uses.iter()
            .filter(|(f, _)| f.ptx > c)
            .max_by_key(|(f, _)| f.ptx)
    });
    if lacks.is_none() && worst.is_none() {
        return;
    }
    let short = short_name(m.op_name(op).as_str());
    let loc = m.op_loc(op);
    let start = d.len();
    if let Some((f, why)) = lacks {
        d.error_code(
            tilec_ir::DiagCode::TargetSm,
            loc,
            format!(
                "{} needs {}; the target is {}",
                why.describe(short),
                f.target.describe(),
                target.name()
            ),
        );
    }
    if let (Some(ceiling), Some((f, why))) = (ceiling, worst) {
        d.error_code(
            tilec_ir::DiagCode::TargetPtxIsa,
            loc,
            format!(
                "{} needs PTX ISA {} (form '{}'), but --ptx-isa is {ceiling}",
                why.describe(short),
                f.ptx,
                f.key
            ),
        );
    }
    d.default_op_from(start, op);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row key that is not in the table would silently check nothing; a catalog row on an op
    /// that has instruction forms would be a second derivation of what they need.
    #[test]
    fn every_row_key_is_in_the_isa_table_and_derived_once() {
        for u in USES {
            assert!(
                isa_row(u.form).is_some(),
                "USES names unknown form '{}'",
                u.form
            );
        }
        let reg = tilec_dialects::registry();
        let mut named = 0;
        for dialect in ["cuda_tile", "nv_tileaa", "nv_tileas", "ptx"] {
            for name in reg.ops_of(dialect) {
                let def = tilec_dialects::op_def(tilec_ir::Sym::new(name)).expect("registered");
                if let Some(key) = def.form {
                    assert!(isa_row(key).is_some(), "{name} names unknown form '{key}'");
                    let lowered = form::lowers_to(tilec_ir::Sym::new(name)).is_some();
                    let instr = form::Instr::of_op(tilec_ir::Sym::new(name)).is_some();
                    assert!(!lowered && !instr, "{name} has forms and a catalog row");
                    named += 1;
                }
            }
        }
        assert_eq!(
            named, 17,
            "the cluster special registers, mmaf and mmai (cuda_tile, nv_tileaa), mma_sync (nv_tileas, ptx), wgmma_mma_async (ptx) and cp_async/cp_async_commit/cp_async_wait/cp_async_wait_all (nv_tileas, ptx) name a row"
        );
    }

    fn diags(src: &str, target: &str, isa: Option<&str>) -> Vec<String> {
        let m = tilec_ir::text::parse_module(src, Default::default()).expect("parses");
        let mut t = Target::parse(target).expect("target");
        t.ptx_isa = isa.map(|v| tilec_dialects::target::PtxIsa::parse(v).expect("isa"));
        let mut d = Diagnostics::new();
        check(&m, &t, &FxHashSet::default(), &mut d);
        d.0.into_iter().map(|x| x.message).collect()
    }

    #[test]
    fn one_target_error_and_one_isa_error_per_op() {
        // Cluster scope, shared_cluster and relaxed on one arrive: the first the target lacks.
        let src = r#""nv_tileas.mbarrier_arrive"(%p) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>, space = #mem.space<shared_cluster>} : (!nv_tileas.ptr<shared_cluster>) -> ()"#;
        let src = format!(
            "\"test.h\"() ({{\n^bb0(%p: !nv_tileas.ptr<shared_cluster>):\n{src}\n}}) : () -> ()"
        );
        let d = diags(&src, "sm_80", Some("7.0"));
        assert_eq!(d.len(), 2, "{d:?}");
        assert_eq!(
            d[0],
            "'mbarrier_arrive' with scope 'cluster' needs sm_90 or later; the target is sm_80"
        );
        // The highest ISA wins: relaxed (8.6) over remote / .sem (8.0).
        assert_eq!(
            d[1],
            "'mbarrier_arrive' with semantic 'relaxed' needs PTX ISA 8.6 (form 'mbarrier.relaxed'), but --ptx-isa is 7.0"
        );
        assert!(diags(&src, "sm_90a", None).is_empty());
    }

    /// The memo shares rows only between ops the derivation does not tell apart: every op of a
    /// module of assorted forms gets from the memo (first and second time) what it derives.
    #[test]
    fn memoized_rows_are_the_derived_rows() {
        let sc = "!nv_tileas.ptr<shared_cluster>";
        let g = "!nv_tileas.ptr<global>";
        let ops = [
            format!(r#""nv_tileas.mbarrier_arrive"(%p) {{mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<cluster>, space = #mem.space<shared_cluster>}} : ({sc}) -> ()"#),
            format!(r#""nv_tileas.mbarrier_arrive"(%p) {{mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>}} : ({sc}) -> ()"#),
            format!(r#""nv_tileas.mbarrier_expect_tx"(%p) {{tx_bytes = 16 : i32}} : ({sc}) -> ()"#),
            r#""nv_tileas.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()"#.to_string(),
            r#""nv_tileas.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cluster>} : () -> ()"#.to_string(),
            r#""ptx.fence"() {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : () -> ()"#.to_string(),
            r#""ptx.mov_sreg"() {reg = "cluster_ctarank"} : () -> i32"#.to_string(),
            r#""ptx.mov_sreg"() {reg = "tid.x"} : () -> i32"#.to_string(),
            r#""ptx.mov_imm"() {value = 1 : i32} : () -> i32"#.to_string(),
            r#""ptx.mov_imm"() {value = 2 : i32, mem_scope = #mem.scope<cluster>} : () -> i32"#.to_string(),
            format!(r#""nv_tileas.st"(%g, %v) {{space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>}} : ({g}, i32) -> ()"#),
            format!(r#""nv_tileas.st"(%g, %v) {{space = #mem.space<global>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<cluster>}} : ({g}, i32) -> ()"#),
            format!(r#""nv_tileas.atom"(%g, %v) {{kind = #mem.rmw<add>, space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>}} : ({g}, i32) -> i32"#),
            format!(r#""nv_tileas.ld"(%p) {{space = #mem.space<shared_cluster>, mem_semantic = #mem.sem<weak>}} : ({sc}) -> i32"#),
        ];
        let src = format!(
            "\"test.h\"() ({{\n^bb0(%p: {sc}, %g: {g}, %v: i32):\n{}\n}}) : () -> ()",
            ops.iter()
                .enumerate()
                .map(|(i, o)| match o.ends_with("-> ()") {
                    true => o.clone(),
                    false => format!("%r{i} = {o}"),
                })
                .collect::<Vec<_>>()
                .join("\n")
        );
        let m = tilec_ir::text::parse_module(&src, Default::default()).expect("parses");
        for target in ["sm_80", "sm_90a"] {
            let t = Target::parse(target).expect("target");
            let mut memo = RowMemo::new(&t);
            for _ in 0..2 {
                m.walk(&mut |op| {
                    let memoized: Vec<*const Form> =
                        memo.rows(&m, op).map(|f| f as *const _).collect();
                    let derived: Vec<*const Form> =
                        rows(&m, op, &t).map(|f| f as *const _).collect();
                    assert_eq!(memoized, derived, "{}", m.op_name(op));
                    WalkControl::Continue
                });
            }
        }
    }

    #[test]
    fn split_fences_widen_above_ptx_only() {
        let fence = |d: &str| {
            format!(
                "\"{d}.fence\"() {{mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>}} : () -> ()"
            )
        };
        assert!(diags(&fence("nv_tileas"), "sm_80", Some("7.0")).is_empty());
        assert_eq!(diags(&fence("ptx"), "sm_80", Some("7.0")).len(), 2);
        assert_eq!(diags(&fence("ptx"), "sm_90a", Some("8.5")).len(), 1);
        assert!(diags(&fence("ptx"), "sm_90a", Some("8.6")).is_empty());
    }
}
