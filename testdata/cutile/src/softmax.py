"""Row softmax: out[r, :] = exp(x[r, :] - max(x[r, :])) / sum(exp(...)) (f32).

Launch: grid (ROWS, 1, 1), one row per block; arrays x, out: f32[ROWS, 1024] (C-contiguous).
"""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def array(dtype, ndim=1):
    """An array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)


COLS = 1024


@ct.kernel
def softmax(x, out):
    row = ct.bid(0)
    t = ct.load(x, index=(row, 0), shape=(1, COLS))
    m = ct.max(t, axis=1, keepdims=True)
    e = ct.exp(t - m)
    s = ct.sum(e, axis=1, keepdims=True)
    ct.store(out, index=(row, 0), tile=e / s)


ARR = array(ct.float32, 2)
KERNEL = softmax
SIGNATURES = [KernelSignature([ARR, ARR], CallingConvention.cutile_python_v1())]
