//! The derivation of `weakest-fence` against the checker, over the whole corpus: at every site
//! of every nv_tileas kernel, before and after the pass, every rewrite that changes only forms
//! is judged by the handoff graph (`Graph::probe`) and by `verify-races`; the graph must never
//! accept what the checker rejects (that would be a race the pass emits), and should reject
//! little that the checker accepts (rewrites the derivation misses).

use std::path::PathBuf;
use tilec::{compile, Emit, Options};
use tilec_ir::text::parse_module;
use tilec_tools::corpus::cases;

#[test]
fn the_graph_never_accepts_what_the_checker_rejects() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let (mut kernels, mut judged, mut stricter) = (0, 0, 0);
    let mut unsound = Vec::new();
    for c in cases(&root) {
        let (name, text, target) = (&c.name, &c.text, c.target);
        for weakest_fence in [false, true] {
            let opts = Options {
                target,
                emit: Emit::NvTileas,
                weakest_fence,
                ..Options::default()
            };
            let Ok(out) = compile(text, name, &opts) else {
                continue;
            };
            let mut m = parse_module(&out.text, Default::default())
                .unwrap_or_else(|e| panic!("{name}: {}", e.message));
            for k in m.top_ops() {
                if m.op_name(k).as_str() != "nv_tileas.kernel" {
                    continue;
                }
                let a = tilec_passes::weakest_fence::audit(&mut m, k, &target);
                kernels += 1;
                judged += a.judged;
                stricter += a.stricter;
                unsound.extend(a.unsound.into_iter().map(|u| format!("{name}: {u}")));
                unsound.extend(
                    a.misfiled
                        .into_iter()
                        .map(|u| format!("{name}: structural but not filed so: {u}")),
                );
            }
        }
    }
    eprintln!("{kernels} kernels, {judged} form-only rewrites judged, {stricter} accepted by the checker only");
    assert!(kernels > 200, "only {kernels} kernels");
    assert!(judged > 1000, "only {judged} rewrites judged");
    assert!(unsound.is_empty(), "{}", unsound.join("\n"));
}
