"""A reduction: each block sums a 32-element tile and stores the sum (ct.sum)."""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def array(dtype):
    """A 1-d array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, 1, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)

TILE = 32


@ct.kernel
def reduce_sum(x, out):
    bid = ct.bid(0)
    t = ct.load(x, index=(bid,), shape=(TILE,))
    ct.store(out, index=(bid,), tile=ct.sum(t, axis=0, keepdims=True))


KERNEL = reduce_sum
SIGNATURES = [KernelSignature([array(ct.float32), array(ct.float32)], CallingConvention.cutile_python_v1())]
