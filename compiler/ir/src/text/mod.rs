//! The MLIR generic text form: parser ([`parse_module`]) and printer ([`print_module`]).

mod parser;
mod printer;

pub use parser::{parse_module, parse_type, MAX_NESTING};
pub use printer::{
    attr_to_string, module_to_string, op_to_string, print_module, type_to_string, write_float,
    write_string, write_type,
};
