"""Tiled vector add: c = a + b, one 16-element tile per block (ct.load / ct.store)."""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def array(dtype):
    """A 1-d array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, 1, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)

TILE = 16


@ct.kernel
def vector_add(a, b, c):
    bid = ct.bid(0)
    ta = ct.load(a, index=(bid,), shape=(TILE,))
    tb = ct.load(b, index=(bid,), shape=(TILE,))
    ct.store(c, index=(bid,), tile=ta + tb)


ARR = array(ct.float32)
KERNEL = vector_add
SIGNATURES = [KernelSignature([ARR, ARR, ARR], CallingConvention.cutile_python_v1())]
