//! The debug section lifted to the IR's locations: each function's list gives, in order, the
//! function's own location and then one per op in the order the ops are read (an op before its
//! regions' ops), as NVIDIA's reader consumes it. A list entry is a debug attribute (1-based;
//! 0 is an unknown location, which the IR leaves out) and becomes the attribute the text syntax
//! builds from `loc(#di_loc)`: `#cuda_tile.di_loc<loc("f.py":L:C) in #di_subprogram<…>>`
//! (compiler/ir/src/debuginfo.rs), a call site `loc(callsite(… at …))`.
//!
//! Column and scope line 0 are NVIDIA's absent optional parameters (`OptionalParameter` in its
//! `AttrDefs.td`), so they lift to `None`.

use super::Lift;
use crate::model::{DebugAttr, DebugId};
use tilec_ir::debuginfo::{DiData, LocData};
use tilec_ir::{Attr, AttrData, Op};

impl Lift<'_> {
    /// Starts function `loc`'s list (its 1-based index; 0: the function has none).
    pub(super) fn debug_function(&mut self, loc: u64) {
        let d = &self.bc.debug;
        let k = loc as usize;
        self.di_next = 0..0;
        if k == 0 || k > d.first.len() {
            return;
        }
        let start = d.first[k - 1] as usize;
        let end = d.first.get(k).map_or(d.ops.len(), |&e| e as usize);
        self.di_next = start..end.max(start);
    }

    /// Gives `op` the next location of the current function's list.
    pub(super) fn debug_next(&mut self, op: Op) {
        let Some(i) = self.di_next.next() else {
            return;
        };
        let id = self.bc.debug.ops[i];
        let loc = match id {
            // NVIDIA's reserved index 0: an unknown location (`loc(unknown)`).
            0 => Some(self.named(AttrData::Loc(LocData::Unknown), "loc")),
            _ => self.debug_attr(DebugId(id as u32)),
        };
        self.m.set_debug_loc(op, loc);
    }

    /// The attribute of `data`, named as NVIDIA's printer names it (`#di_file`, `#loc3`: the
    /// base, then a number from the second on) the first time it is made, so that the text
    /// prints each once at the top and refers to it by name.
    fn named(&mut self, data: AttrData, base: &'static str) -> Attr {
        let a = self.m.attr(data);
        if self.di_named.insert(a) {
            let n = self.di_names.entry(base).or_insert(0);
            let name = match *n {
                0 => base.to_string(),
                k => format!("{base}{k}"),
            };
            *n += 1;
            self.m.define_alias(tilec_ir::Sym::new(&name), a);
        }
        a
    }

    /// The IR attribute of debug attribute `id` (None: unknown, or not a location the IR keeps).
    fn debug_attr(&mut self, id: DebugId) -> Option<Attr> {
        let i = (id.0 as usize).checked_sub(1)?;
        if let Some(done) = self.di_memo.get(i).copied().flatten() {
            return done;
        }
        // In progress: a file whose attributes refer in a cycle gets no location, not a loop.
        if self.di_memo.len() <= i {
            self.di_memo.resize(i + 1, None);
        }
        self.di_memo[i] = Some(None);
        let data = match self.bc.debug.attrs.get(i)?.clone() {
            DebugAttr::Placeholder => None,
            DebugAttr::File(name, dir) => Some(AttrData::Di(DiData::File {
                name: self.bc.string(name).into(),
                directory: self.bc.string(dir).into(),
            })),
            DebugAttr::CompileUnit(f) => {
                let file = self.debug_attr(f)?;
                Some(AttrData::Di(DiData::CompileUnit { file }))
            }
            DebugAttr::Subprogram(f, line, name, linkage, cu, scope_line) => {
                let file = self.debug_attr(f)?;
                let compile_unit = self.debug_attr(cu)?;
                Some(AttrData::Di(DiData::Subprogram {
                    file,
                    line: line as u32,
                    name: self.bc.string(name).into(),
                    linkage_name: self.bc.string(linkage).into(),
                    compile_unit,
                    scope_line: optional(scope_line),
                }))
            }
            DebugAttr::LexicalBlock(scope, f, line, col) => {
                let scope = self.debug_attr(scope)?;
                let file = self.debug_attr(f)?;
                Some(AttrData::Di(DiData::LexicalBlock {
                    scope,
                    file,
                    line: line as u32,
                    column: optional(col),
                }))
            }
            DebugAttr::Loc(scope, file, line, col) => {
                let scope = self.debug_attr(scope)?;
                let source = AttrData::Loc(LocData::FileLineCol {
                    file: self.bc.string(file).into(),
                    line: line as u32,
                    col: col as u32,
                });
                let source = self.named(source, "loc");
                Some(AttrData::Di(DiData::Loc { source, scope }))
            }
            DebugAttr::CallSite(callee, caller) => {
                let unknown = |l: &mut Self| l.named(AttrData::Loc(LocData::Unknown), "loc");
                let callee = self.debug_attr(callee).unwrap_or_else(|| unknown(self));
                let caller = self.debug_attr(caller).unwrap_or_else(|| unknown(self));
                Some(AttrData::Loc(LocData::CallSite { callee, caller }))
            }
        };
        let a = data.map(|d| {
            let base = match &d {
                AttrData::Di(di) => match di {
                    DiData::Loc { .. } => "loc",
                    other => other.mnemonic(),
                },
                _ => "loc",
            };
            self.named(d, base)
        });
        self.di_memo[i] = Some(a);
        a
    }
}

/// NVIDIA's optional unsigned parameter: 0 is absent.
fn optional(v: u64) -> Option<u32> {
    (v != 0).then_some(v as u32)
}
