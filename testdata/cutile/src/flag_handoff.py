"""Message passing: block 0 writes data then releases a flag; block 1 acquires it, reads data.

Block 0 (producer): buf = 2 * x + 1 (weak tile store), then ct.store(flag, 1, RELEASE, DEVICE).
Block 1 (consumer): spins `while ct.load(flag, ACQUIRE, DEVICE) != 1`, then out = buf (weak
tile load + store). Launch: grid (2, 1, 1); arrays x, buf, out: f32[1024]; flag: i32[1]
(zero-initialized).
"""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def array(dtype, ndim=1):
    """An array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)


N = 1024
ACQUIRE, RELEASE, DEVICE = ct.MemoryOrder.ACQUIRE, ct.MemoryOrder.RELEASE, ct.MemoryScope.DEVICE


@ct.kernel
def flag_handoff(x, buf, out, flag):
    if ct.bid(0) == 0:
        t = ct.load(x, index=(0,), shape=(N,))
        ct.store(buf, index=(0,), tile=t * 2 + 1)
        ct.store(flag, index=(0,), tile=1, memory_order=RELEASE, memory_scope=DEVICE)
    else:
        while ct.load(flag, index=(0,), shape=(), memory_order=ACQUIRE,
                      memory_scope=DEVICE) != 1:
            pass
        ct.store(out, index=(0,), tile=ct.load(buf, index=(0,), shape=(N,)))


F32 = array(ct.float32)
KERNEL = flag_handoff
SIGNATURES = [KernelSignature([F32, F32, F32, array(ct.int32)],
                              CallingConvention.cutile_python_v1())]
