//! The debug section written from the ops' locations (the inverse of the lift's
//! `lift/debug.rs`), as NVIDIA's writer writes it: per kernel whose own location is a
//! `di_loc` (or a call site), a list of the kernel's location and then one per op in the order
//! the ops are written (an op before its regions' ops); each entry a debug attribute, its
//! dependencies (scope, file, compile unit) entered in the table before it.
//!
//! A `"file":line:col` location without a scope, an unknown one, or none is NVIDIA's reserved
//! index 0; a kernel whose own location is such gets no list (NVIDIA's reader then gives its
//! ops unknown locations). A named or fused location has no bytecode form: a located error, as
//! NVIDIA's writer reports ("unsupported location …, expected DILocAttr or CallSiteLoc").

use super::from_module::{Writer, R};
use crate::model::{DebugAttr, DebugId, DebugInfo};
use tilec_ir::debuginfo::{DiData, LocData};
use tilec_ir::{Attr, AttrData, Op};

/// The section's tables as they are filled.
#[derive(Default)]
pub(super) struct DebugTables {
    /// The 1-based id of each attribute entered.
    ids: std::collections::HashMap<Attr, u32>,
    info: DebugInfo,
}

impl DebugTables {
    /// The section, or None when no kernel has a list (the writer then leaves it out).
    pub(super) fn finish(self) -> Option<DebugInfo> {
        (!self.info.first.is_empty()).then_some(self.info)
    }
}

impl Writer<'_> {
    /// The 1-based list index of kernel `entry` (0: none), its entries made from the locations
    /// of the kernel and of every op it holds, in writing order; a location without a bytecode
    /// form is an error at its op.
    pub(super) fn debug_list(&mut self, entry: Op) -> u64 {
        let m = self.m;
        let own = match m.debug_loc(entry).map(|l| self.debug_index(l)) {
            None | Some(Ok(0)) => return 0,
            Some(Ok(i)) => i,
            Some(Err(e)) => {
                self.error(entry, e);
                return 0;
            }
        };
        let mut list = vec![own];
        for op in m.nested_ops(entry) {
            match m.debug_loc(op).map(|l| self.debug_index(l)) {
                None => list.push(0),
                Some(Ok(i)) => list.push(i),
                Some(Err(e)) => self.error(op, e),
            }
        }
        let t = &mut self.debug;
        t.info.first.push(t.info.ops.len() as u32);
        t.info.ops.extend(list);
        t.info.first.len() as u64
    }

    /// The entry of location or debug attribute `a` (0: reserved, unknown).
    fn debug_index(&mut self, a: Attr) -> R<u64> {
        if let Some(&id) = self.debug.ids.get(&a) {
            return Ok(id.into());
        }
        let m = self.m;
        let d = |w: &mut Self, x: Attr| w.debug_index(x).map(|i| DebugId(i as u32));
        let entry = match m.attr_data(a).clone() {
            AttrData::Loc(LocData::Unknown | LocData::FileLineCol { .. }) => return Ok(0),
            AttrData::Loc(LocData::CallSite { callee, caller }) => {
                DebugAttr::CallSite(d(self, callee)?, d(self, caller)?)
            }
            AttrData::Loc(LocData::Name { .. }) => return Err(unsupported("a named location")),
            AttrData::Loc(LocData::Fused { .. }) => return Err(unsupported("a fused location")),
            AttrData::Di(DiData::File { name, directory }) => DebugAttr::File(
                self.string(name.as_bytes()),
                self.string(directory.as_bytes()),
            ),
            AttrData::Di(DiData::CompileUnit { file }) => DebugAttr::CompileUnit(d(self, file)?),
            AttrData::Di(DiData::Subprogram {
                file,
                line,
                name,
                linkage_name,
                compile_unit,
                scope_line,
            }) => {
                let file = d(self, file)?;
                let name = self.string(name.as_bytes());
                let linkage = self.string(linkage_name.as_bytes());
                let cu = d(self, compile_unit)?;
                DebugAttr::Subprogram(file, line.into(), name, linkage, cu, opt(scope_line))
            }
            AttrData::Di(DiData::LexicalBlock {
                scope,
                file,
                line,
                column,
            }) => {
                let scope = d(self, scope)?;
                let file = d(self, file)?;
                DebugAttr::LexicalBlock(scope, file, line.into(), opt(column))
            }
            AttrData::Di(DiData::Loc { source, scope }) => {
                let scope = d(self, scope)?;
                let AttrData::Loc(LocData::FileLineCol { file, line, col }) =
                    m.attr_data(source).clone()
                else {
                    return Err("a di_loc whose source is not a \"file\":line:col location".into());
                };
                let file = self.string(file.as_bytes());
                DebugAttr::Loc(scope, file, line.into(), col.into())
            }
            _ => return Err(unsupported("an attribute that is not a location")),
        };
        let t = &mut self.debug;
        t.info.attrs.push(entry);
        let id = t.info.attrs.len() as u32;
        t.ids.insert(a, id);
        Ok(id.into())
    }
}

/// NVIDIA's optional unsigned parameter: absent is 0.
fn opt(v: Option<u32>) -> u64 {
    v.map_or(0, u64::from)
}

fn unsupported(what: &str) -> String {
    format!("{what} has no Tile IR bytecode form (a di_loc, a call site, a \"file\":line:col or an unknown location have one)")
}
