//! Stable diagnostic codes: what kind of problem a [`super::Diagnostic`] reports, as data an
//! embedder can match on (a Python DSL maps `legality.semantic` to its own exception, a test
//! asserts on `race.check2`) instead of parsing the message text, which may change.
//!
//! Each code has one spelling ([`DiagCode::as_str`]) that never changes once released;
//! `docs/diagnostics.md` documents every one (a unit test checks the list against the enum).
//! Codes are assigned where diagnostics are made: each stage sets a default for what it reports
//! ([`super::Diagnostics::default_code_from`]) and the specific producers (the legality table,
//! the race checks, the target checks) set theirs.

/// Declares [`DiagCode`] with its spellings and the list of every variant, from one table, so
/// that a code cannot be added without a spelling or left out of [`DiagCode::ALL`].
macro_rules! codes {
    ($($(#[$m:meta])* $v:ident = $s:literal,)*) => {
        /// What kind of problem a diagnostic reports (module docs).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
        pub enum DiagCode {
            /// No stage gave the diagnostic a code. The compiler leaves none unclassified (a
            /// test compiles the lit corpus and checks); a tool's own diagnostic may be.
            #[default]
            Unclassified,
            $($(#[$m])* $v,)*
        }

        impl DiagCode {
            /// Every code, [`DiagCode::Unclassified`] first.
            pub const ALL: &'static [DiagCode] = &[DiagCode::Unclassified, $(DiagCode::$v,)*];

            /// The stable spelling (`legality.semantic`).
            pub fn as_str(self) -> &'static str {
                match self {
                    DiagCode::Unclassified => "unclassified",
                    $(DiagCode::$v => $s,)*
                }
            }
        }
    };
}

codes! {
    /// The input is not valid UTF-8.
    InputEncoding = "input.encoding",
    /// The input holds no kernel: nothing to compile.
    InputNoKernel = "input.no-kernel",
    /// The text does not parse (generic form or a dialect's custom syntax).
    ParseSyntax = "parse.syntax",
    /// A Tile IR bytecode file that is not one (wrong magic) or of a version the reader does
    /// not read.
    BytecodeVersion = "bytecode.version",
    /// A Tile IR bytecode file whose content is malformed: truncated, a bad section, an index
    /// out of range, an unknown tag.
    BytecodeCorrupt = "bytecode.corrupt",
    /// A module that Tile IR bytecode cannot hold: a tilec extension (the `cluster` scope, the
    /// `sc` semantic, `fence_tko`, kernel attributes), an op or type NVIDIA's format lacks, a
    /// field of a newer version than the one written.
    BytecodeUnwritable = "bytecode.unwritable",
    /// The IR's structure: a value used where it is not visible, an op after its block's
    /// terminator, a value from outside an isolated-from-above kernel.
    VerifyStructure = "verify.structure",
    /// An op name a registered dialect does not define.
    VerifyUnknownOp = "verify.unknown-op",
    /// Two ops of a block define the same symbol.
    VerifySymbol = "verify.symbol",
    /// An op breaks its definition: operand, result or region counts, attribute kinds and
    /// values, where it may appear.
    VerifyOp = "verify.op",
    /// An operand or result has a type the op does not take.
    VerifyType = "verify.type",
    /// `--pedantic`: a tilec extension of cuda_tile that NVIDIA's dialect rejects.
    VerifyNvidia = "verify.nvidia",
    /// A memory or sync op with a semantic it does not accept (or none where it needs one).
    LegalitySemantic = "legality.semantic",
    /// A memory or sync op with a scope it does not accept (or none where it needs one, or one
    /// on a weak access).
    LegalityScope = "legality.scope",
    /// A PTX form or restricted fence with a state space it does not have.
    LegalitySpace = "legality.space",
    /// A PTX atomic form with an operation it does not have.
    LegalityRmw = "legality.rmw",
    /// Warning: a cta-scope atomic on global memory (other CTAs' accesses are not ordered).
    LegalityCtaGlobal = "legality.cta-global",
    /// A form the target architecture (`--target`) lacks.
    TargetSm = "target.sm",
    /// A form that needs a newer PTX ISA than `--ptx-isa` allows.
    TargetPtxIsa = "target.ptx-isa",
    /// A resource limit of the target: shared memory, kernel parameter space.
    TargetLimit = "target.limit",
    /// A located "cannot compile yet": a lowering has no rule for this op or operand.
    LowerUnsupported = "lower.unsupported",
    /// A lowering rejects its input: the kernel's thread count, a parameter type, a kernel
    /// with no body.
    LowerInvalid = "lower.invalid",
    /// verify-races check 1: a handoff without synchronization.
    RaceCheck1 = "race.check1",
    /// verify-races check 2: synchronization of too narrow a scope.
    RaceCheck2 = "race.check2",
    /// verify-races check 3: synchronization that does not cover the state space.
    RaceCheck3 = "race.check3",
    /// verify-races check 4: a missing proxy fence.
    RaceCheck4 = "race.check4",
    /// verify-races check 5: wgmma without wgmma_fence.
    RaceCheck5 = "race.check5",
    /// verify-races check 6: tcgen05 ordering.
    RaceCheck6 = "race.check6",
    /// verify-races check 7: expect_tx with no producer, or arrival counts that never
    /// complete a phase.
    RaceCheck7 = "race.check7",
    /// verify-races check 8: an mbarrier init not published before its use.
    RaceCheck8 = "race.check8",
    /// Remark: why weakest-fence chose a fence or sync qualifier (`--explain-fences`).
    WeakestFenceExplain = "weakest-fence.explain",
    /// Remark: a CTA barrier fold-barriers removed (`--explain-fences`).
    FoldBarriersExplain = "fold-barriers.explain",
    /// A pass produced IR that does not verify (a tilec bug).
    InternalVerifyAfterPass = "internal.verify-after-pass",
    /// The lowering produced invalid ptx ops (a tilec bug).
    InternalPtxInvalid = "internal.ptx-invalid",
    /// The PTX printer was given something it cannot print (a tilec bug, or a pipeline that
    /// did not reach the ptx dialect).
    InternalPrint = "internal.print",
    /// `tile-opt --verify-diagnostics`: a diagnostic and an `expected-*` annotation disagree.
    ExpectMismatch = "expect.mismatch",
}

impl std::fmt::Display for DiagCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::DiagCode;

    #[test]
    fn spellings_are_unique_and_dotted() {
        let mut seen = std::collections::HashSet::new();
        for c in DiagCode::ALL {
            assert!(seen.insert(c.as_str()), "{} twice", c.as_str());
            assert!(
                *c == DiagCode::Unclassified || c.as_str().contains('.'),
                "{c:?}: an area prefix"
            );
        }
    }

    /// docs/diagnostics.md has a section per code (`` ### `code` ``), in the enum's order,
    /// and no section for a code that does not exist.
    #[test]
    fn every_code_is_documented() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/diagnostics.md");
        let doc = std::fs::read_to_string(path).expect("docs/diagnostics.md is readable");
        let documented: Vec<&str> = doc
            .lines()
            .filter_map(|l| l.strip_prefix("### `")?.strip_suffix('`'))
            .collect();
        let codes: Vec<&str> = DiagCode::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(documented, codes, "docs/diagnostics.md's sections");
    }
}
