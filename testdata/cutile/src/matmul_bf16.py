"""Matmul C = A @ B with bf16 inputs and an f32 accumulator/output (ct.mma), 128x128x32 tiles.

The tile sizes are compile-time kernel parameters (ct.Constant[int], ConstantConstraint): they
are folded into the kernel and are not entry parameters. Launch: grid (cdiv(M, 128),
cdiv(N, 128), 1); arrays A: bf16[M, K], B: bf16[K, N], C: f32[M, N]; zero padding on K.
"""
import cuda.tile as ct
from cuda.tile.compilation import ArrayConstraint, CallingConvention, KernelSignature


def array(dtype, ndim=1):
    """An array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)


ConstInt = ct.Constant[int]


@ct.kernel
def matmul_bf16(A, B, C, tm: ConstInt, tn: ConstInt, tk: ConstInt):
    i = ct.bid(0)
    j = ct.bid(1)
    acc = ct.zeros((tm, tn), dtype=ct.float32)
    for k in range(ct.num_tiles(A, axis=1, shape=(tm, tk))):
        a = ct.load(A, index=(i, k), shape=(tm, tk), padding_mode=ct.PaddingMode.ZERO)
        b = ct.load(B, index=(k, j), shape=(tk, tn), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(a, b, acc)
    ct.store(C, index=(i, j), tile=acc)


KERNEL = matmul_bf16
SIGNATURES = [KernelSignature([array(ct.bfloat16, 2), array(ct.bfloat16, 2),
                               array(ct.float32, 2), 128, 128, 32],
                              CallingConvention.cutile_python_v1())]
