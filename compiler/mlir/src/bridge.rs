//! The melior side: one MLIR context with unregistered dialects allowed, its diagnostics
//! collected as text.

use melior::ir::operation::{OperationLike, OperationPrintingFlags};
use melior::ir::Module;
use melior::Context;
use std::cell::RefCell;
use std::rc::Rc;
use tilec_ir::text::{module_to_string_for_mlir, parse_module_with};
use tilec_ir::{FileId, Module as TModule};

/// An MLIR context for tilec's modules: dialects tilec defines are unregistered in it, and
/// MLIR's diagnostics are kept for the caller instead of printed.
pub struct Mlir {
    ctx: Context,
    diags: Rc<RefCell<Vec<String>>>,
}

impl Default for Mlir {
    fn default() -> Self {
        Self::new()
    }
}

impl Mlir {
    /// A fresh context.
    pub fn new() -> Mlir {
        let ctx = Context::new();
        ctx.set_allow_unregistered_dialects(true);
        let diags = Rc::new(RefCell::new(Vec::new()));
        let sink = Rc::clone(&diags);
        ctx.attach_diagnostic_handler(move |d| {
            sink.borrow_mut().push(format!("{}: {d}", d.location()));
            true
        });
        Mlir { ctx, diags }
    }

    /// MLIR's parse, verification and generic print of `text`; MLIR's
    /// diagnostics when it rejects the text.
    pub fn round_trip(&self, text: &str) -> Result<String, String> {
        self.diags.borrow_mut().clear();
        let failed = |what: &str| {
            let d = self.diags.borrow();
            if d.is_empty() {
                what.to_string()
            } else {
                d.join("\n")
            }
        };
        let module =
            Module::parse(&self.ctx, text).ok_or_else(|| failed("MLIR did not parse it"))?;
        let op = module.as_operation();
        if !op.verify() {
            return Err(failed("MLIR's verifier rejected it"));
        }
        op.to_string_with_flags(
            OperationPrintingFlags::new()
                .enable_debug_info(false, false)
                .print_generic_operation_form(),
        )
        .map_err(|e| format!("MLIR could not print it: {e}"))
    }
}

/// `m` printed by tilec, through MLIR (parse, verify, generic print) and read back by tilec.
pub fn through_mlir(mlir: &Mlir, m: &TModule) -> Result<TModule, String> {
    let text = mlir.round_trip(&module_to_string_for_mlir(m))?;
    parse_module_with(&text, FileId::default(), tilec_dialects::syntax::syntaxes()).map_err(|d| {
        format!(
            "tilec did not read MLIR's print back: {}\n{text}",
            d.message
        )
    })
}
