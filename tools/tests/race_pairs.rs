//! verify-races' pair enumeration (passes/src/verify/races/pairs.rs) leaves out only pairs the
//! full test skips: for every kernel of the corpus, lowered to nv_tileas, and for the generated
//! benchmark kernels, every pair of accesses that the checker's per-pair test reports is among
//! the candidates (`missed_pairs` compares the two over all pairs).

use std::path::Path;
use tilec::{compile_module, Emit, Options};
use tilec_tools::pipeline_bench::{generate, Kind};

/// The nv_tileas module of `text`, when it lowers.
fn lowered(text: &str) -> Option<tilec_ir::Module> {
    let syntaxes = tilec_dialects::syntax::syntaxes();
    let mut sources = tilec_ir::SourceMap::new();
    let f = sources.add("t.mlir".to_string(), text.to_string());
    let mut m = tilec_ir::text::parse_module_with(sources.text(f), f, syntaxes).ok()?;
    let opts = Options {
        emit: Emit::NvTileas,
        verify_races: false,
        ..Default::default()
    };
    compile_module(&mut m, &opts).ok()?;
    Some(m)
}

fn check(name: &str, text: &str, bad: &mut Vec<String>) -> bool {
    let Some(m) = lowered(text) else {
        return false;
    };
    for miss in tilec_passes::verify::races::missed_pairs(&m) {
        bad.push(format!("{name}: {miss}"));
    }
    true
}

#[test]
fn the_candidate_pairs_hold_every_pair_the_checker_reports() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    tilec_tools::corpus::walk(&root.join("testdata"), &mut files);
    files.sort();
    let (mut bad, mut checked) = (Vec::new(), 0);
    for p in &files {
        let Ok(text) = std::fs::read_to_string(p) else {
            continue; // a parser test of invalid UTF-8
        };
        checked += usize::from(check(&p.display().to_string(), &text, &mut bad));
    }
    for kind in Kind::ALL {
        assert!(check(kind.name(), &generate(kind, 300), &mut bad));
    }
    assert!(checked > 200, "only {checked} corpus files lowered");
    assert!(bad.is_empty(), "pairs left out:\n{}", bad.join("\n"));
}

/// A kernel of `ops` strong tile accesses of one global address (every element of a `shape`
/// tile broadcast from one pointer) in `depth` nested loops, on 32 threads: docs/fuzzing.md's
/// find 5. `mix`: `a` cycles relaxed and acquire loads, relaxed and release stores; `r` acquire
/// loads and release stores; `m` as `a`, each store writing the loaded value and every sixth op
/// an atomic add (subscribing reads).
fn flags(ops: usize, shape: &str, depth: usize, mix: char) -> String {
    let ones = vec!["1"; shape.split('x').count()].join("x");
    let mut s = format!(
        "cuda_tile.module @m {{\n  entry @k(%f: tile<ptr<i32>>) {{\n    %pr = reshape %f : tile<ptr<i32>> -> tile<{ones}xptr<i32>>\n    %pb = broadcast %pr : tile<{ones}xptr<i32>> -> tile<{shape}xptr<i32>>\n    %v = constant <i32: 1> : tile<{shape}xi32>\n    %a = constant <i32: 0> : tile<i32>\n    %b = constant <i32: 3> : tile<i32>\n    %s = constant <i32: 1> : tile<i32>\n    %t0 = make_token : token\n"
    );
    let mut prev = "%t0".to_string();
    for d in 0..depth {
        s += &format!("    %r{d} = for %i{d} in (%a to %b, step %s) : tile<i32> iter_values(%u{d} = {prev}) -> (token) {{\n");
        prev = format!("%u{d}");
    }
    let mut val = "%v".to_string();
    for k in 0..ops {
        let sem = if mix == 'r' { 2 + k % 2 } else { k % 4 };
        let t = format!("tile<{shape}xptr<i32>>");
        if mix == 'm' && k % 6 == 5 {
            s += &format!("    %w{k}, %y{k} = atomic_rmw_tko relaxed device %pb, add, {val} token={prev} : {t}, tile<{shape}xi32> -> tile<{shape}xi32>, token\n");
            val = format!("%w{k}");
        } else if sem % 2 == 0 {
            let o = ["relaxed", "acquire"][sem / 2];
            s += &format!("    %x{k}, %y{k} = load_ptr_tko {o} device %pb token={prev} : {t} -> tile<{shape}xi32>, token\n");
            if mix == 'm' {
                val = format!("%x{k}");
            }
        } else {
            let o = ["relaxed", "release"][sem / 2];
            s += &format!("    %y{k} = store_ptr_tko {o} device %pb, {val} token={prev} : {t}, tile<{shape}xi32> -> token\n");
        }
        prev = format!("%y{k}");
    }
    for d in (0..depth).rev() {
        s += &format!("    continue {prev} : token\n    }}\n");
        prev = format!("%r{d}");
    }
    s + "    return\n  } {num_threads = 32 : i32}\n}\n"
}

/// The open-world handoffs weakest-fence keeps synchronized are searched in groups (one search
/// per pair of classes of ends, passes/src/verify/races/openworld.rs): for every kernel of the
/// corpus, generated programs and kernels of many strong accesses of one location, each
/// handoff's grouped path is the path its own search finds, and the groups list exactly the
/// handoffs.
#[test]
fn grouped_open_world_handoffs_are_the_handoffs_one_by_one() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    tilec_tools::corpus::walk(&root.join("testdata"), &mut files);
    files.sort();
    let mut texts: Vec<(String, String)> = files
        .iter()
        .filter_map(|p| Some((p.display().to_string(), std::fs::read_to_string(p).ok()?)))
        .collect();
    for seed in 0..300 {
        texts.push((
            format!("seed {seed}"),
            tilec_tools::gen::generate(seed).text,
        ));
    }
    for (ops, shape, depth, mix) in [
        (8, "4x8", 2, 'a'),
        (6, "4x8", 2, 'r'),
        (12, "4x8", 2, 'm'),
        (7, "8x8", 3, 'm'),
        (5, "4x8", 1, 'a'),
        (9, "64", 0, 'm'),
    ] {
        let name = format!("flags {ops} {shape} {depth} {mix}");
        texts.push((name, flags(ops, shape, depth, mix)));
    }
    texts.push(("masked pairs".into(), MASKED_PAIRS.into()));
    let (mut bad, mut checked) = (Vec::new(), 0);
    for (name, text) in &texts {
        let Some(m) = lowered(text) else {
            continue;
        };
        checked += 1;
        for miss in tilec_passes::verify::races::group_mismatches(&m) {
            bad.push(format!("{name}: {miss}"));
        }
    }
    assert!(checked > 400, "only {checked} kernels lowered");
    assert!(
        bad.is_empty(),
        "grouped handoffs differ:\n{}",
        bad.join("\n")
    );
}

/// Strong accesses two by two under `if`s of their own (bounds masks): a read and a write of
/// one `if` are in program order, those of two `if`s are not (neither runs on every path from
/// the other), so classes of ends that looked only at the block around the `if`s would mix the
/// two kinds of pairs.
const MASKED_PAIRS: &str = r#"
"nv_tileas.kernel"() ({
^bb0(%p: !nv_tileas.ptr<global>):
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %k = "nv_tileas.constant"() {value = 16 : i32} : () -> i32
  %c = "nv_tileas.cmpi"(%tid, %k) {predicate = "ult"} : (i32, i32) -> i1
  "nv_tileas.if"(%c) ({
    %x = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
    "nv_tileas.st"(%p, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  "nv_tileas.if"(%c) ({
    %y = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
    "nv_tileas.st"(%p, %y) {space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }, {
    "nv_tileas.yield"() : () -> ()
  }) : (i1) -> ()
  %z = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
  "nv_tileas.st"(%p, %z) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "masked", num_threads = 32 : i32} : () -> ()
"#;
