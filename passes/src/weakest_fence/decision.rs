//! weakest-fence's decisions as data: for every fence and sync qualifier of an optimized kernel
//! (and every op the optimization removed), what it was, what it is, which rule chose it (or why
//! it was kept) and the handoffs it covers. `--explain-fences` renders each as a remark
//! ([`FenceDecision::remark`]); an embedder reads them from the driver's report.
//!
//! Ops are named by location and short name, not by handle: the nv_tileas ops they are about
//! are gone once the kernel is lowered to ptx.

use super::explain::describe;
use super::forms::class_of;
use super::Rule;
use crate::cost::Class;
use tilec_dialects::ptx::form::PtxForm;
use tilec_ir::{DiagCode, Diagnostic, Loc};

/// Most handoffs a remark lists (the rest are counted).
const MAX_LISTED: usize = 6;

/// Why a sync op the optimization did not change is what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeptReason {
    /// Its PTX costs nothing beyond the instruction: nothing to save.
    Free,
    /// No cheaper mechanism covers its handoffs.
    NoCheaper,
    /// The kernel is frozen: an open-world handoff the checker cannot see synchronized may rely
    /// on any release or acquire.
    Frozen,
    /// In a loop whose handoffs between iterations the checker does not follow.
    InLoop,
}

impl KeptReason {
    fn words(self) -> &'static str {
        match self {
            KeptReason::Free => "kept: already free",
            KeptReason::NoCheaper => "kept: no cheaper mechanism covers its handoffs",
            KeptReason::Frozen => "kept: the kernel is frozen (an open-world handoff the checker cannot see synchronized may rely on any release or acquire)",
            KeptReason::InLoop => "kept: in a loop whose handoffs between iterations the checker does not follow (a flag in a loop, a nested or unmodeled loop: docs/verify-races.md, Loops)",
        }
    }
}

/// What the optimization did to one op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenceOutcome {
    /// Left as it was.
    Kept(KeptReason),
    /// Rewritten in place (or moved) by these rules, in order.
    Rewritten {
        /// The rules.
        rules: Vec<Rule>,
    },
    /// Created by a rewrite of another op (`site`), then touched by `later` rules.
    Inserted {
        /// The rules of the rewrite that created it.
        rules: Vec<Rule>,
        /// The short name of the op whose rewrite created it.
        site: &'static str,
        /// That op's PTX forms before the pass.
        site_was: Vec<PtxForm>,
        /// Rules that changed it afterwards.
        later: Vec<Rule>,
    },
    /// Removed by these rules.
    Removed {
        /// The rules.
        rules: Vec<Rule>,
    },
    /// Created by a rewrite at `site` (its first rule `by`), then removed by `later` rules.
    InsertedThenRemoved {
        /// The first rule of the rewrite that created it.
        by: Rule,
        /// The short name of the op whose rewrite created it.
        site: &'static str,
        /// The rules that removed it.
        later: Vec<Rule>,
    },
    /// A CTA barrier `fold-barriers` removed: it repeats the barrier at `repeats`.
    Folded {
        /// Where the barrier it repeats is.
        repeats: Loc,
    },
}

/// One handoff a sync op covers, as the race checker sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoveredHandoff {
    /// The producer access: where, and its short name (`st`).
    pub producer: (Loc, &'static str),
    /// The consumer access (None: a publication to other CTAs, kernels or the host).
    pub consumer: Option<(Loc, &'static str)>,
    /// Where the consumer runs, in words (`a thread of the peer CTA`).
    pub relation: &'static str,
    /// The loop iterations the two accesses belong to, in words (or empty).
    pub iterations: String,
}

/// What weakest-fence (or fold-barriers) decided for one fence or sync qualifier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenceDecision {
    /// The kernel's name.
    pub kernel: String,
    /// The op's location (the source op it was lowered from).
    pub loc: Loc,
    /// The op's short name (`fence`, `mbarrier_arrive`, `st`).
    pub op: &'static str,
    /// Its PTX forms before the optimization (empty: the optimization created it).
    pub before: Vec<PtxForm>,
    /// Its PTX forms after it (empty: removed, or an op that prints no sync form).
    pub after: Vec<PtxForm>,
    /// What was done, by which rule, or why nothing was.
    pub outcome: FenceOutcome,
    /// The handoffs it covers after the optimization (empty for a removed op).
    pub covers: Vec<CoveredHandoff>,
}

impl FenceDecision {
    /// The cost class of its PTX before the optimization (None: no sync form).
    pub fn class_before(&self) -> Option<Class> {
        class_of(&self.before)
    }
    /// The cost class of its PTX after the optimization (None: no sync form, or removed).
    pub fn class_after(&self) -> Option<Class> {
        class_of(&self.after)
    }
    /// The cost class the decision saved: `(before, after)` when the class dropped.
    pub fn saved(&self) -> Option<(Class, Option<Class>)> {
        let before = self.class_before()?;
        let after = self.class_after();
        (after < Some(before)).then_some((before, after))
    }

    /// The `--explain-fences` remark: what the op prints as and why, with a note at both ends
    /// of every handoff it covers (at most six, then a count).
    pub fn remark(&self) -> Diagnostic {
        let text = match &self.outcome {
            FenceOutcome::Removed { rules } => {
                format!("removed {}: {}", describe(&self.before), words(rules))
            }
            FenceOutcome::InsertedThenRemoved { by, site, later } => format!(
                "removed (inserted by {} at '{site}'): {}",
                by.label(),
                words(later)
            ),
            FenceOutcome::Folded { .. } => format!(
                "removed {}: fold-barriers: it repeats the barrier before it (same id, the whole \
                 CTA, nothing but arithmetic between), which already orders everything it would",
                describe(&self.before)
            ),
            _ => format!("{}: {}", describe(&self.after), self.why()),
        };
        let code = match self.outcome {
            FenceOutcome::Folded { .. } => DiagCode::FoldBarriersExplain,
            _ => DiagCode::WeakestFenceExplain,
        };
        let d = Diagnostic::remark(self.loc, text).with_code(code);
        match &self.outcome {
            FenceOutcome::Folded { repeats } => d.with_note(*repeats, "the barrier it repeats"),
            FenceOutcome::Removed { .. } | FenceOutcome::InsertedThenRemoved { .. } => d,
            _ => self.notes(d),
        }
    }

    /// The reason after the head of a remark about an op that is still there.
    fn why(&self) -> String {
        match &self.outcome {
            FenceOutcome::Kept(k) => k.words().to_string(),
            FenceOutcome::Rewritten { rules } => {
                format!("{}; was {}", words(rules), describe(&self.before))
            }
            FenceOutcome::Inserted {
                rules,
                site,
                site_was,
                later,
            } => {
                let mut w = format!(
                    "inserted by {} at '{site}' (which was {})",
                    words(rules),
                    describe(site_was)
                );
                if !later.is_empty() {
                    w += &format!("; then {}", words(later));
                }
                w
            }
            _ => String::new(),
        }
    }

    /// `d` with a note at both ends of each handoff the op covers.
    fn notes(&self, mut d: Diagnostic) -> Diagnostic {
        for h in self.covers.iter().take(MAX_LISTED) {
            let ((at, p), what) = (h.producer, h.relation);
            match h.consumer {
                Some((q_at, q)) => {
                    let cover = format!(
                        "covers the handoff from this '{p}' to '{q}' of {what}{}",
                        h.iterations
                    );
                    d = d.with_note(at, cover);
                    d = d.with_note(q_at, format!("… read or overwritten here by '{q}'"));
                }
                None => {
                    d = d.with_note(
                        at,
                        format!("covers the publication of this '{p}' to {what}"),
                    );
                }
            }
        }
        if self.covers.len() > MAX_LISTED {
            let more = self.covers.len() - MAX_LISTED;
            d = d.with_note(self.loc, format!("… and {more} more handoffs"));
        }
        if self.covers.is_empty() && !self.after.is_empty() {
            d = d.with_note(self.loc, "covers no handoff the checker sees");
        }
        d
    }
}

/// `R1+R4: <words>; <words>`: rules as a remark names them.
fn words(rs: &[Rule]) -> String {
    let labels: Vec<&str> = rs.iter().map(|r| r.label()).collect();
    let words: Vec<&str> = rs.iter().map(|r| r.words()).collect();
    format!("{}: {}", labels.join("+"), words.join("; "))
}
