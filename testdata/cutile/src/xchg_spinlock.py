"""Spinlock built on atomic exchange (test-and-set): every block adds its value to a shared total.

Acquire: spin `while ct.atomic_xchg(lock, 0, 1, ACQUIRE, DEVICE) != 0`; critical section:
total[0] += values[bid], total[1] += 1 (weak scalar loads and stores); release:
ct.atomic_xchg(lock, 0, 0, RELEASE, DEVICE).
Launch: grid (G, 1, 1); arrays values: i32[G], total: i32[2] (zero-initialized), lock: i32[1]
(zero-initialized; 0 again afterwards).
"""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def array(dtype, ndim=1):
    """An array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)


ACQUIRE, RELEASE, DEVICE = ct.MemoryOrder.ACQUIRE, ct.MemoryOrder.RELEASE, ct.MemoryScope.DEVICE


@ct.kernel
def xchg_spinlock(values, total, lock):
    v = ct.load(values, index=(ct.bid(0),), shape=())
    while ct.atomic_xchg(lock, 0, 1, memory_order=ACQUIRE, memory_scope=DEVICE) != 0:
        pass
    s = ct.load(total, index=(0,), shape=())
    n = ct.load(total, index=(1,), shape=())
    ct.store(total, index=(0,), tile=s + v)
    ct.store(total, index=(1,), tile=n + 1)
    ct.atomic_xchg(lock, 0, 0, memory_order=RELEASE, memory_scope=DEVICE)


I32 = array(ct.int32)
KERNEL = xchg_spinlock
SIGNATURES = [KernelSignature([I32, I32, I32], CallingConvention.cutile_python_v1())]
