//! Every form the PTX printer can emit has a row: every legal attribute combination of every
//! ptx sync op is printed and each printed instruction line is classified.

use crate::cost::{classify, line_opcode};
use crate::print::ptx::print_ptx;
use crate::{verify_after_pass, Cx};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Display;
use tilec_dialects::opdef::AttrKind;
use tilec_dialects::target::Target;
use tilec_ir::{MemScope, MemSemantic, RmwKind, Space, Sym};

/// Operand shapes (operands, their types, result type) of the ptx ops whose forms are
/// enumerated: `%g` an i64 address, `%s` an i32 (shared address, count, value), `%pr` an i1.
fn shapes(short: &str) -> &'static [(&'static str, &'static str, &'static str)] {
    const NONE: &[(&str, &str, &str)] = &[("", "", "()")];
    const S: &[(&str, &str, &str)] = &[("%s", "i32", "()")];
    const SS: &[(&str, &str, &str)] = &[("%s, %s", "i32, i32", "()")];
    match short {
        "ld" => &[("%g", "i64", "i32")],
        "st" | "red" => &[("%g, %s", "i64, i32", "()")],
        "atom" => &[
            ("%g, %s", "i64, i32", "i32"),
            ("%g, %s, %s", "i64, i32, i32", "i32"),
        ],
        "mbarrier_init" | "tcgen05_st" => SS,
        "mbarrier_inval"
        | "mbarrier_expect_tx"
        | "mbarrier_complete_tx"
        | "tcgen05_alloc"
        | "tcgen05_dealloc"
        | "tcgen05_commit" => S,
        "mbarrier_arrive" | "mbarrier_arrive_drop" => {
            &[("%s", "i32", "()"), ("%s, %s", "i32, i32", "()")]
        }
        "mbarrier_try_wait" | "mbarrier_test_wait" => &[("%s, %s", "i32, i32", "i1")],
        "mapa" => &[("%s, %s", "i32, i32", "i32")],
        "st_async" | "red_async" => &[("%s, %s, %s", "i32, i32, i32", "()")],
        "cp_async_bulk_g2s" => &[("%s, %g, %s", "i32, i64, i32", "()")],
        "cp_async_bulk_s2g" => &[("%g, %s", "i64, i32", "()")],
        "cp_async_bulk_tensor" => &[
            ("%s, %g, %s, %s", "i32, i64, i32, i32", "()"),
            (
                "%s, %g, %s, %s, %s, %s, %s, %s",
                "i32, i64, i32, i32, i32, i32, i32, i32",
                "()",
            ),
        ],
        "tcgen05_ld" => &[("%s", "i32", "i32")],
        "tcgen05_mma" => &[("%s, %g, %g, %s, %pr", "i32, i64, i64, i32, i1", "()")],
        _ => NONE,
    }
}

/// The ptx ops that are not sync forms (kernel structure, registers, arithmetic, branches):
/// printed by the prelude or never a sync instruction.
#[rustfmt::skip]
const NOT_SYNC: &[&str] = &[
    "kernel", "global", "get_global", "ld_param", "cvta_global", "mov_sreg", "mov_imm", "shared_decl", "shared_addr",
    "cvt", "mad_wide", "binary", "math", "conv", "shfl_bfly", "mma_sync", "wgmma_mma_async", "cp_async", "cp_async_commit", "cp_async_wait", "cp_async_wait_all", "setp", "bra", "label", "ret", "reg", "mov",
];

/// `#mem.<mnemonic><x>` for each of `xs`.
fn spelled<T: Display>(mnemonic: &str, xs: &[T]) -> Vec<Option<String>> {
    xs.iter()
        .map(|x| Some(format!("#mem.{mnemonic}<{x}>")))
        .collect()
}

/// The values an attribute takes in the enumeration (None: absent).
fn choices(key: &str, kind: AttrKind, required: bool) -> Vec<Option<String>> {
    let mut v = match kind {
        AttrKind::Sem => spelled("sem", MemSemantic::ALL),
        AttrKind::Scope => spelled("scope", MemScope::ALL),
        AttrKind::Space => spelled("space", Space::ALL),
        AttrKind::Rmw => spelled("rmw", &[RmwKind::Add, RmwKind::Exch]),
        AttrKind::Any => vec![Some(String::new())], // a unit attribute: `{aligned}`
        AttrKind::Str if key == "kind" => vec![Some("\"f16\"".into())],
        AttrKind::Str if key == "format" => vec![Some("\"%d\\n\"".into())],
        AttrKind::Str if key == "message" => vec![Some("\"failed\"".into())],
        AttrKind::Int => {
            let n = match key {
                "tx_bytes" => 64,
                "bytes" => 16,
                "columns" => 32,
                "pending" => 0,
                "id" => 1,
                "count" => 64,
                _ => panic!("no test value for integer attribute '{key}'"),
            };
            vec![Some(format!("{n} : i64"))]
        }
        _ => panic!("no test values for attribute '{key}' ({kind:?})"),
    };
    if !required {
        v.insert(0, None);
    }
    v
}

/// Every attribute dictionary of `short`'s definition, as `{k = v, …}` text.
fn attr_dicts(short: &str) -> Vec<String> {
    let def = tilec_dialects::op_def(Sym::new(&format!("ptx.{short}"))).expect("registered");
    let mut dicts = vec![Vec::<String>::new()];
    for a in def.attrs {
        let mut next = Vec::new();
        for d in &dicts {
            for c in choices(a.key, a.kind, a.required) {
                let mut d = d.clone();
                match c {
                    None => {}
                    Some(v) if v.is_empty() => d.push(a.key.to_string()),
                    Some(v) => d.push(format!("{} = {v}", a.key)),
                }
                next.push(d);
            }
        }
        dicts = next;
    }
    dicts
        .into_iter()
        .map(|d| {
            if d.is_empty() {
                String::new()
            } else {
                format!(" {{{}}}", d.join(", "))
            }
        })
        .collect()
}

/// The instruction lines a test predicate calls sync-relevant, independently of the table.
fn sync_relevant(op: &str) -> bool {
    #[rustfmt::skip]
    const FAMILIES: &[&str] = &[
        "fence", "membar", "mbarrier.", "barrier.", "bar.", "cp.async.bulk", "tcgen05.", "wgmma.",
        "st.async", "red.async", "griddepcontrol.",
    ];
    const STRONG: &[&str] = &[
        "relaxed", "acquire", "release", "acq_rel", "sc", "volatile", "mmio",
    ];
    let mut parts = op.split('.');
    match parts.next() {
        _ if FAMILIES.iter().any(|f| op.starts_with(f)) => true,
        Some("atom" | "red") => true,
        Some("ld" | "st") => parts.any(|m| STRONG.contains(&m)),
        _ => false,
    }
}

/// Every legal attribute combination of every ptx sync op, printed for sm_90a and sm_100a:
/// each printed instruction the predicate calls sync-relevant has a row, and no other has.
#[test]
fn every_printed_sync_form_is_classified() {
    let ops = tilec_dialects::registry().ops_of("ptx");
    let mut printed: BTreeMap<&str, usize> = BTreeMap::new();
    let mut forms = BTreeSet::new();
    let mut bad = BTreeSet::new();
    for name in &ops {
        let short = name.strip_prefix("ptx.").expect("ptx op");
        if NOT_SYNC.contains(&short) {
            continue;
        }
        printed.insert(short, 0);
        for target in ["sm_90a", "sm_100a"] {
            let t = Target::parse(target).expect("target");
            for (args, tys, rty) in shapes(short) {
                for attrs in attr_dicts(short) {
                    let res = if *rty == "()" { "" } else { "%r = " };
                    let src = format!(
                        "\"ptx.kernel\"() ({{\n  %g = \"ptx.ld_param\"() {{index = 0 : i32}} : () -> i64\n  \
                         %s = \"ptx.mov_imm\"() {{value = 1 : i32}} : () -> i32\n  \
                         %pr = \"ptx.setp\"(%s, %s) {{cmp = \"eq\"}} : (i32, i32) -> i1\n  \
                         {res}\"ptx.{short}\"({args}){attrs} : ({tys}) -> {rty}\n  \"ptx.ret\"() : () -> ()\n\
                         }}) {{sym_name = \"k\", param_types = [i64]}} : () -> ()"
                    );
                    let m = tilec_ir::text::parse_module(&src, Default::default())
                        .unwrap_or_else(|e| panic!("{src}\ndoes not parse: {}", e.message));
                    let cx = Cx::new(t);
                    if verify_after_pass(&m, &cx).has_errors() {
                        continue; // an illegal combination: the printer never sees it
                    }
                    let verified = cx.verified(&m).expect("it verified");
                    let Ok(text) = print_ptx(&m, &verified, &t) else {
                        continue;
                    };
                    *printed.get_mut(short).expect("inserted") += 1;
                    for op in text.lines().filter_map(line_opcode) {
                        let relevant = sync_relevant(op);
                        if relevant {
                            forms.insert(op.to_string());
                        }
                        if relevant != classify(op).is_some() {
                            bad.insert(format!(
                                "{op} (sync-relevant: {relevant}, row: {:?})",
                                classify(op)
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "misclassified printed forms:\n{}",
        bad.into_iter().collect::<Vec<_>>().join("\n")
    );
    let none: Vec<_> = printed
        .iter()
        .filter(|(_, n)| **n == 0)
        .map(|(s, _)| *s)
        .collect();
    assert!(none.is_empty(), "no legal combination printed for {none:?}");
    // The enumeration reaches the forms weakest-fence trades between.
    for f in [
        "fence.release.sync_restrict::shared::cta.cluster",
        "fence.acquire.sync_restrict::shared::cluster.cluster",
        "fence.sc.gpu",
        "fence.acquire.cluster",
        "fence.proxy.async.shared::cta",
        "fence.mbarrier_init.release.cluster",
        "mbarrier.arrive.release.cluster.shared::cluster.b64",
        "mbarrier.try_wait.parity.acquire.cluster.shared.b64",
        "barrier.cluster.arrive.relaxed.aligned",
        "cp.async.bulk.wait_group.read",
        "tcgen05.wait::st.sync.aligned",
        "atom.acq_rel.gpu.global.add.u32",
        "st.release.gpu.global.u32",
        "ld.acquire.cluster.shared::cluster.u32",
        "red.release.cta.shared.add.u32",
    ] {
        assert!(
            forms.contains(f),
            "'{f}' was never printed; printed:\n{forms:#?}"
        );
    }
}
