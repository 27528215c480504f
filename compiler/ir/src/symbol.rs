//! Interned names: op names, attribute keys, dialect type names.
//!
//! One process-wide interner (like rustc's symbols): the same string always maps to the same
//! [`Sym`] in every [`crate::Module`], so dialects can compare names as `u32`s and cache the
//! symbols of the names they know in statics ([`sym!`](crate::sym)). Interned strings are leaked;
//! the set is bounded by the distinct names that appear in a process's inputs.
//!
//! Reading a symbol's string takes no lock: every interned string is also published in a
//! chunked, append-only array of `OnceLock`s (the first [`FAST`] symbols; a process with more
//! reads the rest under the table's lock). Passes read op names and attribute keys millions of
//! times per large kernel, and a read lock per read was 6–8% of a whole compile.

use indexmap::IndexSet;
use std::sync::{OnceLock, RwLock};

/// An interned string.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Sym(u32);

/// The interner, Fx-hashed as rustc's is (names are short; SipHash was most of the cost of
/// interning).
type Table = IndexSet<&'static str, rustc_hash::FxBuildHasher>;

fn table() -> &'static RwLock<Table> {
    static TABLE: OnceLock<RwLock<Table>> = OnceLock::new();
    TABLE.get_or_init(|| RwLock::new(Table::default()))
}

/// Symbols per chunk of the lock-free array.
const CHUNK: usize = 1024;
/// Symbols whose strings are read without a lock.
const FAST: usize = CHUNK * 4096;

type Chunk = [OnceLock<&'static str>; CHUNK];

fn chunks() -> &'static [OnceLock<Box<Chunk>>] {
    static CHUNKS: OnceLock<Box<[OnceLock<Box<Chunk>>]>> = OnceLock::new();
    CHUNKS.get_or_init(|| (0..FAST / CHUNK).map(|_| OnceLock::new()).collect())
}

/// Publishes symbol `i`'s string in the lock-free array (called under the table's write lock,
/// once per symbol).
fn publish(i: usize, s: &'static str) {
    if let Some(chunk) = chunks().get(i / CHUNK) {
        let c = chunk.get_or_init(|| Box::new(std::array::from_fn(|_| OnceLock::new())));
        let _ = c[i % CHUNK].set(s);
    }
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
        publish(i, leaked);
        Sym(i as u32)
    }
    /// The symbol's number (dense, in interning order): a key for tables keyed by symbol.
    pub fn index(self) -> u32 {
        self.0
    }
    /// The interned string.
    pub fn as_str(self) -> &'static str {
        let i = self.0 as usize;
        let fast = chunks()
            .get(i / CHUNK)
            .and_then(|c| c.get())
            .and_then(|c| c[i % CHUNK].get());
        if let Some(s) = fast {
            return s;
        }
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
