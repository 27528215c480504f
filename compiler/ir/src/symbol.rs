//! Interned names: op names, attribute keys, dialect type names.
//!
//! One process-wide interner (like rustc's symbols): the same string always maps to the same
//! [`Sym`] in every [`crate::Module`], so dialects can compare names as `u32`s and cache the
//! symbols of the names they know in statics ([`sym!`](crate::sym)). Interned strings are leaked;
//! the set is bounded by the distinct names that appear in a process's inputs.

use indexmap::IndexSet;
use std::sync::{OnceLock, RwLock};

/// An interned string.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Sym(u32);

fn table() -> &'static RwLock<IndexSet<&'static str>> {
    static TABLE: OnceLock<RwLock<IndexSet<&'static str>>> = OnceLock::new();
    TABLE.get_or_init(|| RwLock::new(IndexSet::new()))
}

impl Sym {
    /// Interns `s`.
    pub fn new(s: &str) -> Sym {
        if let Some(i) = table()
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get_index_of(s)
        {
            return Sym(i as u32);
        }
        let mut t = table().write().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = t.get_index_of(s) {
            return Sym(i as u32);
        }
        let leaked: &'static str = Box::leak(s.to_owned().into_boxed_str());
        let (i, _) = t.insert_full(leaked);
        Sym(i as u32)
    }
    /// The interned string.
    pub fn as_str(self) -> &'static str {
        table()
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get_index(self.0 as usize)
            .copied()
            .unwrap_or("<bad-sym>")
    }
}

impl std::fmt::Debug for Sym {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl std::fmt::Display for Sym {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The [`Sym`] of a string literal, interned once and cached in a static.
#[macro_export]
macro_rules! sym {
    ($s:expr) => {{
        static S: ::std::sync::OnceLock<$crate::Sym> = ::std::sync::OnceLock::new();
        *S.get_or_init(|| $crate::Sym::new($s))
    }};
}
