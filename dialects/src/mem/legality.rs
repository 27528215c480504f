//! SYNC-MODEL.md §1 as data: per op family, the accepted semantics and whether a scope is
//! required. Structural rule for every family: weak carries no scope; every other semantic
//! needs one.

use tilec_ir::mem::{MemScope, MemSemantic};

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
    /// `fence` / `fence_tko`.
    Fence,
}

use MemSemantic::*;

/// (family, accepted semantics, weak allowed).
const TABLE: &[(OpFamily, &[MemSemantic])] = &[
    (OpFamily::Load, &[Weak, Relaxed, Acquire, Sc]),
    (OpFamily::Store, &[Weak, Relaxed, Release, Sc]),
    (OpFamily::Rmw, &[Relaxed, Acquire, Release, AcqRel, Sc]),
    (OpFamily::Red, &[Relaxed, Release]),
    (OpFamily::Fence, &[Acquire, Release, AcqRel, Sc]),
];

/// The semantics `family` accepts.
pub fn accepted(family: OpFamily) -> &'static [MemSemantic] {
    TABLE
        .iter()
        .find(|(f, _)| *f == family)
        .map(|(_, s)| *s)
        .unwrap_or(&[])
}

/// Checks a pair for `family`; `op` names the op in the message (e.g. `store_ptr_tko`).
pub fn check_pair(
    family: OpFamily,
    op: &str,
    sem: MemSemantic,
    scope: Option<MemScope>,
) -> Result<(), String> {
    let ok = accepted(family);
    if !ok.contains(&sem) {
        let list: Vec<&str> = ok.iter().map(|s| s.as_str()).collect();
        return Err(format!(
            "'{op}' does not accept semantic '{sem}'; expected one of: {}",
            list.join(", ")
        ));
    }
    match (sem, scope) {
        (Weak, Some(s)) => Err(format!("'{op}' with semantic 'weak' must not carry a scope (got '{s}'); weak accesses are not scoped")),
        (s, None) if s != Weak => Err(format!(
            "'{op}' with semantic '{s}' requires a scope; expected one of: {}",
            MemScope::spellings()
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row() {
        for &(fam, sems) in TABLE {
            for s in MemSemantic::ALL {
                let scope = if *s == Weak {
                    None
                } else {
                    Some(MemScope::Gpu)
                };
                assert_eq!(
                    check_pair(fam, "op", *s, scope).is_ok(),
                    sems.contains(s),
                    "{fam:?} {s:?}"
                );
            }
        }
    }

    #[test]
    fn structural_rule() {
        assert!(check_pair(OpFamily::Store, "st", Weak, Some(MemScope::Cta))
            .unwrap_err()
            .contains("must not carry a scope"));
        assert!(check_pair(OpFamily::Load, "ld", Relaxed, None)
            .unwrap_err()
            .contains("requires a scope"));
        let e = check_pair(
            OpFamily::Store,
            "store_ptr_tko",
            Acquire,
            Some(MemScope::Gpu),
        )
        .unwrap_err();
        assert_eq!(e, "'store_ptr_tko' does not accept semantic 'acquire'; expected one of: weak, relaxed, release, sc");
        assert!(check_pair(OpFamily::Red, "red", Sc, Some(MemScope::Gpu)).is_err());
    }
}
