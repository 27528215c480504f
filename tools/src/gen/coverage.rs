//! What generated programs exercise, read back from the parsed IR (not from the generator's
//! own bookkeeping, so a construct the generator means to write but misspells does not count):
//! the cuda_tile ops, each op's element types, the (semantic, scope) pairs of the memory ops,
//! and the tile shapes. [`Coverage::missing_ops`] and [`Coverage::missing_pairs`] compare with
//! tilec's catalog (the ops it lowers) and legality table.

use std::collections::{BTreeMap, BTreeSet};
use tilec_dialects::cuda_tile;
use tilec_dialects::mem::{check, MemScope, MemSemantic, OpFamily};
use tilec_dialects::opdef::{AnyPair, PairOp};
use tilec_dialects::types::{ptr_info, tile_info};
use tilec_ir::text::{parse_module_with, type_to_string};
use tilec_ir::{Module, Op, SourceMap};

/// The memory ops of the catalog with their legality family.
const MEM_OPS: &[(&str, OpFamily)] = &[
    ("load_ptr_tko", OpFamily::Load),
    ("store_ptr_tko", OpFamily::Store),
    ("atomic_rmw_tko", OpFamily::Rmw),
    ("atomic_cas_tko", OpFamily::Rmw),
    ("fence_tko", OpFamily::Fence),
];

/// Counts of what was generated.
#[derive(Default, Debug)]
pub struct Coverage {
    /// Programs added.
    pub programs: usize,
    /// cuda_tile op (short name) → occurrences.
    pub ops: BTreeMap<String, usize>,
    /// (op, element type) pairs seen (a pointer tile counts as its pointee).
    pub op_elems: BTreeSet<(String, String)>,
    /// (memory op, `semantic scope`) pairs seen (`weak` alone).
    pub pairs: BTreeSet<(String, String)>,
    /// Shape classes of tiles: `0-d`, `1-d 2^k`, `1-d other`, `2-d`, `3-d`.
    pub shapes: BTreeSet<String>,
}

impl Coverage {
    /// Adds the program `text` (false when it does not parse).
    pub fn add(&mut self, text: &str) -> bool {
        let mut sources = SourceMap::new();
        let f = sources.add("gen.mlir".to_string(), text.to_string());
        let Ok(m) = parse_module_with(sources.text(f), f, tilec_dialects::syntax::syntaxes())
        else {
            return false;
        };
        self.programs += 1;
        for op in m.all_ops() {
            self.add_op(&m, op);
        }
        true
    }

    /// Adds what `other` counted.
    pub fn merge(&mut self, other: Coverage) {
        self.programs += other.programs;
        for (op, n) in other.ops {
            *self.ops.entry(op).or_default() += n;
        }
        self.op_elems.extend(other.op_elems);
        self.pairs.extend(other.pairs);
        self.shapes.extend(other.shapes);
    }

    fn add_op(&mut self, m: &Module, op: Op) {
        let Some(short) = cuda_tile::OpKind::of(m, op).map(|k| k.short_name()) else {
            return;
        };
        *self.ops.entry(short.to_string()).or_default() += 1;
        let types = m
            .operands(op)
            .iter()
            .copied()
            .chain(m.results(op))
            .map(|v| m.value_type(v));
        for t in types {
            let Some(info) = tile_info(m, t) else {
                continue;
            };
            let elem = match ptr_info(m, info.elem) {
                Some((_, Some(p))) => p,
                Some((_, None)) => continue,
                None => info.elem,
            };
            self.op_elems
                .insert((short.to_string(), type_to_string(m, elem)));
            self.shapes.insert(shape_class(&info.dims).to_string());
        }
        if MEM_OPS.iter().any(|(n, _)| *n == short) {
            let (sem, scope) = AnyPair::cast(m, op).map(|p| p.pair(m)).unwrap_or_default();
            self.pairs
                .insert((short.to_string(), pair_text(sem, scope)));
        }
    }

    /// The catalog's cuda_tile ops that lower never generated (NVIDIA's ops tilec declares but
    /// does not lower yet are not the generator's to write: docs/cuda-tile-ops.md).
    pub fn missing_ops(&self) -> Vec<String> {
        lowered_ops()
            .map(|k| k.short_name())
            .filter(|n| !self.ops.contains_key(*n))
            .map(str::to_string)
            .collect()
    }

    /// The legal (memory op, pair) combinations never generated.
    pub fn missing_pairs(&self) -> Vec<String> {
        legal_pairs()
            .into_iter()
            .filter(|p| !self.pairs.contains(p))
            .map(|(op, p)| format!("{op} {p}"))
            .collect()
    }

    /// A few lines for a test's stderr.
    pub fn report(&self) -> String {
        let mut by_op: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for (op, e) in &self.op_elems {
            by_op.entry(op).or_default().push(e);
        }
        let elems: Vec<String> = by_op
            .iter()
            .map(|(op, es)| format!("  {op}: {}", es.join(" ")))
            .collect();
        let legal = legal_pairs().len();
        format!(
            "coverage over {} programs: {} of {} catalog ops, {} of {legal} legal (op, semantic, scope) combinations, shapes {:?}\nelement types per op:\n{}",
            self.programs,
            self.ops.len(),
            lowered_ops().count(),
            legal - self.missing_pairs().len(),
            self.shapes,
            elems.join("\n")
        )
    }
}

/// The cuda_tile ops `lower-cuda-tile-to-aa` lowers.
fn lowered_ops() -> impl Iterator<Item = cuda_tile::OpKind> {
    cuda_tile::OpKind::ALL
        .iter()
        .copied()
        .filter(|&k| tilec_passes::lower::cuda_tile_to_aa::lowers(k))
}

/// `relaxed gpu`, or `weak`.
fn pair_text(sem: Option<MemSemantic>, scope: Option<MemScope>) -> String {
    match (sem, scope) {
        (Some(s), Some(sc)) => format!("{s} {sc}"),
        (Some(s), None) => s.to_string(),
        (None, _) => "(none)".into(),
    }
}

/// Every (memory op, pair) the legality table accepts.
pub fn legal_pairs() -> BTreeSet<(String, String)> {
    let scopes: Vec<Option<MemScope>> = std::iter::once(None)
        .chain(MemScope::ALL.iter().copied().map(Some))
        .collect();
    let mut v = BTreeSet::new();
    for (op, fam) in MEM_OPS {
        for &sem in MemSemantic::ALL {
            for &scope in &scopes {
                if check(*fam, op, Some(sem), scope).is_ok() {
                    v.insert((op.to_string(), pair_text(Some(sem), scope)));
                }
            }
        }
    }
    v
}

fn shape_class(dims: &[u64]) -> &'static str {
    match dims {
        [] => "0-d",
        [n] if n.is_power_of_two() => "1-d 2^k",
        [_] => "1-d other",
        [_, _] => "2-d",
        _ => "3-d+",
    }
}
