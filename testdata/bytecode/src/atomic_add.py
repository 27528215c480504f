"""One atomic add per block into a counter array (ct.atomic_add)."""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def array(dtype):
    """A 1-d array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, 1, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)


@ct.kernel
def atomic_add(counter):
    ct.atomic_add(counter, 0, 1)


KERNEL = atomic_add
SIGNATURES = [KernelSignature([array(ct.int32)], CallingConvention.cutile_python_v1())]
