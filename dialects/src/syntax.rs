//! The custom syntaxes of tilec's dialects, for the parser and the printer
//! (`tilec_ir::text::parse_module_with`, `module_to_string_with`). Only cuda_tile has one; every
//! other dialect is written in the generic form.

use std::sync::OnceLock;
use tilec_ir::text::custom::Syntaxes;

/// The custom syntaxes of all tilec dialects.
pub fn syntaxes() -> &'static Syntaxes {
    static S: OnceLock<Syntaxes> = OnceLock::new();
    S.get_or_init(|| Syntaxes::new(vec![&crate::cuda_tile::syntax::CUDA_TILE_SYNTAX]))
}
