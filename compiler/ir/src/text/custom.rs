//! Custom assembly formats: how a dialect plugs its own op syntax into the parser and printer
//! (MLIR's `OpAsmParser` / `OpAsmPrinter`).
//!
//! When the parser meets an op whose name is a bare keyword instead of a quoted string
//! (`cuda_tile.module @m {…}`, or `load_ptr_tko …` inside a region whose default dialect is
//! cuda_tile), it hands the rest of the op to that dialect's [`CustomSyntax::parse_op`] through a
//! [`CustomParser`], which offers the core's services: value references and their resolution
//! (scopes, forward references), generic types and attributes, nested regions (with a default
//! dialect and entry-block arguments), and op creation. The printer does the same in reverse
//! through a [`CustomPrinter`]. Every op still has the generic form, accepted everywhere.

pub use super::parser::{CustomParser, ValueRef};
pub use super::printer::CustomPrinter;
use crate::diag::Diagnostic;
use crate::module::Op;

/// A dialect's custom syntax.
pub trait CustomSyntax: Sync {
    /// The dialect whose ops this syntax handles (`cuda_tile`).
    fn dialect(&self) -> &'static str;
    /// Parses op `keyword` (the op name without its dialect prefix); the parser stands just
    /// after the keyword. Must create the op with [`CustomParser::finish`].
    fn parse_op(&self, p: &mut CustomParser<'_, '_>, keyword: &str) -> Result<Op, Box<Diagnostic>>;
    /// Prints `op` after its results and ` = ` (the core prints those); returns false, before
    /// writing anything, to have the op printed in the generic form.
    fn print_op(&self, p: &mut CustomPrinter<'_, '_>, op: Op) -> bool;
    /// Whether op `keyword` may be written without its dialect prefix at the top level of a
    /// file, where no enclosing op sets a default dialect (NVIDIA's `tileirdisasm` prints a
    /// module's kernels as bare `entry @k(…)`). None by default.
    fn top_level(&self, keyword: &str) -> bool {
        let _ = keyword;
        false
    }
}

/// The custom syntaxes a parse or print may use.
#[derive(Default)]
pub struct Syntaxes {
    list: Vec<&'static dyn CustomSyntax>,
}

impl Syntaxes {
    /// No custom syntax: generic form only.
    pub const fn none() -> Syntaxes {
        Syntaxes { list: Vec::new() }
    }
    /// These syntaxes.
    pub fn new(list: Vec<&'static dyn CustomSyntax>) -> Syntaxes {
        Syntaxes { list }
    }
    /// The one syntax that takes `keyword` unprefixed at the top level of a file
    /// ([`CustomSyntax::top_level`]); None when none or several do.
    pub fn top_level(&self, keyword: &str) -> Option<&'static dyn CustomSyntax> {
        let mut claims = self.list.iter().copied().filter(|s| s.top_level(keyword));
        match (claims.next(), claims.next()) {
            (Some(s), None) => Some(s),
            _ => None,
        }
    }
    /// The syntax of `dialect`.
    pub fn get(&self, dialect: &str) -> Option<&'static dyn CustomSyntax> {
        self.list.iter().copied().find(|s| s.dialect() == dialect)
    }
}
