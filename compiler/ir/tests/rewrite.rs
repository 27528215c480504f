//! Rewriting the IR through the `Module` API: op layout (insert, detach, erase, splice), use
//! replacement, attributes and uniquing, results, the `Builder`, typed views, and walks.

use tilec_ir::entity::EntityRef;
use tilec_ir::text::{module_to_string, parse_module, parse_type};
use tilec_ir::{
    op_view, AttrData, Block, Builder, FileId, Loc, Module, Op, OpSpec, OpView, Region, Sym, Type,
    TypeData, Value, ValueDef, WalkControl,
};

// ---- helpers -----------------------------------------------------------------------------------

/// Creates a detached op named `name` with the given operands, results and number of regions.
fn make(m: &mut Module, name: &str, operands: &[Value], results: &[Type], regions: usize) -> Op {
    let attrs = m.empty_dict();
    m.create_op(OpSpec {
        name: Sym::new(name),
        operands: operands.to_vec(),
        results: results.to_vec(),
        attrs,
        regions,
        successors: Vec::new(),
        loc: Loc::default(),
    })
}

/// Creates a detached op with no operands, results or regions.
fn bare(m: &mut Module, name: &str) -> Op {
    make(m, name, &[], &[], 0)
}

/// Creates an op and appends it to `b`.
fn append(m: &mut Module, b: Block, name: &str) -> Op {
    let op = bare(m, name);
    m.append_op(b, op);
    op
}

/// The op names of `b`, in order.
fn names(m: &Module, b: Block) -> Vec<&'static str> {
    m.block_ops(b).map(|o| m.op_name(o).as_str()).collect()
}

/// The op names of `b` read backwards through the `prev` links (checks the list both ways).
fn names_backwards(m: &Module, b: Block) -> Vec<&'static str> {
    let mut out = Vec::new();
    let mut cur = m.last_op(b);
    while let Some(op) = cur {
        out.push(m.op_name(op).as_str());
        cur = m.prev_op(op);
    }
    out.reverse();
    out
}

/// Names of a list of ops.
fn op_names(m: &Module, ops: &[Op]) -> Vec<&'static str> {
    ops.iter().map(|&o| m.op_name(o).as_str()).collect()
}

/// An op with one region holding one empty block, appended to `b`; returns the op and the block.
fn holder(m: &mut Module, b: Block, name: &str) -> (Op, Block) {
    let op = make(m, name, &[], &[], 1);
    m.append_op(b, op);
    let r = m.regions(op)[0];
    let inner = m.append_block(r, &[]);
    (op, inner)
}

fn parse(src: &str) -> Module {
    match parse_module(src, FileId(0)) {
        Ok(m) => m,
        Err(d) => panic!("parse failed: {}", d.message),
    }
}

/// The first op named `name` in pre-order.
fn find(m: &Module, name: &str) -> Op {
    let s = Sym::new(name);
    m.all_ops()
        .into_iter()
        .find(|&o| m.op_name(o) == s)
        .unwrap_or_else(|| panic!("no op named {name}"))
}

/// Byte position of `needle` in `text` (panics when absent).
fn pos(text: &str, needle: &str) -> usize {
    text.find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in:\n{text}"))
}

// ---- layout ------------------------------------------------------------------------------------

#[test]
fn insert_before_after_and_append_keep_order() {
    let mut m = Module::new();
    let body = m.body();
    let a = append(&mut m, body, "t.a");
    let c = append(&mut m, body, "t.c");
    let b = bare(&mut m, "t.b");
    m.insert_before(c, b);
    let d = bare(&mut m, "t.d");
    m.insert_after(c, d); // after the last op: becomes the new last
    let z = bare(&mut m, "t.z");
    m.insert_before(a, z); // before the first op: becomes the new first
    let a2 = bare(&mut m, "t.a2");
    m.insert_after(a, a2); // in the middle

    let want = ["t.z", "t.a", "t.a2", "t.b", "t.c", "t.d"];
    assert_eq!(names(&m, body), want);
    assert_eq!(names_backwards(&m, body), want);
    assert_eq!(m.first_op(body), Some(z));
    assert_eq!(m.last_op(body), Some(d));
    for op in [z, a, a2, b, c, d] {
        assert_eq!(m.op_block(op), Some(body));
        assert_eq!(m.parent_op(op), None, "top-level ops have no parent op");
    }

    // The printed text has the same order.
    let text = module_to_string(&m);
    let at: Vec<usize> = want
        .iter()
        .map(|n| pos(&text, &format!("\"{n}\"")))
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{text}");
}

#[test]
fn insert_into_a_nested_block() {
    let mut m = Module::new();
    let body = m.body();
    let (outer, inner) = holder(&mut m, body, "t.outer");
    let x = append(&mut m, inner, "t.x");
    let w = bare(&mut m, "t.w");
    m.insert_before(x, w);
    let y = bare(&mut m, "t.y");
    m.insert_after(x, y);
    assert_eq!(names(&m, inner), ["t.w", "t.x", "t.y"]);
    assert_eq!(names_backwards(&m, inner), ["t.w", "t.x", "t.y"]);
    for op in [w, x, y] {
        assert_eq!(m.parent_op(op), Some(outer));
    }
    assert_eq!(names(&m, body), ["t.outer"]);
}

#[test]
fn detach_and_reinsert_elsewhere() {
    let mut m = Module::new();
    let body = m.body();
    let a = append(&mut m, body, "t.a");
    let b = append(&mut m, body, "t.b");
    let c = append(&mut m, body, "t.c");
    let (outer, inner) = holder(&mut m, body, "t.outer");

    // Middle op.
    m.detach(b);
    assert_eq!(names(&m, body), ["t.a", "t.c", "t.outer"]);
    assert_eq!(names_backwards(&m, body), ["t.a", "t.c", "t.outer"]);
    assert_eq!(m.op_block(b), None);
    assert_eq!((m.prev_op(b), m.next_op(b)), (None, None));
    assert!(!m.is_erased(b), "detached is not erased");
    m.detach(b); // detaching a detached op is a no-op
    m.append_op(inner, b);
    assert_eq!(m.parent_op(b), Some(outer));
    assert_eq!(names(&m, inner), ["t.b"]);

    // First and last ops: the block's first/last pointers follow.
    m.detach(a);
    assert_eq!(m.first_op(body), Some(c));
    m.detach(outer);
    assert_eq!(m.last_op(body), Some(c));
    assert_eq!(names(&m, body), ["t.c"]);

    // Re-insert both around `c`; the moved op keeps its region contents.
    m.insert_after(c, outer);
    m.insert_before(c, a);
    assert_eq!(names(&m, body), ["t.a", "t.c", "t.outer"]);
    assert_eq!(names_backwards(&m, body), ["t.a", "t.c", "t.outer"]);
    assert_eq!(names(&m, inner), ["t.b"]);

    // The last op of a block can be emptied out entirely.
    m.detach(b);
    assert_eq!((m.first_op(inner), m.last_op(inner)), (None, None));
    assert_eq!(names(&m, inner), Vec::<&str>::new());
}

#[test]
#[should_panic(expected = "is already in a block")]
fn inserting_an_attached_op_panics() {
    let mut m = Module::new();
    let body = m.body();
    let a = append(&mut m, body, "t.a");
    let b = append(&mut m, body, "t.b");
    m.insert_before(a, b);
}

#[test]
#[should_panic(expected = "was erased")]
fn reinserting_an_erased_op_panics() {
    let mut m = Module::new();
    let body = m.body();
    let a = append(&mut m, body, "t.a");
    m.erase_op(a);
    m.append_op(body, a);
}

#[test]
fn erase_op_unlinks_and_marks_nested_ops_erased() {
    let mut m = parse(
        r#"
"t.before"() : () -> ()
"t.victim"() ({
  "t.x"() ({
    "t.y"() : () -> ()
  }) : () -> ()
^bb1:
  "t.z"() : () -> ()
}, {
  "t.w"() : () -> ()
}) : () -> ()
"t.after"() : () -> ()
"#,
    );
    let victim = find(&m, "t.victim");
    let nested = m.nested_ops(victim);
    assert_eq!(op_names(&m, &nested), ["t.x", "t.y", "t.z", "t.w"]);
    let (before, after) = (find(&m, "t.before"), find(&m, "t.after"));

    m.erase_op(victim);

    assert!(m.is_erased(victim));
    for &o in &nested {
        assert!(m.is_erased(o), "{} not erased", m.op_name(o));
    }
    assert!(!m.is_erased(before) && !m.is_erased(after));
    assert_eq!(m.op_block(victim), None);
    assert_eq!(names(&m, m.body()), ["t.before", "t.after"]);
    assert_eq!(names_backwards(&m, m.body()), ["t.before", "t.after"]);
    assert_eq!(m.next_op(before), Some(after));
    assert_eq!(op_names(&m, &m.all_ops()), ["t.before", "t.after"]);
    let text = module_to_string(&m);
    assert!(
        !text.contains("t.victim") && !text.contains("t.y"),
        "{text}"
    );
    // Handles stay valid: the erased op can still be inspected.
    assert_eq!(m.op_name(victim).as_str(), "t.victim");
}

#[test]
fn splice_block_moves_every_op_and_keeps_block_args() {
    let mut m = Module::new();
    let i32t = m.int_type(32);
    let r = m.new_region();
    let from = m.append_block(r, &[i32t]);
    let to = m.append_block(r, &[]);
    let c = append(&mut m, to, "t.c");
    let a = append(&mut m, from, "t.a");
    let b = append(&mut m, from, "t.b");

    m.splice_block(from, to);

    assert_eq!(names(&m, to), ["t.c", "t.a", "t.b"]);
    assert_eq!(names_backwards(&m, to), ["t.c", "t.a", "t.b"]);
    assert_eq!(names(&m, from), Vec::<&str>::new());
    assert_eq!((m.first_op(from), m.last_op(from)), (None, None));
    for op in [a, b, c] {
        assert_eq!(m.op_block(op), Some(to));
    }
    assert_eq!(
        m.block_args(from).len(),
        1,
        "block arguments are not touched"
    );
    assert_eq!(m.block_args(to).len(), 0);

    // Splicing into a block that is empty, and from an empty block, both work.
    let empty = m.append_block(r, &[]);
    m.splice_block(to, empty);
    assert_eq!(names(&m, empty), ["t.c", "t.a", "t.b"]);
    m.splice_block(from, empty);
    assert_eq!(names(&m, empty), ["t.c", "t.a", "t.b"]);
}

#[test]
fn splice_block_into_itself_is_a_no_op() {
    // Run it on another thread so the hang shows as a failure instead of a stuck test binary.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut m = Module::new();
        let body = m.body();
        append(&mut m, body, "t.a");
        append(&mut m, body, "t.b");
        m.splice_block(body, body);
        let _ = tx.send(names(&m, body));
    });
    let got = rx
        .recv_timeout(std::time::Duration::from_secs(5))
        .expect("splice_block(b, b) did not return within 5 s");
    assert_eq!(got, ["t.a", "t.b"]);
}

// ---- values and uses ---------------------------------------------------------------------------

#[test]
fn replace_all_uses_reaches_nested_regions_but_not_erased_ops() {
    let mut m = parse(
        r#"
%old = "t.old"() : () -> i32
%new = "t.new"() : () -> i32
%other = "t.other"() : () -> i32
"t.top"(%old, %other, %old) : (i32, i32, i32) -> ()
"t.region"() ({
  "t.inner"() ({
    "t.deep"(%old) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
"t.dead"(%old) ({
  "t.dead_inner"(%old) : (i32) -> ()
}) : (i32) -> ()
"#,
    );
    let old = m.result(find(&m, "t.old"), 0);
    let new = m.result(find(&m, "t.new"), 0);
    let other = m.result(find(&m, "t.other"), 0);
    let (top, deep, dead) = (find(&m, "t.top"), find(&m, "t.deep"), find(&m, "t.dead"));
    let dead_inner = find(&m, "t.dead_inner");
    m.erase_op(dead);

    m.replace_all_uses(old, new);

    assert_eq!(m.operands(top), [new, other, new]);
    assert_eq!(m.operands(deep), [new]);
    assert_eq!(m.operands(dead), [old], "erased ops are left alone");
    assert_eq!(m.operands(dead_inner), [old], "so are ops nested in them");
    let text = module_to_string(&m);
    assert!(text.contains("\"t.top\"(%1, %2, %1)"), "{text}");
}

#[test]
fn set_operand_and_set_operands() {
    let mut m = Module::new();
    let body = m.body();
    let i32t = m.int_type(32);
    let p = make(&mut m, "t.p", &[], &[i32t], 0);
    let q = make(&mut m, "t.q", &[], &[i32t], 0);
    m.append_op(body, p);
    m.append_op(body, q);
    let (vp, vq) = (m.result(p, 0), m.result(q, 0));
    let user = make(&mut m, "t.use", &[vp, vp], &[], 0);
    m.append_op(body, user);

    m.set_operand(user, 1, vq);
    assert_eq!(m.operands(user), [vp, vq]);
    m.set_operands(user, &[vq, vq, vp]);
    assert_eq!(m.operands(user), [vq, vq, vp]);
    m.set_operands(user, &[]);
    assert!(m.operands(user).is_empty());
}

#[test]
fn results_are_contiguous_and_round_trip_through_value_def() {
    let mut m = Module::new();
    let body = m.body();
    let (i32t, f32t) = (m.int_type(32), m.float_type(tilec_ir::FloatKind::F32));
    let first = make(&mut m, "t.first", &[], &[i32t], 0);
    let op = make(&mut m, "t.three", &[], &[i32t, f32t, i32t], 0);
    let none = make(&mut m, "t.none", &[], &[], 0);
    m.append_op(body, first);
    m.append_op(body, op);
    m.append_op(body, none);

    let rs: Vec<Value> = m.results(op).collect();
    assert_eq!(rs.len(), 3);
    assert_eq!(m.num_results(op), 3);
    for (i, &v) in rs.iter().enumerate() {
        assert_eq!(v, m.result(op, i));
        assert_eq!(v.index(), rs[0].index() + i, "results are contiguous");
        assert_eq!(m.value_def(v), ValueDef::Result(op, i as u32));
        assert_eq!(m.defining_op(v), Some(op));
    }
    assert_eq!(
        rs.iter().map(|&v| m.value_type(v)).collect::<Vec<_>>(),
        [i32t, f32t, i32t]
    );
    assert_ne!(m.result(first, 0), rs[0]);
    assert_eq!(m.results(none).len(), 0);
    assert_eq!(m.num_results(none), 0);

    // Block arguments are values too, defined by their block.
    let r = m.new_region();
    let b = m.append_block(r, &[i32t, f32t]);
    let extra = m.add_block_arg(b, i32t, Loc::default());
    let args = m.block_args(b).to_vec();
    assert_eq!(args.len(), 3);
    assert_eq!(args[2], extra);
    for (i, &a) in args.iter().enumerate() {
        assert_eq!(m.value_def(a), ValueDef::Arg(b, i as u32));
        assert_eq!(m.defining_op(a), None);
    }
}

#[test]
#[should_panic(expected = "result index out of range")]
fn result_index_out_of_range_panics() {
    let mut m = Module::new();
    let op = bare(&mut m, "t.none");
    let _ = m.result(op, 0);
}

// ---- attributes, dictionaries, uniquing --------------------------------------------------------

#[test]
fn set_attr_adds_and_replaces_in_place_remove_attr_removes() {
    let mut m = Module::new();
    let body = m.body();
    let op = append(&mut m, body, "t.op");
    let i64t = m.int_type(64);
    let (ka, kb, kc) = (Sym::new("a"), Sym::new("b"), Sym::new("c"));
    let int = |value| AttrData::Int { value, ty: i64t };

    m.set_attr(op, ka, int(1));
    m.set_attr(op, kb, AttrData::Str("x".into()));
    m.set_attr(op, kc, AttrData::Bool(true));
    m.set_attr(op, ka, int(7)); // replaces, keeps `a` first
    let keys: Vec<Sym> = m.dict_entries(m.attrs(op)).iter().map(|e| e.0).collect();
    assert_eq!(keys, [ka, kb, kc]);
    assert_eq!(m.attr_as::<i64>(op, ka), Some(7));
    assert_eq!(m.attr_as::<String>(op, kb).as_deref(), Some("x"));
    assert_eq!(m.attr_as::<bool>(op, kc), Some(true));
    assert_eq!(m.attr_as::<i64>(op, kb), None, "wrong kind");
    assert_eq!(m.get_attr(op, Sym::new("missing")), None);
    let text = module_to_string(&m);
    assert!(
        text.contains(r#""t.op"() {a = 7 : i64, b = "x", c = true}"#),
        "{text}"
    );

    m.remove_attr(op, kb);
    let keys: Vec<Sym> = m.dict_entries(m.attrs(op)).iter().map(|e| e.0).collect();
    assert_eq!(keys, [ka, kc]);
    assert_eq!(m.get_attr(op, kb), None);

    let before = m.attrs(op);
    m.remove_attr(op, Sym::new("missing"));
    assert_eq!(
        m.attrs(op),
        before,
        "removing an absent key changes nothing"
    );

    m.remove_attr(op, ka);
    m.remove_attr(op, kc);
    assert_eq!(m.attrs(op), m.empty_dict());
}

#[test]
fn dicts_with_the_same_entries_are_one_handle() {
    let mut m = Module::new();
    let body = m.body();
    let (ka, kb) = (Sym::new("a"), Sym::new("b"));
    let (x, y, z) = (
        m.attr(AttrData::Bool(true)),
        m.attr(AttrData::Unit),
        m.attr(AttrData::Bool(false)),
    );

    let d1 = m.dict(&[(ka, x), (kb, y)]);
    let d2 = m.dict(&[(ka, x), (kb, y)]);
    assert_eq!(d1, d2);
    assert_eq!(m.dict(&[]), m.empty_dict());
    // Key order is part of a dictionary (it is the printed order).
    assert_ne!(m.dict(&[(kb, y), (ka, x)]), d1);
    // A later duplicate key replaces the earlier entry in place.
    assert_eq!(m.dict(&[(ka, z), (kb, y), (ka, x)]), d1);
    assert_ne!(m.dict(&[(ka, z), (kb, y)]), d1);

    // Two ops that reach the same entries by different edits share one dictionary.
    let p = append(&mut m, body, "t.p");
    let q = append(&mut m, body, "t.q");
    m.set_attr(p, ka, AttrData::Bool(true));
    m.set_attr(p, kb, AttrData::Unit);
    m.set_attr(q, ka, AttrData::Bool(false));
    m.set_attr(q, kb, AttrData::Unit);
    m.set_attr(q, ka, AttrData::Bool(true));
    assert_eq!(m.attrs(p), m.attrs(q));
    assert_eq!(m.attrs(p), d1);
}

#[test]
fn types_and_attrs_are_uniqued() {
    let mut m = Module::new();
    let i32a = m.int_type(32);
    let i32b = m.ty(TypeData::Int(32));
    assert_eq!(i32a, i32b);
    assert_ne!(i32a, m.int_type(16));
    assert_eq!(m.index_type(), m.ty(TypeData::Index));
    assert_ne!(m.index_type(), i32a);
    assert_eq!(m.type_data(i32a), &TypeData::Int(32));
    assert_eq!(
        parse_type(&mut m, "i32"),
        Ok(i32a),
        "parsing reuses the type"
    );

    let a1 = m.attr(AttrData::Int { value: 1, ty: i32a });
    let a2 = m.attr(AttrData::Int { value: 1, ty: i32b });
    assert_eq!(a1, a2);
    assert_ne!(a1, m.attr(AttrData::Int { value: 2, ty: i32a }));
    let i64t = m.int_type(64);
    assert_ne!(a1, m.attr(AttrData::Int { value: 1, ty: i64t }));
    assert_eq!(
        m.attr(AttrData::Str("s".into())),
        m.attr(AttrData::Str("s".into()))
    );
    assert_eq!(m.attr_data(a1), &AttrData::Int { value: 1, ty: i32a });
}

// ---- builder and views -------------------------------------------------------------------------

#[test]
fn builder_stamps_its_location_on_ops_and_results() {
    let mut m = Module::new();
    let body = m.body();
    let i32t = m.int_type(32);
    let here = Loc::new(FileId(1), 10, 20);
    let there = Loc::new(FileId(1), 30, 40);

    let (v, last) = {
        let mut b = Builder::at_end(&mut m, body, here);
        let v = b.value(
            Sym::new("t.def"),
            &[],
            i32t,
            &[(Sym::new("k"), AttrData::Unit)],
        );
        let last = b.op(Sym::new("t.last"), &[v], &[], &[]);
        (v, last)
    };
    let def = m.defining_op(v).expect("result");
    assert_eq!(m.op_loc(def), here);
    assert_eq!(m.op_loc(last), here);
    assert_eq!(m.value_loc(v), here);
    assert!(m.get_attr(def, Sym::new("k")).is_some());

    let mid = {
        let mut b = Builder::before(&mut m, last, there);
        b.op_with_regions(Sym::new("t.mid"), &[v], &[i32t], &[], 2)
    };
    assert_eq!(m.op_loc(mid), there);
    assert_eq!(m.value_loc(m.result(mid, 0)), there);
    assert_eq!(m.regions(mid).len(), 2);
    assert_eq!(names(&m, body), ["t.def", "t.mid", "t.last"]);
    // Ops created without a location have the unknown one.
    let plain = bare(&mut m, "t.plain");
    assert!(m.op_loc(plain).is_unknown());
}

op_view!(
    /// A view of `test.thing` ops.
    Thing,
    "test.thing"
);

#[test]
fn typed_views_cast_and_is() {
    let mut m = Module::new();
    let body = m.body();
    let thing = append(&mut m, body, "test.thing");
    let other = append(&mut m, body, "test.other");
    assert_eq!(Thing::NAME, "test.thing");
    assert_eq!(Thing::name_sym(), Sym::new("test.thing"));
    assert_eq!(Thing::cast(&m, thing), Some(Thing(thing)));
    assert_eq!(Thing::cast(&m, thing).map(|t| t.op()), Some(thing));
    assert!(Thing::is(&m, thing));
    assert_eq!(Thing::cast(&m, other), None);
    assert!(!Thing::is(&m, other));

    m.set_op_name(other, Sym::new("test.thing"));
    assert!(Thing::is(&m, other));
    m.set_op_name(thing, Sym::new("test.thingy"));
    assert!(!Thing::is(&m, thing));
}

// ---- regions -----------------------------------------------------------------------------------

#[test]
fn detached_regions_and_blocks_can_be_attached() {
    let mut m = Module::new();
    let body = m.body();
    let op = make(&mut m, "t.op", &[], &[], 1);
    m.append_op(body, op);
    let r: Region = m.new_region();
    assert_eq!(m.region_parent(r), None);
    let blk = m.new_block();
    assert_eq!(m.block_parent(blk), None);
    m.push_block(r, blk);
    let second = m.append_block(r, &[]);
    m.attach_regions(op, vec![r]);
    assert_eq!(m.regions(op).len(), 2);
    assert_eq!(m.regions(op)[1], r);
    assert_eq!(m.region_parent(r), Some(op));
    assert_eq!(m.region_blocks(r), [blk, second]);
    assert_eq!(m.entry_block(r), Some(blk));
    assert_eq!(m.block_parent(blk), Some(r));
    let inner = append(&mut m, second, "t.inner");
    assert_eq!(m.parent_op(inner), Some(op));
    assert_eq!(m.nested_ops(op), [inner]);
    assert_eq!(
        m.block_parent(body),
        None,
        "the module body is in no region"
    );
}

#[test]
#[should_panic(expected = "already has an owner")]
fn attaching_an_owned_region_panics() {
    let mut m = Module::new();
    let a = make(&mut m, "t.a", &[], &[], 1);
    let b = bare(&mut m, "t.b");
    let r = m.regions(a)[0];
    m.attach_regions(b, vec![r]);
}

// ---- walks -------------------------------------------------------------------------------------

const NESTED: &str = r#"
"t.a"() ({
  "t.b"() : () -> ()
  "t.c"() ({
    "t.d"() : () -> ()
  }, {
    "t.e"() : () -> ()
  ^bb1:
    "t.f"() : () -> ()
  }) : () -> ()
  "t.g"() : () -> ()
}) : () -> ()
"t.h"() : () -> ()
"#;

/// Walks the module, returning the visited names; `ctl` decides what to do at each op.
fn walk_names(m: &Module, ctl: impl Fn(&str) -> WalkControl) -> (Vec<&'static str>, bool) {
    let mut seen = Vec::new();
    let done = m.walk_block(m.body(), &mut |op| {
        let n = m.op_name(op).as_str();
        seen.push(n);
        ctl(n)
    });
    (seen, done)
}

#[test]
fn walk_is_pre_order_over_nested_regions_and_blocks() {
    let m = parse(NESTED);
    let (seen, done) = walk_names(&m, |_| WalkControl::Continue);
    let want = ["t.a", "t.b", "t.c", "t.d", "t.e", "t.f", "t.g", "t.h"];
    assert_eq!(seen, want);
    assert!(done);
    assert_eq!(op_names(&m, &m.all_ops()), want);
    let mut via_walk = Vec::new();
    m.walk(&mut |o| {
        via_walk.push(o);
        WalkControl::Continue
    });
    assert_eq!(via_walk, m.all_ops());
    assert_eq!(op_names(&m, &m.top_ops()), ["t.a", "t.h"]);
    assert_eq!(
        op_names(&m, &m.nested_ops(find(&m, "t.c"))),
        ["t.d", "t.e", "t.f"]
    );
    assert_eq!(
        op_names(&m, &m.nested_ops(find(&m, "t.a"))),
        ["t.b", "t.c", "t.d", "t.e", "t.f", "t.g"]
    );
    assert!(m.nested_ops(find(&m, "t.h")).is_empty());
}

#[test]
fn walk_skip_does_not_descend_and_stop_stops() {
    let m = parse(NESTED);
    let skip_c = |n: &str| {
        if n == "t.c" {
            WalkControl::Skip
        } else {
            WalkControl::Continue
        }
    };
    let (seen, done) = walk_names(&m, skip_c);
    assert_eq!(seen, ["t.a", "t.b", "t.c", "t.g", "t.h"]);
    assert!(done);

    let (seen, done) = walk_names(&m, |n| {
        if n == "t.a" {
            WalkControl::Skip
        } else {
            WalkControl::Continue
        }
    });
    assert_eq!(seen, ["t.a", "t.h"]);
    assert!(done);

    let (seen, done) = walk_names(&m, |n| {
        if n == "t.d" {
            WalkControl::Stop
        } else {
            WalkControl::Continue
        }
    });
    assert_eq!(seen, ["t.a", "t.b", "t.c", "t.d"]);
    assert!(!done, "a stopped walk returns false");

    // Walking one nested block only visits that block's ops.
    let c = find(&m, "t.c");
    let second = m.region_blocks(m.regions(c)[1])[1];
    let mut inner = Vec::new();
    m.walk_block(second, &mut |o| {
        inner.push(m.op_name(o).as_str());
        WalkControl::Continue
    });
    assert_eq!(inner, ["t.f"]);
}

#[test]
fn walking_a_100k_deep_region_chain_does_not_overflow() {
    const DEPTH: usize = 100_000;
    let mut m = Module::new();
    let mut block = m.body();
    let mut first = None;
    for _ in 0..DEPTH {
        let (op, inner) = holder(&mut m, block, "t.nest");
        first.get_or_insert(op);
        block = inner;
    }
    let leaf = append(&mut m, block, "t.leaf");
    let first = first.expect("at least one op");

    let mut count = 0usize;
    let mut last = None;
    m.walk(&mut |o| {
        count += 1;
        last = Some(o);
        WalkControl::Continue
    });
    assert_eq!(count, DEPTH + 1);
    assert_eq!(last, Some(leaf), "pre-order ends at the innermost op");
    assert_eq!(m.all_ops().len(), DEPTH + 1);
    assert_eq!(m.nested_ops(first).len(), DEPTH);

    // Stop deep inside.
    let mut n = 0usize;
    let done = m.walk_block(m.body(), &mut |_| {
        n += 1;
        if n == DEPTH / 2 {
            WalkControl::Stop
        } else {
            WalkControl::Continue
        }
    });
    assert!(!done);
    assert_eq!(n, DEPTH / 2);

    // Erasing the outermost op marks the whole chain erased (also without recursion).
    m.erase_op(first);
    assert!(m.is_erased(leaf));
    assert!(m.all_ops().is_empty());
}

// ---- deep copies -------------------------------------------------------------------------------

#[test]
fn clone_op_copies_regions_and_rewires_uses_inside_the_copy() {
    let mut m = parse(
        r#""t.outer"() ({
  %x = "t.def"() : () -> i32
  "t.loop"(%x) ({
  ^bb0(%i: i32):
    %y = "t.add"(%i, %x) : (i32, i32) -> i32
    "t.use"(%y) : (i32) -> ()
  }) : (i32) -> ()
}) : () -> ()
"#,
    );
    let lp = find(&m, "t.loop");
    let x = m.operands(lp)[0];
    let mut map = rustc_hash::FxHashMap::default();
    let copy = m.clone_op(lp, &mut map);
    // Detached, with the same name, operands from outside kept as they are.
    assert!(m.op_block(copy).is_none());
    assert_eq!(m.op_name(copy), m.op_name(lp));
    assert_eq!(m.operands(copy), &[x]);
    // Its own block and argument, and its own nested ops using them.
    let body = |op: Op, m: &Module| m.entry_block(m.regions(op)[0]).unwrap();
    let (b0, b1) = (body(lp, &m), body(copy, &m));
    assert_ne!(b0, b1);
    let (i0, i1) = (m.block_args(b0)[0], m.block_args(b1)[0]);
    assert_ne!(i0, i1);
    assert_eq!(map[&i0], i1);
    let add1 = m.block_ops(b1).next().unwrap();
    assert_eq!(m.operands(add1), &[i1, x]);
    let use1 = m.block_ops(b1).nth(1).unwrap();
    assert_eq!(m.operands(use1), &[m.result(add1, 0)]);
    // The original is untouched.
    let add0 = m.block_ops(b0).next().unwrap();
    assert_eq!(m.operands(add0), &[i0, x]);
    assert_eq!(map[&m.result(add0, 0)], m.result(add1, 0));
}
