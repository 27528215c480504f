//! tilec-dialects: the dialects of tilec and their shared pieces.
//!
//! - [`mem`]: the memory-model attributes and the (semantic, scope) legality table;
//! - [`cuda_tile`], [`nv_tileaa`], [`nv_tileas`], [`ptx`]: their ops, each declared once
//!   (`opdef::ops!` generates the [`opdef::OpDef`] row, the typed view with getters and
//!   setters, and the dialect's `OpKind`);
//! - [`narrow_floats`]: NVIDIA's rules for tf32 and the fp8/fp4 element types;
//! - [`target`]: SM targets and PTX ISA versions;
//! - [`syntax`]: the custom syntaxes (cuda_tile's) for the parser and printer;
//! - [`registry`]: the [`tilec_ir::verify::Registry`] holding all four dialects.

// pest_derive without its `std` feature (as the workspace uses it) refers to `::alloc`; the
// cuda_tile custom syntax derives its token grammar with it.
extern crate alloc;

pub mod common;
pub mod conversions;
pub mod cuda_tile;
pub mod globals;
pub mod layout_ops;
pub mod mem;
pub mod narrow_floats;
pub mod nv_tileaa;
pub mod nv_tileas;
pub mod opdef;
pub mod ptx;
pub mod syntax;
pub mod target;
pub mod tensor_maps;
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

/// The four dialects of tilec, from the tile level down to PTX.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dialect {
    /// `cuda_tile`: tile-collective ops, the frontend.
    CudaTile,
    /// `nv_tileaa`: tiles with resolved pointer spaces.
    NvTileaa,
    /// `nv_tileas`: the SIMT view with explicit synchronization.
    NvTileas,
    /// `ptx`: one op per PTX instruction form.
    Ptx,
}

impl Dialect {
    /// Every dialect, from the tile level down.
    pub const ALL: [Dialect; 4] = [
        Dialect::CudaTile,
        Dialect::NvTileaa,
        Dialect::NvTileas,
        Dialect::Ptx,
    ];
    /// The dialect's name, the prefix of its op names.
    pub fn as_str(self) -> &'static str {
        match self {
            Dialect::CudaTile => "cuda_tile",
            Dialect::NvTileaa => "nv_tileaa",
            Dialect::NvTileas => "nv_tileas",
            Dialect::Ptx => "ptx",
        }
    }
    /// The dialect of op name `name` (`nv_tileas.ld` → nv_tileas), if it is one of tilec's.
    pub fn of_op(name: &str) -> Option<Dialect> {
        let (prefix, _) = name.split_once('.')?;
        Dialect::ALL.into_iter().find(|d| d.as_str() == prefix)
    }
    /// A dialect of tile ops (cuda_tile, nv_tileaa), which the lowering turns into SIMT code
    /// with the synchronization the tile program's tokens and pairs ask for.
    pub fn is_tile(self) -> bool {
        matches!(self, Dialect::CudaTile | Dialect::NvTileaa)
    }
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

#[cfg(test)]
mod tests {
    use super::{registry, Dialect};
    use crate::opdef::is_kernel;
    use tilec_ir::text::parse_module;
    use tilec_ir::Sym;

    /// The kernel op of each dialect, and nothing else, is isolated from above: the trait is
    /// what the verifier's outer-value check and `opdef::is_kernel` read.
    #[test]
    fn the_kernels_are_the_isolated_ops() {
        let reg = registry();
        let mut isolated = Vec::new();
        for d in Dialect::ALL {
            for name in reg.ops_of(d.as_str()) {
                let info = reg.op(Sym::new(name)).expect("registered");
                if info.traits.isolated_from_above {
                    isolated.push(name);
                }
            }
        }
        assert_eq!(
            isolated,
            [
                "cuda_tile.entry",
                "nv_tileaa.kernel",
                "nv_tileas.kernel",
                "ptx.kernel"
            ]
        );
        let m = parse_module(
            "\"t.kernel\"() : () -> ()\n\"nv_tileas.kernel\"() ({\n}) : () -> ()\n",
            Default::default(),
        )
        .expect("parses");
        let kernels: Vec<bool> = m.top_ops().iter().map(|&o| is_kernel(&m, o)).collect();
        assert_eq!(kernels, [false, true], "by the trait, not the name");
        assert_eq!(Dialect::of_op("nv_tileas.ld"), Some(Dialect::NvTileas));
        assert_eq!(Dialect::of_op("nv_tileasx.ld"), None);
    }
}
