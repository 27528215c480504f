//! The cuda_tile custom syntax against the generic form: for every op of the catalog, the custom
//! and the generic spelling of one program give the same IR; custom → IR → custom text is a
//! fixpoint; IR the custom form cannot express is printed generically and still round-trips; and
//! no input, however truncated, makes the parser panic.

use tilec_dialects::syntax::syntaxes;
use tilec_ir::text::{module_to_string, module_to_string_with, parse_module_with};
use tilec_ir::{Diagnostics, Module, SourceMap};

fn parse(src: &str) -> Result<Module, String> {
    let mut sm = SourceMap::new();
    let f = sm.add("t.mlir", src);
    parse_module_with(src, f, syntaxes()).map_err(|d| Diagnostics::from(*d).render(&sm))
}

fn custom(m: &Module) -> String {
    module_to_string_with(m, syntaxes())
}

/// The short type spellings of a snippet, expanded to the generic ones (`tile<128xptr<f32>>`
/// → `!cuda_tile.tile<128x!cuda_tile.ptr<f32>>`, whole-word `token` → `!cuda_tile.token`).
fn long_types(s: &str) -> String {
    let s = s
        .replace("ptr<", "!cuda_tile.ptr<")
        .replace("tile<", "!cuda_tile.tile<");
    let mut out = String::new();
    let b = s.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || c == b'%';
    let mut i = 0;
    while i < s.len() {
        if s[i..].starts_with("token")
            && (i == 0 || !word(b[i - 1]))
            && !b.get(i + 5).copied().is_some_and(word)
        {
            out.push_str("!cuda_tile.token");
            i += 5;
        } else {
            let c = s[i..].chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

const PARAMS: &str = "%p: tile<ptr<i32>>, %f: tile<128xptr<f32>>, %c: tile<i1>, %t: token, \
                      %one: tile<i32>, %x: tile<128xf32>, %base: ptr<f32>";

fn in_custom_kernel(body: &str) -> String {
    format!("cuda_tile.module @m {{\n  entry @k({PARAMS}) {{\n{body}\n    return\n  }}\n}}\n")
}

fn in_generic_kernel(body: &str) -> String {
    let params = long_types(PARAMS);
    let body = long_types(body);
    format!(
        "\"cuda_tile.module\"() ({{\n  \"cuda_tile.entry\"() ({{\n  ^bb0({params}):\n{body}\n    \
         \"cuda_tile.return\"() : () -> ()\n  }}) {{sym_name = \"k\"}} : () -> ()\n}}) {{sym_name = \"m\"}} : () -> ()\n"
    )
}

/// (custom, generic) spellings of each op; types in the generic column are written short and
/// expanded by [`long_types`].
const PAIRS: &[(&str, &str)] = &[
    ("%r = make_token : token", r#"%r = "cuda_tile.make_token"() : () -> token"#),
    ("%r = constant <i32: 7> : tile<i32>", r#"%r = "cuda_tile.constant"() {value = 7 : i32} : () -> tile<i32>"#),
    ("%r = constant <i8: 255> : tile<4xi8>", r#"%r = "cuda_tile.constant"() {value = -1 : i8} : () -> tile<4xi8>"#),
    ("%r = constant <f32: 1.5> : tile<128xf32>", r#"%r = "cuda_tile.constant"() {value = 1.5 : f32} : () -> tile<128xf32>"#),
    ("%r = constant <f16: 0.1> : tile<f16>", r#"%r = "cuda_tile.constant"() {value = 0.1 : f16} : () -> tile<f16>"#),
    ("%r = constant <f32: 0x7F800000> : tile<f32>", r#"%r = "cuda_tile.constant"() {value = 0x7F800000 : f32} : () -> tile<f32>"#),
    ("%r = constant <i1: true> : tile<i1>", r#"%r = "cuda_tile.constant"() {value = 1 : i1} : () -> tile<i1>"#),
    ("%r = constant dense<3> : tile<i64>", r#"%r = "cuda_tile.constant"() {value = 3 : i64} : () -> tile<i64>"#),
    ("%r = iota : tile<128xi32>", r#"%r = "cuda_tile.iota"() : () -> tile<128xi32>"#),
    ("%r = get_tile_block_id {dim = 1 : i32} : tile<i32>", r#"%r = "cuda_tile.get_tile_block_id"() {dim = 1 : i32} : () -> tile<i32>"#),
    ("%r = get_num_tile_blocks : tile<i32>", r#"%r = "cuda_tile.get_num_tile_blocks"() : () -> tile<i32>"#),
    ("%r = reshape %one : tile<i32> -> tile<1xi32>", r#"%r = "cuda_tile.reshape"(%one) : (tile<i32>) -> tile<1xi32>"#),
    ("%r = broadcast %base : ptr<f32> -> tile<128xptr<f32>>", r#"%r = "cuda_tile.broadcast"(%base) : (ptr<f32>) -> tile<128xptr<f32>>"#),
    ("%i = iota : tile<128xi32>\n%r = offset %f, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>",
     "%i = \"cuda_tile.iota\"() : () -> tile<128xi32>\n%r = \"cuda_tile.offset\"(%f, %i) : (tile<128xptr<f32>>, tile<128xi32>) -> tile<128xptr<f32>>"),
    ("%r = addi %one, %one : tile<i32>", r#"%r = "cuda_tile.addi"(%one, %one) : (tile<i32>, tile<i32>) -> tile<i32>"#),
    ("%r = subi %one, %one : tile<i32>", r#"%r = "cuda_tile.subi"(%one, %one) : (tile<i32>, tile<i32>) -> tile<i32>"#),
    ("%r = muli %one, %one : tile<i32>", r#"%r = "cuda_tile.muli"(%one, %one) : (tile<i32>, tile<i32>) -> tile<i32>"#),
    ("%r = divi %one, %one signed : tile<i32>", r#"%r = "cuda_tile.divsi"(%one, %one) : (tile<i32>, tile<i32>) -> tile<i32>"#),
    ("%r = divi %one, %one unsigned : tile<i32>", r#"%r = "cuda_tile.divui"(%one, %one) : (tile<i32>, tile<i32>) -> tile<i32>"#),
    ("%r = remi %one, %one signed : tile<i32>", r#"%r = "cuda_tile.remsi"(%one, %one) : (tile<i32>, tile<i32>) -> tile<i32>"#),
    ("%r = remi %one, %one unsigned : tile<i32>", r#"%r = "cuda_tile.remui"(%one, %one) : (tile<i32>, tile<i32>) -> tile<i32>"#),
    ("%r = andi %one, %one : tile<i32>", r#"%r = "cuda_tile.andi"(%one, %one) : (tile<i32>, tile<i32>) -> tile<i32>"#),
    ("%r = ori %one, %one : tile<i32>", r#"%r = "cuda_tile.ori"(%one, %one) : (tile<i32>, tile<i32>) -> tile<i32>"#),
    ("%r = xori %one, %one : tile<i32>", r#"%r = "cuda_tile.xori"(%one, %one) : (tile<i32>, tile<i32>) -> tile<i32>"#),
    ("%r = shli %one, %one : tile<i32>", r#"%r = "cuda_tile.shli"(%one, %one) : (tile<i32>, tile<i32>) -> tile<i32>"#),
    ("%r = shri %one, %one unsigned : tile<i32>", r#"%r = "cuda_tile.shrui"(%one, %one) : (tile<i32>, tile<i32>) -> tile<i32>"#),
    ("%r = shri %one, %one signed : tile<i32>", r#"%r = "cuda_tile.shrsi"(%one, %one) : (tile<i32>, tile<i32>) -> tile<i32>"#),
    ("%r = divsi %one, %one : tile<i32>", r#"%r = "cuda_tile.divsi"(%one, %one) : (tile<i32>, tile<i32>) -> tile<i32>"#),
    ("%r = addf %x, %x : tile<128xf32>", r#"%r = "cuda_tile.addf"(%x, %x) : (tile<128xf32>, tile<128xf32>) -> tile<128xf32>"#),
    ("%r = subf %x, %x : tile<128xf32>", r#"%r = "cuda_tile.subf"(%x, %x) : (tile<128xf32>, tile<128xf32>) -> tile<128xf32>"#),
    ("%r = mulf %x, %x : tile<128xf32>", r#"%r = "cuda_tile.mulf"(%x, %x) : (tile<128xf32>, tile<128xf32>) -> tile<128xf32>"#),
    ("%r = divf %x, %x : tile<128xf32>", r#"%r = "cuda_tile.divf"(%x, %x) : (tile<128xf32>, tile<128xf32>) -> tile<128xf32>"#),
    ("%r = maxf %x, %x : tile<128xf32>", r#"%r = "cuda_tile.maxf"(%x, %x) : (tile<128xf32>, tile<128xf32>) -> tile<128xf32>"#),
    ("%r = minf %x, %x : tile<128xf32>", r#"%r = "cuda_tile.minf"(%x, %x) : (tile<128xf32>, tile<128xf32>) -> tile<128xf32>"#),
    ("%r = cmpi equal %one, %one, signed : tile<i32> -> tile<i1>", r#"%r = "cuda_tile.cmpi"(%one, %one) {predicate = "eq"} : (tile<i32>, tile<i32>) -> tile<i1>"#),
    ("%r = cmpi less_than %one, %one, unsigned : tile<i32> -> tile<i1>", r#"%r = "cuda_tile.cmpi"(%one, %one) {predicate = "ult"} : (tile<i32>, tile<i32>) -> tile<i1>"#),
    ("%r = cmpi greater_than_or_equal %one, %one, signed : tile<i32> -> tile<i1>", r#"%r = "cuda_tile.cmpi"(%one, %one) {predicate = "sge"} : (tile<i32>, tile<i32>) -> tile<i1>"#),
    ("%r = cmpf less_than ordered %x, %x : tile<128xf32> -> tile<128xi1>", r#"%r = "cuda_tile.cmpf"(%x, %x) {predicate = "olt"} : (tile<128xf32>, tile<128xf32>) -> tile<128xi1>"#),
    ("%r = cmpf not_equal unordered %x, %x : tile<128xf32> -> tile<128xi1>", r#"%r = "cuda_tile.cmpf"(%x, %x) {predicate = "une"} : (tile<128xf32>, tile<128xf32>) -> tile<128xi1>"#),
    ("%r = select %c, %one, %one : tile<i1>, tile<i32>", r#"%r = "cuda_tile.select"(%c, %one, %one) : (tile<i1>, tile<i32>, tile<i32>) -> tile<i32>"#),
    ("%v, %r = load_ptr_tko acquire device %p token=%t : tile<ptr<i32>> -> tile<i32>, token",
     r#"%v, %r = "cuda_tile.load_ptr_tko"(%p, %t) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (tile<ptr<i32>>, token) -> (tile<i32>, token)"#),
    ("%v, %r = load_ptr_tko weak %f : tile<128xptr<f32>> -> tile<128xf32>, token",
     r#"%v, %r = "cuda_tile.load_ptr_tko"(%f) {mem_semantic = #mem.sem<weak>} : (tile<128xptr<f32>>) -> (tile<128xf32>, token)"#),
    ("%r = store_ptr_tko release tl_blk %p, %one : tile<ptr<i32>>, tile<i32> -> token",
     r#"%r = "cuda_tile.store_ptr_tko"(%p, %one) {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cta>} : (tile<ptr<i32>>, tile<i32>) -> token"#),
    ("%r = store_ptr_tko weak %f, %x token = %t : tile<128xptr<f32>>, tile<128xf32> -> token",
     r#"%r = "cuda_tile.store_ptr_tko"(%f, %x, %t) {mem_semantic = #mem.sem<weak>} : (tile<128xptr<f32>>, tile<128xf32>, token) -> token"#),
    ("%o, %r = atomic_rmw_tko release device %p, add, %one token=%t : tile<ptr<i32>>, tile<i32> -> tile<i32>, token",
     r#"%o, %r = "cuda_tile.atomic_rmw_tko"(%p, %one, %t) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>} : (tile<ptr<i32>>, tile<i32>, token) -> (tile<i32>, token)"#),
    ("%o, %r = atomic_rmw_tko acq_rel cluster %f, addf, %x : tile<128xptr<f32>>, tile<128xf32> -> tile<128xf32>, token",
     r#"%o, %r = "cuda_tile.atomic_rmw_tko"(%f, %x) {kind = #mem.rmw<add>, mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cluster>} : (tile<128xptr<f32>>, tile<128xf32>) -> (tile<128xf32>, token)"#),
    ("%o, %r = atomic_rmw_tko relaxed sys %p, xchg, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token",
     r#"%o, %r = "cuda_tile.atomic_rmw_tko"(%p, %one) {kind = #mem.rmw<exch>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<sys>} : (tile<ptr<i32>>, tile<i32>) -> (tile<i32>, token)"#),
    ("%o, %r = atomic_rmw_tko sc gpu %p, max, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token",
     r#"%o, %r = "cuda_tile.atomic_rmw_tko"(%p, %one) {kind = #mem.rmw<max>, mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : (tile<ptr<i32>>, tile<i32>) -> (tile<i32>, token)"#),
    ("%o, %r = atomic_cas_tko relaxed device %p, %one, %one token=%t : tile<ptr<i32>>, tile<i32> -> tile<i32>, token",
     r#"%o, %r = "cuda_tile.atomic_cas_tko"(%p, %one, %one, %t) {mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (tile<ptr<i32>>, tile<i32>, tile<i32>, token) -> (tile<i32>, token)"#),
    ("%r = fence_tko acq_rel device token = %t : token",
     r#"%r = "cuda_tile.fence_tko"(%t) {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : (token) -> token"#),
    ("%r = fence_tko sc sys : token",
     r#"%r = "cuda_tile.fence_tko"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<sys>} : () -> token"#),
    ("%r = join_tokens %t, %t : token", r#"%r = "cuda_tile.join_tokens"(%t, %t) : (token, token) -> token"#),
    ("if %c {\n  %z = addi %one, %one : tile<i32>\n}",
     "\"cuda_tile.if\"(%c) ({\n  %z = \"cuda_tile.addi\"(%one, %one) : (tile<i32>, tile<i32>) -> tile<i32>\n  \"cuda_tile.yield\"() : () -> ()\n}, {\n  \"cuda_tile.yield\"() : () -> ()\n}) : (tile<i1>) -> ()"),
    ("%r:2 = if %c -> (tile<i32>, token) {\n  yield %one, %t : tile<i32>, token\n} else {\n  return\n}",
     "%r:2 = \"cuda_tile.if\"(%c) ({\n  \"cuda_tile.yield\"(%one, %t) : (tile<i32>, token) -> ()\n}, {\n  \"cuda_tile.return\"() : () -> ()\n}) : (tile<i1>) -> (tile<i32>, token)"),
    ("%r = for %iv in (%one to %one, step %one) : tile<i32> iter_values(%acc = %one) -> (tile<i32>) {\n  %n = addi %acc, %iv : tile<i32>\n  continue %n : tile<i32>\n}",
     "%r = \"cuda_tile.for\"(%one, %one, %one, %one) ({\n^bb0(%iv: tile<i32>, %acc: tile<i32>):\n  %n = \"cuda_tile.addi\"(%acc, %iv) : (tile<i32>, tile<i32>) -> tile<i32>\n  \"cuda_tile.continue\"(%n) : (tile<i32>) -> ()\n}) : (tile<i32>, tile<i32>, tile<i32>, tile<i32>) -> tile<i32>"),
    ("for %iv in (%one to %one, step %one) : tile<i32> {\n}",
     "\"cuda_tile.for\"(%one, %one, %one) ({\n^bb0(%iv: tile<i32>):\n  \"cuda_tile.continue\"() : () -> ()\n}) : (tile<i32>, tile<i32>, tile<i32>) -> ()"),
    ("%r = loop iter_values(%tk = %t) : token -> token {\n  %v, %tk2 = load_ptr_tko acquire device %p token=%tk : tile<ptr<i32>> -> tile<i32>, token\n  %ready = cmpi greater_than_or_equal %v, %one, signed : tile<i32> -> tile<i1>\n  if %ready {\n    break %tk2 : token\n  }\n  continue %tk2 : token\n}",
     "%r = \"cuda_tile.loop\"(%t) ({\n^bb0(%tk: token):\n  %v, %tk2 = \"cuda_tile.load_ptr_tko\"(%p, %tk) {mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (tile<ptr<i32>>, token) -> (tile<i32>, token)\n  %ready = \"cuda_tile.cmpi\"(%v, %one) {predicate = \"sge\"} : (tile<i32>, tile<i32>) -> tile<i1>\n  \"cuda_tile.if\"(%ready) ({\n    \"cuda_tile.break\"(%tk2) : (token) -> ()\n  }, {\n    \"cuda_tile.yield\"() : () -> ()\n  }) : (tile<i1>) -> ()\n  \"cuda_tile.continue\"(%tk2) : (token) -> ()\n}) : (token) -> token"),
    ("%r = loop : tile<i32> {\n  break %one : tile<i32>\n}",
     "%r = \"cuda_tile.loop\"() ({\n  \"cuda_tile.break\"(%one) : (tile<i32>) -> ()\n}) : () -> tile<i32>"),
    ("loop {\n} {unroll}",
     "\"cuda_tile.loop\"() ({\n  \"cuda_tile.continue\"() : () -> ()\n}) {unroll} : () -> ()"),
];

#[test]
fn custom_and_generic_forms_give_the_same_ir_for_every_op() {
    for (c, g) in PAIRS {
        let cs = in_custom_kernel(c);
        let gs = in_generic_kernel(g);
        let cm = parse(&cs).unwrap_or_else(|e| panic!("custom form of `{c}`:\n{e}"));
        let gm = parse(&gs).unwrap_or_else(|e| panic!("generic form of `{g}`:\n{e}"));
        assert_eq!(
            module_to_string(&cm),
            module_to_string(&gm),
            "custom `{c}` and generic `{g}` differ"
        );
        // The custom printing of either is the same text, and a fixpoint.
        let text = custom(&cm);
        assert_eq!(text, custom(&gm), "custom print of `{c}`");
        let again = parse(&text).unwrap_or_else(|e| panic!("reparse of\n{text}\n{e}"));
        assert_eq!(custom(&again), text, "fixpoint of `{c}`");
        assert_eq!(module_to_string(&again), module_to_string(&cm));
    }
}

#[test]
fn module_and_entry_forms() {
    let nvidia = "cuda_tile.module @m attributes {note = \"n\"} {\n  entry @k(%a: tile<i32>) {\n  } {num_threads = 64 : i32, cluster_dims = array<i32: 2, 1, 1>}\n}\n";
    let sketch = "cuda_tile.module @m attributes {note = \"n\"} {\n  cuda_tile.entry @k(%a: !cuda_tile.tile<i32>) attributes {num_threads = 64 : i32, cluster_dims = array<i32: 2, 1, 1>} {\n    return\n  }\n}\n";
    let generic = "\"cuda_tile.module\"() ({\n  \"cuda_tile.entry\"() ({\n  ^bb0(%a: !cuda_tile.tile<i32>):\n    \"cuda_tile.return\"() : () -> ()\n  }) {sym_name = \"k\", num_threads = 64 : i32, cluster_dims = array<i32: 2, 1, 1>} : () -> ()\n}) {sym_name = \"m\", note = \"n\"} : () -> ()\n";
    let g = module_to_string(&parse(generic).unwrap());
    for src in [nvidia, sketch] {
        let m = parse(src).unwrap_or_else(|e| panic!("{src}\n{e}"));
        assert_eq!(module_to_string(&m), g, "{src}");
    }
    let text = custom(&parse(sketch).unwrap());
    assert!(
        text.contains("  cuda_tile.module @m attributes {note = \"n\"} {\n    entry @k(%arg0: tile<i32>) {\n      return\n    } {num_threads = 64 : i32, cluster_dims = array<i32: 2, 1, 1>}\n"),
        "{text}"
    );
}

#[test]
fn printer_writes_nvidia_spellings() {
    let src = in_custom_kernel(
        "%v, %r = load_ptr_tko acquire gpu %p token = %t : !cuda_tile.tile<!cuda_tile.ptr<i32>> -> tile<i32>, token\n\
         %s = store_ptr_tko release cta %p, %v : tile<ptr<i32>>, tile<i32> -> token\n\
         %k = constant <f32: 1.0> : tile<128xf32>\n\
         %o, %u = atomic_rmw_tko relaxed device %p, exch, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token",
    );
    let text = custom(&parse(&src).unwrap());
    for want in [
        "load_ptr_tko acquire device %arg0 token=%arg3 : tile<ptr<i32>> -> tile<i32>, token",
        "store_ptr_tko release tl_blk %arg0, %0 : tile<ptr<i32>>, tile<i32> -> token",
        "constant <f32: 1.000000e+00> : tile<128xf32>",
        "atomic_rmw_tko relaxed device %arg0, xchg, %arg4 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token",
    ] {
        assert!(text.contains(want), "missing `{want}` in\n{text}");
    }
}

#[test]
fn ir_without_a_custom_spelling_prints_generically() {
    // A PTX-style predicate, a constant whose value type is not the tile's element type, a load
    // with an extra operand, a cuda_tile op outside any module: each stays generic where needed.
    let body = r#"%a = "cuda_tile.cmpi"(%one, %one) {predicate = "lt"} : (tile<i32>, tile<i32>) -> tile<i1>
%b = "cuda_tile.constant"() {value = 1 : i64} : () -> tile<i32>
%v, %r = "cuda_tile.load_ptr_tko"(%p, %one) {mem_semantic = #mem.sem<weak>} : (tile<ptr<i32>>, tile<i32>) -> (tile<i32>, token)
%e = "cuda_tile.addi"(%one, %one) : (tile<i32>, tile<i32>) -> tile<i64>"#;
    let m = parse(&in_generic_kernel(body)).unwrap();
    let text = custom(&m);
    for want in [
        "\"cuda_tile.cmpi\"(",
        "\"cuda_tile.constant\"() {value = 1 : i64}",
        "\"cuda_tile.load_ptr_tko\"(",
        "\"cuda_tile.addi\"(",
    ] {
        assert!(text.contains(want), "missing `{want}` in\n{text}");
    }
    let again = parse(&text).unwrap_or_else(|e| panic!("{text}\n{e}"));
    assert_eq!(module_to_string(&again), module_to_string(&m));
    assert_eq!(custom(&again), text);
}

#[test]
fn a_custom_op_at_top_level_keeps_its_prefix() {
    let src = "cuda_tile.entry @k() {\n  %t = make_token : token\n}\n";
    let text = custom(&parse(src).unwrap());
    assert!(
        text.contains("  cuda_tile.entry @k() {\n    %0 = make_token : token\n    return\n  }\n"),
        "{text}"
    );
}

/// Every prefix of a program with every op, and the program with any one byte removed, parses
/// or fails with a located error, never a panic.
#[test]
fn malformed_input_never_panics() {
    let body: Vec<&str> = PAIRS.iter().map(|(c, _)| *c).collect();
    // Each snippet names its results %r…; give each its own scope by nesting in `if`.
    let nested: String = body
        .iter()
        .map(|s| format!("if %c {{\n{s}\n}}\n"))
        .collect();
    let src = in_custom_kernel(&nested);
    parse(&src).unwrap_or_else(|e| panic!("{src}\n{e}"));
    // Every punctuation byte (where the structure is) and every 16th byte otherwise, to keep the
    // test fast in debug builds.
    let b = src.as_bytes();
    let cuts = (0..src.len()).filter(|&i| {
        src.is_char_boundary(i) && (i % 16 == 0 || !(b[i].is_ascii_alphanumeric() || b[i] == b' '))
    });
    for i in cuts {
        let _ = parse(&src[..i]);
        let mut s = src[..i].to_string();
        if let Some(c) = src[i..].chars().next() {
            s.push_str(&src[i + c.len_utf8()..]);
        }
        if let Err(e) = parse(&s) {
            assert!(e.contains("t.mlir:"), "unlocated error: {e}");
        }
    }
}

/// Fuzz find (cuda_tile_parser, session 13): ill-typed view ops, whose operand types the custom
/// form derives from the result type, print generic, so the text reads back as the same IR.
#[test]
fn ill_typed_view_ops_print_generic_and_read_back() {
    let src = r#"cuda_tile.module @m {
  entry @k(%a: tile<ptr<f32>>, %b: tile<ptr<i32>>, %n: tile<i32>) {
    %tv = make_tensor_view %b, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    %t2 = make_tensor_view %a, shape = [%n, 16], strides = [16, 1] : tile<i32> -> tensor_view<?x16xf32, strides=[16,1]>
    %pv = "cuda_tile.make_partition_view"(%t2) : (!cuda_tile.tensor_view<?x16xf32, strides=[16,1]>) -> !cuda_tile.partition_view<tile=(16), !cuda_tile.tensor_view<?xf32, strides=[1]>>
    return
  }
}"#;
    // `%b` is a pointer to i32 under an f32 view: the custom parser takes it as written.
    let src = src.replace(
        "%tv = make_tensor_view %b, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>",
        "%tv = \"cuda_tile.make_tensor_view\"(%b) : (!cuda_tile.tile<!cuda_tile.ptr<i32>>) -> !cuda_tile.tensor_view<16xf32, strides=[1]>",
    );
    let m = parse(&src).expect("parses (the verifier, not the parser, rejects it)");
    let once = custom(&m);
    assert!(
        once.contains("\"cuda_tile.make_tensor_view\"(%arg1)"),
        "{once}"
    );
    assert!(once.contains("\"cuda_tile.make_partition_view\""), "{once}");
    let again = custom(&parse(&once).expect("reads back"));
    assert_eq!(once, again);
}

/// Fuzz find 17 (docs/fuzzing.md): an `extract` whose index is not a tile<i32> (a verifier
/// error the parser lets through) prints generic, since the custom form implies the type; the
/// same for a `print_tko` whose input token is not of the result's type.
#[test]
fn ill_typed_extract_and_print_print_generic_and_read_back() {
    let src = r#"cuda_tile.module @m {
  entry @k(%t: tile<32x8xf32>, %i: tile<i32>, %l: tile<i64>) {
    %0 = "cuda_tile.extract"(%t, %i, %l) : (!cuda_tile.tile<32x8xf32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i64>) -> !cuda_tile.tile<4x2xf32>
    %1 = extract %t[%i, %i] : tile<32x8xf32> -> tile<4x2xf32>
    %2 = "cuda_tile.print_tko"(%i) {str = "x"} : (!cuda_tile.tile<i32>) -> !cuda_tile.token
    return
  }
}"#;
    let m = parse(src).expect("parses (the verifier, not the parser, rejects it)");
    let once = custom(&m);
    assert!(once.contains("\"cuda_tile.extract\""), "{once}");
    assert!(once.contains("extract %arg0[%arg1, %arg1]"), "{once}");
    let again = custom(&parse(&once).expect("reads back"));
    assert_eq!(once, again);
}
