//! docs/cuda-tile-ops.md lists every op of NVIDIA's cuda_tile dialect
//! (`dialects/src/cuda_tile/nvidia_ops.txt`, from NVIDIA's ODS) and every cuda_tile op of tilec,
//! each once, with a status that says what `lower-cuda-tile-to-aa` does with it; every NVIDIA
//! op is a cuda_tile `OpKind`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use tilec_dialects::cuda_tile::OpKind;
use tilec_passes::lower::cuda_tile_to_aa::lowers;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace root")
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The mnemonics of `nvidia_ops.txt`.
fn nvidia_ops() -> BTreeSet<String> {
    let text = read("dialects/src/cuda_tile/nvidia_ops.txt");
    let ops: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.trim().to_string())
        .collect();
    let set: BTreeSet<String> = ops.iter().cloned().collect();
    assert_eq!(set.len(), ops.len(), "nvidia_ops.txt lists a name twice");
    set
}

/// The doc's table: op name → (NVIDIA column, status column).
fn table() -> BTreeMap<String, (String, String)> {
    let doc = read("docs/cuda-tile-ops.md");
    let mut rows = BTreeMap::new();
    for line in doc.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
        assert!(
            cells.len() >= 3,
            "a table row of fewer than 3 cells: {line}"
        );
        let name = cells[0].trim_matches('`').to_string();
        let row = (cells[1].to_string(), cells[2].to_string());
        assert!(rows.insert(name, row).is_none(), "listed twice: {line}");
    }
    rows
}

#[test]
fn the_doc_lists_nvidia_ops_and_tilec_ops_exactly() {
    let nvidia = nvidia_ops();
    let tilec: BTreeSet<String> = OpKind::ALL
        .iter()
        .map(|k| k.short_name().to_string())
        .collect();
    let rows = table();
    let listed: BTreeSet<String> = rows.keys().cloned().collect();
    let want: BTreeSet<String> = nvidia.union(&tilec).cloned().collect();
    assert_eq!(
        listed.difference(&want).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "listed in docs/cuda-tile-ops.md, but neither NVIDIA's nor tilec's"
    );
    assert_eq!(
        want.difference(&listed).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "missing from docs/cuda-tile-ops.md"
    );
    let not_kinds: Vec<&String> = nvidia.difference(&tilec).collect();
    assert!(
        not_kinds.is_empty(),
        "NVIDIA ops that are no cuda_tile OpKind: {not_kinds:?}"
    );
    for (name, (is_nvidia, status)) in &rows {
        let want_nvidia = if nvidia.contains(name) { "yes" } else { "no" };
        assert_eq!(is_nvidia, want_nvidia, "{name}: the NVIDIA column");
        let k = OpKind::ALL
            .iter()
            .copied()
            .find(|k| k.short_name() == name)
            .expect("every listed op is an OpKind (checked above)");
        let want_status = if lowers(k) {
            "lowers to PTX"
        } else {
            "declared, verified; not supported yet by the lowering"
        };
        assert_eq!(status, want_status, "{name}: the status column");
    }
}
