//! The keyword tables of the custom syntax and their parsers: memory ordering, memory scope,
//! atomic mode, comparison predicate/ordering and signedness. Each table is the one place a
//! spelling is defined; parsing, printing and the "expected one of" lists all read it.

use super::parse::PResult;
use tilec_ir::text::custom::CustomParser;
use tilec_ir::{MemScope, MemSemantic, RmwKind};

/// Memory ordering keywords: NVIDIA's five plus tilec's `sc`.
pub const ORDERINGS: &[(&str, MemSemantic)] = &[
    ("weak", MemSemantic::Weak),
    ("relaxed", MemSemantic::Relaxed),
    ("acquire", MemSemantic::Acquire),
    ("release", MemSemantic::Release),
    ("acq_rel", MemSemantic::AcqRel),
    ("sc", MemSemantic::Sc),
];

/// Memory scope keywords, NVIDIA's first (the ones the printer writes), then tilec's own.
pub const SCOPES: &[(&str, MemScope)] = &[
    ("tl_blk", MemScope::Cta),
    ("device", MemScope::Gpu),
    ("sys", MemScope::Sys),
    ("cta", MemScope::Cta),
    ("cluster", MemScope::Cluster),
    ("gpu", MemScope::Gpu),
];

/// Atomic read-modify-write modes, in the spelling the printer writes first. NVIDIA's `addf` is
/// tilec's `add` on floats; `exch` is accepted for tilec's `#mem.rmw<exch>`; `inc` and `dec`
/// are tilec's (PTX's) own.
pub const RMW_MODES: &[(&str, RmwKind)] = &[
    ("add", RmwKind::Add),
    ("addf", RmwKind::Add),
    ("and", RmwKind::And),
    ("or", RmwKind::Or),
    ("xor", RmwKind::Xor),
    ("max", RmwKind::Max),
    ("min", RmwKind::Min),
    ("umax", RmwKind::UMax),
    ("umin", RmwKind::UMin),
    ("xchg", RmwKind::Exch),
    ("exch", RmwKind::Exch),
    ("inc", RmwKind::Inc),
    ("dec", RmwKind::Dec),
];

/// `cmpi`: (NVIDIA predicate, tilec predicate if signed, if unsigned).
pub const INT_PREDICATES: &[(&str, &str, &str)] = &[
    ("equal", "eq", "eq"),
    ("not_equal", "ne", "ne"),
    ("less_than", "slt", "ult"),
    ("less_than_or_equal", "sle", "ule"),
    ("greater_than", "sgt", "ugt"),
    ("greater_than_or_equal", "sge", "uge"),
];

/// `cmpf`: (NVIDIA predicate, tilec predicate if ordered, if unordered).
pub const FLOAT_PREDICATES: &[(&str, &str, &str)] = &[
    ("equal", "oeq", "ueq"),
    ("not_equal", "one", "une"),
    ("less_than", "olt", "ult"),
    ("less_than_or_equal", "ole", "ule"),
    ("greater_than", "ogt", "ugt"),
    ("greater_than_or_equal", "oge", "uge"),
];

/// tilec's comparison predicate of NVIDIA's predicate word `nv` (`less_than`) in its first form
/// (`first`: signed for `cmpi`, ordered for `cmpf`) or the other.
pub fn tilec_predicate(nv: &str, first: bool, int: bool) -> Option<&'static str> {
    let table = if int {
        INT_PREDICATES
    } else {
        FLOAT_PREDICATES
    };
    let e = table.iter().find(|e| e.0 == nv)?;
    Some(if first { e.1 } else { e.2 })
}

/// NVIDIA's predicate word of tilec's comparison predicate `pred` (`slt` → `less_than`), and
/// whether it is the first form (signed for `cmpi`, ordered for `cmpf`).
pub fn nvidia_predicate(pred: &str, int: bool) -> Option<(&'static str, bool)> {
    let table = if int {
        INT_PREDICATES
    } else {
        FLOAT_PREDICATES
    };
    table.iter().find_map(|e| {
        if e.1 == pred {
            Some((e.0, true))
        } else if e.2 == pred {
            Some((e.0, false))
        } else {
            None
        }
    })
}

/// The keyword that prints `sem`.
pub fn ordering_kw(sem: MemSemantic) -> &'static str {
    ORDERINGS
        .iter()
        .find(|(_, s)| *s == sem)
        .map_or("weak", |(k, _)| k)
}

/// The keyword that prints `scope` (NVIDIA's where it has one).
pub fn scope_kw(scope: MemScope) -> &'static str {
    SCOPES
        .iter()
        .find(|(_, s)| *s == scope)
        .map_or("sys", |(k, _)| k)
}

fn list<T>(table: &[(&'static str, T)]) -> String {
    let names: Vec<&str> = table.iter().map(|(k, _)| *k).collect();
    names.join(", ")
}

/// The ordering keyword every memory op starts with (required, as in NVIDIA's syntax).
pub fn ordering(p: &mut CustomParser<'_, '_>, op: &str) -> PResult<MemSemantic> {
    let Some((word, loc)) = p.ident() else {
        return p.expected(&format!(
            "a memory ordering keyword after '{op}' (one of: {})",
            list(ORDERINGS)
        ));
    };
    if let Some((_, sem)) = ORDERINGS.iter().find(|(k, _)| *k == word) {
        return Ok(*sem);
    }
    let msg = match word {
        "token" => format!(
            "'{op}' needs a memory ordering keyword before its token (one of: {})",
            list(ORDERINGS)
        ),
        "seq_cst" => {
            "'seq_cst' is not a memory ordering keyword; tilec spells sequential consistency 'sc'"
                .to_string()
        }
        w if SCOPES.iter().any(|(k, _)| *k == w) => format!(
            "'{op}' needs a memory ordering keyword before the scope '{w}' (one of: {})",
            list(ORDERINGS)
        ),
        w => format!(
            "unknown memory ordering '{w}'; expected one of: {}",
            list(ORDERINGS)
        ),
    };
    p.error(loc, msg)
}

/// The optional scope keyword after the ordering. A following `token` (the token clause of a
/// fence) is not a scope and is left in place.
pub fn scope(p: &mut CustomParser<'_, '_>) -> PResult<Option<MemScope>> {
    p.skip();
    let at = p.pos();
    let Some((word, loc)) = p.ident() else {
        return Ok(None);
    };
    if word == "token" {
        p.set_pos(at);
        return Ok(None);
    }
    match SCOPES.iter().find(|(k, _)| *k == word) {
        Some((_, s)) => Ok(Some(*s)),
        None => p.error(
            loc,
            format!(
                "unknown memory scope '{word}'; expected one of: {}",
                list(SCOPES)
            ),
        ),
    }
}

/// The mode operand of `atomic_rmw_tko`.
pub fn rmw_mode(p: &mut CustomParser<'_, '_>) -> PResult<RmwKind> {
    let Some((word, loc)) = p.ident() else {
        return p.expected(&format!("an atomic mode (one of: {})", list(RMW_MODES)));
    };
    if let Some((_, k)) = RMW_MODES.iter().find(|(w, _)| *w == word) {
        return Ok(*k);
    }
    p.error(
        loc,
        format!(
            "unknown atomic mode '{word}'; expected one of: {}",
            list(RMW_MODES)
        ),
    )
}

/// NVIDIA's `add` is integer addition and `addf` float addition (one kind in tilec's IR): the
/// mode `word` (as written, with its location) against the value tile type `value`. Where
/// `float_add` (tilec's `atomic_rmw_tko`, whose `add` of floats tilec's own text writes), `add`
/// of floats is accepted too.
pub fn check_add_mode(
    p: &mut CustomParser<'_, '_>,
    word: Option<(&str, tilec_ir::Loc)>,
    value: tilec_ir::Type,
    float_add: bool,
) -> PResult<()> {
    let Some((w, loc)) = word else {
        return Ok(());
    };
    let m = p.module();
    let float = crate::types::tile_shape(m, value)
        .is_some_and(|(_, e)| matches!(m.type_data(e), tilec_ir::TypeData::Float(_)));
    match (w, float) {
        ("add", true) if !float_add => p.error(loc, "'add' works only with integers i32 and i64"),
        ("addf", false) => p.error(loc, "'addf' works only with floats f16, bf16, f32, and f64"),
        _ => Ok(()),
    }
}

/// A keyword of `choices`, reporting `what` when something else is written.
pub fn one_of<'c>(
    p: &mut CustomParser<'_, '_>,
    what: &str,
    choices: &[&'c str],
) -> PResult<&'c str> {
    let Some((word, loc)) = p.ident() else {
        return p.expected(&format!("{what} (one of: {})", choices.join(", ")));
    };
    match choices.iter().find(|c| **c == word) {
        Some(c) => Ok(c),
        None => p.error(
            loc,
            format!(
                "unknown {what} '{word}'; expected one of: {}",
                choices.join(", ")
            ),
        ),
    }
}

/// `signed` / `unsigned`.
pub fn signedness(p: &mut CustomParser<'_, '_>) -> PResult<bool> {
    Ok(one_of(p, "signedness", &["signed", "unsigned"])? == "signed")
}
