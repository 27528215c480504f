"""Tile loads and stores at every memory order x scope cuTile accepts for them.

ct.load accepts WEAK (scope NONE), RELAXED and ACQUIRE; ct.store accepts WEAK, RELAXED and
RELEASE; the scope of a non-weak access is BLOCK, DEVICE or SYS. Element k of src is read with
load variant k and dst[k] = src[k] + 1 is written with store variant k:
k = 0 weak, 1..3 relaxed block/device/sys, 4..6 acquire|release block/device/sys.
Launch: grid (1, 1, 1); arrays src, dst: i32[7].
"""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def array(dtype, ndim=1):
    """An array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)


O, S = ct.MemoryOrder, ct.MemoryScope
LOADS = ((O.WEAK, S.NONE), (O.RELAXED, S.BLOCK), (O.RELAXED, S.DEVICE), (O.RELAXED, S.SYS),
         (O.ACQUIRE, S.BLOCK), (O.ACQUIRE, S.DEVICE), (O.ACQUIRE, S.SYS))
STORES = ((O.WEAK, S.NONE), (O.RELAXED, S.BLOCK), (O.RELAXED, S.DEVICE), (O.RELAXED, S.SYS),
          (O.RELEASE, S.BLOCK), (O.RELEASE, S.DEVICE), (O.RELEASE, S.SYS))


@ct.kernel
def load_store_orders(src, dst):
    for k in ct.static_iter(range(7)):
        lo, ls = LOADS[k]
        so, ss = STORES[k]
        v = ct.load(src, index=(k,), shape=(), memory_order=lo, memory_scope=ls)
        ct.store(dst, index=(k,), tile=v + 1, memory_order=so, memory_scope=ss)


I32 = array(ct.int32)
KERNEL = load_store_orders
SIGNATURES = [KernelSignature([I32, I32], CallingConvention.cutile_python_v1())]
