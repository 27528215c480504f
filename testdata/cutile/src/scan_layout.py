"""Row prefix sums, a transpose, a slice and conversions of an 8x64 i32 tile per block.

cs[r, :] = cumsum(x[r, :]); tr = x.T (block b writes columns 8b..8b+7); part = rows 4..7 of
each block's tile; q = floor(x * 0.5) + max(x, 3) + |x - 50| through f32 and back (every value
is exact). Exercises NVIDIA's scan, permute, extract, itof/ftoi, floor, maxi and absi.

Launch: grid (ROWS / 8, 1, 1); arrays x, cs, q: i32[ROWS, 64]; tr: i32[64, ROWS];
part: i32[ROWS / 2, 64] (C-contiguous).
"""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def array(dtype, ndim=1):
    """An array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)


@ct.kernel
def scan_layout(x, cs, tr, part, q):
    bid = ct.bid(0)
    t = ct.load(x, index=(bid, 0), shape=(8, 64))
    ct.store(cs, index=(bid, 0), tile=ct.cumsum(t, axis=1))
    ct.store(tr, index=(0, bid), tile=ct.transpose(t))
    ct.store(part, index=(bid, 0), tile=ct.extract(t, index=(1, 0), shape=(4, 64)))
    half = ct.astype(t, ct.float32) * 0.5
    r = ct.astype(ct.floor(half), ct.int32) + ct.maximum(t, 3) + ct.abs(t - 50)
    ct.store(q, index=(bid, 0), tile=r)


ARR = array(ct.int32, 2)
KERNEL = scan_layout
SIGNATURES = [KernelSignature([ARR, ARR, ARR, ARR, ARR], CallingConvention.cutile_python_v1())]
