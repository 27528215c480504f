"""Reductions that keep a dimension: the column sums and the row maxima of an 8 x 64 tile per
block (`ct.sum(t, axis=0)`, `ct.max(t, axis=1)`: NVIDIA's `reduce` to a tile of several
elements), and the column minima of a 32-row tile of i32 (a line longer than the unrolled
steps).

Launch: grid (G, 1, 1); arrays x: f32[8G, 64], colsum: f32[G, 64], rowmax: f32[8G],
k: i32[32G, 64], colmin: i32[G, 64].
"""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def array(dtype, ndim=1):
    """An array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)


@ct.kernel
def tile_reductions(x, colsum, rowmax, k, colmin):
    b = ct.bid(0)
    t = ct.load(x, index=(b, 0), shape=(8, 64))
    ct.store(colsum, index=(b, 0), tile=ct.sum(t, axis=0, keepdims=True))
    ct.store(rowmax, index=(b,), tile=ct.max(t, axis=1))
    u = ct.load(k, index=(b, 0), shape=(32, 64))
    ct.store(colmin, index=(b, 0), tile=ct.min(u, axis=0, keepdims=True))


KERNEL = tile_reductions
SIGNATURES = [KernelSignature([array(ct.float32, 2), array(ct.float32, 2), array(ct.float32),
                               array(ct.int32, 2), array(ct.int32, 2)],
                              CallingConvention.cutile_python_v1())]
