//! What `verify-races` keeps of a module for the passes after it: an analysis cache in the
//! manner of MLIR's `getAnalysis`, keyed by the module's content stamp ([`tilec_ir::Module::stamp`]), so
//! that no change of the module can make anything in it stale.
//!
//! - **The verdict.** The stamp of the last module every kernel of which `verify-races`
//!   accepted. The run after `weakest-fence` and `fold-barriers` exists to catch their bugs:
//!   when neither changed the module (no site to weaken, no barrier to fold) its stamp is still
//!   that one, the check would read the same module, and its verdict is the one already known.
//!   Any change of the module, even one undone since, gives it a new stamp: the check runs.
//! - **The models.** For a pipeline in which `weakest-fence` follows `verify-races`
//!   ([`RaceCache::for_pipeline`]), the model, mechanisms and unrolled copy of each kernel the
//!   check accepted: `weakest-fence` builds its handoff graph on the same kernel, and takes them
//!   (once) instead of building them again, but only at the stamp they were built at — the
//!   first kernel it rewrites changes the module, and the later kernels' graphs are then built
//!   afresh. A compaction between the passes changes the stamp too (it renumbers every handle).
//!
//! A kernel's model is about as large as the kernel: only as many runs keep their models as
//! the pipeline has `weakest-fence` passes right after a `verify-races` (the check after
//! `weakest-fence` keeps none, which nothing would take while the module is lowered and
//! printed), and `weakest-fence` drops what it did not take.

use super::model::Parts;
use super::sync::Mechanisms;
use super::unroll::Unrolled;
use rustc_hash::FxHashMap;
use std::cell::{Cell, RefCell};
use tilec_ir::Op;

/// The model of one accepted kernel, as [`super::check_kernel`] built it.
pub struct Kept {
    /// The kernel with its modeled loops copied out, when it has any (the model's module).
    pub loops: Option<Unrolled>,
    /// The model, without its module: the unrolled module of `loops`, or the module it was
    /// built on (or a clone of it, which has the same handles) when there are no loops.
    pub model: Parts,
    /// Its mechanisms, as collected (the checks do not change them).
    pub me: Mechanisms,
}

/// What `verify-races` keeps for the passes after it (module docs). A clone is empty: a copy of
/// a context does not share what the original learned.
#[derive(Default)]
pub struct RaceCache {
    /// How many more accepting runs keep their models.
    keep: Cell<usize>,
    inner: RefCell<Inner>,
}

#[derive(Default)]
struct Inner {
    /// The stamp of the last module verify-races accepted whole.
    verified: Option<u64>,
    /// The kept models and the stamp they were built at.
    models: Option<(u64, FxHashMap<Op, Kept>)>,
}

impl Clone for RaceCache {
    fn clone(&self) -> RaceCache {
        RaceCache {
            keep: self.keep.clone(),
            inner: RefCell::default(),
        }
    }
}

impl RaceCache {
    /// The cache for the passes `pipeline`, in order: it keeps the models of as many accepting
    /// runs of `verify-races` as a `weakest-fence` follows one directly.
    pub fn for_pipeline(pipeline: &[crate::PassId]) -> RaceCache {
        use crate::PassId::{VerifyRaces, WeakestFence};
        let handoffs = pipeline
            .windows(2)
            .filter(|w| w == &[VerifyRaces, WeakestFence])
            .count();
        RaceCache {
            keep: Cell::new(handoffs),
            inner: RefCell::default(),
        }
    }

    /// Does the next accepting run keep its models?
    pub fn keeps_models(&self) -> bool {
        self.keep.get() > 0
    }

    /// Did verify-races accept the module with this stamp?
    pub fn verified(&self, stamp: u64) -> bool {
        self.inner.borrow().verified == Some(stamp)
    }

    /// Records that verify-races accepted the module with this stamp, with the models of its
    /// kernels (empty unless they are kept).
    pub fn accept(&self, stamp: u64, models: FxHashMap<Op, Kept>) {
        let keep = self.keeps_models();
        self.keep.set(self.keep.get().saturating_sub(1));
        let mut inner = self.inner.borrow_mut();
        inner.verified = Some(stamp);
        inner.models = (keep && !models.is_empty()).then_some((stamp, models));
    }

    /// The kept model of kernel `k`, when it was built on the module with this stamp (it is
    /// given once).
    pub fn take_model(&self, stamp: u64, k: Op) -> Option<Kept> {
        let mut inner = self.inner.borrow_mut();
        match &mut inner.models {
            Some((s, models)) if *s == stamp => models.remove(&k),
            _ => None,
        }
    }

    /// Drops every kept model (what a pass did not take is stale after it).
    pub fn drop_models(&self) {
        self.inner.borrow_mut().models = None;
    }
}

#[cfg(test)]
mod tests {
    use super::RaceCache;
    use crate::verify::races::VerifyRaces;
    use crate::weakest_fence::WeakestFence;
    use crate::Cx;
    use tilec_dialects::nv_tileas::{Barrier, Fence};
    use tilec_dialects::target::Target;
    use tilec_ir::pass::Pass;
    use tilec_ir::text::{module_to_string, parse_module};
    use tilec_ir::{FileId, Module, Op, OpView};

    /// A CTA handoff through shared memory: a store, a barrier, a gpu fence, a load of
    /// another thread's slot.
    const KERNEL: &str = r#""nv_tileas.kernel"() ({
^bb0(%out: !nv_tileas.ptr<global>):
  %buf = "nv_tileas.alloc_shared"() {size = 512 : i64, align = 16 : i64} : () -> !nv_tileas.ptr<shared_cta>
  %tid = "nv_tileas.thread_id"() {dim = 0 : i32} : () -> i32
  %c127 = "nv_tileas.constant"() {value = 127 : i32} : () -> i32
  %rev = "nv_tileas.subi"(%c127, %tid) : (i32, i32) -> i32
  %slot = "nv_tileas.gep"(%buf, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %other = "nv_tileas.gep"(%buf, %rev) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<shared_cta>, i32) -> !nv_tileas.ptr<shared_cta>
  %g = "nv_tileas.gep"(%out, %tid) {elem_bytes = 4 : i64} : (!nv_tileas.ptr<global>, i32) -> !nv_tileas.ptr<global>
  "nv_tileas.st"(%slot, %tid) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>, i32) -> ()
  "nv_tileas.barrier"() {id = 0 : i32} : () -> ()
  "nv_tileas.fence"() {mem_semantic = #mem.sem<acq_rel>, mem_scope = #mem.scope<gpu>} : () -> ()
  %x = "nv_tileas.ld"(%other) {space = #mem.space<shared_cta>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<shared_cta>) -> i32
  "nv_tileas.st"(%g, %x) {space = #mem.space<global>, mem_semantic = #mem.sem<weak>} : (!nv_tileas.ptr<global>, i32) -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "k", num_threads = 128 : i32} : () -> ()
"#;

    fn module() -> Module {
        parse_module(KERNEL, FileId::default()).unwrap_or_else(|e| panic!("{}", e.message))
    }

    fn cx(keep: bool) -> Cx {
        let mut cx = Cx::new(Target::parse("sm_90a").expect("target"));
        if keep {
            cx.races =
                RaceCache::for_pipeline(&[crate::PassId::VerifyRaces, crate::PassId::WeakestFence]);
        }
        cx
    }

    fn first<V: OpView>(m: &Module) -> Op {
        let found = m.all_ops().into_iter().find(|&o| V::is(m, o));
        found.expect("the op is in the kernel")
    }

    #[test]
    fn a_module_changed_after_an_accepting_run_is_checked_again() {
        let (mut m, cx) = (module(), cx(true));
        assert!(VerifyRaces.run(&mut m, &cx).0.is_empty());
        assert!(VerifyRaces.run(&mut m, &cx).0.is_empty());
        // Without the barrier the load reads another thread's store unordered.
        let barrier = first::<Barrier>(&m);
        m.erase_op(barrier);
        let d = VerifyRaces.run(&mut m, &cx);
        assert!(
            d.0.iter().any(|x| x.message.starts_with("check 1")),
            "{:?}",
            d.0
        );
    }

    #[test]
    fn weakest_fence_rewrites_alike_from_the_kept_model_and_from_its_own() {
        let (mut kept, cx_kept) = (module(), cx(true));
        assert!(VerifyRaces.run(&mut kept, &cx_kept).0.is_empty());
        let k = kept.top_ops()[0];
        let stamp = kept.stamp();
        assert!(cx_kept
            .races
            .inner
            .borrow()
            .models
            .as_ref()
            .is_some_and(|(s, v)| *s == stamp && v.contains_key(&k)));
        WeakestFence.run(&mut kept, &cx_kept);
        assert!(cx_kept.races.inner.borrow().models.is_none());
        let (mut own, cx_own) = (module(), cx(false));
        WeakestFence.run(&mut own, &cx_own);
        assert_eq!(module_to_string(&kept), module_to_string(&own));
        // The gpu fence beside the barrier goes.
        assert!(!module_to_string(&own).contains(Fence::NAME));
    }

    #[test]
    fn a_model_is_not_given_for_another_stamp() {
        let (mut m, cx) = (module(), cx(true));
        assert!(VerifyRaces.run(&mut m, &cx).0.is_empty());
        let (k, stamp) = (m.top_ops()[0], m.stamp());
        let fence = first::<Fence>(&m);
        m.erase_op(fence);
        assert_ne!(m.stamp(), stamp);
        assert!(cx.races.take_model(m.stamp(), k).is_none());
        assert!(cx.races.take_model(stamp, k).is_some());
        assert!(cx.races.take_model(stamp, k).is_none());
    }
}
