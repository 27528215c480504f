//! The lowerings, one file each, named `<from>_to_<to>.rs`. Each touches only ops of its source
//! dialect, so a program may enter the pipeline at any dialect.

pub mod aa_to_as;
pub mod as_to_ptx;
pub mod cuda_tile_to_aa;
