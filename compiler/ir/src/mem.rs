//! The memory-model enums every memory op carries, first-class in the IR (never strings).
//!
//! Spellings are the text contract shared by tests and code (ARCHITECTURE.md, "Text formats"):
//! `#mem.sem<…>`, `#mem.scope<…>`, `#mem.space<…>`, `#mem.proxy<…>`, `#mem.rmw<…>`. Each enum's
//! `ALL` table drives parsing, printing and the "expected one of" lists of diagnostics.

macro_rules! spelled_enum {
    ($(#[$m:meta])* $name:ident, $mnemonic:expr, { $($(#[$vm:meta])* $var:ident = $text:expr),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        pub enum $name { $($(#[$vm])* $var),+ }
        impl $name {
            /// Every variant, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$var),+];
            /// The attribute mnemonic, as in `#mem.<mnemonic><…>`.
            pub const MNEMONIC: &'static str = $mnemonic;
            /// The text spelling.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$var => $text),+ }
            }
            /// Parses a spelling.
            pub fn parse(s: &str) -> Option<$name> {
                match s { $($text => Some($name::$var),)+ _ => None }
            }
            /// The accepted spellings joined by `, ` (for diagnostics).
            pub fn spellings() -> String {
                Self::ALL.iter().map(|v| v.as_str()).collect::<Vec<_>>().join(", ")
            }
        }
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str(self.as_str()) }
        }
    };
}

spelled_enum!(
    /// What other operations are ordered with a memory operation.
    MemSemantic, "sem", {
        /// No ordering and no atomicity guarantee beyond the access itself; carries no scope.
        Weak = "weak",
        /// Atomic within the scope, no ordering.
        Relaxed = "relaxed",
        /// Later accesses of this thread are ordered after it.
        Acquire = "acquire",
        /// Earlier accesses of this thread (and what it observed) are ordered before it.
        Release = "release",
        /// Both acquire and release.
        AcqRel = "acq_rel",
        /// Sequentially consistent: acq_rel plus a total order (`fence.sc` in PTX).
        Sc = "sc",
});

spelled_enum!(
    /// Which threads must observe an ordering: cta ⊂ cluster ⊂ gpu ⊂ sys.
    MemScope, "scope", {
        /// The threads of one CTA (tile block).
        Cta = "cta",
        /// The CTAs of one cluster.
        Cluster = "cluster",
        /// Every thread on the device.
        Gpu = "gpu",
        /// The device, the host and peer devices.
        Sys = "sys",
});

spelled_enum!(
    /// The state space a pointer or an access lives in.
    Space, "space", {
        /// Global memory (`.global`).
        Global = "global",
        /// The executing CTA's shared memory (`.shared::cta`).
        SharedCta = "shared_cta",
        /// Shared memory of any CTA of the cluster (`.shared::cluster`).
        SharedCluster = "shared_cluster",
        /// Tensor memory (tcgen05).
        Tmem = "tmem",
        /// A generic address, not yet resolved to a space.
        Generic = "generic",
});

spelled_enum!(
    /// The access path a memory operation takes.
    Proxy, "proxy", {
        /// Ordinary loads and stores of the CUDA cores.
        Generic = "generic",
        /// TMA / bulk copies, wgmma and tcgen05 operand reads, mbarrier tx.
        Async = "async",
        /// Tensor-map reads.
        Tensormap = "tensormap",
});

spelled_enum!(
    /// The operation of an atomic read-modify-write or reduction.
    RmwKind, "rmw", {
        /// Integer or float add.
        Add = "add",
        /// Bitwise and.
        And = "and",
        /// Bitwise or.
        Or = "or",
        /// Bitwise xor.
        Xor = "xor",
        /// Maximum (signed for integers).
        Max = "max",
        /// Minimum (signed for integers).
        Min = "min",
        /// Unsigned maximum (NVIDIA's `umax`; PTX `max` on `.u32`/`.u64`).
        UMax = "umax",
        /// Unsigned minimum (NVIDIA's `umin`; PTX `min` on `.u32`/`.u64`).
        UMin = "umin",
        /// Exchange.
        Exch = "exch",
        /// Wrapping increment (`inc`).
        Inc = "inc",
        /// Wrapping decrement (`dec`).
        Dec = "dec",
});

impl MemScope {
    /// True when every thread in `self` is also in `other` (cta ⊂ cluster ⊂ gpu ⊂ sys).
    pub fn within(self, other: MemScope) -> bool {
        self <= other
    }
}

impl MemSemantic {
    /// True for the semantics with an acquire side (acquire, acq_rel, sc).
    pub fn has_acquire(self) -> bool {
        matches!(
            self,
            MemSemantic::Acquire | MemSemantic::AcqRel | MemSemantic::Sc
        )
    }
    /// True for the semantics with a release side (release, acq_rel, sc).
    pub fn has_release(self) -> bool {
        matches!(
            self,
            MemSemantic::Release | MemSemantic::AcqRel | MemSemantic::Sc
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_round_trip() {
        for s in MemSemantic::ALL {
            assert_eq!(MemSemantic::parse(s.as_str()), Some(*s));
        }
        for s in MemScope::ALL {
            assert_eq!(MemScope::parse(s.as_str()), Some(*s));
        }
        for s in Space::ALL {
            assert_eq!(Space::parse(s.as_str()), Some(*s));
        }
        for s in Proxy::ALL {
            assert_eq!(Proxy::parse(s.as_str()), Some(*s));
        }
        for s in RmwKind::ALL {
            assert_eq!(RmwKind::parse(s.as_str()), Some(*s));
        }
        assert_eq!(MemSemantic::parse("seq_cst"), None);
    }

    #[test]
    fn scopes_nest() {
        assert!(MemScope::Cta.within(MemScope::Cluster));
        assert!(MemScope::Cluster.within(MemScope::Gpu));
        assert!(!MemScope::Sys.within(MemScope::Gpu));
    }
}
