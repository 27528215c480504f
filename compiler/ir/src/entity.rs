//! Typed `u32` handles and the arenas they index.
//!
//! A handle stores `index + 1` in a `NonZeroU32`, so `Option<Handle>` is as small as the handle
//! itself (4 bytes). Handles are only meaningful for the arena (the [`crate::Module`]) that made
//! them; nothing is removed from an arena while a pass runs, so a handle never dangles (erased ops
//! are unlinked from their block, not freed). Between passes `Module::compact` rebuilds the arenas
//! without the dead records and renumbers every handle.

use std::marker::PhantomData;
use std::num::NonZeroU32;

/// Declares a handle type: a `Copy` newtype over `NonZeroU32` with a `Display` of `prefix` + index.
#[macro_export]
macro_rules! entity_handle {
    ($(#[$m:meta])* $name:ident, $prefix:expr) => {
        $(#[$m])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(::std::num::NonZeroU32);
        impl $crate::entity::EntityRef for $name {
            #[inline]
            fn new(index: usize) -> Self {
                let raw = u32::try_from(index + 1).expect("arena overflow: more than u32::MAX - 1 entities");
                $name(::std::num::NonZeroU32::new(raw).expect("index + 1 is never zero"))
            }
            #[inline]
            fn index(self) -> usize {
                (self.0.get() - 1) as usize
            }
        }
        impl ::std::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, "{}{}", $prefix, $crate::entity::EntityRef::index(*self))
            }
        }
        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                ::std::fmt::Debug::fmt(self, f)
            }
        }
    };
}

/// A typed index into an [`Arena`].
pub trait EntityRef: Copy + Eq {
    /// The handle for arena slot `index`.
    fn new(index: usize) -> Self;
    /// The arena slot this handle names.
    fn index(self) -> usize;
}

/// A dense, append-only store of `V` indexed by `K`.
#[derive(Clone, Debug)]
pub struct Arena<K: EntityRef, V> {
    items: Vec<V>,
    _k: PhantomData<K>,
}

impl<K: EntityRef, V> Default for Arena<K, V> {
    fn default() -> Self {
        Self {
            items: Vec::new(),
            _k: PhantomData,
        }
    }
}

impl<K: EntityRef, V> Arena<K, V> {
    /// Appends `v` and returns its handle.
    pub fn push(&mut self, v: V) -> K {
        let k = K::new(self.items.len());
        self.items.push(v);
        k
    }
    /// Number of entities ever allocated.
    pub fn len(&self) -> usize {
        self.items.len()
    }
    /// True when nothing was allocated.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    /// Handles of every entity, in allocation order.
    pub fn keys(&self) -> impl Iterator<Item = K> + use<K, V> {
        (0..self.items.len()).map(K::new)
    }
    /// True when `k` names a slot of this arena.
    pub fn contains(&self, k: K) -> bool {
        k.index() < self.items.len()
    }
    /// Reserves room for `n` more entities.
    pub fn reserve(&mut self, n: usize) {
        self.items.reserve(n);
    }
}

impl<K: EntityRef, V> std::ops::Index<K> for Arena<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, k: K) -> &V {
        &self.items[k.index()]
    }
}

impl<K: EntityRef, V> std::ops::IndexMut<K> for Arena<K, V> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        &mut self.items[k.index()]
    }
}

/// Side data attached to the entities of an arena; unset slots read as `V::default()`.
#[derive(Clone, Debug)]
pub struct SecondaryMap<K: EntityRef, V: Clone + Default> {
    items: Vec<V>,
    default: V,
    _k: PhantomData<K>,
}

impl<K: EntityRef, V: Clone + Default> Default for SecondaryMap<K, V> {
    fn default() -> Self {
        Self {
            items: Vec::new(),
            default: V::default(),
            _k: PhantomData,
        }
    }
}

impl<K: EntityRef, V: Clone + Default> SecondaryMap<K, V> {
    /// The value for `k` (the default when never set).
    #[inline]
    pub fn get(&self, k: K) -> &V {
        self.items.get(k.index()).unwrap_or(&self.default)
    }
    /// Sets the value for `k`, growing the table as needed.
    pub fn set(&mut self, k: K, v: V) {
        let i = k.index();
        if i < self.items.len() {
            self.items[i] = v;
            return;
        }
        // Entities are usually set as they are created, one past the end: a push.
        self.items.resize(i, V::default());
        self.items.push(v);
    }
}

/// Marker so `NonZeroU32` stays the representation the macro expects.
#[doc(hidden)]
pub type Raw = NonZeroU32;
