//! tilec-dialects: the dialects of tilec and their shared pieces.
//!
//! - [`mem`]: the memory-model attributes and the (semantic, scope) legality table;
//! - [`cuda_tile`], [`nv_tileaa`], [`nv_tileas`], [`ptx`]: their ops, each declared once
//!   (`opdef::ops!` generates the [`opdef::OpDef`] row, the typed view with getters and
//!   setters, and the dialect's `OpKind`);
//! - [`target`]: SM targets and PTX ISA versions;
//! - [`syntax`]: the custom syntaxes (cuda_tile's) for the parser and printer;
//! - [`registry`]: the [`tilec_ir::verify::Registry`] holding all four dialects.

// pest_derive without its `std` feature (as the workspace uses it) refers to `::alloc`; the
// cuda_tile custom syntax derives its token grammar with it.
extern crate alloc;

pub mod common;
pub mod cuda_tile;
pub mod mem;
pub mod nv_tileaa;
pub mod nv_tileas;
pub mod opdef;
pub mod ptx;
pub mod syntax;
pub mod target;
pub mod types;

use opdef::OpDef;
use rustc_hash::FxHashMap;
use std::sync::OnceLock;
use tilec_ir::verify::Registry;
use tilec_ir::Sym;

struct Tables {
    registry: Registry,
    defs: FxHashMap<Sym, (OpDef, Box<[Sym]>)>,
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut registry = Registry::new();
        let mut defs = FxHashMap::default();
        for (dialect, ops) in [
            ("cuda_tile", cuda_tile::ops()),
            ("nv_tileaa", nv_tileaa::ops()),
            ("nv_tileas", nv_tileas::ops()),
            ("ptx", ptx::ops()),
        ] {
            let infos: Vec<_> = ops.iter().map(|d| d.info()).collect();
            registry.register_dialect(dialect, &infos);
            for d in ops {
                let keys = d.attrs.iter().map(|a| Sym::new(a.key)).collect();
                defs.insert(Sym::new(d.name), (d, keys));
            }
        }
        Tables { registry, defs }
    })
}

/// The registry of all tilec dialects.
pub fn registry() -> &'static Registry {
    &tables().registry
}

/// The table entry of op `name`.
pub fn op_def(name: Sym) -> Option<&'static OpDef> {
    tables().defs.get(&name).map(|(d, _)| d)
}

/// The table entry of op `name` and the symbols of its attribute keys (in the order of
/// `attrs`), interned once: the verifier looks them up on every op it checks.
pub(crate) fn op_def_keys(name: Sym) -> Option<(&'static OpDef, &'static [Sym])> {
    tables().defs.get(&name).map(|(d, k)| (d, &k[..]))
}
