//! SYNC-MODEL.md §1 as data: per op family, the accepted semantics, the semantic an op has when
//! it omits the attribute, and how the family treats the scope; plus the `sync_restrict` pairing
//! of a restricted fence's space with its semantic.
//!
//! Structural rule for the families that follow it (ld/st/atom/red/fence): weak carries no
//! scope; every other semantic needs one. The mbarrier families have PTX's defaults instead
//! (release/acquire at cta scope), and the cluster barrier's scope is the cluster, always.
//!
//! Target-dependent legality (cluster scope below sm_90, PTX ISA ceilings) is not here: it needs
//! the target and lives in the `verify-mem-legality` pass (tilec-passes, verify/target.rs).

use tilec_ir::mem::{MemScope, MemSemantic, Space};
use tilec_ir::DiagCode;

/// Why a pair is illegal: the message, and whether the semantic or the scope (or the restrict
/// space) is what the table rejects (`legality.semantic`, `legality.scope`, `legality.space`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairError {
    /// The diagnostic's code.
    pub code: DiagCode,
    /// The message.
    pub message: String,
}

impl std::fmt::Display for PairError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

fn sem_err(message: String) -> PairError {
    PairError {
        code: DiagCode::LegalitySemantic,
        message,
    }
}

fn scope_err(message: String) -> PairError {
    PairError {
        code: DiagCode::LegalityScope,
        message,
    }
}

/// The op families of the legality table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OpFamily {
    /// `ld` / `load_ptr_tko`.
    Load,
    /// `st` / `store_ptr_tko`.
    Store,
    /// `atom` / `atomic_rmw_tko` / `atomic_cas_tko`.
    Rmw,
    /// `red`.
    Red,
    /// `fence` / `fence_tko` without `restrict`.
    Fence,
    /// `fence` with `restrict` (PTX `.sync_restrict`).
    RestrictFence,
    /// mbarrier arrive / arrive_drop / expect_tx / complete_tx.
    MbarrierArrive,
    /// mbarrier try_wait / test_wait / wait.
    MbarrierWait,
    /// `cluster_arrive` (barrier.cluster.arrive).
    ClusterArrive,
    /// `cluster_wait` (barrier.cluster.wait).
    ClusterWait,
}

/// How a family treats the scope.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ScopeRule {
    /// Weak carries none; every other semantic requires one, any scope.
    Structural,
    /// Required, one of the list.
    Required(&'static [MemScope]),
    /// Optional: `default` when omitted; when given, one of the list.
    Defaulted {
        /// The scope of an op that omits it.
        default: MemScope,
        /// The scopes that may be written.
        allowed: &'static [MemScope],
    },
    /// Fixed by the op (the cluster barrier orders the whole cluster): an explicit scope must be
    /// this one.
    Implicit(MemScope),
}

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct Row {
    /// The family.
    pub family: OpFamily,
    /// Accepted semantics.
    pub sems: &'static [MemSemantic],
    /// The semantic of an op that omits `mem_semantic` (None: the op must carry it; the op
    /// tables enforce that).
    pub default_sem: Option<MemSemantic>,
    /// The scope rule.
    pub scope: ScopeRule,
}

use MemScope::{Cluster, Cta};
use MemSemantic::*;

const CTA_OR_CLUSTER: &[MemScope] = &[Cta, Cluster];

const fn row(
    family: OpFamily,
    sems: &'static [MemSemantic],
    default_sem: Option<MemSemantic>,
    scope: ScopeRule,
) -> Row {
    Row {
        family,
        sems,
        default_sem,
        scope,
    }
}

/// SYNC-MODEL.md §1, one row per family.
pub const TABLE: &[Row] = &[
    row(
        OpFamily::Load,
        &[Weak, Relaxed, Acquire, Sc],
        None,
        ScopeRule::Structural,
    ),
    row(
        OpFamily::Store,
        &[Weak, Relaxed, Release, Sc],
        None,
        ScopeRule::Structural,
    ),
    row(
        OpFamily::Rmw,
        &[Relaxed, Acquire, Release, AcqRel, Sc],
        None,
        ScopeRule::Structural,
    ),
    row(
        OpFamily::Red,
        &[Relaxed, Release],
        None,
        ScopeRule::Structural,
    ),
    row(
        OpFamily::Fence,
        &[Acquire, Release, AcqRel, Sc],
        None,
        ScopeRule::Structural,
    ),
    // Which of the two semantics is legal depends on the restricted space: see RESTRICT.
    row(
        OpFamily::RestrictFence,
        &[Release, Acquire],
        None,
        ScopeRule::Required(&[Cluster]),
    ),
    row(
        OpFamily::MbarrierArrive,
        &[Release, Relaxed],
        Some(Release),
        ScopeRule::Defaulted {
            default: Cta,
            allowed: CTA_OR_CLUSTER,
        },
    ),
    row(
        OpFamily::MbarrierWait,
        &[Acquire, Relaxed],
        Some(Acquire),
        ScopeRule::Defaulted {
            default: Cta,
            allowed: CTA_OR_CLUSTER,
        },
    ),
    row(
        OpFamily::ClusterArrive,
        &[Release, Relaxed],
        Some(Release),
        ScopeRule::Implicit(Cluster),
    ),
    // PTX has no relaxed cluster wait (ptxas: "Illegal modifier '.relaxed'").
    row(
        OpFamily::ClusterWait,
        &[Acquire],
        Some(Acquire),
        ScopeRule::Implicit(Cluster),
    ),
];

/// `sync_restrict`: the restricted space and the one semantic it allows (PTX ISA §1.2; ptxas
/// rejects the other combinations).
pub const RESTRICT: &[(Space, MemSemantic)] =
    &[(Space::SharedCta, Release), (Space::SharedCluster, Acquire)];

/// The row of `family`.
pub fn row_of(family: OpFamily) -> &'static Row {
    TABLE
        .iter()
        .find(|r| r.family == family)
        .expect("every family has a row")
}

/// The semantics `family` accepts.
pub fn accepted(family: OpFamily) -> &'static [MemSemantic] {
    row_of(family).sems
}

/// The pair an op has after defaults: `(semantic, scope)`; None where the op omits something
/// that has no default.
pub fn effective(
    family: OpFamily,
    sem: Option<MemSemantic>,
    scope: Option<MemScope>,
) -> (Option<MemSemantic>, Option<MemScope>) {
    let r = row_of(family);
    let scope = match r.scope {
        ScopeRule::Defaulted { default, .. } => scope.or(Some(default)),
        ScopeRule::Implicit(s) => Some(s),
        _ => scope,
    };
    (sem.or(r.default_sem), scope)
}

/// `a, b, c`: the accepted values a diagnostic lists (shared with the PTX form table).
pub(crate) fn list<T: std::fmt::Display>(xs: &[T]) -> String {
    xs.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Checks a pair for `family`; `op` names the op in the message (e.g. `store_ptr_tko`).
pub fn check_pair(
    family: OpFamily,
    op: &str,
    sem: MemSemantic,
    scope: Option<MemScope>,
) -> Result<(), PairError> {
    check(family, op, Some(sem), scope)
}

/// Checks a pair whose semantic may be omitted (the mbarrier and cluster-barrier families have
/// defaults).
pub fn check(
    family: OpFamily,
    op: &str,
    sem: Option<MemSemantic>,
    scope: Option<MemScope>,
) -> Result<(), PairError> {
    let r = row_of(family);
    let Some(sem) = sem.or(r.default_sem) else {
        return Err(sem_err(format!(
            "'{op}' requires a semantic; expected one of: {}",
            list(r.sems)
        )));
    };
    if !r.sems.contains(&sem) {
        return Err(sem_err(format!(
            "'{op}' does not accept semantic '{sem}'; expected one of: {}",
            list(r.sems)
        )));
    }
    match (r.scope, scope) {
        (ScopeRule::Structural, Some(s)) if sem == Weak => Err(scope_err(format!(
            "'{op}' with semantic 'weak' must not carry a scope (got '{s}'); weak accesses are not scoped"
        ))),
        (ScopeRule::Structural, None) if sem != Weak => Err(scope_err(format!(
            "'{op}' with semantic '{sem}' requires a scope; expected one of: {}",
            MemScope::spellings()
        ))),
        (ScopeRule::Required(ok), None) => Err(scope_err(format!(
            "'{op}' requires a scope; expected one of: {}",
            list(ok)
        ))),
        (ScopeRule::Required(ok) | ScopeRule::Defaulted { allowed: ok, .. }, Some(s))
            if !ok.contains(&s) =>
        {
            Err(scope_err(format!(
                "'{op}' does not accept scope '{s}'; expected one of: {}",
                list(ok)
            )))
        }
        (ScopeRule::Implicit(fixed), Some(s)) if s != fixed => Err(scope_err(format!(
            "'{op}' does not accept scope '{s}'; its scope is always '{fixed}'"
        ))),
        _ => Ok(()),
    }
}

/// Checks a `restrict`-ed fence: the space is one of [`RESTRICT`], the semantic is the one that
/// space allows, and the scope is cluster.
pub fn check_restrict(
    op: &str,
    space: Space,
    sem: MemSemantic,
    scope: Option<MemScope>,
) -> Result<(), PairError> {
    let Some(&(_, want)) = RESTRICT.iter().find(|(s, _)| *s == space) else {
        let spaces: Vec<Space> = RESTRICT.iter().map(|r| r.0).collect();
        return Err(PairError {
            code: DiagCode::LegalitySpace,
            message: format!(
                "'{op}' does not accept restrict space '{space}'; expected one of: {}",
                list(&spaces)
            ),
        });
    };
    let label = format!("{op}' with restrict '{space}");
    check(OpFamily::RestrictFence, &label, Some(sem), scope)?;
    if sem != want {
        return Err(sem_err(format!(
            "'{label}' does not accept semantic '{sem}'; expected: {want} (sync_restrict::{} is {want}-only)",
            ptx_space(space)
        )));
    }
    Ok(())
}

/// The PTX spelling of a shared space (`shared::cta`).
pub fn ptx_space(space: Space) -> &'static str {
    match space {
        Space::SharedCta => "shared::cta",
        Space::SharedCluster => "shared::cluster",
        Space::Global => "global",
        Space::Tmem => "tmem",
        Space::Generic => "generic",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every (semantic or none) × (scope or none), including the omitted attribute.
    fn grid() -> Vec<(Option<MemSemantic>, Option<MemScope>)> {
        let sems = std::iter::once(None).chain(MemSemantic::ALL.iter().copied().map(Some));
        let mut v = Vec::new();
        for s in sems {
            for c in std::iter::once(None).chain(MemScope::ALL.iter().copied().map(Some)) {
                v.push((s, c));
            }
        }
        v
    }

    /// SYNC-MODEL.md §1 restated independently of TABLE: is `(sem, scope)` legal for `fam`?
    fn spec(fam: OpFamily, sem: Option<MemSemantic>, scope: Option<MemScope>) -> bool {
        use MemScope::*;
        let structural = |ok: &[MemSemantic]| match sem {
            Some(Weak) => ok.contains(&Weak) && scope.is_none(),
            Some(s) => ok.contains(&s) && scope.is_some(),
            None => false,
        };
        let cta_or_cluster = matches!(scope, None | Some(Cta | Cluster));
        match fam {
            OpFamily::Load => structural(&[Weak, Relaxed, Acquire, Sc]),
            OpFamily::Store => structural(&[Weak, Relaxed, Release, Sc]),
            OpFamily::Rmw => structural(&[Relaxed, Acquire, Release, AcqRel, Sc]),
            OpFamily::Red => structural(&[Relaxed, Release]),
            OpFamily::Fence => structural(&[Acquire, Release, AcqRel, Sc]),
            OpFamily::RestrictFence => {
                matches!(sem, Some(Acquire | Release)) && scope == Some(Cluster)
            }
            OpFamily::MbarrierArrive => {
                matches!(sem, None | Some(Release | Relaxed)) && cta_or_cluster
            }
            OpFamily::MbarrierWait => {
                matches!(sem, None | Some(Acquire | Relaxed)) && cta_or_cluster
            }
            OpFamily::ClusterArrive => {
                matches!(sem, None | Some(Release | Relaxed))
                    && matches!(scope, None | Some(Cluster))
            }
            OpFamily::ClusterWait => {
                matches!(sem, None | Some(Acquire)) && matches!(scope, None | Some(Cluster))
            }
        }
    }

    #[test]
    fn every_row_every_semantic_every_scope() {
        let mut checked = 0;
        for r in TABLE {
            for (sem, scope) in grid() {
                let got = check(r.family, "op", sem, scope);
                assert_eq!(
                    got.is_ok(),
                    spec(r.family, sem, scope),
                    "{:?} {sem:?} {scope:?}: {got:?}",
                    r.family
                );
                checked += 1;
            }
        }
        assert_eq!(checked, TABLE.len() * 7 * 5);
    }

    #[test]
    fn every_family_has_one_row() {
        for r in TABLE {
            assert_eq!(TABLE.iter().filter(|x| x.family == r.family).count(), 1);
        }
        assert_eq!(TABLE.len(), 10);
    }

    #[test]
    fn defaults() {
        assert_eq!(
            effective(OpFamily::MbarrierArrive, None, None),
            (Some(Release), Some(Cta))
        );
        assert_eq!(
            effective(OpFamily::MbarrierWait, Some(Relaxed), Some(Cluster)),
            (Some(Relaxed), Some(Cluster))
        );
        assert_eq!(
            effective(OpFamily::ClusterWait, None, None),
            (Some(Acquire), Some(Cluster))
        );
        assert_eq!(effective(OpFamily::Load, None, None), (None, None));
    }

    #[test]
    fn restrict_pairs_every_semantic_and_scope() {
        for space in Space::ALL {
            for (sem, scope) in grid() {
                let Some(sem) = sem else { continue };
                let want = RESTRICT.iter().find(|r| r.0 == *space).map(|r| r.1);
                let ok = want == Some(sem) && scope == Some(MemScope::Cluster);
                assert_eq!(
                    check_restrict("fence", *space, sem, scope).is_ok(),
                    ok,
                    "{space:?} {sem:?} {scope:?}"
                );
            }
        }
    }

    #[test]
    fn messages() {
        assert!(check_pair(OpFamily::Store, "st", Weak, Some(MemScope::Cta))
            .unwrap_err()
            .message
            .contains("must not carry a scope"));
        assert!(check_pair(OpFamily::Load, "ld", Relaxed, None)
            .unwrap_err()
            .message
            .contains("requires a scope"));
        assert_eq!(
            check_pair(OpFamily::Store, "store_ptr_tko", Acquire, Some(MemScope::Gpu)).unwrap_err().message,
            "'store_ptr_tko' does not accept semantic 'acquire'; expected one of: weak, relaxed, release, sc"
        );
        assert_eq!(
            check(
                OpFamily::MbarrierArrive,
                "mbarrier_arrive",
                None,
                Some(MemScope::Gpu)
            )
            .unwrap_err()
            .message,
            "'mbarrier_arrive' does not accept scope 'gpu'; expected one of: cta, cluster"
        );
        assert_eq!(
            check(OpFamily::ClusterWait, "cluster_wait", Some(Relaxed), None)
                .unwrap_err()
                .message,
            "'cluster_wait' does not accept semantic 'relaxed'; expected one of: acquire"
        );
        assert_eq!(
            check(
                OpFamily::ClusterArrive,
                "cluster_arrive",
                None,
                Some(MemScope::Gpu)
            )
            .unwrap_err()
            .message,
            "'cluster_arrive' does not accept scope 'gpu'; its scope is always 'cluster'"
        );
        assert_eq!(
            check_restrict("fence", Space::SharedCta, Acquire, Some(MemScope::Cluster))
                .unwrap_err().message,
            "'fence' with restrict 'shared_cta' does not accept semantic 'acquire'; expected: release (sync_restrict::shared::cta is release-only)"
        );
        assert_eq!(
            check_restrict("fence", Space::SharedCta, Release, Some(MemScope::Gpu)).unwrap_err().message,
            "'fence' with restrict 'shared_cta' does not accept scope 'gpu'; expected one of: cluster"
        );
        assert_eq!(
            check_restrict("fence", Space::Global, Release, Some(MemScope::Cluster)).unwrap_err().message,
            "'fence' does not accept restrict space 'global'; expected one of: shared_cta, shared_cluster"
        );
    }
}
