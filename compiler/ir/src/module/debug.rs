//! The module's debug information: each op's location attribute (`loc(…)`) and the named
//! attributes (`#name = …`) the text defined (crate::debuginfo).

use super::{Attr, Module, Op};
use crate::Sym;

impl Module {
    /// The location attribute of `op` (`loc(…)` in the text), if it has one.
    pub fn debug_loc(&self, op: Op) -> Option<Attr> {
        *self.debug_locs.get(op)
    }
    /// Sets (or, with `None`, removes) the location attribute of `op`.
    pub fn set_debug_loc(&mut self, op: Op, loc: Option<Attr>) {
        self.changed();
        self.debug_locs.set(op, loc);
    }
    /// The attribute named `#name`, if the module defines it.
    pub fn alias(&self, name: Sym) -> Option<Attr> {
        self.aliases.get(&name).copied()
    }
    /// Names `a` `#name`; false (and nothing changes) when the name is taken.
    pub fn define_alias(&mut self, name: Sym, a: Attr) -> bool {
        if self.aliases.contains_key(&name) {
            return false;
        }
        self.changed();
        self.aliases.insert(name, a);
        true
    }
    /// Forgets every name (the attributes stay; the text then writes them in full).
    pub fn clear_aliases(&mut self) {
        self.changed();
        self.aliases.clear();
    }
    /// Drops every op's location and every name: the module as it is without debug info.
    pub fn strip_debug_info(&mut self) {
        self.changed();
        self.debug_locs = Default::default();
        self.aliases.clear();
    }
    /// The named attributes, in the order they were defined.
    pub fn aliases(&self) -> impl Iterator<Item = (Sym, Attr)> + '_ {
        self.aliases.iter().map(|(&k, &v)| (k, v))
    }
}
