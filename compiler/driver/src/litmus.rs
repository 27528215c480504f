//! `--emit litmus`: the handoff skeletons of every nv_tileas kernel as PTX litmus tests, one per
//! handoff verify-races checks or reports ([`tilec_passes::verify::races::skeleton`]), named
//! after the kernel and the ops, each with a header naming the source locations of its ops.

use tilec_ir::{Loc, Module, OpView, SourceMap};
use tilec_passes::verify::races::skeleton::{skeletons, Skeleton};

/// The tests of a module.
#[derive(Clone, Debug, Default)]
pub struct Tests {
    /// `(file name, litmus text)`, in kernel and handoff order; names are unique.
    pub files: Vec<(String, String)>,
    /// One line per handoff left out: its name and the ops with no litmus form.
    pub skipped: Vec<String>,
}

impl Tests {
    /// Every test, separated by a blank line (what `--emit litmus` prints).
    pub fn joined(&self) -> String {
        let texts: Vec<&str> = self.files.iter().map(|f| f.1.as_str()).collect();
        texts.join("\n")
    }
}

/// `file:line:col` of `loc`, or `?` where it is unknown.
pub fn render_loc(sources: &SourceMap, loc: Loc) -> String {
    if loc.is_unknown() {
        return "?".into();
    }
    let (line, col) = sources.line_col(loc.file, loc.start);
    format!("{}:{line}:{col}", sources.name(loc.file))
}

/// The skeletons of every nv_tileas kernel of `m`.
pub fn all_skeletons(m: &Module) -> Vec<Skeleton> {
    let mut out = Vec::new();
    for k in m.top_ops() {
        if tilec_dialects::nv_tileas::views::Kernel::is(m, k) {
            out.extend(skeletons(m, k));
        }
    }
    out
}

/// The tests of every nv_tileas kernel of `m` (locations rendered through `sources`).
pub fn tests(m: &Module, sources: &SourceMap) -> Tests {
    let mut t = Tests::default();
    let mut names = std::collections::HashSet::new();
    for s in all_skeletons(m) {
        if !s.unsupported.is_empty() {
            t.skipped.push(format!(
                "{}: no litmus form for {}",
                s.name,
                s.unsupported.join(", ")
            ));
            continue;
        }
        let mut name = s.name.clone();
        let mut n = 1;
        while !names.insert(name.clone()) {
            n += 1;
            name = format!("{}_{n}", s.name);
        }
        let text = s.text(m, &|l| render_loc(sources, l));
        let text = text.replacen(&format!("PTX {}\n", s.name), &format!("PTX {name}\n"), 1);
        t.files.push((format!("{name}.litmus"), text));
    }
    t
}
