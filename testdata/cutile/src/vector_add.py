"""Tiled vector add: c = a + b (f32, 1-D), one 1024-element tile per block.

Launch: grid (cdiv(N, 1024), 1, 1); arrays a, b, c: f32[N]. Out-of-range elements of the
last tile are masked by the tile view (no padding needed for an elementwise op).
"""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def array(dtype, ndim=1):
    """An array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)


TILE = 1024


@ct.kernel
def vector_add(a, b, c):
    bid = ct.bid(0)
    ta = ct.load(a, index=(bid,), shape=(TILE,))
    tb = ct.load(b, index=(bid,), shape=(TILE,))
    ct.store(c, index=(bid,), tile=ta + tb)


ARR = array(ct.float32)
KERNEL = vector_add
SIGNATURES = [KernelSignature([ARR, ARR, ARR], CallingConvention.cutile_python_v1())]
