//! The cuda_tile custom syntax (docs/cuda-tile-syntax.md): NVIDIA's published assembly format of
//! the cuda_tile dialect, for `cuda_tile.module`, `cuda_tile.entry` and every op of the catalog
//! (`ops.rs`), plugged into the core parser and printer through
//! [`tilec_ir::text::custom::CustomSyntax`].
//!
//! ```text
//! cuda_tile.module @handoff {
//!   entry @producer(%flag: tile<ptr<i32>>) {
//!     %one = constant <i32: 1> : tile<i32>
//!     %old, %t = atomic_rmw_tko release device %flag, add, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
//!     return
//!   }
//! }
//! ```
//!
//! The custom form produces exactly the IR of the generic form (same op names, attribute keys and
//! kinds, types), and the printer writes the custom form of every op whose IR it can express,
//! falling back to the generic form op by op otherwise, so print∘parse is a fixpoint.
//!
//! - `tokens`: the pest grammar (`cuda_tile.pest`) of the short types and of constant literals;
//! - [`types`]: `tile<…>`, `ptr<…>`, `token` in and out;
//! - [`keywords`]: the keyword tables (ordering, scope, rmw mode, comparison predicates);
//! - `parse` / `print`: helpers shared by the op families;
//! - `memory`, `control`, `compute`, `constant`, [`views`]: the op families.

mod compute;
mod constant;
mod control;
mod convert;
mod globals;
pub mod keywords;
mod layout;
mod math;
mod memory;
mod parse;
mod print;
mod reduce;
mod tokens;
pub mod types;
pub mod views;

use crate::cuda_tile::tensor_views::ViewKind;
pub(crate) use parse::closed_list;
use tilec_ir::text::custom::{CustomParser, CustomPrinter, CustomSyntax};
use tilec_ir::{Diagnostic, Op};

/// The cuda_tile dialect's custom syntax.
pub struct CudaTileSyntax;

/// The one instance (a [`CustomSyntax`] is registered by `&'static` reference).
pub static CUDA_TILE_SYNTAX: CudaTileSyntax = CudaTileSyntax;

impl CustomSyntax for CudaTileSyntax {
    fn dialect(&self) -> &'static str {
        "cuda_tile"
    }

    /// `entry` and `global` at the top level, without `cuda_tile.module` around them, as
    /// `tileirdisasm` prints a module (the kernel is compiled as if the module were there).
    fn top_level(&self, keyword: &str) -> bool {
        matches!(keyword, "entry" | "global")
    }

    fn parse_op(&self, p: &mut CustomParser<'_, '_>, kw: &str) -> Result<Op, Box<Diagnostic>> {
        match kw {
            "module" => control::parse_module(p),
            "entry" => control::parse_entry(p),
            "testing$func" => control::parse_testing_func(p),
            "if" => control::parse_if(p),
            "for" => control::parse_for(p),
            "loop" => control::parse_loop(p),
            "yield" | "break" | "continue" | "return" => control::parse_terminator(p, kw),
            "load_ptr_tko" => memory::parse_load(p),
            "store_ptr_tko" => memory::parse_store(p),
            "atomic_rmw_tko" => memory::parse_rmw(p),
            "atomic_cas_tko" => memory::parse_cas(p),
            "fence_tko" => memory::parse_fence(p),
            "make_token" => memory::parse_make_token(p),
            "join_tokens" => memory::parse_join_tokens(p),
            "constant" => constant::parse_constant(p),
            "make_tensor_view" => views::parse_make_tensor_view(p),
            "make_partition_view" => {
                views::parse_make_partition_view(p, "make_partition_view", ViewKind::Partition)
            }
            "make_strided_view" => {
                views::parse_make_partition_view(p, "make_strided_view", ViewKind::Strided)
            }
            "make_gather_scatter_view" => views::parse_make_partition_view(
                p,
                "make_gather_scatter_view",
                ViewKind::GatherScatter,
            ),
            "load_view_tko" => views::parse_load_view(p),
            "store_view_tko" => views::parse_store_view(p),
            "atomic_red_view_tko" => views::parse_atomic_red_view(p),
            "get_index_space_shape" | "get_tensor_shape" => views::parse_shape_query(p, kw),
            "reduce" | "scan" => reduce::parse_reduce(p, kw),
            _ => compute::parse(p, kw),
        }
    }

    fn print_op(&self, p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
        let m = p.module();
        let name = m.op_name(op).as_str();
        let Some(short) = name.strip_prefix("cuda_tile.") else {
            return false;
        };
        // The custom forms have no successors and a fixed number of regions; anything else is
        // written in the generic form.
        let regions = match short {
            "module" | "entry" | "for" | "loop" | "reduce" | "scan" | "testing$func" => 1,
            "if" => 2,
            _ => 0,
        };
        if !m.successors(op).is_empty() || m.regions(op).len() != regions {
            return false;
        }
        match short {
            "module" => control::print_module(p, op),
            "entry" => control::print_entry(p, op),
            "testing$func" => control::print_testing_func(p, op),
            "if" => control::print_if(p, op),
            "for" => control::print_for(p, op),
            "loop" => control::print_loop(p, op),
            "yield" | "break" | "continue" | "return" => control::print_terminator(p, op, short),
            "load_ptr_tko" => memory::print_load(p, op),
            "store_ptr_tko" => memory::print_store(p, op),
            "atomic_rmw_tko" => memory::print_rmw(p, op),
            "atomic_cas_tko" => memory::print_cas(p, op),
            "fence_tko" => memory::print_fence(p, op),
            "make_token" => memory::print_make_token(p, op),
            "join_tokens" => memory::print_join_tokens(p, op),
            "constant" => constant::print_constant(p, op),
            "make_tensor_view" => views::print_make_tensor_view(p, op),
            "make_partition_view" => views::print_make_partition_view(p, op, "make_partition_view"),
            "make_strided_view" => views::print_make_partition_view(p, op, "make_strided_view"),
            "make_gather_scatter_view" => {
                views::print_make_partition_view(p, op, "make_gather_scatter_view")
            }
            "load_view_tko" => views::print_view_access(p, op, "load_view_tko", 1),
            "store_view_tko" => views::print_view_access(p, op, "store_view_tko", 2),
            "atomic_red_view_tko" => views::print_atomic_red_view(p, op),
            "get_index_space_shape" | "get_tensor_shape" => views::print_shape_query(p, op, short),
            "reduce" | "scan" => reduce::print_reduce(p, op, short),
            _ => compute::print(p, op, short),
        }
    }
}
