//! tile-run without a GPU: spec parsing and its errors, expressions, element encoding, PTX
//! signatures, plan resolution, checks, the launch loop over a CPU-emulated device, and the
//! report. With `--features cuda`, the `binary` module also runs the tile-run executable: on a
//! machine without CUDA it must say so and exit 3; on a GPU machine it runs real kernels.

use tilec_tools::run::check::{close, compare, expected, Checker, Mismatch, Target};
use tilec_tools::run::expr::{Context, Env, Expr};
use tilec_tools::run::plan::contents;
use tilec_tools::run::ptxsig::entries;
use tilec_tools::run::report::{describe, median};
use tilec_tools::run::spec::{CheckMode, Expect, NumExpr, ParamSpec, Pattern};
use tilec_tools::run::value::{ElemType, Num};
use tilec_tools::run::{default_spec_path, execute, exit, Device, Overrides, Plan, Spec};

/// The PTX shape tilec prints for the release handoff (`producer(data, flag)`, 128 threads).
const PRODUCER_PTX: &str = "
.version 8.0
.target sm_90a
.address_size 64

.visible .entry producer(
\t.param .u64 producer_param_0,
\t.param .u64 producer_param_1
)
.reqntid 128, 1, 1
{
\tret;
}
";

const HANDOFF_SPEC: &str = r#"kernel = "producer"
grid = [1, 1, 1]
block = [128, 1, 1]
launches = 1000
timing_launches = 100

[[param]]
buffer = "data"
[[param]]
buffer = "flag"

[buffers.data]
type = "f32"
len = "block_x"
init = "zeros"
expect = "fill:1.0"

[buffers.flag]
type = "i32"
len = 1
expect = ["ctas"]
"#;

fn parse(text: &str) -> Spec {
    Spec::parse(text, "k.run.toml").unwrap_or_else(|e| panic!("{e}"))
}

fn parse_err(text: &str) -> String {
    Spec::parse(text, "k.run.toml")
        .map(|_| ())
        .expect_err("the spec should be rejected")
        .to_string()
}

fn plan(spec: &str, ptx: &str) -> Plan {
    Plan::resolve(&parse(spec), ptx, &Overrides::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn plan_err(spec: &str, ptx: &str) -> String {
    Plan::resolve(&parse(spec), ptx, &Overrides::default())
        .map(|_| ())
        .expect_err("the plan should be rejected")
        .to_string()
}

/// A PTX entry `name` with the given `.param` types and `.reqntid`.
fn ptx_entry(name: &str, params: &[&str], reqntid: Option<u32>) -> String {
    let ps: Vec<String> = params
        .iter()
        .enumerate()
        .map(|(i, t)| format!("\t.param .{t} {name}_param_{i}"))
        .collect();
    let req = reqntid.map_or(String::new(), |n| format!(".reqntid {n}, 1, 1\n"));
    format!(
        ".visible .entry {name}(\n{}\n)\n{req}{{\n\tret;\n}}\n",
        ps.join(",\n")
    )
}

// ---------------------------------------------------------------------------------------------
// Spec parsing

#[test]
fn spec_full_example() {
    let s = parse(HANDOFF_SPEC);
    assert_eq!(s.kernel.as_ref().unwrap().value, "producer");
    assert!(s.target.is_none());
    assert_eq!(s.grid.value, [1, 1, 1]);
    assert_eq!(s.block.as_ref().unwrap().value, [128, 1, 1]);
    assert!(s.cluster.is_none());
    assert_eq!((s.launches, s.timing_launches, s.reinit), (1000, 100, true));
    assert_eq!(s.check, CheckMode::Each);
    assert_eq!(s.params.len(), 2);
    assert_eq!(s.params[1].value, ParamSpec::Buffer(1));
    // Buffers keep the file's order, not the alphabetical one.
    let names: Vec<&str> = s.buffers.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["data", "flag"]);
    assert_eq!(s.buffers[0].ty, ElemType::F32);
    assert_eq!(s.buffers[0].init.value, Pattern::Zeros);
    assert_eq!(
        s.buffers[0].expect.as_ref().unwrap().value,
        Expect::Values(Pattern::Each(NumExpr::Float(1.0)))
    );
    assert!(matches!(
        &s.buffers[1].expect.as_ref().unwrap().value,
        Expect::Values(Pattern::List(v)) if v.len() == 1
    ));
}

#[test]
fn spec_defaults_and_shorthands() {
    let s =
        parse("grid = 4\nblock = [64, 2]\ncluster = [2]\n[buffers.a]\ntype = \"u8\"\nlen = 4\n");
    assert!(s.kernel.is_none());
    assert_eq!(s.grid.value, [4, 1, 1]);
    assert_eq!(s.block.as_ref().unwrap().value, [64, 2, 1]);
    assert_eq!(s.cluster.as_ref().unwrap().value, [2, 1, 1]);
    assert_eq!((s.launches, s.timing_launches), (1, 100));
    assert_eq!(s.timeout.as_secs(), 10);
    assert!(s.buffers[0].expect.is_none());
    let s = parse(
        "reinit = false\ncheck = \"end\"\ntimeout_s = 0.5\n[buffers.a]\ntype = \"f64\"\nlen = 2\ninit = 3\nexpect = { each = \"i*2\" }\natol = 0.5\n",
    );
    assert!(!s.reinit);
    assert_eq!(s.check, CheckMode::End);
    assert_eq!(s.timeout.as_millis(), 500);
    assert_eq!(s.buffers[0].init.value, Pattern::Each(NumExpr::Int(3)));
    assert_eq!(s.buffers[0].atol, 0.5);
    assert_eq!(s.buffers[0].rtol, ElemType::F64.default_tolerance().1);
}

#[test]
fn spec_inline_params_and_scalars() {
    let s = parse(
        "params = [{ buffer = \"x\" }, { scalar = \"u32\", value = \"threads\" }]\n[buffers.x]\ntype = \"i32\"\nlen = 1\n",
    );
    assert_eq!(s.params.len(), 2);
    assert!(matches!(
        &s.params[1].value,
        ParamSpec::Scalar(ElemType::U32, NumExpr::Expr(_))
    ));
}

#[test]
fn spec_every_check_form() {
    let s = parse(
        r#"
[buffers.a]
type = "f32"
len = 6
init = "random:7"
[buffers.b]
type = "f32"
len = 6
init = [1, 2.5, "i", 4, 5, 6]
[buffers.sum]
type = "i32"
len = 4
expect = "sum:264"
[buffers.sum2]
type = "i32"
len = 4
expect = { sum = "launch*4" }
[buffers.same]
type = "f32"
len = 6
expect = { equals_buffer = "a" }
[buffers.c]
type = "f32"
len = 6
expect = { add = ["a", "b"] }
[buffers.d]
type = "f32"
len = 6
expect = { mul = ["a", "b"] }
[buffers.t]
type = "f32"
len = 6
expect = { transpose_of = "a", rows = 2, cols = 3 }
[buffers.u]
type = "u32"
len = 2
expect = "unchanged"
[buffers.v]
type = "u32"
len = 2
expect = "iota"
"#,
    );
    let e: Vec<&Expect> = s
        .buffers
        .iter()
        .filter_map(|b| b.expect.as_ref().map(|e| &e.value))
        .collect();
    assert_eq!(s.buffers[0].init.value, Pattern::Random(7));
    assert_eq!(*e[0], Expect::Sum(NumExpr::Int(264)));
    assert!(matches!(e[1], Expect::Sum(NumExpr::Expr(_))));
    assert_eq!(*e[2], Expect::Same(0));
    assert_eq!(*e[3], Expect::Elementwise('+', 0, 1));
    assert_eq!(*e[4], Expect::Elementwise('*', 0, 1));
    assert!(matches!(e[5], Expect::Transpose { src: 0, .. }));
    assert_eq!(*e[6], Expect::Unchanged);
    assert_eq!(*e[7], Expect::Values(Pattern::Iota));
}

#[test]
fn spec_errors_carry_line_and_column() {
    // TOML syntax.
    assert_eq!(
        parse_err("grid = [1, 1\nblock = 3\n")
            .split(": error:")
            .next()
            .unwrap(),
        "k.run.toml:2:1"
    );
    // Unknown top-level key, with the known ones listed by serde.
    let e = parse_err("kernel = \"k\"\ngird = [1]\n");
    assert!(
        e.starts_with("k.run.toml:2:1: error: unknown field `gird`"),
        "{e}"
    );
    // Wrong value type.
    let e = parse_err("launches = \"many\"\n");
    assert!(
        e.starts_with("k.run.toml:1:12: error: invalid type: string \"many\""),
        "{e}"
    );
    // Element type.
    let e = parse_err("[buffers.a]\ntype = \"float\"\nlen = 1\n");
    assert!(
        e.starts_with("k.run.toml:2:8: error: unknown element type 'float'"),
        "{e}"
    );
    assert!(e.contains("bf16"), "{e}");
    // Unknown buffer, at the name.
    let e = parse_err("[[param]]\nbuffer = \"dat\"\n[buffers.data]\ntype = \"i32\"\nlen = 1\n");
    assert_eq!(
        e,
        "k.run.toml:2:10: error: unknown buffer 'dat' (buffers: data)"
    );
    // A param that is neither.
    let e = parse_err("[[param]]\nvalue = 3\n");
    assert!(
        e.starts_with("k.run.toml:1:1: error: a [[param]] is `buffer"),
        "{e}"
    );
    // Bad init pattern, at the value.
    let e = parse_err("[buffers.a]\ntype = \"i32\"\nlen = 1\ninit = \"ones\"\n");
    assert!(
        e.starts_with("k.run.toml:4:8: error: init: unknown pattern 'ones'"),
        "{e}"
    );
    // `launch` is meaningless before a launch.
    let e = parse_err("[buffers.a]\ntype = \"i32\"\nlen = 1\ninit = \"fill:launch\"\n");
    assert!(
        e.contains("in expression 'launch': 'launch' cannot be used here"),
        "{e}"
    );
    // Unknown variable in a length.
    let e = parse_err("[buffers.a]\ntype = \"i32\"\nlen = \"blocks_x\"\n");
    assert!(
        e.starts_with("k.run.toml:3:7: error: len: in expression 'blocks_x': unknown variable"),
        "{e}"
    );
    // Check mode, dims, timeout.
    let e = parse_err("check = \"always\"\n");
    assert!(
        e.starts_with("k.run.toml:1:9: error: check must be \"each\" or \"end\""),
        "{e}"
    );
    let e = parse_err("grid = [1, 0]\n");
    assert!(
        e.starts_with("k.run.toml:1:8: error: grid must be a positive integer"),
        "{e}"
    );
    let e = parse_err("block = [1, 1, 1, 1]\n");
    assert!(e.contains("block must be"), "{e}");
    let e = parse_err("timeout_s = -1.0\n");
    assert!(e.contains("timeout_s must be a positive number"), "{e}");
    // Unknown check form and malformed ones.
    let e = parse_err("[buffers.a]\ntype = \"i32\"\nlen = 1\nexpect = { max = 3 }\n");
    assert!(e.contains("unknown check { max }"), "{e}");
    let e = parse_err("[buffers.a]\ntype = \"i32\"\nlen = 1\nexpect = { add = [\"a\"] }\n");
    assert!(e.contains("add takes two buffer names"), "{e}");
    let e = parse_err(
        "[buffers.a]\ntype = \"i32\"\nlen = 1\nexpect = { transpose_of = \"a\", rows = 1 }\n",
    );
    assert!(e.contains("missing `cols`"), "{e}");
    let e = parse_err("[buffers.a]\ntype = \"i32\"\nlen = 1\nunit = 3\n");
    assert!(e.contains("unknown field `unit`"), "{e}");
}

#[test]
fn spec_path_beside_the_kernel() {
    assert_eq!(
        default_spec_path("testdata/examples/foo.mlir"),
        "testdata/examples/foo.run.toml"
    );
    assert_eq!(default_spec_path("k.ptx"), "k.run.toml");
    assert_eq!(default_spec_path("noext"), "noext.run.toml");
}

// ---------------------------------------------------------------------------------------------
// Expressions and values

fn eval(text: &str, env: &Env) -> f64 {
    Expr::parse(text, Context::Expect).unwrap().eval(env)
}

#[test]
fn expressions() {
    let env = Env {
        grid: [4, 2, 1],
        block: [128, 1, 1],
        cluster: [2, 1, 1],
        launch: 3,
        index: 5,
        len: 10,
    };
    assert_eq!(eval("grid_x*block_x", &env), 512.0);
    assert_eq!(eval("1 + 2 * 3", &env), 7.0);
    assert_eq!(eval("(1 + 2) * 3", &env), 9.0);
    assert_eq!(eval("10 - 4 - 3", &env), 3.0);
    assert_eq!(eval("-i + -(-2)", &env), -3.0);
    assert_eq!(eval("i % 3 / 2", &env), 1.0);
    assert_eq!(eval("ctas", &env), 8.0);
    assert_eq!(eval("threads", &env), 1024.0);
    assert_eq!(eval("launch * cluster_x + len", &env), 16.0);
    assert_eq!(eval("1.5e2 + 0x10 + 1_000", &env), 1166.0);
    for (bad, msg) in [
        ("", "expected a number"),
        ("1 +", "expected a number"),
        ("(1", "expected ')'"),
        ("1 2", "unexpected '2'"),
        ("grid_w", "unknown variable 'grid_w'"),
        ("1 $ 2", "unexpected '$'"),
        ("1.2.3", "bad number"),
    ] {
        let e = Expr::parse(bad, Context::Expect).expect_err(bad);
        assert!(e.message.contains(msg), "{bad}: {}", e.message);
    }
    assert!(Expr::parse("i", Context::Shape).is_err());
    assert!(Expr::parse("launch", Context::Init).is_err());
    assert!(Expr::parse("i + len", Context::Init).is_ok());
}

#[test]
fn element_encoding_round_trips() {
    let cases: [(ElemType, Num); 12] = [
        (ElemType::I8, Num::Int(-5)),
        (ElemType::U8, Num::Int(250)),
        (ElemType::I16, Num::Int(-30000)),
        (ElemType::U16, Num::Int(65535)),
        (ElemType::I32, Num::Int(-7)),
        (ElemType::U32, Num::Int(4_000_000_000)),
        (ElemType::I64, Num::Int(-(1 << 40))),
        (ElemType::U64, Num::Int(u64::MAX as i128)),
        (ElemType::F16, Num::Float(1.5)),
        (ElemType::BF16, Num::Float(-2.0)),
        (ElemType::F32, Num::Float(0.1f32 as f64)),
        (ElemType::F64, Num::Float(0.1)),
    ];
    for (ty, v) in cases {
        let mut bytes = Vec::new();
        ty.encode(v, &mut bytes);
        assert_eq!(bytes.len(), ty.size(), "{ty}");
        assert_eq!(ty.decode(&bytes), vec![v], "{ty}");
    }
    let mut b = Vec::new();
    ElemType::I32.encode(Num::Int(-1), &mut b);
    assert_eq!(b, [0xff; 4]);
    b.clear();
    ElemType::F32.encode(Num::Float(1.0), &mut b);
    assert_eq!(b, 1.0f32.to_le_bytes());
}

#[test]
fn element_conversions() {
    assert_eq!(ElemType::U8.from_int(255), Ok(Num::Int(255)));
    assert!(ElemType::U8
        .from_int(256)
        .unwrap_err()
        .contains("does not fit u8"));
    assert!(ElemType::I32
        .from_f64(1.5)
        .unwrap_err()
        .contains("not a whole number"));
    assert_eq!(ElemType::I32.from_f64(-3.0), Ok(Num::Int(-3)));
    assert_eq!(
        ElemType::F32.from_f64(0.1),
        Ok(Num::Float(f64::from(0.1f32)))
    );
    assert_eq!(ElemType::F16.from_int(2049), Ok(Num::Float(2048.0)));
    assert_eq!(ElemType::U8.wrap(257), Num::Int(1));
    assert_eq!(ElemType::I8.wrap(128), Num::Int(-128));
    assert_eq!(ElemType::U32.wrap(-1), Num::Int(u32::MAX as i128));
    assert_eq!(ElemType::F32.show(Num::Float(f64::from(0.1f32))), "0.1");
    assert_eq!(ElemType::I32.show(Num::Int(-4)), "-4");
}

#[test]
fn init_patterns() {
    let env = Env {
        grid: [2, 1, 1],
        block: [32, 1, 1],
        cluster: [1, 1, 1],
        ..Env::default()
    };
    let ints = |p: &Pattern, ty: ElemType, len: usize| contents(p, ty, len, &env).unwrap();
    assert_eq!(
        ints(&Pattern::Zeros, ElemType::I32, 3),
        vec![Num::Int(0); 3]
    );
    assert_eq!(
        ints(&Pattern::Zeros, ElemType::F32, 2),
        vec![Num::Float(0.0); 2]
    );
    assert_eq!(
        ints(&Pattern::Iota, ElemType::U8, 258)[255..],
        [Num::Int(255), Num::Int(0), Num::Int(1)]
    );
    let each = Pattern::Each(NumExpr::Expr(
        Expr::parse("i*grid_x + len", Context::Init).unwrap(),
    ));
    assert_eq!(
        ints(&each, ElemType::I32, 3),
        vec![Num::Int(3), Num::Int(5), Num::Int(7)]
    );
    let r1 = ints(&Pattern::Random(42), ElemType::F32, 64);
    assert_eq!(
        r1,
        ints(&Pattern::Random(42), ElemType::F32, 64),
        "same seed, same values"
    );
    assert_ne!(r1, ints(&Pattern::Random(43), ElemType::F32, 64));
    assert!(r1.iter().all(|v| (-1.0..1.0).contains(&v.as_f64())));
    let ri = ints(&Pattern::Random(1), ElemType::U8, 64);
    assert!(ri.iter().all(|v| matches!(v, Num::Int(0..=99))));
    let list = Pattern::List(vec![NumExpr::Int(1), NumExpr::Float(2.0)]);
    assert!(contents(&list, ElemType::I32, 3, &env)
        .unwrap_err()
        .contains("2 values for len 3"));
    let big = Pattern::Each(NumExpr::Int(300));
    assert!(contents(&big, ElemType::U8, 1, &env)
        .unwrap_err()
        .contains("does not fit u8"));
}

// ---------------------------------------------------------------------------------------------
// PTX signatures

#[test]
fn ptx_signatures() {
    let ptx = "
// a comment mentioning .entry fake(
.visible .entry first(
\t.param .u64 .ptr.global .align 8 first_param_0, /* .entry nope */
\t.param .align 8 .b8 first_param_1[16],
\t.param .f32 first_param_2
)
.reqntid 256, 1, 1
.reqnctapercluster 2, 1, 1
{
\tret;
}
.entry second
.maxntid 64
{
\tret;
}
.visible .entry third()
.reqntid 32
{ ret; }
";
    let e = entries(ptx);
    let names: Vec<&str> = e.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["first", "second", "third"]);
    assert_eq!(
        e[0].params,
        [
            ("u64".to_string(), 8),
            ("b8".to_string(), 16),
            ("f32".to_string(), 4)
        ]
    );
    assert_eq!(e[0].reqntid, Some([256, 1, 1]));
    assert_eq!(e[0].reqnctapercluster, Some([2, 1, 1]));
    assert!(e[1].params.is_empty());
    assert_eq!(e[1].reqntid, None);
    assert_eq!(e[2].reqntid, Some([32, 1, 1]));
}

#[test]
fn ptx_signature_of_tilec_output() {
    let src = r#"
"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%flag: !cuda_tile.tile<!cuda_tile.ptr<i32>>, %n: !cuda_tile.tile<i32>):
    %old, %t = "cuda_tile.atomic_rmw_tko"(%flag, %n) {kind = #mem.rmw<add>,
        mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>}
        : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "bump", num_threads = 64 : i32} : () -> ()
}) : () -> ()
"#;
    let out = tilec::compile(src, "bump.mlir", &tilec::Options::default()).expect("compiles");
    let e = entries(&out.text);
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].name, "bump");
    assert_eq!(
        e[0].params,
        [("u64".to_string(), 8), ("u32".to_string(), 4)]
    );
    assert_eq!(e[0].reqntid, Some([64, 1, 1]));
}

// ---------------------------------------------------------------------------------------------
// Plans

#[test]
fn plan_of_the_handoff() {
    let p = plan(HANDOFF_SPEC, PRODUCER_PTX);
    assert_eq!(p.kernel, "producer");
    assert_eq!(p.target, "sm_90a");
    assert_eq!(
        (p.block, p.cluster, p.cluster_attr),
        ([128, 1, 1], [1, 1, 1], false)
    );
    assert_eq!(p.buffers[0].len, 128);
    assert_eq!(p.buffers[0].bytes.len(), 512);
    assert_eq!(p.params.len(), 2);
    assert_eq!(
        describe(&p),
        "kernel producer (sm_90a)\n\
         shape grid [1, 1, 1] block [128, 1, 1] cluster [1, 1, 1] shared 0 B\n\
         buffer data f32[128]     checked\n\
         buffer flag i32[1]       checked\n\
         params (&data, &flag)\n\
         launches 1000 checked, 100 timed\n"
    );
}

#[test]
fn plan_defaults_from_the_kernel() {
    // No kernel name (one entry), no block (.reqntid), no [[param]] (buffers in order).
    let spec =
        "[buffers.data]\ntype = \"f32\"\nlen = 128\n[buffers.flag]\ntype = \"i32\"\nlen = 1\n";
    let p = plan(spec, PRODUCER_PTX);
    assert_eq!(p.kernel, "producer");
    assert_eq!(p.block, [128, 1, 1]);
    assert_eq!(format!("{:?}", p.params), "[Buffer(0), Buffer(1)]");
    let ov = Overrides {
        target: Some("sm_100a".into()),
        launches: Some(5),
        timing_launches: Some(0),
        timeout: None,
    };
    let p = Plan::resolve(&parse(spec), PRODUCER_PTX, &ov).unwrap();
    assert_eq!(
        (p.target.as_str(), p.launches, p.timing_launches),
        ("sm_100a", 5, 0)
    );
}

#[test]
fn plan_scalars_and_clusters() {
    let ptx = ptx_entry("bump", &["u64", "u32"], None);
    let spec = "grid = [4]\nblock = 128\ncluster = [2]\n[[param]]\nbuffer = \"flag\"\n[[param]]\nscalar = \"i32\"\nvalue = \"grid_x*3\"\n[buffers.flag]\ntype = \"i32\"\nlen = 1\n";
    let p = plan(spec, &ptx);
    assert_eq!(
        p.params[1],
        tilec_tools::run::plan::Param::Scalar(ElemType::I32, Num::Int(12))
    );
    assert_eq!(p.params[1].scalar_bytes(), 12i32.to_le_bytes());
    assert!(
        p.cluster_attr,
        "a spec cluster for a kernel without .reqnctapercluster"
    );
    // A kernel that declares its cluster shape launches without the attribute.
    let ptx2 = ptx.replace("{\n", ".reqnctapercluster 2, 1, 1\n{\n");
    let p = plan(&spec.replace("cluster = [2]\n", ""), &ptx2);
    assert_eq!((p.cluster, p.cluster_attr), ([2, 1, 1], false));
}

#[test]
fn spec_tensor_maps() {
    let buf = "[buffers.a]\ntype = \"f16\"\nlen = 8192\n";
    let map = "[[param]]\ntensor_map = \"a\"\ndims = [64, 128]\nbox = [64, 16]\nswizzle = 128\n";
    let ptx = ptx_entry("k", &["align 64 .b8"], Some(128)).replace("k_param_0", "k_param_0[128]");
    let p = plan(&format!("{map}{buf}"), &ptx);
    let tilec_tools::run::plan::Param::TensorMap(t) = &p.params[0] else {
        panic!("{:?}", p.params[0]);
    };
    assert_eq!(
        (t.dims.clone(), t.strides.clone()),
        (vec![64, 128], vec![128])
    );
    assert_eq!(
        (t.boxes.clone(), t.swizzle, t.elem),
        (vec![64, 16], 128, ElemType::F16)
    );
    // What the driver would reject is a located error before any launch.
    for (bad, want) in [
        ("dims = [64, 128]\n", "needs `dims` and `box`"),
        ("box = [64, 16, 1]\n", "`box` needs 2 dimensions"),
        ("swizzle = 48\n", "`swizzle` is 0, 32, 64 or 128"),
        ("buffer = \"a\"\n", "not `buffer`, `scalar` or `value`"),
    ] {
        let key = bad.split(' ').next().unwrap_or("");
        let kept: String = map
            .lines()
            .filter(|l| !l.starts_with(key) || key == "buffer")
            .map(|l| format!("{l}\n"))
            .collect();
        let spec = if key == "dims" {
            kept.replace("box = [64, 16]\n", "")
        } else {
            format!("{kept}{bad}")
        };
        let e = parse_err(&format!("{spec}{buf}"));
        assert!(e.contains(want), "{bad}: {e}");
    }
    let e = parse_err(&format!("[[param]]\nbuffer = \"a\"\nbox = [8]\n{buf}"));
    assert!(e.contains("belong to a `tensor_map"), "{e}");
    // A swizzle narrower than the box's inner extent, a box past the buffer.
    let e = plan_err(&format!("{}{buf}", map.replace("128\n", "64\n")), &ptx);
    assert!(e.contains("at most 64 bytes"), "{e}");
    let e = plan_err(
        &format!("{}{buf}", map.replace("[64, 128]", "[64, 200]")),
        &ptx,
    );
    assert!(
        e.contains("reaches byte 25600 of buffer 'a', which has 16384"),
        "{e}"
    );
}

#[test]
fn hidden_tensor_maps_follow_the_kernels_parameters() {
    // What `tilec --tma-maps` writes for a matmul: two maps and `ok` after the own parameters.
    let own = ["u64", "u32", "u32", "u32"];
    let mut params: Vec<&str> = own.to_vec();
    params.extend(["align 64 .b8", "u32"]);
    let ptx = format!(
        "//tilec:tensor_map entry=mm param=4 base=p0 cols=p2 rows=p1 stride=p3 type=bf16 box=32,16 swizzle=64\n\
         //tilec:tensor_maps_ok entry=mm param=5\n{}",
        ptx_entry("mm", &params, Some(128)).replace("mm_param_4", "mm_param_4[128]")
    );
    let spec = |cols: &str| {
        format!(
            "[[param]]\nbuffer = \"a\"\n[[param]]\nscalar = \"i32\"\nvalue = 64\n[[param]]\nscalar = \"i32\"\nvalue = {cols}\n[[param]]\nscalar = \"i32\"\nvalue = {cols}\n[buffers.a]\ntype = \"bf16\"\nlen = 8192\n"
        )
    };
    use tilec_tools::run::plan::Param;
    let p = plan(&spec("128"), &ptx);
    assert_eq!(p.params.len(), 6);
    let Param::HiddenMap(Some(t)) = &p.params[4] else {
        panic!("{:?}", p.params[4]);
    };
    assert_eq!(
        (t.dims.clone(), t.strides.clone(), t.elem),
        (vec![128, 64], vec![256], ElemType::BF16)
    );
    assert_eq!(p.params[5], Param::MapsOk);
    // A row stride the driver rejects (not a multiple of 16 bytes): no map, the kernel's
    // other path.
    let p = plan(&spec("100"), &ptx);
    assert_eq!(p.params[4], Param::HiddenMap(None));
    // A line that names a parameter it cannot use.
    let e = plan_err(&spec("128"), &ptx.replace("base=p0", "base=p1"));
    assert!(
        e.contains("names parameter 1, which is not a buffer"),
        "{e}"
    );
    let e = plan_err(&spec("128"), &ptx.replace("stride=p3", "stride=p3x"));
    assert!(e.contains("malformed tensor-map line"), "{e}");
}

#[test]
fn plan_errors() {
    let flag = "[buffers.flag]\ntype = \"i32\"\nlen = 1\n";
    let data = "[buffers.data]\ntype = \"f32\"\nlen = 128\n";
    let e = plan_err(
        &format!("kernel = \"consumer\"\n{data}{flag}"),
        PRODUCER_PTX,
    );
    assert_eq!(
        e,
        "k.run.toml:1:10: error: the PTX has no entry 'consumer' (entries: producer)"
    );
    let two = format!("{}{}", ptx_entry("a", &[], None), ptx_entry("b", &[], None));
    assert!(plan_err("block = 32\n", &two).contains("several entries (a, b)"));
    assert!(plan_err("block = 32\n", "").contains("the PTX has no .entry"));
    let e = plan_err(&format!("block = [64, 1, 1]\n{data}{flag}"), PRODUCER_PTX);
    assert_eq!(
        e,
        "k.run.toml:1:9: error: block [64, 1, 1] but kernel 'producer' requires .reqntid [128, 1, 1]"
    );
    let e = plan_err(flag, &ptx_entry("k", &["u64"], None));
    assert!(e.contains("`block` is required"), "{e}");
    let e = plan_err(
        &format!("block = [64, 32]\n{flag}"),
        &ptx_entry("k", &["u64"], None),
    );
    assert!(e.contains("at most 1024 threads"), "{e}");
    let e = plan_err(flag, PRODUCER_PTX);
    assert!(
        e.contains("passes 1 parameters (with no [[param]], the buffers are passed in order) but kernel 'producer' takes 2 (.u64, .u64)"),
        "{e}"
    );
    let e = plan_err(
        &format!("block = 1\n[[param]]\nscalar = \"i64\"\nvalue = 1\n{flag}"),
        &ptx_entry("k", &["u32"], None),
    );
    assert_eq!(
        e,
        "k.run.toml:2:1: error: parameter 0 of 'k' is .u32 (4 bytes) but the spec passes a i64 (8 bytes)"
    );
    let e = plan_err(
        &format!("block = 1\n{flag}"),
        &ptx_entry("k", &["u32"], None),
    );
    assert!(
        e.contains("is .u32 (4 bytes) but the spec passes buffer 'flag'"),
        "{e}"
    );
    let e = plan_err(
        &format!("grid = 3\ncluster = 2\n{data}{flag}"),
        PRODUCER_PTX,
    );
    assert!(
        e.contains("grid [3, 1, 1] is not a whole number of clusters [2, 1, 1]"),
        "{e}"
    );
    let e = plan_err(
        &format!("cluster = 4\ngrid = 4\n{flag}"),
        &ptx_entry("k", &["u64"], Some(32)).replace("{\n", ".reqnctapercluster 2\n{\n"),
    );
    assert!(e.contains("declares .reqnctapercluster [2, 1, 1]"), "{e}");
    let e = plan_err(
        "[buffers.a]\ntype = \"i32\"\nlen = \"block_x - 128\"\n",
        PRODUCER_PTX,
    );
    assert!(
        e.starts_with("k.run.toml:3:7: error: len must be between 1 and 2^40, not 0"),
        "{e}"
    );
    let e = plan_err(
        "[buffers.a]\ntype = \"i32\"\nlen = 2\ninit = [1, 2, 3]\n[buffers.b]\ntype = \"i32\"\nlen = 2\n",
        PRODUCER_PTX,
    );
    assert!(
        e.starts_with("k.run.toml:4:8: error: init: 3 values for len 2"),
        "{e}"
    );
    let e = plan_err(
        "[buffers.a]\ntype = \"f32\"\nlen = 6\n[buffers.b]\ntype = \"f32\"\nlen = 6\nexpect = { transpose_of = \"a\", rows = 4, cols = 2 }\n",
        PRODUCER_PTX,
    );
    assert!(
        e.contains("7:10: error: expect: rows*cols = 8 but 'a' has 6 elements"),
        "{e}"
    );
    let e = plan_err(
        "[buffers.a]\ntype = \"f32\"\nlen = 6\n[buffers.b]\ntype = \"f32\"\nlen = 5\nexpect = { add = [\"a\", \"a\"] }\n",
        PRODUCER_PTX,
    );
    assert!(
        e.contains("expect: buffer 'a' has 6 elements, this one 5"),
        "{e}"
    );
}

// ---------------------------------------------------------------------------------------------
// Checks

fn two_buffer_plan(expect: &str, ty: &str) -> Plan {
    let spec = format!(
        "block = 1\n[buffers.a]\ntype = \"{ty}\"\nlen = 6\ninit = \"iota\"\n[buffers.b]\ntype = \"{ty}\"\nlen = 6\ninit = \"fill:10\"\n[buffers.out]\ntype = \"{ty}\"\nlen = 6\nexpect = {expect}\n"
    );
    plan(&spec, &ptx_entry("k", &["u64", "u64", "u64"], None))
}

fn array(p: &Plan, b: usize, launch: u64) -> Vec<Num> {
    match expected(p, b, launch).unwrap() {
        Target::Array(v) => v,
        Target::Sum(_) => panic!("not an array"),
    }
}

fn ints(v: &[i128]) -> Vec<Num> {
    v.iter().map(|&i| Num::Int(i)).collect()
}

#[test]
fn check_references_read_initial_contents() {
    assert_eq!(
        array(&two_buffer_plan("{ add = [\"a\", \"b\"] }", "i32"), 2, 1),
        ints(&[10, 11, 12, 13, 14, 15])
    );
    assert_eq!(
        array(&two_buffer_plan("{ sub = [\"a\", \"b\"] }", "i32"), 2, 1),
        ints(&[-10, -9, -8, -7, -6, -5])
    );
    assert_eq!(
        array(&two_buffer_plan("{ mul = [\"a\", \"b\"] }", "i32"), 2, 1),
        ints(&[0, 10, 20, 30, 40, 50])
    );
    // Integer arithmetic wraps like the GPU's.
    assert_eq!(
        array(&two_buffer_plan("{ sub = [\"a\", \"b\"] }", "u8"), 2, 1)[0],
        Num::Int(246)
    );
    assert_eq!(
        array(&two_buffer_plan("{ equals_buffer = \"a\" }", "f32"), 2, 1)[5],
        Num::Float(5.0)
    );
    // a = [[0 1 2] [3 4 5]] (2×3) → out = [[0 3] [1 4] [2 5]].
    assert_eq!(
        array(
            &two_buffer_plan("{ transpose_of = \"a\", rows = 2, cols = 3 }", "i32"),
            2,
            1
        ),
        ints(&[0, 3, 1, 4, 2, 5])
    );
    assert_eq!(
        array(&two_buffer_plan("\"unchanged\"", "i32"), 2, 1),
        ints(&[0; 6])
    );
    // `launch` counts launches since initialization.
    let p = two_buffer_plan("[\"launch\", 0, 0, 0, 0, \"launch*2\"]", "i32");
    assert_eq!(array(&p, 2, 7), ints(&[7, 0, 0, 0, 0, 14]));
}

#[test]
fn float_tolerance() {
    let (atol, rtol) = ElemType::F32.default_tolerance();
    let f = |x: f64| Num::Float(x);
    assert!(close(ElemType::F32, atol, rtol, f(1.0), f(1.0 + 5e-6)));
    assert!(!close(ElemType::F32, atol, rtol, f(1.0), f(1.0 + 1e-4)));
    assert!(close(ElemType::F32, atol, rtol, f(0.0), f(5e-7)));
    assert!(close(ElemType::F32, atol, rtol, f(f64::NAN), f(f64::NAN)));
    assert!(!close(ElemType::F32, atol, rtol, f(1.0), f(f64::NAN)));
    assert!(close(
        ElemType::F32,
        atol,
        rtol,
        f(f64::INFINITY),
        f(f64::INFINITY)
    ));
    assert!(!close(
        ElemType::F32,
        atol,
        rtol,
        f(f64::INFINITY),
        f(f64::MAX)
    ));
    assert!(close(ElemType::I32, 0.0, 0.0, Num::Int(3), Num::Int(3)));
    assert!(!close(ElemType::I32, 0.0, 0.0, Num::Int(3), Num::Int(4)));
}

#[test]
fn mismatches_show_the_first_few() {
    let want = ints(&[1; 20]);
    let mut got = want.clone();
    for i in [2, 3, 5, 7, 11, 13, 15, 16, 17, 19] {
        got[i] = Num::Int(0);
    }
    let m = compare(ElemType::I32, 0.0, 0.0, &Target::Array(want.clone()), &got).unwrap();
    let Mismatch::Elements {
        wrong,
        total,
        first,
    } = m
    else {
        panic!("{m:?}")
    };
    assert_eq!((wrong, total, first.len()), (10, 20, 8));
    assert_eq!(first[0], (2, "1".to_string(), "0".to_string()));
    assert_eq!(first[7].0, 16);
    assert!(compare(ElemType::I32, 0.0, 0.0, &Target::Array(want.clone()), &want).is_none());
}

#[test]
fn sums() {
    let sum = |ty, want: Num, got: &[Num]| compare(ty, 1e-6, 1e-5, &Target::Sum(want), got);
    // Integer sums are exact and may exceed the element type (4 × 200 in u8).
    assert!(sum(ElemType::U8, Num::Int(800), &ints(&[200; 4])).is_none());
    assert_eq!(
        sum(ElemType::I32, Num::Int(264), &ints(&[66, 66, 66, 65])),
        Some(Mismatch::Sum {
            expected: "264".into(),
            got: "263".into()
        })
    );
    let fl: Vec<Num> = (0..1000).map(|_| Num::Float(f64::from(0.1f32))).collect();
    assert!(sum(ElemType::F32, Num::Float(100.0), &fl).is_none());
    assert!(sum(ElemType::F32, Num::Float(101.0), &fl).is_some());
    let p = two_buffer_plan("\"sum:launch*grid_x\"", "i32");
    assert_eq!(expected(&p, 2, 5).unwrap(), Target::Sum(Num::Int(5)));
}

#[test]
fn checker_caches_unless_launch_dependent() {
    let p = two_buffer_plan("{ each = \"launch\" }", "i32");
    let mut c = Checker::new(&p);
    assert!(c.check(&p, 2, &ints(&[1; 6]), 1).is_none());
    assert!(c.check(&p, 2, &ints(&[2; 6]), 2).is_none());
    assert!(c.check(&p, 2, &ints(&[2; 6]), 3).is_some());
    let p = two_buffer_plan("\"fill:4\"", "i32");
    let mut c = Checker::new(&p);
    assert!(c.check(&p, 2, &ints(&[4; 6]), 1).is_none());
    assert!(c.check(&p, 2, &ints(&[4; 6]), 9).is_none());
}

// ---------------------------------------------------------------------------------------------
// The launch loop, with a device emulated on the CPU

/// Buffers in host memory; `kernel` plays the GPU: it gets the buffers and the launch number
/// (counting every launch, timed ones too) and may fail.
struct Emulated<F: FnMut(&mut [Vec<u8>], u64) -> Result<(), String>> {
    mem: Vec<Vec<u8>>,
    kernel: F,
    launches: u64,
    uploads: u64,
}

impl<F: FnMut(&mut [Vec<u8>], u64) -> Result<(), String>> Emulated<F> {
    fn new(plan: &Plan, kernel: F) -> Self {
        Emulated {
            mem: plan
                .buffers
                .iter()
                .map(|b| vec![0; b.bytes.len()])
                .collect(),
            kernel,
            launches: 0,
            uploads: 0,
        }
    }
}

impl<F: FnMut(&mut [Vec<u8>], u64) -> Result<(), String>> Device for Emulated<F> {
    fn name(&self) -> String {
        "CPU emulation".into()
    }
    fn upload(&mut self, b: usize, bytes: &[u8]) -> Result<(), String> {
        self.uploads += 1;
        self.mem[b].copy_from_slice(bytes);
        Ok(())
    }
    fn launch(&mut self) -> Result<(), String> {
        self.launches += 1;
        (self.kernel)(&mut self.mem, self.launches)
    }
    fn download(&mut self, b: usize, out: &mut [u8]) -> Result<(), String> {
        out.copy_from_slice(&self.mem[b]);
        Ok(())
    }
    fn timed_launch(&mut self) -> Result<f64, String> {
        self.launch()?;
        Ok(self.launches as f64)
    }
}

fn f32s(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn put_f32s(b: &mut [u8], v: &[f32]) {
    for (c, x) in b.chunks_exact_mut(4).zip(v) {
        c.copy_from_slice(&x.to_le_bytes());
    }
}

fn bump_i32(b: &mut [u8], by: i32) {
    let v = i32::from_le_bytes(b[..4].try_into().unwrap()) + by;
    b[..4].copy_from_slice(&v.to_le_bytes());
}

#[test]
fn vector_add_passes() {
    let spec = "grid = 2\nblock = 32\ntiming_launches = 5\n[buffers.a]\ntype = \"f32\"\nlen = \"threads\"\ninit = \"random:1\"\n[buffers.b]\ntype = \"f32\"\nlen = \"threads\"\ninit = { each = \"i / 2\" }\n[buffers.c]\ntype = \"f32\"\nlen = \"threads\"\nexpect = { add = [\"a\", \"b\"] }\n";
    let p = plan(spec, &ptx_entry("vadd", &["u64", "u64", "u64"], None));
    let mut dev = Emulated::new(&p, |m: &mut [Vec<u8>], _| {
        let (a, b) = (f32s(&m[0]), f32s(&m[1]));
        let c: Vec<f32> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
        put_f32s(&mut m[2], &c);
        Ok(())
    });
    let r = execute(&p, &mut dev);
    assert!(r.passed(), "{}", r.render());
    assert_eq!(r.exit_code(), exit::OK);
    assert_eq!(r.times_us, [2.0, 3.0, 4.0, 5.0, 6.0]);
    assert_eq!(
        r.render(),
        "kernel vadd (sm_90a) on CPU emulation\n\
         shape grid [2, 1, 1] block [32, 1, 1] cluster [1, 1, 1] shared 0 B\n\
         buffer a f32[64]      not checked\n\
         buffer b f32[64]      not checked\n\
         buffer c f32[64]      OK\n\
         launches 1 of 1 done, 0 wrong (checked after each launch; buffers re-initialized before each)\n\
         time median 4.000 µs, min 2.000 µs over 5 launches (CUDA events)\n\
         PASS\n"
    );
}

#[test]
fn a_counter_without_reinit_accumulates() {
    // A reduction into a counter: every CTA adds 1; with reinit = false the counter after k
    // launches is k*ctas.
    let spec = "grid = 4\nblock = 128\nlaunches = 10\nreinit = false\ntiming_launches = 0\n[buffers.count]\ntype = \"u32\"\nlen = 1\nexpect = [\"launch*ctas\"]\n";
    let p = plan(spec, &ptx_entry("count", &["u64"], Some(128)));
    let mut dev = Emulated::new(&p, |m: &mut [Vec<u8>], _| {
        bump_i32(&mut m[0], 4);
        Ok(())
    });
    let r = execute(&p, &mut dev);
    assert!(r.passed(), "{}", r.render());
    assert_eq!((r.launches_done, r.buffers[0].checks), (10, 10));
    assert_eq!(dev.uploads, 1, "initialized once");
    assert!(r.render().contains("time not measured"));
}

#[test]
fn wrong_launches_are_counted_and_the_first_shown() {
    let spec = "launches = 20\ntiming_launches = 3\n[buffers.data]\ntype = \"f32\"\nlen = 128\nexpect = \"fill:1.0\"\n[buffers.flag]\ntype = \"i32\"\nlen = 1\nexpect = [1]\n";
    let p = plan(spec, PRODUCER_PTX);
    // The "race": launches 3 and 11 publish the flag before two of the data.
    let mut dev = Emulated::new(&p, |m: &mut [Vec<u8>], k| {
        let mut d = vec![1.0f32; 128];
        if k == 3 || k == 11 {
            d[5] = 0.0;
            d[77] = 0.0;
        }
        put_f32s(&mut m[0], &d);
        bump_i32(&mut m[1], 1);
        Ok(())
    });
    let r = execute(&p, &mut dev);
    assert!(!r.passed());
    assert_eq!(r.exit_code(), exit::FAIL);
    assert_eq!((r.launches_done, r.wrong_launches), (20, 2));
    assert_eq!(
        dev.uploads,
        2 * 23,
        "re-initialized before every launch, timed ones too"
    );
    let text = r.render();
    assert!(
        text.contains(
            "buffer data f32[128]     MISMATCH after 2 of 20 checked launches\n  \
             first at launch 3: 2 of 128 elements differ\n    \
             [5] expected 1, got 0\n    \
             [77] expected 1, got 0\n"
        ),
        "{text}"
    );
    assert!(text.contains("buffer flag i32[1]       OK\n"), "{text}");
    assert!(text.contains("launches 20 of 20 done, 2 wrong"), "{text}");
    assert!(text.ends_with("FAIL\n"), "{text}");
}

#[test]
fn check_at_end_checks_once() {
    let spec = "launches = 5\ncheck = \"end\"\nreinit = false\ntiming_launches = 0\n[buffers.data]\ntype = \"f32\"\nlen = 128\n[buffers.flag]\ntype = \"i32\"\nlen = 1\nexpect = { sum = \"launch\" }\n";
    let p = plan(spec, PRODUCER_PTX);
    let mut dev = Emulated::new(&p, |m: &mut [Vec<u8>], _| {
        bump_i32(&mut m[1], 1);
        Ok(())
    });
    let r = execute(&p, &mut dev);
    assert!(r.passed(), "{}", r.render());
    assert_eq!(r.buffers[1].checks, 1);
    assert!(r
        .render()
        .contains("(checked after the last launch; buffers initialized once)"));
}

#[test]
fn a_device_error_ends_the_run() {
    let spec = "launches = 5\n[buffers.data]\ntype = \"f32\"\nlen = 128\nexpect = \"zeros\"\n[buffers.flag]\ntype = \"i32\"\nlen = 1\n";
    let p = plan(spec, PRODUCER_PTX);
    let mut dev = Emulated::new(&p, |_: &mut [Vec<u8>], k| {
        if k == 3 {
            Err("CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered)".into())
        } else {
            Ok(())
        }
    });
    let r = execute(&p, &mut dev);
    assert!(!r.passed());
    assert_eq!(r.launches_done, 2);
    assert!(r.times_us.is_empty());
    let text = r.render();
    assert!(text.contains("launches 2 of 5 done, 0 wrong"), "{text}");
    assert!(
        text.contains("error launch 3: CUDA_ERROR_ILLEGAL_ADDRESS (an illegal memory access was encountered)\nFAIL\n"),
        "{text}"
    );
}

#[test]
fn medians() {
    assert_eq!(median(&[]), None);
    assert_eq!(median(&[3.0]), Some(3.0));
    assert_eq!(median(&[5.0, 1.0, 3.0]), Some(3.0));
    assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
}

// ---------------------------------------------------------------------------------------------
// The executable (built only with `--features cuda`)

#[cfg(feature = "cuda")]
mod binary {
    use std::path::PathBuf;
    use std::process::{Command, Output};

    /// A 0-d atomic: the elected thread of every CTA adds `n` to `flag` (generic form, so the
    /// test does not depend on the custom syntax of the examples).
    const BUMP: &str = r#"
"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%flag: !cuda_tile.tile<!cuda_tile.ptr<i32>>, %n: !cuda_tile.tile<i32>):
    %old, %t = "cuda_tile.atomic_rmw_tko"(%flag, %n) {kind = #mem.rmw<add>,
        mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>}
        : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "bump", num_threads = 128 : i32} : () -> ()
}) : () -> ()
"#;

    /// The release handoff: 128 threads store 1.0, then the elected thread bumps the flag.
    const PRODUCER: &str = r#"
"cuda_tile.module"() ({
  "cuda_tile.entry"() ({
  ^bb0(%data: !cuda_tile.tile<128x!cuda_tile.ptr<f32>>, %flag: !cuda_tile.tile<!cuda_tile.ptr<i32>>):
    %t0 = "cuda_tile.make_token"() : () -> !cuda_tile.token
    %v = "cuda_tile.constant"() {value = 1.0 : f32} : () -> !cuda_tile.tile<128xf32>
    %t1 = "cuda_tile.store_ptr_tko"(%data, %v, %t0) {mem_semantic = #mem.sem<weak>}
        : (!cuda_tile.tile<128x!cuda_tile.ptr<f32>>, !cuda_tile.tile<128xf32>, !cuda_tile.token) -> !cuda_tile.token
    %one = "cuda_tile.constant"() {value = 1 : i32} : () -> !cuda_tile.tile<i32>
    %old, %t2 = "cuda_tile.atomic_rmw_tko"(%flag, %one, %t1)
        {kind = #mem.rmw<add>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<gpu>}
        : (!cuda_tile.tile<!cuda_tile.ptr<i32>>, !cuda_tile.tile<i32>, !cuda_tile.token) -> (!cuda_tile.tile<i32>, !cuda_tile.token)
    "cuda_tile.return"() : () -> ()
  }) {sym_name = "producer", num_threads = 128 : i32} : () -> ()
}) : () -> ()
"#;

    /// A CTA-local handoff through shared memory: every thread stores its id, then
    /// `fence.acq_rel.cta` + `barrier` (weakest-fence's R5 drops the fence), then reads another
    /// thread's element (`tid ^ 127`) and stores it out. `SYNC` stands for the fence and the
    /// barrier ([`SWAP_SYNC`]); without them there is no edge at all, which verify-races rejects
    /// (check 1).
    const SWAP: &str = r#"
"nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  "nv_tileas.st"(%slot, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  SYNC
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %other = "nv_tileas.xori"(%tid, %c127) : (i32, i32) -> i32
  %src = "nv_tileas.gep"(%buf, %other) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %x = "nv_tileas.ld"(%src) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  %dst = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%dst, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "swap", num_threads = 128 : i32} : () -> ()
"#;
    const SWAP_SYNC: &str = "\"nv_tileas.fence\"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<cta>} : () -> ()\n  \"nv_tileas.barrier\"() {id = 0 : i32} : () -> ()";
    const SWAP_SPEC: &str =
        "[buffers.out]\ntype = \"i32\"\nlen = 128\nexpect = { each = \"127 - i\" }\n";

    fn dir(name: &str) -> PathBuf {
        let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join("tile-run")
            .join(name);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    /// Writes `KERNEL.mlir` and `KERNEL.run.toml` and runs tile-run on them.
    fn run(name: &str, kernel: &str, spec: &str, args: &[&str]) -> Output {
        let d = dir(name);
        let k = d.join(format!("{name}.mlir"));
        std::fs::write(&k, kernel).unwrap();
        std::fs::write(d.join(format!("{name}.run.toml")), spec).unwrap();
        Command::new(env!("CARGO_BIN_EXE_tile-run"))
            .arg(&k)
            .args(args)
            .output()
            .unwrap()
    }

    fn text(o: &Output) -> String {
        format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    }

    /// Without a driver the run must say so and exit 3; with one it must pass.
    fn passes_or_no_gpu(o: &Output) {
        let t = text(o);
        if tilec_tools::run::cuda::driver_present() {
            if o.status.code() == Some(3) {
                tilec_tools::announce_skip(&format!("the GPU part of tile-run: {t}"));
                return;
            }
            assert_eq!(o.status.code(), Some(0), "{t}");
            assert!(t.ends_with("PASS\n"), "{t}");
        } else {
            assert_eq!(o.status.code(), Some(3), "{t}");
            assert_eq!(
                t,
                "tile-run: no CUDA driver found (libcuda.so could not be loaded)\n"
            );
        }
    }

    #[test]
    fn handoff_runs_or_reports_no_gpu() {
        let spec = "kernel = \"producer\"\ngrid = [1, 1, 1]\nblock = [128, 1, 1]\nlaunches = 1000\ntiming_launches = 100\n[buffers.data]\ntype = \"f32\"\nlen = 128\nexpect = \"fill:1.0\"\n[buffers.flag]\ntype = \"i32\"\nlen = 1\nexpect = [1]\n";
        passes_or_no_gpu(&run("handoff", PRODUCER, spec, &[]));
    }

    #[test]
    fn counter_with_scalar_runs_or_reports_no_gpu() {
        let spec = "grid = 8\nlaunches = 50\nreinit = false\n[[param]]\nbuffer = \"count\"\n[[param]]\nscalar = \"i32\"\nvalue = 7\n[buffers.count]\ntype = \"i32\"\nlen = 1\nexpect = [\"launch*ctas*7\"]\n";
        passes_or_no_gpu(&run("counter", BUMP, spec, &[]));
    }

    #[test]
    fn cluster_launch_runs_or_reports_no_gpu() {
        let spec = "grid = 8\ncluster = 2\n[[param]]\nbuffer = \"count\"\n[[param]]\nscalar = \"i32\"\nvalue = 1\n[buffers.count]\ntype = \"i32\"\nlen = 1\nexpect = [\"ctas\"]\n";
        passes_or_no_gpu(&run("cluster", BUMP, spec, &["--timing-launches", "10"]));
    }

    #[test]
    fn no_run_stops_before_the_gpu() {
        let spec = "grid = 8\n[[param]]\nbuffer = \"count\"\n[[param]]\nscalar = \"i32\"\nvalue = 1\n[buffers.count]\ntype = \"i32\"\nlen = 1\nexpect = [\"ctas\"]\n";
        let o = run("norun", BUMP, spec, &["--no-run"]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        assert!(text(&o).contains("params (&count, i32 1)"), "{}", text(&o));
    }

    /// `--no-weakest-fence` compiles the conservative form (the fence the pass drops stays),
    /// `--save-ptx` writes what would run, and the report names the flag.
    #[test]
    fn no_weakest_fence_keeps_the_conservative_form() {
        let kernel = SWAP.replace("SYNC", SWAP_SYNC);
        let d = dir("swap_default");
        let ptx = d.join("out.ptx");
        let p = ptx.to_str().unwrap();
        let o = run(
            "swap_default",
            &kernel,
            SWAP_SPEC,
            &["--no-run", "--save-ptx", p],
        );
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        assert!(
            text(&o).starts_with("kernel swap (sm_90a)\n"),
            "{}",
            text(&o)
        );
        let optimized = std::fs::read_to_string(&ptx).unwrap();
        assert!(optimized.contains("bar.sync 0;"), "{optimized}");
        assert!(!optimized.contains("fence.acq_rel.cta;"), "{optimized}");
        let o = run(
            "swap_default",
            &kernel,
            SWAP_SPEC,
            &["--no-run", "--no-weakest-fence", "--save-ptx", p],
        );
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        assert!(
            text(&o).starts_with("kernel swap (sm_90a, --no-weakest-fence)\n"),
            "{}",
            text(&o)
        );
        let conservative = std::fs::read_to_string(&ptx).unwrap();
        assert!(
            conservative.contains("fence.acq_rel.cta;\n\tbar.sync 0;"),
            "{conservative}"
        );
        passes_or_no_gpu(&run(
            "swap_default",
            &kernel,
            SWAP_SPEC,
            &["--no-weakest-fence", "--timing-launches", "10"],
        ));
    }

    /// A kernel verify-races rejects does not compile (exit 1, the finding on stderr) unless
    /// `--no-verify-races` is given; the flags apply to compiled kernels only.
    #[test]
    fn no_verify_races_compiles_a_rejected_kernel() {
        let kernel = SWAP.replace("SYNC", "");
        let o = run("swap_broken", &kernel, SWAP_SPEC, &["--no-run"]);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o));
        assert!(
            text(&o).contains("error: check 1 (unsynchronized handoff)"),
            "{}",
            text(&o)
        );
        let o = run(
            "swap_broken",
            &kernel,
            SWAP_SPEC,
            &["--no-run", "--no-verify-races"],
        );
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        assert!(
            text(&o).starts_with("kernel swap (sm_90a, --no-verify-races)\n"),
            "{}",
            text(&o)
        );
        let d = dir("swap_broken");
        let ptx = d.join("swap.ptx");
        std::fs::write(&ptx, SWAP_PTX).unwrap();
        let o = Command::new(env!("CARGO_BIN_EXE_tile-run"))
            .arg(&ptx)
            .args(["--spec", d.join("swap_broken.run.toml").to_str().unwrap()])
            .args(["--no-run", "--no-weakest-fence"])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        assert!(
            text(&o).contains("apply to a compiled kernel"),
            "{}",
            text(&o)
        );
    }

    const SWAP_PTX: &str = ".version 8.0\n.target sm_90a\n.address_size 64\n.visible .entry swap(\n\t.param .u64 swap_param_0\n)\n.reqntid 128, 1, 1\n{\n\tret;\n}\n";

    #[test]
    fn spec_errors_exit_2() {
        let o = run("badspec", BUMP, "grid = [0]\n", &[]);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            text(&o).contains("badspec.run.toml:1:8: error: grid must be"),
            "{}",
            text(&o)
        );
        let o = run(
            "misfit",
            BUMP,
            "block = 64\n[buffers.count]\ntype = \"i32\"\nlen = 1\n",
            &[],
        );
        assert_eq!(o.status.code(), Some(2));
        assert!(
            text(&o).contains("requires .reqntid [128, 1, 1]"),
            "{}",
            text(&o)
        );
        let o = Command::new(env!("CARGO_BIN_EXE_tile-run"))
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2));
        let o = Command::new(env!("CARGO_BIN_EXE_tile-run"))
            .args(["--bogus-flag", "x.mlir"])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2));
    }

    #[test]
    fn compile_errors_exit_1_with_diagnostics() {
        let bad = BUMP.replace("#mem.sem<release>", "#mem.sem<acquire_release>");
        let o = run("compile_error", &bad, "grid = 1\n", &[]);
        assert_eq!(o.status.code(), Some(1), "{}", text(&o));
        assert!(text(&o).contains("compile_error.mlir:"), "{}", text(&o));
        assert!(text(&o).contains("error:"), "{}", text(&o));
    }
}

/// Every TOML example in docs/runner.md is a valid spec.
#[test]
fn docs_examples_parse() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/runner.md"))
        .expect("docs/runner.md");
    let mut n = 0;
    for block in doc.split("```toml\n").skip(1) {
        let text = block.split("```").next().unwrap();
        // The schema sketch of one buffer table uses `…` for "any form".
        if text.contains('…') {
            continue;
        }
        Spec::parse(text, "docs/runner.md").unwrap_or_else(|e| panic!("{e}\n{text}"));
        n += 1;
    }
    assert!(n >= 4, "found {n} examples");
}
