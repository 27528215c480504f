//! The target half of `verify-mem-legality`: every op's PTX instruction forms against
//! `--target` and `--ptx-isa`, with the minimum versions and targets taken from
//! `tilec_dialects::ptx::isa::FORMS` (the printer asks the same table).
//!
//! An op needs a form for one of two reasons: its kind (the catalog's `.form(…)`: wgmma,
//! tcgen05, bulk copies, mbarrier try_wait, …) or its attributes (cluster scope, the
//! `shared_cluster` space, a relaxed mbarrier, tx bytes on an arrive, cluster dimensions, and on
//! the `ptx` dialect the split and `sync_restrict` fences). The derivation is the [`USES`] table.
//!
//! Split fences: on every dialect above `ptx`, `fence` acquire/release is accepted on any target,
//! because `lower-as-to-ptx` widens it to `fence.acq_rel` where PTX 8.6/sm_90 are missing
//! (stronger, never weaker). A `restrict`-ed fence likewise widens to the plain fence of the
//! same scope (dropping the restriction orders more, never less). On the `ptx` dialect an op is
//! one instruction: a form the target lacks is an error there.
//!
//! One op reports at most one target error and one PTX ISA error (the first use the target lacks,
//! the use needing the highest ISA), so a test annotates one line per problem, not per attribute.

use rustc_hash::FxHashSet;
use tilec_dialects::common::pair;
use tilec_dialects::opdef::short_name;
use tilec_dialects::ptx::isa::{form, Form};
use tilec_dialects::target::Target;
use tilec_dialects::types::{ptr_info, tile_info};
use tilec_ir::walk::WalkControl;
use tilec_ir::{sym, Diagnostics, Loc, MemScope, MemSemantic, Module, Op, Space, Sym, Type};

/// One reason an op needs a form: `form` when `applies`, described as `what` (the op's short
/// name is substituted for `{op}`).
struct UseRule {
    form: &'static str,
    what: &'static str,
    applies: fn(&View) -> bool,
}

/// What a rule sees of an op.
struct View<'a> {
    m: &'a Module,
    op: Op,
    dialect: &'a str,
    short: &'a str,
    sem: Option<MemSemantic>,
    scope: Option<MemScope>,
}

impl View<'_> {
    fn is_mbarrier(&self) -> bool {
        self.short.starts_with("mbarrier_")
    }
    fn space(&self) -> Option<Space> {
        self.m.attr_as(self.op, sym!("space"))
    }
    fn has(&self, key: Sym) -> bool {
        self.m.get_attr(self.op, key).is_some()
    }
    fn fence(&self) -> bool {
        self.short == "fence" && self.dialect == "ptx" && !self.has(sym!("restrict"))
    }
}

/// A pointer (or a tile of pointers) into `shared_cluster`.
fn cluster_ptr(m: &Module, t: Type) -> bool {
    let elem = tile_info(m, t).map_or(t, |ti| ti.elem);
    matches!(ptr_info(m, elem), Some((Some(Space::SharedCluster), _)))
}

/// The mbarrier ops PTX 8.6 gave a `.relaxed` form (expect_tx/complete_tx had it from 8.0).
const MBAR_RELAXABLE: &[&str] = &[
    "mbarrier_arrive",
    "mbarrier_arrive_drop",
    "mbarrier_try_wait",
    "mbarrier_test_wait",
    "mbarrier_wait",
];

/// The attribute-driven uses, in reporting order.
const USES: &[UseRule] = &[
    // mbarrier `.sem.scope` written out (cluster scope) is PTX 8.0; other ops' cluster scope 7.8.
    UseRule {
        form: "mbarrier.sem",
        what: "'{op}' with scope 'cluster'",
        applies: |o| o.is_mbarrier() && o.scope == Some(MemScope::Cluster),
    },
    UseRule {
        form: "scope.cluster",
        what: "'{op}' with scope 'cluster'",
        applies: |o| !o.is_mbarrier() && o.scope == Some(MemScope::Cluster),
    },
    UseRule {
        form: "mbarrier.remote",
        what: "'{op}' on a peer CTA's barrier (shared_cluster)",
        applies: |o| {
            o.is_mbarrier()
                && (o.space() == Some(Space::SharedCluster)
                    || o.m
                        .operands(o.op)
                        .first()
                        .is_some_and(|v| cluster_ptr(o.m, o.m.value_type(*v))))
        },
    },
    // An arrive's state goes to the sink `_` (PTX 7.1): tilec never reads the state.
    UseRule {
        form: "mbarrier.sink",
        what: "'{op}'",
        applies: |o| matches!(o.short, "mbarrier_arrive" | "mbarrier_arrive_drop"),
    },
    UseRule {
        form: "mbarrier.count",
        what: "'{op}' with an arrival count",
        applies: |o| {
            matches!(o.short, "mbarrier_arrive" | "mbarrier_arrive_drop")
                && o.m.operands(o.op).len() == 2
        },
    },
    UseRule {
        form: "space.shared::cluster",
        what: "'{op}' on space 'shared_cluster'",
        applies: |o| o.space() == Some(Space::SharedCluster),
    },
    UseRule {
        form: "space.shared::cluster",
        what: "'{op}' producing a 'shared_cluster' pointer",
        applies: |o| {
            o.m.results(o.op)
                .any(|r| cluster_ptr(o.m, o.m.value_type(r)))
        },
    },
    UseRule {
        form: "space.shared::cluster",
        what: "'{op}' with a 'shared_cluster' pointer parameter",
        applies: |o| {
            let m = o.m;
            m.regions(o.op).iter().any(|r| {
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
        applies: |o| {
            o.short == "mov_sreg"
                && o.m
                    .attr_as::<String>(o.op, sym!("reg"))
                    .is_some_and(|r| r.starts_with("cluster"))
        },
    },
    UseRule {
        form: "cluster_dims",
        what: "'{op}' with cluster_dims",
        applies: |o| o.has(sym!("cluster_dims")),
    },
    UseRule {
        form: "mbarrier.relaxed",
        what: "'{op}' with semantic 'relaxed'",
        applies: |o| o.sem == Some(MemSemantic::Relaxed) && MBAR_RELAXABLE.contains(&o.short),
    },
    UseRule {
        form: "barrier.cluster.sem",
        what: "'{op}' with semantic 'relaxed'",
        applies: |o| {
            matches!(o.short, "cluster_arrive" | "barrier_cluster_arrive")
                && o.sem == Some(MemSemantic::Relaxed)
        },
    },
    UseRule {
        form: "mbarrier.expect_tx",
        what: "'{op}' with tx_bytes (arrive.expect_tx)",
        applies: |o| {
            matches!(o.short, "mbarrier_arrive" | "mbarrier_arrive_drop") && o.has(sym!("tx_bytes"))
        },
    },
    // The ptx dialect prints what it holds: no widening there.
    UseRule {
        form: "fence.sync_restrict",
        what: "'{op}' with restrict (fence.sync_restrict)",
        applies: |o| o.dialect == "ptx" && o.short == "fence" && o.has(sym!("restrict")),
    },
    UseRule {
        form: "fence.acquire",
        what: "'{op}' with semantic 'acquire' (a split fence)",
        applies: |o| o.fence() && o.sem == Some(MemSemantic::Acquire),
    },
    UseRule {
        form: "fence.release",
        what: "'{op}' with semantic 'release' (a split fence)",
        applies: |o| o.fence() && o.sem == Some(MemSemantic::Release),
    },
];

/// Why an op needs a form: its kind (the catalog), or an attribute rule.
#[derive(Clone, Copy)]
enum Why {
    Kind,
    Rule(&'static UseRule),
}

impl Why {
    /// The words for a diagnostic (built only when there is one).
    fn describe(self, short: &str) -> String {
        match self {
            Why::Kind => format!("'{short}'"),
            Why::Rule(u) => u.what.replace("{op}", short),
        }
    }
}

/// Every form `op` needs, and why (no allocation for the many ops that need none).
fn uses(m: &Module, op: Op) -> Vec<(&'static Form, Why)> {
    // Ops of other dialects pass through tilec unprinted: their attributes mean nothing here.
    let Some(def) = tilec_dialects::op_def(m.op_name(op)) else {
        return Vec::new();
    };
    let Some((dialect, short)) = def.name.split_once('.') else {
        return Vec::new();
    };
    let (sem, scope) = pair(m, op);
    let o = View {
        m,
        op,
        dialect,
        short,
        sem,
        scope,
    };
    let mut v = Vec::new();
    if let Some(f) = def.form.and_then(form) {
        v.push((f, Why::Kind));
    }
    for u in USES.iter().filter(|u| (u.applies)(&o)) {
        v.extend(form(u.form).map(|f| (f, Why::Rule(u))));
    }
    v
}

/// The keys of every form `op` needs (the printer computes `.version` from them).
pub fn form_keys(m: &Module, op: Op) -> impl Iterator<Item = &'static str> {
    uses(m, op).into_iter().map(|(f, _)| f.key)
}

/// Checks every op of `m` against `target`; ops at `skip` (they already have errors) are left
/// out so that one mistake gives one diagnostic.
pub fn check(m: &Module, target: &Target, skip: &FxHashSet<Loc>, d: &mut Diagnostics) {
    m.walk(&mut |op| {
        if !skip.contains(&m.op_loc(op)) {
            check_op(m, op, target, d);
        }
        WalkControl::Continue
    });
}

/// Checks one op against `target` (what [`check`] does per op).
pub fn check_op(m: &Module, op: Op, target: &Target, d: &mut Diagnostics) {
    let uses = uses(m, op);
    if uses.is_empty() {
        return;
    }
    let short = short_name(m.op_name(op).as_str());
    let loc = m.op_loc(op);
    if let Some((f, why)) = uses.iter().find(|(f, _)| !f.target.met_by(target)) {
        d.error(
            loc,
            format!(
                "{} needs {}; the target is {}",
                why.describe(short),
                f.target.describe(),
                target.name()
            ),
        );
    }
    let Some(ceiling) = target.ptx_isa else {
        return;
    };
    let worst = uses
        .iter()
        .filter(|(f, _)| f.ptx > ceiling)
        .max_by_key(|(f, _)| f.ptx);
    if let Some((f, why)) = worst {
        d.error(
            loc,
            format!(
                "{} needs PTX ISA {} (form '{}'), but --ptx-isa is {ceiling}",
                why.describe(short),
                f.ptx,
                f.key
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A form key that is not in the table would silently check nothing.
    #[test]
    fn every_form_key_is_in_the_isa_table() {
        for u in USES {
            assert!(
                form(u.form).is_some(),
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
                    assert!(form(key).is_some(), "{name} names unknown form '{key}'");
                    named += 1;
                }
            }
        }
        assert!(named >= 30, "only {named} ops name a form");
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
