//! Round-trip tests of the generic form: print(parse(x)) is a fixpoint and keeps every piece.

use tilec_ir::text::{module_to_string, module_to_string_for_mlir, parse_module};
use tilec_ir::{Diagnostics, SourceMap};

fn parse_print(src: &str) -> String {
    let mut sm = SourceMap::new();
    let f = sm.add("t.mlir", src);
    match parse_module(src, f) {
        Ok(m) => module_to_string(&m),
        Err(d) => panic!("parse failed:\n{}", Diagnostics::from(*d).render(&sm)),
    }
}

fn assert_fixpoint(src: &str) -> String {
    let once = parse_print(src);
    let twice = parse_print(&once);
    assert_eq!(
        once, twice,
        "print(parse(print(parse(x)))) != print(parse(x))"
    );
    once
}

const P2: &str = r#"
"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %bar = "nv_tileas.alloc_shared"() {size = 8 : i64, align = 8 : i64} : () -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.elect"() ({
    %n = "nv_tileas.constant"() {value = 32 : i32} : () -> i32
    "nv_tileas.mbarrier_init"(%bar, %n) : (!nv_tileas.ptr<shared_cta>, i32) -> ()
    "nv_tileas.yield"() : () -> ()
  }) : () -> ()
  "nv_tileas.warp_role"() ({            // warp 0 produces
    %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
    "nv_tileas.mbarrier_arrive"(%bar) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>, space = #mem.space<shared_cta>} : (!nv_tileas.ptr<shared_cta>) -> ()
    "nv_tileas.yield"() : () -> ()
  }) {warps = array<i32: 0, 1>} : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "p2", num_threads = 64 : i32} : () -> ()
"#;

#[test]
fn p2_round_trips() {
    let out = assert_fixpoint(P2);
    assert!(out.starts_with("\"builtin.module\"() ({\n"), "{out}");
    assert!(out.contains("#mem.sem<release>"), "{out}");
    assert!(out.contains("warps = array<i32: 0, 1>"), "{out}");
    assert!(
        out.contains("^bb0(%arg0: !nv_tileas.ptr<global>):"),
        "{out}"
    );
    println!("{out}");
}

#[test]
fn builtin_module_wrapper_is_unwrapped() {
    let once = assert_fixpoint(P2);
    // Printing wraps in builtin.module; parsing that again must not nest a second module.
    assert_eq!(once.matches("builtin.module").count(), 1);
}

#[test]
fn multi_results_forward_refs_and_successors() {
    let src = r#"
"test.func"() ({
^bb0(%a: i32):
  "test.br"()[^bb2] : () -> ()
^bb1(%x: i32):
  "test.use"(%later) : (i32) -> ()
  "test.ret"() : () -> ()
^bb2:
  %later = "test.def"() : () -> i32
  %p:2 = "test.pair"() : () -> (i32, f32)
  "test.use2"(%p#1, %p#0) : (f32, i32) -> ()
  "test.br"(%a)[^bb1] : (i32) -> ()
}) : () -> ()
"#;
    let out = assert_fixpoint(src);
    assert!(out.contains("[^bb2]"), "{out}");
    println!("{out}");
}

#[test]
fn attribute_kinds() {
    let src = r#""test.attrs"() {u, b = true, i = -3 : i8, f = 1.5 : f32, e = 1.0e-7 : f64, big = 1.0e300 : f64,
    inf = 0x7F800000 : f32, s = "h\"i\\ \n ünïcödé ✓", t = !cuda_tile.tile<128x!cuda_tile.ptr<f32>>,
    arr = [1 : i32, "x", [unit]], d32 = array<i32: 2, 1, 1>, d64 = array<i64>, dict = {a = 1 : index},
    sym = @kernel, "quoted key" = 0 : i1, sem = #mem.sem<acq_rel>, scope = #mem.scope<cluster>,
    space = #mem.space<shared_cluster>, proxy = #mem.proxy<async>, rmw = #mem.rmw<exch>,
    fty = (i32, !nv_tileaa.ptr<global, f32>) -> (), nested = !x.y<4x8xbf16, global, 3>} : () -> ()"#;
    let out = assert_fixpoint(src);
    for needle in [
        "u,",
        "b = true",
        "i = -3 : i8",
        "f = 1.5 : f32",
        "e = 1.0e-7 : f64",
        "0x7F800000 : f32",
        "ünïcödé ✓",
        "\\n",
        "array<i32: 2, 1, 1>",
        "array<i64>",
        "\"quoted key\" = 0 : i1",
        "#mem.scope<cluster>",
        "!x.y<4x8xbf16, global, 3>",
        "[unit]",
    ] {
        assert!(out.contains(needle), "missing {needle} in {out}");
    }
}

/// Nesting up to the limit parses (in a default 2 MiB test thread of a debug build, the worst
/// case for stack use); deeper nesting is one located error, never a stack overflow.
#[test]
fn deep_nesting_is_bounded() {
    use tilec_ir::text::MAX_NESTING;
    let ok_depth = MAX_NESTING - 4;
    let arrays = format!(
        "\"d.a\"() {{k = {}1{}}} : () -> ()",
        "[".repeat(ok_depth),
        "]".repeat(ok_depth)
    );
    assert_fixpoint(&arrays);
    let mut regions = String::new();
    for _ in 0..ok_depth / 2 {
        regions.push_str("\"d.r\"() ({\n");
    }
    for _ in 0..ok_depth / 2 {
        regions.push_str("}) : () -> ()\n");
    }
    assert_fixpoint(&regions);
    let types = format!(
        "\"d.t\"() {{t = {}i32{}}} : () -> ()",
        "!d.w<".repeat(ok_depth - 2),
        ">".repeat(ok_depth - 2)
    );
    assert_fixpoint(&types);

    for deep in [
        format!(
            "\"d.a\"() {{k = {}1{}}} : () -> ()",
            "[".repeat(100_000),
            "]".repeat(100_000)
        ),
        "\"d.r\"() ({\n".repeat(50_000),
        format!(
            "\"d.t\"() {{t = {}i32{}}} : () -> ()",
            "!d.w<".repeat(50_000),
            ">".repeat(50_000)
        ),
    ] {
        let mut sm = SourceMap::new();
        let f = sm.add("deep.mlir", deep.as_str());
        let err = parse_module(&deep, f).expect_err("too deep");
        assert!(
            err.message.contains("nesting deeper than"),
            "{}",
            err.message
        );
    }
}

/// For MLIR without NVIDIA's dialect, a `di_loc` where a location goes is written as a fused
/// location with the `di_loc` as its metadata; tilec reads that back as the `di_loc`.
#[test]
fn di_locations_for_mlir_are_fused_and_read_back() {
    let src = r#"#file = #cuda_tile.di_file<"k.py" in "/src/">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", linkageName = "k", compileUnit = #cu, scopeLine = 2>
#l = loc("/src/k.py":7:8)
#dl = #cuda_tile.di_loc<#l in #sp>

"builtin.module"() ({
  "demo.a"() : () -> () loc(#dl)
  "demo.b"() : () -> () loc(fused[#l, "n"(#dl)])
}) : () -> ()
"#;
    let m = parse_module(src, tilec_ir::FileId::default()).expect("the module");
    let mlir = module_to_string_for_mlir(&m);
    assert!(
        mlir.contains(r#""demo.a"() : () -> () loc(fused<#dl>[#l])"#),
        "{mlir}"
    );
    assert!(
        mlir.contains(r#"loc(fused[#l, "n"(fused<#dl>[#l])])"#),
        "{mlir}"
    );
    let back = parse_module(&mlir, tilec_ir::FileId::default()).expect("read back");
    assert_eq!(module_to_string(&back), module_to_string(&m));
    // Another fused location with metadata stays what it is.
    let other = src.replace("loc(#dl)", "loc(fused<#sp>[#l])");
    let m2 = parse_module(&other, tilec_ir::FileId::default()).expect("the module");
    assert!(module_to_string(&m2).contains("loc(fused<#sp>[#l])"));
}
