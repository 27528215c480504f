"""Spinlock built on compare-and-swap: every block adds its value to a shared total under a lock.

Acquire: spin `while ct.atomic_cas(lock, 0, 0 -> 1, ACQUIRE, DEVICE) != 0`; critical section:
total[0] += values[bid], total[1] += 1 (weak scalar loads and stores); release:
ct.store(lock, 0, RELEASE, DEVICE) (a plain releasing store, not an atomic).
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
def cas_spinlock(values, total, lock):
    v = ct.load(values, index=(ct.bid(0),), shape=())
    while ct.atomic_cas(lock, 0, 0, 1, memory_order=ACQUIRE, memory_scope=DEVICE) != 0:
        pass
    t = ct.load(total, index=(0,), shape=(2,))
    ct.store(total, index=(0,), tile=t + ct.cat((v.reshape((1,)), ct.ones((1,), ct.int32)), 0))
    ct.store(lock, index=(0,), tile=0, memory_order=RELEASE, memory_scope=DEVICE)


I32 = array(ct.int32)
KERNEL = cas_spinlock
SIGNATURES = [KernelSignature([I32, I32, I32], CallingConvention.cutile_python_v1())]
