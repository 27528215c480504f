//! The MLIR generic text form: parser ([`parse_module`]) and printer ([`print_module`]).

pub mod custom;
mod debug_print;
mod parser;
mod printer;

pub use parser::{parse_module, parse_module_with, parse_type, MAX_NESTING};
pub use printer::{
    attr_to_string, module_to_string, module_to_string_for_mlir, module_to_string_with,
    op_to_string, print_module, print_module_with, type_to_string, write_float, write_string,
    write_type,
};
