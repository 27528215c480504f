//! NVIDIA's debug-info rules (its `DebugInfoVerifier`, `CudaTile.cpp`) on the locations the
//! text gave (`loc(…)`, tilec_ir::debuginfo), with NVIDIA's messages:
//!
//! 1. a function whose location has a scope has a `di_subprogram` scope;
//! 2. whose linkage name is the function's name;
//! 3. an op with a scope is in a function with one;
//! 4. of the same subprogram (a lexical block's is its enclosing one's);
//! 5. an op of a module that is not a function (a global) has no scope;
//! 6. a function's location is not a call site.
//!
//! "Has a scope": the location carries a `di_loc` (itself, a call site's caller, a name's child,
//! the first among fused locations: `debuginfo::di_loc_of`).

use crate::common::err;
use tilec_ir::debuginfo::{di_loc_of, scope_of, subprogram_of, DiData, LocData};
use tilec_ir::text::attr_to_string;
use tilec_ir::{AttrData, Diagnostics, Module, Op, Sym};

fn show(m: &Module, a: tilec_ir::Attr) -> String {
    attr_to_string(m, m.attr_data(a))
}

/// Rules 1, 2 and 6 on a function (`entry`, `testing$func`), then 3 and 4 on its ops.
pub fn check_function(m: &Module, op: Op, d: &mut Diagnostics) {
    let Some(loc) = m.debug_loc(op) else {
        return check_body(m, op, None, d);
    };
    if matches!(m.attr_data(loc), AttrData::Loc(LocData::CallSite { .. })) {
        return err(m, op, d, format!("invalid function debug info location: {}. Function location must not be a CallSiteLoc.", show(m, loc)));
    }
    let Some(scope) = di_loc_of(m, loc).and_then(|l| scope_of(m, l)) else {
        return check_body(m, op, None, d);
    };
    let AttrData::Di(DiData::Subprogram { linkage_name, .. }) = m.attr_data(scope) else {
        return err(m, op, d, format!("invalid function debug info scope: {}. Function location must have cuda_tile.di_subprogram debug info scope.", show(m, scope)));
    };
    let name = match m.get_attr(op, Sym::new("sym_name")) {
        Some(AttrData::Str(s)) => s.as_ref(),
        _ => "",
    };
    if name != linkage_name.as_ref() {
        return err(m, op, d, format!("invalid function debug info scope: {}. Function name \"{name}\" does not match subprogram scope linkage name \"{linkage_name}\".", show(m, scope)));
    }
    check_body(m, op, Some(scope), d);
}

/// Rules 3 and 4: every op of the function's body has the function's subprogram, or none.
fn check_body(m: &Module, func: Op, sub: Option<tilec_ir::Attr>, d: &mut Diagnostics) {
    for op in m.nested_ops(func) {
        let Some(own) = m
            .debug_loc(op)
            .and_then(|l| di_loc_of(m, l))
            .and_then(|l| scope_of(m, l))
            .and_then(|s| subprogram_of(m, s))
        else {
            continue;
        };
        match sub {
            None => {
                return err(m, op, d, format!("invalid operation debug info scope: {}. Operation has debug info scope, but function debug info scope is undefined.", show(m, own)));
            }
            Some(s) if s != own => {
                return err(m, op, d, format!("invalid operation debug info scope: {}. Operation debug info scope does not match function debug info scope: {}.", show(m, own), show(m, s)));
            }
            _ => {}
        }
    }
}

/// Rule 5 on a `cuda_tile.module`: its ops that are not functions have no scope.
pub fn check_module(m: &Module, op: Op, d: &mut Diagnostics) {
    let functions = [
        Sym::new("cuda_tile.entry"),
        Sym::new("cuda_tile.testing$func"),
    ];
    for r in m.regions(op) {
        for &b in m.region_blocks(*r) {
            for o in m.block_ops(b) {
                if functions.contains(&m.op_name(o)) {
                    continue;
                }
                if let Some(l) = m.debug_loc(o).and_then(|l| di_loc_of(m, l)) {
                    err(m, o, d, format!("invalid operation debug info scope: {}. Global variables must not have scope.", show(m, l)));
                }
            }
        }
    }
}
