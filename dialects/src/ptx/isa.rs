//! The PTX instruction-form table: minimum `.version` and target per form, from
//! shared/reference/ptx-sync-isa.md (§10) and checked against shared/reference/ptxas-probe.md.
//!
//! The printer computes `.version` as the maximum over the forms it emits and the target's own
//! minimum; with `--ptx-isa`, a form above the ceiling is a diagnostic (never different code).
//! The `verify-mem-legality` pass asks the same table, per op, before any lowering runs.

use crate::target::{PtxIsa, Target};

/// What a target needs for a form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetReq {
    /// Any sm_70+ target.
    Any,
    /// sm_80 or later (mbarrier).
    Sm80,
    /// sm_90 or later (clusters, mbarrier try_wait, bulk copies, …).
    Sm90,
    /// sm_90a exactly (wgmma).
    Sm90a,
    /// tcgen05 targets (sm_100a/101a/110a and the sm_10x/11x `f` targets).
    Tcgen05,
}

impl TargetReq {
    /// True when `t` provides the form.
    pub fn met_by(self, t: &Target) -> bool {
        match self {
            TargetReq::Any => true,
            TargetReq::Sm80 => t.sm >= 80,
            TargetReq::Sm90 => t.has_clusters(),
            TargetReq::Sm90a => t.has_wgmma(),
            TargetReq::Tcgen05 => t.has_tcgen05(),
        }
    }
    /// Words for diagnostics.
    pub fn describe(self) -> &'static str {
        match self {
            TargetReq::Any => "any target",
            TargetReq::Sm80 => "sm_80 or later",
            TargetReq::Sm90 => "sm_90 or later",
            TargetReq::Sm90a => "sm_90a",
            TargetReq::Tcgen05 => {
                "a tcgen05 target (sm_100a, sm_101a, sm_103a, sm_110a or an sm_10x/sm_11x 'f' target)"
            }
        }
    }
}

/// One row: a form key, the PTX ISA that introduced it, what target it needs.
#[derive(Clone, Copy, Debug)]
pub struct Form {
    /// The key the printer asks with (the PTX spelling, generalized).
    pub key: &'static str,
    /// Minimum `.version`.
    pub ptx: PtxIsa,
    /// Minimum target.
    pub target: TargetReq,
}

const fn f(key: &'static str, major: u8, minor: u8, target: TargetReq) -> Form {
    Form {
        key,
        ptx: PtxIsa(major, minor),
        target,
    }
}

use TargetReq::*;

/// Every form tilec can print or verify. Keys are PTX spellings, generalized; the verifier's
/// target checks (tilec-passes verify/target.rs) and the printer both ask this table.
pub const FORMS: &[Form] = &[
    // fences (§1)
    f("fence.sc", 6, 0, Any),
    f("fence.acq_rel", 6, 0, Any),
    f("fence.acquire", 8, 6, Sm90),
    f("fence.release", 8, 6, Sm90),
    f("fence.sync_restrict", 8, 6, Sm90),
    f("fence.mbarrier_init", 8, 0, Sm90),
    f("fence.proxy.async", 8, 0, Sm90),
    f("scope.cluster", 7, 8, Sm90),
    // memory-ordered accesses (§2)
    f("ld.sem", 6, 0, Any),
    f("st.sem", 6, 0, Any),
    f("atom.sem", 6, 0, Any),
    f("red.sem", 6, 0, Any),
    f("space.shared::cluster", 7, 8, Sm90),
    f("space.shared::cta", 7, 8, Any),
    // barriers (§4): `barrier.cluster.arrive/wait` 7.8; an explicit .relaxed (.release,
    // .acquire) qualifier 8.0
    f("bar.sync", 1, 0, Any),
    f("bar.arrive", 2, 0, Any),
    f("barrier.sync", 6, 0, Any),
    f("barrier.cluster", 7, 8, Sm90),
    f("barrier.cluster.sem", 8, 0, Sm90),
    // mbarrier (§3): init/inval/arrive/arrive_drop in their default (release/acquire, cta)
    // forms; `.sem.scope` written out (needed for cluster scope); `.relaxed` on
    // arrive/arrive_drop/test_wait/try_wait; expect_tx/complete_tx and arrive.expect_tx; an
    // arrive on a peer CTA's barrier (`.shared::cluster`)
    f("mbarrier.init", 7, 0, Sm80),
    f("mbarrier.test_wait.parity", 7, 1, Sm80),
    f("mbarrier.sem", 8, 0, Sm90),
    f("mbarrier.relaxed", 8, 6, Sm90),
    f("mbarrier.try_wait", 7, 8, Sm90),
    f("mbarrier.expect_tx", 8, 0, Sm90),
    f("mbarrier.remote", 8, 0, Sm90),
    // async copies (§5, §6)
    f("st.async", 8, 1, Sm90),
    f("red.async", 8, 1, Sm90),
    f("cp.async.bulk", 8, 0, Sm90),
    f("mapa", 7, 8, Sm90),
    // clusters: %cluster_ctarank / %clusterid, .reqnctapercluster
    f("sreg.cluster", 7, 8, Sm90),
    f("cluster_dims", 7, 8, Sm90),
    // tensor-core sync (§7, §8)
    f("wgmma", 8, 0, Sm90a),
    f("tcgen05", 8, 6, Tcgen05),
    // plain instructions the printer needs
    f("basic", 6, 0, Any),
];

/// The row of `key`.
pub fn form(key: &str) -> Option<&'static Form> {
    FORMS.iter().find(|f| f.key == key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_known() {
        for (i, a) in FORMS.iter().enumerate() {
            assert!(
                FORMS[i + 1..].iter().all(|b| b.key != a.key),
                "duplicate {}",
                a.key
            );
        }
        assert_eq!(form("fence.acquire").unwrap().ptx, PtxIsa(8, 6));
        let sm = |s| Target::parse(s).unwrap();
        assert!(form("mbarrier.init").unwrap().target.met_by(&sm("sm_80")));
        assert!(!form("mbarrier.init").unwrap().target.met_by(&sm("sm_75")));
        assert!(!form("mbarrier.try_wait")
            .unwrap()
            .target
            .met_by(&sm("sm_89")));
        assert!(form("tcgen05").unwrap().target.met_by(&sm("sm_100f")));
        assert!(!form("tcgen05").unwrap().target.met_by(&sm("sm_100")));
        assert!(!form("wgmma")
            .unwrap()
            .target
            .met_by(&Target::parse("sm_90").unwrap()));
        assert!(form("wgmma")
            .unwrap()
            .target
            .met_by(&Target::parse("sm_90a").unwrap()));
    }
}
